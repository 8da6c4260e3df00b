// The byte scans of the JSON string paths, 16 bytes at a time with wasm SIMD (v128): one lane per byte, the
// lanes that match turned into a bit mask (i8x16.bitmask), its lowest set bit the first match. A last chunk
// that runs past `end` is still loaded whole when linear memory holds 16 bytes there, and the bits past `end`
// are dropped; otherwise the tail is scanned one byte at a time by scalar.ts.
// Must equal: scalar.ts, function by function (named in each doc comment); assembly/__tests__/bytes.spec.ts
// compares them on random and adversarial bytes at every length and alignment.

import { SCAN_HIGH, SCAN_HTML, stopAtScalar, flagsOfScalar, goSpecialAtScalar, escapeOrHighAtScalar, highAtScalar, sameLenScalar } from "./scalar";

/** The end of linear memory: a 16-byte load at q is in bounds when q + 16 <= this. */
@inline function memEnd(): usize {
  return <usize>memory.size() << 16;
}

/** The lanes of x that are `"`, `\` or below 0x20 (0xff in each). */
@inline function stopLanes(x: v128): v128 {
  return v128.or(v128.or(i8x16.eq(x, i8x16.splat(0x22)), i8x16.eq(x, i8x16.splat(0x5c))), i8x16.lt_u(x, i8x16.splat(0x20)));
}

/** The lanes of x that are `<`, `>` or `&` (0xff in each). */
@inline function htmlLanes(x: v128): v128 {
  return v128.or(i8x16.eq(v128.or(x, i8x16.splat(2)), i8x16.splat(0x3e)), i8x16.eq(x, i8x16.splat(0x26)));
}

/** The lanes of x that are `"`, `\` or below 0x20, as a bit mask. */
@inline function stopMask(x: v128): i32 {
  return i8x16.bitmask(v128.or(v128.or(i8x16.eq(x, i8x16.splat(0x22)), i8x16.eq(x, i8x16.splat(0x5c))), i8x16.lt_u(x, i8x16.splat(0x20))));
}

/** The lanes of x that are `<`, `>` or `&`, as a bit mask (`<` and `>` are 0x3c and 0x3e: x|2 == 0x3e). */
@inline function htmlMask(x: v128): i32 {
  return i8x16.bitmask(v128.or(i8x16.eq(v128.or(x, i8x16.splat(2)), i8x16.splat(0x3e)), i8x16.eq(x, i8x16.splat(0x26))));
}

/** The lanes of x Go's string encoder must look at (scalar.ts isGoSpecial), as a bit mask. */
@inline function goSpecialMask(x: v128, html: bool): i32 {
  // `"` and `&` are 0x22 and 0x26 (x|4 == 0x26); the high bit of x itself marks bytes >= 0x80
  let m = v128.or(v128.or(i8x16.eq(x, i8x16.splat(0x5c)), i8x16.lt_u(x, i8x16.splat(0x20))), x);
  if (html) m = v128.or(m, v128.or(i8x16.eq(v128.or(x, i8x16.splat(4)), i8x16.splat(0x26)), i8x16.eq(v128.or(x, i8x16.splat(2)), i8x16.splat(0x3e))));
  else m = v128.or(m, i8x16.eq(x, i8x16.splat(0x22)));
  return i8x16.bitmask(m);
}

/** The bits of the first `n` lanes (n <= 16 keeps all). */
@inline function firstLanes(n: i32): i32 {
  return n >= 16 ? 0xffff : (1 << n) - 1;
}

/** The first index in [i, end) of p whose byte is a stop byte (`"`, `\`, control), or end. Must equal: scalar.ts stopAtScalar. */
@inline export function stopAt(p: usize, i: i32, end: i32): i32 {
  // the first 16 bytes inline (most strings of a manifest are shorter), the rest in the loop
  const q = p + <usize>i;
  if (i < end && q + 16 <= memEnd()) {
    const m = stopMask(v128.load(q)) & firstLanes(end - i);
    if (m != 0) return i + ctz(m);
    if (end - i <= 16) return end;
    return stopAtLoop(p, i + 16, end);
  }
  return stopAtLoop(p, i, end);
}

