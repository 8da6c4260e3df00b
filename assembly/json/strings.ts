// JSON strings the way Go sees them: utf8.DecodeRune's notion of valid UTF-8, encoding/json's unquote
// (escapes decoded, bad bytes and lone surrogate escapes become U+FFFD) and its string encoder
// (HTML-safe escapes, U+2028/U+2029, the Go 1.22 change to `\b` and `\f`).

import { ByteSink } from "../io/sink";

const HEX = "0123456789abcdef";

/** Size in bytes of the rune decoded by the last `decodeRune` call (1 for an invalid byte). */
export let runeSize: i32 = 1;

/** Decodes one rune at p (n bytes available) exactly like Go's utf8.DecodeRune; -1 means RuneError of size 1. */
export function decodeRune(p: usize, n: i32): i32 {
  const b0 = <i32>load<u8>(p);
  if (b0 < 0x80) { runeSize = 1; return b0; }
  runeSize = 1;
  if (b0 < 0xc2 || b0 > 0xf4) return -1;
  if (b0 < 0xe0) {
    if (n < 2) return -1;
    const b1 = <i32>load<u8>(p, 1);
    if (b1 < 0x80 || b1 > 0xbf) return -1;
    runeSize = 2;
    return ((b0 & 0x1f) << 6) | (b1 & 0x3f);
  }
  if (b0 < 0xf0) {
    if (n < 3) return -1;
    const b1 = <i32>load<u8>(p, 1);
    const lo = b0 == 0xe0 ? 0xa0 : 0x80;
    const hi = b0 == 0xed ? 0x9f : 0xbf;
    if (b1 < lo || b1 > hi) return -1;
    const b2 = <i32>load<u8>(p, 2);
    if (b2 < 0x80 || b2 > 0xbf) return -1;
    runeSize = 3;
    return ((b0 & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
  }
  if (n < 4) return -1;
  const b1 = <i32>load<u8>(p, 1);
  const lo = b0 == 0xf0 ? 0x90 : 0x80;
  const hi = b0 == 0xf4 ? 0x8f : 0xbf;
  if (b1 < lo || b1 > hi) return -1;
  const b2 = <i32>load<u8>(p, 2);
  if (b2 < 0x80 || b2 > 0xbf) return -1;
  const b3 = <i32>load<u8>(p, 3);
  if (b3 < 0x80 || b3 > 0xbf) return -1;
  runeSize = 4;
  return ((b0 & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f);
}

/** Appends rune r as UTF-8. */
export function appendRune(out: ByteSink, r: i32): void {
  if (r < 0x80) out.byte(r);
  else if (r < 0x800) { out.byte(0xc0 | (r >> 6)); out.byte(0x80 | (r & 0x3f)); }
  else if (r < 0x10000) { out.byte(0xe0 | (r >> 12)); out.byte(0x80 | ((r >> 6) & 0x3f)); out.byte(0x80 | (r & 0x3f)); }
  else {
    out.byte(0xf0 | (r >> 18)); out.byte(0x80 | ((r >> 12) & 0x3f));
    out.byte(0x80 | ((r >> 6) & 0x3f)); out.byte(0x80 | (r & 0x3f));
  }
}

@inline function hexVal(c: i32): i32 {
  return c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57;
}

/** Reads the 4 hex digits at p (already validated by the reader). */
@inline function hex4(p: usize): i32 {
  return (hexVal(load<u8>(p)) << 12) | (hexVal(load<u8>(p, 1)) << 8) | (hexVal(load<u8>(p, 2)) << 4) | hexVal(load<u8>(p, 3));
}

/** True when the `\uXXXX` at p (n bytes available) is present. */
@inline function hasU4(p: usize, n: i32): bool {
  return n >= 6 && load<u8>(p) == 0x5c && load<u8>(p, 1) == 0x75;
}

/**
 * Decodes validated string content [p, p+n) like Go's unquote into `out`. When `raw` is false, bytes
 * that are not valid UTF-8 become U+FFFD (Go's decoder); when true they are kept as they are (the
 * eval protocol's `...Text` fields). Lone surrogate escapes become U+FFFD in both modes.
 */
export function unquote(out: ByteSink, p: usize, n: i32, raw: bool): void {
  out.reserve(n);
  const end = p + <usize>n;
  while (p < end) {
    const c = <i32>load<u8>(p);
    if (c == 0x5c) {
      const e = <i32>load<u8>(p, 1);
      p += 2;
      if (e == 0x75) {
        let r = hex4(p);
        p += 4;
        if (r >= 0xd800 && r < 0xe000) {
          // a valid pair is a high surrogate followed by an escaped low surrogate
          if (r < 0xdc00 && hasU4(p, <i32>(end - p))) {
            const r2 = hex4(p + 2);
            if (r2 >= 0xdc00 && r2 < 0xe000) {
              appendRune(out, 0x10000 + ((r - 0xd800) << 10) + (r2 - 0xdc00));
              p += 6;
              continue;
            }
          }
          r = 0xfffd;
        }
        appendRune(out, r);
      } else if (e == 0x62) out.byte(0x08);
      else if (e == 0x66) out.byte(0x0c);
      else if (e == 0x6e) out.byte(0x0a);
      else if (e == 0x72) out.byte(0x0d);
      else if (e == 0x74) out.byte(0x09);
      else out.byte(e); // " \ /
      continue;
    }
    if (c < 0x80 || raw) { out.byte(c); p++; continue; }
    const r = decodeRune(p, <i32>(end - p));
    if (r < 0) { out.byte(0xef); out.byte(0xbf); out.byte(0xbd); p++; continue; }
    out.bytes(p, runeSize);
    p += runeSize;
  }
}

/** True when [p, p+n) is valid UTF-8 by Go's rules. */
export function validUTF8(p: usize, n: i32): bool {
  const end = p + <usize>n;
  while (p < end) {
    if (load<u8>(p) < 0x80) { p++; continue; }
    if (decodeRune(p, <i32>(end - p)) < 0) return false;
    p += runeSize;
  }
  return true;
}

const ONES: u64 = 0x0101010101010101;
const HIGHS: u64 = 0x8080808080808080;

/** Nonzero when some byte of x is zero (exact per byte only in the lowest flagged byte; used as a yes/no). */
@inline function zeroByte(x: u64): u64 {
  return (x - ONES) & ~x & HIGHS;
}

/**
 * Nonzero when one of the 8 bytes at x needs Go's encoder to look at it: a control byte, `"`, `\`,
 * `<`, `>`, `&`, or a byte >= 0x80.
 */
@inline function goSpecial8(x: u64): u64 {
  return (x & HIGHS)
    | ((x - 0x2020202020202020) & ~x & HIGHS)
    | zeroByte(x ^ 0x2222222222222222)
    | zeroByte(x ^ 0x5c5c5c5c5c5c5c5c)
    | zeroByte(x ^ 0x3c3c3c3c3c3c3c3c)
    | zeroByte(x ^ 0x3e3e3e3e3e3e3e3e)
    | zeroByte(x ^ 0x2626262626262626);
}

/**
 * Writes bytes [p, p+n) as a quoted JSON string the way Go's encoding/json does with escapeHTML.
 * `go22`: Go 1.22+ writes `\b` and `\f` short. `invalidRaw`: an invalid byte becomes a raw U+FFFD
 * (what decode-then-encode gives); otherwise `\ufffd` (what encoding a Go string with bad bytes gives).
 */
export function writeGoString(out: ByteSink, p: usize, n: i32, go22: bool, invalidRaw: bool, html: bool = true): void {
  out.reserve(n + 2);
  out.byte(0x22);
  const end = p + <usize>n;
  let run = p; // start of the pending run of bytes copied as they are
  while (p < end) {
    // skip 8 plain bytes at a time
    while (p + 8 <= end && goSpecial8(load<u64>(p)) == 0) p += 8;
    if (p >= end) break;
    const c = <i32>load<u8>(p);
    if (c < 0x80) {
      if (c >= 0x20 && c != 0x22 && c != 0x5c && ((c != 0x3c && c != 0x3e && c != 0x26) || !html)) { p++; continue; }
      if (run < p) out.bytes(run, <i32>(p - run));
      if (c == 0x22) out.ascii("\\\"");
      else if (c == 0x5c) out.ascii("\\\\");
      else if (c == 0x0a) out.ascii("\\n");
      else if (c == 0x0d) out.ascii("\\r");
      else if (c == 0x09) out.ascii("\\t");
      else if (go22 && c == 0x08) out.ascii("\\b");
      else if (go22 && c == 0x0c) out.ascii("\\f");
      else { out.ascii("\\u00"); out.byte(HEX.charCodeAt(c >> 4)); out.byte(HEX.charCodeAt(c & 15)); }
      p++;
      run = p;
      continue;
    }
    const r = decodeRune(p, <i32>(end - p));
    if (r < 0) {
      if (run < p) out.bytes(run, <i32>(p - run));
      if (invalidRaw) { out.byte(0xef); out.byte(0xbf); out.byte(0xbd); } else out.ascii("\\ufffd");
      p++;
      run = p;
      continue;
    }
    if (r == 0x2028 || r == 0x2029) {
      if (run < p) out.bytes(run, <i32>(p - run));
      out.ascii(r == 0x2028 ? "\\u2028" : "\\u2029");
      p += runeSize;
      run = p;
      continue;
    }
    p += runeSize;
  }
  if (run < end) out.bytes(run, <i32>(end - run));
  out.byte(0x22);
}

/** Writes [p, p+n) as a JSON string for protocol answers: Go 1.22+ escapes without HTML escaping, as the oracle writes them. */
export function writeJSONString(out: ByteSink, p: usize, n: i32): void {
  writeGoString(out, p, n, true, false, false);
}

/** Writes an AssemblyScript string as a JSON string (Go 1.22+ escaping). */
export function writeJSONStr(out: ByteSink, s: string): void {
  const b = new ByteSink(s.length * 3 + 2);
  b.utf8(s);
  writeGoString(out, b.ptr, b.len, true, false, false);
}

/** Copies bytes, writing each byte that is not valid UTF-8 (by Go's rules) as U+FFFD. */
export function copyValidUTF8(out: ByteSink, p: usize, n: i32): void {
  out.reserve(n);
  const end = p + <usize>n;
  while (p < end) {
    const c = <i32>load<u8>(p);
    if (c < 0x80) { out.byte(c); p++; continue; }
    const r = decodeRune(p, <i32>(end - p));
    if (r < 0) { out.byte(0xef); out.byte(0xbf); out.byte(0xbd); p++; continue; }
    out.bytes(p, runeSize);
    p += runeSize;
  }
}
