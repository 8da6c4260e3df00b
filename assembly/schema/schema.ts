// Reader over the generated schema tables (assembly/schema/generated/tables.ts; layout documented in
// tools/schemagen/encode.ts). A type handle is `minorIndex << 16 | recordRef`: it carries the Kubernetes minor
// so that field, element and key types resolve by name at that minor. -1 means "no such type".
// A string ref is `offset | length << 16` into the (ASCII) string pool: read it with strPtr/strLen/strOf.
// The OpenKruise releases before the newest have minor indexes of their own after the Kubernetes minors (their
// "slots": kruiseTypeId), where their own types and the k8s.io/api patch they pin resolve.
// Everything here reads static data segments: no allocation except the `string` convenience getters.

import { FIELDS, KRUISE_SLOT_COUNT, KRUISE_SLOTS, MINOR_COUNT, MINORS, NAME_COUNT, NAMES, PKGS, RECORDS, RUNS, STRINGS } from "./generated/tables";

/** Go reflect.Kind values. */
export enum Kind {
  Invalid = 0, Bool = 1, Int = 2, Int8 = 3, Int16 = 4, Int32 = 5, Int64 = 6, Uint = 7, Uint8 = 8, Uint16 = 9,
  Uint32 = 10, Uint64 = 11, Uintptr = 12, Float32 = 13, Float64 = 14, Complex64 = 15, Complex128 = 16, Array = 17,
  Chan = 18, Func = 19, Interface = 20, Map = 21, Pointer = 22, Slice = 23, String = 24, Struct = 25, UnsafePointer = 26,
}

/** Method-set bits: which interfaces a type implements, with a value receiver or only through a pointer. */
export enum Method {
  MarshalJSON = 1 << 0, MarshalJSONPtr = 1 << 1,
  UnmarshalJSON = 1 << 2, UnmarshalJSONPtr = 1 << 3,
  MarshalText = 1 << 4, MarshalTextPtr = 1 << 5,
  UnmarshalText = 1 << 6, UnmarshalTextPtr = 1 << 7,
  IsZero = 1 << 8, IsZeroPtr = 1 << 9,
  Stringer = 1 << 10, StringerPtr = 1 << 11,
  Error = 1 << 12, ErrorPtr = 1 << 13,
}

/** Field flag bits (json options matched exactly and case-sensitively, as encoding/json does). */
export enum FieldFlag {
  Exported = 1 << 0, // the Go field is exported
  Anonymous = 1 << 1, // embedded field
  Tagged = 1 << 2, // the JSON name comes from a valid json tag name
  Skip = 1 << 3, // json:"-"
  OmitEmpty = 1 << 4,
  OmitZero = 1 << 5,
  String = 1 << 6, // ",string" option
  Inline = 1 << 7, // ",inline" option (no effect in encoding/json)
}

const NONE: i32 = -1;
const ABSENT: u32 = 0xffff;
const FIELD_SIZE: usize = 15; // goName ref (3), json ref (3), flags u8, type name id u16, patchStrategy ref (3), patchMergeKey ref (3)
const NAME_SIZE: usize = 5; // name ref (3), first run u16
const HEAD: usize = 6; // kind u8, methods u16, name id u16, package index u8

@inline function ref3(p: usize): i32 {
  return <i32>load<u16>(p) | (<i32>load<u8>(p + 2) << 16);
}

// ---- minors ----

/** Number of supported Kubernetes minors. */
export function minorCount(): i32 {
  return MINOR_COUNT;
}

/** The Kubernetes minor (e.g. 26 for "1.26") at index `i` (ascending), or -1. */
export function minorAt(i: i32): i32 {
  return i >= 0 && i < MINOR_COUNT ? <i32>load<u8>(MINORS + <usize>i) : NONE;
}

