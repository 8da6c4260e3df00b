// A proof, without building values, that assembly/typed/decode.ts (sigs.k8s.io/json semantics, not
// json-iterator) decodes a JSON value into a schema type without any error: no type mismatch, no integer
// out of range, no UnmarshalJSON failure. It walks the tape along the type (recursion follows the schema's
// type nesting, as the decoder's does; unknown fields are not entered) and hands the few values it does
// not check itself (Quantity, Time, IntOrString numbers, floats, odd integers, base64 bytes, metav1.Fields)
// to a real Decoder. `false` means "not proven" (an error, or something it does not look at: escaped or
// non-ASCII struct keys, unsupported kinds): the caller then runs the full decode, which decides. It stands
// for the success of GetTemplateFromRevision's and the ControllerRevision's decodes
// (upstream/kruise/inplaceupdate/revision.ts): a proof that the decode would fail is never given.
//
// Validity is context-free: each JSON value is checked on its own whether it lands in a fresh or an existing
// value (duplicate keys, repeated slice elements), so a value whose bytes equal those of a value already
// proven at the same type needs no second look. `TypedCheck.ok` uses that with a reference tape: a member or
// element whose raw text equals the one at the same place (same raw key at the same member position, same
// index) of the reference value is skipped.

import { Tape, K_NULL, K_FALSE, K_TRUE, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT, F_ESCAPE, F_HIGH, F_INT } from "../../json/tape";
import { Kind, kind, elem, key, typeNameId } from "../../schema/schema";
import { specialOf, SP_NONE, SP_RAW, SP_INTORSTRING, SP_QUANTITY } from "../../typed/types";
import { jsonFields, JFields, JField } from "../../typed/fields";
import { Decoder } from "../../typed/decode";
import { hasError, clearError } from "../../base/errors";
import { sameText, sameBytes } from "../sametext/sametext";

const MAX_DEPTH: i32 = 200; // below the decoder's own type-depth limit (256)

// A process-wide direct-mapped memo of exact field-name hits: (type, key hash) → (type + 1, list position).
// A hit is confirmed against the list itself (position in range, same name), so a stale slot only misses.
const FM_SLOTS: i32 = 4096; // power of two
const FM_TABLE: usize = memory.data(FM_SLOTS * 8, 8);

/** The field of struct type `ty` (list `fields`) whose JSON name is exactly [kp, kp+kn), or null; memoized. */
function fieldByName(ty: i32, fields: JFields, kp: usize, kn: i32): JField | null {
  // length and three bytes pick the slot (a collision only costs a list scan)
  let h: u32 = <u32>ty * 0x9e3779b1 ^ <u32>kn * 0x85ebca6b;
  if (kn > 0) h ^= <u32>load<u8>(kp) | (<u32>load<u8>(kp + <usize>(kn >> 1)) << 8) | (<u32>load<u8>(kp + <usize>(kn - 1)) << 16);
  h *= 0x27d4eb2d;
  const e = FM_TABLE + <usize>((h >> 20) & <u32>(FM_SLOTS - 1)) * 8;
  const list = fields.list;
  if (load<i32>(e) == ty + 1) {
    const idx = load<i32>(e, 4);
    if (idx < list.length) {
      const f = unchecked(list[idx]);
      if (f.nameN == kn) {
        const fp = f.nameP;
        let j = 0;
        while (j + 4 <= kn && load<u32>(fp + <usize>j) == load<u32>(kp + <usize>j)) j += 4;
        while (j < kn && load<u8>(fp + <usize>j) == load<u8>(kp + <usize>j)) j++;
        if (j == kn) return f;
      }
    }
  }
  const f = fields.byName(kp, kn);
  if (f !== null) {
    store<i32>(e, ty + 1);
    store<i32>(e, f.index, 4);
  }
  return f;
}

/**
 * True for the quantity spellings resource.ParseQuantity always accepts: 1-18 digits, optionally a point and
 * 1-18 more, then nothing or one of the suffixes m, k, M, G, T, Ki, Mi, Gi, Ti ("250m", "1.5Gi", "512Mi").
 */
