// Go's strconv.ParseFloat(s, 64) on a whole string: the syntax it accepts (sign, decimal or 0x-hex
// mantissa with an optional point, e/p exponent, `_` digit separators, inf/infinity/nan in any case)
// and the correctly rounded value, with Go's two outcomes on failure: `invalid syntax` (ErrSyntax) or
// `value out of range` (ErrRange, the value overflowed float64). Decimal text is converted by the
// JSON engine's exact parser; hex text is rounded here.

import { ByteSink } from "../../io/sink";
import { parseNumber, outOfRange } from "../../json/number";

/** What goParseFloat answers: the value and its error (0: ok; 1: invalid syntax; 2: value out of range). */
export class ParsedFloat {
  constructor(public value: f64, public err: i32 = 0) {}
}

@inline function syntaxError(): ParsedFloat { return new ParsedFloat(0, 1); }

const INF_BITS: u64 = 0x7ff0000000000000;
const NAN_BITS: u64 = 0x7ff8000000000001; // Go's math.NaN()
const SIGN_BIT: u64 = 0x8000000000000000;

@inline function lower(c: i32): i32 { return c | 0x20; }

/** Length of the case-insensitive common prefix of [p, p+n) and the ASCII word. */
function prefixIgnoreCase(p: usize, n: i32, word: string): i32 {
  const m = word.length;
  let k = 0;
  while (k < n && k < m) {
    let c = <i32>load<u8>(p + <usize>k);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c != word.charCodeAt(k)) break;
    k++;
  }
  return k;
}

/** Go's `underscoreOK`: underscores only between digits (or after a base prefix). */
function underscoresOK(p: usize, n: i32): bool {
  let i = 0;
  if (n >= 1) {
    const c = load<u8>(p);
    if (c == 0x2d || c == 0x2b) i = 1;
  }
  let saw = 0x5e; // '^' start, '0' digit or prefix, '_' underscore, '!' other
  let hex = false;
  if (n - i >= 2 && load<u8>(p + <usize>i) == 0x30) {
    const b = lower(<i32>load<u8>(p + <usize>(i + 1)));
    if (b == 0x62 || b == 0x6f || b == 0x78) {
      i += 2;
      saw = 0x30;
      hex = b == 0x78;
    }
  }
  for (; i < n; i++) {
    const c = <i32>load<u8>(p + <usize>i);
    if ((c >= 0x30 && c <= 0x39) || (hex && lower(c) >= 0x61 && lower(c) <= 0x66)) { saw = 0x30; continue; }
    if (c == 0x5f) {
      if (saw != 0x30) return false;
      saw = 0x5f;
      continue;
    }
    if (saw == 0x5f) return false;
    saw = 0x21;
  }
  return saw != 0x5f;
}

/** Rounds mantissa × 2^exp (sticky: lower bits were dropped) to a float64 (err 2 when it overflows to infinity). */
function hexToFloat(mant: u64, exp: i32, sticky: bool, neg: bool): ParsedFloat {
  const bits = hexToBits(mant, exp, sticky, neg);
  return new ParsedFloat(reinterpret<f64>(bits), (bits & INF_BITS) == INF_BITS ? 2 : 0);
}

/** Rounds mantissa × 2^exp (sticky: lower bits were dropped) to float64 bits (infinity on overflow). */
function hexToBits(mant: u64, exp: i32, sticky: bool, neg: bool): u64 {
  const sign = neg ? SIGN_BIT : 0;
  if (mant == 0) return sign;
  const lz = <i32>clz(mant);
  mant <<= <u64>lz;
  exp -= lz;
  // value = mant × 2^exp with mant in [2^63, 2^64): unbiased exponent e
  let e = exp + 63;
  if (e > 1023) return sign | INF_BITS;
  let shift = 11;
  if (e < -1022) shift += -1022 - e;
  let q: u64;
  let rem: u64;
  let half: u64;
  if (shift > 64) return sign; // below half the smallest subnormal
  if (shift == 64) { q = 0; rem = mant; half = SIGN_BIT; }
  else { q = mant >> <u64>shift; rem = mant & ((<u64>1 << <u64>shift) - 1); half = <u64>1 << <u64>(shift - 1); }
  if (rem > half || (rem == half && (sticky || (q & 1) != 0))) q++;
  if (e < -1022) return sign | q; // subnormal (q == 2^52 is the smallest normal, same bits)
  if (q == (<u64>1 << 53)) { q >>= 1; e++; }
  if (e > 1023) return sign | INF_BITS;
  return sign | (<u64>(e + 1023) << 52) | (q & 0xfffffffffffff);
}

