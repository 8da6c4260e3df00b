// The kubelet's admission of an in-place pod resize on its node (kubelet 1.27-1.37): whether the desired requests
// fit the node's allocatable at all (the Infeasible check of 1.27-1.35), the static CPU / memory manager refusals
// (1.32+), then the predicate admit handler with the resized pod beside the node's other active pods: the
// scheduler's NodeInfo sums, noderesources.Fits (pods, cpu, memory, ephemeral-storage, scalar resources), node
// selector, node name, the OS checks. Contract and modelling limits: assembly/eval/ops/kubelet-admit.ts.

import { Val, MapV, QuantityV } from "../../typed/value";
import { Quantity } from "../../quantity/quantity";
import { quantityDeepCopy, quantityAdd, quantityCmpValues } from "../../quantity/arith";
import { quantityMilliValue, quantityValue } from "../../quantity/scaled";
import { fld, str, sliceLen, at, isSet, deref, int, strMap } from "../kubernetes/validation/view";
import { computeQOS } from "../kubernetes/validation/qos";
import { Gates } from "../kubernetes/validation/gates";

/** A v1.ResourceList: names in first-set order with their quantities. */
export class RL {
  names: Array<string> = new Array<string>();
  vals: Array<Quantity> = new Array<Quantity>();
  /** Index of `name`, or -1. */
  find(name: string): i32 {
    for (let i = 0; i < this.names.length; i++) if (this.names[i] == name) return i;
    return -1;
  }
  /** The quantity of `name`, or null. */
  get(name: string): Quantity | null {
    const i = this.find(name);
    return i < 0 ? null : this.vals[i];
  }
  /** list[name] = q. */
  set(name: string, q: Quantity): void {
    const i = this.find(name);
    if (i < 0) { this.names.push(name); this.vals.push(q); } else this.vals[i] = q;
  }
}

/** The node as the kubelet reads it. */
export class AdmitNode {
  name: string = "";
  labelKeys: Array<string> = new Array<string>();
  labelVals: Array<string> = new Array<string>();
  allocatable: RL = new RL();
  /** False when status.allocatable (after defaulting from capacity) is a nil map. */
  hasAllocatable: bool = false;
}

/** The node's configuration the decision reads. */
export class AdmitConfig {
  cpuPolicy: string = "none";
  memPolicy: string = "None";
}

/** What the pod's status shows. */
export class AdmitAnswer {
  status: string = "";
  resize: string = "";
  reason: string = "";
  message: string = "";
}

/** A ResourceList value of the typed view (duplicate keys: the last wins, as Go's decoder leaves the map). */
export function rlOf(v: Val | null): RL {
  const r = new RL();
  if (v === null || !(v instanceof MapV)) return r;
  const m = changetype<MapV>(v);
  for (let i = 0; i < m.vals.length; i++) {
    const name = String.UTF8.decodeUnsafe(m.keyP[i], <usize>m.keyN[i]);
    const q = m.vals[i];
    r.set(name, q === null ? new Quantity() : changetype<QuantityV>(q).q);
  }
  return r;
}

/** addResourceList: list[name] += q (a deep copy when new). */
function addRL(list: RL, add: RL): bool {
  for (let i = 0; i < add.names.length; i++) {
    const j = list.find(add.names[i]);
    if (j < 0) { list.names.push(add.names[i]); list.vals.push(quantityDeepCopy(add.vals[i])); continue; }
    const s = quantityDeepCopy(list.vals[j]);
    if (!quantityAdd(s, add.vals[i])) return false;
    list.vals[j] = s;
  }
  return true;
}

/** maxResourceList: list[name] = max(list[name], q). */
function maxRL(list: RL, other: RL): void {
  for (let i = 0; i < other.names.length; i++) {
    const j = list.find(other.names[i]);
    if (j < 0) { list.names.push(other.names[i]); list.vals.push(quantityDeepCopy(other.vals[i])); continue; }
    if (quantityCmpValues(other.vals[i], list.vals[j]) > 0) list.vals[j] = quantityDeepCopy(other.vals[i]);
  }
}

