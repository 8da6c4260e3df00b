// Which answer the planners take where a step has a shortcut: the readable port, or the shortcut that
// equals it (assembly/rollout/fast*.ts), unless the request's `exact` turns the rollout shortcuts off
// (PlanOptions.fast). Every planner step with a shortcut chooses here.

import { Pod } from "./pod";
import { PlanOptions } from "./options";
import { goSort } from "./gosort";
import { ActivePodsSlice } from "./activepods";
import { ActiveKeys, ActiveKeysSlice } from "./fastactive";
import { PriorityStrategy, priorityKeys, prioritySortByKeys } from "./priority";
import { fastPriorityKeys, stableByKeys } from "./fastpriority";
import { preparingUpdateFirst } from "./preparing";
import { fastPreparingUpdateFirst } from "./fastpreparing";
import { Selector, LabelMatcher } from "./selector";
import { FastSelector } from "./fastselector";
import { Hook, isPodHooked } from "./lifecycle";
import { fastIsPodHooked } from "./fasthooked";

/** sort.Slice(indexes, ActivePods(pods).Less over the values) as Go release `go` runs it, in place. */
export function sortActivePods(opts: PlanOptions, pods: Array<Pod>, indexes: Array<i32>, go: i32): void {
  if (opts.fast) {
    const s = new ActiveKeysSlice(new ActiveKeys(pods));
    s.items = indexes;
    goSort(s, indexes.length, go);
  } else {
    const s = new ActivePodsSlice(pods);
    s.items = indexes;
    goSort(s, indexes.length, go);
  }
}

/** updatesort.NewPrioritySorter(s).Sort(pods, indexes), in place. */
export function sortPriority(opts: PlanOptions, s: PriorityStrategy, pods: Array<Pod>, indexes: Array<i32>): void {
  if (s.empty) return;
  if (opts.fast) stableByKeys(fastPriorityKeys(s, pods, indexes), indexes);
  else prioritySortByKeys(priorityKeys(s, pods, indexes), indexes);
}

/** sort.SliceStable(indexes, PreparingUpdate first), in place. */
export function sortPreparingFirst(opts: PlanOptions, pods: Array<Pod>, indexes: Array<i32>): void {
  if (opts.fast) fastPreparingUpdateFirst(indexes, pods);
  else preparingUpdateFirst(indexes, pods);
}

/** What answers selector `s`'s Matches: the selector itself, or its index by key. */
export function matcherOf(opts: PlanOptions, s: Selector): LabelMatcher {
  return opts.fast ? new FastSelector(s) : s;
}

/** lifecycle.IsPodHooked(h, p). */
export function podHooked(opts: PlanOptions, h: Hook | null, p: Pod): bool {
  return opts.fast ? fastIsPodHooked(h, p) : isPodHooked(h, p);
}
