// OpenKruise v1.9.0 pkg/util/updatesort/priority_sort.go (pub.UpdatePriorityStrategy): weightPriority
// (getPodWeightPriority: the sum of the weights of the terms whose selector matches the pod's labels,
// higher first; a term whose selector has an unknown operator is skipped) or, when no weight terms are
// given, orderPriority (getPodOrderPriority: index of the first term whose key the pod carries, lower
// first, pods with none first; then the larger integer suffix of that label's value first), sorted by
// sort.SliceStable with a comparator that falls back to `i < j`. Upstream computes a pod's priority at
// every comparison; here each pod's is computed once (priorityKeys), the comparisons and Go's
// SliceStable steps are upstream's. assembly/rollout/fastpriority.ts answers the same faster.

import { Obj, StrMap, overLimit } from "./objects";
import { Selector, readSelector } from "./selector";
import { Pod } from "./pod";
import { LessSwap, goStable } from "./gosort";
import { RolloutLimits } from "./options";

/** A parsed UpdatePriorityStrategy. */
export class PriorityStrategy {
  weights: Array<i64> = new Array<i64>();
  selectors: Array<Selector> = new Array<Selector>();
  orderKeys: Array<string> = new Array<string>();

  /** True when it has no term (upstream returns the indexes untouched). */
  get empty(): bool { return this.weights.length == 0 && this.orderKeys.length == 0; }
}

/** Reads member `name` of `o` as a priority strategy (null when absent); more weight terms than limits.maxTerms is E_LIMIT. */
export function readPriorityStrategy(o: Obj, name: string, limits: RolloutLimits): PriorityStrategy | null {
  const so = o.obj(name);
  if (!so.present) return null;
  const s = new PriorityStrategy();
  const t = o.t;
  const wa = so.arr("weightPriority");
  if (wa >= 0) {
    const n = t.children(wa);
    if (<i64>n > limits.maxTerms) { overLimit(so.sub("weightPriority"), n, limits.maxTerms, "maxTerms"); return s; }
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

/** getPodWeightPriority. */
export function podWeight(s: PriorityStrategy, labels: StrMap): i64 {
  let weight: i64 = 0;
  for (let m = 0; m < s.weights.length; m++) {
    const sel = s.selectors[m];
    if (sel.error !== null) continue;
    if (sel.matches(labels)) weight += s.weights[m];
  }
  return weight;
}

/** A pod's priority: weight (weight mode), or level and order (order mode). */
export class PriorityKeys {
  /** Per pod index: the weight, or the order level (-1: no ordered key). */
  key1: StaticArray<i64>;
  /** Per pod index: the order (order mode). */
  key2: StaticArray<i64>;
  weightMode: bool;

  constructor(n: i32, weightMode: bool) {
    this.key1 = new StaticArray<i64>(n);
    this.key2 = new StaticArray<i64>(n);
    this.weightMode = weightMode;
  }

  /** getPodOrderPriority result for pod `idx`. */
  setOrder(idx: i32, level: i64, order: i64): void {
    unchecked(this.key1[idx] = level);
    unchecked(this.key2[idx] = order);
  }

  /** compare(podI, podJ, defaultVal) for pod indexes a and b. */
  compare(a: i32, b: i32, defaultVal: bool): bool {
    const a1 = unchecked(this.key1[a]);
    const b1 = unchecked(this.key1[b]);
    if (this.weightMode) return a1 != b1 ? a1 > b1 : defaultVal;
    if (a1 != b1) return a1 < b1;
    const a2 = unchecked(this.key2[a]);
    const b2 = unchecked(this.key2[b]);
    return a2 != b2 ? a2 > b2 : defaultVal;
  }
}

/** The priority of each pod of `indexes` (getPodWeightPriority or getPodOrderPriority), as upstream computes them. */
export function priorityKeys(s: PriorityStrategy, pods: Array<Pod>, indexes: Array<i32>): PriorityKeys {
  const keys = new PriorityKeys(pods.length, s.weights.length > 0);
  for (let k = 0; k < indexes.length; k++) {
    const idx = indexes[k];
    const labels = pods[idx].labels;
    if (keys.weightMode) { unchecked(keys.key1[idx] = podWeight(s, labels)); continue; }
    keys.setOrder(idx, -1, 0);
    for (let m = 0; m < s.orderKeys.length; m++) {
      const v = labels.get(s.orderKeys[m]);
      if (v !== null) { keys.setOrder(idx, m, intSuffix(v)); break; }
    }
  }
  return keys;
}

/** sort.SliceStable(indexes, func(i, j) { compare(pods[indexes[i]], pods[indexes[j]], i < j) }). */
class PrioritySlice extends LessSwap {
  constructor(public keys: PriorityKeys, public indexes: Array<i32>) { super(); }
  less(i: i32, j: i32): bool { return this.keys.compare(unchecked(this.indexes[i]), unchecked(this.indexes[j]), i < j); }
  swap(i: i32, j: i32): void {
    const t = unchecked(this.indexes[i]);
    unchecked(this.indexes[i] = this.indexes[j]);
    unchecked(this.indexes[j] = t);
  }
}

/** prioritySort.Sort(pods, indexes) with the pods' priorities `keys`, in place (Go's SliceStable steps). */
export function prioritySortByKeys(keys: PriorityKeys, indexes: Array<i32>): void {
  goStable(new PrioritySlice(keys, indexes), indexes.length);
}
