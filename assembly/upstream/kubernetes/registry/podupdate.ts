// What kube-apiserver (1.15-1.37) does with a PUT / PATCH of a Pod (not a subresource) once both pods are decoded and
// defaulted: rest.BeforeUpdate (k8s.io/apiserver pkg/registry/rest/update.go) with pkg/registry/core/pod's Strategy.
// The generation is the stored one; PrepareForUpdate takes the stored status, from 1.37 (PodLevelResourcesFixDefaulting)
// keeps the stored pod-level resources when the new pod has none, and from 1.33 bumps the generation when the spec
// changes; the uid (when the new pod has none), the creation and deletion timestamps and the deletion grace period are
// the stored ones; then validateCommonFields (ValidateObjectMetaAccessor with path-segment names,
// ValidateObjectMetaAccessorUpdate) and the strategy's ValidateUpdate (validation/update.ts validatePodUpdate, which
// checks the metadata update again: pre-1.37 such an error is reported twice, as the API server does).
// podutil.DropDisabledPodFields is modelled for pod-level resources (PodLevelResources off) and the resize policies
// (InPlacePodVerticalScaling off); the other fields of gates that are off are validated, not dropped.
// The caller's objects are not changed: what the update writes goes to copies.

import { Val, StructV, PtrV, SliceV, MapV } from "../../../typed/value";
import { ErrList, quote } from "../validation/errlist";
import { fld, str, int, isSet, sliceLen, at } from "../validation/view";
import { semEqual } from "../validation/equal";
import { Gates } from "../validation/gates";
import { validateNewMeta, NAMES_PATH_SEGMENT } from "../validation/spec";
import { validatePodUpdate } from "../validation/update";
import { fieldIndex, fieldType, elem } from "../../../schema/schema";
import { setInt, setField, newStruct } from "../defaults/tree";
import { copyRequirements } from "../defaults/podlevel";
import { objectMetaUpdate, settleRequestMeta, carryStoredMeta } from "./objectmeta";
import { UpdateResult, dropRepeatedErrors } from "./appsupdate";

/** A shallow copy of struct `v` of type `t` (the zero value when null). */
function copyOf(v: Val | null, t: i32): StructV {
  const c = newStruct(t);
  if (v !== null) {
    const o = changetype<StructV>(v);
    for (let i = 0; i < c.f.length; i++) c.f[i] = o.f[i];
  }
  return c;
}

/** The type of field `name` of struct type `t`. */
function typeOf(t: i32, name: string): i32 {
  return fieldType(t, fieldIndex(t, name));
}

/**
 * Whether podutil.DropDisabledPodFields clears the new pod's resize policies at `minor` (1.27+): InPlacePodVerticalScaling
 * is off and the stored pod `o` uses none (in its containers; 1.33+ also its init containers).
 */
export function dropsResizePolicy(o: Val | null, minor: i32, gates: Gates): bool {
  if (minor < 27 || gates.enabled("InPlacePodVerticalScaling", minor)) return false;
  const os = fld(o, "Spec");
  const lists = minor >= 33 ? ["Containers", "InitContainers"] : ["Containers"];
  for (let l = 0; l < lists.length; l++) {
    const list = fld(os, lists[l]);
    for (let i = 0; i < sliceLen(list); i++) if (sliceLen(fld(at(list, i), "ResizePolicy")) > 0) return false;
  }
  return true;
}

/** Whether podutil.DropDisabledPodFields clears the new pod's pod-level resources at `minor` (1.32+): PodLevelResources is
 *  off and the stored pod `o` has no pod-level requests or limits. */
export function dropsPodLevelResources(o: Val | null, minor: i32, gates: Gates): bool {
  if (minor < 32 || gates.enabled("PodLevelResources", minor)) return false;
  const r = fld(fld(o, "Spec"), "Resources");
  if (!isSet(r)) return true;
  const rr = changetype<PtrV>(r).to;
  return mapLen(fld(rr, "Requests")) == 0 && mapLen(fld(rr, "Limits")) == 0;
}

function mapLen(m: Val | null): i32 {
  return m === null ? 0 : changetype<MapV>(m).vals.length;
}

