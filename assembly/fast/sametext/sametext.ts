// A shortcut of the diffs: two values whose JSON text is the same bytes decode to the same Go value, so
// a diff of them has no operations and cannot fail. Most of a realistic pair (a manifest before and
// after an edit) is such text; comparing bytes is far cheaper than walking the values.
//
// Must equal: assembly/json/goequal.ts goEqual (reflect.DeepEqual of the decoded values) answering true. `false`
// proves nothing ("cannot prove"): the caller compares the values.

import { Tape } from "../../json/tape";
import { sameBytesSIMD } from "../../bytes/simd";

/** True when `n` bytes at `a` and `b` are equal (16 bytes at a time: assembly/bytes/simd.ts sameLen). */
export function sameBytes(a: usize, b: usize, n: i32): bool {
  return sameBytesSIMD(a, b, n);
}

/** True when node `a` of `ta` and node `b` of `tb` have byte-identical JSON text. */
export function sameText(ta: Tape, a: i32, tb: Tape, b: i32): bool {
  const sa = ta.rawStart(a);
  const sb = tb.rawStart(b);
  const n = ta.rawEnd(a) - sa;
  if (tb.rawEnd(b) - sb != n) return false;
  return sameBytes(ta.src + <usize>sa, tb.src + <usize>sb, n);
}
