// DefaultCheckInPlaceUpdateCompleted of openkruise/kruise v1.9.0 (v1.8.x where `minor` is 8) on a typed
// v1.Pod: the grace annotation → "still in grace period of in-place update"; no state annotation →
// done; Next* batches left → "existing containers to in-place update in next batches"; then
// defaultCheckContainersInPlaceUpdateCompleted:
//  - updateEnvFromMetadata: apps.kruise.io/runtime-containers-meta must exist and every container's
//    extractedEnvFromMetadataHash match (FNV-32a of spew of json.Marshal of its metadata-env values);
//  - InPlaceWorkloadVerticalScaling and updateResources: every status reported and its resources equal
//    to the spec (cmp.Equal: nil and empty maps differ, quantities by value);
//  - runtime-containers-meta with every container's plainHash equal to the kubelet hash of k8s 1.32
//    (name+image) or the pre-1.31 JSON hash (v1.8: the 1.30 JSON hash, without resources when resources
//    were updated), containerIDs matching → done;
//  - else the imageID check: a status whose imageID is still the recorded one while its image differs
//    from the spec image (":latest" appended when the image has no ':') → "container %s imageID not
//    changed"; recorded containers missing from status → "not found statuses of containers map[…]".

import { ByteSink } from "../../../io/sink";
import { ByText, stableOrder } from "../../../base/order";
import { hashContainer, containerJSONHash, withoutResources, spewBytesFnv32a } from "../../kubernetes/hash";
import { KruiseOptions } from "./options";
import { KRUISE_GO } from "../../../base/pins";
import { TV, fieldOf, path, deref, strOf, sliceLen, sliceAt, entriesOf, entryStr, entryQuantity } from "./typed";
import { StrMap, sortedKeys, goStr } from "./model";
import { fieldRefEnvs } from "./containermeta";
import { InPlaceState, STATE_KEY } from "./state";
import { RuntimeMeta, unmarshalStateText, unmarshalRuntimeMetasText } from "./unmarshal";
import { cmpQuantities } from "./qos";

/** Pod annotation keys (new, then the legacy key read as a fallback). */
export const GRACE_KEY = "apps.kruise.io/inplace-update-grace";
export const GRACE_KEY_OLD = "inplace-update-grace";
export const STATE_KEY_OLD = "inplace-update-state";
export const RUNTIME_META_KEY = "apps.kruise.io/runtime-containers-meta";

/** The annotation value of `key` in `ann`, or null. */
function ann(a: StrMap, key: string): string | null {
  return a.has(key) ? a.get(key) : null;
}

/** The annotations of a typed pod as a StrMap. */
export function podAnnotations(pod: TV): StrMap {
  const e = entriesOf(path(pod, ["metadata", "annotations"]));
  const m = new StrMap();
  for (let i = 0; i < e.keys.length; i++) m.set(e.keys[i], entryStr(e.vals[i]));
  return m;
}

/** The labels of a typed pod as a StrMap. */
export function podLabels(pod: TV): StrMap {
  const e = entriesOf(path(pod, ["metadata", "labels"]));
  const m = new StrMap();
  for (let i = 0; i < e.keys.length; i++) m.set(e.keys[i], entryStr(e.vals[i]));
  return m;
}

/** The status of container `name`, or null. */
function statusOf(pod: TV, name: string): TV | null {
  const ss = path(pod, ["status", "containerStatuses"]);
  for (let i = 0, n = sliceLen(ss); i < n; i++) {
    const s = sliceAt(ss, i);
    if (strOf(fieldOf(s, "name")) == name) return s;
  }
  return null;
}

