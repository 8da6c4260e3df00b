// The API server's pod update validation (ValidatePodUpdate, pkg/apis/core/validation, and the pod
// strategy's ValidateUpdate around it) for Kubernetes 1.15-1.37, over the typed view of two decoded
// v1 Pods. Per-minor differences are the conditions in `Facts` below (one place); the v1 -> internal
// conversion the API server applies before validating is folded into the spec comparison
// (serviceAccount alias, host namespaces / securityContext, negative grace period -> 1).

import { Val, StrV, MapV, QuantityV, sortedEntries } from "../../../typed/value";
import { Quantity } from "../../../quantity/quantity";
import { quantityCmpValues } from "../../../quantity/arith";
import { fieldCount, fieldName, fieldType, fieldIndex, fieldJSONName, elem, kind, Kind } from "../../../schema/schema";
import { requestType } from "../../../typed/types";
import { ErrList, quote, DEFAULT_MAX_ERROR_BYTES } from "./errlist";
import { fail, E_LIMIT } from "../../../base/errors";
import { Diffs, semEqual } from "./equal";
import { fld, str, strLen, int, isSet, deref, sliceLen, at, strMap, StrMap, slot } from "./view";
import { validateNewPod, podSpecificAnnotations } from "./spec";
import { validateTolerations } from "./tolerations";
import { validateLabels, validateAnnotationKeys } from "./labels";
import { computeQOS } from "./qos";
import { Gates } from "./gates";
import { PodValidationOptions } from "./options";
import { levelOptions } from "./levelopts";
import { podOptions } from "./podopts";
import { conditionalSCTP, ownerReferences, kubeFinalizerNames, managedFields, fieldManagersLegacy } from "./meta";
import { renderMap, renderTerms, renderTerm } from "./render";
import { singleHugePageApplies, singleHugePageSize } from "./podresources";
import { joinStrings } from "../../../golang/join";

const APPARMOR_PREFIX = "container.apparmor.security.beta.kubernetes.io/";
const MIRROR_KEY = "kubernetes.io/config.mirror";

/** What differs between minors (every condition of this file reads these). */
class Facts {
  constructor(public m: i32) {}
  /** 1.15-1.18: the pod strategy runs ValidatePod(new) before ValidatePodUpdate. */
  get strategyValidatesPod(): bool { return this.m <= 18; }
  /** 1.19+: ValidatePodUpdate validates the new pod's metadata and spec itself. */
  get updateValidatesPod(): bool { return this.m >= 19; }
  /** 1.22+: terminationGracePeriodSeconds may go from negative to 1. */
  get tgpsRelax(): bool { return this.m >= 22; }
  /** 1.26+: schedulingGates may only shrink. */
  get schedulingGates(): bool { return this.m >= 26; }
  /** 1.27+: gated pods may gain nodeSelector entries and node affinity terms (1.27-1.29 behind PodSchedulingReadiness). */
  get gatedRelax(): bool { return this.m >= 27; }
  /** 1.27-1.31: with InPlacePodVerticalScaling, CPU and memory of containers may change. */
  get resize(): bool { return this.m >= 27 && this.m <= 31; }
  /** The v1 -> internal conversion of 1.15-1.36 (aliases, host fields into securityContext). */
  get legacyConversion(): bool { return this.m <= 36; }
  /** 1.27-1.36: conversion turns a negative grace period into 1. */
  get tgpsNegativeToOne(): bool { return this.m >= 27 && this.m <= 36; }
  /** 1.34+: non-scalar bad values are printed as JSON (before: %#v). */
  get jsonValues(): bool { return this.m >= 34; }
}

/**
 * The ErrorList of the pod strategy's ValidateUpdate(new, old) at Kubernetes `minor` (15-37) for two
 * typed v1 Pods (`Decoder.decodeTop(requestType("Pod", minor), node)`; null = the zero Pod) with the
 * request's `gates` (`new Gates()` = the minor's defaults) and the cluster's `allowPrivileged` policy.
 * Empty list: the API server accepts the update. Limits (check hasError()): a quantity whose sum needs more digits
 * than the engine writes out (1.27-1.31 QoS) records E_TOO_LARGE; errors of more than `maxErrorBytes` characters
 * in all record E_LIMIT.
 * Used by the `pod.validateUpdate` op and the verdict; see docs/policy.md "validate".
 */
