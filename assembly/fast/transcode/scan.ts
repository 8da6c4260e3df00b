// Validating byte scanner of the transcoder (assembly/fast/transcode/): a cursor over raw JSON bytes with
// whitespace, string, number and literal readers and a validating skip of whole values. Everything is
// checked as Go's scanner checks it (RFC 8259 grammar, control bytes in strings, escapes); on anything it
// does not accept it answers false and the transcoder gives up (the exact path then reports the error).
// Strings are also checked for valid UTF-8: the transcoder does not handle the U+FFFD replacement.
//
// Must equal: json/reader.ts readJSON's verdict (what it accepts here the reader accepts, with the same extent).
// Gives up (false) on anything else - it may refuse valid JSON (invalid UTF-8, nesting past the budget), never
// accept invalid JSON.

import { decodeRune, runeLen } from "../../json/strings";

/** A cursor over raw JSON bytes and what its last string / number read found (one per scan, passed along). */
export class Cursor {
  /** Content of the last string read (between its quotes). */
  sp: usize = 0;
  sn: i32 = 0;
  /** S_* flags of the last string read. */
  sflags: i32 = 0;
  /** Last number read: its bytes and whether it is an integer (no fraction, no exponent). */
  np: usize = 0;
  nn: i32 = 0;
  nint: bool = false;
  nexp: bool = false;

  /** A cursor at `pos` (next byte to read) over input that ends at `end`. */
  constructor(public pos: usize, public end: usize) {}
}

/** The string has backslash escapes. */
export const S_ESC: i32 = 1;
/** The string has bytes >= 0x80 (valid UTF-8). */
export const S_HIGH: i32 = 2;
/** Go's encoder escapes something in it: `<`, `>`, `&`, U+2028 or U+2029. */
export const S_NEEDESC: i32 = 4;


const ONES: u64 = 0x0101010101010101;
const HIGHS: u64 = 0x8080808080808080;

/**
 * Nonzero when one of the 8 bytes of x is a control byte, `"`, `\`, `<`, `>`, `&` or >= 0x80, the lowest
 * flagged byte exact (ctz(m) >> 3 finds it): json/strings' goSpecial8 in fewer steps (`"` and `&` differ
 * only in bit 2, `<` and `>` only in bit 1, so one zero-byte test finds each pair).
 */
@inline export function special8(x: u64): u64 {
  const a = (x | 0x0404040404040404) ^ 0x2626262626262626;
  const b = (x | 0x0202020202020202) ^ 0x3e3e3e3e3e3e3e3e;
  const c = x ^ 0x5c5c5c5c5c5c5c5c;
  return (((a - ONES) & ~a) | ((b - ONES) & ~b) | ((c - ONES) & ~c) | ((x - 0x2020202020202020) & ~x) | x) & HIGHS;
}

/** Skips JSON whitespace; returns the next byte (or -1 at the end). */
@inline export function ws(cur: Cursor): i32 {
  let p = cur.pos;
  const e = cur.end;
  if (p < e) {
    const c = <i32>load<u8>(p);
    if (c > 0x20) return c;
  }
  while (p < e) {
    const c = <i32>load<u8>(p);
    if (c != 0x20 && c != 0x0a && c != 0x0d && c != 0x09) { cur.pos = p; return c; }
    p++;
  }
  cur.pos = p;
  return -1;
}

@inline function hexDigit(c: i32): bool {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
}

/**
 * Reads the string whose opening quote is at the cursor: content in cur.sp/sn, flags in cur.sflags, the
 * cursor after the closing quote. False on a syntax error or invalid UTF-8.
 */
export function readString(cur: Cursor): bool {
  let p = cur.pos + 1;
  const e = cur.end;
  const start = p;
  let flags = 0;
  while (true) {
    while (p + 8 <= e) {
      const m = special8(load<u64>(p));
      if (m == 0) { p += 8; continue; }
      p += <usize>(ctz(m) >> 3);
      break;
    }
    if (p >= e) return false;
    const c = <i32>load<u8>(p);
    if (c == 0x22) break;
    if (c == 0x5c) {
      if (p + 1 >= e) return false;
      const x = <i32>load<u8>(p, 1);
      if (x == 0x75) {
        if (p + 6 > e) return false;
        if (!hexDigit(<i32>load<u8>(p, 2)) || !hexDigit(<i32>load<u8>(p, 3)) || !hexDigit(<i32>load<u8>(p, 4)) || !hexDigit(<i32>load<u8>(p, 5))) return false;
        p += 6;
      } else if (x == 0x22 || x == 0x5c || x == 0x2f || x == 0x62 || x == 0x66 || x == 0x6e || x == 0x72 || x == 0x74) {
        p += 2;
      } else return false;
      flags |= S_ESC;
      continue;
    }
    if (c < 0x20) return false;
    if (c >= 0x80) {
      const r = decodeRune(p, <i32>(e - p));
      if (r < 0) return false;
      if (r == 0x2028 || r == 0x2029) flags |= S_NEEDESC;
      flags |= S_HIGH;
      p += <usize>runeLen(r);
      continue;
    }
    // < > &
    flags |= S_NEEDESC;
    p++;
  }
  cur.sp = start;
  cur.sn = <i32>(p - start);
  cur.sflags = flags;
  cur.pos = p + 1;
  return true;
}

