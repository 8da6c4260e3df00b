// The parsed tree: a flat tape of fixed-size nodes in document order, pointing into the source bytes.
//
// Node i occupies five i32 words at `nodes + i*20`:
//   word 0: kind (low 8 bits) | flags
//   word 1: start byte offset (string: first byte after the opening quote; container: the bracket)
//   word 2: end byte offset (string: the closing quote; number/literal/container: one past the last byte)
//   word 3: index of the node that follows this subtree (skip pointer)
//   word 4: containers: the number of children (object: number of members)
// Object members are a key (string node) followed by its value.

import { ByteSink } from "../io/sink";

export const K_NULL: i32 = 0;
export const K_FALSE: i32 = 1;
export const K_TRUE: i32 = 2;
export const K_NUMBER: i32 = 3;
export const K_STRING: i32 = 4;
export const K_ARRAY: i32 = 5;
export const K_OBJECT: i32 = 6;

/** String node flag: contains a backslash escape. */
export const F_ESCAPE: i32 = 1 << 8;
/** String node flag: contains bytes >= 0x80. */
export const F_HIGH: i32 = 1 << 9;
/** String node flag: contains `<`, `>` or `&` (Go's encoder escapes them). */
export const F_HTML: i32 = 1 << 11;
/** String flags that make Go's encoder look at the bytes; without them it copies the content verbatim. */
export const F_NOT_PLAIN: i32 = F_ESCAPE | F_HIGH | F_HTML;
/** Number node flag: integer syntax (no fraction, no exponent). */
export const F_INT: i32 = 1 << 10;

/** A parsed JSON document: source bytes plus the node tape. */
export class Tape {
  src: usize = 0;
  srcLen: i32 = 0;
  nodes: usize;
  count: i32 = 0;
  cap: i32;
  /** Numbers that are not short integers (need float conversion when written). */
  slowNumbers: i32 = 0;
  /** Deepest nesting of the value (0 for a scalar), as the reader that built the tape saw it. */
  depth: i32 = 0;

  constructor(cap: i32 = 64) {
    this.cap = cap < 8 ? 8 : cap;
    this.nodes = heap.alloc(<usize>this.cap * 20);
  }

  /** Appends a node and returns its index. */
  @inline push(kind: i32, start: i32, end: i32): i32 {
    if (this.count >= this.cap) this.grow();
    const i = this.count;
    const p = this.nodes + <usize>i * 20;
    store<i32>(p, kind);
    store<i32>(p, start, 4);
    store<i32>(p, end, 8);
    store<i32>(p, i + 1, 12);
    store<i32>(p, 0, 16);
    this.count = i + 1;
    return i;
  }

  private grow(): void {
    const cap = this.cap << 1;
    this.nodes = heap.realloc(this.nodes, <usize>cap * 20);
    this.cap = cap;
  }

  /** Kind of node i (K_*). */
  @inline kind(i: i32): i32 { return load<i32>(this.nodes + (<usize>i * 20)) & 0xff; }
  /** Kind and flags of node i. */
  @inline flags(i: i32): i32 { return load<i32>(this.nodes + (<usize>i * 20)); }
  /** Start offset of node i. */
  @inline start(i: i32): i32 { return load<i32>(this.nodes + (<usize>i * 20), 4); }
  /** End offset of node i (one past its last byte; for strings, the closing quote). */
  @inline end(i: i32): i32 { return load<i32>(this.nodes + (<usize>i * 20), 8); }
  /** Number of children of a container (object: members). */
  @inline children(i: i32): i32 { return load<i32>(this.nodes + (<usize>i * 20), 16); }
  @inline setCount(i: i32, v: i32): void { store<i32>(this.nodes + (<usize>i * 20), v, 16); }
  /** Index of the node after the subtree rooted at i. */
  @inline next(i: i32): i32 { return load<i32>(this.nodes + (<usize>i * 20), 12); }

  @inline setFlags(i: i32, v: i32): void { store<i32>(this.nodes + (<usize>i * 20), v); }
  @inline setEnd(i: i32, v: i32): void { store<i32>(this.nodes + (<usize>i * 20), v, 8); }
  @inline setNext(i: i32, v: i32): void { store<i32>(this.nodes + (<usize>i * 20), v, 12); }

