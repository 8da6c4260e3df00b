// The core engine (build/kinplace-core.wasm, the `kinplace/core` entry): the ABI of index.ts with the op table of
// eval/dispatch-core.ts — canonical JSON (Go, RFC 8785), FNV, JSON Patch and JSON merge patch — and none of the
// Kubernetes code, so it compiles and starts in a fraction of the full engine's time.

import { evaluateWith, evaluateDocsWith } from "./abi";
import { evaluateCoreRequest } from "./eval/dispatch-core";

export { input, output, status, setLimits, canonical, fnv32, fnv64 } from "./abi";

/** Evaluates one eval-protocol request line held in the input; returns the response length. */
export function evaluate(len: i32): i32 {
  return evaluateWith(len, evaluateCoreRequest);
}

/**
 * Evaluates a patch request whose two documents follow the request line in the input, as raw bytes:
 * input = line (len bytes) + first document (lenA) + second document (lenB). The first stands for the
 * op's `fromText` / `documentText` / `originalText`, the second for `toText` / `patchText` /
 * `modifiedText`; a negative length is an absent document. Returns the response length (as evaluate).
 */
export function evaluateDocs(len: i32, lenA: i32, lenB: i32): i32 {
  return evaluateDocsWith(len, lenA, lenB, evaluateCoreRequest);
}
