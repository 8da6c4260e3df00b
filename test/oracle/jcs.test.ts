// json.jcs against github.com/gowebpki/jcs v1.0.2 (the oracle's jcs.Transform), on the inputs where that
// library has rules of its own: invalid UTF-8 at every position of a document, lone and mismatched
// surrogate escapes in every context (top level with and without trailing white space, keys, array
// elements), repeated keys at every depth mixed with later errors (which error comes first), keys
// whose quoted form is cut at 32 bytes, numbers of every size (overflow, underflow, -0, the 1e-6 and
// 1e21 cutoffs, Go's exponent saturation, over 800 digits) and nesting up to Go's 10000 levels. Every
// answer must agree in result or in error code, message and offset. Needs Go (see json.test.ts).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { bytes, jsonDocOf, outerString, wideDocOf } from "./arbitraries.ts";
import { assertSameAnswer, answerView } from "./compare.ts";
import { runEngine } from "./engine.ts";
import { buildAll, goAvailable, runOracle, stopOracle } from "./run.ts";

/** Requests per fast-check run (one oracle round trip and one `kinplace eval` process each). */
const BATCH = 250;
/** No shrinking: a failing batch names its failing lines; the seed replays the run. */
const runs = (values: number) => ({ numRuns: Math.ceil(values / BATCH), endOnFailure: true, interruptAfterTimeLimit: 600_000, markInterruptAsFailure: true });

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

/** A batch of request lines that prints as a one-line summary in fast-check's reports. */
class Batch {
  constructor(readonly lines: Uint8Array[]) {}
  [fc.toStringMethod](): string {
    return `<${this.lines.length} request lines>`;
  }
}

/** How often each kind of answer came back in the current test: "ok", an error code, or for E_JCS the
 * library's message up to its first ':' (so that each test can check that it reached what it aims at). */
let seen = new Map<string, number>();

/** The kind of a library message: its text before any detail, noting a truncated quotation. */
function kindOf(message: string): string {
  const kind = message.replace(/( at byte 0x|: ).*$/s, "");
  return message.includes(" (truncated from ") ? kind + " (truncated)" : kind;
}

/** Asserts that the current test saw every kind in `kinds`, then starts counting afresh. */
function expectSeen(...kinds: string[]): void {
  const missing = kinds.filter((k) => !seen.has(k));
  assert.deepEqual(missing, [], `never answered: ${missing.join(", ")}; seen: ${JSON.stringify([...seen])}`);
  seen = new Map();
}

/** Sends the lines to the oracle and to the engine and asserts equal answers; a failure shows how
 * many lines differ and the first three. */
async function sameAnswers(input: Batch | Uint8Array[]): Promise<void> {
  const lines = input instanceof Batch ? input.lines : input;
  const [expected, actual] = await Promise.all([runOracle(lines), runEngine(lines)]);
  const failures: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const view = answerView(expected[i]!) as { ok?: boolean; error?: { code?: string; message?: string } };
    assert.notEqual(view.error?.code, "E_INTERNAL", `oracle failed on ${Buffer.from(lines[i]!).toString()}: ${expected[i]}`);
    const kind = view.ok ? "ok" : view.error?.code === "E_JCS" ? kindOf(view.error.message!) : view.error?.code ?? "?";
    seen.set(kind, (seen.get(kind) ?? 0) + 1);
    try {
      assertSameAnswer(lines[i]!, expected[i]!, actual[i]!);
    } catch (e) {
      failures.push((e as Error).message);
    }
  }
  assert.equal(failures.length, 0, `${failures.length} of ${lines.length} answers differ; the first ones:\n\n${failures.slice(0, 3).join("\n\n")}`);
}

const batchOf = (arb: fc.Arbitrary<Uint8Array>) => fc.array(arb, { minLength: BATCH, maxLength: BATCH }).map((lines) => new Batch(lines));

/** How a document reaches the op: as `valueText` (raw bytes kept; escaped or not), or raw as
 * `value` when it can sit in a request line (the library then gets exactly the value's bytes). */
type Form = "text" | "escaped" | "value";
const form: fc.Arbitrary<Form> = fc.constantFrom("text", "text", "escaped", "value");

/** A json.jcs request line for `doc`. */
function jcsLine(doc: Uint8Array, f: Form): Uint8Array {
  if (f === "value" && doc.length > 0 && !doc.includes(0x0a) && !doc.includes(0x0d)) return bytes('{"op":"json.jcs","value":', doc, "}");
  return bytes('{"op":"json.jcs","valueText":', outerString(doc, f === "escaped"), "}");
}

