// The pieces of the lockstep walk (assembly/fast/lockstep/lockstep.ts): where the texts differ, the innermost differing
// values are read (fast reader) for appscode.ts' PieceDiff, or - a plain scalar against a plain scalar -
// compared as bytes with the operation written directly; paths of the current place; the extra elements
// of an index-wise array (arrayTail).
// Must equal (byte for byte) and give up as lockstep.ts says: appscode.ts appscodeDiff of the two texts read by
// json/reader.ts, or LOCK_FALLBACK ("cannot prove"), never a guess.

import { ByteSink } from "../../io/sink";
import { Tape, K_NULL, K_ARRAY, K_OBJECT } from "../../json/tape";
import { fastValue, fastTape } from "../../json/fastread";
import { validUTF8 } from "../../json/strings";
import { goSpecialAt } from "../../bytes/simd";
import { PieceDiff, Path, keyPath, indexPath, simpleClass, writeScalarHead, writeValueKey } from "../../upstream/jsonpatch/appscode";
import { appendEscapedKey } from "../../upstream/jsonpatch/pointer";
import { Lockstep, frame, fget, fset, SMALL, F_BAD, F_KEYS, F_KIND, F_LAST_KEY, F_COUNT, F_PATH, F_MARK, F_X_A, F_X_B, S_OPEN, S_INDEXWISE, S_SIMPLE, V_SCALAR, V_NULL, V_ARRAY, V_OBJECT } from "./state";
import { skipWs, same, runString } from "./scan";
import { keyFlags, duplicateKeys, K_BAD, K_PATH, K_PLAIN } from "./keys";
import { numbersFit } from "../../json/document";

/** Reads the values at i in A and j in B (pieces at nesting `level`) into w.ta/tb and their ends; false: fall back. */
export function readPieces(w: Lockstep, i: i32, j: i32, level: i32, hint: i32): bool {
  const cap = w.cap - level;
  if (cap <= 0) return false;
  const ta = fastValue(w.a + <usize>i, w.na - i, cap, hint);
  if (ta === null) return false;
  const ea = ta.srcLen; // where the value ends
  if (!numbersFit(ta, 0)) return false;
  // B like A: its values with A's bytes at the same place are copied from A's tape (readJSONLike's way)
  const tb = fastTape(w.b + <usize>j, w.nb - j, cap, ta, true, hint);
  if (tb === null) return false;
  const eb = tb.srcLen;
  if (!numbersFit(tb, 0)) return false;
  w.ta = ta;
  w.tb = tb;
  w.endA = i + ea;
  w.endB = j + eb;
  return true;
}

// the kinds of a plain scalar (plainScalar)
export const P_STRING: i32 = 0;
export const P_NUMBER: i32 = 1;
export const P_TRUE: i32 = 2;
export const P_FALSE: i32 = 3;
export const P_NULL: i32 = 4;

/**
 * The end of the "plain" scalar at i of [p, p+n), or -1: a string with no byte Go's encoder looks at
 * (no escape, control byte, byte >= 0x80, `<`, `>`, `&`), an integer `0` or `-?[1-9][0-9]*` of at most
 * 15 bytes (float64 holds it exactly, Go prints the same digits, equal values are equal text), or
 * true/false/null followed by no letter or digit. Its text is then its value and its Go encoding.
 */
export function plainScalar(w: Lockstep, p: usize, n: i32, i: i32): i32 {
  if (i >= n) return -1;
  const c = <u32>load<u8>(p + <usize>i);
  if (c == 0x22) {
    // to the first byte Go's encoder looks at (with HTML escaping), 16 bytes at a time: the closing quote, or not plain
    const k = goSpecialAt(p, i + 1, n, true);
    if (k >= n || load<u8>(p + <usize>k) != 0x22) return -1;
    w.plainKind = P_STRING;
    return k + 1;
  }
  let e = 0;
  if (c == 0x2d || c - 0x30 < 10) {
    let k = c == 0x2d ? i + 1 : i;
    if (k >= n) return -1;
    const d = <u32>load<u8>(p + <usize>k);
    if (d == 0x30) {
      if (k != i) return -1; // -0: equal to 0, printed otherwise
      k++;
    } else {
      if (d - 0x31 >= 9) return -1;
      k++;
      while (k < n && <u32>load<u8>(p + <usize>k) - 0x30 < 10) k++;
    }
    if (k - i > 15) return -1;
    if (k < n) {
      const x = <u32>load<u8>(p + <usize>k);
      if (x - 0x30 < 10 || x == 0x2e || (x | 0x20) == 0x65 || x == 0x2b || x == 0x2d) return -1;
    }
    w.plainKind = P_NUMBER;
    return k;
  }
  if (c == 0x74 && i + 4 <= n && load<u32>(p + <usize>i) == 0x65757274) { e = i + 4; w.plainKind = P_TRUE; }
  else if (c == 0x66 && i + 5 <= n && load<u32>(p + <usize>(i + 1)) == 0x65736c61) { e = i + 5; w.plainKind = P_FALSE; }
  else if (c == 0x6e && i + 4 <= n && load<u32>(p + <usize>i) == 0x6c6c756e) { e = i + 4; w.plainKind = P_NULL; }
  else return -1;
  if (e < n) {
    const x = <u32>load<u8>(p + <usize>e);
    if (x - 0x30 < 10 || (x | 0x20) - 0x61 < 26 || x == 0x5f) return -1;
  }
  return e;
}



