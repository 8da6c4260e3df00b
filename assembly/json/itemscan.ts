// A quick count of children per container over raw JSON bytes, for the shortcuts that answer without a tape:
// they give up (and the tape path, with its E_TOO_LARGE, decides) when a container may hold more than a limit.
// It does not validate: on malformed bytes its count may be anything, and the shortcut's own reading decides.

/** True when some array or object in the `n` bytes at `p` holds more than `max` children. */
export function anyOver(p: usize, n: i32, max: i32): bool {
  // a container of k children needs at least 2k + 1 bytes
  if (<i64>n < (<i64>max << 1) + 3) return false;
  let cap = 64;
  let counts = heap.alloc(<usize>cap << 2);
  let depth = 0;
  const end = p + <usize>n;
  let q = p;
  while (q < end) {
    const c = load<u8>(q);
    if (c == 0x22) {
      q++;
      while (q < end) {
        const d = load<u8>(q);
        if (d == 0x5c) q += 2;
        else if (d == 0x22) break;
        else q++;
      }
    } else if (c == 0x7b || c == 0x5b) {
      if (depth == cap) {
        cap <<= 1;
        counts = heap.realloc(counts, <usize>cap << 2);
      }
      store<i32>(counts + (<usize>depth << 2), 1);
      depth++;
    } else if (c == 0x7d || c == 0x5d) {
      if (depth > 0) depth--;
    } else if (c == 0x2c && depth > 0) {
      const at = counts + (<usize>(depth - 1) << 2);
      const k = load<i32>(at) + 1;
      if (k > max) return true;
      store<i32>(at, k);
    }
    q++;
  }
  return false;
}
