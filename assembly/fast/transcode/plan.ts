// Per-type tables of the transcoder, built once per process into a static pool (below the per-call
// arena, like assembly/typed/fields.ts's frozen lists): the json.Marshal text of each type's zero value, and
// for each struct a plan of its JSON fields in encoding order (name, `"name":` key text, type, what to do
// when absent or empty). When the pool is full the functions answer 0 and the transcoder gives up.
//
// Must equal: the field lists (assembly/typed/fields.ts jsonFields) and zero-value texts (assembly/typed/encode.ts
// Encoder of the zero value) the k8s.json path uses; a struct they cannot describe (custom JSON, `,string`,
// more than MAX_FIELDS fields, promoted fields through embedded pointers) is marked PLAN_BAD: the transcoder
// gives up on it. A plan is a process-wide cache keyed by (type handle, Go 1.24+) and checked on every lookup;
// its learned key order is only a guess compared with the key in place before it is used, so no history of
// earlier calls changes an answer (docs/architecture.md "State that outlives a call").

import { ByteSink } from "../../io/sink";
import { writeGoString } from "../../json/strings";
import { hasError, clearError } from "../../base/errors";
import { Kind, FieldFlag, Method, kind, elem, key, fieldType, methods, typeNameId } from "../../schema/schema";
import { jsonFields } from "../../typed/fields";
import { Encoder, EncodeOptions } from "../../typed/encode";
import { specialOf, SP_TIME, SP_NONE } from "../../typed/types";
import { sameBytes } from "./bytes";

/**
 * Plan header: field count (i32), PLAN_BAD flag (i32), key index offset from the plan (i32), its mask (i32), then the
 * guess of the first key (P_SUCC, a guess record); fields follow.
 */
export const PLAN_HEAD: usize = 32;
/**
 * The learned key order: a guess record (16 bytes: field index i32, length of its `"name"` text i32, the first 8 bytes
 * of that text u64) of the field whose key came first (in the header) or came after this field (in a field entry)
 * in the last object of the type. Only a guess: the key at the cursor is compared with it before it is used.
 */
export const P_SUCC: usize = 16;
export const F_SUCC: usize = 48;
/** Field value classes (field entry offset 36): what the transcoder may call directly. */
export const F_CLASS: usize = 36;
export const C_OTHER: i32 = 0;
export const C_STRING: i32 = 1; // a string kind: stringValue when the value starts with `"`
export const C_STRUCT: i32 = 2; // a plain struct (no hand-written JSON): structValue at `{`
export const C_PTR_STRUCT: i32 = 3; // a pointer to a plain struct: structValue of the element at `{`
export const C_SLICE_STRUCT: i32 = 4; // a slice of plain structs: their array at `[`
/** The struct type of classes C_STRUCT.. (i32), and its plan once looked up (u32, 0 until then). */
export const F_SUBTY: usize = 40;
export const F_SUBPLAN: usize = 44;
/**
 * Bytes per field entry: nameP, nameN, keyP, keyN (the `"name":` text; a comma precedes it), type, mode, zeroP, zeroN, then `next`: the first field index
 * from this one on that is written when absent (not M_ABSENT_OMIT; the field count when none), the value class
 * (F_CLASS), its struct type and plan (F_SUBTY, F_SUBPLAN), the successor guess record (F_SUCC).
 */
export const FIELD_SIZE: usize = 64;
/** Most JSON fields a planned struct may have (the transcoder keeps a 128-bit seen set). */
export const MAX_FIELDS: i32 = 128;

/** Field mode bits. */
export const M_OMIT_EMPTY: i32 = 1; // omitempty: dropped when the value is empty
export const M_OMIT_NULL: i32 = 2; // omitzero (Go 1.24+) on metav1.Time: dropped when written as null
export const M_ABSENT_OMIT: i32 = 4; // dropped when absent (its zero value is empty / zero)
export const M_FAIL_PRESENT: i32 = 8; // omitzero on another type: not handled when present

const SLOTS: i32 = 8192; // power of two; (key + 1, address) pairs
const POOL: i32 = 1 << 20;
const TABLE: usize = memory.data(SLOTS * 8, 16);
const HEAP: usize = memory.data(POOL, 16);