/** Index of Kubernetes minor `minor` (e.g. 26 for "1.26") in the tables, or -1 if unsupported. */
export function minorIndex(minor: i32): i32 {
  for (let i = 0; i < MINOR_COUNT; i++) if (<i32>load<u8>(MINORS + <usize>i) == minor) return i;
  return NONE;
}

/** The newest supported Kubernetes minor. */
export function newestMinor(): i32 {
  return <i32>load<u8>(MINORS + <usize>(MINOR_COUNT - 1));
}

/** The Kubernetes minor a handle belongs to (an OpenKruise release slot's: the minor that release pins). */
export function minorOf(t: i32): i32 {
  const mi = t >>> 16;
  if (mi >= MINOR_COUNT && mi < MINOR_COUNT + KRUISE_SLOT_COUNT) return <i32>load<u8>(KRUISE_SLOTS + <usize>((mi - MINOR_COUNT) * 2 + 1));
  return minorAt(mi);
}

/** The minor index of OpenKruise minor `kruise`'s own tables (a release slot), or -1 when it has none (the newest
 *  release's types are those of every Kubernetes minor). */
export function kruiseSlotIndex(kruise: i32): i32 {
  for (let i = 0; i < KRUISE_SLOT_COUNT; i++) if (<i32>load<u8>(KRUISE_SLOTS + <usize>(i * 2)) == kruise) return MINOR_COUNT + i;
  return NONE;
}

/** Handle of the type named `name` as OpenKruise minor `kruise`'s controllers see it (its own types at the Kubernetes
 *  minor it pins), or -1 when that release has no slot or no such type. */
export function kruiseTypeId(kruise: i32, name: string): i32 {
  return resolve(kruiseSlotIndex(kruise), nameId(name));
}

// ---- strings ----

/** Pointer to the UTF-8 bytes of string ref `s`. */
export function strPtr(s: i32): usize {
  return STRINGS + <usize>(s & 0xffff);
}

/** Byte length of string ref `s`. */
export function strLen(s: i32): i32 {
  return s >>> 16;
}

/** String ref `s` as a string (allocates). */
export function strOf(s: i32): string {
  return String.UTF8.decodeUnsafe(strPtr(s), <usize>strLen(s));
}

// ---- names ----

/** Number of distinct type names over all minors. */
export function nameCount(): i32 {
  return NAME_COUNT;
}

/** String ref of name id `n`. */
export function nameRef(n: i32): i32 {
  return ref3(NAMES + <usize>n * NAME_SIZE);
}

function cmpBytes(p: usize, len: i32, s: i32): i32 {
  const q = strPtr(s);
  const ql = strLen(s);
  const n = len < ql ? len : ql;
  for (let i = 0; i < n; i++) {
    const a = <i32>load<u8>(p + <usize>i), b = <i32>load<u8>(q + <usize>i);
    if (a != b) return a - b;
  }
  return len - ql;
}

function cmpString(name: string, s: i32): i32 {
  const q = strPtr(s);
  const ql = strLen(s);
  const len = name.length;
  const n = len < ql ? len : ql;
  for (let i = 0; i < n; i++) {
    const a = <i32>name.charCodeAt(i), b = <i32>load<u8>(q + <usize>i);
    if (a != b) return a - b;
  }
  return len - ql;
}

/** Name id of the UTF-8 type name at `ptr`/`len` (as go-spew prints it), or -1. */
export function nameIdUTF8(ptr: usize, len: i32): i32 {
  let lo = 0, hi = NAME_COUNT - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = cmpBytes(ptr, len, nameRef(mid));
    if (c == 0) return mid;
    if (c < 0) hi = mid - 1; else lo = mid + 1;
  }
  return NONE;
}

/** Name id of type name `name` (as go-spew prints it), or -1. */
export function nameId(name: string): i32 {
  let lo = 0, hi = NAME_COUNT - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = cmpString(name, nameRef(mid));
    if (c == 0) return mid;
    if (c < 0) hi = mid - 1; else lo = mid + 1;
  }
  return NONE;
}