/** podStrategy.PrepareForUpdate on the copies `n` (new) and `o` (stored) at `minor`. */
function prepareForUpdate(n: StructV, o: StructV, podT: i32, minor: i32, gates: Gates): void {
  setField(n, "Status", fld(o, "Status"));
  const specT = typeOf(podT, "Spec");
  const os = fld(o, "Spec");
  if (minor >= 37 && gates.enabled("PodLevelResourcesFixDefaulting", minor)) {
    const ri = fieldIndex(specT, "Resources");
    if (ri >= 0 && !isSet(fld(fld(n, "Spec"), "Resources")) && isSet(fld(os, "Resources"))) {
      // clients unaware of pod-level resources that dropped the field keep the stored ones (a deep copy)
      const spec = copyOf(fld(n, "Spec"), specT);
      const op = changetype<PtrV>(fld(os, "Resources"));
      const p = new PtrV(op.t);
      p.to = op.to === null ? null : copyRequirements(changetype<StructV>(op.to));
      spec.f[ri] = p;
      setField(n, "Spec", spec);
    }
  }
  // podutil.DropDisabledPodFields (the parts the engine models): pod-level resources without PodLevelResources, resize
  // policies without InPlacePodVerticalScaling
  if (dropsPodLevelResources(o, minor, gates) && isSet(fld(fld(n, "Spec"), "Resources"))) {
    const spec = copyOf(fld(n, "Spec"), specT);
    setField(spec, "Resources", null);
    setField(n, "Spec", spec);
  }
  if (dropsResizePolicy(o, minor, gates)) {
    const spec = copyOf(fld(n, "Spec"), specT);
    const lists = ["Containers", "InitContainers", "EphemeralContainers"];
    for (let l = 0; l < lists.length; l++) {
      const li = fieldIndex(specT, lists[l]);
      if (li < 0 || spec.f[li] === null) continue;
      const src = changetype<SliceV>(spec.f[li]);
      const out = new SliceV(src.t);
      for (let i = 0; i < src.len; i++) {
        const c = copyOf(src.items[i], elem(src.t));
        setField(c, "ResizePolicy", null);
        out.items.push(c);
      }
      out.len = src.len;
      spec.f[li] = out;
    }
    setField(n, "Spec", spec);
  }
  // updatePodGeneration (1.33+)
  if (minor >= 33 && !semEqual(specT, fld(n, "Spec"), os, "", null)) {
    const nm = changetype<StructV>(fld(n, "ObjectMeta"));
    setInt(nm, "Generation", int(fld(nm, "Generation")) + 1);
  }
}

/**
 * rest.BeforeUpdate of a Pod update at `minor` (15-37) for the decoded, defaulted v1 pods `nv` (the request's) and `ov`
 * (stored), with the request's `gates` and the cluster's `allowPrivileged`; `podT` is the v1 Pod type of the minor. The
 * result's errors are the update's (empty: accepted), its message the StatusError text, its badRequest the namespace
 * refusal. Records E_TOO_LARGE / E_LIMIT as validatePodUpdate does (check hasError()).
 */
export function podBeforeUpdate(nv: Val | null, ov: Val | null, podT: i32, minor: i32, gates: Gates, allowPrivileged: bool, maxErrorBytes: i64): UpdateResult {
  const metaT = typeOf(podT, "ObjectMeta");
  const n = copyOf(nv, podT), o = copyOf(ov, podT);
  const nm = copyOf(fld(n, "ObjectMeta"), metaT), om = copyOf(fld(o, "ObjectMeta"), metaT);
  setField(n, "ObjectMeta", nm);
  setField(o, "ObjectMeta", om);
  const errs = new ErrList(maxErrorBytes);
  const res = new UpdateResult(errs);
  res.badRequest = settleRequestMeta(nm, om);
  if (res.badRequest.length > 0) return res;
  setInt(nm, "Generation", int(fld(om, "Generation")));
  prepareForUpdate(n, o, podT, minor, gates);
  carryStoredMeta(nm, om);
  // validateCommonFields, then the strategy's ValidateUpdate
  validateNewMeta(nm, minor, errs, NAMES_PATH_SEGMENT, false);
  objectMetaUpdate(nm, om, minor, false, errs);
  const own = validatePodUpdate(o, n, minor, gates, allowPrivileged, maxErrorBytes);
  errs.addAll(own);
  if (minor >= 37) dropRepeatedErrors(errs);
  if (errs.length > 0) {
    const agg = errs.aggregate();
    res.message = "Pod " + quote(str(fld(nm, "Name"))) + " is invalid" + (agg.length > 0 ? ": " + agg : "");
  }
  return res;
}
