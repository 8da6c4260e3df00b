// FNV-32a of go-spew `%#v` of a typed value without writing the spew text: values (strings, numbers,
// map keys, Quantity internals) are hashed byte by byte, and every piece of text that depends only on
// the schema — `(T)` type names, `(*T)` pointer heads, ` Field:` headers, and the whole text of a
// field holding the zero value (`(*v1.Probe)<nil>`, a zero struct's body) — is hashed in one table
// step (assembly/hash/fnvtable.ts: FNV_s(h) = T_s[h & 0xff] + (h & ~0xff) * p^len(s)). The text of
// each piece comes from the text spewer (assembly/upstream/gospew/spew.ts) itself, so both agree by construction.
//
// Covers the values the stored round trip leaves (assembly/fast/storedform/roundtrip.ts): no non-zero time (whose
// Local location spew tracks by address), RawExtension / FieldsV1 bytes or metav1.Fields trees. On
// anything else `spewFnv` answers -1 and the caller runs the text spewer.
//
// Must equal: FNV-1a 32 (assembly/hash/fnv.ts) of the text assembly/upstream/gospew/spew.ts writes for the same
// value (go-spew `%#v` under the kubelet's ConfigState). Gives up (-1, "cannot prove") on any kind or value
// above it does not cover and on any piece whose text the spewer fails on; test/equivalence/spewfnv-vs-spewtext.test.ts.

import { ByteSink } from "../../io/sink";
import { FNV32_OFFSET, FNV32_PRIME, fnv1a_32 } from "../../hash/fnv";
import { fnv1aSpewByteList, constTable, constStep, constRoom, CONST_NONE } from "../../hash/fnvtable";
import { hasError, clearError } from "../../base/errors";
import { writeGoFormatG } from "../../json/number";
import { Kind, kind, elem, key, fieldCount, fieldType, fieldNameRef, strPtr, strLen, spewNameRef, typeNameId } from "../../schema/schema";
import { writeQuantityInternals } from "../../quantity/internals";
import { formatNameOf } from "../../quantity/quantity";
import { specialOf, SP_NONE, SP_QUANTITY, SP_TIME, SP_RAW, SP_FIELDS } from "../../typed/types";
import { Val, StrV, IntV, FloatV, PtrV, SliceV, BytesV, MapV, StructV, QuantityV, sortedEntries } from "../../typed/value";
import { Spewer } from "../../upstream/gospew/spew";

// piece kinds (the table key's top bits)
export const P_TYPE: u32 = 0; // "(T)"
export const P_PTR: u32 = 1; // "(*E)" of pointer type T
export const P_ZERO: u32 = 2; // spew of the zero value of T, type name included
export const P_ZERO_BARE: u32 = 3; // spew of the zero value of T after `<*>` / inside a slice or map (no type name)
export const P_FIELD: u32 = 4; // [" "] + "Field:" of field i of struct T
export const P_FIELD_ZERO: u32 = 5; // P_FIELD + P_ZERO of the field's type
export const P_FIELD_HEAD: u32 = 7; // P_FIELD + the head of a non-zero value of the field's type: "(T)" or, for a pointer, "(*E)"
const P_LIT: u32 = 6; // a literal of a Quantity's internals (field index = which; see litText)

/** The constant text between a Quantity's values in its spew body (writeQuantityInternals with a nil Dec). */
function litText(i: i32, out: ByteSink): void {
  if (i == 0) out.ascii("{i:(resource.int64Amount){value:(int64)");
  else if (i == 1) out.ascii(" scale:(resource.Scale)");
  else if (i == 2) out.ascii("} d:(resource.infDecAmount){Dec:(*inf.Dec)<nil>} s:(string)");
  else { out.ascii(" Format:(resource.Format)"); out.ascii(formatNameOf(i - 3)); out.byte(0x7d); }
}

/** The text of piece (`p`, type `ty`, field `i`) into `out`; false when the text spewer fails on it. */
function pieceText(p: u32, ty: i32, i: i32, out: ByteSink, run: i32 = 1): bool {
  if (p == P_LIT) { litText(i, out); return true; }
  if (p == P_FIELD_ZERO && run > 1) {
    for (let k = 0; k < run; k++) if (!pieceText(P_FIELD_ZERO, ty, i + k, out)) return false;
    return true;
  }
  if (p == P_TYPE || p == P_PTR) {
    const r = spewNameRef(p == P_PTR ? elem(ty) : ty);
    out.ascii(p == P_PTR ? "(*" : "(");
    out.bytes(strPtr(r), strLen(r));
    out.byte(0x29);
    return true;
  }
  if (p == P_FIELD || p == P_FIELD_ZERO || p == P_FIELD_HEAD) {
    if (i > 0) out.byte(0x20);
    const r = fieldNameRef(ty, i);
    out.bytes(strPtr(r), strLen(r));
    out.byte(0x3a);
    if (p == P_FIELD) return true;
    ty = fieldType(ty, i);
    if (p == P_FIELD_HEAD) return pieceText(kind(ty) == Kind.Pointer ? P_PTR : P_TYPE, ty, 0, out);
  }
  const s = new Spewer(out);
  s.ignoreNextType = p == P_ZERO_BARE;
  if (!s.format(ty, null) || hasError()) { clearError(); return false; }
  return true;
}

