// Splits a stream of JSON bytes into documents without parsing them: whitespace-separated top-level
// values, where a top-level array, or the "items" array of a top-level object (a Kubernetes List such
// as `kubectl get -A -o json`), yields its elements one by one. Only one element is held at a time, so
// a 200 MB cluster dump never becomes one JS object. Structure (brackets, strings) is checked here;
// the contents of each document are checked by whoever parses it. Nesting deeper than maxDepth is an error
// here, so no later step (JSON.parse, the engine, JSON.stringify) ever sees it.

import { tooDeepMessage } from "./limits.js";

/** Where a document starts: 1-based line and byte column, and the byte offset in the stream. */
export interface StreamPosition {
  offset: number;
  line: number;
  column: number;
}

/** Receives one document's bytes (a fresh copy) and where it starts. */
export type DocumentHandler = (bytes: Uint8Array, at: StreamPosition) => void;

/** A structural error of the stream at a position. */
export class SplitError extends Error {
  /** Where the offending byte is. */
  readonly at: StreamPosition;
  /** Creates the error with a message and a position. */
  constructor(message: string, at: StreamPosition) {
    super(message);
    this.name = "SplitError";
    this.at = at;
  }
}

/** Nesting deeper than the limit: the input is JSON all the same (no YAML retry). */
export class DepthError extends SplitError {}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LF = 0x0a;
const ITEMS = [0x69, 0x74, 0x65, 0x6d, 0x73]; // "items"

/** Copies `parts` (then `tail`) into one buffer. */
function join(parts: Uint8Array[], tail: Uint8Array): Uint8Array {
  let n = tail.length;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  out.set(tail, at);
  return out;
}

/** Everything a splitter knows between two push() calls: a splitter restored from it goes on exactly as the one it was
 *  taken from (plain data, so it can be sent to a worker thread). */
export interface SplitterState {
  base: number;
  line: number;
  lineStart: number;
  stack: number[];
  inString: boolean;
  escape: boolean;
  top: Uint8Array[];
  topCapturing: boolean;
  topAt: StreamPosition;
  topHasItems: boolean;
  keyBytes: number[];
  keyOpen: boolean;
  expectKey: boolean;
  lastKeyIsItems: boolean;
  afterColon: boolean;
  docsDepth: number;
  item: Uint8Array[];
  itemCapturing: boolean;
  itemAt: StreamPosition;
  itemIndex: number;
  /** How many top-level values have ended (each one restarts itemIndex). */
  ends: number;
}

/** Incremental splitter: push() chunks, then end(). */
export class JsonSplitter {
  readonly #onDoc: DocumentHandler;
  readonly #maxDepth: number;
  // position
  #base = 0; // stream offset of the current chunk's first byte
  #line = 1;
  #lineStart = 0; // stream offset of the current line's first byte
  // structure
  #stack: number[] = []; // open brackets ("{" or "[") from the top level down
  #inString = false;
  #escape = false; // the previous chunk ended inside a string right after a backslash
  // top-level value being captured (objects only; it is dropped when it turns out to be a List)
  #top: Uint8Array[] = [];
  #topFrom = -1; // index in the current chunk where the capture resumes, -1 when not capturing
  #topAt: StreamPosition = { offset: 0, line: 1, column: 1 };
  #topHasItems = false;
  // key tracking at depth 1 (to find "items")
  #keyBytes: number[] = [];
  #keyOpen = false; // the string being read at depth 1 is a key
  #expectKey = false; // at depth 1 of an object, the next string is a key
  #lastKeyIsItems = false;
  #afterColon = false;
  // the array whose elements are documents: its depth once open (1 for a top-level array, 2 for items), 0 when none
  #docsDepth = 0;
  #item: Uint8Array[] = [];
  #itemFrom = -1;
  #itemAt: StreamPosition = { offset: 0, line: 1, column: 1 };
  #itemIndex = 0;
  #ends = 0;

  /** A splitter calling `onDoc` for every document, in order; brackets nested deeper than `maxDepth` are an error. */
  constructor(onDoc: DocumentHandler, maxDepth = Infinity) {
    this.#onDoc = onDoc;
    this.#maxDepth = maxDepth;
  }

