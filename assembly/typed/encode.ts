// json.Marshal of a typed value, as Go's encoding/json writes it for the Go release given:
// struct fields in index order with embedded structs inlined, `omitempty` (false, 0, "", nil, and
// empty slices and maps; structs are never empty), `omitzero` from Go 1.24 (IsZero methods, e.g.
// metav1.Time's, else the reflect zero value), nil slices and maps as null, map keys sorted
// bytewise, HTML-safe string escapes (`\b` `\f` short from Go 1.22), and the hand-written
// MarshalJSON of Quantity (its cached string or canonical form), metav1.Time (RFC 3339 in UTC, null
// when zero), IntOrString, RawExtension / FieldsV1 (raw JSON compacted) and metav1.Fields.
// Recursion follows the schema's type nesting only.

import { ByteSink } from "../io/sink";
import { writeGoString } from "../json/strings";
import { writeGoFloat64 } from "../json/number";
import { writeCompact } from "../json/compact";
import { writeCanonical, WriteOptions, MODE_GO } from "../json/writer";
import { Tape } from "../json/tape";
import { fail, hasError, E_INTERNAL } from "../base/errors";
import { readJSON, ReadOptions } from "../json/reader";
import { Kind, kind, elem, fieldType, typeNameId, methods, Method, FieldFlag, spewName, fieldCount, fieldFlags, fieldName } from "../schema/schema";
import { writeQuantityJSON } from "../quantity/canonical";
import { Quantity } from "../quantity/quantity";
import { jsonFields } from "./fields";
import { specialOf, SP_NONE, SP_QUANTITY, SP_TIME, SP_INTORSTRING, SP_RAW, SP_FIELDS } from "./types";
import {
  Val, StrV, IntV, FloatV, PtrV, SliceV, BytesV, MapV, StructV, QuantityV, TimeV, RawV, FieldsV, sortedEntries,
} from "./value";
import { formatRFC3339UTC } from "./time";
import { intOrStringFields } from "./intorstring";
import { isZeroTime, isReflectZero } from "./zero";
import { K8S_NEWEST_GO } from "../base/pins";

/** How to encode. */
export class EncodeOptions {
  /** Go release (minor): 22+ writes `\b` `\f` short, 24+ honours `omitzero`. */
  goMinor: i32 = K8S_NEWEST_GO;
  /** Write the value as the internal (untagged) Go type of the same shape would marshal: fields by Go name, none
   *  omitted, embedded structs inlined; the metav1 structs keep their tags (they are shared with the internal types). */
  internal: bool = false;
}

/** The metav1 struct types the internal API types embed or hold (their json tags apply there too). */
const META_STRUCTS: StaticArray<string> = ["v1.ObjectMeta", "v1.TypeMeta", "v1.OwnerReference", "v1.ManagedFieldsEntry", "v1.LabelSelector",
  "v1.LabelSelectorRequirement", "v1.ListMeta", "v1.Condition"];