/** One spew hash walk: its nesting and whether it gave up (the text spewer then answers). */
export class SpewRun {
  failed: bool = false;
  depth: i32 = 0;
}

/**
 * The constant-table key of piece (`p`, type `ty`, field `i`, `run` zero fields). Type names, pointer heads and
 * field headers depend only on the type's record (a pointer's kind is in its name), so their key drops the minor
 * and minors that share a record share the table; zero values spell out nested types, which differ by minor.
 */
@inline export function pieceKey(p: u32, ty: i32, i: i32, run: i32 = 1): u64 {
  const t = p == P_TYPE || p == P_PTR || p == P_FIELD || p == P_FIELD_HEAD ? <u32>ty & 0xffff : <u32>ty & 0x1fffff;
  return (<u64>run << 32) | <u64>((p << 29) | (t << 8) | <u32>i);
}

/** One constant piece (`run` > 1: that many consecutive P_FIELD_ZERO fields from `i`): its table when it has (or gets) one, else its text hashed directly. */
export function piece(r: SpewRun, h: u32, p: u32, ty: i32, i: i32, run: i32 = 1): u32 {
  const key = pieceKey(p, ty, i, run);
  let t = constTable(key);
  if (t == 0) {
    if (run > 1 && !constRoom(75)) {
      // keep the rest of the pool for single pieces, which repeat across objects
      for (let k = 0; k < run; k++) h = piece(r, h, P_FIELD_ZERO, ty, i + k);
      return h;
    }
    const text = new ByteSink(256);
    if (!pieceText(p, ty, i, text, run)) { r.failed = true; return h; }
    t = constTable(key, text.ptr, text.len);
    if (t == CONST_NONE) return fnv1a_32(text.ptr, <usize>text.len, h);
  } else if (t == CONST_NONE) {
    if (run > 1) {
      for (let k = 0; k < run; k++) h = piece(r, h, P_FIELD_ZERO, ty, i + k);
      return h;
    }
    const text = new ByteSink(256);
    if (!pieceText(p, ty, i, text)) { r.failed = true; return h; }
    return fnv1a_32(text.ptr, <usize>text.len, h);
  }
  return constStep(t, h);
}

/** One FNV-1a step over byte `b`. */
@inline export function step(h: u32, b: u32): u32 {
  return (h ^ b) * FNV32_PRIME;
}

/** FNV-1a of the ASCII literal `s`. */
export function lit(h: u32, s: string): u32 {
  for (let i = 0, n = s.length; i < n; i++) h = step(h, <u32>s.charCodeAt(i));
  return h;
}

/** FNV-1a of the decimal text of `v` (unsigned bit pattern when `unsigned`). */
export function decimal(h: u32, v: i64, unsigned: bool): u32 {
  let u: u64;
  if (!unsigned && v < 0) { h = step(h, 0x2d); u = <u64>(-v); } else u = <u64>v;
  const buf = memory.data(24); // scratch: rewritten before every use
  let n = 0;
  do { store<u8>(buf + <usize>(23 - n), <u8>(0x30 + <i32>(u % 10))); u /= 10; n++; } while (u != 0);
  for (let k = 24 - n; k < 24; k++) h = step(h, <u32>load<u8>(buf + <usize>k));
  return h;
}

/** FNV-32a of the spew text of value `v` of type `ty`, or -1 when this path does not cover the value. */
export function spewFnv(ty: i32, v: Val | null): i64 {
  const r = new SpewRun();
  const h = fmt(r, FNV32_OFFSET, ty, v, false);
  if (r.failed || hasError()) return -1;
  return <i64>h;
}

/** spew's format(v) with `ignore` = ignoreNextType. */
export function fmt(r: SpewRun, h: u32, ty: i32, v: Val | null, ignore: bool): u32 {
  if (r.failed) return h;
  if (++r.depth > 256) { r.failed = true; return h; }
  h = fmtInner(r, h, ty, v, ignore);
  r.depth--;
  return h;
}

