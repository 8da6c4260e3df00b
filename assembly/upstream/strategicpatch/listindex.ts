// Shortcut (base/exact.ts EXACT_LISTINDEX) of the list searches in lookups.ts: index(),
// findMapInSliceBasedOnKeyValue, deleteMatchingEntries and deduplicateScalars, which it must equal exactly —
// the same positions, the same errors and Go panics (met at the same point of the scan), and the same writes to
// backing arrays other slices share. Elements are grouped by the class of the value a scan compares
// (valuehash.ts: equal scalars; nil; any map; any slice; "not a map"), each class keeping its positions in
// increasing order, so the first match of a scan is the smallest position of one class, found in O(log n).
// Lists shorter than INDEX_MIN, and inputs it does not model (a container among scalars to deduplicate, a non-map
// among the maps to delete from), are answered by the scans themselves.

import { Val, Slice, T_MAP, T_SLICE, reslice } from "./value";
import { panicUncomparable, errNotAMap } from "./errors";
import { ValueClasses, matchable } from "./valuehash";
import { heapPush, heapPop } from "./minheap";
import {
  PosLookup, MapFinder, Deleter, ListSearch, ScanPositions, ScanFinder, Scans, FIND_FAILED, mergeKeyOf,
  deduplicateScalars, findMapInSlice,
} from "./lookups";

/** Lists at least this long are indexed (shorter ones are scanned). */
const INDEX_MIN = 9;

// classes besides those of scalar values (SCALARS + the ValueClasses id); -1: equals nothing
const NIL_CLASS = 0;
const MAP_CLASS = 1;
const SLICE_CLASS = 2;
const NONMAP_CLASS = 3;
const SCALARS = 4;

/**
 * The positions of a list by class. Positions join in increasing order (a chain per class); a position may
 * later change class (it then joins its new class's heap), and entries whose position has left the class are
 * skipped when met. The smallest position of a class is found in O(log n) amortized.
 */
class PosSets {
  /** Current class of each position (-1: none). */
  cls: StaticArray<i32>;
  /** The next position of the chain a position joined when it was added. */
  next: StaticArray<i32>;
  n: i32 = 0;
  head: Array<i32> = new Array<i32>();
  tail: Array<i32> = new Array<i32>();
  heaps: Array<Array<i32> | null> = new Array<Array<i32> | null>();

  constructor(cap: i32) {
    const c = cap < 8 ? 8 : cap;
    this.cls = new StaticArray<i32>(c);
    this.next = new StaticArray<i32>(c);
  }

  /** Room for class c. */
  private ensure(c: i32): void {
    while (this.head.length <= c) {
      this.head.push(-1);
      this.tail.push(-1);
      this.heaps.push(null);
    }
  }

  /** Adds the next position (this.n), of class c. */
  push(c: i32): void {
    const p = this.n;
    if (p == this.cls.length) {
      const cls = new StaticArray<i32>(p << 1);
      const next = new StaticArray<i32>(p << 1);
      memory.copy(changetype<usize>(cls), changetype<usize>(this.cls), <usize>p << 2);
      memory.copy(changetype<usize>(next), changetype<usize>(this.next), <usize>p << 2);
      this.cls = cls;
      this.next = next;
    }
    this.n = p + 1;
    unchecked(this.cls[p] = c);
    unchecked(this.next[p] = -1);
    if (c < 0) return;
    this.ensure(c);
    const t = unchecked(this.tail[c]);
    if (t < 0) unchecked(this.head[c] = p);
    else unchecked(this.next[t] = p);
    unchecked(this.tail[c] = p);
  }

  /** Position p now holds class c. */
  move(p: i32, c: i32): void {
    unchecked(this.cls[p] = c);
    if (c < 0) return;
    this.ensure(c);
    let h = unchecked(this.heaps[c]);
    if (h === null) {
      h = new Array<i32>();
      unchecked(this.heaps[c] = h);
    }
    heapPush(h, p);
  }

  /** The smallest position of class c, or -1. */
  min(c: i32): i32 {
    if (c >= this.head.length) return -1;
    const cls = this.cls;
    let a = unchecked(this.head[c]);
    while (a >= 0 && unchecked(cls[a]) != c) a = unchecked(this.next[a]);
    unchecked(this.head[c] = a);
    if (a < 0) unchecked(this.tail[c] = -1);
    const h = unchecked(this.heaps[c]);
    if (h === null) return a;
    while (h.length > 0 && unchecked(cls[unchecked(h[0])]) != c) heapPop(h);
    if (h.length == 0) return a;
    const b = unchecked(h[0]);
    return a < 0 || b < a ? b : a;
  }

