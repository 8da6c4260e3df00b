// The lockstep appscode diff: CreatePatch (assembly/patch/appscode.ts) of two JSON texts without reading
// what they have in common. A realistic pair (a manifest before and after an edit) is mostly the same
// bytes, so both texts are walked together keeping only a light stack of the open containers (where
// each starts, the current key or index, a few facts for the checks below). The next byte where they
// differ is found comparing 8 bytes at a time (measureRun); up to it the walk reads the first text alone
// (fastRun: compact text, strings 8 bytes at a time), the second being the same bytes; around a
// difference both are stepped token by token. Where the texts differ, only the innermost differing
// values are read (the fast reader) and diffed (appscode.ts' own handleValues, with the path from the
// stack), then the walk resumes after both; a plain scalar against a plain scalar (strings Go prints as
// they are, short canonical integers, literals: plainPiece) is compared as bytes and its operation
// written directly, without tapes or Path objects. The first text is validated as it is walked.
//
// The answer is byte for byte the one of the whole diff (same operations, same order); anything this
// walk cannot prove sends the caller back to it (LOCK_FALLBACK), which also produces every error:
// - text that is not JSON, a top level that is not an object, numbers out of float64 range, nesting
//   or size at a limit, keys with escapes or invalid UTF-8 on a path;
// - a divergence in the member list of the top-level object;
// - any path json.Marshal refuses, any engine limit (maxEditMatrix).
// Exactness of the walk:
// - a member list that differs (a key added, removed, renamed) makes the whole object the piece;
// - an object with differences below it is checked when it closes: duplicate keys (Go keeps the last)
//   or more than 32 members (keys visited in byte order) make the whole object the piece again
//   (its operations so far are dropped);
// - an array with differences below it must be index-wise in the whole diff (isSimpleArray false for
//   either side, decided by the first non-scalar element, the first-map quirk included); otherwise
//   the whole array is the piece (at once when that is already known, else when it closes). Extra
//   elements of an index-wise array become adds or removes placed before the element diffs, as the
//   whole diff orders them;
// - whitespace between tokens may differ; equal values spelled differently (`1.0`/`1`, `"\u0041"`/`"A"`)
//   are pieces whose diff has no operations.

import { ByteSink } from "../io/sink";
import { Tape, K_NULL, K_ARRAY, K_OBJECT } from "../json/tape";
import { fastValue, fastValueEnd } from "../json/fastread";
import { validUTF8, goSpecial8 } from "../json/strings";
import { parseNumber, NumberParse } from "../json/number";
import { QuoteDel } from "../json/quote";
import { numbersFit, decodesAsMap } from "../eval/ops/patchinput";
import { readJSON, readJSONLike, ReadOptions, goDepthLimit } from "../json/reader";
import { AppscodeOptions, PieceDiff, Path, keyPath, indexPath, simpleClass, appscodeDiff, plainKey, writeScalarHead, writeValueKey } from "./appscode";
import { hasError, clearError } from "../errors";
import { appendEscapedKey } from "./pointer";

/** appscodeDiffTexts: the patch was written. */
export const LOCK_OK: i32 = 0;
/** appscodeDiffTexts: nothing written (no error left recorded); run the whole diff, which decides. */
export const LOCK_FALLBACK: i32 = 1;

/** Largest object whose keys the whole diff visits in document order. */
const SMALL: i32 = 32;

// the kinds of a finished value, as the checks need them
const V_SCALAR: i32 = 0;
const V_NULL: i32 = 1;
const V_ARRAY: i32 = 2;
const V_OBJECT: i32 = 3;
// isSimpleArray state of one side of an array: undecided (scalars so far), not simple, simple, unknown
const S_OPEN: i32 = 0;
const S_INDEXWISE: i32 = 1;
const S_SIMPLE: i32 = 2;
const S_UNKNOWN: i32 = 3;

// a frame (an open container) is 10 i32 words
const FW: i32 = 11;
const F_KIND = 0;
const F_START_A = 1;
const F_START_B = 2;
const F_MARK = 3; // output length when it opened
const F_COUNT = 4; // object: keys seen; array: index of the current element
const F_KEYS = 5; // its first key record
const F_LAST_KEY = 6; // object: the current member's key record
const F_X_A = 7; // object: members whose value is a container (side A); array: isSimpleArray state of A
const F_X_B = 8; // the same for side B
const F_BAD = 9; // object: a key with an escape or invalid UTF-8
const F_PATH = 10; // the Path of its current member or element (0: not made yet)

const ONES: u64 = 0x0101010101010101;
const HIGHS: u64 = 0x8080808080808080;

/** The walk's state (one call at a time; the buffers live in the call's arena). */
class Walk {
  static a: usize = 0;
  static na: i32 = 0;
  static b: usize = 0;
  static nb: i32 = 0;
  static frames: usize = 0;
  static framesCap: i32 = 0;
  static depth: i32 = 0;
  static keys: usize = 0;
  static keysCap: i32 = 0;
  static nkeys: i32 = 0;
  static cap: i32 = 0;
  /** After lockString: the position after the closing quote in B, and whether the string has an escape or a byte >= 0x80. */
  static jEnd: i32 = 0;
  /** A known run of equal bytes: A[k] == B[k + d] for every k < m (from where it was measured). */
  static d: i32 = 0;
  static m: i32 = 0;
  static escaped: bool = false;
  static high: bool = false;
  /** The last piece read: its tapes and ends. */
  static ta: Tape | null = null;
  static tb: Tape | null = null;
  static endA: i32 = 0;
  static endB: i32 = 0;
  /** Where the last failed skipSame stopped (no new attempt starts before it). */
  static skipFail: i32 = 0;
}

@inline function zeroByte(x: u64): u64 { return (x - ONES) & ~x & HIGHS; }

/** Quote, backslash, control bytes (the lowest set bit marks the first exactly). */
@inline function stops(x: u64): u64 {
  return zeroByte(x ^ 0x2222222222222222) | zeroByte(x ^ 0x5c5c5c5c5c5c5c5c) | ((x - 0x2020202020202020) & ~x & HIGHS);
}

@inline function isWs(c: u32): bool { return c <= 0x20 && ((<u64>0x100002600 >> <u64>c) & 1) != 0; }

@inline function skipWs(p: usize, n: i32, i: i32): i32 {
  while (i < n && isWs(<u32>load<u8>(p + <usize>i))) i++;
  return i;
}

@inline function frame(k: i32): usize { return Walk.frames + (<usize>(k * FW) << 2); }
@inline function fget(f: usize, w: i32): i32 { return load<i32>(f + (<usize>w << 2)); }
@inline function fset(f: usize, w: i32, v: i32): void { store<i32>(f + (<usize>w << 2), v); }

/**
 * Both strings from after their opening quotes (i in A, j in B): the position after A's closing quote
 * when the strings are the same bytes (Walk.jEnd: B's), -1 when they differ, -2 when A's is not valid.
 */
