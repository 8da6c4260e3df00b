// JSON strings the way Go sees them: utf8.DecodeRune's notion of valid UTF-8, encoding/json's unquote
// (escapes decoded, bad bytes and lone surrogate escapes become U+FFFD) and its string encoder
// (HTML-safe escapes, U+2028/U+2029, the Go 1.22 change to `\b` and `\f`).

import { ByteSink } from "../io/sink";
import { escapeOrHighAt, goSpecialAt, highAt } from "../bytes/simd";

/** The lowercase hex digit of d (0..15). */
@inline function hexDigit(d: i32): i32 {
  return d < 10 ? 0x30 + d : 0x57 + d;
}

/** Size in bytes of a rune decodeRune answered (1 for -1, an invalid byte): its UTF-8 length, as Go's encoding writes no overlong forms. */
@inline export function runeLen(r: i32): i32 {
  return r < 0x80 ? 1 : r < 0x800 ? 2 : r < 0x10000 ? 3 : 4;
}

/** Decodes one rune at p (n bytes available) exactly like Go's utf8.DecodeRune; -1 means RuneError of size 1. */
export function decodeRune(p: usize, n: i32): i32 {
  const b0 = <i32>load<u8>(p);
  if (b0 < 0x80) return b0;
  if (b0 < 0xc2 || b0 > 0xf4) return -1;
  if (b0 < 0xe0) {
    if (n < 2) return -1;
    const b1 = <i32>load<u8>(p, 1);
    if (b1 < 0x80 || b1 > 0xbf) return -1;
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
    // the run before the next backslash (or, decoding, the next byte >= 0x80) is copied as it is
    const k = escapeOrHighAt(p, 0, <i32>(end - p), !raw);
    if (k > 0) { out.bytes(p, k); p += <usize>k; if (p >= end) break; }
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
    // a byte >= 0x80 (decoding): a valid rune is copied, an invalid byte becomes U+FFFD
    const r = decodeRune(p, <i32>(end - p));
    if (r < 0) { out.byte(0xef); out.byte(0xbf); out.byte(0xbd); p++; continue; }
    out.bytes(p, runeLen(r));
    p += runeLen(r);
  }
}

/** True when [p, p+n) is valid UTF-8 by Go's rules. */
export function validUTF8(p: usize, n: i32): bool {
  const end = p + <usize>n;
  while (p < end) {
    p += <usize>highAt(p, 0, <i32>(end - p));
    if (p >= end) break;
    const r = decodeRune(p, <i32>(end - p));
    if (r < 0) return false;
    p += runeLen(r);
  }
  return true;
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
  // In chunks of at most CHUNK input bytes, written straight into room reserved for the worst case (6
  // output bytes per input byte, plus slack for a rune that crosses the chunk's end); the runs between the
  // bytes the encoder must look at are found 16 bytes at a time (assembly/bytes/simd.ts goSpecialAt).
  while (p < end) {
    const chunkEnd = end - p > <usize>CHUNK ? p + <usize>CHUNK : end;
    out.reserve(<i32>(chunkEnd - p) * 6 + 16);
    let d = out.ptr + <usize>out.len;
    while (p < chunkEnd) {
      // the run before the first byte Go's encoder must look at is copied as it is
      const k = <usize>goSpecialAt(p, 0, <i32>(chunkEnd - p), html);
      if (k > 0) {
        memory.copy(d, p, k);
        p += k;
        d += k;
        if (p >= chunkEnd) break;
      }
      const c = <i32>load<u8>(p);
      if (c < 0x80) {
        p++;
        if (c >= 0x20 && c != 0x22 && c != 0x5c && ((c != 0x3c && c != 0x3e && c != 0x26) || !html)) { store<u8>(d, <u8>c); d++; continue; }
        if (c == 0x22 || c == 0x5c) { store<u16>(d, <u16>(0x5c | (c << 8))); d += 2; continue; } // `\"` or `\\`
        let e = 0;
        if (c == 0x0a) e = 0x6e;
        else if (c == 0x0d) e = 0x72;
        else if (c == 0x09) e = 0x74;
        else if (go22 && c == 0x08) e = 0x62;
        else if (go22 && c == 0x0c) e = 0x66;
        if (e != 0) { store<u16>(d, <u16>(0x5c | (e << 8))); d += 2; continue; }
        store<u32>(d, 0x3030755c); // `\u00`
        store<u8>(d, <u8>(0x30 + (c >> 4)), 4); // a control or HTML byte: 0 to 3
        store<u8>(d, <u8>hexDigit(c & 15), 5);
        d += 6;
        continue;
      }
      const r = decodeRune(p, <i32>(end - p));
      if (r < 0) {
        if (invalidRaw) { store<u16>(d, 0xbfef); store<u8>(d, 0xbd, 2); d += 3; }
        else { store<u32>(d, 0x6666755c); store<u16>(d, 0x6466, 4); d += 6; } // `\ufffd`
        p++;
        continue;
      }
      if (r == 0x2028 || r == 0x2029) {
        store<u32>(d, 0x3032755c); // `\u20`
        store<u16>(d, r == 0x2028 ? 0x3832 : 0x3932, 4); // `28` / `29`
        d += 6;
        p += 3;
        continue;
      }
      const w = runeLen(r);
      for (let i = 0; i < w; i++) store<u8>(d + <usize>i, load<u8>(p + <usize>i));
      d += <usize>w;
      p += <usize>w;
    }
    out.len = <i32>(d - out.ptr);
  }
  out.byte(0x22);
}

