// OpenKruise updatesort priority sorter (pub.UpdatePriorityStrategy): weightPriority (sum of the weights
// of the terms whose selector matches the pod's labels, higher first; a term whose selector has an
// unknown operator is skipped) or, when no weight terms are given, orderPriority (index of the first
// term whose key the pod carries, lower first, pods with none first; then the larger integer suffix of
// that label's value first). A stable sort whose comparator falls back to `i < j`, as upstream's does.

import { Obj } from "./objects";
import { Selector, readSelector } from "./selector";
import { Pod } from "./pod";

/** A parsed UpdatePriorityStrategy. */
export class PriorityStrategy {
  weights: Array<i64> = new Array<i64>();
  selectors: Array<Selector> = new Array<Selector>();
  orderKeys: Array<string> = new Array<string>();

  /** True when it has no term (upstream returns the indexes untouched). */
  get empty(): bool { return this.weights.length == 0 && this.orderKeys.length == 0; }
}

/** Reads member `name` of `o` as a priority strategy (null when absent). */
export function readPriorityStrategy(o: Obj, name: string): PriorityStrategy | null {
  const so = o.obj(name);
  if (!so.present) return null;
  const s = new PriorityStrategy();
  const t = o.t;
  const wa = so.arr("weightPriority");
  if (wa >= 0) {
    const n = t.children(wa);
    let e = wa + 1;
    for (let k = 0; k < n; k++) {
      const w = so.elem(e, "weightPriority", k);
      e = t.next(e);
      s.weights.push(w.int("weight", 0));
      const sel = readSelector(w, "matchSelector");
      // matchSelector is a struct (not a pointer) upstream: absent means the empty selector
      if (!w.has("matchSelector")) sel.nothing = false;
      s.selectors.push(sel);
    }
  }
  const oa = so.arr("orderPriority");
  if (oa >= 0) {
    const n = t.children(oa);
    let e = oa + 1;
    for (let k = 0; k < n; k++) {
      const term = so.elem(e, "orderPriority", k);
      e = t.next(e);
      s.orderKeys.push(term.str("orderedKey"));
    }
  }
  return s;
}

/** getIntFromStringSuffix: the trailing decimal digits of v as int64 (0 when none or out of range). */
export function intSuffix(v: string): i64 {
  let start = -1;
  for (let i = v.length - 1; i >= 0; i--) {
    const c = v.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) start = i; else break;
  }
  if (start < 0) return 0;
  let r: u64 = 0;
  for (let i = start; i < v.length; i++) {
    const d = <u64>(v.charCodeAt(i) - 0x30);
    if (r > (<u64>0x7fffffffffffffff - d) / 10) return 0;
    r = r * 10 + d;
  }
  return <i64>r;
}

/** updatesort.NewPrioritySorter(s).Sort(pods, indexes), in place. */
export function prioritySort(s: PriorityStrategy, pods: Array<Pod>, indexes: Array<i32>): void {
  if (s.empty) return;
  const n = pods.length;
  const key1 = new Array<i64>(n);
  const key2 = new Array<i64>(n);
  const weightMode = s.weights.length > 0;
  for (let k = 0; k < indexes.length; k++) {
    const idx = indexes[k];
    const p = pods[idx];
    if (weightMode) {
      let w: i64 = 0;
      for (let m = 0; m < s.weights.length; m++) {
        const sel = s.selectors[m];
        if (sel.error !== null) continue;
        if (sel.matches(p.labels)) w += s.weights[m];
      }
      key1[idx] = w;
    } else {
      let level: i64 = -1;
      let order: i64 = 0;
      for (let m = 0; m < s.orderKeys.length; m++) {
        const v = p.labels.get(s.orderKeys[m]);
        if (v !== null) { level = m; order = intSuffix(v); break; }
      }
      key1[idx] = level;
      key2[idx] = order;
    }
  }
  stableByKeys(indexes, key1, key2, weightMode);
}

/**
 * The goStable(PrioritySort) order, by a merge sort on the keys. Go's sort.Stable only ever calls
 * Less(i, j) with i > j (insertionSort: Less(j, j-1); symMerge: Less(h, a), Less(m, h) with h < m, and
 * Less(p-c, c) across the halves), so the comparator's `i < j` tie-break always answers false there:
 * it is a stable sort by the keys alone, whose result is unique.
 */
function stableByKeys(indexes: Array<i32>, key1: Array<i64>, key2: Array<i64>, weightMode: bool): void {
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
        if (before(b, a, key1, key2, weightMode)) { unchecked(dst[o] = b); j++; } else { unchecked(dst[o] = a); i++; }
        o++;
      }
      while (i < mid) { unchecked(dst[o] = src[i]); i++; o++; }
      while (j < hi) { unchecked(dst[o] = src[j]); j++; o++; }
    }
    const t = src; src = dst; dst = t;
  }
  for (let k = 0; k < n; k++) unchecked(indexes[k] = src[k]);
}

/** PrioritySort.less on pod indexes without the position tie-break. */
@inline function before(a: i32, b: i32, key1: Array<i64>, key2: Array<i64>, weightMode: bool): bool {
  const a1 = unchecked(key1[a]);
  const b1 = unchecked(key1[b]);
  if (weightMode) return a1 > b1;
  if (a1 != b1) return a1 < b1;
  return unchecked(key2[a]) > unchecked(key2[b]);
}
