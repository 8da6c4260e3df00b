// Go's sort package, step for step, because upstream's orders depend on it: sort.Slice and sort.Sort
// are pattern-defeating quicksort (unstable: equal elements end where Go's algorithm puts them, and
// comparators that are not strict orders behave as they do in Go), sort.SliceStable and sort.Stable
// are insertion-sorted blocks of 20 merged by SymMerge. Recursion only goes into the smaller part
// of a partition and is capped by bits.Len(n), so its depth is O(log n).

/** What the sorts need: compare and swap elements by position. */
export abstract class LessSwap {
  /** True when the element at i must come before the one at j. */
  abstract less(i: i32, j: i32): bool;
  /** Exchanges the elements at i and j. */
  abstract swap(i: i32, j: i32): void;
}

/** An i32 array sorted through a position comparator over its values (Go's `sort.Slice(indexes, ...)`). */
export abstract class IndexSorter extends LessSwap {
  items: Array<i32> = new Array<i32>();

  /** True when value a must come before value b. */
  abstract lessValue(a: i32, b: i32): bool;

  less(i: i32, j: i32): bool { return this.lessValue(unchecked(this.items[i]), unchecked(this.items[j])); }
  swap(i: i32, j: i32): void {
    const t = unchecked(this.items[i]);
    unchecked(this.items[i] = this.items[j]);
    unchecked(this.items[j] = t);
  }
}

/** bits.Len(uint(n)). */
function bitsLen(n: i32): i32 { return n <= 0 ? 0 : 32 - <i32>clz(<u32>n); }

/** sort.Slice / sort.Sort: pdqsort over positions [0, n). */
export function goSort(d: LessSwap, n: i32): void {
  pdqsort(d, 0, n, bitsLen(n));
}

/** sort.SliceStable / sort.Stable over positions [0, n). */
export function goStable(d: LessSwap, n: i32): void {
  let block = 20;
  let a = 0;
  let b = block;
  while (b <= n) {
    insertionSort(d, a, b);
    a = b;
    b += block;
  }
  insertionSort(d, a, n);
  while (block < n) {
    a = 0;
    b = 2 * block;
    while (b <= n) {
      symMerge(d, a, a + block, b);
      a = b;
      b += 2 * block;
    }
    const m = a + block;
    if (m < n) symMerge(d, a, m, n);
    block *= 2;
  }
}

function insertionSort(d: LessSwap, a: i32, b: i32): void {
  for (let i = a + 1; i < b; i++) {
    for (let j = i; j > a && d.less(j, j - 1); j--) d.swap(j, j - 1);
  }
}

function siftDown(d: LessSwap, lo: i32, hi: i32, first: i32): void {
  let root = lo;
  while (true) {
    let child = 2 * root + 1;
    if (child >= hi) return;
    if (child + 1 < hi && d.less(first + child, first + child + 1)) child++;
    if (!d.less(first + root, first + child)) return;
    d.swap(first + root, first + child);
    root = child;
  }
}

function heapSort(d: LessSwap, a: i32, b: i32): void {
  const first = a;
  const hi = b - a;
  for (let i = (hi - 1) / 2; i >= 0; i--) siftDown(d, i, hi, first);
  for (let i = hi - 1; i >= 0; i--) {
    d.swap(first, first + i);
    siftDown(d, 0, i, first);
  }
}

const HINT_UNKNOWN = 0;
const HINT_INCREASING = 1;
const HINT_DECREASING = 2;

/** Pivot choice state (Go returns two values and counts swaps through a pointer). */
class Pivot {
  static swaps: i32 = 0;
  static hint: i32 = 0;
}

function pdqsort(d: LessSwap, a: i32, b: i32, limit: i32): void {
  let wasBalanced = true;
  let wasPartitioned = true;
  while (true) {
    const length = b - a;
    if (length <= 12) {
      insertionSort(d, a, b);
      return;
    }
    if (limit == 0) {
      heapSort(d, a, b);
      return;
    }
    if (!wasBalanced) {
      breakPatterns(d, a, b);
      limit--;
    }
    let pivot = choosePivot(d, a, b);
    let hint = Pivot.hint;
    if (hint == HINT_DECREASING) {
      reverseRange(d, a, b);
      pivot = (b - 1) - (pivot - a);
      hint = HINT_INCREASING;
    }
    if (wasBalanced && wasPartitioned && hint == HINT_INCREASING) {
      if (partialInsertionSort(d, a, b)) return;
    }
    if (a > 0 && !d.less(a - 1, pivot)) {
      a = partitionEqual(d, a, b, pivot);
      continue;
    }
    const mid = partition(d, a, b, pivot);
    wasPartitioned = Partition.already;
    const leftLen = mid - a;
    const rightLen = b - mid;
    const threshold = length / 8;
    if (leftLen < rightLen) {
      wasBalanced = leftLen >= threshold;
      pdqsort(d, a, mid, limit);
      a = mid + 1;
    } else {
      wasBalanced = rightLen >= threshold;
      pdqsort(d, mid + 1, b, limit);
      b = mid;
    }
  }
}

class Partition {
  static already: bool = false;
}

