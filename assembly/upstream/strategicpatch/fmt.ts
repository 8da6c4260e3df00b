// Go's fmt on the decoded values, as strategicpatch uses it: `%v` keys for sorting and matching list
// elements (fmt.Sprintf("%v", x)) and `%v` / `%s` inside error texts. Maps print as `map[k:v ...]` with
// keys in byte order (fmt sorts map keys), slices as `[a b]`, floats as strconv 'g' shortest, a nil
// interface as `<nil>`; `%s` of a non-string is `%!s(float64=1.5)` (nested nil still `<nil>`).
// Iterative (explicit stack).

import { ByteSink } from "../../io/sink";
import { writeGoFormatG } from "../../json/number";
import { compareBytes } from "../../json/members";
import { Val, GMap, Slice, T_BOOL, T_INT, T_FLOAT, T_STRING, T_MAP, T_SLICE } from "./value";

/** reflect.TypeOf(v).String() of a decoded value ("" for nil). */
export function typeName(v: Val | null): string {
  if (v === null) return "";
  switch (v.t) {
    case T_BOOL: return "bool";
    case T_INT: return "int64";
    case T_FLOAT: return "float64";
    case T_STRING: return "string";
    case T_MAP: return "map[string]interface {}";
    default: return "[]interface {}";
  }
}

/** Key of slot a sorts before key of slot b. */
@inline function slotLess(m: GMap, a: i32, b: i32): bool {
  return compareBytes(m.keyPtr(a), m.keyLen(a), m.keyPtr(b), m.keyLen(b)) < 0;
}

/**
 * Writes the live slots of m in key byte order as i32s at `dst` (room for m.count words); returns the count. Keys are distinct, so any correct sort agrees.
 */
export function sortSlotsInto(m: GMap, dst: usize): i32 {
  let n = 0;
  let sorted = true;
  for (let i = 0, c = m.slots; i < c; i++) {
    if (!m.live(i)) continue;
    if (sorted && n > 0 && !slotLess(m, load<i32>(dst + (<usize>(n - 1) << 2)), i)) sorted = false;
    store<i32>(dst + (<usize>n << 2), i);
    n++;
  }
  if (sorted || n < 2) return n;
  if (n <= 24) {
    for (let i = 1; i < n; i++) {
      const x = load<i32>(dst + (<usize>i << 2));
      let j = i - 1;
      while (j >= 0) {
        const y = load<i32>(dst + (<usize>j << 2));
        if (!slotLess(m, x, y)) break;
        store<i32>(dst + (<usize>(j + 1) << 2), y);
        j--;
      }
      store<i32>(dst + (<usize>(j + 1) << 2), x);
    }
    return n;
  }
  const s = sortedSlots(m);
  for (let i = 0; i < n; i++) store<i32>(dst + (<usize>i << 2), unchecked(s[i]));
  return n;
}

/** Live slots of m in key byte order. */
export function sortedSlots(m: GMap): Array<i32> {
  const out = new Array<i32>();
  for (let i = 0; i < m.slots; i++) if (m.live(i)) out.push(i);
  // insertion sort for small maps, merge sort otherwise
  const n = out.length;
  if (n < 16) {
    for (let i = 1; i < n; i++) {
      const x = out[i];
      let j = i - 1;
      while (j >= 0 && compareBytes(m.keyPtr(out[j]), m.keyLen(out[j]), m.keyPtr(x), m.keyLen(x)) > 0) {
        out[j + 1] = out[j];
        j--;
      }
      out[j + 1] = x;
    }
    return out;
  }
  let src = out;
  let dst = new Array<i32>(n);
  for (let w = 1; w < n; w <<= 1) {
    for (let lo = 0; lo < n; lo += w << 1) {
      const mid = min(lo + w, n);
      const hi = min(lo + (w << 1), n);
      let i = lo, j = mid, o = lo;
      while (i < mid && j < hi) {
        const a = src[i], b = src[j];
        if (compareBytes(m.keyPtr(b), m.keyLen(b), m.keyPtr(a), m.keyLen(a)) < 0) { dst[o++] = b; j++; }
        else { dst[o++] = a; i++; }
      }
      while (i < mid) dst[o++] = src[i++];
      while (j < hi) dst[o++] = src[j++];
    }
    const t = src; src = dst; dst = t;
  }
  return src;
}

