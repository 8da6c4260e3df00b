// Field access on the typed value tree (assembly/typed/value.ts) for the defaulters: fields are looked up by
// Go name at the value's own minor (a field that does not exist at that minor reads as absent and is never
// written), zero values (`null` slots) are materialized only when a defaulter writes into them.

import { Kind, kind, elem, fieldIndex, fieldType, fieldCount } from "../../../schema/schema";
import { Val, StrV, IntV, PtrV, SliceV, MapV, StructV, sortedEntries } from "../../../typed/value";

/** Slot index of Go field `name` of struct `s`, or -1 when the field does not exist at this minor. */
export function slot(s: StructV, name: string): i32 {
  return fieldIndex(s.t, name);
}

/** True when struct `s` has Go field `name` at its minor. */
export function has(s: StructV, name: string): bool {
  return fieldIndex(s.t, name) >= 0;
}

/** A new zero struct of type `t`. */
export function newStruct(t: i32): StructV {
  return new StructV(t, fieldCount(t));
}

/** The value-struct field `name` of `s` (an embedded or plain struct field), materialized; null when absent. */
export function structField(s: StructV, name: string): StructV | null {
  const i = fieldIndex(s.t, name);
  if (i < 0) return null;
  const cur = s.f[i];
  if (cur !== null) return changetype<StructV>(cur);
  const n = newStruct(fieldType(s.t, i));
  s.f[i] = n;
  return n;
}

/** The struct a non-nil pointer field `name` of `s` points to (materialized), or null when nil or absent. */
export function ptrStruct(s: StructV, name: string): StructV | null {
  const i = fieldIndex(s.t, name);
  if (i < 0) return null;
  const cur = s.f[i];
  if (cur === null) return null;
  const p = changetype<PtrV>(cur);
  if (p.to === null) p.to = newStruct(elem(fieldType(s.t, i)));
  return changetype<StructV>(p.to);
}

/** True when pointer field `name` of `s` exists and is nil. */
export function isNil(s: StructV, name: string): bool {
  const i = fieldIndex(s.t, name);
  return i >= 0 && s.f[i] === null;
}

/** Points nil pointer field `name` of `s` at a new zero struct and returns it (null when absent). */
export function newPtrStruct(s: StructV, name: string): StructV | null {
  const i = fieldIndex(s.t, name);
  if (i < 0) return null;
  const pt = fieldType(s.t, i);
  const p = new PtrV(pt);
  const n = newStruct(elem(pt));
  p.to = n;
  s.f[i] = p;
  return n;
}

/** True when string field `name` of `s` exists and is "". */
export function strEmpty(s: StructV, name: string): bool {
  const i = fieldIndex(s.t, name);
  if (i < 0) return false;
  const v = s.f[i];
  return v === null || changetype<StrV>(v).n == 0;
}

/** A string value of type `t` holding the ASCII text `text`. */
export function strVal(t: i32, text: string): StrV {
  const v = new StrV(t);
  const b = String.UTF8.encode(text);
  v.p = changetype<usize>(b);
  v.n = b.byteLength;
  return v;
}

/** Sets string field `name` of `s` (no-op when absent). */
export function setStr(s: StructV, name: string, text: string): void {
  const i = fieldIndex(s.t, name);
  if (i < 0) return;
  s.f[i] = strVal(fieldType(s.t, i), text);
}

/** Sets string field `name` of `s` to `v` (another string value; null = ""). */
export function setStrVal(s: StructV, name: string, v: StrV | null): void {
  const i = fieldIndex(s.t, name);
  if (i < 0) return;
  if (v === null || v.n == 0) { s.f[i] = null; return; }
  const c = new StrV(fieldType(s.t, i));
  c.p = v.p;
  c.n = v.n;
  s.f[i] = c;
}

/** The string value of field `name` (null when "" or absent). */
export function strOfField(s: StructV, name: string): StrV | null {
  const i = fieldIndex(s.t, name);
  if (i < 0) return null;
  const v = s.f[i];
  if (v === null || changetype<StrV>(v).n == 0) return null;
  return changetype<StrV>(v);
}

/** True when string field `name` of `s` equals ASCII `text`. */
export function strIs(s: StructV, name: string, text: string): bool {
  const v = strOfField(s, name);
  if (v === null) return text.length == 0;
  if (v.n != text.length) return false;
  for (let k = 0; k < v.n; k++) if (<i32>load<u8>(v.p + <usize>k) != text.charCodeAt(k)) return false;
  return true;
}

/** Integer (or bool) field `name` of `s` (0 when zero or absent). */
export function intOf(s: StructV, name: string): i64 {
  const i = fieldIndex(s.t, name);
  if (i < 0) return 0;
  const v = s.f[i];
  return v === null ? 0 : changetype<IntV>(v).v;
}

