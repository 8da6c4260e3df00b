// ValidateStatefulSetSpec and ValidateStatefulSetUpdate of pkg/apis/apps/validation (Kubernetes 1.15-1.37).
// Eras: minReadySeconds from 1.22 (its gate: off 1.22, on 1.23+), the PVC retention policy from 1.23, the
// rolling update's maxUnavailable from 1.24, ordinals from 1.26; up to 1.33 the template is checked for its
// selector, labels and annotations only, from 1.34 (StatefulSetValidationOptions) with ValidatePodTemplateSpec on
// a copy whose hostname and subdomain are cleared and whose volumes start with one PVC volume per claim
// template (skipped when the old spec was already invalid); up to 1.36 one Forbidden error when anything but
// the listed fields changed, in 1.37 one "field is immutable" error per immutable field (selector,
// volumeClaimTemplates, serviceName, podManagementPolicy) and the Recreate strategy behind its gate.

import { Val, StructV, SliceV, PtrV } from "../../../typed/value";
import { ErrList, quote, jsonQuote } from "../validation/errlist";
import { fld, str, int, isSet, deref, sliceLen, at, strMap } from "../validation/view";
import { labelSelector } from "../validation/affinity";
import { validateLabels, validateAnnotationKeys } from "../validation/labels";
import { podSpecificAnnotations } from "../validation/spec";
import { isDNS1123Label } from "../validation/names";
import { PodValidationOptions } from "../validation/options";
import { semEqual } from "../validation/equal";
import { fieldIndex, fieldType, fieldCount, fieldName, elem } from "../../../schema/schema";
import { newStruct, strVal } from "../defaults/tree";
import { selectorKind, SEL_ERROR } from "./selector";
import { podTemplateSpec, selectorMatchesTemplate, alwaysRestart } from "./template";
import { nonNegative, positiveIntOrPercent, notOver100Percent, intOrPercentValue } from "./intorpercent";
import { selectorValue, statefulSetStrategyValue, statefulSetRollingValue, intOrStringValue } from "./values";
import { immutableSelector } from "./immutable";
import { claimTemplatesValue, internalClaims } from "./claimsvalue";

/** StatefulSetValidationOptions (1.34+). */
export class SetOptions {
  allowInvalidServiceName: bool = false;
  skipTemplate: bool = false;
  skipClaimTemplates: bool = false;
  allowRecreate: bool = false;
}

/** validateRollingUpdateStatefulSet(ru, path) (1.24+; the partition alone before). */
function rollingUpdate(ru: Val | null, path: string, minor: i32, json: bool, errs: ErrList): void {
  nonNegative(int(fld(ru, "Partition")), path + ".partition", errs);
  if (minor < 24) return;
  const mu = fld(ru, "MaxUnavailable");
  if (!isSet(mu)) return;
  const v = deref(mu);
  positiveIntOrPercent(v, path + ".maxUnavailable", json, errs);
  if (intOrPercentValue(v) == 0) errs.invalid(path + ".maxUnavailable", intOrStringValue(v, json), "cannot be 0");
  notOver100Percent(v, path + ".maxUnavailable", json, errs);
}

/** The update strategy's checks of ValidateStatefulSetSpec. */
function updateStrategy(spec: Val | null, set: SetOptions, minor: i32, json: bool, errs: ErrList): void {
  const us = fld(spec, "UpdateStrategy");
  const t = str(fld(us, "Type"));
  const ru = fld(us, "RollingUpdate");
  const onlyRolling = "only allowed for updateStrategy 'RollingUpdate'";
  if (t.length == 0) errs.required("spec.updateStrategy");
  else if (t == "OnDelete" || (t == "Recreate" && set.allowRecreate)) {
    if (isSet(ru)) errs.invalid("spec.updateStrategy.rollingUpdate", statefulSetRollingValue(deref(ru), json, minor), onlyRolling);
  } else if (t == "RollingUpdate") {
    if (isSet(ru)) rollingUpdate(deref(ru), "spec.updateStrategy.rollingUpdate", minor, json, errs);
  } else {
    errs.invalid("spec.updateStrategy", statefulSetStrategyValue(us, json, minor),
      set.allowRecreate ? "must be 'RollingUpdate', 'OnDelete', or 'Recreate'" : "must be 'RollingUpdate' or 'OnDelete'");
  }
}