/** Handle of name id `n` at minor index `mi`, or -1 if the type does not exist there. */
export function resolve(mi: i32, n: i32): i32 {
  if (n < 0 || mi < 0 || mi >= MINOR_COUNT + KRUISE_SLOT_COUNT) return NONE;
  const e = NAMES + <usize>n * NAME_SIZE;
  let r = <usize>load<u16>(e + 3);
  const end = <usize>load<u16>(e + NAME_SIZE + 3);
  let rec: u32 = ABSENT;
  while (r < end) {
    const p = RUNS + r * 3;
    if (<i32>load<u8>(p) > mi) break;
    rec = <u32>load<u16>(p + 1);
    r++;
  }
  return rec == ABSENT ? NONE : (mi << 16) | <i32>rec;
}

/** Handle of the type named `name` (go-spew spelling, e.g. "v1.Container", "[]v1.Container") at Kubernetes
 *  minor `minor` (e.g. 26), or -1. */
export function typeId(minor: i32, name: string): i32 {
  return resolve(minorIndex(minor), nameId(name));
}

/** Like `typeId`, with the name given as UTF-8 bytes. */
export function typeIdUTF8(minor: i32, ptr: usize, len: i32): i32 {
  return resolve(minorIndex(minor), nameIdUTF8(ptr, len));
}

// ---- type records ----

@inline function rec(t: i32): usize {
  return RECORDS + <usize>(t & 0xffff);
}

/** Go kind of the type (see `Kind`). */
export function kind(t: i32): i32 {
  return <i32>load<u8>(rec(t));
}

/** Method-set bits of the type (see `Method`). */
export function methods(t: i32): i32 {
  return <i32>load<u16>(rec(t) + 1);
}

/** Name id of the type. */
export function typeNameId(t: i32): i32 {
  return <i32>load<u16>(rec(t) + 3);
}

/** String ref of the type name as reflect.Type.String() / go-spew print it ("v1.Container", "*int64"). */
export function spewNameRef(t: i32): i32 {
  return nameRef(typeNameId(t));
}

/** The type name as go-spew prints it (allocates). */
export function spewName(t: i32): string {
  return strOf(spewNameRef(t));
}

/** String ref of the Go package path ("" for unnamed and predeclared types). */
export function pkgPathRef(t: i32): i32 {
  return ref3(PKGS + <usize>load<u8>(rec(t) + 5) * 3);
}

/** The Go package path (allocates). */
export function pkgPath(t: i32): string {
  return strOf(pkgPathRef(t));
}

/** Element type of a pointer, slice, array, chan or map, or -1. */
export function elem(t: i32): i32 {
  const k = kind(t);
  if (k == Kind.Pointer || k == Kind.Slice || k == Kind.Array || k == Kind.Chan) {
    return resolve(t >>> 16, <i32>load<u16>(rec(t) + HEAD));
  }
  if (k == Kind.Map) return resolve(t >>> 16, <i32>load<u16>(rec(t) + HEAD + 2));
  return NONE;
}

/** Key type of a map, or -1. */
export function key(t: i32): i32 {
  return kind(t) == Kind.Map ? resolve(t >>> 16, <i32>load<u16>(rec(t) + HEAD)) : NONE;
}

/** Length of an array type, or -1. */
export function arrayLen(t: i32): i32 {
  return kind(t) == Kind.Array ? <i32>load<u32>(rec(t) + HEAD + 2) : NONE;
}

// ---- struct fields (declaration order, unexported ones included) ----

/** Number of fields of a struct type (0 for other kinds). */
export function fieldCount(t: i32): i32 {
  return kind(t) == Kind.Struct ? <i32>load<u8>(rec(t) + HEAD) : 0;
}

@inline function fieldPtr(t: i32, i: i32): usize {
  const id = <usize>load<u16>(rec(t) + HEAD + 1 + (<usize>i << 1));
  return FIELDS + id * FIELD_SIZE;
}