/** Pool state (static: survives the per-call heap reset). */
class Pool {
  static used: i32 = 0;
  static keys: i32 = 0;
}

/** Empties the pool when it is three-quarters full (call between transcodes only: plans in use point into it). */
export function planRoom(): void {
  if (Pool.used * 4 < POOL * 3 && Pool.keys * 8 < SLOTS * 3) return;
  memory.fill(TABLE, 0, <usize>SLOTS * 8);
  Pool.used = 0;
  Pool.keys = 0;
}

/** The table slot of `key` (found or empty). */
function slot(key: i32): usize {
  let i = <i32>((<u32>key * 0x9e3779b1) >> 19) & (SLOTS - 1);
  while (true) {
    const e = TABLE + <usize>i * 8;
    const k = load<i32>(e);
    if (k == 0 || k == key + 1) return e;
    i = (i + 1) & (SLOTS - 1);
  }
  return 0;
}

/** Room for `n` bytes in the pool (8-aligned), or 0 when full. */
function alloc(n: i32): usize {
  const a = (n + 7) & ~7;
  if (Pool.used + a > POOL || Pool.keys * 2 >= SLOTS) return 0;
  const p = HEAP + <usize>Pool.used;
  Pool.used += a;
  return p;
}

function remember(e: usize, key: i32, p: usize): void {
  store<u32>(e, <u32>p, 4);
  store<i32>(e, key + 1);
  Pool.keys++;
}

/** Address of the zero-value text of type `ty` under omitzero setting `go24` ([len i32][bytes]), or 0. */
export function zeroText(ty: i32, go24: bool): usize {
  const key = (ty << 2) | (go24 ? 2 : 0);
  const e = slot(key);
  if (load<i32>(e) != 0) return <usize>load<u32>(e, 4);
  const pending = hasError();
  const out = new ByteSink(64);
  const eo = new EncodeOptions();
  eo.goMinor = go24 ? 24 : 22;
  if (!new Encoder(out, eo).value(ty, null) || hasError()) {
    if (!pending) clearError();
    return 0;
  }
  const p = alloc(out.len + 4);
  if (p == 0) return 0;
  store<i32>(p, out.len);
  memory.copy(p + 4, out.ptr, <usize>out.len);
  remember(slot(key), key, p);
  return p;
}

/** True for the kinds whose zero value encoding/json's isEmptyValue calls empty. */
function emptyWhenZero(k: i32): bool {
  return k != Kind.Struct && k != Kind.Array;
}

