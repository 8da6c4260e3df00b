// An ephemeral volume's claim template (ValidatePersistentVolumeClaimTemplate, 1.19+): the template
// metadata (annotation keys and total size, labels, then every other ObjectMeta field Forbidden — "cannot be
// set for an ephemeral volume" up to 1.25, "cannot be set" from 1.26 —), then the claim spec: access modes
// (ReadWriteOncePod with its gate: off 1.22-1.26, on 1.27-1.28, always from 1.29; alone), the selector (label
// values from 1.26), the storage request (required, positive), storageClassName, volumeMode, dataSource and
// dataSourceRef (1.22+; namespace 1.26+, apiGroup a DNS subdomain 1.29+) and their match, and
// volumeAttributesClassName (1.29+, with the VolumeAttributesClass gate).

import { Val, MapV, QuantityV, StructV, TimeV, StrV, IntV } from "../../../typed/value";
import { fieldCount, fieldName } from "../../../schema/schema";
import { labelSelector } from "./affinity";
import { PodValidationOptions } from "./options";
import { Quantity } from "../../../quantity/quantity";
import { quantityCmpValues } from "../../../quantity/arith";
import { ErrList } from "./errlist";
import { fld, str, isSet, sliceLen, at } from "./view";
import { isDNS1123Subdomain, isDNS1123Label } from "./names";
import { quantityString } from "./quantitytext";
import { validateLabels, validateAnnotationKeys } from "./labels";

/** ValidatePersistentVolumeClaimTemplate(template, path) under `opts` (covered part). */
export function claimTemplate(t: Val | null, path: string, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const meta = fld(t, "ObjectMeta");
  validateAnnotationKeys(fld(meta, "Annotations"), path + ".metadata.annotations", minor, errs);
  validateLabels(fld(meta, "Labels"), path + ".metadata.labels", minor, errs);
  metaAllowList(meta, path + ".metadata", minor >= 26 ? "cannot be set" : "cannot be set for an ephemeral volume", errs);
  const spec = fld(t, "Spec");
  const sp = path + ".spec";
  const modes = fld(spec, "AccessModes");
  if (sliceLen(modes) == 0) errs.required(sp + ".accessModes", "at least 1 access mode is required");
  const sel = fld(spec, "Selector");
  if (isSet(sel)) labelSelector(sel, false, sp + ".selector", minor, errs);
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
  else if (quantityCmpValues(storage, new Quantity()) <= 0) errs.invalidStr(rp, quantityString(storage), "must be greater than zero");
  const cls = fld(spec, "StorageClassName");
  if (isSet(cls) && str(cls).length > 0) {
    const ce = isDNS1123Subdomain(str(cls), minor);
    for (let i = 0; i < ce.length; i++) errs.invalidStr(sp + ".storageClassName", str(cls), ce[i]);
  }
  const vm = fld(spec, "VolumeMode");
  if (isSet(vm) && str(vm) != "Block" && str(vm) != "Filesystem") errs.notSupported(sp + ".volumeMode", str(vm), ["Block", "Filesystem"]);
  dataSources(spec, sp, minor, errs);
  const vac = fld(spec, "VolumeAttributesClassName");
  const vacOn = minor >= 29 && opts.gates.enabled("VolumeAttributesClass", minor);
  if (vacOn && isSet(vac) && str(vac).length > 0) {
    const ve = isDNS1123Subdomain(str(vac), minor);
    for (let i = 0; i < ve.length; i++) errs.invalidStr(sp + ".volumeAttributesClassName", str(vac), ve[i]);
  }
}

/** True when `v` differs from its type's zero value as reflect.DeepEqual sees it (nil and empty slices differ). */
function nonZero(v: Val | null): bool {
  if (v === null) return false;
  if (v instanceof StrV) return changetype<StrV>(v).n > 0;
  if (v instanceof IntV) return changetype<IntV>(v).v != 0;
  if (v instanceof TimeV) { const tv = changetype<TimeV>(v); return tv.wall != 0 || tv.ext != 0 || tv.local; }
  if (v instanceof StructV) { const sv = changetype<StructV>(v); for (let i = 0; i < sv.f.length; i++) if (nonZero(sv.f[i])) return true; return false; }
  return true; // a non-nil pointer, slice or map
}

