// Go 1.27's encoding/json errors. Go 1.27 runs json.Unmarshal on the json/v2 engine (jsontext with
// the v1 options): it validates the whole value first (jsontext's consumeValue), then turns the
// jsontext error into a v1 SyntaxError (transformSyntacticError: " (expecting ...)" cut unless the
// text is about a literal, then "object name" → "object key", "at start of value" → "looking for
// beginning of value", "at start of string" → "looking for beginning of object key string",
// "after object value" → "after object key:value pair", "in number" → "in numeric literal").
// The offset is where the bad text ends (a character counts its whole UTF-8 sequence); a value cut
// short reports "unexpected end of JSON input" at the end of the input, except inside a number (its
// start), at a backslash escape or a truncated UTF-8 sequence in a string (where that starts).
// A number beyond float64 is an UnmarshalTypeError naming its JSON path.
//
// Only error paths come here: the reader (reader.ts) has already found the text invalid.

import { ByteSink } from "../io/sink";
import { fail, failBytes, E_JSON_SYNTAX, E_JSON_DEPTH, E_JSON_TYPE, E_INTERNAL } from "../base/errors";
import { Tape, K_ARRAY } from "./tape";
import { unquote } from "./strings";
import { quoteRuneV2, quoteTextV2, firstRuneSize } from "./quote-v2";

/** jsontext's maxNestingDepth: a container nested deeper than this is refused. */
const MAX_DEPTH: i32 = 10000;

const FRAME_OBJECT: u8 = 1;
const FRAME_ARRAY: u8 = 2;

@inline function isSpace(c: i32): bool {
  return c == 0x20 || c == 0x0a || c == 0x0d || c == 0x09;
}

@inline function isDigit(c: i32): bool {
  return <u32>(c - 0x30) < 10;
}

@inline function isHex(c: i32): bool {
  return <u32>(c - 0x30) < 10 || <u32>((c | 0x20) - 0x61) < 6;
}

/** Records `invalid character 'x' <where>` for the character at i; the offset is after it. */
function invalidChar(src: usize, len: i32, i: i32, where: string): i32 {
  const m = new ByteSink(64);
  m.ascii("invalid character ");
  quoteRuneV2(m, src + <usize>i, len - i);
  m.byte(0x20);
  m.ascii(where);
  failBytes(E_JSON_SYNTAX, m, i + firstRuneSize(src + <usize>i, len - i));
  return -1;
}

/** Records `invalid escape sequence <text> in string` for the n bytes at i; the offset is after them. */
function invalidEscape(src: usize, i: i32, n: i32): i32 {
  const m = new ByteSink(64);
  m.ascii("invalid escape sequence ");
  quoteTextV2(m, src + <usize>i, n);
  m.ascii(" in string");
  failBytes(E_JSON_SYNTAX, m, i + n);
  return -1;
}

/** Records "unexpected end of JSON input" at `offset`. */
function unexpectedEnd(offset: i32): i32 {
  fail(E_JSON_SYNTAX, "unexpected end of JSON input", offset);
  return -1;
}

/** utf8.FullRune: false only for a valid but cut-short start of a multi-byte sequence. */
function fullRune(p: usize, n: i32): bool {
  const b0 = <i32>load<u8>(p);
  let size = 1;
  let lo = 0x80;
  let hi = 0xbf;
  if (b0 >= 0xc2 && b0 <= 0xdf) size = 2;
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    size = 3;
    if (b0 == 0xe0) lo = 0xa0;
    else if (b0 == 0xed) hi = 0x9f;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    size = 4;
    if (b0 == 0xf0) lo = 0x90;
    else if (b0 == 0xf4) hi = 0x8f;
  }
  if (n >= size) return true;
  if (n > 1) {
    const b1 = <i32>load<u8>(p, 1);
    if (b1 < lo || b1 > hi) return true;
  }
  if (n > 2) {
    const b2 = <i32>load<u8>(p, 2);
    if (b2 < 0x80 || b2 > 0xbf) return true;
  }
  return false;
}

/** jsonwire's hasEscapedUTF16Prefix (high half): [p, p+n) could still become `\uXXXX`. */
function escapePrefix(p: usize, n: i32): bool {
  for (let k = 0; k < n; k++) {
    const c = <i32>load<u8>(p + <usize>k);
    if (k == 0 && c != 0x5c) return false;
    if (k == 1 && c != 0x75) return false;
    if (k >= 2 && k < 6 && !isHex(c)) return false;
  }
  return true;
}

