// OpenKruise updatesort priority sorter (pub.UpdatePriorityStrategy): weightPriority (sum of the weights
// of the terms whose selector matches the pod's labels, higher first; a term whose selector has an
// unknown operator is skipped) or, when no weight terms are given, orderPriority (index of the first
// term whose key the pod carries, lower first, pods with none first; then the larger integer suffix of
// that label's value first). A stable sort whose comparator falls back to `i < j`, as upstream's does.

import { Obj } from "./objects";
import { Selector, readSelector } from "./selector";
import { Pod } from "./pod";
import { LessSwap, goStable } from "./gosort";

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

class PrioritySort extends LessSwap {
  items: Array<i32>;
  /** weight (weight mode) or level (order mode) per pod index, and the order value. */
  key1: Array<i64>;
  key2: Array<i64>;
  weightMode: bool;

  constructor(items: Array<i32>, key1: Array<i64>, key2: Array<i64>, weightMode: bool) {
    super();
    this.items = items;
    this.key1 = key1;
    this.key2 = key2;
    this.weightMode = weightMode;
  }

  less(i: i32, j: i32): bool {
    const a = unchecked(this.items[i]);
    const b = unchecked(this.items[j]);
    const a1 = unchecked(this.key1[a]);
    const b1 = unchecked(this.key1[b]);
    if (this.weightMode) {
      if (a1 != b1) return a1 > b1;
    } else {
      if (a1 != b1) return a1 < b1;
      const a2 = unchecked(this.key2[a]);
      const b2 = unchecked(this.key2[b]);
      if (a2 != b2) return a2 > b2;
    }
    return i < j;
  }

  swap(i: i32, j: i32): void {
    const t = unchecked(this.items[i]);
    unchecked(this.items[i] = this.items[j]);
    unchecked(this.items[j] = t);
  }
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
  goStable(new PrioritySort(indexes, key1, key2, weightMode), indexes.length);
}
