// The documents of an `evaluateDocs` call (index.ts): bytes after the request line that stand for the op's
// first document field (`from`, `document`, `original`) and its second (`to`, `patch`, `modified`) given as
// `...Text`. A value of one call, handed from the ABI to the dispatcher and the request.

/** The two out-of-line documents of one request; a negative length is an absent document (Go's nil). */
export class DocBytes {
  constructor(public aPtr: usize, public aLen: i32, public bPtr: usize, public bLen: i32) {}
}
