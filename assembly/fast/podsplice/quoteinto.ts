// The answer's JSON string of a pod: text appended with JSON string escaping as the answer writer does,
// 8 bytes at a time.

import { ByteSink } from "../../io/sink";
import { writeGoString, decodeRune, runeLen } from "../../json/strings";
import { Scan, isNumByte } from "./goscan";

/** High bit set in each byte of x that equals `b` (exact per byte). */
@inline export function eqBytes(x: u64, b: u64): u64 {
  const a = x ^ (b * 0x0101010101010101);
  return ~(((a & 0x7f7f7f7f7f7f7f7f) + 0x7f7f7f7f7f7f7f7f) | a) & 0x8080808080808080;
}

/** Appends [p, p+n) with JSON string escaping as the answer writer does (writeJSONString without its quotes). */
export function quoteInto(out: ByteSink, p: usize, n: i32): void {
  const end = p + <usize>n;
  while (p < end) {
    out.reserve(<i32>(end - p) + 64);
    let d = out.ptr + <usize>out.len;
    const lim = out.ptr + <usize>out.cap - 32;
    while (p + 8 <= end && d < lim) {
      const x = load<u64>(p);
      // control bytes and bytes >= 0x80 take the general writer below (exact: every byte in [0x20, 0x7f] passes)
      if (((x - 0x2020202020202020) | x) & 0x8080808080808080) break;
      let m = eqBytes(x, 0x22) | eqBytes(x, 0x5c);
      store<u64>(d, x);
      // each `"` / `\` of the word gets its backslash: the j-th (from 0) at byte k goes to d+k+j+1, after
      // its backslash, with the rest of the word behind it (overwritten by the next one, if any). The
      // first two without a branch (no such byte: k = 8 writes past the word's output, bytes that the
      // next word overwrites or that lie past the end), the others in a loop
      const c = <usize>popcnt(m);
      const k1 = <usize>(ctz(m) >> 3);
      store<u8>(d + k1, 0x5c);
      store<u64>(d + k1 + 1, x >> (<u64>k1 << 3));
      m &= m - 1;
      const k2 = <usize>(ctz(m) >> 3);
      store<u8>(d + k2 + 1, 0x5c);
      store<u64>(d + k2 + 2, x >> (<u64>k2 << 3));
      if (c > 2) {
        m &= m - 1;
        let j: usize = 2;
        while (m != 0) {
          const k = <usize>(ctz(m) >> 3);
          store<u8>(d + k + j, 0x5c);
          store<u64>(d + k + j + 1, x >> (<u64>k << 3));
          j++;
          m &= m - 1;
        }
      }
      d += 8 + c;
      p += 8;
    }
    // the tail, and any word with other bytes: one byte (or rune) at a time
    while (p < end && d < lim) {
      const c = <i32>load<u8>(p);
      if (c == 0x22 || c == 0x5c) { store<u16>(d, <u16>(0x5c | (c << 8))); d += 2; p++; continue; }
      if (c >= 0x20 && c < 0x80) {
        store<u8>(d, <u8>c); d++; p++;
        if (p + 8 <= end && (p & 7) == 0) break; // back to words
        continue;
      }
      out.len = <i32>(d - out.ptr);
      const w = c < 0x80 ? 1 : runeLen(decodeRune(p, <i32>(end - p)));
      const at = out.len;
      writeGoString(out, p, w, true, false, false);
      // drop the quotes writeGoString put around it
      memory.copy(out.ptr + <usize>at, out.ptr + <usize>(at + 1), <usize>(out.len - at - 2));
      out.len -= 2;
      p += <usize>w;
      d = out.ptr + <usize>out.len;
      break;
    }
    out.len = <i32>(d - out.ptr);
  }
}

/**
 * Appends, JSON-string escaped as quoteInto does, the compact JSON text of g from i to the end of the value
 * starting there (`depth` 0: what skipValue skips) or to the `}` / `]` closing the container whose members
 * continue at i (`depth` 1: what skipRest skips); returns the index past it, -1 where those return -1. A
 * number of 16 or more characters sets Scan.big, as they do. One pass: the skip and the escaping together.
 */
