// Writing the members of a result object: the answers of the eval protocol and the libraries that write into them.

import { ByteSink } from "../io/sink";
import { writeJSONString, writeJSONStr } from "./strings";

/** Builds the members of a result object. */
export class ResultWriter {
  out: ByteSink;
  first: bool = true;

  constructor(out: ByteSink) { this.out = out; }

  /** Starts member `name` (ASCII) and returns the sink to write its value into. */
  key(name: string): ByteSink {
    const o = this.out;
    if (!this.first) o.byte(0x2c);
    this.first = false;
    o.byte(0x22); o.ascii(name); o.ascii("\":");
    return o;
  }

  /** Member with a string value. */
  str(name: string, v: string): void { writeJSONStr(this.key(name), v); }

  /** Member with a string value given as bytes. */
  strBytes(name: string, p: usize, n: i32): void { writeJSONString(this.key(name), p, n); }

  /** Member with an array of strings. */
  strs(name: string, v: Array<string>): void {
    const o = this.key(name);
    o.byte(0x5b);
    for (let i = 0; i < v.length; i++) {
      if (i > 0) o.byte(0x2c);
      writeJSONStr(o, v[i]);
    }
    o.byte(0x5d);
  }

  /** Member with an integer value. */
  int(name: string, v: i64): void { this.key(name).int(v); }

  /** Member with an unsigned integer value. */
  uint(name: string, v: u64): void { this.key(name).uint(v); }

  /** Member with a boolean value. */
  bool(name: string, v: bool): void { this.key(name).ascii(v ? "true" : "false"); }
}
