// The Advanced StatefulSet validating webhook's update checks (pkg/webhook/statefulset/validating, OpenKruise
// v1.8.3 and v1.9.0, on apps.kruise.io/v1beta1 objects): validateStatefulSet on the new object, then
// ValidateStatefulSetUpdate, both in one denial; then, under InPlaceOnly, the image-only rule on the templates
// (a plain error: "invalid template modified with InPlaceOnly strategy: ...").

import { kruiseGoOf } from "../../../base/pins";
import { Val, StructV, MapV, QuantityV } from "../../../typed/value";
import { fieldIndex, fieldType, elem } from "../../../schema/schema";
import { Quantity } from "../../../quantity/quantity";
import { quantityCmpValues } from "../../../quantity/arith";
import { ErrList, quote as quoteText } from "../../kubernetes/validation/errlist";
import { fld, str, int, isSet, deref, sliceLen, at, strMap } from "../../kubernetes/validation/view";
import { labelSelector } from "../../kubernetes/validation/affinity";
import { validateNewMeta, NAMES_SUBDOMAIN } from "../../kubernetes/validation/spec";
import { objectMetaUpdate } from "../../kubernetes/registry/objectmeta";
import { selectorKind, SEL_ERROR } from "../../kubernetes/appsvalidation/selector";
import { templateForStatefulSet, SetOptions } from "../../kubernetes/appsvalidation/statefulset";
import { positiveIntOrPercent } from "../../kubernetes/appsvalidation/intorpercent";
import { selectorValue, intOrStringValue } from "../../kubernetes/appsvalidation/values";
import { goSyntax, goSyntaxOfPointer } from "../../kubernetes/validation/gosyntax";
import { newStruct } from "../../kubernetes/defaults/tree";
import { IntOrStr, scaledKubernetesDeprecated } from "../../intstr/intorstr";
import { encodeTyped } from "../inplaceupdate/typedpod";
import { inPlaceOnlyViolations } from "../inplaceupdate/strategy";
import { Webhook, convertTemplate, templateOf, selectorChecks, templateRestartRules, intOrStrOf, priorityError, equalExcept, nonNegative, mustInt } from "./common";
import { goAtoi } from "../../../json/gostrconv";

const CHANGEABLE = "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'reserveOrdinals', 'lifecycle', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy', `volumeClaimTemplates`, `VolumeClaimUpdateStrategy` and 'updateStrategy' are forbidden";
/** v1.7.0's text (no volumeClaimUpdateStrategy yet). */
const CHANGEABLE_17 = "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'reserveOrdinals', 'lifecycle', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy', `volumeClaimTemplates` and 'updateStrategy' are forbidden";
/** v1.5.5's and v1.6.0's text (no ordinals yet either). */
const CHANGEABLE_15 = "updates to statefulset spec for fields other than 'replicas', 'template', 'reserveOrdinals', 'lifecycle', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy', `volumeClaimTemplates` and 'updateStrategy' are forbidden";

/** The type of field `name` of the struct type `t`. */
function typeOf(t: i32, name: string): i32 {
  return fieldType(t, fieldIndex(t, name));
}

/** validateMaxUnavailableField(maxUnavailable, spec, path). */
function maxUnavailableField(p: Val | null, spec: Val | null, path: string, w: Webhook): void {
  const errs = w.errs;
  const v = deref(p);
  positiveIntOrPercent(v, path, false, errs);
  const s = scaledKubernetesDeprecated(isSet(p) ? intOrStrOf(p) : IntOrStr.ofInt(1), 1, true);
  if (!s.ok) errs.invalidInt(path, 0, "getValueFromIntOrPercent error: " + s.err!);
  else if (s.value < 1) errs.invalidInt(path, s.value, "should not be less than 1");
  if (str(fld(spec, "PodManagementPolicy")) != "Parallel" && (int(fld(v, "Type")) != 0 || int(fld(v, "IntVal")) != 1)) {
    errs.invalid(path, intOrStringValue(v, false), "can only work with Parallel PodManagementPolicyType");
  }
}

