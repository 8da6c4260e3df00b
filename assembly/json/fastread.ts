// The reader's fast path: one tight pass that builds exactly the tape reader.ts builds for valid JSON,
// with no error reporting at all. On anything unexpected (a syntax error, nesting at a limit, a byte
// it does not handle) it gives up and returns null without recording an error; the full reader then
// reads the input again and reports Go's error. So it may refuse valid JSON, never accept invalid JSON.
// Must equal: reader.ts readSlow's tape, node for node (kinds, flags, offsets, counts, slow numbers, depth) -
// or give up; `exact: ["fastread"]` reads every input with readSlow (test/equivalence/fastread-vs-reader.test.ts,
// readlike-vs-reader.test.ts).
//
// Strings are scanned 16 bytes at a time with wasm SIMD (assembly/bytes/simd.ts stopAtFlags, tested against its
// scalar definition): the first quote, backslash or control byte, and whether bytes >= 0x80 or `<` `>` `&` came before it.

import { stopAtFlags, sameBytesSIMD } from "../bytes/simd";
import { SCAN_HIGH, SCAN_HTML } from "../bytes/scalar";
import { Tape, K_NULL, K_FALSE, K_TRUE, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT, F_ESCAPE, F_HIGH, F_INT, F_HTML } from "./tape";

/** JSON whitespace (space, tab, LF, CR): one comparison for every other byte. */
@inline function isWs(c: u32): bool {
  return c <= 0x20 && ((<u64>0x100002600 >> <u64>c) & 1) != 0;
}

/** Scans the string content starting at j (after the opening quote); returns its kind|flags | the index of its closing quote << 32, or -1 to give up. */
@inline function fastString(src: usize, len: i32, j: i32): i64 {
  let flags = K_STRING;
  while (true) {
    // 16 bytes at a time to the first quote, backslash or control byte, noting bytes >= 0x80 and `<` `>` `&`
    const r = stopAtFlags(src, j, len);
    j = <i32>r;
    const f = <u32>(r >> 32);
    if (f & SCAN_HIGH) flags |= F_HIGH;
    if (f & SCAN_HTML) flags |= F_HTML;
    if (j >= len) return -1;
    const c = <u32>load<u8>(src + <usize>j);
    if (c == 0x22) return (<i64>j << 32) | <i64>flags;
    if (c < 0x20) return -1;
    // backslash escape
    flags |= F_ESCAPE;
    j++;
    if (j >= len) return -1;
    j = escapeEnd(src, len, j);
    if (j < 0) return -1;
  }
  return -1;
}

/**
 * Index just past the escape whose letter (the byte after the backslash) is at j: `\uXXXX` with four hex
 * digits and a byte after them, or one of `"\/bfnrt`; -1 when it is not a valid JSON escape.
 */
@inline export function escapeEnd(src: usize, len: i32, j: i32): i32 {
  const e = <u32>load<u8>(src + <usize>j);
  if (e == 0x75) {
    if (j + 4 >= len) return -1;
    for (let k = 1; k <= 4; k++) {
      const h = <u32>load<u8>(src + <usize>(j + k));
      if (!(h - 0x30 < 10 || (h | 0x20) - 0x61 < 6)) return -1;
    }
    return j + 5;
  }
  return e == 0x22 || e == 0x5c || e == 0x2f || e == 0x62 || e == 0x66 || e == 0x6e || e == 0x72 || e == 0x74 ? j + 1 : -1;
}

/**
 * The tape of `len` bytes at `src` when they are one JSON value whose nesting stays below `depthCap`
 * (Go's and the engine's limits), or null (nothing recorded) to let the full reader decide.
 * The deepest nesting of the result is the tape's `depth`; with `oneValue`, the value may be followed by other
 * bytes and the tape's `srcLen` is where it ends.
 *
 * With a reference tape `ref` (another document, typically the other side of a diff, read before), a
 * value whose bytes are the same as those of the value at the same place in `ref` (same member key or
 * array index, keys compared as raw bytes) is not scanned again: the same bytes of a complete JSON value
 * are the same valid value wherever they stand, so its nodes are copied from `ref` with offsets and
 * indexes shifted. The nesting it adds is checked against `depthCap` like any other.
 */