function plainQuantity(p: usize, n: i32): bool {
  let i = 0;
  while (i < n && <u32>load<u8>(p + <usize>i) - 0x30 < 10) i++;
  if (i == 0 || i > 18) return false;
  if (i < n && load<u8>(p + <usize>i) == 0x2e) {
    const s = ++i;
    while (i < n && <u32>load<u8>(p + <usize>i) - 0x30 < 10) i++;
    if (i == s || i - s > 18) return false;
  }
  const r = n - i;
  if (r == 0) return true;
  const c = load<u8>(p + <usize>i);
  if (r == 1) return c == 0x6d || c == 0x6b || c == 0x4d || c == 0x47 || c == 0x54; // m k M G T
  return r == 2 && load<u8>(p + <usize>i + 1) == 0x69 && (c == 0x4b || c == 0x4d || c == 0x47 || c == 0x54); // Ki Mi Gi Ti
}

/** The common leaves decided inline: 1 valid, 0 not proven, -1 ask `TypedCheck.ok` (strings, bools and short integers of any named type: no hand-written JSON there). */
@inline function leafOK(t: Tape, node: i32, ty: i32): i32 {
  const k = kind(ty);
  const nk = t.kind(node);
  if (k == Kind.String) return nk == K_STRING || nk == K_NULL ? 1 : 0;
  if (k == Kind.Bool) return nk == K_TRUE || nk == K_FALSE || nk == K_NULL ? 1 : 0;
  if (k == Kind.Int32 || k == Kind.Int64 || k == Kind.Int) {
    if (nk == K_NULL) return 1;
    if (nk != K_NUMBER) return 0;
    // up to 9 digits (and a sign) fit: else `ok` decides
    const n = t.len(node);
    return (t.flags(node) & F_INT) != 0 && n - (load<u8>(t.ptr(node)) == 0x2d ? 1 : 0) <= 9 ? 1 : -1;
  }
  return -1;
}


/** The proof of one decode (a Decoder for the values it hands over; its options say sigs.k8s.io/json). */
export class TypedCheck {
  private depth: i32 = 0;

  /** `fold`: a key that matches no field exactly but one case-insensitively (plain encoding/json would fill it) is not proven. */
  constructor(private t: Tape, private d: Decoder, private rt: Tape | null, private fold: bool = false) {}

  /** True when node `node` decodes into type `ty` without error; `ref` (or -1) a node of the reference tape at the same place, already proven. */
  ok(ty: i32, node: i32, ref: i32): bool {
    if (ref >= 0 && this.same(node, ref)) return true;
    if (++this.depth > MAX_DEPTH) return false;
    const r = this.check(ty, node, ref);
    this.depth--;
    return r;
  }

  /** True when node `a` of the tape and node `b` of the reference tape have the same raw text. */
  private same(a: i32, b: i32): bool {
    return sameText(this.t, a, changetype<Tape>(this.rt), b);
  }

  /** The decoder's own verdict on one value (it allocates; the value is dropped). */
  private delegate(ty: i32, node: i32): bool {
    const d = this.d;
    d.value(ty, node, null);
    if (d.aborted || d.saved !== null || hasError()) {
      clearError();
      return false;
    }
    return true;
  }

