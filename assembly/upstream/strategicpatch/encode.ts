// json.Marshal of the decoded-and-patched map[string]interface{}, as encoding/json writes it: keys in byte
// order, int64 in decimal, float64 in Go's format, strings with HTML escaping (and `\b` `\f` short from
// Go 1.22), nil maps and slices as null. Iterative.

import { ByteSink } from "../../io/sink";
import { writeGoString } from "../../json/strings";
import { writeGoFloat64 } from "../../json/number";
import { Val, GMap, Slice, T_BOOL, T_INT, T_FLOAT, T_STRING, T_MAP, T_SLICE } from "./value";
import { sortSlotsInto } from "./fmt";

/** Writes json.Marshal(m) for a top-level map (nil map: `null`). */
export function marshalMap(m: GMap, out: ByteSink, go: i32): void {
  if (m.isNil) {
    out.ascii("null");
    return;
  }
  const v = new Val(T_MAP);
  v.m = m;
  marshal(v, out, go);
}

/**
 * Writes json.Marshal(m) as a JSON string literal: the bytes writeJSONString would write for the marshalled
 * text (the eval answer's string member), in one pass. Go's output is valid UTF-8 without control bytes or
 * raw U+2028/U+2029, so quoting it only escapes its `"` and `\`.
 */
export function marshalMapQuoted(m: GMap, out: ByteSink, go: i32, sizeHint: i32 = 0): void {
  out.byte(0x22);
  if (m.isNil) out.ascii("null");
  else {
    const v = new Val(T_MAP);
    v.m = m;
    marshal(v, out, go, true, sizeHint);
  }
  out.byte(0x22);
}

const ONES: u64 = 0x0101010101010101;
const HIGHS: u64 = 0x8080808080808080;

/** Nonzero when some byte of x is zero. */
@inline function zero8(x: u64): u64 {
  return (x - ONES) & ~x & HIGHS;
}

/** Nonzero when one of the 8 bytes needs Go's encoder (control, `"`, `\`, `<`, `>`, `&`, >= 0x80). */
@inline function special8(x: u64): u64 {
  return (x & HIGHS) | ((x - 0x2020202020202020) & ~x & HIGHS) | zero8(x ^ 0x2222222222222222) |
    zero8(x ^ 0x5c5c5c5c5c5c5c5c) | zero8(x ^ 0x3c3c3c3c3c3c3c3c) | zero8(x ^ 0x3e3e3e3e3e3e3e3e) |
    zero8(x ^ 0x2626262626262626);
}

/** Byte c needs Go's encoder (control, `"`, `\\`, `<`, `>`, `&`, >= 0x80). */
@inline function specialByte(c: i32): bool {
  return c < 0x20 || c >= 0x80 || c == 0x22 || c == 0x5c || c == 0x3c || c == 0x3e || c == 0x26;
}

/** Writes Go's quoted string for [p, p+n), itself quoted as inside a JSON string (`\\"...\\"`). */
function writeQuotedGoString(out: ByteSink, p: usize, n: i32, go22: bool, scratch: ByteSink): void {
  // common case: bytes Go copies verbatim, copied 8 at a time while checked
  out.reserve(n + 12);
  const start = out.ptr + <usize>out.len;
  store<u16>(start, 0x225c);
  let d = start + 2;
  let q = p;
  const end = p + <usize>n;
  let ok = true;
  while (q + 8 <= end) {
    const x = load<u64>(q);
    store<u64>(d, x);
    if (special8(x) != 0) { ok = false; break; }
    q += 8;
    d += 8;
  }
  if (ok) {
    while (q < end) {
      const c = <i32>load<u8>(q);
      if (specialByte(c)) { ok = false; break; }
      store<u8>(d, <u8>c);
      q++;
      d++;
    }
  }
  if (ok) {
    store<u16>(d, 0x225c);
    out.len = <i32>(d + 2 - out.ptr);
    return;
  }
  scratch.len = 0;
  writeGoString(scratch, p, n, go22, true);
  const m = scratch.len;
  out.reserve(m * 2);
  d = out.ptr + <usize>out.len;
  const s = scratch.ptr;
  for (let i = 0; i < m; i++) {
    const c = load<u8>(s + <usize>i);
    if (c == 0x22 || c == 0x5c) { store<u8>(d, 0x5c); d++; }
    store<u8>(d, c);
    d++;
  }
  out.len = <i32>(d - out.ptr);
}