export function fastTape(src: usize, len: i32, depthCap: i32, ref: Tape | null = null, oneValue: bool = false, sizeHint: i32 = -1): Tape | null {
  const t = new Tape((sizeHint >= 0 ? sizeHint : len) >> 2);
  t.src = src;
  t.srcLen = len;
  let nodes = t.nodes;
  let cap = t.cap;
  let count = 0;
  let slow = 0;
  // stack of open containers: for the enclosing one, its node index, member count, reference node and cursor
  // allocated at the first container (a scalar needs none)
  let stackCap: i32 = 0;
  let stack: usize = 0;
  let depth: i32 = 0;
  let maxSeen: i32 = 0;
  let top: i32 = -1;
  let members: i32 = 0;
  let close: u32 = 0; // the byte that closes `top`
  // the reference: the node of `ref` that `top` stands for (-1: none), the end of its subtree, and a
  // cursor in it (array: the next element; object: the key after the last one matched); `cand` is
  // the reference value for the value about to be read (-1: none)
  const useRef = ref !== null;
  let rnode: i32 = -1;
  let rstop: i32 = 0;
  let rcur: i32 = 0;
  let cand: i32 = useRef ? 0 : -1;
  const ends = useRef ? new CopyStack() : null;
  let i: i32 = 0;
  while (i < len && isWs(<u32>load<u8>(src + <usize>i))) i++;
  while (true) {
    // a value starts at i (whitespace skipped)
    if (i >= len) return null;
    if (count + 1 >= cap) {
      cap <<= 1;
      nodes = heap.realloc(nodes, <usize>cap * 20);
      t.nodes = nodes;
      t.cap = cap;
    }
    const c = <u32>load<u8>(src + <usize>i);
    let copied = false;
    if (useRef) {
      if (close == 0x5d) {
        // an array element: the element of the reference array at the same index
        cand = -1;
        if (rnode >= 0 && rcur < rstop) { cand = rcur; rcur = ref!.next(rcur); }
      }
      if (cand >= 0) {
        const r = ref!;
        const rs = r.rawStart(cand);
        const n = r.rawEnd(cand) - rs;
        if (n <= len - i && sameBytesSIMD(src + <usize>i, r.src + <usize>rs, n)) {
          const m = r.next(cand) - cand;
          while (count + m + 1 >= cap) {
            cap <<= 1;
            nodes = heap.realloc(nodes, <usize>cap * 20);
            t.nodes = nodes;
            t.cap = cap;
          }
          const copiedAt = copyNodes(r, cand, m, nodes + <usize>count * 20, i - rs, count - cand, ends!);
          const sub = <i32>copiedAt;
          if (depth + sub > depthCap) return null;
          if (depth + sub > maxSeen) maxSeen = depth + sub;
          slow += <i32>(copiedAt >> 32);
          count += m;
          i += n;
          copied = true;
        }
      }
    }
    if (!copied) {
      const p = nodes + <usize>count * 20;
      if (c == 0x22) {
        const f = fastString(src, len, i + 1);
        if (f < 0) return null;
        const e = <i32>(f >> 32);
        store<i32>(p, <i32>f);
        store<i32>(p, i + 1, 4);
        store<i32>(p, e, 8);
        store<i32>(p, count + 1, 12);
        store<i32>(p, 0, 16);
        count++;
        i = e + 1;
      } else if (c == 0x7b || c == 0x5b) {
        if (depth >= depthCap) return null;
        if (depth >= maxSeen) maxSeen = depth + 1;
        store<i32>(p, c == 0x7b ? K_OBJECT : K_ARRAY);
        store<i32>(p, i, 4);
        store<i32>(p, 0, 8);
        store<i32>(p, count + 1, 12);
        store<i32>(p, 0, 16);
        if (depth >= stackCap) {
          stackCap = stackCap == 0 ? 64 : stackCap << 1;
          stack = stack == 0 ? heap.alloc(<usize>stackCap << 4) : heap.realloc(stack, <usize>stackCap << 4);
        }
        const sp = stack + (<usize>depth << 4);
        store<i32>(sp, top);
        store<i32>(sp, members, 4);
        depth++;
        top = count;
        members = 0;
        close = c + 2; // } or ]
        count++;
        i++;
        if (useRef) {
          store<i32>(sp, rnode, 8);
          store<i32>(sp, rcur, 12);
          // descend into the reference container of the same kind, if any
          rnode = cand >= 0 && ref!.kind(cand) == (c == 0x7b ? K_OBJECT : K_ARRAY) ? cand : -1;
          if (rnode >= 0) { rstop = ref!.next(rnode); rcur = rnode + 1; }
        }
        while (i < len && isWs(<u32>load<u8>(src + <usize>i))) i++;
        if (i >= len) return null;
        const d = <u32>load<u8>(src + <usize>i);
        if (d == close) {
          // empty: closed below
        } else if (c == 0x7b) {
          if (d != 0x22) return null;
          i = fastKey(src, len, i, count, nodes);
          if (i < 0) return null;
          if (useRef) cand = refMember(ref!, rnode, rstop, rcur, src, nodes + <usize>count * 20);
          if (cand >= 0) rcur = ref!.next(cand);
          count++;
          continue;
        } else {
          continue;
        }
      } else if (c - 0x30 < 10 || c == 0x2d) {
        const start = i;
        let flags = K_NUMBER | F_INT;
        if (c == 0x2d) {
          i++;
          if (i >= len) return null;
        }
        let d = <u32>load<u8>(src + <usize>i);
        if (d == 0x30) {
          i++;
        } else {
          if (d - 0x31 >= 9) return null;
          i++;
          while (i < len && <u32>load<u8>(src + <usize>i) - 0x30 < 10) i++;
        }
        if (i < len) {
          d = <u32>load<u8>(src + <usize>i);
          if (d == 0x2e) {
            flags = K_NUMBER;
            i++;
            if (i >= len || <u32>load<u8>(src + <usize>i) - 0x30 >= 10) return null;
            while (i < len && <u32>load<u8>(src + <usize>i) - 0x30 < 10) i++;
            d = i < len ? <u32>load<u8>(src + <usize>i) : 0;
          }
          if ((d | 0x20) == 0x65) {
            flags = K_NUMBER;
            i++;
            if (i >= len) return null;
            d = <u32>load<u8>(src + <usize>i);
            if (d == 0x2b || d == 0x2d) {
              i++;
              if (i >= len) return null;
              d = <u32>load<u8>(src + <usize>i);
            }
            if (d - 0x30 >= 10) return null;
            while (i < len && <u32>load<u8>(src + <usize>i) - 0x30 < 10) i++;
          }
        }
        if (flags != (K_NUMBER | F_INT) || i - start > 15) slow++;
        store<i32>(p, flags);
        store<i32>(p, start, 4);
        store<i32>(p, i, 8);
        store<i32>(p, count + 1, 12);
        store<i32>(p, 0, 16);
        count++;
      } else {
        let kind: i32;
        let n: i32;
        if (c == 0x74 && i + 4 <= len && load<u32>(src + <usize>i) == 0x65757274) { kind = K_TRUE; n = 4; }
        else if (c == 0x66 && i + 5 <= len && load<u32>(src + <usize>(i + 1)) == 0x65736c61) { kind = K_FALSE; n = 5; }
        else if (c == 0x6e && i + 4 <= len && load<u32>(src + <usize>i) == 0x6c6c756e) { kind = K_NULL; n = 4; }
        else return null;
        store<i32>(p, kind);
        store<i32>(p, i, 4);
        store<i32>(p, i + n, 8);
        store<i32>(p, count + 1, 12);
        store<i32>(p, 0, 16);
        count++;
        i += n;
      }
    }
    // after a value (or at the closing byte of an empty container)
    while (true) {
      if (depth == 0) {
        if (oneValue) t.srcLen = i;
        else {
          while (i < len && isWs(<u32>load<u8>(src + <usize>i))) i++;
          if (i != len) return null;
        }
        t.count = count;
        t.slowNumbers = slow;
        t.depth = maxSeen;
        return t;
      }
      while (i < len && isWs(<u32>load<u8>(src + <usize>i))) i++;
      if (i >= len) return null;
      const d = <u32>load<u8>(src + <usize>i);
      if (d == 0x2c) {
        members++;
        i++;
        if (close == 0x7d) {
          while (i < len && isWs(<u32>load<u8>(src + <usize>i))) i++;
          if (i >= len || load<u8>(src + <usize>i) != 0x22) return null;
          if (count + 1 >= cap) {
            cap <<= 1;
            nodes = heap.realloc(nodes, <usize>cap * 20);
            t.nodes = nodes;
            t.cap = cap;
          }
          i = fastKey(src, len, i, count, nodes);
          if (i < 0) return null;
          if (useRef) {
            cand = refMember(ref!, rnode, rstop, rcur, src, nodes + <usize>count * 20);
            if (cand >= 0) rcur = ref!.next(cand);
          }
          count++;
        } else {
          while (i < len && isWs(<u32>load<u8>(src + <usize>i))) i++;
        }
        break;
      }
      if (d != close) return null;
      // close `top`; an empty container has no members
      i++;
      const q = nodes + <usize>top * 20;
      const empty = count == top + 1;
      store<i32>(q, i, 8);
      store<i32>(q, count, 12);
      store<i32>(q, empty ? 0 : members + 1, 16);
      depth--;
      const sp = stack + (<usize>depth << 4);
      top = load<i32>(sp);
      members = load<i32>(sp, 4);
      close = top >= 0 ? (load<i32>(nodes + <usize>top * 20) == K_OBJECT ? 0x7d : 0x5d) : 0;
      if (useRef) {
        rnode = load<i32>(sp, 8);
        rcur = load<i32>(sp, 12);
        if (rnode >= 0) rstop = ref!.next(rnode);
      }
    }
  }
  return null;
}

