// Quantity.CanonicalizeBytes, String() and MarshalJSON: strip factors of ten (or 1024) into the
// exponent, lower the exponent to a multiple of three, and look the suffix up — with every int32
// wrap-around and the table gaps of the Go code (no suffix for exponents it has no entry for).

import { ByteSink } from "../io/sink";
import { fail, E_QUANTITY, E_TOO_LARGE } from "../base/errors";
import { Amount, int64MultiplyScale, negativeScaleInt64, positiveScaleInt64, removeInt64Factors } from "./amount";
import { BigDec, ROUND_EXACT, ROUND_PANIC } from "./bigdec";
import { ERR_PANIC_SHIFT } from "./parse";
import {
  Quantity, FORMAT_BINARY_SI, FORMAT_DECIMAL_EXPONENT, FORMAT_DECIMAL_SI, FORMAT_EMPTY,
} from "./quantity";
import { writeSuffix } from "./suffix";

/** Most decimal digits a big value may be expanded to before the engine refuses (E_TOO_LARGE). */
export const MAX_EXPANDED_DIGITS: i64 = 1000000;

/** Quantity.CmpInt64(y): -1, 0 or 1. */
export function quantityCmpInt64(q: Quantity, y: i64): i32 {
  const d = q.dec;
  if (d !== null) return d.cmpInt(y);
  if (q.scale == 0) return q.value == y ? 0 : (q.value < y ? -1 : 1);
  return BigDec.fromI64(q.value, 0 - q.scale).cmpInt(y); // int64Amount.Cmp is exact
}

/** infDecAmount.AsCanonicalBytes: writes the mantissa, returns the base-10 exponent (a multiple of 3). */
function writeDecMantissa(out: ByteSink, d: BigDec): i32 {
  let exponent: i32 = 0 - d.scale;
  const tz = d.trailingZeroDigits();
  const times = <i32>(<i64>tz + d.zeros); // Go counts in int32
  exponent = exponent + times;
  let pad = 0;
  while (exponent % 3 != 0) { pad++; exponent = exponent - 1; }
  if (d.neg) out.byte(0x2d);
  d.writeDigitsFrom(out, tz);
  for (let i = 0; i < pad; i++) out.byte(0x30);
  return exponent;
}

/** int64Amount.AsCanonicalBytes (falling back to the Dec form on overflow); returns the exponent. */
function writeIntMantissa(out: ByteSink, value: i64, scale: i32): i32 {
  const a = new Amount();
  removeInt64Factors(value, 10, a);
  let amount = a.v;
  let exponent: i32 = scale + a.times;
  const r = exponent % 3;
  if (r == 1 || r == -2) {
    if (!int64MultiplyScale(amount, 10, a)) return writeDecMantissa(out, BigDec.fromI64(value, 0 - scale));
    amount = a.v;
    exponent = exponent - 1;
  } else if (r == 2 || r == -1) {
    if (!int64MultiplyScale(amount, 100, a)) return writeDecMantissa(out, BigDec.fromI64(value, 0 - scale));
    amount = a.v;
    exponent = exponent - 2;
  }
  out.int(amount);
  return exponent;
}

/** infDecAmount.AsCanonicalBase1024Bytes of a scale-0 Dec; returns the base-1024 exponent or -1 (error). */
function writeDecBase1024(out: ByteSink, d: BigDec): i32 {
  const t = d.copy();
  if (t.roundUp(0) == ROUND_PANIC) { fail(E_QUANTITY, ERR_PANIC_SHIFT); return -1; }
  if (!t.materialize(MAX_EXPANDED_DIGITS)) { fail(E_TOO_LARGE, "quantity too large to expand exactly"); return -1; }
  let times = 0;
  while (!t.isZero() && t.modSmall(1024) == 0) { t.divSmall(1024); times++; }
  if (t.isZero()) { out.byte(0x30); return times; }
  if (t.neg) out.byte(0x2d);
  t.writeDigitsFrom(out, 0);
  return times;
}

/** CanonicalizeBytes(q): appends number and suffix; false (error recorded) only for inputs Go cannot finish. */
export function writeCanonical(out: ByteSink, q: Quantity): bool {
  if (q.isZero()) { out.byte(0x30); return true; }
  let format = q.format;
  let roundedDec: BigDec | null = null;
  let roundedValue: i64 = 0;
  let roundedScale: i32 = 0;
  const a = new Amount();
  if (format == FORMAT_BINARY_SI) {
    if (quantityCmpInt64(q, -1024) > 0 && quantityCmpInt64(q, 1024) < 0) {
      format = FORMAT_DECIMAL_SI;
    } else {
      const d = q.dec;
      if (d !== null) {
        const t = d.copy();
        const r = t.roundUp(0);
        if (r == ROUND_PANIC) { fail(E_QUANTITY, ERR_PANIC_SHIFT); return false; }
        if (r != ROUND_EXACT) format = FORMAT_DECIMAL_SI; else roundedDec = t;
      } else if (q.scale >= 0) {
        roundedValue = q.value;
        roundedScale = q.scale;
      } else {
        if (!negativeScaleInt64(q.value, 0 - q.scale, a)) format = FORMAT_DECIMAL_SI;
        else { roundedValue = a.v; roundedScale = 0; }
      }
    }
  } else if (format == FORMAT_EMPTY) {
    format = FORMAT_DECIMAL_EXPONENT;
  }

  if (format != FORMAT_BINARY_SI) {
    const d = q.dec;
    const e = d !== null ? writeDecMantissa(out, d) : writeIntMantissa(out, q.value, q.scale);
    writeSuffix(out, 10, e, format);
    return true;
  }
  let e: i32;
  const rd = roundedDec;
  if (rd !== null) {
    e = writeDecBase1024(out, rd);
  } else if (positiveScaleInt64(roundedValue, roundedScale, a)) {
    removeInt64Factors(a.v, 1024, a);
    out.int(a.v);
    e = a.times;
  } else {
    e = writeDecBase1024(out, BigDec.fromI64(roundedValue, 0 - roundedScale));
  }
  if (e < 0) return false;
  writeSuffix(out, 2, e * 10, FORMAT_BINARY_SI);
  return true;
}

/** q.String(): the cached string, or the canonical form, which is then cached in q as Go does. */
export function writeQuantityString(out: ByteSink, q: Quantity): void {
  if (q.sLen > 0) { out.bytes(q.sPtr, q.sLen); return; }
  const t = new ByteSink(24);
  if (!writeCanonical(t, q)) return;
  q.setCached(t.ptr, t.len);
  out.bytes(t.ptr, t.len);
}

/** q.MarshalJSON(): `"` + cached string or canonical form + `"` (does not cache, like Go's value receiver). */
export function writeQuantityJSON(out: ByteSink, q: Quantity): void {
  out.byte(0x22);
  if (q.sLen > 0) out.bytes(q.sPtr, q.sLen);
  else if (!writeCanonical(out, q)) return;
  out.byte(0x22);
}
