// strategicpatch's list helpers, shared by diff and apply: element types, merge-key matching, the
// `$setElementOrder` ordering rules (normalizeElementOrder, mergeSortedSlice, index), partitions,
// deletion extraction, and the scalar sort / dedupe. Each follows the upstream function of the same name,
// including its mutations of shared backing arrays and the order of its Less calls.

import { ByteSink } from "../../io/sink";
import { Val, GMap, Slice, T_MAP, T_SLICE, T_STRING, T_FLOAT, makeSlice, sliceOfN, reslice, appendOne, appendAll, nilSlice, isStr, mapVal, newMap, asciiVal } from "./value";
import { ifaceEq, hashable, hashableLookup, keyEq } from "./equal";
import { vText, VText, formatSlice } from "./fmt";
import { Sorter, sortSort, sortStable } from "../../golang/sort";
import { compareBytes } from "../../json/members";
import { Env } from "./env";
import {
  failed, smpError, smpErrorBytes, errNoListOfLists, errBadArgType, errNoMergeKey, panicNilPointer, MAP_TYPE,
} from "./errors";

/** Element kind of a list: the T_* of its elements (0 = none decided). */
export class ElemType {
  static t: i32 = 0;
}

/** sliceElementType(slices...): the common T_* in ElemType.t, or an error / panic recorded. */
export function sliceElementType(slices: Array<Slice>): bool {
  let prev = -1; // -1: not set (Go's nil prevType)
  for (let s = 0; s < slices.length; s++) {
    const sl = slices[s];
    for (let i = 0; i < sl.len; i++) {
      const v = sl.get(i);
      const cur = v === null ? 0 : v.t;
      if (prev == -1) {
        if (v === null) return panicNilPointer(); // reflect.TypeOf(nil).Kind()
        prev = cur;
        if (prev == T_SLICE) return errNoListOfLists();
      } else if (prev != cur) {
        const b = new ByteSink(64);
        b.ascii("list element types are not identical: [");
        for (let k = 0; k < slices.length; k++) {
          if (k > 0) b.byte(0x20);
          formatSlice(b, slices[k]);
        }
        b.byte(0x5d);
        return smpErrorBytes(b);
      }
    }
  }
  if (prev == -1) return smpError("no elements in any of the given slices");
  ElemType.t = prev;
  return true;
}

/** sliceElementType of one or two slices. */
export function elemType1(a: Slice): bool {
  const l = new Array<Slice>();
  l.push(a);
  return sliceElementType(l);
}

/** sliceElementType(a, b). */
export function elemType2(a: Slice, b: Slice): bool {
  const l = new Array<Slice>();
  l.push(a);
  l.push(b);
  return sliceElementType(l);
}

/** m[mergeKey] of an interface{} value (nil when not a map or absent): index()'s getValFn for maps. */
@inline function mergeKeyOf(v: Val | null, kp: usize, kn: i32): Val | null {
  if (v === null || v.t != T_MAP) return null;
  const m = v.m!;
  const i = m.find(kp, kn);
  return i < 0 ? null : m.val(i);
}

/** index(l, valToLookUp, mergeKey, kind): position of the first match, -1; a panic may be recorded. */
export function index(l: Slice, x: Val | null, kp: usize, kn: i32, kind: i32): i32 {
  const xv = kind == T_MAP ? mergeKeyOf(x, kp, kn) : x;
  for (let i = 0; i < l.len; i++) {
    const v = l.get(i);
    const yv = kind == T_MAP ? mergeKeyOf(v, kp, kn) : v;
    if (ifaceEq(xv, yv)) return i;
    if (failed()) return -1;
  }
  return -1;
}

/** Lists at least this long get a hash index for repeated lookups (shorter ones are scanned). */
const INDEX_MIN = 9;

/** Hash of a scalar value (equal scalars of one type hash alike; +0 and -0 too). */
function scalarHash(v: Val): u32 {
  let h: u32 = <u32>v.t * 0x9e3779b1;
  if (v.t == T_STRING) {
    const p = v.p;
    for (let i = 0, n = v.n; i < n; i++) h = (h ^ <u32>load<u8>(p + <usize>i)) * 0x01000193;
    return h;
  }
  let x = v.x;
  if (v.t == T_FLOAT && v.f == 0) x = 0;
  return (h ^ <u32>x ^ <u32>(x >>> 32)) * 0x01000193;
}

