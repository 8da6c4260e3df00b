// FNV-1 and FNV-1a (Fowler–Noll–Vo), 32 and 64 bit, as Go's hash/fnv computes them.

export const FNV32_OFFSET: u32 = 0x811c9dc5;
export const FNV32_PRIME: u32 = 0x01000193;
export const FNV64_OFFSET: u64 = 0xcbf29ce484222325;
export const FNV64_PRIME: u64 = 0x00000100000001b3;

/** FNV-1 32-bit over `len` bytes at `ptr`, continuing from `h`. */
export function fnv1_32(ptr: usize, len: usize, h: u32 = FNV32_OFFSET): u32 {
  const end = ptr + len;
  while (ptr < end) { h = (h * FNV32_PRIME) ^ <u32>load<u8>(ptr); ptr++; }
  return h;
}

/** FNV-1a 32-bit over `len` bytes at `ptr`, continuing from `h`. */
export function fnv1a_32(ptr: usize, len: usize, h: u32 = FNV32_OFFSET): u32 {
  const end = ptr + len;
  // four bytes per iteration: one load, same dependency chain
  while (ptr + 4 <= end) {
    const w = load<u32>(ptr);
    h = (h ^ (w & 0xff)) * FNV32_PRIME;
    h = (h ^ ((w >> 8) & 0xff)) * FNV32_PRIME;
    h = (h ^ ((w >> 16) & 0xff)) * FNV32_PRIME;
    h = (h ^ (w >> 24)) * FNV32_PRIME;
    ptr += 4;
  }
  while (ptr < end) { h = (h ^ <u32>load<u8>(ptr)) * FNV32_PRIME; ptr++; }
  return h;
}

/** FNV-1 64-bit over `len` bytes at `ptr`, continuing from `h`. */
export function fnv1_64(ptr: usize, len: usize, h: u64 = FNV64_OFFSET): u64 {
  const end = ptr + len;
  while (ptr < end) { h = (h * FNV64_PRIME) ^ <u64>load<u8>(ptr); ptr++; }
  return h;
}

/** FNV-1a 64-bit over `len` bytes at `ptr`, continuing from `h`. */
export function fnv1a_64(ptr: usize, len: usize, h: u64 = FNV64_OFFSET): u64 {
  const end = ptr + len;
  while (ptr < end) { h = (h ^ <u64>load<u8>(ptr)) * FNV64_PRIME; ptr++; }
  return h;
}
