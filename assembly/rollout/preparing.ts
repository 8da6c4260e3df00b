// The last step of OpenKruise v1.9.0 SortUpdateIndexes (pkg/controller/cloneset/sync/cloneset_update.go):
// sort.SliceStable(waitUpdateIndexes, PreparingUpdate pods first). assembly/rollout/fastpreparing.ts
// answers the same in one pass.

import { Pod } from "./pod";
import { LessSwap, goStable } from "./gosort";

/** The comparator: preparingUpdateI != preparingUpdateJ ? preparingUpdateI : false (the states read once per pod). */
class PreparingFirst extends LessSwap {
  constructor(public indexes: Array<i32>, public preparing: StaticArray<bool>) { super(); }
  less(i: i32, j: i32): bool {
    const a = unchecked(this.preparing[unchecked(this.indexes[i])]);
    const b = unchecked(this.preparing[unchecked(this.indexes[j])]);
    return a != b ? a : false;
  }
  swap(i: i32, j: i32): void {
    const t = unchecked(this.indexes[i]);
    unchecked(this.indexes[i] = this.indexes[j]);
    unchecked(this.indexes[j] = t);
  }
}

/** sort.SliceStable(indexes, PreparingUpdate first), in place. */
export function preparingUpdateFirst(indexes: Array<i32>, pods: Array<Pod>): void {
  const preparing = new StaticArray<bool>(pods.length);
  for (let k = 0; k < indexes.length; k++) {
    const idx = unchecked(indexes[k]);
    unchecked(preparing[idx] = pods[idx].lifecycle == "PreparingUpdate");
  }
  goStable(new PreparingFirst(indexes, preparing), indexes.length);
}
