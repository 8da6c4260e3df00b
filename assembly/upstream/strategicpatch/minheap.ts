// A min-heap of i32 in an Array (container/heap's up and down): the lowest free slot of a map (value.ts) and
// the smallest position of a class of list elements (listindex.ts).

/** Pushes x onto min-heap h. */
export function heapPush(h: Array<i32>, x: i32): void {
  let j = h.length;
  h.push(x);
  while (j > 0) {
    const parent = (j - 1) >> 1;
    const y = unchecked(h[parent]);
    if (y <= x) break;
    unchecked(h[j] = y);
    j = parent;
  }
  unchecked(h[j] = x);
}

/** Removes and returns the smallest element of min-heap h (not empty). */
export function heapPop(h: Array<i32>): i32 {
  const top = unchecked(h[0]);
  const last = h.pop();
  const n = h.length;
  if (n == 0) return top;
  let i = 0;
  while (true) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && unchecked(h[c + 1]) < unchecked(h[c])) c++;
    if (unchecked(h[c]) >= last) break;
    unchecked(h[i] = h[c]);
    i = c;
  }
  unchecked(h[i] = last);
  return top;
}
