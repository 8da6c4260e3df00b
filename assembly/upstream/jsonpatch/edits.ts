// The containers a JSON Patch apply edits, held so that each operation costs O(log n) however big they are:
// Go's library inserts into and removes from a []*lazyNode (a copy of the tail each time) and a Go map, so a
// patch of n operations on a container of n values would take n² steps in json/dom.ts' sorted arrays. A
// container an insertion or removal would shift EDIT_MIN or more values of moves here (edits at or near the end
// stay in place): an array into a treap ordered by position (Seq), an object into a hash table of its members
// (Members). `flush` writes them
// back as json/dom.ts nodes (object keys sorted) before anything reads the tree as a whole (equality, copy,
// marshal). Only the cost changes: every value, position and order is the same as the plain arrays give.

import { Node, Bytes, findKey, memberIndex, setMember, deleteMember } from "../../json/dom";
import { Tape, K_OBJECT, K_ARRAY } from "../../json/tape";
import { compareBytes } from "../../json/members";
import { fnv1a_64 } from "../../hash/fnv";
import { KeyTable } from "./keytable";
import { Sorter, sortSort } from "../../golang/sort";
import { GO_MAX } from "../../base/pins";

/** An edit that moves fewer values than this is made in place (cheap); one that moves more moves its container here. */
const EDIT_MIN: i32 = 32;

/** The next of a sequence of well-mixed 32-bit numbers (splitmix64 of a counter). */
@inline function mix32(x: u64): u32 {
  let z = x + 0x9e3779b97f4a7c15;
  z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >>> 27)) * 0x94d049bb133111eb;
  return <u32>((z ^ (z >>> 31)) >>> 32);
}

/**
 * A sequence of values (nil allowed) as an implicit treap: get, set, insert and remove at a position in
 * O(log n) expected. Nodes are numbered from 1 (0: none) in parallel arrays; priorities come from a hash of
 * a per-call seed and a counter, so the shape does not depend on what the input asks.
 */
export class Seq {
  left: Array<i32> = [0];
  right: Array<i32> = [0];
  size: Array<i32> = [0];
  prio: Array<u32> = [0];
  val: Array<Node | null> = [null];
  root: i32 = 0;
  /** The second result of split (rewritten by every split). */
  rest: i32 = 0;

  constructor(items: Array<Node | null>, public seed: u64) {
    this.build(items);
  }

  @inline get length(): i32 {
    return unchecked(this.size[this.root]);
  }

  private node(v: Node | null): i32 {
    const x = this.val.length;
    this.left.push(0);
    this.right.push(0);
    this.size.push(1);
    this.prio.push(mix32(this.seed + <u64>x));
    this.val.push(v);
    return x;
  }

  @inline private update(x: i32): void {
    unchecked(this.size[x] = this.size[this.left[x]] + this.size[this.right[x]] + 1);
  }

  /** The treap of `items` in order (a Cartesian tree built with a stack, O(n)). */
  private build(items: Array<Node | null>): void {
    const stack = new Array<i32>();
    for (let i = 0, n = items.length; i < n; i++) {
      const x = this.node(unchecked(items[i]));
      let last = 0;
      while (stack.length > 0 && unchecked(this.prio[stack[stack.length - 1]]) < unchecked(this.prio[x])) {
        last = stack.pop();
        this.update(last);
      }
      unchecked(this.left[x] = last);
      if (stack.length > 0) unchecked(this.right[stack[stack.length - 1]] = x);
      stack.push(x);
    }
    // the bottom of the stack has the highest priority: the root
    this.root = stack.length > 0 ? unchecked(stack[0]) : 0;
    while (stack.length > 0) this.update(stack.pop());
  }

  /** Splits t into its first k values (returned) and the rest (in `rest`). */
  private split(t: i32, k: i32): i32 {
    if (t == 0) {
      this.rest = 0;
      return 0;
    }
    const l = unchecked(this.left[t]);
    if (unchecked(this.size[l]) >= k) {
      const a = this.split(l, k);
      unchecked(this.left[t] = this.rest);
      this.update(t);
      this.rest = t;
      return a;
    }
    const a = this.split(unchecked(this.right[t]), k - unchecked(this.size[l]) - 1);
    unchecked(this.right[t] = a);
    this.update(t);
    return t; // rest: as the inner split left it
  }

  /** The concatenation of treaps a and b. */
  private merge(a: i32, b: i32): i32 {
    if (a == 0) return b;
    if (b == 0) return a;
    if (unchecked(this.prio[a]) > unchecked(this.prio[b])) {
      unchecked(this.right[a] = this.merge(unchecked(this.right[a]), b));
      this.update(a);
      return a;
    }
    unchecked(this.left[b] = this.merge(a, unchecked(this.left[b])));
    this.update(b);
    return b;
  }

  /** The node at position i (0 <= i < length). */
  private at(i: i32): i32 {
    let t = this.root;
    while (true) {
      const l = unchecked(this.left[t]);
      const ls = unchecked(this.size[l]);
      if (i < ls) t = l;
      else if (i == ls) return t;
      else {
        i -= ls + 1;
        t = unchecked(this.right[t]);
      }
    }
    return t;
  }