const hex4 = (n: number, upper: boolean) => {
  const h = n.toString(16).padStart(4, "0");
  return upper ? h.toUpperCase() : h;
};
const ws = fc.constantFrom("", "", "", " ", "\n", "\t", " \r\n");

// ---------------------------------------------------------------------------------------------
// Invalid UTF-8

/** Bytes that start, continue or cut short a UTF-8 sequence, or never occur in UTF-8. */
const BAD_BYTES = [0x80, 0xbf, 0xc0, 0xc1, 0xc3, 0xdf, 0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xf8, 0xfe, 0xff];

/** Documents with non-ASCII text in keys, values, escapes and nested strings. */
const SWEEP_DOCS = [
  '"aé€😀b"',
  '{"kéy":"v€l","😀":["x","é\\n"],"a\\u00e9":1}',
  '["\\u00e9é","a\\"b€",{"\\ud83d\\ude00":"𐀀"}]',
  '{"a":"\\ud800\\udc00é","b":[1,"ߟ"]}',
];

/** Every document above with each bad byte inserted at, and written over, every position. */
function utf8Sweep(): Uint8Array[] {
  const out: Uint8Array[] = [];
  let k = 0;
  for (const text of SWEEP_DOCS) {
    const doc = bytes(text);
    for (let i = 0; i <= doc.length; i++) {
      for (const b of BAD_BYTES) {
        const f: Form = (["text", "escaped", "value"] as const)[k++ % 3]!;
        out.push(jcsLine(bytes(doc.subarray(0, i), [b], doc.subarray(i)), f));
        if (i < doc.length) out.push(jcsLine(bytes(doc.subarray(0, i), [b], doc.subarray(i + 1)), f));
      }
    }
  }
  return out;
}

/** A string literal of valid and invalid pieces: several bad sequences in one string, so that the
 * first one must be the one named. */
const badString: fc.Arbitrary<Uint8Array> = fc.array(fc.oneof(
  fc.constantFrom("a", "é", "€", "😀", "\\n", "\\u00e9", "\\ud83d\\ude00", "\\\"").map((s) => bytes(s)),
  fc.constantFrom(...BAD_BYTES).map((b) => bytes([b])),
  fc.constantFrom<number[]>([0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xed, 0xa0, 0x80], [0xe0, 0x80, 0x80], [0xc0, 0xaf], [0xf4, 0x90, 0x80, 0x80], [0xef, 0xbf, 0xbd]).map((b) => bytes(b)),
), { maxLength: 6 }).map((parts) => bytes('"', ...parts, '"'));

// ---------------------------------------------------------------------------------------------
// Surrogate escapes

/** Pieces of string content around surrogate escapes: high, low and other escapes in either hex case,
 * and what may follow a high surrogate (escapes, ASCII, non-ASCII, invalid bytes, the closing quote). */
const surrogatePiece: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.integer({ min: 0xd800, max: 0xdbff }), fc.boolean()).map(([c, u]) => bytes("\\u" + hex4(c, u))) },
  { weight: 3, arbitrary: fc.tuple(fc.integer({ min: 0xdc00, max: 0xdfff }), fc.boolean()).map(([c, u]) => bytes("\\u" + hex4(c, u))) },
  { weight: 1, arbitrary: fc.constantFrom(0xd800, 0xdbff, 0xdc00, 0xdfff, 0xd7ff, 0xe000).map((c) => bytes("\\u" + hex4(c, false))) },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 0, max: 0xffff }).filter((c) => c < 0xd800 || c > 0xdfff), fc.boolean()).map(([c, u]) => bytes("\\u" + hex4(c, u))) },
  { weight: 3, arbitrary: fc.constantFrom("\\n", "\\\\", "\\\"", "\\/", "\\\\u", "u", "a", "é", "€", "😀", " ").map((s) => bytes(s)) },
  { weight: 1, arbitrary: fc.constantFrom(...BAD_BYTES).map((b) => bytes([b])) },
);

/** A string literal made of surrogate pieces (still valid for Go's scanner). */
const surrogateString: fc.Arbitrary<Uint8Array> = fc.array(surrogatePiece, { minLength: 1, maxLength: 5 }).map((p) => bytes('"', ...p, '"'));