@inline function lockString(i: i32, j: i32): i32 {
  const a = Walk.a;
  const b = Walk.b;
  const na = Walk.na;
  const nb = Walk.nb;
  let acc: u64 = 0;
  let esc = false;
  // inside a known run of equal bytes only A is scanned
  if (j - i != Walk.d || i >= Walk.m) measureRun(i, j);
  const m = Walk.m - 8;
  const d = j - i;
  while (i <= m) {
    const x = load<u64>(a + <usize>i);
    const s = stops(x);
    if (s == 0) { acc |= x; i += 8; continue; }
    const bs = <i32>ctz(s) >> 3;
    if (bs > 0) acc |= x & ((<u64>1 << <u64>(bs << 3)) - 1);
    i += bs;
    if (<u32>load<u8>(a + <usize>i) == 0x22) {
      Walk.jEnd = i + d + 1;
      Walk.escaped = false;
      Walk.high = (acc & HIGHS) != 0;
      return i + 1;
    }
    break;
  }
  j = i + d;
  while (true) {
    while (i + 8 <= na && j + 8 <= nb) {
      const x = load<u64>(a + <usize>i);
      const y = load<u64>(b + <usize>j);
      const s = stops(x);
      const d = x ^ y;
      if ((s | d) == 0) {
        acc |= x;
        i += 8;
        j += 8;
        continue;
      }
      const bs = s != 0 ? <i32>ctz(s) >> 3 : 8;
      const bd = d != 0 ? <i32>ctz(d) >> 3 : 8;
      if (bd <= bs) return -1;
      if (bs > 0) acc |= x & ((<u64>1 << <u64>(bs << 3)) - 1);
      i += bs;
      j += bs;
      if (<u32>load<u8>(a + <usize>i) == 0x22) {
        Walk.jEnd = j + 1;
        Walk.escaped = esc;
        Walk.high = (acc & HIGHS) != 0;
        return i + 1;
      }
      break;
    }
    // one byte at a time (a stop byte, or the last bytes of a text)
    if (i >= na) return -2;
    if (j >= nb) return -1;
    const c = <u32>load<u8>(a + <usize>i);
    if (c != <u32>load<u8>(b + <usize>j)) return -1;
    if (c == 0x22) {
      Walk.jEnd = j + 1;
      Walk.escaped = esc;
      Walk.high = (acc & HIGHS) != 0;
      return i + 1;
    }
    if (c == 0x5c) {
      esc = true;
      if (i + 1 >= na) return -2;
      const e = <u32>load<u8>(a + <usize>(i + 1));
      if (j + 1 >= nb || <u32>load<u8>(b + <usize>(j + 1)) != e) return -1;
      if (e == 0x75) {
        if (i + 6 > na) return -2;
        for (let k = 2; k < 6; k++) {
          const h = <u32>load<u8>(a + <usize>(i + k));
          if (!(h - 0x30 < 10 || (h | 0x20) - 0x61 < 6)) return -2;
          if (j + k >= nb || <u32>load<u8>(b + <usize>(j + k)) != h) return -1;
        }
        i += 6;
        j += 6;
      } else if (e == 0x22 || e == 0x5c || e == 0x2f || e == 0x62 || e == 0x66 || e == 0x6e || e == 0x72 || e == 0x74) {
        i += 2;
        j += 2;
      } else return -2;
      continue;
    }
    if (c < 0x20) return -2;
    acc |= <u64>c;
    i++;
    j++;
  }
  return -2;
}

/** Measures the run of equal bytes from i in A and j in B (Walk.d, Walk.m). */
function measureRun(i: i32, j: i32): void {
  const a = Walk.a + <usize>i;
  const b = Walk.b + <usize>j;
  const na = Walk.na - i;
  const nb = Walk.nb - j;
  const n = na < nb ? na : nb;
  let k = 0;
  while (k + 8 <= n) {
    const x = load<u64>(a + <usize>k) ^ load<u64>(b + <usize>k);
    if (x != 0) { k += <i32>ctz(x) >> 3; break; }
    k += 8;
  }
  if (k + 8 > n) while (k < n && load<u8>(a + <usize>k) == load<u8>(b + <usize>k)) k++;
  Walk.d = j - i;
  Walk.m = i + k;
}

/** Set by scanNumber: the number needs a float64 range check (exponent or very long). */
let numberLong = false;

/** The end of the number starting at i in A, or -1 when it is not valid JSON there. */
function scanNumber(i: i32): i32 {
  const a = Walk.a;
  const n = Walk.na;
  const start = i;
  let exp = false;
  if (load<u8>(a + <usize>i) == 0x2d) { i++; if (i >= n) return -1; }
  let d = <u32>load<u8>(a + <usize>i);
  if (d == 0x30) i++;
  else {
    if (d - 0x31 >= 9) return -1;
    i++;
    while (i < n && <u32>load<u8>(a + <usize>i) - 0x30 < 10) i++;
  }
  if (i < n) {
    d = <u32>load<u8>(a + <usize>i);
    if (d == 0x2e) {
      i++;
      if (i >= n || <u32>load<u8>(a + <usize>i) - 0x30 >= 10) return -1;
      while (i < n && <u32>load<u8>(a + <usize>i) - 0x30 < 10) i++;
      d = i < n ? <u32>load<u8>(a + <usize>i) : 0;
    }
    if ((d | 0x20) == 0x65) {
      exp = true;
      i++;
      if (i >= n) return -1;
      d = <u32>load<u8>(a + <usize>i);
      if (d == 0x2b || d == 0x2d) { i++; if (i >= n) return -1; d = <u32>load<u8>(a + <usize>i); }
      if (d - 0x30 >= 10) return -1;
      while (i < n && <u32>load<u8>(a + <usize>i) - 0x30 < 10) i++;
    }
  }
  numberLong = exp || i - start > 300;
  return i;
}

/** True when `n` bytes at `p` and `q` are equal. */
@inline function same(p: usize, q: usize, n: i32): bool {
  let k = 0;
  while (k + 8 <= n) {
    if (load<u64>(p + <usize>k) != load<u64>(q + <usize>k)) return false;
    k += 8;
  }
  while (k < n) {
    if (load<u8>(p + <usize>k) != load<u8>(q + <usize>k)) return false;
    k++;
  }
  return true;
}

/** Reads the values at i in A and j in B (pieces at nesting `level`) into Walk.ta/tb and their ends; false: fall back. */
function readPieces(i: i32, j: i32, level: i32, hint: i32): bool {
  const cap = Walk.cap - level;
  if (cap <= 0) return false;
  const ta = fastValue(Walk.a + <usize>i, Walk.na - i, cap, hint);
  if (ta === null) return false;
  const ea = fastValueEnd;
  ta.srcLen = ea;
  if (!numbersFit(ta, 0)) return false;
  const tb = fastValue(Walk.b + <usize>j, Walk.nb - j, cap, hint);
  if (tb === null) return false;
  const eb = fastValueEnd;
  tb.srcLen = eb;
  if (!numbersFit(tb, 0)) return false;
  Walk.ta = ta;
  Walk.tb = tb;
  Walk.endA = i + ea;
  Walk.endB = j + eb;
  return true;
}

