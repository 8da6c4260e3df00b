// A mutable JSON tree in the per-call arena, for the patch engines (JSON Patch, merge patch, and later
// strategic merge patch). A Node is either unparsed text (K_RAW: a subtree of a Tape, parsed only
// when needed, so untouched values keep their exact bytes), a scalar built in memory, or an
// expanded container. Expanded objects behave like Go maps: keys are unique (the last duplicate
// wins) and kept sorted by bytes, which is also the order Go's json.Marshal writes them in.
// Nothing here recurses over the depth of the input.

import { ByteSink } from "../io/sink";
import { Tape, K_NULL, K_FALSE, K_TRUE, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT } from "./tape";
import { sortMembers, membersAt, membersCount, Member, compareBytes } from "./members";
import { writeGoString } from "./strings";
import { writeCompact } from "./compact";
import { writeCanonical, WriteOptions, MODE_GO } from "./writer";
import { parseNumber, writeGoFloat64 } from "./number";

/** Node kind: unparsed JSON text (a Tape subtree), or no text at all when `tape` is null. */
export const K_RAW: i32 = 7;

/** Bytes in the arena: an object key or a scalar's text. */
@final
export class Bytes {
  constructor(public ptr: usize, public len: i32) {}
}

/** One value of the tree. */
export class Node {
  /** K_RAW, K_OBJECT, K_ARRAY, or a scalar kind (K_NULL .. K_STRING) built in memory. */
  kind: i32 = K_RAW;
  /** Source text (K_RAW), kept after expansion; null means no text (Go's nil json.RawMessage). */
  tape: Tape | null = null;
  /** Node index of the text in `tape`. */
  idx: i32 = -1;
  /** Scalars built in memory: number text or decoded string bytes. */
  ptr: usize = 0;
  len: i32 = 0;
  /** Expanded container that is Go's nil map or nil slice (written as null). */
  isNil: bool = false;
  /** Expanded object: keys, sorted by bytes, unique; parallel to `items`. */
  keys: Array<Bytes> | null = null;
  /** Expanded object values or array elements; a null entry is Go's nil (written as null). */
  items: Array<Node | null> | null = null;

  /** Number of members or elements of an expanded container. */
  @inline get size(): i32 { return this.items!.length; }
}

/** A node for the text of node `idx` of `t` (t null: no text). */
export function rawNode(t: Tape | null, idx: i32): Node {
  const n = new Node();
  n.tape = t;
  n.idx = idx;
  return n;
}

/** A new empty object (`isNil`: Go's nil map). */
export function newObject(isNil: bool = false): Node {
  const n = new Node();
  n.kind = K_OBJECT;
  n.isNil = isNil;
  n.keys = new Array<Bytes>();
  n.items = new Array<Node | null>();
  return n;
}

/** A new empty array (`isNil`: Go's nil slice). */
export function newArray(isNil: bool = false): Node {
  const n = new Node();
  n.kind = K_ARRAY;
  n.isNil = isNil;
  n.items = new Array<Node | null>();
  return n;
}

/** A string scalar holding decoded bytes. */
export function newString(p: usize, len: i32): Node {
  const n = new Node();
  n.kind = K_STRING;
  n.ptr = p;
  n.len = len;
  return n;
}

/** Kind of the value a node stands for (the tape kind for raw text; K_NULL for no text). */
export function valueKind(n: Node): i32 {
  if (n.kind != K_RAW) return n.kind;
  const t = n.tape;
  return t === null ? K_NULL : t.kind(n.idx);
}

/** Child nodes for the elements of tape array `idx`: a JSON null becomes a nil entry. */
function rawItems(t: Tape, idx: i32, items: Array<Node | null>): void {
  const count = t.children(idx);
  let c = idx + 1;
  for (let i = 0; i < count; i++) {
    items.push(t.kind(c) == K_NULL ? null : rawNode(t, c));
    c = t.next(c);
  }
}