/** strconv.ParseFloat(s, 64) over bytes [p, p+n): the value, or its syntax / range error. */
export function goParseFloat(p: usize, n: i32): ParsedFloat {
  if (n == 0) return syntaxError();
  // inf, infinity, nan (a sign only before inf)
  {
    let i = 0;
    let neg = false;
    const c0 = <i32>load<u8>(p);
    if (c0 == 0x2b || c0 == 0x2d) { neg = c0 == 0x2d; i = 1; }
    const c = lower(i < n ? <i32>load<u8>(p + <usize>i) : 0);
    if (c == 0x69) {
      let k = prefixIgnoreCase(p + <usize>i, n - i, "infinity");
      if (k > 3 && k < 8) k = 3;
      if (k == 3 || k == 8) {
        if (i + k != n) return syntaxError();
        return new ParsedFloat(reinterpret<f64>((neg ? SIGN_BIT : 0) | INF_BITS));
      }
    } else if (c == 0x6e && i == 0) {
      if (prefixIgnoreCase(p, n, "nan") == 3) {
        if (n != 3) return syntaxError();
        return new ParsedFloat(reinterpret<f64>(NAN_BITS));
      }
    }
  }
  // readFloat's syntax
  let i = 0;
  let neg = false;
  const c0 = load<u8>(p);
  if (c0 == 0x2b) i = 1;
  else if (c0 == 0x2d) { i = 1; neg = true; }
  let hex = false;
  if (i + 2 < n && load<u8>(p + <usize>i) == 0x30 && lower(<i32>load<u8>(p + <usize>(i + 1))) == 0x78) {
    hex = true;
    i += 2;
  }
  let underscores = false;
  let sawDot = false;
  let sawDigits = false;
  let nd = 0;
  let ndMant = 0;
  let dp = 0;
  let mant: u64 = 0;
  let trunc = false;
  for (; i < n; i++) {
    const c = <i32>load<u8>(p + <usize>i);
    if (c == 0x5f) { underscores = true; continue; }
    if (c == 0x2e) {
      if (sawDot) break;
      sawDot = true;
      dp = nd;
      continue;
    }
    let d = -1;
    if (c >= 0x30 && c <= 0x39) d = c - 0x30;
    else if (hex && lower(c) >= 0x61 && lower(c) <= 0x66) d = lower(c) - 0x61 + 10;
    if (d < 0) break;
    sawDigits = true;
    if (d == 0 && nd == 0) { dp--; continue; }
    nd++;
    if (hex) {
      if (ndMant < 16) { mant = (mant << 4) | <u64>d; ndMant++; } else trunc = true;
    } else if (ndMant < 19) {
      ndMant++;
    }
  }
  if (!sawDigits) return syntaxError();
  if (!sawDot) dp = nd;
  let e: i32 = 0;
  let esign: i32 = 1;
  const expChar = hex ? 0x70 : 0x65;
  if (i < n && lower(<i32>load<u8>(p + <usize>i)) == expChar) {
    i++;
    if (i >= n) return syntaxError();
    const s = load<u8>(p + <usize>i);
    if (s == 0x2b) i++;
    else if (s == 0x2d) { i++; esign = -1; }
    if (i >= n || load<u8>(p + <usize>i) < 0x30 || load<u8>(p + <usize>i) > 0x39) return syntaxError();
    for (; i < n; i++) {
      const c = <i32>load<u8>(p + <usize>i);
      if (c == 0x5f) { underscores = true; continue; }
      if (c < 0x30 || c > 0x39) break;
      if (e < 10000) e = e * 10 + (c - 0x30);
    }
  } else if (hex) {
    return syntaxError();
  }
  if (underscores && !underscoresOK(p, i)) return syntaxError();
  if (i != n) return syntaxError();
  if (hex) {
    const exp2 = mant != 0 ? dp * 4 + e * esign - ndMant * 4 : 0;
    return hexToFloat(mant, exp2, trunc, neg);
  }
  // decimal: the exact parser reads the same text once the separators are gone
  let q = p;
  let len = n;
  if (underscores) {
    const b = new ByteSink(n);
    for (let k = 0; k < n; k++) {
      const c = load<u8>(p + <usize>k);
      if (c != 0x5f) b.byte(c);
    }
    q = b.ptr;
    len = b.len;
  }
  const v = parseNumber(q, len);
  return new ParsedFloat(v, outOfRange(v) ? 2 : 0);
}

/** Appends the *NumError text of goParseFloat's error `err` on [p, p+n) (quoted by `quote`). */
export function parseFloatError(out: ByteSink, p: usize, n: i32, err: i32, quote: (out: ByteSink, p: usize, n: i32) => void): void {
  out.ascii("strconv.ParseFloat: parsing ");
  quote(out, p, n);
  out.ascii(err == 2 ? ": value out of range" : ": invalid syntax");
}