// the kinds of a plain scalar (plainScalar)
const P_STRING: i32 = 0;
const P_NUMBER: i32 = 1;
const P_TRUE: i32 = 2;
const P_FALSE: i32 = 3;
const P_NULL: i32 = 4;
/** Set by plainScalar: the kind (P_*) of the value read. */
let plainKind = 0;

/**
 * The end of the "plain" scalar at i of [p, p+n), or -1: a string with no byte Go's encoder looks at
 * (no escape, control byte, byte >= 0x80, `<`, `>`, `&`), an integer `0` or `-?[1-9][0-9]*` of at most
 * 15 bytes (float64 holds it exactly, Go prints the same digits, equal values are equal text), or
 * true/false/null followed by no letter or digit. Its text is then its value and its Go encoding.
 */
function plainScalar(p: usize, n: i32, i: i32): i32 {
  if (i >= n) return -1;
  const c = <u32>load<u8>(p + <usize>i);
  if (c == 0x22) {
    let k = i + 1;
    while (k + 8 <= n) {
      const m = goSpecial8(load<u64>(p + <usize>k));
      if (m == 0) { k += 8; continue; }
      k += <i32>ctz(m) >> 3;
      if (load<u8>(p + <usize>k) != 0x22) return -1;
      plainKind = P_STRING;
      return k + 1;
    }
    while (k < n) {
      const d = <u32>load<u8>(p + <usize>k);
      if (d == 0x22) { plainKind = P_STRING; return k + 1; }
      if (d < 0x20 || d >= 0x80 || d == 0x5c || d == 0x3c || d == 0x3e || d == 0x26) return -1;
      k++;
    }
    return -1;
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
    plainKind = P_NUMBER;
    return k;
  }
  if (c == 0x74 && i + 4 <= n && load<u32>(p + <usize>i) == 0x65757274) { e = i + 4; plainKind = P_TRUE; }
  else if (c == 0x66 && i + 5 <= n && load<u32>(p + <usize>(i + 1)) == 0x65736c61) { e = i + 5; plainKind = P_FALSE; }
  else if (c == 0x6e && i + 4 <= n && load<u32>(p + <usize>i) == 0x6c6c756e) { e = i + 4; plainKind = P_NULL; }
  else return -1;
  if (e < n) {
    const x = <u32>load<u8>(p + <usize>e);
    if (x - 0x30 < 10 || (x | 0x20) - 0x61 < 26 || x == 0x5f) return -1;
  }
  return e;
}

/** True when a key (no escapes, valid UTF-8) goes into a written path with nothing for json.Marshal to change: plain, or only `~` and `/` to escape (Path's needs 0). */
function pathKey(p: usize, n: i32): bool {
  if (plainKey(p, n)) return true;
  for (let k = 0; k < n; k++) {
    const c = <u32>load<u8>(p + <usize>k);
    if (c < 0x20 || c == 0x22 || c == 0x5c || c == 0x3c || c == 0x3e || c == 0x26 || c == 0xe2) return false;
  }
  return true;
}

/** Set by plainPiece: whether A's and B's values are null. */
let plainNullA = false;
let plainNullB = false;

/**
 * The piece at i in A and j in B (nesting `level`) when both values are plain scalars (plainScalar)
 * and every key of the path needs no more than `~`/`/` escapes (pathKey): handleValues' operation written directly (none for
 * equal values, "add" over null, else "replace"), as PieceDiff writes it; Walk.endA/endB set. False:
 * not taken, nothing written (the general piece decides).
 */
function plainPiece(i: i32, j: i32, level: i32, out: ByteSink): bool {
  if (Walk.cap - level <= 0) return false;
  const ea = plainScalar(Walk.a, Walk.na, i);
  if (ea < 0) return false;
  const ka = plainKind;
  const eb = plainScalar(Walk.b, Walk.nb, j);
  if (eb < 0) return false;
  const kb = plainKind;
  const n = eb - j;
  if (ka != kb || ea - i != n || !same(Walk.a + <usize>i, Walk.b + <usize>j, n)) {
    // the path: plain keys only (written as they are), element indexes
    for (let k = 0; k < level; k++) {
      const f = frame(k);
      if (fget(f, F_KIND) == K_OBJECT) {
        const r = Walk.keys + (<usize>(fget(f, F_LAST_KEY) * 3) << 2);
        if (load<i32>(r, 8) != 0 || !pathKey(Walk.a + <usize>load<i32>(r), load<i32>(r, 4))) return false;
      }
    }
    writeScalarHead(out, ka == P_NULL);
    const start = out.len;
    for (let k = 0; k < level; k++) {
      const f = frame(k);
      if (out.len == start || out.at(out.len - 1) != 0x2f) out.byte(0x2f);
      if (fget(f, F_KIND) == K_OBJECT) {
        const r = Walk.keys + (<usize>(fget(f, F_LAST_KEY) * 3) << 2);
        const p = Walk.a + <usize>load<i32>(r);
        const n = load<i32>(r, 4);
        if (plainKey(p, n)) out.bytes(p, n);
        else appendEscapedKey(out, p, n);
      } else out.uint(<u64>fget(f, F_COUNT));
    }
    writeValueKey(out);
    out.bytes(Walk.b + <usize>j, n);
    out.byte(0x7d);
  }
  plainNullA = ka == P_NULL;
  plainNullB = kb == P_NULL;
  Walk.endA = ea;
  Walk.endB = eb;
  return true;
}

/** The path of the current place in frames 0..m-1 (null: a key there needs decoding; fall back). */
function pathTo(m: i32): Path | null {
  let p: Path | null = null;
  for (let k = 0; k < m; k++) {
    const f = frame(k);
    const made = fget(f, F_PATH);
    if (made != 0) { p = changetype<Path>(<usize>made); continue; }
    if (fget(f, F_KIND) == K_OBJECT) {
      const r = Walk.keys + (<usize>(fget(f, F_LAST_KEY) * 3) << 2);
      if (load<i32>(r, 8) != 0) return null;
      p = keyPath(p, Walk.a + <usize>load<i32>(r), load<i32>(r, 4));
    } else {
      p = indexPath(p, fget(f, F_COUNT));
    }
    fset(f, F_PATH, <i32>changetype<usize>(p));
  }
  return p;
}

/** The finished value's kind for the checks (V_*). */
function valueKind(t: Tape): i32 {
  const k = t.kind(0);
  return k == K_OBJECT ? V_OBJECT : k == K_ARRAY ? V_ARRAY : k == K_NULL ? V_NULL : V_SCALAR;
}

/** True when two keys of the object whose key records are [from, to) may be the same decoded key (any escape or invalid UTF-8 counts). */
function duplicateKeys(from: i32, to: i32): bool {
  let sig: u64 = 0;
  let clash = false;
  const a = Walk.a;
  for (let k = from; k < to; k++) {
    const r = Walk.keys + (<usize>(k * 3) << 2);
    const p = a + <usize>load<i32>(r);
    const n = load<i32>(r, 4);
    const bit = <u64>1 << <u64>((<u32>n * 7 + (n > 0 ? <u32>load<u8>(p) * 3 + <u32>load<u8>(p + <usize>(n - 1)) : 0)) & 63);
    if (sig & bit) clash = true;
    sig |= bit;
  }
  if (!clash) return false;
  for (let k = from; k < to; k++) {
    const r = Walk.keys + (<usize>(k * 3) << 2);
    const n = load<i32>(r, 4);
    for (let q = k + 1; q < to; q++) {
      const s = Walk.keys + (<usize>(q * 3) << 2);
      if (load<i32>(s, 4) == n && same(a + <usize>load<i32>(r), a + <usize>load<i32>(s), n)) return true;
    }
  }
  return false;
}

