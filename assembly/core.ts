// The JSON and hashing core alone — canonical JSON (Go, RFC 8785) and FNV, without the eval ops — compiled only to
// measure its size against the 64 KB budget: `npm run asbuild:core` → build/kinplace-core.wasm.

import { ByteSink } from "./io/sink";
import { clearError, hasError, writeErrorJSON } from "./base/errors";
import { fnv1_32, fnv1a_32, fnv1_64, fnv1a_64 } from "./hash/fnv";
import { canonicalize } from "./eval/canonical";
import { writeJSONString } from "./json/strings";

let inPtr: usize = 0;
let out: ByteSink | null = null;

/** Starts a call: resets the heap and returns a pointer to `len` writable input bytes. */
export function input(len: i32): usize {
  heap.reset();
  clearError();
  out = null;
  inPtr = heap.alloc(<usize>(len > 0 ? len : 1));
  return inPtr;
}

/** Pointer to the output bytes of the last call. */
export function output(): usize {
  const o = out;
  return o === null ? 0 : o.ptr;
}

/** Canonical JSON of the input text: mode 0 = Go json.Marshal(interface{}), 1 = RFC 8785. */
export function canonical(len: i32, mode: i32, goMinor: i32): i32 {
  const o = new ByteSink(len + 16);
  out = o;
  if (!canonicalize(inPtr, len, mode, goMinor, o) || hasError()) {
    o.truncate(0);
    writeErrorJSON(o, writeJSONString);
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