  get(i: i32): Node | null {
    return unchecked(this.val[this.at(i)]);
  }

  set(i: i32, v: Node | null): void {
    unchecked(this.val[this.at(i)] = v);
  }

  /** Inserts v before position i (i == length: at the end). */
  insert(i: i32, v: Node | null): void {
    const a = this.split(this.root, i);
    const b = this.rest;
    this.root = this.merge(this.merge(a, this.node(v)), b);
  }

  /** Removes the value at position i. */
  remove(i: i32): void {
    const a = this.split(this.root, i);
    this.split(this.rest, 1);
    this.root = this.merge(a, this.rest);
  }

  /** The values in order. */
  values(): Array<Node | null> {
    const out = new Array<Node | null>(0);
    const stack = new Array<i32>();
    let t = this.root;
    while (t != 0 || stack.length > 0) {
      while (t != 0) {
        stack.push(t);
        t = unchecked(this.left[t]);
      }
      t = stack.pop();
      out.push(unchecked(this.val[t]));
      t = unchecked(this.right[t]);
    }
    return out;
  }
}

/** A seed for the treaps' priorities: FNV-1a of the patch text (never 0). */
function seedOf(t: Tape): u64 {
  return fnv1a_64(t.src, <usize>t.srcLen) | 1;
}

/** The members of an object (unique keys, any order) in a hash table: get, set and delete in O(1). */
export class Members {
  names: KeyTable = new KeyTable();
  keys: Array<Bytes> = new Array<Bytes>();
  vals: Array<Node | null> = new Array<Node | null>();
  gone: Array<bool> = new Array<bool>();

  constructor(keys: Array<Bytes>, vals: Array<Node | null>) {
    for (let i = 0, n = keys.length; i < n; i++) this.add(unchecked(keys[i]), unchecked(vals[i]));
  }

  /** The entry of key [p, p+n) (live or deleted), or -1. */
  @inline find(p: usize, n: i32): i32 {
    return this.names.find(p, n);
  }

  /** The live entry of key [p, p+n), or -1. */
  live(p: usize, n: i32): i32 {
    const e = this.find(p, n);
    return e >= 0 && !unchecked(this.gone[e]) ? e : -1;
  }

  /** m[key] (nil when absent). */
  value(p: usize, n: i32): Node | null {
    const e = this.live(p, n);
    return e < 0 ? null : unchecked(this.vals[e]);
  }

  /** m[key] = v (a deleted key comes back with its first spelling). */
  set(key: Bytes, v: Node | null): void {
    const e = this.find(key.ptr, key.len);
    if (e >= 0) {
      unchecked(this.vals[e] = v);
      unchecked(this.gone[e] = false);
      return;
    }
    this.add(key, v);
  }

  /** delete(m, key); false when absent. */
  del(p: usize, n: i32): bool {
    const e = this.live(p, n);
    if (e < 0) return false;
    unchecked(this.gone[e] = true);
    unchecked(this.vals[e] = null);
    return true;
  }

  /** A new entry for a key not in the table. */
  private add(key: Bytes, v: Node | null): void {
    this.names.add(key.ptr, key.len);
    this.keys.push(key);
    this.vals.push(v);
    this.gone.push(false);
  }

  /** Writes the live members into object node `o`, keys in byte order (as json/dom.ts keeps them). */
  writeInto(o: Node): void {
    const order = new Array<i32>(0);
    for (let e = 0, n = this.keys.length; e < n; e++) if (!unchecked(this.gone[e])) order.push(e);
    // the keys are distinct: any sort gives the same order
    sortSort(new ByKey(order, this.keys), order.length, GO_MAX);
    const keys = new Array<Bytes>(order.length);
    const items = new Array<Node | null>(order.length);
    for (let i = 0, n = order.length; i < n; i++) {
      const e = unchecked(order[i]);
      unchecked(keys[i] = this.keys[e]);
      unchecked(items[i] = this.vals[e]);
    }
    o.keys = keys;
    o.items = items;
  }
}

/** Entries sorted by their keys' bytes. */
class ByKey extends Sorter {
  constructor(public order: Array<i32>, public keys: Array<Bytes>) { super(); }
  less(i: i32, j: i32): bool {
    const x = unchecked(this.keys[this.order[i]]);
    const y = unchecked(this.keys[this.order[j]]);
    return compareBytes(x.ptr, x.len, y.ptr, y.len) < 0;
  }
  swap(i: i32, j: i32): void {
    const t = unchecked(this.order[i]);
    unchecked(this.order[i] = this.order[j]);
    unchecked(this.order[j] = t);
  }
}

/** The edited containers of one apply, keyed by node (the tables are made when the first container moves here). */
export class Edits {
  private arrays: Map<usize, Seq> | null = null;
  private objects: Map<usize, Members> | null = null;
  private count: i32 = 0;
  private seed: u64 = 0;

  /** `patch`: the patch's text, whose hash seeds the treaps' priorities; `on` false: every container stays in its node. */
  constructor(public patch: Tape, public on: bool) {}