/** An init container with restartPolicy Always (a sidecar). */
function restartable(c: Val | null): bool {
  const rp = fld(c, "RestartPolicy");
  return isSet(rp) && str(rp) == "Always";
}

/** The supported pod-level resource names of minor `k` (cpu, memory; 1.33+: hugepages-*). */
function podLevelName(name: string, k: i32): bool {
  return name == "cpu" || name == "memory" || (k >= 33 && name.startsWith("hugepages-"));
}

/** IsPodLevelRequestsSet. */
function podLevelRequestsSet(spec: Val | null, k: i32): bool {
  const r = deref(fld(spec, "Resources"));
  if (!isSet(fld(spec, "Resources"))) return false;
  const req = rlOf(fld(r, "Requests"));
  for (let i = 0; i < req.names.length; i++) if (podLevelName(req.names[i], k)) return true;
  return false;
}

/** Which requests a container contributes (the getResourceList functions of PodRequests). */
const R_SPEC: i32 = 0; // container.Resources.Requests
const R_STATUS: i32 = 1; // 1.27-1.36: the spec, or the era's mix with the container's status when it has one
const R_ALLOCATED: i32 = 2; // 1.37 containerAllocatedRequests
const R_ACTUATED: i32 = 3; // 1.37 containerActuatedRequests

/** What PodRequests with UseStatusResources reads of a pod's status. */
class StatusView {
  /** The container statuses by name, as each era finds them. */
  byName: Map<string, Val | null> = new Map<string, Val | null>();
  /** status.resize Infeasible (1.27-1.32), the first PodResizePending condition's reason Infeasible (1.33+). */
  infeasible: bool = false;
}

/** The status view of `pod` at kubelet `k`: 1.27-1.32 the last of containerStatuses by name; 1.33-1.36 the last of
 *  initContainerStatuses, else of containerStatuses; 1.37 the first of containerStatuses, else of initContainerStatuses. */
function statusView(pod: Val | null, k: i32): StatusView {
  const v = new StatusView();
  const st = fld(pod, "Status");
  const cs = fld(st, "ContainerStatuses"), is = fld(st, "InitContainerStatuses");
  if (k >= 37) {
    for (let i = sliceLen(is) - 1; i >= 0; i--) v.byName.set(str(fld(at(is, i), "Name")), at(is, i));
    for (let i = sliceLen(cs) - 1; i >= 0; i--) v.byName.set(str(fld(at(cs, i), "Name")), at(cs, i));
  } else {
    for (let i = 0; i < sliceLen(cs); i++) v.byName.set(str(fld(at(cs, i), "Name")), at(cs, i));
    if (k >= 33) for (let i = 0; i < sliceLen(is); i++) v.byName.set(str(fld(at(is, i), "Name")), at(is, i));
  }
  if (k <= 32) v.infeasible = str(fld(st, "Resize")) == "Infeasible";
  else {
    const conds = fld(st, "Conditions");
    for (let i = 0; i < sliceLen(conds); i++) {
      const c = at(conds, i);
      if (str(fld(c, "Type")) != "PodResizePending") continue;
      v.infeasible = str(fld(c, "Reason")) == "Infeasible";
      break;
    }
  }
  return v;
}

/** The union of `lists` with each resource's largest quantity (PodRequests' max). */
function maxOf(a: RL, b: RL, c: RL | null = null): RL {
  const r = new RL();
  maxRL(r, a);
  maxRL(r, b);
  if (c !== null) maxRL(r, c);
  return r;
}

