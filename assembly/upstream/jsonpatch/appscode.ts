// JSON Patch diff exactly as CreatePatch of github.com/appscode/jsonpatch v1.0.1 (the diff OpenKruise
// runs on ControllerRevisions), then json.Marshal of the returned operations.
//
// Semantics reproduced: both documents decoded as Go map[string]interface{} (numbers as float64, keys
// decoded, last duplicate wins); objects key by key (only in `to`: add; only in `from`: remove; in
// both: compare); null → value: add; type change: replace; scalars replaced when not equal as Go
// values; arrays that are both "simple" (scalars, or - the quirk - the first object met has only
// scalar/null values, whatever follows) get a Levenshtein edit script (remove/add/replace at indexes,
// replace recursing when the *first* element of `from` is not a scalar); other arrays: index-wise
// (remove the extra tail from the end, add the new tail, recurse on the common prefix). Paths are
// built with makePath (an empty key leaves a trailing "/" that the next segment reuses) and are
// written into the JSON *unescaped*, as the library's MarshalJSON does, so a key with `"`, `\` or a
// control character makes json.Marshal fail (E_PATCH_MARSHAL with Go's MarshalerError text; when
// several operations fail, the one with the smallest (path, op) is reported).
//
// Order: Go visits map keys in random order; this engine visits the keys of `to` in its document
// order, then the keys removed from `from` in its document order (in byte order of the decoded keys
// when an object has more than 32 members), which is one of the orders Go can produce. Everything
// else (array scripts) is in the library's deterministic order. Paths are only built for the
// operations written.
//
// Limit: the Levenshtein matrix of an array pair has (m+1)*(n+1) cells; more than `maxEditMatrix`, or more
// than the engine can hold (matrix.ts: MAX_MATRIX_CELLS, memory permitting), is refused with E_PATCH_LIMIT (the
// library itself would allocate and fill it, however large).
//
// Limit: a patch longer than `maxPatchBytes` (default and most: MAX_PATCH_BYTES) is refused with E_PATCH_LIMIT:
// n operations deep down repeat their path of depth d each.
//
// Shortcut: values whose JSON text is the same bytes are the same Go value, so they have no operations
// (fast/sametext); AppscodeOptions.sameText false (EXACT_SAMETEXT) compares them as Go values instead.

import { ByteSink } from "../../io/sink";
import { Tape, K_NULL, K_NUMBER, K_STRING, K_TRUE, K_FALSE, K_ARRAY, K_OBJECT, F_ESCAPE, F_HIGH } from "../../json/tape";
import { sortMembers, membersAt, membersCount, Member, compareBytes } from "../../json/members";
import { Bytes } from "../../json/dom";
import { goType, isGoScalar, scalarEqual, goEqual, children, equalityClasses, numberValue, mix } from "../../json/goequal";
import { writeCanonical, WriteOptions, MODE_GO } from "../../json/writer";
import { readJSON, ReadOptions } from "../../json/reader";
import { appendEscapedKey, bytesStr } from "./pointer";
import { sameText } from "../../fast/sametext/sametext";
import { allocMatrix, MAX_MATRIX_CELLS } from "./matrix";
import { docMembers, findDocMember, SMALL_OBJECT } from "../../json/docmembers";
import { fail, takeErrorMessage, E_PATCH_LIMIT, E_PATCH_MARSHAL } from "../../base/errors";

/**
 * The longest patch a diff writes (bytes), and the most `maxPatchBytes` may ask for: 256 MiB. Operations deep
 * down each repeat their whole path, so a patch can be far longer than both documents (n operations at depth d).
 */
export const MAX_PATCH_BYTES: i64 = 256 << 20;

/** Records that the patch needs more than `max` bytes (E_PATCH_LIMIT); false. */
export function patchTooLong(max: i64): bool {
  return fail(E_PATCH_LIMIT, "the patch needs more than " + max.toString() + " bytes (maxPatchBytes, at most " + MAX_PATCH_BYTES.toString() + ")");
}

/** Default of `maxEditMatrix`: the most Levenshtein cells ((m+1)*(n+1)) one array pair may need. */
export const DEFAULT_MAX_EDIT_MATRIX: i64 = 4194304;

const OP_ADD: i32 = 0;
const OP_REMOVE: i32 = 1;
const OP_REPLACE: i32 = 2;

const T_HANDLE: i32 = 0;
const T_EMIT: i32 = 1;

/** Options of one diff. */
export class AppscodeOptions {
  go22: bool = true;
  /** Go 1.27 (json/v2) names the pointer type in MarshalerError: `*jsonpatch.Operation`. */
  go27: bool = true;
  /** Go release (minor) whose scanner judges the library's MarshalJSON output. */
  goMinor: i32 = 27;
  maxEditMatrix: i64 = DEFAULT_MAX_EDIT_MATRIX;
  /** The longest patch written (bytes), at most MAX_PATCH_BYTES. */
  maxPatchBytes: i64 = MAX_PATCH_BYTES;
  /** The shortcut of fast/sametext may answer (false: EXACT_SAMETEXT, every pair compared as Go values). */
  sameText: bool = true;
}

