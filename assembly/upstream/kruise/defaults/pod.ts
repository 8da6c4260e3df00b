// OpenKruise's own pod-template defaulting (apis/apps/defaults pod.go SetDefaultPodSpec, v1.8.3 and v1.9.0),
// which its mutating webhooks apply to a workload's template and its validating webhooks' template
// conversion (convertor.ConvertPodTemplateSpec) applies again before validating: Kubernetes' SetDefaults_PodSpec
// of Kruise's k8s.io/kubernetes release, then a subset of the generated defaulters - volumes (v1.9 without the
// iSCSI, RBD, AzureDisk and ScaleIO defaults v1.8 has, neither with the generic ephemeral claim), containers with
// imagePullPolicy Always where empty (for in-place updates), ports, env field refs, resource lists, probes and
// lifecycle HTTP handlers (no gRPC service default), ephemeral containers without SetDefaults_Container, and
// the overhead; v1.9.0's DefaultHostNetworkHostPortsInPodTemplates gate (off by default) adds host ports.

import { StructV } from "../../../typed/value";
import {
  structField, ptrStruct, structItems, isNil, newPtrStruct, allPtrFieldsNil, setPtrInt, setPtrStr, strEmpty, setStr,
  intOf, setInt,
} from "../../kubernetes/defaults/tree";
import { setContainerDefaults, defaultFieldRef } from "../../kubernetes/defaults/container";
import { defaultHTTPGet } from "../../kubernetes/defaults/probe";
import { roundResourceList, roundRequirements } from "../../kubernetes/defaults/resources";
import { setDefaultsPodSpec } from "../../kubernetes/defaults/podspec";

/** SetDefaults_Probe and the probe's HTTP handler. */
function probe(p: StructV): void {
  if (intOf(p, "TimeoutSeconds") == 0) setInt(p, "TimeoutSeconds", 1);
  if (intOf(p, "PeriodSeconds") == 0) setInt(p, "PeriodSeconds", 10);
  if (intOf(p, "SuccessThreshold") == 0) setInt(p, "SuccessThreshold", 1);
  if (intOf(p, "FailureThreshold") == 0) setInt(p, "FailureThreshold", 3);
  const h = structField(p, "ProbeHandler");
  if (h === null) return;
  const g = ptrStruct(h, "HTTPGet");
  if (g !== null) defaultHTTPGet(g);
}

/** The container defaults SetDefaultPodSpec applies (`full`: SetDefaults_Container too; `pullAlways`: imagePullPolicy Always first). */
function container(c: StructV, minor: i32, full: bool, pullAlways: bool): void {
  if (pullAlways && strEmpty(c, "ImagePullPolicy")) setStr(c, "ImagePullPolicy", "Always");
  if (full) setContainerDefaults(c, minor);
  const ports = structItems(c, "Ports");
  for (let j = 0; j < ports.length; j++) if (strEmpty(ports[j], "Protocol")) setStr(ports[j], "Protocol", "TCP");
  const env = structItems(c, "Env");
  for (let j = 0; j < env.length; j++) {
    const vf = ptrStruct(env[j], "ValueFrom");
    if (vf === null) continue;
    const fr = ptrStruct(vf, "FieldRef");
    if (fr !== null) defaultFieldRef(fr);
  }
  roundRequirements(structField(c, "Resources"));
  const probes: StaticArray<string> = ["LivenessProbe", "ReadinessProbe", "StartupProbe"];
  for (let k = 0; k < probes.length; k++) {
    const p = ptrStruct(c, probes[k]);
    if (p !== null) probe(p);
  }
  const l = ptrStruct(c, "Lifecycle");
  if (l === null) return;
  const hooks: StaticArray<string> = ["PostStart", "PreStop"];
  for (let k = 0; k < hooks.length; k++) {
    const h = ptrStruct(l, hooks[k]);
    if (h === null) continue;
    const g = ptrStruct(h, "HTTPGet");
    if (g !== null) defaultHTTPGet(g);
  }
}

