// Byte-level damage to a good request line: truncation, invalid UTF-8 at random offsets, stray JSON
// punctuation, cut and repeated pieces, junk around the line.

import type { Rng } from "./prng.ts";
import { concat, utf8 } from "./line.ts";

/** Byte sequences that are not UTF-8 (stray continuation, overlong, surrogate, past U+10FFFF, cut sequences) or are hostile in other ways. */
export const BAD_BYTES: number[][] = [
  [0x80], [0xbf], [0xff], [0xfe], [0xc0, 0xaf], [0xc1, 0xbf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe2, 0x82], [0xc3], [0xf0, 0x9f, 0x98], [0x00], [0x1f],
  [0xef, 0xbb, 0xbf], [0xc2, 0xa0], [0xe2, 0x80, 0xa8],
];

/** Stray pieces of JSON syntax and escapes. */
const JUNK = [",", "}", "]", "{", "[", "\"", "\\", ":", "{\"", "\"\"", " ", "\n", "\t", "\\u", "\\ud800", "\\udc00\\ud800", "\\u00", "\\x",
  "1e999999999", "-", "tru", "nul", "NaN", "Infinity", "0x10", "01", "/*", "'", "\u2028", "\ufeff", "\u0000"];

/** The line cut at a random offset. */
export function truncate(rng: Rng, line: Uint8Array): [Uint8Array, string] {
  const at = rng.int(0, Math.max(0, line.length - 1));
  return [line.slice(0, at), `truncate@${at}`];
}

/** Invalid UTF-8 (or NUL / control bytes) written over or inserted at 1..4 random offsets. */
export function invalidUTF8(rng: Rng, line: Uint8Array): [Uint8Array, string] {
  let out = line;
  const notes: string[] = [];
  for (let n = rng.int(1, 4); n > 0; n--) {
    const bad = rng.pick(BAD_BYTES);
    const at = rng.int(0, out.length);
    const replace = rng.chance(0.5);
    out = concat([out.subarray(0, at), new Uint8Array(bad), out.subarray(Math.min(out.length, at + (replace ? bad.length : 0)))]);
    notes.push(`${replace ? "over" : "ins"}@${at}:${bad.map((b) => b.toString(16)).join("")}`);
  }
  return [out, `invalid-utf8 ${notes.join(" ")}`];
}

/** Stray JSON punctuation or escapes inserted at 1..3 random offsets. */
export function junk(rng: Rng, line: Uint8Array): [Uint8Array, string] {
  let out = line;
  const notes: string[] = [];
  for (let n = rng.int(1, 3); n > 0; n--) {
    const j = rng.pick(JUNK);
    const at = rng.int(0, out.length);
    out = concat([out.subarray(0, at), utf8(j), out.subarray(at)]);
    notes.push(`${JSON.stringify(j)}@${at}`);
  }
  return [out, `junk ${notes.join(" ")}`];
}

/** A random piece cut out, or repeated in place (1..8 times). */
export function splice(rng: Rng, line: Uint8Array): [Uint8Array, string] {
  const a = rng.int(0, line.length);
  const b = Math.min(line.length, a + rng.size(1, Math.max(1, line.length >> 2)));
  if (rng.chance(0.5)) return [concat([line.subarray(0, a), line.subarray(b)]), `cut ${a}..${b}`];
  const times = rng.int(1, 8);
  return [concat([line.subarray(0, b), ...Array.from({ length: times }, () => line.subarray(a, b)), line.subarray(b)]), `repeat ${a}..${b}x${times}`];
}

/** Junk before or after the whole line (BOM, second value, whitespace, NUL, a newline and another request). */
export function around(rng: Rng, line: Uint8Array): [Uint8Array, string] {
  const before = ["\ufeff", " \t\r\n", "\u0000", "[", "x", ""];
  const after = [" x", "\n{}", "\u0000", "{}", ",", "\r\n", "\n{\"op\":\"fnv\",\"text\":\"a\"}", " ".repeat(rng.size(1, 100000)), ""];
  const b = rng.pick(before);
  const a = rng.pick(after);
  return [concat([utf8(b), line, utf8(a)]), `around ${JSON.stringify(b)}…${JSON.stringify(a.slice(0, 20))}`];
}
