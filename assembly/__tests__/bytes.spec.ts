// The SIMD byte scans (assembly/bytes/simd.ts) against their one-byte-at-a-time definitions (assembly/bytes/scalar.ts)
// on random bytes drawn from the values the scans tell apart, at every length up to 80, every start and
// alignment, and with the text ending at the very end of linear memory (where a 16-byte load would not fit).

import { stopAt, stopAtFlags, goSpecialAt, escapeOrHighAt, highAt, sameLen } from "../bytes/simd";
import { stopAtScalar, flagsOfScalar, goSpecialAtScalar, escapeOrHighAtScalar, highAtScalar, sameLenScalar } from "../bytes/scalar";

const PALETTE: StaticArray<u8> = [0x00, 0x09, 0x0a, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x25, 0x26, 0x27, 0x2f, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f,
  0x5b, 0x5c, 0x5d, 0x61, 0x75, 0x7e, 0x7f, 0x80, 0x9f, 0xa8, 0xbf, 0xc2, 0xc3, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xff];

let seed: u32 = 0x9e3779b9;

/** The next pseudo-random 32 bits (xorshift32). */
function rnd(): u32 {
  seed ^= seed << 13;
  seed ^= seed >> 17;
  seed ^= seed << 5;
  return seed;
}

/** Fills n bytes at p: mostly `a` with a special byte now and then (density picks how often). */
function fill(p: usize, n: i32, density: u32): void {
  for (let i = 0; i < n; i++) {
    const r = rnd();
    store<u8>(p + <usize>i, r % 100 < density ? PALETTE[(r >> 8) % <u32>PALETTE.length] : <u8>(0x61 + (r >> 16) % 26));
  }
}

/** The number of scans on [p+i, p+end) that disagree with their definition. */
function checkAll(p: usize, i: i32, end: i32): i32 {
  let bad = 0;
  if (stopAt(p, i, end) != stopAtScalar(p, i, end)) bad++;
  const sf = stopAtFlags(p, i, end);
  const e = stopAtScalar(p, i, end);
  if (<i32>sf != e) bad++;
  if (<u32>(sf >> 32) != flagsOfScalar(p, i, e)) bad++;
  if (goSpecialAt(p, i, end, true) != goSpecialAtScalar(p, i, end, true)) bad++;
  if (goSpecialAt(p, i, end, false) != goSpecialAtScalar(p, i, end, false)) bad++;
  if (escapeOrHighAt(p, i, end, true) != escapeOrHighAtScalar(p, i, end, true)) bad++;
  if (escapeOrHighAt(p, i, end, false) != escapeOrHighAtScalar(p, i, end, false)) bad++;
  if (highAt(p, i, end) != highAtScalar(p, i, end)) bad++;
  return bad;
}

describe("SIMD byte scans", () => {
  test("equal their scalar definitions at every length, start and density", () => {
    const buf = heap.alloc(256);
    let bad = 0;
    let checks = 0;
    for (let round = 0; round < 400; round++) {
      const density: u32 = [0, 1, 3, 10, 30, 100][round % 6];
      fill(buf, 200, density);
      const off = <i32>(rnd() % 16);
      for (let n = 0; n <= 80; n++) { bad += checkAll(buf + <usize>off, 0, n); checks++; }
      for (let i = 0; i < 40; i++) { bad += checkAll(buf, i, i + <i32>(rnd() % 90)); checks++; }
    }
    expect(checks).toBe(400 * 121);
    expect(bad).toBe(0);
  });

  test("sameLen equals its definition on texts that differ at one place or none", () => {
    const a = heap.alloc(256);
    const b = heap.alloc(256);
    let bad = 0;
    let differ = 0;
    for (let round = 0; round < 2000; round++) {
      fill(a, 200, 10);
      memory.copy(b, a, 200);
      const n = <i32>(rnd() % 120);
      if (round % 3 != 0 && n > 0) store<u8>(b + <usize>(rnd() % <u32>n), <u8>rnd());
      const oa = <usize>(rnd() % 8);
      const ob = <usize>(rnd() % 8);
      if (oa != ob) {
        memory.copy(b + ob, a + oa, <usize>n);
        if (n > 0 && round % 2 == 0) store<u8>(b + ob + <usize>(rnd() % <u32>n), <u8>rnd());
      }
      const want = sameLenScalar(a + oa, b + ob, n);
      if (want < n) differ++;
      if (sameLen(a + oa, b + ob, n) != want) bad++;
      if (sameLen(a, a, n) != n) bad++;
    }
    expect(bad).toBe(0);
    expect(differ).toBeGreaterThan(500, "pairs that differ were drawn");
  });

  test("stop at the end of linear memory without reading past it", () => {
    memory.grow(1);
    const top = <usize>memory.size() << 16;
    let bad = 0;
    for (let round = 0; round < 300; round++) {
      fill(top - 64, 64, [0, 2, 20][round % 3]);
      for (let n = 0; n <= 40; n++) bad += checkAll(top - <usize>n, 0, n);
      for (let n = 0; n <= 40; n++) if (sameLen(top - <usize>n, top - 64, n) != sameLenScalar(top - <usize>n, top - 64, n)) bad++;
    }
    expect(bad).toBe(0);
  });
});
