// The stored round trip without its second pass. The hash ops see an object as the kubelet or a
// controller does: decoded by the API server, stored as json.Marshal of that typed value (M), and
// decoded again from M. For most values decode(M) differs from the first decoded value only by
// encoding/json's own normalizations, which `storedForm` applies directly to the first value:
// fields the encoder omits (omitempty / omitzero) and fields it never writes (json:"-", unexported,
// hidden) become zero; Quantity becomes the parse of its MarshalJSON text; zero metav1.Time, empty
// RawExtension / FieldsV1 and nil metav1.Fields become nil; IntOrString keeps only its live member.
// Whatever it cannot prove equal (invalid UTF-8 in a string or map key, a non-zero time, raw JSON
// bytes, fields promoted through an embedded pointer, a Quantity whose text does not survive a
// re-parse, an unknown kind) makes it give up (null + `rt.gaveUp`), and the caller runs the
// exact decode → encode → decode path instead.
//
// Must equal: decode(json.Marshal(v)) as assembly/typed/encode.ts (Encoder) and assembly/typed/decode.ts (decodeAt)
// compute it - the `exact: ["storedform"]` path of the hash ops; it gives up instead of guessing on everything
// listed above. test/equivalence/storedform-vs-roundtrip.test.ts compares both paths.

import { ByteSink } from "../../io/sink";
import { hasError } from "../../base/errors";
import { decodeRune, runeLen } from "../../json/strings";
import { Kind, FieldFlag, kind, elem, key, fieldCount, fieldType, typeNameId } from "../../schema/schema";
import { writeQuantityJSON } from "../../quantity/canonical";
import { unmarshalQuantityJSON } from "../../quantity/unmarshal";
import { Quantity } from "../../quantity/quantity";
import { jsonFields } from "../../typed/fields";
import { specialOf, SP_NONE, SP_QUANTITY, SP_TIME, SP_INTORSTRING, SP_RAW, SP_FIELDS } from "../../typed/types";
import { Val, StrV, IntV, PtrV, SliceV, BytesV, MapV, StructV, QuantityV, TimeV, RawV, FieldsV } from "../../typed/value";
import { isEmptyValue, isZeroForOmit } from "../../typed/encode";
import { isZeroTime } from "../../typed/zero";
import { intOrStringFields } from "../../typed/intorstring";

/** One stored round trip: its options, the answer, and whether it gave up. */
export class RoundTrip {
  /** True when the answer could not be proved (the exact path must run); `value` is then null. */
  gaveUp: bool = false;
  /** decode(json.Marshal(v)); with `checkOnly`, `v` itself. */
  value: Val | null = null;
  depth: i32 = 0;
  /** `goMinor`: Go release (minor) of the encoder (24+ honours omitzero); `checkOnly`: only check, build nothing. */
  constructor(public goMinor: i32, public checkOnly: bool) {}
}

/**
 * The value the stored round trip decode(json.Marshal(v)) yields for `v` (type `ty`, Go `go`), in the answer's
 * `value`; `gaveUp` when not provable. With `checkOnly`, `v` itself (unchanged) once proved to survive it:
 * json.Marshal(v) is then the stored JSON, and json.Marshal of the value read back gives the same bytes.
 */
export function storedForm(ty: i32, v: Val | null, go: i32, checkOnly: bool = false): RoundTrip {
  const rt = new RoundTrip(go, checkOnly);
  const r = norm(rt, ty, v);
  if (!rt.gaveUp) rt.value = r;
  return rt;
}

/** Records that the fast path cannot answer; returns null. */
function giveUp(rt: RoundTrip): Val | null {
  rt.gaveUp = true;
  return null;
}

/** True when [p, p+n) is valid UTF-8 as Go's encoder sees it (else Marshal would write \ufffd). */
export function validUTF8(p: usize, n: i32): bool {
  let i = 0;
  while (i + 8 <= n) {
    if ((load<u64>(p + <usize>i) & 0x8080808080808080) != 0) break;
    i += 8;
  }
  while (i < n) {
    if (load<u8>(p + <usize>i) < 0x80) { i++; continue; }
    const r = decodeRune(p + <usize>i, n - i);
    if (r < 0) return false;
    i += runeLen(r);
  }
  return true;
}

/** True for the kinds whose zero value decodes back to zero (null) whatever the field's options. */
@inline export function nullStaysNull(k: i32): bool {
  return (k >= Kind.Bool && k <= Kind.Uint64) || k == Kind.Float64 || (k >= Kind.Interface && k <= Kind.String);
}

/** True for the hand-written JSON types whose zero value marshals as `null` (metav1.Time, RawExtension, FieldsV1). */
export function writesNullWhenZero(ty: i32): bool {
  if (kind(ty) != Kind.Struct) return false;
  const sp = specialOf(typeNameId(ty));
  return sp == SP_TIME || sp == SP_RAW || sp == SP_FIELDS;
}

/** decode(Marshal(v)) of `v` (type `ty`); null with gaveUp set when not provable. */
function norm(rt: RoundTrip, ty: i32, v: Val | null): Val | null {
  if (rt.gaveUp) return null;
  if (++rt.depth > 256) return giveUp(rt);
  const r = normInner(rt, ty, v);
  rt.depth--;
  return r;
}

