// apps/v1 workload defaulting (k8s.io/kubernetes pkg/apis/apps/v1 SetObjectDefaults_Deployment,
// _ReplicaSet, _StatefulSet, _DaemonSet) per minor at default feature gates: the workload's own
// SetDefaults_* then the pod template exactly as the PodTemplate defaulter does it, and for StatefulSets
// the volume claim templates (phase Pending, volumeMode Filesystem, resource lists rounded).
// Gates: StatefulSetAutoDeletePVC (off 1.23–1.26, on 1.27+, ungated 1.35+), MaxUnavailableStatefulSet (on 1.37).

import { StructV, IntV } from "../../../typed/value";
import { fieldIndex, fieldType } from "../../../schema/schema";
import {
  structField, ptrStruct, isNil, newPtrStruct, strEmpty, setStr, setPtrInt, strIs, structItems, strVal,
} from "./tree";
import { applyPodTemplateSpecDefaults } from "./podspec";
import { defaultClaimSpec } from "./volume";
import { roundResourceList } from "./resources";

/** The feature gates the apps/v1 defaulters read (a request may set them; unset: each minor's default). */
export class DefaultGates {
  /** MaxUnavailableStatefulSet (on from 1.37): a rolling update's maxUnavailable defaults to 1. */
  maxUnavailableStatefulSet: bool;
  /** StatefulSetAutoDeletePVC (on 1.27-1.34, ungated from 1.35): the retention policy defaults to Retain. */
  autoDeletePVC: bool;
  /** InPlacePodVerticalScaling (off 1.27-1.32): SetDefaults_Pod gives containers with requests NotRequired resize policies. */
  inPlacePodVerticalScaling: bool;
  constructor(minor: i32) {
    this.maxUnavailableStatefulSet = minor >= 37;
    this.autoDeletePVC = minor >= 27;
    this.inPlacePodVerticalScaling = minor >= 33;
  }
}

/** SetObjectDefaults_<kind> for apps/v1 `kind` ("Deployment", "ReplicaSet", "StatefulSet", "DaemonSet") on `obj`, with the
 *  gates `g` (null: the minor's defaults). */
export function applyWorkloadDefaults(kind: string, obj: StructV, minor: i32, g: DefaultGates | null = null): bool {
  const spec = structField(obj, "Spec");
  if (spec === null) return true;
  const gates = g !== null ? g : new DefaultGates(minor);
  if (kind == "Deployment") deployment(spec);
  else if (kind == "ReplicaSet") { if (isNil(spec, "Replicas")) setPtrInt(spec, "Replicas", 1); }
  else if (kind == "StatefulSet") statefulSet(spec, minor, gates);
  else if (kind == "DaemonSet") daemonSet(spec, minor);
  const tpl = structField(spec, "Template");
  if (tpl !== null && !applyPodTemplateSpecDefaults(tpl, minor)) return false;
  if (kind == "StatefulSet") {
    const claims = structItems(spec, "VolumeClaimTemplates");
    for (let i = 0; i < claims.length; i++) {
      const st = structField(claims[i], "Status");
      if (st !== null && strEmpty(st, "Phase")) setStr(st, "Phase", "Pending");
      const cs = structField(claims[i], "Spec");
      if (cs !== null) defaultClaimSpec(cs);
      if (st !== null) {
        roundResourceList(st, "Capacity");
        roundResourceList(st, "AllocatedResources");
      }
    }
  }
  return true;
}

/** A new *intstr.IntOrString of pointer field `name` of `s`: an int (`str` null) or a string. */
export function setPtrIntOrString(s: StructV, name: string, n: i32, str: string | null): void {
  const ru = newPtrStruct(s, name);
  if (ru === null) return;
  const ti = fieldIndex(ru.t, "Type");
  const tv = new IntV(fieldType(ru.t, ti));
  tv.v = str === null ? 0 : 1;
  ru.f[ti] = tv;
  if (str === null) {
    const ii = fieldIndex(ru.t, "IntVal");
    const iv = new IntV(fieldType(ru.t, ii));
    iv.v = n;
    ru.f[ii] = iv;
  } else {
    const si = fieldIndex(ru.t, "StrVal");
    ru.f[si] = strVal(fieldType(ru.t, si), str);
  }
}