@inline function isDigit(c: i32): bool {
  return c >= 0x30 && c <= 0x39;
}

/** Reads the number at the cursor (JSON grammar): bytes in cur.np/nn, cur.nint when an integer. False on a syntax error. */
export function readNumber(cur: Cursor): bool {
  let p = cur.pos;
  const e = cur.end;
  const start = p;
  if (p < e && load<u8>(p) == 0x2d) p++;
  if (p >= e) return false;
  let c = <i32>load<u8>(p);
  if (c == 0x30) p++;
  else if (c >= 0x31 && c <= 0x39) {
    p++;
    while (p < e && isDigit(<i32>load<u8>(p))) p++;
  } else return false;
  let int = true;
  let exp = false;
  if (p < e && load<u8>(p) == 0x2e) {
    p++;
    if (p >= e || !isDigit(<i32>load<u8>(p))) return false;
    while (p < e && isDigit(<i32>load<u8>(p))) p++;
    int = false;
  }
  if (p < e && (load<u8>(p) | 0x20) == 0x65) {
    p++;
    if (p < e && (load<u8>(p) == 0x2b || load<u8>(p) == 0x2d)) p++;
    if (p >= e || !isDigit(<i32>load<u8>(p))) return false;
    while (p < e && isDigit(<i32>load<u8>(p))) p++;
    int = false;
    exp = true;
  }
  cur.np = start;
  cur.nn = <i32>(p - start);
  cur.nint = int;
  cur.nexp = exp;
  cur.pos = p;
  return true;
}

/** Reads literal `true`, `false` or `null` at the cursor (first byte `c`); false when it is none of them. */
export function readLiteral(cur: Cursor, c: i32): bool {
  const p = cur.pos;
  const room = <i32>(cur.end - p);
  if (c == 0x74 && room >= 4 && load<u32>(p) == 0x65757274) { cur.pos = p + 4; return true; }
  if (c == 0x6e && room >= 4 && load<u32>(p) == 0x6c6c756e) { cur.pos = p + 4; return true; }
  if (c == 0x66 && room >= 5 && load<u32>(p, 1) == 0x65736c61) { cur.pos = p + 5; return true; }
  return false;
}

/** True when the cursor is at `null` (the cursor is not moved). */
@inline export function atNull(cur: Cursor): bool {
  return cur.end - cur.pos >= 4 && load<u32>(cur.pos) == 0x6c6c756e;
}

/** Skip stack: 0 = object, 1 = array. */
const SKIP_MAX: i32 = 1024;
const SKIP_STACK: usize = memory.data(SKIP_MAX); // scratch: rewritten before every use (a level's byte is stored when it opens)

/**
 * Skips the value at the cursor, validating it (strings as readString, numbers as readNumber) with at
 * most `maxNest` levels of nesting (the caller's depth budget); `noExp`: numbers with an exponent fail too (json-iterator's skip
 * reads them as floats). False on anything not accepted.
 */
export function skipValue(cur: Cursor, maxNest: i32, noExp: bool): bool {
  let d = 0;
  const room = maxNest < SKIP_MAX ? maxNest : SKIP_MAX;
  while (true) {
    // a value
    let c = ws(cur);
    if (c == 0x7b) {
      if (d >= room) return false;
      store<u8>(SKIP_STACK + <usize>d, 0);
      d++;
      cur.pos++;
      c = ws(cur);
      if (c == 0x7d) { cur.pos++; d--; }
      else {
        if (c != 0x22 || !readString(cur)) return false;
        if (ws(cur) != 0x3a) return false;
        cur.pos++;
        continue;
      }
    } else if (c == 0x5b) {
      if (d >= room) return false;
      store<u8>(SKIP_STACK + <usize>d, 1);
      d++;
      cur.pos++;
      if (ws(cur) == 0x5d) { cur.pos++; d--; }
      else continue;
    } else if (c == 0x22) {
      if (!readString(cur)) return false;
    } else if (c == 0x2d || isDigit(c)) {
      if (!readNumber(cur)) return false;
      if (noExp && cur.nexp) return false;
    } else if (!readLiteral(cur, c)) return false;
    // after a value: close containers or move to the next member / element
    while (true) {
      if (d == 0) return true;
      c = ws(cur);
      const obj = load<u8>(SKIP_STACK + <usize>(d - 1)) == 0;
      if (c == 0x2c) {
        cur.pos++;
        if (obj) {
          if (ws(cur) != 0x22 || !readString(cur)) return false;
          if (ws(cur) != 0x3a) return false;
          cur.pos++;
        }
        break;
      }
      if ((obj && c == 0x7d) || (!obj && c == 0x5d)) { cur.pos++; d--; continue; }
      return false;
    }
  }
  return false;
}