function partition(d: LessSwap, a: i32, b: i32, pivot: i32): i32 {
  d.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  while (i <= j && d.less(i, a)) i++;
  while (i <= j && !d.less(j, a)) j--;
  if (i > j) {
    d.swap(j, a);
    Partition.already = true;
    return j;
  }
  d.swap(i, j);
  i++;
  j--;
  while (true) {
    while (i <= j && d.less(i, a)) i++;
    while (i <= j && !d.less(j, a)) j--;
    if (i > j) break;
    d.swap(i, j);
    i++;
    j--;
  }
  d.swap(j, a);
  Partition.already = false;
  return j;
}

function partitionEqual(d: LessSwap, a: i32, b: i32, pivot: i32): i32 {
  d.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  while (true) {
    while (i <= j && !d.less(a, i)) i++;
    while (i <= j && d.less(a, j)) j--;
    if (i > j) break;
    d.swap(i, j);
    i++;
    j--;
  }
  return i;
}

function partialInsertionSort(d: LessSwap, a: i32, b: i32): bool {
  let i = a + 1;
  for (let step = 0; step < 5; step++) {
    while (i < b && !d.less(i, i - 1)) i++;
    if (i == b) return true;
    if (b - a < 50) return false;
    d.swap(i, i - 1);
    if (i - a >= 2) {
      for (let j = i - 1; j >= 1; j--) {
        if (!d.less(j, j - 1)) break;
        d.swap(j, j - 1);
      }
    }
    if (b - i >= 2) {
      for (let j = i + 1; j < b; j++) {
        if (!d.less(j, j - 1)) break;
        d.swap(j, j - 1);
      }
    }
  }
  return false;
}

function breakPatterns(d: LessSwap, a: i32, b: i32): void {
  const length = b - a;
  if (length < 8) return;
  let r = <u64>length;
  const modulus = <u64>1 << <u64>bitsLen(length);
  for (let idx = a + (length / 4) * 2 - 1; idx <= a + (length / 4) * 2 + 1; idx++) {
    r ^= r << 13;
    r ^= r >> 17;
    r ^= r << 5;
    let other = <i32>(r & (modulus - 1));
    if (other >= length) other -= length;
    d.swap(idx, a + other);
  }
}

function choosePivot(d: LessSwap, a: i32, b: i32): i32 {
  const l = b - a;
  Pivot.swaps = 0;
  let i = a + l / 4;
  let j = a + (l / 4) * 2;
  let k = a + (l / 4) * 3;
  if (l >= 8) {
    if (l >= 50) {
      i = median(d, i - 1, i, i + 1);
      j = median(d, j - 1, j, j + 1);
      k = median(d, k - 1, k, k + 1);
    }
    j = median(d, i, j, k);
  }
  const s = Pivot.swaps;
  Pivot.hint = s == 0 ? HINT_INCREASING : s == 12 ? HINT_DECREASING : HINT_UNKNOWN;
  return j;
}

/** Go's median(a, b, c) with order2 swaps counted in Pivot.swaps. */
function median(d: LessSwap, a: i32, b: i32, c: i32): i32 {
  if (d.less(b, a)) { Pivot.swaps++; const t = a; a = b; b = t; }
  if (d.less(c, b)) { Pivot.swaps++; const t = b; b = c; c = t; }
  if (d.less(b, a)) { Pivot.swaps++; const t = a; a = b; b = t; }
  return b;
}

function reverseRange(d: LessSwap, a: i32, b: i32): void {
  let i = a;
  let j = b - 1;
  while (i < j) {
    d.swap(i, j);
    i++;
    j--;
  }
}

function swapRange(d: LessSwap, a: i32, b: i32, n: i32): void {
  for (let i = 0; i < n; i++) d.swap(a + i, b + i);
}

function symMerge(d: LessSwap, a: i32, m: i32, b: i32): void {
  if (m - a == 1) {
    let i = m;
    let j = b;
    while (i < j) {
      const h = <i32>(<u32>(i + j) >> 1);
      if (d.less(h, a)) i = h + 1; else j = h;
    }
    for (let k = a; k < i - 1; k++) d.swap(k, k + 1);
    return;
  }
  if (b - m == 1) {
    let i = a;
    let j = m;
    while (i < j) {
      const h = <i32>(<u32>(i + j) >> 1);
      if (!d.less(m, h)) i = h + 1; else j = h;
    }
    for (let k = m; k > i; k--) d.swap(k, k - 1);
    return;
  }
  const mid = <i32>(<u32>(a + b) >> 1);
  const n = mid + m;
  let start: i32;
  let r: i32;
  if (m > mid) {
    start = n - b;
    r = mid;
  } else {
    start = a;
    r = m;
  }
  const p = n - 1;
  while (start < r) {
    const c = <i32>(<u32>(start + r) >> 1);
    if (!d.less(p - c, c)) start = c + 1; else r = c;
  }
  const end = n - start;
  if (start < m && m < end) rotate(d, start, m, end);
  if (a < start && start < mid) symMerge(d, a, start, mid);
  if (mid < end && end < b) symMerge(d, mid, end, b);
}

function rotate(d: LessSwap, a: i32, m: i32, b: i32): void {
  let i = m - a;
  let j = b - m;
  while (i != j) {
    if (i > j) {
      swapRange(d, m - i, m, j);
      i -= j;
    } else {
      swapRange(d, m - i, m + j - i, i);
      j -= i;
    }
  }
  swapRange(d, m - i, m, i);
}
