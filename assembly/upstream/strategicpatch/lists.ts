// strategicpatch's list helpers, shared by diff and apply: element types, merge-key matching, the
// `$setElementOrder` ordering rules (normalizeElementOrder, mergeSortedSlice), partitions, deletion
// extraction, and the scalar sort. Each follows the upstream function of the same name, including its
// mutations of shared backing arrays and the order of its Less calls; the list searches they make
// (index(), findMapInSliceBasedOnKeyValue, deduplicateScalars) go through env.lists (lookups.ts, listindex.ts).

import { ByteSink } from "../../io/sink";
import { Val, Slice, T_MAP, T_SLICE, makeSlice, sliceOfN, appendOne, appendAll, nilSlice, isStr, mapVal, newMap, asciiVal } from "./value";
import { ifaceEq, hashable, hashableLookup } from "./equal";
import { vText, VText, formatSlice } from "./fmt";
import { Sorter, sortSort, sortStable } from "../../golang/sort";
import { compareBytes } from "../../json/members";
import { Env } from "./env";
import { PosLookup, FIND_FAILED } from "./lookups";
import { ValueSet } from "./valuehash";
import {
  failed, smpError, smpErrorBytes, errNoListOfLists, errBadArgType, errNoMergeKey, panicNilPointer, MAP_TYPE,
} from "./errors";

/** sliceElementType(slices...): the common T_* of their elements, or -1 with an error / panic recorded. */
export function sliceElementType(slices: Array<Slice>): i32 {
  let prev = -1; // -1: not set (Go's nil prevType)
  for (let s = 0; s < slices.length; s++) {
    const sl = slices[s];
    for (let i = 0; i < sl.len; i++) {
      const v = sl.get(i);
      const cur = v === null ? 0 : v.t;
      if (prev == -1) {
        if (v === null) return failKind(panicNilPointer()); // reflect.TypeOf(nil).Kind()
        prev = cur;
        if (prev == T_SLICE) return failKind(errNoListOfLists());
      } else if (prev != cur) {
        const b = new ByteSink(64);
        b.ascii("list element types are not identical: [");
        for (let k = 0; k < slices.length; k++) {
          if (k > 0) b.byte(0x20);
          formatSlice(b, slices[k]);
        }
        b.byte(0x5d);
        return failKind(smpErrorBytes(b));
      }
    }
  }
  if (prev == -1) return failKind(smpError("no elements in any of the given slices"));
  return prev;
}

/** -1 after an error was recorded. */
@inline function failKind(_recorded: bool): i32 {
  return -1;
}

/** sliceElementType(a): T_* or -1 (recorded). */
export function elemType1(a: Slice): i32 {
  const l = new Array<Slice>();
  l.push(a);
  return sliceElementType(l);
}

/** sliceElementType(a, b): T_* or -1 (recorded). */
export function elemType2(a: Slice, b: Slice): i32 {
  const l = new Array<Slice>();
  l.push(a);
  l.push(b);
  return sliceElementType(l);
}