/**
 * The piece at i in A and j in B (nesting `level`) when both values are plain scalars (plainScalar)
 * and every key of the path needs no more than `~`/`/` escapes (keyFlags): handleValues' operation written directly (none for
 * equal values, "add" over null, else "replace"), as PieceDiff writes it; w.endA/endB set. False:
 * not taken, nothing written (the general piece decides).
 */
export function plainPiece(w: Lockstep, i: i32, j: i32, level: i32, out: ByteSink): bool {
  if (w.cap - level <= 0) return false;
  const ea = plainScalar(w, w.a, w.na, i);
  if (ea < 0) return false;
  const ka = w.plainKind;
  const eb = plainScalar(w, w.b, w.nb, j);
  if (eb < 0) return false;
  const kb = w.plainKind;
  const n = eb - j;
  if (ka != kb || ea - i != n || !same(w.a + <usize>i, w.b + <usize>j, n)) {
    // the path: plain keys (written as they are) or keys with only `~`/`/` to escape, element indexes
    const mark = out.len;
    writeScalarHead(out, ka == P_NULL);
    const start = out.len;
    for (let k = 0; k < level; k++) {
      const f = frame(w, k);
      if (out.len == start || out.at(out.len - 1) != 0x2f) out.byte(0x2f);
      if (fget(f, F_KIND) == K_OBJECT) {
        const r = w.keys + (<usize>(fget(f, F_LAST_KEY) * 3) << 2);
        const fl = keyFlags(w, r);
        if ((fl & K_PATH) == 0) { out.truncate(mark); return false; }
        const p = w.a + <usize>load<i32>(r);
        const n = load<i32>(r, 4);
        if (fl & K_PLAIN) out.bytes(p, n);
        else appendEscapedKey(out, p, n);
      } else out.uint(<u64>fget(f, F_COUNT));
    }
    writeValueKey(out);
    out.bytes(w.b + <usize>j, n);
    out.byte(0x7d);
  }
  w.nullA = ka == P_NULL;
  w.nullB = kb == P_NULL;
  w.endA = ea;
  w.endB = eb;
  return true;
}

/** The path of the current place in frames 0..m-1 (null: a key there needs decoding; fall back). */
export function pathTo(w: Lockstep, m: i32): Path | null {
  let p: Path | null = null;
  for (let k = 0; k < m; k++) {
    const f = frame(w, k);
    const made = fget(f, F_PATH);
    if (made != 0) { p = changetype<Path>(<usize>made); continue; }
    if (fget(f, F_KIND) == K_OBJECT) {
      const r = w.keys + (<usize>(fget(f, F_LAST_KEY) * 3) << 2);
      if ((load<i32>(r, 8) & K_BAD) != 0) return null;
      p = keyPath(p, w.a + <usize>load<i32>(r), load<i32>(r, 4));
    } else {
      p = indexPath(p, fget(f, F_COUNT));
    }
    fset(f, F_PATH, <i32>changetype<usize>(p));
  }
  return p;
}

/** The finished value's kind for the checks (V_*). */
export function valueKind(t: Tape): i32 {
  const k = t.kind(0);
  return k == K_OBJECT ? V_OBJECT : k == K_ARRAY ? V_ARRAY : k == K_NULL ? V_NULL : V_SCALAR;
}

/** Moves the output bytes written since `at` (from `from` on) to `at`, before those written between. */
export function moveBefore(out: ByteSink, at: i32, from: i32): void {
  const n = out.len - from;
  if (n == 0 || from == at) return;
  const tmp = heap.alloc(<usize>n);
  memory.copy(tmp, out.ptr + <usize>from, <usize>n);
  memory.copy(out.ptr + <usize>(at + n), out.ptr + <usize>at, <usize>(from - at));
  memory.copy(out.ptr + <usize>at, tmp, <usize>n);
}

/**
 * The extra elements of an index-wise array (frame `f`, at stack index `k`) whose common elements are
 * done: at i (A) and j (B) one side has `,` and the other its close (`aEnds`: A's). Writes the adds
 * (B longer) or the removes (A longer, last index first) before the operations of the common elements,
 * as diffArrays orders them. Returns the position after A's `]` (w.jEnd: after B's), -1: fall back.
 */
