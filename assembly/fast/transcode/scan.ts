// Validating byte scanner of the transcoder (assembly/fast/transcode/): a cursor over raw JSON bytes with
// whitespace, string, number and literal readers and a validating skip of whole values. Everything is
// checked as Go's scanner checks it (RFC 8259 grammar, control bytes in strings, escapes); on anything it
// does not accept it answers false and the transcoder gives up (the exact path then reports the error).
// Strings are also checked for valid UTF-8: the transcoder does not handle the U+FFFD replacement.

import { decodeRune, runeSize } from "../../json/strings";

/** The cursor and the results of the last string / number read (static: one transcode at a time). */
export class Cur {
  /** Next byte to read. */
  static pos: usize = 0;
  /** End of the input. */
  static end: usize = 0;
  /** Content of the last string read (between its quotes). */
  static sp: usize = 0;
  static sn: i32 = 0;
  /** S_* flags of the last string read. */
  static sflags: i32 = 0;
  /** Last number read: its bytes and whether it is an integer (no fraction, no exponent). */
  static np: usize = 0;
  static nn: i32 = 0;
  static nint: bool = false;
  static nexp: bool = false;
  /** Deepest nesting a skip may add (the caller's depth budget). */
  static skipRoom: i32 = 0;
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
@inline export function ws(): i32 {
  let p = Cur.pos;
  const e = Cur.end;
  if (p < e) {
    const c = <i32>load<u8>(p);
    if (c > 0x20) return c;
  }
  while (p < e) {
    const c = <i32>load<u8>(p);
    if (c != 0x20 && c != 0x0a && c != 0x0d && c != 0x09) { Cur.pos = p; return c; }
    p++;
  }
  Cur.pos = p;
  return -1;
}

@inline function hexDigit(c: i32): bool {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
}

/**
 * Reads the string whose opening quote is at the cursor: content in Cur.sp/sn, flags in Cur.sflags, the
 * cursor after the closing quote. False on a syntax error or invalid UTF-8.
 */
export function readString(): bool {
  let p = Cur.pos + 1;
  const e = Cur.end;
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
      p += <usize>runeSize;
      continue;
    }
    // < > &
    flags |= S_NEEDESC;
    p++;
  }
  Cur.sp = start;
  Cur.sn = <i32>(p - start);
  Cur.sflags = flags;
  Cur.pos = p + 1;
  return true;
}

@inline function isDigit(c: i32): bool {
  return c >= 0x30 && c <= 0x39;
}

/** Reads the number at the cursor (JSON grammar): bytes in Cur.np/nn, Cur.nint when an integer. False on a syntax error. */
export function readNumber(): bool {
  let p = Cur.pos;
  const e = Cur.end;
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
  Cur.np = start;
  Cur.nn = <i32>(p - start);
  Cur.nint = int;
  Cur.nexp = exp;
  Cur.pos = p;
  return true;
}

/** Reads literal `true`, `false` or `null` at the cursor (first byte `c`); false when it is none of them. */
export function readLiteral(c: i32): bool {
  const p = Cur.pos;
  const room = <i32>(Cur.end - p);
  if (c == 0x74 && room >= 4 && load<u32>(p) == 0x65757274) { Cur.pos = p + 4; return true; }
  if (c == 0x6e && room >= 4 && load<u32>(p) == 0x6c6c756e) { Cur.pos = p + 4; return true; }
  if (c == 0x66 && room >= 5 && load<u32>(p, 1) == 0x65736c61) { Cur.pos = p + 5; return true; }
  return false;
}

/** True when the cursor is at `null` (the cursor is not moved). */
@inline export function atNull(): bool {
  return Cur.end - Cur.pos >= 4 && load<u32>(Cur.pos) == 0x6c6c756e;
}

/** Skip stack: 0 = object, 1 = array. */
const SKIP_MAX: i32 = 1024;
const SKIP_STACK: usize = memory.data(SKIP_MAX);

/**
 * Skips the value at the cursor, validating it (strings as readString, numbers as readNumber) with at
 * most Cur.skipRoom levels of nesting; `noExp`: numbers with an exponent fail too (json-iterator's skip
 * reads them as floats). False on anything not accepted.
 */
export function skipValue(noExp: bool): bool {
  let d = 0;
  const room = Cur.skipRoom < SKIP_MAX ? Cur.skipRoom : SKIP_MAX;
  while (true) {
    // a value
    let c = ws();
    if (c == 0x7b) {
      if (d >= room) return false;
      store<u8>(SKIP_STACK + <usize>d, 0);
      d++;
      Cur.pos++;
      c = ws();
      if (c == 0x7d) { Cur.pos++; d--; }
      else {
        if (c != 0x22 || !readString()) return false;
        if (ws() != 0x3a) return false;
        Cur.pos++;
        continue;
      }
    } else if (c == 0x5b) {
      if (d >= room) return false;
      store<u8>(SKIP_STACK + <usize>d, 1);
      d++;
      Cur.pos++;
      if (ws() == 0x5d) { Cur.pos++; d--; }
      else continue;
    } else if (c == 0x22) {
      if (!readString()) return false;
    } else if (c == 0x2d || isDigit(c)) {
      if (!readNumber()) return false;
      if (noExp && Cur.nexp) return false;
    } else if (!readLiteral(c)) return false;
    // after a value: close containers or move to the next member / element
    while (true) {
      if (d == 0) return true;
      c = ws();
      const obj = load<u8>(SKIP_STACK + <usize>(d - 1)) == 0;
      if (c == 0x2c) {
        Cur.pos++;
        if (obj) {
          if (ws() != 0x22 || !readString()) return false;
          if (ws() != 0x3a) return false;
          Cur.pos++;
        }
        break;
      }
      if ((obj && c == 0x7d) || (!obj && c == 0x5d)) { Cur.pos++; d--; continue; }
      return false;
    }
  }
  return false;
}
