// Exact number conversions: JSON number text -> float64 (as Go's strconv.ParseFloat, or exactly rounded as
// ECMAScript's Number()), and float64 -> text as Go's encoding/json, strconv.FormatFloat('g', -1) and
// ECMAScript Number::toString print it. Parsing: exact fast path for short mantissas, Eisel-Lemire,
// then a multi-precision decimal; formatting: integers directly, otherwise Schubfach shortest digits.

import { ByteSink } from "../io/sink";
import { decimalLoad, decimalToFloat64Bits } from "./decimal";
import { eiselLemire64 } from "./eisellemire";
import { Shortest, shortest64, shortest32 } from "./shortest";

/**
 * True when a parse result is Go's ErrRange: the value overflowed float64 (strconv.ParseFloat returns ±Inf + ErrRange).
 * parseNumber, parseNumberJS and parseFloatGo127 return ±Inf then and only then (JSON text has no infinities).
 */
@inline export function outOfRange(f: f64): bool {
  return !isFinite(f);
}

/** 10^0 .. 10^22, all exact in float64. */
const POW10_F64: usize = memory.data<f64>([
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]);

/** Decimal digits of the shortest conversion being written, ASCII. */
const DIGITS: usize = memory.data(24); // scratch: rewritten before every use

const NEG_ZERO_BITS: u64 = 0x8000000000000000;
const TWO_POW_53: f64 = 9007199254740992.0;

// ---------------------------------------------------------------------------------------------------
// Parsing

/** Parses validated JSON number text [ptr, ptr+len) to the nearest float64, exactly like Go strconv.ParseFloat(s, 64). */
export function parseNumber(ptr: usize, len: i32): f64 {
  return parse(ptr, len, true);
}

/** Parses validated JSON number text to the correctly rounded float64 of its exact value, as ECMAScript Number(text). */
export function parseNumberJS(ptr: usize, len: i32): f64 {
  return parse(ptr, len, false);
}

/** 10^i as float64 for 0 <= i <= 22. */
// @ts-ignore: decorator
@inline function pow10f(i: i32): f64 {
  return load<f64>(POW10_F64 + ((<usize>i) << 3));
}

/**
 * The shared pipeline (Go's atof64 order): read up to 19 significant digits; exact float arithmetic when
 * mantissa and exponent are small; Eisel-Lemire (confirmed with mantissa+1 when digits were dropped);
 * otherwise the multi-precision decimal. `goQuirks` selects Go's reading of pathological inputs
 * (exponents of 6+ digits saturate, over-800-digit integer parts in the slow path), else exact values.
 */
function parse(ptr: usize, len: i32, goQuirks: bool): f64 {
  let i = 0;
  let neg = false;
  if (len > 0) {
    const c0 = load<u8>(ptr);
    if (c0 == 0x2d) { neg = true; i = 1; } else if (c0 == 0x2b) i = 1;
  }
  let mant: u64 = 0;
  let nd = 0;
  let ndMant = 0;
  let dp = 0;
  let sawDot = false;
  let trunc = false;
  for (; i < len; i++) {
    const c = <u32>load<u8>(ptr + <usize>i);
    if (c == 0x2e) {
      if (sawDot) break;
      sawDot = true;
      dp = nd;
      continue;
    }
    const d = c - 0x30;
    if (d > 9) break;
    if (d == 0 && nd == 0) { dp--; continue; } // leading zeros
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
    if (i < len) {
      const s = load<u8>(ptr + <usize>i);
      if (s == 0x2d) { esign = -1; i++; } else if (s == 0x2b) i++;
    }
    const cap: i64 = goQuirks ? 10000 : 1000000000000;
    let e: i64 = 0;
    for (; i < len; i++) {
      const d = <u32>load<u8>(ptr + <usize>i) - 0x30;
      if (d > 9) break;
      if (e < cap) e = e * 10 + <i64>d;
    }
    dp64 += esign * e;
  }
  if (mant == 0) return neg ? reinterpret<f64>(NEG_ZERO_BITS) : 0.0;

  const exp64 = dp64 - <i64>ndMant;
  if (exp64 >= -400 && exp64 <= 400) {
    const exp10 = <i32>exp64;
    if (!trunc && (mant >> 52) == 0) {
      // Exact: mantissa < 2^52 and the power of ten is exact, so one IEEE operation rounds correctly.
      let f = <f64>mant;
      if (exp10 == 0) return neg ? -f : f;
      if (exp10 > 0 && exp10 <= 15 + 22) {
        let e = exp10;
        if (e > 22) {
          f *= pow10f(e - 22);
          e = 22;
        }
        if (f <= 1e15) {
          f *= pow10f(e);
          return neg ? -f : f;
        }
      } else if (exp10 < 0 && exp10 >= -22) {
        f /= pow10f(-exp10);
        return neg ? -f : f;
      }
    }
    const b = eiselLemire64(mant, exp10);
    if (b != <u64>-1) {
      if (!trunc) return reinterpret<f64>(neg ? b | NEG_ZERO_BITS : b);
      // Digits were dropped: the result stands only if mantissa+1 rounds the same way.
      if (eiselLemire64(mant + 1, exp10) == b) return reinterpret<f64>(neg ? b | NEG_ZERO_BITS : b);
    }
  }

  decimalLoad(ptr, len, goQuirks);
  let bits = decimalToFloat64Bits();
  if (neg) bits |= NEG_ZERO_BITS;
  return reinterpret<f64>(bits);
}

