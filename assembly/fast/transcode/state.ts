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
  /** Scratch bytes for rebuilding reordered objects and unsorted maps (per transcode; rebuilds do not nest). */
  static tmp: usize = 0;
  static tmpCap: i32 = 0;
}

/** The scratch buffer with room for `n` bytes. */
export function scratch(n: i32): usize {
  if (n > TC.tmpCap) {
    let cap = TC.tmpCap < 4096 ? 4096 : TC.tmpCap;
    while (cap < n) cap <<= 1;
    TC.tmp = heap.alloc(<usize>cap);
    TC.tmpCap = cap;
  }
  return TC.tmp;
}

/** Output range of each top-level struct field's value: start (or -1: not written) and length. */
export const TOP_START: usize = memory.data(MAX_FIELDS * 4, 16);
export const TOP_LEN: usize = memory.data(MAX_FIELDS * 4, 16);

/** Reserves `n` record slots; returns the index of the first. */
@inline export function recPush(n: i32): i32 {
  const at = TC.recTop;
  const need = at + n;
  if (need > TC.recCap) recGrow(need);
  TC.recTop = need;
  return at;
}

/** Grows the record stack to at least `need` slots. */
function recGrow(need: i32): void {
  let cap = TC.recCap < 256 ? 256 : TC.recCap;
  while (cap < need) cap <<= 1;
  TC.rec = heap.realloc(TC.rec, <usize>cap * 4);
  TC.recCap = cap;
}

/** Record slot `i`. */
@inline export function recGet(i: i32): i32 {
  return load<i32>(TC.rec + (<usize>i << 2));
}

/** Sets record slot `i`. */
@inline export function recSet(i: i32, v: i32): void {
  store<i32>(TC.rec + (<usize>i << 2), v);
}

/**
 * Appends the `n` bytes at `src` (not overlapping the output): short runs in 8-byte steps inside [src, src+n)
 * (a memory.copy is a call into the host, slow for the few bytes of a key or a number), long ones by memory.copy.
 */
@inline export function put(out: ByteSink, src: usize, n: i32): void {
  out.reserve(n + 8);
  const d = out.ptr + <usize>out.len;
  if (n >= 8) {
    if (n > 64) memory.copy(d, src, <usize>n);
    else {
      const last = <usize>(n - 8);
      for (let i: usize = 0; i < last; i += 8) store<u64>(d + i, load<u64>(src + i));
      store<u64>(d + last, load<u64>(src + last));
    }
  } else {
    let i: usize = 0;
    if (n >= 4) { store<u32>(d, load<u32>(src)); i = 4; }
    for (; i < <usize>n; i++) store<u8>(d + i, load<u8>(src + i));
  }
  out.len += n;
}

/** Appends `n` bytes from `src` in 8-byte steps (may read up to 7 bytes past `src + n`; short texts of the plans). */
@inline export function copyShort(out: ByteSink, src: usize, n: i32): void {
  out.reserve(n + 8);
  const d = out.ptr + <usize>out.len;
  for (let i = 0; i < n; i += 8) store<u64>(d + <usize>i, load<u64>(src + <usize>i));
  out.len += n;
}