function isMetaStruct(ty: i32): bool {
  const n = spewName(ty);
  for (let i = 0; i < META_STRUCTS.length; i++) if (META_STRUCTS[i] == n) return true;
  return false;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Appends standard padded base64 of [p, p+n). */
export function writeBase64(out: ByteSink, p: usize, n: i32): void {
  out.reserve(((n + 2) / 3) * 4 + 2);
  let i = 0;
  while (i + 3 <= n) {
    const v = (<i32>load<u8>(p + <usize>i) << 16) | (<i32>load<u8>(p + <usize>(i + 1)) << 8) | <i32>load<u8>(p + <usize>(i + 2));
    out.byte(BASE64.charCodeAt(v >> 18));
    out.byte(BASE64.charCodeAt((v >> 12) & 63));
    out.byte(BASE64.charCodeAt((v >> 6) & 63));
    out.byte(BASE64.charCodeAt(v & 63));
    i += 3;
  }
  const rest = n - i;
  if (rest == 1) {
    const v = <i32>load<u8>(p + <usize>i) << 16;
    out.byte(BASE64.charCodeAt(v >> 18));
    out.byte(BASE64.charCodeAt((v >> 12) & 63));
    out.ascii("==");
  } else if (rest == 2) {
    const v = (<i32>load<u8>(p + <usize>i) << 16) | (<i32>load<u8>(p + <usize>(i + 1)) << 8);
    out.byte(BASE64.charCodeAt(v >> 18));
    out.byte(BASE64.charCodeAt((v >> 12) & 63));
    out.byte(BASE64.charCodeAt((v >> 6) & 63));
    out.byte(0x3d);
  }
}

/** Go's json.Marshal of typed values. */
export class Encoder {
  out: ByteSink;
  o: EncodeOptions;
  private depth: i32 = 0;

  constructor(out: ByteSink, o: EncodeOptions) {
    this.out = out;
    this.o = o;
  }

  /** Writes value `v` (null: the zero value) of type `ty`; false with an error recorded on failure. */
  value(ty: i32, v: Val | null): bool {
    if (++this.depth > 256) return fail(E_INTERNAL, "schema types nest too deeply");
    const r = this.dispatch(ty, v);
    this.depth--;
    return r;
  }

  private dispatch(ty: i32, v: Val | null): bool {
    const out = this.out;
    const sp = specialOf(typeNameId(ty));
    if (sp != SP_NONE) return this.special(sp, ty, v);
    const k = kind(ty);
    switch (k) {
      case Kind.Pointer:
        if (v === null) { out.ascii("null"); return true; }
        return this.value(elem(ty), changetype<PtrV>(v).to);
      case Kind.Struct: return this.struct(ty, v);
      case Kind.Slice: {
        if (v === null) { out.ascii("null"); return true; }
        if (v instanceof BytesV) {
          const b = changetype<BytesV>(v);
          out.byte(0x22);
          writeBase64(out, b.p, b.n);
          out.byte(0x22);
          return true;
        }
        const s = changetype<SliceV>(v);
        const et = elem(ty);
        if (kind(et) == Kind.Uint8) {
          // a []byte decoded from a JSON array: still base64
          const tmp = new ByteSink(s.len + 1);
          for (let i = 0; i < s.len; i++) {
            const e = s.items[i];
            tmp.byte(e === null ? 0 : <i32>changetype<IntV>(e).v);
          }
          out.byte(0x22);
          writeBase64(out, tmp.ptr, tmp.len);
          out.byte(0x22);
          return true;
        }
        out.byte(0x5b);
        for (let i = 0; i < s.len; i++) {
          if (i > 0) out.byte(0x2c);
          if (!this.value(et, s.items[i])) return false;
        }
        out.byte(0x5d);
        return true;
      }
      case Kind.Map: {
        if (v === null) { out.ascii("null"); return true; }
        const m = changetype<MapV>(v);
        const idx = sortedEntries(m);
        const et = elem(ty);
        out.byte(0x7b);
        for (let i = 0; i < idx.length; i++) {
          const j = idx[i];
          if (i > 0) out.byte(0x2c);
          writeGoString(out, m.keyP[j], m.keyN[j], this.o.goMinor >= 22, false);
          out.byte(0x3a);
          if (!this.value(et, m.vals[j])) return false;
        }
        out.byte(0x7d);
        return true;
      }
      case Kind.String: {
        if (v === null) { out.ascii("\"\""); return true; }
        const s = changetype<StrV>(v);
        writeGoString(out, s.p, s.n, this.o.goMinor >= 22, false);
        return true;
      }
      case Kind.Bool:
        out.ascii(v !== null && changetype<IntV>(v).v != 0 ? "true" : "false");
        return true;
      case Kind.Int: case Kind.Int8: case Kind.Int16: case Kind.Int32: case Kind.Int64:
        out.int(v === null ? 0 : changetype<IntV>(v).v);
        return true;
      case Kind.Uint: case Kind.Uint8: case Kind.Uint16: case Kind.Uint32: case Kind.Uint64: case Kind.Uintptr:
        out.uint(v === null ? 0 : <u64>changetype<IntV>(v).v);
        return true;
      case Kind.Float64:
        writeGoFloat64(out, v === null ? 0 : changetype<FloatV>(v).v);
        return true;
      case Kind.Float32:
        writeFloat32(out, v === null ? 0 : changetype<FloatV>(v).v);
        return true;
      case Kind.Interface:
        out.ascii("null");
        return true;
      default:
        return fail(E_INTERNAL, "cannot encode Go kind " + k.toString() + " (" + spewName(ty) + ")");
    }
  }

  private struct(ty: i32, v: Val | null): bool {
    const out = this.out;
    const s: StructV | null = v === null ? null : changetype<StructV>(v);
    if (this.o.internal && !isMetaStruct(ty)) {
      out.byte(0x7b);
      const r = this.internalFields(ty, s, true);
      out.byte(0x7d);
      return r >= 0;
    }
    const fields = jsonFields(ty).list;
    out.byte(0x7b);
    let first = true;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      // walk the index path; a nil embedded pointer hides its fields
      let cur: StructV | null = s;
      let ct = ty;
      let hidden = false;
      const last = f.path.length - 1;
      for (let j = 0; j < last; j++) {
        const idx = f.path[j];
        let et = fieldType(ct, idx);
        let slot: Val | null = cur === null ? null : cur.f[idx];
        if (kind(et) == Kind.Pointer) {
          if (slot === null) { hidden = true; break; }
          slot = changetype<PtrV>(slot).to;
          et = elem(et);
        }
        cur = slot === null ? null : changetype<StructV>(slot);
        ct = et;
      }
      if (hidden) continue;
      const fv: Val | null = cur === null ? null : cur.f[f.path[last]];
      const ft = f.t;
      if ((f.flags & FieldFlag.OmitEmpty) != 0 && isEmptyValue(ft, fv)) continue;
      if ((f.flags & FieldFlag.OmitZero) != 0 && this.o.goMinor >= 24 && isZeroForOmit(ft, fv)) continue;
      if (!first) out.byte(0x2c);
      first = false;
      writeGoString(out, f.nameP, f.nameN, this.o.goMinor >= 22, false);
      out.byte(0x3a);
      if (!this.value(ft, fv)) return false;
    }
    out.byte(0x7d);
    return true;
  }

  /** The members of an untagged struct (EncodeOptions.internal); returns -1 on failure, else 1 when nothing was written yet. */
  private internalFields(ty: i32, s: StructV | null, first: bool): i32 {
    const out = this.out;
    const n = fieldCount(ty);
    for (let i = 0; i < n; i++) {
      const fl = fieldFlags(ty, i);
      if ((fl & FieldFlag.Exported) == 0) continue;
      const ft = fieldType(ty, i);
      const fv: Val | null = s === null ? null : s.f[i];
      if ((fl & FieldFlag.Anonymous) != 0 && kind(ft) == Kind.Struct) {
        // an embedded struct: its fields inline (a metav1 one with its tags)
        if (isMetaStruct(ft)) {
          const inner = new ByteSink(64);
          const e = new Encoder(inner, this.o);
          if (!e.value(ft, fv)) return -1;
          if (inner.len > 2) {
            if (!first) out.byte(0x2c);
            out.bytes(inner.ptr + 1, inner.len - 2);
            first = false;
          }
        } else {
          const r = this.internalFields(ft, fv === null ? null : changetype<StructV>(fv), first);
          if (r < 0) return -1;
          first = r == 1;
        }
        continue;
      }
      if (!first) out.byte(0x2c);
      first = false;
      out.byte(0x22);
      out.ascii(fieldName(ty, i));
      out.byte(0x22);
      out.byte(0x3a);
      if (!this.value(ft, fv)) return -1;
    }
    return first ? 1 : 0;
  }

  private special(sp: i32, ty: i32, v: Val | null): bool {
    const out = this.out;
    if (sp == SP_QUANTITY) {
      const q = v === null ? new Quantity() : changetype<QuantityV>(v).q;
      writeQuantityJSON(out, q);
      return !hasError();
    }
    if (sp == SP_TIME) {
      if (v === null) { out.ascii("null"); return true; }
      const t = changetype<TimeV>(v);
      if (isZeroTime(t)) { out.ascii("null"); return true; }
      out.byte(0x22);
      formatRFC3339UTC(out, t.ext);
      out.byte(0x22);
      return true;
    }
    if (sp == SP_INTORSTRING) {
      const fi = intOrStringFields(ty);
      const s: StructV | null = v === null ? null : changetype<StructV>(v);
      const tv: Val | null = s === null ? null : s.f[fi.type];
      const typ = tv === null ? 0 : changetype<IntV>(tv).v;
      if (typ == 0) {
        const iv: Val | null = s === null ? null : s.f[fi.intVal];
        out.int(iv === null ? 0 : changetype<IntV>(iv).v);
        return true;
      }
      if (typ == 1) {
        const sv: Val | null = s === null ? null : s.f[fi.strVal];
        if (sv === null) out.ascii("\"\"");
        else writeGoString(out, changetype<StrV>(sv).p, changetype<StrV>(sv).n, this.o.goMinor >= 22, false);
        return true;
      }
      return fail(E_INTERNAL, "json: error calling MarshalJSON for type intstr.IntOrString: impossible IntOrString.Type");
    }
    if (sp == SP_RAW) {
      const r: RawV | null = v === null ? null : changetype<RawV>(v);
      if (r === null || r.isNil || r.n == 0) { out.ascii("null"); return true; }
      // the raw bytes are valid JSON (they were a value of the input): compact with HTML escaping
      const t = rawTape(r);
      if (t === null) return false;
      writeCompact(t, 0, out, true);
      return true;
    }
    if (sp == SP_FIELDS) {
      const f: FieldsV | null = v === null ? null : changetype<FieldsV>(v);
      if (f === null || f.node < 0) { out.ascii("null"); return true; }
      const o = new WriteOptions();
      o.mode = MODE_GO;
      o.go22 = this.o.goMinor >= 22;
      o.goMinor = this.o.goMinor < 27 ? this.o.goMinor : 26;
      return writeCanonical(changetype<Tape>(f.tape), f.node, out, o);
    }
    return fail(E_INTERNAL, "unknown special type");
  }
}