/** ValidatePersistentVolumeClaimRetentionPolicy (1.23+). */
function retentionPolicy(spec: Val | null, errs: ErrList): void {
  const p = fld(spec, "PersistentVolumeClaimRetentionPolicy");
  if (!isSet(p)) return;
  const names = ["WhenDeleted", "WhenScaled"];
  const paths = ["whenDeleted", "whenScaled"];
  for (let i = 0; i < 2; i++) {
    const v = str(fld(deref(p), names[i]));
    if (v != "Retain" && v != "Delete") errs.notSupported("spec.persistentVolumeClaimRetentionPolicy." + paths[i], v, ["Retain", "Delete"]);
  }
}

/** The template ValidateStatefulSetSpec validates from 1.34: hostname and subdomain cleared, one PVC volume per claim template first. */
function templateToValidate(spec: Val | null, tplType: i32): Val | null {
  const tpl = fld(spec, "Template");
  const ps = fld(tpl, "Spec");
  const claims = fld(spec, "VolumeClaimTemplates");
  const nc = sliceLen(claims);
  if (str(fld(ps, "Subdomain")).length == 0 && str(fld(ps, "Hostname")).length == 0 && nc == 0) return tpl;
  const t = copyStruct(tpl, tplType);
  const specIdx = fieldIndex(tplType, "Spec");
  const specType = fieldType(tplType, specIdx);
  const s = copyStruct(ps, specType);
  t.f[specIdx] = s;
  s.f[fieldIndex(specType, "Subdomain")] = null;
  s.f[fieldIndex(specType, "Hostname")] = null;
  if (nc > 0) {
    const vi = fieldIndex(specType, "Volumes");
    const volsType = fieldType(specType, vi);
    const volType = elem(volsType);
    const list = new SliceV(volsType);
    const names = new Set<string>();
    for (let i = 0; i < nc; i++) {
      const name = str(fld(fld(at(claims, i), "ObjectMeta"), "Name"));
      if (names.has(name)) continue; // a map keyed by name: the last claim of a name wins, with the same volume
      names.add(name);
      list.items.push(claimVolume(volType, name));
    }
    const own = fld(ps, "Volumes");
    for (let i = 0; i < sliceLen(own); i++) {
      const v = at(own, i);
      if (!names.has(str(fld(v, "Name")))) list.items.push(v);
    }
    list.len = list.items.length;
    s.f[vi] = list;
  }
  return t;
}

/** Slot `i` of a struct value (null: the zero struct). */
function slotOf(v: Val | null, i: i32): Val | null {
  return v === null ? null : changetype<StructV>(v).f[i];
}

/** A shallow copy of struct value `v` of type `t` (null: the zero struct). */
function copyStruct(v: Val | null, t: i32): StructV {
  const n = fieldCount(t);
  const s = new StructV(t, n);
  if (v !== null) {
    const o = changetype<StructV>(v);
    for (let i = 0; i < n; i++) s.f[i] = o.f[i];
  }
  return s;
}

/** Volume{Name: name, VolumeSource{PersistentVolumeClaim: &{ClaimName: name}}}. */
export function claimVolume(volType: i32, name: string): StructV {
  const v = newStruct(volType);
  const ni = fieldIndex(volType, "Name");
  v.f[ni] = strVal(fieldType(volType, ni), name);
  const si = fieldIndex(volType, "VolumeSource");
  const srcType = fieldType(volType, si);
  const src = newStruct(srcType);
  v.f[si] = src;
  const pi = fieldIndex(srcType, "PersistentVolumeClaim");
  const ptrType = fieldType(srcType, pi);
  const claimType = elem(ptrType);
  const c = newStruct(claimType);
  const ci = fieldIndex(claimType, "ClaimName");
  c.f[ci] = strVal(fieldType(claimType, ci), name);
  const p = new PtrV(ptrType);
  p.to = c;
  src.f[pi] = p;
  return v;
}