/** Moves the output bytes written since `at` (from `from` on) to `at`, before those written between. */
function moveBefore(out: ByteSink, at: i32, from: i32): void {
  const n = out.len - from;
  if (n == 0 || from == at) return;
  const tmp = heap.alloc(<usize>n);
  memory.copy(tmp, out.ptr + <usize>from, <usize>n);
  memory.copy(out.ptr + <usize>(at + n), out.ptr + <usize>at, <usize>(from - at));
  memory.copy(out.ptr + <usize>at, tmp, <usize>n);
}

/**
 * CreatePatch of appscode/jsonpatch v1.0.1 for the texts [pA, pA+nA) (from) and [pB, pB+nB) (to), as
 * json.Marshal writes the operations (assembly/patch/appscode.ts, same bytes), appended to `out`:
 * LOCK_OK; or LOCK_FALLBACK with nothing appended and no error recorded, when the whole diff must
 * decide (errors, and what the walk does not prove). `depthCap`: the reader's nesting cap (Go's limit
 * and the engine's maxDepth, as readJSON applies them); `maxBytes`: the engine's size limit.
 * Must be called with no error recorded.
 */
export function appscodeDiffTexts(pA: usize, nA: i32, pB: usize, nB: i32, opts: AppscodeOptions, depthCap: i32, maxBytes: i32, out: ByteSink): i32 {
  const base = out.len;
  if (nA <= 0 || nB <= 0 || nA > maxBytes || nB > maxBytes || depthCap < 1) return LOCK_FALLBACK;
  QuoteDel.legacy = opts.goMinor < 15; // as readJSON sets it for the values written
  if (walk(pA, nA, pB, nB, opts, depthCap, out)) {
    if (out.len == base) { out.byte(0x5b); out.byte(0x5d); }
    else { store<u8>(out.ptr + <usize>base, 0x5b); out.byte(0x5d); }
    return LOCK_OK;
  }
  out.truncate(base);
  if (hasError()) clearError();
  return LOCK_FALLBACK;
}

/** appscodeDiffBytes: the patch was written. */
export const DIFF_OK: i32 = 0;
/** appscodeDiffBytes: CreatePatch fails on the first document (not JSON, not an object or null, a number out of range; or an engine limit). */
export const DIFF_BAD_FROM: i32 = 1;
/** appscodeDiffBytes: CreatePatch fails on the second document. */
export const DIFF_BAD_TO: i32 = 2;
/** appscodeDiffBytes: the diff itself failed (E_PATCH_LIMIT, E_PATCH_MARSHAL recorded). */
export const DIFF_ERROR: i32 = 3;

/**
 * CreatePatch(from, to) of two texts, whatever they hold, for reuse (Kruise's revision diffs): the
 * lockstep walk, else the whole diff (both read, `invalid JSON Document` cases told apart). Appends the
 * patch to `out` on DIFF_OK; otherwise an error may be recorded (the reader's, or the diff's).
 */
export function appscodeDiffBytes(pA: usize, nA: i32, pB: usize, nB: i32, opts: AppscodeOptions, ro: ReadOptions, out: ByteSink): i32 {
  const goLimit = goDepthLimit(ro.goMinor);
  const cap = goLimit > 0 && goLimit < ro.maxDepth ? goLimit : ro.maxDepth;
  if (!hasError() && appscodeDiffTexts(pA, nA, pB, nB, opts, cap, ro.maxBytes, out) == LOCK_OK) return DIFF_OK;
  const ta = readJSON(pA, nA, ro);
  if (ta === null || !decodesAsMap(ta, 0)) return DIFF_BAD_FROM;
  const tb = readJSONLike(pB, nB, ro, ta);
  if (tb === null || !decodesAsMap(tb, 0)) return DIFF_BAD_TO;
  return appscodeDiff(ta, 0, tb, 0, opts, out) ? DIFF_OK : DIFF_ERROR;
}

