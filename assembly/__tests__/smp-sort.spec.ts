// Go's sort.Sort / sort.SliceStable step for step (assembly/upstream/strategicpatch/sort.ts) and []interface{} growth
// (growslice.ts) against what five Go toolchains did (tools/gen-sort-vectors): strategicpatch's Less
// functions are not strict orders, so any other algorithm orders tied merge-list elements differently.
// Also: the hashed list searches (listindex.ts) answer as the scans they replace (lookups.ts), and GMap as a map.

import { Sorter, sortSort, sortStable } from "../golang/sort";
import { growCap } from "../upstream/strategicpatch/growslice";
import { Val, Slice, T_MAP, T_INT, T_FLOAT, T_BOOL, makeSlice, mapVal, newMap, asciiVal } from "../upstream/strategicpatch/value";
import { index, findMapInSlice, Scans, FIND_FAILED } from "../upstream/strategicpatch/lookups";
import { Indexed } from "../upstream/strategicpatch/listindex";
import { takeErrorMessage } from "../base/errors";
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

/** A small deterministic generator. */
class Rng {
  static s: u32 = 12345;
  static next(n: i32): i32 {
    Rng.s = Rng.s * 1103515245 + 12345;
    return <i32>((Rng.s >>> 8) % <u32>n);
  }
}

/** A merge-key value: strings, int64, float64 (with -0 and NaN), bools, nil, or a map (uncomparable). */
function someValue(): Val | null {
  const r = Rng.next(20);
  if (r < 6) return asciiVal(["a", "b", "c", "d", "e", "f"][r]);
  if (r < 10) { const v = new Val(T_INT); v.i = r - 6; return v; }
  if (r < 14) { const v = new Val(T_FLOAT); v.f = [0.0, -0.0, 1.0, NaN][r - 10]; return v; }
  if (r < 16) { const v = new Val(T_BOOL); v.b = r == 14; return v; }
  if (r < 19) return null;
  return mapVal(newMap());
}

/** A list of maps keyed "k" (some without the key, some not maps at all). */
function someList(n: i32, nonMaps: bool): Slice {
  const s = makeSlice(n, n);
  const k = asciiVal("k");
  for (let i = 0; i < n; i++) {
    if (nonMaps && Rng.next(12) == 0) { const v = new Val(T_INT); v.i = 7; s.put(i, v); continue; }
    const m = newMap();
    if (Rng.next(8) != 0) m.set(k.p, k.n, someValue());
    s.put(i, mapVal(m));
  }
  return s;
}

/** A copy of the elements of s (what a backing array holds). */
function contents(s: Slice, n: i32): Array<Val | null> {
  const out = new Array<Val | null>(n);
  for (let i = 0; i < n; i++) out[i] = s.get(i);
  return out;
}

/** A list of scalars with many repeats (or a few NaNs). */
function someScalars(n: i32): Slice {
  const s = makeSlice(n, n + Rng.next(4));
  for (let i = 0; i < n; i++) {
    const r = Rng.next(10);
    let v: Val;
    if (r < 8) { v = new Val(T_INT); v.i = Rng.next(1 + n / 3); } else { v = new Val(T_FLOAT); v.f = r == 8 ? -0.0 : NaN; }
    s.put(i, v);
  }
  return s;
}

