// API-server defaulting of pods and pod templates per Kubernetes minor (1.15–1.37; 1.12 has no
// k8s.io/kubernetes build to check against and is refused by the ops): what
// k8s.io/kubernetes pkg/apis/core/v1 SetObjectDefaults_Pod and SetObjectDefaults_PodTemplate do, at the
// minor's default feature gates, on the typed value tree of assembly/typed/value.ts.
//
// Public entry points (call them on a value decoded with assembly/typed/decode.ts at the same minor; they
// mutate the tree in place, materializing zero structs they write into, and return false with an error
// recorded (assembly/base/errors.ts) only when pod-level Quantity sums exceed the engine's digit cap):
//   applyPodDefaults(pod, minor)            SetObjectDefaults_Pod on a v1.Pod (StructV)
//   applyPodTemplateSpecDefaults(t, minor)  the PodTemplate defaulter on a v1.PodTemplateSpec (StructV)
//   applyPodSpecDefaults(spec, minor, asPod) the pod-spec part: SetDefaults_PodSpec and every nested
//                                           defaulter; asPod = also SetDefaults_Pod's spec rules
//   applyContainerDefaults(c, minor)        a container as SetObjectDefaults_Pod defaults it inside a pod
//
// Feature gates at their defaults (pkg/features) unless a caller passes the request's: InPlacePodVerticalScaling
// resize policies (1.27–1.32, off; `resizePolicies` of applyPodDefaults), DefaultHostNetworkHostPortsInPodTemplates (1.28–1.30, off), ImageVolume (on from 1.35),
// PodLevelResources (on 1.34+; the pod-level limits/requests defaulting of a Pod at 1.34–1.36 is in
// podlevel.ts) with PodLevelResourcesFixDefaulting (on 1.37: no pod-level defaulting in the defaulter),
// H2CContainerProbe (1.37, off).

import { StructV, SliceV } from "../../../typed/value";
import { elem, fieldIndex, fieldType } from "../../../schema/schema";
import {
  structField, ptrStruct, structItems, isNil, newPtrStruct, strEmpty, setStr, setPtrInt, intOf, setInt,
  ptrIntOf, strOfField, setStrVal, typeOfField, newStruct, setField, sliceLen, mapField, mapFindStr, strIs,
} from "./tree";
import { defaultContainerFields } from "./container";
import { defaultVolume } from "./volume";
import { requestsFromLimits, roundResourceList, roundRequirements } from "./resources";
import { defaultPodLevelResources } from "./podlevel";

/** The oldest minor the defaulters answer for (1.12 cannot be checked against k8s.io/kubernetes). */
export const DEFAULTS_MIN_MINOR: i32 = 15;

/** SetObjectDefaults_Pod on v1.Pod `pod` at Kubernetes `minor` (`resizePolicies`: InPlacePodVerticalScaling is on);
 *  false with an error recorded. */
export function applyPodDefaults(pod: StructV, minor: i32, resizePolicies: bool = false): bool {
  const spec = structField(pod, "Spec");
  if (spec === null) return true;
  if (!applyPodSpecDefaults(spec, minor, true, resizePolicies)) return false;
  const status = structField(pod, "Status");
  if (status !== null) defaultPodStatus(status, minor);
  return true;
}

/** The PodTemplate defaulter (SetObjectDefaults_PodTemplate, and the apps/v1 workloads' template part) on v1.PodTemplateSpec `t`. */
export function applyPodTemplateSpecDefaults(t: StructV, minor: i32): bool {
  const spec = structField(t, "Spec");
  if (spec === null) return true;
  return applyPodSpecDefaults(spec, minor, false);
}

/** A container as SetObjectDefaults_Pod defaults the only container of a pod (requests from limits included). */
export function applyContainerDefaults(c: StructV, minor: i32): void {
  requestsFromLimits(c);
  defaultContainerFields(c, minor, true);
}

/**
 * Every default of v1.PodSpec `spec` at `minor`: SetDefaults_Pod's spec rules when `asPod`, then
 * SetDefaults_PodSpec, volumes, init / regular / ephemeral containers, overhead and pod resources.
 * False with an error recorded when pod-level Quantity sums exceed the engine's digit cap (E_TOO_LARGE).
 */
export function applyPodSpecDefaults(spec: StructV, minor: i32, asPod: bool, resizePolicies: bool = false): bool {
  if (asPod && !podRules(spec, minor, resizePolicies)) return false;
  setDefaultsPodSpec(spec, minor);
  const volumes = structItems(spec, "Volumes");
  for (let i = 0; i < volumes.length; i++) defaultVolume(volumes[i], minor);
  const inits = structItems(spec, "InitContainers");
  for (let i = 0; i < inits.length; i++) defaultContainerFields(inits[i], minor, true);
  const cs = structItems(spec, "Containers");
  for (let i = 0; i < cs.length; i++) defaultContainerFields(cs[i], minor, true);
  const eph = structItems(spec, "EphemeralContainers");
  for (let i = 0; i < eph.length; i++) {
    const common = structField(eph[i], "EphemeralContainerCommon");
    if (common !== null) defaultContainerFields(common, minor, minor >= 20);
  }
  roundResourceList(spec, "Overhead");
  const res = ptrStruct(spec, "Resources");
  if (res !== null) roundRequirements(res);
  return true;
}

/** SetDefaults_Pod's rules on the spec (requests from limits, resize policies 1.27-1.32 with InPlacePodVerticalScaling,
 *  enableServiceLinks, host ports 1.28+, grace period 1.37). */
