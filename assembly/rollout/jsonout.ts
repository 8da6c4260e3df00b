// A small streaming JSON writer for the planners' answers (members in the order written, strings in
// the protocol's escaping).

import { ByteSink } from "../io/sink";
import { writeJSONStr } from "../json/strings";

/** Writes nested objects and arrays into a sink, placing the commas. */
export class JsonOut {
  out: ByteSink;
  /** One flag per open container: true until its first element is written. */
  firsts: Array<bool> = new Array<bool>();

  constructor(out: ByteSink) { this.out = out; }

  private sep(): void {
    const n = this.firsts.length;
    if (n == 0) return;
    if (this.firsts[n - 1]) this.firsts[n - 1] = false; else this.out.byte(0x2c);
  }

  /** Starts member `k` of the open object. */
  key(k: string): JsonOut {
    this.sep();
    writeJSONStr(this.out, k);
    this.out.byte(0x3a);
    // the value that follows must not write another separator
    this.pendingValue = true;
    return this;
  }

  private pendingValue: bool = false;

  private beginValue(): void {
    if (this.pendingValue) this.pendingValue = false;
    else this.sep();
  }

  /** Opens an object. */
  obj(): JsonOut { this.beginValue(); this.out.byte(0x7b); this.firsts.push(true); return this; }
  /** Closes the open object. */
  end(): JsonOut { this.firsts.pop(); this.out.byte(0x7d); return this; }
  /** Opens an array. */
  arr(): JsonOut { this.beginValue(); this.out.byte(0x5b); this.firsts.push(true); return this; }
  /** Closes the open array. */
  endArr(): JsonOut { this.firsts.pop(); this.out.byte(0x5d); return this; }
  /** A string value. */
  str(v: string): JsonOut {
    this.beginValue();
    // plain printable ASCII needs no escaping: copy it (the common case: names, revisions)
    const n = v.length;
    const o = this.out;
    o.reserve(n + 2);
    o.byte(0x22);
    // copy while checking (UTF-16 units read directly); anything to escape: undo and write it escaped
    const mark = o.len;
    const base = o.ptr + <usize>mark;
    const src = changetype<usize>(v);
    for (let i = 0; i < n; i++) {
      const c = <u32>load<u16>(src + (<usize>i << 1));
      if (c < 0x20 || c > 0x7e || c == 0x22 || c == 0x5c || c == 0x3c || c == 0x3e || c == 0x26) {
        o.len = mark - 1;
        writeJSONStr(o, v);
        return this;
      }
      store<u8>(base + <usize>i, <u8>c);
    }
    o.len = mark + n;
    o.byte(0x22);
    return this;
  }
  /** An integer value. */
  int(v: i64): JsonOut { this.beginValue(); this.out.int(v); return this; }
  /** A boolean value. */
  bool(v: bool): JsonOut { this.beginValue(); this.out.ascii(v ? "true" : "false"); return this; }
  /** null. */
  nul(): JsonOut { this.beginValue(); this.out.ascii("null"); return this; }

  /** Member shortcuts. */
  kInt(k: string, v: i64): JsonOut { return this.key(k).int(v); }
  kStr(k: string, v: string): JsonOut { return this.key(k).str(v); }
  kBool(k: string, v: bool): JsonOut { return this.key(k).bool(v); }

  /** An array of strings. */
  strs(v: Array<string>): JsonOut {
    this.arr();
    for (let i = 0; i < v.length; i++) this.str(v[i]);
    return this.endArr();
  }
}