/** SetDefaults_Deployment (unchanged 1.15–1.37). */
function deployment(spec: StructV): void {
  if (isNil(spec, "Replicas")) setPtrInt(spec, "Replicas", 1);
  const st = structField(spec, "Strategy");
  if (st !== null) {
    if (strEmpty(st, "Type")) setStr(st, "Type", "RollingUpdate");
    if (strIs(st, "Type", "RollingUpdate")) {
      if (isNil(st, "RollingUpdate")) newPtrStruct(st, "RollingUpdate");
      const ru = ptrStruct(st, "RollingUpdate");
      if (ru !== null) {
        if (isNil(ru, "MaxUnavailable")) setPtrIntOrString(ru, "MaxUnavailable", 0, "25%");
        if (isNil(ru, "MaxSurge")) setPtrIntOrString(ru, "MaxSurge", 0, "25%");
      }
    }
  }
  if (isNil(spec, "RevisionHistoryLimit")) setPtrInt(spec, "RevisionHistoryLimit", 10);
  if (isNil(spec, "ProgressDeadlineSeconds")) setPtrInt(spec, "ProgressDeadlineSeconds", 600);
}

/** SetDefaults_DaemonSet (maxSurge 0 from 1.21). */
function daemonSet(spec: StructV, minor: i32): void {
  const st = structField(spec, "UpdateStrategy");
  if (st !== null) {
    if (strEmpty(st, "Type")) setStr(st, "Type", "RollingUpdate");
    if (strIs(st, "Type", "RollingUpdate")) {
      if (isNil(st, "RollingUpdate")) newPtrStruct(st, "RollingUpdate");
      const ru = ptrStruct(st, "RollingUpdate");
      if (ru !== null) {
        if (isNil(ru, "MaxUnavailable")) setPtrIntOrString(ru, "MaxUnavailable", 1, null);
        if (minor >= 21 && isNil(ru, "MaxSurge")) setPtrIntOrString(ru, "MaxSurge", 0, null);
      }
    }
  }
  if (isNil(spec, "RevisionHistoryLimit")) setPtrInt(spec, "RevisionHistoryLimit", 10);
}

/** SetDefaults_StatefulSet per minor. */
function statefulSet(spec: StructV, minor: i32, gates: DefaultGates): void {
  if (strEmpty(spec, "PodManagementPolicy")) setStr(spec, "PodManagementPolicy", "OrderedReady");
  const st = structField(spec, "UpdateStrategy");
  if (st !== null) {
    if (strEmpty(st, "Type")) {
      setStr(st, "Type", "RollingUpdate");
      if (minor <= 18 || isNil(st, "RollingUpdate")) newPtrStruct(st, "RollingUpdate");
    }
    if (strIs(st, "Type", "RollingUpdate")) {
      const ru = ptrStruct(st, "RollingUpdate");
      if (ru !== null) {
        if (isNil(ru, "Partition")) setPtrInt(ru, "Partition", 0);
        if (gates.maxUnavailableStatefulSet && isNil(ru, "MaxUnavailable")) setPtrIntOrString(ru, "MaxUnavailable", 1, null);
      }
    }
  }
  if (gates.autoDeletePVC) {
    if (isNil(spec, "PersistentVolumeClaimRetentionPolicy")) newPtrStruct(spec, "PersistentVolumeClaimRetentionPolicy");
    const p = ptrStruct(spec, "PersistentVolumeClaimRetentionPolicy");
    if (p !== null) {
      if (strEmpty(p, "WhenDeleted")) setStr(p, "WhenDeleted", "Retain");
      if (strEmpty(p, "WhenScaled")) setStr(p, "WhenScaled", "Retain");
    }
  }
  if (isNil(spec, "Replicas")) setPtrInt(spec, "Replicas", 1);
  if (isNil(spec, "RevisionHistoryLimit")) setPtrInt(spec, "RevisionHistoryLimit", 10);
}
