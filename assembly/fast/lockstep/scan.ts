// Byte scanning of the lockstep walk (assembly/fast/lockstep/lockstep.ts): whitespace, strings and numbers 8 bytes at
// a time, the run of equal bytes of both texts (measureRun), both strings at once (lockString), and the
// validating skip of a whole container inside a run (skipSame).
// Must equal (byte for byte) and give up as lockstep.ts says: appscode.ts appscodeDiff of the two texts read by
// json/reader.ts, or LOCK_FALLBACK ("cannot prove"), never a guess.

import { parseNumber, outOfRange } from "../../json/number";
import { escapeEnd } from "../../json/fastread";
import { Lockstep, SKIP_CAP, SKIP_LEVELS } from "./state";
import { stopAt, stopAtFlags, sameLen, sameBytesSIMD } from "../../bytes/simd";
import { SCAN_HIGH } from "../../bytes/scalar";

/** True for JSON whitespace (space, tab, line feed, carriage return). */
@inline export function isWs(c: u32): bool { return c <= 0x20 && ((<u64>0x100002600 >> <u64>c) & 1) != 0; }

/** The first position from i of [p, p+n) that is not whitespace (n at the end). */
@inline export function skipWs(p: usize, n: i32, i: i32): i32 {
  while (i < n && isWs(<u32>load<u8>(p + <usize>i))) i++;
  return i;
}

/**
 * Both strings from after their opening quotes (i in A, j in B): the position after A's closing quote
 * when the strings are the same bytes (w.jEnd: B's), -1 when they differ, -2 when A's is not valid.
 */
@inline export function lockString(w: Lockstep, i: i32, j: i32): i32 {
  const a = w.a;
  const b = w.b;
  const na = w.na;
  const nb = w.nb;
  let high = false;
  let esc = false;
  // inside a known run of equal bytes only A is scanned
  if (j - i != w.d || i >= w.m) measureRun(w, i, j);
  if (i < w.m) {
    const r = stopAtFlags(a, i, w.m);
    const e = <i32>r;
    high = (<u32>(r >> 32) & SCAN_HIGH) != 0;
    if (e < w.m && <u32>load<u8>(a + <usize>e) == 0x22) {
      w.jEnd = e + w.d + 1;
      w.escaped = false;
      w.high = high;
      return e + 1;
    }
    i = e;
  }
  j = i + w.d;
  while (true) {
    // to A's next stop byte, both texts compared on the way (16 bytes at a time)
    const r = stopAtFlags(a, i, na);
    const k = <i32>r;
    const run = k - i;
    const room = nb - j;
    if (run > room) return -1;
    // (the bytes inside the known run of equal bytes are not compared again)
    const known = j - i == w.d && i < w.m ? (k <= w.m ? run : w.m - i) : 0;
    if (known < run && sameLen(a + <usize>(i + known), b + <usize>(j + known), run - known) < run - known) return -1;
    if ((<u32>(r >> 32) & SCAN_HIGH) != 0) high = true;
    i = k;
    j += run;
    // one byte at a time (a stop byte, or the end of a text)
    if (i >= na) return -2;
    if (j >= nb) return -1;
    const c = <u32>load<u8>(a + <usize>i);
    if (c != <u32>load<u8>(b + <usize>j)) return -1;
    if (c == 0x22) {
      w.jEnd = j + 1;
      w.escaped = esc;
      w.high = high;
      return i + 1;
    }
    if (c == 0x5c) {
      esc = true;
      if (i + 1 >= na) return -2;
      const e = <u32>load<u8>(a + <usize>(i + 1));
      if (j + 1 >= nb || <u32>load<u8>(b + <usize>(j + 1)) != e) return -1;
      if (e == 0x75) {
        if (i + 6 > na) return -2;
        for (let k = 2; k < 6; k++) {
          const h = <u32>load<u8>(a + <usize>(i + k));
          if (!(h - 0x30 < 10 || (h | 0x20) - 0x61 < 6)) return -2;
          if (j + k >= nb || <u32>load<u8>(b + <usize>(j + k)) != h) return -1;
        }
        i += 6;
        j += 6;
      } else if (e == 0x22 || e == 0x5c || e == 0x2f || e == 0x62 || e == 0x66 || e == 0x6e || e == 0x72 || e == 0x74) {
        i += 2;
        j += 2;
      } else return -2;
      continue;
    }
    return -2; // a control byte
  }
  return -2;
}