/**
 * Expands `n` into an object from its text, as Go's json.Unmarshal into a map of raw values does:
 * the text must be an object (members become raw nodes, null values nil entries, the last duplicate
 * wins) or null (Go's nil map). Returns false, leaving `n` unchanged, for any other text.
 */
export function expandObject(n: Node): bool {
  const t = n.tape;
  if (t === null) return false;
  const k = t.kind(n.idx);
  if (k == K_NULL) {
    n.kind = K_OBJECT;
    n.isNil = true;
    n.keys = new Array<Bytes>();
    n.items = new Array<Node | null>();
    return true;
  }
  if (k != K_OBJECT) return false;
  const sorted = sortMembers(t, n.idx);
  const count = membersCount(sorted);
  const base = membersAt(sorted);
  const keys = new Array<Bytes>(count);
  const items = new Array<Node | null>(count);
  for (let i = 0; i < count; i++) {
    const m = changetype<Member>(base + <usize>i * offsetof<Member>());
    keys[i] = new Bytes(m.keyPtr, m.keyLen);
    items[i] = t.kind(m.value) == K_NULL ? null : rawNode(t, m.value);
  }
  n.kind = K_OBJECT;
  n.isNil = false;
  n.keys = keys;
  n.items = items;
  return true;
}

/** Expands `n` into an array from its text (an array, or null: Go's nil slice); false otherwise. */
export function expandArray(n: Node): bool {
  const t = n.tape;
  if (t === null) return false;
  const k = t.kind(n.idx);
  if (k != K_NULL && k != K_ARRAY) return false;
  const items = new Array<Node | null>();
  if (k == K_ARRAY) rawItems(t, n.idx, items);
  n.kind = K_ARRAY;
  n.isNil = k == K_NULL;
  n.keys = null;
  n.items = items;
  return true;
}

/**
 * Expands the whole value `n` (raw text included) into containers down to the leaves, which stay raw
 * scalar text: the tree Go's json.Unmarshal into interface{} gives. Iterative.
 */