function normInner(rt: RoundTrip, ty: i32, v: Val | null): Val | null {
  const k = kind(ty);
  // the hand-written JSON types are all structs
  if (k == Kind.Struct) {
    const sp = specialOf(typeNameId(ty));
    if (sp != SP_NONE) return special(rt, sp, ty, v);
  }
  switch (k) {
    case Kind.Pointer: {
      if (v === null) return null;
      const p = changetype<PtrV>(v);
      const et = elem(ty);
      const to = norm(rt, et, p.to);
      // a pointer to a zero Time (or empty raw JSON) is written as null and read back as a nil pointer, or fails to marshal
      if (to === null && writesNullWhenZero(et)) return giveUp(rt);
      if (!rt.checkOnly) p.to = to;
      return p;
    }
    case Kind.Struct: return struct(rt, ty, v);
    case Kind.Slice: {
      if (v === null) return null;
      if (v instanceof BytesV) return v;
      const s = changetype<SliceV>(v);
      const et = elem(ty);
      if (kind(et) == Kind.Uint8) return v; // base64 either way; spew prints the same bytes
      if (rt.checkOnly) for (let i = 0; i < s.len; i++) norm(rt, et, s.items[i]);
      else for (let i = 0; i < s.len; i++) s.items[i] = norm(rt, et, s.items[i]);
      return s;
    }
    case Kind.Map: {
      if (v === null) return null;
      if (kind(key(ty)) != Kind.String) return giveUp(rt);
      const m = changetype<MapV>(v);
      const et = elem(ty);
      for (let i = 0, n = m.vals.length; i < n; i++) {
        if (!validUTF8(m.keyP[i], m.keyN[i])) return giveUp(rt);
        const nv = norm(rt, et, m.vals[i]);
        if (!rt.checkOnly) m.vals[i] = nv;
      }
      return m;
    }
    case Kind.String: {
      if (v !== null && !validUTF8(changetype<StrV>(v).p, changetype<StrV>(v).n)) return giveUp(rt);
      return v;
    }
    case Kind.Bool:
    case Kind.Int: case Kind.Int8: case Kind.Int16: case Kind.Int32: case Kind.Int64:
    case Kind.Uint: case Kind.Uint8: case Kind.Uint16: case Kind.Uint32: case Kind.Uint64: case Kind.Uintptr:
    case Kind.Float64:
      return v;
    case Kind.Interface:
      return null;
  }
  return giveUp(rt);
}

/** A struct: every JSON field the encoder writes, normalized; everything else zero. */
function struct(rt: RoundTrip, ty: i32, v: Val | null): Val | null {
  if (v !== null && !rt.checkOnly) {
    const r = structInPlace(rt, ty, changetype<StructV>(v));
    if (r !== null || rt.gaveUp) return r;
  }
  return structFresh(rt, ty, v);
}

/**
 * A struct whose JSON fields are all its own (no promoted fields), normalized in its own slots: omitted
 * and non-JSON fields set to zero. Null (and nothing decided) when a promoted field shows up: the caller
 * then builds a fresh struct from the (partly normalized: `norm` is idempotent) value.
 */
function structInPlace(rt: RoundTrip, ty: i32, s: StructV): StructV | null {
  const fields = jsonFields(ty).list;
  const go24 = rt.goMinor >= 24;
  const c = fields.length;
  for (let i = 0; i < c; i++) {
    const f = unchecked(fields[i]);
    const path = f.path;
    if (path.length != 1) return null;
    const idx = unchecked(path[0]);
    const fv = unchecked(s.f[idx]);
    if (fv === null && nullStaysNull(kind(f.t))) continue;
    if (((f.flags & FieldFlag.OmitEmpty) != 0 && isEmptyValue(f.t, fv)) ||
      ((f.flags & FieldFlag.OmitZero) != 0 && go24 && isZeroForOmit(f.t, fv))) {
      if (fv !== null) unchecked(s.f[idx] = null);
      continue;
    }
    const nv = norm(rt, f.t, fv);
    if (rt.gaveUp) return null;
    unchecked(s.f[idx] = nv);
  }
  const n = fieldCount(ty);
  if (c != n) {
    // Go fields without a JSON field (unexported, json:"-", hidden) stay zero when decoded
    const covered = new StaticArray<bool>(n);
    for (let i = 0; i < c; i++) covered[unchecked(fields[i]).path[0]] = true;
    for (let i = 0; i < n; i++) if (!covered[i]) s.f[i] = null;
  }
  return s;
}

