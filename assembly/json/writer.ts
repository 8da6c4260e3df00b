// The Go writer over a Tape, without recursion: what Go's json.Marshal prints for the value
// json.Unmarshal decoded into interface{} (keys sorted by bytes, last duplicate wins, numbers through
// float64, HTML-safe escapes). RFC 8785 lives in jcs.ts.

import { ByteSink } from "../io/sink";
import { Tape, K_NULL, K_FALSE, K_TRUE, K_NUMBER, K_STRING, K_ARRAY, K_OBJECT, F_ESCAPE, F_HIGH, F_INT, F_NOT_PLAIN } from "./tape";
import { writeGoString, writeGoStringEscaped, validUTF8, decodeRune } from "./strings";
import { parseNumber, outOfRange, writeGoFloat64 } from "./number";
import { parseFloatGo127 } from "./atof-go127";
import { fail, E_JSON_TYPE } from "../base/errors";
import { sortMembers, membersAt, membersCount, Member } from "./members";
import { GO_DEFAULT } from "../base/pins";
import { typeErrorV2 } from "./errors-v2";

/** The only mode: Go's json.Marshal (RFC 8785 is jcs.ts). */
export const MODE_GO: i32 = 0;

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
 * Writes node `root` of tape `t` as Go's json.Marshal into `out`. Returns false (error recorded) when
 * Go's decoder would fail (a number out of float64 range).
 */
export function writeCanonical(t: Tape, root: i32, out: ByteSink, opts: WriteOptions): bool {
  // a scalar Go prints as it is written (plain string, short integer, literal): no set-up
  const rf = t.flags(root);
  const rk = rf & 0xff;
  if (rk == K_STRING && !(rf & F_NOT_PLAIN)) {
    const n = t.len(root);
    out.reserve(n + 2);
    out.byte(0x22);
    out.bytes(t.ptr(root), n);
    out.byte(0x22);
    return true;
  }
  if (rk == K_NUMBER && (rf & F_INT) && t.len(root) <= 15) {
    out.bytes(t.ptr(root), t.len(root));
    return true;
  }
  // Numbers are converted first, in document order, as Go's decoder does before anything is written.
  let values: usize = 0;
  if (t.slowNumbers > 0) {
    // one slot per node of this value only (values + (i << 3) for root <= i < stop): a value written once per
    // patch operation must not cost the whole document each time
    const stop = t.next(root);
    values = heap.alloc(<usize>(stop - root) << 3) - (<usize>root << 3);
    for (let i = root; i < stop; i++) {
      const f = t.flags(i);
      if ((f & 0xff) != K_NUMBER) continue;
      const n = t.len(i);
      if ((f & F_INT) && n <= 15) continue;
      // Go 1.27 rounds long numbers differently (strconv's unrounded scaling)
      const v = opts.goMinor >= 27 ? parseFloatGo127(t.ptr(i), n) : parseNumber(t.ptr(i), n);
      if (outOfRange(v)) {
        if (opts.goMinor >= 27) return typeErrorV2(t, root, i, opts.base);
        const text = String.UTF8.decodeUnsafe(t.ptr(i), <usize>n);
        return fail(E_JSON_TYPE, "json: cannot unmarshal number " + text + " into Go value of type float64", t.end(i) + 1 - opts.base);
      }
      store<f64>(values + (<usize>i << 3), v);
    }
  }

  // explicit stack of open containers
  let cap = 32;
  let frames = heap.alloc(<usize>cap * 16);
  let depth = 0;
  if (!openOrWrite(t, root, out, opts, values)) return false;
  if (t.kind(root) >= K_ARRAY) {
    pushFrame(t, root, frames, depth);
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
      pushFrame(t, child, frames, depth);
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
      // a short integer prints as itself
      out.bytes(t.ptr(i), n);
    } else {
      const v = load<f64>(values + (<usize>i << 3));
      writeGoFloat64(out, v);
    }
  } else if (k == K_TRUE) out.ascii("true");
  else if (k == K_FALSE) out.ascii("false");
  else if (k == K_NULL) out.ascii("null");
  else if (k == K_ARRAY) out.byte(0x5b);
  else out.byte(0x7b);
  return true;
}

/** Fills the frame for container i at slot `depth` of `frames` (arrays: the first child; objects: their sorted members). */
function pushFrame(t: Tape, i: i32, frames: usize, depth: i32): void {
  const fp = frames + <usize>depth * 16;
  store<i32>(fp, i);
  store<i32>(fp, 0, 4);
  if (t.kind(i) == K_ARRAY) {
    store<i32>(fp, t.children(i), 8);
    store<i32>(fp, i + 1, 12);
    return;
  }
  const sorted = sortMembers(t, i);
  store<i32>(fp, membersCount(sorted), 8);
  store<i32>(fp, <i32>membersAt(sorted), 12);
}


/** Writes a decoded member key. */
function writeKey(out: ByteSink, m: Member, opts: WriteOptions): void {
  if (m.plain) { out.bytes(m.keyPtr - 1, m.keyLen + 2); return; }
  writeGoString(out, m.keyPtr, m.keyLen, opts.go22, true);
}

/** Writes string node i as Go's encoder does. */
function writeStringNode(t: Tape, i: i32, out: ByteSink, opts: WriteOptions): void {
  let p = t.ptr(i);
  let n = t.len(i);
  if (!(t.flags(i) & F_NOT_PLAIN)) {
    // nothing for Go's encoder to change: copy with the quotes
    out.bytes(p - 1, n + 2);
    return;
  }
  if (t.flags(i) & F_ESCAPE) writeGoStringEscaped(out, p, n, opts.go22);
  else writeGoString(out, p, n, opts.go22, true);
}