/** Parses the raw bytes of a RawExtension/FieldsV1 again (they came from a valid JSON value). */
function rawTape(r: RawV): Tape | null {
  const o = new ReadOptions();
  o.goMinor = K8S_NEWEST_GO;
  return readJSON(r.p, r.n, o);
}

/** float32 (no schema field has one; written with float64 digits of the float32 value). */
function writeFloat32(out: ByteSink, f: f64): void {
  writeGoFloat64(out, f);
}

/** encoding/json's isEmptyValue for a field of type `ty` holding `v` (null: zero). */
export function isEmptyValue(ty: i32, v: Val | null): bool {
  const k = kind(ty);
  switch (k) {
    case Kind.Array: return false; // no arrays in the schemas
    case Kind.Map: {
      if (v === null) return true;
      return changetype<MapV>(v).vals.length == 0;
    }
    case Kind.Slice: {
      if (v === null) return true;
      if (v instanceof BytesV) return changetype<BytesV>(v).n == 0;
      return changetype<SliceV>(v).len == 0;
    }
    case Kind.String: return v === null || changetype<StrV>(v).n == 0;
    case Kind.Bool:
    case Kind.Int: case Kind.Int8: case Kind.Int16: case Kind.Int32: case Kind.Int64:
    case Kind.Uint: case Kind.Uint8: case Kind.Uint16: case Kind.Uint32: case Kind.Uint64: case Kind.Uintptr:
      return v === null || changetype<IntV>(v).v == 0;
    case Kind.Float32: case Kind.Float64:
      return v === null || changetype<FloatV>(v).v == 0;
    case Kind.Interface: case Kind.Pointer:
      return v === null;
  }
  return false;
}

/** The `omitzero` test (Go 1.24): the type's IsZero method when it has one, else reflect.Value.IsZero. */
export function isZeroForOmit(ty: i32, v: Val | null): bool {
  const m = methods(ty);
  const k = kind(ty);
  if (k == Kind.Pointer && (m & (Method.IsZero | Method.IsZeroPtr)) != 0) {
    if (v === null) return true;
    return isZeroMethod(elem(ty), changetype<PtrV>(v).to);
  }
  if ((m & (Method.IsZero | Method.IsZeroPtr)) != 0) return isZeroMethod(ty, v);
  return isReflectZero(ty, v);
}

/** IsZero() of the types that have one: metav1.Time / time.Time (the zero instant), Quantity (zero amount). */
function isZeroMethod(ty: i32, v: Val | null): bool {
  if (v === null) return true;
  const sp = specialOf(typeNameId(ty));
  if (sp == SP_TIME) return isZeroTime(changetype<TimeV>(v));
  if (sp == SP_QUANTITY) return changetype<QuantityV>(v).q.isZero();
  return isReflectZero(ty, v);
}