/** apiutil.ParseRange's error text for `s`, or "". */
function rangeError(s: string): string {
  const parts = s.split("-");
  if (parts.length != 2) return "invalid range " + s;
  const a = String.UTF8.encode(parts[0]), b = String.UTF8.encode(parts[1]);
  const x = goAtoi(changetype<usize>(a), a.byteLength);
  if (x.err != 0) return "strconv.Atoi: parsing " + quoteText(parts[0]) + (x.err == 2 ? ": value out of range" : ": invalid syntax");
  const y = goAtoi(changetype<usize>(b), b.byteLength);
  if (y.err != 0) return "strconv.Atoi: parsing " + quoteText(parts[1]) + (y.err == 2 ? ": value out of range" : ": invalid syntax");
  if (x.value > y.value) return "invalid range " + s;
  return "";
}


/** ^\d+-\d+$ */
function isRange(s: string): bool {
  const d = s.indexOf("-");
  if (d <= 0 || d == s.length - 1) return false;
  for (let i = 0; i < s.length; i++) {
    if (i == d) continue;
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** The reserveOrdinals check before v1.8, when the list was a []int (the decode refused anything but integers):
 *  duplicates, then each negative entry (errors at path "spec", the list printed as a []int). */
function reserveOrdinalsInts(list: Val | null, w: Webhook): void {
  const n = sliceLen(list);
  const vals = new Array<i64>(n);
  for (let i = 0; i < n; i++) vals[i] = int(fld(at(list, i), "IntVal"));
  let rendered = "[]int{";
  for (let i = 0; i < n; i++) rendered += (i > 0 ? ", " : "") + vals[i].toString();
  rendered += "}";
  let dup = false;
  for (let i = 0; i < n && !dup; i++) for (let j = 0; j < i; j++) if (vals[j] == vals[i]) { dup = true; break; }
  if (dup) w.errs.invalid("spec", rendered, "reserveOrdinals contains duplicated items");
  for (let i = 0; i < n; i++) if (vals[i] < 0) w.errs.invalid("spec", rendered, "reserveOrdinals contains " + vals[i].toString() + " which must be order >= 0");
}

/** validateReserveOrdinals (errors at path "spec", the whole list as the value). */
function reserveOrdinals(spec: Val | null, w: Webhook): void {
  const list = fld(spec, "ReserveOrdinals");
  if (w.kruise <= 7) {
    // v1.5 - v1.7: `if spec.ReserveOrdinals != nil` (an empty list too)
    if (list !== null) reserveOrdinalsInts(list, w);
    return;
  }
  const n = sliceLen(list);
  if (n == 0) return;
  let rendered: string | null = null;
  for (let i = 0; i < n; i++) {
    const e = at(list, i);
    const t = int(fld(e, "Type"));
    if (t == 1) {
      const s = str(fld(e, "StrVal"));
      if (!isRange(s)) {
        if (rendered === null) rendered = goSyntax(list!.t, list);
        w.errs.invalid("spec", rendered, i.toString() + " th reserve ordinal is not a valid range: " + s);
      }
      const re = rangeError(s);
      if (re.length > 0) {
        if (rendered === null) rendered = goSyntax(list!.t, list);
        w.errs.invalid("spec", rendered, i.toString() + " th reserve ordinal is invalid: " + s + ", err = " + re);
      }
    }
    if (t == 0 && int(fld(e, "IntVal")) < 0) {
      if (rendered === null) rendered = goSyntax(list!.t, list);
      w.errs.invalid("spec", rendered, i.toString() + " th reserve ordinal is negative: " + int(fld(e, "IntVal")).toString());
    }
  }
}

/** ValidatePersistentVolumeClaimRetentionPolicy. */
function retentionPolicy(p: Val | null, path: string, errs: ErrList): void {
  if (!isSet(p)) return;
  const v = deref(p);
  const names = ["WhenDeleted", "WhenScaled"], paths = [".whenDeleted", ".whenScaled"];
  for (let i = 0; i < 2; i++) {
    const s = str(fld(v, names[i]));
    if (s != "Retain" && s != "Delete") errs.notSupported(path + paths[i], s, ["Retain", "Delete"]);
  }
}

/** validateUpdateStrategyType. */
function updateStrategy(spec: Val | null, specType: i32, w: Webhook): void {
  const errs = w.errs;
  const us = fld(spec, "UpdateStrategy");
  const usType = typeOf(specType, "UpdateStrategy");
  const t = str(fld(us, "Type"));
  const rp = fld(us, "RollingUpdate");
  if (t.length == 0) { errs.required("spec.updateStrategy"); return; }
  if (t == "OnDelete") {
    if (isSet(rp)) errs.invalid("spec.updateStrategy.rollingUpdate", goSyntaxOfPointer(typeOf(usType, "RollingUpdate"), rp), "only allowed for updateStrategy 'RollingUpdate'");
    return;
  }
  if (t != "RollingUpdate") {
    errs.invalid("spec.updateStrategy", goSyntax(usType, us), "must be 'RollingUpdate' or 'OnDelete'");
    return;
  }
  if (!isSet(rp)) return;
  const ru = deref(rp);
  const base = "spec.updateStrategy.rollingUpdate";
  nonNegative(mustInt(fld(ru, "Partition"), w), base + ".partition", errs);
  const mrs = mustInt(fld(ru, "MinReadySeconds"), w);
  nonNegative(mrs, base + ".minReadySeconds", errs);
  if (mrs > 300) errs.invalidInt(base + ".minReadySeconds", mrs, "must be no more than 300 seconds");
  const mu = fld(ru, "MaxUnavailable");
  if (!isSet(mu)) errs.required(base + ".maxUnavailable");
  else maxUnavailableField(mu, spec, base + ".maxUnavailable", w);
  const policy = str(fld(ru, "PodUpdatePolicy"));
  if (policy.length == 0) errs.required(base + ".podUpdatePolicy");
  else if (policy == "InPlaceIfPossible" || policy == "InPlaceOnly") {
    const gates = fld(fld(fld(spec, "Template"), "Spec"), "ReadinessGates");
    let found = false;
    for (let i = 0; i < sliceLen(gates); i++) if (str(fld(at(gates, i), "ConditionType")) == "InPlaceUpdateReady") found = true;
    if (!found) {
      const gt = typeOf(typeOf(typeOf(specType, "Template"), "Spec"), "ReadinessGates");
      errs.invalid("spec.template.spec.readinessGates", goSyntax(gt, gates), "must contains InPlaceUpdateReady when podUpdatePolicy is " + policy);
    }
  } else if (policy != "ReCreate") {
    errs.invalidStr(base + ".podUpdatePolicy", policy, "must be 'ReCreate', InPlaceIfPossible or 'InPlaceOnly'");
  }
  const uu = fld(ru, "UnorderedUpdate");
  if (isSet(uu)) {
    if (str(fld(spec, "PodManagementPolicy")) != "Parallel") errs.required(base + ".unorderedUpdate", "unorderedUpdate can only work with Parallel PodManagementPolicyType");
    const pe = priorityError(fld(deref(uu), "PriorityStrategy"), w.minor);
    if (pe.length > 0) errs.required(base + ".unorderedUpdate.priorityStrategy", pe);
  }
}

/** The storage request (or limit, `which`) of a claim template, as a Quantity value or null. */
function storageOf(c: Val | null, which: string): Val | null {
  const m = fld(fld(fld(c, "Spec"), "Resources"), which);
  if (m === null || !(m instanceof MapV)) return null;
  const mv = changetype<MapV>(m);
  let found: Val | null = null;
  for (let i = 0; i < mv.vals.length; i++) {
    if (mv.keyN[i] == 7 && String.UTF8.decodeUnsafe(mv.keyP[i], 7) == "storage") found = mv.vals[i];
  }
  return found;
}

/** Quantity.Cmp of two optional quantities (a missing one is the zero Quantity). */
function cmpStorage(a: Val | null, b: Val | null): i32 {
  const qa = a === null ? new Quantity() : changetype<QuantityV>(a).q;
  const qb = b === null ? new Quantity() : changetype<QuantityV>(b).q;
  return quantityCmpValues(qa, qb);
}

/** ValidateVolumeClaimTemplateUpdate (StatefulSetAutoResizePVCGate) with a client that holds no StorageClass: the first
 *  refusal, if any, to w.errs. */
function claimTemplatesUpdate(ns: Val | null, os: Val | null, specType: i32, w: Webhook): void {
  const t = str(fld(fld(ns, "VolumeClaimUpdateStrategy"), "Type"));
  if (t.length == 0 || t == "OnPVCDelete") return;
  const nl = fld(ns, "VolumeClaimTemplates"), ol = fld(os, "VolumeClaimTemplates");
  const listType = typeOf(specType, "VolumeClaimTemplates");
  if (sliceLen(nl) != sliceLen(ol)) {
    w.errs.invalid("spec.volumeClaimTemplates", goSyntax(listType, nl), "volumeClaimTemplate can not be added or deleted when OnRollingUpdate");
    return;
  }
  const byName = new Map<string, i32>();
  for (let i = 0; i < sliceLen(ol); i++) byName.set(str(fld(fld(at(ol, i), "ObjectMeta"), "Name")), i);
  for (let i = 0; i < sliceLen(nl); i++) {
    const c = at(nl, i);
    const name = str(fld(fld(c, "ObjectMeta"), "Name"));
    const id = "spec.volumeClaimTemplates[" + name + "]";
    if (!byName.has(name)) { w.errs.forbidden(id + ".name", "volumeClaimTemplate name can not be modified"); return; }
    const o = at(ol, byName.get(name));
    // pvc.CompareWithCheckFn(old, new, isPVCResize)
    const osc = fld(fld(o, "Spec"), "StorageClassName"), nsc = fld(fld(c, "Spec"), "StorageClassName");
    let compatible = !(isSet(osc) && isSet(nsc) && str(deref(osc)) != str(deref(nsc)));
    const oam = fld(fld(o, "Spec"), "AccessModes"), nam = fld(fld(c, "Spec"), "AccessModes");
    if (sliceLen(oam) != sliceLen(nam)) compatible = false;
    else for (let k = 0; k < sliceLen(oam); k++) if (str(at(oam, k)) != str(at(nam, k))) compatible = false;
    const resize = compatible && (cmpStorage(storageOf(o, "Requests"), storageOf(c, "Requests")) != 0 || cmpStorage(storageOf(o, "Limits"), storageOf(c, "Limits")) != 0);
    if (compatible && !resize) continue;
    if (!resize) { w.errs.invalid(id, goSyntax(elem(listType), c), "volumeClaimTemplate can not be modified when OnRollingUpdate"); return; }
    // no StorageClass in the client: the default one is absent (skipped), a named one cannot be read
    if (isSet(nsc)) { w.errs.invalidStr(id + ".spec.storageClassName", str(deref(nsc)), "can not get sc"); return; }
  }
}

/** validateStatefulSetSpec of the new spec (`spec` changed in place by the template conversion). */
function statefulSetSpec(spec: StructV, w: Webhook): void {
  const errs = w.errs;
  const pmp = str(fld(spec, "PodManagementPolicy"));
  if (pmp.length == 0) errs.required("spec.podManagementPolicy");
  else if (pmp != "OrderedReady" && pmp != "Parallel") errs.invalidStr("spec.podManagementPolicy", pmp, "must be 'OrderedReady' or 'Parallel'");
  reserveOrdinals(spec, w);
  const ss = fld(spec, "ScaleStrategy");
  if (isSet(ss) && isSet(fld(deref(ss), "MaxUnavailable"))) maxUnavailableField(fld(deref(ss), "MaxUnavailable"), spec, "spec.scaleStrategy.maxUnavailable", w);
  updateStrategy(spec, spec.t, w);
  retentionPolicy(fld(spec, "PersistentVolumeClaimRetentionPolicy"), "spec.persistentVolumeClaimRetentionPolicy", errs);
  nonNegative(mustInt(fld(spec, "Replicas"), w), "spec.replicas", errs);
  const kind = selectorChecks(spec, "statefulset", w);
  const tpl = templateOf(spec);
  if (kind != SEL_ERROR) {
    convertTemplate(tpl, w);
    templateForStatefulSet(tpl, deref(fld(spec, "Selector")), kind, new SetOptions(), w.podOptions(), errs);
  }
  templateRestartRules(tpl, "StatefulSet", errs);
}

/** The Advanced StatefulSet webhook's update validation of `n` over `o`; a plain denial text (or "") is returned,
 *  the field errors go to w.errs. */
export function statefulSetUpdate(n: StructV, o: StructV, w: Webhook): string {
  const errs = w.errs;
  const nm = fld(n, "ObjectMeta"), om = fld(o, "ObjectMeta");
  validateNewMeta(nm, w.minor, errs, NAMES_SUBDOMAIN, true);
  const si = fieldIndex(n.t, "Spec");
  const specType = fieldType(n.t, si);
  if (n.f[si] === null) n.f[si] = newStruct(specType);
  const ns = changetype<StructV>(n.f[si]);
  const os = fld(o, "Spec");
  statefulSetSpec(ns, w);
  objectMetaUpdate(nm, om, w.minor, true, errs);
  const names = ["Replicas", "Template", "UpdateStrategy", "PersistentVolumeClaimRetentionPolicy", "ScaleStrategy", "VolumeClaimTemplates",
    "VolumeClaimUpdateStrategy", "ReserveOrdinals", "Lifecycle", "RevisionHistoryLimit", "Ordinals"];
  if (!equalExcept(specType, ns, os, names)) errs.forbidden("spec", w.kruise >= 8 ? CHANGEABLE : w.kruise == 7 ? CHANGEABLE_17 : CHANGEABLE_15);
  nonNegative(mustInt(fld(ns, "Replicas"), w), "spec.replicas", errs);
  retentionPolicy(fld(ns, "PersistentVolumeClaimRetentionPolicy"), "spec.persistentVolumeClaimRetentionPolicy", errs);
  if (errs.length > 0 || w.panicked) return "";
  if (w.autoResizePVC) {
    claimTemplatesUpdate(ns, os, specType, w);
    if (errs.length > 0) return "";
  }
  const ru = fld(fld(ns, "UpdateStrategy"), "RollingUpdate");
  if (!isSet(ru) || str(fld(deref(ru), "PodUpdatePolicy")) != "InPlaceOnly") return "";
  const tt = typeOf(specType, "Template");
  const st = typeOf(tt, "Spec");
  const a = encodeTyped(st, fld(fld(os, "Template"), "Spec"));
  const b = encodeTyped(st, fld(fld(ns, "Template"), "Spec"));
  let e = "";
  if (a === null || b === null) e = "failed calculate patches between old/new template spec";
  else {
    const v = inPlaceOnlyViolations(a, b, false, kruiseGoOf(w.kruise));
    if (v === null) e = "failed calculate patches between old/new template spec";
    else if (v.length > 0) {
      e = v[0].op + " " + v[0].path;
      w.plainPath = "/spec/template/spec" + v[0].path;
    }
  }
  return e.length == 0 ? "" : "invalid template modified with InPlaceOnly strategy: " + e + ", currently only image update is allowed for InPlaceOnly";
}
