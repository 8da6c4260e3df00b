// Mark / release inside the per-call arena (docs/architecture.md, "Memory model"). The `stub` runtime is
// a bump allocator whose __free discards only the last block; a mark is a zero-size block, and releasing
// it first widens that block's size word (the stub's BLOCK header: one usize before the payload) up to
// the arena's end, so freeing it rewinds the bump pointer to the mark. Nothing allocated after a mark may
// be used after its release: callers that loop (kruise.patchPods) release per element, keep their
// results in a sink allocated before the mark (`appendAndRelease`); no cache may point into the arena.

import { ByteSink } from "./sink";

const HDR: usize = sizeof<usize>(); // the stub's BLOCK_OVERHEAD

/** Marks the arena's current end; everything allocated after it is released by `arenaRelease(mark)`. */
export function arenaMark(): usize {
  return heap.alloc(0);
}

/** Releases every allocation made since `mark` (the marker included): the arena's end goes back to it. */
export function arenaRelease(mark: usize): void {
  const q = heap.alloc(0);
  const end = q + load<usize>(q - HDR);
  store<usize>(mark - HDR, end - mark);
  heap.free(mark);
}

/**
 * Appends the bytes of `t` (allocated after `mark`) to `o` (allocated before it), then releases the
 * arena to `mark`. When `o` must grow, its new block starts where the mark was (the old one stays
 * behind as garbage: doubling keeps that under the final size).
 */
export function appendAndRelease(o: ByteSink, t: ByteSink, mark: usize): void {
  const src = t.ptr;
  const n = t.len;
  const need = o.len + n;
  if (need <= o.cap) {
    memory.copy(o.ptr + <usize>o.len, src, <usize>n);
    o.len = need;
    arenaRelease(mark);
    return;
  }
  let cap = o.cap;
  while (cap < need) cap = cap < 0x40000000 ? cap << 1 : need;
  arenaRelease(mark);
  // the new block's header is written below `src` (src lies past the marker's block): the bytes survive
  const p = heap.alloc(<usize>cap);
  memory.copy(p + <usize>o.len, src, <usize>n); // may overlap the source: memmove
  memory.copy(p, o.ptr, <usize>o.len);
  o.ptr = p;
  o.cap = cap;
  o.len = need;
}

/**
 * Releases the arena to `mark`, keeping the bytes of `o` (allocated before the mark): when `o` grew after
 * the mark, its block is moved down to where the mark was (its old block stays behind as garbage).
 */
export function keepAndRelease(o: ByteSink, mark: usize): void {
  const src = o.ptr;
  if (src < mark) { arenaRelease(mark); return; }
  arenaRelease(mark);
  // the new block starts at the mark, below `src`, and its header below that: the bytes survive (memmove)
  const p = heap.alloc(<usize>o.cap);
  memory.copy(p, src, <usize>o.len);
  o.ptr = p;
}