/** A scalar that can equal something (NaN equals nothing). */
@inline function matchable(v: Val): bool {
  return v.t != T_MAP && v.t != T_SLICE && !(v.t == T_FLOAT && isNaN(v.f));
}

/**
 * First positions of the scalar values in a list that is not written while the index is used: the list's
 * elements (`byKey` false, primitive lists), or the merge-key values of its map elements. `findMaps`:
 * findMapInSliceBasedOnKeyValue's view (elements must be maps; maps without the key are skipped; the first
 * non-map is remembered); otherwise index()'s view (a non-map or a map without the key has a nil value).
 */
export class PosIndex {
  l: Slice;
  kp: usize;
  kn: i32;
  byKey: bool;
  findMaps: bool;
  table: StaticArray<i32>;
  firstNull: i32 = -1;
  firstNonMap: i32 = -1;

  constructor(l: Slice, kp: usize, kn: i32, byKey: bool, findMaps: bool) {
    this.l = l;
    this.kp = kp;
    this.kn = kn;
    this.byKey = byKey;
    this.findMaps = findMaps;
    let size = 16;
    while (size < l.len * 2) size <<= 1;
    const table = new StaticArray<i32>(size);
    this.table = table;
    const mask = <u32>size - 1;
    for (let i = 0; i < l.len; i++) {
      const y = this.valueAt(i);
      if (y === null) {
        if (this.firstNull < 0 && !(findMaps && this.firstNonMap == i)) this.firstNull = i;
        continue;
      }
      if (!matchable(y)) continue;
      let j = scalarHash(y) & mask;
      while (true) {
        const e = unchecked(table[j]);
        if (e == 0) { unchecked(table[j] = i + 1); break; }
        if (keyEq(this.valueAt(e - 1), y)) break; // the first position stays
        j = (j + 1) & mask;
      }
    }
  }

  /** The compared value of element i (null: nil, or skipped when findMaps). */
  private valueAt(i: i32): Val | null {
    const v = this.l.get(i);
    if (!this.byKey) return v;
    if (v === null || v.t != T_MAP) {
      if (this.findMaps && this.firstNonMap < 0) this.firstNonMap = i;
      return null;
    }
    const m = v.m!;
    const k = m.find(this.kp, this.kn);
    if (k < 0) return null;
    return m.val(k);
  }

  /** First position whose value equals the scalar x (matchable), or -1. */
  findScalar(x: Val): i32 {
    const table = this.table;
    const mask = <u32>table.length - 1;
    let j = scalarHash(x) & mask;
    while (true) {
      const e = unchecked(table[j]);
      if (e == 0) return -1;
      if (keyEq(this.valueAt(e - 1), x)) return e - 1;
      j = (j + 1) & mask;
    }
    return -1;
  }
}

/** index(l, x, mergeKey, kind) through `ix` (built over l with findMaps false) when given. */
export function indexVia(ix: PosIndex | null, l: Slice, x: Val | null, kp: usize, kn: i32, kind: i32): i32 {
  if (ix === null) return index(l, x, kp, kn, kind);
  const xv = kind == T_MAP ? mergeKeyOf(x, kp, kn) : x;
  if (xv === null) return ix.firstNull;
  if (xv.t == T_MAP || xv.t == T_SLICE) return index(l, x, kp, kn, kind); // the scan panics where Go does
  if (!matchable(xv)) return -1;
  return ix.findScalar(xv);
}

/** mergeSortedSlice(left, right, serverOrder, mergeKey, kind). */
export function mergeSortedSlice(left: Slice, right: Slice, serverOrder: Slice, kp: usize, kn: i32, kind: i32): Slice {
  const size = left.len + right.len;
  let i = 0, j = 0;
  const s = makeSlice(size, size);
  const ix = serverOrder.len >= INDEX_MIN && left.len > 0 && right.len > 0 ? new PosIndex(serverOrder, kp, kn, kind == T_MAP, false) : null;
  for (let k = 0; k < size; k++) {
    if (i >= left.len && j < right.len) {
      s.put(k, right.get(j));
      j++;
    } else if (j >= right.len && i < left.len) {
      s.put(k, left.get(i));
      i++;
    } else {
      const li = indexVia(ix, serverOrder, left.get(i), kp, kn, kind);
      const ri = indexVia(ix, serverOrder, right.get(j), kp, kn, kind);
      if (failed()) return s;
      if (li >= 0 && ri >= 0 && li < ri) {
        s.put(k, left.get(i));
        i++;
      } else {
        s.put(k, right.get(j));
        j++;
      }
    }
  }
  return s;
}

