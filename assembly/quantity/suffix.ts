// Quantity suffixes (apimachinery suffix.go): reading "", n, u, m, k, M, G, T, P, E, Ki…Ei and
// e<int>/E<int>, and writing the suffix for a (base, exponent, format) — or nothing when the table
// has no entry, which is how "1000E" comes out as "1".

import { ByteSink } from "../io/sink";
import { FORMAT_BINARY_SI, FORMAT_DECIMAL_EXPONENT, FORMAT_DECIMAL_SI } from "./quantity";

/** Results of interpretSuffix. */
export class SuffixOut {
  /** 10 or 2. */
  static base: i32 = 10;
  /** Power of the base. */
  static exponent: i32 = 0;
  /** Format the suffix implies. */
  static format: i32 = FORMAT_DECIMAL_SI;
}

@inline function set(base: i32, exponent: i32, format: i32): bool {
  SuffixOut.base = base;
  SuffixOut.exponent = exponent;
  SuffixOut.format = format;
  return true;
}

/** quantitySuffixer.interpret over `n` bytes at `p`; results in SuffixOut, false when unknown. */
export function interpretSuffix(p: usize, n: i32): bool {
  if (n == 0) return set(10, 0, FORMAT_DECIMAL_SI);
  const c0 = <i32>load<u8>(p);
  if (n == 1) {
    switch (c0) {
      case 0x6e: return set(10, -9, FORMAT_DECIMAL_SI); // n
      case 0x75: return set(10, -6, FORMAT_DECIMAL_SI); // u
      case 0x6d: return set(10, -3, FORMAT_DECIMAL_SI); // m
      case 0x6b: return set(10, 3, FORMAT_DECIMAL_SI); // k
      case 0x4d: return set(10, 6, FORMAT_DECIMAL_SI); // M
      case 0x47: return set(10, 9, FORMAT_DECIMAL_SI); // G
      case 0x54: return set(10, 12, FORMAT_DECIMAL_SI); // T
      case 0x50: return set(10, 15, FORMAT_DECIMAL_SI); // P
      case 0x45: return set(10, 18, FORMAT_DECIMAL_SI); // E
    }
    return false;
  }
  if (n == 2 && load<u8>(p, 1) == 0x69) {
    switch (c0) {
      case 0x4b: return set(2, 10, FORMAT_BINARY_SI); // Ki
      case 0x4d: return set(2, 20, FORMAT_BINARY_SI); // Mi
      case 0x47: return set(2, 30, FORMAT_BINARY_SI); // Gi
      case 0x54: return set(2, 40, FORMAT_BINARY_SI); // Ti
      case 0x50: return set(2, 50, FORMAT_BINARY_SI); // Pi
      case 0x45: return set(2, 60, FORMAT_BINARY_SI); // Ei
    }
  }
  if (c0 == 0x45 || c0 == 0x65) {
    if (!parseInt64(p + 1, n - 1)) return false;
    return set(10, <i32>ParsedInt.v, FORMAT_DECIMAL_EXPONENT); // int32(parsed): truncates like Go
  }
  return false;
}

/** Result of parseInt64. */
export class ParsedInt {
  /** The parsed value. */
  static v: i64 = 0;
}

/** strconv.ParseInt(s, 10, 64) over `n` bytes at `p`: value in ParsedInt.v, false on syntax or range error. */
export function parseInt64(p: usize, n: i32): bool {
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
    ParsedInt.v = <i64>(0 - v);
  } else {
    if (v > <u64>i64.MAX_VALUE) return false;
    ParsedInt.v = <i64>v;
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
