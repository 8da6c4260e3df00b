// Equality of JSON values as Go sees them after json.Unmarshal into interface{} (reflect.DeepEqual):
// numbers compared as float64, strings after decoding, objects as maps (last duplicate wins), and a
// hash consistent with that equality. Iterative; values may live on different tapes.

import { ByteSink } from "../io/sink";
import { Tape, K_NULL, K_FALSE, K_TRUE, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT, F_ESCAPE, F_HIGH, F_INT } from "./tape";
import { sortMembers, membersAt, membersCount, Member } from "./members";
import { docMembers, findDocMember, SMALL_OBJECT } from "./docmembers";
import { unquote } from "./strings";
import { parseNumber } from "./number";

/** Go type class of a tape node: null, bool, number, string, array, object. */
export function goType(t: Tape, i: i32): i32 {
  const k = t.kind(i);
  return k == K_TRUE ? K_FALSE : k;
}

/** True when the node is a Go scalar of json.Unmarshal: string, float64 or bool. */
export function isGoScalar(t: Tape, i: i32): bool {
  const k = t.kind(i);
  return k == K_STRING || k == K_NUMBER || k == K_TRUE || k == K_FALSE;
}

/** The float64 value of number node i. */
export function numberValue(t: Tape, i: i32): f64 {
  const n = t.len(i);
  const p = t.ptr(i);
  if ((t.flags(i) & F_INT) && n <= 15) {
    // exact short integers
    let v: i64 = 0;
    let j = 0;
    const neg = load<u8>(p) == 0x2d;
    if (neg) j = 1;
    for (; j < n; j++) v = v * 10 + <i64>(load<u8>(p + <usize>j) - 0x30);
    return neg ? -<f64>v : <f64>v;
  }
  return parseNumber(p, n);
}

/**
 * Decoded bytes of string node i (Go's unquote: invalid UTF-8 becomes U+FFFD): their pointer | their length << 32
 * (decodedPtr, decodedLen).
 */
export function decodeString(t: Tape, i: i32): u64 {
  const f = t.flags(i);
  if (!(f & (F_ESCAPE | F_HIGH))) return <u64>t.ptr(i) | (<u64>t.len(i) << 32);
  const d = new ByteSink(t.len(i) + 4);
  unquote(d, t.ptr(i), t.len(i), false);
  return <u64>d.ptr | (<u64>d.len << 32);
}

/** The pointer of a decodeString answer. */
@inline export function decodedPtr(d: u64): usize {
  return <usize><u32>d;
}

/** The length of a decodeString answer. */
@inline export function decodedLen(d: u64): i32 {
  return <i32>(d >> 32);
}

/** Go equality of two scalars of the same Go type. */
export function scalarEqual(ta: Tape, a: i32, tb: Tape, b: i32): bool {
  const k = ta.kind(a);
  if (k != tb.kind(b)) {
    return false; // true vs false, or different types
  }
  if (k == K_NUMBER) {
    const n = ta.len(a);
    if (n == tb.len(b) && memory.compare(ta.ptr(a), tb.ptr(b), <usize>n) == 0) return true;
    return numberValue(ta, a) == numberValue(tb, b);
  }
  if (k == K_STRING) {
    const fa = ta.flags(a);
    const fb = tb.flags(b);
    if (!((fa | fb) & (F_ESCAPE | F_HIGH))) {
      const n = ta.len(a);
      return n == tb.len(b) && memory.compare(ta.ptr(a), tb.ptr(b), <usize>n) == 0;
    }
    const da = decodeString(ta, a);
    const db = decodeString(tb, b);
    const al = decodedLen(da);
    return al == decodedLen(db) && memory.compare(decodedPtr(da), decodedPtr(db), <usize>al) == 0;
  }
  return true; // null, true, false
}