export function validatePodUpdate(oldPod: Val | null, newPod: Val | null, minor: i32, gates: Gates, allowPrivileged: bool = true,
  maxErrorBytes: i64 = DEFAULT_MAX_ERROR_BYTES): ErrList {
  const oldSpec = fld(oldPod, "Spec"), newSpec = fld(newPod, "Spec");
  const opts = new PodValidationOptions(minor, gates);
  opts.oldSpec = oldSpec;
  opts.allowPrivileged = allowPrivileged;
  levelOptions(opts, oldPod, newPod); // the pod-level options (affinity, spread, DNS, annotations)
  podOptions(opts, oldSpec, newSpec); // the volume, mount and env source options
  const errs = validatePodUpdateRules(oldPod, newPod, opts, maxErrorBytes);
  conditionalSCTP(newSpec, opts, errs); // 1.15-1.19: the strategy's ValidateConditionalPod comes last
  if (errs.over) fail(E_LIMIT, "the validation errors exceed maxErrorBytes (" + maxErrorBytes.toString() + " characters)", -1, "maxErrorBytes");
  return errs;
}

/** ValidatePodUpdate under `opts` (1.15-1.18: after ValidatePod), without the strategy's conditional checks;
 * with an error recorded (check hasError()) when a quantity is beyond the engine's digit limit. */
