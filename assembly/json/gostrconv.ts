// Two pieces of Go's strconv that show up in upstream error messages: Quote (the %q verb) and Atoi
// with its *NumError texts (`strconv.Atoi: parsing "x": invalid syntax`).

import { ByteSink } from "../io/sink";
import { decodeRune, runeLen, appendRune } from "./strings";
import { isPrintGo127 } from "./quote-v2";
import { NOT_PRINT16, NOT_PRINT16_COUNT, NOT_PRINT32, NOT_PRINT32_COUNT } from "./generated/isprint";

const HEX = "0123456789abcdef";

/** strconv.IsPrint(r) for a valid code point r (tables generated from Go, see the generated file). */
export function isPrint(r: i32): bool {
  if (r < 0x80) return r >= 0x20 && r < 0x7f;
  if (r < 0x10000) return !inRanges16(r);
  return !inRanges32(r);
}

function inRanges16(r: i32): bool {
  let lo = 0;
  let hi = NOT_PRINT16_COUNT - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const a = <i32>load<u16>(NOT_PRINT16 + (<usize>mid << 2));
    const b = <i32>load<u16>(NOT_PRINT16 + (<usize>mid << 2), 2);
    if (r < a) hi = mid - 1;
    else if (r > b) lo = mid + 1;
    else return true;
  }
  return false;
}

function inRanges32(r: i32): bool {
  let lo = 0;
  let hi = NOT_PRINT32_COUNT - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const a = <i32>load<u32>(NOT_PRINT32 + (<usize>mid << 3));
    const b = <i32>load<u32>(NOT_PRINT32 + (<usize>mid << 3), 4);
    if (r < a) hi = mid - 1;
    else if (r > b) lo = mid + 1;
    else return true;
  }
  return false;
}

function hexDigits(out: ByteSink, v: i32, n: i32): void {
  for (let s = (n - 1) * 4; s >= 0; s -= 4) out.byte(HEX.charCodeAt((v >> s) & 15));
}

/**
 * Appends strconv.Quote of bytes [p, p+n) as Go 1.`goMinor` writes it: `"`, `\` escaped, printable
 * runes as they are, others escaped. Printable means Go 1.26's tables (Unicode 15), Go 1.27's
 * (Unicode 17) from 1.27 on; Go before 1.15 wrote DEL as \u007f. Default: Go 1.26.
 */
export function goQuote(out: ByteSink, p: usize, n: i32, goMinor: i32 = 26): void {
  out.byte(0x22);
  const end = p + <usize>n;
  while (p < end) {
    const c = <i32>load<u8>(p);
    let r = c;
    let w = 1;
    if (c >= 0x80) {
      r = decodeRune(p, <i32>(end - p));
      w = runeLen(r);
      if (r < 0) {
        out.ascii("\\x");
        hexDigits(out, c, 2);
        p++;
        continue;
      }
    }
    p += <usize>w;
    if (r == 0x22 || r == 0x5c) { out.byte(0x5c); out.byte(r); continue; }
    if (goMinor >= 27 ? isPrintGo127(r) : isPrint(r)) { appendRune(out, r); continue; }
    if (r == 0x07) out.ascii("\\a");
    else if (r == 0x08) out.ascii("\\b");
    else if (r == 0x0c) out.ascii("\\f");
    else if (r == 0x0a) out.ascii("\\n");
    else if (r == 0x0d) out.ascii("\\r");
    else if (r == 0x09) out.ascii("\\t");
    else if (r == 0x0b) out.ascii("\\v");
    else if (r < 0x20 || (r == 0x7f && goMinor >= 15)) { out.ascii("\\x"); hexDigits(out, r, 2); }
    else if (r < 0x10000) { out.ascii("\\u"); hexDigits(out, r, 4); }
    else { out.ascii("\\U"); hexDigits(out, r, 8); }
  }
  out.byte(0x22);
}

/** The outcome of goAtoi. */
export class Atoi {
  /** The value (0 on an error). */
  value: i64 = 0;
  /** 0: ok; 1: invalid syntax; 2: value out of range. */
  err: i32 = 0;
}

/** strconv.Atoi on a 64-bit platform over bytes [p, p+n) (atoiError writes the message of its error). */
export function goAtoi(p: usize, n: i32): Atoi {
  const a = new Atoi();
  a.value = atoi(a, p, n);
  return a;
}

/** goAtoi's value; its error into `a`. */
function atoi(a: Atoi, p: usize, n: i32): i64 {
  if (n > 0 && n < 19) {
    let i = 0;
    const c0 = load<u8>(p);
    if (c0 == 0x2d || c0 == 0x2b) {
      i = 1;
      if (n == 1) { a.err = 1; return 0; }
    }
    let v: i64 = 0;
    for (; i < n; i++) {
      const d = <u32>load<u8>(p + <usize>i) - 0x30;
      if (d > 9) { a.err = 1; return 0; }
      v = v * 10 + <i64>d;
    }
    return c0 == 0x2d ? -v : v;
  }
  // slow path: ParseInt(s, 10, 0)
  if (n == 0) { a.err = 1; return 0; }
  let i = 0;
  let neg = false;
  const c0 = load<u8>(p);
  if (c0 == 0x2b) i = 1;
  else if (c0 == 0x2d) { neg = true; i = 1; }
  if (i >= n) { a.err = 1; return 0; }
  // ParseUint over the rest: first problem (bad digit or overflow) wins
  const cutoff: u64 = <u64>-1 / 10 + 1;
  let u: u64 = 0;
  let overflow = false;
  for (; i < n; i++) {
    const d = <u64>(<u32>load<u8>(p + <usize>i) - 0x30);
    if (d > 9) { a.err = 1; return 0; }
    if (u >= cutoff) { overflow = true; break; }
    u *= 10;
    const u1 = u + d;
    if (u1 < u) { overflow = true; break; }
    u = u1;
  }
  if (overflow) { a.err = 2; return 0; }
  const lim: u64 = <u64>1 << 63;
  if (!neg && u >= lim) { a.err = 2; return 0; }
  if (neg && u > lim) { a.err = 2; return 0; }
  return neg ? -<i64>u : <i64>u;
}

/** Appends the *NumError text of goAtoi's error `err` on [p, p+n), as Go 1.`goMinor` words it. */
export function atoiError(out: ByteSink, p: usize, n: i32, err: i32, goMinor: i32 = 26): void {
  out.ascii("strconv.Atoi: parsing ");
  goQuote(out, p, n, goMinor);
  out.ascii(err == 2 ? ": value out of range" : ": invalid syntax");
}
