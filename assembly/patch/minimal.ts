// kinplace's own RFC 6902 diff (flavor "minimal"): small, readable patches that always apply back.
//
// - Values are compared as Go sees them after json.Unmarshal (numbers as float64, strings decoded,
//   objects as maps with the last duplicate winning); equal values produce no operation.
// - Objects: members removed from `from` (in its document order) or changed (recursively), then
//   members added (in the document order of `to`). A removed member whose non-empty object or array
//   value reappears under a new key of the same object becomes a `move`.
// - Arrays keep element identity where they can. When every element of both arrays is an object
//   with a unique scalar identity field (the first of name, mountPath, containerPort, devicePath, ip,
//   topologyKey that works), elements are matched by it: removed ones are removed, new ones added,
//   reordered ones moved (the longest run already in order stays put) and matched ones diffed
//   recursively. Otherwise the arrays are aligned on their longest common subsequence (after the
//   common prefix and suffix; when that table would exceed `maxEditMatrix` cells, or more than the engine
//   can hold (upstream/jsonpatch/matrix.ts), positionally), and
//   the elements between aligned ones are diffed pairwise (same kind of container: recursively,
//   else replaced), the surplus removed or added. Operations run left to right.
// - Pointers are RFC 6901 (`~0`, `~1`, a slash per level); values are the compact text of `to`
//   (member order and number spellings kept). A patch longer than `maxPatchBytes` (at most 256 MiB) is
//   E_PATCH_LIMIT.
// Iterative throughout.

import { ByteSink } from "../io/sink";
import { Tape, K_NULL, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT } from "../json/tape";
import { Member, compareBytes, membersAt, membersCount } from "../json/members";
import { docMembers } from "../json/docmembers";
import { goType, scalarEqual, goEqual, children, equalityClasses, decodeString, decodedPtr, decodedLen } from "../json/goequal";
import { writeCompact } from "../json/compact";
import { writeString as writeJCSString } from "../json/jcs";
import { Pointer, keyPointer, indexPointer } from "../upstream/jsonpatch/pointer";
import { patchTooLong, MAX_PATCH_BYTES } from "../upstream/jsonpatch/appscode";
import { allocMatrix } from "../upstream/jsonpatch/matrix";
import { KeyTable } from "../upstream/jsonpatch/keytable";

const OP_ADD: i32 = 0;
const OP_REMOVE: i32 = 1;
const OP_REPLACE: i32 = 2;
const OP_MOVE: i32 = 3;
const OP_NAMES: StaticArray<string> = ["add", "remove", "replace", "move"];

const T_DIFF: i32 = 0;
const T_EMIT: i32 = 1;

/** Identity fields tried for arrays of objects, in order. */
const ID_FIELDS: StaticArray<string> = ["name", "mountPath", "containerPort", "devicePath", "ip", "topologyKey"];

/** An item of work: a diff of (a, b) at `path`, or an operation. */
class Item {
  type: i32 = T_DIFF;
  kind: i32 = 0;
  a: i32 = -1;
  b: i32 = -1;
  /** null: the document itself */
  path: Pointer | null = null;
  from: Pointer | null = null;
}

function diffItem(a: i32, b: i32, path: Pointer | null): Item {
  const it = new Item();
  it.a = a;
  it.b = b;
  it.path = path;
  return it;
}

function opItem(kind: i32, path: Pointer | null, b: i32, from: Pointer | null = null): Item {
  const it = new Item();
  it.type = T_EMIT;
  it.kind = kind;
  it.path = path;
  it.b = b;
  it.from = from;
  return it;
}

/** Pushes a sequence so that its first item runs first. */
function pushAll(stack: Array<Item>, seq: Array<Item>): void {
  for (let i = seq.length - 1; i >= 0; i--) stack.push(seq[i]);
}

/**
 * The minimal diff of node `a` of `ta` to node `b` of `tb`, written as a JSON array into `out`. False with
 * E_PATCH_LIMIT recorded when the patch would be longer than `maxPatchBytes` (many operations deep down
 * repeat a long pointer each).
 */
