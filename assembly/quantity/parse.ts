// resource.ParseQuantity: the hand-written scanner, the int64 fast path (which caches the input as
// the canonical string only when it already is canonical), and the inf.Dec path with rounding up to
// 1n, the BinarySI cap at max int64 and BinarySI values in (0,1) turning DecimalSI.

import { fail, E_QUANTITY } from "../base/errors";
import { Amount, int64Multiply } from "./amount";
import { BigDec, ROUND_PANIC } from "./bigdec";
import { Quantity, FORMAT_BINARY_SI, FORMAT_DECIMAL_SI } from "./quantity";
import { interpretSuffix, suffixBase, suffixExponent, suffixFormat, SUFFIX_UNKNOWN } from "./suffix";

/** ErrFormatWrong's text. */
export const ERR_FORMAT_WRONG =
  "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
/** ErrNumeric's text. */
export const ERR_NUMERIC = "unable to parse numeric part of quantity";
/** ErrSuffix's text. */
export const ERR_SUFFIX = "unable to parse quantity's suffix";
/** The runtime panic Go hits for a scale that makes inf's rounding shift -2^31. */
export const ERR_PANIC_SHIFT = "runtime error: index out of range [-2147483648]";

/** The literal "0" that parseQuantityString returns as num and value. */
const ZERO_DIGIT: usize = memory.data<u8>([0x30]);

@inline function isDigit(c: i32): bool { return c >= 0x30 && c <= 0x39; }

/** True for the bytes of "eEinumkKMGTP". */
@inline function isSuffixLetter(c: i32): bool {
  return c == 0x65 || c == 0x45 || c == 0x69 || c == 0x6e || c == 0x75 || c == 0x6d ||
    c == 0x6b || c == 0x4b || c == 0x4d || c == 0x47 || c == 0x54 || c == 0x50;
}

/** The pieces parseQuantityString finds (offsets into the input). */
class Scan {
  positive: bool = true;
  /** Length of str[0:pos] that is the numeric value (valueZero: the literal "0"). */
  valueLen: i32 = 0;
  valueZero: bool = false;
  /** Numerator digits after leading zeros; numLen 0 stands for "0". */
  numStart: i32 = 0;
  numLen: i32 = 0;
  denomStart: i32 = 0;
  denomLen: i32 = 0;
  sufStart: i32 = 0;
  sufLen: i32 = 0;
}

/** parseQuantityString over `end` bytes at `p`; null means ErrFormatWrong. */
function scanQuantity(p: usize, end: i32): Scan | null {
  const sc = new Scan();
  sc.sufStart = end;
  let pos = 0;
  if (end > 0) {
    const c = load<u8>(p);
    if (c == 0x2d) { sc.positive = false; pos++; } else if (c == 0x2b) pos++;
  }
  // leading zeros
  while (pos < end && load<u8>(p + <usize>pos) == 0x30) pos++;
  if (pos >= end) { sc.valueZero = true; return sc; } // num = value = "0"
  // numerator
  let i = pos;
  while (i < end && isDigit(<i32>load<u8>(p + <usize>i))) i++;
  sc.numStart = pos;
  sc.numLen = i - pos;
  if (i >= end) { sc.valueLen = end; return sc; }
  pos = i;
  // denominator
  if (load<u8>(p + <usize>pos) == 0x2e) {
    pos++;
    i = pos;
    while (i < end && isDigit(<i32>load<u8>(p + <usize>i))) i++;
    sc.denomStart = pos;
    sc.denomLen = i - pos;
    if (i >= end) { sc.valueLen = end; return sc; }
    pos = i;
  }
  sc.valueLen = pos;
  // suffix: letters, an optional sign, digits
  const sufStart = pos;
  sc.sufStart = sufStart;
  i = pos;
  while (i < end && isSuffixLetter(<i32>load<u8>(p + <usize>i))) i++;
  if (i >= end) { sc.sufLen = end - sufStart; return sc; }
  pos = i;
  const s = load<u8>(p + <usize>pos);
  if (s == 0x2d || s == 0x2b) pos++;
  i = pos;
  while (i < end && isDigit(<i32>load<u8>(p + <usize>i))) i++;
  if (i >= end) { sc.sufLen = end - sufStart; return sc; }
  return null;
}

/** Byte j of shifted = num + denom (num "0" when empty). */
@inline function shiftedAt(sc: Scan, p: usize, j: i32): i32 {
  const nl = sc.numLen == 0 ? 1 : sc.numLen;
  if (j < nl) return sc.numLen == 0 ? 0x30 : <i32>load<u8>(p + <usize>(sc.numStart + j));
  return <i32>load<u8>(p + <usize>(sc.denomStart + j - nl));
}