/** Two results of extractToDeleteItems. */
export class Split {
  static keep: Slice | null = null;
  static del: Slice | null = null;
}

/** extractToDeleteItems(l): items without / with `$patch: delete` into Split. */
export function extractToDeleteItems(l: Slice): bool {
  let keep = nilSlice();
  let del = nilSlice();
  const go = Env.go;
  for (let i = 0; i < l.len; i++) {
    const v = l.get(i);
    if (v === null || v.t != T_MAP) return errBadArgType(MAP_TYPE, v);
    const m = v.m!;
    const d = m.findAscii("$patch");
    if (d >= 0 && isStr(m.val(d), "delete")) del = appendOne(del, v, go);
    else keep = appendOne(keep, v, go);
  }
  Split.keep = keep;
  Split.del = del;
  return true;
}

/** validateMergeKeyInLists(mergeKey, lists...) */
export function validateMergeKeyInLists(kp: usize, kn: i32, a: Slice, b: Slice): bool {
  for (let l = 0; l < 2; l++) {
    const list = l == 0 ? a : b;
    for (let i = 0; i < list.len; i++) {
      const v = list.get(i);
      if (v === null || v.t != T_MAP) return errBadArgType(MAP_TYPE, v);
      if (v.m!.find(kp, kn) < 0) return errNoMergeKey(v.m, kp, kn);
    }
  }
  return true;
}

/** sort.SliceStable(toSort, normalizeSliceOrder's less): positions in `order`, computed lazily per element. */
class OrderSorter extends Sorter {
  s: Slice;
  order: Slice;
  kp: usize;
  kn: i32;
  kind: i32;
  memo: Array<i32>; // -2: not computed
  ix: PosIndex | null;
  constructor(s: Slice, order: Slice, kp: usize, kn: i32, kind: i32) {
    super();
    this.ix = order.len >= INDEX_MIN ? new PosIndex(order, kp, kn, kind == T_MAP, false) : null;
    this.s = s;
    this.order = order;
    this.kp = kp;
    this.kn = kn;
    this.kind = kind;
    this.memo = new Array<i32>(s.len);
    for (let i = 0; i < s.len; i++) this.memo[i] = -2;
  }
  idx(i: i32): i32 {
    let m = unchecked(this.memo[i]);
    if (m == -2) {
      m = indexVia(this.ix, this.order, this.s.get(i), this.kp, this.kn, this.kind);
      unchecked(this.memo[i] = m);
    }
    return m;
  }
  less(i: i32, j: i32): bool {
    if (failed()) return false;
    const ii = this.idx(i);
    if (ii >= 0) {
      const ij = this.idx(j);
      if (ij >= 0) return ii < ij;
    }
    return true;
  }
  swap(i: i32, j: i32): void {
    const a = this.s.get(i);
    this.s.put(i, this.s.get(j));
    this.s.put(j, a);
    const m = unchecked(this.memo[i]);
    unchecked(this.memo[i] = this.memo[j]);
    unchecked(this.memo[j] = m);
  }
}

/** normalizeSliceOrder(toSort, order, mergeKey, kind): sorts in place (a map list: a fresh copy). */
export function normalizeSliceOrder(toSort: Slice, order: Slice, kp: usize, kn: i32, kind: i32): Slice | null {
  let del = nilSlice();
  if (kind == T_MAP) {
    if (!validateMergeKeyInLists(kp, kn, toSort, order)) return null;
    if (!extractToDeleteItems(toSort)) return null;
    toSort = Split.keep!;
    del = Split.del!;
  }
  if (toSort.len > 1) sortStable(new OrderSorter(toSort, order, kp, kn, kind), toSort.len);
  if (failed()) return null;
  return appendAllSlices(toSort, del);
}

/** append(a, b...) */
export function appendAllSlices(a: Slice, b: Slice): Slice {
  return appendAll(a, b, Env.go);
}

