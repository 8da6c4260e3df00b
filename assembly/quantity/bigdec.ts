// The inf.Dec (gopkg.in/inf.v0) values that Quantity's slow path produces: a signed unscaled integer
// and an int32 scale (value = unscaled × 10^-scale, scale arithmetic wrapping like Go's int32).
// The unscaled magnitude is kept as decimal digits times an implicit power of ten, so rounding a
// value with a huge exponent costs nothing; it is only turned into binary words (big.nat) for go-spew.

import { ByteSink } from "../io/sink";

/** Result of BigDec.roundUp: exact. */
export const ROUND_EXACT: i32 = 1;
/** Result of BigDec.roundUp: a non-zero remainder was rounded away from zero. */
export const ROUND_INEXACT: i32 = 0;
/** Result of BigDec.roundUp: Go indexes exp10cache[-2147483648] and panics. */
export const ROUND_PANIC: i32 = -1;

/** An inf.Dec: sign, |unscaled| = digits × 10^zeros, and scale. */
export class BigDec {
  /** big.Int neg (never true for zero). */
  neg: bool = false;
  /** Little-endian decimal digits (one 0..9 per byte); the top one is non-zero. */
  digits: usize = 0;
  /** Number of digits; 0 means the value is zero. */
  n: i32 = 0;
  /** Implicit trailing zeros of the unscaled magnitude (0 when the value is zero). */
  zeros: i64 = 0;
  /** inf.Scale. */
  scale: i32 = 0;

  /** True when the value is zero. */
  @inline isZero(): bool { return this.n == 0; }

  /** -1, 0 or 1 (Dec.Sign). */
  sign(): i32 { return this.n == 0 ? 0 : (this.neg ? -1 : 1); }

  /** An independent copy. */
  copy(): BigDec {
    const d = new BigDec();
    d.neg = this.neg;
    d.n = this.n;
    d.zeros = this.zeros;
    d.scale = this.scale;
    if (this.n > 0) {
      d.digits = heap.alloc(<usize>this.n);
      memory.copy(d.digits, this.digits, <usize>this.n);
    }
    return d;
  }

  /** Digit `i` of the explicit digits (little-endian). */
  @inline digit(i: i32): i32 { return <i32>load<u8>(this.digits + <usize>i); }

  /** Number of trailing zero digits among the explicit digits (0 for zero). */
  trailingZeroDigits(): i32 {
    let t = 0;
    while (t < this.n && this.digit(t) == 0) t++;
    return t;
  }

  /** Multiplies |unscaled| by 2^e (e ≥ 0), as big.Int Mul by 1<<e. */
  mulPow2(e: i32): void {
    while (e > 0) {
      const k = e > 30 ? 30 : e;
      this.mulSmall(<u64>1 << <u64>k);
      e -= k;
    }
  }

  /** Multiplies |unscaled| by m (m ≤ 2^32). */
  mulSmall(m: u64): void {
    if (this.n == 0) return;
    const n = this.n;
    const p = heap.alloc(<usize>(n + 12));
    let carry: u64 = 0;
    for (let i = 0; i < n; i++) {
      const t = <u64>this.digit(i) * m + carry;
      store<u8>(p + <usize>i, <u8>(t % 10));
      carry = t / 10;
    }
    let k = n;
    while (carry != 0) {
      store<u8>(p + <usize>k, <u8>(carry % 10));
      carry /= 10;
      k++;
    }
    this.digits = p;
    this.n = k;
  }

  /** Adds one to |unscaled| (explicit digits only; zeros must be 0). */
  private addOne(): void {
    const n = this.n;
    const p = heap.alloc(<usize>(n + 1));
    memory.copy(p, this.digits, <usize>n);
    let i = 0;
    while (i < n) {
      const d = <i32>load<u8>(p + <usize>i) + 1;
      if (d < 10) { store<u8>(p + <usize>i, <u8>d); break; }
      store<u8>(p + <usize>i, 0);
      i++;
    }
    if (i == n) { store<u8>(p + <usize>n, 1); this.n = n + 1; }
    this.digits = p;
  }

  /** Sets the value to the single digit 1 (keeping the sign). */
  private setOne(): void {
    const p = heap.alloc(1);
    store<u8>(p, 1);
    this.digits = p;
    this.n = 1;
    this.zeros = 0;
  }