/** The requests container `c` contributes under `mode` (init: an init container). */
function containerReqs(c: Val | null, init: bool, k: i32, mode: i32, sv: StatusView | null): RL {
  const spec = rlOf(fld(fld(c, "Resources"), "Requests"));
  if (mode == R_SPEC || sv === null) return spec;
  const name = str(fld(c, "Name"));
  const cs = sv.byName.has(name) ? sv.byName.get(name) : null;
  const alloc = rlOf(fld(cs, "AllocatedResources"));
  const hasRes = cs !== null && isSet(fld(cs, "Resources"));
  const act = hasRes ? rlOf(fld(deref(fld(cs, "Resources")), "Requests")) : new RL();
  if (mode == R_STATUS) {
    if (init && (k <= 32 || !restartable(c))) return spec;
    if (k <= 31) return cs === null ? spec : sv.infeasible ? alloc : maxOf(spec, alloc);
    if (!hasRes) return spec;
    if (k == 32) return sv.infeasible ? act : maxOf(spec, act);
    return sv.infeasible ? maxOf(act, alloc) : maxOf(spec, act, alloc);
  }
  if (mode == R_ALLOCATED) {
    if (cs !== null && alloc.names.length > 0) return alloc;
    return sv.infeasible ? new RL() : spec;
  }
  if (cs !== null && act.names.length > 0) return act;
  if (cs !== null && alloc.names.length > 0) return alloc;
  return sv.infeasible ? new RL() : spec;
}

/** The containers' requests summed as PodRequests aggregates them (sidecars added, init containers as a floor). */
function aggregate(spec: Val | null, k: i32, mode: i32, sv: StatusView | null): RL | null {
  const reqs = new RL();
  const cs = fld(spec, "Containers");
  for (let i = 0; i < sliceLen(cs); i++) {
    if (!addRL(reqs, containerReqs(at(cs, i), false, k, mode, sv))) return null;
  }
  const inits = fld(spec, "InitContainers");
  const sidecars = new RL();
  const initMax = new RL();
  for (let i = 0; i < sliceLen(inits); i++) {
    const c = at(inits, i);
    let cr = containerReqs(c, true, k, mode, sv);
    if (k >= 28 && restartable(c)) {
      if (!addRL(reqs, cr)) return null;
      if (!addRL(sidecars, cr)) return null;
      cr = sidecars;
    } else if (k >= 28) {
      const tmp = new RL();
      if (!addRL(tmp, cr) || !addRL(tmp, sidecars)) return null;
      cr = tmp;
    }
    maxRL(initMax, cr);
  }
  maxRL(reqs, initMax);
  return reqs;
}

/** The pod's requests: PodRequests of kubelet `k` from the spec alone, or with `useStatus` its status' resources as
 *  the scheduler's NodeInfo reads another pod (UseStatusResources); null when a sum is too large. */
export function podRequests(pod: Val | null, k: i32, podLevel: bool, skipContainers: bool, excludeOverhead: bool, useStatus: bool = false): RL | null {
  const spec = fld(pod, "Spec");
  let reqs = new RL();
  if (!skipContainers) {
    const sv = useStatus ? statusView(pod, k) : null;
    if (sv !== null && k >= 37) {
      const s = aggregate(spec, k, R_SPEC, sv), al = aggregate(spec, k, R_ALLOCATED, sv), ac = aggregate(spec, k, R_ACTUATED, sv);
      if (s === null || al === null || ac === null) return null;
      reqs = sv.infeasible ? maxOf(ac, al) : maxOf(s, ac, al);
    } else {
      const r = aggregate(spec, k, sv === null ? R_SPEC : R_STATUS, sv);
      if (r === null) return null;
      reqs = r;
    }
  }
  if (podLevel && podLevelRequestsSet(spec, k)) {
    const pr = rlOf(fld(deref(fld(spec, "Resources")), "Requests"));
    for (let i = 0; i < pr.names.length; i++) if (podLevelName(pr.names[i], k)) reqs.set(pr.names[i], pr.vals[i]);
  }
  if (!excludeOverhead && !addRL(reqs, rlOf(fld(spec, "Overhead")))) return null;
  return reqs;
}

