// FNV-1a 32 over constant strings in one step. An FNV-1a step h' = (h ^ b) * p leaves the low 8 bits
// of every later state depending only on the low 8 bits of the earlier one, and h ^ b = hi + (lo ^ b)
// (hi = h & ~0xff, lo = h & 0xff). Hence for a fixed string s of length L and any state h:
//   FNV_s(h) = FNV_s(lo) + hi * p^L   (mod 2^32)
// so a 256-entry table of FNV_s(lo) turns s into one load, one multiply and one add.
//
// go-spew prints a []byte as ` ` + decimal per byte after the first; `spewByteList` hashes that text
// with one table step per byte: 256 strings (" 0" … " 255") × 256 states = 256 KiB, computed once
// per process into static memory (below the arena, so `heap.reset` keeps it).

import { FNV32_OFFSET, FNV32_PRIME, fnv1a_32 } from "./fnv";

/** T[b * 256 + lo] = FNV-1a of " " + decimal(b) from state lo. */
const BYTE_TABLE: usize = memory.data(256 * 256 * 4, 16);
/** P[b] = FNV32_PRIME ^ len(" " + decimal(b)). */
const BYTE_POW: usize = memory.data(256 * 4, 16);
/** L[b * 256 + lo] = the low byte of T[b * 256 + lo]: the chain of low bytes runs through this 64 KiB table. */
const BYTE_LOW: usize = memory.data(256 * 256, 16);

/** Whether the byte tables are filled (a global: survives the per-call heap reset). */
let byteTableReady: bool = false;

/** FNV-1a 32 of the ASCII string `s` from state `h`. */
export function fnv1aString(h: u32, s: string): u32 {
  for (let i = 0, n = s.length; i < n; i++) h = (h ^ <u32>s.charCodeAt(i)) * FNV32_PRIME;
  return h;
}

/** FNV-1a 32 of the decimal digits of byte `b` from state `h`. */
@inline function fnv1aDecimal(h: u32, b: u32): u32 {
  if (b >= 100) h = (h ^ (0x30 + b / 100)) * FNV32_PRIME;
  if (b >= 10) h = (h ^ (0x30 + (b / 10) % 10)) * FNV32_PRIME;
  return (h ^ (0x30 + b % 10)) * FNV32_PRIME;
}

/** Fills the per-byte tables (once per process). */
function fillByteTable(): void {
  for (let b: u32 = 0; b < 256; b++) {
    const len: u32 = b >= 100 ? 4 : b >= 10 ? 3 : 2;
    let pw: u32 = 1;
    for (let i: u32 = 0; i < len; i++) pw *= FNV32_PRIME;
    store<u32>(BYTE_POW + (<usize>b << 2), pw);
    const row = BYTE_TABLE + (<usize>b << 10);
    for (let lo: u32 = 0; lo < 256; lo++) {
      const t = fnv1aDecimal((lo ^ 0x20) * FNV32_PRIME, b);
      store<u32>(row + (<usize>lo << 2), t);
      store<u8>(BYTE_LOW + (<usize>b << 8) + <usize>lo, <u8>t);
    }
  }
  byteTableReady = true;
}

/**
 * FNV-1a 32, from state `h`, of go-spew's list text of the `n` bytes at `p`: `[` + decimals separated by
 * spaces + `]` (what follows `([]uint8)` in `%#v`).
 */
export function fnv1aSpewByteList(h: u32, p: usize, n: i32): u32 {
  h = (h ^ 0x5b) * FNV32_PRIME;
  if (n > 0) {
    h = fnv1aDecimal(h, <u32>load<u8>(p));
    h = fnv1aSpewByteRun(h, p + 1, n - 1);
  }
  return (h ^ 0x5d) * FNV32_PRIME;
}

/** FNV-1a 32, from state `h`, of ` ` + decimal for each of the `n` bytes at `p` (the list text after its first byte). */
export function fnv1aSpewByteRun(h: u32, p: usize, n: i32): u32 {
  if (n <= 0) return h;
  if (!byteTableReady) fillByteTable();
  const end = p + <usize>n;
  // state = hi + lo: lo' = L[b][lo] (an L1-sized table: the only serial chain), hi' = hi * P[b] + (T[b][lo] - lo')
  let lo = <usize>(h & 0xff);
  let hi = h - <u32>lo;
  for (let q = p; q < end; q++) {
    const b = <usize>load<u8>(q);
    const t = load<u32>(BYTE_TABLE + (b << 10) + (lo << 2));
    const lo2 = <usize>load<u8>(BYTE_LOW + (b << 8) + lo);
    hi = hi * load<u32>(BYTE_POW + (b << 2)) + (t - <u32>lo2);
    lo = lo2;
  }
  return hi + <u32>lo;
}

/** The second state fnv1aSpewByteRun2 ran (the first is its return value). */
let run2Second: u32 = 0; // scratch: rewritten before every use

/**
 * fnv1aSpewByteRun of the same `n` bytes at `p` from two states `h1` and `h2` in one pass (two independent chains, the
 * second in the shadow of the first): returns the first, the second is then `spewByteRun2Second()`.
 */
export function fnv1aSpewByteRun2(h1: u32, h2: u32, p: usize, n: i32): u32 {
  run2Second = h2;
  if (n <= 0) return h1;
  if (!byteTableReady) fillByteTable();
  const end = p + <usize>n;
  let lo1 = <usize>(h1 & 0xff);
  let hi1 = h1 - <u32>lo1;
  let lo2 = <usize>(h2 & 0xff);
  let hi2 = h2 - <u32>lo2;
  for (let q = p; q < end; q++) {
    const b = <usize>load<u8>(q);
    const row = BYTE_TABLE + (b << 10);
    const low = BYTE_LOW + (b << 8);
    const pw = load<u32>(BYTE_POW + (b << 2));
    const t1 = load<u32>(row + (lo1 << 2));
    const n1 = <usize>load<u8>(low + lo1);
    const t2 = load<u32>(row + (lo2 << 2));
    const n2 = <usize>load<u8>(low + lo2);
    hi1 = hi1 * pw + (t1 - <u32>n1);
    hi2 = hi2 * pw + (t2 - <u32>n2);
    lo1 = n1;
    lo2 = n2;
  }
  run2Second = hi2 + <u32>lo2;
  return hi1 + <u32>lo1;
}