/** ValidatePodTemplateSpecForStatefulSet(template, selector, "spec.template", opts, setOpts). */
export function templateForStatefulSet(tpl: Val | null, sel: Val | null, kind: i32, set: SetOptions, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  selectorMatchesTemplate(sel, kind, tpl, "spec.template", minor >= 34, errs);
  if (minor >= 34 && !set.skipTemplate) podTemplateSpec(tpl, "spec.template", opts, errs);
  const meta = fld(tpl, "ObjectMeta");
  validateLabels(fld(meta, "Labels"), "spec.template.labels", minor, errs);
  validateAnnotationKeys(fld(meta, "Annotations"), "spec.template.annotations", minor, errs);
  const was = errs.template;
  errs.template = "spec.template";
  podSpecificAnnotations(meta, fld(tpl, "Spec"), opts, errs);
  errs.template = was;
}

/** ValidateStatefulSetSpec(spec, "spec", opts, setOpts); `tplType`: the PodTemplateSpec type. */
export function statefulSetSpec(spec: Val | null, tplType: i32, set: SetOptions, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const json = minor >= 34;
  const pmp = str(fld(spec, "PodManagementPolicy"));
  if (pmp.length == 0) errs.required("spec.podManagementPolicy");
  else if (pmp != "OrderedReady" && pmp != "Parallel") errs.invalid("spec.podManagementPolicy", json ? jsonQuote(pmp) : quote(pmp), "must be 'OrderedReady' or 'Parallel'");
  updateStrategy(spec, set, minor, json, errs);
  if (minor >= 23) retentionPolicy(spec, errs);
  nonNegative(int(fld(spec, "Replicas")), "spec.replicas", errs);
  if (minor >= 25 || (minor >= 22 && opts.gates.enabled("StatefulSetMinReadySeconds", minor))) nonNegative(int(fld(spec, "MinReadySeconds")), "spec.minReadySeconds", errs);
  if (minor >= 26) {
    const ord = fld(spec, "Ordinals");
    if (isSet(ord)) nonNegative(int(fld(deref(ord), "Start")), "spec.ordinals.start", errs);
  }
  if (minor >= 34 && !set.allowInvalidServiceName) {
    const sn = str(fld(spec, "ServiceName"));
    if (sn.length > 0) {
      const e = isDNS1123Label(sn, minor);
      for (let i = 0; i < e.length; i++) errs.invalidStr("spec.serviceName", sn, e[i]);
    }
  }
  const selPtr = fld(spec, "Selector");
  const sel = isSet(selPtr) ? deref(selPtr) : null;
  if (!isSet(selPtr)) errs.required("spec.selector");
  else {
    labelSelector(sel, false, "spec.selector", minor, errs);
    if (strMap(fld(sel, "MatchLabels")).keys.length + sliceLen(fld(sel, "MatchExpressions")) == 0) {
      errs.invalid("spec.selector", selectorValue(selPtr, json), "empty selector is invalid for statefulset");
    }
  }
  const kind = selectorKind(sel, isSet(selPtr), minor);
  if (kind == SEL_ERROR) errs.invalid("spec.selector", selectorValue(selPtr, json), "");
  else templateForStatefulSet(minor >= 34 ? templateToValidate(spec, tplType) : fld(spec, "Template"), sel, kind, set, opts, errs);
  alwaysRestart(fld(spec, "Template"), "spec.template", "StatefulSet", errs);
}

/** The StatefulSetSpec fields an update may change up to 1.36, and the Forbidden text listing them. */
function changeableText(minor: i32, gates: PodValidationOptions): string {
  if (minor <= 21) return "updates to statefulset spec for fields other than 'replicas', 'template', and 'updateStrategy' are forbidden";
  const mrs = minor >= 25 || gates.gates.enabled("StatefulSetMinReadySeconds", minor);
  if (minor == 22) return mrs ? "updates to statefulset spec for fields other than 'replicas', 'template', 'minReadySeconds' and 'updateStrategy' are forbidden"
    : "updates to statefulset spec for fields other than 'replicas', 'template', 'updateStrategy' and 'minReadySeconds' are forbidden";
  if (minor <= 25) return mrs ? "updates to statefulset spec for fields other than 'replicas', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"
    : "updates to statefulset spec for fields other than 'replicas', 'template', 'updateStrategy' and 'persistentVolumeClaimRetentionPolicy' are forbidden";
  if (minor <= 32) return "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";
  return "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";
}

