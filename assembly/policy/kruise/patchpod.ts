// defaultPatchUpdateSpecToPod of openkruise/kruise v1.9.0 (v1.8.x where `minor` is 8): apply an
// UpdateSpec to a pod for one batch of containers.
//  1. reset state.Next*; apply MetaDataPatch with the strategic merge patch of v1.Pod;
//  2. batch = the spec's containers (images ∪ refMetadata ∪ resources, pod order) without a launch
//     barrier, plus those with the numerically highest KRUISE_CONTAINER_BARRIER priority (`p_<n>`),
//     plus (transitively) every refMetadata container sharing a label/annotation key with the batch;
//  3. batch images into the spec, others into nextContainerImages; lastContainerStatuses gains the
//     imageID of each changed container present in status (an existing entry is never overwritten);
//  4. with InPlaceWorkloadVerticalScaling: batch resources are either written into the container spec
//     (API server < 1.32, or Kruise v1.8) or returned for the `resize` subresource (the strategic merge
//     patch GenerateResourcePatch builds), others into nextContainerResources;
//  5. batch refMetadata labels/annotations onto the pod, others into nextContainerRefMetadata;
//  6. preCheckBeforeNext = sorted batch when any Next* is non-empty; append {now, sorted batch} to
//     containerBatchesRecord; write the state annotation.
// The pod is handled as Go's map[string]interface{} (assembly/patch/smp) and finally re-encoded as the
// typed v1.Pod (json.Marshal(pod)) by the caller.

import { ByteSink } from "../../io/sink";
import { ReadOptions } from "../../json/reader";
import { DocInput } from "../../eval/ops/patchinput";
import { strategicMergePatch } from "../../patch/smp/smp";
import { decodeDoc, Decoded, DEC_OK } from "../../patch/smp/decode";
import { marshalMap } from "../../patch/smp/encode";
import { GMap, Val, Slice, newMap, mapVal, strVal, T_MAP, T_SLICE, T_STRING } from "../../patch/smp/value";
import { requestType } from "../../k8s/types";
import { fail, takeErrorMessage, E_INTERNAL } from "../../errors";
import { writeQuantityString } from "../../quantity/canonical";
import { KruiseOptions, kruiseK8sMinor } from "./options";
import { UpdateSpec, StrMap, ObjMeta, ResReq, QMap, Named, sortedKeys } from "./model";
import { InPlaceState, KTime, Batch } from "./state";
import { cmpQuantity } from "./qos";

/** The pod annotation holding the state. */
export const STATE_KEY = "apps.kruise.io/inplace-update-state";
/** The env var the pod webhook injects to order container launches. */
export const BARRIER_ENV = "KRUISE_CONTAINER_BARRIER";

const KRUISE_K8S_MINOR: i32 = 32;
const KRUISE_GO_MINOR: i32 = 23;

// ---- map[string]interface{} helpers

/** A Go string Val from an AssemblyScript string. */
export function sval(s: string): Val {
  const b = String.UTF8.encode(s);
  const n = b.byteLength;
  const p = heap.alloc(<usize>(n > 0 ? n : 1));
  memory.copy(p, changetype<usize>(b), <usize>n);
  return strVal(p, n);
}

/** m[key] when it is a map, else null. */
export function gmap(m: GMap | null, key: string): GMap | null {
  if (m === null) return null;
  const i = m.findAscii(key);
  if (i < 0) return null;
  const v = m.val(i);
  return v !== null && v.t == T_MAP ? v.m : null;
}

/** m[key] when it is a slice, else null. */
export function gslice(m: GMap | null, key: string): Slice | null {
  if (m === null) return null;
  const i = m.findAscii(key);
  if (i < 0) return null;
  const v = m.val(i);
  return v !== null && v.t == T_SLICE ? v.s : null;
}

/** m[key] when it is a string, else "". */
export function gstr(m: GMap | null, key: string): string {
  if (m === null) return "";
  const i = m.findAscii(key);
  if (i < 0) return "";
  const v = m.val(i);
  return v !== null && v.t == T_STRING ? String.UTF8.decodeUnsafe(v.p, <usize>v.n) : "";
}

/** Element i of a slice as a map (null when not a map). */
export function gat(s: Slice, i: i32): GMap | null {
  const v = s.get(i);
  return v !== null && v.t == T_MAP ? v.m : null;
}