/** The plan of struct type `ty` under omitzero setting `go24`, or 0 (pool full). Check PLAN_BAD via planBad(). */
export function planOf(ty: i32, go24: bool): usize {
  const key = (ty << 2) | (go24 ? 3 : 1);
  const e = slot(key);
  if (load<i32>(e) != 0) return <usize>load<u32>(e, 4);
  const list = jsonFields(ty).list;
  const nf = list.length;
  // custom JSON on a struct that is not one of the hand-written types the transcoder knows: not handled
  const custom = (methods(ty) & (Method.MarshalJSON | Method.MarshalJSONPtr | Method.UnmarshalJSON | Method.UnmarshalJSONPtr |
    Method.MarshalText | Method.MarshalTextPtr | Method.UnmarshalText | Method.UnmarshalTextPtr)) != 0;
  let bad = nf > MAX_FIELDS || custom;
  // key texts
  const keys = new ByteSink(nf * 24 + 8);
  const keyAt = new Array<i32>(nf + 1);
  for (let i = 0; i < nf && !bad; i++) {
    const f = unchecked(list[i]);
    keys.byte(0x2c); // each key text is preceded by a comma (written with it after the first member)
    keyAt[i] = keys.len;
    writeGoString(keys, f.nameP, f.nameN, true, false);
    keys.byte(0x3a);
    if ((f.flags & FieldFlag.String) != 0) bad = true;
    // a promoted field through an embedded pointer: Marshal hides it while the pointer is nil
    let ct = ty;
    for (let j = 0, last = f.path.length - 1; j < last; j++) {
      const et = fieldType(ct, f.path[j]);
      if (kind(et) != Kind.Struct) { bad = true; break; }
      ct = et;
    }
  }
  keyAt[nf] = keys.len + 1; // as if the next text's comma followed
  // the key index: open addressing over u8 slots (field index + 1), at least twice the field count
  let slots = 16;
  while (slots < nf * 2) slots <<= 1;
  const indexAt = <i32>PLAN_HEAD + nf * <i32>FIELD_SIZE + ((keys.len + 7) & ~7);
  const size = bad ? <i32>PLAN_HEAD : indexAt + slots;
  const p = alloc(size);
  if (p == 0) return 0;
  store<i32>(p, bad ? 0 : nf);
  store<i32>(p, bad ? 1 : 0, 4);
  setGuess(p + P_SUCC, p, 0, 0); // no guess yet (set below once the fields are written)
  if (!bad) {
    const kp = p + PLAN_HEAD + <usize>nf * FIELD_SIZE;
    memory.copy(kp, keys.ptr, <usize>keys.len);
    store<i32>(p, indexAt, 8);
    store<i32>(p, slots - 1, 12);
    const ix = p + <usize>indexAt;
    memory.fill(ix, 0, <usize>slots);
    for (let i = 0; i < nf; i++) {
      const f = unchecked(list[i]);
      let h = keyHash(f.nameP, f.nameN, slots - 1);
      while (load<u8>(ix + <usize>h) != 0) h = (h + 1) & (slots - 1);
      store<u8>(ix + <usize>h, <u8>(i + 1));
    }
    for (let i = 0; i < nf; i++) {
      const f = unchecked(list[i]);
      const fe = p + PLAN_HEAD + <usize>i * FIELD_SIZE;
      const k = kind(f.t);
      let mode = 0;
      const omitEmpty = (f.flags & FieldFlag.OmitEmpty) != 0;
      const omitZero = go24 && (f.flags & FieldFlag.OmitZero) != 0;
      if (omitEmpty) mode |= M_OMIT_EMPTY;
      if ((omitEmpty && emptyWhenZero(k)) || omitZero) mode |= M_ABSENT_OMIT;
      if (omitZero) {
        if (k == Kind.Struct && specialOf(typeNameId(f.t)) == SP_TIME) mode |= M_OMIT_NULL;
        else if (k == Kind.Pointer && specialOf(typeNameId(elem(f.t))) == SP_TIME) mode |= M_OMIT_NULL;
        else mode |= M_FAIL_PRESENT;
      }
      let zp: usize = 0;
      let zn = 0;
      if ((mode & M_ABSENT_OMIT) == 0) {
        const z = zeroText(f.t, go24);
        if (z == 0) return 0;
        zp = z + 4;
        zn = load<i32>(z);
      }
      store<u32>(fe, <u32>f.nameP);
      store<i32>(fe, f.nameN, 4);
      store<u32>(fe, <u32>(kp + <usize>keyAt[i]), 8);
      store<i32>(fe, keyAt[i + 1] - 1 - keyAt[i], 12);
      store<i32>(fe, f.t, 16);
      store<i32>(fe, mode, 20);
      store<u32>(fe, <u32>zp, 24);
      store<i32>(fe, zn, 28);
      let cls = k == Kind.String ? C_STRING : C_OTHER;
      let sub = -1;
      if (k == Kind.Struct) sub = f.t;
      else if (k == Kind.Pointer || k == Kind.Slice) {
        if (specialOf(typeNameId(f.t)) == SP_NONE) sub = elem(f.t);
      }
      if (sub >= 0 && (kind(sub) != Kind.Struct || specialOf(typeNameId(sub)) != SP_NONE)) sub = -1;
      if (sub >= 0) cls = k == Kind.Struct ? C_STRUCT : k == Kind.Pointer ? C_PTR_STRUCT : C_SLICE_STRUCT;
      store<i32>(fe, cls, <i32>F_CLASS);
      store<i32>(fe, sub, <i32>F_SUBTY);
      store<u32>(fe, 0, <i32>F_SUBPLAN);
    }
  }
  if (!bad) {
    setGuess(p + P_SUCC, p, 0, nf);
    for (let i = 0; i < nf; i++) setGuess(p + PLAN_HEAD + <usize>i * FIELD_SIZE + F_SUCC, p, i + 1 < nf ? i + 1 : 0, nf);
    let written = nf;
    for (let i = nf - 1; i >= 0; i--) {
      const fe = p + PLAN_HEAD + <usize>i * FIELD_SIZE;
      if ((load<i32>(fe, 20) & M_ABSENT_OMIT) == 0) written = i;
      store<i32>(fe, written, 32);
    }
  }
  remember(slot(key), key, p); // the zero texts above may have taken slot `e`
  return p;
}