/** Checks the string whose quote is at i; returns the index after it, or -1 with the error recorded. */
function checkString(src: usize, len: i32, i: i32): i32 {
  let j = i + 1;
  while (true) {
    while (j < len) {
      const c = <i32>load<u8>(src + <usize>j);
      if (c < 0x20 || c >= 0x80 || c == 0x22 || c == 0x5c) break;
      j++;
    }
    if (j >= len) return unexpectedEnd(len);
    const c = <i32>load<u8>(src + <usize>j);
    if (c == 0x22) return j + 1;
    if (c >= 0x80) {
      const n = firstRuneSize(src + <usize>j, len - j);
      if (n > 1) { j += n; continue; }
      // an invalid byte is allowed (v1 semantics) unless the input ends inside a valid sequence
      if (!fullRune(src + <usize>j, len - j)) return unexpectedEnd(j);
      j++;
      continue;
    }
    if (c == 0x5c) {
      if (len < j + 2) return unexpectedEnd(j);
      const e = <i32>load<u8>(src + <usize>(j + 1));
      if (e == 0x22 || e == 0x5c || e == 0x2f || e == 0x62 || e == 0x66 || e == 0x6e || e == 0x72 || e == 0x74) {
        j += 2;
        continue;
      }
      if (e == 0x75) {
        if (len < j + 6) {
          if (escapePrefix(src + <usize>j, len - j)) return unexpectedEnd(j);
          return invalidEscape(src, j, len - j);
        }
        for (let k = 2; k < 6; k++) {
          if (!isHex(<i32>load<u8>(src + <usize>(j + k)))) return invalidEscape(src, j, 6);
        }
        j += 6;
        continue;
      }
      return invalidEscape(src, j, 2);
    }
    return invalidChar(src, len, j, "in string");
  }
  return -1;
}

/** Checks the number starting at i; returns the index after it, or -1 with the error recorded. */
function checkNumber(src: usize, len: i32, i: i32): i32 {
  let j = i;
  if (load<u8>(src + <usize>j) == 0x2d) j++;
  if (j >= len) return unexpectedEnd(i);
  let c = <i32>load<u8>(src + <usize>j);
  if (c == 0x30) j++;
  else if (isDigit(c)) {
    j++;
    while (j < len && isDigit(<i32>load<u8>(src + <usize>j))) j++;
  } else return invalidChar(src, len, j, "in numeric literal");
  if (j < len && load<u8>(src + <usize>j) == 0x2e) {
    j++;
    if (j >= len) return unexpectedEnd(i);
    if (!isDigit(<i32>load<u8>(src + <usize>j))) return invalidChar(src, len, j, "in numeric literal");
    while (j < len && isDigit(<i32>load<u8>(src + <usize>j))) j++;
  }
  if (j < len && (load<u8>(src + <usize>j) | 0x20) == 0x65) {
    j++;
    if (j < len) {
      c = <i32>load<u8>(src + <usize>j);
      if (c == 0x2b || c == 0x2d) j++;
    }
    if (j >= len) return unexpectedEnd(i);
    if (!isDigit(<i32>load<u8>(src + <usize>j))) return invalidChar(src, len, j, "in numeric literal");
    while (j < len && isDigit(<i32>load<u8>(src + <usize>j))) j++;
  }
  return j;
}

/** Checks the literal `word` whose first byte is at i; returns the index after it, or -1. */
function checkLiteral(src: usize, len: i32, i: i32, word: string): i32 {
  const n = word.length;
  for (let k = 1; k < n; k++) {
    if (i + k >= len) return unexpectedEnd(len);
    const want = word.charCodeAt(k);
    if (<i32>load<u8>(src + <usize>(i + k)) != want) {
      return invalidChar(src, len, i + k, "in literal " + word + " (expecting '" + String.fromCharCode(want) + "')");
    }
  }
  return i + n;
}

@inline function skipSpace(src: usize, len: i32, i: i32): i32 {
  while (i < len && isSpace(<i32>load<u8>(src + <usize>i))) i++;
  return i;
}

/**
 * Records the error Go 1.27's json.Unmarshal gives for the invalid JSON text [src, src+len):
 * E_JSON_SYNTAX, or E_JSON_DEPTH for "exceeded max depth". Always returns false.
 */