/** True when a field of a StatefulSetSpec may change in an update at `minor` (the fields the clone copies from the old spec). */
function changeable(name: string, minor: i32, opts: PodValidationOptions): bool {
  if (name == "Replicas" || name == "Template" || name == "UpdateStrategy") return true;
  if (name == "MinReadySeconds") return minor >= 25 || (minor >= 22 && opts.gates.enabled("StatefulSetMinReadySeconds", minor));
  if (name == "PersistentVolumeClaimRetentionPolicy") return minor >= 23;
  if (name == "Ordinals") return minor >= 26;
  if (name == "RevisionHistoryLimit") return minor >= 33; // (1.33's patch releases took it)
  return false;
}

/** The spec part of ValidateStatefulSetUpdate after ValidateObjectMetaUpdate; `specType`, `tplType`, `selType` from the schema. */
export function statefulSetUpdate(ns: Val | null, os: Val | null, specType: i32, tplType: i32, selType: i32, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const set = new SetOptions();
  if (minor >= 34) {
    set.allowInvalidServiceName = true;
    set.skipClaimTemplates = true;
    set.allowRecreate = minor >= 37 && (opts.gates.enabled("StatefulSetRecreateStrategy", minor) || str(fld(fld(os, "UpdateStrategy"), "Type")) == "Recreate");
    // an old spec that is already invalid: its template is not checked again
    const probe = new ErrList();
    statefulSetSpec(os, tplType, set, opts, probe);
    if (probe.length > 0) set.skipTemplate = true;
  }
  if (minor >= 27) statefulSetSpec(ns, tplType, set, opts, errs); // (before 1.27 the caller validated the new object first)
  if (minor >= 37) {
    immutableSelector(ns, os, selType, minor, errs);
    const ci = fieldIndex(specType, "VolumeClaimTemplates");
    const ct = fieldType(specType, ci);
    const nc = internalClaims(fld(ns, "VolumeClaimTemplates"), ct);
    if (!semEqual(ct, nc, internalClaims(fld(os, "VolumeClaimTemplates"), ct), "", null)) {
      errs.invalid("spec.volumeClaimTemplates", claimTemplatesValue(nc, ct), "field is immutable");
    }
    const a = str(fld(ns, "ServiceName")), b = str(fld(os, "ServiceName"));
    if (a != b) errs.invalidStr("spec.serviceName", a, "field is immutable");
    const pa = str(fld(ns, "PodManagementPolicy")), pb = str(fld(os, "PodManagementPolicy"));
    if (pa != pb) errs.invalid("spec.podManagementPolicy", jsonQuote(pa), "field is immutable");
    return;
  }
  // the clone with every changeable field copied from the old spec must equal the old spec
  const n = fieldCount(specType);
  let same = true;
  const claims = fieldIndex(specType, "VolumeClaimTemplates");
  for (let i = 0; i < n && same; i++) {
    if (changeable(fieldName(specType, i), minor, opts)) continue;
    const ft = fieldType(specType, i);
    const a = i == claims ? internalClaims(slotOf(ns, i), ft) : slotOf(ns, i);
    const b = i == claims ? internalClaims(slotOf(os, i), ft) : slotOf(os, i);
    if (!semEqual(ft, a, b, "", null)) same = false;
  }
  if (!same) errs.forbidden("spec", changeableText(minor, opts));
  if (minor <= 24) {
    // 1.15-1.24 check the replicas once more, then (1.22+) the minReadySeconds behind its gate and (1.23+) the retention policy
    nonNegative(int(fld(ns, "Replicas")), "spec.replicas", errs);
    if (minor >= 22 && opts.gates.enabled("StatefulSetMinReadySeconds", minor)) nonNegative(int(fld(ns, "MinReadySeconds")), "spec.minReadySeconds", errs);
    if (minor >= 23) retentionPolicy(ns, errs);
  }
}