/** reflect.DeepEqual of the Go values of node a of ta and node b of tb. */
export function goEqual(ta: Tape, a: i32, tb: Tape, b: i32): bool {
  const sa = new Array<i32>();
  const sb = new Array<i32>();
  sa.push(a);
  sb.push(b);
  while (sa.length > 0) {
    const x = sa.pop();
    const y = sb.pop();
    const k = ta.kind(x);
    // the same text is the same value (the common case of mostly-equal values)
    if (k >= K_ARRAY && sameRawText(ta, x, tb, y)) continue;
    if (k != K_ARRAY && k != K_OBJECT) {
      if (!scalarEqual(ta, x, tb, y)) return false;
      continue;
    }
    if (tb.kind(y) != k) return false;
    if (k == K_ARRAY) {
      const n = ta.children(x);
      if (n != tb.children(y)) return false;
      let cx = x + 1;
      let cy = y + 1;
      for (let i = 0; i < n; i++) {
        sa.push(cx);
        sb.push(cy);
        cx = ta.next(cx);
        cy = tb.next(cy);
      }
      continue;
    }
    // small objects: members in document order, matched by key; larger ones sorted by key
    const small = ta.children(x) <= SMALL_OBJECT && tb.children(y) <= SMALL_OBJECT;
    const da = small ? docMembers(ta, x) : sortMembers(ta, x);
    const db = small ? docMembers(tb, y) : sortMembers(tb, y);
    const na = membersCount(da);
    const ma = membersAt(da);
    const nb = membersCount(db);
    const mb = membersAt(db);
    if (na != nb) return false;
    for (let i = 0; i < na; i++) {
      const p = changetype<Member>(ma + <usize>i * offsetof<Member>());
      let j = i;
      if (small) {
        j = findDocMember(mb, nb, p.keyPtr, p.keyLen, i);
        if (j < 0) return false;
      }
      const q = changetype<Member>(mb + <usize>j * offsetof<Member>());
      if (!small && (p.keyLen != q.keyLen || memory.compare(p.keyPtr, q.keyPtr, <usize>p.keyLen) != 0)) return false;
      sa.push(p.value);
      sb.push(q.value);
    }
  }
  return true;
}

const P1: u64 = 0x9e3779b97f4a7c15;
const P2: u64 = 0xc2b2ae3d27d4eb4f;

/** A 64-bit finalizer (murmur3 fmix64): spreads every input bit over the result. */
@inline export function mix(h: u64): u64 {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccd;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53;
  h ^= h >> 33;
  return h;
}

/** Hash of bytes [p, p+n). */
export function hashBytes(p: usize, n: i32): u64 {
  let h: u64 = 0xcbf29ce484222325 ^ <u64>n;
  let i = 0;
  for (; i + 8 <= n; i += 8) h = mix(h ^ load<u64>(p + <usize>i)) + P1;
  let tail: u64 = 0;
  for (let s = 0; i < n; i++, s += 8) tail |= <u64>load<u8>(p + <usize>i) << s;
  return mix(h ^ tail ^ P2);
}

/**
 * Hashes of every node of the subtree at `root`, consistent with goEqual (equal values, equal hashes).
 * Returns a pointer to u64 slots indexed by node - root.
 */
export function goHashes(t: Tape, root: i32): usize {
  const stop = t.next(root);
  const slots = heap.alloc(<usize>(stop - root) << 3);
  for (let i = stop - 1; i >= root; i--) {
    const k = t.kind(i);
    let h: u64;
    if (k == K_STRING) {
      const d = decodeString(t, i);
      h = hashBytes(decodedPtr(d), decodedLen(d)) ^ 0x5;
    } else if (k == K_NUMBER) {
      let v = numberValue(t, i);
      if (v == 0) v = 0; // -0 == 0
      h = mix(reinterpret<u64>(v) ^ 0x3);
    } else if (k == K_ARRAY) {
      h = 0x6a09e667f3bcc908 ^ <u64>t.children(i);
      let c = i + 1;
      const n = t.children(i);
      for (let j = 0; j < n; j++) {
        h = mix(h ^ load<u64>(slots + (<usize>(c - root) << 3))) + P1;
        c = t.next(c);
      }
    } else if (k == K_OBJECT) {
      // members combined in any order (a sum), so no sorting is needed
      const dm = docMembers(t, i);
      const n = membersCount(dm);
      const m = membersAt(dm);
      let sum: u64 = 0;
      for (let j = 0; j < n; j++) {
        const e = changetype<Member>(m + <usize>j * offsetof<Member>());
        sum += mix(hashBytes(e.keyPtr, e.keyLen) ^ mix(load<u64>(slots + (<usize>(e.value - root) << 3)) + P2));
      }
      h = mix(0xbb67ae8584caa73b ^ <u64>n ^ sum);
    } else {
      h = <u64>(k == K_TRUE ? 2 : k) * P1; // null 0, false 1, true 2
    }
    store<u64>(slots + (<usize>(i - root) << 3), h);
  }
  return slots;
}

