// The Advanced DaemonSet validating webhook's update checks (pkg/webhook/daemonset/validating, OpenKruise
// v1.8.3 on apps.kruise.io/v1alpha1, v1.9.0 on v1alpha1 and v1beta1): validateDaemonSetUpdate[V1beta1] -
// metadata update, the spec fields that may change, then validateDaemonSetSpec[V1beta1] of the new spec (v1.8.3
// also refuses read-write GCE disks; its partition is an integer, v1.9.0's an int or percent).

import { validateNewMeta, NAMES_SUBDOMAIN } from "../../kubernetes/validation/spec";
import { Val, StructV } from "../../../typed/value";
import { fieldIndex, fieldType } from "../../../schema/schema";
import { fld, str, int, isSet, deref, sliceLen, strMap } from "../../kubernetes/validation/view";
import { labelSelector } from "../../kubernetes/validation/affinity";
import { objectMetaUpdate } from "../../kubernetes/registry/objectmeta";
import { selectorKind, selectorMatches, SEL_ERROR } from "../../kubernetes/appsvalidation/selector";
import { readOnlyPersistentDisks } from "../../kubernetes/appsvalidation/template";
import { positiveIntOrPercent, notOver100Percent, intOrPercentValue } from "../../kubernetes/appsvalidation/intorpercent";
import { selectorValue, mapValue, intOrStringValue } from "../../kubernetes/appsvalidation/values";
import { goSyntax } from "../../kubernetes/validation/gosyntax";
import { newStruct } from "../../kubernetes/defaults/tree";
import { Webhook, convertTemplate, validateTemplate, templateOf, equalExcept, nonNegative } from "./common";

const CHANGEABLE_V1ALPHA1 = "updates to daemonset spec for fields other than 'BurstReplicas', 'template', 'lifecycle',  'updateStrategy', 'minReadySeconds', and 'revisionHistoryLimit' are forbidden";
const CHANGEABLE_V1BETA1 = "updates to daemonset spec for fields other than 'BurstReplicas', 'template', 'lifecycle', 'scaleStrategy', 'updateStrategy', 'minReadySeconds', and 'revisionHistoryLimit' are forbidden";

/** What ErrorBody prints for a *IntOrString bad value. */
function intOrStringPtr(p: Val | null): string {
  return isSet(p) ? intOrStringValue(deref(p), false) : "\"null\"";
}

/** validateRollingUpdateDaemonSet[V1beta1](ru, "spec.updateStrategy.rollingUpdate"). */
function rollingUpdate(ru: Val | null, w: Webhook): void {
  const errs = w.errs;
  const path = "spec.updateStrategy.rollingUpdate";
  const mu = fld(ru, "MaxUnavailable"), ms = fld(ru, "MaxSurge");
  let hasUnavailable = false, hasSurge = false;
  if (isSet(mu) && intOrPercentValue(deref(mu)) != 0) {
    hasUnavailable = true;
    positiveIntOrPercent(deref(mu), path + ".maxUnavailable", false, errs);
    notOver100Percent(deref(mu), path + ".maxUnavailable", false, errs);
  }
  if (isSet(ms) && intOrPercentValue(deref(ms)) != 0) {
    hasSurge = true;
    positiveIntOrPercent(deref(ms), path + ".maxSurge", false, errs);
    notOver100Percent(deref(ms), path + ".maxSurge", false, errs);
  }
  if (hasUnavailable && hasSurge) errs.invalid(path + ".maxSurge", intOrStringPtr(ms), "may not be set when maxUnavailable is non-zero");
  else if (!hasUnavailable && !hasSurge) errs.required(path + ".maxUnavailable", "cannot be 0 when maxSurge is 0");
  const t = str(fld(ru, "Type"));
  if (t == "InPlaceIfPossible") {
    if (hasSurge) errs.required(path + ".maxSurge", "must be 0 for InPlaceIfPossible type");
  } else if (t == "Surging" && !w.v1beta1) {
    if (hasUnavailable) errs.required(path + ".maxUnavailable", "must be 0 for Surging type");
  } else if (t.length > 0 && t != "Standard") {
    errs.notSupported(path + ".rollingUpdate.type", t, w.v1beta1 ? ["Standard", "InPlaceIfPossible"] : ["Standard", "Surging", "InPlaceIfPossible"]);
  }
  const p = fld(ru, "Partition");
  if (!isSet(p)) return;
  const pp = path + ".rollingUpdate.partition";
  if (w.kruise <= 8) {
    nonNegative(int(fld(deref(p), "IntVal")), pp, errs);
    return;
  }
  const v = deref(p);
  if (int(fld(v, "Type")) == 1) positiveIntOrPercent(v, pp, false, errs);
  else nonNegative(int(fld(v, "IntVal")), pp, errs);
  notOver100Percent(v, pp, false, errs);
}

