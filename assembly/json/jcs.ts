// RFC 8785 (JCS) canonical form, exactly as github.com/gowebpki/jcs v1.0.2 (`jcs.Transform`) gives it
// for text that Go's JSON scanner has already accepted (the reader's Tape):
//  - strings: escapes decoded; raw bytes must be valid UTF-8 ("Invalid UTF-8 sequence at byte 0x%02x",
//    the first bad byte); `\u` surrogates must form high+low pairs ("Invalid high surrogate: \u%04x",
//    "Missing surrogate", "Invalid low surrogate: \u%04x"). After a high surrogate the library reads the
//    next two bytes as escape text wherever they are: a non-ASCII byte there is "Unexpected non-ASCII
//    character", and a closing quote that ends the whole input is "Unexpected EOF reached";
//  - numbers: read by strconv.ParseFloat of the oracle's Go, 1.27 ("Number out of range: %s" when it
//    overflows; underflow is 0; Go's exponent saturation kept, see atof-go127.ts), then printed by the
//    library's NumberToJSON, which is exactly ECMAScript Number::toString: shortest digits, fixed in
//    [1e-6, 1e21), else `1e+21` / `1.5e-7` (Go's `e-07` trimmed), -0 as 0;
//  - objects: members sorted by the UTF-16 code units of the decoded key; a repeated key is
//    "Duplicate key: %s", found once the whole object (values included) has been read, and the key
//    named is the smallest repeated one in that order;
//  - strings written with `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other controls as `\u00xx`,
//    everything else (DEL, U+2028, ...) as is; no whitespace;
//  - %s above is the library's forError: strconv.Quote of the text cut to 32 bytes, then
//    ` (truncated from N bytes)` when longer.
// The first error met in document order wins: string and number errors where the token stands, a
// duplicate key at its object's closing brace, nesting deeper than 10000 when a container opens.
// Errors are E_JCS with the library's text and no offset. No recursion: explicit stacks, arena memory.

import { stopAt, escapeOrHighAt } from "../bytes/simd";
import { ByteSink } from "../io/sink";
import { Tape, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT, F_ESCAPE, F_HIGH, F_INT } from "./tape";
import { decodeRune, runeLen } from "./strings";
import { outOfRange, writeEcmaNumber } from "./number";
import { parseFloatGo127 } from "./atof-go127";
import { goQuoteV2 } from "./quote-v2";
import { fail, E_JCS } from "../base/errors";

/** The library's nesting limit (maxNestingDepth): an array or object opened deeper is refused. */
export const JCS_MAX_DEPTH: i32 = 10000;
/** forError keeps this many bytes of the offending text (maxErrorTokenLength). */
const MAX_ERROR_TOKEN: i32 = 32;

const HEX = "0123456789abcdef";

/** Bytes per sorted member: key pointer, key length, value node. */
const MEMBER: usize = 12;

/**
 * Writes the RFC 8785 form of node `root` of `t` into `out`, as jcs.Transform does. `inputEnd` is the
 * offset one past the last byte of the text the library would be given (it matters only for a
 * top-level string ending in a lone high surrogate escape). Returns false with an E_JCS error recorded.
 */
export function writeJCS(t: Tape, root: i32, inputEnd: i32, out: ByteSink): bool {
  const stop = t.next(root);
  // per node, 8 bytes: strings (ptr, len) of the decoded text; numbers the float64; objects (members, count)
  const aux = heap.alloc(<usize>(stop - root) << 3);
  if (!prepare(t, root, stop, inputEnd, aux)) return false;
  write(t, root, aux, out);
  return true;
}

/** Address of node i's 8 bytes of side data. */
@inline function auxAt(aux: usize, root: i32, i: i32): usize {
  return aux + (<usize>(i - root) << 3);
}

// ---------------------------------------------------------------------------------------------------
// Reading: every check, in the order the library's recursive descent meets it

