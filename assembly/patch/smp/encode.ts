// json.Marshal of the decoded-and-patched map[string]interface{}, as encoding/json writes it: keys in byte
// order, int64 in decimal, float64 in Go's format, strings with HTML escaping (and `\b` `\f` short from
// Go 1.22), nil maps and slices as null. Iterative.

import { ByteSink } from "../../io/sink";
import { writeGoString } from "../../json/strings";
import { writeGoFloat64 } from "../../json/number";
import { Val, GMap, T_BOOL, T_INT, T_FLOAT, T_STRING, T_MAP, T_SLICE } from "./value";
import { sortedSlots } from "./fmt";

class Frame {
  v: Val;
  slots: Array<i32> | null = null;
  pos: i32 = 0;
  constructor(v: Val) {
    this.v = v;
  }
}

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

/** Writes json.Marshal(v) for an interface{} value. */
export function marshal(v: Val | null, out: ByteSink, go: i32): void {
  const go22 = go >= 22;
  const stack = new Array<Frame>();
  let cur: Val | null = v;
  while (true) {
    if (cur === null) out.ascii("null");
    else {
      const t = cur.t;
      if (t == T_MAP) {
        if (cur.m!.isNil) out.ascii("null");
        else {
          out.byte(0x7b);
          const f = new Frame(cur);
          f.slots = sortedSlots(cur.m!);
          stack.push(f);
        }
      } else if (t == T_SLICE) {
        if (cur.s!.isNil) out.ascii("null");
        else {
          out.byte(0x5b);
          stack.push(new Frame(cur));
        }
      } else if (t == T_STRING) writeGoString(out, cur.p, cur.n, go22, true);
      else if (t == T_INT) out.int(cur.i);
      else if (t == T_FLOAT) writeGoFloat64(out, cur.f);
      else if (t == T_BOOL) out.ascii(cur.b ? "true" : "false");
    }
    let found = false;
    while (stack.length > 0) {
      const f = stack[stack.length - 1];
      const c = f.v;
      if (c.t == T_MAP) {
        const slots = f.slots!;
        if (f.pos >= slots.length) { out.byte(0x7d); stack.pop(); continue; }
        if (f.pos > 0) out.byte(0x2c);
        const i = slots[f.pos++];
        const m = c.m!;
        writeGoString(out, m.keyPtr(i), m.keyLen(i), go22, true);
        out.byte(0x3a);
        cur = m.val(i);
      } else {
        const s = c.s!;
        if (f.pos >= s.len) { out.byte(0x5d); stack.pop(); continue; }
        if (f.pos > 0) out.byte(0x2c);
        cur = s.get(f.pos++);
      }
      found = true;
      break;
    }
    if (!found) return;
  }
}
