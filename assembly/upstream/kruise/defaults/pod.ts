// OpenKruise's own pod-template defaulting (apis/apps/defaults pod.go SetDefaultPodSpec, v1.8.3 and v1.9.0),
// which its mutating webhooks apply to a workload's template and its validating webhooks' template
// conversion (convertor.ConvertPodTemplateSpec) applies again before validating: Kubernetes' SetDefaults_PodSpec
// of Kruise's k8s.io/kubernetes release, then a subset of the generated defaulters - volumes (v1.9 without the
// iSCSI, RBD, AzureDisk and ScaleIO defaults v1.8 has, neither with the generic ephemeral claim), containers with
// imagePullPolicy Always where empty (for in-place updates), ports, env field refs, resource lists, probes and
// lifecycle HTTP handlers (no gRPC service default), ephemeral containers without SetDefaults_Container, and
// the overhead; v1.9.0's DefaultHostNetworkHostPortsInPodTemplates gate (off by default) adds host ports.

import { StructV } from "../../../typed/value";
import { structField, structItems, strEmpty, setStr, intOf } from "../../kubernetes/defaults/tree";
import { defaultContainerFields } from "../../kubernetes/defaults/container";
import { defaultVolume } from "../../kubernetes/defaults/volume";
import { roundResourceList, roundRequirements } from "../../kubernetes/defaults/resources";
import { setDefaultsPodSpec, hostNetworkPorts } from "../../kubernetes/defaults/podspec";

/** The container defaults SetDefaultPodSpec applies (`full`: SetDefaults_Container too; `pullAlways`: imagePullPolicy
 *  Always first): the generated defaulters' container part without the gRPC probe service. */
function container(c: StructV, minor: i32, full: bool, pullAlways: bool): void {
  if (pullAlways && strEmpty(c, "ImagePullPolicy")) setStr(c, "ImagePullPolicy", "Always");
  defaultContainerFields(c, minor, full, false);
}

/** SetDefaultPodSpec of Kruise minor `kruise` (8 or 9) on v1.PodSpec `spec` of Kubernetes minor `minor` (Kruise's libraries);
 *  `hostPorts`: v1.9.0's DefaultHostNetworkHostPortsInPodTemplates gate. */
export function kruisePodSpecDefaults(spec: StructV, kruise: i32, minor: i32, hostPorts: bool): void {
  setDefaultsPodSpec(spec, minor);
  if (kruise >= 9 && hostPorts && intOf(spec, "HostNetwork") != 0) {
    hostNetworkPorts(structItems(spec, "Containers"));
    hostNetworkPorts(structItems(spec, "InitContainers"));
  }
  const volumes = structItems(spec, "Volumes");
  for (let i = 0; i < volumes.length; i++) defaultVolume(volumes[i], minor, kruise <= 8, false);
  const inits = structItems(spec, "InitContainers");
  for (let i = 0; i < inits.length; i++) container(inits[i], minor, true, false);
  const cs = structItems(spec, "Containers");
  for (let i = 0; i < cs.length; i++) container(cs[i], minor, true, true);
  const eph = structItems(spec, "EphemeralContainers");
  for (let i = 0; i < eph.length; i++) {
    const common = structField(eph[i], "EphemeralContainerCommon");
    if (common !== null) container(common, minor, false, false);
  }
  roundResourceList(spec, "Overhead");
}

/** What Kruise's workload defaulters do to each volume claim template: SetDefaults_PersistentVolumeClaim (phase
 *  Pending) and the resource lists of its spec and status rounded. */
export function kruiseClaimTemplateDefaults(pvc: StructV): void {
  const st = structField(pvc, "Status");
  if (st !== null && strEmpty(st, "Phase")) setStr(st, "Phase", "Pending");
  const spec = structField(pvc, "Spec");
  if (spec !== null) roundRequirements(structField(spec, "Resources"));
  if (st !== null) roundResourceList(st, "Capacity");
}
