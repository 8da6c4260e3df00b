// The pod-level PodValidationOptions (GetValidationOptionsFromPodSpecAndMeta) that the affinity,
// topology spread, DNS, pod-deletion-cost, Lt/Gt toleration and (1.15-1.19 ValidateConditionalPod) SCTP
// checks read, computed from the old pod with each minor's feature-gate defaults into the update's
// PodValidationOptions (options.ts).

import { Val } from "../../../typed/value";
import { fld, str, sliceLen, at } from "./view";
import { affinitySelectorsInvalid, requiredNodeAffinityValuesInvalid } from "./affinity";
import { spreadSelectorsInvalid, spreadMatchLabelKeysInvalid } from "./topology";
import { deletionCostInvalid } from "./deletioncost";
import { PodValidationOptions } from "./options";

/** Sets the pod-level options of `o` for the update of `oldPod` to `newPod` (at `o.minor` with `o.gates`). */
export function levelOptions(o: PodValidationOptions, oldPod: Val | null, newPod: Val | null): void {
  const minor = o.minor;
  const os = fld(oldPod, "Spec"), ns = fld(newPod, "Spec");
  o.invalidLabelValueInSelector = minor >= 26 && affinitySelectorsInvalid(os, minor);
  o.invalidSpreadSelector = minor >= 27 && spreadSelectorsInvalid(os, minor);
  o.invalidRequiredNodeAffinityValue = minor >= 33 && requiredNodeAffinityValuesInvalid(os, minor);
  o.sameExpandedDNS = minor >= 22 && sameExpandedDNS(ns, os);
  o.relaxedDNSSearch = minor >= 33 || (minor == 32 && dotOrUnderscore(fld(fld(os, "DNSConfig"), "Searches")));
  o.oldViolatesMatchLabelKeys = minor >= 34 && spreadMatchLabelKeysInvalid(os, minor);
  o.invalidDeletionCost = minor == 21 || (minor >= 22 && deletionCostInvalid(fld(oldPod, "ObjectMeta")));
  o.tolerationComparison = minor >= 35 && comparisonTolerations(os);
  o.sctp = minor > 19 || o.gates.enabled("SCTPSupport", minor) || sctpPorts(os);
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
