// Pod-level resource defaulting of SetDefaults_Pod at Kubernetes 1.34–1.36 (feature gate PodLevelResources on
// by default; 1.37 turns it off in the defaulter with PodLevelResourcesFixDefaulting and defers it to
// PrepareForCreate, which applyDefaults does not run): defaultHugePagePodLimits then defaultPodRequests of
// k8s.io/kubernetes pkg/apis/core/v1, over the container aggregates of k8s.io/component-helpers/resource
// (AggregateContainerLimits / AggregateContainerRequests with empty options: regular containers summed,
// restartable init containers added, every init container's running total max-ed in). Quantities are added
// and compared with Go's semantics (assembly/quantity/arith.ts), so formats and cached strings come out as
// the API server leaves them. Runs after the container-level "requests default to limits".

import { StructV, MapV, QuantityV, PtrV, StrV, Val } from "../../../typed/value";
import { fieldIndex, elem } from "../../../schema/schema";
import { Quantity } from "../../../quantity/quantity";
import { quantityAdd, quantityCmp, quantityDeepCopy } from "../../../quantity/arith";
import { mapField, mapFind, setMap, structItems, typeOfField } from "./tree";

/** The Quantity a ResourceList value holds (a JSON null left the zero Quantity, stored as null). */
function qOf(v: Val | null): Quantity {
  return v === null ? new Quantity() : changetype<QuantityV>(v).q;
}

/** A working ResourceList: keys (bytes) and owned quantities. */
export class List {
  keyP: Array<usize> = new Array<usize>();
  keyN: Array<i32> = new Array<i32>();
  qs: Array<Quantity> = new Array<Quantity>();

  /** Index of a key, or -1. */
  find(p: usize, n: i32): i32 {
    for (let k = 0; k < this.keyN.length; k++) {
      if (this.keyN[k] == n && memory.compare(this.keyP[k], p, <usize>n) == 0) return k;
    }
    return -1;
  }
}

/** The container's Resources.<field> map without materializing anything; null when nil. */
function containerList(c: StructV, field: string): MapV | null {
  const i = fieldIndex(c.t, "Resources");
  if (i < 0) return null;
  const r = c.f[i];
  if (r === null) return null;
  return mapField(changetype<StructV>(r), field);
}

/** addResourceList(list, newList): DeepCopy for a new key, Add onto an existing one. */
function addList(list: List, m: MapV | null): bool {
  if (m === null) return true;
  for (let k = 0; k < m.vals.length; k++) {
    const q = qOf(m.vals[k]);
    const j = list.find(m.keyP[k], m.keyN[k]);
    if (j < 0) {
      list.keyP.push(m.keyP[k]);
      list.keyN.push(m.keyN[k]);
      list.qs.push(quantityDeepCopy(q));
    } else if (!quantityAdd(list.qs[j], q)) return false;
  }
  return true;
}

/** addResourceList(list, other) for a working list. */
function addWorking(list: List, o: List): bool {
  for (let k = 0; k < o.qs.length; k++) {
    const j = list.find(o.keyP[k], o.keyN[k]);
    if (j < 0) {
      list.keyP.push(o.keyP[k]);
      list.keyN.push(o.keyN[k]);
      list.qs.push(quantityDeepCopy(o.qs[k]));
    } else if (!quantityAdd(list.qs[j], o.qs[k])) return false;
  }
  return true;
}

/** maxResourceList(list, newList): the range copy compared (Cmp may turn it into a Dec), then DeepCopy'd in. */
function maxList(list: List, o: List): void {
  for (let k = 0; k < o.qs.length; k++) {
    const cp = quantityDeepCopy(o.qs[k]);
    const j = list.find(o.keyP[k], o.keyN[k]);
    if (j < 0) {
      list.keyP.push(o.keyP[k]);
      list.keyN.push(o.keyN[k]);
      list.qs.push(quantityDeepCopy(cp));
    } else if (quantityCmp(cp, quantityDeepCopy(list.qs[j])) > 0) {
      list.qs[j] = quantityDeepCopy(cp);
    }
  }
}

/** True when init container `c` has restartPolicy Always (a sidecar). */
function restartableInit(c: StructV): bool {
  const i = fieldIndex(c.t, "RestartPolicy");
  if (i < 0) return false;
  const p = c.f[i];
  if (p === null) return false;
  const to = changetype<PtrV>(p).to;
  if (to === null) return false;
  const s = changetype<StrV>(to);
  return s.n == 6 && String.UTF8.decodeUnsafe(s.p, 6) == "Always";
}

/** AggregateContainerRequests / AggregateContainerLimits (field "Requests" / "Limits"); null on an arithmetic error.
 * Also read by pod validation's validatePodResourceConsistency (policy/validate/podresources.ts). */
