// Small readers over the typed view (assembly/typed/value.ts) of a decoded v1 Pod: struct fields by Go
// name, strings, integers, pointers, slices and string maps, with `null` read as Go's zero value.

import { fieldIndex } from "../../../schema/schema";
import { Val, StrV, IntV, PtrV, SliceV, MapV, StructV, sortedEntries } from "../../../typed/value";

/** Field `name` (Go name) of struct value `v` (null: zero struct or no such field). */
export function fld(v: Val | null, name: string): Val | null {
  if (v === null) return null;
  if (v instanceof PtrV) v = changetype<PtrV>(v).to;
  if (v === null || !(v instanceof StructV)) return null;
  const s = changetype<StructV>(v);
  const i = fieldIndex(s.t, name);
  return i < 0 ? null : s.f[i];
}

/** The string value (zero: ""). */
export function str(v: Val | null): string {
  if (v === null) return "";
  if (v instanceof PtrV) v = changetype<PtrV>(v).to;
  if (v === null || !(v instanceof StrV)) return "";
  const s = changetype<StrV>(v);
  return String.UTF8.decodeUnsafe(s.p, <usize>s.n);
}

/** Byte length of a string value. */
export function strLen(v: Val | null): i32 {
  if (v === null || !(v instanceof StrV)) return 0;
  return changetype<StrV>(v).n;
}

/** True when `v` is a non-nil pointer. */
export function isSet(v: Val | null): bool {
  return v !== null && v instanceof PtrV;
}

/** The integer a value (or a non-nil pointer to one) holds (zero: 0). */
export function int(v: Val | null): i64 {
  if (v === null) return 0;
  if (v instanceof PtrV) v = changetype<PtrV>(v).to;
  if (v === null || !(v instanceof IntV)) return 0;
  return changetype<IntV>(v).v;
}

/** Pointee of a pointer (null: nil pointer or zero pointee). */
export function deref(v: Val | null): Val | null {
  if (v === null || !(v instanceof PtrV)) return null;
  return changetype<PtrV>(v).to;
}

/** Length of a slice value (nil: 0). */
export function sliceLen(v: Val | null): i32 {
  if (v === null || !(v instanceof SliceV)) return 0;
  return changetype<SliceV>(v).len;
}

/** Element `i` of a slice value. */
export function at(v: Val | null, i: i32): Val | null {
  return changetype<SliceV>(v).items[i];
}

/** A map[string]string as parallel key/value arrays in ascending key order (duplicates resolved). */
export class StrMap {
  keys: Array<string> = new Array<string>();
  vals: Array<string> = new Array<string>();
  /** True when the Go map is nil. */
  isNil: bool = true;
  /** key -> its first index, built on the first lookup of a map with more than a few keys. */
  private index: Map<string, i32> | null = null;

  /** Index of the first key `k`, or -1. */
  find(k: string): i32 {
    const n = this.keys.length;
    if (n <= 8) {
      for (let i = 0; i < n; i++) if (this.keys[i] == k) return i;
      return -1;
    }
    let m = this.index;
    if (m === null) {
      m = new Map<string, i32>();
      for (let i = n - 1; i >= 0; i--) m.set(this.keys[i], i);
      this.index = m;
    }
    return m.has(k) ? m.get(k) : -1;
  }
}

/** Reads a map[string]string value. */
export function strMap(v: Val | null): StrMap {
  const r = new StrMap();
  if (v === null || !(v instanceof MapV)) return r;
  const m = changetype<MapV>(v);
  r.isNil = false;
  const idx = sortedEntries(m);
  for (let i = 0; i < idx.length; i++) {
    const j = idx[i];
    r.keys.push(String.UTF8.decodeUnsafe(m.keyP[j], <usize>m.keyN[j]));
    r.vals.push(str(m.vals[j]));
  }
  return r;
}

/** Slot `i` (declaration order) of struct value `v` (null: zero struct). */
export function slot(v: Val | null, i: i32): Val | null {
  if (v === null) return null;
  return changetype<StructV>(v).f[i];
}