/** stopAt from i: 32 bytes at a time, then 16. */
function stopAtLoop(p: usize, i: i32, end: i32): i32 {
  const lim = memEnd();
  // 32 bytes with no stop at a time, then exactly
  while (i + 32 <= end && p + <usize>i + 32 <= lim) {
    const q = p + <usize>i;
    if (v128.any_true(v128.or(stopLanes(v128.load(q)), stopLanes(v128.load(q, 16))))) break;
    i += 32;
  }
  while (i < end) {
    const q = p + <usize>i;
    if (q + 16 > lim) return stopAtScalar(p, i, end);
    const m = stopMask(v128.load(q)) & firstLanes(end - i);
    if (m != 0) return i + ctz(m);
    i += 16;
  }
  return end;
}

/**
 * stopAt, and the flags (SCAN_HIGH, SCAN_HTML) of the bytes before the stop: the stop's index | flags << 32.
 * Must equal: scalar.ts stopAtScalar and flagsOfScalar over the bytes it passed.
 */
@inline export function stopAtFlags(p: usize, i: i32, end: i32): i64 {
  // the first 16 bytes inline (most strings of a manifest are shorter, and plain ASCII), the rest in the loop
  const q = p + <usize>i;
  if (i < end && q + 16 <= memEnd()) {
    const x = v128.load(q);
    const keep = firstLanes(end - i);
    const s = stopMask(x) & keep;
    if (s != 0 || end - i <= 16) {
      const before = s != 0 ? (s & -s) - 1 : keep;
      let f: u32 = 0;
      if (i8x16.bitmask(x) & before) f |= SCAN_HIGH;
      if (htmlMask(x) & before) f |= SCAN_HTML;
      return <i64>(s != 0 ? i + ctz(s) : end) | (<i64>f << 32);
    }
  }
  return stopAtFlagsLoop(p, i, end);
}

/** stopAtFlags from i: 32 bytes at a time, then 16. */
function stopAtFlagsLoop(p: usize, i: i32, end: i32): i64 {
  const lim = memEnd();
  let f: u32 = 0;
  // 32 bytes with no stop at a time (their high bits and HTML lanes gathered), then exactly
  let high = i8x16.splat(0);
  let html = i8x16.splat(0);
  while (i + 32 <= end && p + <usize>i + 32 <= lim) {
    const q = p + <usize>i;
    const x0 = v128.load(q);
    const x1 = v128.load(q, 16);
    if (v128.any_true(v128.or(stopLanes(x0), stopLanes(x1)))) break;
    high = v128.or(high, v128.or(x0, x1));
    html = v128.or(html, v128.or(htmlLanes(x0), htmlLanes(x1)));
    i += 32;
  }
  if (i8x16.bitmask(high) != 0) f |= SCAN_HIGH;
  if (v128.any_true(html)) f |= SCAN_HTML;
  while (i < end) {
    const q = p + <usize>i;
    if (q + 16 > lim) {
      const e = stopAtScalar(p, i, end);
      return <i64>e | (<i64>(f | flagsOfScalar(p, i, e)) << 32);
    }
    const x = v128.load(q);
    const keep = firstLanes(end - i);
    const s = stopMask(x) & keep;
    // the lanes before the stop (all of them when there is none)
    const before = s != 0 ? (s & -s) - 1 : keep;
    if (i8x16.bitmask(x) & before) f |= SCAN_HIGH;
    if (htmlMask(x) & before) f |= SCAN_HTML;
    if (s != 0) return <i64>(i + ctz(s)) | (<i64>f << 32);
    i += 16;
  }
  return <i64>end | (<i64>f << 32);
}

/** The first index in [i, end) of p whose byte Go's string encoder must look at, or end. Must equal: scalar.ts goSpecialAtScalar. */
@inline export function goSpecialAt(p: usize, i: i32, end: i32, html: bool): i32 {
  // the first 16 bytes inline, the rest in the loop
  const q = p + <usize>i;
  if (i < end && q + 16 <= memEnd()) {
    const m = goSpecialMask(v128.load(q), html) & firstLanes(end - i);
    if (m != 0) return i + ctz(m);
    if (end - i <= 16) return end;
    return goSpecialAtLoop(p, i + 16, end, html);
  }
  return goSpecialAtLoop(p, i, end, html);
}

