// apps.kruise.io/inplace-update-state (appspub.InPlaceUpdateState) and UpdateSpec read from JSON as
// encoding/json.Unmarshal fills them, and the state written as json.Marshal writes it (struct order:
// revision, updateTimestamp (metav1.Time: UTC RFC 3339 seconds, zero → null), lastContainerStatuses (no
// omitempty: nil → null), then the omitempty fields).

import { ByteSink } from "../../../io/sink";
import { Tape, K_NULL, K_TRUE, K_FALSE, K_STRING, K_OBJECT, K_ARRAY, K_NUMBER, F_INT } from "../../../json/tape";
import { unquote } from "../../../json/strings";
import { decodeBase64 } from "../../../golang/base64";
import { hasError, clearError } from "../../../base/errors";
import { parseTimeRFC3339, formatRFC3339UTC } from "../../../typed/time";
import { unmarshalQuantityJSON } from "../../../quantity/unmarshal";
import { UpdateSpec, StrMap, ObjMeta, ResReq, QMap, Named, goStr, sortedKeys, writeMetas, writeResources } from "./model";
import { KRUISE_GO } from "../../../base/pins";

/** The pod annotation holding the state (appspub.InPlaceUpdateStateKey). */
export const STATE_KEY = "apps.kruise.io/inplace-update-state";

/** A metav1.Time: zero, or `ext` seconds since January 1, year 1 UTC (sub-second part dropped on output). */
export class KTime {
  zero: bool = true;
  ext: i64 = 0;
  /** Nanoseconds within the second (kept from parsing; not written). */
  nsec: i64 = 0;

  /** MarshalJSON. */
  write(out: ByteSink): void {
    if (this.zero) { out.ascii("null"); return; }
    out.byte(0x22);
    formatRFC3339UTC(out, this.ext);
    out.byte(0x22);
  }
}

/** One containerBatchesRecord entry. */
export class Batch {
  timestamp: KTime = new KTime();
  /** null: a nil slice. */
  containers: Array<string> | null = null;
}

/** The state updatePodInPlace starts PatchSpecToPod with: {revision, updateTimestamp: now, updateEnvFromMetadata, updateImages, updateResources}. */
export function updateState(spec: UpdateSpec, now: KTime): InPlaceState {
  const state = new InPlaceState();
  state.revision = spec.revision;
  state.updateTimestamp = now;
  state.updateEnvFromMetadata = spec.updateEnvFromMetadata;
  state.updateImages = spec.containerImages.size > 0;
  state.updateResources = spec.containerResources.size > 0;
  return state;
}

/** appspub.InPlaceUpdateState. */
export class InPlaceState {
  revision: string = "";
  updateTimestamp: KTime = new KTime();
  /** container → imageID; null: nil map. */
  lastContainerStatuses: StrMap | null = null;
  updateEnvFromMetadata: bool = false;
  updateResources: bool = false;
  updateImages: bool = false;
  nextContainerImages: StrMap = new StrMap();
  nextContainerRefMetadata: Named<ObjMeta> = new Named<ObjMeta>();
  nextContainerResources: Named<ResReq> = new Named<ResReq>();
  /** null: nil pointer; otherwise containersRequiredReady (null inside: nil slice). */
  hasPreCheck: bool = false;
  preCheck: Array<string> | null = null;
  batches: Array<Batch> = new Array<Batch>();

  /** json.Marshal(state). */
  write(out: ByteSink): void {
    out.ascii("{\"revision\":");
    goStrFast(out, this.revision);
    out.ascii(",\"updateTimestamp\":");
    this.updateTimestamp.write(out);
    out.ascii(",\"lastContainerStatuses\":");
    const l = this.lastContainerStatuses;
    if (l === null) out.ascii("null");
    else {
      const ks = sortedKeys(l.keys);
      out.byte(0x7b);
      for (let i = 0; i < ks.length; i++) {
        if (i > 0) out.byte(0x2c);
        goStrFast(out, ks[i]);
        const id = l.get(ks[i]);
        if (id.length == 0) out.ascii(":{}");
        else { out.ascii(":{\"imageID\":"); goStrFast(out, id); out.byte(0x7d); }
      }
      out.byte(0x7d);
    }
    if (this.updateEnvFromMetadata) out.ascii(",\"updateEnvFromMetadata\":true");
    if (this.updateResources) out.ascii(",\"updateResources\":true");
    if (this.updateImages) out.ascii(",\"updateImages\":true");
    if (this.nextContainerImages.size > 0) { out.ascii(",\"nextContainerImages\":"); this.nextContainerImages.write(out); }
    if (this.nextContainerRefMetadata.size > 0) { out.ascii(",\"nextContainerRefMetadata\":"); writeMetas(out, this.nextContainerRefMetadata); }
    if (this.nextContainerResources.size > 0) { out.ascii(",\"nextContainerResources\":"); writeResources(out, this.nextContainerResources); }
    if (this.hasPreCheck) {
      out.ascii(",\"preCheckBeforeNext\":{");
      const p = this.preCheck;
      if (p !== null && p.length > 0) { out.ascii("\"containersRequiredReady\":"); writeStrings(out, p); }
      out.byte(0x7d);
    }
    if (this.batches.length > 0) {
      out.ascii(",\"containerBatchesRecord\":[");
      for (let i = 0; i < this.batches.length; i++) {
        const b = this.batches[i];
        if (i > 0) out.byte(0x2c);
        out.ascii("{\"timestamp\":");
        b.timestamp.write(out);
        out.ascii(",\"containers\":");
        if (b.containers === null) out.ascii("null");
        else writeStrings(out, b.containers!);
        out.byte(0x7d);
      }
      out.byte(0x5d);
    }
    out.byte(0x7d);
  }
}