function validatePodUpdateRules(oldPod: Val | null, newPod: Val | null, opts: PodValidationOptions, maxErrorBytes: i64): ErrList {
  const minor = opts.minor;
  const gates = opts.gates;
  const f = new Facts(minor);
  const errs = new ErrList(maxErrorBytes);
  const podT = requestType("Pod", minor);
  const specT = fieldType(podT, fieldIndex(podT, "Spec"));
  const oldSpec = fld(oldPod, "Spec"), newSpec = fld(newPod, "Spec");
  if (f.strategyValidatesPod) validateNewPod(newPod, opts, errs);
  metaUpdate(fld(newPod, "ObjectMeta"), fld(oldPod, "ObjectMeta"), minor, errs);
  if (f.updateValidatesPod) validateNewPod(newPod, opts, errs);
  annotationUpdates(fld(newPod, "ObjectMeta"), fld(oldPod, "ObjectMeta"), minor, errs);
  podSpecificAnnotations(fld(newPod, "ObjectMeta"), newSpec, opts, errs);
  if (minor >= 18 && singleHugePageApplies(oldSpec, minor, gates)) singleHugePageSize(newSpec, minor, errs); // podresources.ts
  if (containerUpdates(fld(newSpec, "Containers"), fld(oldSpec, "Containers"), "spec.containers", errs)) return errs;
  if (containerUpdates(fld(newSpec, "InitContainers"), fld(oldSpec, "InitContainers"), "spec.initContainers", errs)) return errs;
  // activeDeadlineSeconds: nil -> positive, or decrease
  const na = fld(newSpec, "ActiveDeadlineSeconds"), oa = fld(oldSpec, "ActiveDeadlineSeconds");
  if (isSet(na)) {
    const v = int(na);
    if (v < 0 || v > 2147483647) {
      errs.invalidInt("spec.activeDeadlineSeconds", v, "must be between 0 and 2147483647, inclusive");
      return errs;
    }
    if (isSet(oa) && int(oa) < v) {
      errs.invalidInt("spec.activeDeadlineSeconds", v, "must be less than or equal to previous value");
      return errs;
    }
  } else if (isSet(oa)) {
    // a nil *int64: ErrorBody prints the string "null" with %q (1.34+: json.Marshal, unquoted)
    errs.invalid("spec.activeDeadlineSeconds", f.jsonValues ? "null" : "\"null\"", "must not update from a positive integer to nil value");
  }
  onlyAddedTolerations(fld(newSpec, "Tolerations"), fld(oldSpec, "Tolerations"), specT, opts, errs);
  if (f.schedulingGates) onlyDeletedSchedulingGates(fld(newSpec, "SchedulingGates"), fld(oldSpec, "SchedulingGates"), errs);

  const resize = f.resize && gates.enabled("InPlacePodVerticalScaling", minor);
  if (minor >= 18 && specEqual(f, specT, newSpec, oldSpec, false, false, null)) return errs;
  if (minor >= 27 && minor <= 28 && resize) {
    const oq = computeQOS(oldSpec), nq = computeQOS(newSpec);
    if (oq === null || nq === null) return errs;
    if (oq != nq) errs.invalid("metadata", quote(nq), "Pod QoS is immutable");
  } else if (minor >= 29 && minor <= 31) {
    let oq: string | null = str(fld(fld(oldPod, "Status"), "QOSClass"));
    if (oq.length == 0) oq = computeQOS(oldSpec);
    const nq = computeQOS(newSpec);
    if (oq === null || nq === null) return errs;
    if (oq != nq) errs.invalid("metadata", quote(str(fld(fld(newPod, "Status"), "QOSClass"))), "Pod QoS is immutable");
  }
  // gated pods: nodeSelector additions and node affinity term additions
  let skipNodeSelector = false, skipAffinity = false;
  if (f.gatedRelax && sliceLen(fld(oldSpec, "SchedulingGates")) > 0 &&
      (minor >= 30 || gates.enabled("PodSchedulingReadiness", minor))) {
    const nsT = fieldType(specT, fieldIndex(specT, "NodeSelector"));
    const nns = fld(newSpec, "NodeSelector"), ons = fld(oldSpec, "NodeSelector");
    if (!semEqual(nsT, nns, ons, "", null)) {
      const nm = strMap(nns), om = strMap(ons);
      for (let i = 0; i < om.keys.length; i++) {
        const j = nm.find(om.keys[i]);
        if (j < 0 || nm.vals[j] != om.vals[i]) {
          errs.invalid("spec.nodeSelector", renderMap(nm, f.jsonValues), "only additions to spec.nodeSelector are allowed (no mutations or deletions)");
          break;
        }
      }
      skipNodeSelector = true;
    }
    skipAffinity = gatedAffinity(f, specT, newSpec, oldSpec, errs);
  }
  const d = new Diffs();
  if (!specEqual(f, specT, newSpec, oldSpec, true, resize, d, skipNodeSelector, skipAffinity)) {
    let list = "`spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)";
    if (resize) list += ",`spec.containers[*].resources` (for CPU/memory only)";
    let msg: string;
    if (minor <= 21) msg = "pod updates may not change fields other than `spec.containers[*].image`, `spec.initContainers[*].image`, `spec.activeDeadlineSeconds` or `spec.tolerations` (only additions to existing tolerations)";
    else if (minor <= 26) msg = "pod updates may not change fields other than `spec.containers[*].image`, `spec.initContainers[*].image`, `spec.activeDeadlineSeconds`, `spec.tolerations` (only additions to existing tolerations) or `spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)";
    else msg = "pod updates may not change fields other than " + list;
    errs.forbidden("spec", msg + "\n" + diffText(d));
  }
  return errs;
}

/** Our deterministic stand-in for upstream's go-cmp / ObjectDiff text: the v1 JSON paths that differ. */
function diffText(d: Diffs): string {
  return "kinplace: changed " + joinStrings(d.paths, ", ") + (d.more ? ", ..." : "");
}

