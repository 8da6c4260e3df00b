// apimachinery's ValidateObjectMetaAccessorUpdate (pkg/api/validation/objectmeta.go) and core's
// ValidateObjectMetaUpdate around it (the extra finalizer-name check), for an update whose new object went through
// rest.BeforeUpdate's copies (generation, uid, timestamps): no new finalizers while deleting, a resourceVersion,
// the generation (not negative from 1.37, never decremented), name / namespace / uid / timestamps immutable, then
// the labels, annotations, owner references and managed fields of the new object.

import { Val, StructV, TimeV } from "../../../typed/value";
import { isZeroTime } from "../../../typed/zero";
import { strEmpty, setStr, setField } from "../defaults/tree";
import { ErrList, quote } from "../validation/errlist";
import { fld, str, int, isSet, sliceLen, at } from "../validation/view";
import { validateLabels, validateAnnotationKeys } from "../validation/labels";
import { ownerReferences, managedFields, kubeFinalizerNames, fieldManagersLegacy } from "../validation/meta";
import { joinStrings } from "../../../golang/join";

function immutableStr(a: string, b: string, path: string, errs: ErrList): void {
  if (a != b) errs.invalidStr(path, a, "field is immutable");
}

/** ValidateNoNewFinalizers: the new list may only drop entries (the extra ones listed as %#v of a []string). */
function noNewFinalizers(nm: Val | null, om: Val | null, errs: ErrList): void {
  const oldSet = new Set<string>();
  const ol = fld(om, "Finalizers");
  for (let i = 0; i < sliceLen(ol); i++) oldSet.add(str(at(ol, i)));
  const extra = new Set<string>();
  const nl = fld(nm, "Finalizers");
  for (let i = 0; i < sliceLen(nl); i++) {
    const f = str(at(nl, i));
    if (!oldSet.has(f)) extra.add(f);
  }
  if (extra.size == 0) return;
  const list = extra.values();
  list.sort((a: string, b: string): i32 => (a < b ? -1 : a > b ? 1 : 0));
  const q = new Array<string>(list.length);
  for (let i = 0; i < list.length; i++) q[i] = quote(list[i]);
  errs.forbidden("metadata.finalizers", "no new finalizers can be added if the object is being deleted, found new finalizers []string{" + joinStrings(q, ", ") + "}");
}

/** ValidateObjectMetaAccessorUpdate(new, old, "metadata") at `minor`; `core`: core's ValidateObjectMetaUpdate (its finalizer names after). */
export function objectMetaUpdate(nm: Val | null, om: Val | null, minor: i32, core: bool, errs: ErrList): void {
  if (isSet(fld(om, "DeletionTimestamp"))) noNewFinalizers(nm, om, errs);
  const rv = str(fld(nm, "ResourceVersion"));
  if (rv.length == 0) errs.invalidStr("metadata.resourceVersion", rv, "must be specified for an update");
  const ng = int(fld(nm, "Generation")), og = int(fld(om, "Generation"));
  if (minor >= 37 && ng < 0) errs.invalidInt("metadata.generation", ng, "must be greater than or equal to 0");
  if (ng < og) errs.invalidInt("metadata.generation", ng, "must not be decremented");
  fieldManagersLegacy(nm, minor, errs); // 1.15-1.20 check the managers here
  immutableStr(str(fld(nm, "Name")), str(fld(om, "Name")), "metadata.name", errs);
  immutableStr(str(fld(nm, "Namespace")), str(fld(om, "Namespace")), "metadata.namespace", errs);
  immutableStr(str(fld(nm, "UID")), str(fld(om, "UID")), "metadata.uid", errs);
  validateLabels(fld(nm, "Labels"), "metadata.labels", minor, errs);
  validateAnnotationKeys(fld(nm, "Annotations"), "metadata.annotations", minor, errs);
  ownerReferences(nm, minor, errs);
  managedFields(nm, minor, errs);
  if (core) kubeFinalizerNames(nm, errs);
}

/**
 * The request's namespace and the stored object's resourceVersion on an update: the namespace is the stored object's
 * (else the new one's, else "default") and is set where an object names none; a stored object without a
 * resourceVersion holds "1", a new one without one carries the stored one's (the registry's unconditional update, and
 * what kubectl apply's patch of the stored object sends). Returns rest.EnsureObjectNamespaceMatchesRequestNamespace's
 * Bad Request text when the new object names another namespace, else "".
 */
export function settleRequestMeta(nm: StructV, om: StructV): string {
  let ns = str(fld(om, "Namespace"));
  if (ns.length == 0) ns = str(fld(nm, "Namespace"));
  if (ns.length == 0) ns = "default";
  if (strEmpty(nm, "Namespace")) setStr(nm, "Namespace", ns);
  else if (str(fld(nm, "Namespace")) != ns) return "the namespace of the provided object does not match the namespace sent on the request";
  if (strEmpty(om, "Namespace")) setStr(om, "Namespace", ns);
  if (strEmpty(om, "ResourceVersion")) setStr(om, "ResourceVersion", "1");
  if (strEmpty(nm, "ResourceVersion")) setStr(nm, "ResourceVersion", str(fld(om, "ResourceVersion")));
  return "";
}

/** rest.BeforeUpdate's copies from the stored metadata `om` to the new `nm`: the uid when the new one has none, the
 *  creationTimestamp, the deletionTimestamp and (when the new one has none) the deletionGracePeriodSeconds. */
export function carryStoredMeta(nm: StructV, om: StructV): void {
  if (str(fld(nm, "UID")).length == 0) setField(nm, "UID", fld(om, "UID"));
  const ct = fld(om, "CreationTimestamp");
  if (ct !== null && ct instanceof TimeV && !isZeroTime(changetype<TimeV>(ct))) setField(nm, "CreationTimestamp", ct);
  if (isSet(fld(om, "DeletionTimestamp"))) setField(nm, "DeletionTimestamp", fld(om, "DeletionTimestamp"));
  if (isSet(fld(om, "DeletionGracePeriodSeconds")) && !isSet(fld(nm, "DeletionGracePeriodSeconds"))) setField(nm, "DeletionGracePeriodSeconds", fld(om, "DeletionGracePeriodSeconds"));
}
