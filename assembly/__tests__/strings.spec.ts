// Go's string encoding of escaped JSON string content in one pass (assembly/json/strings.ts writeGoStringEscaped)
// against its definition, Go's unquote followed by Go's encoder (unquote then writeGoString), on random contents
// built from every kind of escape, surrogate pairs and lone halves, raw UTF-8 (U+2028 and U+2029 included),
// invalid bytes, HTML bytes and plain runs of every length.

import { ByteSink } from "../io/sink";
import { unquote, writeGoString, writeGoStringEscaped } from "../json/strings";

const PIECES: StaticArray<string> = [
  "\\n", "\\r", "\\t", "\\b", "\\f", "\\/", "\\\\", "\\\"", "\\u0000", "\\u001f", "\\u0041", "\\u003c", "\\u00e9", "\\u2028", "\\u2029",
  "\\ud83d\\ude00", "\\ud83d", "\\ude00", "\\ud83d\\u0041", "\\uDBFF\\uDFFF", "\\uFFFD", "<", ">", "&", "é", "€", "😀", "\u2028", "\u2029",
  "a", "plain text ", "0123456789abcdef0123456789", "'",
];

let seed: u32 = 0x2545f491;

/** The next pseudo-random 32 bits (xorshift32). */
function rnd(): u32 {
  seed ^= seed << 13;
  seed ^= seed >> 17;
  seed ^= seed << 5;
  return seed;
}

/** A random escaped string content, as bytes in a sink (invalid UTF-8 bytes now and then). */
function content(): ByteSink {
  const b = new ByteSink(64);
  const parts = <i32>(rnd() % 24);
  for (let k = 0; k < parts; k++) {
    const r = rnd();
    if (r % 17 == 0) b.byte(r % 2 == 0 ? 0xff : 0xc3);
    else if (r % 19 == 0) { b.byte(0xe2); b.byte(0x80); }
    else b.utf8(PIECES[(r >> 8) % <u32>PIECES.length]);
  }
  return b;
}

/** The bytes of a sink as a string of hex pairs (for a readable failure). */
function hex(b: ByteSink): string {
  let s = "";
  for (let i = 0; i < b.len; i++) s += (<u32>b.at(i)).toString(16) + " ";
  return s;
}

describe("writeGoStringEscaped", () => {
  test("equals unquote then writeGoString on random escaped contents, both Go 1.22 spellings", () => {
    let bad = 0;
    let first = "";
    for (let round = 0; round < 3000; round++) {
      const c = content();
      for (let v = 0; v < 2; v++) {
        const go22 = v == 1;
        const d = new ByteSink(c.len);
        unquote(d, c.ptr, c.len, false);
        const want = new ByteSink(16);
        writeGoString(want, d.ptr, d.len, go22, true);
        const got = new ByteSink(16);
        writeGoStringEscaped(got, c.ptr, c.len, go22);
        if (got.len != want.len || memory.compare(got.ptr, want.ptr, <usize>got.len) != 0) {
          if (bad == 0) first = hex(c) + " -> " + hex(got) + " want " + hex(want);
          bad++;
        }
      }
    }
    expect(first).toBe("");
    expect(bad).toBe(0);
  });
});
