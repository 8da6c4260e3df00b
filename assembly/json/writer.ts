// Canonical writers over a Tape, without recursion:
//  - GO:  what Go's json.Marshal prints for the value json.Unmarshal decoded into interface{}
//         (keys sorted by bytes, last duplicate wins, numbers through float64, HTML-safe escapes);
//  - JCS: RFC 8785 (keys sorted by UTF-16 code units, ECMAScript numbers, minimal escapes).

import { ByteSink } from "../io/sink";
import { Tape, K_NULL, K_FALSE, K_TRUE, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT, F_ESCAPE, F_HIGH, F_INT, F_NOT_PLAIN } from "./tape";
import { unquote, writeGoString, validUTF8, decodeRune, runeSize } from "./strings";
import { parseNumber, NumberParse, writeGoFloat64, writeEcmaNumber } from "./number";
import { fail, E_JSON_TYPE, E_JCS } from "../errors";
import { sortMembers, sortedMembers, Member } from "./members";
import { GO_DEFAULT } from "../versions";
import { typeErrorV2 } from "./errors-v2";

export const MODE_GO: i32 = 0;
export const MODE_JCS: i32 = 1;

/** Options for one canonical write. */
export class WriteOptions {
  mode: i32 = MODE_GO;
  /** Go 1.22+ short escapes for \b and \f. */
  go22: bool = true;
  /** Error offsets are reported relative to this source offset (where the value's text starts). */
  base: i32 = 0;
  /** Go release (minor) whose decoder errors are reproduced (27+: json/v2's UnmarshalTypeError with a path). */
  goMinor: i32 = GO_DEFAULT;
}

/**
 * Writes node `root` of tape `t` canonically into `out`. Returns false (error recorded) when Go's
 * decoder would fail (a number out of float64 range) or the value has no RFC 8785 form.
 */
export function writeCanonical(t: Tape, root: i32, out: ByteSink, opts: WriteOptions): bool {
  // Numbers are converted first, in document order, as Go's decoder does before anything is written.
  let values: usize = 0;
  if (t.slowNumbers > 0) {
    values = heap.alloc(<usize>t.count << 3);
    const stop = t.next(root);
    for (let i = root; i < stop; i++) {
      const f = t.flags(i);
      if ((f & 0xff) != K_NUMBER) continue;
      const n = t.len(i);
      if ((f & F_INT) && n <= 15) continue;
      const v = parseNumber(t.ptr(i), n);
      if (NumberParse.rangeError) {
        if (opts.mode == MODE_GO) {
          if (opts.goMinor >= 27) return typeErrorV2(t, root, i, opts.base);
          const text = String.UTF8.decodeUnsafe(t.ptr(i), <usize>n);
          return fail(E_JSON_TYPE, "json: cannot unmarshal number " + text + " into Go value of type float64", t.end(i) + 1 - opts.base);
        }
        return fail(E_JCS, "number " + String.UTF8.decodeUnsafe(t.ptr(i), <usize>n) + " is out of the IEEE 754 double range", t.start(i) - opts.base);
      }
      store<f64>(values + (<usize>i << 3), v);
    }
  }
  if (opts.mode == MODE_JCS && !checkJCSStrings(t, root, opts)) return false;

  // explicit stack of open containers
  let cap = 32;
  let frames = heap.alloc(<usize>cap * 16);
  let depth = 0;
  if (!openOrWrite(t, root, out, opts, values)) return false;
  if (t.kind(root) >= K_ARRAY) {
    frames = pushFrame(t, root, frames, depth, opts);
    if (frames == 0) return false;
    depth = 1;
  }
  while (depth > 0) {
    const fp = frames + <usize>(depth - 1) * 16;
    const node = load<i32>(fp);
    const pos = load<i32>(fp, 4);
    const count = load<i32>(fp, 8);
    if (pos >= count) {
      out.byte(t.kind(node) == K_OBJECT ? 0x7d : 0x5d);
      depth--;
      continue;
    }
    store<i32>(fp, pos + 1, 4);
    if (pos > 0) out.byte(0x2c);
    let child: i32;
    if (t.kind(node) == K_OBJECT) {
      const m = changetype<Member>(<usize>load<i32>(fp, 12) + <usize>pos * offsetof<Member>());
      writeKey(out, m, opts);
      out.byte(0x3a);
      child = m.value;
    } else {
      // arrays: the cursor is the next child node index
      child = load<i32>(fp, 12);
      store<i32>(fp, t.next(child), 12);
    }
    if (!openOrWrite(t, child, out, opts, values)) return false;
    if (t.kind(child) >= K_ARRAY) {
      if (depth >= cap) {
        cap <<= 1;
        frames = heap.realloc(frames, <usize>cap * 16);
      }
      const r = pushFrame(t, child, frames, depth, opts);
      if (r == 0) return false;
      frames = r;
      depth++;
    }
  }
  return true;
}

/** Writes a scalar, or the opening bracket of a container. */
function openOrWrite(t: Tape, i: i32, out: ByteSink, opts: WriteOptions, values: usize): bool {
  const f = t.flags(i);
  const k = f & 0xff;
  if (k == K_STRING) {
    writeStringNode(t, i, out, opts);
  } else if (k == K_NUMBER) {
    const n = t.len(i);
    if ((f & F_INT) && n <= 15) {
      // a short integer prints as itself (JCS prints -0 as 0)
      if (opts.mode == MODE_JCS && n == 2 && load<u8>(t.ptr(i)) == 0x2d && load<u8>(t.ptr(i), 1) == 0x30) out.byte(0x30);
      else out.bytes(t.ptr(i), n);
    } else {
      const v = load<f64>(values + (<usize>i << 3));
      if (opts.mode == MODE_GO) writeGoFloat64(out, v); else writeEcmaNumber(out, v);
    }
  } else if (k == K_TRUE) out.ascii("true");
  else if (k == K_FALSE) out.ascii("false");
  else if (k == K_NULL) out.ascii("null");
  else if (k == K_ARRAY) out.byte(0x5b);
  else out.byte(0x7b);
  return true;
}