/** ValidateObjectMetaUpdate at `minor` (the parts that read fields a pod carries). */
function metaUpdate(nm: Val | null, om: Val | null, minor: i32, errs: ErrList): void {
  if (strLen(fld(nm, "ResourceVersion")) == 0) errs.invalidStr("metadata.resourceVersion", "", "must be specified for an update");
  const ng = int(fld(nm, "Generation")), og = int(fld(om, "Generation"));
  if (ng < og) errs.invalidInt("metadata.generation", ng, "must not be decremented");
  fieldManagersLegacy(nm, minor, errs); // meta.ts
  immutableStr(nm, om, "Name", "metadata.name", errs);
  immutableStr(nm, om, "Namespace", "metadata.namespace", errs);
  immutableStr(nm, om, "UID", "metadata.uid", errs);
  // labels, annotations (keys, total size), owner references and managed fields of the new object
  validateLabels(fld(nm, "Labels"), "metadata.labels", minor, errs);
  validateAnnotationKeys(fld(nm, "Annotations"), "metadata.annotations", minor, errs);
  ownerReferences(nm, minor, errs); // meta.ts
  managedFields(nm, minor, errs); // meta.ts (1.16+)
  kubeFinalizerNames(nm, errs); // meta.ts: core's own finalizer check
}

function immutableStr(nm: Val | null, om: Val | null, name: string, path: string, errs: ErrList): void {
  const a = str(fld(nm, name)), b = str(fld(om, name));
  if (a != b) errs.invalidStr(path, a, "field is immutable");
}

/** ValidatePodSpecificAnnotationUpdates: AppArmor and mirror-pod annotations may not change. */
function annotationUpdates(nm: Val | null, om: Val | null, minor: i32, errs: ErrList): void {
  const na = annotationsOf(nm, minor), oa = annotationsOf(om, minor);
  for (let i = 0; i < oa.keys.length; i++) {
    const k = oa.keys[i];
    const j = na.find(k);
    if (j >= 0 && na.vals[j] == oa.vals[i]) continue;
    if (k.startsWith(APPARMOR_PREFIX)) errs.forbidden("metadata.annotations[" + k + "]", "may not remove or update AppArmor annotations");
    if (k == MIRROR_KEY) errs.forbidden("metadata.annotations[" + k + "]", "may not remove or update mirror pod annotation");
  }
  for (let i = 0; i < na.keys.length; i++) {
    const k = na.keys[i];
    if (oa.find(k) >= 0) continue;
    if (k.startsWith(APPARMOR_PREFIX)) errs.forbidden("metadata.annotations[" + k + "]", "may not add AppArmor annotations");
    if (k == MIRROR_KEY) errs.forbidden("metadata.annotations[" + k + "]", "may not add mirror pod annotation");
  }
}

/** Annotations as the internal object holds them (1.15-1.36 conversion drops the init-container ones). */
function annotationsOf(meta: Val | null, minor: i32): StrMap {
  const m = strMap(fld(meta, "Annotations"));
  if (minor > 36) return m;
  const r = new StrMap();
  r.isNil = m.isNil;
  for (let i = 0; i < m.keys.length; i++) {
    const k = m.keys[i];
    if (k == "pod.beta.kubernetes.io/init-containers" || k == "pod.alpha.kubernetes.io/init-containers" ||
        k == "pod.beta.kubernetes.io/init-container-statuses" || k == "pod.alpha.kubernetes.io/init-container-statuses") continue;
    r.keys.push(k);
    r.vals.push(m.vals[i]);
  }
  return r;
}

/** ValidateContainerUpdates; true means stop (containers added or removed). */
function containerUpdates(nl: Val | null, ol: Val | null, path: string, errs: ErrList): bool {
  const n = sliceLen(nl);
  if (n != sliceLen(ol)) {
    errs.forbidden(path, "pod updates may not add or remove containers");
    return true;
  }
  for (let i = 0; i < n; i++) {
    const img = str(fld(at(nl, i), "Image"));
    const p = path + "[" + i.toString() + "].image";
    if (img.length == 0) errs.required(p);
    if (img != img.trim()) errs.invalidStr(p, img, "must not have leading or trailing whitespace");
  }
  return false;
}

