// Quantity suffixes (apimachinery suffix.go): reading "", n, u, m, k, M, G, T, P, E, Ki…Ei and
// e<int>/E<int>, and writing the suffix for a (base, exponent, format) — or nothing when the table
// has no entry, which is how "1000E" comes out as "1".

import { ByteSink } from "../io/sink";
import { FORMAT_BINARY_SI, FORMAT_DECIMAL_EXPONENT, FORMAT_DECIMAL_SI } from "./quantity";

// A suffix's meaning (quantitySuffixer.interpret's base, exponent and format) travels packed in one i64:
// the exponent in the low 32 bits, the base in bits 32-39, the format in bits 40-47.

/** interpretSuffix's answer for a suffix it does not know. */
export const SUFFIX_UNKNOWN: i64 = -1;

@inline function suffix(base: i32, exponent: i32, format: i32): i64 {
  return (<i64>format << 40) | (<i64>base << 32) | <i64><u32>exponent;
}

/** The base (10 or 2) of a known suffix. */
export function suffixBase(s: i64): i32 { return <i32>((s >> 32) & 0xff); }
/** The power of the base of a known suffix. */
export function suffixExponent(s: i64): i32 { return <i32>s; }
/** The format (FORMAT_*) a known suffix implies. */
export function suffixFormat(s: i64): i32 { return <i32>((s >> 40) & 0xff); }

/** quantitySuffixer.interpret over `n` bytes at `p`: the packed meaning, or SUFFIX_UNKNOWN. */
export function interpretSuffix(p: usize, n: i32): i64 {
  if (n == 0) return suffix(10, 0, FORMAT_DECIMAL_SI);
  const c0 = <i32>load<u8>(p);
  if (n == 1) {
    switch (c0) {
      case 0x6e: return suffix(10, -9, FORMAT_DECIMAL_SI); // n
      case 0x75: return suffix(10, -6, FORMAT_DECIMAL_SI); // u
      case 0x6d: return suffix(10, -3, FORMAT_DECIMAL_SI); // m
      case 0x6b: return suffix(10, 3, FORMAT_DECIMAL_SI); // k
      case 0x4d: return suffix(10, 6, FORMAT_DECIMAL_SI); // M
      case 0x47: return suffix(10, 9, FORMAT_DECIMAL_SI); // G
      case 0x54: return suffix(10, 12, FORMAT_DECIMAL_SI); // T
      case 0x50: return suffix(10, 15, FORMAT_DECIMAL_SI); // P
      case 0x45: return suffix(10, 18, FORMAT_DECIMAL_SI); // E
    }
    return SUFFIX_UNKNOWN;
  }
  if (n == 2 && load<u8>(p, 1) == 0x69) {
    switch (c0) {
      case 0x4b: return suffix(2, 10, FORMAT_BINARY_SI); // Ki
      case 0x4d: return suffix(2, 20, FORMAT_BINARY_SI); // Mi
      case 0x47: return suffix(2, 30, FORMAT_BINARY_SI); // Gi
      case 0x54: return suffix(2, 40, FORMAT_BINARY_SI); // Ti
      case 0x50: return suffix(2, 50, FORMAT_BINARY_SI); // Pi
      case 0x45: return suffix(2, 60, FORMAT_BINARY_SI); // Ei
    }
  }
  if (c0 == 0x45 || c0 == 0x65) {
    const v = new ParsedInt();
    if (!parseInt64(p + 1, n - 1, v)) return SUFFIX_UNKNOWN;
    return suffix(10, <i32>v.v, FORMAT_DECIMAL_EXPONENT); // int32(parsed): truncates like Go
  }
  return SUFFIX_UNKNOWN;
}

/** The value strconv.ParseInt returned. */
export class ParsedInt {
  /** The parsed value. */
  v: i64 = 0;
}

/** strconv.ParseInt(s, 10, 64) over `n` bytes at `p`: the value into r.v; false on syntax or range error. */
export function parseInt64(p: usize, n: i32, r: ParsedInt): bool {
  if (n == 0) return false;
  let i = 0;
  let neg = false;
  const c = load<u8>(p);
  if (c == 0x2b || c == 0x2d) { neg = c == 0x2d; i = 1; if (n == 1) return false; }
  let v: u64 = 0;
  for (; i < n; i++) {
    const d = <i32>load<u8>(p + <usize>i) - 0x30;
    if (d < 0 || d > 9) return false;
    if (v > 922337203685477580) { // v*10 would exceed 2^63 (the largest magnitude either sign allows)
      return false;
    }
    v = v * 10 + <u64>d;
  }
  if (neg) {
    if (v > <u64>0x8000000000000000) return false;
    r.v = <i64>(0 - v);
  } else {
    if (v > <u64>i64.MAX_VALUE) return false;
    r.v = <i64>v;
  }
  return true;
}

/** Appends constructBytes(base, exponent, format): nothing when the table has no suffix. */
export function writeSuffix(out: ByteSink, base: i32, exponent: i32, format: i32): void {
  if (format == FORMAT_DECIMAL_SI) {
    if (base != 10) return; // decSuffixes' {2,0} entry is "" anyway
    switch (exponent) {
      case -9: out.byte(0x6e); return;
      case -6: out.byte(0x75); return;
      case -3: out.byte(0x6d); return;
      case 3: out.byte(0x6b); return;
      case 6: out.byte(0x4d); return;
      case 9: out.byte(0x47); return;
      case 12: out.byte(0x54); return;
      case 15: out.byte(0x50); return;
      case 18: out.byte(0x45); return;
    }
    return;
  }
  if (format == FORMAT_BINARY_SI) {
    if (base != 2) return;
    let c = 0;
    switch (exponent) {
      case 10: c = 0x4b; break;
      case 20: c = 0x4d; break;
      case 30: c = 0x47; break;
      case 40: c = 0x54; break;
      case 50: c = 0x50; break;
      case 60: c = 0x45; break;
      default: return;
    }
    out.byte(c);
    out.byte(0x69);
    return;
  }
  if (format == FORMAT_DECIMAL_EXPONENT) {
    if (base != 10 || exponent == 0) return;
    out.byte(0x65);
    out.int(<i64>exponent);
  }
}