/** The second state of the last fnv1aSpewByteRun2. */
export function spewByteRun2Second(): u32 {
  return run2Second;
}

/**
 * FNV-1a 32 of go-spew `%#v` of the []byte [p, p+n) and of the same bytes with [p+s, p+s+m) replaced by the `zn` bytes at
 * `z` (0 < s, s + m <= n): the kubelet's hash and hash without resources from one pass over the common tail (both chains
 * together). Returns the first; the second is then `spewByteRun2Second()`.
 */
export function fnv1aSpewBytesReplaced(p: usize, n: i32, s: i32, m: i32, z: usize, zn: i32): u32 {
  let h = fnv1aString(FNV32_OFFSET, "([]uint8)[");
  h = fnv1aDecimal(h, <u32>load<u8>(p));
  h = fnv1aSpewByteRun(h, p + 1, s - 1);
  let h1 = fnv1aSpewByteRun(h, p + <usize>s, m);
  let h2 = fnv1aSpewByteRun(h, z, zn);
  h1 = fnv1aSpewByteRun2(h1, h2, p + <usize>(s + m), n - s - m);
  h2 = run2Second;
  run2Second = (h2 ^ 0x5d) * FNV32_PRIME;
  return (h1 ^ 0x5d) * FNV32_PRIME;
}

/** FNV-1a 32 of go-spew `%#v` of a []byte: `([]uint8)[` + decimal bytes separated by spaces + `]`. */
export function fnv1aSpewBytes(p: usize, n: i32): u32 {
  return fnv1aSpewByteList(fnv1aString(FNV32_OFFSET, "([]uint8)"), p, n);
}

// ---- tables of constant strings, keyed by the caller (e.g. a spew piece of a schema type) ----
// An open-addressing map (key + 1 → table address) and a pool of tables (256 u32 states + p^len),
// both static: filled once per process, never reset. When the pool is full a key maps to CONST_NONE
// and its caller hashes the text itself.

/** Returned for keys that have no table (pool full): hash the text directly. */
export const CONST_NONE: usize = 1;
const CONST_SLOTS_LOG: u64 = 14;
const CONST_SLOTS: i32 = 1 << <i32>CONST_SLOTS_LOG;
const CONST_TABLE_SIZE: usize = 1028;
const CONST_POOL_TABLES: i32 = 2040;
const CONST_MAP: usize = memory.data(CONST_SLOTS * 16, 16);
const CONST_POOL: usize = memory.data(<i32>CONST_TABLE_SIZE * CONST_POOL_TABLES, 16);
let constUsed: i32 = 0;
let constKeys: i32 = 0;

/** True while at most `percent` % of the constant-table pool is used. */
export function constRoom(percent: i32): bool {
  return constUsed * 100 < CONST_POOL_TABLES * percent;
}

/**
 * The table of constant-string key `key`: 0 when unknown and `len` < 0 (the default); otherwise, when
 * unknown, builds it from the `len` bytes at `ptr` (CONST_NONE when the pool is full).
 */
export function constTable(key: u64, ptr: usize = 0, len: i32 = -1): usize {
  const k1 = key + 1;
  let s = <u32>((k1 * 0x9e3779b97f4a7c15) >> (64 - CONST_SLOTS_LOG));
  while (true) {
    const e = CONST_MAP + (<usize>s << 4);
    const k = load<u64>(e);
    if (k == k1) return <usize>load<u32>(e, 8);
    if (k == 0) {
      if (len < 0) return 0;
      if (constKeys * 2 >= CONST_SLOTS) return CONST_NONE;
      let t = CONST_NONE;
      if (constUsed < CONST_POOL_TABLES) {
        t = CONST_POOL + <usize>constUsed * CONST_TABLE_SIZE;
        constUsed++;
        fillConstTable(t, ptr, len);
      }
      store<u64>(e, k1);
      store<u32>(e, <u32>t, 8);
      constKeys++;
      return t;
    }
    s = (s + 1) & <u32>(CONST_SLOTS - 1);
  }
  return CONST_NONE;
}

/** A table of its own (no key) for the `len` bytes at `ptr`, from the same pool; CONST_NONE when the pool is full. */
export function newConstTable(ptr: usize, len: i32): usize {
  if (constUsed >= CONST_POOL_TABLES) return CONST_NONE;
  const t = CONST_POOL + <usize>constUsed * CONST_TABLE_SIZE;
  constUsed++;
  fillConstTable(t, ptr, len);
  return t;
}

/** Fills table `t` for the `len` bytes at `ptr`. */
function fillConstTable(t: usize, ptr: usize, len: i32): void {
  let pw: u32 = 1;
  for (let i = 0; i < len; i++) pw *= FNV32_PRIME;
  store<u32>(t, pw, 1024);
  for (let lo: u32 = 0; lo < 256; lo++) store<u32>(t + (<usize>lo << 2), fnv1a_32(ptr, <usize>len, lo));
}

/** FNV-1a 32 of table `t`'s string from state `h`: one load, one multiply, one add. */
@inline export function constStep(t: usize, h: u32): u32 {
  const lo = h & 0xff;
  return load<u32>(t + (<usize>lo << 2)) + (h - lo) * load<u32>(t, 1024);
}