/** The walk; false: fall back. */
function walk(pA: usize, nA: i32, pB: usize, nB: i32, opts: AppscodeOptions, depthCap: i32, out: ByteSink): bool {
  Walk.a = pA;
  Walk.na = nA;
  Walk.b = pB;
  Walk.nb = nB;
  Walk.cap = depthCap;
  Walk.framesCap = 64;
  Walk.frames = heap.alloc(<usize>(64 * FW) << 2);
  Walk.keysCap = 256;
  Walk.keys = heap.alloc(<usize>(256 * 3) << 2);
  Walk.nkeys = 0;
  Walk.skipFail = 0;
  Walk.d = -1 - nA; // no run measured yet
  Walk.m = 0;
  const piece = new PieceDiff(opts);
  let i = skipWs(pA, nA, 0);
  let j = skipWs(pB, nB, 0);
  if (i >= nA || j >= nB || load<u8>(pA + <usize>i) != 0x7b || load<u8>(pB + <usize>j) != 0x7b) return false;
  let depth = 0;
  // the finished value's kinds (V_*) and, for objects, isSimpleArray's verdict on them (S_*), per side
  let vkA = 0, vkB = 0, vsA = 0, vsB = 0;
  // 0: at a value (whitespace skipped); 1: after a value; 2: a piece at frame `unit`; 3: a piece at the value;
  // 4: at a key of frame depth-1; 5: after a value whose facts are applied
  let state = 0;
  let unit = 0;
  while (true) {
    if ((state == 0 || (state == 1 && vkA == vkB && vsA == vsB)) && j - i == Walk.d && i < Walk.m) {
      // inside a known run of equal bytes, compact text: the same steps on A alone (B is the same bytes)
      const r = fastRun(i, depth, state, vkA, vsA, out);
      i = Run.i;
      j = i + Walk.d;
      depth = Run.depth;
      if (r < 0) return false;
      state = r;
      vkA = vkB = Run.vk;
      vsA = vsB = Run.vs;
    }
    if (state == 4) {
      // a key at i/j of frame depth-1
      const r = readKey(i, j, depth - 1);
      if (r == -2) return false;
      if (r == -1) { unit = depth - 1; state = 2; continue; }
      i = r;
      j = Walk.jEnd;
      state = 0;
      continue;
    }
    if (state == 0) {
      // a value starts at i in A and j in B
      if (i >= nA) return false;
      if (j >= nB) { state = 3; continue; }
      const c = <u32>load<u8>(pA + <usize>i);
      if (c != <u32>load<u8>(pB + <usize>j)) { state = 3; continue; }
      if (c == 0x22) {
        const e = lockString(i + 1, j + 1);
        if (e == -2) return false;
        if (e == -1) { state = 3; continue; }
        i = e;
        j = Walk.jEnd;
        vkA = vkB = V_SCALAR;
        state = 1;
        continue;
      }
      if (c == 0x7b || c == 0x5b) {
        if (depth >= depthCap) return false;
        if (depth >= Walk.framesCap) {
          Walk.framesCap <<= 1;
          Walk.frames = heap.realloc(Walk.frames, <usize>(Walk.framesCap * FW) << 2);
        }
        const f = frame(depth);
        fset(f, F_KIND, c == 0x7b ? K_OBJECT : K_ARRAY);
        fset(f, F_START_A, i);
        fset(f, F_START_B, j);
        fset(f, F_MARK, out.len);
        fset(f, F_COUNT, 0);
        fset(f, F_KEYS, Walk.nkeys);
        fset(f, F_LAST_KEY, -1);
        fset(f, F_X_A, 0);
        fset(f, F_X_B, 0);
        fset(f, F_BAD, 0);
        fset(f, F_PATH, 0);
        depth++;
        i = skipWs(pA, nA, i + 1);
        j = skipWs(pB, nB, j + 1);
        if (i >= nA) return false;
        const close = c + 2;
        const ca = <u32>load<u8>(pA + <usize>i);
        const cb = j < nB ? <u32>load<u8>(pB + <usize>j) : 0;
        if (ca == close || cb == close) {
          if (ca != cb) { unit = depth - 1; state = 2; continue; }
          // both empty: closed below (nothing under it)
          i++;
          j++;
          depth--;
          vkA = vkB = c == 0x7b ? V_OBJECT : V_ARRAY;
          vsA = vsB = S_SIMPLE;
          state = 1;
          continue;
        }
        if (c == 0x5b) continue; // the first element
        // the first key
        const r = readKey(i, j, depth - 1);
        if (r == -2) return false;
        if (r == -1) { unit = depth - 1; state = 2; continue; }
        i = r;
        j = Walk.jEnd;
        continue;
      }
      if (c - 0x30 < 10 || c == 0x2d) {
        const e = scanNumber(i);
        if (e < 0) return false;
        const n = e - i;
        if (j + n > nB || !same(pA + <usize>i, pB + <usize>j, n)) { state = 3; continue; }
        if (j + n < nB) {
          const d = <u32>load<u8>(pB + <usize>(j + n));
          if (d - 0x30 < 10 || d == 0x2e || (d | 0x20) == 0x65 || d == 0x2b || d == 0x2d) { state = 3; continue; }
        }
        if (numberLong) {
          parseNumber(pA + <usize>i, n);
          if (NumberParse.rangeError) return false;
        }
        i = e;
        j += n;
        vkA = vkB = V_SCALAR;
        state = 1;
        continue;
      }
      let n = 0;
      if (c == 0x74 && i + 4 <= nA && load<u32>(pA + <usize>i) == 0x65757274) n = 4;
      else if (c == 0x66 && i + 5 <= nA && load<u32>(pA + <usize>(i + 1)) == 0x65736c61) n = 5;
      else if (c == 0x6e && i + 4 <= nA && load<u32>(pA + <usize>i) == 0x6c6c756e) n = 4;
      else return false;
      if (j + n > nB || !same(pA + <usize>i, pB + <usize>j, n)) { state = 3; continue; }
      i += n;
      j += n;
      vkA = vkB = c == 0x6e ? V_NULL : V_SCALAR;
      state = 1;
      continue;
    }
    if (state == 1) {
      // a value of frame depth-1 is finished: its facts, then `,` or the close in both
      if (depth == 0) {
        // the top-level object is closed
        i = skipWs(pA, nA, i);
        j = skipWs(pB, nB, j);
        return i == nA && j == nB;
      }
      applyFacts(frame(depth - 1), vkA, vkB, vsA, vsB);
      state = 5;
    }
    if (state == 5) {
      // `,` or the close of frame depth-1 (the finished value's facts applied)
      const f = frame(depth - 1);
      const kind = fget(f, F_KIND);
      i = skipWs(pA, nA, i);
      j = skipWs(pB, nB, j);
      if (i >= nA) return false;
      const close: u32 = kind == K_OBJECT ? 0x7d : 0x5d;
      const ca = <u32>load<u8>(pA + <usize>i);
      if (ca != 0x2c && ca != close) return false;
      const cb = j < nB ? <u32>load<u8>(pB + <usize>j) : 0;
      if (ca != cb) {
        if (kind == K_ARRAY && (cb == 0x2c || cb == close) && (fget(f, F_X_A) == S_INDEXWISE || fget(f, F_X_B) == S_INDEXWISE)) {
          // an index-wise array of another length: the extra elements, then both close
          const r = arrayTail(f, depth - 1, i, j, ca == close, piece, out);
          if (r < 0) return false;
          i = r;
          j = Walk.jEnd;
          // the array is closed: it has differences and is index-wise, nothing to check
          Walk.nkeys = fget(f, F_KEYS);
          depth--;
          vkA = vkB = V_ARRAY;
          state = 1;
          continue;
        }
        unit = depth - 1;
        state = 2;
        continue;
      }
      i++;
      j++;
      if (ca == 0x2c) {
        i = skipWs(pA, nA, i);
        j = skipWs(pB, nB, j);
        if (kind == K_ARRAY) {
          fset(f, F_COUNT, fget(f, F_COUNT) + 1);
          fset(f, F_PATH, 0);
          state = 0;
          continue;
        }
        const r = readKey(i, j, depth - 1);
        if (r == -2) return false;
        if (r == -1) { unit = depth - 1; state = 2; continue; }
        i = r;
        j = Walk.jEnd;
        state = 0;
        continue;
      }
      // the close of frame depth-1
      const dirty = out.len > fget(f, F_MARK);
      const parentArray = depth >= 2 && fget(frame(depth - 2), F_KIND) == K_ARRAY;
      if (kind == K_OBJECT) {
        const xa = fget(f, F_X_A);
        const xb = fget(f, F_X_B);
        const count = fget(f, F_COUNT);
        // the facts below need the keys only when there are differences below, or for isSimpleArray
        const needKeys = dirty || (parentArray && (xa | xb) != 0 &&
          (fget(frame(depth - 2), F_X_A) == S_OPEN || fget(frame(depth - 2), F_X_B) == S_OPEN));
        let dup = false;
        if (needKeys) dup = fget(f, F_BAD) != 0 || count > SMALL || duplicateKeys(fget(f, F_KEYS), Walk.nkeys);
        if (dirty && dup) {
          // the whole object decides (duplicate keys, or keys in byte order)
          if (depth == 1) return false;
          unit = depth - 1;
          state = 2;
          continue;
        }
        vkA = vkB = V_OBJECT;
        vsA = dup ? S_UNKNOWN : xa > 0 ? S_INDEXWISE : S_SIMPLE;
        vsB = dup ? S_UNKNOWN : xb > 0 ? S_INDEXWISE : S_SIMPLE;
      } else {
        if (dirty && fget(f, F_X_A) != S_INDEXWISE && fget(f, F_X_B) != S_INDEXWISE) {
          // not index-wise: the whole array decides (Levenshtein)
          unit = depth - 1;
          state = 2;
          continue;
        }
        vkA = vkB = V_ARRAY;
      }
      Walk.nkeys = fget(f, F_KEYS);
      depth--;
      state = 1;
      continue;
    }
    // a piece: the whole container of frame `unit` (state 2) or the value at i/j (state 3)
    let level = state == 2 ? unit : depth;
    // an enclosing array that cannot be index-wise makes the whole array the piece (the outermost one)
    for (let k = 1; k < level; k++) {
      const g = frame(k);
      if (fget(g, F_KIND) == K_ARRAY && fget(g, F_X_A) >= S_SIMPLE && fget(g, F_X_B) >= S_SIMPLE) { level = k; state = 2; break; }
    }
    if (state == 2) {
      if (level == 0) return false;
      const g = frame(level);
      out.truncate(fget(g, F_MARK));
      Walk.nkeys = fget(g, F_KEYS);
      i = fget(g, F_START_A);
      j = fget(g, F_START_B);
    }
    if (state == 3 && plainPiece(i, j, level, out)) {
      // a plain scalar vs a plain scalar: no tapes, no Path objects
      i = Walk.endA;
      j = Walk.endB;
      measureRun(i, j);
      vkA = plainNullA ? V_NULL : V_SCALAR;
      vkB = plainNullB ? V_NULL : V_SCALAR;
      state = 1;
      continue;
    }
    const parentArray = fget(frame(level - 1), F_KIND) == K_ARRAY;
    if (!readPieces(i, j, level, state == 2 ? 1024 : 64)) return false;
    const path = pathTo(level);
    if (level > 0 && path === null) return false;
    const ta = Walk.ta!;
    const tb = Walk.tb!;
    if (!piece.run(ta, 0, tb, 0, path, out)) return false;
    i = Walk.endA;
    j = Walk.endB;
    measureRun(i, j);
    depth = level;
    vkA = valueKind(ta);
    vkB = valueKind(tb);
    if (parentArray) {
      const g = frame(level - 1);
      if (vkA == V_OBJECT && fget(g, F_X_A) == S_OPEN) vsA = simpleClass(ta, 0);
      if (vkB == V_OBJECT && fget(g, F_X_B) == S_OPEN) vsB = simpleClass(tb, 0);
    }
    state = 1;
  }
  return false;
}

