// What OpenKruise's mutating webhooks (v1.8.3, v1.9.0) default in a CloneSet, an Advanced StatefulSet and an
// Advanced DaemonSet (apis/apps/defaults SetDefaultsCloneSet / SetDefaultsCloneSetV1beta1,
// SetDefaultsStatefulSet, SetDefaultsDaemonSet / SetDefaultsDaemonSetV1beta1), with the feature gates at their
// defaults or as the request sets them. `inject`: the template defaults too (Kruise's TemplateNoDefaults gate off;
// the DaemonSet webhook never injects them). Values are changed in place.

import { StructV } from "../../../typed/value";
import { structField, ptrStruct, structItems, isNil, newPtrStruct, strEmpty, setStr, setPtrInt, strIs } from "../../kubernetes/defaults/tree";
import { setPtrIntOrString } from "../../kubernetes/defaults/apps";
import { kruisePodSpecDefaults, kruiseClaimTemplateDefaults } from "./pod";

/** The template and volume claim template defaults of a workload spec. */
function templateDefaults(spec: StructV, kruise: i32, minor: i32, hostPorts: bool): void {
  const tpl = structField(spec, "Template");
  if (tpl !== null) {
    const ps = structField(tpl, "Spec");
    if (ps !== null) kruisePodSpecDefaults(ps, kruise, minor, hostPorts);
  }
  const vcts = structItems(spec, "VolumeClaimTemplates");
  for (let i = 0; i < vcts.length; i++) kruiseClaimTemplateDefaults(vcts[i]);
}

/** SetDefaultsCloneSet (v1alpha1) or SetDefaultsCloneSetV1beta1 on the CloneSet `obj`. */
export function cloneSetDefaults(obj: StructV, v1beta1: bool, inject: bool, kruise: i32, minor: i32, hostPorts: bool): void {
  const spec = structField(obj, "Spec");
  if (spec === null) return;
  if (isNil(spec, "Replicas")) setPtrInt(spec, "Replicas", 1);
  if (isNil(spec, "RevisionHistoryLimit")) setPtrInt(spec, "RevisionHistoryLimit", 10);
  if (inject) templateDefaults(spec, kruise, minor, hostPorts);
  const us = structField(spec, "UpdateStrategy");
  if (us === null) return;
  if (!v1beta1) {
    if (strEmpty(us, "Type")) setStr(us, "Type", "ReCreate");
    else if ((strIs(us, "Type", "InPlaceIfPossible") || strIs(us, "Type", "InPlaceOnly")) && isNil(us, "InPlaceUpdateStrategy")) newPtrStruct(us, "InPlaceUpdateStrategy");
    intOrStrings(us);
    return;
  }
  if (strEmpty(us, "Type")) setStr(us, "Type", "RollingUpdate");
  if (!strIs(us, "Type", "RollingUpdate")) return;
  if (isNil(us, "RollingUpdate")) newPtrStruct(us, "RollingUpdate");
  const ru = ptrStruct(us, "RollingUpdate");
  if (ru === null) return;
  if (strEmpty(ru, "PodUpdatePolicy")) setStr(ru, "PodUpdatePolicy", "ReCreate");
  if ((strIs(ru, "PodUpdatePolicy", "InPlaceIfPossible") || strIs(ru, "PodUpdatePolicy", "InPlaceOnly")) && isNil(ru, "InPlaceUpdateStrategy")) newPtrStruct(ru, "InPlaceUpdateStrategy");
  intOrStrings(ru);
}

/** partition 0, maxUnavailable "20%", maxSurge 0 where nil. */
function intOrStrings(s: StructV): void {
  if (isNil(s, "Partition")) setPtrIntOrString(s, "Partition", 0, null);
  if (isNil(s, "MaxUnavailable")) setPtrIntOrString(s, "MaxUnavailable", 0, "20%");
  if (isNil(s, "MaxSurge")) setPtrIntOrString(s, "MaxSurge", 0, null);
}

/** SetDefaultsStatefulSet (v1beta1; a v1alpha1 object is converted to v1beta1 around it) on `obj`; `autoDeletePVC` and
 *  `autoResizePVC`: the StatefulSetAutoDeletePVC and StatefulSetAutoResizePVCGate gates. */
