// Go's sort package, step for step (shared by the strategic merge patch and the rollout planner):
// strategicpatch sorts with Less functions that are not strict weak
// orders (`a <= b`, or "true when either side is unknown"), so only the exact sequence of Less/Swap calls
// gives Go's result. sort.Sort is pdqsort since Go 1.19 (its pattern breaker's xorshift shifts by
// 13/17/5 until Go 1.23 and by 13/7/17 from Go 1.24) and the older introsort (quickSort with
// median-of-three pivots, heapsort fallback, a gap-6 pass then insertion sort up to 12) in Go 1.13-1.18; sort.Stable and
// sort.SliceStable are insertion-sorted blocks of 20 merged with SymMerge in every release. Recursion
// depth is bounded by the logarithm of the length.

/** What a sort works on: indices into the caller's data. */
export abstract class Sorter {
  abstract less(i: i32, j: i32): bool;
  abstract swap(i: i32, j: i32): void;
}

/** sort.Sort(data) as Go release `go` (a Go minor, e.g. 21) implements it. */
export function sortSort(data: Sorter, n: i32, go: i32): void {
  if (go >= 19) {
    if (n <= 1) return;
    pdqsort(data, 0, n, bitsLen(n), new Pivot(go >= 24));
  } else {
    quickSort(data, 0, n, legacyMaxDepth(n), new Pivot(false));
  }
}

/** sort.Stable(data) / sort.SliceStable. */
export function sortStable(data: Sorter, n: i32): void {
  let blockSize = 20;
  let a = 0, b = blockSize;
  while (b <= n) {
    insertionSort(data, a, b);
    a = b;
    b += blockSize;
  }
  insertionSort(data, a, n);
  while (blockSize < n) {
    a = 0;
    b = 2 * blockSize;
    while (b <= n) {
      symMerge(data, a, a + blockSize, b);
      a = b;
      b += 2 * blockSize;
    }
    const m = a + blockSize;
    if (m < n) symMerge(data, a, m, n);
    blockSize *= 2;
  }
}

function bitsLen(n: i32): i32 {
  return n <= 0 ? 0 : 32 - clz<i32>(n);
}

function insertionSort(data: Sorter, a: i32, b: i32): void {
  for (let i = a + 1; i < b; i++) {
    for (let j = i; j > a && data.less(j, j - 1); j--) data.swap(j, j - 1);
  }
}

function siftDown(data: Sorter, lo: i32, hi: i32, first: i32): void {
  let root = lo;
  while (true) {
    let child = 2 * root + 1;
    if (child >= hi) return;
    if (child + 1 < hi && data.less(first + child, first + child + 1)) child++;
    if (!data.less(first + root, first + child)) return;
    data.swap(first + root, first + child);
    root = child;
  }
}

function heapSort(data: Sorter, a: i32, b: i32): void {
  const first = a;
  const lo = 0;
  const hi = b - a;
  for (let i = (hi - 1) / 2; i >= 0; i--) siftDown(data, i, hi, first);
  for (let i = hi - 1; i >= 0; i--) {
    data.swap(first, first + i);
    siftDown(data, lo, i, first);
  }
}

// ---------------------------------------------------------------------------------------------------
// pdqsort (Go 1.19+)

const UNKNOWN_HINT = 0;
const INCREASING_HINT = 1;
const DECREASING_HINT = 2;

function pdqsort(data: Sorter, a: i32, b: i32, limit: i32, pv: Pivot): void {
  const maxInsertion = 12;
  let wasBalanced = true;
  let wasPartitioned = true;
  while (true) {
    const length = b - a;
    if (length <= maxInsertion) {
      insertionSort(data, a, b);
      return;
    }
    if (limit == 0) {
      heapSort(data, a, b);
      return;
    }
    if (!wasBalanced) {
      breakPatterns(data, a, b, pv.xorshift2417);
      limit--;
    }
    let pivot = choosePivot(data, a, b, pv);
    let hint = pv.hint;
    if (hint == DECREASING_HINT) {
      reverseRange(data, a, b);
      pivot = (b - 1) - (pivot - a);
      hint = INCREASING_HINT;
    }
    if (wasBalanced && wasPartitioned && hint == INCREASING_HINT) {
      if (partialInsertionSort(data, a, b)) return;
    }
    if (a > 0 && !data.less(a - 1, pivot)) {
      a = partitionEqual(data, a, b, pivot);
      continue;
    }
    const mid = partition(data, a, b, pivot, pv);
    wasPartitioned = pv.already;
    const leftLen = mid - a, rightLen = b - mid;
    const balanceThreshold = length / 8;
    if (leftLen < rightLen) {
      wasBalanced = leftLen >= balanceThreshold;
      pdqsort(data, a, mid, limit, pv);
      a = mid + 1;
    } else {
      wasBalanced = rightLen >= balanceThreshold;
      pdqsort(data, mid + 1, b, limit, pv);
      b = mid;
    }
  }
}