/** A struct rebuilt as the decoder builds it: every JSON field the encoder writes, normalized; everything else zero. */
function structFresh(rt: RoundTrip, ty: i32, v: Val | null): Val | null {
  const s: StructV | null = v === null ? null : changetype<StructV>(v);
  const fields = jsonFields(ty).list;
  let out: StructV | null = null;
  const go24 = rt.goMinor >= 24;
  for (let i = 0, c = fields.length; i < c; i++) {
    const f = unchecked(fields[i]);
    const path = f.path;
    const last = path.length - 1;
    const ft = f.t;
    const flags = f.flags;
    if (last == 0) {
      // a field of the struct itself (the common case)
      const idx = unchecked(path[0]);
      const fv: Val | null = s === null ? null : unchecked(s.f[idx]);
      if (fv === null && nullStaysNull(kind(ft))) continue;
      if ((flags & FieldFlag.OmitEmpty) != 0 && isEmptyValue(ft, fv)) continue;
      if ((flags & FieldFlag.OmitZero) != 0 && go24 && isZeroForOmit(ft, fv)) continue;
      const nv = norm(rt, ft, fv);
      if (rt.gaveUp) return null;
      if (nv === null || rt.checkOnly) continue;
      if (out === null) out = new StructV(ty, fieldCount(ty));
      unchecked(out.f[idx] = nv);
      continue;
    }
    // the value at the end of the path (embedded structs inline; an embedded pointer: give up)
    let cur: StructV | null = s;
    let ct = ty;
    for (let j = 0; j < last; j++) {
      const et = fieldType(ct, path[j]);
      if (kind(et) != Kind.Struct) return giveUp(rt);
      const slot: Val | null = cur === null ? null : cur.f[path[j]];
      cur = slot === null ? null : changetype<StructV>(slot);
      ct = et;
    }
    const fv: Val | null = cur === null ? null : cur.f[path[last]];
    if ((flags & FieldFlag.OmitEmpty) != 0 && isEmptyValue(ft, fv)) continue;
    if ((flags & FieldFlag.OmitZero) != 0 && go24 && isZeroForOmit(ft, fv)) continue;
    const nv = norm(rt, ft, fv);
    if (rt.gaveUp) return null;
    if (nv === null || rt.checkOnly) continue;
    // store into a fresh struct (allocating embedded structs on the way), as the decoder does
    if (out === null) out = new StructV(ty, fieldCount(ty));
    let dst = out;
    let dt = ty;
    for (let j = 0; j < last; j++) {
      const idx = path[j];
      const et = fieldType(dt, idx);
      let inner = dst.f[idx];
      if (inner === null) { inner = new StructV(et, fieldCount(et)); dst.f[idx] = inner; }
      dst = changetype<StructV>(inner);
      dt = et;
    }
    dst.f[path[last]] = nv;
  }
  return rt.checkOnly ? v : out;
}

/** The hand-written JSON types. */
function special(rt: RoundTrip, sp: i32, ty: i32, v: Val | null): Val | null {
  if (sp == SP_QUANTITY) {
    // MarshalJSON, then UnmarshalJSON of that text; its own MarshalJSON must give the same text
    const q = v === null ? new Quantity() : changetype<QuantityV>(v).q;
    const a = new ByteSink(32);
    writeQuantityJSON(a, q);
    if (hasError()) return giveUp(rt);
    const q2 = unmarshalQuantityJSON(a.ptr, a.len);
    if (q2 === null || hasError()) return giveUp(rt);
    const b = new ByteSink(32);
    writeQuantityJSON(b, q2);
    if (hasError() || a.len != b.len || memory.compare(a.ptr, b.ptr, <usize>a.len) != 0) return giveUp(rt);
    return rt.checkOnly ? v : new QuantityV(ty, q2);
  }
  if (sp == SP_TIME) {
    if (v === null || isZeroTime(changetype<TimeV>(v))) return null;
    return giveUp(rt);
  }
  if (sp == SP_INTORSTRING) {
    const fi = intOrStringFields(ty);
    const s: StructV | null = v === null ? null : changetype<StructV>(v);
    const tv: Val | null = s === null ? null : s.f[fi.type];
    const typ = tv === null ? 0 : changetype<IntV>(tv).v;
    if (rt.checkOnly) {
      if (typ == 0) return v;
      if (typ != 1) return giveUp(rt);
      const sv: Val | null = s === null ? null : s.f[fi.strVal];
      if (sv !== null && !validUTF8(changetype<StrV>(sv).p, changetype<StrV>(sv).n)) return giveUp(rt);
      return v;
    }
    const o = new StructV(ty, fieldCount(ty));
    const t2 = new IntV(fieldType(ty, fi.type));
    t2.v = typ;
    o.f[fi.type] = t2;
    if (typ == 0) {
      o.f[fi.intVal] = s === null ? null : s.f[fi.intVal];
      return o;
    }
    if (typ == 1) {
      const sv: Val | null = s === null ? null : s.f[fi.strVal];
      if (sv !== null && !validUTF8(changetype<StrV>(sv).p, changetype<StrV>(sv).n)) return giveUp(rt);
      o.f[fi.strVal] = sv;
      return o;
    }
    return giveUp(rt);
  }
  if (sp == SP_RAW) {
    const r: RawV | null = v === null ? null : changetype<RawV>(v);
    if (r === null || r.isNil || r.n == 0) return null;
    return giveUp(rt);
  }
  if (sp == SP_FIELDS) {
    const f: FieldsV | null = v === null ? null : changetype<FieldsV>(v);
    if (f === null || f.node < 0) return null;
    return giveUp(rt);
  }
  return giveUp(rt);
}