export function minimalDiff(ta: Tape, a: i32, tb: Tape, b: i32, maxEditMatrix: i64, out: ByteSink,
  maxPatchBytes: i64 = MAX_PATCH_BYTES): bool {
  const stack = new Array<Item>();
  stack.push(diffItem(a, b, null));
  const start = out.len;
  const text = new ByteSink(64);
  let first = true;
  out.byte(0x5b);
  while (stack.length > 0) {
    const it = stack.pop();
    if (it.type == T_EMIT) {
      if (!first) out.byte(0x2c);
      first = false;
      writeOp(out, tb, it, text);
      if (<i64>(out.len - start) > maxPatchBytes) return patchTooLong(maxPatchBytes);
      continue;
    }
    const ka = goType(ta, it.a);
    const kb = goType(tb, it.b);
    if (ka != kb) { stack.push(opItem(OP_REPLACE, it.path, it.b)); continue; }
    if (ka == K_OBJECT) pushAll(stack, diffObjects(ta, it.a, tb, it.b, it.path));
    else if (ka == K_ARRAY) pushAll(stack, diffArrays(ta, it.a, tb, it.b, it.path, maxEditMatrix));
    else if (ka != K_NULL && !scalarEqual(ta, it.a, tb, it.b)) stack.push(opItem(OP_REPLACE, it.path, it.b));
  }
  out.byte(0x5d);
  return true;
}

/** Writes one operation; `text` is scratch for the pointers' text (rewritten before every use). */
function writeOp(out: ByteSink, tb: Tape, it: Item, text: ByteSink): void {
  out.ascii("{\"op\":\"");
  out.ascii(OP_NAMES[it.kind]);
  out.byte(0x22);
  const from = it.from;
  if (from !== null) {
    out.ascii(",\"from\":");
    writePointer(out, from, text);
  }
  out.ascii(",\"path\":");
  writePointer(out, it.path, text);
  if (it.kind == OP_ADD || it.kind == OP_REPLACE) {
    out.ascii(",\"value\":");
    writeCompact(tb, it.b, out, false);
  }
  out.byte(0x7d);
}

/** Writes a pointer as a JSON string (RFC 8785 escaping); `text` is scratch. */
function writePointer(out: ByteSink, p: Pointer | null, text: ByteSink): void {
  text.truncate(0);
  if (p !== null) p.write(text);
  writeJCSString(out, text.ptr, text.len);
}

/** Members of object node i, unique (last duplicate wins), in document order. */
function docOrderMembers(t: Tape, i: i32): StaticArray<Member> {
  const dm = docMembers(t, i);
  const n = membersCount(dm);
  const base = membersAt(dm);
  const out = new StaticArray<Member>(n);
  for (let j = 0; j < n; j++) out[j] = changetype<Member>(base + <usize>j * offsetof<Member>());
  return out;
}

/** The members of an object by key: a member's key number is its index. */
function keyTable(ms: StaticArray<Member>): KeyTable {
  const t = new KeyTable();
  for (let i = 0; i < ms.length; i++) t.add(ms[i].keyPtr, ms[i].keyLen);
  return t;
}

/** A non-empty object or array: worth a move rather than remove + add. */
function movable(t: Tape, i: i32): bool {
  const k = t.kind(i);
  return (k == K_OBJECT || k == K_ARRAY) && t.children(i) > 0;
}

function diffObjects(ta: Tape, a: i32, tb: Tape, b: i32, path: Pointer | null): Array<Item> {
  const ma = docOrderMembers(ta, a);
  const mb = docOrderMembers(tb, b);
  const seq = new Array<Item>();
  const ia = keyTable(ma);
  const ib = keyTable(mb);
  const inB = new StaticArray<i32>(ma.length);
  for (let i = 0; i < ma.length; i++) {
    const m = ma[i];
    inB[i] = ib.find(m.keyPtr, m.keyLen);
  }
  const inA = new StaticArray<i32>(mb.length);
  for (let j = 0; j < mb.length; j++) {
    const m = mb[j];
    inA[j] = ia.find(m.keyPtr, m.keyLen);
  }
  // renames: a removed member whose value reappears under an added key (the first one not taken yet)
  const movedTo = new StaticArray<i32>(ma.length);
  const movedFrom = new StaticArray<i32>(mb.length);
  for (let i = 0; i < ma.length; i++) movedTo[i] = -1;
  for (let j = 0; j < mb.length; j++) movedFrom[j] = -1;
  matchRenames(ta, ma, inB, tb, mb, inA, movedTo, movedFrom);
  for (let i = 0; i < ma.length; i++) {
    const m = ma[i];
    const p = keyPointer(path, m.keyPtr, m.keyLen);
    if (inB[i] >= 0) seq.push(diffItem(m.value, mb[inB[i]].value, p));
    else if (movedTo[i] < 0) seq.push(opItem(OP_REMOVE, p, -1));
  }
  for (let j = 0; j < mb.length; j++) {
    if (inA[j] >= 0) continue;
    const m = mb[j];
    const p = keyPointer(path, m.keyPtr, m.keyLen);
    const src = movedFrom[j];
    if (src >= 0) seq.push(opItem(OP_MOVE, p, -1, keyPointer(path, ma[src].keyPtr, ma[src].keyLen)));
    else seq.push(opItem(OP_ADD, p, m.value));
  }
  return seq;
}

