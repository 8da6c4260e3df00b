// Member keys of the lockstep walk (assembly/fast/lockstep/lockstep.ts): key records (start, length, flags) per open
// object, read from one text in a run or from both at once, and the duplicate-key check of a closing object.
// Must equal (byte for byte) and give up as lockstep.ts says: appscode.ts appscodeDiff of the two texts read by
// json/reader.ts, or LOCK_FALLBACK ("cannot prove"), never a guess.

import { validUTF8 } from "../../json/strings";
import { Lockstep, frame, fget, fset, F_BAD, F_LAST_KEY, F_COUNT, F_PATH } from "./state";
import { sameLen } from "../../bytes/simd";
import { lockString, skipWs, same } from "./scan";
import { plainKey } from "../../upstream/jsonpatch/appscode";

// a key record is 3 i32 words: start in A, length, flags (K_BAD when recorded; the rest cached by keyFlags)
/** Key record flag: the key has an escape or invalid UTF-8 (it needs decoding). */
export const K_BAD: i32 = 1;
/** Key record flag: keyFlags has classified the key. */
export const K_SEEN: i32 = 2;
/** Key record flag: the key goes into a written path with nothing for json.Marshal to change (Path's needs 0). */
export const K_PATH: i32 = 4;
/** Key record flag: the key is written into a path as it is (plainKey: nothing to escape). */
export const K_PLAIN: i32 = 8;

/** Records the key whose content is [s, e) for frame f (`high`: it has a byte >= 0x80, then checked as UTF-8). */
@inline export function recordKey(w: Lockstep, f: usize, a: usize, s: i32, e: i32, high: bool): void {
  storeKey(w, f, s, e - s, high && !validUTF8(a + <usize>s, e - s));
}

/** Appends the key record (start, length, `bad`: it needs decoding) to frame f's member list. */
@inline function storeKey(w: Lockstep, f: usize, s: i32, n: i32, bad: bool): void {
  if (w.nkeys >= w.keysCap) {
    w.keysCap <<= 1;
    w.keys = heap.realloc(w.keys, <usize>(w.keysCap * 3) << 2);
  }
  const r = w.keys + (<usize>(w.nkeys * 3) << 2);
  store<i32>(r, s);
  store<i32>(r, n, 4);
  store<i32>(r, bad ? K_BAD : 0, 8);
  if (bad) fset(f, F_BAD, 1);
  fset(f, F_LAST_KEY, w.nkeys);
  fset(f, F_COUNT, fget(f, F_COUNT) + 1);
  fset(f, F_PATH, 0);
  w.nkeys++;
}

/**
 * Reads a member key at i in A and j in B (their quotes) for frame `k`, then the colon: the position
 * of A's value (w.jEnd: B's), -1 when the keys differ (the member list does), -2 when A is not valid.
 */
@inline export function readKey(w: Lockstep, i: i32, j: i32, k: i32): i32 {
  const a = w.a;
  const b = w.b;
  if (i >= w.na || load<u8>(a + <usize>i) != 0x22) return -2;
  if (j >= w.nb || load<u8>(b + <usize>j) != 0x22) return -1;
  const e = lockString(w, i + 1, j + 1);
  if (e < 0) return e;
  const n = e - 1 - (i + 1);
  storeKey(w, frame(w, k), i + 1, n, w.escaped || (w.high && !validUTF8(a + <usize>(i + 1), n)));
  let p = skipWs(a, w.na, e);
  let q = skipWs(b, w.nb, w.jEnd);
  if (p >= w.na || load<u8>(a + <usize>p) != 0x3a) return -2;
  if (q >= w.nb || load<u8>(b + <usize>q) != 0x3a) return -1;
  w.jEnd = skipWs(b, w.nb, q + 1);
  return skipWs(a, w.na, p + 1);
}

/** True when two keys of the object whose key records are [from, to) may be the same decoded key (any escape or invalid UTF-8 counts). */
export function duplicateKeys(w: Lockstep, from: i32, to: i32): bool {
  let sig: u64 = 0;
  let clash = false;
  const a = w.a;
  for (let k = from; k < to; k++) {
    const r = w.keys + (<usize>(k * 3) << 2);
    const p = a + <usize>load<i32>(r);
    const n = load<i32>(r, 4);
    const bit = <u64>1 << <u64>((<u32>n * 7 + (n > 0 ? <u32>load<u8>(p) * 3 + <u32>load<u8>(p + <usize>(n - 1)) : 0)) & 63);
    if (sig & bit) clash = true;
    sig |= bit;
  }
  if (!clash) return false;
  for (let k = from; k < to; k++) {
    const r = w.keys + (<usize>(k * 3) << 2);
    const n = load<i32>(r, 4);
    for (let q = k + 1; q < to; q++) {
      const s = w.keys + (<usize>(q * 3) << 2);
      if (load<i32>(s, 4) == n && same(a + <usize>load<i32>(r), a + <usize>load<i32>(s), n)) return true;
    }
  }
  return false;
}

/**
 * True when the keys of key records [from, to) are in strictly increasing byte order (so no two are the same).
 * For keys that need no decoding this is the order the whole diff visits the members of an object with more
 * than 32 of them, and the document order the walk writes their operations in.
 */
export function keysAscending(w: Lockstep, from: i32, to: i32): bool {
  const a = w.a;
  for (let k = from + 1; k < to; k++) {
    const r = w.keys + (<usize>((k - 1) * 3) << 2);
    const s = w.keys + (<usize>(k * 3) << 2);
    const n = load<i32>(r, 4);
    const m = load<i32>(s, 4);
    const p = a + <usize>load<i32>(r);
    const q = a + <usize>load<i32>(s);
    const e = sameLen(p, q, n < m ? n : m);
    if (e < n && e < m) { if (load<u8>(p + <usize>e) > load<u8>(q + <usize>e)) return false; }
    else if (n >= m) return false;
  }
  return true;
}

/** The flags of key record `r` (K_*), classifying the key on first use: plain, or only `~` and `/` to escape. */
export function keyFlags(w: Lockstep, r: usize): i32 {
  let f = load<i32>(r, 8);
  if ((f & (K_BAD | K_SEEN)) != 0) return f;
  const p = w.a + <usize>load<i32>(r);
  const n = load<i32>(r, 4);
  f |= K_SEEN;
  if (plainKey(p, n)) f |= K_PATH | K_PLAIN;
  else {
    let ok = true;
    for (let k = 0; k < n; k++) {
      const c = <u32>load<u8>(p + <usize>k);
      if (c < 0x20 || c == 0x22 || c == 0x5c || c == 0x3c || c == 0x3e || c == 0x26 || c == 0xe2) { ok = false; break; }
    }
    if (ok) f |= K_PATH;
  }
  store<i32>(r, f, 8);
  return f;
}