/** Decodes and checks every string and number in document order and sorts each object when it closes. */
function prepare(t: Tape, root: i32, stop: i32, inputEnd: i32, aux: usize): bool {
  // open containers, innermost last
  let cap = 64;
  let open = heap.alloc(<usize>cap << 2);
  let depth = 0;
  for (let i = root; i < stop; i++) {
    // close the containers whose text ended before node i (innermost first)
    while (depth > 0) {
      const c = load<i32>(open + (<usize>(depth - 1) << 2));
      if (t.next(c) > i) break;
      depth--;
      if (t.kind(c) == K_OBJECT && !sortObject(t, c, root, aux)) return false;
    }
    const f = t.flags(i);
    const k = f & 0xff;
    if (k == K_STRING) {
      if (!decodeString(t, i, inputEnd, auxAt(aux, root, i))) return false;
    } else if (k == K_NUMBER) {
      const n = t.len(i);
      if (!(f & F_INT) || n > 15) {
        const v = parseFloatGo127(t.ptr(i), n);
        if (outOfRange(v)) return fail(E_JCS, "Number out of range: " + forError(t.ptr(i), n));
        store<f64>(auxAt(aux, root, i), v);
      }
    } else if (k >= K_ARRAY) {
      if (depth >= JCS_MAX_DEPTH) return fail(E_JCS, "Maximum nesting depth of " + JCS_MAX_DEPTH.toString() + " exceeded");
      if (depth >= cap) {
        cap <<= 1;
        open = heap.realloc(open, <usize>cap << 2);
      }
      store<i32>(open + (<usize>depth << 2), i);
      depth++;
    }
  }
  while (depth > 0) {
    depth--;
    const c = load<i32>(open + (<usize>depth << 2));
    if (t.kind(c) == K_OBJECT && !sortObject(t, c, root, aux)) return false;
  }
  return true;
}

@inline function hexVal(c: i32): i32 {
  return c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57;
}

/** The 4 hex digits at p (the reader validated them). */
@inline function hex4(p: usize): i32 {
  return (hexVal(load<u8>(p)) << 12) | (hexVal(load<u8>(p, 1)) << 8) | (hexVal(load<u8>(p, 2)) << 4) | hexVal(load<u8>(p, 3));
}

/** `\u` and four lowercase hex digits, as the library's `\\u%04x` prints a UTF-16 code unit. */
function u4(v: i32): string {
  let s = "\\u";
  for (let sh = 12; sh >= 0; sh -= 4) s += HEX.charAt((v >> sh) & 15);
  return s;
}

/** Writes rune r (never a surrogate) as UTF-8 at p; returns the byte count. */
function putRune(p: usize, r: i32): i32 {
  if (r < 0x80) { store<u8>(p, <u8>r); return 1; }
  if (r < 0x800) {
    store<u8>(p, <u8>(0xc0 | (r >> 6))); store<u8>(p, <u8>(0x80 | (r & 0x3f)), 1);
    return 2;
  }
  if (r < 0x10000) {
    store<u8>(p, <u8>(0xe0 | (r >> 12))); store<u8>(p, <u8>(0x80 | ((r >> 6) & 0x3f)), 1);
    store<u8>(p, <u8>(0x80 | (r & 0x3f)), 2);
    return 3;
  }
  store<u8>(p, <u8>(0xf0 | (r >> 18))); store<u8>(p, <u8>(0x80 | ((r >> 12) & 0x3f)), 1);
  store<u8>(p, <u8>(0x80 | ((r >> 6) & 0x3f)), 2); store<u8>(p, <u8>(0x80 | (r & 0x3f)), 3);
  return 4;
}

/**
 * Checks string node i as the library's parseQuotedString reads it and stores its decoded bytes
 * (pointer, length) at `slot`. The decoded text is never longer than the escaped one.
 */