/**
 * Pairs each added member with a non-empty object or array value (in order) with the first removed member
 * of an equal value not taken yet: the removed and added values are grouped by equality class, each
 * class a queue of removed members in order.
 */
function matchRenames(ta: Tape, ma: StaticArray<Member>, inB: StaticArray<i32>, tb: Tape, mb: StaticArray<Member>,
  inA: StaticArray<i32>, movedTo: StaticArray<i32>, movedFrom: StaticArray<i32>): void {
  const removed = new Array<i32>();
  for (let i = 0; i < ma.length; i++) if (inB[i] < 0) removed.push(i);
  const added = new Array<i32>();
  for (let j = 0; j < mb.length; j++) if (inA[j] < 0 && movable(tb, mb[j].value)) added.push(j);
  if (removed.length == 0 || added.length == 0) return;
  const s = new StaticArray<i32>(removed.length);
  for (let k = 0; k < removed.length; k++) s[k] = ma[removed[k]].value;
  const t = new StaticArray<i32>(added.length);
  for (let k = 0; k < added.length; k++) t[k] = mb[added[k]].value;
  const cls = equalityClasses(ta, s, tb, t);
  // queues of removed members by class (a class is named by its lowest id: a removed member when any)
  const r = removed.length;
  const next = new StaticArray<i32>(r);
  const head = new StaticArray<i32>(r);
  const tail = new StaticArray<i32>(r);
  for (let k = 0; k < r; k++) { head[k] = -1; next[k] = -1; }
  for (let k = 0; k < r; k++) {
    const c = cls[k];
    if (head[c] < 0) head[c] = k; else next[tail[c]] = k;
    tail[c] = k;
  }
  for (let k = 0; k < added.length; k++) {
    const c = cls[r + k];
    if (c >= r || head[c] < 0) continue;
    const q = head[c];
    head[c] = next[q];
    movedTo[removed[q]] = added[k];
    movedFrom[added[k]] = removed[q];
  }
}

// ---------------------------------------------------------------------------------------------------
// Arrays

/** The value of member `name` of object node i (last duplicate wins), or -1. */
function memberValue(t: Tape, i: i32, name: string): i32 {
  const n = t.children(i);
  let k = i + 1;
  let found = -1;
  for (let m = 0; m < n; m++) {
    const v = t.next(k);
    const d = decodeString(t, k);
    if (decodedLen(d) == name.length) {
      let same = true;
      for (let c = 0; c < name.length; c++) {
        if (<i32>load<u8>(decodedPtr(d) + <usize>c) != name.charCodeAt(c)) { same = false; break; }
      }
      if (same) found = v;
    }
    k = t.next(v);
  }
  return found;
}

/** Identity nodes of the elements for field `name`, or null when an element lacks a scalar one. */
function identities(t: Tape, els: StaticArray<i32>, name: string): StaticArray<i32> | null {
  const ids = new StaticArray<i32>(els.length);
  for (let i = 0; i < els.length; i++) {
    const e = els[i];
    if (t.kind(e) != K_OBJECT) return null;
    const v = memberValue(t, e, name);
    if (v < 0) return null;
    const k = t.kind(v);
    if (k != K_STRING && k != K_NUMBER) return null;
    ids[i] = v;
  }
  return ids;
}

/** True when the class ids [from, to) are all different. */
function unique(cls: StaticArray<i32>, from: i32, to: i32, seen: StaticArray<bool>): bool {
  for (let i = from; i < to; i++) {
    const c = cls[i];
    if (seen[c]) return false;
    seen[c] = true;
  }
  return true;
}

function diffArrays(ta: Tape, a: i32, tb: Tape, b: i32, path: Pointer | null, maxEditMatrix: i64): Array<Item> {
  const s = children(ta, a);
  const t = children(tb, b);
  const m = s.length;
  const n = t.length;
  if (m > 0 && n > 0) {
    for (let f = 0; f < ID_FIELDS.length; f++) {
      const ia = identities(ta, s, ID_FIELDS[f]);
      if (ia === null) continue;
      const ib = identities(tb, t, ID_FIELDS[f]);
      if (ib === null) continue;
      const cls = equalityClasses(ta, ia, tb, ib);
      const seen = new StaticArray<bool>(m + n);
      if (!unique(cls, 0, m, seen)) continue;
      const seen2 = new StaticArray<bool>(m + n);
      if (!unique(cls, m, m + n, seen2)) continue;
      return keyedDiff(s, t, cls, path);
    }
  }
  return alignedDiff(ta, s, tb, t, path, maxEditMatrix);
}