  private check(ty: i32, node: i32, ref: i32): bool {
    const t = this.t;
    const nk = t.kind(node);
    const k = kind(ty);
    // the hand-written UnmarshalJSON types are structs (Quantity, Time, IntOrString, RawExtension, FieldsV1) or a map (Fields)
    if (k == Kind.Struct || k == Kind.Map) {
      const sp = specialOf(typeNameId(ty));
      if (sp != SP_NONE) {
        if (sp == SP_RAW) return true;
        if (nk == K_NULL) return true;
        if (sp == SP_INTORSTRING && (nk == K_STRING || (nk == K_NUMBER && (t.flags(node) & F_INT) != 0 && t.len(node) <= 9))) return true;
        if (sp == SP_QUANTITY && nk == K_STRING && (t.flags(node) & F_ESCAPE) == 0 && plainQuantity(t.ptr(node), t.len(node))) return true;
        return this.delegate(ty, node);
      }
    }
    switch (k) {
      case Kind.Pointer: {
        if (nk == K_NULL) return true;
        return this.ok(elem(ty), node, ref);
      }
      case Kind.Struct: {
        if (nk == K_NULL) return true;
        if (nk != K_OBJECT) return false;
        return this.struct(ty, node, ref);
      }
      case Kind.Slice: {
        if (nk == K_NULL) return true;
        const et = elem(ty);
        if (nk == K_STRING && kind(et) == Kind.Uint8) return this.delegate(ty, node);
        if (nk != K_ARRAY) return false;
        const n = t.children(node);
        const rt = this.rt;
        let rn = ref >= 0 && rt !== null && rt.kind(ref) == K_ARRAY ? rt.children(ref) : 0;
        let c = node + 1;
        let rc = ref + 1;
        for (let i = 0; i < n; i++) {
          const leaf = leafOK(t, c, et);
          if (leaf == 0) return false;
          if (leaf < 0 && !this.ok(et, c, i < rn ? rc : -1)) return false;
          c = t.next(c);
          if (i < rn) rc = changetype<Tape>(rt).next(rc);
        }
        return true;
      }
      case Kind.Map: {
        if (nk == K_NULL) return true;
        if (nk != K_OBJECT) return false;
        if (kind(key(ty)) != Kind.String) return false;
        const et = elem(ty);
        const n = t.children(node);
        const rt = this.rt;
        const rn = ref >= 0 && rt !== null && rt.kind(ref) == K_OBJECT ? rt.children(ref) : 0;
        let k = node + 1;
        let rk = ref + 1;
        for (let i = 0; i < n; i++) {
          const v = t.next(k);
          let rv = -1;
          if (i < rn) {
            rv = changetype<Tape>(rt).next(rk);
            if (!this.sameKey(k, rk)) rv = -1;
          }
          const leaf = leafOK(t, v, et);
          if (leaf == 0) return false;
          if (leaf < 0 && !this.ok(et, v, rv)) return false;
          k = t.next(v);
          if (i < rn) rk = changetype<Tape>(rt).next(changetype<Tape>(rt).next(rk));
        }
        return true;
      }
      case Kind.String:
        return nk == K_STRING || nk == K_NULL;
      case Kind.Bool:
        return nk == K_TRUE || nk == K_FALSE || nk == K_NULL;
      case Kind.Int: case Kind.Int32: case Kind.Int64: case Kind.Uint: case Kind.Uint32: case Kind.Uint64: {
        if (nk == K_NULL) return true;
        if (nk != K_NUMBER) return false;
        // up to 9 digits fit every one of these kinds; a sign only the signed ones
        const f = t.flags(node);
        const n = t.len(node);
        const neg = load<u8>(t.ptr(node)) == 0x2d;
        if ((f & F_INT) != 0 && n - (neg ? 1 : 0) <= 9 && (!neg || k <= Kind.Int64)) return true;
        return this.delegate(ty, node);
      }
      case Kind.Int8: case Kind.Int16: case Kind.Uint8: case Kind.Uint16: case Kind.Uintptr:
      case Kind.Float32: case Kind.Float64: {
        if (nk == K_NULL) return true;
        if (nk != K_NUMBER) return false;
        return this.delegate(ty, node);
      }
      case Kind.Interface:
        return nk == K_NULL;
      default:
        return false;
    }
  }

  /** True when key node `k` of the tape and key node `rk` of the reference tape have the same raw text. */
  private sameKey(k: i32, rk: i32): bool {
    const t = this.t;
    const rt = changetype<Tape>(this.rt);
    const n = t.len(k);
    return rt.len(rk) == n && sameBytes(t.ptr(k), rt.ptr(rk), n);
  }

  private struct(ty: i32, node: i32, ref: i32): bool {
    const t = this.t;
    const fields = jsonFields(ty);
    const list = fields.list;
    const n = t.children(node);
    const rt = this.rt;
    const rn = ref >= 0 && rt !== null && rt.kind(ref) == K_OBJECT ? rt.children(ref) : 0;
    let k = node + 1;
    let rk = ref + 1;
    let hint = 0;
    for (let i = 0; i < n; i++) {
      const v = t.next(k);
      // keys the decoder would unquote first: not proven here
      if ((t.flags(k) & (F_ESCAPE | F_HIGH)) != 0) return false;
      const kp = t.ptr(k);
      const kn = t.len(k);
      let f: JField | null = null;
      if (hint < list.length) {
        const h = unchecked(list[hint]);
        if (h.nameN == kn && sameBytes(h.nameP, kp, kn)) f = h;
      }
      if (f === null) {
        f = fieldByName(ty, fields, kp, kn);
        if (f === null && this.fold && fields.byFoldedName(kp, kn) !== null) return false;
      }
      let rv = -1;
      if (i < rn) {
        rv = changetype<Tape>(rt).next(rk);
        if (!this.sameKey(k, rk)) rv = -1;
      }
      if (f !== null) {
        hint = f.index + 1;
        const leaf = leafOK(t, v, f.t);
        if (leaf == 0) return false;
        if (leaf < 0 && !this.ok(f.t, v, rv)) return false;
      }
      k = t.next(v);
      if (i < rn) rk = changetype<Tape>(rt).next(changetype<Tape>(rt).next(rk));
    }
    return true;
  }
}