/** EnvFromMetadataHasher.GetExpectHash(c, pod). */
function envFromMetadataHash(c: TV, labels: StrMap, annotations: StrMap): u64 {
  const names = new Array<string>();
  const values = new Array<string>();
  const envs = fieldRefEnvs(c);
  for (let i = 0; i < envs.length; i++) {
    const name = envs[i].name;
    const fp = envs[i].fieldPath;
    if (!fp.endsWith("']")) continue;
    const s = fp.substring(0, fp.length - 2);
    const at = s.indexOf("['");
    if (at <= 0) continue;
    const p = s.substring(0, at), key = s.substring(at + 2);
    let v: string;
    if (p == "metadata.annotations") v = annotations.get(key);
    else if (p == "metadata.labels") v = labels.get(key);
    else continue;
    names.push(name);
    values.push(v);
  }
  // sort.SliceStable by name (equal names keep their order)
  const order = stableOrder(names.length, new ByText(names));
  const names0 = names.slice(0), values0 = values.slice(0);
  for (let i = 0; i < order.length; i++) { names[i] = names0[order[i]]; values[i] = values0[order[i]]; }
  const out = new ByteSink(128);
  if (names.length == 0) out.ascii("null");
  else {
    out.byte(0x5b);
    for (let i = 0; i < names.length; i++) {
      if (i > 0) out.byte(0x2c);
      out.ascii("{\"name\":");
      goStr(out, names[i]);
      if (values[i].length > 0) { out.ascii(",\"value\":"); goStr(out, values[i]); }
      out.byte(0x7d);
    }
    out.byte(0x5d);
  }
  return <u64>spewBytesFnv32a(out.ptr, out.len);
}

/** checkAllContainersHashConsistent(pod, metas, plain or env hash). */
function hashConsistent(pod: TV, metas: Array<RuntimeMeta>, envHash: bool, withoutRes: bool, gates: KruiseOptions): bool {
  const cs = path(pod, ["spec", "containers"]);
  const labels = podLabels(pod), annotations = podAnnotations(pod);
  const kubelet = gates.k8sMinor();
  for (let i = 0, n = sliceLen(cs); i < n; i++) {
    const c = sliceAt(cs, i);
    const name = strOf(fieldOf(c, "name"));
    const st = statusOf(pod, name);
    if (st === null) return false;
    let meta: RuntimeMeta | null = null;
    for (let j = 0; j < metas.length; j++) if (metas[j].name == name) meta = metas[j];
    if (meta === null) return false;
    if (meta.containerID != strOf(fieldOf(st, "containerID"))) return false;
    if (envHash) {
      if (meta.envHash != envFromMetadataHash(c, labels, annotations)) return false;
    } else if (gates.minor <= 8) {
      // kubeletcontainer.HashContainer of the kubelet the release vendors (1.24 .. 1.30, the JSON era)
      if (withoutRes) {
        if (<u64>hashContainer(kubelet, c.t, withoutResources(c.t, c.v), gates.go()) != meta.plainHashWithoutResources) return false;
      } else if (<u64>hashContainer(kubelet, c.t, c.v, gates.go()) != meta.plainHash) return false;
    } else {
      // kubeletcontainer.HashContainer of the kubelet v1.9.0 vendors (1.32), or the copied pre-1.31 JSON hash
      const h1 = hashContainer(kubelet, c.t, c.v, KRUISE_GO);
      const h2 = containerJSONHash(c.t, c.v, KRUISE_GO);
      if (<u64>h1 != meta.plainHash && <u64>h2 != meta.plainHash) return false;
    }
  }
  return true;
}

/** cmp.Equal of two ResourceLists (nil ≠ empty; quantities by Quantity.Equal). */
function resourceListsEqual(a: TV, b: TV): bool {
  if ((a.v === null) != (b.v === null)) return false;
  const x = entriesOf(a), y = entriesOf(b);
  if (x.keys.length != y.keys.length) return false;
  for (let i = 0; i < x.keys.length; i++) {
    const j = y.find(x.keys[i]);
    if (j < 0) return false;
    if (cmpQuantities(entryQuantity(x.vals[i]), entryQuantity(y.vals[j])) != 0) return false;
  }
  return true;
}

/** NativeVerticalUpdate.IsUpdateCompleted: null when done, else the message. */
function resourcesUpdated(pod: TV): string | null {
  const cs = path(pod, ["spec", "containers"]);
  const ss = path(pod, ["status", "containerStatuses"]);
  // len(map by name)
  const names = new Array<string>();
  for (let i = 0, n = sliceLen(cs); i < n; i++) {
    const name = strOf(fieldOf(sliceAt(cs, i), "name"));
    if (!names.includes(name)) names.push(name);
  }
  if (sliceLen(ss) != names.length) return "some container status is not reported";
  for (let i = 0, n = sliceLen(ss); i < n; i++) {
    const s = sliceAt(ss, i);
    const name = strOf(fieldOf(s, "name"));
    // the last container with that name (the map keeps the last)
    let c: TV | null = null;
    for (let j = 0, m = sliceLen(cs); j < m; j++) if (strOf(fieldOf(sliceAt(cs, j), "name")) == name) c = sliceAt(cs, j);
    const sr = fieldOf(s, "resources");
    if (c === null || sr.v === null) return "container " + name + " resources not changed";
    const cr = fieldOf(c, "resources");
    const srr = deref(sr);
    if (!resourceListsEqual(fieldOf(cr, "limits"), fieldOf(srr, "limits")) || !resourceListsEqual(fieldOf(cr, "requests"), fieldOf(srr, "requests"))) {
      return "container " + name + " resources not changed";
    }
  }
  return null;
}