/** goStr without its scratch buffer for the common strings (printable ASCII that Go writes as it is). */
function goStrFast(out: ByteSink, s: string): void {
  const n = s.length;
  const p = changetype<usize>(s);
  for (let i = 0; i < n; i++) {
    const c = <i32>load<u16>(p + (<usize>i << 1));
    if (c < 0x20 || c > 0x7e || c == 0x22 || c == 0x5c || c == 0x3c || c == 0x3e || c == 0x26) { goStr(out, s); return; }
  }
  out.reserve(n + 2);
  const d = out.ptr + <usize>out.len;
  store<u8>(d, 0x22);
  for (let i = 0; i < n; i++) store<u8>(d + <usize>(i + 1), <u8>load<u16>(p + (<usize>i << 1)));
  store<u8>(d + <usize>(n + 1), 0x22);
  out.len += n + 2;
}

/** A []string as JSON. */
export function writeStrings(out: ByteSink, a: Array<string>): void {
  out.byte(0x5b);
  for (let i = 0; i < a.length; i++) {
    if (i > 0) out.byte(0x2c);
    goStrFast(out, a[i]);
  }
  out.byte(0x5d);
}

// ---------------------------------------------------------------------------------------------------
// reading (json.Unmarshal into the Go structs; a wrong JSON type is an error; null leaves the zero value)

/** Reader over one tape; `bad` is set on any error. */
export class JReader {
  bad: bool = false;
  constructor(public t: Tape) {}

  /** The decoded string of a string node. */
  str(i: i32): string {
    const t = this.t;
    if (t.kind(i) == K_NULL) return "";
    if (t.kind(i) != K_STRING) { this.bad = true; return ""; }
    const b = new ByteSink(t.len(i) + 4);
    unquote(b, t.ptr(i), t.len(i), false);
    return String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
  }

  bool(i: i32): bool {
    const k = this.t.kind(i);
    if (k == K_TRUE) return true;
    if (k != K_FALSE && k != K_NULL) this.bad = true;
    return false;
  }

  int32(i: i32): i32 {
    const t = this.t;
    if (t.kind(i) == K_NULL) return 0;
    if (t.kind(i) != K_NUMBER || !(t.flags(i) & F_INT) || t.len(i) > 11) { this.bad = true; return 0; }
    const v = I64.parseInt(String.UTF8.decodeUnsafe(t.ptr(i), <usize>t.len(i)));
    if (v < -2147483648 || v > 2147483647) { this.bad = true; return 0; }
    return <i32>v;
  }

  /** Calls `f(key, valueNode)` for each member of an object node (false: not an object/null). */
  isObject(i: i32): bool {
    const k = this.t.kind(i);
    if (k == K_NULL) return false;
    if (k != K_OBJECT) { this.bad = true; return false; }
    return true;
  }

  /** Keys and value nodes of an object node. */
  members(i: i32): Array<i32> {
    const t = this.t;
    const out = new Array<i32>();
    const n = t.children(i);
    let k = i + 1;
    for (let m = 0; m < n; m++) {
      const v = t.next(k);
      out.push(k);
      out.push(v);
      k = t.next(v);
    }
    return out;
  }

  /** map[string]string; null for JSON null (a nil map). Merges into `into` when given. */
  strMap(i: i32, into: StrMap | null): StrMap | null {
    if (!this.isObject(i)) return this.t.kind(i) == K_NULL ? null : into;
    const m = into !== null ? into : new StrMap();
    const ms = this.members(i);
    for (let j = 0; j < ms.length; j += 2) m.set(this.str(ms[j]), this.str(ms[j + 1]));
    return m;
  }

