// A well-written JavaScript FNV-1a (32-bit), the baseline the wasm FNV is measured against.

/** FNV-1a 32-bit over bytes with Math.imul, as a careful JS author would write it. */
export function fnv1a32(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i];
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