/** The same-text shortcut, when `opts` allows it: node a of ta and node b of tb are the same bytes (then the same Go value). */
@inline function same(opts: AppscodeOptions, ta: Tape, a: i32, tb: Tape, b: i32): bool {
  return opts.sameText && sameText(ta, a, tb, b);
}

/** A path, built only when an operation is written: a key or an index below a parent. */
@final
export class Path {
  /** What the written path needs (pathNeeds of its text): the most any of its keys needs. */
  needs: i32 = 0;
  /** The key has `~` or `/` (escaped in the pointer). */
  escape: bool = false;

  constructor(public parent: Path | null, public ptr: usize, public len: i32, public index: i32) {
    const up = parent;
    let needs = up === null ? 0 : up.needs;
    if (index < 0 && plainKey(ptr, len)) {
      // nothing to escape, nothing json.Marshal changes
    } else if (index < 0 && needs < 2) {
      for (let i = 0; i < len; i++) {
        const c = load<u8>(ptr + <usize>i);
        if (c == 0x7e || c == 0x2f) this.escape = true;
        else if (c == 0x22 || c == 0x5c || c < 0x20) needs = 2;
        else if (c == 0x3c || c == 0x3e || c == 0x26 || c == 0xe2) { if (needs == 0) needs = 1; }
      }
    } else if (index < 0) {
      for (let i = 0; i < len; i++) {
        const c = load<u8>(ptr + <usize>i);
        if (c == 0x7e || c == 0x2f) this.escape = true;
      }
    }
    this.needs = needs;
  }
}

@inline function zeroByte8(x: u64): u64 { return (x - 0x0101010101010101) & ~x & 0x8080808080808080; }

/** The bytes of x that plainKey refuses (`~` `/` `"` `\` `<` `>` `&`, control bytes, 0xe2): a SWAR mask, exact up to its lowest set bit. */
@inline function notPlain8(x: u64): u64 {
  return zeroByte8(x ^ 0x7e7e7e7e7e7e7e7e) | zeroByte8(x ^ 0x2f2f2f2f2f2f2f2f) | zeroByte8(x ^ 0x2222222222222222) |
    zeroByte8(x ^ 0x5c5c5c5c5c5c5c5c) | zeroByte8(x ^ 0x3c3c3c3c3c3c3c3c) | zeroByte8(x ^ 0x3e3e3e3e3e3e3e3e) |
    zeroByte8(x ^ 0x2626262626262626) | zeroByte8(x ^ 0xe2e2e2e2e2e2e2e2) | ((x - 0x2020202020202020) & ~x & 0x8080808080808080);
}

/** True when a key has none of the bytes Path looks at: `~` `/` `"` `\` `<` `>` `&`, control bytes, 0xe2 (8 bytes at a time). */
export function plainKey(p: usize, n: i32): bool {
  let i = 0;
  while (i + 8 <= n) {
    if (notPlain8(load<u64>(p + <usize>i)) != 0) return false;
    i += 8;
  }
  if (i == n) return true;
  if (p + <usize>(i + 8) <= (<usize>memory.size() << 16)) {
    // the last 1..7 bytes in one word (the bytes past the key masked off: a false mark only sits above a true one)
    const keep = (<u64>1 << (<u64>(n - i) << 3)) - 1;
    return (notPlain8(load<u64>(p + <usize>i)) & keep) == 0;
  }
  while (i < n) {
    const c = load<u8>(p + <usize>i);
    if (c == 0x7e || c == 0x2f || c == 0x22 || c == 0x5c || c < 0x20 || c == 0x3c || c == 0x3e || c == 0x26 || c == 0xe2) return false;
    i++;
  }
  return true;
}

/** Appends makePath's text for `p` (segments joined by "/", escaped; an empty key leaves a "/" the next segment reuses). */
function writeMadePath(out: ByteSink, p: Path | null): void {
  const chain = new Array<Path>();
  while (p !== null) { chain.push(p); p = p.parent; }
  for (let i = chain.length - 1; i >= 0; i--) {
    const s = chain[i];
    if (out.len == 0 || out.at(out.len - 1) != 0x2f) out.byte(0x2f);
    if (s.index >= 0) out.uint(<u64>s.index);
    else appendEscapedKey(out, s.ptr, s.len);
  }
}

/** makePath's text for `p` as bytes. */
function madePath(p: Path | null): Bytes {
  const out = new ByteSink(64);
  writeMadePath(out, p);
  return new Bytes(out.ptr, out.len);
}

/** The path of member key [p, p+n) (decoded bytes) below `parent`. */
@inline export function keyPath(parent: Path | null, p: usize, n: i32): Path { return new Path(parent, p, n, -1); }
/** The path of element `i` below `parent`. */
@inline export function indexPath(parent: Path | null, i: i32): Path { return new Path(parent, 0, 0, i); }

/** The operations found, in order: kind, path, value node of `to` (-1 for none); 12-byte records in the arena. */
@final
class Ops {
  buf: usize = heap.alloc(64 * 12);
  cap: i32 = 64;
  length: i32 = 0;

