// int64 arithmetic of Quantity's fast path (apimachinery amount.go / math.go semantics): overflow is
// detected exactly as the Go helpers detect it (wrapping multiply, then divide back), so the same
// values fall back to the big-decimal path.

/** Second results of the helpers below (AssemblyScript has no tuples; globals survive no call). */
export class AmountOut {
  /** The int64 result. */
  static v: i64 = 0;
  /** The factor count of removeInt64Factors. */
  static times: i32 = 0;
}

/** int64Multiply: a*b into AmountOut.v; false on overflow. */
export function int64Multiply(a: i64, b: i64): bool {
  if (a == 0 || b == 0 || a == 1 || b == 1) { AmountOut.v = a * b; return true; }
  if (a == i64.MIN_VALUE || b == i64.MIN_VALUE) return false;
  const c = a * b;
  AmountOut.v = c;
  return c / b == a;
}

/** int64MultiplyScale (b > 1): a*b into AmountOut.v; false on overflow. */
export function int64MultiplyScale(a: i64, b: i64): bool {
  if (a == 0 || a == 1) { AmountOut.v = a * b; return true; }
  if (a == i64.MIN_VALUE && b != 1) return false;
  const c = a * b;
  AmountOut.v = c;
  return c / b == a;
}

/** positiveScaleInt64: base × 10^scale (scale ≥ 0) into AmountOut.v; false on overflow. */
export function positiveScaleInt64(base: i64, scale: i32): bool {
  if (scale == 0) { AmountOut.v = base; return true; }
  if (base == 0) { AmountOut.v = 0; return true; }
  let v = base;
  for (let i = 0; i < scale; i++) {
    if (!int64MultiplyScale(v, 10)) return false;
    v = AmountOut.v;
  }
  AmountOut.v = v;
  return true;
}

/** negativeScaleInt64: base ÷ 10^scale rounded away from zero into AmountOut.v; returns exactness. */
export function negativeScaleInt64(base: i64, scale: i32): bool {
  if (scale == 0) { AmountOut.v = base; return true; }
  let value = base;
  let fraction = false;
  for (let i = 0; i < scale; i++) {
    if (!fraction && value % 10 != 0) fraction = true;
    value = value / 10;
    if (value == 0) {
      if (fraction) { AmountOut.v = base > 0 ? 1 : -1; return false; }
      AmountOut.v = 0;
      return true;
    }
  }
  if (fraction) value = base > 0 ? value + 1 : value - 1;
  AmountOut.v = value;
  return !fraction;
}

/** removeInt64Factors: value = AmountOut.v × base^AmountOut.times with the factor count maximal. */
export function removeInt64Factors(value: i64, base: i64): void {
  let times = 0;
  let result = value;
  const negative = result < 0;
  if (negative) result = -result;
  while (result >= base && result % base == 0) {
    times++;
    result = result / base;
  }
  if (negative) result = -result;
  AmountOut.v = result;
  AmountOut.times = times;
}