  /** metav1.Time. */
  time(i: i32): KTime {
    const r = new KTime();
    const t = this.t;
    if (t.kind(i) == K_NULL) return r;
    if (t.kind(i) != K_STRING) { this.bad = true; return r; }
    const b = new ByteSink(t.len(i) + 4);
    unquote(b, t.ptr(i), t.len(i), false);
    const pt = parseTimeRFC3339(b.ptr, b.len, KRUISE_GO);
    if (!pt.ok) { this.bad = true; return r; }
    r.zero = pt.ext == 0 && pt.nsec == 0;
    r.ext = pt.ext;
    r.nsec = pt.nsec;
    return r;
  }

  /** metav1.ObjectMeta (labels, annotations; other fields are read past). */
  objMeta(i: i32): ObjMeta {
    const m = new ObjMeta();
    if (!this.isObject(i)) return m;
    const ms = this.members(i);
    for (let j = 0; j < ms.length; j += 2) {
      const k = this.str(ms[j]);
      if (goKey(k, "labels")) m.labels = this.strMap(ms[j + 1], m.labels);
      else if (goKey(k, "annotations")) m.annotations = this.strMap(ms[j + 1], m.annotations);
    }
    return m;
  }

  /** v1.ResourceList. */
  qmap(i: i32, into: QMap | null): QMap | null {
    if (!this.isObject(i)) return this.t.kind(i) == K_NULL ? null : into;
    const m = into !== null ? into : new QMap();
    const t = this.t;
    const ms = this.members(i);
    for (let j = 0; j < ms.length; j += 2) {
      const v = ms[j + 1];
      const q = unmarshalQuantityJSON(t.src + <usize>t.rawStart(v), t.rawEnd(v) - t.rawStart(v));
      if (q === null || hasError()) { clearError(); this.bad = true; continue; }
      m.set(this.str(ms[j]), q);
    }
    return m;
  }

  /** v1.ResourceRequirements (limits, requests). */
  resReq(i: i32): ResReq {
    const r = new ResReq();
    if (!this.isObject(i)) return r;
    const ms = this.members(i);
    for (let j = 0; j < ms.length; j += 2) {
      const k = this.str(ms[j]);
      if (goKey(k, "limits")) r.limits = this.qmap(ms[j + 1], r.limits);
      else if (goKey(k, "requests")) r.requests = this.qmap(ms[j + 1], r.requests);
    }
    return r;
  }

  metas(i: i32, into: Named<ObjMeta>): void {
    if (!this.isObject(i)) return;
    const ms = this.members(i);
    for (let j = 0; j < ms.length; j += 2) into.set(this.str(ms[j]), this.objMeta(ms[j + 1]));
  }

  resources(i: i32, into: Named<ResReq>): void {
    if (!this.isObject(i)) return;
    const ms = this.members(i);
    for (let j = 0; j < ms.length; j += 2) into.set(this.str(ms[j]), this.resReq(ms[j + 1]));
  }

  strings(i: i32): Array<string> | null {
    const t = this.t;
    if (t.kind(i) == K_NULL) return null;
    if (t.kind(i) != K_ARRAY) { this.bad = true; return null; }
    const out = new Array<string>();
    const n = t.children(i);
    let e = i + 1;
    for (let j = 0; j < n; j++) { out.push(this.str(e)); e = t.next(e); }
    return out;
  }
}

/**
 * True when JSON key `k` selects the struct field whose JSON name is the ASCII `name` as encoding/json decides
 * (Kruise reads its annotations with it): exactly, or case-insensitively (Go 1.21+ folding: U+017F ſ is S, U+212A
 * Kelvin sign is K). Each struct here has no two names that fold alike, so the exact-match preference never decides.
 */
function goKey(k: string, name: string): bool {
  if (k == name) return true;
  if (k.length != name.length) return false;
  for (let i = 0; i < k.length; i++) {
    let c = k.charCodeAt(i);
    if (c == 0x17f) c = 0x53;
    else if (c == 0x212a) c = 0x4b;
    else if (c >= 0x61 && c <= 0x7a) c -= 0x20;
    let d = name.charCodeAt(i);
    if (d >= 0x61 && d <= 0x7a) d -= 0x20;
    if (c != d) return false;
  }
  return true;
}