  add(kind: i32, path: Path | null, value: i32): void {
    if (this.length == this.cap) { this.cap <<= 1; this.buf = heap.realloc(this.buf, <usize>this.cap * 12); }
    const p = this.buf + <usize>this.length * 12;
    store<i32>(p, kind);
    store<u32>(p, <u32>changetype<usize>(path), 4);
    store<i32>(p, value, 8);
    this.length++;
  }
  @inline kind(i: i32): i32 { return load<i32>(this.buf + <usize>i * 12); }
  @inline path(i: i32): Path | null { return changetype<Path | null>(<usize>load<u32>(this.buf + <usize>i * 12, 4)); }
  @inline value(i: i32): i32 { return load<i32>(this.buf + <usize>i * 12, 8); }
}

/** Pending work, run last-in first-out: a (from, to, path) comparison or an operation to emit; 16-byte records in the arena. */
@final
class Tasks {
  buf: usize = heap.alloc(64 << 4);
  cap: i32 = 64;
  length: i32 = 0;

  push(type: i32, a: i32, b: i32, path: Path | null): void {
    if (this.length == this.cap) { this.cap <<= 1; this.buf = heap.realloc(this.buf, <usize>this.cap << 4); }
    const p = this.buf + (<usize>this.length << 4);
    store<i32>(p, type);
    store<i32>(p, a, 4);
    store<i32>(p, b, 8);
    store<u32>(p, <u32>changetype<usize>(path), 12);
    this.length++;
  }
  /** The record of task i (type, a, b, path at offsets 0, 4, 8, 12). */
  @inline at(i: i32): usize { return this.buf + (<usize>i << 4); }
}

/**
 * CreatePatch(from, to) for decoded-valid documents (objects or null at the top, numbers in float64
 * range), written as json.Marshal writes the []Operation into `out`. False with an error recorded.
 */
export function appscodeDiff(ta: Tape, a: i32, tb: Tape, b: i32, opts: AppscodeOptions, out: ByteSink): bool {
  const ops = new Ops();
  const tasks = new Tasks();
  // the top level: both are maps (null decodes to an empty map); the same text has no operations
  if ((ta.kind(a) == K_OBJECT || tb.kind(b) == K_OBJECT) && !same(opts, ta, a, tb, b)) diffObjects(ta, a, tb, b, null, tasks, opts);
  while (tasks.length > 0) {
    tasks.length--;
    const r = tasks.at(tasks.length);
    const type = load<i32>(r);
    const x = load<i32>(r, 4);
    const y = load<i32>(r, 8);
    const path = changetype<Path | null>(<usize>load<u32>(r, 12));
    if (type == T_EMIT) { ops.add(x, path, y); continue; }
    if (!handleValues(ta, x, tb, y, path, tasks, ops, opts)) return false;
  }
  return marshalOps(tb, ops, opts, out);
}

const SIZE = offsetof<Member>();

/**
 * diff(a, b, path): the keys of b (add, or compare), then the keys only in a (remove). A side may be
 * null (an empty map). Keys are visited in document order of `to` (then of `from` for removals), or
 * in byte order when either object has more than SMALL_OBJECT members: each is an order Go's map
 * iteration can produce.
 */
function diffObjects(ta: Tape, a: i32, tb: Tape, b: i32, path: Path | null, tasks: Tasks, opts: AppscodeOptions): void {
  const oa = ta.kind(a) == K_OBJECT;
  const ob = tb.kind(b) == K_OBJECT;
  const large = (oa && ta.children(a) > SMALL_OBJECT) || (ob && tb.children(b) > SMALL_OBJECT);
  let na = 0;
  let ma: usize = 0;
  let nb = 0;
  let mb: usize = 0;
  if (large) {
    if (oa) { const s = sortMembers(ta, a); na = membersCount(s); ma = membersAt(s); }
    if (ob) { const s = sortMembers(tb, b); nb = membersCount(s); mb = membersAt(s); }
  } else {
    if (oa) { const s = docMembers(ta, a); na = membersCount(s); ma = membersAt(s); }
    if (ob) { const s = docMembers(tb, b); nb = membersCount(s); mb = membersAt(s); }
  }
  // match[j]: the member of a with b's key j, or -1
  const match = new StaticArray<i32>(nb);
  const inB = new StaticArray<bool>(na);
  let i = 0;
  let hint = 0; // the member after the last one matched: where b's next key usually is in a
  for (let j = 0; j < nb; j++) {
    const q = changetype<Member>(mb + <usize>j * SIZE);
    let m = -1;
    if (large) {
      let c = -1;
      while (i < na) {
        const p = changetype<Member>(ma + <usize>i * SIZE);
        c = compareBytes(p.keyPtr, p.keyLen, q.keyPtr, q.keyLen);
        if (c >= 0) break;
        i++;
      }
      if (i < na && c == 0) m = i;
    } else {
      m = findDocMember(ma, na, q.keyPtr, q.keyLen, hint);
      if (m >= 0) hint = m + 1;
    }
    unchecked(match[j] = m);
    if (m >= 0) unchecked(inB[m] = true);
  }
  // pushed last-first: the removals, then the keys of b
  for (let k = na - 1; k >= 0; k--) {
    if (unchecked(inB[k])) continue;
    const p = changetype<Member>(ma + <usize>k * SIZE);
    tasks.push(T_EMIT, OP_REMOVE, -1, keyPath(path, p.keyPtr, p.keyLen));
  }
  for (let j = nb - 1; j >= 0; j--) {
    const q = changetype<Member>(mb + <usize>j * SIZE);
    const m = unchecked(match[j]);
    if (m >= 0) {
      // the same text: no operations (handleValues' shortcut, taken before a path and a task are made)
      const av = changetype<Member>(ma + <usize>m * SIZE).value;
      if (same(opts, ta, av, tb, q.value)) continue;
      tasks.push(T_HANDLE, av, q.value, keyPath(path, q.keyPtr, q.keyLen));
    } else tasks.push(T_EMIT, OP_ADD, q.value, keyPath(path, q.keyPtr, q.keyLen));
  }
}