  /** Removes the position min(c) returned (call right after it). */
  popMin(c: i32, p: i32): void {
    if (unchecked(this.head[c]) == p) {
      const a = unchecked(this.next[p]);
      unchecked(this.head[c] = a);
      if (a < 0) unchecked(this.tail[c] = -1);
    } else heapPop(unchecked(this.heaps[c])!);
  }
}

/** The class of a compared value (-1: it equals nothing); a new scalar class when `create`. */
function valueClass(classes: ValueClasses, x: Val | null, create: bool): i32 {
  if (x === null) return NIL_CLASS;
  if (x.t == T_MAP) return MAP_CLASS;
  if (x.t == T_SLICE) return SLICE_CLASS;
  if (!matchable(x)) return -1;
  const c = classes.classOf(x, create);
  return c < 0 ? -1 : SCALARS + c;
}

/** The class of element v as findMapInSliceBasedOnKeyValue compares it: its merge-key value, or not a map. */
function mapClass(classes: ValueClasses, v: Val | null, kp: usize, kn: i32): i32 {
  if (v === null || v.t != T_MAP) return NONMAP_CLASS;
  const m = v.m!;
  const k = m.find(kp, kn);
  if (k < 0) return -1; // a map without the key is passed over
  return valueClass(classes, m.val(k), true);
}

/** index() from the classes of the compared values. */
class IndexedPositions extends PosLookup {
  classes: ValueClasses = new ValueClasses();
  sets: PosSets;

  constructor(l: Slice, public kp: usize, public kn: i32, public byKey: bool) {
    super();
    this.sets = new PosSets(l.len);
    for (let i = 0; i < l.len; i++) {
      const v = l.get(i);
      this.sets.push(valueClass(this.classes, byKey ? mergeKeyOf(v, kp, kn) : v, true));
    }
  }

  find(x: Val | null): i32 {
    const xv = this.byKey ? mergeKeyOf(x, this.kp, this.kn) : x;
    if (xv !== null && (xv.t == T_MAP || xv.t == T_SLICE)) {
      // `==` on two maps (or two slices) panics at the first one; it equals nothing else
      if (this.sets.min(xv.t == T_MAP ? MAP_CLASS : SLICE_CLASS) >= 0) panicUncomparable(xv);
      return -1;
    }
    const c = valueClass(this.classes, xv, false);
    return c < 0 ? -1 : this.sets.min(c);
  }
}

/**
 * findMapInSliceBasedOnKeyValue from the classes of the merge-key values, kept up to date as the list grows and
 * its maps are merged into; scanned while the list is shorter than INDEX_MIN (the classes are made then).
 */
class IndexedFinder extends MapFinder {
  classes: ValueClasses = new ValueClasses();
  sets: PosSets | null = null;

  constructor(public l: Slice, public kp: usize, public kn: i32) {
    super();
  }

  find(value: Val | null): i32 {
    let sets = this.sets;
    if (sets === null) {
      const l = this.l;
      if (l.len < INDEX_MIN) return findMapInSlice(l, this.kp, this.kn, value);
      sets = new PosSets(l.len);
      for (let i = 0; i < l.len; i++) sets.push(mapClass(this.classes, l.get(i), this.kp, this.kn));
      this.sets = sets;
    }
    const notMap = sets.min(NONMAP_CLASS);
    let p = -1;
    const container = value !== null && (value.t == T_MAP || value.t == T_SLICE);
    if (container) p = sets.min(value!.t == T_MAP ? MAP_CLASS : SLICE_CLASS);
    else {
      const c = valueClass(this.classes, value, false);
      if (c >= 0) p = sets.min(c);
    }
    // the scan stops at whichever comes first: a non-map (error), a same-type container (panic), a match
    if (notMap >= 0 && (p < 0 || notMap < p)) {
      errNotAMap(notMap);
      return FIND_FAILED;
    }
    if (p < 0) return -1;
    if (container) {
      panicUncomparable(value!);
      return FIND_FAILED;
    }
    return p;
  }

  appended(l: Slice): void {
    this.l = l;
    const sets = this.sets;
    if (sets !== null) sets.push(mapClass(this.classes, l.get(l.len - 1), this.kp, this.kn));
  }

  changed(at: i32): void {
    const sets = this.sets;
    if (sets === null) return;
    const c = mapClass(this.classes, this.l.get(at), this.kp, this.kn);
    if (c != unchecked(sets.cls[at])) sets.move(at, c);
  }
}

/**
 * deleteMatchingEntries for a list of maps, one `$patch: delete` value after another: each value's maps are
 * deleted at once, in increasing position as the repeated scans find them, and `result` writes the backing
 * array as upstream's `append(original[:i], original[i+1:]...)` per deletion leaves it: the survivors in
 * order, then at each position p past them the element that was last when the list was p+1 long.
 */
