// Go's sort.Sort / sort.SliceStable step for step (assembly/patch/smp/sort.ts) and []interface{} growth
// (growslice.ts) against what five Go toolchains did (tools/gen-sort-vectors): strategicpatch's Less
// functions are not strict orders, so any other algorithm orders tied merge-list elements differently.

import { Sorter, sortSort, sortStable } from "../util/gosort";
import { growCap } from "../patch/smp/growslice";
import {
  SORT_GO, CASE_LEN, CASE_KEYS, ORDER_LEN, ORDER_KEYS, SORT_0, SORT_1, SORT_2, SORT_3, SORT_4, STABLE_0, STABLE_1, STABLE_2,
  STABLE_3, STABLE_4, CAPS_0, CAPS_1, CAPS_2, CAPS_3, CAPS_4, BATCH_0, BATCH_1, BATCH_2, BATCH_3, BATCH_4,
} from "./generated/sort-vectors";

/** Keys with positions; Less is strategicpatch's `a <= b`. */
class KeySorter extends Sorter {
  keys: Array<i32>;
  pos: Array<i32>;
  constructor(keys: Array<i32>) {
    super();
    this.keys = keys;
    this.pos = new Array<i32>(keys.length);
    for (let i = 0; i < keys.length; i++) this.pos[i] = i;
  }
  less(i: i32, j: i32): bool { return this.keys[i] <= this.keys[j]; }
  swap(i: i32, j: i32): void {
    const k = this.keys[i]; this.keys[i] = this.keys[j]; this.keys[j] = k;
    const p = this.pos[i]; this.pos[i] = this.pos[j]; this.pos[j] = p;
  }
}

/** normalizeSliceOrder's less: positions in `order`, true when either is missing. */
class OrderSorter extends KeySorter {
  order: Array<i32>;
  constructor(keys: Array<i32>, order: Array<i32>) {
    super(keys);
    this.order = order;
  }
  index(v: i32): i32 {
    for (let i = 0; i < this.order.length; i++) if (this.order[i] == v) return i;
    return -1;
  }
  less(i: i32, j: i32): bool {
    const ii = this.index(this.keys[i]);
    if (ii >= 0) {
      const ij = this.index(this.keys[j]);
      if (ij >= 0) return ii < ij;
    }
    return true;
  }
}

function sortsOf(k: i32): StaticArray<i32> {
  return k == 0 ? SORT_0 : k == 1 ? SORT_1 : k == 2 ? SORT_2 : k == 3 ? SORT_3 : SORT_4;
}
function stablesOf(k: i32): StaticArray<i32> {
  return k == 0 ? STABLE_0 : k == 1 ? STABLE_1 : k == 2 ? STABLE_2 : k == 3 ? STABLE_3 : STABLE_4;
}
function capsOf(k: i32): StaticArray<i32> {
  return k == 0 ? CAPS_0 : k == 1 ? CAPS_1 : k == 2 ? CAPS_2 : k == 3 ? CAPS_3 : CAPS_4;
}
function batchOf(k: i32): StaticArray<i32> {
  return k == 0 ? BATCH_0 : k == 1 ? BATCH_1 : k == 2 ? BATCH_2 : k == 3 ? BATCH_3 : BATCH_4;
}

describe("sort.Sort with a <= Less", () => {
  it("orders every case as each Go era's toolchain did", () => {
    for (let k = 0; k < SORT_GO.length; k++) {
      const expected = sortsOf(k);
      let at = 0, bad = 0;
      for (let c = 0; c < CASE_LEN.length; c++) {
        const n = CASE_LEN[c];
        const keys = new Array<i32>(n);
        for (let i = 0; i < n; i++) keys[i] = CASE_KEYS[at + i];
        const s = new KeySorter(keys);
        sortSort(s, n, SORT_GO[k]);
        for (let i = 0; i < n; i++) if (s.pos[i] != expected[at + i]) { bad++; break; }
        at += n;
      }
      expect(bad).toBe(0, "go 1." + SORT_GO[k].toString());
    }
  });
});

describe("sort.SliceStable with normalizeSliceOrder's less", () => {
  it("orders every case as Go did", () => {
    for (let k = 0; k < SORT_GO.length; k++) {
      const expected = stablesOf(k);
      let at = 0, oat = 0, bad = 0;
      for (let c = 0; c < CASE_LEN.length; c++) {
        const n = CASE_LEN[c];
        const keys = new Array<i32>(n);
        for (let i = 0; i < n; i++) keys[i] = CASE_KEYS[at + i];
        const order = new Array<i32>(ORDER_LEN[c]);
        for (let i = 0; i < order.length; i++) order[i] = ORDER_KEYS[oat + i];
        const s = new OrderSorter(keys, order);
        sortStable(s, n);
        for (let i = 0; i < n; i++) if (s.pos[i] != expected[at + i]) { bad++; break; }
        at += n;
        oat += order.length;
      }
      expect(bad).toBe(0, "go 1." + SORT_GO[k].toString());
    }
  });
});

describe("append growth of []interface{}", () => {
  it("gives the capacities of each Go era", () => {
    for (let k = 0; k < SORT_GO.length; k++) {
      const go = SORT_GO[k];
      const caps = capsOf(k);
      let cap = 0, bad = 0;
      for (let n = 1; n <= caps.length; n++) {
        if (n > cap) cap = growCap(cap, n, go);
        if (cap != caps[n - 1]) bad++;
      }
      expect(bad).toBe(0, "sequential, go 1." + go.toString());
      const b = batchOf(k);
      bad = 0;
      for (let i = 0; i < b.length; i += 3) {
        const c = b[i], n = b[i + 1];
        if (growCap(c, c + n, go) != b[i + 2]) bad++;
      }
      expect(bad).toBe(0, "batch, go 1." + go.toString());
    }
  });
});
