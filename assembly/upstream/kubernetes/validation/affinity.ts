// The affinity checks of ValidatePodSpec (validateAffinity) for Kubernetes 1.15-1.37: node affinity
// selector terms (operators, values, keys, matchFields, preferred weights), pod (anti-)affinity terms
// (label and namespace selectors, namespaces, matchLabelKeys / mismatchLabelKeys from 1.29,
// topologyKey, weights), with each minor's paths, texts and the options computed from the old pod
// (PodValidationOptions). Also the metav1 label selector check (ValidateLabelSelector) the topology spread
// constraints reuse.

import { Val } from "../../../typed/value";
import { ErrList, quote } from "./errlist";
import { fld, str, int, sliceLen, at, strMap } from "./view";
import { isQualifiedName, isValidLabelValue, isDNS1123Label, isDNS1123Subdomain } from "./names";
import { validateLabels } from "./labels";
import { PodValidationOptions } from "./options";

/** unversionedvalidation.ValidateLabelName at `minor`. */
export function labelName(key: string, path: string, minor: i32, errs: ErrList): void {
  const ke = isQualifiedName(key, minor);
  for (let i = 0; i < ke.length; i++) errs.invalidStr(path, key, ke[i]);
}

/** metav1 ValidateLabelSelector(sel, {AllowInvalidLabelValueInSelector: allowInvalid}, path) at `minor`
 * (values are checked from 1.26 unless allowed). */
export function labelSelector(sel: Val | null, allowInvalid: bool, path: string, minor: i32, errs: ErrList): void {
  if (sel === null) return;
  validateLabels(fld(sel, "MatchLabels"), path + ".matchLabels", minor, errs);
  const exprs = fld(sel, "MatchExpressions");
  for (let i = 0; i < sliceLen(exprs); i++) {
    const e = at(exprs, i);
    const p = path + ".matchExpressions[" + i.toString() + "]";
    const op = str(fld(e, "Operator"));
    const vals = fld(e, "Values");
    const nv = sliceLen(vals);
    if (op == "In" || op == "NotIn") {
      if (nv == 0) errs.required(p + ".values", "must be specified when `operator` is 'In' or 'NotIn'");
    } else if (op == "Exists" || op == "DoesNotExist") {
      if (nv > 0) errs.forbidden(p + ".values", "may not be specified when `operator` is 'Exists' or 'DoesNotExist'");
    } else {
      errs.invalid(p + ".operator", quote(op), "not a valid selector operator");
    }
    labelName(str(fld(e, "Key")), p + ".key", minor, errs);
    if (minor >= 26 && !allowInvalid) {
      for (let j = 0; j < nv; j++) {
        const v = str(at(vals, j));
        const ve = isValidLabelValue(v, minor);
        for (let k = 0; k < ve.length; k++) errs.invalidStr(p + ".values[" + j.toString() + "]", v, ve[k]);
      }
    }
  }
}

/** True when ValidateLabelSelector(sel, {false}) finds an error (the old pod's options). */
export function selectorInvalid(sel: Val | null, minor: i32): bool {
  const e = new ErrList();
  labelSelector(sel, false, "", minor, e);
  return e.length > 0;
}

/** validateAffinity(spec.affinity, opts). */
export function validateAffinity(aff: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  if (aff === null) return;
  const path = "spec.affinity";
  const na = fld(aff, "NodeAffinity");
  if (na !== null) nodeAffinity(na, opts, path + ".nodeAffinity", errs);
  const pa = fld(aff, "PodAffinity");
  if (pa !== null) podAffinity(pa, opts, path + ".podAffinity", errs);
  const paa = fld(aff, "PodAntiAffinity");
  if (paa !== null) podAffinity(paa, opts, path + ".podAntiAffinity", errs);
}

function nodeAffinity(na: Val | null, opts: PodValidationOptions, path: string, errs: ErrList): void {
  const minor = opts.minor;
  const req = fld(na, "RequiredDuringSchedulingIgnoredDuringExecution");
  if (req !== null) {
    // 1.32 passes true (a TODO); 1.33+ check the values unless the old pod already had invalid ones
    const allowInvalid = minor <= 32 || opts.invalidRequiredNodeAffinityValue;
    const tp = path + ".requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms";
    const terms = fld(req, "NodeSelectorTerms");
    if (sliceLen(terms) == 0) errs.required(tp, "must have at least one node selector term");
    else for (let i = 0; i < sliceLen(terms); i++) nodeSelectorTerm(at(terms, i), allowInvalid, minor, tp + "[" + i.toString() + "]", errs);
  }
  const pref = fld(na, "PreferredDuringSchedulingIgnoredDuringExecution");
  const pp = path + ".preferredDuringSchedulingIgnoredDuringExecution";
  for (let i = 0; i < sliceLen(pref); i++) {
    const t = at(pref, i);
    const p = pp + "[" + i.toString() + "]";
    const w = int(fld(t, "Weight"));
    if (w <= 0 || w > 100) errs.invalidInt(p + ".weight", w, "must be in the range 1-100");
    nodeSelectorTerm(fld(t, "Preference"), true, minor, p + ".preference", errs);
  }
}