/** Records a finished value's kinds (V_*) and isSimpleArray verdicts (S_*) in its container's frame. */
@inline function applyFacts(f: usize, vkA: i32, vkB: i32, vsA: i32, vsB: i32): void {
  if (fget(f, F_KIND) == K_OBJECT) {
    if (vkA >= V_ARRAY) fset(f, F_X_A, fget(f, F_X_A) + 1);
    if (vkB >= V_ARRAY) fset(f, F_X_B, fget(f, F_X_B) + 1);
  } else {
    if (fget(f, F_X_A) == S_OPEN && vkA != V_SCALAR) fset(f, F_X_A, vkA == V_OBJECT ? vsA : S_INDEXWISE);
    if (fget(f, F_X_B) == S_OPEN && vkB != V_SCALAR) fset(f, F_X_B, vkB == V_OBJECT ? vsB : S_INDEXWISE);
  }
}

/** Where fastRun stopped: A's position, the nesting, the last finished value's kind and verdict. */
class Run {
  static i: i32 = 0;
  static depth: i32 = 0;
  static vk: i32 = 0;
  static vs: i32 = 0;
}

/** Opens a frame for the container at i (A) / i + d (B) at nesting `depth`. */
@inline function pushFrame(depth: i32, kind: i32, i: i32, j: i32, mark: i32): void {
  if (depth >= Walk.framesCap) {
    Walk.framesCap <<= 1;
    Walk.frames = heap.realloc(Walk.frames, <usize>(Walk.framesCap * FW) << 2);
  }
  const f = frame(depth);
  fset(f, F_KIND, kind);
  fset(f, F_START_A, i);
  fset(f, F_START_B, j);
  fset(f, F_MARK, mark);
  fset(f, F_COUNT, 0);
  fset(f, F_KEYS, Walk.nkeys);
  fset(f, F_LAST_KEY, -1);
  fset(f, F_X_A, 0);
  fset(f, F_X_B, 0);
  fset(f, F_BAD, 0);
  fset(f, F_PATH, 0);
}

/** Set by runString: the string has a byte >= 0x80. */
let runHigh = false;

/** The end (after the closing quote) of the string whose content starts at i, when it ends before `m` with no escape; -1 otherwise. */
@inline function runString(a: usize, i: i32, m: i32): i32 {
  let acc: u64 = 0;
  while (i + 8 <= m) {
    const x = load<u64>(a + <usize>i);
    const s = stops(x);
    if (s == 0) { acc |= x; i += 8; continue; }
    const k = <i32>ctz(s) >> 3;
    if (k > 0) acc |= x & ((<u64>1 << <u64>(k << 3)) - 1);
    i += k;
    runHigh = (acc & HIGHS) != 0;
    return load<u8>(a + <usize>i) == 0x22 ? i + 1 : -1;
  }
  while (i < m) {
    const c = <u32>load<u8>(a + <usize>i);
    if (c == 0x22) { runHigh = (acc & HIGHS) != 0; return i + 1; }
    if (c == 0x5c || c < 0x20) return -1;
    acc |= <u64>c;
    i++;
  }
  return -1;
}

/** Records the key whose content is [s, e) for frame f (`high`: it has a byte >= 0x80, then checked as UTF-8). */
@inline function recordKey(f: usize, a: usize, s: i32, e: i32, high: bool): void {
  if (Walk.nkeys >= Walk.keysCap) {
    Walk.keysCap <<= 1;
    Walk.keys = heap.realloc(Walk.keys, <usize>(Walk.keysCap * 3) << 2);
  }
  const r = Walk.keys + (<usize>(Walk.nkeys * 3) << 2);
  const bad = high && !validUTF8(a + <usize>s, e - s);
  store<i32>(r, s);
  store<i32>(r, e - s, 4);
  store<i32>(r, bad ? 1 : 0, 8);
  if (bad) fset(f, F_BAD, 1);
  fset(f, F_LAST_KEY, Walk.nkeys);
  fset(f, F_COUNT, fget(f, F_COUNT) + 1);
  fset(f, F_PATH, 0);
  Walk.nkeys++;
}

/**
 * The walk inside a run of equal bytes (A[k] == B[k + Walk.d] for k < Walk.m), on A alone, for compact
 * text: the same frames, keys and facts as the general steps. Starts at state 0 (a value at i) or 1 (a
 * finished value: kind vk, verdict vs); returns the state to go on with (0, 1, 4 or 5; Run.i, Run.depth,
 * Run.vk, Run.vs) at the first thing it leaves to the general steps, or -1 (A is not JSON: fall back).
 */