class IndexedDeleter extends Deleter {
  classes: ValueClasses = new ValueClasses();
  sets: PosSets;
  /** Positions in the order they are deleted. */
  order: Array<i32> = new Array<i32>();

  constructor(public l: Slice, public kp: usize, public kn: i32) {
    super();
    this.sets = new PosSets(l.len);
    for (let i = 0; i < l.len; i++) this.sets.push(mapClass(this.classes, l.get(i), kp, kn));
  }

  remove(value: Val | null): bool {
    const sets = this.sets;
    if (value !== null && (value.t == T_MAP || value.t == T_SLICE)) {
      // a map (or slice) merge key equal to one in the list is a panic; it matches nothing
      if (sets.min(value.t == T_MAP ? MAP_CLASS : SLICE_CLASS) >= 0) return panicUncomparable(value);
      return true;
    }
    const c = valueClass(this.classes, value, false);
    if (c < 0) return true;
    // every map of the class goes (a later value of the same class finds none left)
    let p = sets.min(c);
    while (p >= 0) {
      this.order.push(p);
      sets.popMin(c, p);
      unchecked(sets.cls[p] = -1);
      p = sets.min(c);
    }
    return true;
  }

  result(): Slice {
    const l = this.l;
    const d = this.order.length;
    if (d == 0) return l;
    const n = l.len;
    const was = new StaticArray<Val | null>(n);
    for (let i = 0; i < n; i++) unchecked(was[i] = l.get(i));
    // the elements that end up past the survivors: before the k-th deletion the list is n-k long and its last
    // element (the highest position not deleted yet) stays at position n-k-1
    const gone = new StaticArray<bool>(n);
    const tail = new StaticArray<Val | null>(d);
    let hi = n - 1;
    for (let k = 0; k < d; k++) {
      while (unchecked(gone[hi])) hi--;
      unchecked(tail[d - 1 - k] = was[hi]);
      unchecked(gone[this.order[k]] = true);
    }
    let w = 0;
    for (let i = 0; i < n; i++) if (!unchecked(gone[i])) l.put(w++, unchecked(was[i]));
    for (let k = 0; k < d; k++) l.put(w + k, unchecked(tail[k]));
    return reslice(l, 0, n - d);
  }
}

/** deduplicateScalars by classes: the same moves as the pairwise loop, each duplicate found in O(log n). */
function dedupeIndexed(s: Slice): Slice {
  const n = s.len;
  if (n < INDEX_MIN) return deduplicateScalars(s);
  const classes = new ValueClasses();
  const sets = new PosSets(n);
  for (let i = 0; i < n; i++) {
    const v = s.get(i);
    if (v !== null && (v.t == T_MAP || v.t == T_SLICE)) return deduplicateScalars(s); // `==` panics there
    sets.push(valueClass(classes, v, true));
  }
  const cls = sets.cls;
  let length = n - 1;
  for (let i = 0; i < length; i++) {
    const x = unchecked(cls[i]);
    if (x < 0) continue; // NaN: equal to nothing
    while (true) {
      const j = sets.min(x);
      if (j < 0) break;
      sets.popMin(x, j);
      if (j <= i) continue; // s[i] itself (no earlier element has its value)
      // s[j] = s[length]; s = s[:length]; length--; and again while the moved element equals s[i]
      let y = x;
      while (y == x) {
        const last = length;
        s.put(j, s.get(last));
        y = unchecked(cls[last]);
        unchecked(cls[last] = -1);
        length--;
        if (j == last) break;
        unchecked(cls[j] = y);
      }
      if (j > length) break; // the scan ran past the end
      if (y >= 0) sets.move(j, y);
    }
  }
  return length + 1 < n ? reslice(s, 0, length + 1) : s;
}

/** The shortcut: indexed searches on lists of INDEX_MIN or more, upstream's scans on shorter ones. */
export class Indexed extends ListSearch {
  positions(l: Slice, kp: usize, kn: i32, kind: i32): PosLookup {
    if (l.len < INDEX_MIN) return new ScanPositions(l, kp, kn, kind);
    return new IndexedPositions(l, kp, kn, kind == T_MAP);
  }

  finder(l: Slice, kp: usize, kn: i32, grows: bool): MapFinder {
    if (!grows && l.len < INDEX_MIN) return new ScanFinder(l, kp, kn);
    return new IndexedFinder(l, kp, kn);
  }

  deleter(l: Slice, kp: usize, kn: i32, go: i32): Deleter {
    // a non-map in the list makes the first scan fail: upstream's loop answers that (once)
    for (let i = 0; i < l.len; i++) {
      const v = l.get(i);
      if (v === null || v.t != T_MAP) return new Scans().deleter(l, kp, kn, go);
    }
    return new IndexedDeleter(l, kp, kn);
  }

  dedupe(s: Slice): Slice {
    return dedupeIndexed(s);
  }
}