/** handleValues(av, bv, p). */
function handleValues(ta: Tape, a: i32, tb: Tape, b: i32, path: Path | null, tasks: Tasks, ops: Ops, opts: AppscodeOptions): bool {
  // the same text decodes to the same value: no operations, no error (the shortcut of most of a pair)
  if (same(opts, ta, a, tb, b)) return true;
  const ka = goType(ta, a);
  const kb = goType(tb, b);
  if (ka == K_NULL && kb == K_NULL) return true;
  if (ka == K_NULL) { ops.add(OP_ADD, path, b); return true; }
  if (ka != kb) { ops.add(OP_REPLACE, path, b); return true; }
  if (ka == K_OBJECT) { diffObjects(ta, a, tb, b, path, tasks, opts); return true; }
  if (ka == K_ARRAY) return diffArrays(ta, a, tb, b, path, tasks, opts);
  if (!scalarEqual(ta, a, tb, b)) ops.add(OP_REPLACE, path, b);
  return true;
}

/** isSimpleArray: scalars only, or the first non-scalar is an object whose (decoded) values are all scalars or null. */
function isSimpleArray(t: Tape, arr: i32): bool {
  const n = t.children(arr);
  let c = arr + 1;
  for (let j = 0; j < n; j++) {
    if (!isGoScalar(t, c)) {
      if (t.kind(c) != K_OBJECT) return false;
      // the map's values (the last duplicate wins) must all be scalars or null
      const mm = t.children(c) > SMALL_OBJECT ? sortMembers(t, c) : docMembers(t, c);
      const count = membersCount(mm);
      const ms = membersAt(mm);
      for (let k = 0; k < count; k++) {
        const v = changetype<Member>(ms + <usize>k * offsetof<Member>()).value;
        if (t.kind(v) != K_NULL && !isGoScalar(t, v)) return false;
      }
      return true;
    }
    c = t.next(c);
  }
  return true;
}

function diffArrays(ta: Tape, a: i32, tb: Tape, b: i32, path: Path | null, tasks: Tasks, opts: AppscodeOptions): bool {
  const s = children(ta, a);
  const t = children(tb, b);
  const m = s.length;
  const n = t.length;
  if (isSimpleArray(ta, a) && isSimpleArray(tb, b)) {
    const start = tasks.length;
    if (!editScript(ta, a, s, tb, b, t, path, tasks, opts)) return false;
    reverseFrom(tasks, start);
    return true;
  }
  // pushed last-first: the common prefix (compared), the new tail (added), the old tail (removed)
  const k = m < n ? m : n;
  for (let i = k - 1; i >= 0; i--) {
    if (!same(opts, ta, unchecked(s[i]), tb, unchecked(t[i]))) tasks.push(T_HANDLE, s[i], t[i], indexPath(path, i));
  }
  for (let i = n - 1; i >= k; i--) tasks.push(T_EMIT, OP_ADD, t[i], indexPath(path, i));
  for (let i = k; i < m; i++) tasks.push(T_EMIT, OP_REMOVE, -1, indexPath(path, i));
  return true;
}

/** Reverses the tasks pushed since `start` (they were pushed in the order they must run). */
function reverseFrom(tasks: Tasks, start: i32): void {
  let i = start;
  let j = tasks.length - 1;
  while (i < j) {
    const a = tasks.at(i);
    const b = tasks.at(j);
    const x0 = load<u64>(a);
    const x1 = load<u64>(a, 8);
    store<u64>(a, load<u64>(b));
    store<u64>(a, load<u64>(b, 8), 8);
    store<u64>(b, x0);
    store<u64>(b, x1, 8);
    i++;
    j--;
  }
}