/** resource.GetResourceRequest(pod, cpu|memory) of kubelet `k` (1.27-1.35): milli-CPU or bytes; null when too large. */
function getResourceRequest(pod: Val | null, name: string, k: i32, podLevel: bool): Quantity | null {
  const spec = fld(pod, "Spec");
  let q = new Quantity();
  if (k >= 34) {
    const has = podLevel && podLevelResourcesSet(spec, k);
    const r = podRequests(pod, k, true, has, true); // SkipPodLevelResources stays false
    if (r === null) return null;
    const v = r.get(name);
    if (v !== null) { q = quantityDeepCopy(v); }
  } else {
    const cs = fld(spec, "Containers");
    for (let i = 0; i < sliceLen(cs); i++) {
      const v = rlOf(fld(fld(at(cs, i), "Resources"), "Requests")).get(name);
      if (v !== null && !quantityAdd(q, v)) return null;
    }
    const inits = fld(spec, "InitContainers");
    for (let i = 0; i < sliceLen(inits); i++) {
      const v = rlOf(fld(fld(at(inits, i), "Resources"), "Requests")).get(name);
      if (v !== null && quantityCmpValues(q, v) < 0) q = quantityDeepCopy(v);
    }
  }
  const o = rlOf(fld(spec, "Overhead")).get(name);
  if (o !== null && !q.isZero() && !quantityAdd(q, o)) return null;
  return q;
}

/** IsPodLevelResourcesSet (requests or limits with a supported name). */
function podLevelResourcesSet(spec: Val | null, k: i32): bool {
  if (!isSet(fld(spec, "Resources"))) return false;
  const r = deref(fld(spec, "Resources"));
  const a = rlOf(fld(r, "Requests")), b = rlOf(fld(r, "Limits"));
  for (let i = 0; i < a.names.length; i++) if (podLevelName(a.names[i], k)) return true;
  for (let i = 0; i < b.names.length; i++) if (podLevelName(b.names[i], k)) return true;
  return false;
}

/** v1helper.IsNativeResource: no "/" or a kubernetes.io/ prefixed name. */
function isNative(name: string): bool {
  return !name.includes("/") || name.includes("kubernetes.io/");
}

/** IsQualifiedName of "requests." + name: [prefix/]name, name 1-63 alphanumerics with - _ . inside. */
function qualified(s: string): bool {
  let name = s;
  const slash = s.indexOf("/");
  if (slash >= 0) {
    const prefix = s.slice(0, slash);
    name = s.slice(slash + 1);
    if (prefix.length == 0 || prefix.length > 253) return false;
    const labels = prefix.split(".");
    for (let i = 0; i < labels.length; i++) {
      const l = labels[i];
      if (l.length == 0 || l.length > 63) return false;
      for (let j = 0; j < l.length; j++) {
        const c = l.charCodeAt(j);
        const ok = (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c == 0x2d && j > 0 && j < l.length - 1);
        if (!ok) return false;
      }
    }
  }
  if (name.length == 0 || name.length > 63) return false;
  for (let j = 0; j < name.length; j++) {
    const c = name.charCodeAt(j);
    const alnum = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
    if (alnum) continue;
    if ((c == 0x2d || c == 0x5f || c == 0x2e) && j > 0 && j < name.length - 1) continue;
    return false;
  }
  return true;
}

/** v1helper.IsExtendedResourceName. */
function isExtended(name: string): bool {
  if (isNative(name) || name.startsWith("requests.")) return false;
  return qualified("requests." + name);
}

/** schedutil.IsScalarResourceName: extended, hugepages-, kubernetes.io/ prefixed, attachable-volumes-. */
function isScalar(name: string): bool {
  return isExtended(name) || name.startsWith("hugepages-") || (name.includes("/") && name.includes("kubernetes.io/")) ||
    name.startsWith("attachable-volumes-");
}