export function expandAll(n: Node): void {
  const stack = new Array<Node>();
  stack.push(n);
  while (stack.length > 0) {
    const x = stack.pop();
    const k = valueKind(x);
    if (x.kind == K_RAW) {
      if (k == K_OBJECT) expandObject(x);
      else if (k == K_ARRAY) expandArray(x);
      else continue;
    }
    if (x.kind == K_OBJECT || x.kind == K_ARRAY) {
      const items = x.items!;
      for (let i = 0; i < items.length; i++) {
        const c = items[i];
        if (c !== null) stack.push(c);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Objects

/** Index of member `key` in expanded object `n`, or -(insertion point) - 1 when absent. */
export function findKey(n: Node, p: usize, len: i32): i32 {
  const keys = n.keys!;
  let lo = 0;
  let hi = keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const k = unchecked(keys[mid]);
    const c = compareBytes(k.ptr, k.len, p, len);
    if (c == 0) return mid;
    if (c < 0) lo = mid + 1; else hi = mid - 1;
  }
  return -lo - 1;
}

/** The index of member `key` of expanded object `n` in its items (its value, maybe nil, is `n.items![i]`), or -1 when absent. */
export function memberIndex(n: Node, p: usize, len: i32): i32 {
  const i = findKey(n, p, len);
  return i < 0 ? -1 : i;
}

/** Sets member `key` of expanded object `n` (inserting it in key order when new). */
export function setMember(n: Node, key: Bytes, v: Node | null): void {
  const i = findKey(n, key.ptr, key.len);
  if (i >= 0) { n.items![i] = v; return; }
  const at = -i - 1;
  insertAt<Bytes>(n.keys!, at, key);
  insertItem(n.items!, at, v);
}

/** Removes member `key` of expanded object `n`; false when absent. */
export function deleteMember(n: Node, p: usize, len: i32): bool {
  const i = findKey(n, p, len);
  if (i < 0) return false;
  n.keys!.splice(i, 1);
  removeItem(n.items!, i);
  return true;
}

/** Inserts v at index `at` of an array (AssemblyScript's splice cannot insert). */
export function insertAt<T>(a: Array<T>, at: i32, v: T): void {
  a.push(v);
  for (let j = a.length - 1; j > at; j--) unchecked(a[j] = a[j - 1]);
  a[at] = v;
}

/** Inserts v at index `at` of items. */
export function insertItem(items: Array<Node | null>, at: i32, v: Node | null): void {
  items.push(null);
  for (let j = items.length - 1; j > at; j--) unchecked(items[j] = items[j - 1]);
  items[at] = v;
}

/** Removes the item at index `at`. */
export function removeItem(items: Array<Node | null>, at: i32): void {
  const n = items.length;
  for (let j = at; j < n - 1; j++) unchecked(items[j] = items[j + 1]);
  items.pop();
}

// ---------------------------------------------------------------------------------------------------
// Writers

/** Writer flavours: what a raw (unparsed) subtree turns into. */
export const WRITE_GO: i32 = 0;
/** evanphx/json-patch's lazyNode: raw text is written as json.Marshal writes a json.RawMessage (compacted). */
export const WRITE_RAW: i32 = 1;

/**
 * Writes `n` (null: Go's nil) as Go's json.Marshal does: expanded objects with sorted keys, nil
 * containers as null; raw text either re-encoded as Go values (WRITE_GO: keys sorted, numbers through
 * float64) or compacted verbatim (WRITE_RAW). Raw numbers must already be known to fit a float64.
 */
export function writeNode(n: Node | null, out: ByteSink, mode: i32, go22: bool): void {
  // explicit stack: (container, next position)
  const nodes = new Array<Node>();
  const pos = new Array<i32>();
  const wo = new WriteOptions();
  wo.mode = MODE_GO;
  wo.go22 = go22;
  let cur: Node | null = n;
  while (true) {
    // write `cur` (or open it)
    if (cur === null) {
      out.ascii("null");
    } else {
      const x = cur;
      const k = x.kind;
      if (k == K_OBJECT || k == K_ARRAY) {
        if (x.isNil) out.ascii("null");
        else {
          out.byte(k == K_OBJECT ? 0x7b : 0x5b);
          nodes.push(x);
          pos.push(0);
        }
      } else if (k == K_RAW) {
        const t = x.tape;
        if (t === null) out.ascii("null");
        else if (mode == WRITE_RAW) writeCompact(t, x.idx, out);
        else writeCanonical(t, x.idx, out, wo);
      } else writeScalar(x, out, mode, go22);
    }
    // find the next value to write, closing finished containers
    let found = false;
    while (nodes.length > 0) {
      const top = nodes[nodes.length - 1];
      const i = pos[pos.length - 1];
      const items = top.items!;
      if (i >= items.length) {
        out.byte(top.kind == K_OBJECT ? 0x7d : 0x5d);
        nodes.pop();
        pos.pop();
        continue;
      }
      pos[pos.length - 1] = i + 1;
      if (i > 0) out.byte(0x2c);
      if (top.kind == K_OBJECT) {
        const key = unchecked(top.keys![i]);
        writeGoString(out, key.ptr, key.len, go22, true);
        out.byte(0x3a);
      }
      cur = unchecked(items[i]);
      found = true;
      break;
    }
    if (!found) return;
  }
}

/** Writes a scalar built in memory. */
function writeScalar(x: Node, out: ByteSink, mode: i32, go22: bool): void {
  const k = x.kind;
  if (k == K_STRING) writeGoString(out, x.ptr, x.len, go22, true);
  else if (k == K_NUMBER) {
    if (mode == WRITE_RAW) out.bytes(x.ptr, x.len);
    else writeGoFloat64(out, parseNumber(x.ptr, x.len));
  } else if (k == K_TRUE) out.ascii("true");
  else if (k == K_FALSE) out.ascii("false");
  else out.ascii("null");
}