/** The string in every place: alone at the top (with or without white space after it), in arrays,
 * as a key, as a member value, before further members. */
const surrogateDoc: fc.Arbitrary<Uint8Array> = fc.tuple(surrogateString, fc.nat(8), ws, ws).map(([s, place, a, b]) => {
  switch (place) {
    case 0: return s;
    case 1: return bytes(a, s, b);
    case 2: return bytes("[", s, "]");
    case 3: return bytes("[", a, s, b, ",1]");
    case 4: return bytes("{", s, ":1}");
    case 5: return bytes('{"a":1,', a, s, b, ":2}");
    case 6: return bytes('{"k":', s, "}");
    case 7: return bytes('{"k":', a, s, b, ',"z":"\\udc00"}');
    default: return bytes('[{"k":[', s, "]}, ", s, "]");
  }
});

// ---------------------------------------------------------------------------------------------
// Keys and duplicates

/** Keys that collide after decoding, sort differently in UTF-8 and UTF-16, print through strconv.Quote
 * in every way (controls, DEL, soft hyphen, U+2028, BOM, unassigned, U+FFFD), or are longer than 32
 * bytes with the cut falling inside a character. */
const KEYS = ["a", "\\u0061", "b", "", "é", "\\u00e9", "\\u00E9", "😀", "\\ud83d\\ude00", "\ue000", "\\uE000", "\uffff", "𐀀",
  "\\u0000", "\\u0001", "\\u007f", "\\u00ad", "\\u2028", "\\ufeff", "\\u0378", "\\ufffd", "\ufffd", "\\t", "\\\"", "\\\\", "<&>", "`", "'",
  "x".repeat(32), "x".repeat(33), "x".repeat(40), "é".repeat(16), "é".repeat(17), "a" + "é".repeat(20), "😀".repeat(9),
  "ab" + "😀".repeat(9), "a".repeat(31) + "€", "a".repeat(30) + "\\u0001\\u0002\\u0003", "\\u00e9".repeat(18), "a".repeat(31) + "\\u00e9z"];

/** A key: often one of a few that collide in more than one spelling, else any of the pool. */
const keyText = fc.oneof(
  fc.constantFrom("a", "\\u0061", "é", "\\u00e9", "😀", "\\ud83d\\ude00", "é".repeat(17), "\\u00e9".repeat(17), "a".repeat(31) + "€"),
  fc.constantFrom(...KEYS),
).map((k) => bytes('"', k, '"'));

/** Scalars that are fine or that the library refuses (overflowing numbers, bad strings). */
const dupScalar: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 20, arbitrary: fc.constantFrom("1", "-0", "0.5", "true", "null", '"v"', '"é"', "1e21", "[]", "{}").map((s) => bytes(s)) },
  { weight: 1, arbitrary: fc.constantFrom("1e400", "-1e999", "1" + "0".repeat(400), "-" + "9".repeat(40) + "e300", "2e308").map((s) => bytes(s)) },
  { weight: 1, arbitrary: fc.constantFrom('"\\udc00"', '"\\ud800x"', '"\\ud800\\u0041"').map((s) => bytes(s)) },
  { weight: 1, arbitrary: fc.constantFrom<number[]>([0xff], [0xe2, 0x82]).map((b) => bytes('"', b, '"')) },
);

/** Objects (and arrays of them) to depth 4 whose keys repeat often, at any level. */
const dupDoc: fc.Arbitrary<Uint8Array> = fc.letrec<{ value: Uint8Array; object: Uint8Array; array: Uint8Array }>((tie) => ({
  value: fc.oneof({ depthSize: "small", maxDepth: 4 }, dupScalar, tie("object"), tie("array")),
  object: fc.array(fc.tuple(keyText, tie("value"), ws), { maxLength: 7 }).map((m) =>
    bytes("{", ...m.flatMap(([k, v, w], i) => [i ? "," : "", w, k, ":", v]), "}")),
  array: fc.array(tie("value"), { maxLength: 4 }).map((items) => bytes("[", ...items.flatMap((v, i) => [i ? "," : "", v]), "]")),
})).object;

// ---------------------------------------------------------------------------------------------
// Numbers

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
/** The double with these bits. */
const fromBits = (b: bigint) => { u64[0] = b; return f64[0]!; };

