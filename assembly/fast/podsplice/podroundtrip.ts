// What the exact path's json round trip (a MetaDataPatch applied through a map) leaves unchanged, proven on
// the pod's Go JSON text for the splice (podsplice.ts): which types can hold a Quantity or raw JSON
// (RawExtension / FieldsV1), the JSON names of the raw fields, raw texts that json.Marshal writes back as
// they are, Quantity texts that marshal back to themselves. Memos in static memory (pure functions of
// their keys).

import { ByteSink } from "../../io/sink";
import { hasError, clearError } from "../../base/errors";
import { Kind, kind, elem, typeNameId } from "../../schema/schema";
import { jsonFields } from "../../typed/fields";
import { specialOf, SP_NONE, SP_QUANTITY, SP_RAW, SP_FIELDS } from "../../typed/types";
import { unmarshalQuantityJSON } from "../../quantity/unmarshal";
import { readJSON, ReadOptions } from "../../json/reader";
import { writeCanonical, WriteOptions, MODE_GO } from "../../json/writer";
import { writeQuantityJSON } from "../../quantity/canonical";


/** Type (key `t << 1 | quantities`) → may a value of it hold a RawExtension or FieldsV1 (or a Quantity): 2 yes, 1 no. */
const REACH_KEYS: usize = memory.data(4096 * 4);
const REACH_VALS: usize = memory.data(4096);
/** Quantity texts (quotes included, up to 31 bytes) known to be fixed points of ParseQuantity + MarshalJSON. */
const QMEMO: usize = memory.data(512 * 32);

/** True when a value of type `t` may hold a RawExtension or FieldsV1, or (`q`) a Quantity, through any JSON-visible path. */
export function reaches(t: i32, q: bool): bool {
  // open addressing, never evicted (a few hundred types per process)
  const key = (t << 1) | (q ? 1 : 0);
  let h = <i32>((<u32>key * <u32>0x9e3779b1) >>> 20);
  for (let probe = 0; probe < 64; probe++) {
    const k = load<i32>(REACH_KEYS + (<usize>h << 2));
    if (k == key + 1) return load<u8>(REACH_VALS + <usize>h) == 2;
    if (k == 0) break;
    h = (h + 1) & 4095;
  }
  const hit = reachesSlow(t, q);
  if (load<i32>(REACH_KEYS + (<usize>h << 2)) == 0) {
    store<i32>(REACH_KEYS + (<usize>h << 2), key + 1);
    store<u8>(REACH_VALS + <usize>h, hit ? 2 : 1);
  }
  return hit;
}

/** `reaches` by a walk over the type graph. */
function reachesSlow(t: i32, q: bool): bool {
  const seen = new Array<i32>();
  const todo = new Array<i32>();
  todo.push(t);
  seen.push(t);
  while (todo.length > 0) {
    const u = todo.pop();
    const sp = specialOf(typeNameId(u));
    if ((q && sp == SP_QUANTITY) || sp == SP_RAW || sp == SP_FIELDS) return true;
    if (sp != SP_NONE) continue;
    const k = kind(u);
    if (k == Kind.Pointer || k == Kind.Slice || k == Kind.Array || k == Kind.Map) {
      const e = elem(u);
      if (e >= 0 && !seen.includes(e)) { seen.push(e); todo.push(e); }
    } else if (k == Kind.Struct) {
      const l = jsonFields(u).list;
      for (let i = 0; i < l.length; i++) {
        const ft = l[i].t;
        if (!seen.includes(ft)) { seen.push(ft); todo.push(ft); }
      }
    } else if (k == Kind.Interface) return true; // unknown contents: walk them
  }
  return false;
}

/** The JSON names of the fields whose values are RawExtension / FieldsV1 (through pointers, slices, maps) in the last pod type. */
const RAW_NAMES: usize = memory.data(512);
export class RawNames {
  static t: i32 = -1;
  /** Every such field is a pointer straight to the raw type (JSON null leaves it nil). */
  static ptrOnly: bool = true;
  /** Bytes used in RAW_NAMES (entries: length byte, name); -1: not provable (an interface, or too many names). */
  static used: i32 = 0;
}

