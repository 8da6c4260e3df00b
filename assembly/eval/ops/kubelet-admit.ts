// Op `kubelet.resizeAdmission` {pod|podText, node|nodeText, pods?, kubelet?, gates?, cpuManagerPolicy?,
// memoryManagerPolicy?} → {status: "Admitted"|"Deferred"|"Infeasible", resize, reason, message}: whether the kubelet
// of minor 1.27-1.37 admits the in-place resize of `pod` (its spec holds the desired resources) on `node` beside the
// other pods bound there (`pods`), as the pod's status then shows it: `resize` is status.resize (1.27-1.32:
// InProgress, Deferred or Infeasible; "" from 1.33), `reason` / `message` the PodResizePending condition (1.33+;
// "" when admitted). The upstream code per era: (*Kubelet).canResizePod (1.27-1.33), the allocation manager's
// canResizePod (1.34-1.35), its canAdmitPod with the resize operation and the resize admit handler (1.36+); the
// model is assembly/upstream/kubelet/admit.ts.
//
// Objects are seen as the kubelet sees them: the pods decoded, defaulted and stored as the API server of that minor
// does; the node's metadata.name, metadata.labels, spec.taints and status.allocatable (defaulted from
// status.capacity when absent) read from its JSON. A missing metadata.uid is "resized-pod" for the pod and "pod-<i>"
// for pods[i]; as in the kubelet's pod manager, mirror pods are not listed and a repeated uid keeps the last pod;
// pods in phase Succeeded or Failed are not active; a pod with the resized pod's uid is left out.
// InPlacePodVerticalScaling is on (refused when a request turns it off). cpuManagerPolicy ("none" default, "static")
// and memoryManagerPolicy ("None" default, "Static") are compared as each minor compares them (1.32: both "static").
//
// Not modelled, refused with E_BAD_REQUEST (path to the field): critical pods (static, mirror, priority >=
// 2000000000: the kubelet preempts other pods for them), required node affinity, host ports, NoExecute taints on
// the node, supplementalGroupsPolicy Strict, pod-level kubelet-reported resources in the other pods' status
// (status.resources / allocatedResources). The other pods' container statuses count as the scheduler's NodeInfo
// reads them (allocatedResources 1.27-1.31, resources 1.32+, with the resize's Infeasible state). Also taken as given:
// the kubelet's other admit handlers (eviction, sysctls, AppArmor, topology, shutdown) admit; no device plugins;
// the container manager's absolute allocatable is the Node's status.allocatable; no swap; the other pods'
// allocation is their spec and none is recorded for the resized pod. Kubelet 1.27-1.31 panics when it admits a pod
// with a container status lacking allocatedResources (for a container with requests): E_BAD_REQUEST.

import { fail, hasError, setErrorPath, E_BAD_REQUEST, E_UNSUPPORTED_VERSION } from "../../base/errors";
import { ByteSink } from "../../io/sink";
import { Request, onlyFields, exactOf } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { Tape, K_OBJECT, K_ARRAY, K_STRING, K_NULL } from "../../json/tape";
import { unquote } from "../../json/strings";
import { Value } from "../../json/value";
import { k8sMinor, k8sValue, k8sString } from "./k8sfields";
import { readGates } from "./pod-validate";
import { Gates } from "../../upstream/kubernetes/validation/gates";
import { requestType } from "../../typed/types";
import { Val } from "../../typed/value";
import { storeObject, defaultGatesOf } from "../../stored/stored";
import { defaultGoOf } from "../../base/pins";
import { unmarshalQuantityJSON } from "../../quantity/unmarshal";
import { fld, str, sliceLen, at, isSet, deref, int } from "../../upstream/kubernetes/validation/view";
import { VerdictRun } from "../../verdict/verdict";
import { KIND_POD } from "../../verdict/kinds";
import { V_REJECTED } from "../../verdict/result";
import { EFFECT_IN_PLACE, EFFECT_NONE } from "../../policy/levels";
import { AdmitNode, AdmitConfig, AdmitAnswer, RL, resizeAdmission, isCritical, isMirror, rlOf } from "../../upstream/kubelet/admit";

