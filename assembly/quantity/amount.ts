// int64 arithmetic of Quantity's fast path (apimachinery amount.go / math.go semantics): overflow is
// detected exactly as the Go helpers detect it (wrapping multiply, then divide back), so the same
// values fall back to the big-decimal path. Go returns (int64, bool) pairs; here the int64 goes into
// an `Amount` the caller owns and the bool is the return value.

/** The int64 results of the helpers below. */
export class Amount {
  /** The int64 result (Go's first result). */
  v: i64 = 0;
  /** The factor count of removeInt64Factors. */
  times: i32 = 0;
}

/** int64Multiply: a*b into r.v; false on overflow. */
export function int64Multiply(a: i64, b: i64, r: Amount): bool {
  if (a == 0 || b == 0 || a == 1 || b == 1) { r.v = a * b; return true; }
  if (a == i64.MIN_VALUE || b == i64.MIN_VALUE) { r.v = 0; return false; }
  const c = a * b;
  r.v = c;
  return c / b == a;
}

/** int64MultiplyScale (and its ×10, ×100, ×1000 copies): a*b into r.v (the wrapped product on overflow); false on overflow. */
export function int64MultiplyScale(a: i64, b: i64, r: Amount): bool {
  if (a == 0 || a == 1) { r.v = a * b; return true; }
  if (a == i64.MIN_VALUE && b != 1) { r.v = 0; return false; }
  const c = a * b;
  r.v = c;
  return c / b == a;
}

/** positiveScaleInt64: base × 10^scale into r.v; false on overflow (then r.v is what Go returns: the
 * wrapped product for scales 1, 2, 3, 6 and 9, else 0). A negative scale leaves base (Go's loop does not run). */
export function positiveScaleInt64(base: i64, scale: i32, r: Amount): bool {
  switch (scale) {
    case 0: r.v = base; return true;
    case 1: return int64MultiplyScale(base, 10, r);
    case 2: return int64MultiplyScale(base, 100, r);
    case 3: return int64MultiplyScale(base, 1000, r);
    case 6: return int64MultiplyScale(base, 1000000, r);
    case 9: return int64MultiplyScale(base, 1000000000, r);
  }
  if (base == 0) { r.v = 0; return true; } // Go multiplies 0 by 10 `scale` times
  let v = base;
  for (let i = 0; i < scale; i++) {
    if (!int64MultiplyScale(v, 10, r)) { r.v = 0; return false; }
    v = r.v;
  }
  r.v = v;
  return true;
}

/** negativeScaleInt64: base ÷ 10^scale rounded away from zero into r.v; returns exactness. */
export function negativeScaleInt64(base: i64, scale: i32, r: Amount): bool {
  if (scale == 0) { r.v = base; return true; }
  let value = base;
  let fraction = false;
  for (let i = 0; i < scale; i++) {
    if (!fraction && value % 10 != 0) fraction = true;
    value = value / 10;
    if (value == 0) {
      if (fraction) { r.v = base > 0 ? 1 : -1; return false; }
      r.v = 0;
      return true;
    }
  }
  if (fraction) value = base > 0 ? value + 1 : value - 1;
  r.v = value;
  return !fraction;
}

/** removeInt64Factors: value = r.v × base^r.times with the factor count maximal. */
export function removeInt64Factors(value: i64, base: i64, r: Amount): void {
  let times = 0;
  let result = value;
  const negative = result < 0;
  if (negative) result = -result;
  while (result >= base && result % base == 0) {
    times++;
    result = result / base;
  }
  if (negative) result = -result;
  r.v = result;
  r.times = times;
}