/** Fills RAW_NAMES for pod type `podT` (a walk over its type graph; RawNames.t is written last); false when the names cannot be listed. */
export function rawNames(podT: i32): bool {
  if (RawNames.t == podT) return RawNames.used >= 0;
  RawNames.t = -1;
  let used = 0;
  let ptrOnly = true;
  const seen = new Array<i32>();
  const todo = new Array<i32>();
  todo.push(podT);
  seen.push(podT);
  while (todo.length > 0 && used >= 0) {
    const u = todo.pop();
    if (specialOf(typeNameId(u)) != SP_NONE) continue;
    const k = kind(u);
    if (k == Kind.Interface) { used = -1; break; }
    if (k == Kind.Pointer || k == Kind.Slice || k == Kind.Array || k == Kind.Map) {
      const e = elem(u);
      if (e >= 0 && !seen.includes(e)) { seen.push(e); todo.push(e); }
    } else if (k == Kind.Struct) {
      const l = jsonFields(u).list;
      for (let i = 0; i < l.length; i++) {
        const f = l[i];
        let ft = f.t;
        while (ft >= 0) {
          const fk = kind(ft);
          if (fk != Kind.Pointer && fk != Kind.Slice && fk != Kind.Array && fk != Kind.Map) break;
          ft = elem(ft);
        }
        const sp = ft < 0 ? SP_NONE : specialOf(typeNameId(ft));
        if (sp == SP_RAW || sp == SP_FIELDS) {
          if (kind(f.t) != Kind.Pointer || elem(f.t) != ft) ptrOnly = false;
          if (used + f.nameN + 1 > 512 || f.nameN > 255) { used = -1; break; }
          store<u8>(RAW_NAMES + <usize>used, <u8>f.nameN);
          memory.copy(RAW_NAMES + <usize>(used + 1), f.nameP, <usize>f.nameN);
          used += f.nameN + 1;
        }
        if (!seen.includes(f.t)) { seen.push(f.t); todo.push(f.t); }
      }
    }
  }
  RawNames.used = used;
  RawNames.ptrOnly = ptrOnly;
  RawNames.t = podT;
  return used >= 0;
}

/** True when some `"name":` of RAW_NAMES occurs in g (a member of that name somewhere: its value may be raw JSON). */
export function hasRawMember(g: usize, n: i32): bool {
  if (RawNames.used == 0) return false;
  let i = 0;
  while (i + 8 <= n) {
    const x = load<u64>(g + <usize>i);
    const a = x ^ 0x2222222222222222;
    const m = (a - 0x0101010101010101) & ~a & 0x8080808080808080;
    if (m == 0) { i += 8; continue; }
    i += <i32>(ctz(m) >> 3);
    if (rawNameAt(g, n, i)) return true;
    i++;
  }
  for (; i < n; i++) if (load<u8>(g + <usize>i) == 0x22 && rawNameAt(g, n, i)) return true;
  return false;
}

/** True when `"name":` of RAW_NAMES starts at i. */
function rawNameAt(g: usize, n: i32, i: i32): bool {
  let o = 0;
  while (o < RawNames.used) {
    const k = <i32>load<u8>(RAW_NAMES + <usize>o);
    if (i + k + 3 <= n && load<u8>(g + <usize>(i + k + 1)) == 0x22 && load<u8>(g + <usize>(i + k + 2)) == 0x3a &&
      memory.compare(g + <usize>(i + 1), RAW_NAMES + <usize>(o + 1), <usize>k) == 0) return true;
    o += k + 1;
  }
  return false;
}

/** True when the JSON text [p, p+n) is what json.Marshal writes for its own interface{} decode (Kruise's Go 1.23). */
export function rawFixed(p: usize, n: i32): bool {
  const t = readJSON(p, n, new ReadOptions());
  if (t === null || hasError()) { clearError(); return false; }
  const o = new WriteOptions();
  o.mode = MODE_GO;
  o.go22 = true;
  o.goMinor = 23;
  const b = new ByteSink(n + 16);
  if (!writeCanonical(t, 0, b, o) || hasError()) { clearError(); return false; }
  return b.len == n && memory.compare(b.ptr, p, <usize>n) == 0;
}

/** True when the Quantity text [p, p+n) (quotes included) marshals back to itself after ParseQuantity. */
export function quantityFixed(p: usize, n: i32): bool {
  let slot: usize = 0;
  if (n < 32) {
    let h: u32 = <u32>n * 0x01000193;
    for (let i = 0; i < n; i++) h = (h ^ <u32>load<u8>(p + <usize>i)) * 0x01000193;
    slot = QMEMO + <usize>((h >>> 7) & 511) * 32;
    if (<i32>load<u8>(slot) == n && memory.compare(slot + 1, p, <usize>n) == 0) return true;
  }
  const q = unmarshalQuantityJSON(p, n);
  if (q === null || hasError()) { clearError(); return false; }
  const b = new ByteSink(n + 8);
  writeQuantityJSON(b, q);
  if (hasError()) { clearError(); return false; }
  if (b.len != n || memory.compare(b.ptr, p, <usize>n) != 0) return false;
  if (slot != 0) { store<u8>(slot, <u8>n); memory.copy(slot + 1, p, <usize>n); }
  return true;
}