  /** Dec.Round(x, s, RoundUp) in place: ROUND_EXACT, ROUND_INEXACT, or ROUND_PANIC where Go panics. */
  roundUp(s: i32): i32 {
    const shift: i32 = s - this.scale; // int32 arithmetic, wraps like Go's Scale
    if (shift >= 0) {
      if (this.n > 0) this.zeros += <i64>shift;
      this.scale = s;
      return ROUND_EXACT;
    }
    if (shift == i32.MIN_VALUE) return ROUND_PANIC; // exp10(-shift) indexes exp10cache[-2147483648]
    this.scale = s;
    if (this.n == 0) return ROUND_EXACT;
    let k: i64 = -<i64>shift;
    if (this.zeros >= k) { this.zeros -= k; return ROUND_EXACT; }
    k -= this.zeros;
    this.zeros = 0;
    if (k >= <i64>this.n) { this.setOne(); return ROUND_INEXACT; }
    const kk = <i32>k;
    let inexact = false;
    for (let i = 0; i < kk; i++) if (this.digit(i) != 0) { inexact = true; break; }
    this.digits += <usize>kk;
    this.n -= kk;
    if (inexact) { this.addOne(); return ROUND_INEXACT; }
    return ROUND_EXACT;
  }

  /** Folds the implicit zeros into the explicit digits; false when that would exceed `maxDigits`. */
  materialize(maxDigits: i64): bool {
    if (this.zeros == 0) return true;
    const total = <i64>this.n + this.zeros;
    if (total > maxDigits) return false;
    const t = <i32>total;
    const z = <i32>this.zeros;
    const p = heap.alloc(<usize>t);
    memory.fill(p, 0, <usize>z);
    memory.copy(p + <usize>z, this.digits, <usize>this.n);
    this.digits = p;
    this.n = t;
    this.zeros = 0;
    return true;
  }

  /** |unscaled| mod m for the explicit digits (zeros must be 0), m ≤ 2^32. */
  modSmall(m: u64): u64 {
    let r: u64 = 0;
    for (let i = this.n - 1; i >= 0; i--) r = (r * 10 + <u64>this.digit(i)) % m;
    return r;
  }

  /** |unscaled| ÷= m exactly (caller checked modSmall(m) == 0; zeros must be 0). */
  divSmall(m: u64): void {
    const n = this.n;
    const p = heap.alloc(n > 0 ? <usize>n : 1);
    let r: u64 = 0;
    for (let i = n - 1; i >= 0; i--) {
      r = r * 10 + <u64>this.digit(i);
      store<u8>(p + <usize>i, <u8>(r / m));
      r %= m;
    }
    let k = n;
    while (k > 0 && load<u8>(p + <usize>(k - 1)) == 0) k--;
    this.digits = p;
    this.n = k;
    if (k == 0) this.neg = false;
  }

  /** Compares the value with the integer c (Dec.Cmp(NewDec(c, 0))): -1, 0 or 1. */
  cmpInt(c: i64): i32 {
    const sd = this.sign();
    const sc: i32 = c == 0 ? 0 : (c < 0 ? -1 : 1);
    if (sd != sc) return sd < sc ? -1 : 1;
    if (sd == 0) return 0;
    const mag: u64 = c < 0 ? <u64>(-c) : <u64>c; // -MIN wraps to 2^63, the right magnitude
    let r: i32;
    if (this.scale <= 0) r = cmpMag(this.digits, this.n, this.zeros - <i64>this.scale, mag, 0);
    else r = cmpMag(this.digits, this.n, this.zeros, mag, <i64>this.scale);
    return sd < 0 ? -r : r;
  }

  /** Appends |unscaled|'s explicit digits from index `low` up, most significant first. */
  writeDigitsFrom(out: ByteSink, low: i32): void {
    const cnt = this.n - low;
    out.reserve(cnt);
    let q = out.ptr + <usize>out.len;
    for (let i = this.n - 1; i >= low; i--) { store<u8>(q, <u8>(0x30 + this.digit(i))); q++; }
    out.len += cnt;
  }

  /** |unscaled| as little-endian 32-bit limbs; null beyond maxDigits. */
  limbs32(maxDigits: i64): Limbs | null {
    const r = new Limbs();
    const total = <i64>this.n + this.zeros;
    if (this.n == 0) return r;
    if (total > maxDigits) return null;
    const t = <i32>total;
    const cap = t / 9 + 3;
    const p = heap.alloc(<usize>cap << 2);
    let len = 0;
    let pos = 0; // digits consumed from the top
    const first = t % 9;
    const z = <i32>this.zeros;
    while (pos < t) {
      const chunk = pos == 0 && first != 0 ? first : 9;
      let v: u64 = 0;
      let m: u64 = 1;
      for (let j = 0; j < chunk; j++) {
        const idx = t - 1 - (pos + j); // position in the full little-endian digit string
        const d: u64 = idx < z ? 0 : <u64>this.digit(idx - z);
        v = v * 10 + d;
        m *= 10;
      }
      pos += chunk;
      // limbs = limbs * m + v
      let carry = v;
      for (let i = 0; i < len; i++) {
        const a = <u64>load<u32>(p + (<usize>i << 2)) * m + carry;
        store<u32>(p + (<usize>i << 2), <u32>a);
        carry = a >> 32;
      }
      if (carry != 0) { store<u32>(p + (<usize>len << 2), <u32>carry); len++; }
    }
    r.ptr = p;
    r.n = len;
    return r;
  }

