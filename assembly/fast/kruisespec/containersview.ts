// A shortcut of upstream/kruise/inplaceupdate/containermeta.ts `typedContainers` (which it must equal): what
// CalculateSpec reads of a template's containers (names; the fieldPaths of env vars that can refer to pod
// metadata) straight from the tape once the template's whole decode is proven (typedcheck.ts): each field read is
// the only member with its key on the way (`spec` → `template` → `spec` → `containers` → [i] → `name` |
// `env` → [j] → `value` | `name` | `valueFrom` → `fieldRef` → `fieldPath`), so the value the full decode
// gives is that node's; strings are decoded as assembly/typed/decode.ts decodes them. A repeated or escaped key
// on the way gives null: the caller decodes the template.

import { ByteSink } from "../../io/sink";
import { Tape, K_NULL, K_OBJECT, K_ARRAY, K_STRING, F_ESCAPE, F_HIGH } from "../../json/tape";
import { unquote, validUTF8 } from "../../json/strings";
import { ContainersView, sidecarSetVersion } from "../../upstream/kruise/inplaceupdate/containermeta";

/** True when key node `k` (no escapes) is exactly the ASCII `name`. */
@inline export function keyNamed(t: Tape, k: i32, name: string): bool {
  const n = name.length;
  if (t.len(k) != n) return false;
  const p = t.ptr(k), s = changetype<usize>(name);
  for (let j = 0; j < n; j++) if (<u32>load<u8>(p + <usize>j) != <u32>load<u16>(s + (<usize>j << 1))) return false;
  return true;
}

/** The value node of the only member `name` of object `obj`, -1 when absent or null, -2 when repeated or an escaped key could be it. */
export function onlyMember(t: Tape, obj: i32, name: string): i32 {
  let found = -1;
  const n = t.children(obj);
  let k = obj + 1;
  for (let m = 0; m < n; m++) {
    const v = t.next(k);
    if (t.flags(k) & F_ESCAPE) return -2;
    if (keyNamed(t, k, name)) {
      if (found != -1) return -2;
      found = v;
    }
    k = t.next(v);
  }
  if (found >= 0 && t.kind(found) == K_NULL) return -1;
  return found;
}

/** The Go string a decoded string node holds (Decoder.string: raw bytes when plain, else Go's unquote). */
export function tapeString(t: Tape, node: i32): string {
  const f = t.flags(node);
  const p = t.ptr(node), n = t.len(node);
  if ((f & F_ESCAPE) == 0 && ((f & F_HIGH) == 0 || validUTF8(p, n))) return String.UTF8.decodeUnsafe(p, <usize>n);
  const d = new ByteSink(n + 8);
  unquote(d, p, n, false);
  return String.UTF8.decodeUnsafe(d.ptr, <usize>d.len);
}

/** The string of member `name` of object `obj` ("" when absent or null); null when ambiguous. */
function memberString(t: Tape, obj: i32, name: string): string | null {
  const m = onlyMember(t, obj, name);
  if (m == -2) return null;
  if (m == -1) return "";
  if (t.kind(m) != K_STRING) return null;
  return tapeString(t, m);
}

/** The containers node of ReplicaSet-shaped data `root` (spec.template.spec.containers): -1 none, -2 ambiguous. */
export function containersNode(t: Tape, root: i32): i32 {
  if (t.kind(root) != K_OBJECT) return -2;
  let n = root;
  const path: StaticArray<string> = ["spec", "template", "spec", "containers"];
  for (let i = 0; i < 4; i++) {
    if (t.kind(n) != K_OBJECT) return -2;
    n = onlyMember(t, n, path[i]);
    if (n < 0) return n;
  }
  return t.kind(n) == K_ARRAY ? n : -2;
}

/** The view of the containers of proven data `root` read from the tape; env references when `refs`; null when the shortcut does not apply. */
export function tapeContainers(t: Tape, root: i32, refs: bool): ContainersView | null {
  const v = new ContainersView();
  if (refs) v.refs = new Array<Array<string>>();
  const cs = containersNode(t, root);
  if (cs == -2) return null;
  if (cs == -1) return v;
  let c = cs + 1;
  for (let i = 0, n = t.children(cs); i < n; i++, c = t.next(c)) {
    const fps = new Array<string>();
    if (refs) v.refs!.push(fps);
    if (t.kind(c) == K_NULL) { v.names.push(""); continue; }
    if (t.kind(c) != K_OBJECT) return null;
    const name = memberString(t, c, "name");
    if (name === null) return null;
    v.names.push(name);
    if (!refs) continue;
    const env = onlyMember(t, c, "env");
    if (env == -2) return null;
    if (env == -1) continue;
    if (t.kind(env) != K_ARRAY) return null;
    let e = env + 1;
    for (let j = 0, m = t.children(env); j < m; j++, e = t.next(e)) {
      if (t.kind(e) == K_NULL) continue;
      if (t.kind(e) != K_OBJECT) return null;
      const val = onlyMember(t, e, "value");
      if (val == -2) return null;
      if (val >= 0) {
        if (t.kind(val) != K_STRING) return null;
        if (t.len(val) != 0) continue;
      }
      const vf = onlyMember(t, e, "valueFrom");
      if (vf == -2) return null;
      if (vf == -1) continue;
      if (t.kind(vf) != K_OBJECT) return null;
      const fr = onlyMember(t, vf, "fieldRef");
      if (fr == -2) return null;
      if (fr == -1) continue;
      if (t.kind(fr) != K_OBJECT) return null;
      const en = memberString(t, e, "name");
      if (en === null) return null;
      if (sidecarSetVersion(en)) continue;
      const fp = memberString(t, fr, "fieldPath");
      if (fp === null) return null;
      fps.push(fp);
    }
  }
  return v;
}
