// The CloneSet validating webhook's update checks (pkg/webhook/cloneset/validating, OpenKruise v1.8.3 and
// v1.9.0): validateCloneSetUpdate for apps.kruise.io/v1alpha1 objects (metadata update, the spec fields that may
// change, the InPlaceOnly image-only rule, then validateCloneSet on the new object with its scale strategy's pod
// lookups) and ValidateCloneSetUpdateV1beta1 (v1.9.0) for v1beta1 ones, in upstream's order and texts.

import { kruiseGoOf } from "../../../base/pins";
import { Val, StructV, SliceV } from "../../../typed/value";
import { fieldIndex, fieldType, elem } from "../../../schema/schema";
import { quote } from "../../kubernetes/validation/errlist";
import { fld, str, int, isSet, deref, sliceLen, at, strMap } from "../../kubernetes/validation/view";
import { labelSelector } from "../../kubernetes/validation/affinity";
import { validateNewMeta, NAMES_SUBDOMAIN } from "../../kubernetes/validation/spec";
import { objectMetaUpdate } from "../../kubernetes/registry/objectmeta";
import { selectorKind, SEL_ERROR } from "../../kubernetes/appsvalidation/selector";
import { selectorMatchesTemplate } from "../../kubernetes/appsvalidation/template";
import { selectorValue, intOrStringValue } from "../../kubernetes/appsvalidation/values";
import { claimVolume } from "../../kubernetes/appsvalidation/statefulset";
import { goSyntax } from "../../kubernetes/validation/gosyntax";
import { newStruct } from "../../kubernetes/defaults/tree";
import { Scaled } from "../../intstr/intorstr";
import { encodeTyped } from "../inplaceupdate/typedpod";
import { inPlaceOnlyViolations } from "../inplaceupdate/strategy";
import {
  Webhook, convertTemplate, validateTemplate, templateOf, selectorChecks, templateRestartRules, scaledUp, scaledUpDeprecated, intOrStringText, duplicates,
  stringsV, priorityError, scatterError, equalExcept, nonNegative, mustInt,
} from "./common";
import { PodLookup } from "./pods";

const CHANGEABLE_18 = "updates to cloneset spec for fields other than 'replicas', 'template', 'lifecycle', 'scaleStrategy', 'updateStrategy', 'minReadySeconds', 'volumeClaimTemplates' and 'revisionHistoryLimit' are forbidden";
const CHANGEABLE_19 = "updates to cloneset spec for fields other than 'replicas', 'template', 'lifecycle', 'scaleStrategy', 'updateStrategy', 'minReadySeconds', 'progressDeadlineSeconds', 'volumeClaimTemplates' and 'revisionHistoryLimit' are forbidden";
const MAX_INT32: i64 = 2147483647;

/** The template ValidatePodTemplateSpec sees: a copy whose volumes end with one PVC volume per claim template. */
function templateWithClaims(tpl: StructV, claims: Val | null): StructV {
  const n = sliceLen(claims);
  if (n == 0) return tpl;
  const t = newStruct(tpl.t);
  for (let i = 0; i < t.f.length; i++) t.f[i] = tpl.f[i];
  const si = fieldIndex(tpl.t, "Spec");
  const specType = fieldType(tpl.t, si);
  const spec = newStruct(specType);
  const old = tpl.f[si];
  if (old !== null) for (let i = 0; i < spec.f.length; i++) spec.f[i] = changetype<StructV>(old).f[i];
  t.f[si] = spec;
  const vi = fieldIndex(specType, "Volumes");
  const vt = fieldType(specType, vi);
  const list = new SliceV(vt);
  const cur = spec.f[vi];
  if (cur !== null) {
    const s = changetype<SliceV>(cur);
    for (let i = 0; i < s.len; i++) list.items.push(s.items[i]);
  }
  for (let i = 0; i < n; i++) list.items.push(claimVolume(elem(vt), str(fld(fld(at(claims, i), "ObjectMeta"), "Name"))));
  list.len = list.items.length;
  spec.f[vi] = list;
  return t;
}