function fmtInner(r: SpewRun, h: u32, ty: i32, v: Val | null, ignore: bool): u32 {
  const k = kind(ty);
  if (v === null) {
    if (k == Kind.Pointer && ignore) return lit(h, "<nil>");
    return piece(r, h, ignore ? P_ZERO_BARE : P_ZERO, ty, 0);
  }
  if (k == Kind.Pointer) {
    h = ignore ? lit(h, "<*>") : piece(r, h, P_PTR, ty, 0);
    return fmt(r, h, elem(ty), changetype<PtrV>(v).to, true);
  }
  if (!ignore) h = piece(r, h, P_TYPE, ty, 0);
  return body(r, h, ty, v, k);
}

/** The text after the type name of non-nil, non-pointer value `v` of type `ty` (kind `k`). */
export function body(r: SpewRun, h: u32, ty: i32, v: Val, k: i32): u32 {
  const sp = k == Kind.Struct ? specialOf(typeNameId(ty)) : SP_NONE;
  if (sp == SP_TIME || sp == SP_RAW || sp == SP_FIELDS) { r.failed = true; return h; }
  if (sp == SP_QUANTITY) {
    const q = changetype<QuantityV>(v).q;
    if (q.dec === null && q.format >= 0 && q.format <= 3) {
      h = decimal(piece(r, h, P_LIT, 0, 0), q.value, false);
      h = decimal(piece(r, h, P_LIT, 0, 1), <i64>q.scale, false);
      h = fnv1a_32(q.sPtr, <usize>q.sLen, piece(r, h, P_LIT, 0, 2));
      return piece(r, h, P_LIT, 0, 3 + q.format);
    }
    const out = new ByteSink(160);
    if (!writeQuantityInternals(out, q)) { r.failed = true; return h; }
    return fnv1a_32(out.ptr, <usize>out.len, h);
  }
  switch (k) {
    case Kind.Bool:
      return lit(h, changetype<IntV>(v).v != 0 ? "true" : "false");
    case Kind.Int: case Kind.Int8: case Kind.Int16: case Kind.Int32: case Kind.Int64:
      return decimal(h, changetype<IntV>(v).v, false);
    case Kind.Uint: case Kind.Uint8: case Kind.Uint16: case Kind.Uint32: case Kind.Uint64:
      return decimal(h, changetype<IntV>(v).v, true);
    case Kind.Float32: case Kind.Float64: {
      const out = new ByteSink(32);
      writeGoFormatG(out, changetype<FloatV>(v).v, k == Kind.Float32 ? 32 : 64);
      return fnv1a_32(out.ptr, <usize>out.len, h);
    }
    case Kind.String:
      return fnv1a_32(changetype<StrV>(v).p, <usize>changetype<StrV>(v).n, h);
    case Kind.Slice: {
      if (v instanceof BytesV) return fnv1aSpewByteList(h, changetype<BytesV>(v).p, changetype<BytesV>(v).n);
      const s = changetype<SliceV>(v);
      const et = elem(ty);
      h = step(h, 0x5b);
      for (let i = 0; i < s.len; i++) {
        if (i > 0) h = step(h, 0x20);
        h = fmt(r, h, et, s.items[i], true);
      }
      return step(h, 0x5d);
    }
    case Kind.Map: {
      if (kind(key(ty)) != Kind.String) { r.failed = true; return h; }
      const m = changetype<MapV>(v);
      const idx = sortedEntries(m);
      const et = elem(ty);
      h = lit(h, "map[");
      for (let i = 0; i < idx.length; i++) {
        const j = idx[i];
        if (i > 0) h = step(h, 0x20);
        h = fnv1a_32(m.keyP[j], <usize>m.keyN[j], h);
        h = step(h, 0x3a);
        h = fmt(r, h, et, m.vals[j], true);
      }
      return step(h, 0x5d);
    }
    case Kind.Struct: {
      const s = changetype<StructV>(v);
      const n = fieldCount(ty);
      h = step(h, 0x7b);
      let i = 0;
      while (i < n) {
        const f = unchecked(s.f[i]);
        if (f === null) {
          // a run of zero fields: one table step
          let j = i + 1;
          while (j < n && unchecked(s.f[j]) === null) j++;
          h = piece(r, h, P_FIELD_ZERO, ty, i, j - i);
          i = j;
        } else {
          // header and the value's "(T)" / "(*E)" head in one step
          h = piece(r, h, P_FIELD_HEAD, ty, i);
          const ft = fieldType(ty, i);
          const fk = kind(ft);
          if (fk == Kind.Pointer) h = fmt(r, h, elem(ft), changetype<PtrV>(f).to, true);
          else if (++r.depth > 256) r.failed = true;
          else { h = body(r, h, ft, f, fk); r.depth--; }
          i++;
        }
      }
      return step(h, 0x7d);
    }
    case Kind.Interface:
      return lit(h, "<nil>");
  }
  r.failed = true;
  return h;
}