/** normalizeElementOrder(patch, serverOnly, patchOrder, serverOrder, mergeKey, kind). */
export function normalizeElementOrder(patch: Slice, serverOnly: Slice, patchOrder: Slice, serverOrder: Slice,
  kp: usize, kn: i32, kind: i32): Slice | null {
  const p = normalizeSliceOrder(patch, patchOrder, kp, kn, kind);
  if (p === null) return null;
  const s = normalizeSliceOrder(serverOnly, serverOrder, kp, kn, kind);
  if (s === null) return null;
  const all = mergeSortedSlice(s, p, serverOrder, kp, kn, kind);
  if (failed()) return null;
  return all;
}

/** Two results of the partitions. */
export class Parts {
  static patch: Slice | null = null;
  static server: Slice | null = null;
}

/** partitionPrimitivesByPresentInList(original, partitionBy). */
export function partitionPrimitives(original: Slice, partitionBy: Slice): bool {
  const go = Env.go;
  let patch = makeSlice(0, original.len);
  let server = makeSlice(0, original.len);
  const set = new Array<Val | null>();
  for (let i = 0; i < partitionBy.len; i++) {
    const v = partitionBy.get(i);
    if (!hashable(v)) return false;
    set.push(v);
  }
  for (let i = 0; i < original.len; i++) {
    const v = original.get(i);
    if (!hashableLookup(v, set.length == 0)) return false;
    let found = false;
    for (let k = 0; k < set.length; k++) if (keyEq(set[k], v)) { found = true; break; }
    if (!found) server = appendOne(server, v, go);
    else patch = appendOne(patch, v, go);
  }
  Parts.patch = patch;
  Parts.server = server;
  return true;
}

/** findMapInSliceBasedOnKeyValue(m, key, value) */
export class Found {
  static map: GMap | null = null;
  static at: i32 = 0;
  static found: bool = false;
}

/** findMapInSliceBasedOnKeyValue: result in Found; false with an error/panic recorded. */
export function findMapInSlice(m: Slice, kp: usize, kn: i32, value: Val | null): bool {
  for (let k = 0; k < m.len; k++) {
    const v = m.get(k);
    if (v === null || v.t != T_MAP) {
      return smpError("value for key " + k.toString() + " is not a map");
    }
    const i = v.m!.find(kp, kn);
    if (i >= 0) {
      const eq = ifaceEq(v.m!.val(i), value);
      if (failed()) return false;
      if (eq) {
        Found.map = v.m;
        Found.at = k;
        Found.found = true;
        return true;
      }
    }
  }
  Found.map = null;
  Found.at = 0;
  Found.found = false;
  return true;
}

/** findMapInSlice through `ix` (built over m with findMaps true) when given. */
export function findMapVia(ix: PosIndex | null, m: Slice, kp: usize, kn: i32, value: Val | null): bool {
  if (ix === null || value === null || !matchable(value)) return findMapInSlice(m, kp, kn, value);
  const p = ix.findScalar(value);
  // a non-map element before the match (or anywhere without one) is the scan's error
  if (ix.firstNonMap >= 0 && (p < 0 || ix.firstNonMap < p)) return findMapInSlice(m, kp, kn, value);
  if (p < 0) {
    Found.map = null;
    Found.at = 0;
    Found.found = false;
    return true;
  }
  Found.map = m.get(p)!.m;
  Found.at = p;
  Found.found = true;
  return true;
}

/** partitionMapsByPresentInList(original, partitionBy, mergeKey). */
export function partitionMaps(original: Slice, partitionBy: Slice, kp: usize, kn: i32): bool {
  const go = Env.go;
  let patch = makeSlice(0, original.len);
  let server = makeSlice(0, original.len);
  const ix = partitionBy.len >= INDEX_MIN && original.len > 1 ? new PosIndex(partitionBy, kp, kn, true, true) : null;
  for (let i = 0; i < original.len; i++) {
    const v = original.get(i);
    if (v === null || v.t != T_MAP) return errBadArgType(MAP_TYPE, v);
    const j = v.m!.find(kp, kn);
    if (j < 0) return errNoMergeKey(v.m, kp, kn);
    if (!findMapVia(ix, partitionBy, kp, kn, v.m!.val(j))) return false;
    if (!Found.found) server = appendOne(server, v, go);
    else patch = appendOne(patch, v, go);
  }
  Parts.patch = patch;
  Parts.server = server;
  return true;
}

/** mergeKeyValueEqual(left, right, mergeKey) into Eq.v. */
export class Eq {
  static v: bool = false;
}