/** m[key] as a map, created when missing (Go: `if pod.Labels == nil { pod.Labels = make(...) }`). */
function ensureMap(m: GMap, key: string): GMap {
  const got = gmap(m, key);
  if (got !== null) return got;
  const n = newMap();
  m.setAscii(key, mapVal(n));
  return n;
}

/** m[key] = s. */
function setStr(m: GMap, key: string, s: string): void {
  const k = sval(key);
  m.set(k.p, k.n, sval(s));
}

/** GetContainerPriority: the barrier env's configMapKeyRef key `p_<n>` → n (Atoi errors → 0); null without a barrier. */
function priorityOf(c: GMap): i32 {
  const env = gslice(c, "env");
  if (env === null) return i32.MIN_VALUE;
  for (let i = 0; i < env.len; i++) {
    const e = gat(env, i);
    if (gstr(e, "name") != BARRIER_ENV) continue;
    const key = gstr(gmap(gmap(e, "valueFrom"), "configMapKeyRef"), "key");
    return atoiOrZero(key.length >= 2 ? key.substring(2) : "");
  }
  return i32.MIN_VALUE;
}

/** strconv.Atoi, 0 on error (values beyond int32 are clamped: the comparison only orders them). */
function atoiOrZero(s: string): i32 {
  let i = 0;
  let neg = false;
  if (s.length > 0 && (s.charCodeAt(0) == 0x2b || s.charCodeAt(0) == 0x2d)) { neg = s.charCodeAt(0) == 0x2d; i = 1; }
  if (i >= s.length) return 0;
  let v: i64 = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i) - 0x30;
    if (c < 0 || c > 9) return 0;
    if (v < 1000000000000) v = v * 10 + c;
  }
  if (neg) v = -v;
  if (v > 2147483646) return 2147483646;
  if (v < -2147483647) return -2147483647;
  return <i32>v;
}

/** Sorted copy (sets.String.List). */
function sortedList(a: Array<string>): Array<string> {
  return sortedKeys(a);
}

/** Result of one patch. */
export class PatchResult {
  /** json.Marshal of the patched map[string]interface{} (the caller re-encodes it as a typed Pod). */
  pod: ByteSink = new ByteSink(16);
  /** The resize subresource patch, or null. */
  resizePatch: ByteSink | null = null;
}

function docOf(p: usize, n: i32): DocInput {
  const d = new DocInput();
  d.present = true;
  d.ptr = p;
  d.len = n;
  return d;
}

/**
 * PatchSpecToPod(pod, spec, state) at time `now`; `podJSON` is json.Marshal(pod); `resize` is
 * ShouldUpdateResourceByResize() (server ≥ 1.32, Kruise v1.9). Mutates `state`. Null with an error.
 */