describe("hashed merge-key lookups", () => {
  it("index(): the same position, and the same panic, as the scan", () => {
    const k = asciiVal("k");
    let bad = 0, panics = 0;
    for (let trial = 0; trial < 400; trial++) {
      const l = someList(Rng.next(40), true);
      const ix = new Indexed().positions(l, k.p, k.n, T_MAP);
      for (let q = 0; q < 20; q++) {
        const m = newMap();
        m.set(k.p, k.n, someValue());
        const x = mapVal(m);
        const a = index(l, x, k.p, k.n, T_MAP);
        const ea = takeErrorMessage();
        const b = ix.find(x);
        const eb = takeErrorMessage();
        if (a != b || ea != eb) bad++;
        if (ea != "") panics++;
      }
    }
    expect(bad).toBe(0);
    expect(panics).toBeGreaterThan(0);
  });

  it("findMapInSlice: the same match, error and panic as the scan", () => {
    const k = asciiVal("k");
    let bad = 0, errors = 0, found = 0;
    for (let trial = 0; trial < 400; trial++) {
      const l = someList(Rng.next(40), Rng.next(2) == 0);
      const ix = new Indexed().finder(l, k.p, k.n, false);
      for (let q = 0; q < 20; q++) {
        const v = someValue();
        const a = findMapInSlice(l, k.p, k.n, v);
        const ea = takeErrorMessage();
        const b = ix.find(v);
        const eb = takeErrorMessage();
        if (a != b || ea != eb) bad++;
        if (ea != "") errors++;
        if (a >= 0) found++;
      }
    }
    expect(bad).toBe(0);
    expect(errors).toBeGreaterThan(0);
    expect(found).toBeGreaterThan(0);
  });

  it("a growing list whose merge keys change: the same matches as the scan", () => {
    const k = asciiVal("k");
    let bad = 0, found = 0;
    for (let trial = 0; trial < 300; trial++) {
      let l = someList(Rng.next(30), false);
      const scan = new Scans().finder(l, k.p, k.n, true);
      const ix = new Indexed().finder(l, k.p, k.n, true);
      for (let q = 0; q < 40; q++) {
        const op = Rng.next(3);
        if (op == 0) {
          const m = newMap();
          if (Rng.next(6) != 0) m.set(k.p, k.n, someValue());
          l = makeSliceAppend(l, mapVal(m));
          scan.appended(l);
          ix.appended(l);
        } else if (op == 1 && l.len > 0) {
          const at = Rng.next(l.len);
          const m = l.get(at)!.m!;
          if (Rng.next(4) == 0) m.del(k.p, k.n); else m.set(k.p, k.n, someValue());
          scan.changed(at);
          ix.changed(at);
        } else {
          const v = someValue();
          const a = scan.find(v);
          const ea = takeErrorMessage();
          const b = ix.find(v);
          const eb = takeErrorMessage();
          if (a != b || ea != eb) bad++;
          if (a >= 0) found++;
        }
      }
    }
    expect(bad).toBe(0);
    expect(found).toBeGreaterThan(0);
  });

  it("deleteMatchingEntries: the same list, backing array and errors as the scans", () => {
    const k = asciiVal("k");
    let bad = 0, deleted = 0;
    for (let trial = 0; trial < 300; trial++) {
      const n = Rng.next(40);
      const a = someList(n, false);
      // the same maps in a second backing array, for the other implementation
      const b = makeSlice(n, n);
      for (let i = 0; i < n; i++) b.put(i, a.get(i));
      const da = new Scans().deleter(a, k.p, k.n, 22);
      const db = new Indexed().deleter(b, k.p, k.n, 22);
      let okA = true, okB = true;
      for (let q = 0; q < 6 && okA; q++) {
        const v = someValue();
        okA = da.remove(v);
        const ea = takeErrorMessage();
        okB = db.remove(v);
        const eb = takeErrorMessage();
        if (okA != okB || ea != eb) bad++;
      }
      if (!okA || !okB) continue;
      const ra = da.result();
      const rb = db.result();
      if (ra.len != rb.len || ra.cap != rb.cap) bad++;
      const ca = contents(a, n), cb = contents(b, n);
      for (let i = 0; i < n; i++) if (ca[i] !== cb[i]) { bad++; break; }
      deleted += n - ra.len;
    }
    expect(bad).toBe(0);
    expect(deleted).toBeGreaterThan(0);
  });

  it("deduplicateScalars: the same moves as the pairwise loop", () => {
    let bad = 0, removed = 0;
    for (let trial = 0; trial < 400; trial++) {
      const n = Rng.next(60);
      const a = someScalars(n);
      const b = makeSlice(n, a.cap);
      for (let i = 0; i < n; i++) b.put(i, a.get(i));
      const ra = new Scans().dedupe(a);
      const rb = new Indexed().dedupe(b);
      if (ra.len != rb.len || ra.cap != rb.cap) bad++;
      const ca = contents(a, n), cb = contents(b, n);
      for (let i = 0; i < n; i++) if (ca[i] !== cb[i]) { bad++; break; }
      removed += n - ra.len;
    }
    expect(bad).toBe(0);
    expect(removed).toBeGreaterThan(0);
    expect(FIND_FAILED).toBe(-2);
  });
});

/** append(l, v) with room to spare (the finders see the new header). */
function makeSliceAppend(l: Slice, v: Val): Slice {
  const s = makeSlice(l.len + 1, l.len + 1);
  for (let i = 0; i < l.len; i++) s.put(i, l.get(i));
  s.put(l.len, v);
  return s;
}

describe("GMap", () => {
  it("keeps Go's slot order, reuses deleted slots and finds keys past the hash index threshold", () => {
    const m = newMap();
    const keys = new Array<Val>();
    for (let i = 0; i < 64; i++) keys.push(asciiVal("key" + i.toString()));
    const live = new Array<bool>(64);
    let bad = 0;
    for (let step = 0; step < 3000; step++) {
      const i = Rng.next(64);
      const key = keys[i];
      if (Rng.next(3) == 0) { m.del(key.p, key.n); live[i] = false; }
      else { const v = new Val(T_INT); v.i = i; m.set(key.p, key.n, v); live[i] = true; }
      let count = 0;
      for (let j = 0; j < 64; j++) {
        const s = m.find(keys[j].p, keys[j].n);
        if ((s >= 0) != live[j]) bad++;
        if (s >= 0) { count++; if (m.val(s)!.i != j) bad++; }
      }
      if (count != m.count) bad++;
    }
    // a key added after deletions takes the first free slot
    const n = newMap();
    for (let i = 0; i < 5; i++) n.set(keys[i].p, keys[i].n, null);
    n.del(keys[1].p, keys[1].n);
    n.del(keys[3].p, keys[3].n);
    n.set(keys[9].p, keys[9].n, null);
    expect(n.find(keys[9].p, keys[9].n)).toBe(1);
    expect(n.findAscii("key9")).toBe(1);
    expect(bad).toBe(0);
  });
});