/** defaultMode 0644 when nil. */
function defaultMode(s: StructV): void {
  if (isNil(s, "DefaultMode")) setPtrInt(s, "DefaultMode", 420);
}

/** fieldRef apiVersion of each item of a downward API source. */
function fieldRefs(d: StructV): void {
  const items = structItems(d, "Items");
  for (let j = 0; j < items.length; j++) {
    const f = ptrStruct(items[j], "FieldRef");
    if (f !== null) defaultFieldRef(f);
  }
}

/** SetDefaultPodVolumes of Kruise minor `kruise` on volume `v`. */
function volume(v: StructV, kruise: i32): void {
  const src = structField(v, "VolumeSource");
  if (src === null) return;
  if (allPtrFieldsNil(src)) newPtrStruct(src, "EmptyDir");
  const hp = ptrStruct(src, "HostPath");
  if (hp !== null && isNil(hp, "Type")) setPtrStr(hp, "Type", "");
  const sec = ptrStruct(src, "Secret");
  if (sec !== null) defaultMode(sec);
  if (kruise <= 8) {
    const iscsi = ptrStruct(src, "ISCSI");
    if (iscsi !== null && strEmpty(iscsi, "ISCSIInterface")) setStr(iscsi, "ISCSIInterface", "default");
    const rbd = ptrStruct(src, "RBD");
    if (rbd !== null) {
      if (strEmpty(rbd, "RBDPool")) setStr(rbd, "RBDPool", "rbd");
      if (strEmpty(rbd, "RadosUser")) setStr(rbd, "RadosUser", "admin");
      if (strEmpty(rbd, "Keyring")) setStr(rbd, "Keyring", "/etc/ceph/keyring");
    }
  }
  const dapi = ptrStruct(src, "DownwardAPI");
  if (dapi !== null) {
    defaultMode(dapi);
    fieldRefs(dapi);
  }
  const cm = ptrStruct(src, "ConfigMap");
  if (cm !== null) defaultMode(cm);
  if (kruise <= 8) {
    const az = ptrStruct(src, "AzureDisk");
    if (az !== null) {
      if (isNil(az, "CachingMode")) setPtrStr(az, "CachingMode", "ReadWrite");
      if (isNil(az, "FSType")) setPtrStr(az, "FSType", "ext4");
      if (isNil(az, "ReadOnly")) setPtrInt(az, "ReadOnly", 0);
      if (isNil(az, "Kind")) setPtrStr(az, "Kind", "Shared");
    }
  }
  const pr = ptrStruct(src, "Projected");
  if (pr !== null) {
    defaultMode(pr);
    const sources = structItems(pr, "Sources");
    for (let j = 0; j < sources.length; j++) {
      const d = ptrStruct(sources[j], "DownwardAPI");
      if (d !== null) fieldRefs(d);
      const t = ptrStruct(sources[j], "ServiceAccountToken");
      if (t !== null && isNil(t, "ExpirationSeconds")) setPtrInt(t, "ExpirationSeconds", 3600);
    }
  }
  if (kruise <= 8) {
    const sio = ptrStruct(src, "ScaleIO");
    if (sio !== null) {
      if (strEmpty(sio, "StorageMode")) setStr(sio, "StorageMode", "ThinProvisioned");
      if (strEmpty(sio, "FSType")) setStr(sio, "FSType", "xfs");
    }
  }
}

/** defaultHostNetworkPorts: hostPort = containerPort where hostPort is 0. */
function hostNetworkPorts(cs: Array<StructV>): void {
  for (let i = 0; i < cs.length; i++) {
    const ports = structItems(cs[i], "Ports");
    for (let j = 0; j < ports.length; j++) if (intOf(ports[j], "HostPort") == 0) setInt(ports[j], "HostPort", intOf(ports[j], "ContainerPort"));
  }
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
  for (let i = 0; i < volumes.length; i++) volume(volumes[i], kruise);
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