/** Sets guess record `g` of plan `p` (`nf` fields) to field `i` (no field: a length no key has). */
@inline export function setGuess(g: usize, p: usize, i: i32, nf: i32): void {
  if (i >= nf) {
    store<i32>(g, 0);
    store<i32>(g, 0x40000000, 4);
    return;
  }
  const fe = p + PLAN_HEAD + <usize>i * FIELD_SIZE;
  const kt = <usize>load<u32>(fe, 8);
  store<i32>(g, i);
  store<i32>(g, load<i32>(fe, 12) - 1, 4);
  store<u64>(g, load<u64>(kt), 8); // past a short text: the next text's bytes (in the plan), masked off when compared
}

/** True when the struct of plan `p` is not handled by the transcoder. */
@inline export function planBad(p: usize): bool {
  return load<i32>(p, 4) != 0;
}

/** Field count of plan `p`. */
@inline export function planFields(p: usize): i32 {
  return load<i32>(p);
}

/** Address of field entry `i` of plan `p`. */
@inline export function planField(p: usize, i: i32): usize {
  return p + PLAN_HEAD + <usize>i * FIELD_SIZE;
}


/** Slot of key bytes [kp, kp+kn) in a key index of mask `mask` (length, first, middle and last byte). */
@inline export function keyHash(kp: usize, kn: i32, mask: i32): i32 {
  if (kn <= 0) return 0;
  const h = (<u32>kn * 0x01000193) ^ <u32>load<u8>(kp) ^ (<u32>load<u8>(kp + <usize>(kn - 1)) << 8) ^ (<u32>load<u8>(kp + <usize>(kn >> 1)) << 16);
  return <i32>((h * 0x9e3779b1) >> 24) & mask;
}

/** The field of plan `p` named exactly by key bytes [kp, kp+kn), or -1 (JSON field names are unique). */
export function planLookup(p: usize, kp: usize, kn: i32): i32 {
  const mask = load<i32>(p, 12);
  const ix = p + <usize>load<i32>(p, 8);
  let h = keyHash(kp, kn, mask);
  while (true) {
    const e = <i32>load<u8>(ix + <usize>h);
    if (e == 0) return -1;
    const fe = planField(p, e - 1);
    if (load<i32>(fe, 4) == kn && sameBytes(<usize>load<u32>(fe), kp, kn)) return e - 1;
    h = (h + 1) & mask;
  }
  return -1;
}

// What value() needs of a type, cached per process (types are static): a direct-mapped table of 4096 entries
// [type + 1 i32][kind u8][specialOf(name) u8][element kind u8][string key u8][element type i32][4 bytes unused].
const TI_SLOTS: i32 = 4096;
const TI_TABLE: usize = memory.data(TI_SLOTS * 16, 16);

/** The cached entry of type `ty` (see TI_TABLE); fills it on a miss. */
@inline export function typeInfo(ty: i32): usize {
  const e = TI_TABLE + (<usize>((<u32>ty * 0x9e3779b1) >> 20) << 4);
  if (load<i32>(e) == ty + 1) return e;
  return fillTypeInfo(e, ty);
}

function fillTypeInfo(e: usize, ty: i32): usize {
  const k = kind(ty);
  const el = k == Kind.Pointer || k == Kind.Slice || k == Kind.Array || k == Kind.Map ? elem(ty) : -1;
  store<u8>(e, <u8>k, 4);
  store<u8>(e, <u8>specialOf(typeNameId(ty)), 5);
  store<u8>(e, <u8>(el >= 0 ? kind(el) : 0xff), 6);
  store<u8>(e, <u8>(k == Kind.Map && kind(key(ty)) == Kind.String ? 1 : 0), 7);
  store<i32>(e, el, 8);
  store<i32>(e, ty + 1);
  return e;
}