/** Measures the run of equal bytes from i in A and j in B (w.d, w.m). */
export function measureRun(w: Lockstep, i: i32, j: i32): void {
  const na = w.na - i;
  const nb = w.nb - j;
  w.d = j - i;
  w.m = i + sameLen(w.a + <usize>i, w.b + <usize>j, na < nb ? na : nb);
}


/** The end of the number starting at i in A, or -1 when it is not valid JSON there. */
export function scanNumber(w: Lockstep, i: i32): i32 {
  const a = w.a;
  const n = w.na;
  const start = i;
  let exp = false;
  if (load<u8>(a + <usize>i) == 0x2d) { i++; if (i >= n) return -1; }
  let d = <u32>load<u8>(a + <usize>i);
  if (d == 0x30) i++;
  else {
    if (d - 0x31 >= 9) return -1;
    i++;
    while (i < n && <u32>load<u8>(a + <usize>i) - 0x30 < 10) i++;
  }
  if (i < n) {
    d = <u32>load<u8>(a + <usize>i);
    if (d == 0x2e) {
      i++;
      if (i >= n || <u32>load<u8>(a + <usize>i) - 0x30 >= 10) return -1;
      while (i < n && <u32>load<u8>(a + <usize>i) - 0x30 < 10) i++;
      d = i < n ? <u32>load<u8>(a + <usize>i) : 0;
    }
    if ((d | 0x20) == 0x65) {
      exp = true;
      i++;
      if (i >= n) return -1;
      d = <u32>load<u8>(a + <usize>i);
      if (d == 0x2b || d == 0x2d) { i++; if (i >= n) return -1; d = <u32>load<u8>(a + <usize>i); }
      if (d - 0x30 >= 10) return -1;
      while (i < n && <u32>load<u8>(a + <usize>i) - 0x30 < 10) i++;
    }
  }
  w.numberLong = exp || i - start > 300;
  return i;
}

/** True when `n` bytes at `p` and `q` are equal. */
@inline export function same(p: usize, q: usize, n: i32): bool {
  return sameBytesSIMD(p, q, n);
}


/** The end (after the closing quote) of the string whose content starts at i, when it ends before `m` with no escape; -1 otherwise. */
@inline export function runString(w: Lockstep, a: usize, i: i32, m: i32): i32 {
  const r = stopAtFlags(a, i, m);
  const e = <i32>r;
  if (e >= m || load<u8>(a + <usize>e) != 0x22) return -1;
  w.runHigh = (<u32>(r >> 32) & SCAN_HIGH) != 0;
  return e + 1;
}

/** The end (after the closing quote) of the valid string whose content starts at i, when it ends before `m`; -1 otherwise. */
export function skipString(a: usize, i: i32, m: i32): i32 {
  while (true) {
    i = stopAt(a, i, m);
    if (i >= m) return -1;
    const c = <u32>load<u8>(a + <usize>i);
    if (c == 0x22) return i + 1;
    if (c < 0x20) return -1;
    if (c != 0x5c) { i++; continue; }
    if (i + 1 >= m) return -1;
    i = escapeEnd(a, m, i + 1);
    if (i < 0) return -1;
  }
  return -1;
}


/**
 * The end (after its close) of the compact, valid container at i (`{` or `[`) when all of it lies before
 * `m` (inside the run: B has the same bytes) and its nesting stays under `room` (and 64); -1 otherwise
 * (the caller then walks it step by step, which decides). Checks what the walk would: JSON syntax,
 * strings, number syntax and float64 range; keys are not recorded (nothing below differs).
 */
