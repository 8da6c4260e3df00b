// The pod-deletion-cost annotation's value rule (helper.GetDeletionCostFromPodAnnotations): a 32-bit
// decimal integer without a leading "+" or leading zeros.

import { Val } from "../../../typed/value";
import { fld, strMap } from "./view";

/** The annotation that holds a pod's deletion cost. */
export const DELETION_COST_KEY = "controller.kubernetes.io/pod-deletion-cost";

/** helper.GetDeletionCostFromPodAnnotations fails: the annotation is present and not a valid cost. */
export function deletionCostInvalid(meta: Val | null): bool {
  const a = strMap(fld(meta, "Annotations"));
  const k = a.find(DELETION_COST_KEY);
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