/** validateFieldAllowList(objMeta, {Annotations, Labels}, detail, path): each other set field is Forbidden at its
 * Go name with the first letter lowercased (declaration order). */
function metaAllowList(meta: Val | null, path: string, detail: string, errs: ErrList): void {
  if (meta === null || !(meta instanceof StructV)) return;
  const sv = changetype<StructV>(meta);
  const n = fieldCount(sv.t);
  for (let i = 0; i < n; i++) {
    const name = fieldName(sv.t, i);
    if (name == "Annotations" || name == "Labels") continue;
    if (nonZero(sv.f[i])) errs.forbidden(path + "." + name.charAt(0).toLowerCase() + name.substring(1), detail);
  }
}

/** How ErrorBody prints the *field.Path value `path.dataSource` (%#v up to 1.33, the parent pointer masked; JSON `{}` from 1.34). */
function pathValue(minor: i32): string {
  return minor >= 34 ? "{}" : "field.Path{name:\"dataSource\", index:\"\", parent:(*field.Path)(0x?)}";
}

/** validateDataSource / validateDataSourceRef (1.19-1.21: the dataSource checks inline, with the same paths). */
function dataSourceRef(ds: Val | null, path: string, isRef: bool, minor: i32, errs: ErrList): void {
  if (str(fld(ds, "Name")).length == 0) errs.required(path + ".name");
  const kind = str(fld(ds, "Kind"));
  if (kind.length == 0) errs.required(path + ".kind");
  const group = str(fld(ds, "APIGroup"));
  if (group.length == 0 && kind != "PersistentVolumeClaim") {
    errs.invalidStr(path, kind, minor >= 26 ? "must be 'PersistentVolumeClaim' when referencing the default apiGroup" : "");
  }
  if (minor >= 29 && group.length > 0) {
    const ge = isDNS1123Subdomain(group, minor);
    for (let i = 0; i < ge.length; i++) errs.invalidStr(path + ".apiGroup", group, ge[i]);
  }
  if (isRef && minor >= 26) {
    const ns = str(fld(ds, "Namespace"));
    if (ns.length > 0) {
      const ne = isDNS1123Label(ns, minor);
      for (let i = 0; i < ne.length; i++) errs.invalidStr(path + ".namespace", ns, ne[i]);
    }
  }
}

/** The claim spec's dataSource / dataSourceRef checks and their agreement at `minor`. */
function dataSources(spec: Val | null, sp: string, minor: i32, errs: ErrList): void {
  const ds = fld(spec, "DataSource");
  const ref = minor >= 22 ? fld(spec, "DataSourceRef") : null;
  if (isSet(ds)) dataSourceRef(ds, sp + ".dataSource", false, minor, errs);
  if (isSet(ref)) dataSourceRef(ref, sp + ".dataSourceRef", true, minor, errs);
  if (!isSet(ds) || !isSet(ref)) return;
  if (minor >= 26 && str(fld(ref, "Namespace")).length > 0) {
    errs.invalid(sp, pathValue(minor), "may not be specified when dataSourceRef.namespace is specified");
    return;
  }
  // 1.22-1.25 Semantic.DeepEqual of the two references; 1.26+ isDataSourceEqualDataSourceRef (the same fields)
  const ga = fld(ds, "APIGroup"), gb = fld(ref, "APIGroup");
  const same = isSet(ga) == isSet(gb) && str(ga) == str(gb) && str(fld(ds, "Kind")) == str(fld(ref, "Kind")) && str(fld(ds, "Name")) == str(fld(ref, "Name"));
  if (!same) errs.invalid(sp, pathValue(minor), "must match dataSourceRef");
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
