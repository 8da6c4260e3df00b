// Shortcut of preparingUpdateFirst (assembly/rollout/preparing.ts, OpenKruise v1.9.0 SortUpdateIndexes'
// last sort.SliceStable): the comparator orders by one boolean key with no fallback, so every stable
// sort gives the same answer, the stable partition; done in one pass.
// Equivalence: test/equivalence/rollout-fastsorts-vs-ports.test.ts.

import { Pod } from "./pod";

/** preparingUpdateFirst(indexes, pods) as a stable partition. */
export function fastPreparingUpdateFirst(indexes: Array<i32>, pods: Array<Pod>): void {
  const n = indexes.length;
  const first = new StaticArray<bool>(n);
  let count = 0;
  for (let k = 0; k < n; k++) {
    const f = unchecked(pods[unchecked(indexes[k])]).lifecycle == "PreparingUpdate";
    unchecked(first[k] = f);
    if (f) count++;
  }
  if (count == 0 || count == n) return;
  const rest = new StaticArray<i32>(n - count);
  let w = 0;
  let r = 0;
  for (let k = 0; k < n; k++) {
    const v = unchecked(indexes[k]);
    if (unchecked(first[k])) { unchecked(indexes[w] = v); w++; } else { unchecked(rest[r] = v); r++; }
  }
  for (let k = 0; k < r; k++) unchecked(indexes[w + k] = rest[k]);
}