const FIELDS = ["pod", "podText", "node", "nodeText", "pods", "kubelet", "gates", "cpuManagerPolicy", "memoryManagerPolicy"];

/** Most other pods a request may name (the work is linear in them). */
const MAX_PODS: i32 = 10000;

/** The decoded text of string node `i`. */
function textAt(t: Tape, i: i32): string {
  const d = new ByteSink(t.len(i) + 4);
  unquote(d, t.ptr(i), t.len(i), false);
  return String.UTF8.decodeUnsafe(d.ptr, <usize>d.len);
}

/** Member `name` of object node `obj` (the last of a repeated name, as Go's decoder keeps it); -1 when absent. */
function lastMember(t: Tape, obj: i32, name: string): i32 {
  let found = -1;
  const n = t.children(obj);
  let k = obj + 1;
  for (let m = 0; m < n; m++) {
    const v = t.next(k);
    if (textAt(t, k) == name) found = v;
    k = t.next(v);
  }
  return found;
}

/** Object member `name` of `obj` (null → -1); false with an error when it is not an object. */
function objectAt(t: Tape, obj: i32, name: string, path: string, out: Array<i32>): bool {
  out[0] = -1;
  if (obj < 0) return true;
  const i = lastMember(t, obj, name);
  if (i < 0 || t.kind(i) == K_NULL) return true;
  if (t.kind(i) != K_OBJECT) return fail(E_BAD_REQUEST, "node " + path + " must be an object", -1, "node");
  out[0] = i;
  return true;
}

/** A ResourceList object of the node (null map: null). */
function nodeList(t: Tape, obj: i32, path: string): RL | null {
  const r = new RL();
  const n = t.children(obj);
  let k = obj + 1;
  for (let m = 0; m < n; m++) {
    const v = t.next(k);
    const q = unmarshalQuantityJSON(t.src + <usize>t.rawStart(v), t.rawEnd(v) - t.rawStart(v));
    if (q === null) {
      // the parser's own error (E_QUANTITY with upstream's text) keeps its code; it names the node
      if (hasError()) { setErrorPath("node"); return null; }
      fail(E_BAD_REQUEST, "node " + path + "[" + textAt(t, k) + "]: not a quantity", -1, "node");
      return null;
    }
    r.set(textAt(t, k), q);
    k = t.next(v);
  }
  return r;
}

/** The node as the kubelet reads it; null with an error recorded. */
function readNode(v: Value): AdmitNode | null {
  const t = v.tape;
  const root = v.node;
  if (t.kind(root) != K_OBJECT) { fail(E_BAD_REQUEST, "\"node\" must be a v1 Node object", -1, "node"); return null; }
  const node = new AdmitNode();
  const o = [-1];
  if (!objectAt(t, root, "metadata", "metadata", o)) return null;
  const meta = o[0];
  if (meta >= 0) {
    const nm = lastMember(t, meta, "name");
    if (nm >= 0 && t.kind(nm) == K_STRING) node.name = textAt(t, nm);
    else if (nm >= 0 && t.kind(nm) != K_NULL) { fail(E_BAD_REQUEST, "node metadata.name must be a string", -1, "node"); return null; }
    if (!objectAt(t, meta, "labels", "metadata.labels", o)) return null;
    const labels = o[0];
    if (labels >= 0) {
      const n = t.children(labels);
      let k = labels + 1;
      for (let m = 0; m < n; m++) {
        const lv = t.next(k);
        if (t.kind(lv) != K_STRING) { fail(E_BAD_REQUEST, "node metadata.labels must map strings to strings", -1, "node"); return null; }
        const key = textAt(t, k);
        const at_ = node.labelKeys.indexOf(key);
        if (at_ >= 0) node.labelVals[at_] = textAt(t, lv);
        else { node.labelKeys.push(key); node.labelVals.push(textAt(t, lv)); }
        k = t.next(lv);
      }
    }
  }
  if (!objectAt(t, root, "spec", "spec", o)) return null;
  if (o[0] >= 0) {
    const taints = lastMember(t, o[0], "taints");
    if (taints >= 0 && t.kind(taints) == K_ARRAY) {
      const n = t.children(taints);
      let k = taints + 1;
      for (let m = 0; m < n; m++) {
        if (t.kind(k) == K_OBJECT) {
          const e = lastMember(t, k, "effect");
          if (e >= 0 && t.kind(e) == K_STRING && textAt(t, e) == "NoExecute") {
            fail(E_BAD_REQUEST, "a NoExecute taint on the node (the kubelet's toleration check) is not modelled", -1, "node");
            return null;
          }
        }
        k = t.next(k);
      }
    } else if (taints >= 0 && t.kind(taints) != K_NULL) { fail(E_BAD_REQUEST, "node spec.taints must be an array", -1, "node"); return null; }
  }
  if (!objectAt(t, root, "status", "status", o)) return null;
  const status = o[0];
  if (status >= 0) {
    const ao = [-1], co = [-1];
    if (!objectAt(t, status, "allocatable", "status.allocatable", ao)) return null;
    if (!objectAt(t, status, "capacity", "status.capacity", co)) return null;
    // SetDefaults_NodeStatus: a nil allocatable is a copy of the capacity
    const src = ao[0] >= 0 ? ao[0] : co[0];
    if (src >= 0) {
      const l = nodeList(t, src, ao[0] >= 0 ? "status.allocatable" : "status.capacity");
      if (l === null) return null;
      node.allocatable = l;
      node.hasAllocatable = true;
    }
  }
  return node;
}