/** validateOnlyAddedTolerations: every old toleration must be in new (tolerationSeconds aside). The new
 * tolerations are looked up by a hash of the compared fields, each candidate confirmed with the comparison
 * itself (upstream compares every pair). */
function onlyAddedTolerations(nl: Val | null, ol: Val | null, specT: i32, opts: PodValidationOptions, errs: ErrList): void {
  const tolT = elem(fieldType(specT, fieldIndex(specT, "Tolerations")));
  const n = sliceLen(nl), o = sliceLen(ol);
  const byHash = tolerationsByHash(tolT, nl);
  for (let i = 0; i < o; i++) {
    let found = false;
    if (byHash !== null) {
      const h = tolerationHash(tolT, at(ol, i));
      if (byHash.has(h)) {
        const c = byHash.get(h);
        for (let k = 0; k < c.length && !found; k++) found = tolerationEqualButSeconds(tolT, at(ol, i), at(nl, c[k]));
      }
    } else for (let j = 0; j < n && !found; j++) found = tolerationEqualButSeconds(tolT, at(ol, i), at(nl, j));
    if (!found) {
      errs.forbidden("spec.tolerations", "existing toleration can not be modified except its tolerationSeconds");
      return;
    }
  }
  validateTolerations(nl, "spec.tolerations", opts, errs);
}

/** The new tolerations' indexes by tolerationHash; null when a compared field is not a string (compare every pair). */
function tolerationsByHash(t: i32, list: Val | null): Map<u64, Array<i32>> | null {
  const nf = fieldCount(t);
  for (let i = 0; i < nf; i++) if (fieldName(t, i) != "TolerationSeconds" && kind(fieldType(t, i)) != Kind.String) return null;
  const m = new Map<u64, Array<i32>>();
  const n = sliceLen(list);
  for (let j = 0; j < n; j++) {
    const h = tolerationHash(t, at(list, j));
    if (m.has(h)) m.get(h).push(j);
    else { const a = new Array<i32>(); a.push(j); m.set(h, a); }
  }
  return m;
}

/** FNV-1a (64-bit) of a toleration's string fields but tolerationSeconds, each as its length and bytes. */
function tolerationHash(t: i32, v: Val | null): u64 {
  let h: u64 = 0xcbf29ce484222325;
  const nf = fieldCount(t);
  for (let i = 0; i < nf; i++) {
    if (fieldName(t, i) == "TolerationSeconds") continue;
    const f = slot(v, i);
    const p: usize = f === null ? 0 : changetype<StrV>(f).p;
    const len: i32 = f === null ? 0 : changetype<StrV>(f).n;
    h = (h ^ <u64>len) * 0x100000001b3;
    for (let k = 0; k < len; k++) h = (h ^ <u64>load<u8>(p + <usize>k)) * 0x100000001b3;
  }
  return h;
}

function tolerationEqualButSeconds(t: i32, a: Val | null, b: Val | null): bool {
  const n = fieldCount(t);
  for (let i = 0; i < n; i++) {
    if (fieldName(t, i) == "TolerationSeconds") continue;
    const fa = slot(a, i);
    const fb = slot(b, i);
    if (!semEqual(fieldType(t, i), fa, fb, "", null)) return false;
  }
  return true;
}

/** validateOnlyDeletedSchedulingGates: a gate name not in the old list is forbidden. */
function onlyDeletedSchedulingGates(nl: Val | null, ol: Val | null, errs: ErrList): void {
  const n = sliceLen(nl);
  if (n == 0) return;
  // map name -> last index, minus the old names (Go ranges over the map: one entry is the usual case; the
  // engine reports names in their first order)
  const names = new Array<string>();
  const last = new Map<string, i32>();
  for (let i = 0; i < n; i++) {
    const name = str(fld(at(nl, i), "Name"));
    if (!last.has(name)) names.push(name);
    last.set(name, i);
  }
  const old = new Set<string>();
  const o = sliceLen(ol);
  for (let i = 0; i < o; i++) old.add(str(fld(at(ol, i), "Name")));
  for (let k = 0; k < names.length; k++) {
    if (old.has(names[k])) continue;
    errs.forbidden("spec.schedulingGates[" + last.get(names[k]).toString() + "].name", "only deletion is allowed, but found new scheduling gate '" + names[k] + "'");
  }
}

