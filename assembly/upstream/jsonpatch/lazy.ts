// The lazyNode of gopkg.in/evanphx/json-patch.v4 on top of the mutable tree (json/dom.ts): a value is
// raw text until an operation needs to look inside it, then it becomes a document (Go map of lazy
// nodes) or an array; its text is kept, and json.Marshal writes raw text compacted as it was and
// expanded containers with sorted keys. JSON null members and elements are nil entries; a node with
// no text at all is what `"value": null` in an operation gives. Equality is the library's `equal`,
// quirks included (raw scalars compare by compacted text; null text counts as an empty object or
// array), iterative, visiting object members in key order where Go uses map order.

import { ByteSink } from "../../io/sink";
import { Tape, K_OBJECT, K_ARRAY } from "../../json/tape";
import { Node, K_RAW, rawNode, expandObject, expandArray, memberIndex, writeNode, WRITE_RAW } from "../../json/dom";
import { writeCompact } from "../../json/compact";
import { readJSON, ReadOptions } from "../../json/reader";

/** lazyNode.intoDoc: true when the node is (or now is) a document. */
export function intoDoc(n: Node): bool {
  if (n.kind == K_OBJECT) return true;
  return expandObject(n);
}

/** lazyNode.intoAry: true when the node is (or now is) an array. */
export function intoAry(n: Node): bool {
  if (n.kind == K_ARRAY) return true;
  return expandArray(n);
}

/** lazyNode.tryDoc / tryAry: re-read the text as a document or an array. */
export function tryDoc(n: Node): bool { return expandObject(n); }
/** See tryDoc. */
export function tryAry(n: Node): bool { return expandArray(n); }

/** Compacted text of a raw node (empty for no text). */
function compactOf(n: Node): ByteSink {
  const s = new ByteSink(64);
  const t = n.tape;
  if (t !== null) writeCompact(t, n.idx, s, false); // json.Compact: no HTML escaping
  return s;
}

export const EQ_FALSE: i32 = 0;
export const EQ_TRUE: i32 = 1;
/** The library dereferences a nil node (Go panics). */
export const EQ_PANIC: i32 = 2;

/** The Go runtime's message for a nil pointer dereference. */
export const NIL_DEREF = "runtime error: invalid memory address or nil pointer dereference";
/** The Go runtime's message for an assignment to a nil map. */
export const NIL_MAP = "assignment to entry in nil map";

/** lazyNode.equal(n, o) (n may be null only where Go would dereference it: a panic). */
export function lazyEqual(n: Node | null, o: Node | null): i32 {
  const ns = new Array<Node | null>();
  const os = new Array<Node | null>();
  ns.push(n);
  os.push(o);
  while (ns.length > 0) {
    const x = ns.pop();
    const y = os.pop();
    if (x === null) return EQ_PANIC;
    if (x.kind == K_RAW) {
      if (!tryDoc(x) && !tryAry(x)) {
        if (y === null) return EQ_PANIC;
        if (y.kind != K_RAW) return EQ_FALSE;
        const a = compactOf(x);
        const b = compactOf(y);
        if (a.len != b.len || memory.compare(a.ptr, b.ptr, <usize>a.len) != 0) return EQ_FALSE;
        continue;
      }
    }
    if (x.kind == K_OBJECT) {
      if (y === null) return EQ_PANIC;
      if (y.kind == K_RAW && !tryDoc(y)) return EQ_FALSE;
      if (y.kind != K_OBJECT) return EQ_FALSE;
      const xs = x.items!;
      if (xs.length != y.items!.length) return EQ_FALSE;
      const keys = x.keys!;
      // presence first, then the values in key order
      const start = ns.length;
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i];
        const mi = memberIndex(y, k.ptr, k.len);
        if (mi < 0) return EQ_FALSE;
        const v = xs[i];
        const ov = y.items![mi];
        if ((v === null) != (ov === null)) return EQ_FALSE;
        if (v === null) continue;
        ns.push(v);
        os.push(ov);
      }
      reverseTail(ns, os, start);
      continue;
    }
    // an array
    if (y === null) return EQ_PANIC;
    if (y.kind != K_ARRAY && !tryAry(y)) return EQ_FALSE;
    const xs = x.items!;
    const ys = y.items!;
    if (xs.length != ys.length) return EQ_FALSE;
    for (let i = xs.length - 1; i >= 0; i--) {
      ns.push(xs[i]);
      os.push(ys[i]);
    }
  }
  return EQ_TRUE;
}

/** Reverses the pairs pushed since `start` so that the first one is compared first. */
function reverseTail(ns: Array<Node | null>, os: Array<Node | null>, start: i32): void {
  let i = start;
  let j = ns.length - 1;
  while (i < j) {
    const a = ns[i]; ns[i] = ns[j]; ns[j] = a;
    const b = os[i]; os[i] = os[j]; os[j] = b;
    i++;
    j--;
  }
}

/** json.Marshal of a lazy node (null: Go's nil) into `out`. */
export function marshalLazy(n: Node | null, out: ByteSink, go22: bool): void {
  writeNode(n, out, WRITE_RAW, go22);
}

/**
 * deepCopy: the node's json.Marshal text (its length is the size the library adds to the accumulated copy size)
 * read back as a new raw node, with `opts` (the call's limits and no Go nesting limit: the library keeps the
 * bytes, it does not decode them again). nil stays nil (size 0).
 */
export class Copied {
  constructor(public node: Node | null, public size: i64) {}
}

/** deepCopy(n) and its size. */
export function deepCopy(n: Node | null, go22: bool, opts: ReadOptions): Copied {
  if (n === null) return new Copied(null, 0);
  const s = new ByteSink(128);
  marshalLazy(n, s, go22);
  const t = readJSON(s.ptr, s.len, opts);
  return new Copied(rawNode(t, 0), s.len);
}

/** The text a raw node starts with is `[` (the library's isArray on its raw bytes). */
export function rawIsArray(n: Node): bool {
  const t = n.tape;
  return t !== null && (<Tape>t).kind(n.idx) == K_ARRAY;
}
