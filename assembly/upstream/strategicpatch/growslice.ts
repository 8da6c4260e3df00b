// The capacity Go's runtime gives a []interface{} (16-byte elements holding pointers) when `append` must
// grow it (runtime.growslice, then rounding the allocation up to a malloc size class). It decides whether
// later appends write in place, which strategicpatch can observe through slices sharing a backing array.
// Three eras: Go <= 1.17 doubles below 1024 elements then grows by 1/4; Go 1.18+ doubles below 256 then
// moves smoothly towards 1.25x; Go 1.22+ also counts the 8-byte malloc header of pointerful objects
// larger than 512 bytes before rounding.

/** Malloc size classes (bytes), Go 1.13 to 1.27 (identical for 16-byte multiples). */
const SIZE_CLASSES: StaticArray<i32> = [
  0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416,
  448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792, 2048, 2304, 2688, 3072, 3200, 3456,
  4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568, 14336, 16384, 18432,
  19072, 20480, 21760, 24576, 27264, 28672, 32768,
];

const ELEM: i64 = 16;
const MAX_SMALL: i64 = 32768;
const PAGE: i64 = 8192;

/** runtime.roundupsize for a pointerful object of `size` bytes. */
function roundupsize(size: i64, go: i32): i64 {
  if (go >= 22) {
    if (size <= MAX_SMALL - 8) {
      let req = size;
      if (req > 512) req += 8;
      return classOf(req) - (req - size);
    }
  } else if (size < MAX_SMALL) {
    return classOf(size);
  }
  return (size + PAGE - 1) & ~(PAGE - 1);
}

/** The smallest size class holding `size` bytes. */
function classOf(size: i64): i64 {
  for (let i = 1; i < SIZE_CLASSES.length; i++) {
    const c = <i64>unchecked(SIZE_CLASSES[i]);
    if (c >= size) return c;
  }
  return size;
}

/** New capacity when appending to a []interface{} of capacity `oldCap` needs room for `newLen` elements. */
export function growCap(oldCap: i32, newLen: i32, go: i32): i32 {
  let newcap: i64 = oldCap;
  const doublecap: i64 = newcap + newcap;
  if (<i64>newLen > doublecap) {
    newcap = newLen;
  } else if (go <= 17) {
    if (oldCap < 1024) newcap = doublecap;
    else while (newcap < <i64>newLen) newcap += newcap / 4;
  } else {
    if (oldCap < 256) newcap = doublecap;
    else while (newcap < <i64>newLen) newcap += (newcap + 3 * 256) >> 2;
  }
  const mem = roundupsize(newcap * ELEM, go);
  return <i32>(mem / ELEM);
}