function podRules(spec: StructV, minor: i32, resizePolicies: bool): bool {
  if (minor >= 37 && ptrIntOf(spec, "TerminationGracePeriodSeconds", 0) < 0) {
    setPtrInt(spec, "TerminationGracePeriodSeconds", 1);
  }
  const cs = structItems(spec, "Containers");
  for (let i = 0; i < cs.length; i++) {
    requestsFromLimits(cs[i]);
    if (resizePolicies && minor >= 27 && minor <= 32) defaultResizePolicy(cs[i]);
  }
  const inits = structItems(spec, "InitContainers");
  for (let i = 0; i < inits.length; i++) requestsFromLimits(inits[i]);
  // PodLevelResources (on 1.34+); 1.37's PodLevelResourcesFixDefaulting moves it out of the defaulter
  if (minor >= 34 && minor <= 36 && !defaultPodLevelResources(spec)) return false;
  if (isNil(spec, "EnableServiceLinks")) setPtrInt(spec, "EnableServiceLinks", 1);
  if (minor >= 28 && intOf(spec, "HostNetwork") != 0) {
    hostNetworkPorts(cs);
    hostNetworkPorts(inits);
  }
  return true;
}

/** A container with requests gets a NotRequired resize policy for cpu, then memory, when it requests them and names none. */
function defaultResizePolicy(c: StructV): void {
  const r = structField(c, "Resources");
  if (r === null) return;
  const req = mapField(r, "Requests");
  if (req === null) return;
  const pi = fieldIndex(c.t, "ResizePolicy");
  if (pi < 0) return;
  const st = fieldType(c.t, pi);
  const pt = elem(st);
  const named = structItems(c, "ResizePolicy");
  let list = c.f[pi];
  for (let k = 0; k < 2; k++) {
    const name = k == 0 ? "cpu" : "memory";
    if (mapFindStr(req, name) < 0) continue;
    let found = false;
    for (let j = 0; j < named.length && !found; j++) found = strIs(named[j], "ResourceName", name);
    if (found) continue;
    const p = newStruct(pt);
    setStr(p, "ResourceName", name);
    setStr(p, "RestartPolicy", "NotRequired");
    if (list === null) { list = new SliceV(st); c.f[pi] = list; }
    const sl = changetype<SliceV>(list);
    if (sl.len < sl.items.length) sl.items[sl.len] = p;
    else sl.items.push(p);
    sl.len++;
  }
}

/** SetDefaults_PodSpec at `minor` (host ports here until 1.27; 1.28–1.30 behind a gate that is off). */
export function setDefaultsPodSpec(spec: StructV, minor: i32): void {
  if (minor >= 37) {
    if (strEmpty(spec, "ServiceAccountName")) setStrVal(spec, "ServiceAccountName", strOfField(spec, "DeprecatedServiceAccount"));
    setStrVal(spec, "DeprecatedServiceAccount", strOfField(spec, "ServiceAccountName"));
  }
  if (strEmpty(spec, "DNSPolicy")) setStr(spec, "DNSPolicy", "ClusterFirst");
  if (strEmpty(spec, "RestartPolicy")) setStr(spec, "RestartPolicy", "Always");
  if (minor <= 27 && intOf(spec, "HostNetwork") != 0) {
    hostNetworkPorts(structItems(spec, "Containers"));
    hostNetworkPorts(structItems(spec, "InitContainers"));
  }
  if (isNil(spec, "SecurityContext")) newPtrStruct(spec, "SecurityContext");
  if (isNil(spec, "TerminationGracePeriodSeconds")) setPtrInt(spec, "TerminationGracePeriodSeconds", 30);
  if (strEmpty(spec, "SchedulerName")) setStr(spec, "SchedulerName", "default-scheduler");
}

/** defaultHostNetworkPorts: hostPort = containerPort where hostPort is 0. */
export function hostNetworkPorts(cs: Array<StructV>): void {
  for (let i = 0; i < cs.length; i++) {
    const ports = structItems(cs[i], "Ports");
    for (let j = 0; j < ports.length; j++) {
      if (intOf(ports[j], "HostPort") == 0) setInt(ports[j], "HostPort", intOf(ports[j], "ContainerPort"));
    }
  }
}

/** The PodStatus part of SetObjectDefaults_Pod: podIP/podIPs sync (1.37) and resource lists rounded. */
function defaultPodStatus(st: StructV, minor: i32): void {
  if (minor >= 37) podIPs(st);
  const lists: StaticArray<string> = ["InitContainerStatuses", "ContainerStatuses", "EphemeralContainerStatuses"];
  for (let k = 0; k < lists.length; k++) {
    const items = structItems(st, lists[k]);
    for (let i = 0; i < items.length; i++) {
      roundResourceList(items[i], "AllocatedResources");
      const r = ptrStruct(items[i], "Resources");
      if (r !== null) roundRequirements(r);
    }
  }
  roundResourceList(st, "AllocatedResources");
  const r = ptrStruct(st, "Resources");
  if (r !== null) roundRequirements(r);
}

/** SetDefaults_PodStatus (1.37): keep podIP and podIPs in sync, podIP authoritative. */
function podIPs(st: StructV): void {
  const ip = strOfField(st, "PodIP");
  const n = sliceLen(st, "PodIPs");
  if (ip === null && n == 0) return;
  if (ip === null) {
    const first = structItems(st, "PodIPs")[0];
    setStrVal(st, "PodIP", strOfField(first, "IP"));
    return;
  }
  if (n > 0) {
    const first = structItems(st, "PodIPs")[0];
    const f = strOfField(first, "IP");
    if (f !== null && f.n == ip.n && memory.compare(f.p, ip.p, <usize>ip.n) == 0) return;
  }
  const st_t = typeOfField(st, "PodIPs");
  const sl = new SliceV(st_t);
  const e = newStruct(elem(st_t));
  setStrVal(e, "IP", ip);
  sl.items.push(e);
  sl.len = 1;
  setField(st, "PodIPs", sl);
}