/** Arrays matched by identity: removes, then a left-to-right pass of adds, moves and recursive diffs. */
function keyedDiff(s: StaticArray<i32>, t: StaticArray<i32>, cls: StaticArray<i32>, path: Pointer | null): Array<Item> {
  const m = s.length;
  const n = t.length;
  const seq = new Array<Item>();
  // src[j]: the index in s of t[j]'s element, or -1 when new (class reps are the lowest index, so an
  // element of s represents its class)
  const src = new StaticArray<i32>(n);
  const kept = new StaticArray<bool>(m);
  for (let j = 0; j < n; j++) {
    const c = cls[m + j];
    src[j] = c < m ? c : -1;
    if (c < m) kept[c] = true;
  }
  // removes, from the highest index down
  for (let i = m - 1; i >= 0; i--) if (!kept[i]) seq.push(opItem(OP_REMOVE, indexPointer(path, i), -1));
  // the current array: indices into s of the kept elements, in order
  const cur = new Array<i32>();
  for (let i = 0; i < m; i++) if (kept[i]) cur.push(i);
  // anchored: a longest increasing run (by target position) stays in place
  const targetOf = new StaticArray<i32>(m);
  for (let j = 0; j < n; j++) if (src[j] >= 0) targetOf[src[j]] = j;
  const anchored = longestIncreasing(cur, targetOf, m);
  const pushed = new StaticArray<bool>(m);
  // positions below j are final; the elements from j on are those of `rest`, in its order
  const rest = new Remaining(cur, m);
  let j = 0;
  while (j < n) {
    const want = src[j];
    if (want < 0) {
      seq.push(opItem(OP_ADD, indexPointer(path, j), t[j]));
      j++;
      continue;
    }
    const x = rest.first();
    if (x == want) {
      seq.push(diffItem(s[x], t[j], indexPointer(path, j)));
      rest.take(x);
      j++;
      continue;
    }
    if (!anchored[x] && !pushed[x] && anchored[want]) {
      // move the element in the way to the end; it comes back when its turn comes
      seq.push(opItem(OP_MOVE, indexPointer(path, -1), -1, indexPointer(path, j)));
      rest.take(x);
      rest.append(x);
      pushed[x] = true;
      continue;
    }
    const p = j + rest.before(want);
    seq.push(opItem(OP_MOVE, indexPointer(path, j), -1, indexPointer(path, p)));
    rest.take(want);
    seq.push(diffItem(s[want], t[j], indexPointer(path, j)));
    j++;
  }
  return seq;
}

/**
 * The elements not placed yet, in order, with the number before any of them in O(log n): each holds a slot
 * (the kept elements first, one more at the end for each moved there), and a Fenwick tree counts the slots in use.
 */
class Remaining {
  slotOf: StaticArray<i32>;
  atSlot: StaticArray<i32>;
  tree: StaticArray<i32>;
  head: i32 = 0;
  end: i32;

  /** `order`: indices into s (below m) in order. */
  constructor(order: Array<i32>, m: i32) {
    const k = order.length;
    const cap = 2 * k + 1;
    this.slotOf = new StaticArray<i32>(m);
    this.atSlot = new StaticArray<i32>(cap);
    this.tree = new StaticArray<i32>(cap + 1);
    for (let q = 0; q < cap; q++) this.atSlot[q] = -1;
    for (let q = 0; q < k; q++) {
      this.slotOf[order[q]] = q;
      this.atSlot[q] = order[q];
      this.add(q, 1);
    }
    this.end = k;
  }

  private add(q: i32, d: i32): void {
    const tree = this.tree;
    for (let i = q + 1; i < tree.length; i += i & -i) tree[i] += d;
  }

  /** The first element not placed yet. */
  first(): i32 {
    while (this.atSlot[this.head] < 0) this.head++;
    return this.atSlot[this.head];
  }

  /** How many elements not placed yet come before element x. */
  before(x: i32): i32 {
    let c = 0;
    for (let i = this.slotOf[x]; i > 0; i -= i & -i) c += this.tree[i];
    return c;
  }

  /** Places element x (it leaves the sequence). */
  take(x: i32): void {
    const q = this.slotOf[x];
    this.atSlot[q] = -1;
    this.add(q, -1);
  }

  /** Puts element x at the end. */
  append(x: i32): void {
    const q = this.end++;
    this.slotOf[x] = q;
    this.atSlot[q] = x;
    this.add(q, 1);
  }
}