/** The scheduler's Resource: milli-CPU, bytes, pods, scalar resources. */
class Res {
  cpu: i64 = 0;
  mem: i64 = 0;
  eph: i64 = 0;
  pods: i64 = 0;
  scalarNames: Array<string> = new Array<string>();
  scalarVals: Array<i64> = new Array<i64>();
  scalar(name: string): i64 {
    for (let i = 0; i < this.scalarNames.length; i++) if (this.scalarNames[i] == name) return this.scalarVals[i];
    return 0;
  }
  addScalar(name: string, v: i64, max_: bool): void {
    for (let i = 0; i < this.scalarNames.length; i++) {
      if (this.scalarNames[i] != name) continue;
      this.scalarVals[i] = max_ ? (v > this.scalarVals[i] ? v : this.scalarVals[i]) : this.scalarVals[i] + v;
      return;
    }
    this.scalarNames.push(name);
    this.scalarVals.push(max_ ? (v > 0 ? v : 0) : v);
  }
  /** Resource.Add (max_: SetMaxResource from zero). */
  add(rl: RL, max_: bool): void {
    for (let i = 0; i < rl.names.length; i++) {
      const n = rl.names[i], q = rl.vals[i];
      if (n == "cpu") { const v = quantityMilliValue(q); this.cpu = max_ ? (v > this.cpu ? v : this.cpu) : this.cpu + v; }
      else if (n == "memory") { const v = quantityValue(q); this.mem = max_ ? (v > this.mem ? v : this.mem) : this.mem + v; }
      else if (n == "ephemeral-storage") { const v = quantityValue(q); this.eph = max_ ? (v > this.eph ? v : this.eph) : this.eph + v; }
      else if (n == "pods") { const v = quantityValue(q); this.pods = max_ ? (v > this.pods ? v : this.pods) : this.pods + v; }
      else if (isScalar(n)) this.addScalar(n, quantityValue(q), max_);
    }
  }
}

/** One refusal of the predicate admit handler: its message. */
function insufficient(name: string, req: i64, used: i64, cap: i64): string {
  return "Node didn't have enough resource: " + name + ", requested: " + req.toString() + ", used: " + used.toString() + ", capacity: " + cap.toString();
}

/** The node-selector match of the pod against the node's labels (after the OS check's relabelling). */
function selectorMatches(pod: Val | null, keys: Array<string>, vals: Array<string>): bool {
  const sel = strMap(fld(fld(pod, "Spec"), "NodeSelector"));
  for (let i = 0; i < sel.keys.length; i++) {
    let found = false;
    for (let j = keys.length - 1; j >= 0; j--) {
      if (keys[j] == sel.keys[i]) { found = vals[j] == sel.vals[i]; break; }
    }
    if (!found) return false;
  }
  return true;
}

/** The OS check's relabelling: a node with labels gets kubernetes.io/os of the kubelet's OS (linux). */
function relabel(keys: Array<string>, vals: Array<string>): void {
  if (keys.length == 0) return;
  for (let j = keys.length - 1; j >= 0; j--) if (keys[j] == "kubernetes.io/os") { vals[j] = "linux"; return; }
  keys.push("kubernetes.io/os");
  vals.push("linux");
}

