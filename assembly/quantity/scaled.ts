// Quantity.ScaledValue (and MilliValue, Value) as k8s.io/apimachinery computes it, int64 wrap-around
// included: the int64 form through int64Amount.AsScaledInt64 (positiveScaleInt64 / negativeScaleInt64),
// the inf.Dec form through scaled_int.go's scaledValue on the unscaled big.Int — its int64 fast path
// (truncating division, then +1 when inexact), its big path (Euclidean DivMod, then +1 when inexact,
// big.Int.Int64 keeping the low 64 bits), and its scale-up branch (int64(math.Pow10(k)) as amd64
// converts a float beyond int64: math.MinInt64). Linear in the digits of the value.

import { Amount, negativeScaleInt64, positiveScaleInt64 } from "./amount";
import { BigDec, cmpMag } from "./bigdec";
import { Quantity } from "./quantity";

/** Quantity.Sign(): -1, 0 or 1. */
export function quantitySign(q: Quantity): i32 {
  const d = q.dec;
  if (d !== null) return d.sign();
  return q.value == 0 ? 0 : (q.value < 0 ? -1 : 1);
}

/** q.ScaledValue(scale): the value in units of 10^scale, rounded up, as Go's int64. */
export function quantityScaledValue(q: Quantity, scale: i32): i64 {
  const d = q.dec;
  if (d === null) {
    // int64Amount.AsScaledInt64 (Scale arithmetic in int32, wrapping like Go's)
    const r = new Amount();
    if (q.scale < scale) negativeScaleInt64(q.value, scale - q.scale, r);
    else positiveScaleInt64(q.value, q.scale - scale, r);
    return r.v;
  }
  return scaledValue(d, <i64>d.scale, <i64>(0 - scale)); // int(dec.Scale()), int(scale.infScale())
}

/** q.MilliValue(). */
export function quantityMilliValue(q: Quantity): i64 {
  return quantityScaledValue(q, -3);
}

/** q.Value(). */
export function quantityValue(q: Quantity): i64 {
  return quantityScaledValue(q, 0);
}

/** 10^k mod 2^64. */
function pow10Mod64(k: i64): u64 {
  let r: u64 = 1;
  let b: u64 = 10;
  while (k > 0) {
    if (k & 1) r *= b;
    b *= b;
    k >>= 1;
  }
  return r;
}

/** The low 64 bits of digits [from, n) of `d` (little-endian) × 10^zeros, as a magnitude. */
function low64(d: BigDec, from: i32, zeros: i64): u64 {
  let v: u64 = 0;
  for (let i = d.n - 1; i >= from; i--) v = v * 10 + <u64>d.digit(i);
  return zeros > 0 ? v * pow10Mod64(zeros) : v;
}

/** big.Int.Int64 of ±m (m the low 64 bits of the magnitude). */
@inline function signed(neg: bool, m: u64): i64 {
  return neg ? -<i64>m : <i64>m;
}

/** int64(math.Pow10(k)) for k ≥ 0 as amd64 converts it (math.MinInt64 beyond int64). */
function pow10Int64(k: i64): i64 {
  if (k > 18) return i64.MIN_VALUE;
  let r: i64 = 1;
  for (let i: i64 = 0; i < k; i++) r *= 10;
  return r;
}

/** scaledValue(unscaled, scale, newScale) of scale_int.go for the unscaled big.Int of `d`. */
function scaledValue(d: BigDec, scale: i64, newScale: i64): i64 {
  const dif = scale - newScale;
  if (d.n == 0) return 0; // a zero unscaled value: every branch answers 0
  if (dif == 0) return signed(d.neg, low64(d, 0, d.zeros));
  if (dif < 0) return signed(d.neg, low64(d, 0, d.zeros)) * pow10Int64(-dif);
  // scale down: the fast path when unscaled < math.MaxInt64 and dif < 19
  if ((d.neg || cmpMag(d.digits, d.n, d.zeros, <u64>i64.MAX_VALUE, 0) < 0) && dif < 19) {
    const u = signed(d.neg, low64(d, 0, d.zeros));
    const divide = pow10Int64(dif);
    const result = u / divide;
    return u % divide != 0 ? result + 1 : result;
  }
  // |unscaled| = digits × 10^zeros; floor(|unscaled| / 10^dif) and whether a remainder is left
  let q: u64;
  let inexact = false;
  if (d.zeros >= dif) q = low64(d, 0, d.zeros - dif);
  else {
    const drop = dif - d.zeros; // low digits dropped
    if (drop >= <i64>d.n) { q = 0; inexact = true; }
    else {
      const k = <i32>drop;
      for (let i = 0; i < k && !inexact; i++) if (d.digit(i) != 0) inexact = true;
      q = low64(d, k, 0);
    }
  }
  if (!d.neg) return inexact ? <i64>q + 1 : <i64>q;
  // Euclidean division of a negative value: the quotient is -(q + 1) when inexact; then +1
  const r = signed(true, inexact ? q + 1 : q);
  return inexact ? r + 1 : r;
}