function decodeString(t: Tape, i: i32, inputEnd: i32, slot: usize): bool {
  const f = t.flags(i);
  const p = t.ptr(i);
  const n = t.len(i);
  store<usize>(slot, p);
  store<i32>(slot, n, 4);
  if (!(f & (F_ESCAPE | F_HIGH))) return true; // plain ASCII: the text is its own value
  const end = p + <usize>n; // the closing quote
  // where the decoded bytes go (nothing escaped: the source bytes are the value, only checked)
  const dst: usize = (f & F_ESCAPE) ? heap.alloc(<usize>max(n, 1)) : 0;
  let w: usize = dst;
  let q = p;
  while (q < end) {
    // the run before the next backslash or byte >= 0x80, 16 bytes at a time
    const k = <usize>escapeOrHighAt(q, 0, <i32>(end - q), true);
    if (dst != 0 && k > 0) { memory.copy(w, q, k); w += k; }
    q += k;
    if (q >= end) break;
    const c = <i32>load<u8>(q);
    if (c == 0x5c) {
      const e = <i32>load<u8>(q, 1);
      if (e != 0x75) {
        let b = e; // " \ /
        if (e == 0x62) b = 0x08;
        else if (e == 0x66) b = 0x0c;
        else if (e == 0x6e) b = 0x0a;
        else if (e == 0x72) b = 0x0d;
        else if (e == 0x74) b = 0x09;
        store<u8>(w, <u8>b);
        w++;
        q += 2;
        continue;
      }
      const r = hex4(q + 2);
      q += 6;
      if (r < 0xd800 || r > 0xdfff) {
        w += <usize>putRune(w, r);
        continue;
      }
      if (r > 0xdbff) return fail(E_JCS, "Invalid high surrogate: " + u4(r));
      // the next two bytes must be `\u`; the library reads them one at a time, wherever they are
      if (!surrogateFollows(q, end, inputEnd, t.end(i))) return false;
      const r2 = hex4(q + 2);
      q += 6;
      if (r2 < 0xdc00 || r2 > 0xdfff) return fail(E_JCS, "Invalid low surrogate: " + u4(r2));
      w += <usize>putRune(w, 0x10000 + ((r - 0xd800) << 10) + (r2 - 0xdc00));
      continue;
    }
    if (c < 0x80) {
      if (dst != 0) { store<u8>(w, <u8>c); w++; }
      q++;
      continue;
    }
    const r = decodeRune(q, <i32>(end - q));
    if (r < 0) return fail(E_JCS, "Invalid UTF-8 sequence at byte 0x" + HEX.charAt(c >> 4) + HEX.charAt(c & 15));
    const size = runeLen(r);
    if (dst != 0) { memory.copy(w, q, <usize>size); w += <usize>size; }
    q += <usize>size;
  }
  if (dst != 0) {
    store<usize>(slot, dst);
    store<i32>(slot, <i32>(w - dst), 4);
  }
  return true;
}

/**
 * After a high surrogate escape ending at q: the library takes the next byte and the one after it
 * (past the closing quote if need be) and wants `\u`. Returns false with its error otherwise.
 * `end` is the closing quote's address, `quoteAt` its offset, `inputEnd` the end of the input.
 */
function surrogateFollows(q: usize, end: usize, inputEnd: i32, quoteAt: i32): bool {
  // first byte: string content, or the closing quote
  const b1 = q < end ? <i32>load<u8>(q) : 0x22;
  if (b1 >= 0x80) return fail(E_JCS, "Unexpected non-ASCII character");
  let b2: i32;
  if (q + 1 < end) b2 = <i32>load<u8>(q, 1);
  else if (q + 1 == end) b2 = 0x22;
  else {
    // b1 was the closing quote: b2 is whatever follows the string in the input (ASCII in valid JSON)
    if (quoteAt + 1 >= inputEnd) return fail(E_JCS, "Unexpected EOF reached");
    b2 = <i32>load<u8>(end, 1);
  }
  if (b2 >= 0x80) return fail(E_JCS, "Unexpected non-ASCII character");
  if (b1 != 0x5c || b2 != 0x75) return fail(E_JCS, "Missing surrogate");
  return true;
}

/** The library's forError: strconv.Quote of the text cut to 32 bytes, noting the cut. */
function forError(p: usize, n: i32): string {
  const m = new ByteSink(MAX_ERROR_TOKEN * 4 + 40);
  if (n > MAX_ERROR_TOKEN) {
    goQuoteV2(m, p, MAX_ERROR_TOKEN);
    m.ascii(" (truncated from ");
    m.int(n);
    m.ascii(" bytes)");
  } else {
    goQuoteV2(m, p, n);
  }
  return String.UTF8.decodeUnsafe(m.ptr, <usize>m.len);
}

@inline function keyPtr(m: usize): usize { return load<usize>(m); }
@inline function keyLen(m: usize): i32 { return load<i32>(m, 4); }

/**
 * Compares valid UTF-8 strings by their UTF-16 code units. Byte order is code point order, and UTF-16
 * differs from it only between U+E000..U+FFFF (lead byte EE or EF) and U+10000 and above (lead byte
 * F0..F4, a surrogate pair D800..DBFF in UTF-16): decided at the first differing byte.
 */