/**
 * Writes json.Marshal(v) for an interface{} value (`quoted`: as marshalMapQuoted writes it; `sizeHint`: the
 * expected output length, reserved up front). Open containers are frames on one i32 stack: a map
 * frame is [sorted live slots..., count, pos, map, 1] and a slice frame is [len, pos, slice, 0], so no
 * per-container allocation but the stack's growth.
 */
export function marshal(v: Val | null, out: ByteSink, go: i32, quoted: bool = false, sizeHint: i32 = 0): void {
  const go22 = go >= 22;
  const scratch: ByteSink | null = quoted ? new ByteSink(256) : null;
  let st = heap.alloc(1024);
  // room for the expected output at once, after this call's other allocations: the sink then grows in place
  // instead of leaving a trail of copies in the arena
  if (sizeHint > 0) out.reserve(sizeHint);
  let cap: i32 = 256; // words
  let sp: i32 = 0; // words in use
  let cur: Val | null = v;
  while (true) {
    if (cur === null) out.ascii("null");
    else {
      const t = cur.t;
      if (t == T_MAP) {
        const m = cur.m!;
        if (m.isNil) out.ascii("null");
        else {
          out.byte(0x7b);
          const need = sp + m.count + 4;
          if (need > cap) {
            let c = cap << 1;
            while (c < need) c <<= 1;
            const ns = heap.alloc(<usize>c << 2);
            memory.copy(ns, st, <usize>sp << 2);
            st = ns;
            cap = c;
          }
          const n = sortSlotsInto(m, st + (<usize>sp << 2));
          sp += n;
          store<i32>(st + (<usize>sp << 2), n);
          store<i32>(st + (<usize>sp << 2), 0, 4);
          store<u32>(st + (<usize>sp << 2), <u32>changetype<usize>(m), 8);
          store<i32>(st + (<usize>sp << 2), 1, 12);
          sp += 4;
        }
      } else if (t == T_SLICE) {
        const s = cur.s!;
        if (s.isNil) out.ascii("null");
        else {
          out.byte(0x5b);
          if (sp + 4 > cap) {
            const c = cap << 1;
            const ns = heap.alloc(<usize>c << 2);
            memory.copy(ns, st, <usize>sp << 2);
            st = ns;
            cap = c;
          }
          store<i32>(st + (<usize>sp << 2), s.len);
          store<i32>(st + (<usize>sp << 2), 0, 4);
          store<u32>(st + (<usize>sp << 2), <u32>changetype<usize>(s), 8);
          store<i32>(st + (<usize>sp << 2), 0, 12);
          sp += 4;
        }
      } else if (t == T_STRING) {
        if (quoted) writeQuotedGoString(out, cur.p, cur.n, go22, scratch!);
        else writeGoString(out, cur.p, cur.n, go22, true);
      }
      else if (t == T_INT) out.int(cur.i);
      else if (t == T_FLOAT) writeGoFloat64(out, cur.f);
      else if (t == T_BOOL) out.ascii(cur.b ? "true" : "false");
    }
    let found = false;
    while (sp > 0) {
      const top = st + (<usize>(sp - 4) << 2);
      const n = load<i32>(top);
      const pos = load<i32>(top, 4);
      const ref = <usize>load<u32>(top, 8);
      if (load<i32>(top, 12) != 0) {
        if (pos >= n) { out.byte(0x7d); sp -= 4 + n; continue; }
        if (pos > 0) out.byte(0x2c);
        store<i32>(top, pos + 1, 4);
        const m = changetype<GMap>(ref);
        const i = load<i32>(st + (<usize>(sp - 4 - n + pos) << 2));
        if (quoted) writeQuotedGoString(out, m.keyPtr(i), m.keyLen(i), go22, scratch!);
        else writeGoString(out, m.keyPtr(i), m.keyLen(i), go22, true);
        out.byte(0x3a);
        cur = m.val(i);
      } else {
        if (pos >= n) { out.byte(0x5d); sp -= 4; continue; }
        if (pos > 0) out.byte(0x2c);
        store<i32>(top, pos + 1, 4);
        cur = changetype<Slice>(ref).get(pos);
      }
      found = true;
      break;
    }
    if (!found) return;
  }
}
