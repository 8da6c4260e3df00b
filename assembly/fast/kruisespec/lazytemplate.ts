// A shortcut of GetTemplateFromRevision (upstream/kruise/inplaceupdate/revision.ts `getTemplateFromRevision`,
// whose fields it must equal) for what CalculateSpec reads: the parts of the pod templates it reads, decoded
// alone once the whole decode is proven to succeed (typedcheck.ts): the template metadata, and of each
// container its name and (for the env-from-metadata rule) its env. Everything else stays zero. Exact because each part is the only
// member with its key on its way down (`spec` → `template` → `metadata` | `spec` → `containers` → [i] →
// `name` | `env`), so the full decode fills that field from that one node into a fresh value, as here.
// Anything else (a repeated or escaped key on the way) gives null: the caller decodes everything.

import { Tape, K_NULL, K_OBJECT, K_ARRAY } from "../../json/tape";
import { Kind, kind, elem, fieldCount } from "../../schema/schema";
import { Decoder } from "../../typed/decode";
import { StructV, SliceV, Val } from "../../typed/value";
import { hasError, clearError } from "../../base/errors";
import { TV, fieldNamed } from "../../upstream/kruise/inplaceupdate/typed";
import { onlyMember } from "./containersview";

/** Slot index of field `name` of struct type `ty` (a direct field), or -1. */
function slot(ty: i32, name: string): i32 {
  const f = fieldNamed(ty, name);
  if (f === null || f.path.length != 1) return -1;
  return f.path[0];
}

/** Type of field `name` of struct type `ty`, or -1. */
function typeOf(ty: i32, name: string): i32 {
  const f = fieldNamed(ty, name);
  return f === null ? -1 : f.t;
}

/**
 * Schema handles and slots lazyTemplate uses, for the last template type (they depend only on the build: the
 * key `tmpl` is written last, so a trap while filling them leaves the table unused).
 */
class LH {
  static tmpl: i32 = -2;
  static ok: bool = false;
  static metaT: i32 = -1;
  static metaI: i32 = -1;
  static podSpecT: i32 = -1;
  static specI: i32 = -1;
  static csT: i32 = -1;
  static csI: i32 = -1;
  static cT: i32 = -1;
  static nameI: i32 = -1;
  static envI: i32 = -1;
  static nameT: i32 = -1;
  static envT: i32 = -1;

  /** Fills the handles for ReplicaSet type `rsType` and its template type `tmplType`; false when the shapes differ from v1's. */
  static load(rsType: i32, tmplType: i32): bool {
    if (LH.tmpl == tmplType) return LH.ok;
    LH.tmpl = -2;
    LH.ok = LH.fill(rsType, tmplType);
    LH.tmpl = tmplType;
    return LH.ok;
  }

  private static fill(rsType: i32, tmplType: i32): bool {
    const rsSpecT = typeOf(rsType, "spec");
    if (rsSpecT < 0 || kind(rsSpecT) != Kind.Struct || typeOf(rsSpecT, "template") != tmplType) return false;
    LH.metaT = typeOf(tmplType, "metadata");
    LH.metaI = slot(tmplType, "metadata");
    LH.podSpecT = typeOf(tmplType, "spec");
    LH.specI = slot(tmplType, "spec");
    if (LH.metaI < 0 || LH.specI < 0 || kind(LH.podSpecT) != Kind.Struct) return false;
    LH.csT = typeOf(LH.podSpecT, "containers");
    LH.csI = slot(LH.podSpecT, "containers");
    if (LH.csI < 0 || kind(LH.csT) != Kind.Slice) return false;
    LH.cT = elem(LH.csT);
    if (kind(LH.cT) != Kind.Struct) return false;
    LH.nameI = slot(LH.cT, "name");
    LH.envI = slot(LH.cT, "env");
    LH.nameT = typeOf(LH.cT, "name");
    LH.envT = typeOf(LH.cT, "env");
    return LH.nameI >= 0 && LH.envI >= 0;
  }
}

/**
 * Pod template `tmplType` of data node `root` (a ReplicaSet-shaped object: spec.template) whose full decode is
 * proven: metadata when `meta`, container names, and their env when `env`; null when the shortcut does not apply.
 */
export function lazyTemplate(t: Tape, root: i32, rsType: i32, tmplType: i32, d: Decoder, meta: bool, env: bool): TV | null {
  if (!LH.load(rsType, tmplType) || t.kind(root) != K_OBJECT) return null;
  const out = new StructV(tmplType, fieldCount(tmplType));
  const tv = new TV(tmplType, out);
  const spec = onlyMember(t, root, "spec");
  if (spec == -2) return null;
  if (spec == -1) return tv;
  const tmpl = onlyMember(t, spec, "template");
  if (tmpl == -2) return null;
  if (tmpl == -1) return tv;
  if (meta) {
    const m = onlyMember(t, tmpl, "metadata");
    if (m == -2) return null;
    if (m >= 0) {
      out.f[LH.metaI] = d.value(LH.metaT, m, null);
      if (d.aborted || d.saved !== null || hasError()) { clearError(); return null; }
    }
  }
  const ps = onlyMember(t, tmpl, "spec");
  if (ps == -2) return null;
  if (ps == -1) return tv;
  const pod = new StructV(LH.podSpecT, fieldCount(LH.podSpecT));
  out.f[LH.specI] = pod;
  const cs = onlyMember(t, ps, "containers");
  if (cs == -2) return null;
  if (cs == -1) return tv;
  if (t.kind(cs) != K_ARRAY) return null;
  const cT = LH.cT;
  const cn = fieldCount(cT);
  const n = t.children(cs);
  const sl = new SliceV(LH.csT);
  let e = cs + 1;
  for (let i = 0; i < n; i++) {
    let item: Val | null = null;
    if (t.kind(e) == K_OBJECT) {
      const c = new StructV(cT, cn);
      const nn = onlyMember(t, e, "name");
      if (nn == -2) return null;
      if (nn >= 0) c.f[LH.nameI] = d.value(LH.nameT, nn, null);
      if (env) {
        const en = onlyMember(t, e, "env");
        if (en == -2) return null;
        if (en >= 0) c.f[LH.envI] = d.value(LH.envT, en, null);
      }
      if (d.aborted || d.saved !== null || hasError()) { clearError(); return null; }
      item = c;
    } else if (t.kind(e) != K_NULL) return null;
    sl.items.push(item);
    e = t.next(e);
  }
  sl.len = n;
  pod.f[LH.csI] = sl;
  return tv;
}
