// Object members in Go's order: keys decoded (Go's unquote), sorted stably by bytes, and duplicates
// resolved as a Go map does — the last value for a key wins.

import { ByteSink } from "../io/sink";
import { Tape, F_ESCAPE, F_HIGH, F_NOT_PLAIN } from "./tape";
import { unquote, validUTF8 } from "./strings";

/** A decoded object member: key bytes and the value's node index. */
@unmanaged
export class Member {
  keyPtr: usize;
  keyLen: i32;
  value: i32;
  /** The key's source bytes need no escaping by Go's encoder (they are followed and preceded by quotes). */
  plain: i32;
}

/** The Member array of a sortMembers / docMembers answer (`ptr | count << 32`). */
@inline export function membersAt(m: u64): usize {
  return <usize><u32>m;
}

/** The member count of a sortMembers / docMembers answer. */
@inline export function membersCount(m: u64): i32 {
  return <i32>(m >> 32);
}

/** The answer of sortMembers / docMembers for `count` members at `base`. */
@inline export function membersOf(base: usize, count: i32): u64 {
  return <u64>base | (<u64>count << 32);
}

const SIZE = offsetof<Member>();

@inline function at(base: usize, i: i32): Member {
  return changetype<Member>(base + <usize>i * SIZE);
}

/** Compares byte strings the way Go compares strings. */
export function compareBytes(a: usize, an: i32, b: usize, bn: i32): i32 {
  const n = an < bn ? an : bn;
  let i = 0;
  // 8 bytes at a time while equal
  while (i + 8 <= n && load<u64>(a + <usize>i) == load<u64>(b + <usize>i)) i += 8;
  for (; i < n; i++) {
    const x = <i32>load<u8>(a + <usize>i);
    const y = <i32>load<u8>(b + <usize>i);
    if (x != y) return x - y;
  }
  return an - bn;
}

/** Copies one Member (three words) from src to dst. */
@inline function move(dst: usize, src: usize): void {
  store<u64>(dst, load<u64>(src));
  store<u64>(dst, load<u64>(src, 8), 8);
}

@inline function cmp(x: Member, y: Member): i32 {
  return compareBytes(x.keyPtr, x.keyLen, y.keyPtr, y.keyLen);
}

/**
 * Collects, decodes and sorts the members of object node `obj`: the Member array and the member count after
 * duplicates are resolved (membersAt, membersCount).
 */
export function sortMembers(t: Tape, obj: i32): u64 {
  const n = t.children(obj);
  const base = heap.alloc((n > 0 ? <usize>n : 1) * SIZE);
  let k = obj + 1;
  for (let j = 0; j < n; j++) {
    const m = at(base, j);
    const f = t.flags(k);
    m.plain = (f & F_NOT_PLAIN) ? 0 : 1;
    if ((f & F_ESCAPE) || ((f & F_HIGH) && !validUTF8(t.ptr(k), t.len(k)))) {
      const d = new ByteSink(t.len(k) + 4);
      unquote(d, t.ptr(k), t.len(k), false);
      m.keyPtr = d.ptr;
      m.keyLen = d.len;
    } else {
      m.keyPtr = t.ptr(k);
      m.keyLen = t.len(k);
    }
    m.value = t.next(k);
    k = t.next(m.value);
  }
  if (n > 1) {
    if (n <= 12) insertionSort(base, n);
    else mergeSort(base, n);
  }
  // duplicates are adjacent now, in document order
  let w = 0;
  for (let j = 0; j < n; j++) {
    const m = at(base, j);
    if (j + 1 < n && cmp(m, at(base, j + 1)) == 0) continue; // Go: the later value replaces this one
    if (w != j) move(base + <usize>w * SIZE, base + <usize>j * SIZE);
    w++;
  }
  return membersOf(base, w);
}

function insertionSort(base: usize, n: i32): void {
  const tmp = heap.alloc(SIZE);
  for (let i = 1; i < n; i++) {
    let j = i;
    if (cmp(at(base, j - 1), at(base, j)) <= 0) continue;
    move(tmp, base + <usize>i * SIZE);
    const x = changetype<Member>(tmp);
    while (j > 0 && cmp(at(base, j - 1), x) > 0) {
      move(base + <usize>j * SIZE, base + <usize>(j - 1) * SIZE);
      j--;
    }
    move(base + <usize>j * SIZE, tmp);
  }
}

/** Stable bottom-up merge sort of n members. */
function mergeSort(base: usize, n: i32): void {
  let src = base;
  let dst = heap.alloc(<usize>n * SIZE);
  for (let width = 1; width < n; width <<= 1) {
    for (let lo = 0; lo < n; lo += width << 1) {
      const mid = min(lo + width, n);
      const hi = min(lo + (width << 1), n);
      let i = lo, j = mid, o = lo;
      while (i < mid && j < hi) {
        if (cmp(at(src, j), at(src, i)) < 0) { move(dst + <usize>o * SIZE, src + <usize>j * SIZE); j++; }
        else { move(dst + <usize>o * SIZE, src + <usize>i * SIZE); i++; }
        o++;
      }
      if (i < mid) memory.copy(dst + <usize>o * SIZE, src + <usize>i * SIZE, <usize>(mid - i) * SIZE);
      else if (j < hi) memory.copy(dst + <usize>o * SIZE, src + <usize>j * SIZE, <usize>(hi - j) * SIZE);
    }
    const s = src; src = dst; dst = s;
  }
  if (src != base) memory.copy(base, src, <usize>n * SIZE);
}