// ---------------------------------------------------------------------------------------------------
// Formatting

/** Shape of the ASCII digits in DIGITS after emitDigits (read by the writer that called it). */
class Digits {
  /** Number of digits in DIGITS. */
  static nd: i32 = 0; // scratch: rewritten before every use
  /** Decimal point position: value = 0.DIGITS * 10^dp. */
  static dp: i32 = 0; // scratch: rewritten before every use
}

/** Fills DIGITS/Digits from Shortest. */
function emitDigits(): void {
  let v = Shortest.digits;
  let n = 1;
  let t = v;
  while (t >= 10) { t /= 10; n++; }
  let p = DIGITS + <usize>n;
  do {
    p--;
    const q = v / 10;
    store<u8>(p, <u8>(0x30 + <i32>(v - q * 10)));
    v = q;
  } while (v != 0);
  Digits.nd = n;
  Digits.dp = n + Shortest.exp;
}

/** Shortest digits of a finite nonzero float64 into DIGITS/Digits. */
function digits64(f: f64): void {
  shortest64(reinterpret<u64>(f));
  emitDigits();
}

/** Writes the digits as %f with exactly the needed fraction digits (Go fmtF with prec = max(nd-dp, 0)). */
function writeFixed(out: ByteSink): void {
  const nd = Digits.nd;
  const dp = Digits.dp;
  out.reserve(nd + (dp > 0 ? dp : -dp) + 4);
  if (dp > 0) {
    const m = dp < nd ? dp : nd;
    out.bytes(DIGITS, m);
    for (let i = m; i < dp; i++) out.byte(0x30);
  } else {
    out.byte(0x30);
  }
  if (nd > dp) {
    out.byte(0x2e);
    for (let i = dp; i < 0; i++) out.byte(0x30);
    const start = dp > 0 ? dp : 0;
    out.bytes(DIGITS + <usize>start, nd - start);
  }
}

/** Writes d[.ddd]e±X from DIGITS; `minExpDigits` 2 pads one-digit exponents with a zero (Go's %e). */
function writeExp(out: ByteSink, minExpDigits: i32): void {
  const nd = Digits.nd;
  out.reserve(nd + 8);
  out.byte(load<u8>(DIGITS));
  if (nd > 1) {
    out.byte(0x2e);
    out.bytes(DIGITS + 1, nd - 1);
  }
  out.byte(0x65);
  let e = Digits.dp - 1;
  if (e < 0) {
    out.byte(0x2d);
    e = -e;
  } else {
    out.byte(0x2b);
  }
  if (e < 10 && minExpDigits > 1) out.byte(0x30);
  out.uint(<u64>e);
}