/** mergeSortedSlice(left, right, serverOrder, mergeKey, kind). */
export function mergeSortedSlice(env: Env, left: Slice, right: Slice, serverOrder: Slice, kp: usize, kn: i32, kind: i32): Slice {
  const size = left.len + right.len;
  let i = 0, j = 0;
  const s = makeSlice(size, size);
  // index(serverOrder, ...) lookups (none when a side is empty)
  const pos = left.len > 0 && right.len > 0 ? env.lists.positions(serverOrder, kp, kn, kind) : null;
  for (let k = 0; k < size; k++) {
    if (i >= left.len && j < right.len) {
      s.put(k, right.get(j));
      j++;
    } else if (j >= right.len && i < left.len) {
      s.put(k, left.get(i));
      i++;
    } else {
      const li = pos!.find(left.get(i));
      const ri = pos!.find(right.get(j));
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

/** Two lists a function returns: extractToDeleteItems (kept, deleted), the partitions (patch, server-only). */
export class Pair {
  constructor(public a: Slice, public b: Slice) {}
}

/** extractToDeleteItems(l): the items without, and with, `$patch: delete`; null with the error recorded. */
export function extractToDeleteItems(env: Env, l: Slice): Pair | null {
  let keep = nilSlice();
  let del = nilSlice();
  const go = env.go;
  for (let i = 0; i < l.len; i++) {
    const v = l.get(i);
    if (v === null || v.t != T_MAP) return nullPair(errBadArgType(MAP_TYPE, v));
    const m = v.m!;
    const d = m.findAscii("$patch");
    if (d >= 0 && isStr(m.val(d), "delete")) del = appendOne(del, v, go);
    else keep = appendOne(keep, v, go);
  }
  return new Pair(keep, del);
}

/** null after an error was recorded. */
@inline function nullPair(_recorded: bool): Pair | null {
  return null;
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

/** sort.SliceStable(toSort, normalizeSliceOrder's less): positions in `order`, computed once per element. */
class OrderSorter extends Sorter {
  s: Slice;
  order: PosLookup;
  memo: Array<i32>; // -2: not computed
  constructor(s: Slice, order: PosLookup) {
    super();
    this.s = s;
    this.order = order;
    this.memo = new Array<i32>(s.len);
    for (let i = 0; i < s.len; i++) this.memo[i] = -2;
  }
  idx(i: i32): i32 {
    let m = unchecked(this.memo[i]);
    if (m == -2) {
      m = this.order.find(this.s.get(i));
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
export function normalizeSliceOrder(env: Env, toSort: Slice, order: Slice, kp: usize, kn: i32, kind: i32): Slice | null {
  let del = nilSlice();
  if (kind == T_MAP) {
    if (!validateMergeKeyInLists(kp, kn, toSort, order)) return null;
    const split = extractToDeleteItems(env, toSort);
    if (split === null) return null;
    toSort = split.a;
    del = split.b;
  }
  if (toSort.len > 1) sortStable(new OrderSorter(toSort, env.lists.positions(order, kp, kn, kind)), toSort.len);
  if (failed()) return null;
  return appendAll(toSort, del, env.go);
}

/** normalizeElementOrder(patch, serverOnly, patchOrder, serverOrder, mergeKey, kind). */
export function normalizeElementOrder(env: Env, patch: Slice, serverOnly: Slice, patchOrder: Slice, serverOrder: Slice,
  kp: usize, kn: i32, kind: i32): Slice | null {
  const p = normalizeSliceOrder(env, patch, patchOrder, kp, kn, kind);
  if (p === null) return null;
  const s = normalizeSliceOrder(env, serverOnly, serverOrder, kp, kn, kind);
  if (s === null) return null;
  const all = mergeSortedSlice(env, s, p, serverOrder, kp, kn, kind);
  if (failed()) return null;
  return all;
}

/** partitionPrimitivesByPresentInList(original, partitionBy): (patch, server-only) or null (a panic recorded). */
export function partitionPrimitives(env: Env, original: Slice, partitionBy: Slice): Pair | null {
  const go = env.go;
  let patch = makeSlice(0, original.len);
  let server = makeSlice(0, original.len);
  const set = new ValueSet();
  for (let i = 0; i < partitionBy.len; i++) {
    const v = partitionBy.get(i);
    if (!hashable(v)) return null;
    set.add(v);
  }
  for (let i = 0; i < original.len; i++) {
    const v = original.get(i);
    if (!hashableLookup(v, set.empty, go)) return null;
    if (!set.has(v)) server = appendOne(server, v, go);
    else patch = appendOne(patch, v, go);
  }
  return new Pair(patch, server);
}

/** partitionMapsByPresentInList(original, partitionBy, mergeKey): (patch, server-only) or null (recorded). */
export function partitionMaps(env: Env, original: Slice, partitionBy: Slice, kp: usize, kn: i32): Pair | null {
  const go = env.go;
  let patch = makeSlice(0, original.len);
  let server = makeSlice(0, original.len);
  const finder = env.lists.finder(partitionBy, kp, kn, false);
  for (let i = 0; i < original.len; i++) {
    const v = original.get(i);
    if (v === null || v.t != T_MAP) return nullPair(errBadArgType(MAP_TYPE, v));
    const j = v.m!.find(kp, kn);
    if (j < 0) return nullPair(errNoMergeKey(v.m, kp, kn));
    const at = finder.find(v.m!.val(j));
    if (at == FIND_FAILED) return null;
    if (at < 0) server = appendOne(server, v, go);
    else patch = appendOne(patch, v, go);
  }
  return new Pair(patch, server);
}

/** mergeKeyValueEqual(left, right, mergeKey): EQ_TRUE, EQ_FALSE, or EQ_FAILED with the error recorded. */
export function mergeKeyValueEqual(left: Val | null, right: Val | null, kp: usize, kn: i32): i32 {
  if (kn == 0) {
    const eq = ifaceEq(left, right);
    return failed() ? EQ_FAILED : eq ? EQ_TRUE : EQ_FALSE;
  }
  if (left === null || left.t != T_MAP) return eqFailed(errBadArgType(MAP_TYPE, left));
  if (right === null || right.t != T_MAP) return eqFailed(errBadArgType(MAP_TYPE, right));
  const a = left.m!.find(kp, kn);
  if (a < 0) return eqFailed(errNoMergeKey(left.m, kp, kn));
  const b = right.m!.find(kp, kn);
  if (b < 0) return eqFailed(errNoMergeKey(right.m, kp, kn));
  const eq = ifaceEq(left.m!.val(a), right.m!.val(b));
  return failed() ? EQ_FAILED : eq ? EQ_TRUE : EQ_FALSE;
}

export const EQ_FALSE: i32 = 0;
export const EQ_TRUE: i32 = 1;
export const EQ_FAILED: i32 = -1;

/** EQ_FAILED after an error was recorded. */
@inline function eqFailed(_recorded: bool): i32 {
  return EQ_FAILED;
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
export function sortScalars(env: Env, s: Slice): Slice {
  const kp = new Array<usize>(s.len);
  const kn = new Array<i32>(s.len);
  const text = new VText();
  for (let i = 0; i < s.len; i++) {
    vText(s.get(i), text);
    unchecked(kp[i] = text.p);
    unchecked(kn[i] = text.n);
  }
  sortSort(new StringKeySorter(s, kp, kn), s.len, env.go);
  return s;
}

/** sortMapsBasedOnField(m, fieldName): a new slice of the maps sorted by fmt %v of m[field]. */
export function sortMapsBasedOnField(env: Env, m: Slice, fp: usize, fn: i32): Slice {
  // mapSliceFromSlice, sorted, then sliceFromMapSlice (appended one by one to []interface{}{}): sorted in
  // place in a slice with that capacity (the []map copy's capacity is never observable)
  const tmp = sliceOfN(m.len, env.go);
  for (let i = 0; i < m.len; i++) tmp.put(i, m.get(i));
  const kp = new Array<usize>(m.len);
  const kn = new Array<i32>(m.len);
  const text = new VText();
  for (let i = 0; i < m.len; i++) {
    const v = m.get(i)!;
    const j = v.m!.find(fp, fn);
    vText(j < 0 ? null : v.m!.val(j), text);
    unchecked(kp[i] = text.p);
    unchecked(kn[i] = text.n);
  }
  sortSort(new StringKeySorter(tmp, kp, kn), tmp.len, env.go);
  return tmp;
}

/** deduplicateAndSortScalars(s) */
export function deduplicateAndSortScalars(env: Env, s: Slice): Slice {
  s = env.lists.dedupe(s);
  return sortScalars(env, s);
}

/** CreateDeleteDirective(mergeKey, value): {mergeKey: value, "$patch": "delete"}. */
export function deleteDirective(kp: usize, kn: i32, value: Val | null): Val {
  const m = newMap();
  m.set(kp, kn, value);
  m.setAscii("$patch", asciiVal("delete"));
  return mapVal(m);
}
