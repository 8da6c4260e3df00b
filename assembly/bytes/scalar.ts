// The byte scans every JSON string path needs, one byte at a time: the readable definitions that simd.ts must
// equal (assembly/__tests__/bytes.spec.ts compares them on random and adversarial bytes at every length and
// alignment).

/** True when byte c ends a JSON string scan: `"`, `\` or a control byte (below 0x20). */
@inline export function isStop(c: u32): bool {
  return c == 0x22 || c == 0x5c || c < 0x20;
}

/** True when byte c is one Go's encoder escapes for HTML: `<`, `>`, `&`. */
@inline export function isHTML(c: u32): bool {
  return c == 0x3c || c == 0x3e || c == 0x26;
}

/** True when Go's string encoder must look at byte c: a stop byte, a byte >= 0x80, or (html) `<` `>` `&`. */
@inline export function isGoSpecial(c: u32, html: bool): bool {
  return isStop(c) || c >= 0x80 || (html && isHTML(c));
}

/** The first index in [i, end) of p whose byte is a stop byte (`"`, `\`, control), or end. */
export function stopAtScalar(p: usize, i: i32, end: i32): i32 {
  while (i < end && !isStop(<u32>load<u8>(p + <usize>i))) i++;
  return i;
}

/** The flags of the bytes [i, e) of p: SCAN_HIGH when one is >= 0x80, SCAN_HTML when one is `<`, `>` or `&`. */
export function flagsOfScalar(p: usize, i: i32, e: i32): u32 {
  let f: u32 = 0;
  for (; i < e; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c >= 0x80) f |= SCAN_HIGH;
    else if (isHTML(c)) f |= SCAN_HTML;
  }
  return f;
}

/** Flag of a scanned run: a byte >= 0x80. */
export const SCAN_HIGH: u32 = 1;
/** Flag of a scanned run: `<`, `>` or `&`. */
export const SCAN_HTML: u32 = 2;

/** The first index in [i, end) of p whose byte Go's string encoder must look at (isGoSpecial), or end. */
export function goSpecialAtScalar(p: usize, i: i32, end: i32, html: bool): i32 {
  while (i < end && !isGoSpecial(<u32>load<u8>(p + <usize>i), html)) i++;
  return i;
}

/** The first index in [i, end) of p whose byte is `\` or (high) >= 0x80, or end. */
export function escapeOrHighAtScalar(p: usize, i: i32, end: i32, high: bool): i32 {
  while (i < end) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c == 0x5c || (high && c >= 0x80)) break;
    i++;
  }
  return i;
}

/** The first index in [i, end) of p whose byte is >= 0x80, or end. */
export function highAtScalar(p: usize, i: i32, end: i32): i32 {
  while (i < end && load<u8>(p + <usize>i) < 0x80) i++;
  return i;
}

/** The number of equal leading bytes of [a, a+n) and [b, b+n). */
export function sameLenScalar(a: usize, b: usize, n: i32): i32 {
  let k = 0;
  while (k < n && load<u8>(a + <usize>k) == load<u8>(b + <usize>k)) k++;
  return k;
}
