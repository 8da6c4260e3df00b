// The state of one transcode (assembly/fast/transcode/transcode.ts), created by transcodeStored and passed to
// every step: the cursor, the output, the Go release switches, the decoder flavour, the depth budget, the
// record stack of the open objects, the rebuild scratch, and where the top-level struct's field values went.
// Nothing of it outlives the transcode. Must equal, give up: as transcode.ts (the steps that share this state).

import { ByteSink } from "../../io/sink";
import { MAX_FIELDS } from "./plan";
import { Cursor } from "./scan";

/** A value is empty as encoding/json's isEmptyValue says (omitempty drops it). */
export const EMPTY: i32 = 1;
/** Transcoding failed: the caller runs the exact path. */
export const FAIL: i32 = -1;

/** The output range of each top-level struct field's value (by its index in the struct's JSON field list), as written. */
export class TopFields {
  private starts: usize = heap.alloc(<usize>MAX_FIELDS * 4);
  private lens: usize = heap.alloc(<usize>MAX_FIELDS * 4);

  /** Output start of field `i`'s value, -1 when it was not written. */
  @inline start(i: i32): i32 { return load<i32>(this.starts + (<usize>i << 2)); }
  /** Output length of field `i`'s value. */
  @inline len(i: i32): i32 { return load<i32>(this.lens + (<usize>i << 2)); }
  /** Records field `i`'s value range (start -1: not written). */
  @inline set(i: i32, start: i32, len: i32): void {
    store<i32>(this.starts + (<usize>i << 2), start);
    store<i32>(this.lens + (<usize>i << 2), len);
  }
}

/** One transcode: the cursor over the input and everything the steps share. */
export class Transcode extends Cursor {
  /** Go release (minor) of the encoder, and its switches. */
  go: i32;
  go22: bool;
  go24: bool;
  /** Nesting levels still allowed. */
  room: i32;
  /** Record stack (i32 slots) in the per-call arena. */
  rec: usize;
  recCap: i32 = 512;
  recTop: i32 = 0;
  /** Scratch bytes for rebuilding reordered objects and unsorted maps (rebuilds do not nest). */
  tmp: usize = 0;
  tmpCap: i32 = 0;

  /**
   * A transcode of [p, end) into `out` under Go release `go` (`jsoniter`: the API server decodes with json-iterator,
   * Kubernetes 1.12-1.22), `room` nesting levels allowed, the top-level field ranges into `top` when not null.
   */
  constructor(p: usize, end: usize, public out: ByteSink, go: i32, public jsoniter: bool, room: i32, public top: TopFields | null) {
    super(p, end);
    this.go = go;
    this.go22 = go >= 22;
    this.go24 = go >= 24;
    this.room = room;
    this.rec = heap.alloc(<usize>512 * 4);
  }
}

/** The scratch buffer of `t` with room for `n` bytes. */
export function scratch(t: Transcode, n: i32): usize {
  if (n > t.tmpCap) {
    let cap = t.tmpCap < 4096 ? 4096 : t.tmpCap;
    while (cap < n) cap <<= 1;
    t.tmp = heap.alloc(<usize>cap);
    t.tmpCap = cap;
  }
  return t.tmp;
}

/** Reserves `n` record slots of `t`; returns the index of the first. */
@inline export function recPush(t: Transcode, n: i32): i32 {
  const at = t.recTop;
  const need = at + n;
  if (need > t.recCap) recGrow(t, need);
  t.recTop = need;
  return at;
}

/** Grows the record stack of `t` to at least `need` slots. */
function recGrow(t: Transcode, need: i32): void {
  let cap = t.recCap < 256 ? 256 : t.recCap;
  while (cap < need) cap <<= 1;
  t.rec = heap.realloc(t.rec, <usize>cap * 4);
  t.recCap = cap;
}

/** Record slot `i` of `t`. */
@inline export function recGet(t: Transcode, i: i32): i32 {
  return load<i32>(t.rec + (<usize>i << 2));
}

/** Sets record slot `i` of `t`. */
@inline export function recSet(t: Transcode, i: i32, v: i32): void {
  store<i32>(t.rec + (<usize>i << 2), v);
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