/** The gated-pod node affinity relaxation; true when the affinity field counts as unchanged afterwards. */
function gatedAffinity(f: Facts, specT: i32, ns: Val | null, os: Val | null, errs: ErrList): bool {
  const affT = elem(fieldType(specT, fieldIndex(specT, "Affinity")));
  const naT = fieldType(affT, fieldIndex(affT, "NodeAffinity"));
  const oAff = fld(os, "Affinity"), nAff = fld(ns, "Affinity");
  const oNA = isSet(oAff) ? fld(oAff, "NodeAffinity") : null;
  const nNA = isSet(nAff) ? fld(nAff, "NodeAffinity") : null;
  if (semEqual(naT, oNA, nNA, "", null)) return false;
  nodeAffinityMutation(f, naT, nNA, oNA, errs);
  const paT = fieldType(affT, fieldIndex(affT, "PodAffinity"));
  const paaT = fieldType(affT, fieldIndex(affT, "PodAntiAffinity"));
  if (!isSet(nAff) && !isSet(oNA)) return false;
  if (!isSet(nAff) && isSet(oNA)) {
    // munged = {NodeAffinity: old}: equal to old when old has no pod (anti-)affinity
    return semEqual(paT, null, fld(oAff, "PodAffinity"), "", null) && semEqual(paaT, null, fld(oAff, "PodAntiAffinity"), "", null);
  }
  if (isSet(nAff) && !isSet(oAff) && !isSet(fld(nAff, "PodAntiAffinity")) && !isSet(fld(nAff, "PodAffinity"))) return true;
  // munged = new with the old node affinity
  return semEqual(paT, fld(nAff, "PodAffinity"), fld(oAff, "PodAffinity"), "", null) &&
    semEqual(paaT, fld(nAff, "PodAntiAffinity"), fld(oAff, "PodAntiAffinity"), "", null) && isSet(oAff);
}

/** validateNodeAffinityMutation. */
function nodeAffinityMutation(f: Facts, naT: i32, nNA: Val | null, oNA: Val | null, errs: ErrList): void {
  if (!isSet(oNA)) return;
  const oReq = fld(oNA, "RequiredDuringSchedulingIgnoredDuringExecution");
  if (!isSet(oReq)) return;
  const oTerms = fld(oReq, "NodeSelectorTerms");
  let nTerms: Val | null = null;
  const nReq = isSet(nNA) ? fld(nNA, "RequiredDuringSchedulingIgnoredDuringExecution") : null;
  if (isSet(nReq)) nTerms = fld(nReq, "NodeSelectorTerms");
  const path = "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms";
  const on = sliceLen(oTerms), nn = sliceLen(nTerms);
  if (on > 0 && on != nn) {
    errs.invalid(path, renderTerms(nTerms, f.jsonValues), "no additions/deletions to non-empty NodeSelectorTerms list are allowed");
    return;
  }
  for (let i = 0; i < on; i++) {
    if (!termHasOnlyAdditions(at(nTerms, i), at(oTerms, i))) {
      errs.invalid(path + "[" + i.toString() + "]", renderTerm(at(nTerms, i), f.jsonValues), "only additions are allowed (no mutations or deletions)");
    }
  }
}

function termHasOnlyAdditions(nt: Val | null, ot: Val | null): bool {
  const oe = fld(ot, "MatchExpressions"), ofl = fld(ot, "MatchFields");
  const ne = fld(nt, "MatchExpressions"), nf = fld(nt, "MatchFields");
  if (sliceLen(oe) == 0 && sliceLen(ofl) == 0 && (sliceLen(ne) > 0 || sliceLen(nf) > 0)) return false;
  return prefixEqual(ne, oe) && prefixEqual(nf, ofl);
}