/** Marks the elements of `cur` (indices into s) on a longest run whose target positions increase. */
function longestIncreasing(cur: Array<i32>, targetOf: StaticArray<i32>, m: i32): StaticArray<bool> {
  const n = cur.length;
  const tails = new StaticArray<i32>(n + 1); // index into cur of the tail of each length
  const prev = new StaticArray<i32>(n);
  let len = 0;
  for (let i = 0; i < n; i++) {
    const v = targetOf[cur[i]];
    let lo = 0;
    let hi = len;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (targetOf[cur[tails[mid]]] < v) lo = mid + 1; else hi = mid;
    }
    prev[i] = lo > 0 ? tails[lo - 1] : -1;
    tails[lo] = i;
    if (lo == len) len++;
  }
  const out = new StaticArray<bool>(m);
  let k = len > 0 ? tails[len - 1] : -1;
  while (k >= 0) {
    out[cur[k]] = true;
    k = prev[k];
  }
  return out;
}

/** Arrays aligned on a longest common subsequence; gaps diffed pairwise, left to right. */
function alignedDiff(ta: Tape, s: StaticArray<i32>, tb: Tape, t: StaticArray<i32>, path: Pointer | null, maxEditMatrix: i64): Array<Item> {
  const m = s.length;
  const n = t.length;
  const cls = equalityClasses(ta, s, tb, t);
  // matched[i] = j when s[i] is aligned with t[j], else -1
  const matched = new StaticArray<i32>(m);
  for (let i = 0; i < m; i++) matched[i] = -1;
  let pre = 0;
  while (pre < m && pre < n && cls[pre] == cls[m + pre]) { matched[pre] = pre; pre++; }
  let suf = 0;
  while (suf < m - pre && suf < n - pre && cls[m - 1 - suf] == cls[m + n - 1 - suf]) { matched[m - 1 - suf] = n - 1 - suf; suf++; }
  const mm = m - pre - suf;
  const nn = n - pre - suf;
  const cells = <i64>(mm + 1) * <i64>(nn + 1);
  const L = mm > 0 && nn > 0 && cells <= maxEditMatrix ? allocMatrix(cells) : 0;
  if (L != 0) {
    // LCS lengths of suffixes: L[i][j] for s[pre+i..], t[pre+j..]
    const w = nn + 1;
    memory.fill(L, 0, <usize>cells << 2);
    for (let i = mm - 1; i >= 0; i--) {
      for (let j = nn - 1; j >= 0; j--) {
        let v: i32;
        if (cls[pre + i] == cls[m + pre + j]) v = load<i32>(L + (<usize>((i + 1) * w + j + 1) << 2)) + 1;
        else {
          const x = load<i32>(L + (<usize>((i + 1) * w + j) << 2));
          const y = load<i32>(L + (<usize>(i * w + j + 1) << 2));
          v = x > y ? x : y;
        }
        store<i32>(L + (<usize>(i * w + j) << 2), v);
      }
    }
    let i = 0;
    let j = 0;
    while (i < mm && j < nn) {
      if (cls[pre + i] == cls[m + pre + j]) { matched[pre + i] = pre + j; i++; j++; }
      else if (load<i32>(L + (<usize>((i + 1) * w + j) << 2)) >= load<i32>(L + (<usize>(i * w + j + 1) << 2))) i++;
      else j++;
    }
  }
  // walk left to right; c is the current index in the array being patched
  const seq = new Array<Item>();
  let c = 0;
  let i = 0;
  let j = 0;
  while (i < m || j < n) {
    // the gap before the next aligned pair (or the end)
    let gi = i;
    while (gi < m && matched[gi] < 0) gi++;
    const gj = gi < m ? matched[gi] : n;
    const da = gi - i;
    const db = gj - j;
    const pairs = da < db ? da : db;
    for (let k = 0; k < pairs; k++) {
      const x = s[i + k];
      const y = t[j + k];
      const kx = goType(ta, x);
      if ((kx == K_OBJECT || kx == K_ARRAY) && kx == goType(tb, y)) seq.push(diffItem(x, y, indexPointer(path, c)));
      else if (!goEqual(ta, x, tb, y)) seq.push(opItem(OP_REPLACE, indexPointer(path, c), y));
      c++;
    }
    for (let k = pairs; k < da; k++) seq.push(opItem(OP_REMOVE, indexPointer(path, c), -1));
    for (let k = pairs; k < db; k++) {
      seq.push(opItem(OP_ADD, indexPointer(path, c), t[j + k]));
      c++;
    }
    i = gi;
    j = gj;
    if (i < m) {
      // the aligned pair itself: equal values
      c++;
      i++;
      j++;
    }
  }
  return seq;
}