export function syntaxErrorV2(src: usize, len: i32): bool {
  let stack = heap.alloc(64);
  let cap = 64;
  let depth = 0;
  // states: 0 = a value, 1 = after a value, 2 = an object name (after '{' or ',')
  let state = 0;
  let i = skipSpace(src, len, 0);
  if (i >= len) { unexpectedEnd(len); return false; }
  while (true) {
    if (state == 0) {
      i = skipSpace(src, len, i);
      if (i >= len) { unexpectedEnd(len); return false; }
      const c = <i32>load<u8>(src + <usize>i);
      if (c == 0x7b || c == 0x5b) {
        if (depth == MAX_DEPTH) return fail(E_JSON_DEPTH, "exceeded max depth", i + 1);
        if (depth >= cap) {
          cap <<= 1;
          stack = heap.realloc(stack, <usize>cap);
        }
        store<u8>(stack + <usize>depth, c == 0x7b ? FRAME_OBJECT : FRAME_ARRAY);
        depth++;
        i = skipSpace(src, len, i + 1);
        if (i >= len) { unexpectedEnd(len); return false; }
        const d = <i32>load<u8>(src + <usize>i);
        if (d == (c == 0x7b ? 0x7d : 0x5d)) { i++; depth--; state = 1; continue; }
        state = c == 0x7b ? 2 : 0;
        continue;
      }
      if (c == 0x22) i = checkString(src, len, i);
      else if (c == 0x2d || isDigit(c)) i = checkNumber(src, len, i);
      else if (c == 0x74) i = checkLiteral(src, len, i, "true");
      else if (c == 0x66) i = checkLiteral(src, len, i, "false");
      else if (c == 0x6e) i = checkLiteral(src, len, i, "null");
      else i = invalidChar(src, len, i, "looking for beginning of value");
      if (i < 0) return false;
      state = 1;
    } else if (state == 1) {
      i = skipSpace(src, len, i);
      if (depth == 0) {
        if (i < len) { invalidChar(src, len, i, "after top-level value"); return false; }
        return fail(E_INTERNAL, "the reader and the Go 1.27 check disagree on whether the text is JSON", -1);
      }
      if (i >= len) { unexpectedEnd(len); return false; }
      const c = <i32>load<u8>(src + <usize>i);
      const isObj = load<u8>(stack + <usize>(depth - 1)) == FRAME_OBJECT;
      if (c == 0x2c) { i++; state = isObj ? 2 : 0; continue; }
      if (c == (isObj ? 0x7d : 0x5d)) { i++; depth--; continue; }
      invalidChar(src, len, i, isObj ? "after object key:value pair" : "after array element");
      return false;
    } else {
      i = skipSpace(src, len, i);
      if (i >= len) { unexpectedEnd(len); return false; }
      if (load<u8>(src + <usize>i) != 0x22) { invalidChar(src, len, i, "looking for beginning of object key string"); return false; }
      i = checkString(src, len, i);
      if (i < 0) return false;
      i = skipSpace(src, len, i);
      if (i >= len) { unexpectedEnd(len); return false; }
      if (load<u8>(src + <usize>i) != 0x3a) { invalidChar(src, len, i, "after object key"); return false; }
      i++;
      state = 0;
    }
  }
}

/**
 * Records Go 1.27's UnmarshalTypeError for number node `num` (beyond float64) inside the value at
 * node `root`: the message names the JSON pointer of the number with `/` turned into `.` (names
 * escaped as in RFC 6901: `~` → `~0`, `/` → `~1`), and the offset is where the number ends.
 */
export function typeErrorV2(t: Tape, root: i32, num: i32, base: i32): bool {
  // the path from root to num, as ".name" and ".index" steps
  const path = new ByteSink(32);
  let node = root;
  while (node != num) {
    let child = node + 1;
    if (t.kind(node) == K_ARRAY) {
      let index = 0;
      while (t.next(child) <= num) { child = t.next(child); index++; }
      path.byte(0x2e);
      path.int(index);
      node = child;
    } else {
      let value = t.next(child);
      while (t.next(value) <= num) { child = t.next(value); value = t.next(child); }
      path.byte(0x2e);
      appendPointerName(path, t, child);
      node = value;
    }
  }
  const m = new ByteSink(64);
  m.ascii("json: cannot unmarshal number ");
  m.bytes(t.ptr(num), t.len(num));
  // Field is the path without its first '.'; an empty Field means "Go value"
  if (path.len <= 1) {
    m.ascii(" into Go value of type float64");
  } else {
    // a last step of digits only reads as an array index: no "Go struct field "
    let k = path.len;
    while (k > 0 && path.at(k - 1) != 0x2e) k--;
    let digits = k < path.len;
    for (let j = k; j < path.len; j++) if (<u32>(path.at(j) - 0x30) >= 10) { digits = false; break; }
    m.ascii(digits ? " into " : " into Go struct field ");
    m.bytes(path.ptr, path.len);
    m.ascii(" of type float64");
  }
  return failBytes(E_JSON_TYPE, m, t.end(num) - base);
}

/** Appends object name (string node k) decoded as Go decodes it, with `~` and `/` escaped. */
function appendPointerName(out: ByteSink, t: Tape, k: i32): void {
  const d = new ByteSink(t.len(k) + 4);
  unquote(d, t.ptr(k), t.len(k), false);
  for (let j = 0; j < d.len; j++) {
    const c = <i32>d.at(j);
    if (c == 0x7e) out.ascii("~0");
    else if (c == 0x2f) out.ascii("~1");
    else out.byte(c);
  }
}
