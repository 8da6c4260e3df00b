// The list searches of strategicpatch as upstream runs them: index() and findMapInSliceBasedOnKeyValue (linear
// scans comparing with Go's == on interface{} values), deleteMatchingEntries (a scan and a copy per deleted
// element) and deduplicateScalars (pairwise). The merge and diff code call them through the interfaces below,
// so that the hashed versions of listindex.ts (the shortcut EXACT_LISTINDEX, same answers in n log n) can be
// put in their place (Env.lists); `Scans` is upstream's own.

import { Val, Slice, T_MAP, appendAll, reslice } from "./value";
import { ifaceEq } from "./equal";
import { failed, errNotAMap } from "./errors";

/** findMapInSlice's answer when an error or panic was recorded. */
export const FIND_FAILED: i32 = -2;

/** m[mergeKey] of an interface{} value (nil when not a map or absent): index()'s getValFn for maps. */
@inline export function mergeKeyOf(v: Val | null, kp: usize, kn: i32): Val | null {
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

/** findMapInSliceBasedOnKeyValue(m, key, value): the position of the match, -1, or FIND_FAILED (recorded). */
export function findMapInSlice(m: Slice, kp: usize, kn: i32, value: Val | null): i32 {
  for (let k = 0; k < m.len; k++) {
    const v = m.get(k);
    if (v === null || v.t != T_MAP) {
      errNotAMap(k);
      return FIND_FAILED;
    }
    const i = v.m!.find(kp, kn);
    if (i >= 0) {
      const eq = ifaceEq(v.m!.val(i), value);
      if (failed()) return FIND_FAILED;
      if (eq) return k;
    }
  }
  return -1;
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

/** index() on one list that is not written while it is searched. */
export abstract class PosLookup {
  /** index(l, x, mergeKey, kind): the first matching position, or -1 (a Go panic may be recorded). */
  abstract find(x: Val | null): i32;
}

/** findMapInSliceBasedOnKeyValue on one list of maps, which may grow and whose elements may be merged into. */
export abstract class MapFinder {
  /** The first position whose map has the merge key equal to `value`, -1, or FIND_FAILED (recorded). */
  abstract find(value: Val | null): i32;
  /** The list is now `l`: the previous one with one element appended. */
  abstract appended(l: Slice): void;
  /** The map at `at` was merged into: its merge-key value may have changed. */
  abstract changed(at: i32): void;
}

/** deleteMatchingEntries(original, mergeKey, value) for one `$patch: delete` item after another. */
export abstract class Deleter {
  /** Deletes every map whose merge key equals `value`; false with the error recorded. */
  abstract remove(value: Val | null): bool;
  /** The list after the deletions (its backing array written as upstream's appends write it). */
  abstract result(): Slice;
}

/** Which implementation of the searches a call uses. */
export abstract class ListSearch {
  /** index() over `l` (merge key [kp, kp+kn) when `kind` is T_MAP). */
  abstract positions(l: Slice, kp: usize, kn: i32, kind: i32): PosLookup;
  /** findMapInSliceBasedOnKeyValue over `l` (`grows`: appended to and merged into while it is searched). */
  abstract finder(l: Slice, kp: usize, kn: i32, grows: bool): MapFinder;
  /** deleteMatchingEntries starting from `l` (appends with Go minor `go`'s growth). */
  abstract deleter(l: Slice, kp: usize, kn: i32, go: i32): Deleter;
  /** deduplicateScalars(s). */
  abstract dedupe(s: Slice): Slice;
}

/** index() by scanning. */
export class ScanPositions extends PosLookup {
  constructor(public l: Slice, public kp: usize, public kn: i32, public kind: i32) { super(); }
  find(x: Val | null): i32 { return index(this.l, x, this.kp, this.kn, this.kind); }
}

/** findMapInSliceBasedOnKeyValue by scanning. */
export class ScanFinder extends MapFinder {
  constructor(public l: Slice, public kp: usize, public kn: i32) { super(); }
  find(value: Val | null): i32 { return findMapInSlice(this.l, this.kp, this.kn, value); }
  appended(l: Slice): void { this.l = l; }
  changed(_at: i32): void {}
}

/** deleteMatchingEntries as upstream: a scan, then `append(original[:i], original[i+1:]...)`, per deleted map. */
class ScanDeleter extends Deleter {
  constructor(public l: Slice, public kp: usize, public kn: i32, public go: i32) { super(); }
  remove(value: Val | null): bool {
    let original = this.l;
    while (true) {
      const at = findMapInSlice(original, this.kp, this.kn, value);
      if (at == FIND_FAILED) return false;
      if (at < 0) break;
      original = appendAll(reslice(original, 0, at), reslice(original, at + 1, original.len), this.go);
    }
    this.l = original;
    return true;
  }
  result(): Slice { return this.l; }
}

/** Upstream's scans. */
export class Scans extends ListSearch {
  positions(l: Slice, kp: usize, kn: i32, kind: i32): PosLookup { return new ScanPositions(l, kp, kn, kind); }
  finder(l: Slice, kp: usize, kn: i32, _grows: bool): MapFinder { return new ScanFinder(l, kp, kn); }
  deleter(l: Slice, kp: usize, kn: i32, go: i32): Deleter { return new ScanDeleter(l, kp, kn, go); }
  dedupe(s: Slice): Slice { return deduplicateScalars(s); }
}
