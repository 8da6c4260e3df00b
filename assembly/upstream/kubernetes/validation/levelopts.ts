// The PodValidationOptions (GetValidationOptionsFromPodSpecAndMeta) that the pod-level checks read —
// affinity selectors, topology spread, DNS, the pod-deletion-cost annotation, Lt/Gt tolerations, SCTP
// (1.15-1.19 ValidateConditionalPod) — computed per call from the old pod with each minor's
// feature-gate defaults. Only booleans, in static fields (set by `compute` on every update).

import { Val } from "../../../typed/value";
import { fld, str, sliceLen, at, strMap } from "./view";
import { affinitySelectorsInvalid, requiredNodeAffinityValuesInvalid } from "./affinity";
import { spreadSelectorsInvalid, spreadMatchLabelKeysInvalid } from "./topology";
import { Gates } from "./gates";
import { LabelTexts } from "./names";

/** The pod-level options of the current pod.validateUpdate call. */
export class LevelOpts {
  /** AllowInvalidLabelValueInSelector (1.26+). */
  static invalidLabelValueInSelector: bool = false;
  /** AllowInvalidTopologySpreadConstraintLabelSelector (1.27+). */
  static invalidSpreadSelector: bool = false;
  /** AllowInvalidLabelValueInRequiredNodeAffinity (1.33+). */
  static invalidRequiredNodeAffinityValue: bool = false;
  /** haveSameExpandedDNSConfig (1.22-1.25, where ExpandedDNSConfig is off). */
  static sameExpandedDNS: bool = false;
  /** AllowRelaxedDNSSearchValidation at 1.32 (gate off: the old searches use "." or "_"). */
  static relaxedDNSSearch: bool = false;
  /** OldPodViolatesMatchLabelKeysValidation (1.34+). */
  static oldViolatesMatchLabelKeys: bool = false;
  /** AllowInvalidPodDeletionCost (1.21: gate off; 1.22+: the old pod's cost was already invalid). */
  static invalidDeletionCost: bool = false;
  /** AllowTaintTolerationComparisonOperators (1.35+: the old pod used Lt/Gt; the gate is off by default). */
  static tolerationComparison: bool = false;
  /** 1.15-1.19: SCTP ports allowed (SCTPSupport on, or the old pod used SCTP). */
  static sctp: bool = true;
  /** The Kubernetes minor of the current call. */
  static minor: i32 = 37;

  /** Computes the options for the update of `oldPod` to `newPod` at `minor` with `gates`. */
  static compute(oldPod: Val | null, newPod: Val | null, minor: i32, gates: Gates): void {
    const os = fld(oldPod, "Spec"), ns = fld(newPod, "Spec");
    LevelOpts.minor = minor;
    LabelTexts.minor = minor;
    LevelOpts.invalidLabelValueInSelector = minor >= 26 && affinitySelectorsInvalid(os, minor);
    LevelOpts.invalidSpreadSelector = minor >= 27 && spreadSelectorsInvalid(os, minor);
    LevelOpts.invalidRequiredNodeAffinityValue = minor >= 33 && requiredNodeAffinityValuesInvalid(os);
    LevelOpts.sameExpandedDNS = minor >= 22 && sameExpandedDNS(ns, os);
    LevelOpts.relaxedDNSSearch = minor >= 33 || (minor == 32 && dotOrUnderscore(fld(fld(os, "DNSConfig"), "Searches")));
    LevelOpts.oldViolatesMatchLabelKeys = minor >= 34 && spreadMatchLabelKeysInvalid(os);
    LevelOpts.invalidDeletionCost = minor == 21 || (minor >= 22 && deletionCostInvalid(fld(oldPod, "ObjectMeta")));
    LevelOpts.tolerationComparison = minor >= 35 && comparisonTolerations(os);
    LevelOpts.sctp = minor > 19 || gates.enabled("SCTPSupport", minor) || sctpPorts(os);
  }
}

/** haveSameExpandedDNSConfig: the old searches exceed the legacy limits and the new ones are the same list. */
function sameExpandedDNS(ns: Val | null, os: Val | null): bool {
  const od = fld(os, "DNSConfig"), nd = fld(ns, "DNSConfig");
  if (od === null || nd === null) return false;
  const osr = fld(od, "Searches"), nsr = fld(nd, "Searches");
  const n = sliceLen(osr);
  let total = 0;
  for (let i = 0; i < n; i++) total += String.UTF8.byteLength(str(at(osr, i))) + (i > 0 ? 1 : 0);
  if (n <= 6 && total <= 256) return false;
  if (n != sliceLen(nsr)) return false;
  for (let i = 0; i < n; i++) if (str(at(osr, i)) != str(at(nsr, i))) return false;
  return true;
}

function dotOrUnderscore(list: Val | null): bool {
  for (let i = 0; i < sliceLen(list); i++) {
    const s = str(at(list, i));
    if (s == "." || s.includes("_")) return true;
  }
  return false;
}

/** helper.GetDeletionCostFromPodAnnotations fails: the annotation is present and not a valid cost. */
export function deletionCostInvalid(meta: Val | null): bool {
  const a = strMap(fld(meta, "Annotations"));
  const k = a.find("controller.kubernetes.io/pod-deletion-cost");
  return k >= 0 && !deletionCostOk(a.vals[k]);
}

/** validFirstDigit ("-", "0" alone or 1-9 first) and strconv.ParseInt(s, 10, 32). */
export function deletionCostOk(s: string): bool {
  const n = s.length;
  if (n == 0) return false;
  const c0 = s.charCodeAt(0);
  if (!(c0 == 45 || (c0 == 48 && s == "0") || (c0 >= 49 && c0 <= 57))) return false;
  const neg = c0 == 45;
  const from = neg ? 1 : 0;
  if (from == n) return false;
  let v: i64 = 0;
  for (let k = from; k < n; k++) {
    const c = s.charCodeAt(k);
    if (c < 48 || c > 57) return false;
    v = v * 10 + (c - 48);
    if (v > 2147483648) return false;
  }
  return neg ? v <= 2147483648 : v <= 2147483647;
}

function comparisonTolerations(spec: Val | null): bool {
  const ts = fld(spec, "Tolerations");
  for (let i = 0; i < sliceLen(ts); i++) {
    const op = str(fld(at(ts, i), "Operator"));
    if (op == "Lt" || op == "Gt") return true;
  }
  return false;
}

function sctpPorts(spec: Val | null): bool {
  const lists = ["InitContainers", "Containers"];
  for (let l = 0; l < 2; l++) {
    const cs = fld(spec, lists[l]);
    for (let i = 0; i < sliceLen(cs); i++) {
      const ports = fld(at(cs, i), "Ports");
      for (let j = 0; j < sliceLen(ports); j++) if (str(fld(at(ports, j), "Protocol")) == "SCTP") return true;
    }
  }
  return false;
}
