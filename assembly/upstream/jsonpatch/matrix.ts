// The one allocation of the diffs whose size a request chooses: a matrix of i32 cells for an array pair (the
// Levenshtein matrix of appscode.ts, the LCS table of the minimal diff). `maxEditMatrix` bounds it; so does the
// engine, whatever the request says: MAX_MATRIX_CELLS, and the memory the host lets the module grow to. A
// matrix that cannot be had is answered (a typed error, or the minimal diff's positional fallback), never a trap.

/** The most cells any matrix may have, whatever `maxEditMatrix` says (256 MiB of i32 cells). */
export const MAX_MATRIX_CELLS: i64 = 1 << 26;

/** Bytes per page of wasm memory. */
const PAGE: u64 = 65536;

/**
 * Room for `cells` i32 cells in the per-call arena: their address (contents unset), or 0 when there are more
 * than MAX_MATRIX_CELLS or the memory cannot grow that far.
 */
export function allocMatrix(cells: i64): usize {
  if (cells <= 0 || cells > MAX_MATRIX_CELLS) return 0;
  const bytes = <u64>cells << 2;
  // the arena's top: where the next block starts (a probe block of one word)
  const end = <u64>heap.alloc(4) + bytes + 64;
  const have = <u64>memory.size() * PAGE;
  if (end > have && (end > (<u64>1 << 32) || memory.grow(<i32>((end - have + PAGE - 1) / PAGE)) < 0)) return 0;
  return heap.alloc(<usize>bytes);
}