/**
 * The value node of the member of reference object `rnode` (subtree up to `rstop`) whose key has the
 * same raw bytes as the key node just written at `kp` (source `src`), trying the key at `rcur` first
 * and then at most 64 members from the start; -1 when none.
 */
function refMember(r: Tape, rnode: i32, rstop: i32, rcur: i32, src: usize, kp: usize): i32 {
  if (rnode < 0) return -1;
  const ks = load<i32>(kp, 4);
  const kn = load<i32>(kp, 8) - ks;
  const kptr = src + <usize>ks;
  if (rcur < rstop && r.len(rcur) == kn && sameBytesSIMD(r.ptr(rcur), kptr, kn)) return rcur + 1;
  let k = rnode + 1;
  for (let m = 0; m < 64 && k < rstop; m++) {
    const v = r.next(k);
    if (r.len(k) == kn && sameBytesSIMD(r.ptr(k), kptr, kn)) return v;
    k = r.next(v);
  }
  return -1;
}

/** copyNodes' stack of the ends of the open containers (one per fastTape with a reference, in the call's arena). */
class CopyStack {
  ends: usize = heap.alloc(64 << 2);
  cap: i32 = 64;
}

/**
 * Copies the `m` nodes of `r` from `from` to `dst`, shifting source offsets by `dpos` and node indexes
 * by `didx` (`stack`: its scratch); returns the nesting depth of the copied value (0 for a scalar) | its slow numbers << 32.
 */