/** One open container while printing. */
class Frame {
  v: Val;
  slots: Array<i32> | null = null;
  pos: i32 = 0;
  constructor(v: Val) {
    this.v = v;
  }
}

/** Appends fmt `%v` (verb 0x76) or `%s` (0x73) of v; `top`: v is the argument itself (not nested). */
export function formatValue(out: ByteSink, v: Val | null, verb: i32): void {
  if (v === null) {
    if (verb == 0x73) out.ascii("%!s(<nil>)");
    else out.ascii("<nil>");
    return;
  }
  const stack = new Array<Frame>();
  let cur: Val | null = v;
  let first = true;
  while (true) {
    if (cur === null) {
      if (first && verb == 0x73) out.ascii("%!s(<nil>)"); else out.ascii("<nil>");
    } else if (cur.t == T_MAP) {
      out.ascii("map[");
      const f = new Frame(cur);
      f.slots = sortedSlots(cur.m!);
      stack.push(f);
    } else if (cur.t == T_SLICE) {
      out.byte(0x5b);
      stack.push(new Frame(cur));
    } else {
      scalar(out, cur, verb);
    }
    first = false;
    // next element
    let found = false;
    while (stack.length > 0) {
      const f = stack[stack.length - 1];
      const c = f.v;
      if (c.t == T_MAP) {
        const slots = f.slots!;
        if (f.pos >= slots.length) { out.byte(0x5d); stack.pop(); continue; }
        const i = slots[f.pos];
        if (f.pos > 0) out.byte(0x20);
        f.pos++;
        const m = c.m!;
        out.bytes(m.keyPtr(i), m.keyLen(i));
        out.byte(0x3a);
        cur = m.val(i);
      } else {
        const s = c.s!;
        if (f.pos >= s.len) { out.byte(0x5d); stack.pop(); continue; }
        if (f.pos > 0) out.byte(0x20);
        cur = s.get(f.pos);
        f.pos++;
      }
      found = true;
      break;
    }
    if (!found) return;
  }
}

/** A scalar under %v or %s. */
function scalar(out: ByteSink, v: Val, verb: i32): void {
  if (v.t == T_STRING) {
    out.bytes(v.p, v.n);
    return;
  }
  if (verb == 0x73) {
    out.ascii("%!s(");
    out.ascii(typeName(v));
    out.byte(0x3d);
  }
  if (v.t == T_BOOL) out.ascii(v.b ? "true" : "false");
  else if (v.t == T_INT) out.int(v.i);
  else writeGoFormatG(out, v.f, 64);
  if (verb == 0x73) out.byte(0x29);
}

/** fmt.Sprintf("%v", v) as bytes in a fresh sink. */
export function sprintV(v: Val | null): ByteSink {
  const b = new ByteSink(32);
  formatValue(b, v, 0x76);
  return b;
}

/** Bytes of fmt.Sprintf("%v", v), rewritten by every `vText` call given it. */
export class VText {
  p: usize = 0;
  n: i32 = 0;
}

/** fmt.Sprintf("%v", v) into `into`: a string is its own bytes (no copy), anything else is printed. */
export function vText(v: Val | null, into: VText): void {
  if (v !== null && v.t == T_STRING) {
    into.p = v.p;
    into.n = v.n;
    return;
  }
  const b = sprintV(v);
  into.p = b.ptr;
  into.n = b.len;
}

/** fmt `%v` of a slice given as a header (a top-level []interface{} argument). */
export function formatSlice(out: ByteSink, s: Slice | null): void {
  if (s === null) { out.ascii("[]"); return; }
  const v = new Val(T_SLICE);
  v.s = s;
  formatValue(out, v, 0x76);
}

/** fmt `%v` of a map argument (nil map: `map[]`). */
export function formatMap(out: ByteSink, m: GMap | null): void {
  if (m === null) { out.ascii("map[]"); return; }
  const v = new Val(T_MAP);
  v.m = m;
  formatValue(out, v, 0x76);
}
