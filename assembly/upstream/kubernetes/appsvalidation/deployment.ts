// ValidateDeploymentSpec, ValidateDeploymentStrategy and ValidateRollingUpdateDeployment of
// pkg/apis/apps/validation (Kubernetes 1.15-1.37), and ValidateReplicaSetSpec beside them (the same selector and
// template rules). Values are the internal apps types' (defaulted v1 objects read through the typed view).

import { Val } from "../../../typed/value";
import { ErrList } from "../validation/errlist";
import { fld, str, int, isSet, deref, sliceLen, strMap } from "../validation/view";
import { labelSelector } from "../validation/affinity";
import { PodValidationOptions } from "../validation/options";
import { selectorKind, SEL_ERROR } from "./selector";
import { templateForReplicaSet } from "./template";
import { nonNegative, positiveIntOrPercent, notOver100Percent, intOrPercentValue } from "./intorpercent";
import { selectorValue, deploymentStrategyValue, intOrStringValue } from "./values";

/** The selector rules a Deployment and a ReplicaSet share, then their template (`what` names the kind in the empty-selector text). */
function selectorAndTemplate(spec: Val | null, what: string, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const json = minor >= 34;
  const sel = fld(spec, "Selector");
  if (!isSet(sel)) errs.required("spec.selector");
  else {
    const s = deref(sel);
    labelSelector(s, false, "spec.selector", minor, errs);
    if (strMap(fld(s, "MatchLabels")).keys.length + sliceLen(fld(s, "MatchExpressions")) == 0) {
      errs.invalid("spec.selector", selectorValue(sel, json), "empty selector is invalid for " + what);
    }
  }
  const s = isSet(sel) ? deref(sel) : null;
  const kind = selectorKind(s, isSet(sel), minor);
  if (kind == SEL_ERROR) errs.invalid("spec.selector", selectorValue(sel, json), "invalid label selector");
  else templateForReplicaSet(fld(spec, "Template"), s, kind, int(fld(spec, "Replicas")), "spec.template", opts, errs);
}

/** ValidateRollingUpdateDeployment(ru, path). */
function rollingUpdateDeployment(ru: Val | null, path: string, json: bool, errs: ErrList): void {
  const mu = fld(ru, "MaxUnavailable"), ms = fld(ru, "MaxSurge");
  positiveIntOrPercent(mu, path + ".maxUnavailable", json, errs);
  positiveIntOrPercent(ms, path + ".maxSurge", json, errs);
  if (intOrPercentValue(mu) == 0 && intOrPercentValue(ms) == 0) {
    errs.invalid(path + ".maxUnavailable", intOrStringValue(mu, json), "may not be 0 when `maxSurge` is 0");
  }
  notOver100Percent(mu, path + ".maxUnavailable", json, errs);
}

/** ValidateDeploymentStrategy(strategy, "spec.strategy"). */
function deploymentStrategy(s: Val | null, json: bool, errs: ErrList): void {
  const t = str(fld(s, "Type"));
  const ru = fld(s, "RollingUpdate");
  if (t == "Recreate") {
    if (isSet(ru)) errs.forbidden("spec.strategy.rollingUpdate", "may not be specified when strategy `type` is 'Recreate'");
  } else if (t == "RollingUpdate") {
    if (!isSet(ru)) errs.required("spec.strategy.rollingUpdate", "this should be defaulted and never be nil");
    else rollingUpdateDeployment(deref(ru), "spec.strategy.rollingUpdate", json, errs);
  } else {
    errs.notSupportedRendered("spec.strategy", deploymentStrategyValue(s, json), ["Recreate", "RollingUpdate"]);
  }
}

/** ValidateDeploymentSpec(spec, "spec", opts). */
export function deploymentSpec(spec: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  const json = opts.minor >= 34;
  nonNegative(int(fld(spec, "Replicas")), "spec.replicas", errs);
  selectorAndTemplate(spec, "deployment", opts, errs);
  deploymentStrategy(fld(spec, "Strategy"), json, errs);
  const mrs = int(fld(spec, "MinReadySeconds"));
  nonNegative(mrs, "spec.minReadySeconds", errs);
  const rhl = fld(spec, "RevisionHistoryLimit");
  if (isSet(rhl)) nonNegative(int(rhl), "spec.revisionHistoryLimit", errs);
  const rb = fld(spec, "RollbackTo");
  if (isSet(rb)) nonNegative(int(fld(deref(rb), "Revision")), "spec.rollback.version", errs);
  const pds = fld(spec, "ProgressDeadlineSeconds");
  if (isSet(pds)) {
    const v = int(pds);
    nonNegative(v, "spec.progressDeadlineSeconds", errs);
    if (v <= mrs) errs.invalidInt("spec.progressDeadlineSeconds", v, "must be greater than minReadySeconds");
  }
}

/** ValidateReplicaSetSpec(spec, "spec", opts). */
export function replicaSetSpec(spec: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  nonNegative(int(fld(spec, "Replicas")), "spec.replicas", errs);
  nonNegative(int(fld(spec, "MinReadySeconds")), "spec.minReadySeconds", errs);
  selectorAndTemplate(spec, "deployment", opts, errs);
}