function copyNodes(r: Tape, from: i32, m: i32, dst: usize, dpos: i32, didx: i32, stack: CopyStack): i64 {
  let src = r.nodes + <usize>from * 20;
  const end = src + <usize>m * 20;
  let slow = 0;
  // nesting: the ends (next indexes) of the open containers, innermost last
  let depth = 0;
  let deepest = 0;
  let idx = from;
  let ends = stack.ends;
  while (src < end) {
    const f = load<i32>(src);
    const k = f & 0xff;
    const nx = load<i32>(src, 12);
    store<i32>(dst, f);
    store<i32>(dst, load<i32>(src, 4) + dpos, 4);
    store<i32>(dst, load<i32>(src, 8) + dpos, 8);
    store<i32>(dst, nx + didx, 12);
    store<i32>(dst, load<i32>(src, 16), 16);
    if (k == K_NUMBER) {
      if (!(f & F_INT) || load<i32>(src, 8) - load<i32>(src, 4) > 15) slow++;
    } else if (k >= K_ARRAY) {
      if (depth >= stack.cap) { stack.cap <<= 1; ends = stack.ends = heap.realloc(ends, <usize>stack.cap << 2); }
      store<i32>(ends + (<usize>depth << 2), nx);
      depth++;
      if (depth > deepest) deepest = depth;
    }
    idx++;
    while (depth > 0 && load<i32>(ends + (<usize>(depth - 1) << 2)) == idx) depth--;
    src += 20;
    dst += 20;
  }
  return (<i64>slow << 32) | <i64>deepest;
}

/**
 * The tape of the one JSON value whose first byte is at `src` (at most `len` bytes; whatever follows
 * it is not looked at), offsets relative to `src`, its end (offset after it) in the tape's `srcLen`; null to let the caller
 * decide (invalid, nesting at `depthCap`, or a byte the fast path does not handle). Used by the
 * lockstep diff (assembly/fast/lockstep/lockstep.ts) to read the pieces where two documents differ; `sizeHint`:
 * about how many bytes the value has (sizes the first tape allocation).
 */
export function fastValue(src: usize, len: i32, depthCap: i32, sizeHint: i32): Tape | null {
  return fastTape(src, len, depthCap, null, true, sizeHint);
}

/** Reads the key string at i (its quote) as node `at`, then the colon and whitespace; returns the value's position or -1. */
@inline function fastKey(src: usize, len: i32, i: i32, at: i32, nodes: usize): i32 {
  const f = fastString(src, len, i + 1);
  if (f < 0) return -1;
  const e = <i32>(f >> 32);
  const p = nodes + <usize>at * 20;
  store<i32>(p, <i32>f);
  store<i32>(p, i + 1, 4);
  store<i32>(p, e, 8);
  store<i32>(p, at + 1, 12);
  store<i32>(p, 0, 16);
  i = e + 1;
  if (i < len && load<u8>(src + <usize>i) == 0x3a) {
    i++;
  } else {
    while (i < len && isWs(<u32>load<u8>(src + <usize>i))) i++;
    if (i >= len || load<u8>(src + <usize>i) != 0x3a) return -1;
    i++;
  }
  while (i < len && isWs(<u32>load<u8>(src + <usize>i))) i++;
  return i;
}