/** Sets integer (or bool) field `name` of `s` (no-op when absent). */
export function setInt(s: StructV, name: string, x: i64): void {
  const i = fieldIndex(s.t, name);
  if (i < 0) return;
  const v = new IntV(fieldType(s.t, i));
  v.v = x;
  s.f[i] = v;
}

/** Points nil-or-not pointer field `name` of `s` at a new integer (or bool) `x` (no-op when absent). */
export function setPtrInt(s: StructV, name: string, x: i64): void {
  const i = fieldIndex(s.t, name);
  if (i < 0) return;
  const pt = fieldType(s.t, i);
  const p = new PtrV(pt);
  const v = new IntV(elem(pt));
  v.v = x;
  p.to = v;
  s.f[i] = p;
}

/** Points pointer field `name` of `s` at a new string `text` (no-op when absent). */
export function setPtrStr(s: StructV, name: string, text: string): void {
  const i = fieldIndex(s.t, name);
  if (i < 0) return;
  const pt = fieldType(s.t, i);
  const p = new PtrV(pt);
  p.to = text.length == 0 ? null : strVal(elem(pt), text);
  s.f[i] = p;
}

/** The integer a non-nil pointer field points to; `absent` when nil or missing. */
export function ptrIntOf(s: StructV, name: string, absent: i64): i64 {
  const i = fieldIndex(s.t, name);
  if (i < 0) return absent;
  const v = s.f[i];
  if (v === null) return absent;
  const to = changetype<PtrV>(v).to;
  return to === null ? 0 : changetype<IntV>(to).v;
}

/** The live elements of slice field `name` of `s` as structs (materialized in place); empty when nil or absent. */
export function structItems(s: StructV, name: string): Array<StructV> {
  const out = new Array<StructV>();
  const i = fieldIndex(s.t, name);
  if (i < 0) return out;
  const v = s.f[i];
  if (v === null) return out;
  const sl = changetype<SliceV>(v);
  const et = elem(sl.t);
  if (kind(et) != Kind.Struct) return out;
  for (let k = 0; k < sl.len; k++) {
    let e = sl.items[k];
    if (e === null) { e = newStruct(et); sl.items[k] = e; }
    out.push(changetype<StructV>(e));
  }
  return out;
}

/** Number of live elements of slice field `name` (0 when nil or absent). */
export function sliceLen(s: StructV, name: string): i32 {
  const i = fieldIndex(s.t, name);
  if (i < 0) return 0;
  const v = s.f[i];
  return v === null ? 0 : changetype<SliceV>(v).len;
}

/** Map field `name` of `s` with duplicate keys resolved (last wins) and entries in key order; null when nil or absent. */
export function mapField(s: StructV, name: string): MapV | null {
  const i = fieldIndex(s.t, name);
  if (i < 0) return null;
  const v = s.f[i];
  if (v === null) return null;
  const m = normalizeMap(changetype<MapV>(v));
  s.f[i] = m;
  return m;
}

/** A copy of `m` holding each key once (the value the last duplicate left), in ascending key order. */
export function normalizeMap(m: MapV): MapV {
  const idx = sortedEntries(m);
  const r = new MapV(m.t);
  for (let k = 0; k < idx.length; k++) {
    const j = idx[k];
    r.keyP.push(m.keyP[j]);
    r.keyN.push(m.keyN[j]);
    r.vals.push(m.vals[j]);
  }
  return r;
}

/** Index of key bytes [p, p+n) in normalized map `m`, or -1. */
export function mapFind(m: MapV, p: usize, n: i32): i32 {
  for (let k = 0; k < m.keyN.length; k++) {
    if (m.keyN[k] == n && memory.compare(m.keyP[k], p, <usize>n) == 0) return k;
  }
  return -1;
}

/** Index of ASCII key `key` in normalized map `m`, or -1. */
export function mapFindStr(m: MapV, key: string): i32 {
  const b = String.UTF8.encode(key);
  return mapFind(m, changetype<usize>(b), b.byteLength);
}

/** Sets map field `name` of `s` to `m` (no-op when absent). */
export function setMap(s: StructV, name: string, m: MapV | null): void {
  const i = fieldIndex(s.t, name);
  if (i < 0) return;
  s.f[i] = m;
}

/** The declared type of field `name` of `s`, or -1. */
export function typeOfField(s: StructV, name: string): i32 {
  const i = fieldIndex(s.t, name);
  return i < 0 ? -1 : fieldType(s.t, i);
}

/** True when every pointer-kind field of struct `s` is nil (k8s.io/utils AllPtrFieldsNil). */
export function allPtrFieldsNil(s: StructV): bool {
  const n = fieldCount(s.t);
  for (let i = 0; i < n; i++) {
    if (kind(fieldType(s.t, i)) == Kind.Pointer && s.f[i] !== null) return false;
  }
  return true;
}

/** Assigns `v` to field `name` of `s` (no-op when absent). */
export function setField(s: StructV, name: string, v: Val | null): void {
  const i = fieldIndex(s.t, name);
  if (i >= 0) s.f[i] = v;
}
