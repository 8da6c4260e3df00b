// Shortcut of Selector.matches (assembly/rollout/selector.ts, k8s.io/apimachinery labels
// internalSelector.Matches): the same answer in time proportional to the smaller of the label set and
// the selector, instead of requirements × values. The requirements are grouped by key into one test per
// key: a present value passes when no DoesNotExist names the key, every In requirement on the key holds
// it and no NotIn does; an absent key passes when no In / Exists names it. The selector matches when
// every key of the selector passes, so a label set smaller than the selector is walked from its own
// side (keys the selector does not name pass, and every In / Exists key must be among them).
// Equivalence: test/equivalence/rollout-fastselector-vs-selector.test.ts.

import { StrMap } from "./objects";
import { Selector, LabelMatcher, OP_IN, OP_NOT_IN, OP_EXISTS, OP_NOT_EXISTS } from "./selector";

/** The requirements of one key. */
class KeyTest {
  /** Some In or Exists requirement names the key: an absent key fails. */
  mustHave: bool = false;
  /** Some DoesNotExist requirement names the key: a present key fails. */
  mustLack: bool = false;
  /** Number of In requirements; a value passes them when it is in all of them. */
  ins: i32 = 0;
  /** Per value, how many In requirements hold it. */
  inCount: Map<string, i32> = new Map<string, i32>();
  /** Values some NotIn requirement holds. */
  denied: Set<string> = new Set<string>();

  /** Whether a present value passes every requirement on the key. */
  passes(v: string): bool {
    if (this.mustLack || this.denied.has(v)) return false;
    return this.ins == 0 || (this.inCount.has(v) && this.inCount.get(v) == this.ins);
  }
}

/** A selector indexed by key (build once, match many label sets). */
export class FastSelector extends LabelMatcher {
  nothing: bool;
  keys: Array<string> = new Array<string>();
  tests: Array<KeyTest> = new Array<KeyTest>();
  byKey: Map<string, i32> = new Map<string, i32>();
  /** Number of keys whose absence fails. */
  mustHave: i32 = 0;

  constructor(s: Selector) {
    super();
    this.nothing = s.nothing;
    for (let i = 0; i < s.reqs.length; i++) {
      const r = unchecked(s.reqs[i]);
      let at: i32;
      if (this.byKey.has(r.key)) at = this.byKey.get(r.key);
      else {
        at = this.keys.length;
        this.byKey.set(r.key, at);
        this.keys.push(r.key);
        this.tests.push(new KeyTest());
      }
      const kt = unchecked(this.tests[at]);
      if (r.op == OP_IN) {
        kt.mustHave = true;
        kt.ins++;
        const seen = new Set<string>();
        for (let k = 0; k < r.values.length; k++) {
          const v = unchecked(r.values[k]);
          if (seen.has(v)) continue;
          seen.add(v);
          kt.inCount.set(v, kt.inCount.has(v) ? kt.inCount.get(v) + 1 : 1);
        }
      } else if (r.op == OP_NOT_IN) {
        for (let k = 0; k < r.values.length; k++) kt.denied.add(unchecked(r.values[k]));
      } else if (r.op == OP_EXISTS) kt.mustHave = true;
      else if (r.op == OP_NOT_EXISTS) kt.mustLack = true;
    }
    for (let i = 0; i < this.tests.length; i++) if (unchecked(this.tests[i]).mustHave) this.mustHave++;
  }

  /** Selector.matches(labels). */
  matches(labels: StrMap): bool {
    if (this.nothing) return false;
    const n = labels.size;
    if (n < this.keys.length) {
      if (n < this.mustHave) return false;
      const lk = labels.keys;
      const lv = labels.vals;
      let present = 0;
      for (let i = 0; i < n; i++) {
        const k = unchecked(lk[i]);
        if (!this.byKey.has(k)) continue;
        const kt = unchecked(this.tests[this.byKey.get(k)]);
        if (!kt.passes(unchecked(lv[i]))) return false;
        if (kt.mustHave) present++;
      }
      return present == this.mustHave;
    }
    for (let i = 0; i < this.keys.length; i++) {
      const kt = unchecked(this.tests[i]);
      const v = labels.get(unchecked(this.keys[i]));
      if (v === null) { if (kt.mustHave) return false; }
      else if (!kt.passes(v)) return false;
    }
    return true;
  }
}