export function patchUpdateSpecToPod(podJSON: ByteSink, spec: UpdateSpec, state: InPlaceState, now: KTime, resize: bool): PatchResult | null {
  state.nextContainerImages = new StrMap();
  state.nextContainerRefMetadata = new Named<ObjMeta>();
  state.nextContainerResources = new Named<ResReq>();
  let bytes = podJSON;
  const metaOnly = spec.hasPatch ? metadataMapPatch(spec.patch.ptr, spec.patch.len) : null;
  if (spec.hasPatch && metaOnly === null) {
    const out = new ByteSink(podJSON.len + 256);
    if (!strategicMergePatch(docOf(podJSON.ptr, podJSON.len), docOf(spec.patch.ptr, spec.patch.len),
      requestType("Pod", kruiseK8sMinor()), kruiseK8sMinor(), KRUISE_GO_MINOR, new ReadOptions(), out)) {
      const m = takeErrorMessage();
      fail(E_INTERNAL, "PatchSpecToPod: " + m);
      return null;
    }
    bytes = out;
  }
  if (decodeDoc(docOf(bytes.ptr, bytes.len), kruiseK8sMinor(), KRUISE_GO_MINOR, new ReadOptions()) != DEC_OK) {
    fail(E_INTERNAL, "the pod does not decode");
    return null;
  }
  const pod = Decoded.map!;
  const meta = ensureMap(pod, "metadata");
  if (metaOnly !== null) applyMetadataMapPatch(meta, metaOnly);
  const labels = ensureMap(meta, "labels");
  const annotations = ensureMap(meta, "annotations");
  const podSpec = gmap(pod, "spec");
  const cs = gslice(podSpec, "containers");
  const ncs = cs === null ? 0 : cs.len;

  // batch selection
  const batch = new Array<string>();
  let highest = i32.MIN_VALUE;
  let withHighest = new Array<string>();
  for (let i = 0; i < ncs; i++) {
    const c = gat(cs!, i);
    const name = gstr(c, "name");
    if (!spec.containerImages.has(name) && !spec.containerRefMetadata.has(name) && !spec.containerResources.has(name)) continue;
    const p = priorityOf(c!);
    if (p == i32.MIN_VALUE) { if (!batch.includes(name)) batch.push(name); }
    else if (withHighest.length == 0 || highest < p) { highest = p; withHighest = [name]; }
    else if (highest == p) withHighest.push(name);
  }
  for (let i = 0; i < withHighest.length; i++) if (!batch.includes(withHighest[i])) batch.push(withHighest[i]);
  addMetadataShared(batch, spec.containerRefMetadata);

  // images
  const changed = new Array<string>();
  for (let i = 0; i < ncs; i++) {
    const c = gat(cs!, i);
    if (c === null) continue;
    const name = gstr(c, "name");
    if (!spec.containerImages.has(name)) continue;
    const img = spec.containerImages.get(name);
    if (batch.includes(name)) {
      setStr(c, "image", img);
      if (!changed.includes(name)) changed.push(name);
    } else state.nextContainerImages.set(name, img);
  }
  const statuses = gslice(gmap(pod, "status"), "containerStatuses");
  if (statuses !== null) {
    for (let i = 0; i < statuses.len; i++) {
      const st = gat(statuses, i);
      const name = gstr(st, "name");
      if (!changed.includes(name)) continue;
      if (state.lastContainerStatuses === null) state.lastContainerStatuses = new StrMap();
      const l = state.lastContainerStatuses!;
      if (!l.has(name)) l.set(name, gstr(st, "imageID"));
    }
  }

  // resources
  const expected = new Named<ResReq>();
  if (KruiseOptions.verticalScaling) {
    for (let i = 0; i < ncs; i++) {
      const c = gat(cs!, i);
      const name = gstr(c, "name");
      if (!spec.containerResources.has(name)) continue;
      const r = spec.containerResources.get(name);
      if (batch.includes(name)) expected.set(name, r);
      else state.nextContainerResources.set(name, r);
    }
    if (!resize) {
      for (let i = 0; i < ncs; i++) {
        const c = gat(cs!, i);
        const name = gstr(c, "name");
        if (c === null || !expected.has(name)) continue;
        const r = expected.get(name);
        const res = gmap(c, "resources");
        if (!writeQuantities(res, "limits", r.limits) || !writeQuantities(res, "requests", r.requests)) {
          fail(E_INTERNAL, "panic: assignment to entry in nil map");
          return null;
        }
      }
    }
  }

  // env from metadata
  for (let i = 0; i < spec.containerRefMetadata.size; i++) {
    const name = spec.containerRefMetadata.keys[i];
    const om = spec.containerRefMetadata.vals[i];
    if (batch.includes(name)) {
      const l = om.labels;
      if (l !== null) for (let j = 0; j < l.size; j++) setStr(labels, l.keys[j], l.vals[j]);
      const a = om.annotations;
      if (a !== null) for (let j = 0; j < a.size; j++) setStr(annotations, a.keys[j], a.vals[j]);
    } else state.nextContainerRefMetadata.set(name, om);
  }

  const sorted = sortedList(batch);
  if (state.nextContainerImages.size > 0 || state.nextContainerRefMetadata.size > 0 || state.nextContainerResources.size > 0) {
    state.hasPreCheck = true;
    state.preCheck = sorted;
  } else {
    state.hasPreCheck = false;
    state.preCheck = null;
  }
  const b = new Batch();
  b.timestamp = now;
  b.containers = sorted;
  state.batches.push(b);
  const sb = new ByteSink(256);
  state.write(sb);
  setStr(annotations, STATE_KEY, String.UTF8.decodeUnsafe(sb.ptr, <usize>sb.len));

  const result = new PatchResult();
  const out = new ByteSink(bytes.len + sb.len + 256);
  marshalMap(pod, out, KRUISE_GO_MINOR);
  result.pod = out;
  if (resize && KruiseOptions.verticalScaling && expected.size > 0) result.resizePatch = resourcePatch(cs, expected);
  return result;
}

