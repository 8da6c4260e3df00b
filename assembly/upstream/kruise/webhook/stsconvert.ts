// OpenKruise's Advanced StatefulSet conversion from v1alpha1 to the v1beta1 its webhooks work on
// (apis/apps/v1alpha1/statefulset_conversion.go StatefulSet.ConvertTo, the same from v1.5.5 to v1.9.0) on typed
// values: the metadata, the spec fields both versions have, the rolling update and its unordered update, and the
// status fields v1alpha1 has; the values are the source's own (shared, as the Go assignments share them; a
// string or integer of a named type of the other package re-typed), nil and empty kept apart, quantities as
// decoded. The TypeMeta is not carried (the converted object has no apiVersion or kind).

import { Val, StrV, IntV, StructV } from "../../../typed/value";
import { fieldIndex, fieldType } from "../../../schema/schema";
import { fld, isSet } from "../../kubernetes/validation/view";
import { newStruct, structField, newPtrStruct } from "../../kubernetes/defaults/tree";

const SPEC = ["Replicas", "Selector", "Template", "VolumeClaimTemplates", "ServiceName", "PodManagementPolicy", "RevisionHistoryLimit"];
const ROLLING = ["Partition", "MaxUnavailable", "PodUpdatePolicy", "Paused", "InPlaceUpdateStrategy", "MinReadySeconds"];
const STATUS = ["ObservedGeneration", "Replicas", "ReadyReplicas", "AvailableReplicas", "CurrentReplicas", "UpdatedReplicas",
  "CurrentRevision", "UpdateRevision", "CollisionCount", "Conditions", "LabelSelector"];

/** Assigns `v` to field `name` of `dst`: a string or integer of another named type re-typed to the field's. */
function carry(dst: StructV, name: string, v: Val | null): void {
  const i = fieldIndex(dst.t, name);
  if (i < 0) return;
  const ft = fieldType(dst.t, i);
  if (v !== null && v.t != ft) {
    if (v instanceof StrV) {
      const s = new StrV(ft);
      s.p = changetype<StrV>(v).p;
      s.n = changetype<StrV>(v).n;
      v = s;
    } else if (v instanceof IntV) {
      const n = new IntV(ft);
      n.v = changetype<IntV>(v).v;
      v = n;
    }
  }
  dst.f[i] = v;
}

/** Fields `names` of `src` (null: the zero struct) assigned to `dst`. */
function carryAll(dst: StructV, src: Val | null, names: Array<string>): void {
  for (let k = 0; k < names.length; k++) carry(dst, names[k], fld(src, names[k]));
}

/** StatefulSet.ConvertTo: the v1beta1 StatefulSet (type `ty`) of the v1alpha1 one `src`. */
export function statefulSetToV1beta1(src: StructV, ty: i32): StructV {
  const dst = newStruct(ty);
  carry(dst, "ObjectMeta", fld(src, "ObjectMeta"));
  const ss = fld(src, "Spec");
  const spec = structField(dst, "Spec")!;
  carryAll(spec, ss, SPEC);
  const sus = fld(ss, "UpdateStrategy");
  const us = structField(spec, "UpdateStrategy")!;
  carry(us, "Type", fld(sus, "Type"));
  const sru = fld(sus, "RollingUpdate");
  if (isSet(sru)) {
    const ru = newPtrStruct(us, "RollingUpdate")!;
    carryAll(ru, sru, ROLLING);
    const suu = fld(sru, "UnorderedUpdate");
    if (isSet(suu)) carry(newPtrStruct(ru, "UnorderedUpdate")!, "PriorityStrategy", fld(suu, "PriorityStrategy"));
  }
  carryAll(structField(dst, "Status")!, fld(src, "Status"), STATUS);
  return dst;
}
