// The exported ABI of the full kinplace engine (see docs/architecture.md): the shared part (abi.ts) and the eval
// entry points bound to the full op table (eval/dispatch.ts). Every call starts with `input(len)`, which resets
// the per-call arena; results stay readable until the next `input`.

import { evaluateWith, evaluateDocsWith } from "./abi";
import { evaluateRequest } from "./eval/dispatch";

export { input, output, status, setLimits, canonical, fnv32, fnv64 } from "./abi";

/** Evaluates one eval-protocol request line held in the input; returns the response length. */
export function evaluate(len: i32): i32 {
  return evaluateWith(len, evaluateRequest);
}

/**
 * Evaluates a patch request whose two documents follow the request line in the input, as raw bytes:
 * input = line (len bytes) + first document (lenA) + second document (lenB). The first stands for the
 * op's `fromText` / `documentText` / `originalText`, the second for `toText` / `patchText` /
 * `modifiedText`; a negative length is an absent document. Returns the response length (as evaluate).
 */
export function evaluateDocs(len: i32, lenA: i32, lenB: i32): i32 {
  return evaluateDocsWith(len, lenA, lenB, evaluateRequest);
}
