// The Eisel-Lemire decimal-to-float64 algorithm (https://nigeltao.github.io/blog/2020/eisel-lemire.html),
// with the same acceptance rules as Go's strconv: it either returns the correctly rounded float64 of
// man * 10^exp10 or gives up (NaN), in exactly the cases where Go's version gives up. Reproducing the
// give-up cases matters because Go's fallback reads very long integer parts differently.

import { POW10_MIN, POW10_MAX, POW10_TABLE } from "./generated/pow10";
import { mulHi64 } from "./mul64";

/**
 * Correctly rounded float64 bits of man * 10^exp10 (man != 0), or -1 (all ones) when the algorithm
 * cannot decide (ambiguous rounding, out of table range, overflow or subnormal result).
 */
export function eiselLemire64(man: u64, exp10: i32): u64 {
  if (exp10 < POW10_MIN || exp10 > POW10_MAX) return <u64>-1;
  const entry = POW10_TABLE + ((<usize>(exp10 - POW10_MIN)) << 4);
  const powHi = load<u64>(entry);
  const powLo = load<u64>(entry, 8);
  // 10^exp10 = pow / 2^128 * 2^exp2
  const exp2 = 1 + ((exp10 * 108853) >> 15);

  // Normalization.
  const lz = <u64>clz<u64>(man);
  man <<= lz;
  let retExp2: u64 = <u64>(<i64>(exp2 + 63 + 1023)) - lz;

  // Multiplication.
  let xHi = mulHi64(man, powHi);
  let xLo = man * powHi;

  // Wider approximation.
  if ((xHi & 0x1ff) == 0x1ff && xLo + man < man) {
    const yHi = mulHi64(man, powLo);
    const yLo = man * powLo;
    let mergedHi = xHi;
    const mergedLo = xLo + yHi;
    if (mergedLo < xLo) mergedHi++;
    if ((mergedHi & 0x1ff) == 0x1ff && mergedLo + 1 == 0 && yLo + man < man) return <u64>-1;
    xHi = mergedHi;
    xLo = mergedLo;
  }

  // Shifting to 54 bits.
  const msb = xHi >> 63;
  let retMantissa = xHi >> (msb + 9);
  retExp2 -= 1 ^ msb;

  // Half-way ambiguity.
  if (xLo == 0 && (xHi & 0x1ff) == 0 && (retMantissa & 3) == 1) return <u64>-1;

  // From 54 to 53 bits.
  retMantissa += retMantissa & 1;
  retMantissa >>= 1;
  if ((retMantissa >> 53) > 0) {
    retMantissa >>= 1;
    retExp2 += 1;
  }
  // Zero/underflow (subnormal space) or 0x7ff and above (Inf/NaN space): give up.
  if (retExp2 - 1 >= 0x7ff - 1) return <u64>-1;
  return (retExp2 << 52) | (retMantissa & 0xfffffffffffff);
}