/** The replicas, selector, template, restart policy and active deadline checks both spec validations open with. */
function specHead(spec: StructV, w: Webhook): void {
  const errs = w.errs;
  nonNegative(mustInt(fld(spec, "Replicas"), w), "spec.replicas", errs);
  const kind = selectorChecks(spec, "cloneset", w);
  const tpl = templateOf(spec);
  if (kind != SEL_ERROR) {
    const selPtr = fld(spec, "Selector");
    selectorMatchesTemplate(deref(selPtr), kind, tpl, "spec.template", false, errs);
    convertTemplate(tpl, w);
    validateTemplate(templateWithClaims(tpl, fld(spec, "VolumeClaimTemplates")), "spec.template", w);
  }
  templateRestartRules(tpl, "cloneset", errs);
}

/** What ErrorBody prints for a *IntOrString bad value. */
function intOrStringPtr(p: Val | null): string {
  return isSet(p) ? intOrStringValue(deref(p), false) : "\"null\"";
}

/** The value of a scaling call, reporting its failure as Invalid(path, p.String(), "failed <what> for <name>: <err>"). */
function scaledOrReport(s: Scaled, p: Val | null, path: string, what: string, name: string, w: Webhook): i64 {
  if (!s.ok) w.errs.invalidStr(path, isSet(p) ? intOrStringText(p) : "<nil>", "failed " + what + " for " + name + ": " + s.err!);
  return s.value;
}

/** validateUpdateStrategy of a v1alpha1 CloneSet (`replicas` the spec's). */
function updateStrategyV1alpha1(us: Val | null, replicas: i64, w: Webhook): void {
  const errs = w.errs;
  const path = "spec.updateStrategy";
  const t = str(fld(us, "Type"));
  if (t != "ReCreate" && t != "InPlaceIfPossible" && t != "InPlaceOnly") errs.invalidStr(path + ".type", t, "must be 'ReCreate', InPlaceIfPossible or 'InPlaceOnly'");
  const what = w.kruise <= 8 ? "getValueFromIntOrPercent" : "GetScaledValueFromIntOrPercent";
  const pp = fld(us, "Partition");
  const partition = scaledOrReport(scaledUp(pp, replicas), pp, path + ".partition", what, "partition", w);
  nonNegative(partition, path + ".partition", errs);
  const pe = priorityError(fld(us, "PriorityStrategy"), w.minor);
  if (pe.length > 0) errs.required(path + ".priorityStrategy", pe);
  const se = scatterError(fld(us, "ScatterStrategy"));
  if (se.length > 0) errs.required(path + ".scatterStrategy", se);
  let maxUnavailable: i64 = 0, maxSurge: i64 = 0;
  const mu = fld(us, "MaxUnavailable");
  if (isSet(mu)) maxUnavailable = scaledOrReport(w.kruise <= 8 ? scaledUpDeprecated(mu, replicas) : scaledUp(mu, replicas), mu, path + ".maxUnavailable", what, "maxUnavailable", w);
  const ms = fld(us, "MaxSurge");
  if (isSet(ms)) {
    maxSurge = scaledOrReport(w.kruise <= 8 ? scaledUpDeprecated(ms, replicas) : scaledUp(ms, replicas), ms, path + ".maxSurge", what, "maxSurge", w);
    if (t == "InPlaceOnly" && maxSurge > 0) errs.invalidStr(path + ".maxSurge", intOrStringText(ms), "can not use maxSurge with strategy type InPlaceOnly");
  }
  if (replicas > 0 && maxUnavailable < 1 && maxSurge < 1) errs.invalid(path + ".maxUnavailable", intOrStringPtr(mu), "maxUnavailable and maxSurge should not both be less than 1");
}

