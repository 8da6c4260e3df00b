// Per-type tables of the transcoder, built once per process into a static pool (below the per-call
// arena, like assembly/k8s/fields.ts's frozen lists): the json.Marshal text of each type's zero value, and
// for each struct a plan of its JSON fields in encoding order (name, `"name":` key text, type, what to do
// when absent or empty). When the pool is full the functions answer 0 and the transcoder gives up.

import { ByteSink } from "../../io/sink";
import { writeGoString } from "../../json/strings";
import { hasError, clearError } from "../../errors";
import { Kind, FieldFlag, Method, kind, elem, fieldType, methods, typeNameId } from "../../schema/schema";
import { jsonFields, FieldCache } from "../fields";
import { Encoder, EncodeOptions } from "../encode";
import { specialOf, SP_TIME } from "../types";

/** Plan header: field count (i32), then PLAN_BAD flag (i32), 8 bytes reserved; fields follow. */
export const PLAN_HEAD: usize = 16;
/** Bytes per field entry: nameP, nameN, keyP, keyN, type, mode, zeroP, zeroN (i32 each). */
export const FIELD_SIZE: usize = 32;
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
  FieldCache.reset(); // the per-call field lists may be stale (a line may skip the ops' reset); dropping them is safe
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
  FieldCache.reset(); // as in zeroText
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
  keyAt[nf] = keys.len;
  const size = <i32>PLAN_HEAD + (bad ? 0 : nf * <i32>FIELD_SIZE + keys.len);
  const p = alloc(size);
  if (p == 0) return 0;
  store<i32>(p, bad ? 0 : nf);
  store<i32>(p, bad ? 1 : 0, 4);
  if (!bad) {
    const kp = p + PLAN_HEAD + <usize>nf * FIELD_SIZE;
    memory.copy(kp, keys.ptr, <usize>keys.len);
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
      store<i32>(fe, keyAt[i + 1] - keyAt[i], 12);
      store<i32>(fe, f.t, 16);
      store<i32>(fe, mode, 20);
      store<u32>(fe, <u32>zp, 24);
      store<i32>(fe, zn, 28);
    }
  }
  remember(slot(key), key, p); // the zero texts above may have taken slot `e`
  return p;
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