export function aggregate(spec: StructV, field: string): List | null {
  const list = new List();
  const cs = structItems(spec, "Containers");
  for (let i = 0; i < cs.length; i++) if (!addList(list, containerList(cs[i], field))) return null;
  const restartable = new List();
  const inits = new List();
  const ics = structItems(spec, "InitContainers");
  for (let i = 0; i < ics.length; i++) {
    const m = containerList(ics[i], field);
    let cur: List;
    if (restartableInit(ics[i])) {
      if (!addList(list, m)) return null;
      if (!addList(restartable, m)) return null;
      cur = restartable;
    } else {
      cur = new List();
      if (!addList(cur, m)) return null;
      if (!addWorking(cur, restartable)) return null;
    }
    maxList(inits, cur);
  }
  maxList(list, inits);
  return list;
}

/** Key bytes equal ASCII `s`. */
function keyIs(p: usize, n: i32, s: string): bool {
  if (n != s.length) return false;
  for (let k = 0; k < n; k++) if (<i32>load<u8>(p + <usize>k) != s.charCodeAt(k)) return false;
  return true;
}

/** helper.IsHugePageResourceName: the "hugepages-" prefix. */
function isHugePage(p: usize, n: i32): bool {
  const pre = "hugepages-";
  if (n < pre.length) return false;
  for (let k = 0; k < pre.length; k++) if (<i32>load<u8>(p + <usize>k) != pre.charCodeAt(k)) return false;
  return true;
}

/** resourcehelper.IsSupportedPodLevelResource: cpu, memory, hugepages-*. */
function isSupported(p: usize, n: i32): bool {
  return keyIs(p, n, "cpu") || keyIs(p, n, "memory") || isHugePage(p, n);
}

/** Appends a copy of `q` under key bytes (p, n) to map `m` (value type of the map). */
function put(m: MapV, p: usize, n: i32, q: Quantity): void {
  m.keyP.push(p);
  m.keyN.push(n);
  m.vals.push(new QuantityV(elem(m.t), quantityDeepCopy(q)));
}

/** defaultHugePagePodLimits then defaultPodRequests on a Pod's spec; false with an error recorded (E_TOO_LARGE). */
export function defaultPodLevelResources(spec: StructV): bool {
  const ri = fieldIndex(spec.t, "Resources");
  if (ri < 0 || spec.f[ri] === null) return true;
  const pp = changetype<PtrV>(spec.f[ri]);
  if (pp.to === null) return true; // a zero ResourceRequirements: no limits, no requests
  const r = changetype<StructV>(pp.to);
  if (!hugePagePodLimits(spec, r)) return false;
  return podRequests(spec, r);
}

/** defaultHugePagePodLimits: pod-level hugepage limits from the aggregated container limits. */
function hugePagePodLimits(spec: StructV, r: StructV): bool {
  const lim = mapField(r, "Limits");
  const req = mapField(r, "Requests");
  if ((lim === null || lim.vals.length == 0) && (req === null || req.vals.length == 0)) return true;
  const podLims = lim !== null ? lim : new MapV(typeOfField(r, "Limits"));
  const aggr = aggregate(spec, "Limits");
  if (aggr === null) return false;
  for (let k = 0; k < aggr.qs.length; k++) {
    const p = aggr.keyP[k];
    const n = aggr.keyN[k];
    if (!isHugePage(p, n)) continue;
    if (req !== null && mapFind(req, p, n) >= 0) continue;
    if (mapFind(podLims, p, n) < 0) put(podLims, p, n, aggr.qs[k]);
  }
  if (podLims.vals.length > 0) setMap(r, "Limits", podLims);
  return true;
}

/** defaultPodRequests (1.34-1.36): pod-level requests from the aggregated container requests (cpu, memory), then from
 *  pod limits; only when pod-level limits are set. */
function podRequests(spec: StructV, r: StructV): bool {
  if (mapLen(mapField(r, "Limits")) == 0) return true;
  return podRequests137(spec, r);
}

// ---------------------------------------------------------------------------------------------------------------
// 1.37: pkg/api/pod's DefaultPodLevelResources (PrepareForCreate, and the resize strategy's PrepareForUpdate with
// PodLevelResourcesFixDefaulting): hugepage limits, then requests (from the aggregated container requests and the
// pod-level limits, also when there are no pod-level limits), then limits (max of the pod-level request and the
// aggregated container limits, for the requested resources every container limits). The caller checks the gates.

/** A fresh v1.ResourceRequirements holding copies of `r`'s maps, so that defaulting it leaves `r` as it was. */
export function copyRequirements(r: StructV): StructV {
  const c = new StructV(r.t, r.f.length);
  for (let i = 0; i < r.f.length; i++) c.f[i] = r.f[i];
  for (let k = 0; k < 2; k++) {
    const name = k == 0 ? "Limits" : "Requests";
    const m = mapField(c, name);
    if (m === null) continue;
    const n = new MapV(m.t);
    for (let j = 0; j < m.vals.length; j++) {
      n.keyP.push(m.keyP[j]);
      n.keyN.push(m.keyN[j]);
      n.vals.push(m.vals[j] === null ? null : new QuantityV(elem(m.t), quantityDeepCopy(qOf(m.vals[j]))));
    }
    setMap(c, name, n);
  }
  return c;
}

