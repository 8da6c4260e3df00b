// fast-check arbitraries for JSON documents that stress a Go-compatible reader and writer:
// tricky strings, every number spelling, deep and wide nesting, and a serializer that varies
// whitespace and escapes so the same value arrives in many byte forms.

import fc from "fast-check";

/** Characters that matter to Go's and RFC 8785's string encoders. */
const SPECIAL = ["\u0000", "\u0001", "\b", "\f", "\n", "\r", "\t", "\u001f", "\u007f", '"', "\\", "/", "<", ">", "&",
  "\u2028", "\u2029", "\u00e9", "\u20ac", "\ufffd", "\ufeff", "\ud83d\ude00", "\u{10ffff}", "\u0080", "\u07ff", "\u0800", "\uffff"];

/** A string made of tricky characters, plain text and arbitrary code points. */
export const trickyString = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SPECIAL) },
    { weight: 3, arbitrary: fc.string({ unit: "grapheme-ascii", maxLength: 6 }) },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 3 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0x20, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff).map((c) => String.fromCodePoint(c)) },
  ),
  { maxLength: 12 },
).map((parts) => parts.join(""));

/** Valid JSON number text of every shape: signs, zeros, long digit runs, fractions, exponents. */
export const numberText = fc
  .record({
    neg: fc.boolean(),
    int: fc.oneof(
      fc.constant("0"),
      fc.integer({ min: 1, max: 9 }).chain((d) => fc.string({ unit: fc.constantFrom(..."0123456789"), maxLength: 25 }).map((s) => String(d) + s)),
      fc.constantFrom("9007199254740993", "18446744073709551616", "17976931348623157", "4503599627370497", "123456789012345678901234567890"),
    ),
    frac: fc.option(fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: 30 }), { nil: undefined }),
    exp: fc.option(
      fc.record({
        e: fc.constantFrom("e", "E"),
        sign: fc.constantFrom("", "+", "-"),
        digits: fc.oneof(fc.integer({ min: 0, max: 30 }).map(String), fc.integer({ min: 0, max: 340 }).map(String), fc.constantFrom("0", "00", "308", "309", "324", "325", "400")),
      }),
      { nil: undefined },
    ),
  })
  .map(({ neg, int, frac, exp }) => (neg ? "-" : "") + int + (frac !== undefined ? "." + frac : "") + (exp ? exp.e + exp.sign + exp.digits : ""));

/** A parsed JSON value whose leaves carry their exact number text. */
export type Doc = null | boolean | { num: string } | string | Doc[] | { obj: [string, Doc][] };

/** Documents of bounded depth and width, with duplicate keys sometimes. */
export function docArb(maxDepth = 6): fc.Arbitrary<Doc> {
  const { doc } = fc.letrec<{ doc: Doc }>((tie) => ({
    doc: fc.oneof(
      { depthSize: "small", withCrossShrink: true, maxDepth },
      fc.constant(null),
      fc.boolean(),
      numberText.map((num) => ({ num })),
      trickyString,
      fc.array(tie("doc"), { maxLength: 8 }),
      fc.array(fc.tuple(fc.oneof(trickyString, fc.constantFrom("a", "b", "A", "é", "\u{1f600}", "\ufb01", "z")), tie("doc")), { maxLength: 8 })
        .map((obj) => ({ obj })),
    ),
  }));
  return doc;
}

/** A tiny deterministic PRNG (mulberry32) so one seed gives one serialization. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WS = [" ", "\n", "\r", "\t", "  "];

/** Serializes a Doc with random whitespace and escapes (all valid JSON). */
export function serialize(d: Doc, seed: number): string {
  const r = rng(seed);
  const ws = () => (r() < 0.15 ? WS[Math.floor(r() * WS.length)] : "");
  const str = (s: string) => {
    let o = '"';
    for (const ch of s) {
      const c = ch.codePointAt(0)!;
      const roll = r();
      if (ch === '"') o += '\\"';
      else if (ch === "\\") o += "\\\\";
      else if (c < 0x20) o += roll < 0.5 && "\b\f\n\r\t".includes(ch) ? JSON.stringify(ch).slice(1, -1) : "\\u" + c.toString(16).padStart(4, "0");
      else if (roll < 0.1) {
        // escape this character (astral ones as a surrogate pair), in random hex case
        const units = c > 0xffff ? [0xd800 + ((c - 0x10000) >> 10), 0xdc00 + ((c - 0x10000) & 0x3ff)] : [c];
        for (const u of units) {
          const h = u.toString(16).padStart(4, "0");
          o += "\\u" + (r() < 0.5 ? h : h.toUpperCase());
        }
      } else if (ch === "/" && roll < 0.3) o += "\\/";
      else o += ch;
    }
    return o + '"';
  };
  const walk = (v: Doc): string => {
    if (v === null) return "null";
    if (typeof v === "boolean") return String(v);
    if (typeof v === "string") return str(v);
    if (Array.isArray(v)) return "[" + ws() + v.map((x) => ws() + walk(x) + ws()).join(",") + ws() + "]";
    if ("num" in v) return v.num;
    return "{" + ws() + v.obj.map(([k, x]) => ws() + str(k) + ws() + ":" + ws() + walk(x) + ws()).join(",") + ws() + "}";
  };
  return ws() + walk(d) + ws();
}

/** A document as text with a random serialization. */
export const jsonText = fc.tuple(docArb(), fc.integer()).map(([d, s]) => serialize(d, s));

/** Nesting of a given depth, e.g. [[[...]]] or {"a":{"a":...}}. */
export function nested(depth: number, kind: "array" | "object" = "array"): string {
  return kind === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}
