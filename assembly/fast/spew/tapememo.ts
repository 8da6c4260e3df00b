// Process-wide memos of the tape walk (spewtape.ts), in static memory below the arena (filled once per
// process, never reset): what a schema type is to the walk, and the FNV table of the stored-form spew body
// of a Quantity or IntOrString per exact raw JSON text and Go release (their decode, round trip and spew depend on
// nothing else). Must equal: what spewtape.ts computes without the memo (a body's table is kept only when the
// text spewer's text and spewfnv's hash of it agree); when the memo is full nothing more is kept (no guess).

import { Kind, kind, elem, key, typeNameId } from "../../schema/schema";
import { specialOf, SP_NONE, SP_QUANTITY, SP_INTORSTRING } from "../../typed/types";
import { writesNullWhenZero } from "../storedform/roundtrip";

/** typeInfo bits above the kind (low 8 bits). */
export const TI_NATIVE: i32 = 1 << 8;
/** A hand-written JSON type whose stored-form body is memoized per raw text (Quantity, IntOrString). */
export const TI_MEMO: i32 = 1 << 9;

const TI_SLOTS: i32 = 2048;
const TI_TABLE: usize = memory.data(TI_SLOTS * 8, 16);

/** Kind of `ty` | TI_NATIVE when the walk reads it from the tape | TI_MEMO for Quantity and IntOrString (direct-mapped memo). */
export function typeInfo(ty: i32): i32 {
  const e = TI_TABLE + (<usize>((<u32>ty * 0x9e3779b1) >> 21) << 3);
  if (load<i32>(e) == ty + 1) return load<i32>(e, 4);
  const k = kind(ty);
  let info = k;
  switch (k) {
    case Kind.Struct: {
      const sp = specialOf(typeNameId(ty));
      if (sp == SP_NONE) info |= TI_NATIVE;
      else if (sp == SP_QUANTITY || sp == SP_INTORSTRING) info |= TI_MEMO;
      break;
    }
    case Kind.Pointer:
      // a pointer to a zero Time reads back nil: storedForm decides (it gives up there)
      if (!writesNullWhenZero(elem(ty))) info |= TI_NATIVE;
      break;
    case Kind.String: case Kind.Bool:
    case Kind.Int: case Kind.Int8: case Kind.Int16: case Kind.Int32: case Kind.Int64:
    case Kind.Uint: case Kind.Uint8: case Kind.Uint16: case Kind.Uint32: case Kind.Uint64:
      info |= TI_NATIVE;
      break;
    case Kind.Slice:
      if (kind(elem(ty)) != Kind.Uint8) info |= TI_NATIVE;
      break;
    case Kind.Map:
      if (kind(key(ty)) == Kind.String) info |= TI_NATIVE;
      break;
  }
  store<i32>(e, info, 4);
  store<i32>(e, ty + 1);
  return info;
}

// Memoized bodies: open addressing over (type, Go release, raw JSON bytes) → FNV table address; the raw bytes are
// copied into a static pool and compared exactly on lookup. The first word of an entry is (type + 1) | go << 24
// (type handles stay below 2^21).
const QM_SLOTS: i32 = 512;
const QM_MAX: i32 = 256;
const QM_TABLE: usize = memory.data(QM_SLOTS * 16, 16); // qmKey, raw offset, raw length, table
const QM_POOL_BYTES: i32 = 8192;
const QM_POOL: usize = memory.data(QM_POOL_BYTES, 16);
let qmCount: i32 = 0;
let qmUsed: i32 = 0;

/** The first word of the entry of type `ty` under Go release `go`. */
@inline function qmKey(ty: i32, go: i32): i32 {
  return (ty + 1) | (go << 24);
}

function qmSlot(mk: i32, p: usize, n: i32): i32 {
  let h: u32 = <u32>mk * 0x9e3779b1;
  for (let i = 0; i < n; i++) h = (h ^ <u32>load<u8>(p + <usize>i)) * 0x01000193;
  return <i32>(h >> 23) & (QM_SLOTS - 1);
}

/** The memoized table of the body for raw JSON text [p, p+n) of type `ty` under Go release `go`, or 0. */
export function memoTable(ty: i32, go: i32, p: usize, n: i32): usize {
  const mk = qmKey(ty, go);
  let s = qmSlot(mk, p, n);
  while (true) {
    const e = QM_TABLE + (<usize>s << 4);
    const t = load<i32>(e);
    if (t == 0) return 0;
    if (t == mk && load<i32>(e, 8) == n && memory.compare(QM_POOL + <usize>load<i32>(e, 4), p, <usize>n) == 0) return <usize>load<u32>(e, 12);
    s = (s + 1) & (QM_SLOTS - 1);
  }
  return 0;
}

/** True while another body may be memoized for a raw text of `n` bytes. */
export function memoRoom(n: i32): bool {
  return qmCount < QM_MAX && qmUsed + n <= QM_POOL_BYTES;
}

/** Memoizes `table` for raw JSON text [p, p+n) of type `ty` under Go release `go` (check memoRoom first; the text must be new). */
export function rememberTable(ty: i32, go: i32, p: usize, n: i32, table: usize): void {
  const mk = qmKey(ty, go);
  let s = qmSlot(mk, p, n);
  while (load<i32>(QM_TABLE + (<usize>s << 4)) != 0) s = (s + 1) & (QM_SLOTS - 1);
  const e = QM_TABLE + (<usize>s << 4);
  memory.copy(QM_POOL + <usize>qmUsed, p, <usize>n);
  store<i32>(e, qmUsed, 4);
  store<i32>(e, n, 8);
  store<u32>(e, <u32>table, 12);
  store<i32>(e, mk);
  qmUsed += n;
  qmCount++;
}
