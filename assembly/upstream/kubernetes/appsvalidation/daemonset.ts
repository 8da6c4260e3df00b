// ValidateDaemonSetSpec, ValidateDaemonSetSpecUpdate, ValidateDaemonSetUpdateStrategy and
// ValidateRollingUpdateDaemonSet of pkg/apis/apps/validation (Kubernetes 1.15-1.37): maxSurge beside
// maxUnavailable from 1.21, selector values checked from 1.26 (unless the old selector already had invalid
// ones), the selector's immutability inside the spec update check from 1.34 (the strategy's before), read-only
// GCE disks required up to 1.30.

import { Val } from "../../../typed/value";
import { ErrList } from "../validation/errlist";
import { fld, str, int, isSet, deref, sliceLen, strMap } from "../validation/view";
import { labelSelector } from "../validation/affinity";
import { PodValidationOptions } from "../validation/options";
import { Gates } from "../validation/gates";
import { semEqual } from "../validation/equal";
import { selectorKind, SEL_ERROR } from "./selector";
import { podTemplateSpec, selectorMatchesTemplate, alwaysRestart, readOnlyPersistentDisks } from "./template";
import { nonNegative, positiveIntOrPercent, notOver100Percent, intOrPercentValue } from "./intorpercent";
import { selectorValue, daemonSetStrategyValue, intOrStringValue } from "./values";
import { immutableSelector } from "./immutable";

/** ValidateRollingUpdateDaemonSet(ru, path). */
function rollingUpdateDaemonSet(ru: Val | null, path: string, minor: i32, surge: bool, json: bool, errs: ErrList): void {
  const mu = fld(ru, "MaxUnavailable"), ms = fld(ru, "MaxSurge");
  positiveIntOrPercent(mu, path + ".maxUnavailable", json, errs);
  if (!surge) {
    if (intOrPercentValue(mu) == 0) errs.invalid(path + ".maxUnavailable", intOrStringValue(mu, json), "cannot be 0");
    notOver100Percent(mu, path + ".maxUnavailable", json, errs);
    return;
  }
  positiveIntOrPercent(ms, path + ".maxSurge", json, errs);
  notOver100Percent(mu, path + ".maxUnavailable", json, errs);
  notOver100Percent(ms, path + ".maxSurge", json, errs);
  const hasUnavailable = intOrPercentValue(mu) != 0;
  const hasSurge = intOrPercentValue(ms) != 0;
  if (hasUnavailable && hasSurge) errs.invalid(path + ".maxSurge", intOrStringValue(ms, json), "may not be set when maxUnavailable is non-zero");
  else if (!hasUnavailable && !hasSurge) errs.required(path + ".maxUnavailable", "cannot be 0 when maxSurge is 0");
}

/** ValidateDaemonSetUpdateStrategy(strategy, "spec.updateStrategy"). */
function updateStrategy(s: Val | null, minor: i32, gates: Gates, json: bool, errs: ErrList): void {
  const t = str(fld(s, "Type"));
  if (t == "OnDelete") return;
  if (t == "RollingUpdate") {
    const ru = fld(s, "RollingUpdate");
    if (!isSet(ru)) { errs.required("spec.updateStrategy.rollingUpdate"); return; }
    // maxSurge from 1.21 behind DaemonSetUpdateSurge (on from 1.22, always from 1.25)
    const surge = minor >= 25 || (minor >= 21 && gates.enabled("DaemonSetUpdateSurge", minor));
    rollingUpdateDaemonSet(deref(ru), "spec.updateStrategy.rollingUpdate", minor, surge, json, errs);
    return;
  }
  errs.notSupportedRendered("spec.updateStrategy", daemonSetStrategyValue(s, json), ["RollingUpdate", "OnDelete"]);
}

/** ValidateDaemonSetSpec(spec, "spec", opts); `tg`: the internal spec's templateGeneration (v1 keeps it in the
 *  deprecated.daemonset.template.generation annotation, which conversion moves there). */
export function daemonSetSpec(spec: Val | null, tg: i64, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const json = minor >= 34;
  const selPtr = fld(spec, "Selector");
  const sel = isSet(selPtr) ? deref(selPtr) : null;
  if (isSet(selPtr)) labelSelector(sel, opts.invalidLabelValueInSelector, "spec.selector", minor, errs);
  const kind = selectorKind(sel, isSet(selPtr), minor);
  const tpl = fld(spec, "Template");
  if (kind != SEL_ERROR) selectorMatchesTemplate(sel, kind, tpl, "spec.template", json, errs);
  if (isSet(selPtr) && strMap(fld(sel, "MatchLabels")).keys.length + sliceLen(fld(sel, "MatchExpressions")) == 0) {
    errs.invalid("spec.selector", selectorValue(selPtr, json), "empty selector is invalid for daemonset");
  }
  podTemplateSpec(tpl, "spec.template", opts, errs);
  if (minor <= 30) readOnlyPersistentDisks(fld(fld(tpl, "Spec"), "Volumes"), "spec.template.spec.volumes", errs);
  alwaysRestart(tpl, "spec.template", "DaemonSet", errs);
  nonNegative(int(fld(spec, "MinReadySeconds")), "spec.minReadySeconds", errs);
  nonNegative(tg, "spec.templateGeneration", errs);
  updateStrategy(fld(spec, "UpdateStrategy"), minor, opts.gates, json, errs);
  const rhl = fld(spec, "RevisionHistoryLimit");
  if (isSet(rhl)) nonNegative(int(rhl), "spec.revisionHistoryLimit", errs);
}

/** ValidateDaemonSetSpecUpdate(new, old, "spec"): templateGeneration moves with the template; from 1.34 the selector is immutable. */
export function daemonSetSpecUpdate(ns: Val | null, os: Val | null, ng: i64, og: i64, tplType: i32, selType: i32, minor: i32, errs: ErrList): void {
  if (ng < og) errs.invalidInt("spec.templateGeneration", ng, "must not be decremented");
  const updated = !semEqual(tplType, fld(ns, "Template"), fld(os, "Template"), "", null);
  if (ng == og && updated) errs.invalidInt("spec.templateGeneration", ng, "must be incremented upon template update");
  else if (ng > og && !updated) errs.invalidInt("spec.templateGeneration", ng, "must not be incremented without template update");
  if (minor >= 34) immutableSelector(ns, os, selType, minor, errs);
}
