// A stable order of n items by a caller's comparison, in n log n comparisons (a bottom-up merge sort of
// indexes). For the places that list things in a sorted order (reasons and violations by path, map entries
// by key) where an insertion sort would be quadratic in hostile input.

/** The comparison: whether item `a` goes strictly before item `b`. */
export abstract class Before {
  abstract before(a: i32, b: i32): bool;
}

/** The indexes 0..n-1 ordered by `cmp`; items that compare equal keep their index order. */
export function stableOrder(n: i32, cmp: Before): Array<i32> {
  let src = new Array<i32>(n);
  for (let i = 0; i < n; i++) src[i] = i;
  if (n < 2) return src;
  let dst = new Array<i32>(n);
  for (let w = 1; w < n; w <<= 1) {
    for (let lo = 0; lo < n; lo += w << 1) {
      const mid = min(lo + w, n), hi = min(lo + (w << 1), n);
      let a = lo, b = mid, k = lo;
      while (a < mid && b < hi) dst[k++] = cmp.before(src[b], src[a]) ? src[b++] : src[a++];
      while (a < mid) dst[k++] = src[a++];
      while (b < hi) dst[k++] = src[b++];
    }
    const t = src; src = dst; dst = t;
  }
  return src;
}

/** Orders strings by UTF-16 code units (AssemblyScript's `<`). */
export class ByText extends Before {
  constructor(public keys: Array<string>) { super(); }
  before(a: i32, b: i32): bool { return this.keys[a] < this.keys[b]; }
}