/** json.Unmarshal of an UpdateSpec object; null when it fails. */
export function readUpdateSpec(t: Tape, node: i32): UpdateSpec | null {
  const r = new JReader(t);
  if (t.kind(node) != K_OBJECT) return null;
  const s = new UpdateSpec();
  const ms = r.members(node);
  for (let j = 0; j < ms.length; j += 2) {
    const k = r.str(ms[j]);
    const v = ms[j + 1];
    if (goKey(k, "revision")) s.revision = r.str(v);
    else if (goKey(k, "containerImages")) { const m = r.strMap(v, s.containerImages); if (m !== null) s.containerImages = m; }
    else if (goKey(k, "containerRefMetadata")) r.metas(v, s.containerRefMetadata);
    else if (goKey(k, "containerResources")) r.resources(v, s.containerResources);
    else if (goKey(k, "metaDataPatch")) {
      if (t.kind(v) == K_NULL) { s.hasPatch = false; continue; }
      if (t.kind(v) != K_STRING) { r.bad = true; continue; }
      const txt = new ByteSink(t.len(v) + 4);
      unquote(txt, t.ptr(v), t.len(v), false);
      const d = decodeBase64(txt.ptr, txt.len);
      if (d === null || hasError()) { clearError(); r.bad = true; continue; }
      s.hasPatch = true;
      s.patch = d;
    } else if (goKey(k, "updateEnvFromMetadata")) s.updateEnvFromMetadata = r.bool(v);
    else if (goKey(k, "graceSeconds")) s.graceSeconds = r.int32(v);
  }
  return r.bad ? null : s;
}

/** json.Unmarshal of an InPlaceUpdateState object; null when it fails. */
export function readState(t: Tape, node: i32): InPlaceState | null {
  const r = new JReader(t);
  if (t.kind(node) != K_OBJECT) return null;
  const s = new InPlaceState();
  const ms = r.members(node);
  for (let j = 0; j < ms.length; j += 2) {
    const k = r.str(ms[j]);
    const v = ms[j + 1];
    if (goKey(k, "revision")) s.revision = r.str(v);
    else if (goKey(k, "updateTimestamp")) s.updateTimestamp = r.time(v);
    else if (goKey(k, "lastContainerStatuses")) {
      if (t.kind(v) == K_NULL) { s.lastContainerStatuses = null; continue; }
      if (!r.isObject(v)) continue;
      const m = s.lastContainerStatuses !== null ? s.lastContainerStatuses! : new StrMap();
      const es = r.members(v);
      for (let e = 0; e < es.length; e += 2) {
        const name = r.str(es[e]);
        let id = m.has(name) ? m.get(name) : "";
        const sv = es[e + 1];
        if (r.isObject(sv)) {
          const fs = r.members(sv);
          for (let f = 0; f < fs.length; f += 2) if (goKey(r.str(fs[f]), "imageID")) id = r.str(fs[f + 1]);
        }
        m.set(name, id);
      }
      s.lastContainerStatuses = m;
    } else if (goKey(k, "updateEnvFromMetadata")) s.updateEnvFromMetadata = r.bool(v);
    else if (goKey(k, "updateResources")) s.updateResources = r.bool(v);
    else if (goKey(k, "updateImages")) s.updateImages = r.bool(v);
    else if (goKey(k, "nextContainerImages")) { const m = r.strMap(v, s.nextContainerImages); if (m !== null) s.nextContainerImages = m; }
    else if (goKey(k, "nextContainerRefMetadata")) r.metas(v, s.nextContainerRefMetadata);
    else if (goKey(k, "nextContainerResources")) r.resources(v, s.nextContainerResources);
    else if (goKey(k, "preCheckBeforeNext")) {
      if (t.kind(v) == K_NULL) { s.hasPreCheck = false; continue; }
      if (!r.isObject(v)) continue;
      s.hasPreCheck = true;
      const fs = r.members(v);
      for (let f = 0; f < fs.length; f += 2) if (goKey(r.str(fs[f]), "containersRequiredReady")) s.preCheck = r.strings(fs[f + 1]);
    } else if (goKey(k, "containerBatchesRecord")) {
      if (t.kind(v) == K_NULL) { s.batches = new Array<Batch>(); continue; }
      if (t.kind(v) != K_ARRAY) { r.bad = true; continue; }
      const out = new Array<Batch>();
      const n = t.children(v);
      let e = v + 1;
      for (let i = 0; i < n; i++) {
        const b = new Batch();
        if (r.isObject(e)) {
          const fs = r.members(e);
          for (let f = 0; f < fs.length; f += 2) {
            const fk = r.str(fs[f]);
            if (goKey(fk, "timestamp")) b.timestamp = r.time(fs[f + 1]);
            else if (goKey(fk, "containers")) b.containers = r.strings(fs[f + 1]);
          }
        }
        out.push(b);
        e = t.next(e);
      }
      s.batches = out;
    }
  }
  return r.bad ? null : s;
}