/** DefaultPodLevelResources (1.37) on a Pod's spec whose `resources` is set; false with an error recorded (E_TOO_LARGE). */
export function defaultPodLevelResources137(spec: StructV): bool {
  const ri = fieldIndex(spec.t, "Resources");
  if (ri < 0 || spec.f[ri] === null) return true;
  const pp = changetype<PtrV>(spec.f[ri]);
  if (pp.to === null) return true;
  const r = changetype<StructV>(pp.to);
  if (mapLen(mapField(r, "Requests")) == 0 && mapLen(mapField(r, "Limits")) == 0) return true;
  if (!hugePagePodLimits(spec, r)) return false;
  if (!podRequests137(spec, r)) return false;
  return podLimits137(spec, r);
}

function mapLen(m: MapV | null): i32 {
  return m === null ? 0 : m.vals.length;
}

/** defaultPodLevelRequests (1.37): from the aggregated container requests (cpu, memory), then from pod-level limits
 *  (also when only pod-level requests are set; 1.34-1.36's defaultPodRequests runs it only with pod-level limits). */
function podRequests137(spec: StructV, r: StructV): bool {
  const lim = mapField(r, "Limits");
  const cur = mapField(r, "Requests");
  if (mapLen(lim) == 0 && mapLen(cur) == 0) return true;
  const podReqs = cur !== null ? cur : new MapV(typeOfField(r, "Requests"));
  const aggr = aggregate(spec, "Requests");
  if (aggr === null) return false;
  for (let k = 0; k < aggr.qs.length; k++) {
    const p = aggr.keyP[k];
    const n = aggr.keyN[k];
    if (mapFind(podReqs, p, n) < 0 && (keyIs(p, n, "cpu") || keyIs(p, n, "memory"))) put(podReqs, p, n, aggr.qs[k]);
  }
  if (lim !== null) {
    for (let k = 0; k < lim.vals.length; k++) {
      const p = lim.keyP[k];
      const n = lim.keyN[k];
      if (mapFind(podReqs, p, n) < 0 && isSupported(p, n)) put(podReqs, p, n, qOf(lim.vals[k]));
    }
  }
  if (podReqs.vals.length > 0) setMap(r, "Requests", podReqs);
  return true;
}

/** Whether container `c` (its Resources, or an ephemeral container's EphemeralContainerCommon) limits key (p, n). */
function limits(c: StructV, p: usize, n: i32): bool {
  const m = containerList(c, "Limits");
  return m !== null && mapFind(m, p, n) >= 0;
}

/** defaultPodLevelLimits (1.37): the requested resources without a pod-level limit that every container (init,
 *  regular, ephemeral) limits get max(pod-level request, aggregated container limits). */
function podLimits137(spec: StructV, r: StructV): bool {
  const req = mapField(r, "Requests");
  if (req === null) return true;
  const lim = mapField(r, "Limits");
  const candP = new Array<usize>();
  const candN = new Array<i32>();
  for (let k = 0; k < req.vals.length; k++) {
    const p = req.keyP[k];
    const n = req.keyN[k];
    if (!isSupported(p, n)) continue;
    if (lim !== null && mapFind(lim, p, n) >= 0) continue;
    candP.push(p);
    candN.push(n);
  }
  if (candP.length == 0) return true;
  const all = new Array<StructV>();
  const ics = structItems(spec, "InitContainers");
  for (let i = 0; i < ics.length; i++) all.push(ics[i]);
  const cs = structItems(spec, "Containers");
  for (let i = 0; i < cs.length; i++) all.push(cs[i]);
  const eph = structItems(spec, "EphemeralContainers");
  for (let i = 0; i < eph.length; i++) {
    const ci = fieldIndex(eph[i].t, "EphemeralContainerCommon");
    if (ci >= 0 && eph[i].f[ci] !== null) all.push(changetype<StructV>(eph[i].f[ci]));
    else all.push(eph[i]);
  }
  const keep = new Array<bool>(candP.length);
  for (let j = 0; j < candP.length; j++) {
    keep[j] = true;
    for (let i = 0; i < all.length && keep[j]; i++) keep[j] = limits(all[i], candP[j], candN[j]);
  }
  let any = false;
  for (let j = 0; j < keep.length; j++) any = any || keep[j];
  if (!any) return true;
  const aggr = aggregate(spec, "Limits");
  if (aggr === null) return false;
  let out = lim;
  for (let j = 0; j < candP.length; j++) {
    if (!keep[j]) continue;
    const a = aggr.find(candP[j], candN[j]);
    if (a < 0) continue;
    let val = aggr.qs[a];
    const ri = mapFind(req, candP[j], candN[j]);
    const podReq = qOf(req.vals[ri]);
    if (quantityCmp(podReq, val) > 0) val = podReq;
    if (out === null) { out = new MapV(typeOfField(r, "Limits")); setMap(r, "Limits", out); }
    put(out, candP[j], candN[j], val);
  }
  return true;
}