/** Decodes, defaults and stores pod `v` as the API server of minor `k` does; null with an error (path `field`). */
function storedPod(v: Value, k: i32, g: Gates, field: string, exact: u32): Val | null {
  const ty = requestType("Pod", k);
  const s = storeObject(v, ty, k, defaultGoOf(k), field, "Pod", false, exact, null, defaultGatesOf(g, k));
  if (s === null || hasError()) return null;
  return s.value;
}

/** The uid of a stored pod ("" when unset). */
function uidOf(p: Val | null): string {
  return str(fld(fld(p, "ObjectMeta"), "UID"));
}

/** A field the model does not cover, as its refusal; "" when the pod has none. */
function unmodelled(p: Val | null, resized: bool): string {
  const spec = fld(p, "Spec");
  if (resized) {
    const na = fld(deref(fld(spec, "Affinity")), "NodeAffinity");
    if (isSet(fld(deref(na), "RequiredDuringSchedulingIgnoredDuringExecution"))) return "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution";
    for (let pass = 0; pass < 2; pass++) {
      const cs = fld(spec, pass == 0 ? "Containers" : "InitContainers");
      for (let i = 0; i < sliceLen(cs); i++) {
        const ports = fld(at(cs, i), "Ports");
        for (let j = 0; j < sliceLen(ports); j++) {
          if (int(fld(at(ports, j), "HostPort")) != 0) return "spec.containers[].ports[].hostPort";
        }
      }
    }
    const sgp = fld(deref(fld(spec, "SecurityContext")), "SupplementalGroupsPolicy");
    if (isSet(sgp) && str(sgp) == "Strict") return "spec.securityContext.supplementalGroupsPolicy";
    return "";
  }
  const st = fld(p, "Status");
  if (isSet(fld(st, "Resources"))) return "status.resources";
  if (rlOf(fld(st, "AllocatedResources")).names.length > 0) return "status.allocatedResources";
  return "";
}

/** Kubelet 1.27-1.31's canResizePod, admitting, writes each container's requests into its status' allocatedResources. */
const NIL_MAP_PANIC = "the kubelet panics admitting this resize (assignment to entry in nil map): a status.containerStatuses[] entry of a container with requests has no allocatedResources";