/** Pushes a frame for container i at slot `depth`; returns the (possibly moved) frames pointer or 0 on error. */
function pushFrame(t: Tape, i: i32, frames: usize, depth: i32, opts: WriteOptions): usize {
  const fp = frames + <usize>depth * 16;
  store<i32>(fp, i);
  store<i32>(fp, 0, 4);
  if (t.kind(i) == K_ARRAY) {
    store<i32>(fp, t.children(i), 8);
    store<i32>(fp, i + 1, 12);
    return frames;
  }
  const members = sortMembers(t, i, opts.mode == MODE_JCS);
  if (members < 0) return 0;
  store<i32>(fp, members, 8);
  store<i32>(fp, <i32>sortedMembers, 12);
  return frames;
}


/** Writes a decoded member key. */
function writeKey(out: ByteSink, m: Member, opts: WriteOptions): void {
  if (opts.mode == MODE_GO && m.plain) { out.bytes(m.keyPtr - 1, m.keyLen + 2); return; }
  if (opts.mode == MODE_GO) writeGoString(out, m.keyPtr, m.keyLen, opts.go22, true);
  else writeJCSString(out, m.keyPtr, m.keyLen);
}

/** Writes string node i in the active mode. */
function writeStringNode(t: Tape, i: i32, out: ByteSink, opts: WriteOptions): void {
  let p = t.ptr(i);
  let n = t.len(i);
  if (opts.mode == MODE_GO && !(t.flags(i) & F_NOT_PLAIN)) {
    // nothing for Go's encoder to change: copy with the quotes
    out.bytes(p - 1, n + 2);
    return;
  }
  if (t.flags(i) & F_ESCAPE) {
    const d = new ByteSink(n);
    unquote(d, p, n, false);
    p = d.ptr;
    n = d.len;
  }
  if (opts.mode == MODE_GO) writeGoString(out, p, n, opts.go22, true);
  else writeJCSString(out, p, n);
}

const HEX = "0123456789abcdef";

/** Writes valid UTF-8 bytes as an RFC 8785 string: only `"`, `\` and controls are escaped. */
export function writeJCSString(out: ByteSink, p: usize, n: i32): void {
  out.reserve(n + 2);
  out.byte(0x22);
  const end = p + <usize>n;
  let run = p;
  while (p < end) {
    const c = <i32>load<u8>(p);
    if (c >= 0x20 && c != 0x22 && c != 0x5c) { p++; continue; }
    if (run < p) out.bytes(run, <i32>(p - run));
    if (c == 0x22) out.ascii("\\\"");
    else if (c == 0x5c) out.ascii("\\\\");
    else if (c == 0x08) out.ascii("\\b");
    else if (c == 0x09) out.ascii("\\t");
    else if (c == 0x0a) out.ascii("\\n");
    else if (c == 0x0c) out.ascii("\\f");
    else if (c == 0x0d) out.ascii("\\r");
    else { out.ascii("\\u00"); out.byte(HEX.charCodeAt(c >> 4)); out.byte(HEX.charCodeAt(c & 15)); }
    p++;
    run = p;
  }
  if (run < p) out.bytes(run, <i32>(p - run));
  out.byte(0x22);
}

/** RFC 8785 needs I-JSON strings: no invalid UTF-8 and no lone surrogate escapes anywhere in the value. */
function checkJCSStrings(t: Tape, root: i32, opts: WriteOptions): bool {
  const stop = t.next(root);
  for (let i = root; i < stop; i++) {
    const f = t.flags(i);
    if ((f & 0xff) != K_STRING) continue;
    if ((f & F_HIGH) && !validUTF8Content(t.ptr(i), t.len(i))) {
      return fail(E_JCS, "string is not valid UTF-8", t.start(i) - 1 - opts.base);
    }
    if ((f & F_ESCAPE) && hasLoneSurrogate(t.ptr(i), t.len(i))) {
      return fail(E_JCS, "string contains a lone surrogate escape", t.start(i) - 1 - opts.base);
    }
  }
  return true;
}

/** Validates raw (unescaped) bytes of string content; escapes are ASCII so they pass. */
function validUTF8Content(p: usize, n: i32): bool {
  return validUTF8(p, n);
}

/** True when escaped content [p, p+n) has a \uD800-\uDFFF escape that is not part of a valid pair. */
function hasLoneSurrogate(p: usize, n: i32): bool {
  const end = p + <usize>n;
  while (p < end) {
    if (load<u8>(p) != 0x5c) { p++; continue; }
    const e = load<u8>(p, 1);
    if (e != 0x75) { p += 2; continue; }
    const r = hexAt(p + 2);
    p += 6;
    if (r < 0xd800 || r >= 0xe000) continue;
    if (r >= 0xdc00) return true;
    if (p + 6 > end || load<u8>(p) != 0x5c || load<u8>(p, 1) != 0x75) return true;
    const r2 = hexAt(p + 2);
    if (r2 < 0xdc00 || r2 >= 0xe000) return true;
    p += 6;
  }
  return false;
}

@inline function hv(c: i32): i32 { return c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57; }
function hexAt(p: usize): i32 {
  return (hv(load<u8>(p)) << 12) | (hv(load<u8>(p, 1)) << 8) | (hv(load<u8>(p, 2)) << 4) | hv(load<u8>(p, 3));
}