/** goSpecialAt from i: 32 bytes at a time, then 16. */
function goSpecialAtLoop(p: usize, i: i32, end: i32, html: bool): i32 {
  const lim = memEnd();
  // 32 bytes with nothing to look at at a time, then exactly
  while (i + 32 <= end && p + <usize>i + 32 <= lim) {
    const q = p + <usize>i;
    if ((goSpecialMask(v128.load(q), html) | goSpecialMask(v128.load(q, 16), html)) != 0) break;
    i += 32;
  }
  while (i < end) {
    const q = p + <usize>i;
    if (q + 16 > lim) return goSpecialAtScalar(p, i, end, html);
    const m = goSpecialMask(v128.load(q), html) & firstLanes(end - i);
    if (m != 0) return i + ctz(m);
    i += 16;
  }
  return end;
}

/** The first index in [i, end) of p whose byte is `\` or (high) >= 0x80, or end. Must equal: scalar.ts escapeOrHighAtScalar. */
export function escapeOrHighAt(p: usize, i: i32, end: i32, high: bool): i32 {
  const lim = memEnd();
  while (i < end) {
    const q = p + <usize>i;
    if (q + 16 > lim) return escapeOrHighAtScalar(p, i, end, high);
    const x = v128.load(q);
    let v = i8x16.eq(x, i8x16.splat(0x5c));
    if (high) v = v128.or(v, x);
    const m = i8x16.bitmask(v) & firstLanes(end - i);
    if (m != 0) return i + ctz(m);
    i += 16;
  }
  return end;
}

/** The first index in [i, end) of p whose byte is >= 0x80, or end. Must equal: scalar.ts highAtScalar. */
export function highAt(p: usize, i: i32, end: i32): i32 {
  const lim = memEnd();
  while (i < end) {
    const q = p + <usize>i;
    if (q + 16 > lim) return highAtScalar(p, i, end);
    const m = i8x16.bitmask(v128.load(q)) & firstLanes(end - i);
    if (m != 0) return i + ctz(m);
    i += 16;
  }
  return end;
}

/** The number of equal leading bytes of [a, a+n) and [b, b+n). Must equal: scalar.ts sameLenScalar. */
@inline export function sameLen(a: usize, b: usize, n: i32): i32 {
  // the first 16 bytes inline (keys, short values), the rest in the loop
  if (n > 0 && a + 16 <= memEnd() && b + 16 <= memEnd()) {
    const m = ~i8x16.bitmask(i8x16.eq(v128.load(a), v128.load(b))) & firstLanes(n);
    if (m != 0) return ctz(m);
    if (n <= 16) return n;
    return 16 + sameLenLoop(a + 16, b + 16, n - 16);
  }
  return sameLenLoop(a, b, n);
}

/** sameLen: 64 bytes at a time, then 16. */
function sameLenLoop(a: usize, b: usize, n: i32): i32 {
  if (a == b) return n;
  const lim = memEnd();
  let k = 0;
  // 64 equal bytes at a time, then exactly
  while (k + 64 <= n && a + <usize>k + 64 <= lim && b + <usize>k + 64 <= lim) {
    const qa = a + <usize>k;
    const qb = b + <usize>k;
    const d = v128.or(v128.or(v128.xor(v128.load(qa), v128.load(qb)), v128.xor(v128.load(qa, 16), v128.load(qb, 16))),
      v128.or(v128.xor(v128.load(qa, 32), v128.load(qb, 32)), v128.xor(v128.load(qa, 48), v128.load(qb, 48))));
    if (v128.any_true(d)) break;
    k += 64;
  }
  while (k < n) {
    const qa = a + <usize>k;
    const qb = b + <usize>k;
    if (qa + 16 > lim || qb + 16 > lim) return k + sameLenScalar(qa, qb, n - k);
    const m = ~i8x16.bitmask(i8x16.eq(v128.load(qa), v128.load(qb))) & firstLanes(n - k);
    if (m != 0) return k + ctz(m);
    k += 16;
  }
  return n;
}

/** True when the n bytes at a and b are equal. Must equal: scalar.ts sameLenScalar(a, b, n) == n. */
@inline export function sameBytesSIMD(a: usize, b: usize, n: i32): bool {
  return sameLen(a, b, n) == n;
}