// ---- MetaDataPatch fast path
// The patch CreateTwoWayMergePatch writes for template labels/annotations is
// {"metadata":{"annotations":{...},"labels":{...}}} with string or null values. The strategic merge patch
// of such a patch onto json.Marshal(pod) sets or deletes those keys of the two maps (creating a missing
// map) and changes nothing else, so it is applied directly to the decoded pod. Any other shape (other
// keys, directives, duplicate keys, escapes, non-ASCII bytes, whitespace) takes the full strategic merge
// patch above.

/** One entry of a metadata map patch: kind 0 labels / 1 annotations, the key and value bytes (value n < 0: null). */
export class MetaEntry {
  constructor(public kind: i32, public kp: usize, public kn: i32, public vp: usize, public vn: i32) {}
}

/** Position of the closing quote of a plain printable-ASCII string starting after the quote at `i`, or -1. */
function plainString(p: usize, n: i32, i: i32): i32 {
  for (let j = i; j < n; j++) {
    const c = load<u8>(p + <usize>j);
    if (c == 0x22) return j;
    if (c < 0x20 || c > 0x7e || c == 0x5c) return -1;
  }
  return -1;
}

/** True when the bytes at i are exactly `s`. */
function at(p: usize, n: i32, i: i32, s: string): bool {
  if (i + s.length > n) return false;
  for (let j = 0; j < s.length; j++) if (<i32>load<u8>(p + <usize>(i + j)) != s.charCodeAt(j)) return false;
  return true;
}

/** The entries of one map `{"k":"v"|null,...}` starting at i (kind 0/1) appended to `out`; the index after it, or -1. */
function mapEntries(p: usize, n: i32, i: i32, kind: i32, out: Array<MetaEntry>): i32 {
  if (!at(p, n, i, "{")) return -1;
  i++;
  if (at(p, n, i, "}")) return i + 1;
  let more = true;
  while (more) {
    if (!at(p, n, i, "\"")) return -1;
    const ke = plainString(p, n, i + 1);
    if (ke < 0 || !at(p, n, ke + 1, ":")) return -1;
    const kp = p + <usize>(i + 1);
    const kn = ke - i - 1;
    i = ke + 2;
    if (at(p, n, i, "null")) {
      out.push(new MetaEntry(kind, kp, kn, 0, -1));
      i += 4;
    } else {
      if (!at(p, n, i, "\"")) return -1;
      const ve = plainString(p, n, i + 1);
      if (ve < 0) return -1;
      out.push(new MetaEntry(kind, kp, kn, p + <usize>(i + 1), ve - i - 1));
      i = ve + 1;
    }
    if (at(p, n, i, ",")) i++;
    else if (at(p, n, i, "}")) { i++; more = false; }
    else return -1;
  }
  return i;
}

/** The entries of a metadata-only labels/annotations patch, or null when the patch has another shape. */
export function metadataMapPatch(p: usize, n: i32): Array<MetaEntry> | null {
  const out = new Array<MetaEntry>();
  if (n == 2 && at(p, n, 0, "{}")) return out;
  if (!at(p, n, 0, "{\"metadata\":{")) return null;
  let i = 13;
  if (at(p, n, i, "}")) i++;
  else {
    let seen = 0;
    let more = true;
    while (more) {
      let kind = -1;
      if (at(p, n, i, "\"labels\":")) { kind = 0; i += 9; }
      else if (at(p, n, i, "\"annotations\":")) { kind = 1; i += 14; }
      if (kind < 0 || (seen & (1 << kind)) != 0) return null;
      seen |= 1 << kind;
      i = mapEntries(p, n, i, kind, out);
      if (i < 0) return null;
      if (at(p, n, i, ",")) i++;
      else if (at(p, n, i, "}")) { i++; more = false; }
      else return null;
    }
  }
  if (i + 1 != n || !at(p, n, i, "}")) return null;
  return out;
}

/** Applies the entries to pod.metadata as the strategic merge patch would (set, delete, create the map). */
function applyMetadataMapPatch(meta: GMap, entries: Array<MetaEntry>): void {
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const name = e.kind == 0 ? "labels" : "annotations";
    let m = gmap(meta, name);
    if (m === null) { m = newMap(); meta.setAscii(name, mapVal(m)); }
    if (e.vn < 0) m.del(e.kp, e.kn);
    else m.set(e.kp, e.kn, strVal(e.vp, e.vn));
  }
}

