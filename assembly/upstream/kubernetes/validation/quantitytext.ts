// Quantity.String() as the validation messages print it: on the value itself (the canonical form is then
// cached in the quantity, as Go caches it through a pointer receiver) or on a copy (nothing cached).

import { ByteSink } from "../../../io/sink";
import { Quantity } from "../../../quantity/quantity";
import { writeCanonical, writeQuantityString } from "../../../quantity/canonical";

/** q.String() on the value itself: the cached string, else the canonical form (then cached in `q`). */
export function quantityString(q: Quantity): string {
  const out = new ByteSink(32);
  writeQuantityString(out, q);
  return String.UTF8.decodeUnsafe(out.ptr, <usize>out.len);
}

/** String() on a copy of `q` (Go calls it on a map value): the cached string, else the canonical form, `q` untouched. */
export function quantityStringOfCopy(q: Quantity): string {
  if (q.sLen > 0) return String.UTF8.decodeUnsafe(q.sPtr, <usize>q.sLen);
  const out = new ByteSink(24);
  writeCanonical(out, q);
  return String.UTF8.decodeUnsafe(out.ptr, <usize>out.len);
}