/** Spellings of a finite double: shortest, 17 to 25 significant digits, exponent forms. */
const spell = (d: number, how: number): string => {
  const s = how === 0 ? String(d) : how === 1 ? d.toPrecision(17) : how === 2 ? d.toExponential(20) : how === 3 ? d.toPrecision(25) : d.toExponential();
  return s.replace("e+", how === 4 ? "E" : "e+");
};

/** A finite double near an interesting place: any bits, powers of 2 and 10, the formatting cutoffs. */
const aDouble: fc.Arbitrary<number> = fc.oneof(
  fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }).map(fromBits).filter(Number.isFinite),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.tuple(fc.integer({ min: -1074, max: 1023 }), fc.integer({ min: -3, max: 3 })).map(([e, k]) => {
    const d = 2 ** e;
    u64[0] = new BigUint64Array(new Float64Array([d]).buffer)[0]! + BigInt(k);
    return f64[0]!;
  }).filter(Number.isFinite),
  fc.tuple(fc.constantFrom(1e21, 1e-6, 1e-7, 1e20, 9007199254740992, 1e15, 1e16, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308),
    fc.integer({ min: -4, max: 4 })).map(([d, k]) => {
    f64[0] = d;
    u64[0] = u64[0]! + BigInt(k);
    return f64[0]!;
  }).filter(Number.isFinite),
  fc.integer({ min: -324, max: 308 }).map((e) => Number(`1e${e}`)),
);

/** Number texts: doubles spelt many ways (and negated), overflow and underflow, long digit runs, and
 * texts where Go's ParseFloat stops reading the exponent at 10000 (so a long run of zeros changes
 * the value) or keeps only 800 digits. */
const numberText: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(aDouble, fc.nat(4), fc.boolean()).map(([d, how, neg]) => {
    const s = spell(Math.abs(d), how);
    return neg ? "-" + s : s;
  }) },
  { weight: 2, arbitrary: fc.constantFrom("-0", "-0.0", "0e999999", "-0e-5", "0.000", "1e-400", "-1e-400", "2.4703282292062327e-324",
    "2.4703282292062328e-324", "1e309", "-1e309", "1.7976931348623158e308", "1.7976931348623159e308", "17976931348623159e292",
    "1e999999999999", "1e-999999999999", "0.1e310", "123456789012345678901234567890123456789e300", "-" + "9".repeat(33) + "e300",
    "1e21", "999999999999999999999", "999999999999999934464", "1e-6", "0.000001", "9.999999999999999e-7", "0.0000009999999999999999") },
  { weight: 2, arbitrary: fc.tuple(fc.boolean(), fc.stringMatching(/^(0|[1-9][0-9]{0,40})$/), fc.option(fc.stringMatching(/^[0-9]{1,40}$/)),
    fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), fc.stringMatching(/^[0-9]{1,5}$/)))).map(
    ([neg, int, frac, exp]) => (neg ? "-" : "") + int + (frac === null ? "" : "." + frac) + (exp === null ? "" : exp.join(""))) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 9990, max: 10010 }), fc.constantFrom("10005", "100005", "9999", "10000", "20000", "99999"), fc.boolean()).map(
    ([zeros, e, int]) => (int ? "1" + "0".repeat(zeros) + "e-" + e : "0." + "0".repeat(zeros) + "1e" + e)) },
  { weight: 1, arbitrary: fc.tuple(fc.stringMatching(/^[1-9][0-9]{790,900}$/), fc.integer({ min: -1200, max: -400 })).map(([m, e]) => `${m}e${e}`) },
);

/** One number at the top, or several in an array (the first refused one is named). */
const numberDoc: fc.Arbitrary<Uint8Array> = fc.oneof(
  numberText.map((n) => bytes(n)),
  fc.tuple(numberText, ws).map(([n, w]) => bytes(w, n, w)),
  fc.array(numberText, { minLength: 1, maxLength: 6 }).map((ns) => bytes("[", ns.join(","), "]")),
  fc.array(numberText, { minLength: 1, maxLength: 3 }).map((ns) => bytes('{"b":', ns[0]!, ',"a":[', ns.slice(1).join(", "), "]}")),
);

// ---------------------------------------------------------------------------------------------
// Depth

/** Nesting of 1 to 10001 levels (arrays, objects, both) around a fine or refused value, with a
 * repeated key at some level. */