/** compareEditDistance + backtrace. */
function editScript(ta: Tape, aNode: i32, s: StaticArray<i32>, tb: Tape, bNode: i32, t: StaticArray<i32>, path: Path | null, seq: Tasks, opts: AppscodeOptions): bool {
  const m = s.length;
  const n = t.length;
  // equal arrays give no operations (the script would be all matches), however long; small ones find that
  // out from their classes (equal elements at equal indexes: all matches)
  const quick = m + n <= QUICK_CLASSES;
  const cells = <i64>(m + 1) * <i64>(n + 1);
  if (m == n && (!quick || cells > opts.maxEditMatrix) && goEqual(ta, aNode, tb, bNode)) return true;
  if (cells > opts.maxEditMatrix) {
    return fail(E_PATCH_LIMIT, "the Levenshtein matrix of arrays of " + m.toString() + " and " + n.toString() +
      " elements needs " + cells.toString() + " cells, more than maxEditMatrix (" + opts.maxEditMatrix.toString() + ")", -1, bytesStr(madePath(path)));
  }
  const d = allocMatrix(cells);
  if (d == 0) {
    return fail(E_PATCH_LIMIT, "the Levenshtein matrix of arrays of " + m.toString() + " and " + n.toString() +
      " elements needs " + cells.toString() + " cells, more than the engine can hold (at most " + MAX_MATRIX_CELLS.toString() +
      ", memory permitting)", -1, bytesStr(madePath(path)));
  }
  let cls = quick ? quickClasses(ta, aNode, s, tb, bNode, t, opts) : null;
  if (cls === null) cls = equalityClasses(ta, s, tb, t);
  const w = n + 1;
  for (let i = 0; i <= m; i++) store<i32>(d + (<usize>(i * w) << 2), i);
  for (let j = 0; j <= n; j++) store<i32>(d + (<usize>j << 2), j);
  for (let i = 1; i <= m; i++) {
    const ci = unchecked(cls[i - 1]);
    const row = d + (<usize>(i * w) << 2);
    const up = d + (<usize>((i - 1) * w) << 2);
    for (let j = 1; j <= n; j++) {
      let v: i32;
      if (ci == unchecked(cls[m + j - 1])) v = load<i32>(up + (<usize>(j - 1) << 2));
      else {
        const del = load<i32>(up + (<usize>j << 2)) + 1;
        const add = load<i32>(row + (<usize>(j - 1) << 2)) + 1;
        const rep = load<i32>(up + (<usize>(j - 1) << 2)) + 1;
        v = rep < add ? rep : add;
        if (del < v) v = del;
      }
      store<i32>(row + (<usize>j << 2), v);
    }
  }
  // backtrace from (m, n)
  const basic = m > 0 && isGoScalar(ta, s[0]);
  let i = m;
  let j = n;
  while (true) {
    const here = load<i32>(d + (<usize>(i * w + j) << 2));
    if (i > 0 && load<i32>(d + (<usize>((i - 1) * w + j) << 2)) + 1 == here) {
      seq.push(T_EMIT, OP_REMOVE, -1, indexPath(path, i - 1));
      i--;
      continue;
    }
    if (j > 0 && load<i32>(d + (<usize>(i * w + j - 1) << 2)) + 1 == here) {
      seq.push(T_EMIT, OP_ADD, t[j - 1], indexPath(path, i));
      j--;
      continue;
    }
    if (i > 0 && j > 0) {
      const diag = load<i32>(d + (<usize>((i - 1) * w + j - 1) << 2));
      if (diag + 1 == here) {
        if (basic) seq.push(T_EMIT, OP_REPLACE, t[j - 1], indexPath(path, i - 1));
        else seq.push(T_HANDLE, s[i - 1], t[j - 1], indexPath(path, i - 1));
        i--;
        j--;
        continue;
      }
      if (diag == here) {
        i--;
        j--;
        continue;
      }
    }
    break;
  }
  return true;
}

/** Most elements (both arrays) whose equality classes quickClasses computes (it compares hashes pairwise). */
const QUICK_CLASSES: i32 = 64;


/** A hash of bytes [p, p+n) for subtreeHashes: one multiply per 8 bytes, the last 1..7 bytes in one word (read whole below `top`), one mix. */
@inline function textHash(p: usize, n: i32, top: usize): u64 {
  let h: u64 = 0xcbf29ce484222325 ^ <u64>n;
  let i = 0;
  for (; i + 8 <= n; i += 8) h = rotl<u64>((h ^ load<u64>(p + <usize>i)) * 0x9e3779b97f4a7c15, 27);
  if (i < n) {
    let tail: u64 = 0;
    if (p + <usize>(i + 8) <= top) tail = load<u64>(p + <usize>i) & ((<u64>1 << (<u64>(n - i) << 3)) - 1);
    else for (let s = 0; i < n; i++, s += 8) tail |= <u64>load<u8>(p + <usize>i) << s;
    h = rotl<u64>((h ^ tail) * 0x9e3779b97f4a7c15, 27);
  }
  return mix(h);
}

/**
 * A hash of every node of the subtree at `root` (u64 slots indexed by node - root), equal for equal Go
 * values: strings by their bytes, numbers by their float64, objects by the members that win (the last
 * of each key), in any order. 0 when a string or key needs decoding (an escape, a byte >= 0x80) or an
 * object has more than SMALL_OBJECT members: then equalityClasses decides.
 */
