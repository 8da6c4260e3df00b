// Shortest round-trip decimal digits of a float64 or float32 (Raffaello Giulietti's Schubfach algorithm):
// the decimal with the fewest significant digits that rounds back to the same float, and among those the
// one closest to the exact binary value (ties to an even last digit). This is the digit string of Go's
// strconv.FormatFloat(f, fmt, -1, bitSize) and of ECMAScript Number::toString.

import { POW10_MIN, POW10_TABLE } from "./generated/pow10";
import { mulHi64 } from "./mul64";

/**
 * The result of a shortest64/shortest32 call: value = digits * 10^exp, digits without trailing zeros; read by the
 * caller right after the call (static scalars: an object per formatted number would stay in the arena until the call ends).
 */
export class Shortest {
  static digits: u64 = 0; // scratch: rewritten before every use
  static exp: i32 = 0; // scratch: rewritten before every use
}

const MASK63: u64 = 0x7fffffffffffffff;

/** floor(q * log10(2)) for |q| <= 5456721. */
// @ts-ignore: decorator
@inline function floorLog10Pow2(q: i32): i32 {
  return <i32>((<i64>q * 661971961083) >> 41);
}

/** floor(log10(3/4 * 2^q)) for |q| <= 5456721. */
// @ts-ignore: decorator
@inline function floorLog10ThreeQuartersPow2(q: i32): i32 {
  return <i32>((<i64>q * 661971961083 - 274743187321) >> 41);
}

/** floor(e * log2(10)) for |e| <= 6432162. */
// @ts-ignore: decorator
@inline function floorLog2Pow10(e: i32): i32 {
  return <i32>((<i64>e * 913124641741) >> 38);
}

/** floor(g * cp / 2^127) with its lowest bit forced to 1 when the discarded part is nonzero. */
// @ts-ignore: decorator
@inline function roundToOdd(g1: u64, g0: u64, cp: u64): u64 {
  const x1 = mulHi64(g0, cp);
  const y0 = g1 * cp;
  const y1 = mulHi64(g1, cp);
  const z = (y0 >> 1) + x1;
  const vbp = y1 + (z >> 63);
  return vbp | (((z & MASK63) + MASK63) >> 63);
}

/** Stores the digits of the shortest decimal in [c * 2^q] into Shortest (c > 0). */
function schubfach(q: i32, c: u64, cMin: u64, qMin: i32): void {
  const out: u64 = c & 1;
  const cb = c << 2;
  const cbr = cb + 2;
  let cbl: u64;
  let k: i32;
  if (c != cMin || q == qMin) {
    cbl = cb - 2;
    k = floorLog10Pow2(q);
  } else {
    cbl = cb - 1;
    k = floorLog10ThreeQuartersPow2(q);
  }
  const h = q + floorLog2Pow10(-k) + 2;
  // g = floor(10^-k * 2^(125 - floorLog2Pow10(-k))) + 1, derived from the 128-bit table entry for 10^-k.
  const entry = POW10_TABLE + ((<usize>(-k - POW10_MIN)) << 4);
  const tHi = load<u64>(entry);
  const tLo = load<u64>(entry, 8);
  let gLo = (tLo >> 2) | (tHi << 62);
  let gHi = tHi >> 2;
  gLo += 1;
  if (gLo == 0) gHi += 1;
  const g1 = (gHi << 1) | (gLo >> 63);
  const g0 = gLo & MASK63;

  const vb = roundToOdd(g1, g0, cb << h);
  const vbl = roundToOdd(g1, g0, cbl << h);
  const vbr = roundToOdd(g1, g0, cbr << h);

  const s = vb >> 2;
  if (s >= 10) {
    // A decimal with one digit less (a multiple of 10) in the rounding interval is the unique shortest.
    const sp10 = (s / 10) * 10;
    const tp10 = sp10 + 10;
    const upin = vbl + out <= sp10 << 2;
    const wpin = (tp10 << 2) + out <= vbr;
    if (upin != wpin) {
      Shortest.digits = upin ? sp10 : tp10;
      Shortest.exp = k;
      return;
    }
  }
  const t = s + 1;
  const uin = vbl + out <= s << 2;
  const win = (t << 2) + out <= vbr;
  if (uin != win) {
    Shortest.digits = uin ? s : t;
    Shortest.exp = k;
    return;
  }
  // Both candidates round back: take the closer one, ties to even.
  const cmp = <i64>(vb - ((s + t) << 1));
  Shortest.digits = cmp < 0 || (cmp == 0 && (s & 1) == 0) ? s : t;
  Shortest.exp = k;
}

/** Removes trailing zeros from Shortest.digits (moving them into the exponent). */
function stripZeros(): void {
  let d = Shortest.digits;
  let e = Shortest.exp;
  if (d == 0) return;
  while (true) {
    const q = d / 10;
    if (q * 10 != d) break;
    d = q;
    e++;
  }
  Shortest.digits = d;
  Shortest.exp = e;
}

/** Shortest digits of the finite, nonzero float64 with these bits (sign ignored). */
export function shortest64(bits: u64): void {
  const t = bits & 0xfffffffffffff;
  const bq = <i32>((bits >> 52) & 0x7ff);
  if (bq != 0) {
    const mq = 1075 - bq;
    const c = ((<u64>1) << 52) | t;
    if (mq > 0 && mq < 53) {
      // Integers below 2^53: their exact digits are the shortest.
      const f = c >> mq;
      if (f << mq == c) {
        Shortest.digits = f;
        Shortest.exp = 0;
        stripZeros();
        return;
      }
    }
    schubfach(-mq, c, (<u64>1) << 52, -1074);
  } else {
    schubfach(-1074, t, (<u64>1) << 52, -1074);
  }
  stripZeros();
}

/** Shortest digits of the finite, nonzero float32 with these bits (sign ignored). */
export function shortest32(bits: u32): void {
  const t = <u64>(bits & 0x7fffff);
  const bq = <i32>((bits >> 23) & 0xff);
  if (bq != 0) {
    const mq = 150 - bq;
    const c = ((<u64>1) << 23) | t;
    if (mq > 0 && mq < 24) {
      const f = c >> mq;
      if (f << mq == c) {
        Shortest.digits = f;
        Shortest.exp = 0;
        stripZeros();
        return;
      }
    }
    schubfach(-mq, c, (<u64>1) << 23, -149);
  } else {
    schubfach(-149, t, (<u64>1) << 23, -149);
  }
  stripZeros();
}