/** validateUpdateStrategyV1beta1 (`replicas` the spec's). */
function updateStrategyV1beta1(us: Val | null, replicas: i64, w: Webhook): void {
  const errs = w.errs;
  const path = "spec.updateStrategy";
  const t = str(fld(us, "Type"));
  if (t != "RollingUpdate" && t != "OnDelete" && t.length > 0) errs.invalidStr(path + ".type", t, "must be 'RollingUpdate' or 'OnDelete'");
  const rp = fld(us, "RollingUpdate");
  if (!isSet(rp)) return;
  const ru = deref(rp);
  const rpath = path + ".rollingUpdate";
  const policy = str(fld(ru, "PodUpdatePolicy"));
  if (policy != "ReCreate" && policy != "InPlaceIfPossible" && policy != "InPlaceOnly" && policy.length > 0) {
    errs.invalidStr(rpath + ".podUpdatePolicy", policy, "must be 'ReCreate', 'InPlaceIfPossible' or 'InPlaceOnly'");
  }
  const pp = fld(ru, "Partition");
  const partition = scaledOrReport(scaledUp(pp, replicas), pp, rpath + ".partition", "GetScaledValueFromIntOrPercent", "partition", w);
  nonNegative(partition, rpath + ".partition", errs);
  const prio = fld(ru, "PriorityStrategy");
  if (isSet(prio)) {
    const pe = priorityError(prio, w.minor);
    if (pe.length > 0) errs.required(rpath + ".priorityStrategy", pe);
  }
  const sc = fld(ru, "ScatterStrategy");
  if (sc !== null) {
    const se = scatterError(sc);
    if (se.length > 0) errs.required(rpath + ".scatterStrategy", se);
  }
  let maxUnavailable: i64 = 0, maxSurge: i64 = 0;
  const mu = fld(ru, "MaxUnavailable");
  if (isSet(mu)) maxUnavailable = scaledOrReport(scaledUp(mu, replicas), mu, rpath + ".maxUnavailable", "GetScaledValueFromIntOrPercent", "maxUnavailable", w);
  const ms = fld(ru, "MaxSurge");
  if (isSet(ms)) {
    // upstream shadows maxSurge inside this block: the check after it always reads 0
    const s = scaledOrReport(scaledUp(ms, replicas), ms, rpath + ".maxSurge", "GetScaledValueFromIntOrPercent", "maxSurge", w);
    if (policy == "InPlaceOnly" && s > 0) errs.invalidStr(rpath + ".maxSurge", intOrStringText(ms), "can not use maxSurge with podUpdatePolicy InPlaceOnly");
  }
  if (replicas > 0 && maxUnavailable < 1 && maxSurge < 1) errs.invalid(rpath + ".maxUnavailable", intOrStringPtr(mu), "maxUnavailable and maxSurge should not both be less than 1");
  const ip = fld(ru, "InPlaceUpdateStrategy");
  if (!isSet(ip)) return;
  const ipath = rpath + ".inPlaceUpdateStrategy";
  const par = fld(deref(ip), "ImagePreDownloadParallelism");
  if (isSet(par)) {
    const pv = deref(par);
    if (int(fld(pv, "Type")) == 1) {
      const s = str(fld(pv, "StrVal"));
      if (s.endsWith("%")) errs.invalidStr(ipath + ".imagePreDownloadParallelism", s, "imagePreDownloadParallelism does not support percentage value");
      else {
        const e = parseInt32Error(s);
        if (e.length > 0) errs.invalidStr(ipath + ".imagePreDownloadParallelism", s, "imagePreDownloadParallelism must be a valid integer: " + e);
        else if (s.startsWith("-") && s != "-0") errs.invalidStr(ipath + ".imagePreDownloadParallelism", s, "imagePreDownloadParallelism must be non-negative");
      }
    } else if (int(fld(pv, "IntVal")) < 0) {
      errs.invalidInt(ipath + ".imagePreDownloadParallelism", int(fld(pv, "IntVal")), "imagePreDownloadParallelism must be non-negative");
    }
  }
  const to = fld(deref(ip), "ImagePreDownloadTimeoutSeconds");
  if (isSet(to)) nonNegative(int(deref(to)), ipath + ".imagePreDownloadTimeoutSeconds", errs);
  const mr = fld(deref(ip), "ImagePreDownloadMinUpdatedReadyPods");
  if (isSet(mr)) nonNegative(int(deref(mr)), ipath + ".imagePreDownloadMinUpdatedReadyPods", errs);
}