/** container.Resources.<field>[k] = q for cpu/memory (false: the Go map is nil, which panics). */
function writeQuantities(res: GMap | null, field: string, q: QMap | null): bool {
  if (q === null) return true;
  for (let i = 0; i < q.size; i++) {
    const k = q.keys[i];
    if (k != "cpu" && k != "memory") continue;
    const m = gmap(res, field);
    if (m === null) return false;
    const s = new ByteSink(24);
    writeQuantityString(s, q.vals[i]);
    setStr(m, k, String.UTF8.decodeUnsafe(s.ptr, <usize>s.len));
  }
  return true;
}

/** addMetadataSharedContainersToUpdate: pull in refMetadata containers sharing a key with the batch, transitively. */
function addMetadataShared(batch: Array<string>, refs: Named<ObjMeta>): void {
  const labels = new Array<string>();
  const annotations = new Array<string>();
  let fresh = batch.slice(0);
  while (fresh.length > 0) {
    for (let i = 0; i < fresh.length; i++) {
      if (!refs.has(fresh[i])) continue;
      const om = refs.get(fresh[i]);
      if (om.labels !== null) for (let j = 0; j < om.labels!.size; j++) if (!labels.includes(om.labels!.keys[j])) labels.push(om.labels!.keys[j]);
      if (om.annotations !== null) for (let j = 0; j < om.annotations!.size; j++) if (!annotations.includes(om.annotations!.keys[j])) annotations.push(om.annotations!.keys[j]);
    }
    fresh = new Array<string>();
    for (let i = 0; i < refs.size; i++) {
      const name = refs.keys[i];
      if (batch.includes(name)) continue;
      const om = refs.vals[i];
      let hit = false;
      for (let j = 0; j < labels.length && !hit; j++) if (om.labels !== null && om.labels!.has(labels[j])) hit = true;
      for (let j = 0; j < annotations.length && !hit; j++) if (om.annotations !== null && om.annotations!.has(annotations[j])) hit = true;
      if (hit) { batch.push(name); fresh.push(name); }
    }
  }
}

/** The pod's current quantity of container `c` at resources.<field>[k] (null: absent). */
function podQuantity(c: GMap | null, field: string, k: string): string | null {
  const m = gmap(gmap(c, "resources"), field);
  if (m === null) return null;
  const i = m.findAscii(k);
  if (i < 0) return null;
  const v = m.val(i);
  return v !== null && v.t == T_STRING ? String.UTF8.decodeUnsafe(v.p, <usize>v.n) : null;
}

/** NativeVerticalUpdate.GenerateResourcePatch(pod, expected). */
function resourcePatch(cs: Slice | null, expected: Named<ResReq>): ByteSink | null {
  if (cs === null) return null;
  const parts = new Array<string>();
  for (let i = 0; i < cs.len; i++) {
    const c = gat(cs, i);
    const name = gstr(c, "name");
    if (!expected.has(name)) continue;
    const r = expected.get(name);
    const lim = changedOnly(c, "limits", r.limits);
    const req = changedOnly(c, "requests", r.requests);
    if (lim.size == 0 && req.size == 0) continue;
    const rr = new ResReq();
    rr.limits = lim;
    rr.requests = req;
    const o = new ByteSink(64);
    rr.write(o);
    parts.push("{\"name\":\"" + name + "\",\"resources\":" + String.UTF8.decodeUnsafe(o.ptr, <usize>o.len) + "}");
  }
  if (parts.length == 0) return null;
  const out = new ByteSink(128);
  out.utf8("{\"spec\":{\"containers\":[" + parts.join(",") + "]}}");
  return out;
}

/** The cpu/memory entries of `q` whose quantity differs from the pod's (Quantity.Equal). */
function changedOnly(c: GMap | null, field: string, q: QMap | null): QMap {
  const out = new QMap();
  if (q === null) return out;
  for (let i = 0; i < q.size; i++) {
    const k = q.keys[i];
    if (k != "cpu" && k != "memory") continue;
    const cur = podQuantity(c, field, k);
    if (cmpQuantity(cur, q.vals[i]) == 0) continue;
    out.set(k, q.vals[i]);
  }
  return out;
}