export function compareUTF16Keys(a: usize, an: i32, b: usize, bn: i32): i32 {
  const n = an < bn ? an : bn;
  let i = 0;
  while (i + 8 <= n && load<u64>(a + <usize>i) == load<u64>(b + <usize>i)) i += 8;
  while (i < n && load<u8>(a + <usize>i) == load<u8>(b + <usize>i)) i++;
  if (i == n) return an - bn;
  const x = <i32>load<u8>(a + <usize>i);
  const y = <i32>load<u8>(b + <usize>i);
  if (x >= 0xee && y >= 0xee && (x >= 0xf0) != (y >= 0xf0)) return y - x;
  return x - y;
}

@inline function cmpMembers(a: usize, b: usize): i32 {
  return compareUTF16Keys(keyPtr(a), keyLen(a), keyPtr(b), keyLen(b));
}

/**
 * Sorts the members of object `obj` by the UTF-16 code units of their decoded keys (all strings of
 * the object were decoded already) and refuses a repeated key; stores (members, count) in its slot.
 */
function sortObject(t: Tape, obj: i32, root: i32, aux: usize): bool {
  const n = t.children(obj);
  const base = heap.alloc(<usize>max(n, 1) * MEMBER);
  let k = obj + 1;
  for (let j = 0; j < n; j++) {
    const m = base + <usize>j * MEMBER;
    const s = auxAt(aux, root, k);
    store<usize>(m, load<usize>(s));
    store<i32>(m, load<i32>(s, 4), 4);
    const v = t.next(k);
    store<i32>(m, v, 8);
    k = t.next(v);
  }
  if (n > 1) sortRecords(base, n);
  for (let j = 1; j < n; j++) {
    const m = base + <usize>j * MEMBER;
    if (cmpMembers(m - MEMBER, m) == 0) return fail(E_JCS, "Duplicate key: " + forError(keyPtr(m), keyLen(m)));
  }
  const slot = auxAt(aux, root, obj);
  store<usize>(slot, base);
  store<i32>(slot, n, 4);
  return true;
}

/** Sorts n member records: insertion sort for short runs, then bottom-up merges. */
function sortRecords(base: usize, n: i32): void {
  const RUN = 8;
  const tmp = heap.alloc(MEMBER);
  for (let lo = 0; lo < n; lo += RUN) {
    const hi = min(lo + RUN, n);
    for (let i = lo + 1; i < hi; i++) {
      const x = base + <usize>i * MEMBER;
      if (cmpMembers(x - MEMBER, x) <= 0) continue;
      memory.copy(tmp, x, MEMBER);
      let j = i;
      while (j > lo && cmpMembers(base + <usize>(j - 1) * MEMBER, tmp) > 0) {
        memory.copy(base + <usize>j * MEMBER, base + <usize>(j - 1) * MEMBER, MEMBER);
        j--;
      }
      memory.copy(base + <usize>j * MEMBER, tmp, MEMBER);
    }
  }
  if (n <= RUN) return;
  let src = base;
  let dst = heap.alloc(<usize>n * MEMBER);
  for (let width = RUN; width < n; width <<= 1) {
    for (let lo = 0; lo < n; lo += width << 1) {
      const mid = min(lo + width, n);
      const hi = min(lo + (width << 1), n);
      let i = lo, j = mid, o = lo;
      while (i < mid && j < hi) {
        const a = src + <usize>i * MEMBER;
        const b = src + <usize>j * MEMBER;
        if (cmpMembers(b, a) < 0) { memory.copy(dst + <usize>o * MEMBER, b, MEMBER); j++; }
        else { memory.copy(dst + <usize>o * MEMBER, a, MEMBER); i++; }
        o++;
      }
      if (i < mid) memory.copy(dst + <usize>o * MEMBER, src + <usize>i * MEMBER, <usize>(mid - i) * MEMBER);
      else if (j < hi) memory.copy(dst + <usize>o * MEMBER, src + <usize>j * MEMBER, <usize>(hi - j) * MEMBER);
    }
    const s = src; src = dst; dst = s;
  }
  if (src != base) memory.copy(base, src, <usize>n * MEMBER);
}

// ---------------------------------------------------------------------------------------------------
// Writing: one pass over the prepared tree