function subtreeHashes(t: Tape, root: i32): usize {
  const stop = t.next(root);
  const slots = heap.alloc(<usize>(stop - root) << 3);
  const top = <usize>memory.size() << 16; // (textHash may read a word up to here)
  for (let i = stop - 1; i >= root; i--) {
    const f = t.flags(i);
    const k = f & 0xff;
    let h: u64;
    if (k == K_STRING) {
      if (f & (F_ESCAPE | F_HIGH)) return 0;
      h = textHash(t.ptr(i), t.len(i), top) ^ 0x5;
    } else if (k == K_NUMBER) {
      let v = numberValue(t, i);
      if (v == 0) v = 0; // -0 == 0
      h = mix(reinterpret<u64>(v) ^ 0x3);
    } else if (k == K_ARRAY) {
      const n = t.children(i);
      h = 0x6a09e667f3bcc908 ^ <u64>n;
      let c = i + 1;
      for (let j = 0; j < n; j++) {
        h = mix(h ^ load<u64>(slots + (<usize>(c - root) << 3))) + 0x9e3779b97f4a7c15;
        c = t.next(c);
      }
    } else if (k == K_OBJECT) {
      const n = t.children(i);
      if (n > SMALL_OBJECT) return 0;
      let sum: u64 = 0;
      let count: u64 = 0;
      let key = i + 1;
      for (let j = 0; j < n; j++) {
        const v = t.next(key);
        const kp = t.ptr(key);
        const kn = t.len(key);
        // (the key's own slot: its string hash, computed already; equal keys have equal hashes)
        const hk = load<u64>(slots + (<usize>(key - root) << 3));
        // the member counts when no later member has its key
        let last = true;
        let q = t.next(v);
        for (let r = j + 1; r < n; r++) {
          if (load<u64>(slots + (<usize>(q - root) << 3)) == hk && t.len(q) == kn && memory.compare(t.ptr(q), kp, <usize>kn) == 0) { last = false; break; }
          q = t.next(t.next(q));
        }
        if (last) {
          sum += mix(hk + load<u64>(slots + (<usize>(v - root) << 3)) * 0xc2b2ae3d27d4eb4f);
          count++;
        }
        key = t.next(v);
      }
      h = mix(0xbb67ae8584caa73b ^ count ^ sum);
    } else {
      h = <u64>(k == K_TRUE ? 2 : k) * 0x9e3779b97f4a7c15; // null 0, false 1, true 2
    }
    store<u64>(slots + (<usize>(i - root) << 3), h);
  }
  return slots;
}

/**
 * Equality classes of the elements of s (ids 0..m-1, array node `a`) and t (ids m.., array `b`) for
 * editScript: equal Go values share a class (hashes compared, then confirmed with goEqual), as with
 * equalityClasses but with one pass over each array; null when subtreeHashes declines.
 */
function quickClasses(ta: Tape, a: i32, s: StaticArray<i32>, tb: Tape, b: i32, t: StaticArray<i32>, opts: AppscodeOptions): StaticArray<i32> | null {
  const ha = subtreeHashes(ta, a);
  if (ha == 0) return null;
  const hb = subtreeHashes(tb, b);
  if (hb == 0) return null;
  const m = s.length;
  const total = m + t.length;
  const hs = new StaticArray<u64>(total);
  for (let i = 0; i < m; i++) unchecked(hs[i] = load<u64>(ha + (<usize>(unchecked(s[i]) - a) << 3)));
  for (let j = m; j < total; j++) unchecked(hs[j] = load<u64>(hb + (<usize>(unchecked(t[j - m]) - b) << 3)));
  const cls = new StaticArray<i32>(total);
  for (let x = 0; x < total; x++) {
    let c = x;
    const hx = unchecked(hs[x]);
    const tx = x < m ? ta : tb;
    const nx = x < m ? unchecked(s[x]) : unchecked(t[x - m]);
    for (let y = 0; y < x; y++) {
      if (unchecked(cls[y]) != y || unchecked(hs[y]) != hx) continue;
      const ty = y < m ? ta : tb;
      const ny = y < m ? unchecked(s[y]) : unchecked(t[y - m]);
      if (same(opts, ty, ny, tx, nx) || goEqual(ty, ny, tx, nx)) { c = y; break; }
    }
    unchecked(cls[x] = c);
  }
  return cls;
}

const OP_NAMES: StaticArray<string> = ["add", "remove", "replace"];

/** Writes path bytes as json.Marshal's compaction leaves them: <, >, &, U+2028, U+2029 escaped. */
function writePath(out: ByteSink, p: Bytes): void {
  const end = p.ptr + <usize>p.len;
  let q = p.ptr;
  while (q < end) {
    const c = <i32>load<u8>(q);
    if (c == 0x3c) out.ascii("\\u003c");
    else if (c == 0x3e) out.ascii("\\u003e");
    else if (c == 0x26) out.ascii("\\u0026");
    else if (c == 0xe2 && q + 2 < end && load<u8>(q, 1) == 0x80 && (load<u8>(q, 2) & 0xfe) == 0xa8) {
      out.ascii(load<u8>(q, 2) == 0xa8 ? "\\u2028" : "\\u2029");
      q += 3;
      continue;
    } else out.byte(c);
    q++;
  }
}

