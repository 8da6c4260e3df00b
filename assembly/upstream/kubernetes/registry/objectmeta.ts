// apimachinery's ValidateObjectMetaAccessorUpdate (pkg/api/validation/objectmeta.go) and core's
// ValidateObjectMetaUpdate around it (the extra finalizer-name check), for an update whose new object went through
// rest.BeforeUpdate's copies (generation, uid, timestamps): no new finalizers while deleting, a resourceVersion,
// the generation (not negative from 1.37, never decremented), name / namespace / uid / timestamps immutable, then
// the labels, annotations, owner references and managed fields of the new object.

import { Val } from "../../../typed/value";
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