export function arrayTail(w: Lockstep, f: usize, k: i32, i: i32, j: i32, aEnds: bool, piece: PieceDiff, out: ByteSink): i32 {
  const from = out.len;
  const prefix = pathTo(w, k);
  if (k > 0 && prefix === null) return -1;
  let index = fget(f, F_COUNT) + 1; // the common elements
  if (!aEnds) {
    // A longer: its extra elements are read (and checked), then removed from the last
    const first = index;
    let p = i;
    while (true) {
      p = skipWs(w.a, w.na, p + 1);
      if (p >= w.na) return -1;
      const cap = w.cap - k - 1;
      if (cap <= 0) return -1;
      const t = fastValue(w.a + <usize>p, w.na - p, cap, 64);
      if (t === null || !numbersFit(t, 0)) return -1;
      p = skipWs(w.a, w.na, p + t.srcLen);
      index++;
      if (p >= w.na) return -1;
      const c = load<u8>(w.a + <usize>p);
      if (c == 0x5d) break;
      if (c != 0x2c) return -1;
    }
    for (let x = index - 1; x >= first; x--) if (!piece.remove(out, indexPath(prefix, x))) return -1;
    w.jEnd = j + 1;
    moveBefore(out, fget(f, F_MARK), from);
    return p + 1;
  }
  // B longer: its extra elements are added, in order
  let q = j;
  while (true) {
    q = skipWs(w.b, w.nb, q + 1);
    if (q >= w.nb) return -1;
    const cap = w.cap - k - 1;
    if (cap <= 0) return -1;
    const t = fastValue(w.b + <usize>q, w.nb - q, cap, 64);
    if (t === null || !numbersFit(t, 0)) return -1;
    if (!piece.add(out, t, 0, indexPath(prefix, index))) return -1;
    q = skipWs(w.b, w.nb, q + t.srcLen);
    index++;
    if (q >= w.nb) return -1;
    const c = load<u8>(w.b + <usize>q);
    if (c == 0x5d) break;
    if (c != 0x2c) return -1;
  }
  w.jEnd = q + 1;
  moveBefore(out, fget(f, F_MARK), from);
  return i + 1;
}

/**
 * The extra members of an object (frame `f`, at stack index `k`) whose common members are done (the same
 * keys in the same order, their differences written): at i (A) and j (B) one side has `,` and the other
 * its close (`aEnds`: A's). The whole diff visits the keys of B in document order, then removes the keys
 * only in A in document order, so when no key repeats (Go keeps the last), neither side has more than
 * SMALL members and no key needs decoding, the extra members of B are added (or those of A removed)
 * after everything written for the common ones. Returns the position after A's `}` (w.jEnd: after
 * B's, w.tailContainers set); -2: nothing written, the whole object is the piece; -1: fall back.
 */
export function objectTail(w: Lockstep, f: usize, k: i32, i: i32, j: i32, aEnds: bool, piece: PieceDiff, out: ByteSink): i32 {
  if (fget(f, F_BAD) != 0) return -2;
  const src = aEnds ? w.b : w.a;
  const n = aEnds ? w.nb : w.na;
  const first = fget(f, F_KEYS);
  let count = fget(f, F_COUNT);
  // the extra members: key start, key length, value tape (3 words each)
  const extra = heap.alloc(<usize>(SMALL * 3) << 2);
  let ne = 0;
  let containers = 0;
  let p = aEnds ? j : i;
  while (true) {
    // at `,`: a member follows
    p = skipWs(src, n, p + 1);
    if (p >= n || load<u8>(src + <usize>p) != 0x22) return -1;
    const ks = p + 1;
    const ke = runString(w, src, ks, n);
    if (ke < 0) return -2; // an escape (or not JSON): the piece decides
    const kn = ke - 1 - ks;
    if (w.runHigh && !validUTF8(src + <usize>ks, kn)) return -2;
    if (++count > SMALL) return -2;
    // a key seen before (the common keys, then the extra ones) makes Go's map keep the last value
    for (let r = first; r < w.nkeys; r++) {
      const rec = w.keys + (<usize>(r * 3) << 2);
      if (load<i32>(rec, 4) == kn && same(w.a + <usize>load<i32>(rec), src + <usize>ks, kn)) return -2;
    }
    for (let e = 0; e < ne; e++) {
      const rec = extra + (<usize>(e * 3) << 2);
      if (load<i32>(rec, 4) == kn && same(src + <usize>load<i32>(rec), src + <usize>ks, kn)) return -2;
    }
    p = skipWs(src, n, ke);
    if (p >= n || load<u8>(src + <usize>p) != 0x3a) return -1;
    p = skipWs(src, n, p + 1);
    if (p >= n) return -1;
    const cap = w.cap - k - 1;
    if (cap <= 0) return -1;
    const t = fastValue(src + <usize>p, n - p, cap, 64);
    if (t === null) return -1;
    if (!numbersFit(t, 0)) return -1;
    const kind = t.kind(0);
    if (kind == K_ARRAY || kind == K_OBJECT) containers++;
    const rec = extra + (<usize>(ne * 3) << 2);
    store<i32>(rec, ks);
    store<i32>(rec, kn, 4);
    store<u32>(rec, <u32>changetype<usize>(t), 8);
    ne++;
    p = skipWs(src, n, p + t.srcLen);
    if (p >= n) return -1;
    const c = load<u8>(src + <usize>p);
    if (c == 0x7d) break;
    if (c != 0x2c) return -1;
  }
  // the common keys must not repeat either
  if (duplicateKeys(w, first, w.nkeys)) return -2;
  const prefix = pathTo(w, k);
  if (k > 0 && prefix === null) return -2;
  for (let e = 0; e < ne; e++) {
    const rec = extra + (<usize>(e * 3) << 2);
    const path = keyPath(prefix, src + <usize>load<i32>(rec), load<i32>(rec, 4));
    const ok = aEnds ? piece.add(out, changetype<Tape>(<usize>load<u32>(rec, 8)), 0, path) : piece.remove(out, path);
    if (!ok) return -1;
  }
  w.tailContainers = containers;
  if (aEnds) { w.jEnd = p + 1; return i + 1; }
  w.jEnd = j + 1;
  return p + 1;
}

