// The raw fields of a Quantity as go-spew prints them with `%#v` and DisableMethods (the kubelet's
// hashing config): `{i:(resource.int64Amount){…} d:(resource.infDecAmount){Dec:…} s:(string)…
// Format:(resource.Format)…}`. inf.Dec's unscaled big.Int prints its `abs` big.nat as 64-bit words.

import { ByteSink } from "../io/sink";
import { fail, E_TOO_LARGE } from "../base/errors";
import { BigDec } from "./bigdec";
import { Quantity, formatName } from "./quantity";

/** Most decimal digits of an unscaled value that are converted to big.nat words for printing. */
export const MAX_SPEW_DIGITS: i64 = 100000;

/** Appends the big.nat words of |d.unscaled| as go-spew prints a []big.Word: `[w0 w1 …]` or `<nil>`. */
export function writeNatWords(out: ByteSink, d: BigDec): bool {
  if (d.isZero()) { out.ascii("<nil>"); return true; }
  const l = d.limbs32(MAX_SPEW_DIGITS);
  if (l === null) { fail(E_TOO_LARGE, "quantity too large to print its big.nat words"); return false; }
  const limbs = l.n;
  const p = l.ptr;
  out.byte(0x5b);
  for (let i = 0; i < limbs; i += 2) {
    if (i > 0) out.byte(0x20);
    let w = <u64>load<u32>(p + (<usize>i << 2));
    if (i + 1 < limbs) w |= <u64>load<u32>(p + (<usize>(i + 1) << 2)) << 32;
    out.uint(w);
  }
  out.byte(0x5d);
  return true;
}

/** Appends the `%#v` body of a Quantity value (without the `(resource.Quantity)` prefix). */
export function writeQuantityInternals(out: ByteSink, q: Quantity): bool {
  out.ascii("{i:(resource.int64Amount){value:(int64)");
  out.int(q.value);
  out.ascii(" scale:(resource.Scale)");
  out.int(<i64>q.scale);
  out.ascii("} d:(resource.infDecAmount){Dec:(*inf.Dec)");
  const d = q.dec;
  if (d === null) out.ascii("<nil>");
  else {
    out.ascii("{unscaled:(big.Int){neg:(bool)");
    out.ascii(d.neg ? "true" : "false");
    out.ascii(" abs:(big.nat)");
    if (!writeNatWords(out, d)) return false;
    out.ascii("} scale:(inf.Scale)");
    out.int(<i64>d.scale);
    out.byte(0x7d);
  }
  out.ascii("} s:(string)");
  if (q.sLen > 0) out.bytes(q.sPtr, q.sLen);
  out.ascii(" Format:(resource.Format)");
  out.ascii(formatName(q));
  out.byte(0x7d);
  return true;
}
