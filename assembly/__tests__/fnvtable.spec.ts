// The table FNV of go-spew's []byte text (assembly/hash/fnvtable.ts) against plain FNV-1a over the text written out:
// one list, a run from any state, two runs at once, and the hash with a replaced range (HashContainerWithoutResources)
// on pseudo-random bytes of realistic lengths, every byte value included.

import { ByteSink } from "../io/sink";
import { FNV32_OFFSET, fnv1a_32 } from "../hash/fnv";
import { fnv1aSpewBytes, fnv1aSpewByteRun, fnv1aSpewByteRun2, spewByteRun2Second, fnv1aSpewBytesReplaced } from "../hash/fnvtable";

/** The spew text `([]uint8)[b0 b1 ...]` of the `n` bytes at `p` (the readable reference). */
function spewText(p: usize, n: i32): ByteSink {
  const s = new ByteSink(16 + n * 4);
  s.ascii("([]uint8)[");
  for (let i = 0; i < n; i++) {
    if (i > 0) s.byte(0x20);
    s.uint(<u64>load<u8>(p + <usize>i));
  }
  s.byte(0x5d);
  return s;
}

/** ` ` + decimal per byte of the `n` bytes at `p`. */
function runText(p: usize, n: i32): ByteSink {
  const s = new ByteSink(8 + n * 4);
  for (let i = 0; i < n; i++) {
    s.byte(0x20);
    s.uint(<u64>load<u8>(p + <usize>i));
  }
  return s;
}

let seed: u32 = 12345;
/** A pseudo-random u32 (xorshift). */
function next(): u32 {
  seed ^= seed << 13;
  seed ^= seed >> 17;
  seed ^= seed << 5;
  return seed;
}

/** `n` pseudo-random bytes, mostly JSON-like ASCII, every value now and then. */
function bytes(n: i32): usize {
  const p = heap.alloc(n > 0 ? <usize>n : 1);
  for (let i = 0; i < n; i++) {
    const r = next();
    store<u8>(p + <usize>i, <u8>((r & 7) == 0 ? r >> 8 : 0x20 + (r >> 8) % 95));
  }
  return p;
}

describe("fnvtable: go-spew []byte text", () => {
  it("fnv1aSpewBytes = FNV-1a of the text", () => {
    for (let k = 0; k < 300; k++) {
      const n = <i32>(next() % 3000);
      const p = bytes(n);
      const t = spewText(p, n);
      expect(fnv1aSpewBytes(p, n)).toBe(fnv1a_32(t.ptr, <usize>t.len));
    }
  });

  it("runs from any state, one and two at a time", () => {
    for (let k = 0; k < 300; k++) {
      const n = <i32>(next() % 2000);
      const p = bytes(n);
      const t = runText(p, n);
      const h1 = next();
      const h2 = next();
      expect(fnv1aSpewByteRun(h1, p, n)).toBe(fnv1a_32(t.ptr, <usize>t.len, h1));
      expect(fnv1aSpewByteRun2(h1, h2, p, n)).toBe(fnv1a_32(t.ptr, <usize>t.len, h1));
      expect(spewByteRun2Second()).toBe(fnv1a_32(t.ptr, <usize>t.len, h2));
    }
  });

  it("a replaced range: both hashes from one pass", () => {
    for (let k = 0; k < 300; k++) {
      const n = 2 + <i32>(next() % 2000);
      const p = bytes(n);
      const s = 1 + <i32>(next() % <u32>(n - 1));
      const m = <i32>(next() % <u32>(n - s + 1));
      const zn = <i32>(next() % 8);
      const z = bytes(zn);
      const w = new ByteSink(n + zn);
      w.bytes(p, s);
      w.bytes(z, zn);
      w.bytes(p + <usize>(s + m), n - s - m);
      const a = spewText(p, n);
      const b = spewText(w.ptr, w.len);
      expect(fnv1aSpewBytesReplaced(p, n, s, m, z, zn)).toBe(fnv1a_32(a.ptr, <usize>a.len));
      expect(spewByteRun2Second()).toBe(fnv1a_32(b.ptr, <usize>b.len));
    }
  });

  it("the empty list", () => {
    const t = spewText(0, 0);
    expect(fnv1aSpewBytes(0, 0)).toBe(fnv1a_32(t.ptr, <usize>t.len));
    expect(FNV32_OFFSET).toBe(0x811c9dc5);
  });
});