/** The first len(old) requirements of new equal old's (Semantic.DeepEqual on []NodeSelectorRequirement). */
function prefixEqual(nl: Val | null, ol: Val | null): bool {
  const l = sliceLen(ol);
  if (l == 0) return true;
  if (sliceLen(nl) < l) return false;
  for (let i = 0; i < l; i++) {
    const a = at(nl, i), b = at(ol, i);
    if (str(fld(a, "Key")) != str(fld(b, "Key")) || str(fld(a, "Operator")) != str(fld(b, "Operator"))) return false;
    const av = fld(a, "Values"), bv = fld(b, "Values");
    if (sliceLen(av) != sliceLen(bv)) return false;
    for (let k = 0; k < sliceLen(av); k++) if (str(at(av, k)) != str(at(bv, k))) return false;
  }
  return true;
}

/**
 * Semantic.DeepEqual of the internal PodSpecs the two v1 specs convert to. `munged`: compare the munged
 * new spec (images, activeDeadlineSeconds, tolerations, schedulingGates taken from old; the grace
 * period relaxation; with `resize`, containers' CPU and memory from old).
 */
function specEqual(f: Facts, t: i32, ns: Val | null, os: Val | null, munged: bool, resize: bool, d: Diffs | null,
  skipNodeSelector: bool = false, skipAffinity: bool = false): bool {
  const n = fieldCount(t);
  let eq = true;
  for (let i = 0; i < n; i++) {
    const name = fieldName(t, i);
    const ft = fieldType(t, i);
    const a = slot(ns, i);
    const b = slot(os, i);
    const path = "spec." + fieldJSONName(t, i);
    let same: bool;
    if (munged && (name == "ActiveDeadlineSeconds" || name == "Tolerations" || name == "SchedulingGates")) continue;
    if (skipNodeSelector && name == "NodeSelector") continue;
    if (skipAffinity && name == "Affinity") continue;
    if (f.legacyConversion && name == "DeprecatedServiceAccount") continue;
    if (f.legacyConversion && name == "ServiceAccountName") {
      same = effectiveSA(ns) == effectiveSA(os);
      if (!same && d !== null) d.add(path);
    } else if (f.legacyConversion && name == "SecurityContext") {
      same = semEqual(elem(ft), deref(a), deref(b), path, d);
    } else if (name == "TerminationGracePeriodSeconds") {
      same = tgpsEqual(f, munged, a, b);
      if (!same && d !== null) d.add(path);
    } else if (munged && (name == "Containers" || name == "InitContainers")) {
      same = containersEqual(ft, a, b, path, resize && name == "Containers", d);
    } else {
      same = semEqual(ft, a, b, path, d);
    }
    if (!same) {
      eq = false;
      if (d === null) return false;
    }
  }
  return eq;
}

function effectiveSA(spec: Val | null): string {
  const san = str(fld(spec, "ServiceAccountName"));
  return san.length > 0 ? san : str(fld(spec, "DeprecatedServiceAccount"));
}

function tgpsEqual(f: Facts, munged: bool, a: Val | null, b: Val | null): bool {
  if (isSet(a) != isSet(b)) return false;
  if (!isSet(a)) return true;
  let va = int(a), vb = int(b);
  if (f.tgpsNegativeToOne) {
    if (va < 0) va = 1;
    if (vb < 0) vb = 1;
  }
  if (munged && f.tgpsRelax && vb < 0 && va == 1) return true;
  return va == vb;
}

