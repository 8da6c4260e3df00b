// Strict RFC 8259 reader over UTF-8 bytes: builds a Tape in one pass, with an explicit stack (no
// recursion), and reports errors with the exact text and offset of Go's encoding/json scanner
// (`checkValid`), including its end-of-input behaviour (the scanner is fed one space at EOF).
// Go 1.27 reads JSON with the json/v2 engine and words its errors differently: for those releases a
// failed read is checked again by errors-v2.ts, which records Go 1.27's error instead.

import { Tape, K_NULL, K_FALSE, K_TRUE, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT, F_ESCAPE, F_HIGH, F_INT, F_HTML } from "./tape";
import { fail, hasError, clearError, E_JSON_SYNTAX, E_JSON_DEPTH, E_TOO_LARGE } from "../base/errors";
import { ByteSink } from "../io/sink";
import { quoteChar } from "./quote";
import { GO_DEFAULT } from "../base/pins";
import { syntaxErrorV2 } from "./errors-v2";
import { fastTape } from "./fastread";

/** One read by the full reader: how it words errors, and what stopped it. */
class SlowRead {
  /** The read stopped at a Go syntax or nesting error (not an engine limit). */
  goSyntaxError: bool = false;
  /** Go before 1.15 quotes DEL as `\u007f` in its error texts. */
  constructor(public legacyDel: bool) {}
}

// what the scanner expects when a byte is not acceptable
const CTX_VALUE = "looking for beginning of value";
const CTX_KEY = "looking for beginning of object key string";
const CTX_AFTER_KEY = "after object key";
const CTX_AFTER_PAIR = "after object key:value pair";
const CTX_AFTER_ELEM = "after array element";
const CTX_AFTER_TOP = "after top-level value";
const CTX_STRING = "in string literal";
const CTX_ESC = "in string escape code";
const CTX_HEX = "in \\u hexadecimal character escape";
const CTX_NUM = "in numeric literal";
const CTX_DOT = "after decimal point in numeric literal";
const CTX_EXP = "in exponent of numeric literal";
const CTX_DEPTH = "exceeded max depth";

const ONES: u64 = 0x0101010101010101;
const HIGHS: u64 = 0x8080808080808080;

/** Nonzero when some byte of x is zero (exact as a yes/no answer). */
@inline function zeroByte(x: u64): u64 {
  return (x - ONES) & ~x & HIGHS;
}

@inline function isSpace(c: i32): bool {
  return c == 0x20 || c == 0x0a || c == 0x0d || c == 0x09;
}

@inline function isDigit(c: i32): bool {
  return <u32>(c - 0x30) < 10;
}

@inline function isHex(c: i32): bool {
  return <u32>(c - 0x30) < 10 || <u32>((c | 0x20) - 0x61) < 6;
}

/** Records Go's "invalid character" syntax error for byte c at index i (offset i+1, as Go counts). */
function syntaxError(r: SlowRead, c: i32, i: i32, context: string): bool {
  r.goSyntaxError = true;
  const m = new ByteSink(64);
  m.ascii("invalid character ");
  quoteChar(m, c, r.legacyDel);
  m.byte(0x20);
  m.ascii(context);
  return failMsg(context == CTX_DEPTH ? E_JSON_DEPTH : E_JSON_SYNTAX, m, i + 1);
}

function failMsg(code: string, m: ByteSink, offset: i32): bool {
  return fail(code, String.UTF8.decodeUnsafe(m.ptr, <usize>m.len), offset);
}

/** Records Go's "unexpected end of JSON input" at offset len. */
function eofError(r: SlowRead, len: i32): bool {
  r.goSyntaxError = true;
  return fail(E_JSON_SYNTAX, "unexpected end of JSON input", len);
}

/** End-of-input inside a token: Go feeds a space to the scanner; returns the error it produces. */
function eofAs(r: SlowRead, c: i32, len: i32, context: string): bool {
  return syntaxError(r, c, len - 1, context);
}

