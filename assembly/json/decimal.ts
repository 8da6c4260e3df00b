// The exact slow path of number parsing: a multi-precision decimal (800 significant digits plus a
// "nonzero digits were dropped" flag) that is scaled by powers of two until it can be rounded to a
// float64 mantissa. 800 digits exceed the 768 significant digits of any float64 halfway point, so the
// rounding decision (ties-to-even) is exact for inputs of any length. Its state lives in static memory, loaded by
// decimalLoad and consumed by decimalToFloat64Bits right after it (the slow path of one number parse).

/** Digit capacity of the decimal. */
const CAP: i32 = 800;
/** Digits (values 0..9, not ASCII), most significant first. */
const DIGITS: usize = memory.data(CAP); // scratch: rewritten before every use
/** Scratch for left shifts: CAP digits plus up to 19 carry digits. */
const SCRATCH_END: i32 = CAP + 32;
const SCRATCH: usize = memory.data(SCRATCH_END); // scratch: rewritten before every use
/** Largest shift applied in one pass (keeps the accumulator below 10 * 2^60 < 2^64). */
const MAX_SHIFT: i32 = 60;
/** floor(i * log2(10)) for i in 1..18 (entry 0 is 1); shifts by these never overshoot [0.5, 1). */
const POW2_OF_POW10: usize = memory.data<u8>([1, 3, 6, 9, 13, 16, 19, 23, 26, 29, 33, 36, 39, 43, 46, 49, 53, 56, 59]);

/** The decimal 0.d1d2...dn * 10^dp held in DIGITS (static scalars only). */
class Dec {
  static nd: i32 = 0; // scratch: rewritten before every use
  static dp: i32 = 0; // scratch: rewritten before every use
  static trunc: bool = false; // scratch: rewritten before every use
}

/** Decimal exponent value at which Go's strconv stops accumulating exponent digits. */
const GO_EXP_CAP: i64 = 10000;
/** Exponent cap in exact mode: far beyond anything digits of a wasm32 input could compensate. */
const EXACT_EXP_CAP: i64 = 1000000000000;

/**
 * Loads validated JSON number text [ptr, ptr+len) into the decimal. With `goQuirks`, mirrors Go's
 * strconv slow path exactly: exponent digits stop accumulating once the value reaches 10000, and the
 * decimal point of an integer part longer than 800 significant digits is placed after digit 800.
 * Without it, the decimal is the exact value (up to 800 digits plus the truncation flag).
 */
export function decimalLoad(ptr: usize, len: i32, goQuirks: bool): void {
  let i = 0;
  let nd = 0;
  let all = 0; // significant digits seen, uncapped
  let dp = 0;
  let sawDot = false;
  let trunc = false;
  if (len > 0) {
    const c0 = load<u8>(ptr);
    if (c0 == 0x2d || c0 == 0x2b) i = 1;
  }
  for (; i < len; i++) {
    const c = <u32>load<u8>(ptr + <usize>i);
    if (c == 0x2e) {
      if (sawDot) break;
      sawDot = true;
      dp = goQuirks ? nd : all;
      continue;
    }
    const d = c - 0x30;
    if (d > 9) break;
    if (d == 0 && all == 0) { dp--; continue; }
    all++;
    if (nd < CAP) {
      store<u8>(DIGITS + <usize>nd, <u8>d);
      nd++;
    } else if (d != 0) {
      trunc = true;
    }
  }
  if (!sawDot) dp = goQuirks ? nd : all;
  let dp64 = <i64>dp;
  if (i < len && (load<u8>(ptr + <usize>i) | 0x20) == 0x65) {
    i++;
    let esign: i64 = 1;
    if (i < len) {
      const s = load<u8>(ptr + <usize>i);
      if (s == 0x2d) { esign = -1; i++; } else if (s == 0x2b) i++;
    }
    const cap = goQuirks ? GO_EXP_CAP : EXACT_EXP_CAP;
    let e: i64 = 0;
    for (; i < len; i++) {
      const d = <u32>load<u8>(ptr + <usize>i) - 0x30;
      if (d > 9) break;
      if (e < cap) e = e * 10 + <i64>d;
    }
    dp64 += esign * e;
  }
  // Clamp: anything beyond these bounds overflows or underflows anyway (see decimalToFloat64Bits).
  if (dp64 > 100000) dp64 = 100000;
  if (dp64 < -100000) dp64 = -100000;
  Dec.nd = nd;
  Dec.dp = <i32>dp64;
  Dec.trunc = trunc;
  trim();
}

/** Drops trailing zero digits. */
function trim(): void {
  let nd = Dec.nd;
  while (nd > 0 && load<u8>(DIGITS + <usize>(nd - 1)) == 0) nd--;
  Dec.nd = nd;
  if (nd == 0) Dec.dp = 0;
}

