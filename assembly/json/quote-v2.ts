// How Go 1.27's encoding/json (the json/v2 engine, package internal/jsonwire) quotes the offending
// text in its syntax errors: one character as strconv.QuoteRune would (`'é'`, `'\n'`, `'\u00a0'`),
// an invalid byte as `'\xff'`, and longer text (a bad escape sequence) between backticks unless it
// holds something that needs escaping, then as strconv.Quote would. Go 1.27 uses Unicode 17, so its
// printable set has its own table.

import { ByteSink } from "../io/sink";
import { decodeRune, runeLen, appendRune } from "./strings";
import { NOT_PRINT16_GO127, NOT_PRINT16_GO127_COUNT, NOT_PRINT32_GO127, NOT_PRINT32_GO127_COUNT } from "./generated/isprint-go127";

const HEX = "0123456789abcdef";

/** strconv.IsPrint(r) of Go 1.27 (Unicode 17) for a valid code point r. */
export function isPrintGo127(r: i32): bool {
  if (r < 0x80) return r >= 0x20 && r < 0x7f;
  if (r < 0x10000) return !inRanges(NOT_PRINT16_GO127, NOT_PRINT16_GO127_COUNT, r, false);
  return !inRanges(NOT_PRINT32_GO127, NOT_PRINT32_GO127_COUNT, r, true);
}

/** Binary search of r in a table of inclusive (first, last) pairs of u16 or u32. */
function inRanges(table: usize, count: i32, r: i32, wide: bool): bool {
  let lo = 0;
  let hi = count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    let a: i32, b: i32;
    if (wide) {
      a = <i32>load<u32>(table + (<usize>mid << 3));
      b = <i32>load<u32>(table + (<usize>mid << 3), 4);
    } else {
      a = <i32>load<u16>(table + (<usize>mid << 2));
      b = <i32>load<u16>(table + (<usize>mid << 2), 2);
    }
    if (r < a) hi = mid - 1;
    else if (r > b) lo = mid + 1;
    else return true;
  }
  return false;
}

function hexDigits(out: ByteSink, v: i32, n: i32): void {
  for (let s = (n - 1) * 4; s >= 0; s -= 4) out.byte(HEX.charCodeAt((v >> s) & 15));
}

/** Appends rune r escaped as strconv does inside a literal quoted with `quote` (`'` or `"`). */
function appendEscapedRune(out: ByteSink, r: i32, quote: i32): void {
  if (r == quote || r == 0x5c) { out.byte(0x5c); out.byte(r); return; }
  if (isPrintGo127(r)) { appendRune(out, r); return; }
  if (r == 0x07) out.ascii("\\a");
  else if (r == 0x08) out.ascii("\\b");
  else if (r == 0x0c) out.ascii("\\f");
  else if (r == 0x0a) out.ascii("\\n");
  else if (r == 0x0d) out.ascii("\\r");
  else if (r == 0x09) out.ascii("\\t");
  else if (r == 0x0b) out.ascii("\\v");
  else if (r < 0x20 || r == 0x7f) { out.ascii("\\x"); hexDigits(out, r, 2); }
  else if (r < 0x10000) { out.ascii("\\u"); hexDigits(out, r, 4); }
  else { out.ascii("\\U"); hexDigits(out, r, 8); }
}

/** Decodes the rune at p (n > 0 bytes available); -1 for an invalid byte (its size, runeLen, is then 1). */
@inline function runeAt(p: usize, n: i32): i32 {
  const c = <i32>load<u8>(p);
  if (c < 0x80) return c;
  return decodeRune(p, n);
}

/** Byte length of the first rune of [p, p+n) as Go's utf8.DecodeRune counts it (1 for an invalid byte). */
export function firstRuneSize(p: usize, n: i32): i32 {
  return runeLen(runeAt(p, n));
}

/** jsonwire.QuoteRune: the first rune of [p, p+n) as strconv.QuoteRune, or `'\xNN'` for an invalid byte. */
export function quoteRuneV2(out: ByteSink, p: usize, n: i32): void {
  const r = runeAt(p, n);
  if (r < 0) {
    out.ascii("'\\x");
    hexDigits(out, <i32>load<u8>(p), 2);
    out.byte(0x27);
    return;
  }
  out.byte(0x27);
  appendEscapedRune(out, r, 0x27);
  out.byte(0x27);
}

/** strconv.Quote of bytes [p, p+n) (Go 1.27 printable set). */
export function goQuoteV2(out: ByteSink, p: usize, n: i32): void {
  out.byte(0x22);
  const end = p + <usize>n;
  while (p < end) {
    const r = runeAt(p, <i32>(end - p));
    if (r < 0) {
      out.ascii("\\x");
      hexDigits(out, <i32>load<u8>(p), 2);
      p++;
      continue;
    }
    appendEscapedRune(out, r, 0x22);
    p += <usize>runeLen(r);
  }
  out.byte(0x22);
}

/**
 * The quoted form of invalid text [p, p+n) in jsonwire's InvalidTextError: one rune as QuoteRune;
 * text with a backtick, U+FFFD or an invalid byte, white space or anything unprintable as
 * strconv.Quote; anything else between backticks.
 */
export function quoteTextV2(out: ByteSink, p: usize, n: i32): void {
  const end = p + <usize>n;
  let runes = 0;
  let needEscape = false;
  let q = p;
  while (q < end) {
    const r = runeAt(q, <i32>(end - q));
    q += <usize>runeLen(r);
    runes++;
    // white space (unicode.IsSpace) other than U+0020 is never printable, so IsPrint covers it
    if (r < 0 || r == 0x60 || r == 0xfffd || r == 0x20 || !isPrintGo127(r)) needEscape = true;
  }
  if (runes == 1) quoteRuneV2(out, p, n);
  else if (needEscape) goQuoteV2(out, p, n);
  else { out.byte(0x60); out.bytes(p, n); out.byte(0x60); }
}
