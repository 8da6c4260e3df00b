// The FNV-1a floor: a hand-assembled WebAssembly module whose one function is the tightest FNV-1a 32 loop
// (xor a byte, multiply by the prime, next byte) over bytes already in its memory. A kubelet or controller hash
// is FNV-1a over some text, so no implementation of it can beat this loop over that text: kinplace's time ÷
// this time says how close to the limit it is.

/** Signed LEB128 of a 32-bit integer. */
function sleb(v: number): number[] {
  const out: number[] = [];
  let x = v | 0;
  for (;;) {
    const b = x & 0x7f;
    x >>= 7;
    if ((x === 0 && (b & 0x40) === 0) || (x === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
}

/** Unsigned LEB128. */
function uleb(v: number): number[] {
  const out: number[] = [];
  do {
    let b = v & 0x7f;
    v >>>= 7;
    if (v !== 0) b |= 0x80;
    out.push(b);
  } while (v !== 0);
  return out;
}

const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];
const name = (s: string) => [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))];

/** The module: (memory (export "memory") 1) and (func (export "fnv1a32") (param $p i32) (param $n i32) (result i32)). */
export const FNV_FLOOR_WASM = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
  ...section(1, [1, 0x60, 2, 0x7f, 0x7f, 1, 0x7f]), // types: (i32, i32) -> i32
  ...section(3, [1, 0]), // functions: one, of type 0
  ...section(5, [1, 0x00, 1]), // memories: one, at least 1 page, no maximum
  ...section(7, [2, ...name("memory"), 0x02, 0, ...name("fnv1a32"), 0x00, 0]), // exports
  ...section(10, [1, ...((body: number[]) => [...uleb(body.length), ...body])([
    1, 2, 0x7f, // locals $h, $end: i32
    0x41, ...sleb(0x811c9dc5 | 0), 0x21, 2, // $h = offset basis
    0x20, 0, 0x20, 1, 0x6a, 0x21, 3, // $end = $p + $n
    0x02, 0x40, // block
    0x20, 0, 0x20, 3, 0x4f, 0x0d, 0, // br_if 0 when $p >= $end (empty input)
    0x03, 0x40, // loop
    0x20, 2, 0x20, 0, 0x2d, 0, 0, 0x73, // $h ^ load8_u($p)
    0x41, ...sleb(0x01000193), 0x6c, 0x21, 2, // $h = (...) * prime
    0x20, 0, 0x41, 1, 0x6a, 0x22, 0, // $p = $p + 1 (tee)
    0x20, 3, 0x49, 0x0d, 0, // br_if 0 (loop) when $p < $end
    0x0b, // end loop
    0x0b, // end block
    0x20, 2, // $h
    0x0b, // end function
  ])]),
]);

/** The floor loaded with `bytes` in its memory: `hash()` is FNV-1a 32 of them (as an unsigned number). */
export function fnvFloor(bytes: Uint8Array): { hash(): number } {
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(FNV_FLOOR_WASM)) as unknown as {
    exports: { memory: WebAssembly.Memory; fnv1a32(p: number, n: number): number };
  };
  const pages = Math.ceil(bytes.length / 65536) - exports.memory.buffer.byteLength / 65536;
  if (pages > 0) exports.memory.grow(pages);
  new Uint8Array(exports.memory.buffer).set(bytes);
  const n = bytes.length;
  return { hash: () => exports.fnv1a32(0, n) >>> 0 };
}
