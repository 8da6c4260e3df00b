// The covered part of an ephemeral volume's claim template (ValidatePersistentVolumeClaimTemplate,
// 1.19+): the template's labels and annotation keys, then the claim spec's access modes (ReadWriteOncePod
// with its gate: off 1.22-1.26, on 1.27-1.28, always from 1.29; alone), the storage request (required,
// positive), storageClassName (a DNS subdomain) and volumeMode. Not covered: the template metadata's
// other fields and the annotations' total size, the selector, dataSource / dataSourceRef and
// volumeAttributesClassName.

import { Val, MapV, QuantityV } from "../../k8s/value";
import { Quantity } from "../../quantity/quantity";
import { quantityCmp } from "./qty";
import { ErrList } from "./errlist";
import { fld, str, isSet, sliceLen, at } from "./view";
import { isDNS1123Subdomain } from "./names";
import { quantityString } from "./downward";
import { validateLabels, validateAnnotationKeys } from "./spec";

/** ValidatePersistentVolumeClaimTemplate(template, path) at `minor` (covered part). */
export function claimTemplate(t: Val | null, path: string, minor: i32, errs: ErrList): void {
  const meta = fld(t, "ObjectMeta");
  validateAnnotationKeys(fld(meta, "Annotations"), path + ".metadata.annotations", errs);
  validateLabels(fld(meta, "Labels"), path + ".metadata.labels", errs);
  const spec = fld(t, "Spec");
  const sp = path + ".spec";
  const modes = fld(spec, "AccessModes");
  if (sliceLen(modes) == 0) errs.required(sp + ".accessModes", "at least 1 access mode is required");
  const rwop = minor >= 27; // the ReadWriteOncePod gate (GA and part of the set from 1.29)
  const supported = rwop ? ["ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"] : ["ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce"];
  let foundRWOP = false, foundOther = false;
  for (let i = 0; i < sliceLen(modes); i++) {
    const m = str(at(modes, i));
    if (!supported.includes(m)) errs.notSupported(sp + ".accessModes", m, supported);
    if (m == "ReadWriteOncePod") foundRWOP = true;
    else if (m == "ReadWriteOnce" || m == "ReadOnlyMany" || m == "ReadWriteMany") foundOther = true;
  }
  if (minor >= 22 && foundRWOP && foundOther) errs.forbidden(sp + ".accessModes", "may not use ReadWriteOncePod with other access modes");
  const storage = requestOf(fld(fld(spec, "Resources"), "Requests"), "storage");
  const rp = sp + ".resources[storage]";
  if (storage === null) errs.required(rp);
  else if (quantityCmp(storage, new Quantity()) <= 0) errs.invalidStr(rp, quantityString(storage), "must be greater than zero");
  const cls = fld(spec, "StorageClassName");
  if (isSet(cls) && str(cls).length > 0) {
    const ce = isDNS1123Subdomain(str(cls), minor);
    for (let i = 0; i < ce.length; i++) errs.invalidStr(sp + ".storageClassName", str(cls), ce[i]);
  }
  const vm = fld(spec, "VolumeMode");
  if (isSet(vm) && str(vm) != "Block" && str(vm) != "Filesystem") errs.notSupported(sp + ".volumeMode", str(vm), ["Block", "Filesystem"]);
}

/** The quantity of `key` in a ResourceList (the last duplicate wins), or null. */
function requestOf(m: Val | null, key: string): Quantity | null {
  if (m === null || !(m instanceof MapV)) return null;
  const mv = changetype<MapV>(m);
  let found: Quantity | null = null;
  for (let i = 0; i < mv.vals.length; i++) {
    if (String.UTF8.decodeUnsafe(mv.keyP[i], <usize>mv.keyN[i]) != key) continue;
    const v = mv.vals[i];
    found = v === null ? new Quantity() : changetype<QuantityV>(v).q;
  }
  return found;
}