/** One sort's second results of choosePivot / partition / doPivot (written before they are read), and its Go era. */
class Pivot {
  hint: i32 = 0;
  already: bool = false;
  swaps: i32 = 0;
  /** doPivot's midlo, midhi */
  lo: i32 = 0;
  hi: i32 = 0;
  /** `xorshift2417`: the Go 1.24+ xorshift constants of breakPatterns. */
  constructor(public xorshift2417: bool) {}
}

function partition(data: Sorter, a: i32, b: i32, pivot: i32, pv: Pivot): i32 {
  data.swap(a, pivot);
  let i = a + 1, j = b - 1;
  while (i <= j && data.less(i, a)) i++;
  while (i <= j && !data.less(j, a)) j--;
  if (i > j) {
    data.swap(j, a);
    pv.already = true;
    return j;
  }
  data.swap(i, j);
  i++;
  j--;
  while (true) {
    while (i <= j && data.less(i, a)) i++;
    while (i <= j && !data.less(j, a)) j--;
    if (i > j) break;
    data.swap(i, j);
    i++;
    j--;
  }
  data.swap(j, a);
  pv.already = false;
  return j;
}

function partitionEqual(data: Sorter, a: i32, b: i32, pivot: i32): i32 {
  data.swap(a, pivot);
  let i = a + 1, j = b - 1;
  while (true) {
    while (i <= j && !data.less(a, i)) i++;
    while (i <= j && data.less(a, j)) j--;
    if (i > j) break;
    data.swap(i, j);
    i++;
    j--;
  }
  return i;
}

function partialInsertionSort(data: Sorter, a: i32, b: i32): bool {
  const maxSteps = 5, shortestShifting = 50;
  let i = a + 1;
  for (let step = 0; step < maxSteps; step++) {
    while (i < b && !data.less(i, i - 1)) i++;
    if (i == b) return true;
    if (b - a < shortestShifting) return false;
    data.swap(i, i - 1);
    if (i - a >= 2) {
      for (let j = i - 1; j >= 1; j--) {
        if (!data.less(j, j - 1)) break;
        data.swap(j, j - 1);
      }
    }
    if (b - i >= 2) {
      for (let j = i + 1; j < b; j++) {
        if (!data.less(j, j - 1)) break;
        data.swap(j, j - 1);
      }
    }
  }
  return false;
}

function breakPatterns(data: Sorter, a: i32, b: i32, xorshift2417: bool): void {
  const length = b - a;
  if (length >= 8) {
    let random = <u64>length;
    const modulus = <u64>1 << <u64>bitsLen(length);
    for (let idx = a + (length / 4) * 2 - 1; idx <= a + (length / 4) * 2 + 1; idx++) {
      random ^= random << 13;
      if (xorshift2417) {
        random ^= random >> 7;
        random ^= random << 17;
      } else {
        random ^= random >> 17;
        random ^= random << 5;
      }
      let other = <i32>(random & (modulus - 1));
      if (other >= length) other -= length;
      data.swap(idx, a + other);
    }
  }
}

function choosePivot(data: Sorter, a: i32, b: i32, pv: Pivot): i32 {
  const shortestNinther = 50, maxSwaps = 4 * 3;
  const l = b - a;
  pv.swaps = 0;
  let i = a + l / 4 * 1;
  let j = a + l / 4 * 2;
  let k = a + l / 4 * 3;
  if (l >= 8) {
    if (l >= shortestNinther) {
      i = median(data, i - 1, i, i + 1, pv);
      j = median(data, j - 1, j, j + 1, pv);
      k = median(data, k - 1, k, k + 1, pv);
    }
    j = median(data, i, j, k, pv);
  }
  if (pv.swaps == 0) pv.hint = INCREASING_HINT;
  else if (pv.swaps == maxSwaps) pv.hint = DECREASING_HINT;
  else pv.hint = UNKNOWN_HINT;
  return j;
}

/** median(a, b, c) through three order2 steps, counting swaps in pv.swaps. */
function median(data: Sorter, a: i32, b: i32, c: i32, pv: Pivot): i32 {
  // a, b = order2(a, b)
  if (data.less(b, a)) { pv.swaps++; const t = a; a = b; b = t; }
  // b, c = order2(b, c)
  if (data.less(c, b)) { pv.swaps++; const t = b; b = c; c = t; }
  // a, b = order2(a, b)
  if (data.less(b, a)) { pv.swaps++; const t = a; a = b; b = t; }
  return b;
}

function reverseRange(data: Sorter, a: i32, b: i32): void {
  let i = a, j = b - 1;
  while (i < j) {
    data.swap(i, j);
    i++;
    j--;
  }
}

// ---------------------------------------------------------------------------------------------------
// Go 1.13-1.18 quickSort