export function mergeKeyValueEqual(left: Val | null, right: Val | null, kp: usize, kn: i32): bool {
  if (kn == 0) {
    Eq.v = ifaceEq(left, right);
    return !failed();
  }
  if (left === null || left.t != T_MAP) return errBadArgType(MAP_TYPE, left);
  if (right === null || right.t != T_MAP) return errBadArgType(MAP_TYPE, right);
  const a = left.m!.find(kp, kn);
  if (a < 0) return errNoMergeKey(left.m, kp, kn);
  const b = right.m!.find(kp, kn);
  if (b < 0) return errNoMergeKey(right.m, kp, kn);
  Eq.v = ifaceEq(left.m!.val(a), right.m!.val(b));
  return !failed();
}

/** sort.Sort by fmt %v strings with upstream's `Less = a <= b` (SortableSliceOfScalars / ...OfMaps). */
class StringKeySorter extends Sorter {
  keysP: Array<usize>;
  keysN: Array<i32>;
  s: Slice;
  constructor(s: Slice, keysP: Array<usize>, keysN: Array<i32>) {
    super();
    this.s = s;
    this.keysP = keysP;
    this.keysN = keysN;
  }
  less(i: i32, j: i32): bool {
    return compareBytes(unchecked(this.keysP[i]), unchecked(this.keysN[i]), unchecked(this.keysP[j]), unchecked(this.keysN[j])) <= 0;
  }
  swap(i: i32, j: i32): void {
    const a = this.s.get(i);
    this.s.put(i, this.s.get(j));
    this.s.put(j, a);
    const p = unchecked(this.keysP[i]);
    unchecked(this.keysP[i] = this.keysP[j]);
    unchecked(this.keysP[j] = p);
    const n = unchecked(this.keysN[i]);
    unchecked(this.keysN[i] = this.keysN[j]);
    unchecked(this.keysN[j] = n);
  }
}

/** sortScalars(s): sorts s in place by fmt %v (sort.Sort); returns s. */
export function sortScalars(s: Slice): Slice {
  const kp = new Array<usize>(s.len);
  const kn = new Array<i32>(s.len);
  for (let i = 0; i < s.len; i++) {
    vText(s.get(i));
    unchecked(kp[i] = VText.p);
    unchecked(kn[i] = VText.n);
  }
  sortSort(new StringKeySorter(s, kp, kn), s.len, Env.go);
  return s;
}

/** sortMapsBasedOnField(m, fieldName): a new slice of the maps sorted by fmt %v of m[field]. */
export function sortMapsBasedOnField(m: Slice, fp: usize, fn: i32): Slice {
  // mapSliceFromSlice, sorted, then sliceFromMapSlice (appended one by one to []interface{}{}): sorted in
  // place in a slice with that capacity (the []map copy's capacity is never observable)
  const tmp = sliceOfN(m.len, Env.go);
  for (let i = 0; i < m.len; i++) tmp.put(i, m.get(i));
  const kp = new Array<usize>(m.len);
  const kn = new Array<i32>(m.len);
  for (let i = 0; i < m.len; i++) {
    const v = m.get(i)!;
    const j = v.m!.find(fp, fn);
    vText(j < 0 ? null : v.m!.val(j));
    unchecked(kp[i] = VText.p);
    unchecked(kn[i] = VText.n);
  }
  sortSort(new StringKeySorter(tmp, kp, kn), tmp.len, Env.go);
  return tmp;
}

/** deduplicateScalars(s): removes later duplicates in place (moving the last element into their slot). */
export function deduplicateScalars(s: Slice): Slice {
  let length = s.len - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      const eq = ifaceEq(s.get(i), s.get(j));
      if (failed()) return s;
      if (eq) {
        s.put(j, s.get(length));
        s = reslice(s, 0, length);
        length--;
        j--;
      }
    }
  }
  return s;
}

/** deduplicateAndSortScalars(s) */
export function deduplicateAndSortScalars(s: Slice): Slice {
  s = deduplicateScalars(s);
  return sortScalars(s);
}

/** CreateDeleteDirective(mergeKey, value): {mergeKey: value, "$patch": "delete"}. */
export function deleteDirective(kp: usize, kn: i32, value: Val | null): Val {
  const m = newMap();
  m.set(kp, kn, value);
  m.setAscii("$patch", asciiVal("delete"));
  return mapVal(m);
}

