// validateTopologySpreadConstraints of ValidatePodSpec (1.16+): maxSkew, topologyKey,
// whenUnsatisfiable, repeated {topologyKey, whenUnsatisfiable}, minDomains (1.24+), nodeAffinityPolicy
// / nodeTaintsPolicy and matchLabelKeys (1.25+), the label selector (1.27+ unless the old pod's was
// already invalid) and 1.34's choice between the legacy and the merged matchLabelKeys check.

import { Val } from "../../../typed/value";
import { ErrList, quote } from "./errlist";
import { fld, str, int, isSet, sliceLen, at, strMap } from "./view";
import { labelName, labelSelector, matchAndMismatchLabelKeys, selectorInvalid } from "./affinity";
import { PodValidationOptions } from "./options";

/** The {topologyKey, whenUnsatisfiable} tuple of a constraint as one unambiguous text. */
function tupleKey(tk: string, wu: string): string {
  return tk.length.toString() + ":" + tk + wu;
}

/** validateTopologySpreadConstraints(spec.topologySpreadConstraints, opts) (nothing before 1.16). */
export function validateTopologySpread(list: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  if (minor < 16) return;
  const n = sliceLen(list);
  const last = new Map<string, i32>(); // tuple -> the last constraint's index
  for (let i = 0; i < n; i++) {
    const c = at(list, i);
    last.set(tupleKey(str(fld(c, "TopologyKey")), str(fld(c, "WhenUnsatisfiable"))), i);
  }
  for (let i = 0; i < n; i++) {
    const c = at(list, i);
    const p = "spec.topologySpreadConstraints[" + i.toString() + "]";
    const skew = int(fld(c, "MaxSkew"));
    if (skew <= 0) errs.invalidInt(p + ".maxSkew", skew, "must be greater than zero");
    const tk = str(fld(c, "TopologyKey"));
    if (tk.length == 0) errs.required(p + ".topologyKey", "can not be empty");
    const wu = str(fld(c, "WhenUnsatisfiable"));
    if (wu != "DoNotSchedule" && wu != "ScheduleAnyway") errs.notSupported(p + ".whenUnsatisfiable", wu, ["DoNotSchedule", "ScheduleAnyway"]);
    // ValidateSpreadConstraintNotRepeat against the constraints after this one
    if (last.get(tupleKey(tk, wu)) > i) errs.duplicate(p + ".{topologyKey, whenUnsatisfiable}", "{" + tk + ", " + wu + "}");
    if (minor >= 24) {
      const md = fld(c, "MinDomains");
      if (isSet(md)) {
        const v = int(md);
        if (v <= 0) errs.invalidInt(p + ".minDomains", v, "must be greater than zero");
        if (wu != "DoNotSchedule") errs.invalidInt(p + ".minDomains", v, "can only use minDomains if whenUnsatisfiable=DoNotSchedule, not " + wu);
      }
    }
    if (minor >= 25) {
      inclusionPolicy(fld(c, "NodeAffinityPolicy"), p + ".nodeAffinityPolicy", errs);
      inclusionPolicy(fld(c, "NodeTaintsPolicy"), p + ".nodeTaintsPolicy", errs);
      const keys = fld(c, "MatchLabelKeys"), sel = fld(c, "LabelSelector");
      // 1.34+: the merged check unless the old pod already fails it (MatchLabelKeysInPodTopologySpread and
      // its SelectorMerge gate on by default)
      if (minor >= 34 && !opts.oldViolatesMatchLabelKeys) matchAndMismatchLabelKeys(p, keys, null, sel, minor, errs);
      else legacyMatchLabelKeys(p + ".matchLabelKeys", keys, sel, minor, errs);
    }
    if (minor >= 27 && !opts.invalidSpreadSelector) labelSelector(fld(c, "LabelSelector"), false, p + ".labelSelector", minor, errs);
  }
}

/** validateNodeInclusionPolicy: nil, Ignore or Honor. */
function inclusionPolicy(v: Val | null, path: string, errs: ErrList): void {
  if (!isSet(v)) return;
  const s = str(v);
  if (s != "Honor" && s != "Ignore") errs.notSupported(path, s, ["Honor", "Ignore"]);
}

/** validateMatchLabelKeys (1.25-1.26) / validateMatchLabelKeysInTopologySpread (1.27+: a nil selector is Forbidden). */
function legacyMatchLabelKeys(path: string, keys: Val | null, sel: Val | null, minor: i32, errs: ErrList): void {
  const n = sliceLen(keys);
  if (n == 0) return;
  const selKeys = new Set<string>();
  if (sel !== null) {
    const ml = strMap(fld(sel, "MatchLabels"));
    for (let i = 0; i < ml.keys.length; i++) selKeys.add(ml.keys[i]);
    const exprs = fld(sel, "MatchExpressions");
    for (let i = 0; i < sliceLen(exprs); i++) selKeys.add(str(fld(at(exprs, i), "Key")));
  } else if (minor >= 27) {
    errs.forbidden(path, "must not be specified when labelSelector is not set");
  }
  for (let i = 0; i < n; i++) {
    const k = str(at(keys, i));
    const p = path + "[" + i.toString() + "]";
    labelName(k, p, minor, errs);
    if (selKeys.has(k)) errs.invalid(p, quote(k), "exists in both matchLabelKeys and labelSelector");
  }
}

/** hasInvalidTopologySpreadConstraintLabelSelector of the old spec (1.27+). */
export function spreadSelectorsInvalid(spec: Val | null, minor: i32): bool {
  const list = fld(spec, "TopologySpreadConstraints");
  for (let i = 0; i < sliceLen(list); i++) if (selectorInvalid(fld(at(list, i), "LabelSelector"), minor)) return true;
  return false;
}

/** hasInvalidTopologySpreadConstrainMatchLabelKeys of the old spec (1.34+). */
export function spreadMatchLabelKeysInvalid(spec: Val | null, minor: i32): bool {
  const list = fld(spec, "TopologySpreadConstraints");
  for (let i = 0; i < sliceLen(list); i++) {
    const c = at(list, i);
    const e = new ErrList();
    matchAndMismatchLabelKeys("", fld(c, "MatchLabelKeys"), null, fld(c, "LabelSelector"), minor, e);
    if (e.length > 0) return true;
  }
  return false;
}