/** Writes the prepared value: containers through an explicit stack of frames (node, position, count, cursor). */
function write(t: Tape, root: i32, aux: usize, out: ByteSink): void {
  let cap = 32;
  let frames = heap.alloc(<usize>cap << 4);
  let depth = 0;
  let node = root;
  while (true) {
    // write `node`: a scalar, or open a container
    const k = t.kind(node);
    if (k < K_ARRAY) {
      writeScalar(t, node, auxAt(aux, root, node), out);
    } else {
      out.byte(k == K_OBJECT ? 0x7b : 0x5b);
      if (depth >= cap) {
        cap <<= 1;
        frames = heap.realloc(frames, <usize>cap << 4);
      }
      const fp = frames + (<usize>depth << 4);
      store<i32>(fp, node);
      store<i32>(fp, 0, 4);
      if (k == K_OBJECT) {
        const slot = auxAt(aux, root, node);
        store<i32>(fp, load<i32>(slot, 4), 8);
        store<i32>(fp, <i32>load<usize>(slot), 12);
      } else {
        store<i32>(fp, t.children(node), 8);
        store<i32>(fp, node + 1, 12);
      }
      depth++;
    }
    // find the next value to write, closing finished containers
    node = -1;
    while (depth > 0) {
      const fp = frames + (<usize>(depth - 1) << 4);
      const c = load<i32>(fp);
      const pos = load<i32>(fp, 4);
      if (pos >= load<i32>(fp, 8)) {
        out.byte(t.kind(c) == K_OBJECT ? 0x7d : 0x5d);
        depth--;
        continue;
      }
      store<i32>(fp, pos + 1, 4);
      if (pos > 0) out.byte(0x2c);
      if (t.kind(c) == K_OBJECT) {
        const m = <usize>load<i32>(fp, 12) + <usize>pos * MEMBER;
        writeString(out, keyPtr(m), keyLen(m));
        out.byte(0x3a);
        node = load<i32>(m, 8);
      } else {
        node = load<i32>(fp, 12);
        store<i32>(fp, t.next(node), 12);
      }
      break;
    }
    if (node < 0) return;
  }
}

/** Writes a string, number or literal node. */
function writeScalar(t: Tape, i: i32, slot: usize, out: ByteSink): void {
  const f = t.flags(i);
  const k = f & 0xff;
  if (k == K_STRING) {
    writeString(out, load<usize>(slot), load<i32>(slot, 4));
  } else if (k == K_NUMBER) {
    const n = t.len(i);
    if ((f & F_INT) && n <= 15) {
      // a short integer is exact and prints as itself, except -0
      if (n == 2 && load<u8>(t.ptr(i)) == 0x2d && load<u8>(t.ptr(i), 1) == 0x30) out.byte(0x30);
      else out.bytes(t.ptr(i), n);
    } else {
      writeEcmaNumber(out, load<f64>(slot));
    }
  } else {
    out.bytes(t.ptr(i), t.len(i)); // true, false, null
  }
}

/** Writes decoded (valid UTF-8) bytes as the library's decorateString quotes them. */
export function writeString(out: ByteSink, p: usize, n: i32): void {
  out.reserve(n + 2);
  out.byte(0x22);
  const end = p + <usize>n;
  let run = p;
  while (p < end) {
    p += <usize>stopAt(p, 0, <i32>(end - p)); // 16 bytes at a time to a control byte, `"` or `\`
    if (p >= end) break;
    const c = <i32>load<u8>(p);
    if (c >= 0x20 && c != 0x22 && c != 0x5c) { p++; continue; }
    if (run < p) out.bytes(run, <i32>(p - run));
    if (c == 0x22) out.ascii("\\\"");
    else if (c == 0x5c) out.ascii("\\\\");
    else if (c == 0x08) out.ascii("\\b");
    else if (c == 0x0c) out.ascii("\\f");
    else if (c == 0x0a) out.ascii("\\n");
    else if (c == 0x0d) out.ascii("\\r");
    else if (c == 0x09) out.ascii("\\t");
    else { out.ascii("\\u00"); out.byte(HEX.charCodeAt(c >> 4)); out.byte(HEX.charCodeAt(c & 15)); }
    p++;
    run = p;
  }
  if (run < p) out.bytes(run, <i32>(p - run));
  out.byte(0x22);
}