/** Reader options for one parse. */
export class ReadOptions {
  /** The engine's own nesting cap (E_JSON_DEPTH "nesting deeper than maxDepth"); Go's limit is separate. */
  maxDepth: i32 = 1000000;
  maxBytes: i32 = 128 << 20;
  /** Most children of one array or object but the lists at the top (E_TOO_LARGE past it); the engine's own re-reads keep no limit. */
  maxItems: i32 = 0x7fffffff;
  /** Go release (minor) whose decoder is reproduced: 13–14 no nesting limit, 15+ 10000 levels, 27+ json/v2 texts. */
  goMinor: i32 = GO_DEFAULT;
  /** Deepest nesting seen by the last successful read. */
  depthSeen: i32 = 0;
  /** Whether fastread.ts may build the tape (false: the full reader reads every input; the same tapes). */
  fast: bool = true;
}

/** Go's nesting limit for a release (0 = none): 10000 since Go 1.15. */
export function goDepthLimit(goMinor: i32): i32 {
  return goMinor >= 15 ? 10000 : 0;
}

/**
 * Parses `len` bytes at `src` into a Tape. Returns null (with the error recorded) when the input is
 * not one JSON value. Duplicate object keys are accepted here (Go keeps the last); see `duplicateKeys`.
 */
export function readJSON(src: usize, len: i32, opts: ReadOptions): Tape | null {
  const clean = !hasError();
  const r = new SlowRead(opts.goMinor < 15);
  const t = readTape(src, len, opts, r);
  if (t === null && opts.goMinor >= 27 && r.goSyntaxError && clean) {
    // Go 1.27 (json/v2): same verdict, other error text and offset
    clearError();
    syntaxErrorV2(src, len);
  }
  return t;
}

/**
 * readJSON of a document expected to share most of its bytes with `ref` (the other side of a diff):
 * the same tape and the same errors, but values byte-identical to the value at the same place in
 * `ref` are copied from it instead of scanned again (fastread.ts).
 */
export function readJSONLike(src: usize, len: i32, opts: ReadOptions, ref: Tape): Tape | null {
  if (opts.fast && len <= opts.maxBytes && !hasError()) {
    const goLimit = goDepthLimit(opts.goMinor);
    const t = fastTape(src, len, goLimit > 0 && goLimit < opts.maxDepth ? goLimit : opts.maxDepth, ref);
    if (t !== null) {
      opts.depthSeen = t.depth;
      if (VERIFY_FAST) {
        const slow = readSlow(src, len, opts, goLimit, new SlowRead(opts.goMinor < 15));
        if (slow === null || slow.count != t.count || slow.slowNumbers != t.slowNumbers || opts.depthSeen != t.depth ||
          memory.compare(slow.nodes, t.nodes, <usize>t.count * 20) != 0) unreachable();
      }
      return withinItems(t, opts.maxItems, null);
    }
  }
  return readJSON(src, len, opts);
}

/** The reader proper (Go 1.13–1.26 error texts). */
function readTape(src: usize, len: i32, opts: ReadOptions, r: SlowRead): Tape | null {
  if (len > opts.maxBytes) {
    fail(E_TOO_LARGE, "input is " + len.toString() + " bytes, over the limit of " + opts.maxBytes.toString() + " bytes (maxBytes)", opts.maxBytes);
    return null;
  }
  const goLimit = goDepthLimit(opts.goMinor);
  // the fast path builds the same tape for valid JSON; anything else is read again below
  const fast = opts.fast ? fastTape(src, len, goLimit > 0 && goLimit < opts.maxDepth ? goLimit : opts.maxDepth) : null;
  if (fast !== null) {
    opts.depthSeen = fast.depth;
    if (VERIFY_FAST) {
      const slow = readSlow(src, len, opts, goLimit, r);
      if (slow === null || slow.count != fast.count || slow.slowNumbers != fast.slowNumbers || opts.depthSeen != fast.depth ||
        memory.compare(slow.nodes, fast.nodes, <usize>fast.count * 20) != 0) unreachable();
    }
    return withinItems(fast, opts.maxItems, null);
  }
  const t = readSlow(src, len, opts, goLimit, r);
  return t === null ? null : withinItems(t, opts.maxItems, null);
}

