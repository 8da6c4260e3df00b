// Object members as a Go map sees them (keys decoded, the last duplicate wins) in document order,
// without sorting when the object is small (the common case in manifests).

import { ByteSink } from "../io/sink";
import { Tape, F_ESCAPE, F_HIGH } from "./tape";
import { sortMembers, membersAt, membersCount, membersOf, Member } from "./members";
import { unquote, validUTF8 } from "./strings";

/** Objects with at most this many members are deduplicated by pairwise comparison. */
export const SMALL_OBJECT: i32 = 32;

const SIZE = offsetof<Member>();

/** Pointer to the Member array of the last docMembers call. */
/**
 * Members of object node `obj`, unique (the last duplicate wins, at its own position), in document
 * order: the Member array and the count (members.ts membersAt, membersCount).
 */
export function docMembers(t: Tape, obj: i32): u64 {
  const n = t.children(obj);
  if (n > SMALL_OBJECT) {
    const sorted = sortMembers(t, obj);
    sortByValue(membersAt(sorted), membersCount(sorted));
    return sorted;
  }
  const cells = n > 0 ? n : 1;
  const base = heap.alloc(<usize>cells * SIZE);
  let k = obj + 1;
  let w = 0;
  let sig: u64 = 0;
  for (let j = 0; j < n; j++) {
    const m = changetype<Member>(base + <usize>w * SIZE);
    const f = t.flags(k);
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
    // an earlier member with this key loses to this one (looked for only when a key of the same
    // length, first and last byte was seen: a 64-bit signature of the keys so far)
    const kl = m.keyLen;
    const kp = m.keyPtr;
    const k0 = kl > 0 ? <i32>load<u8>(kp) : -1;
    const bit = <u64>1 << <u64>((<u32>kl * 7 + <u32>k0 * 3 + (kl > 0 ? <u32>load<u8>(kp + <usize>(kl - 1)) : 0)) & 63);
    const seen = (sig & bit) != 0;
    sig |= bit;
    if (seen) for (let i = 0; i < w; i++) {
      const e = changetype<Member>(base + <usize>i * SIZE);
      if (e.keyLen == kl && (kl == 0 || <i32>load<u8>(e.keyPtr) == k0) && memory.compare(e.keyPtr, kp, <usize>kl) == 0) {
        memory.copy(base + <usize>i * SIZE, base + <usize>(i + 1) * SIZE, <usize>(w - i) * SIZE);
        w--;
        break;
      }
    }
    w++;
  }
  return membersOf(base, w);
}

/** Sorts n members at `base` by value node index (document order), stably. */
function sortByValue(base: usize, n: i32): void {
  if (n < 2) return;
  const tmp = heap.alloc(<usize>n * SIZE);
  let src = base;
  let dst = tmp;
  for (let width = 1; width < n; width <<= 1) {
    for (let lo = 0; lo < n; lo += width << 1) {
      const mid = min(lo + width, n);
      const hi = min(lo + (width << 1), n);
      let i = lo, j = mid, o = lo;
      while (i < mid && j < hi) {
        const a = changetype<Member>(src + <usize>i * SIZE);
        const b = changetype<Member>(src + <usize>j * SIZE);
        if (b.value < a.value) { memory.copy(dst + <usize>o * SIZE, src + <usize>j * SIZE, SIZE); j++; }
        else { memory.copy(dst + <usize>o * SIZE, src + <usize>i * SIZE, SIZE); i++; }
        o++;
      }
      if (i < mid) memory.copy(dst + <usize>o * SIZE, src + <usize>i * SIZE, <usize>(mid - i) * SIZE);
      else if (j < hi) memory.copy(dst + <usize>o * SIZE, src + <usize>j * SIZE, <usize>(hi - j) * SIZE);
    }
    const s = src; src = dst; dst = s;
  }
  if (src != base) memory.copy(base, src, <usize>n * SIZE);
}

/** Index of the member with key [p, p+n) among `count` members at `base`, trying `hint` first; -1 when absent (linear: for small objects). */
export function findDocMember(base: usize, count: i32, p: usize, n: i32, hint: i32): i32 {
  if (hint >= 0 && hint < count) {
    const h = changetype<Member>(base + <usize>hint * SIZE);
    if (h.keyLen == n && memory.compare(h.keyPtr, p, <usize>n) == 0) return hint;
  }
  const k0 = n > 0 ? <i32>load<u8>(p) : -1;
  for (let i = 0; i < count; i++) {
    const m = changetype<Member>(base + <usize>i * SIZE);
    if (m.keyLen == n && (n == 0 || <i32>load<u8>(m.keyPtr) == k0) && memory.compare(m.keyPtr, p, <usize>n) == 0) return i;
  }
  return -1;
}
