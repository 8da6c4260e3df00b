// Shared state of one transcode (static fields: one transcode runs at a time): the output, the Go
// release switches, the decoder flavour, the depth budget, the record stack of the open objects, and
// the value ranges of the top-level struct's fields (for the hashes built from them).

import { ByteSink } from "../../io/sink";
import { MAX_FIELDS } from "./plan";

/** A value is empty as encoding/json's isEmptyValue says (omitempty drops it). */
export const EMPTY: i32 = 1;
/** Transcoding failed: the caller runs the exact path. */
export const FAIL: i32 = -1;

/** Per-transcode state. */
export class TC {
  static out: ByteSink = changetype<ByteSink>(0);
  /** Go release (minor) of the encoder. */
  static go: i32 = 26;
  static go22: bool = true;
  static go24: bool = true;
  /** The API server decodes with json-iterator (Kubernetes 1.12-1.22). */
  static jsoniter: bool = false;
  /** Nesting levels still allowed. */
  static room: i32 = 0;
  /** Record stack (i32 slots) in the per-call arena. */
  static rec: usize = 0;
  static recCap: i32 = 0;
  static recTop: i32 = 0;
}

/** Output range of each top-level struct field's value: start (or -1: not written) and length. */
export const TOP_START: usize = memory.data(MAX_FIELDS * 4, 16);
export const TOP_LEN: usize = memory.data(MAX_FIELDS * 4, 16);

/** Reserves `n` record slots; returns the index of the first. */
export function recPush(n: i32): i32 {
  const at = TC.recTop;
  const need = at + n;
  if (need > TC.recCap) {
    let cap = TC.recCap < 256 ? 256 : TC.recCap;
    while (cap < need) cap <<= 1;
    TC.rec = heap.realloc(TC.rec, <usize>cap * 4);
    TC.recCap = cap;
  }
  TC.recTop = need;
  return at;
}

/** Record slot `i`. */
@inline export function recGet(i: i32): i32 {
  return load<i32>(TC.rec + (<usize>i << 2));
}

/** Sets record slot `i`. */
@inline export function recSet(i: i32, v: i32): void {
  store<i32>(TC.rec + (<usize>i << 2), v);
}

/** Appends `n` bytes from `src` in 8-byte steps (may read up to 7 bytes past `src + n`; short texts of the plans). */
@inline export function copyShort(out: ByteSink, src: usize, n: i32): void {
  out.reserve(n + 8);
  const d = out.ptr + <usize>out.len;
  for (let i = 0; i < n; i += 8) store<u64>(d + <usize>i, load<u64>(src + <usize>i));
  out.len += n;
}