function fastRun(i: i32, depth: i32, state: i32, vk: i32, vs: i32, out: ByteSink): i32 {
  const a = Walk.a;
  const m = Walk.m;
  const d = Walk.d;
  while (true) {
    if (state == 0) {
      if (i >= m) break;
      const c = <u32>load<u8>(a + <usize>i);
      if (c == 0x22) {
        const e = runString(a, i + 1, m);
        if (e < 0) break;
        i = e;
        vk = V_SCALAR;
        state = 1;
        continue;
      }
      if (c == 0x7b || c == 0x5b) {
        if (i + 2 >= m || depth >= Walk.cap) break;
        if (depth > 0) {
          // a whole container inside the run whose facts its container does not need: skipped (validated)
          const g = frame(depth - 1);
          // (not before where an earlier attempt stopped: each byte is scanned by at most one failed attempt)
          if (i >= Walk.skipFail && (fget(g, F_KIND) == K_OBJECT || (fget(g, F_X_A) != S_OPEN && fget(g, F_X_B) != S_OPEN))) {
            const e = skipSame(a, i, m, Walk.cap - depth);
            if (e < 0) Walk.skipFail = skipStop;
            else {
              i = e;
              vk = c == 0x7b ? V_OBJECT : V_ARRAY;
              vs = S_UNKNOWN;
              state = 1;
              continue;
            }
          }
        }
        const c1 = <u32>load<u8>(a + <usize>(i + 1));
        if (c1 == c + 2 || isWs(c1)) break;
        if (c == 0x7b) {
          // the first key, with its colon, all inside the run
          if (c1 != 0x22) break;
          const e = runString(a, i + 2, m);
          if (e < 0 || e + 1 >= m || load<u8>(a + <usize>e) != 0x3a || isWs(<u32>load<u8>(a + <usize>(e + 1)))) break;
          pushFrame(depth, K_OBJECT, i, i + d, out.len);
          recordKey(frame(depth), a, i + 2, e - 1, runHigh);
          depth++;
          i = e + 1;
          continue;
        }
        pushFrame(depth, K_ARRAY, i, i + d, out.len);
        depth++;
        i++;
        continue;
      }
      if (c == 0x74 || c == 0x66 || c == 0x6e) {
        // true, false, null (a byte after them inside the run: B's token ends there too)
        let n = 0;
        if (c == 0x74 && i + 4 < m && load<u32>(a + <usize>i) == 0x65757274) n = 4;
        else if (c == 0x66 && i + 5 < m && load<u32>(a + <usize>(i + 1)) == 0x65736c61) n = 5;
        else if (c == 0x6e && i + 4 < m && load<u32>(a + <usize>i) == 0x6c6c756e) n = 4;
        else break;
        i += n;
        vk = c == 0x6e ? V_NULL : V_SCALAR;
        state = 1;
        continue;
      }
      if (c - 0x30 < 10 || c == 0x2d) {
        const e = scanNumber(i);
        if (e < 0) return -1;
        if (e >= m) break;
        if (numberLong) {
          parseNumber(a + <usize>i, e - i);
          if (NumberParse.rangeError) return -1;
        }
        i = e;
        vk = V_SCALAR;
        state = 1;
        continue;
      }
      break;
    }
    // state 1: a finished value of frame depth-1
    if (depth == 0) break;
    const f = frame(depth - 1);
    applyFacts(f, vk, vk, vs, vs);
    state = 5;
    if (i + 1 >= m) break;
    const c = <u32>load<u8>(a + <usize>i);
    const c1 = <u32>load<u8>(a + <usize>(i + 1));
    const kind = fget(f, F_KIND);
    if (c == 0x2c) {
      if (isWs(c1)) break;
      if (kind == K_ARRAY) {
        fset(f, F_COUNT, fget(f, F_COUNT) + 1);
        fset(f, F_PATH, 0);
        i++;
        state = 0;
        continue;
      }
      if (c1 != 0x22) break;
      const e = runString(a, i + 2, m);
      if (e < 0 || e + 1 >= m || load<u8>(a + <usize>e) != 0x3a || isWs(<u32>load<u8>(a + <usize>(e + 1)))) break;
      recordKey(f, a, i + 2, e - 1, runHigh);
      i = e + 1;
      state = 0;
      continue;
    }
    if (c != (kind == K_OBJECT ? 0x7d : 0x5d)) break;
    // a close with nothing below it; an object whose verdict needs its keys is left to the general steps
    if (out.len > fget(f, F_MARK)) break;
    if (kind == K_OBJECT) {
      const xa = fget(f, F_X_A);
      if (xa != fget(f, F_X_B)) break;
      if (xa != 0 && depth >= 2) {
        const g = frame(depth - 2);
        if (fget(g, F_KIND) == K_ARRAY && (fget(g, F_X_A) == S_OPEN || fget(g, F_X_B) == S_OPEN)) break;
      }
      vk = V_OBJECT;
      vs = xa > 0 ? S_INDEXWISE : S_SIMPLE;
    } else vk = V_ARRAY;
    Walk.nkeys = fget(f, F_KEYS);
    depth--;
    i++;
    state = 1;
  }
  Run.i = i;
  Run.depth = depth;
  Run.vk = vk;
  Run.vs = vs;
  return state;
}

/** The end (after the closing quote) of the valid string whose content starts at i, when it ends before `m`; -1 otherwise. */
function skipString(a: usize, i: i32, m: i32): i32 {
  while (true) {
    while (i + 8 <= m) {
      const s = stops(load<u64>(a + <usize>i));
      if (s == 0) { i += 8; continue; }
      i += <i32>ctz(s) >> 3;
      break;
    }
    if (i >= m) return -1;
    const c = <u32>load<u8>(a + <usize>i);
    if (c == 0x22) return i + 1;
    if (c < 0x20) return -1;
    if (c != 0x5c) { i++; continue; }
    if (i + 1 >= m) return -1;
    const e = <u32>load<u8>(a + <usize>(i + 1));
    if (e == 0x75) {
      if (i + 6 >= m) return -1;
      for (let k = 2; k < 6; k++) {
        const h = <u32>load<u8>(a + <usize>(i + k));
        if (!(h - 0x30 < 10 || (h | 0x20) - 0x61 < 6)) return -1;
      }
      i += 6;
    } else if (e == 0x22 || e == 0x5c || e == 0x2f || e == 0x62 || e == 0x66 || e == 0x6e || e == 0x72 || e == 0x74) i += 2;
    else return -1;
  }
  return -1;
}

/** Where skipSame may have stopped when it failed (an upper bound). */
let skipStop: i32 = 0;

/**
 * The end (after its close) of the compact, valid container at i (`{` or `[`) when all of it lies before
 * `m` (inside the run: B has the same bytes) and its nesting stays under `room` (and 64); -1 otherwise
 * (the caller then walks it step by step, which decides). Checks what the walk would: JSON syntax,
 * strings, number syntax and float64 range; keys are not recorded (nothing below differs).
 */
