// Quantity arithmetic as k8s.io/apimachinery pkg/api/resource does it: DeepCopy, Add (int64Amount fast path,
// falling back to inf.Dec addition at the larger inf scale on overflow or when either side is a Dec; the
// cached string cleared, the Format taken from y when the receiver is zero) and Cmp (exact; converts the
// receiver to its Dec form when either side is a Dec, as Go's AsDec does; `quantityCmpValues` is Cmp on
// copies, for callers that hold values). Used by the pod-level resource defaulting of Kubernetes 1.34–1.36
// (assembly/upstream/kubernetes/defaults/podlevel.ts) and by pod validation. Every operation is linear in
// the digits of its operands; a sum that would need more than MAX_EXPANDED_DIGITS digits is refused.

import { fail, E_TOO_LARGE } from "../base/errors";
import { Amount, positiveScaleInt64 } from "./amount";
import { BigDec } from "./bigdec";
import { MAX_EXPANDED_DIGITS } from "./canonical";
import { Quantity } from "./quantity";

/** Quantity.DeepCopy: the same fields, the Dec (if any) copied; the cached string bytes are shared (immutable). */
export function quantityDeepCopy(q: Quantity): Quantity {
  const c = new Quantity();
  c.value = q.value;
  c.scale = q.scale;
  c.format = q.format;
  c.sPtr = q.sPtr;
  c.sLen = q.sLen;
  const d = q.dec;
  if (d !== null) c.dec = d.copy();
  return c;
}

/** int64Add: a+b into r.v; false on overflow (Go's math.go rules). */
function int64Add(a: i64, b: i64, r: Amount): bool {
  const c = a + b;
  if (a > 0 && b > 0 && c < 0) return false;
  if (a < 0 && b < 0) {
    if (c > 0) return false;
    if (a == i64.MIN_VALUE && b == i64.MIN_VALUE) return false;
  }
  r.v = c;
  return true;
}

/** int64Amount.Add on q's fast-path fields; false (q untouched) when the result needs the Dec path. */
function amountAdd(q: Quantity, bv: i64, bs: i32): bool {
  if (bv == 0) return true;
  if (q.value == 0) { q.value = bv; q.scale = bs; return true; }
  const r = new Amount();
  if (q.scale == bs) {
    if (!int64Add(q.value, bv, r)) return false;
    q.value = r.v;
  } else if (q.scale > bs) {
    if (!positiveScaleInt64(q.value, q.scale - bs, r)) return false;
    if (!int64Add(r.v, bv, r)) return false;
    q.scale = bs;
    q.value = r.v;
  } else {
    if (!positiveScaleInt64(bv, bs - q.scale, r)) return false;
    if (!int64Add(q.value, r.v, r)) return false;
    q.value = r.v;
  }
  return true;
}

/** Quantity.AsDec on q (mutating: the int64 fields are cleared, as Go does); returns the Dec. */
export function quantityAsDec(q: Quantity): BigDec {
  const d = q.dec;
  if (d !== null) return d;
  const n = BigDec.fromI64(q.value, 0 - q.scale);
  q.dec = n;
  q.value = 0;
  q.scale = 0;
  return n;
}

/** The Dec value of y without touching y (AsDec on Go's by-value copy). */
function decOf(y: Quantity): BigDec {
  const d = y.dec;
  if (d !== null) return d;
  return BigDec.fromI64(y.value, 0 - y.scale);
}

/** |x| digits little-endian, expanded by `extra` low zeros; null when too large. */
function expand(x: BigDec, extra: i64): Digits | null {
  const r = new Digits();
  if (x.n == 0) return r;
  const total = <i64>x.n + extra;
  if (extra < 0 || total > MAX_EXPANDED_DIGITS) return null;
  const t = <i32>total;
  const z = <i32>extra;
  const p = heap.alloc(<usize>t);
  memory.fill(p, 0, <usize>z);
  memory.copy(p + <usize>z, x.digits, <usize>x.n);
  r.p = p;
  r.n = t;
  return r;
}

/** Little-endian decimal digits (one 0..9 per byte). */
class Digits {
  p: usize = 0;
  n: i32 = 0;
}

/** Compares digit strings a (na) and b (nb), little-endian, tops non-zero: -1, 0 or 1. */
function cmpDigits(a: usize, na: i32, b: usize, nb: i32): i32 {
  if (na != nb) return na < nb ? -1 : 1;
  for (let i = na - 1; i >= 0; i--) {
    const da = load<u8>(a + <usize>i);
    const db = load<u8>(b + <usize>i);
    if (da != db) return da < db ? -1 : 1;
  }
  return 0;
}

