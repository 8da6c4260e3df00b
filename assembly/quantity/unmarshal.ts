// Quantity.UnmarshalJSON as encoding/json calls it for a manifest field: the raw bytes of the value
// (never unescaped), `null` → the zero Quantity, one pair of surrounding quotes dropped, then
// strings.TrimSpace (Unicode white space) and ParseQuantity. So numbers, `" 1Gi "` are accepted
// while `"\u0031"` is not.

import { decodeRune, runeLen } from "../json/strings";
import { parseQuantity } from "./parse";
import { Quantity } from "./quantity";

/** Go's unicode.IsSpace. */
function isSpaceRune(r: i32): bool {
  if (r <= 0xff) return (r >= 0x09 && r <= 0x0d) || r == 0x20 || r == 0x85 || r == 0xa0;
  return r == 0x1680 || (r >= 0x2000 && r <= 0x200a) || r == 0x2028 || r == 0x2029 ||
    r == 0x202f || r == 0x205f || r == 0x3000;
}

/** The size in bytes of the rune ending at `end` within [start, end), like utf8.DecodeLastRune; 0 when it
 * is not a white space rune (RuneError and invalid bytes are not). */
function lastSpaceSize(p: usize, start: i32, end: i32): i32 {
  const c = <i32>load<u8>(p + <usize>(end - 1));
  if (c < 0x80) return isSpaceRune(c) ? 1 : 0;
  let lim = end - 4;
  if (lim < start) lim = start;
  let s = end - 2;
  while (s >= lim && (load<u8>(p + <usize>s) & 0xc0) == 0x80) s--;
  if (s < lim) return 0;
  const r = decodeRune(p + <usize>s, end - s);
  if (r < 0 || s + runeLen(r) != end || !isSpaceRune(r)) return 0;
  return end - s;
}

/** UnmarshalJSON on a fresh Quantity: `len` raw JSON value bytes at `ptr`; null with the error recorded. */
export function unmarshalQuantityJSON(ptr: usize, len: i32): Quantity | null {
  if (len == 4 && load<u8>(ptr) == 0x6e && load<u8>(ptr, 1) == 0x75 && load<u8>(ptr, 2) == 0x6c &&
    load<u8>(ptr, 3) == 0x6c) {
    return new Quantity(); // d.Dec = nil, i = {}; s and Format keep their zero values
  }
  let p = ptr;
  let n = len;
  if (n >= 2 && load<u8>(p) == 0x22 && load<u8>(p + <usize>(n - 1)) == 0x22) { p += 1; n -= 2; }
  // strings.TrimSpace
  let start = 0;
  while (start < n) {
    const r = decodeRune(p + <usize>start, n - start);
    if (r < 0 || !isSpaceRune(r)) break;
    start += runeLen(r);
  }
  let end = n;
  while (end > start) {
    const size = lastSpaceSize(p, start, end);
    if (size == 0) break;
    end -= size;
  }
  return parseQuantity(p + <usize>start, end - start);
}