/** Whether that write meets a nil map: a container with requests whose first status by name has no allocatedResources. */
function nilAllocatedPanics(pod: Val | null): bool {
  const cs = fld(fld(pod, "Spec"), "Containers");
  const st = fld(fld(pod, "Status"), "ContainerStatuses");
  for (let i = 0; i < sliceLen(cs); i++) {
    const c = at(cs, i);
    if (rlOf(fld(fld(c, "Resources"), "Requests")).names.length == 0) continue;
    const name = str(fld(c, "Name"));
    for (let j = 0; j < sliceLen(st); j++) {
      if (str(fld(at(st, j), "Name")) != name) continue;
      if (rlOf(fld(at(st, j), "AllocatedResources")).names.length == 0) return true;
      break;
    }
  }
  return false;
}

/** `kubelet.resizeAdmission`. */
export function opKubeletResizeAdmission(req: Request, res: ResultWriter): bool {
  if (!onlyFields(req, FIELDS)) return false;
  const k = k8sMinor(req, "kubelet");
  if (k < 0) return false;
  if (k < 27) return fail(E_UNSUPPORTED_VERSION, "kubelet.resizeAdmission models kubelet 1.27 to 1.37, not \"1." + k.toString() + "\"", -1, "kubelet");
  const g = admitGates(req, k);
  if (g === null) return false;
  const cfg = new AdmitConfig();
  if (req.field("cpuManagerPolicy") >= 0) {
    const b = k8sString(req, "cpuManagerPolicy");
    if (b === null) return false;
    cfg.cpuPolicy = String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
  }
  if (req.field("memoryManagerPolicy") >= 0) {
    const b = k8sString(req, "memoryManagerPolicy");
    if (b === null) return false;
    cfg.memPolicy = String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
  }
  const exact = exactOf(req);
  if (exact < 0) return false;
  const pv = k8sValue(req, "pod");
  if (pv === null) return false;
  const a = admitOnNode(req, pv, "pod", k, g, cfg, <u32>exact);
  if (a === null) return false;
  res.str("status", a.status);
  res.str("resize", a.resize);
  res.str("reason", a.reason);
  res.str("message", a.message);
  return true;
}

/** The kubelet's gates of minor `k`: InPlacePodVerticalScaling on, then the request's `gates`; null with an error. */
export function admitGates(req: Request, k: i32): Gates | null {
  const g = new Gates();
  if (k < 35 && !g.set("InPlacePodVerticalScaling", true, k)) { fail(E_BAD_REQUEST, g.error!, -1, "gates"); return null; }
  if (!readGates(req, g, k)) return null;
  if (!g.enabled("InPlacePodVerticalScaling", k)) { fail(E_BAD_REQUEST, "the kubelet admits a resize only with InPlacePodVerticalScaling on", -1, "gates"); return null; }
  return g;
}

/**
 * The admission by kubelet `k` of the resize of pod `pv` (request field `podField`) on the request's `node` beside
 * its `pods`; null with an error recorded.
 */