/** fmt %v of map[string]InPlaceUpdateContainerStatus: map[c1:{imageID} c2:{…}] (keys sorted). */
function fmtStatuses(m: StrMap): string {
  const ks = sortedKeys(m.keys);
  let s = "map[";
  for (let i = 0; i < ks.length; i++) {
    if (i > 0) s += " ";
    s += ks[i] + ":{" + m.get(ks[i]) + "}";
  }
  return s + "]";
}

/** DefaultCheckInPlaceUpdateCompleted(pod): null when completed, else the error text. */
export function checkInPlaceUpdateCompleted(pod: TV, gates: KruiseOptions): string | null {
  const a = podAnnotations(pod);
  if (a.has(GRACE_KEY) || a.has(GRACE_KEY_OLD)) return "still in grace period of in-place update";
  let stateText = ann(a, STATE_KEY);
  if (stateText === null) stateText = ann(a, STATE_KEY_OLD);
  if (stateText === null) return null;
  const r = unmarshalStateText(stateText, gates.minor);
  if (r.value === null) return r.error; // (null with an engine failure in the slot)
  const state = r.value!;
  if (state.nextContainerImages.size > 0 || state.nextContainerRefMetadata.size > 0 || state.nextContainerResources.size > 0) {
    return "existing containers to in-place update in next batches";
  }
  return checkContainersUpdateCompleted(pod, state, gates);
}

/** defaultCheckContainersInPlaceUpdateCompleted(pod, state): null when done, else the error text. Consumes state.lastContainerStatuses. */
export function checkContainersUpdateCompleted(pod: TV, state: InPlaceState, gates: KruiseOptions): string | null {
  const a = podAnnotations(pod);
  const metaText = ann(a, RUNTIME_META_KEY);
  let metas: Array<RuntimeMeta> | null = null;
  if (metaText !== null) {
    const mr = unmarshalRuntimeMetasText(metaText, gates.minor);
    if (mr.value === null) return mr.error; // (null with an engine failure in the slot)
    metas = mr.value;
  }
  if (state.updateEnvFromMetadata) {
    if (metas === null) return "waiting for all containers hash consistent, but runtime-container-meta not found";
    if (!hashConsistent(pod, metas, true, false, gates)) return "waiting for all containers hash consistent";
  }
  if (gates.verticalScaling && state.updateResources) {
    const m = resourcesUpdated(pod);
    if (m !== null) return m;
  }
  if (metas !== null) {
    if (hashConsistent(pod, metas, false, gates.verticalScaling && state.updateResources, gates)) return null;
  }
  // image / imageID fallback
  const cs = path(pod, ["spec", "containers"]);
  const images = new StrMap();
  for (let i = 0, n = sliceLen(cs); i < n; i++) {
    const c = sliceAt(cs, i);
    const img = strOf(fieldOf(c, "image"));
    images.set(strOf(fieldOf(c, "name")), img.indexOf(":") < 0 ? img + ":latest" : img);
  }
  const last = state.lastContainerStatuses;
  const ss = path(pod, ["status", "containerStatuses"]);
  for (let i = 0, n = sliceLen(ss); i < n; i++) {
    const s = sliceAt(ss, i);
    const name = strOf(fieldOf(s, "name"));
    if (last === null || !last.has(name)) continue;
    if (last.get(name) == strOf(fieldOf(s, "imageID"))) {
      if (images.get(name) != strOf(fieldOf(s, "image"))) return "container " + name + " imageID not changed";
    }
    last.delete(name);
  }
  if (last !== null && last.size > 0) return "not found statuses of containers " + fmtStatuses(last);
  return null;
}
