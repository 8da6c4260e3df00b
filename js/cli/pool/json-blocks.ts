// Cuts JSON input for the pool into blocks without scanning most of it: the main thread splits the start itself (as
// the single-threaded reader does, up to its first documents), then cuts where the next document most likely starts
// (the bytes before a document it has seen: "\n" and the same indentation before "{" in pretty-printed input) and
// assumes the splitter's state there is the state it had before that document. Each block's worker reports the state
// after it, so the assumption is checked before the block counts (see pipeline.ts). Lines are counted here, so every
// block's positions are exact.

import { JsonSplitter, type SplitterState, type StreamPosition } from "../json-split.js";

/** Where a block is cut and the state assumed after the cut. */
export interface CutRule {
  /** Bytes that occur just before and at a document's first byte. */
  pattern: Uint8Array;
  /** The offset of the document's first byte in `pattern`. */
  at: number;
  /** The splitter's state just before a document (its position and itemIndex are set per block). */
  template: SplitterState;
  /** The pattern starts with a new line (pretty-printed input), not with the bytes just before a document. */
  lined: boolean;
}

/** Joins byte arrays. */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The cut rule learned from a document starting at `doc`, from the splitter's state `start` before `bytes` (the input
 *  from start.base on, up to the document at least); undefined when too little of the input before it is at hand. */
export function cutRule(start: SplitterState, bytes: Uint8Array, doc: StreamPosition, maxDepth: number): CutRule | undefined {
  const offset = doc.offset - start.base;
  if (offset < 2) return undefined;
  const lead = JsonSplitter.restore(start, () => {}, maxDepth);
  lead.push(bytes.subarray(0, offset));
  const template = { ...lead.snapshot(), itemIndex: 0 };
  let i = offset;
  while (i > 0 && (bytes[i - 1] === 0x20 || bytes[i - 1] === 0x09)) i--;
  if (i > 0 && bytes[i - 1] === 0x0a) {
    // pretty-printed: a new line, the same indentation, "{"
    return { pattern: bytes.slice(i - 1, offset + 1), at: offset - i + 1, template, lined: true };
  }
  // on one line: the two bytes before it and its first bytes (`},{"apiVersion":"`), unless it is the first of its
  // array (the bytes before the others differ)
  if (i > 0 && bytes[i - 1] === 0x5b) return undefined;
  return { pattern: bytes.slice(offset - 2, Math.min(bytes.length, offset + 16)), at: 2, template, lined: false };
}

/** Lines and the start of the last line in bytes, counted from a position. */
export function advance(pos: { line: number; lineStart: number }, bytes: Uint8Array, base: number): { line: number; lineStart: number } {
  let { line, lineStart } = pos;
  // Buffer's indexOf is the native byte search (a typed array's is generic)
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let i = b.indexOf(0x0a); i >= 0; i = b.indexOf(0x0a, i + 1)) {
    line++;
    lineStart = base + i + 1;
  }
  return { line, lineStart };
}

/** Two splitter states that go on the same way (ignoring what only names a position already passed and itemIndex,
 *  which only error messages read and which is tracked on its own). */
export function sameState(a: SplitterState, b: SplitterState): boolean {
  const bytesEqual = (x: Uint8Array[], y: Uint8Array[]): boolean => {
    const p = concat(x);
    const q = concat(y);
    return p.length === q.length && p.every((v, i) => v === q[i]);
  };
  const posEqual = (x: StreamPosition, y: StreamPosition): boolean => x.offset === y.offset && x.line === y.line && x.column === y.column;
  if (a.base !== b.base || a.line !== b.line || a.lineStart !== b.lineStart) return false;
  if (a.stack.length !== b.stack.length || a.stack.some((v, i) => v !== b.stack[i])) return false;
  if (a.inString !== b.inString || a.escape !== b.escape || a.topCapturing !== b.topCapturing || a.topHasItems !== b.topHasItems) return false;
  if (a.keyOpen !== b.keyOpen || a.expectKey !== b.expectKey || a.lastKeyIsItems !== b.lastKeyIsItems || a.afterColon !== b.afterColon) return false;
  if (a.docsDepth !== b.docsDepth || a.itemCapturing !== b.itemCapturing) return false;
  if (a.keyOpen && (a.keyBytes.length !== b.keyBytes.length || a.keyBytes.some((v, i) => v !== b.keyBytes[i]))) return false;
  if (a.topCapturing && !a.topHasItems && (!bytesEqual(a.top, b.top) || !posEqual(a.topAt, b.topAt))) return false;
  if (a.itemCapturing && (!bytesEqual(a.item, b.item) || !posEqual(a.itemAt, b.itemAt))) return false;
  return true;
}

/** The exact state after a block that started from `exactStart` (its worker started it with itemIndex 0 and `ends` as
 *  assumed in `assumed`) and ended in `end`. */
export function exactEnd(exactStart: SplitterState, assumed: SplitterState, end: SplitterState): SplitterState {
  const ended = end.ends - assumed.ends;
  return { ...end, itemIndex: ended > 0 ? end.itemIndex : exactStart.itemIndex + end.itemIndex - assumed.itemIndex, ends: exactStart.ends + ended };
}