/** Containers compared with their images taken from old (and CPU/memory from old with `resize`). */
function containersEqual(t: i32, a: Val | null, b: Val | null, path: string, resize: bool, d: Diffs | null): bool {
  const ct = elem(t);
  const n = sliceLen(a);
  if (n != sliceLen(b)) { if (d !== null) d.add(path); return false; }
  let eq = true;
  const cn = fieldCount(ct);
  for (let k = 0; k < n; k++) {
    const ca = at(a, k), cb = at(b, k);
    for (let i = 0; i < cn; i++) {
      const name = fieldName(ct, i);
      if (name == "Image") continue;
      const fa = slot(ca, i);
      const fb = slot(cb, i);
      let same: bool;
      if (resize && name == "Resources") same = resourcesMungedEqual(fieldType(ct, i), fa, fb, path + "[" + k.toString() + "]." + fieldJSONName(ct, i), d);
      else {
        same = semEqual(fieldType(ct, i), fa, fb, "", null);
        if (!same && d !== null) semEqual(fieldType(ct, i), fa, fb, path + "[" + k.toString() + "]." + fieldJSONName(ct, i), d); // the paths that differ
      }
      if (!same) {
        eq = false;
        if (d === null) return false;
      }
    }
  }
  return eq;
}


/** Whether ResourceList `m` holds a name other than cpu and memory. */
function hasOtherThanCpuMemory(m: Val | null): bool {
  if (m === null) return false;
  const mv = changetype<MapV>(m);
  for (let j = 0; j < mv.vals.length; j++) {
    const key = String.UTF8.decodeUnsafe(mv.keyP[j], <usize>mv.keyN[j]);
    if (key != "cpu" && key != "memory") return true;
  }
  return false;
}

/** The resize munge: {Limits: munge(new, old), Requests: munge(new, old)} compared with old's requirements. */
function resourcesMungedEqual(t: i32, a: Val | null, b: Val | null, path: string, d: Diffs | null): bool {
  let eq = true;
  const n = fieldCount(t);
  for (let i = 0; i < n; i++) {
    const name = fieldName(t, i);
    const fb = slot(b, i);
    const p = path + "." + fieldJSONName(t, i);
    let same: bool;
    if (name == "Limits" || name == "Requests") {
      const fa = slot(a, i);
      same = mungedListEqual(fa, fb);
      if (!same && d !== null) d.add(p);
    } else {
      // other fields of the munged ResourceRequirements are zero
      same = semEqual(fieldType(t, i), null, fb, p, d);
    }
    if (!same) { eq = false; if (d === null) return false; }
  }
  return eq;
}

/** dropCPUMemoryUpdates(new, old) == old: new without cpu/memory plus old's cpu/memory (`oldNilWins`, before 1.35: old nil gives nil). */
export function mungedListEqual(nl: Val | null, ol: Val | null, oldNilWins: bool = true): bool {
  if (ol === null && oldNilWins) return true; // munged nil == old nil
  if (ol === null) return !hasOtherThanCpuMemory(nl); // 1.35+: new without cpu and memory, equal to nil when empty
  const om = changetype<MapV>(ol);
  const oe = sortedEntries(om);
  const names = new Array<string>();
  const qs = new Array<Quantity>();
  if (nl !== null) {
    const nm = changetype<MapV>(nl);
    const ne = sortedEntries(nm);
    for (let k = 0; k < ne.length; k++) {
      const j = ne[k];
      const key = String.UTF8.decodeUnsafe(nm.keyP[j], <usize>nm.keyN[j]);
      if (key == "cpu" || key == "memory") continue;
      names.push(key);
      const v = nm.vals[j];
      qs.push(v === null ? new Quantity() : changetype<QuantityV>(v).q);
    }
  }
  let count = names.length;
  const first = new Map<string, i32>(); // name -> its first index
  for (let k = names.length - 1; k >= 0; k--) first.set(names[k], k);
  for (let k = 0; k < oe.length; k++) {
    const j = oe[k];
    const key = String.UTF8.decodeUnsafe(om.keyP[j], <usize>om.keyN[j]);
    if (key == "cpu" || key == "memory") { count++; continue; }
    const idx = first.has(key) ? first.get(key) : -1;
    if (idx < 0) return false;
    const v = om.vals[j];
    if (quantityCmpValues(qs[idx], v === null ? new Quantity() : changetype<QuantityV>(v).q) != 0) return false;
  }
  return count == oe.length;
}