/** Divides the decimal by 2^k (1 <= k <= 60); digits past the capacity set the truncation flag. */
function rightShift(k: i32): void {
  const nd = Dec.nd;
  let r = 0;
  let w = 0;
  let n: u64 = 0;
  // Read leading digits until the accumulator holds at least one output digit.
  while ((n >> k) == 0) {
    if (r >= nd) {
      if (n == 0) { Dec.nd = 0; Dec.dp = 0; return; }
      while ((n >> k) == 0) { n *= 10; r++; }
      break;
    }
    n = n * 10 + <u64>load<u8>(DIGITS + <usize>r);
    r++;
  }
  Dec.dp -= r - 1;
  const mask: u64 = ((<u64>1) << k) - 1;
  for (; r < nd; r++) {
    const c = <u64>load<u8>(DIGITS + <usize>r);
    store<u8>(DIGITS + <usize>w, <u8>(n >> k));
    w++;
    n = (n & mask) * 10 + c;
  }
  while (n != 0) {
    const dig = n >> k;
    n &= mask;
    if (w < CAP) {
      store<u8>(DIGITS + <usize>w, <u8>dig);
      w++;
    } else if (dig != 0) {
      Dec.trunc = true;
    }
    n *= 10;
  }
  Dec.nd = w;
  trim();
}

/** Multiplies the decimal by 2^k (1 <= k <= 60); low digits past the capacity set the truncation flag. */
function leftShift(k: i32): void {
  const nd = Dec.nd;
  let w = SCRATCH_END;
  let n: u64 = 0;
  for (let r = nd - 1; r >= 0; r--) {
    n += (<u64>load<u8>(DIGITS + <usize>r)) << k;
    const q = n / 10;
    w--;
    store<u8>(SCRATCH + <usize>w, <u8>(n - q * 10));
    n = q;
  }
  while (n != 0) {
    const q = n / 10;
    w--;
    store<u8>(SCRATCH + <usize>w, <u8>(n - q * 10));
    n = q;
  }
  const total = SCRATCH_END - w;
  Dec.dp += total - nd;
  const keep = total < CAP ? total : CAP;
  for (let j = keep; j < total; j++) {
    if (load<u8>(SCRATCH + <usize>(w + j)) != 0) { Dec.trunc = true; break; }
  }
  memory.copy(DIGITS, SCRATCH + <usize>w, <usize>keep);
  Dec.nd = keep;
  trim();
}

/** Multiplies (k > 0) or divides (k < 0) the decimal by 2^|k|. */
function shift(k: i32): void {
  if (Dec.nd == 0) return;
  if (k > 0) {
    while (k > MAX_SHIFT) { leftShift(MAX_SHIFT); k -= MAX_SHIFT; }
    if (k > 0) leftShift(k);
  } else if (k < 0) {
    while (k < -MAX_SHIFT) { rightShift(MAX_SHIFT); k += MAX_SHIFT; }
    if (k < 0) rightShift(-k);
  }
}

/** Shift that scales by about 10^|dp| without overshooting (dp in digits). */
// @ts-ignore: decorator
@inline function shiftFor(dp: i32): i32 {
  return dp >= 19 ? MAX_SHIFT : <i32>load<u8>(POW2_OF_POW10 + <usize>dp);
}

/** True when rounding the decimal to `p` integer digits must round up (ties-to-even, truncation counts as above). */
function shouldRoundUp(p: i32): bool {
  if (p < 0 || p >= Dec.nd) return false;
  const d = load<u8>(DIGITS + <usize>p);
  if (d == 5 && p + 1 == Dec.nd) {
    if (Dec.trunc) return true;
    return p > 0 && (load<u8>(DIGITS + <usize>(p - 1)) & 1) != 0;
  }
  return d >= 5;
}

/** The decimal rounded to the nearest integer (caller ensures it is below 2^63). */
function roundedInteger(): u64 {
  const dp = Dec.dp;
  const nd = Dec.nd;
  let n: u64 = 0;
  let i = 0;
  for (; i < dp && i < nd; i++) n = n * 10 + <u64>load<u8>(DIGITS + <usize>i);
  for (; i < dp; i++) n *= 10;
  if (shouldRoundUp(dp)) n++;
  return n;
}

/** Rounds the loaded (non-negative) decimal to the nearest float64 (ties-to-even); returns its bits (the infinity's when it overflows). */
export function decimalToFloat64Bits(): u64 {
  if (Dec.nd == 0) return 0;
  if (Dec.dp > 310) {
    return 0x7ff0000000000000;
  }
  if (Dec.dp < -330) return 0;
  // Scale into [0.5, 1): value = decimal * 2^exp.
  let exp = 0;
  while (Dec.dp > 0) {
    const n = shiftFor(Dec.dp);
    shift(-n);
    exp += n;
  }
  while (Dec.dp < 0 || (Dec.dp == 0 && load<u8>(DIGITS) < 5)) {
    const n = shiftFor(-Dec.dp);
    shift(n);
    exp -= n;
  }
  exp--; // the mantissa is taken in [1, 2)
  if (exp < -1022) {
    const n = -1022 - exp;
    shift(-n);
    exp += n;
  }
  if (exp > 1023) {
    return 0x7ff0000000000000;
  }
  shift(53);
  let mant = roundedInteger();
  if (mant == (<u64>1) << 53) {
    mant >>= 1;
    exp++;
    if (exp > 1023) {
      return 0x7ff0000000000000;
    }
  }
  if ((mant & ((<u64>1) << 52)) == 0) exp = -1023; // subnormal (or zero)
  return ((<u64>(exp + 1023)) << 52) | (mant & 0xfffffffffffff);
}