export function quoteValue(out: ByteSink, g: usize, i: i32, end: i32, depth: i32): i32 {
  const rest = depth > 0;
  let done = false;
  out.reserve((end - i) * 2 + 64);
  let d = out.ptr + <usize>out.len;
  while (i < end) {
    const c = <i32>load<u8>(g + <usize>i);
    if (c == 0x22) {
      // a string: `\"`, its bytes escaped, `\"`
      store<u16>(d, 0x225c);
      d += 2;
      i++;
      for (;;) {
        while (i + 8 <= end) {
          const x = load<u64>(g + <usize>i);
          store<u64>(d, x);
          const m = eqBytes(x, 0x22) | eqBytes(x, 0x5c) | (((x - 0x2020202020202020) | x) & 0x8080808080808080);
          if (m == 0) { i += 8; d += 8; continue; }
          const k = <i32>(ctz(m) >> 3);
          i += k;
          d += <usize>k;
          break;
        }
        if (i >= end) { out.len = <i32>(d - out.ptr); return -1; }
        const b = <i32>load<u8>(g + <usize>i);
        if (b == 0x22) { store<u16>(d, 0x225c); d += 2; i++; break; }
        if (b == 0x5c) {
          // g's escape: its backslash escaped; an escaped `"` or `\` taken with it (never a string end)
          store<u16>(d, 0x5c5c);
          d += 2;
          i++;
          if (i < end) {
            const e = <i32>load<u8>(g + <usize>i);
            if (e == 0x22 || e == 0x5c) { store<u16>(d, <u16>(0x5c | (e << 8))); d += 2; i++; }
          }
          continue;
        }
        if (b >= 0x20 && b < 0x80) { store<u8>(d, <u8>b); d++; i++; continue; }
        // a control byte or a rune: the general writer
        out.len = <i32>(d - out.ptr);
        const w = b < 0x80 ? 1 : runeLen(decodeRune(g + <usize>i, end - i));
        quoteInto(out, g + <usize>i, w);
        i += w;
        out.reserve((end - i) * 2 + 64);
        d = out.ptr + <usize>out.len;
      }
      if (depth == 0) { done = true; break; }
    } else if (c == 0x7b || c == 0x5b) {
      store<u8>(d, <u8>c); d++; i++;
      depth++;
    } else if (c == 0x7d || c == 0x5d) {
      store<u8>(d, <u8>c); d++; i++;
      depth--;
      if (depth <= 0) {
        out.len = <i32>(d - out.ptr);
        return depth == 0 ? i : -1;
      }
    } else if (c == 0x2c || c == 0x3a) {
      if (depth == 0) { out.len = <i32>(d - out.ptr); return -1; }
      store<u8>(d, <u8>c); d++; i++;
    } else if (c == 0x2d || (c >= 0x30 && c <= 0x39)) {
      const s = i;
      while (i < end && isNumByte(<i32>load<u8>(g + <usize>i))) { store<u8>(d, load<u8>(g + <usize>i)); d++; i++; }
      if (i - s >= 16) Scan.big = true;
      if (depth == 0) { done = true; break; }
    } else if (!rest && (c == 0x74 || c == 0x6e || c == 0x66)) {
      // true / null / false (as skipValue: their length from the first byte)
      const w = c == 0x66 ? 5 : 4;
      if (i + w > end) { out.len = <i32>(d - out.ptr); return -1; }
      out.len = <i32>(d - out.ptr);
      quoteInto(out, g + <usize>i, w);
      i += w;
      out.reserve((end - i) * 2 + 64);
      d = out.ptr + <usize>out.len;
      if (depth == 0) { done = true; break; }
    } else if (!rest) {
      out.len = <i32>(d - out.ptr);
      return -1;
    } else if (c >= 0x20 && c < 0x80 && c != 0x5c) {
      // skipRest passes any other byte by (letters of true / false / null): printable ASCII as it is
      store<u8>(d, <u8>c); d++; i++;
    } else {
      // any other byte skipRest passes by: written as quoteInto writes it
      out.len = <i32>(d - out.ptr);
      const w = c < 0x80 ? 1 : runeLen(decodeRune(g + <usize>i, end - i));
      quoteInto(out, g + <usize>i, w);
      i += w;
      out.reserve((end - i) * 2 + 64);
      d = out.ptr + <usize>out.len;
    }
  }
  out.len = <i32>(d - out.ptr);
  return done ? i : -1;
}
