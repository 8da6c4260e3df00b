// Go 1.27's strconv.ParseFloat(s, 64) for JSON number text. Go 1.27 rounds with "unrounded scaling":
// the first 19 significant digits d and the exponent p of d * 10^p are always rounded correctly (ties
// to even), with quick exits (p > 310 overflows, p < -345 is zero); only when later digits were dropped
// and d and d+1 round apart does it fall back to its 800-digit decimal, which still places the decimal
// point after the 800th digit of a longer integer part (Go's old quirk). Go 1.13-1.26 fall back
// whenever Eisel-Lemire gives up, so "1" + 1000 zeros + "e-999" is 1e-200 there and 10 here
// (number.ts parseNumber gives the older answer).

import { eiselLemire64 } from "./eisellemire";
import { decimalLoad, decimalToFloat64Bits } from "./decimal";

/** 10^0 .. 10^22, all exact in float64. */
const POW10: usize = memory.data<f64>([
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]);
const SIGN: u64 = 0x8000000000000000;
const INF: u64 = 0x7ff0000000000000;
/** Scratch text "<up to 20 digits>e-<up to 3 digits>" for the exact decimal rounding. */
const TEXT: usize = memory.data(32); // scratch: rewritten before every use

// @ts-ignore: decorator
@inline function pow10(i: i32): f64 {
  return load<f64>(POW10 + (<usize>i << 3));
}

/**
 * Parses validated JSON number text [ptr, ptr+len) to float64 exactly as Go 1.27's
 * strconv.ParseFloat(s, 64); ±Inf exactly when Go reports ErrRange (number.ts outOfRange).
 */
export function parseFloatGo127(ptr: usize, len: i32): f64 {
  // readFloat: up to 19 significant digits, the decimal point, the exponent (saturating at 10000)
  let i = 0;
  let neg = false;
  if (len > 0 && load<u8>(ptr) == 0x2d) { neg = true; i = 1; }
  let mant: u64 = 0;
  let nd = 0;
  let ndMant = 0;
  let dp = 0;
  let sawDot = false;
  let trunc = false;
  for (; i < len; i++) {
    const c = <u32>load<u8>(ptr + <usize>i);
    if (c == 0x2e) {
      sawDot = true;
      dp = nd;
      continue;
    }
    const d = c - 0x30;
    if (d > 9) break;
    if (d == 0 && nd == 0) { dp--; continue; }
    nd++;
    if (ndMant < 19) {
      mant = mant * 10 + <u64>d;
      ndMant++;
    } else if (d != 0) {
      trunc = true;
    }
  }
  if (!sawDot) dp = nd;
  let dp64 = <i64>dp;
  if (i < len && (load<u8>(ptr + <usize>i) | 0x20) == 0x65) {
    i++;
    let esign: i64 = 1;
    const s = load<u8>(ptr + <usize>i);
    if (s == 0x2d) { esign = -1; i++; } else if (s == 0x2b) i++;
    let e: i64 = 0;
    for (; i < len; i++) {
      const d = <u32>load<u8>(ptr + <usize>i) - 0x30;
      if (d > 9) break;
      if (e < 10000) e = e * 10 + <i64>d;
    }
    dp64 += esign * e;
  }
  const sign = neg ? SIGN : 0;
  if (mant == 0) return reinterpret<f64>(sign);
  const p64 = dp64 - <i64>ndMant;
  if (p64 > 310) {
    return reinterpret<f64>(sign | INF);
  }
  if (p64 < -345) return reinterpret<f64>(sign);
  const p = <i32>p64;
  if (!trunc && (mant >> 52) == 0) {
    // atof64exact: one correctly rounded IEEE operation
    let f = <f64>mant;
    if (p == 0) return neg ? -f : f;
    if (p > 0 && p <= 15 + 22) {
      let e = p;
      if (e > 22) {
        f *= pow10(e - 22);
        e = 22;
      }
      if (f <= 1e15) {
        f *= pow10(e);
        return neg ? -f : f;
      }
    } else if (p < 0 && p >= -22) {
      f /= pow10(-p);
      return neg ? -f : f;
    }
  }
  const b = roundScaled(mant, p);
  if (!trunc || roundScaled(mant + 1, p) == b) {
    return reinterpret<f64>(sign | b);
  }
  // slow fallback: the 800-digit decimal of the whole text
  decimalLoad(ptr, len, true);
  const bits = decimalToFloat64Bits();
  return reinterpret<f64>(sign | bits);
}

/** Bits of d * 10^p (d != 0, at most 20 digits) rounded to nearest, ties to even; INF when it overflows. */
function roundScaled(d: u64, p: i32): u64 {
  const b = eiselLemire64(d, p);
  if (b != <u64>-1) return b;
  // Eisel-Lemire could not decide: round the exact decimal "d e p"
  let n = 0;
  for (let t = d; t != 0; t /= 10) n++;
  for (let k = n - 1, t = d; k >= 0; k--, t /= 10) store<u8>(TEXT + <usize>k, <u8>(0x30 + <i32>(t % 10)));
  store<u8>(TEXT + <usize>n, 0x65);
  n++;
  if (p < 0) {
    store<u8>(TEXT + <usize>n, 0x2d);
    n++;
  }
  const e = p < 0 ? -p : p;
  const w = e >= 100 ? 3 : e >= 10 ? 2 : 1;
  for (let k = n + w - 1, x = e; k >= n; k--, x /= 10) store<u8>(TEXT + <usize>k, <u8>(0x30 + x % 10));
  n += w;
  decimalLoad(TEXT, n, false);
  return decimalToFloat64Bits(); // INF when it overflows
}