/**
 * The tape when no array or object in it holds more than `max` children, the lists at its top aside (Tape.firstOver);
 * otherwise null with E_TOO_LARGE (the byte offset of the container, and its path from the root when `path` is given).
 */
export function withinItems(t: Tape, max: i32, path: string | null): Tape | null {
  if (max == 0x7fffffff) return t;
  const i = t.firstOver(max, true);
  if (i < 0) return t;
  const obj = t.kind(i) == K_OBJECT;
  fail(E_TOO_LARGE, (obj ? "an object of " : "an array of ") + t.children(i).toString() + (obj ? " members" : " elements") +
    ", more than maxItems (" + max.toString() + ")", t.start(i), path !== null ? path + t.pathTo(i) : null);
  return null;
}

const VERIFY_FAST = false;

/** The full reader: Go's errors and offsets. */
function readSlow(src: usize, len: i32, opts: ReadOptions, goLimit: i32, r: SlowRead): Tape | null {
  const t = new Tape(len >> 2);
  t.src = src;
  t.srcLen = len;
  // stack of open container node indices
  let stackCap: i32 = 64;
  let stack = heap.alloc(<usize>stackCap << 2);
  let depth: i32 = 0;
  let maxSeen: i32 = 0;
  let i: i32 = 0;

  // state machine: 0 = expect value, 1 = after value, 2 = expect object key (after ','), 3 = after key
  let state: i32 = 0;
  let firstInContainer = false;

  while (true) {
    if (state == 0) {
      // skip whitespace
      while (i < len && isSpace(<i32>load<u8>(src + <usize>i))) i++;
      if (i >= len) { eofError(r, len); return null; }
      const c = <i32>load<u8>(src + <usize>i);
      if (c == 0x7b || c == 0x5b) { // { [
        if (depth >= goLimit && goLimit > 0) { syntaxError(r, c, i, CTX_DEPTH); return null; }
        if (depth >= opts.maxDepth) {
          fail(E_JSON_DEPTH, "nesting deeper than maxDepth (" + opts.maxDepth.toString() + ")", i + 1);
          return null;
        }
        if (depth >= maxSeen) maxSeen = depth + 1;
        const node = t.push(c == 0x7b ? K_OBJECT : K_ARRAY, i, 0);
        if (depth >= stackCap) {
          stackCap <<= 1;
          stack = heap.realloc(stack, <usize>stackCap << 2);
        }
        store<i32>(stack + (<usize>depth << 2), node);
        depth++;
        i++;
        // empty container or first member
        while (i < len && isSpace(<i32>load<u8>(src + <usize>i))) i++;
        if (i >= len) { eofError(r, len); return null; }
        const d = <i32>load<u8>(src + <usize>i);
        if (c == 0x7b) {
          if (d == 0x7d) { i++; depth--; t.setEnd(node, i); t.setNext(node, t.count); state = 1; continue; }
          if (d != 0x22) { syntaxError(r, d, i, CTX_KEY); return null; }
          state = 2;
        } else {
          if (d == 0x5d) { i++; depth--; t.setEnd(node, i); t.setNext(node, t.count); state = 1; continue; }
          state = 0;
        }
        continue;
      }
      if (c == 0x22) {
        i = readString(r, t, src, len, i);
        if (i < 0) return null;
        state = 1;
        continue;
      }
      if (c == 0x2d || isDigit(c)) {
        i = readNumber(r, t, src, len, i);
        if (i < 0) return null;
        state = 1;
        continue;
      }
      if (c == 0x74) { i = readLiteral(r, t, src, len, i, K_TRUE, "rue", "true"); if (i < 0) return null; state = 1; continue; }
      if (c == 0x66) { i = readLiteral(r, t, src, len, i, K_FALSE, "alse", "false"); if (i < 0) return null; state = 1; continue; }
      if (c == 0x6e) { i = readLiteral(r, t, src, len, i, K_NULL, "ull", "null"); if (i < 0) return null; state = 1; continue; }
      syntaxError(r, c, i, CTX_VALUE);
      return null;
    } else if (state == 1) {
      while (i < len && isSpace(<i32>load<u8>(src + <usize>i))) i++;
      if (depth == 0) {
        if (i < len) { syntaxError(r, <i32>load<u8>(src + <usize>i), i, CTX_AFTER_TOP); return null; }
        break;
      }
      if (i >= len) { eofError(r, len); return null; }
      const c = <i32>load<u8>(src + <usize>i);
      const top = load<i32>(stack + (<usize>(depth - 1) << 2));
      const isObj = t.kind(top) == K_OBJECT;
      if (c == 0x2c) { // ,
        i++;
        t.setCount(top, t.children(top) + 1);
        if (isObj) {
          while (i < len && isSpace(<i32>load<u8>(src + <usize>i))) i++;
          if (i >= len) { eofError(r, len); return null; }
          const d = <i32>load<u8>(src + <usize>i);
          if (d != 0x22) { syntaxError(r, d, i, CTX_KEY); return null; }
          state = 2;
        } else {
          state = 0;
        }
        continue;
      }
      if ((isObj && c == 0x7d) || (!isObj && c == 0x5d)) {
        i++;
        t.setCount(top, t.children(top) + 1);
        t.setEnd(top, i);
        t.setNext(top, t.count);
        depth--;
        state = 1;
        continue;
      }
      syntaxError(r, c, i, isObj ? CTX_AFTER_PAIR : CTX_AFTER_ELEM);
      return null;
    } else if (state == 2) {
      // at a '"' that starts a key
      i = readString(r, t, src, len, i);
      if (i < 0) return null;
      while (i < len && isSpace(<i32>load<u8>(src + <usize>i))) i++;
      if (i >= len) { eofError(r, len); return null; }
      const c = <i32>load<u8>(src + <usize>i);
      if (c != 0x3a) { syntaxError(r, c, i, CTX_AFTER_KEY); return null; }
      i++;
      state = 0;
    }
  }
  opts.depthSeen = maxSeen;
  t.depth = maxSeen;
  return t;
}