/** inf.Dec Add: x + y at scale max(x.scale, y.scale) as a new Dec; null (error recorded) beyond the digit cap. */
export function decAdd(x: BigDec, y: BigDec): BigDec | null {
  const s: i32 = x.scale > y.scale ? x.scale : y.scale;
  // magnitude = digits × 10^(zeros + s - scale): align both on the smaller power
  const px: i64 = x.zeros + <i64>s - <i64>x.scale;
  const py: i64 = y.zeros + <i64>s - <i64>y.scale;
  const base: i64 = x.n == 0 ? py : (y.n == 0 ? px : (px < py ? px : py));
  const r = new BigDec();
  r.scale = s;
  const xa = expand(x, x.n == 0 ? 0 : px - base);
  if (xa === null) { fail(E_TOO_LARGE, "quantity too large to add exactly"); return null; }
  const ap = xa.p;
  const an = xa.n;
  const ya = expand(y, y.n == 0 ? 0 : py - base);
  if (ya === null) { fail(E_TOO_LARGE, "quantity too large to add exactly"); return null; }
  const bp = ya.p;
  const bn = ya.n;
  if (an == 0 && bn == 0) return r;
  const m = (an > bn ? an : bn) + 1;
  const out = heap.alloc(<usize>m);
  let neg: bool;
  if (x.neg == y.neg || an == 0 || bn == 0) {
    neg = an == 0 ? y.neg : x.neg;
    let carry = 0;
    for (let i = 0; i < m; i++) {
      const d = (i < an ? <i32>load<u8>(ap + <usize>i) : 0) + (i < bn ? <i32>load<u8>(bp + <usize>i) : 0) + carry;
      store<u8>(out + <usize>i, <u8>(d % 10));
      carry = d / 10;
    }
  } else {
    const c = cmpDigits(ap, an, bp, bn);
    if (c == 0) return r;
    const big = c > 0 ? ap : bp;
    const bigN = c > 0 ? an : bn;
    const small = c > 0 ? bp : ap;
    const smallN = c > 0 ? bn : an;
    neg = c > 0 ? x.neg : y.neg;
    let borrow = 0;
    for (let i = 0; i < m; i++) {
      let d = (i < bigN ? <i32>load<u8>(big + <usize>i) : 0) - (i < smallN ? <i32>load<u8>(small + <usize>i) : 0) - borrow;
      borrow = 0;
      if (d < 0) { d += 10; borrow = 1; }
      store<u8>(out + <usize>i, <u8>d);
    }
  }
  let k = m;
  while (k > 0 && load<u8>(out + <usize>(k - 1)) == 0) k--;
  if (k == 0) return r;
  r.digits = out;
  r.n = k;
  r.zeros = base;
  r.neg = neg;
  return r;
}

/** Exact comparison of two Decs: -1, 0 or 1. */
export function decCmp(x: BigDec, y: BigDec): i32 {
  const sx = x.sign();
  const sy = y.sign();
  if (sx != sy) return sx < sy ? -1 : 1;
  if (sx == 0) return 0;
  // position of the top digit: n - 1 + zeros - scale
  const tx: i64 = <i64>x.n - 1 + x.zeros - <i64>x.scale;
  const ty: i64 = <i64>y.n - 1 + y.zeros - <i64>y.scale;
  let r: i32 = 0;
  if (tx != ty) r = tx < ty ? -1 : 1;
  else {
    const m = x.n > y.n ? x.n : y.n;
    for (let k = 0; k < m && r == 0; k++) {
      const da = k < x.n ? <i32>load<u8>(x.digits + <usize>(x.n - 1 - k)) : 0;
      const db = k < y.n ? <i32>load<u8>(y.digits + <usize>(y.n - 1 - k)) : 0;
      if (da != db) r = da < db ? -1 : 1;
    }
  }
  return sx < 0 ? -r : r;
}

/** Quantity.Add(y) on q in place (y unchanged); false with E_TOO_LARGE recorded when a Dec sum is beyond the cap. */
export function quantityAdd(q: Quantity, y: Quantity): bool {
  q.sPtr = 0;
  q.sLen = 0;
  if (q.dec === null && y.dec === null) {
    if (q.value == 0) q.format = y.format;
    if (amountAdd(q, y.value, y.scale)) return true;
  } else if (q.isZero()) {
    q.format = y.format;
  }
  const sum = decAdd(quantityAsDec(q), decOf(y));
  if (sum === null) return false;
  q.dec = sum;
  return true;
}

/** Quantity.Cmp on copies of `a` and `b` (neither changes): -1, 0 or 1. */
export function quantityCmpValues(a: Quantity, b: Quantity): i32 {
  if (a.dec === null && b.dec === null && a.scale == b.scale) return a.value == b.value ? 0 : (a.value < b.value ? -1 : 1);
  return decCmp(decOf(a), decOf(b));
}

/** Quantity.Cmp(y) with q as Go's receiver: exact; q turns into its Dec form when either side is a Dec. */
export function quantityCmp(q: Quantity, y: Quantity): i32 {
  if (q.dec === null && y.dec === null) {
    if (q.scale == y.scale) return q.value == y.value ? 0 : (q.value < y.value ? -1 : 1);
    return decCmp(BigDec.fromI64(q.value, 0 - q.scale), BigDec.fromI64(y.value, 0 - y.scale));
  }
  return decCmp(quantityAsDec(q), decOf(y));
}
