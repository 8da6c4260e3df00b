// The exported ABI of a kinplace engine (see docs/architecture.md), shared by both builds: index.ts (the full
// engine) and core.ts (JSON, FNV and patches) re-export it and bind `evaluate` / `evaluateDocs` to their own op
// table. Every call starts with `input(len)`, which resets the per-call arena; results stay readable until the
// next `input`.

import { ByteSink } from "./io/sink";
import { hasError, fail, clearError, writeErrorJSON, E_INTERNAL } from "./base/errors";
import { fnv1_32, fnv1a_32, fnv1_64, fnv1a_64 } from "./hash/fnv";
import { Limits } from "./base/limits";
import { canonicalize } from "./eval/canonical";
import { writeJSONString } from "./json/strings";
import { DocBytes } from "./eval/ops/docbytes";
import { PodRanges } from "./eval/ops/podsline";

// The ABI's current call (docs/architecture.md "State that outlives a call"): its input, its output and its
// status, set by `input()` and the call it starts, read by `output()` / `status()` until the next `input()`.
let inPtr: usize = 0;
let out: ByteSink | null = null;
let lastStatus: i32 = 0;

/** Starts a call: resets the heap and returns a pointer to `len` writable input bytes. */
export function input(len: i32): usize {
  heap.reset();
  clearError(); // the one piece of per-call state in a global: a trap may have left an error recorded
  out = null;
  lastStatus = 0;
  inPtr = heap.alloc(len > 0 ? <usize>len : 1);
  return inPtr;
}

/** Pointer to the output bytes of the last call. */
export function output(): usize {
  const o = out;
  return o === null ? 0 : o.ptr;
}

/** 0 when the last call succeeded, 1 when its output is an error object. */
export function status(): i32 {
  return lastStatus;
}

/** The current call's input pointer (for an engine's own entry points). */
export function inputPtr(): usize {
  return inPtr;
}

/** Gives the current call a fresh output sink of `cap` bytes (status ok) and returns it (for an engine's own entry points). */
export function startOutput(cap: i32): ByteSink {
  const o = new ByteSink(cap);
  out = o;
  lastStatus = 0;
  return o;
}

/** Sets the process-wide default limits (0 keeps the current value). */
export function setLimits(maxDepth: i32, maxBytes: i32, maxItems: i32): void {
  if (maxDepth > 0) Limits.maxDepth = maxDepth;
  if (maxBytes > 0) Limits.maxBytes = maxBytes;
  if (maxItems > 0) Limits.maxItems = maxItems;
}

/** An engine's evaluator of one request line: eval/dispatch.ts's (full) or eval/dispatch-core.ts's. */
export type Evaluator = (src: usize, len: i32, out: ByteSink, pods: PodRanges | null, docs: DocBytes | null) => void;

/** Evaluates one eval-protocol request line held in the input with `evaluator`; returns the response length. */
export function evaluateWith(len: i32, evaluator: Evaluator): i32 {
  const o = new ByteSink(256 + (len >> 1));
  out = o;
  evaluator(inPtr, len, o, null, null);
  lastStatus = 0;
  return o.len;
}

/**
 * Evaluates with `evaluator` a patch request whose two documents follow the request line in the input, as raw
 * bytes: input = line (len bytes) + first document (lenA) + second document (lenB). The first stands for the
 * op's `fromText` / `documentText` / `originalText`, the second for `toText` / `patchText` /
 * `modifiedText`; a negative length is an absent document. Returns the response length (as evaluate).
 */
export function evaluateDocsWith(len: i32, lenA: i32, lenB: i32, evaluator: Evaluator): i32 {
  const a = lenA > 0 ? lenA : 0;
  const b = lenB > 0 ? lenB : 0;
  const o = new ByteSink(256 + ((a + b) >> 1));
  out = o;
  evaluator(inPtr, len, o, null, new DocBytes(inPtr + <usize>len, lenA, inPtr + <usize>(len + a), lenB));
  lastStatus = 0;
  return o.len;
}

/** Canonical JSON of the input text: mode 0 = Go json.Marshal(interface{}), 1 = RFC 8785. */
export function canonical(len: i32, mode: i32, goMinor: i32): i32 {
  const o = new ByteSink(len + 16);
  out = o;
  if (!canonicalize(inPtr, len, mode, goMinor, o) || hasError()) {
    if (!hasError()) fail(E_INTERNAL, "canonical failed without an error");
    o.truncate(0);
    writeErrorJSON(o, writeJSONString);
    lastStatus = 1;
  }
  return o.len;
}

/** FNV-1 (variant 0) or FNV-1a (variant 1), 32 bit, over the input bytes. */
export function fnv32(len: i32, variant: i32): u32 {
  return variant == 0 ? fnv1_32(inPtr, <usize>len) : fnv1a_32(inPtr, <usize>len);
}

/** FNV-1 (variant 2) or FNV-1a (variant 3), 64 bit, over the input bytes. */
export function fnv64(len: i32, variant: i32): u64 {
  return variant == 2 ? fnv1_64(inPtr, <usize>len) : fnv1a_64(inPtr, <usize>len);
}