/**
 * Writes the content of a JSON string with escapes, [p, p+n) as validated by the reader, as Go's encoder
 * writes the decoded string (HTML escapes on, an invalid byte becoming a raw U+FFFD): one pass, no decoded copy.
 * Must equal: unquote(d, p, n, false) then writeGoString(out, d.ptr, d.len, go22, true)
 * (assembly/__tests__/strings.spec.ts compares them).
 */
export function writeGoStringEscaped(out: ByteSink, p: usize, n: i32, go22: bool): void {
  out.reserve(n + 2);
  out.byte(0x22);
  const end = p + <usize>n;
  // in chunks of at most CHUNK input bytes, written straight into room reserved for the worst case (6 output
  // bytes per input byte: an escape never grows, a raw byte becomes at most `\u003c`; slack for what crosses the end)
  while (p < end) {
    const chunkEnd = end - p > <usize>CHUNK ? p + <usize>CHUNK : end;
    out.reserve(<i32>(chunkEnd - p) * 6 + 16);
    let d = out.ptr + <usize>out.len;
    while (p < chunkEnd) {
      // a run with nothing to change is copied as it is
      const k = <usize>goSpecialAt(p, 0, <i32>(chunkEnd - p), true);
      if (k > 0) {
        memory.copy(d, p, k);
        p += k;
        d += k;
        if (p >= chunkEnd) break;
      }
      const c = <i32>load<u8>(p);
      if (c == 0x5c) {
        const e = <i32>load<u8>(p, 1);
        p += 2;
        if (e == 0x75) {
          let r = hex4(p);
          p += 4;
          if (r >= 0xd800 && r < 0xe000) {
            // a valid pair is a high surrogate followed by an escaped low surrogate
            const hi = r;
            r = 0xfffd;
            if (hi < 0xdc00 && hasU4(p, <i32>(end - p))) {
              const r2 = hex4(p + 2);
              if (r2 >= 0xdc00 && r2 < 0xe000) { r = 0x10000 + ((hi - 0xd800) << 10) + (r2 - 0xdc00); p += 6; }
            }
          }
          d += putGoRune(d, r, go22);
        } else if (e == 0x22 || e == 0x5c || e == 0x6e || e == 0x72 || e == 0x74) {
          store<u16>(d, <u16>(0x5c | (e << 8))); // `\"` `\\` `\n` `\r` `\t` stay as they are
          d += 2;
        } else if (e == 0x2f) { store<u8>(d, 0x2f); d++; }
        else d += putGoRune(d, e == 0x62 ? 0x08 : 0x0c, go22);
        continue;
      }
      if (c < 0x80) { d += putGoRune(d, c, go22); p++; continue; }
      const r = decodeRune(p, <i32>(end - p));
      if (r < 0) { d += putGoRune(d, 0xfffd, go22); p++; continue; }
      const w = runeLen(r);
      if (r == 0x2028 || r == 0x2029) d += putGoRune(d, r, go22);
      else { for (let i = 0; i < w; i++) store<u8>(d + <usize>i, load<u8>(p + <usize>i)); d += <usize>w; }
      p += <usize>w;
    }
    out.len = <i32>(d - out.ptr);
  }
  out.byte(0x22);
}