/** Writes f as Go encoding/json's float64 encoder does (shortest round-trip; 'f' in [1e-6,1e21) else 'e' with e-07 -> e-7; -0 -> "-0"). */
export function writeGoFloat64(out: ByteSink, f: f64): void {
  if (!isFinite(f)) {
    // json.Marshal fails on these (UnsupportedValueError); callers never pass them. Written as FormatFloat does.
    writeNonFinite(out, f);
    return;
  }
  const neg = (reinterpret<u64>(f) >> 63) != 0;
  const abs = Math.abs(f);
  if (abs < TWO_POW_53) {
    const n = <u64>abs;
    if (<f64>n == abs) {
      if (neg) out.byte(0x2d);
      out.uint(n);
      return;
    }
  }
  if (neg) out.byte(0x2d);
  digits64(abs);
  if (abs < 1e-6 || abs >= 1e21) {
    // Go writes at least two exponent digits, then encoding/json trims "e-0X" to "e-X".
    writeExp(out, Digits.dp - 1 < 0 ? 1 : 2);
  } else {
    writeFixed(out);
  }
}

/** Writes f as ECMAScript Number::toString (RFC 8785 §3.2.2.3): -0 -> "0". Caller rejects NaN/Inf. */
export function writeEcmaNumber(out: ByteSink, f: f64): void {
  if (!isFinite(f)) {
    // Not valid in JSON/RFC 8785; written as ECMAScript's String(x) would, so nothing traps.
    if (isNaN(f)) out.ascii("NaN"); else out.ascii(f > 0 ? "Infinity" : "-Infinity");
    return;
  }
  const abs = Math.abs(f);
  if (abs < TWO_POW_53) {
    const n = <u64>abs;
    if (<f64>n == abs) {
      if (f < 0) out.byte(0x2d);
      out.uint(n);
      return;
    }
  }
  if (f < 0) out.byte(0x2d);
  digits64(abs);
  const dp = Digits.dp;
  if (dp >= -5 && dp <= 21) {
    // Fixed notation: k <= n <= 21, 0 < n <= 21, or -6 < n <= 0.
    writeFixed(out);
  } else {
    writeExp(out, 1);
  }
}

/** float32 bits of 2^-12, the one float32 whose shortest form Go 1.26+ rounds differently (see below). */
const F32_TWO_POW_MINUS_12: u32 = 0x39800000;

/**
 * Writes strconv.FormatFloat(f, 'g', -1, bitSize) (bitSize 32 or 64), as go-spew prints floats; `goMinor`
 * (e.g. 22 for Go 1.22, 0 = before 1.26) selects the one version difference: Go 1.26's Dragonbox prints
 * float32 2^-12 as 0.00024414063 (tie rounded up), Go 1.21-1.25 as 0.00024414062 (tie to even).
 */
export function writeGoFormatG(out: ByteSink, f: f64, bitSize: i32, goMinor: i32 = 0): void {
  if (!isFinite(f)) {
    writeNonFinite(out, f);
    return;
  }
  let neg: bool;
  if (bitSize == 32) {
    const f32v = <f32>f;
    const bits = reinterpret<u32>(f32v);
    neg = (bits >> 31) != 0;
    if (!isFinite(f32v)) {
      writeNonFinite(out, <f64>f32v);
      return;
    }
    if (neg) out.byte(0x2d);
    if ((bits & 0x7fffffff) == 0) {
      out.byte(0x30);
      return;
    }
    shortest32(bits);
    // Go 1.26 checks the shorter-interval tie only at the float64 exponent (-77), so for float32 the
    // single tie case, 2^-12 = 0.000244140625 with candidates ...62 and ...63, rounds up.
    if (goMinor >= 26 && (bits & 0x7fffffff) == F32_TWO_POW_MINUS_12) Shortest.digits += 1;
  } else {
    const bits = reinterpret<u64>(f);
    neg = (bits >> 63) != 0;
    if (neg) out.byte(0x2d);
    if ((bits & 0x7fffffffffffffff) == 0) {
      out.byte(0x30);
      return;
    }
    shortest64(bits);
  }
  emitDigits();
  // %e when the exponent is < -4 or >= 6 (the shortest-precision rule of Go's 'g').
  const x = Digits.dp - 1;
  if (x < -4 || x >= 6) writeExp(out, 2); else writeFixed(out);
}

/** Writes NaN / +Inf / -Inf as strconv.FormatFloat does. */
function writeNonFinite(out: ByteSink, f: f64): void {
  if (isNaN(f)) out.ascii("NaN"); else out.ascii(f > 0 ? "+Inf" : "-Inf");
}