/** isSimpleArray of one side from its frame state (S_*) and its extra elements' classes (simpleClass); -1: unknown. */
function sideSimple(state: i32, extras: Array<Tape> | null): i32 {
  if (state == S_SIMPLE) return 1;
  if (state == S_INDEXWISE) return 0;
  if (state != S_OPEN) return -1;
  if (extras !== null) {
    for (let x = 0, n = extras.length; x < n; x++) {
      const c = simpleClass(unchecked(extras[x]), 0);
      if (c == 1) return 0;
      if (c == 2) return 1;
    }
  }
  return 1; // scalars only
}

/**
 * The extra elements of an array (frame `f`, at stack index `k`) with nothing written below it (its common
 * elements are equal): at i (A) and j (B) one side has `,` and the other its close (`aEnds`: A's). The
 * whole diff's operations are then known without its edit script: the extra elements of A removed from
 * the last; those of B added - index-wise, each at its index in order; when isSimpleArray holds for both
 * sides (the Levenshtein script, the matrix within maxEditMatrix), all at the first extra index, the last
 * first. Returns the position after A's `]` (w.jEnd: after B's); -2: nothing written, the whole array is
 * the piece; -1: fall back.
 */
export function listTail(w: Lockstep, f: usize, k: i32, i: i32, j: i32, aEnds: bool, piece: PieceDiff, out: ByteSink): i32 {
  if (out.len != fget(f, F_MARK)) return -2;
  const src = aEnds ? w.b : w.a;
  const n = aEnds ? w.nb : w.na;
  const common = fget(f, F_COUNT) + 1;
  const extras = new Array<Tape>();
  let p = aEnds ? j : i;
  while (true) {
    p = skipWs(src, n, p + 1);
    if (p >= n) return -1;
    const cap = w.cap - k - 1;
    if (cap <= 0) return -1;
    const t = fastValue(src + <usize>p, n - p, cap, 64);
    if (t === null) return -1;
    if (!numbersFit(t, 0)) return -1;
    extras.push(t);
    p = skipWs(src, n, p + t.srcLen);
    if (p >= n) return -1;
    const c = load<u8>(src + <usize>p);
    if (c == 0x5d) break;
    if (c != 0x2c) return -1;
  }
  const sa = sideSimple(fget(f, F_X_A), aEnds ? null : extras);
  const sb = sideSimple(fget(f, F_X_B), aEnds ? extras : null);
  if (sa < 0 || sb < 0) return -2;
  const total = common + extras.length;
  const simple = sa == 1 && sb == 1;
  if (simple && <i64>(common + 1) * <i64>(total + 1) > piece.opts.maxEditMatrix) return -2;
  const prefix = pathTo(w, k);
  if (k > 0 && prefix === null) return -2;
  if (!aEnds) {
    for (let x = total - 1; x >= common; x--) if (!piece.remove(out, indexPath(prefix, x))) return -1;
    w.jEnd = j + 1;
    return p + 1;
  }
  if (simple) {
    for (let x = extras.length - 1; x >= 0; x--) if (!piece.add(out, unchecked(extras[x]), 0, indexPath(prefix, common))) return -1;
  } else {
    for (let x = 0, e = extras.length; x < e; x++) if (!piece.add(out, unchecked(extras[x]), 0, indexPath(prefix, common + x))) return -1;
  }
  w.jEnd = p + 1;
  return i + 1;
}