// The operation's JSON up to the opening quote of its path, per kind, and the text before a value: static bytes.
const HEAD_ADD = memory.data<u8>([0x7b, 0x22, 0x6f, 0x70, 0x22, 0x3a, 0x22, 0x61, 0x64, 0x64, 0x22, 0x2c, 0x22, 0x70, 0x61, 0x74, 0x68, 0x22, 0x3a, 0x22]);
const HEAD_REMOVE = memory.data<u8>([0x7b, 0x22, 0x6f, 0x70, 0x22, 0x3a, 0x22, 0x72, 0x65, 0x6d, 0x6f, 0x76, 0x65, 0x22, 0x2c, 0x22, 0x70, 0x61, 0x74, 0x68, 0x22, 0x3a, 0x22]);
const HEAD_REPLACE = memory.data<u8>([0x7b, 0x22, 0x6f, 0x70, 0x22, 0x3a, 0x22, 0x72, 0x65, 0x70, 0x6c, 0x61, 0x63, 0x65, 0x22, 0x2c, 0x22, 0x70, 0x61, 0x74, 0x68, 0x22, 0x3a, 0x22]);
const VALUE_KEY = memory.data<u8>([0x22, 0x2c, 0x22, 0x76, 0x61, 0x6c, 0x75, 0x65, 0x22, 0x3a]);

/** Appends the operation's JSON up to the opening quote of its path. */
function writeHead(out: ByteSink, kind: i32): void {
  if (kind == OP_ADD) put(out, HEAD_ADD, 20);
  else if (kind == OP_REMOVE) put(out, HEAD_REMOVE, 23);
  else put(out, HEAD_REPLACE, 24);
}

/** out.bytes for the short pieces of an operation: 8 bytes at a time (no memory.copy call; may read up to 7 bytes past `src + n`). */
@inline function put(out: ByteSink, src: usize, n: i32): void {
  out.reserve(n + 8);
  const dst = out.ptr + <usize>out.len;
  for (let k = 0; k < n; k += 8) store<u64>(dst + <usize>k, load<u64>(src + <usize>k));
  out.len += n;
}

/** Appends `,` and the head of an "add" (`add`) or "replace" operation, up to its path's opening quote (PieceDiff's write). */
export function writeScalarHead(out: ByteSink, add: bool): void {
  out.byte(0x2c);
  writeHead(out, add ? OP_ADD : OP_REPLACE);
}

/** Appends the text between an operation's path and its value (PieceDiff's write). */
export function writeValueKey(out: ByteSink): void { put(out, VALUE_KEY, 10); }

/** Appends makePath's text for `p` into `out` at its end, treating `out.len` at entry as the path's start. */
function writeMadePathAt(out: ByteSink, p: Path | null, chain: PathChain): void {
  const start = out.len;
  let n = 0;
  while (p !== null) { chain.set(n++, p); p = p.parent; }
  for (let i = n - 1; i >= 0; i--) {
    const s = chain.get(i);
    if (out.len == start || out.at(out.len - 1) != 0x2f) out.byte(0x2f);
    if (s.index >= 0) out.uint(<u64>s.index);
    else if (!s.escape) put(out, s.ptr, s.len);
    else appendEscapedKey(out, s.ptr, s.len);
  }
}

/** Scratch list of the segments of one path (root last), reused for every operation written. */
@final
class PathChain {
  buf: usize = heap.alloc(32 << 2);
  cap: i32 = 32;

  set(i: i32, p: Path): void {
    if (i >= this.cap) { this.cap <<= 1; this.buf = heap.realloc(this.buf, <usize>this.cap << 2); }
    store<u32>(this.buf + (<usize>i << 2), <u32>changetype<usize>(p));
  }
  @inline get(i: i32): Path { return changetype<Path>(<usize>load<u32>(this.buf + (<usize>i << 2))); }
}

