// 64 x 64 -> 128-bit multiplication helpers (WebAssembly has no wide multiply).

/** High 64 bits of the unsigned 128-bit product a * b (the low half is plain `a * b`). */
// @ts-ignore: decorator
@inline export function mulHi64(a: u64, b: u64): u64 {
  const aLo = a & 0xffffffff;
  const aHi = a >> 32;
  const bLo = b & 0xffffffff;
  const bHi = b >> 32;
  const ll = aLo * bLo;
  const lh = aLo * bHi;
  const hl = aHi * bLo;
  const mid = (ll >> 32) + (lh & 0xffffffff) + (hl & 0xffffffff);
  return aHi * bHi + (lh >> 32) + (hl >> 32) + (mid >> 32);
}