/** strconv.ParseInt(s, 10, 32)'s error text, or "". */
function parseInt32Error(s: string): string {
  let i = 0;
  const n = s.length;
  if (n > 0 && (s.charCodeAt(0) == 0x2b || s.charCodeAt(0) == 0x2d)) i = 1;
  let ok = i < n;
  let v: i64 = 0;
  let over = false;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) { ok = false; break; }
    if (!over) { v = v * 10 + <i64>(c - 0x30); if (v > 2147483648) over = true; }
  }
  if (!ok) return "strconv.ParseInt: parsing " + quote(s) + ": invalid syntax";
  const neg = s.charCodeAt(0) == 0x2d;
  if (over || (!neg && v > 2147483647)) return "strconv.ParseInt: parsing " + quote(s) + ": value out of range";
  return "";
}


/** validateScaleStrategy of a v1alpha1 CloneSet: duplicates, then every newly listed pod looked up. */
function scaleStrategyV1alpha1(ss: Val | null, old: Val | null, meta: Val | null, pods: PodLookup, w: Webhook): void {
  const list = fld(ss, "PodsToDelete");
  const dup = duplicates(list);
  if (dup.length > 0) {
    w.errs.invalid("spec.scaleStrategy.podsToDelete", goSyntax(list === null ? stringSliceType(ss) : list.t, list), "duplicated items " + stringsV(dup));
    return;
  }
  const before = new Set<string>();
  const ol = fld(old, "PodsToDelete");
  for (let i = 0; i < sliceLen(ol); i++) before.add(str(at(ol, i)));
  const names = new Array<string>();
  const seen = new Set<string>();
  for (let i = 0; i < sliceLen(list); i++) {
    const s = str(at(list, i));
    if (!before.has(s) && !seen.has(s)) { names.push(s); seen.add(s); }
  }
  names.sort((a: string, b: string): i32 => (a < b ? -1 : a > b ? 1 : 0));
  const ns = str(fld(meta, "Namespace"));
  const uid = str(fld(meta, "UID"));
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const p = pods.get(ns, name);
    if (p === null) w.errs.invalidStr("spec.scaleStrategy.podsToDelete", name, "find pod " + name + " failed: pods " + quote(name) + " not found");
    else if (isSet(fld(fld(p, "ObjectMeta"), "DeletionTimestamp"))) w.errs.invalidStr("spec.scaleStrategy.podsToDelete", name, "find pod " + name + " already terminating");
    else if (pods.controllerUID(p) != uid || !pods.hasController(p)) w.errs.invalidStr("spec.scaleStrategy.podsToDelete", name, "find pod " + name + " owner is not this CloneSet");
  }
}

/** The []string type of a scale strategy's podsToDelete (for printing a nil list). */
function stringSliceType(ss: Val | null): i32 {
  return ss === null ? -1 : fieldType(ss.t, fieldIndex(ss.t, "PodsToDelete"));
}