/** The predicate admit handler's answer: "" when admitted, else the message of its first reason. */
export function predicateAdmit(pod: Val | null, others: Array<Val | null>, node: AdmitNode, k: i32, g: Gates): string | null {
  const podLevel = k >= 32 && g.enabled("PodLevelResources", k);
  const osLabel = strMap(fld(fld(pod, "ObjectMeta"), "Labels"));
  const oi = osLabel.find("kubernetes.io/os");
  const osSelector = oi >= 0 && osLabel.vals[oi] != "linux";
  const osField = isSet(fld(fld(pod, "Spec"), "OS")) && str(fld(deref(fld(fld(pod, "Spec"), "OS")), "Name")) != "linux";
  const OS_SELECTOR = "Failed to admit pod as the `kubernetes.io/os` label doesn't match node label";
  const OS_FIELD = "Failed to admit pod as the OS field doesn't match node OS";
  // the OS check gives a node with labels the kubernetes.io/os label of the kubelet's OS (linux)
  const keys = node.labelKeys.slice(0), vals = node.labelVals.slice(0);
  if (k >= 28) {
    relabel(keys, vals);
    if (osSelector) return OS_SELECTOR;
    if (osField) return OS_FIELD;
  }
  // NodeInfo of the other pods
  const used = new Res();
  for (let i = 0; i < others.length; i++) {
    const r = podRequests(others[i], k, podLevel, false, false, true);
    if (r === null) return null;
    used.add(r, false);
  }
  const alloc = new Res();
  alloc.add(node.allocatable, false);
  // removeMissingExtendedResources, then computePodResourceRequest
  const want = podRequests(pod, k, podLevel, false, false);
  if (want === null) return null;
  const req = new Res();
  const kept = new RL();
  for (let i = 0; i < want.names.length; i++) {
    const n = want.names[i];
    if (isExtended(n) && alloc.scalarNames.indexOf(n) < 0) continue;
    kept.set(n, want.vals[i]);
  }
  req.add(kept, true);
  const reasons = new Array<string>();
  if (<i64>others.length + 1 > alloc.pods) reasons.push(insufficient("pods", 1, others.length, alloc.pods));
  const anyReq = req.cpu != 0 || req.mem != 0 || req.eph != 0 || req.scalarNames.length > 0;
  if (anyReq) {
    const guard = k >= 28;
    if ((!guard || req.cpu > 0) && req.cpu > alloc.cpu - used.cpu) reasons.push(insufficient("cpu", req.cpu, used.cpu, alloc.cpu));
    if ((!guard || req.mem > 0) && req.mem > alloc.mem - used.mem) reasons.push(insufficient("memory", req.mem, used.mem, alloc.mem));
    if ((!guard || req.eph > 0) && req.eph > alloc.eph - used.eph) reasons.push(insufficient("ephemeral-storage", req.eph, used.eph, alloc.eph));
    for (let i = 0; i < req.scalarNames.length; i++) {
      const n = req.scalarNames[i], v = req.scalarVals[i];
      if (v == 0) continue;
      if (k >= 37 && v <= 0) continue;
      if (v > alloc.scalar(n) - used.scalar(n)) reasons.push(insufficient(n, v, used.scalar(n), alloc.scalar(n)));
    }
  }
  if (!selectorMatches(pod, keys, vals)) reasons.push("Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector");
  const nn = str(fld(fld(pod, "Spec"), "NodeName"));
  if (nn.length > 0 && nn != node.name) reasons.push("Predicate NodeName failed: node(s) didn't match the requested node name");
  if (reasons.length > 0) return reasons[0];
  if (k < 28) {
    if (osSelector) return OS_SELECTOR;
    if (osField) return OS_FIELD;
  }
  return "";
}

/** qos.GetPodQOS: the status' class, else computed from the spec. */
function podQOS(pod: Val | null, k: i32, g: Gates): string {
  const q = str(fld(fld(pod, "Status"), "QOSClass"));
  if (q.length > 0) return q;
  const c = computeQOS(fld(pod, "Spec"), k >= 32 && g.enabled("PodLevelResources", k), g.enabled("PodLevelResourcesFixKubeletQOSClass", k), k >= 37);
  return c === null ? "" : c;
}

/** guaranteedPodResourceResizeRequired with no allocation recorded for the pod: a resizable container requests `name`. */
function resizeRequired(pod: Val | null, name: string, k: i32, g: Gates): bool {
  const spec = fld(pod, "Spec");
  const cs = fld(spec, "Containers");
  for (let i = 0; i < sliceLen(cs); i++) {
    const q = rlOf(fld(fld(at(cs, i), "Resources"), "Requests")).get(name);
    if (q !== null && !q.isZero()) return true;
  }
  const inits = fld(spec, "InitContainers");
  const all = k >= 36 && g.enabled("InPlacePodVerticalScalingInitContainers", k);
  for (let i = 0; i < sliceLen(inits); i++) {
    const c = at(inits, i);
    if (!all && !restartable(c)) continue;
    const q = rlOf(fld(fld(c, "Resources"), "Requests")).get(name);
    if (q !== null && !q.isZero()) return true;
  }
  return false;
}