function skipSame(a: usize, i: i32, m: i32, room: i32): i32 {
  skipStop = m; // the most it may have scanned (a failed attempt ends no later)
  let bits: u64 = 0; // bit k: the container at local nesting k is an object
  let lvl = 0;
  let c = <u32>load<u8>(a + <usize>i);
  while (true) {
    // c = a[i] starts a value
    if (c == 0x7b || c == 0x5b) {
      if (lvl >= 64 || lvl >= room) return -1;
      const obj = c == 0x7b;
      if (obj) bits |= <u64>1 << <u64>lvl;
      else bits &= ~(<u64>1 << <u64>lvl);
      lvl++;
      i++;
      if (i >= m) return -1;
      c = <u32>load<u8>(a + <usize>i);
      if (c == (obj ? 0x7d : 0x5d)) {
        lvl--;
        i++;
      } else {
        if (obj) {
          if (c != 0x22) return -1;
          i = skipString(a, i + 1, m);
          if (i < 0 || i + 1 >= m || load<u8>(a + <usize>i) != 0x3a) return -1;
          i++;
        }
        c = <u32>load<u8>(a + <usize>i);
        continue;
      }
    } else if (c == 0x22) {
      i = skipString(a, i + 1, m);
      if (i < 0) return -1;
    } else if (c - 0x30 < 10 || c == 0x2d) {
      const e = scanNumber(i);
      if (e < 0 || e >= m) return -1;
      if (numberLong) {
        parseNumber(a + <usize>i, e - i);
        if (NumberParse.rangeError) return -1;
      }
      i = e;
    } else if (c == 0x74 && i + 4 < m && load<u32>(a + <usize>i) == 0x65757274) i += 4;
    else if (c == 0x66 && i + 5 < m && load<u32>(a + <usize>(i + 1)) == 0x65736c61) i += 5;
    else if (c == 0x6e && i + 4 < m && load<u32>(a + <usize>i) == 0x6c6c756e) i += 4;
    else return -1;
    // after a value (or a close): `,` or closes
    while (true) {
      if (lvl == 0) return i;
      if (i >= m) return -1;
      c = <u32>load<u8>(a + <usize>i);
      const obj = (bits >> <u64>(lvl - 1)) & 1;
      if (c == (obj ? 0x7d : 0x5d)) { lvl--; i++; continue; }
      if (c != 0x2c) return -1;
      i++;
      if (i >= m) return -1;
      if (obj) {
        if (load<u8>(a + <usize>i) != 0x22) return -1;
        i = skipString(a, i + 1, m);
        if (i < 0 || i + 1 >= m || load<u8>(a + <usize>i) != 0x3a) return -1;
        i++;
      }
      break;
    }
    c = <u32>load<u8>(a + <usize>i);
  }
  return -1;
}

/**
 * Reads a member key at i in A and j in B (their quotes) for frame `k`, then the colon: the position
 * of A's value (Walk.jEnd: B's), -1 when the keys differ (the member list does), -2 when A is not valid.
 */
@inline function readKey(i: i32, j: i32, k: i32): i32 {
  const a = Walk.a;
  const b = Walk.b;
  if (i >= Walk.na || load<u8>(a + <usize>i) != 0x22) return -2;
  if (j >= Walk.nb || load<u8>(b + <usize>j) != 0x22) return -1;
  const e = lockString(i + 1, j + 1);
  if (e < 0) return e;
  const f = frame(k);
  if (Walk.nkeys >= Walk.keysCap) {
    Walk.keysCap <<= 1;
    Walk.keys = heap.realloc(Walk.keys, <usize>(Walk.keysCap * 3) << 2);
  }
  const r = Walk.keys + (<usize>(Walk.nkeys * 3) << 2);
  const n = e - 1 - (i + 1);
  const bad = Walk.escaped || (Walk.high && !validUTF8(a + <usize>(i + 1), n));
  store<i32>(r, i + 1);
  store<i32>(r, n, 4);
  store<i32>(r, bad ? 1 : 0, 8);
  if (bad) fset(f, F_BAD, 1);
  fset(f, F_LAST_KEY, Walk.nkeys);
  fset(f, F_COUNT, fget(f, F_COUNT) + 1);
  fset(f, F_PATH, 0);
  Walk.nkeys++;
  let p = skipWs(a, Walk.na, e);
  let q = skipWs(b, Walk.nb, Walk.jEnd);
  if (p >= Walk.na || load<u8>(a + <usize>p) != 0x3a) return -2;
  if (q >= Walk.nb || load<u8>(b + <usize>q) != 0x3a) return -1;
  Walk.jEnd = skipWs(b, Walk.nb, q + 1);
  return skipWs(a, Walk.na, p + 1);
}

/**
 * The extra elements of an index-wise array (frame `f`, at stack index `k`) whose common elements are
 * done: at i (A) and j (B) one side has `,` and the other its close (`aEnds`: A's). Writes the adds
 * (B longer) or the removes (A longer, last index first) before the operations of the common elements,
 * as diffArrays orders them. Returns the position after A's `]` (Walk.jEnd: after B's), -1: fall back.
 */
function arrayTail(f: usize, k: i32, i: i32, j: i32, aEnds: bool, piece: PieceDiff, out: ByteSink): i32 {
  const from = out.len;
  const prefix = pathTo(k);
  if (k > 0 && prefix === null) return -1;
  let index = fget(f, F_COUNT) + 1; // the common elements
  if (!aEnds) {
    // A longer: its extra elements are read (and checked), then removed from the last
    const first = index;
    let p = i;
    while (true) {
      p = skipWs(Walk.a, Walk.na, p + 1);
      if (p >= Walk.na) return -1;
      const cap = Walk.cap - k - 1;
      if (cap <= 0) return -1;
      const t = fastValue(Walk.a + <usize>p, Walk.na - p, cap, 64);
      if (t === null || !numbersFit(t, 0)) return -1;
      p = skipWs(Walk.a, Walk.na, p + fastValueEnd);
      index++;
      if (p >= Walk.na) return -1;
      const c = load<u8>(Walk.a + <usize>p);
      if (c == 0x5d) break;
      if (c != 0x2c) return -1;
    }
    for (let x = index - 1; x >= first; x--) if (!piece.remove(out, indexPath(prefix, x))) return -1;
    Walk.jEnd = j + 1;
    moveBefore(out, fget(f, F_MARK), from);
    return p + 1;
  }
  // B longer: its extra elements are added, in order
  let q = j;
  while (true) {
    q = skipWs(Walk.b, Walk.nb, q + 1);
    if (q >= Walk.nb) return -1;
    const cap = Walk.cap - k - 1;
    if (cap <= 0) return -1;
    const t = fastValue(Walk.b + <usize>q, Walk.nb - q, cap, 64);
    if (t === null || !numbersFit(t, 0)) return -1;
    t.srcLen = fastValueEnd;
    if (!piece.add(out, t, 0, indexPath(prefix, index))) return -1;
    q = skipWs(Walk.b, Walk.nb, q + fastValueEnd);
    index++;
    if (q >= Walk.nb) return -1;
    const c = load<u8>(Walk.b + <usize>q);
    if (c == 0x5d) break;
    if (c != 0x2c) return -1;
  }
  Walk.jEnd = q + 1;
  moveBefore(out, fget(f, F_MARK), from);
  return i + 1;
}