/** json.Marshal([]Operation) with the library's MarshalJSON. */
function marshalOps(tb: Tape, ops: Ops, opts: AppscodeOptions, out: ByteSink): bool {
  const wo = new WriteOptions();
  wo.mode = MODE_GO;
  wo.go22 = opts.go22;
  const n = ops.length;
  const chain = new PathChain();
  let errMsg: string | null = null;
  let errPath: Bytes | null = null;
  let errKind = 0;
  const start = out.len;
  out.byte(0x5b);
  for (let i = 0; i < n; i++) {
    const kind = ops.kind(i);
    const value = ops.value(i);
    const mark = out.len;
    if (i > 0) out.byte(0x2c);
    writeHead(out, kind);
    // the path is written in place, then checked: most paths need nothing more
    const ps = out.len;
    const op = ops.path(i);
    writeMadePathAt(out, op, chain);
    const pn = out.len - ps;
    const needs = op === null ? 0 : op.needs;
    if (needs != 0) {
      const copy = new ByteSink(pn);
      copy.bytes(out.ptr + <usize>ps, pn);
      const path = new Bytes(copy.ptr, copy.len);
      if (needs == 2) {
        out.truncate(mark);
        // what the library's MarshalJSON returns, checked as json.Marshal checks it
        const text = new ByteSink(path.len + 64);
        text.ascii("{\"op\":\"");
        text.ascii(OP_NAMES[kind]);
        text.ascii("\",\"path\":\"");
        text.bytes(path.ptr, path.len);
        text.byte(0x22);
        if (kind != OP_REMOVE) {
          text.ascii(",\"value\":");
          writeCanonical(tb, value, text, wo);
        }
        text.byte(0x7d);
        const ro = new ReadOptions();
        ro.goMinor = opts.goMinor;
        if (readJSON(text.ptr, text.len, ro) === null) {
          const msg = takeErrorMessage();
          const ep = errPath;
          let better = ep === null;
          if (ep !== null) {
            const c = compareBytes(path.ptr, path.len, ep.ptr, ep.len);
            better = c < 0 || (c == 0 && OP_NAMES[kind] < OP_NAMES[errKind]);
          }
          if (better) { errMsg = msg; errPath = path; errKind = kind; }
          continue;
        }
        if (errPath !== null) continue;
        if (i > 0) out.byte(0x2c);
        writeHead(out, kind);
      } else {
        out.truncate(ps);
      }
      writePath(out, path);
    }
    if (errPath !== null) { out.truncate(mark); continue; }
    if (kind != OP_REMOVE) {
      put(out, VALUE_KEY, 10);
      writeCanonical(tb, value, out, wo);
    } else out.byte(0x22);
    out.byte(0x7d);
    if (<i64>(out.len - start) > opts.maxPatchBytes) return patchTooLong(opts.maxPatchBytes);
  }
  out.byte(0x5d);
  const ep = errPath;
  if (ep !== null) {
    const type = opts.go27 ? "*jsonpatch.Operation" : "jsonpatch.Operation";
    return fail(E_PATCH_MARSHAL, "json: error calling MarshalJSON for type " + type + ": " + errMsg!, -1, bytesStr(ep));
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Pieces of a diff (the lockstep diff, assembly/fast/lockstep/lockstep.ts): the operations of handleValues on
// one pair of values at a known path, written at once, each as `,{...}` (the caller turns the first
// comma into `[`). The operations and their order are those the whole diff emits for that pair.

/** Class of an array element for isSimpleArray: 0 a scalar, 1 decides "not simple" (null, array, object with a container value), 2 decides "simple" (object of scalars and nulls). */
export function simpleClass(t: Tape, node: i32): i32 {
  if (isGoScalar(t, node)) return 0;
  if (t.kind(node) != K_OBJECT) return 1;
  const mm = t.children(node) > SMALL_OBJECT ? sortMembers(t, node) : docMembers(t, node);
  const count = membersCount(mm);
  const ms = membersAt(mm);
  for (let k = 0; k < count; k++) {
    const v = changetype<Member>(ms + <usize>k * offsetof<Member>()).value;
    if (t.kind(v) != K_NULL && !isGoScalar(t, v)) return 1;
  }
  return 2;
}

/** Diffs of value pairs appended to one output, with the working lists of one diff reused. */
@final
export class PieceDiff {
  ops: Ops = new Ops();
  tasks: Tasks = new Tasks();
  chain: PathChain = new PathChain();
  wo: WriteOptions = new WriteOptions();
  scratch: ByteSink = new ByteSink(256);

  constructor(public opts: AppscodeOptions) {
    this.wo.mode = MODE_GO;
    this.wo.go22 = opts.go22;
  }

  /**
   * Appends the operations of handleValues(a, b, path) and all it leads to. False (an error may be
   * recorded) when the whole diff must decide: an engine limit, or a path json.Marshal would refuse.
   */
  run(ta: Tape, a: i32, tb: Tape, b: i32, path: Path | null, out: ByteSink): bool {
    const ops = this.ops;
    const tasks = this.tasks;
    ops.length = 0;
    tasks.length = 0;
    if (!handleValues(ta, a, tb, b, path, tasks, ops, this.opts)) return false;
    while (tasks.length > 0) {
      tasks.length--;
      const r = tasks.at(tasks.length);
      const type = load<i32>(r);
      const x = load<i32>(r, 4);
      const y = load<i32>(r, 8);
      const p = changetype<Path | null>(<usize>load<u32>(r, 12));
      if (type == T_EMIT) { ops.add(x, p, y); continue; }
      if (!handleValues(ta, x, tb, y, p, tasks, ops, this.opts)) return false;
    }
    for (let i = 0, n = ops.length; i < n; i++) {
      if (!this.write(out, ops.kind(i), ops.path(i), tb, ops.value(i))) return false;
    }
    return true;
  }

  /** Appends an "add" of value `node` of `t` at `path`; false when json.Marshal would refuse the path. */
  @inline add(out: ByteSink, t: Tape, node: i32, path: Path): bool { return this.write(out, OP_ADD, path, t, node); }

  /** Appends a "remove" at `path`; false when json.Marshal would refuse the path. */
  @inline remove(out: ByteSink, path: Path): bool { return this.write(out, OP_REMOVE, path, null, -1); }

  /** Appends `,` and one operation as marshalOps writes it (never one json.Marshal would refuse: false). */
  private write(out: ByteSink, kind: i32, path: Path | null, tb: Tape | null, value: i32): bool {
    const needs = path === null ? 0 : path.needs;
    if (needs == 2 || <i64>out.len > this.opts.maxPatchBytes) return false;
    out.byte(0x2c);
    writeHead(out, kind);
    if (needs == 0) writeMadePathAt(out, path, this.chain);
    else {
      const s = this.scratch;
      s.truncate(0);
      writeMadePathAt(s, path, this.chain);
      writePath(out, new Bytes(s.ptr, s.len));
    }
    if (kind != OP_REMOVE) {
      put(out, VALUE_KEY, 10);
      writeCanonical(tb!, value, out, this.wo);
    } else out.byte(0x22);
    out.byte(0x7d);
    return true;
  }
}
