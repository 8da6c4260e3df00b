// Shortcut of the priority sort (assembly/rollout/priority.ts: priorityKeys, then prioritySortByKeys,
// OpenKruise v1.9.0 prioritySort.Sort): the same order in O(n log n) with each pod's priority found from
// the smaller side.
//  - Weights: each term's selector indexed by key (assembly/rollout/fastselector.ts, equal to
//    Selector.matches).
//  - Order levels: the first ordered key the pod carries is the smallest first position among the pod's
//    label keys, so a pod with fewer labels than there are terms is read from its labels.
//  - The sort: Go's sort.SliceStable only ever calls Less(i, j) with i > j (insertionSort: Less(j, j-1);
//    symMerge: Less(h, a) and Less(m, h) with h < m, and Less(p-c, c) across the halves), so the
//    comparator's `i < j` fallback always answers false there: it is a stable sort by the priorities
//    alone, whose result is unique; a bottom-up merge sort gives it.
// Equivalence: test/equivalence/rollout-fastsorts-vs-ports.test.ts.

import { Pod } from "./pod";
import { PriorityStrategy, PriorityKeys, intSuffix } from "./priority";
import { FastSelector } from "./fastselector";

/** priorityKeys(s, pods, indexes), each pod read from the smaller of its labels and the strategy. */
export function fastPriorityKeys(s: PriorityStrategy, pods: Array<Pod>, indexes: Array<i32>): PriorityKeys {
  const keys = new PriorityKeys(pods.length, s.weights.length > 0);
  if (keys.weightMode) {
    const sels = new Array<FastSelector | null>(s.selectors.length);
    for (let m = 0; m < s.selectors.length; m++) sels[m] = s.selectors[m].error === null ? new FastSelector(s.selectors[m]) : null;
    for (let k = 0; k < indexes.length; k++) {
      const idx = indexes[k];
      const labels = pods[idx].labels;
      let w: i64 = 0;
      for (let m = 0; m < sels.length; m++) {
        const sel = sels[m];
        if (sel !== null && sel.matches(labels)) w += s.weights[m];
      }
      unchecked(keys.key1[idx] = w);
    }
    return keys;
  }
  const first = new Map<string, i32>();
  for (let m = 0; m < s.orderKeys.length; m++) if (!first.has(s.orderKeys[m])) first.set(s.orderKeys[m], m);
  for (let k = 0; k < indexes.length; k++) {
    const idx = indexes[k];
    const labels = pods[idx].labels;
    let level = -1;
    let value = "";
    if (labels.size < first.size) {
      const lk = labels.keys;
      for (let i = 0; i < lk.length; i++) {
        const key = unchecked(lk[i]);
        if (!first.has(key)) continue;
        const m = first.get(key);
        if (level < 0 || m < level) { level = m; value = labels.vals[i]; }
      }
    } else {
      for (let m = 0; m < s.orderKeys.length; m++) {
        const v = labels.get(s.orderKeys[m]);
        if (v !== null) { level = m; value = v; break; }
      }
    }
    keys.setOrder(idx, level, level < 0 ? 0 : intSuffix(value));
  }
  return keys;
}

/** prioritySortByKeys(keys, indexes) as a stable merge sort on the priorities. */
export function stableByKeys(keys: PriorityKeys, indexes: Array<i32>): void {
  const n = indexes.length;
  if (n < 2) return;
  let src = new StaticArray<i32>(n);
  let dst = new StaticArray<i32>(n);
  for (let k = 0; k < n; k++) unchecked(src[k] = indexes[k]);
  for (let width = 1; width < n; width <<= 1) {
    for (let lo = 0; lo < n; lo += width << 1) {
      const mid = min(lo + width, n);
      const hi = min(lo + (width << 1), n);
      let i = lo, j = mid, o = lo;
      while (i < mid && j < hi) {
        const a = unchecked(src[i]);
        const b = unchecked(src[j]);
        // take b first only when it sorts strictly before a
        if (keys.compare(b, a, false)) { unchecked(dst[o] = b); j++; } else { unchecked(dst[o] = a); i++; }
        o++;
      }
      while (i < mid) { unchecked(dst[o] = src[i]); i++; o++; }
      while (j < hi) { unchecked(dst[o] = src[j]); j++; o++; }
    }
    const t = src; src = dst; dst = t;
  }
  for (let k = 0; k < n; k++) unchecked(indexes[k] = src[k]);
}