/** The error ParseQuantity returns, when it returns one. */
export class QuantityError {
  /** Upstream's error text ("" while there is none). */
  text: string = "";
}

/** ParseQuantity over `len` bytes at `ptr`; null with the error recorded (E_QUANTITY, upstream's text). */
export function parseQuantity(ptr: usize, len: i32): Quantity | null {
  const e = new QuantityError();
  const q = parseQuantityOr(ptr, len, e);
  if (q === null) fail(E_QUANTITY, e.text);
  return q;
}

/** ParseQuantity over `len` bytes at `ptr`; null with upstream's error text in `e` (nothing recorded). */
export function parseQuantityOr(ptr: usize, len: i32, e: QuantityError): Quantity | null {
  if (len <= 0) { e.text = ERR_FORMAT_WRONG; return null; }
  if (len == 1 && load<u8>(ptr) == 0x30) {
    const z = new Quantity();
    z.format = FORMAT_DECIMAL_SI;
    z.setCached(ptr, 1);
    return z;
  }
  const scn = scanQuantity(ptr, len);
  if (scn === null) { e.text = ERR_FORMAT_WRONG; return null; }
  const sc = scn;
  const suf = interpretSuffix(ptr + <usize>sc.sufStart, sc.sufLen);
  if (suf == SUFFIX_UNKNOWN) { e.text = ERR_SUFFIX; return null; }
  const base = suffixBase(suf);
  const exponent = suffixExponent(suf);
  let format = suffixFormat(suf);
  const positive = sc.positive;
  const numLen = sc.valueZero || sc.numLen == 0 ? 1 : sc.numLen;
  const denomLen = sc.denomLen;

  let precision: i32 = 0;
  let scale: i32 = 0;
  let mantissa: i64 = 1;
  if (format == FORMAT_BINARY_SI) {
    if (exponent >= 0 && denomLen == 0) {
      mantissa = <i64>1 << <i64>exponent;
      // int32(float32(exponent)*3/10) is exact for the binary exponents 10..60
      precision = 15 - numLen - (exponent * 3) / 10 - 1;
    } else precision = -1;
  } else {
    scale = exponent;
    precision = 18 - (numLen + denomLen);
  }

  if (precision >= 0) {
    scale -= denomLen; // int32, wraps like Go
    if (scale >= -9) {
      // strconv.ParseInt(num+denom): at most 18 digits here
      const shiftedLen = numLen + denomLen;
      let v: i64 = 0;
      if (!sc.valueZero) for (let j = 0; j < shiftedLen; j++) v = v * 10 + <i64>(shiftedAt(sc, ptr, j) - 0x30);
      const r = new Amount();
      if (int64Multiply(v, mantissa, r)) {
        let result = r.v;
        if (!positive) result = -result;
        const q = new Quantity();
        q.value = result;
        q.scale = scale;
        q.format = format;
        let canonical = false;
        if (format == FORMAT_BINARY_SI) {
          canonical = exponent % 10 == 0 && (v & 7) != 0;
        } else if (!sc.valueZero) {
          const ends000 = shiftedLen >= 3 && shiftedAt(sc, ptr, shiftedLen - 1) == 0x30 &&
            shiftedAt(sc, ptr, shiftedLen - 2) == 0x30 && shiftedAt(sc, ptr, shiftedLen - 3) == 0x30;
          canonical = scale % 3 == 0 && !ends000 && sc.numLen != 0;
        }
        if (canonical) q.setCached(ptr, len);
        return q;
      }
    }
  }

  // inf.Dec path
  let amount: BigDec | null;
  if (sc.valueZero) amount = BigDec.parse(ZERO_DIGIT, 1);
  else amount = BigDec.parse(ptr, sc.valueLen);
  if (amount === null) { e.text = ERR_NUMERIC; return null; }
  const a = amount;
  if (base == 10) a.scale = a.scale + (0 - exponent); // Scale(exponent).infScale(), int32 wrap
  else if (base == 2) a.mulPow2(exponent);
  const sign = a.sign();
  if (sign == -1) a.neg = false;
  if (!a.isZero()) {
    if (a.roundUp(9) == ROUND_PANIC) { e.text = ERR_PANIC_SHIFT; return null; }
  }
  if (format == FORMAT_BINARY_SI && a.cmpInt(i64.MAX_VALUE) > 0) {
    const m = BigDec.maxInt64();
    a.digits = m.digits;
    a.n = m.n;
    a.zeros = 0;
    a.scale = 0;
  }
  if (format == FORMAT_BINARY_SI && a.cmpInt(1) < 0 && a.cmpInt(0) > 0) format = FORMAT_DECIMAL_SI;
  if (sign == -1) a.neg = !a.isZero();
  const q = new Quantity();
  q.dec = a;
  q.format = format;
  return q;
}
