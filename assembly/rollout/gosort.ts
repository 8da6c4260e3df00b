// The rollout planner's view of Go's sort package (assembly/golang/sort.ts, the step-for-step port):
// upstream's pod orders depend on exactly how Go's sort.Slice / sort.SliceStable move elements that
// compare equal, so the planner sorts through the same code, as the Go release that built the
// controller runs it (base/pins.ts: KRUISE_GO for OpenKruise, K8S_NEWEST_GO for Kubernetes).

import { Sorter, sortSort, sortStable } from "../golang/sort";

/** What the sorts need: compare and swap elements by position. */
export abstract class LessSwap extends Sorter {}

/** An i32 array sorted through a position comparator over its values (Go's `sort.Slice(indexes, ...)`). */
export abstract class IndexSorter extends LessSwap {
  items: Array<i32> = new Array<i32>();

  /** True when value a must come before value b. */
  abstract lessValue(a: i32, b: i32): bool;

  less(i: i32, j: i32): bool { return this.lessValue(unchecked(this.items[i]), unchecked(this.items[j])); }
  swap(i: i32, j: i32): void {
    const t = unchecked(this.items[i]);
    unchecked(this.items[i] = this.items[j]);
    unchecked(this.items[j] = t);
  }
}

/** sort.Slice / sort.Sort over positions [0, n), as Go release `go` (a minor) runs it. */
export function goSort(d: LessSwap, n: i32, go: i32): void {
  sortSort(d, n, go);
}

/** sort.SliceStable / sort.Stable over positions [0, n) (the same in every release). */
export function goStable(d: LessSwap, n: i32): void {
  sortStable(d, n);
}