export function skipSame(w: Lockstep, a: usize, i: i32, m: i32, room: i32): i32 {
  w.skipStop = m; // the most it may have scanned (a failed attempt ends no later)
  // the containers it completes are recorded (a failed attempt's caller skips them: skippedEnd)
  w.nskips = 0;
  w.skipAt = 0;
  w.skipD = w.d;
  const starts = w.starts;
  let bits: u64 = 0; // bit k: the container at local nesting k is an object
  let lvl = 0;
  let c = <u32>load<u8>(a + <usize>i);
  while (true) {
    // c = a[i] starts a value
    if (c == 0x7b || c == 0x5b) {
      if (lvl >= SKIP_LEVELS || lvl >= room) return -1;
      const obj = c == 0x7b;
      if (obj) bits |= <u64>1 << <u64>lvl;
      else bits &= ~(<u64>1 << <u64>lvl);
      store<i32>(starts + (<usize>lvl << 2), i);
      lvl++;
      i++;
      if (i >= m) return -1;
      c = <u32>load<u8>(a + <usize>i);
      if (c == (obj ? 0x7d : 0x5d)) {
        lvl--;
        i++;
        if (lvl > 0) recordSkip(w, load<i32>(starts + (<usize>lvl << 2)), i);
      } else {
        if (obj) {
          if (c != 0x22) return -1;
          i = skipString(a, i + 1, m);
          if (i < 0 || i + 1 >= m || load<u8>(a + <usize>i) != 0x3a) return -1;
          i++;
        }
        c = <u32>load<u8>(a + <usize>i);
        continue;
      }
    } else if (c == 0x22) {
      i = skipString(a, i + 1, m);
      if (i < 0) return -1;
    } else if (c - 0x30 < 10 || c == 0x2d) {
      const e = scanNumber(w, i);
      if (e < 0 || e >= m) return -1;
      if (w.numberLong) {
        if (outOfRange(parseNumber(a + <usize>i, e - i))) return -1;
      }
      i = e;
    } else if (c == 0x74 && i + 4 < m && load<u32>(a + <usize>i) == 0x65757274) i += 4;
    else if (c == 0x66 && i + 5 < m && load<u32>(a + <usize>(i + 1)) == 0x65736c61) i += 5;
    else if (c == 0x6e && i + 4 < m && load<u32>(a + <usize>i) == 0x6c6c756e) i += 4;
    else return -1;
    // after a value (or a close): `,` or closes
    while (true) {
      if (lvl == 0) return i;
      if (i >= m) return -1;
      c = <u32>load<u8>(a + <usize>i);
      const obj = (bits >> <u64>(lvl - 1)) & 1;
      if (c == (obj ? 0x7d : 0x5d)) {
        lvl--;
        i++;
        if (lvl > 0) recordSkip(w, load<i32>(starts + (<usize>lvl << 2)), i);
        continue;
      }
      if (c != 0x2c) return -1;
      i++;
      if (i >= m) return -1;
      if (obj) {
        if (load<u8>(a + <usize>i) != 0x22) return -1;
        i = skipString(a, i + 1, m);
        if (i < 0 || i + 1 >= m || load<u8>(a + <usize>i) != 0x3a) return -1;
        i++;
      }
      break;
    }
    c = <u32>load<u8>(a + <usize>i);
  }
  return -1;
}

/** Records the completed container [s, e) of a skipSame attempt, dropping the entries nested inside it. */
@inline function recordSkip(w: Lockstep, s: i32, e: i32): void {
  let n = w.nskips;
  const t = w.skips;
  while (n > 0 && load<i32>(t + (<usize>(n - 1) << 3)) > s) n--;
  if (n < SKIP_CAP) {
    store<i32>(t + (<usize>n << 3), s);
    store<i32>(t + (<usize>n << 3), e, 4);
    n++;
  }
  w.nskips = n;
}

/**
 * The end of the container starting at i when the last (failed) skipSame attempt completed it in the
 * current run (validated, its nesting checked, B the same bytes); -1 otherwise. Positions asked must not
 * decrease between attempts.
 */
export function skippedEnd(w: Lockstep, i: i32): i32 {
  if (w.skipD != w.d) return -1;
  let k = w.skipAt;
  const n = w.nskips;
  const t = w.skips;
  while (k < n && load<i32>(t + (<usize>k << 3)) < i) k++;
  w.skipAt = k;
  if (k < n && load<i32>(t + (<usize>k << 3)) == i) {
    const e = load<i32>(t + (<usize>k << 3), 4);
    if (e <= w.m) return e;
  }
  return -1;
}