/** Stores rune r (a decoded character) at d as Go's string encoder writes it with HTML escapes on; returns the bytes stored (at most 6). */
@inline function putGoRune(d: usize, r: i32, go22: bool): usize {
  if (r >= 0x80) {
    if (r == 0x2028 || r == 0x2029) {
      store<u32>(d, 0x3032755c); // `\u20`
      store<u16>(d, r == 0x2028 ? 0x3832 : 0x3932, 4); // `28` / `29`
      return 6;
    }
    if (r < 0x800) { store<u8>(d, <u8>(0xc0 | (r >> 6))); store<u8>(d, <u8>(0x80 | (r & 0x3f)), 1); return 2; }
    if (r < 0x10000) {
      store<u8>(d, <u8>(0xe0 | (r >> 12))); store<u8>(d, <u8>(0x80 | ((r >> 6) & 0x3f)), 1); store<u8>(d, <u8>(0x80 | (r & 0x3f)), 2);
      return 3;
    }
    store<u8>(d, <u8>(0xf0 | (r >> 18))); store<u8>(d, <u8>(0x80 | ((r >> 12) & 0x3f)), 1);
    store<u8>(d, <u8>(0x80 | ((r >> 6) & 0x3f)), 2); store<u8>(d, <u8>(0x80 | (r & 0x3f)), 3);
    return 4;
  }
  if (r >= 0x20 && r != 0x22 && r != 0x5c && r != 0x3c && r != 0x3e && r != 0x26) { store<u8>(d, <u8>r); return 1; }
  let e = 0;
  if (r == 0x22 || r == 0x5c) e = r;
  else if (r == 0x0a) e = 0x6e;
  else if (r == 0x0d) e = 0x72;
  else if (r == 0x09) e = 0x74;
  else if (go22 && r == 0x08) e = 0x62;
  else if (go22 && r == 0x0c) e = 0x66;
  if (e != 0) { store<u16>(d, <u16>(0x5c | (e << 8))); return 2; }
  store<u32>(d, 0x3030755c); // `\u00`
  store<u8>(d, <u8>(0x30 + (r >> 4)), 4);
  store<u8>(d, <u8>hexDigit(r & 15), 5);
  return 6;
}

/** Input bytes per reserved chunk of writeGoString. */
const CHUNK: i32 = 4096;

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

/** Writes bytes [p, p+n) as an answer line's JSON string: each byte that is not valid UTF-8 becomes the character
 *  U+FFFD itself (as every string of an answer line, the oracles' too), then Go's escaping without HTML escapes. */
export function writeAnswerString(out: ByteSink, p: usize, n: i32): void {
  const v = new ByteSink(n + 8);
  copyValidUTF8(v, p, n);
  writeGoString(out, v.ptr, v.len, true, false, false);
}

/** Copies bytes, writing each byte that is not valid UTF-8 (by Go's rules) as U+FFFD. */
export function copyValidUTF8(out: ByteSink, p: usize, n: i32): void {
  out.reserve(n);
  const end = p + <usize>n;
  while (p < end) {
    const k = highAt(p, 0, <i32>(end - p));
    if (k > 0) { out.bytes(p, k); p += <usize>k; if (p >= end) break; }
    const r = decodeRune(p, <i32>(end - p));
    if (r < 0) { out.byte(0xef); out.byte(0xbf); out.byte(0xbd); p++; continue; }
    out.bytes(p, runeLen(r));
    p += runeLen(r);
  }
}