  /** The sequence holding array `a`'s values, or null while they are in its items. */
  @inline seqOf(a: Node): Seq | null {
    if (this.count == 0) return null;
    const arrays = this.arrays;
    const k = changetype<usize>(a);
    return arrays !== null && arrays.has(k) ? arrays.get(k) : null;
  }

  /** The members of object `o`, or null while they are in its keys and items. */
  @inline membersOf(o: Node): Members | null {
    if (this.count == 0) return null;
    const objects = this.objects;
    const k = changetype<usize>(o);
    return objects !== null && objects.has(k) ? objects.get(k) : null;
  }

  /** Number of values of array `a`. */
  arrayLength(a: Node): i32 {
    const s = this.seqOf(a);
    return s !== null ? s.length : a.items!.length;
  }

  /** a[i] (in range). */
  arrayGet(a: Node, i: i32): Node | null {
    const s = this.seqOf(a);
    return s !== null ? s.get(i) : unchecked(a.items![i]);
  }

  /** a[i] = v (in range). */
  arraySet(a: Node, i: i32, v: Node | null): void {
    const s = this.seqOf(a);
    if (s !== null) s.set(i, v);
    else a.items![i] = v;
  }

  /** Inserts v before position i of array `a` (i == length: appends). */
  arrayInsert(a: Node, i: i32, v: Node | null): void {
    const s = this.editable(a, a.items!.length - i);
    if (s !== null) {
      s.insert(i, v);
      return;
    }
    const items = a.items!;
    items.push(null);
    for (let j = items.length - 1; j > i; j--) unchecked(items[j] = items[j - 1]);
    items[i] = v;
  }

  /** Removes position i (in range) of array `a`. */
  arrayRemove(a: Node, i: i32): void {
    const s = this.editable(a, a.items!.length - i - 1);
    if (s !== null) {
      s.remove(i);
      return;
    }
    a.items!.splice(i, 1);
  }

  /** The sequence of array `a` for an edit that moves `moved` values in its items: one is made when that is many. */
  private editable(a: Node, moved: i32): Seq | null {
    const s = this.seqOf(a);
    if (s !== null || !this.on || moved < EDIT_MIN) return s;
    if (this.seed == 0) this.seed = seedOf(this.patch);
    const made = new Seq(a.items!, this.seed ^ <u64>changetype<usize>(a));
    let arrays = this.arrays;
    if (arrays === null) {
      arrays = new Map<usize, Seq>();
      this.arrays = arrays;
    }
    arrays.set(changetype<usize>(a), made);
    this.count++;
    return made;
  }

  /** o[key] (nil when absent). */
  objectGet(o: Node, p: usize, n: i32): Node | null {
    const m = this.membersOf(o);
    if (m !== null) return m.value(p, n);
    const i = memberIndex(o, p, n);
    return i < 0 ? null : o.items![i];
  }

  /** o[key] = v. */
  objectSet(o: Node, key: Bytes, v: Node | null): void {
    let m = this.membersOf(o);
    if (m === null) {
      const at = findKey(o, key.ptr, key.len);
      // a new key moves the members after it
      m = at < 0 ? this.editableMembers(o, o.items!.length + at + 1) : null;
    }
    if (m !== null) m.set(key, v);
    else setMember(o, key, v);
  }

  /** delete(o, key); false when absent. */
  objectDelete(o: Node, p: usize, n: i32): bool {
    let m = this.membersOf(o);
    if (m === null) {
      const at = findKey(o, p, n);
      if (at < 0) return false;
      m = this.editableMembers(o, o.items!.length - at - 1);
    }
    if (m !== null) return m.del(p, n);
    return deleteMember(o, p, n);
  }

  /** The members of object `o` for an edit that moves `moved` of its members: a table is made when that is many. */
  private editableMembers(o: Node, moved: i32): Members | null {
    if (!this.on || moved < EDIT_MIN) return null;
    const made = new Members(o.keys!, o.items!);
    let objects = this.objects;
    if (objects === null) {
      objects = new Map<usize, Members>();
      this.objects = objects;
    }
    objects.set(changetype<usize>(o), made);
    this.count++;
    return made;
  }

  /** Writes every edited container inside value `n` back into its node (before the tree is read as a whole). */
  flush(n: Node | null): void {
    if (this.count == 0 || n === null) return;
    const stack = new Array<Node>();
    stack.push(n);
    while (stack.length > 0) {
      const x = stack.pop();
      const k = changetype<usize>(x);
      const arrays = this.arrays;
      const objects = this.objects;
      if (x.kind == K_ARRAY && arrays !== null && arrays.has(k)) {
        x.items = arrays.get(k).values();
        arrays.delete(k);
        this.count--;
      } else if (x.kind == K_OBJECT && objects !== null && objects.has(k)) {
        objects.get(k).writeInto(x);
        objects.delete(k);
        this.count--;
      }
      if (x.kind != K_OBJECT && x.kind != K_ARRAY) continue;
      const items = x.items!;
      for (let i = 0, c = items.length; i < c; i++) {
        const v = unchecked(items[i]);
        if (v !== null) stack.push(v);
      }
      if (this.count == 0) return;
    }
  }
}