/** String ref of the Go name of field `i`. */
export function fieldNameRef(t: i32, i: i32): i32 {
  return ref3(fieldPtr(t, i));
}

/** Go name of field `i` (allocates). */
export function fieldName(t: i32, i: i32): string {
  return strOf(fieldNameRef(t, i));
}

/** String ref of the effective JSON name of field `i` (the tag name if valid, else the Go name). */
export function fieldJSONRef(t: i32, i: i32): i32 {
  return ref3(fieldPtr(t, i) + 3);
}

/** Effective JSON name of field `i` (allocates). */
export function fieldJSONName(t: i32, i: i32): string {
  return strOf(fieldJSONRef(t, i));
}

/** Flag bits of field `i` (see `FieldFlag`). */
export function fieldFlags(t: i32, i: i32): i32 {
  return <i32>load<u8>(fieldPtr(t, i) + 6);
}

/** Type handle of field `i`, resolved at the handle's minor. */
export function fieldType(t: i32, i: i32): i32 {
  return resolve(t >>> 16, <i32>load<u16>(fieldPtr(t, i) + 7));
}

// A process-wide direct-mapped memo of fieldIndex answers: (type, name string address) → (type + 1, name address,
// index). Names are mostly literals (static addresses). A found index is confirmed by comparing the field's name, so a
// stale slot only misses; a "no such field" answer is kept for literal names only (an address below __heap_base
// always holds the same string).
const FI_SLOTS: i32 = 2048; // power of two
const FI_TABLE: usize = memory.data(FI_SLOTS * 12, 8);

/** Index of the field whose Go name is `name`, or -1: fieldIndexScan's answer, memoized. */
export function fieldIndex(t: i32, name: string): i32 {
  const a = changetype<usize>(name);
  const h = (<u32>t * 0x9e3779b1 ^ <u32>a * 0x85ebca6b) >> 21;
  const e = FI_TABLE + <usize>(h & <u32>(FI_SLOTS - 1)) * 12;
  if (load<i32>(e) == t + 1 && load<u32>(e, 4) == <u32>a) {
    const i = load<i32>(e, 8);
    if (i < 0) return NONE; // only literal names are stored with a miss
    const r = fieldNameRef(t, i);
    if (strLen(r) == name.length && cmpString(name, r) == 0) return i;
  }
  const i = fieldIndexScan(t, name);
  if (i >= 0 || a < __heap_base) {
    store<i32>(e, t + 1);
    store<u32>(e, <u32>a, 4);
    store<i32>(e, i, 8);
  }
  return i;
}

/** Index of the field whose Go name is `name`, or -1, by a scan of the struct's fields. */
export function fieldIndexScan(t: i32, name: string): i32 {
  const n = fieldCount(t);
  const len = name.length;
  for (let i = 0; i < n; i++) {
    const r = fieldNameRef(t, i);
    if (strLen(r) == len && cmpString(name, r) == 0) return i;
  }
  return NONE;
}

/** String ref of the `patchStrategy` struct tag of field `i` (empty when absent), e.g. "merge" or "merge,retainKeys". */
export function fieldPatchStrategyRef(t: i32, i: i32): i32 {
  return ref3(fieldPtr(t, i) + 9);
}

/** The `patchStrategy` struct tag of field `i` ("" when absent; allocates). */
export function fieldPatchStrategy(t: i32, i: i32): string {
  return strOf(fieldPatchStrategyRef(t, i));
}

/** String ref of the `patchMergeKey` struct tag of field `i` (empty when absent), e.g. "name". */
export function fieldPatchMergeKeyRef(t: i32, i: i32): i32 {
  return ref3(fieldPtr(t, i) + 12);
}

/** The `patchMergeKey` struct tag of field `i` ("" when absent; allocates). */
export function fieldPatchMergeKey(t: i32, i: i32): string {
  return strOf(fieldPatchMergeKeyRef(t, i));
}