  /** A Dec holding the int64 v with the given scale (int64Amount.AsDec uses scale = -a.scale). */
  static fromI64(v: i64, scale: i32): BigDec {
    const d = new BigDec();
    d.scale = scale;
    if (v == 0) return d;
    d.neg = v < 0;
    let m: u64 = v < 0 ? <u64>(-v) : <u64>v;
    const p = heap.alloc(20);
    let k = 0;
    while (m != 0) { store<u8>(p + <usize>k, <u8>(m % 10)); m /= 10; k++; }
    d.digits = p;
    d.n = k;
    return d;
  }

  /** Dec.SetString over `n` bytes at `p`; null when inf's scanner rejects them (no digits, junk). */
  static parse(p: usize, n: i32): BigDec | null {
    let count = 0; // bytes appended to inf's "unscaled" buffer (sign included)
    let dp = -1;
    let firstDigit = -1; // index in the input of the first digit
    let neg = false;
    let i = 0;
    for (; i < n; i++) {
      const c = <i32>load<u8>(p + <usize>i);
      if (c == 0x2b || c == 0x2d) {
        if (count > 0 || dp >= 0) break;
        neg = c == 0x2d;
        count++;
      } else if (c == 0x2e) {
        if (dp >= 0) break;
        dp = count;
      } else if (c >= 0x30 && c <= 0x39) {
        if (firstDigit < 0) firstDigit = i;
        count++;
      } else break;
    }
    if (firstDigit < 0 || i < n) return null;
    const d = new BigDec();
    d.scale = dp >= 0 ? count - dp : 0;
    // collect digits (skipping '.'), little-endian, without leading zeros
    let nd = 0;
    for (let j = firstDigit; j < n; j++) if (load<u8>(p + <usize>j) != 0x2e) nd++;
    const buf = heap.alloc(nd > 0 ? <usize>nd : 1);
    let k = 0;
    for (let j = n - 1; j >= firstDigit; j--) {
      const c = load<u8>(p + <usize>j);
      if (c == 0x2e) continue;
      store<u8>(buf + <usize>k, c - 0x30);
      k++;
    }
    while (k > 0 && load<u8>(buf + <usize>(k - 1)) == 0) k--;
    d.digits = buf;
    d.n = k;
    d.neg = k > 0 && neg;
    return d;
  }

  /** The Dec 9223372036854775807 (maxAllowed) at scale 0. */
  static maxInt64(): BigDec {
    return BigDec.fromI64(i64.MAX_VALUE, 0);
  }
}

/** Little-endian 32-bit limbs of a magnitude (BigDec.limbs32). */
export class Limbs {
  /** Pointer to the limbs. */
  ptr: usize = 0;
  /** Number of limbs (0 for zero). */
  n: i32 = 0;
}

/** Compares digits×10^a (n explicit little-endian digits, top non-zero) with c×10^b: -1, 0 or 1. */
export function cmpMag(digits: usize, n: i32, a: i64, c: u64, b: i64): i32 {
  if (n == 0) return c == 0 ? 0 : -1;
  if (c == 0) return 1;
  // decimal digits of c, little-endian
  const cd = heap.alloc(20);
  let cn = 0;
  let t = c;
  while (t != 0) { store<u8>(cd + <usize>cn, <u8>(t % 10)); t /= 10; cn++; }
  const lenA = <i64>n + a;
  const lenB = <i64>cn + b;
  if (lenA != lenB) return lenA < lenB ? -1 : 1;
  const m = n > cn ? n : cn;
  for (let k = 0; k < m; k++) {
    const da = k < n ? <i32>load<u8>(digits + <usize>(n - 1 - k)) : 0;
    const db = k < cn ? <i32>load<u8>(cd + <usize>(cn - 1 - k)) : 0;
    if (da != db) return da < db ? -1 : 1;
  }
  return 0;
}