export function admitOnNode(req: Request, pv: Value, podField: string, k: i32, g: Gates, cfg: AdmitConfig, exact: u32): AdmitAnswer | null {
  const pod = storedPod(pv, k, g, podField, exact);
  if (pod === null) return null;
  const nv = k8sValue(req, "node");
  if (nv === null) return null;
  const node = readNode(nv);
  if (node === null) return null;
  const all = new Array<Val | null>();
  const uids = new Array<string>();
  const pi = req.field("pods");
  const t = req.tape;
  if (pi >= 0 && t.kind(pi) != K_NULL) {
    if (t.kind(pi) != K_ARRAY) { fail(E_BAD_REQUEST, "\"pods\" must be an array of pods", -1, "pods"); return null; }
    const n = t.children(pi);
    if (n > MAX_PODS) { fail(E_BAD_REQUEST, "\"pods\" holds more than " + MAX_PODS.toString() + " pods", -1, "pods"); return null; }
    let e = pi + 1;
    for (let i = 0; i < n; i++) {
      const path = "pods[" + i.toString() + "]";
      const p = storedPod(new Value(t, e, 0), k, g, path, exact);
      if (p === null) return null;
      all.push(p);
      const u = uidOf(p);
      uids.push(u.length > 0 ? u : "pod-" + i.toString());
      e = t.next(e);
    }
  }
  if (isCritical(pod)) { fail(E_BAD_REQUEST, "a critical pod (static, mirror or priority >= 2000000000) makes the kubelet preempt other pods: not modelled", -1, podField); return null; }
  const um = unmodelled(pod, true);
  if (um.length > 0) { fail(E_BAD_REQUEST, "pod " + um + " is not modelled by kubelet.resizeAdmission", -1, podField); return null; }
  let self = uidOf(pod);
  if (self.length == 0) self = "resized-pod";
  // the kubelet's pod manager: mirror pods apart, one pod per uid (the last added; the resized pod is added last)
  const last = new Map<string, i32>();
  for (let i = 0; i < all.length; i++) if (!isMirror(all[i])) last.set(uids[i], i);
  const others = new Array<Val | null>();
  for (let i = 0; i < all.length; i++) {
    if (isMirror(all[i]) || last.get(uids[i]) != i) continue;
    const ph = str(fld(fld(all[i], "Status"), "Phase"));
    if (ph == "Succeeded" || ph == "Failed") continue;
    if (uids[i] == self) continue;
    const u = unmodelled(all[i], false);
    if (u.length > 0) { fail(E_BAD_REQUEST, "pods[" + i.toString() + "] " + u + " is not modelled by kubelet.resizeAdmission", -1, "pods"); return null; }
    others.push(all[i]);
  }
  const a = resizeAdmission(pod, others, node, cfg, k, g);
  if (a === null || hasError()) {
    if (!hasError()) fail(E_BAD_REQUEST, "a sum of requests is too large", -1, podField);
    return null;
  }
  if (k <= 31 && a.status == "Admitted" && nilAllocatedPanics(pod)) { fail(E_BAD_REQUEST, NIL_MAP_PANIC, -1, podField); return null; }
  return a;
}

/**
 * The verdict's `node` (`nodeText`) and `pods`: when a Pod's change goes to the resize subresource and the API server
 * accepts it, the kubelet's admission of that resize on the node (member resizeAdmission and a reason at the status
 * field the kubelet writes); false with an error recorded.
 */
export function verdictAdmission(req: Request, run: VerdictRun, exact: u32): bool {
  const t = req.tape;
  const ni = req.field("node"), nt = req.field("nodeText"), pi = req.field("pods");
  const given = (ni >= 0 && t.kind(ni) != K_NULL) || (nt >= 0 && t.kind(nt) != K_NULL);
  if (!given) {
    if (pi >= 0 && t.kind(pi) != K_NULL) return fail(E_BAD_REQUEST, "\"pods\" needs \"node\" (the node they are bound to)", -1, "pods");
    return true;
  }
  if (run.kind != KIND_POD) return fail(E_BAD_REQUEST, "\"node\" applies to Pod verdicts only", -1, ni >= 0 ? "node" : "nodeText");
  const v = run.verdict;
  const k = run.opts.kubelet;
  if (!v.resize || v.verdict == V_REJECTED || v.rejection.length > 0 || k < 27) return true;
  const g = admitGates(req, k);
  if (g === null) return false;
  const pv = k8sValue(req, "new");
  if (pv === null) return false;
  const a = admitOnNode(req, pv, "new", k, g, new AdmitConfig(), exact);
  if (a === null) return false;
  v.admitStatus = a.status;
  v.admitResize = a.resize;
  v.admitReason = a.reason;
  v.admitMessage = a.message;
  v.reason(k <= 32 ? "/status/resize" : "/status/conditions", a.status == "Admitted" ? EFFECT_IN_PLACE : EFFECT_NONE, admissionSentence(a));
  return true;
}

/** The admission in words: "the kubelet defers the resize: Node didn't have enough resource: ...". */
export function admissionSentence(a: AdmitAnswer): string {
  let s = a.status == "Admitted" ? "the kubelet admits the resize on its node" : a.status == "Deferred" ? "the kubelet defers the resize" : "the kubelet finds the resize infeasible";
  if (a.message.length > 0) s += ": " + a.message;
  else if (a.resize.length > 0) s += " (status.resize " + a.resize + ")";
  return s;
}
