// OpenKruise v1.9.0 pkg/util/updatesort/scatter_sort.go, the scatter sorter (UpdateScatterStrategy, a list of key=value terms): spreads the
// pods matching each term evenly through the update order. With more than one term, the terms that
// match at least one candidate are used, most matches first (a term is identified by "key:value", so
// two terms with the same joined text count as one). Per term: split candidates into matched and
// unmatched (order kept); unchanged if either side has at most one pod; otherwise hold the last matched
// pod back (it goes last), size the groups from the density of matched pods among all pods versus
// among the candidates (math.Round, float32 ratio), and interleave
// [unmatched remainder][matched × m][unmatched × u]...

import { Obj, strEq, overLimit } from "./objects";
import { Pod } from "./pod";
import { LessSwap, goStable } from "./gosort";
import { RolloutLimits } from "./options";

/** One key=value term. */
export class ScatterTerm {
  constructor(public key: string, public value: string) {}
}

/** Reads member `name` of `o` as a scatter strategy (null when absent); more terms than limits.maxTerms is E_LIMIT. */
export function readScatterStrategy(o: Obj, name: string, limits: RolloutLimits): Array<ScatterTerm> | null {
  const a = o.arr(name);
  if (a < 0) return null;
  const t = o.t;
  const terms = new Array<ScatterTerm>();
  const n = t.children(a);
  if (<i64>n > limits.maxTerms) { overLimit(o.sub(name), n, limits.maxTerms, "maxTerms"); return terms; }
  let e = a + 1;
  for (let k = 0; k < n; k++) {
    const term = o.elem(e, name, k);
    e = t.next(e);
    terms.push(new ScatterTerm(term.str("key"), term.str("value")));
  }
  return terms;
}

/** Go's math.Round (half away from zero). */
export function goRound(x: f64): f64 {
  const t = Math.trunc(x);
  if (Math.abs(x - t) >= 0.5) return t + (x < 0 ? -1 : 1);
  return t;
}

class TermOrder extends LessSwap {
  constructor(public terms: Array<ScatterTerm>, public counts: Array<i32>) { super(); }
  less(i: i32, j: i32): bool {
    const a = this.counts[i];
    const b = this.counts[j];
    if (a != b) return a > b;
    return i <= j;
  }
  swap(i: i32, j: i32): void {
    const t = this.terms[i]; this.terms[i] = this.terms[j]; this.terms[j] = t;
    const c = this.counts[i]; this.counts[i] = this.counts[j]; this.counts[j] = c;
  }
}

/** getScatterTerms: the terms that match some pod of `indexes` (as "key:value"), most matches first. */
function scatterTerms(strategy: Array<ScatterTerm>, pods: Array<Pod>, indexes: Array<i32>): Array<ScatterTerm> {
  if (strategy.length == 1) return strategy;
  const terms = new Array<ScatterTerm>();
  const counts = new Array<i32>();
  // ruleCounter, with each id's position in terms
  const ruleCounter = new Map<string, i32>();
  for (let s = 0; s < strategy.length; s++) {
    const term = strategy[s];
    for (let k = 0; k < indexes.length; k++) {
      const v = pods[indexes[k]].labels.get(term.key);
      if (v === null || v != term.value) continue;
      const id = term.key + ":" + v;
      if (!ruleCounter.has(id)) {
        ruleCounter.set(id, terms.length);
        terms.push(new ScatterTerm(term.key, v));
        counts.push(1);
      } else {
        const at = ruleCounter.get(id);
        counts[at] = counts[at] + 1;
      }
    }
  }
  goStable(new TermOrder(terms, counts), terms.length);
  return terms;
}

class Group {
  num: i32 = 0;
  matchedSize: i32 = 0;
  unmatchedSize: i32 = 0;
  unmatchedRemainder: i32 = 0;
}

function newGroup(matched: i32, unmatched: i32): Group {
  const g = new Group();
  g.num = matched < unmatched ? matched : unmatched;
  g.matchedSize = <i32>goRound(<f64>matched / <f64>g.num);
  g.unmatchedSize = <i32>goRound(<f64>unmatched / <f64>g.num);
  return g;
}

function groupByDensity(totalMatched: i32, totalUnmatched: i32, updateMatched: i32, updateUnmatched: i32): Group {
  const total = newGroup(totalMatched, totalUnmatched);
  const update = newGroup(updateMatched, updateUnmatched);
  if (<f32>totalUnmatched / <f32>totalMatched >= <f32>updateUnmatched / <f32>updateMatched) return update;
  const g = new Group();
  g.matchedSize = total.matchedSize;
  g.unmatchedSize = total.unmatchedSize;
  if (updateMatched / g.matchedSize < updateUnmatched / g.unmatchedSize) g.num = updateMatched / g.matchedSize;
  else g.num = updateUnmatched / g.unmatchedSize;
  g.unmatchedRemainder = updateUnmatched - g.num * g.unmatchedSize;
  return g;
}

/** scatterPodsByRule. */
function scatterByRule(term: ScatterTerm, pods: Array<Pod>, indexes: Array<i32>): Array<i32> {
  const matched = new Array<i32>();
  const unmatched = new Array<i32>();
  for (let k = 0; k < indexes.length; k++) {
    const i = indexes[k];
    if (strEq(pods[i].labels.at(term.key), term.value)) matched.push(i); else unmatched.push(i);
  }
  if (matched.length <= 1 || unmatched.length <= 1) return indexes;
  let totalMatched = 0;
  let totalUnmatched = 0;
  for (let i = 0; i < pods.length; i++) {
    if (pods[i].nil) continue;
    if (strEq(pods[i].labels.at(term.key), term.value)) totalMatched++; else totalUnmatched++;
  }
  const last = matched.pop();
  totalMatched--;
  const g = groupByDensity(totalMatched, totalUnmatched, matched.length, unmatched.length);
  const out = new Array<i32>();
  let mi = 0;
  let ui = 0;
  if (g.unmatchedRemainder > 0) {
    for (let k = 0; k < g.unmatchedRemainder; k++) out.push(unmatched[ui++]);
  }
  for (let r = 0; r < g.num; r++) {
    for (let k = 0; k < g.matchedSize && mi < matched.length; k++) out.push(matched[mi++]);
    for (let k = 0; k < g.unmatchedSize && ui < unmatched.length; k++) out.push(unmatched[ui++]);
  }
  while (mi < matched.length) out.push(matched[mi++]);
  while (ui < unmatched.length) out.push(unmatched[ui++]);
  out.push(last);
  return out;
}

/** updatesort.NewScatterSorter(strategy).Sort(pods, indexes). */
export function scatterSort(strategy: Array<ScatterTerm>, pods: Array<Pod>, indexes: Array<i32>): Array<i32> {
  if (strategy.length == 0 || indexes.length <= 1) return indexes;
  const terms = scatterTerms(strategy, pods, indexes);
  for (let k = 0; k < terms.length; k++) indexes = scatterByRule(terms[k], pods, indexes);
  return indexes;
}