/** ValidateNodeSelectorTerm: matchExpressions, then matchFields. */
function nodeSelectorTerm(term: Val | null, allowInvalid: bool, minor: i32, path: string, errs: ErrList): void {
  const exprs = fld(term, "MatchExpressions");
  for (let j = 0; j < sliceLen(exprs); j++) {
    const rq = at(exprs, j);
    const p = path + ".matchExpressions[" + j.toString() + "]";
    const op = str(fld(rq, "Operator"));
    const vals = fld(rq, "Values");
    const nv = sliceLen(vals);
    if (op == "In" || op == "NotIn") {
      if (nv == 0) errs.required(p + ".values", "must be specified when `operator` is 'In' or 'NotIn'");
    } else if (op == "Exists" || op == "DoesNotExist") {
      if (nv > 0) errs.forbidden(p + ".values", "may not be specified when `operator` is 'Exists' or 'DoesNotExist'");
    } else if (op == "Gt" || op == "Lt") {
      if (nv != 1) errs.required(p + ".values", "must be specified single value when `operator` is 'Lt' or 'Gt'");
    } else {
      errs.invalid(p + ".operator", quote(op), "not a valid selector operator");
    }
    labelName(str(fld(rq, "Key")), p + ".key", minor, errs);
    if (!allowInvalid) {
      for (let k = 0; k < nv; k++) {
        const v = str(at(vals, k));
        const ve = isValidLabelValue(v, minor);
        for (let m = 0; m < ve.length; m++) errs.invalidStr(p + ".values[" + k.toString() + "]", v, ve[m]);
      }
    }
  }
  const fields = fld(term, "MatchFields");
  for (let j = 0; j < sliceLen(fields); j++) {
    const rq = at(fields, j);
    const p = path + ".matchFields[" + j.toString() + "]";
    const op = str(fld(rq, "Operator"));
    const vals = fld(rq, "Values");
    if (op == "In" || op == "NotIn") {
      if (sliceLen(vals) != 1) errs.required(p + ".values", "must be only one value when `operator` is 'In' or 'NotIn' for node field selector");
    } else {
      errs.invalid(p + ".operator", quote(op), "not a valid selector operator");
    }
    const key = str(fld(rq, "Key"));
    if (key != "metadata.name") errs.invalidStr(p + ".key", key, "not a valid field selector key");
    else {
      for (let k = 0; k < sliceLen(vals); k++) {
        const v = str(at(vals, k));
        const ve = isDNS1123Subdomain(v, minor);
        for (let m = 0; m < ve.length; m++) errs.invalidStr(p + ".values[" + k.toString() + "]", v, ve[m]);
      }
    }
  }
}

/** validatePodAffinity / validatePodAntiAffinity (same shape). */
function podAffinity(pa: Val | null, opts: PodValidationOptions, path: string, errs: ErrList): void {
  const req = fld(pa, "RequiredDuringSchedulingIgnoredDuringExecution");
  const rp = path + ".requiredDuringSchedulingIgnoredDuringExecution";
  for (let i = 0; i < sliceLen(req); i++) podAffinityTerm(at(req, i), opts, rp + "[" + i.toString() + "]", errs);
  const pref = fld(pa, "PreferredDuringSchedulingIgnoredDuringExecution");
  const pp = path + ".preferredDuringSchedulingIgnoredDuringExecution";
  for (let j = 0; j < sliceLen(pref); j++) {
    const t = at(pref, j);
    const p = pp + "[" + j.toString() + "]";
    const w = int(fld(t, "Weight"));
    if (w <= 0 || w > 100) errs.invalidInt(p + ".weight", w, "must be in the range 1-100");
    podAffinityTerm(fld(t, "PodAffinityTerm"), opts, p + ".podAffinityTerm", errs);
  }
}

/** validatePodAffinityTerm under `opts`. */
function podAffinityTerm(term: Val | null, opts: PodValidationOptions, path: string, errs: ErrList): void {
  const minor = opts.minor;
  const allow = minor >= 26 && opts.invalidLabelValueInSelector;
  const sel = fld(term, "LabelSelector");
  if (minor <= 20) labelSelector(sel, allow, path + ".matchExpressions", minor, errs);
  else {
    labelSelector(sel, allow, path + ".labelSelector", minor, errs);
    labelSelector(fld(term, "NamespaceSelector"), allow, path + ".namespaceSelector", minor, errs);
  }
  const nss = fld(term, "Namespaces");
  for (let i = 0; i < sliceLen(nss); i++) {
    const ns = str(at(nss, i));
    const ne = isDNS1123Label(ns, minor);
    for (let j = 0; j < ne.length; j++) errs.invalidStr(path + ".namespace", ns, ne[j]);
  }
  if (minor >= 29) matchAndMismatchLabelKeys(path, fld(term, "MatchLabelKeys"), fld(term, "MismatchLabelKeys"), sel, minor, errs);
  const tk = str(fld(term, "TopologyKey"));
  if (tk.length == 0) errs.required(path + ".topologyKey", "can not be empty");
  labelName(tk, path + ".topologyKey", minor, errs);
}