// Byte classes of the string scan: 1 ends it (quote, backslash, control byte), 2 sets F_HIGH (>= 0x80),
// 4 sets F_HTML (< > &); one table load per byte instead of six comparisons.
const STR_CLASS = memory.data<u8>([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);

/** Reads the string starting at the quote at i; pushes a K_STRING node; returns the index after it or -1. */
function readString(r: SlowRead, t: Tape, src: usize, len: i32, i: i32): i32 {
  const start = i + 1;
  let j = start;
  let flags = K_STRING;
  while (true) {
    // fast scan, 8 bytes at a time, while no quote, backslash or control byte shows up
    while (j + 8 <= len) {
      const x = load<u64>(src + <usize>j);
      if (zeroByte(x ^ 0x2222222222222222) | zeroByte(x ^ 0x5c5c5c5c5c5c5c5c) | ((x - 0x2020202020202020) & ~x & HIGHS)) break;
      if (x & HIGHS) flags |= F_HIGH;
      if (zeroByte(x ^ 0x3c3c3c3c3c3c3c3c) | zeroByte(x ^ 0x3e3e3e3e3e3e3e3e) | zeroByte(x ^ 0x2626262626262626)) flags |= F_HTML;
      j += 8;
    }
    while (j < len) {
      const f = <i32>load<u8>(STR_CLASS + <usize>load<u8>(src + <usize>j));
      if (f != 0) {
        if (f & 1) break;
        flags |= ((f & 2) << 8) | ((f & 4) << 9); // F_HIGH, F_HTML
      }
      j++;
    }
    if (j >= len) { eofError(r, len); return -1; }
    const c = <i32>load<u8>(src + <usize>j);
    if (c == 0x22) break;
    if (c < 0x20) { syntaxError(r, c, j, CTX_STRING); return -1; }
    // backslash escape
    flags |= F_ESCAPE;
    j++;
    if (j >= len) { eofAs(r, 0x20, len, CTX_ESC); return -1; }
    const e = <i32>load<u8>(src + <usize>j);
    if (e == 0x75) {
      for (let k = 1; k <= 4; k++) {
        if (j + k >= len) { eofAs(r, 0x20, len, CTX_HEX); return -1; }
        const h = <i32>load<u8>(src + <usize>(j + k));
        if (!isHex(h)) { syntaxError(r, h, j + k, CTX_HEX); return -1; }
      }
      j += 5;
    } else if (e == 0x22 || e == 0x5c || e == 0x2f || e == 0x62 || e == 0x66 || e == 0x6e || e == 0x72 || e == 0x74) {
      j++;
    } else {
      syntaxError(r, e, j, CTX_ESC);
      return -1;
    }
  }
  t.push(flags, start, j);
  return j + 1;
}

/** Reads a number starting at i (Go's number states); pushes a K_NUMBER node; returns the index after it or -1. */
function readNumber(r: SlowRead, t: Tape, src: usize, len: i32, i: i32): i32 {
  const start = i;
  let j = i;
  let flags = K_NUMBER | F_INT;
  if (load<u8>(src + <usize>j) == 0x2d) {
    j++;
    if (j >= len) { eofAs(r, 0x20, len, CTX_NUM); return -1; }
    const c = <i32>load<u8>(src + <usize>j);
    if (!isDigit(c)) { syntaxError(r, c, j, CTX_NUM); return -1; }
  }
  if (load<u8>(src + <usize>j) == 0x30) {
    j++;
  } else {
    while (j < len && isDigit(<i32>load<u8>(src + <usize>j))) j++;
  }
  if (j < len && load<u8>(src + <usize>j) == 0x2e) {
    flags &= ~F_INT;
    j++;
    if (j >= len) { eofAs(r, 0x20, len, CTX_DOT); return -1; }
    const c = <i32>load<u8>(src + <usize>j);
    if (!isDigit(c)) { syntaxError(r, c, j, CTX_DOT); return -1; }
    while (j < len && isDigit(<i32>load<u8>(src + <usize>j))) j++;
  }
  if (j < len && (load<u8>(src + <usize>j) | 0x20) == 0x65) {
    flags &= ~F_INT;
    j++;
    if (j >= len) { eofAs(r, 0x20, len, CTX_EXP); return -1; }
    let c = <i32>load<u8>(src + <usize>j);
    if (c == 0x2b || c == 0x2d) {
      j++;
      if (j >= len) { eofAs(r, 0x20, len, CTX_EXP); return -1; }
      c = <i32>load<u8>(src + <usize>j);
    }
    if (!isDigit(c)) { syntaxError(r, c, j, CTX_EXP); return -1; }
    while (j < len && isDigit(<i32>load<u8>(src + <usize>j))) j++;
  }
  if (!(flags & F_INT) || j - start > 15) t.slowNumbers++;
  t.push(flags, start, j);
  return j;
}

/** Go's scanner context for a bad byte inside a literal. */
function literalContext(word: string, want: i32): string {
  return "in literal " + word + " (expecting '" + String.fromCharCode(want) + "')";
}

/** Reads true/false/null whose first byte is at i; `rest` is the expected tail. */
function readLiteral(r: SlowRead, t: Tape, src: usize, len: i32, i: i32, kind: i32, rest: string, word: string): i32 {
  const n = rest.length;
  for (let k = 0; k < n; k++) {
    const want = rest.charCodeAt(k);
    if (i + 1 + k >= len) { eofAs(r, 0x20, len, literalContext(word, want)); return -1; }
    const c = <i32>load<u8>(src + <usize>(i + 1 + k));
    if (c != want) { syntaxError(r, c, i + 1 + k, literalContext(word, want)); return -1; }
  }
  t.push(kind, i, i + 1 + n);
  return i + 1 + n;
}
