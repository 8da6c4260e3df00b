// Exact decimal views of resource.Quantity for comparison (Quantity.Cmp) and summing (Quantity.Add)
// as the validation and QoS code use them: sign, significant digits, power of ten.

import { Quantity } from "../../../quantity/quantity";

/** ±digits × 10^exp, digits without leading or trailing zeros ("" for zero). */
export class Dec {
  neg: bool = false;
  digits: string = "";
  exp: i64 = 0;

  /** -1, 0, 1. */
  sign(): i32 { return this.digits.length == 0 ? 0 : (this.neg ? -1 : 1); }
}

/** The exact value of `q`. */
export function decOf(q: Quantity): Dec {
  const r = new Dec();
  const d = q.dec;
  if (d === null) {
    let v = q.value;
    if (v == 0) return r;
    r.neg = v < 0;
    let u: u64 = v < 0 ? <u64>(-v) : <u64>v;
    r.digits = u.toString();
    r.exp = <i64>q.scale;
  } else {
    if (d.n == 0) return r;
    r.neg = d.neg;
    let s = "";
    for (let i = d.n - 1; i >= 0; i--) s += String.fromCharCode(0x30 + d.digit(i));
    r.digits = s;
    r.exp = d.zeros - <i64>d.scale;
  }
  return normalize(r);
}

function normalize(r: Dec): Dec {
  let s = r.digits;
  let i = 0;
  while (i < s.length && s.charCodeAt(i) == 0x30) i++;
  s = s.substring(i);
  let j = s.length;
  while (j > 0 && s.charCodeAt(j - 1) == 0x30) j--;
  r.exp += <i64>(s.length - j);
  r.digits = s.substring(0, j);
  if (r.digits.length == 0) { r.neg = false; r.exp = 0; }
  return r;
}

/** Compares two decimals: -1, 0, 1. */
export function decCmp(a: Dec, b: Dec): i32 {
  const sa = a.sign(), sb = b.sign();
  if (sa != sb) return sa < sb ? -1 : 1;
  if (sa == 0) return 0;
  const m = magCmp(a, b);
  return sa < 0 ? -m : m;
}

function magCmp(a: Dec, b: Dec): i32 {
  const ta = <i64>a.digits.length + a.exp, tb = <i64>b.digits.length + b.exp;
  if (ta != tb) return ta < tb ? -1 : 1;
  const n = max(a.digits.length, b.digits.length);
  for (let i = 0; i < n; i++) {
    const ca = i < a.digits.length ? a.digits.charCodeAt(i) : 0x30;
    const cb = i < b.digits.length ? b.digits.charCodeAt(i) : 0x30;
    if (ca != cb) return ca < cb ? -1 : 1;
  }
  return 0;
}

/** Quantity.Cmp. */
export function quantityCmp(a: Quantity, b: Quantity): i32 {
  return decCmp(decOf(a), decOf(b));
}

/** a + b for non-negative decimals. */
export function decAdd(a: Dec, b: Dec): Dec {
  if (a.sign() == 0) return b;
  if (b.sign() == 0) return a;
  const e = min(a.exp, b.exp);
  const da = a.digits + "0".repeat(<i32>(a.exp - e));
  const db = b.digits + "0".repeat(<i32>(b.exp - e));
  const n = max(da.length, db.length) + 1;
  let out = "";
  let carry = 0;
  for (let i = 0; i < n; i++) {
    const ca = i < da.length ? da.charCodeAt(da.length - 1 - i) - 0x30 : 0;
    const cb = i < db.length ? db.charCodeAt(db.length - 1 - i) - 0x30 : 0;
    const s = ca + cb + carry;
    out = String.fromCharCode(0x30 + s % 10) + out;
    carry = s / 10;
  }
  const r = new Dec();
  r.digits = out;
  r.exp = e;
  return normalize(r);
}