export function statefulSetDefaults(obj: StructV, inject: bool, kruise: i32, minor: i32, hostPorts: bool, autoDeletePVC: bool, autoResizePVC: bool): void {
  const spec = structField(obj, "Spec");
  if (spec === null) return;
  if (strEmpty(spec, "PodManagementPolicy")) setStr(spec, "PodManagementPolicy", "OrderedReady");
  const us = structField(spec, "UpdateStrategy");
  if (us !== null) {
    if (strEmpty(us, "Type")) setStr(us, "Type", "RollingUpdate");
    if (strIs(us, "Type", "RollingUpdate")) {
      if (isNil(us, "RollingUpdate")) newPtrStruct(us, "RollingUpdate");
      const ru = ptrStruct(us, "RollingUpdate");
      if (ru !== null) {
        if (isNil(ru, "Partition")) setPtrInt(ru, "Partition", 0);
        if (isNil(ru, "MaxUnavailable")) setPtrIntOrString(ru, "MaxUnavailable", 1, null);
        if (strEmpty(ru, "PodUpdatePolicy")) setStr(ru, "PodUpdatePolicy", "ReCreate");
        if (isNil(ru, "MinReadySeconds")) setPtrInt(ru, "MinReadySeconds", 0);
      }
    }
  }
  if (autoDeletePVC) {
    if (isNil(spec, "PersistentVolumeClaimRetentionPolicy")) newPtrStruct(spec, "PersistentVolumeClaimRetentionPolicy");
    const p = ptrStruct(spec, "PersistentVolumeClaimRetentionPolicy");
    if (p !== null) {
      if (strEmpty(p, "WhenDeleted")) setStr(p, "WhenDeleted", "Retain");
      if (strEmpty(p, "WhenScaled")) setStr(p, "WhenScaled", "Retain");
    }
  }
  if (autoResizePVC) {
    const vus = structField(spec, "VolumeClaimUpdateStrategy");
    if (vus !== null && strEmpty(vus, "Type")) setStr(vus, "Type", "OnPVCDelete");
  }
  if (isNil(spec, "Replicas")) setPtrInt(spec, "Replicas", 1);
  if (isNil(spec, "RevisionHistoryLimit")) setPtrInt(spec, "RevisionHistoryLimit", 10);
  if (inject) templateDefaults(spec, kruise, minor, hostPorts);
}

/** SetDefaultsDaemonSet (v1alpha1) or SetDefaultsDaemonSetV1beta1 on `obj`. */
export function daemonSetDefaults(obj: StructV, v1beta1: bool): void {
  const spec = structField(obj, "Spec");
  if (spec === null) return;
  if (isNil(spec, "BurstReplicas")) setPtrIntOrString(spec, "BurstReplicas", 250, null);
  const us = structField(spec, "UpdateStrategy");
  if (us !== null) {
    if (strEmpty(us, "Type")) setStr(us, "Type", "RollingUpdate");
    if (strIs(us, "Type", "RollingUpdate")) {
      if (isNil(us, "RollingUpdate")) newPtrStruct(us, "RollingUpdate");
      const ru = ptrStruct(us, "RollingUpdate");
      if (ru !== null) {
        if (!v1beta1 && strIs(ru, "Type", "Surging")) {
          // the deprecated Surging type: maxSurge 1, maxUnavailable 0, then Standard
          if (isNil(ru, "MaxSurge")) setPtrIntOrString(ru, "MaxSurge", 1, null);
          if (isNil(ru, "MaxUnavailable")) setPtrIntOrString(ru, "MaxUnavailable", 0, null);
        }
        if (strEmpty(ru, "Type") || (!v1beta1 && strIs(ru, "Type", "Surging"))) setStr(ru, "Type", "Standard");
        if (isNil(ru, "MaxUnavailable") && isNil(ru, "MaxSurge")) {
          setPtrIntOrString(ru, "MaxUnavailable", 1, null);
          setPtrIntOrString(ru, "MaxSurge", 0, null);
        }
      }
    }
  }
  if (isNil(spec, "RevisionHistoryLimit")) setPtrInt(spec, "RevisionHistoryLimit", 10);
}
