// A JSON value to work on, wherever it came from: a node of a tape and where its text starts (for error
// offsets relative to that text).

import { Tape } from "./tape";

/** A JSON value to work on: a node of a tape, and where its text starts (for error offsets). */
export class Value {
  constructor(public tape: Tape, public node: i32, public base: i32) {}
}