/** validateDaemonSetSpec[V1beta1] of the new spec (changed in place by the template conversion). */
function daemonSetSpec(spec: StructV, w: Webhook): void {
  const errs = w.errs;
  const selPtr = fld(spec, "Selector");
  const sel = deref(selPtr);
  if (isSet(selPtr)) labelSelector(sel, false, "spec.selector", w.minor, errs);
  const tpl = templateOf(spec);
  const kind = selectorKind(sel, isSet(selPtr), w.minor);
  const labels = fld(fld(tpl, "ObjectMeta"), "Labels");
  if (kind != SEL_ERROR && !selectorMatches(sel, kind, strMap(labels))) errs.invalid("spec.template.metadata.labels", mapValue(labels, false), "`selector` does not match template `labels`");
  if (isSet(selPtr) && strMap(fld(sel, "MatchLabels")).keys.length + sliceLen(fld(sel, "MatchExpressions")) == 0) {
    errs.invalid("spec.selector", selectorValue(selPtr, false), "empty selector is invalid for daemonset");
  }
  if (w.kruise <= 8) readOnlyPersistentDisks(fld(fld(tpl, "Spec"), "Volumes"), "spec.template.spec.volumes", errs);
  convertTemplate(tpl, w);
  validateTemplate(tpl, "spec.template", w);
  const ps = fld(tpl, "Spec");
  const rp = str(fld(ps, "RestartPolicy"));
  if (rp != "Always") errs.notSupported("spec.template.spec.restartPolicy", rp, ["Always"]);
  if (isSet(fld(ps, "ActiveDeadlineSeconds"))) errs.forbidden("spec.template.spec.activeDeadlineSeconds", "activeDeadlineSeconds in DaemonSet is not Supported");
  nonNegative(int(fld(spec, "MinReadySeconds")), "spec.minReadySeconds", errs);
  const us = fld(spec, "UpdateStrategy");
  const t = str(fld(us, "Type"));
  if (t == "RollingUpdate") {
    const ru = fld(us, "RollingUpdate");
    if (!isSet(ru)) errs.required("spec.updateStrategy.rollingUpdate");
    else rollingUpdate(deref(ru), w);
  } else if (t != "OnDelete") {
    errs.notSupportedRendered("spec.updateStrategy", goSyntax(fieldType(spec.t, fieldIndex(spec.t, "UpdateStrategy")), us), ["RollingUpdate", "OnDelete"]);
  }
  const rhl = fld(spec, "RevisionHistoryLimit");
  if (isSet(rhl)) nonNegative(int(deref(rhl)), "spec.revisionHistoryLimit", errs);
  const lc = fld(spec, "Lifecycle");
  if (isSet(lc) && isSet(fld(deref(lc), "InPlaceUpdate"))) errs.forbidden("spec.lifecycle.inPlaceUpdate", "inPlaceUpdate hook has not supported yet");
}

/** The Advanced DaemonSet webhook's update validation of `n` over `o` (objects of the served version). */
export function daemonSetUpdate(n: StructV, o: StructV, w: Webhook): void {
  const errs = w.errs;
  const si = fieldIndex(n.t, "Spec");
  const specType = fieldType(n.t, si);
  if (n.f[si] === null) n.f[si] = newStruct(specType);
  const ns = changetype<StructV>(n.f[si]);
  if (w.kruise <= 5) {
    // v1.5.5 has no update rules: validateDaemonSet of the new object (apimachinery's ValidateObjectMeta, without
    // core's finalizer-name check, then the spec)
    validateNewMeta(fld(n, "ObjectMeta"), w.minor, errs, NAMES_SUBDOMAIN, false);
    daemonSetSpec(ns, w);
    return;
  }
  objectMetaUpdate(fld(n, "ObjectMeta"), fld(o, "ObjectMeta"), w.minor, true, errs);
  const names = ["Template", "UpdateStrategy", "Lifecycle", "BurstReplicas", "MinReadySeconds", "RevisionHistoryLimit"];
  if (w.v1beta1) names.push("ScaleStrategy");
  if (!equalExcept(specType, ns, fld(o, "Spec"), names)) errs.forbidden("spec", w.v1beta1 ? CHANGEABLE_V1BETA1 : CHANGEABLE_V1ALPHA1);
  daemonSetSpec(ns, w);
}