  /** Pointer to the first source byte of node i. */
  @inline ptr(i: i32): usize { return this.src + <usize>this.start(i); }
  /** Byte length of node i (string: content without quotes). */
  @inline len(i: i32): i32 { return this.end(i) - this.start(i); }

  /** Offset of the first byte of node i's text (a string's opening quote). */
  @inline rawStart(i: i32): i32 { return this.kind(i) == K_STRING ? this.start(i) - 1 : this.start(i); }
  /** Offset one past the last byte of node i's text (after a string's closing quote). */
  @inline rawEnd(i: i32): i32 { return this.kind(i) == K_STRING ? this.end(i) + 1 : this.end(i); }

  /**
   * The first container node holding more than `max` children (elements or members), or -1. `lists`: the
   * arrays at the top - the root when it is an array, the root object's member values that are arrays - are
   * not counted (lists of whole objects, such as a request's pods, which their op limits on its own).
   */
  firstOver(max: i32, lists: bool): i32 {
    if (this.count == 0) return -1;
    const root = this.kind(0);
    if (root < K_ARRAY) return -1;
    if (!lists) return this.overIn(0, this.count, max);
    if (root == K_ARRAY) return this.overIn(1, this.count, max);
    if (this.children(0) > max) return 0;
    const n = this.children(0);
    let k = 1;
    for (let m = 0; m < n; m++) {
      const v = this.next(k);
      const after = this.next(v);
      const kind = this.kind(v);
      if (kind == K_OBJECT && this.children(v) > max) return v;
      if (kind >= K_ARRAY) {
        const i = this.overIn(v + 1, after, max);
        if (i >= 0) return i;
      }
      k = after;
    }
    return -1;
  }

  /** The first container among nodes [from, to) holding more than `max` children, or -1. */
  private overIn(from: i32, to: i32, max: i32): i32 {
    for (let i = from; i < to; i++) {
      const p = this.nodes + <usize>i * 20;
      if ((load<i32>(p) & 0xff) >= K_ARRAY && load<i32>(p, 16) > max) return i;
    }
    return -1;
  }

  /** The JSON path of node `target` from the root (`a.b[2].c`, keys as their raw bytes). */
  pathTo(target: i32): string {
    const b = new ByteSink(64);
    let node = 0;
    while (node != target && this.kind(node) >= K_ARRAY) {
      const obj = this.kind(node) == K_OBJECT;
      const n = this.children(node);
      let k = node + 1;
      let found = -1;
      for (let m = 0; m < n; m++) {
        const v = obj ? this.next(k) : k;
        const after = this.next(v);
        if (target >= v && target < after) {
          if (obj) {
            if (b.len > 0) b.byte(0x2e);
            b.bytes(this.ptr(k), this.len(k));
          } else {
            b.byte(0x5b);
            b.int(m);
            b.byte(0x5d);
          }
          found = v;
          break;
        }
        k = after;
      }
      if (found < 0) break;
      node = found;
    }
    return String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
  }

  /** Finds member `name` (ASCII, no escapes) of object node i; returns the value index or -1. Last one wins. */
  member(obj: i32, name: string): i32 {
    let found = -1;
    const n = this.children(obj);
    let k = obj + 1;
    for (let m = 0; m < n; m++) {
      const v = this.next(k);
      if (this.keyIs(k, name)) found = v;
      k = this.next(v);
    }
    return found;
  }

  /** Counts members named `name` in object node i. */
  memberCount(obj: i32, name: string): i32 {
    let c = 0;
    const n = this.children(obj);
    let k = obj + 1;
    for (let m = 0; m < n; m++) {
      if (this.keyIs(k, name)) c++;
      k = this.next(this.next(k));
    }
    return c;
  }

  /** True when string node k is exactly the ASCII `name` (escaped keys never match). */
  keyIs(k: i32, name: string): bool {
    if (this.flags(k) & F_ESCAPE) return false;
    const n = name.length;
    if (this.len(k) != n) return false;
    const p = this.ptr(k);
    for (let j = 0; j < n; j++) if (<i32>load<u8>(p + <usize>j) != name.charCodeAt(j)) return false;
    return true;
  }
}