/** The answer of kubelet `k` to the resize of `pod` (desired resources) beside the active `others` on `node`; null when a sum is too large. */
export function resizeAdmission(pod: Val | null, others: Array<Val | null>, node: AdmitNode, cfg: AdmitConfig, k: i32, g: Gates): AdmitAnswer | null {
  const a = new AdmitAnswer();
  const cond = k >= 33;
  // the static CPU / memory manager refusals (1.32+)
  if (k >= 32 && podQOS(pod, k, g) == "Guaranteed") {
    let msg = "";
    const exclCPU = g.enabled("InPlacePodVerticalScalingExclusiveCPUs", k);
    const exclMem = k >= 34 && g.enabled("InPlacePodVerticalScalingExclusiveMemory", k);
    if (k == 32) {
      if (!exclCPU && (cfg.cpuPolicy == "static" || cfg.memPolicy == "static")) msg = "-";
    } else if (k == 33) {
      if (!exclCPU && cfg.cpuPolicy == "static") msg = "Resize is infeasible for Guaranteed Pods alongside CPU Manager static policy";
      else if (!exclCPU && cfg.memPolicy == "Static") msg = "Resize is infeasible for Guaranteed Pods alongside Memory Manager static policy";
    } else {
      if (!exclCPU && cfg.cpuPolicy == "static" && resizeRequired(pod, "cpu", k, g)) msg = "Resize is infeasible for Guaranteed Pods alongside CPU Manager policy \"static\"";
      else if (!exclMem && cfg.memPolicy == "Static" && resizeRequired(pod, "memory", k, g)) msg = "Resize is infeasible for Guaranteed Pods alongside Memory Manager policy \"Static\"";
    }
    if (msg.length > 0) return refused(a, "Infeasible", cond ? msg : "", cond);
  }
  // the node's allocatable against the desired requests (1.27-1.35)
  if (k <= 35) {
    const podLevel = k >= 32 && g.enabled("PodLevelResources", k);
    const cq = getResourceRequest(pod, "cpu", k, podLevel), mq = getResourceRequest(pod, "memory", k, podLevel);
    if (cq === null || mq === null) return null;
    const cpuReq = quantityMilliValue(cq), memReq = quantityValue(mq);
    const cpuCap = quantityMilliValue(node.allocatable.get("cpu") || new Quantity());
    const memCap = quantityValue(node.allocatable.get("memory") || new Quantity());
    if (cpuReq > cpuCap || memReq > memCap) {
      const msg = memReq > memCap ? "memory, requested: " + memReq.toString() + ", capacity: " + memCap.toString()
        : "cpu, requested: " + cpuReq.toString() + ", capacity: " + cpuCap.toString();
      return refused(a, "Infeasible", cond ? "Node didn't have enough capacity: " + msg : "", cond);
    }
  }
  const m = predicateAdmit(pod, others, node, k, g);
  if (m === null) return null;
  if (m.length > 0) return refused(a, "Deferred", cond ? m : "", cond);
  a.status = "Admitted";
  if (!cond) a.resize = "InProgress";
  return a;
}

/** Fills a refusal: status.resize before 1.33, the PodResizePending condition after. */
function refused(a: AdmitAnswer, status: string, message: string, cond: bool): AdmitAnswer {
  a.status = status;
  if (cond) { a.reason = status; a.message = message; } else a.resize = status;
  return a;
}

/** IsMirrorPod: the kubelet's pod manager keeps a mirror pod apart from the pods GetPods lists. */
export function isMirror(pod: Val | null): bool {
  return strMap(fld(fld(pod, "ObjectMeta"), "Annotations")).find("kubernetes.io/config.mirror") >= 0;
}

/** IsCriticalPod: static, mirror or priority >= 2000000000. */
export function isCritical(pod: Val | null): bool {
  const ann = strMap(fld(fld(pod, "ObjectMeta"), "Annotations"));
  const si = ann.find("kubernetes.io/config.source");
  if (si >= 0 && ann.vals[si] != "api") return true;
  if (ann.find("kubernetes.io/config.mirror") >= 0) return true;
  const p = fld(fld(pod, "Spec"), "Priority");
  return isSet(p) && int(p) >= 2000000000;
}