function legacyMaxDepth(n: i32): i32 {
  let depth = 0;
  for (let i = n; i > 0; i >>= 1) depth++;
  return depth * 2;
}

function medianOfThree(data: Sorter, m1: i32, m0: i32, m2: i32): void {
  if (data.less(m1, m0)) data.swap(m1, m0);
  if (data.less(m2, m1)) {
    data.swap(m2, m1);
    if (data.less(m1, m0)) data.swap(m1, m0);
  }
}

/** doPivot; returns midlo, midhi in pv.lo, pv.hi. */
function doPivot(data: Sorter, lo: i32, hi: i32, pv: Pivot): void {
  const m = <i32>(<u32>(lo + hi) >> 1);
  if (hi - lo > 40) {
    const s = (hi - lo) / 8;
    medianOfThree(data, lo, lo + s, lo + 2 * s);
    medianOfThree(data, m, m - s, m + s);
    medianOfThree(data, hi - 1, hi - 1 - s, hi - 1 - 2 * s);
  }
  medianOfThree(data, lo, m, hi - 1);
  const pivot = lo;
  let a = lo + 1, c = hi - 1;
  for (; a < c && data.less(a, pivot); a++) {}
  let b = a;
  while (true) {
    for (; b < c && !data.less(pivot, b); b++) {}
    for (; b < c && data.less(pivot, c - 1); c--) {}
    if (b >= c) break;
    data.swap(b, c - 1);
    b++;
    c--;
  }
  let protect = hi - c < 5;
  if (!protect && hi - c < (hi - lo) / 4) {
    let dups = 0;
    if (!data.less(pivot, hi - 1)) {
      data.swap(c, hi - 1);
      c++;
      dups++;
    }
    if (!data.less(b - 1, pivot)) {
      b--;
      dups++;
    }
    if (!data.less(m, pivot)) {
      data.swap(m, b - 1);
      b--;
      dups++;
    }
    protect = dups > 1;
  }
  if (protect) {
    while (true) {
      for (; a < b && !data.less(b - 1, pivot); b--) {}
      for (; a < b && data.less(a, pivot); a++) {}
      if (a >= b) break;
      data.swap(a, b - 1);
      a++;
      b--;
    }
  }
  data.swap(pivot, b - 1);
  pv.lo = b - 1;
  pv.hi = c;
}

function quickSort(data: Sorter, a: i32, b: i32, maxDepth: i32, pv: Pivot): void {
  while (b - a > 12) {
    if (maxDepth == 0) {
      heapSort(data, a, b);
      return;
    }
    maxDepth--;
    doPivot(data, a, b, pv);
    const mlo = pv.lo, mhi = pv.hi;
    if (mlo - a < b - mhi) {
      quickSort(data, a, mlo, maxDepth, pv);
      a = mhi;
    } else {
      quickSort(data, mhi, b, maxDepth, pv);
      b = mlo;
    }
  }
  if (b - a > 1) {
    for (let i = a + 6; i < b; i++) {
      if (data.less(i, i - 6)) data.swap(i, i - 6);
    }
    insertionSort(data, a, b);
  }
}

// ---------------------------------------------------------------------------------------------------
// Stable

function symMerge(data: Sorter, a: i32, m: i32, b: i32): void {
  if (m - a == 1) {
    let i = m, j = b;
    while (i < j) {
      const h = <i32>(<u32>(i + j) >> 1);
      if (data.less(h, a)) i = h + 1;
      else j = h;
    }
    for (let k = a; k < i - 1; k++) data.swap(k, k + 1);
    return;
  }
  if (b - m == 1) {
    let i = a, j = m;
    while (i < j) {
      const h = <i32>(<u32>(i + j) >> 1);
      if (!data.less(m, h)) i = h + 1;
      else j = h;
    }
    for (let k = m; k > i; k--) data.swap(k, k - 1);
    return;
  }
  const mid = <i32>(<u32>(a + b) >> 1);
  const n = mid + m;
  let start: i32, r: i32;
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
    if (!data.less(p - c, c)) start = c + 1;
    else r = c;
  }
  const end = n - start;
  if (start < m && m < end) rotate(data, start, m, end);
  if (a < start && start < mid) symMerge(data, a, start, mid);
  if (mid < end && end < b) symMerge(data, mid, end, b);
}

function swapRange(data: Sorter, a: i32, b: i32, n: i32): void {
  for (let i = 0; i < n; i++) data.swap(a + i, b + i);
}

function rotate(data: Sorter, a: i32, m: i32, b: i32): void {
  let i = m - a;
  let j = b - m;
  while (i != j) {
    if (i > j) {
      swapRange(data, m - i, m, j);
      i -= j;
    } else {
      swapRange(data, m - i, m + j - i, i);
      j -= i;
    }
  }
  swapRange(data, m - i, m, i);
}