const deepDoc: fc.Arbitrary<Uint8Array> = fc.tuple(
  fc.oneof(fc.constantFrom(1, 2, 9998, 9999, 10000, 10001), fc.integer({ min: 1, max: 10001 })),
  fc.constantFrom("array", "object", "mixed"),
  fc.oneof(dupScalar, badString, surrogateString),
  fc.option(fc.nat()),
).map(([depth, kind, inner, dupAt]) => {
  const open: string[] = [];
  const close: string[] = [];
  const dup = dupAt === null ? -1 : dupAt % depth;
  for (let i = 0; i < depth; i++) {
    const arr = kind === "array" || (kind === "mixed" && i % 3 !== 0);
    open.push(arr ? "[" : '{"k":');
    close.push(arr ? "]" : i === dup ? ',"k":1}' : "}");
  }
  return bytes(open.join(""), inner, close.reverse().join(""));
});

// ---------------------------------------------------------------------------------------------
// Tests

test("json.jcs: invalid UTF-8 inserted at and written over every byte of documents agrees", async () => {
  const lines = utf8Sweep();
  assert.ok(lines.length > 3000, `${lines.length} lines`);
  for (let i = 0; i < lines.length; i += 1000) await sameAnswers(lines.slice(i, i + 1000));
  expectSeen("ok", "E_JSON_SYNTAX", "Invalid UTF-8 sequence", "Unexpected non-ASCII character");
});

test("json.jcs: strings with several bad UTF-8 sequences agree (2500 values)", async () => {
  const arb = fc.tuple(fc.array(badString, { minLength: 1, maxLength: 3 }), form).map(([ss, f]) =>
    jcsLine(ss.length === 1 ? ss[0]! : bytes("[", ...ss.flatMap((s, i) => [i ? "," : "", s]), "]"), f));
  await fc.assert(fc.asyncProperty(batchOf(arb), sameAnswers), runs(2500));
  expectSeen("ok", "Invalid UTF-8 sequence");
});

test("json.jcs: lone and mismatched surrogate escapes in every context agree (5000 values)", async () => {
  await fc.assert(fc.asyncProperty(batchOf(fc.tuple(surrogateDoc, form).map(([d, f]) => jcsLine(d, f))), sameAnswers), runs(5000));
  expectSeen("ok", "Invalid high surrogate", "Missing surrogate", "Invalid low surrogate", "Unexpected EOF reached", "Unexpected non-ASCII character", "Invalid UTF-8 sequence");
});

test("json.jcs: repeated keys at every depth, long and unprintable keys, and error order agree (5000 values)", async () => {
  await fc.assert(fc.asyncProperty(batchOf(fc.tuple(dupDoc, form).map(([d, f]) => jcsLine(d, f))), sameAnswers), runs(5000));
  expectSeen("ok", "Duplicate key", "Duplicate key (truncated)", "Number out of range", "Number out of range (truncated)", "Invalid high surrogate", "Missing surrogate", "Invalid low surrogate", "Invalid UTF-8 sequence");
});

test("json.jcs: numbers of every size and spelling agree (10000 values)", async () => {
  await fc.assert(fc.asyncProperty(batchOf(fc.tuple(numberDoc, form).map(([d, f]) => jcsLine(d, f))), sameAnswers), runs(10000));
  expectSeen("ok", "Number out of range", "Number out of range (truncated)");
});

test("json.jcs: nesting up to 10001 levels agrees (250 values)", async () => {
  await fc.assert(fc.asyncProperty(fc.array(fc.tuple(deepDoc, form).map(([d, f]) => jcsLine(d, f)), { minLength: 50, maxLength: 50 })
    .map((lines) => new Batch(lines)), sameAnswers), { ...runs(250), numRuns: 5 });
  expectSeen("ok", "E_JSON_DEPTH", "Duplicate key", "Invalid UTF-8 sequence", "Invalid high surrogate");
});

test("json.jcs: random documents, clean and not, narrow and wide, agree (5000 values)", async () => {
  const arb = fc.tuple(fc.oneof({ weight: 5, arbitrary: jsonDocOf(true) }, { weight: 5, arbitrary: jsonDocOf(false) }, { weight: 1, arbitrary: wideDocOf(true) }), form).map(([d, f]) => jcsLine(d, f));
  await fc.assert(fc.asyncProperty(batchOf(arb), sameAnswers), runs(5000));
  expectSeen("ok", "Duplicate key", "Number out of range", "Invalid UTF-8 sequence", "Invalid high surrogate", "Missing surrogate", "Invalid low surrogate");
});