/** validateLabelKeys (matchLabelKeys / mismatchLabelKeys). */
function labelKeys(path: string, keys: Val | null, sel: Val | null, minor: i32, errs: ErrList): void {
  const n = sliceLen(keys);
  if (n == 0) return;
  if (sel === null) { errs.forbidden(path, "must not be specified when labelSelector is not set"); return; }
  for (let i = 0; i < n; i++) labelName(str(at(keys, i)), path + "[" + i.toString() + "]", minor, errs);
}

/** ValidateMatchLabelKeysAndMismatchLabelKeys (1.29+); `path` is the term's (or, 1.34+, the constraint's) path. */
export function matchAndMismatchLabelKeys(path: string, match: Val | null, mismatch: Val | null, sel: Val | null, minor: i32, errs: ErrList): void {
  labelKeys(path + ".matchLabelKeys", match, sel, minor, errs);
  labelKeys(path + ".mismatchLabelKeys", mismatch, sel, minor, errs);
  const nm = sliceLen(match);
  if (sel !== null) {
    // a key of matchLabelKeys found in an expression after matchLabels or an earlier expression named it
    const seen = new Set<string>();
    const ml = strMap(fld(sel, "MatchLabels"));
    for (let i = 0; i < ml.keys.length; i++) seen.add(ml.keys[i]);
    const last = new Map<string, i32>(); // matchLabelKeys: key -> its last index (as upstream's map keeps it)
    for (let i = 0; i < nm; i++) last.set(str(at(match, i)), i);
    const exprs = fld(sel, "MatchExpressions");
    for (let e = 0; e < sliceLen(exprs); e++) {
      const key = str(fld(at(exprs, e), "Key"));
      const idx = last.has(key) ? last.get(key) : -1;
      if (idx >= 0 && seen.has(key)) errs.invalidStr(path + "[" + idx.toString() + "]", key, "exists in both matchLabelKeys and labelSelector");
      seen.add(key);
    }
  }
  const mm = new Set<string>();
  for (let i = 0; i < sliceLen(mismatch); i++) mm.add(str(at(mismatch, i)));
  for (let i = 0; i < nm; i++) {
    const k = str(at(match, i));
    if (mm.has(k)) errs.invalidStr(path + ".matchLabelKeys[" + i.toString() + "]", k, "exists in both matchLabelKeys and mismatchLabelKeys");
  }
}

/** hasInvalidLabelValueInAffinitySelector: some pod (anti-)affinity term's selectors fail strict validation. */
export function affinitySelectorsInvalid(spec: Val | null, minor: i32): bool {
  const aff = fld(spec, "Affinity");
  if (aff === null) return false;
  const kinds = ["PodAffinity", "PodAntiAffinity"];
  for (let k = 0; k < 2; k++) {
    const pa = fld(aff, kinds[k]);
    if (pa === null) continue;
    const req = fld(pa, "RequiredDuringSchedulingIgnoredDuringExecution");
    for (let i = 0; i < sliceLen(req); i++) if (termSelectorsInvalid(at(req, i), minor)) return true;
    const pref = fld(pa, "PreferredDuringSchedulingIgnoredDuringExecution");
    for (let i = 0; i < sliceLen(pref); i++) if (termSelectorsInvalid(fld(at(pref, i), "PodAffinityTerm"), minor)) return true;
  }
  return false;
}

function termSelectorsInvalid(term: Val | null, minor: i32): bool {
  return selectorInvalid(fld(term, "LabelSelector"), minor) || selectorInvalid(fld(term, "NamespaceSelector"), minor);
}

/** helper.HasInvalidLabelValueInNodeSelectorTerms over the required node affinity. */
export function requiredNodeAffinityValuesInvalid(spec: Val | null, minor: i32): bool {
  const terms = fld(fld(fld(fld(spec, "Affinity"), "NodeAffinity"), "RequiredDuringSchedulingIgnoredDuringExecution"), "NodeSelectorTerms");
  for (let i = 0; i < sliceLen(terms); i++) {
    const exprs = fld(at(terms, i), "MatchExpressions");
    for (let j = 0; j < sliceLen(exprs); j++) {
      const vals = fld(at(exprs, j), "Values");
      for (let k = 0; k < sliceLen(vals); k++) if (isValidLabelValue(str(at(vals, k)), minor).length > 0) return true;
    }
  }
  return false;
}
