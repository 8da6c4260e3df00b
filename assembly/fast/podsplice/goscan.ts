// Scanning the Go JSON text of a pod (valid compact JSON, as json.Marshal writes it) for the splice
// (podsplice.ts): string ends 8 bytes at a time, values and object tails skipped, member lookup, strings read.

import { ByteSink } from "../../io/sink";
import { unquote } from "../../json/strings";


/** Index of the closing quote of the string whose opening quote is at i; -1 past `end`. Sets `Scan.esc` when it has an escape. */
export function strEnd(g: usize, i: i32, end: i32): i32 {
  let j = i + 1;
  while (j + 8 <= end) {
    const x = load<u64>(g + <usize>j);
    // bytes equal to `"` or `\`
    const a = x ^ 0x2222222222222222;
    const b = x ^ 0x5c5c5c5c5c5c5c5c;
    const m = (((a - 0x0101010101010101) & ~a) | ((b - 0x0101010101010101) & ~b)) & 0x8080808080808080;
    if (m == 0) { j += 8; continue; }
    j += <i32>(ctz(m) >> 3);
    const c = load<u8>(g + <usize>j);
    if (c == 0x22) return j;
    Scan.esc = true;
    j += 2;
  }
  while (j < end) {
    const c = load<u8>(g + <usize>j);
    if (c == 0x22) return j;
    if (c == 0x5c) { Scan.esc = true; j += 2; continue; }
    j++;
  }
  return -1;
}

/** Scanner flags of the current walk. */
// scratch: rewritten before every use (each scan clears the flag it reads afterwards)
export class Scan {
  /** The last strings scanned had an escape. */
  static esc: bool = false;
  /** A number of 16 or more characters was seen. */
  static big: bool = false;
}

@inline export function isNumByte(c: i32): bool {
  return (c >= 0x30 && c <= 0x39) || c == 0x2d || c == 0x2b || c == 0x2e || c == 0x65 || c == 0x45;
}

/** Index just past the value starting at i (-1 on malformed input); long numbers set `Scan.big`. */
export function skipValue(g: usize, i: i32, end: i32): i32 {
  let depth = 0;
  while (i < end) {
    const c = <i32>load<u8>(g + <usize>i);
    if (c == 0x22) {
      const e = strEnd(g, i, end);
      if (e < 0) return -1;
      i = e + 1;
      if (depth == 0) return i;
    } else if (c == 0x7b || c == 0x5b) { depth++; i++; }
    else if (c == 0x7d || c == 0x5d) { depth--; i++; if (depth <= 0) return depth == 0 ? i : -1; }
    else if (c == 0x2c || c == 0x3a) { if (depth == 0) return -1; i++; }
    else if (c == 0x2d || (c >= 0x30 && c <= 0x39)) {
      const s = i;
      while (i < end && isNumByte(<i32>load<u8>(g + <usize>i))) i++;
      if (i - s >= 16) Scan.big = true;
      if (depth == 0) return i;
    } else if (c == 0x74 || c == 0x6e) { i += 4; if (depth == 0) return i; }
    else if (c == 0x66) { i += 5; if (depth == 0) return i; }
    else return -1;
  }
  return -1;
}

/** Index just past the `}` / `]` closing the object or array whose members continue at i (-1 on malformed input). */
export function skipRest(g: usize, i: i32, n: i32): i32 {
  let depth = 1;
  while (i < n) {
    const c = <i32>load<u8>(g + <usize>i);
    if (c == 0x22) {
      const e = strEnd(g, i, n);
      if (e < 0) return -1;
      i = e + 1;
    } else if (c == 0x7b || c == 0x5b) { depth++; i++; }
    else if (c == 0x7d || c == 0x5d) { depth--; i++; if (depth == 0) return i; }
    else if (c == 0x2d || (c >= 0x30 && c <= 0x39)) {
      const s = i;
      while (i < n && isNumByte(<i32>load<u8>(g + <usize>i))) i++;
      if (i - s >= 16) Scan.big = true;
    } else i++;
  }
  return -1;
}


/** True when [p, p+n) is the ASCII text `s`. */
export function textIs(p: usize, n: i32, s: string): bool {
  if (n != s.length) return false;
  for (let i = 0; i < n; i++) if (<i32>load<u8>(p + <usize>i) != s.charCodeAt(i)) return false;
  return true;
}



/** The Go string value of the JSON string [s, e) of g (quotes included) as an AssemblyScript string; "" when s < 0. */
export function gStr(g: usize, s: i32, e: i32): string {
  if (s < 0 || e - s < 2 || load<u8>(g + <usize>s) != 0x22) return "";
  const p = g + <usize>(s + 1);
  const n = e - s - 2;
  let esc = false;
  for (let i = 0; i < n; i++) if (load<u8>(p + <usize>i) == 0x5c) { esc = true; break; }
  if (!esc) return String.UTF8.decodeUnsafe(p, <usize>n);
  const b = new ByteSink(n);
  unquote(b, p, n, false);
  return String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
}

/** Value start of member `name` of the object starting at `s` in g (-1 absent or not an object). */
export function member(g: usize, s: i32, end: i32, name: string): i32 {
  if (s < 0 || load<u8>(g + <usize>s) != 0x7b) return -1;
  let i = s + 1;
  if (load<u8>(g + <usize>i) == 0x7d) return -1;
  for (;;) {
    if (load<u8>(g + <usize>i) != 0x22) return -1;
    const ke = strEnd(g, i, end);
    if (ke < 0) return -1;
    const hit = textIs(g + <usize>(i + 1), ke - i - 1, name);
    i = ke + 2;
    if (hit) return i;
    i = skipValue(g, i, end);
    if (i < 0 || i >= end || load<u8>(g + <usize>i) != 0x2c) return -1;
    i++;
  }
  return -1; // not reached
}