/** validateCloneSetSpec (v1alpha1) of the new spec against the old one. */
function specV1alpha1(spec: StructV, old: Val | null, meta: Val | null, pods: PodLookup, w: Webhook): void {
  specHead(spec, w);
  scaleStrategyV1alpha1(fld(spec, "ScaleStrategy"), fld(old, "ScaleStrategy"), meta, pods, w);
  updateStrategyV1alpha1(fld(spec, "UpdateStrategy"), mustInt(fld(spec, "Replicas"), w), w);
  if (w.kruise >= 9) {
    const pd = fld(spec, "ProgressDeadlineSeconds");
    if (isSet(pd)) {
      const v = int(deref(pd));
      nonNegative(v, "spec.progressDeadlineSeconds", w.errs);
      if (v != MAX_INT32 && v <= int(fld(spec, "MinReadySeconds"))) w.errs.invalidInt("spec.progressDeadlineSeconds", v, "must be greater than minReadySeconds");
    }
  }
}

/** validateCloneSetV1beta1Spec of the new spec. */
function specV1beta1(spec: StructV, w: Webhook): void {
  specHead(spec, w);
  const list = fld(fld(spec, "ScaleStrategy"), "PodsToDelete");
  const dup = duplicates(list);
  if (dup.length > 0) w.errs.invalid("spec.scaleStrategy.podsToDelete", goSyntax(list!.t, list), "duplicated items " + stringsV(dup));
  updateStrategyV1beta1(fld(spec, "UpdateStrategy"), mustInt(fld(spec, "Replicas"), w), w);
}

/** The InPlaceOnly rule of clonesetcore's ValidateCloneSetUpdate (Go minor `go`): its error text, or "". */
function inPlaceOnlyError(ns: Val | null, os: Val | null, go: i32): string {
  if (str(fld(fld(ns, "UpdateStrategy"), "Type")) != "InPlaceOnly") return "";
  const nt = fld(ns, "Template"), ot = fld(os, "Template");
  const a = encodeTyped(fieldType(ot === null ? nt!.t : ot.t, fieldIndex(ot === null ? nt!.t : ot.t, "Spec")), fld(ot, "Spec"));
  const b = encodeTyped(fieldType(nt === null ? ot!.t : nt.t, fieldIndex(nt === null ? ot!.t : nt.t, "Spec")), fld(nt, "Spec"));
  if (a === null || b === null) return "failed calculate patches between old/new template spec";
  const v = inPlaceOnlyViolations(a, b, true, go);
  if (v === null) return "failed calculate patches between old/new template spec";
  if (v.length == 0) return "";
  return "only allowed to update images in spec for InPlaceOnly, but found " + v[0].op + " " + v[0].path;
}

/** The CloneSet webhook's update validation of `n` over `o` (objects of the served version; `n` changed in place by the template conversion). */
export function cloneSetUpdate(n: StructV, o: StructV, pods: PodLookup, w: Webhook): void {
  const errs = w.errs;
  const nm = fld(n, "ObjectMeta"), om = fld(o, "ObjectMeta");
  objectMetaUpdate(nm, om, w.minor, true, errs);
  const si = fieldIndex(n.t, "Spec");
  const specType = fieldType(n.t, si);
  if (n.f[si] === null) n.f[si] = newStruct(specType);
  const ns = changetype<StructV>(n.f[si]);
  const os = fld(o, "Spec");
  const names = ["Replicas", "Template", "ScaleStrategy", "UpdateStrategy", "MinReadySeconds", "Lifecycle", "RevisionHistoryLimit", "VolumeClaimTemplates"];
  if (w.kruise >= 9) names.push("ProgressDeadlineSeconds");
  if (!equalExcept(specType, ns, os, names)) errs.forbidden("spec", w.kruise >= 9 ? CHANGEABLE_19 : CHANGEABLE_18);
  if (!w.v1beta1) {
    const e = inPlaceOnlyError(ns, os, kruiseGoOf(w.kruise));
    if (e.length > 0) errs.forbidden("spec", e);
  }
  validateNewMeta(nm, w.minor, errs, NAMES_SUBDOMAIN, true);
  if (w.v1beta1) specV1beta1(ns, w);
  else specV1alpha1(ns, os, nm, pods, w);
}