/** Child node indices of array node i. */
export function children(t: Tape, i: i32): StaticArray<i32> {
  const n = t.children(i);
  const out = new StaticArray<i32>(n);
  let c = i + 1;
  for (let j = 0; j < n; j++) {
    unchecked(out[j] = c);
    c = t.next(c);
  }
  return out;
}

/**
 * Equality classes of the elements of s (ids 0..m-1) and t (ids m..m+n-1): equal Go values get the
 * same class number. Hash-sorted, then confirmed with goEqual.
 */
export function equalityClasses(ta: Tape, s: StaticArray<i32>, tb: Tape, t: StaticArray<i32>): StaticArray<i32> {
  const m = s.length;
  const n = t.length;
  const total = m + n;
  const hashes = new StaticArray<u64>(total);
  for (let i = 0; i < m; i++) unchecked(hashes[i] = load<u64>(goHashes(ta, s[i])));
  for (let j = 0; j < n; j++) unchecked(hashes[m + j] = load<u64>(goHashes(tb, t[j])));
  // order indices by hash (insertion sort for small inputs, else a merge sort)
  const order = new StaticArray<i32>(total);
  for (let i = 0; i < total; i++) unchecked(order[i] = i);
  sortByHash(order, hashes);
  const cls = new StaticArray<i32>(total);
  for (let i = 0; i < total; i++) unchecked(cls[i] = -1);
  let g = 0;
  while (g < total) {
    let e = g + 1;
    const h = unchecked(hashes[order[g]]);
    while (e < total && unchecked(hashes[order[e]]) == h) e++;
    // within [g, e): assign classes by representative
    for (let x = g; x < e; x++) {
      const ix = unchecked(order[x]);
      if (unchecked(cls[ix]) >= 0) continue;
      unchecked(cls[ix] = ix);
      for (let y = x + 1; y < e; y++) {
        const iy = unchecked(order[y]);
        if (unchecked(cls[iy]) >= 0) continue;
        const tx = ix < m ? ta : tb;
        const nx = ix < m ? s[ix] : t[ix - m];
        const ty = iy < m ? ta : tb;
        const ny = iy < m ? s[iy] : t[iy - m];
        if (sameRawText(tx, nx, ty, ny) || goEqual(tx, nx, ty, ny)) unchecked(cls[iy] = ix);
      }
    }
    g = e;
  }
  return cls;
}

/** True when two nodes have byte-identical JSON text (then they are equal Go values: goEqual's shortcut). */
function sameRawText(ta: Tape, a: i32, tb: Tape, b: i32): bool {
  const sa = ta.rawStart(a);
  const sb = tb.rawStart(b);
  const n = ta.rawEnd(a) - sa;
  if (tb.rawEnd(b) - sb != n) return false;
  const pa = ta.src + <usize>sa;
  const pb = tb.src + <usize>sb;
  let i = 0;
  while (i + 8 <= n) {
    if (load<u64>(pa + <usize>i) != load<u64>(pb + <usize>i)) return false;
    i += 8;
  }
  while (i < n) {
    if (load<u8>(pa + <usize>i) != load<u8>(pb + <usize>i)) return false;
    i++;
  }
  return true;
}

/** Stable merge sort of indices by hash. */
function sortByHash(order: StaticArray<i32>, hashes: StaticArray<u64>): void {
  const n = order.length;
  if (n < 2) return;
  let src = order;
  let dst = new StaticArray<i32>(n);
  for (let width = 1; width < n; width <<= 1) {
    for (let lo = 0; lo < n; lo += width << 1) {
      const mid = min(lo + width, n);
      const hi = min(lo + (width << 1), n);
      let i = lo, j = mid, o = lo;
      while (i < mid && j < hi) {
        if (unchecked(hashes[src[j]]) < unchecked(hashes[src[i]])) { unchecked(dst[o] = src[j]); j++; }
        else { unchecked(dst[o] = src[i]); i++; }
        o++;
      }
      while (i < mid) { unchecked(dst[o] = src[i]); i++; o++; }
      while (j < hi) { unchecked(dst[o] = src[j]); j++; o++; }
    }
    const tmp = src; src = dst; dst = tmp;
  }
  if (src !== order) for (let i = 0; i < n; i++) unchecked(order[i] = src[i]);
}

