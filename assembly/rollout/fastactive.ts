// Shortcut of activePodsLess (assembly/rollout/activepods.ts, Kubernetes v1.32 controller.ActivePods.Less):
// each pod's fields packed once into flat arrays, so a sort compares numbers instead of walking pod
// objects; less(a, b) answers exactly activePodsLess(pods[a], pods[b]).
// Equivalence: test/equivalence/rollout-fastsorts-vs-ports.test.ts.

import { Pod } from "./pod";
import { ZERO_SEC } from "./gotime";
import { IndexSorter } from "./gosort";

/** ActivePods.Less over precomputed keys: same answers as activePodsLess. */
export class ActiveKeys {
  // per pod index: bit 0 assigned, bits 1-2 phase rank, bit 3 ready
  flags: StaticArray<i32>;
  readySec: StaticArray<i64>;
  readyNsec: StaticArray<i32>;
  restarts: StaticArray<i32>;
  sidecars: StaticArray<i32>;
  createdSec: StaticArray<i64>;
  createdNsec: StaticArray<i32>;

  constructor(pods: Array<Pod>) {
    const n = pods.length;
    this.flags = new StaticArray<i32>(n);
    this.readySec = new StaticArray<i64>(n);
    this.readyNsec = new StaticArray<i32>(n);
    this.restarts = new StaticArray<i32>(n);
    this.sidecars = new StaticArray<i32>(n);
    this.createdSec = new StaticArray<i64>(n);
    this.createdNsec = new StaticArray<i32>(n);
    for (let i = 0; i < n; i++) {
      const p = unchecked(pods[i]);
      unchecked(this.flags[i] = (p.nodeName.length != 0 ? 1 : 0) | (p.phaseOrd << 1) | (p.isReady ? 8 : 0));
      unchecked(this.readySec[i] = p.readySince.sec);
      unchecked(this.readyNsec[i] = p.readySince.nsec);
      unchecked(this.restarts[i] = p.restarts);
      unchecked(this.sidecars[i] = p.sidecarRestarts);
      unchecked(this.createdSec[i] = p.created.sec);
      unchecked(this.createdNsec[i] = p.created.nsec);
    }
  }

  /** ActivePods(pods).Less(a, b) for pod indexes a and b. */
  less(a: i32, b: i32): bool {
    const fa = unchecked(this.flags[a]);
    const fb = unchecked(this.flags[b]);
    if ((fa & 1) != (fb & 1)) return (fa & 1) == 0;
    const pa = (fa >> 1) & 3;
    const pb = (fb >> 1) & 3;
    if (pa != pb) return pa < pb;
    const ra = (fa & 8) != 0;
    const rb = (fb & 8) != 0;
    if (ra != rb) return !ra;
    if (ra) {
      const c = afterOrZeroAt(unchecked(this.readySec[a]), unchecked(this.readyNsec[a]), unchecked(this.readySec[b]), unchecked(this.readyNsec[b]));
      if (c >= 0) return c == 1;
    }
    const xa = unchecked(this.restarts[a]);
    const xb = unchecked(this.restarts[b]);
    if (xa != xb) return xa > xb;
    const sa = unchecked(this.sidecars[a]);
    const sb = unchecked(this.sidecars[b]);
    if (sa != sb) return sa > sb;
    const c = afterOrZeroAt(unchecked(this.createdSec[a]), unchecked(this.createdNsec[a]), unchecked(this.createdSec[b]), unchecked(this.createdNsec[b]));
    if (c >= 0) return c == 1;
    return false;
  }
}

/** -1 when the times are equal, else 1 when afterOrZero(a, b) holds and 0 when it does not. */
@inline function afterOrZeroAt(as: i64, an: i32, bs: i64, bn: i32): i32 {
  if (as == bs && an == bn) return -1;
  const az = as == ZERO_SEC && an == 0;
  const bz = bs == ZERO_SEC && bn == 0;
  if (az || bz) return az ? 1 : 0;
  return as > bs || (as == bs && an > bn) ? 1 : 0;
}

/** ActivePodsSlice over ActiveKeys: the same comparisons, on numbers. */
export class ActiveKeysSlice extends IndexSorter {
  constructor(public keys: ActiveKeys) { super(); }
  lessValue(a: i32, b: i32): bool { return this.keys.less(a, b); }
  less(i: i32, j: i32): bool {
    const items = this.items;
    return this.keys.less(unchecked(items[i]), unchecked(items[j]));
  }
}
