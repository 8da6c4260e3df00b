// Byte-run helpers of the transcoder (assembly/fast/transcode/): equality, Go's string order and a memo-table
// hash over unaligned 8-byte loads (memory.compare goes byte by byte when the two runs are not equally aligned).
// Must equal: memory.compare's verdicts (equality, Go's bytewise string order); nothing to give up.

/** True when the `n` bytes at `a` and `b` are equal (8 bytes at a time, any alignment). */
export function sameBytes(a: usize, b: usize, n: i32): bool {
  let i: usize = 0;
  const m = <usize>n;
  for (; i + 8 <= m; i += 8) if (load<u64>(a + i) != load<u64>(b + i)) return false;
  for (; i < m; i++) if (load<u8>(a + i) != load<u8>(b + i)) return false;
  return true;
}

/** Bytewise order of [a, a+an) and [b, b+bn) (Go's string order): negative, 0 or positive. */
export function cmpBytes(a: usize, an: i32, b: usize, bn: i32): i32 {
  const m = <usize>(an < bn ? an : bn);
  let i: usize = 0;
  for (; i + 8 <= m; i += 8) {
    const x = load<u64>(a + i) ^ load<u64>(b + i);
    if (x != 0) {
      const k = <usize>(ctz(x) >> 3); // the first differing byte (little-endian loads)
      return <i32>load<u8>(a + i + k) - <i32>load<u8>(b + i + k);
    }
  }
  for (; i < m; i++) {
    const d = <i32>load<u8>(a + i) - <i32>load<u8>(b + i);
    if (d != 0) return d;
  }
  return an - bn;
}

/** A hash of the `n` bytes at `p` and `seed`, mixed 8 bytes at a time (for the memo tables). */
export function wordHash(p: usize, n: i32, seed: u32): u32 {
  let h: u64 = (<u64>n << 32) ^ <u64>seed;
  let i: usize = 0;
  const m = <usize>n;
  for (; i + 8 <= m; i += 8) h = (h ^ load<u64>(p + i)) * 0x9e3779b97f4a7c15;
  for (; i < m; i++) h = (h ^ <u64>load<u8>(p + i)) * 0x100000001b3;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9;
  return <u32>(h >> 32);
}
