// Shortcut of isPodHooked (assembly/rollout/lifecycle.ts, OpenKruise v1.9.0 lifecycle.IsPodHooked): the
// same answer walking the smaller side of each pair of lists, so a pod costs no more than its own labels
// and finalizers whatever the size of the hook. Upstream's map read makes a hook label with an empty
// value match a pod without that label: it matches unless the pod carries the key with a non-empty
// value, so when the hook has more such keys than the pod has non-empty labels, one of them matches.
// Equivalence: test/equivalence/rollout-fasthooked-vs-lifecycle.test.ts.

import { Pod } from "./pod";
import { Hook } from "./lifecycle";

/** isPodHooked(h, p), each list walked from the smaller side. */
export function fastIsPodHooked(h: Hook | null, p: Pod): bool {
  if (h === null) return false;
  const pf = p.finalizers;
  if (pf !== null) {
    if (h.finalizers.length <= pf.length) {
      for (let i = 0; i < h.finalizers.length; i++) if (p.hasFinalizer(h.finalizers[i])) return true;
    } else {
      for (let i = 0; i < pf.length; i++) if (h.hasFinalizer(pf[i])) return true;
    }
  }
  const hl = h.labels;
  if (hl.size <= p.labels.size) {
    for (let i = 0; i < hl.size; i++) if (p.labels.at(hl.keys[i]) == hl.vals[i]) return true;
    return false;
  }
  // the pod's labels that equal the hook's, then the hook's empty values the pod does not override
  const pl = p.labels;
  let nonEmpty = 0;
  for (let i = 0; i < pl.size; i++) {
    const v = pl.vals[i];
    const hv = hl.get(pl.keys[i]);
    if (hv !== null && hv == v) return true;
    if (v.length > 0) nonEmpty++;
  }
  const empty = h.emptyValued;
  if (empty.length > nonEmpty) return true;
  for (let i = 0; i < empty.length; i++) if (pl.at(empty[i]).length == 0) return true;
  return false;
}