  /** The state between two push() calls (the captured bytes are shared, not copied). */
  snapshot(): SplitterState {
    return {
      base: this.#base, line: this.#line, lineStart: this.#lineStart, stack: [...this.#stack], inString: this.#inString, escape: this.#escape,
      top: [...this.#top], topCapturing: this.#topFrom >= 0, topAt: { ...this.#topAt }, topHasItems: this.#topHasItems,
      keyBytes: [...this.#keyBytes], keyOpen: this.#keyOpen, expectKey: this.#expectKey, lastKeyIsItems: this.#lastKeyIsItems,
      afterColon: this.#afterColon, docsDepth: this.#docsDepth, item: [...this.#item], itemCapturing: this.#itemFrom >= 0,
      itemAt: { ...this.#itemAt }, itemIndex: this.#itemIndex, ends: this.#ends,
    };
  }

  /** A splitter going on from `state` (see snapshot), calling `onDoc` and refusing nesting deeper than `maxDepth`. */
  static restore(state: SplitterState, onDoc: DocumentHandler, maxDepth = Infinity): JsonSplitter {
    const s = new JsonSplitter(onDoc, maxDepth);
    s.#base = state.base;
    s.#line = state.line;
    s.#lineStart = state.lineStart;
    s.#stack = [...state.stack];
    s.#inString = state.inString;
    s.#escape = state.escape;
    s.#top = [...state.top];
    s.#topFrom = state.topCapturing ? 0 : -1;
    s.#topAt = { ...state.topAt };
    s.#topHasItems = state.topHasItems;
    s.#keyBytes = [...state.keyBytes];
    s.#keyOpen = state.keyOpen;
    s.#expectKey = state.expectKey;
    s.#lastKeyIsItems = state.lastKeyIsItems;
    s.#afterColon = state.afterColon;
    s.#docsDepth = state.docsDepth;
    s.#item = [...state.item];
    s.#itemFrom = state.itemCapturing ? 0 : -1;
    s.#itemAt = { ...state.itemAt };
    s.#itemIndex = state.itemIndex;
    s.#ends = state.ends;
    return s;
  }

  /** Bytes consumed so far. */
  get offset(): number {
    return this.#base;
  }

  /** The position of byte `i` of the current chunk. */
  #pos(i: number): StreamPosition {
    const offset = this.#base + i;
    return { offset, line: this.#line, column: offset - this.#lineStart + 1 };
  }

  /** Feeds one chunk (it may be reused by the caller afterwards). */
  push(chunk: Uint8Array): void {
    const n = chunk.length;
    let i = 0;
    if (this.#topFrom >= 0) this.#topFrom = 0;
    if (this.#itemFrom >= 0) this.#itemFrom = 0;
    while (i < n) {
      if (this.#inString) {
        i = this.#scanString(chunk, i);
        continue;
      }
      let c = chunk[i]!;
      if (c <= 0x20) {
        // whitespace runs (indentation) are most of a pretty-printed dump: skip them in a tight loop
        do {
          if (c === LF) {
            this.#line++;
            this.#lineStart = this.#base + i + 1;
          }
          c = chunk[++i]!;
        } while (i < n && c <= 0x20);
        continue;
      }
      switch (c) {
        case QUOTE:
          this.#valueStart(chunk, i, false);
          this.#inString = true;
          if (this.#stack.length === 1 && this.#stack[0] === 0x7b && this.#expectKey) {
            this.#keyOpen = true;
            this.#keyBytes.length = 0;
          }
          i = this.#scanString(chunk, i + 1);
          continue;
        case 0x7b: // {
        case 0x5b: // [
          this.#valueStart(chunk, i, true);
          this.#stack.push(c);
          if (this.#stack.length > this.#maxDepth) throw new DepthError(tooDeepMessage(this.#maxDepth), this.#pos(i));
          if (this.#stack.length === 1) {
            this.#expectKey = c === 0x7b;
            this.#afterColon = false;
            if (c === 0x5b) this.#docsDepth = 1;
          } else if (this.#stack.length === 2 && c === 0x5b && this.#lastKeyIsItems && this.#afterColon) {
            this.#docsDepth = 2;
            this.#topHasItems = true;
            this.#pauseTop(chunk, i + 1);
          }
          break;
        case 0x7d: // }
        case 0x5d: {
          // ]
          const open = this.#stack.pop();
          if (open === undefined || (open === 0x7b) !== (c === 0x7d)) {
            throw new SplitError(`invalid character '${String.fromCharCode(c)}' looking for beginning of value`, this.#pos(i));
          }
          const depth = this.#stack.length;
          if (depth + 1 === this.#docsDepth) {
            // the documents array closed
            this.#docsDepth = 0;
            if (depth === 1) this.#resumeTop(i);
          } else if (depth === this.#docsDepth && this.#itemFrom >= 0) {
            this.#endItem(chunk, i + 1);
          }
          if (depth === 0) this.#endTop(chunk, i + 1);
          if (depth === 1) this.#afterColon = false;
          break;
        }
        case 0x3a: // :
          if (this.#stack.length === 1) {
            this.#afterColon = true;
            this.#expectKey = false;
          }
          break;
        case 0x2c: // ,
          if (this.#stack.length === 1) {
            this.#afterColon = false;
            this.#expectKey = this.#stack[0] === 0x7b;
            this.#lastKeyIsItems = false;
          }
          break;
        default: {
          // a number or literal: only the top level and the documents array care
          const depth = this.#stack.length;
          if (depth === 0 || depth === this.#docsDepth) this.#valueStart(chunk, i, false);
          break;
        }
      }
      i++;
    }
    if (this.#topFrom >= 0 && this.#topFrom < n) this.#top.push(chunk.slice(this.#topFrom));
    if (this.#itemFrom >= 0 && this.#itemFrom < n) this.#item.push(chunk.slice(this.#itemFrom));
    this.#base += n;
  }

  /** Ends the stream: an open value is an error. */
  end(): void {
    if (this.#stack.length > 0 || this.#inString) throw new SplitError("unexpected end of JSON input", this.#pos(0));
  }

  /** Reads string bytes from `i` to the closing quote; returns the index after it (or n when the chunk ends first). */
  #scanString(chunk: Uint8Array, i: number): number {
    const n = chunk.length;
    if (this.#escape) {
      this.#escape = false;
      if (this.#keyOpen) this.#keyBytes.push(chunk[i]!);
      i++;
    }
    let from = i;
    for (;;) {
      const q = chunk.indexOf(QUOTE, from);
      const end = q < 0 ? n : q;
      let b = end - 1;
      while (b >= i && chunk[b] === BACKSLASH) b--;
      const backslashes = end - 1 - b;
      if (q < 0) {
        if (this.#keyOpen) this.#keepKey(chunk, i, n);
        this.#escape = backslashes % 2 === 1;
        return n;
      }
      if (backslashes % 2 === 1) {
        from = q + 1;
        continue;
      }
      if (this.#keyOpen) {
        this.#keepKey(chunk, i, q);
        this.#keyOpen = false;
        this.#lastKeyIsItems = this.#keyBytes.length === ITEMS.length && ITEMS.every((x, k) => this.#keyBytes[k] === x);
      }
      this.#inString = false;
      return q + 1;
    }
  }

  /** Keeps up to 8 key bytes (enough to recognize "items"). */
  #keepKey(chunk: Uint8Array, from: number, to: number): void {
    for (let k = from; k < to && this.#keyBytes.length < 8; k++) this.#keyBytes.push(chunk[k]!);
    if (to - from > 8) this.#keyBytes.push(0, 0, 0, 0, 0, 0, 0, 0, 0);
  }

  /** A value starts at byte i: a top-level value or a document starts capturing. */
  #valueStart(chunk: Uint8Array, i: number, container: boolean): void {
    const depth = this.#stack.length;
    if (depth === 0) {
      if (chunk[i] !== 0x7b && chunk[i] !== 0x5b) {
        throw new SplitError(
          /[-0-9tfn"]/.test(String.fromCharCode(chunk[i]!)) ? "expected a JSON object, found a scalar value" : `invalid character '${String.fromCharCode(chunk[i]!)}' looking for beginning of value`,
          this.#pos(i),
        );
      }
      this.#top = [];
      this.#topHasItems = false;
      this.#lastKeyIsItems = false;
      this.#topAt = this.#pos(i);
      this.#topFrom = chunk[i] === 0x7b ? i : -1;
      return;
    }
    if (depth === this.#docsDepth && this.#itemFrom < 0) {
      const at = this.#pos(i);
      if (!container || chunk[i] !== 0x7b) {
        throw new SplitError(`${this.#docsDepth === 1 ? "" : "items"}[${this.#itemIndex}] is not a JSON object`, at);
      }
      this.#item = [];
      this.#itemAt = at;
      this.#itemFrom = i;
    }
  }

  /** The top-level object's capture stops before byte i (its documents array is not kept). */
  #pauseTop(chunk: Uint8Array, i: number): void {
    if (this.#topFrom >= 0 && this.#topFrom < i) this.#top.push(chunk.slice(this.#topFrom, i));
    this.#topFrom = -1;
  }

  /** The top-level object's capture resumes at byte i. */
  #resumeTop(i: number): void {
    this.#topFrom = i;
  }

  /** A document ends before byte i: hand it out. */
  #endItem(chunk: Uint8Array, i: number): void {
    const bytes = join(this.#item, chunk.subarray(this.#itemFrom, i));
    this.#item = [];
    this.#itemFrom = -1;
    this.#itemIndex++;
    this.#onDoc(bytes, this.#itemAt);
  }

  /** The top-level value ends before byte i: an object that was not a List is a document. */
  #endTop(chunk: Uint8Array, i: number): void {
    const whole = this.#topFrom >= 0 ? join(this.#top, chunk.subarray(this.#topFrom, i)) : undefined;
    this.#top = [];
    this.#topFrom = -1;
    this.#docsDepth = 0;
    this.#itemIndex = 0;
    this.#ends++;
    if (whole !== undefined && !this.#topHasItems) this.#onDoc(whole, this.#topAt);
  }
}

/** The offset of the first bracket of `bytes` (one JSON text) nested deeper than `maxDepth`, or -1. */
export function tooDeepOffset(bytes: Uint8Array, maxDepth: number): number {
  let depth = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === QUOTE) {
      for (i++; i < bytes.length && bytes[i] !== QUOTE; i++) if (bytes[i] === BACKSLASH) i++;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return i;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return -1;
}
