// fast-check arbitraries that build eval-protocol request lines as raw bytes, for the differential
// suite and the golden vectors: JSON texts with tricky strings (every escape, control characters,
// U+2028/2029, <>&, astral characters, lone surrogate escapes, invalid UTF-8, NUL), every number
// shape, deep and wide nesting, duplicate keys, broken variants of all of them, fnv inputs, and
// malformed requests.

import fc from "fast-check";
import { GO_ACCEPTED, GO_VERSIONS } from "./routes.ts";

const enc = new TextEncoder();

/** Concatenates byte chunks (strings are UTF-8 encoded). */
export function bytes(...parts: (Uint8Array | string | number[])[]): Uint8Array {
  const chunks = parts.map((p) => (typeof p === "string" ? enc.encode(p) : p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

const hex4 = (n: number, upper: boolean) => {
  const h = n.toString(16).padStart(4, "0");
  return upper ? h.toUpperCase() : h;
};

// ---------------------------------------------------------------------------------------------
// Strings

/** Raw characters that matter to Go's and RFC 8785's encoders (valid UTF-8, legal unescaped). */
const RAW_SPECIAL = ["<", ">", "&", "/", "\u007f", "\u0080", "\u00e9", "\u07ff", "\u0800", "\u2028", "\u2029", "\u20ac",
  "\ufeff", "\ufffd", "\uffff", "\uff61", "\ud83d\ude00", "\u{10ffff}", "\u{1f600}", "'", " ", "\u00a0", "\u0301"];

/** Invalid UTF-8 byte sequences (legal inside a JSON string for Go's scanner). */
const INVALID_UTF8: number[][] = [[0x80], [0xbf], [0xff], [0xfe], [0xc0, 0x80], [0xc1, 0xbf], [0xe0, 0x80, 0x80],
  [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80, 0x80, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xc3], [0xe2, 0x28, 0xa1], [0xf0, 0x28, 0x8c, 0xbc], [0xc3, 0x28]];

/** Escapes Go's decoder understands, including the ones that decode to control characters. */
const SIMPLE_ESCAPES = ['\\"', "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t"];

/** Surrogate escape sequences that are not a valid pair (Go decodes each bad one to U+FFFD). */
const LONE_SURROGATES = ["\\ud800", "\\udbff", "\\udc00", "\\udfff", "\\uD800\\uD800", "\\udc00\\ud800", "\\ud800x",
  "\\ud800\\n", "\\ud800\\u0041", "\\ud834", "\\uDFFF\\uDFFF", "\\ud800\\\\u"];

const upper = fc.boolean();

/** One piece of the content of a JSON string literal, as bytes that Go's scanner accepts;
 * `clean` leaves out what RFC 8785 refuses (lone surrogate escapes, invalid UTF-8). */
const stringPiece = (clean: boolean): fc.Arbitrary<Uint8Array> => fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "grapheme-ascii", maxLength: 8 }).map((s) => bytes(escapeContent(s))) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 4 }).map((s) => bytes(escapeContent(s))) },
  { weight: 3, arbitrary: fc.constantFrom(...RAW_SPECIAL).map((s) => bytes(s)) },
  { weight: 3, arbitrary: fc.constantFrom(...SIMPLE_ESCAPES).map((s) => bytes(s)) },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 0, max: 0x1f }), upper).map(([c, u]) => bytes("\\u" + hex4(c, u))) },
  { weight: 1, arbitrary: fc.constantFrom(0x7f, 0x2028, 0x2029, 0x3c, 0x3e, 0x26, 0xfffd, 0xfeff, 0x22, 0x5c, 0x2f).chain((c) => upper.map((u) => bytes("\\u" + hex4(c, u)))) },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 0, max: 0xffff }).filter((c) => c < 0xd800 || c > 0xdfff), upper).map(([c, u]) => bytes("\\u" + hex4(c, u))) },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 0x10000, max: 0x10ffff }), upper).map(([c, u]) => {
    const s = String.fromCodePoint(c);
    return bytes("\\u" + hex4(s.charCodeAt(0), u) + "\\u" + hex4(s.charCodeAt(1), u));
  }) },
  { weight: 1, arbitrary: fc.constant(bytes("\\u0000")) },
  ...(clean ? [] : [
    { weight: 2, arbitrary: fc.constantFrom(...LONE_SURROGATES).map((s) => bytes(s)) },
    { weight: 2, arbitrary: fc.constantFrom(...INVALID_UTF8).map((b) => bytes(b)) },
  ]),
);

/** Escapes `"`, `\` and control characters of a JS string for use inside a JSON string literal. */
function escapeContent(s: string): string {
  return s.replace(/["\\\u0000-\u001f]/g, (c) => (c === '"' ? '\\"' : c === "\\" ? "\\\\" : "\\u" + hex4(c.charCodeAt(0), false)));
}

/** A JSON string literal (quotes included) with tricky content, as bytes. */
const stringLiteralOf = (clean: boolean): fc.Arbitrary<Uint8Array> => fc
  .array(stringPiece(clean), { maxLength: 10 })
  .map((pieces) => bytes('"', ...pieces, '"'));

/** A JSON string literal (quotes included) with tricky content, invalid UTF-8 and lone surrogates included. */
export const stringLiteral = stringLiteralOf(false);

/** Object keys: a small pool that collides often (also after U+FFFD replacement) and sorts
 * differently in UTF-8 and UTF-16, plus arbitrary tricky keys. */
const KEY_POOL = ["a", "b", "A", "aa", "", "\\u0061", "é", "\\u00e9", "\uff61", "\ud83d\ude00", "\\ud800", "\\udc00", "\ufffd",
  "a\\u0000", "<", "\\u003c", "z", "\\b", "\u2028"];
const keyLiteral = (clean: boolean): fc.Arbitrary<Uint8Array> => clean ? stringLiteralOf(true) : fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...KEY_POOL).map((k) => bytes('"', k, '"')) },
  { weight: 2, arbitrary: stringLiteral },
);

// ---------------------------------------------------------------------------------------------
// Numbers

/** Spellings at the edges of float64 and of Go's and ECMAScript's formatting cutoffs. */
const NUMBER_SPECIAL = ["0", "-0", "0.0", "-0.0", "0e0", "0E+0", "-0e-0", "1", "-1", "1e21", "1e20", "999999999999999999999",
  "1e-6", "1e-7", "0.000001", "0.0000001", "123456789012345678901234567890", "9007199254740991", "9007199254740992",
  "9007199254740993", "-9007199254740993", "18446744073709551615", "18446744073709551616", "9223372036854775807",
  "1e999999", "-1e999999", "1e-999999", "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
  "-1.7976931348623157e+308", "2e308", "4.9e-324", "5e-324", "2e-324", "3e-324", "2.4703282292062327e-324",
  "2.2250738585072011e-308", "2.2250738585072014e-308", "1e400", "1E400", "1e-400", "0.1", "0.30000000000000004",
  "1.5e300", "100000000000000000000", "1e+21", "123e-20", "1.0e+2", "1.000000000000000000000000000001",
  "0.000001234", "1e-05", "12345678.9e-3", "333333333.33333329", "1E30", "4.50", "2e-3", "0.000000000000000000000000001",
  "5e-7", "1e+009", "1e007", "-0.0000001", "1e308", "1e309", "-1e-400", "0e999999", "0.0e-999999"];

/** A random well-formed JSON number literal. */
const numberLiteral: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NUMBER_SPECIAL) },
  { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? "-0" : String(d))) },
  { weight: 2, arbitrary: fc.tuple(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 1, max: 21 })).map(([d, p]) => d.toPrecision(p)) },
  { weight: 2, arbitrary: fc.bigInt({ min: -(1n << 80n), max: 1n << 80n }).map((b) => b.toString()) },
  { weight: 3, arbitrary: fc.tuple(fc.boolean(), fc.stringMatching(/^(0|[1-9][0-9]{0,25})$/), fc.option(fc.stringMatching(/^[0-9]{1,30}$/)),
    fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), fc.stringMatching(/^[0-9]{1,4}$/)))).map(
    ([neg, int, frac, exp]) => (neg ? "-" : "") + int + (frac === null ? "" : "." + frac) + (exp === null ? "" : exp.join(""))) },
);

// ---------------------------------------------------------------------------------------------
// Documents

/** Whitespace between tokens (a text holding \n goes into a request as valueText, never raw as value). */
const ws = fc.constantFrom("", "", "", "", " ", "\t", "\r", "\n", "  ", " \r\n\t");

/** Strings, numbers and literals; `clean` ones RFC 8785 accepts (no lone surrogates, invalid UTF-8,
 * numbers beyond float64). */
const scalar = (clean: boolean): fc.Arbitrary<Uint8Array> => fc.oneof(
  { weight: 3, arbitrary: stringLiteralOf(clean) },
  { weight: 3, arbitrary: (clean ? numberLiteral.filter((n) => Number.isFinite(Number(n))) : numberLiteral).map((n) => bytes(n)) },
  { weight: 1, arbitrary: fc.constantFrom("true", "false", "null").map((s) => bytes(s)) },
);

/** A random JSON document (valid for Go's scanner) with tricky strings and numbers, colliding keys
 * and random whitespace; `clean` ones avoid what RFC 8785 refuses (keys still may collide rarely). */
export const jsonDocOf = (clean: boolean): fc.Arbitrary<Uint8Array> => fc.letrec<{ value: Uint8Array; array: Uint8Array; object: Uint8Array }>((tie) => ({
  value: fc.oneof({ depthSize: "small", maxDepth: 6 }, scalar(clean), tie("array"), tie("object")),
  array: fc.array(fc.tuple(ws, tie("value"), ws), { maxLength: 6 }).map((items) =>
    bytes("[", ...items.flatMap(([a, v, b], i) => [i ? "," : "", a, v, b]), "]")),
  object: fc.array(fc.tuple(ws, keyLiteral(clean), ws, ws, tie("value"), ws), { maxLength: 6 }).map((members) =>
    bytes("{", ...members.flatMap(([a, k, b, c, v, d], i) => [i ? "," : "", a, k, b, ":", c, v, d]), "}")),
})).value.chain((v) => fc.tuple(ws, ws).map(([a, b]) => bytes(a, v, b)));

/** A random JSON document with everything tricky included. */
export const jsonDoc = jsonDocOf(false);

/** Wide containers: long arrays and objects with many (sometimes colliding) keys. */
export const wideDocOf = (clean: boolean): fc.Arbitrary<Uint8Array> => fc.oneof(
  fc.array(scalar(clean), { minLength: 100, maxLength: 1500 }).map((items) => bytes("[", ...items.flatMap((v, i) => [i ? "," : "", v]), "]")),
  fc.array(fc.tuple(keyLiteral(clean), scalar(clean)), { minLength: 50, maxLength: 600 }).map((members) =>
    bytes("{", ...members.flatMap(([k, v], i) => [i ? "," : "", k, ":", v]), "}")),
);

/** Deep nesting around Go's limit of 10000 levels (arrays, objects or both), sometimes cut short. */
export const deepDoc: fc.Arbitrary<Uint8Array> = fc.tuple(
  fc.oneof(fc.constantFrom(1, 2, 100, 9998, 9999, 10000, 10001, 10002, 12000), fc.integer({ min: 1, max: 10500 })),
  fc.constantFrom("array", "object", "mixed"),
  scalar(false),
  fc.boolean(),
  fc.nat(),
).map(([depth, kind, inner, truncate, cut]) => {
  const open: string[] = [];
  const close: string[] = [];
  for (let i = 0; i < depth; i++) {
    const arr = kind === "array" || (kind === "mixed" && i % 3 !== 0);
    open.push(arr ? "[" : '{"k":');
    close.push(arr ? "]" : "}");
  }
  const text = bytes(open.join(""), inner, close.reverse().join(""));
  return truncate ? text.subarray(0, cut % (text.length + 1)) : text;
});

/** A document of any of the shapes above (mostly valid; deep ones may be cut short). */
export const anyDocOf = (clean: boolean): fc.Arbitrary<Uint8Array> => fc.oneof(
  { weight: 12, arbitrary: jsonDocOf(clean) },
  { weight: 1, arbitrary: wideDocOf(clean) },
  { weight: 1, arbitrary: deepDoc },
);

/** Hand-picked malformed texts (every kind of Go syntax error). */
const BROKEN = ["", " ", "\t\r\n", "nul", "tru", "True", "nulll", "falsey", "01", "-", "-a", "1.", "1.e5", ".5", "+1", "1e", "1e+",
  "0x10", "Infinity", "NaN", "[1,]", "[,1]", "{,}", '{"a"}', '{"a":}', '{"a" 1}', '{"a":1,}', '{1:2}', "[1 2]", "1 2", '"abc',
  '"\\x"', '"\\u12g4"', '"\\u12"', '"\t"', '"\u0000"', "[", "{", "]", "}", '{"a":1]', "[1}", "\ufeff1", "/", "//c\n1", "'a'",
  '"a"b', "[1]x", "nan", "-0.", "00", "-01", "1e1.5", "\u00a01", "[\u2028]", '"\\', '"\\u', "[\"\x7f\"", "{\"a\":1 \"b\":2}"];

/** Malformed JSON: hand-picked cases and random mutations (truncation, inserted, replaced or
 * appended bytes, raw control characters) of valid documents. */
export const brokenDoc: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...BROKEN).map((s) => bytes(s)) },
  { weight: 4, arbitrary: fc.tuple(jsonDoc, fc.nat(), fc.constantFrom("cut", "insert", "replace", "append"),
    fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x00, 0x0a, 0x22, 0x5c, 0x2c, 0x3a, 0x5d, 0x7d, 0x7b, 0x5b, 0x20, 0x30, 0x65, 0x2d, 0x2e))).map(
    ([doc, at, kind, b]) => {
      const i = at % (doc.length + 1);
      if (kind === "cut") return doc.subarray(0, i);
      if (kind === "insert") return bytes(doc.subarray(0, i), [b], doc.subarray(i));
      if (kind === "replace") return bytes(doc.subarray(0, i), [b], doc.subarray(i + 1));
      return bytes(doc, [b]);
    }) },
);

// ---------------------------------------------------------------------------------------------
// Request lines

/** Writes bytes as the content of a JSON string inside a request line: `"` `\` and control bytes
 * escaped; with `escapeAll`, every valid non-ASCII character and some ASCII letters as \u escapes
 * too (surrogate pairs for astral characters); invalid UTF-8 bytes always stay raw. */
export function outerString(content: Uint8Array, escapeAll = false): Uint8Array {
  const out: number[] = [0x22];
  const push = (s: string) => { for (let k = 0; k < s.length; k++) out.push(s.charCodeAt(k)); };
  for (let i = 0; i < content.length;) {
    const c = content[i]!;
    if (c === 0x22) { push('\\"'); i++; continue; }
    if (c === 0x5c) { push("\\\\"); i++; continue; }
    if (c < 0x20) {
      const short: Record<number, string> = { 8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r" };
      push(escapeAll || !short[c] ? "\\u" + hex4(c, false) : short[c]!);
      i++;
      continue;
    }
    if (c < 0x80) {
      if (escapeAll && (c & 3) === 1) push("\\u" + hex4(c, (c & 4) === 4));
      else out.push(c);
      i++;
      continue;
    }
    const n = utf8SeqLen(content, i);
    if (n > 0 && escapeAll) {
      const cp = String.fromCodePoint(decodeSeq(content, i, n));
      for (let k = 0; k < cp.length; k++) push("\\u" + hex4(cp.charCodeAt(k), (k & 1) === 1));
    } else {
      for (let k = 0; k < Math.max(n, 1); k++) out.push(content[i + k]!);
    }
    i += Math.max(n, 1);
  }
  out.push(0x22);
  return Uint8Array.from(out);
}

/** Length of the valid UTF-8 sequence at i (0 when the byte there starts no valid sequence). */
function utf8SeqLen(b: Uint8Array, i: number): number {
  const c = b[i]!;
  const cont = (k: number) => i + k < b.length && (b[i + k]! & 0xc0) === 0x80;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    if (!cont(1) || !cont(2)) return 0;
    const c1 = b[i + 1]!;
    if ((c === 0xe0 && c1 < 0xa0) || (c === 0xed && c1 > 0x9f)) return 0;
    return 3;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0;
    const c1 = b[i + 1]!;
    if ((c === 0xf0 && c1 < 0x90) || (c === 0xf4 && c1 > 0x8f)) return 0;
    return 4;
  }
  return 0;
}

/** The code point of the valid n-byte UTF-8 sequence at i. */
function decodeSeq(b: Uint8Array, i: number, n: number): number {
  if (n === 2) return ((b[i]! & 0x1f) << 6) | (b[i + 1]! & 0x3f);
  if (n === 3) return ((b[i]! & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f);
  return ((b[i]! & 0x07) << 18) | ((b[i + 1]! & 0x3f) << 12) | ((b[i + 2]! & 0x3f) << 6) | (b[i + 3]! & 0x3f);
}

/** `go` values the protocol refuses (or that are not strings). */
const BAD_GO = [`"1.${GO_ACCEPTED.min - 1}"`, `"1.${GO_ACCEPTED.max + 1}"`, '"1.12"', '"2.0"', '"1.021"', '"1.22.1"', '""', "122", "null",
  '"go1.22"', '"1.2"', '" 1.22"'];

/** A `go` field (with its leading comma, or empty): a release among `minors`, absent when
 * `absent` (meaning the newest), or (rarely, with `bad`) a value the protocol refuses. */
export function goField(minors: readonly number[], opts: { absent: boolean; bad: boolean }): fc.Arbitrary<string> {
  const arbs: fc.WeightedArbitrary<string>[] = [{ weight: 12, arbitrary: fc.constantFrom(...minors).map((m) => `,"go":"1.${m}"`) }];
  if (opts.absent) arbs.push({ weight: 3, arbitrary: fc.constant("") });
  if (opts.bad) arbs.push({ weight: 1, arbitrary: fc.constantFrom(...BAD_GO).map((v) => `,"go":${v}`) });
  return fc.oneof(...arbs);
}

/** Any accepted release, absent, or refused. */
const anyGoField = goField(GO_VERSIONS.map((v) => Number(v.slice(2))), { absent: true, bad: true });

/** An `id` field: absent or any JSON value (echoed as written). */
const idField: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant("") },
  { weight: 2, arbitrary: fc.nat().map((n) => `"id":${n},`) },
  { weight: 1, arbitrary: fc.constantFrom('"id":"x-1",', '"id":null,', '"id":[1, {"a":"<"}],', '"id":1.50e3,', '"id":"\\u00e9\\n",') },
);

/** A json.go or json.jcs request carrying `doc` as valueText (raw bytes) or, when the text can sit raw
 * in a line, as value. */
export function valueRequest(op: "json.go" | "json.jcs", doc: Uint8Array, opts: { asValue: boolean; escapeAll: boolean; go: string; id: string }): Uint8Array {
  const raw = opts.asValue && !doc.includes(0x0a) && doc.length > 0;
  const field = raw ? bytes('"value":', doc) : bytes('"valueText":', outerString(doc, opts.escapeAll));
  return bytes(`{${opts.id}"op":"${op}",`, field, op === "json.go" ? opts.go : "", "}");
}

/** Request lines for json.go and json.jcs over valid, wide, deep and broken documents; json.go
 * requests carry a `go` field drawn from `go` (default: any release, absent or refused). json.jcs
 * requests draw half their documents from the clean ones, so canonical output is common too. */
export const jsonRequest = (op: "json.go" | "json.jcs", go: fc.Arbitrary<string> = anyGoField): fc.Arbitrary<Uint8Array> =>
  fc.tuple(fc.oneof({ weight: 5, arbitrary: anyDocOf(false) }, ...(op === "json.jcs" ? [{ weight: 5, arbitrary: anyDocOf(true) }] : []),
    { weight: 1, arbitrary: brokenDoc }), fc.boolean(), fc.nat(9), go, idField).map(
    ([doc, asValue, e, go, id]) => valueRequest(op, doc, { asValue, escapeAll: e === 0, go, id }));

/** Standard base64 with padding. */
export function toBase64(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.length).toString("base64");
}

/** fnv requests over random bytes (base64) and strings (UTF-8, with escapes and lone surrogates). */
export const fnvRequest: fc.Arbitrary<Uint8Array> = fc.tuple(
  fc.constantFrom("fnv32", "fnv32a", "fnv64", "fnv64a"),
  fc.oneof(
    fc.uint8Array({ maxLength: 4096, size: "max" }).map((b) => bytes(`"base64":"${toBase64(b)}"`)),
    fc.uint8Array({ maxLength: 64 }).map((b) => bytes(`"base64":"${toBase64(b)}"`)),
    fc.string({ unit: "binary", maxLength: 300 }).map((s) => bytes('"text":', jsString(s))),
    stringLiteral.map((s) => bytes('"text":', s)),
  ),
  idField,
).map(([variant, input, id]) => bytes(`{${id}"op":"fnv","variant":"${variant}",`, input, "}"));

/** A JS string as a JSON string literal: lone surrogates as \u escapes, other characters raw. */
function jsString(s: string): Uint8Array {
  const body = s.replace(/["\\\u0000-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => (c === '"' ? '\\"' : c === "\\" ? "\\\\" : "\\u" + hex4(c.charCodeAt(0), false)));
  return bytes('"', body, '"');
}

/** Malformed requests: every E_BAD_REQUEST / E_UNKNOWN_OP / E_UNSUPPORTED_VERSION path, lines that
 * are not JSON or not objects, and id echoes. */
export const BAD_REQUESTS: string[] = [
  "not json", "[]", "1", '"op"', "null", "{}", '{"id":3}', '{"op":1}', '{"op":null}', '{"op":"nope"}', '{"op":"JSON.GO"}', '{"op":""}',
  '{"op":"fnv"}', '{"op":"fnv","variant":"fnv16","text":"a"}', '{"op":"fnv","variant":7,"text":"a"}', '{"op":"fnv","variant":null,"text":"a"}',
  '{"op":"fnv","variant":"fnv32"}', '{"op":"fnv","variant":"fnv32","text":1}', '{"op":"fnv","variant":"fnv32","text":null}',
  '{"op":"fnv","variant":"fnv32","base64":"YQ"}', '{"op":"fnv","variant":"fnv32","base64":"YR=="}', '{"op":"fnv","variant":"fnv32","base64":"Y Q=="}',
  '{"op":"fnv","variant":"fnv32","base64":"YQ==\\n"}', '{"op":"fnv","variant":"fnv32","base64":"\\r\\nY\\nQ=\\r="}', '{"op":"fnv","variant":"fnv32","base64":"===="}',
  '{"op":"fnv","variant":"fnv32","base64":"YQ=a"}', '{"op":"fnv","variant":"fnv32","base64":"YQ==YQ=="}', '{"op":"fnv","variant":"fnv32","base64":"YWJj="}',
  '{"op":"fnv","variant":"fnv32","base64":"Y"}', '{"op":"fnv","variant":"fnv32","base64":"YWJ"}', '{"op":"fnv","variant":"fnv32","base64":"YW=="}',
  '{"op":"fnv","variant":"fnv32","base64":"-_8="}', '{"op":"fnv","variant":"fnv32","base64":1}', '{"op":"fnv","variant":"fnv32","base64":""}',
  '{"op":"fnv","variant":"fnv32","text":""}', '{"op":"fnv","variant":"fnv32","text":"a","base64":"YQ=="}', '{"op":"fnv","variant":"fnv32","text":null,"base64":"YQ=="}',
  '{"op":"fnv","variant":"fnv32","text":1,"base64":null}', '{"op":"fnv","variant":"fnv32a","text":"a","extra":1}', '{"op":"fnv","variant":"fnv32a","text":"a","text":"b"}',
  '{"op":"json.go"}', '{"op":"json.go","valueText":1}', '{"op":"json.go","valueText":null}', '{"op":"json.go","value":null}',
  '{"op":"json.go","value":1,"valueText":"1"}', '{"op":"json.go","value":1,"valueText":null}', '{"op":"json.go","value":1,"go":"1.30"}',
  '{"op":"json.go","value":1,"go":1.22}', '{"op":"json.go","value":1,"go":null}', '{"op":"json.go","value":{"a":1},"go":"1.21"}', '{"op":"json.go","go":"1.0"}',
  '{"op":"json.go","valueText":"[1,","go":"1.12"}', '{"op":"json.jcs","value":1,"go":"1.22"}', '{"op":"json.jcs"}', '{"op":"json.jcs","valueText":null}',
  '{"id":"\\ud800","op":"fnv","variant":"fnv32","text":"\\ud800"}', '{"op":"json.go","valueText":"1","id":{"deep":[1,2,{"x":"\\u2028"}]}}',
  '{"id":1e999,"op":"fnv","variant":"fnv64","text":"x"}', '{"id":[1e999,"\\b"],"op":"fnv","variant":"fnv64","text":"x"}', '{"id":1,"id":2,"op":"nope"}',
  '{"id":"x","op":1}', '{"id":"x"} trailing', '{"op":"json.go","value":1} trailing', '{"op":"json.go","value":1}\r', '{"op":"json.go","value":1',
  '\t{ "op" : "json.go" , "value" : [ 1 , 2 ] }', '{"op":"json.go","value":1,"Value":2}', '{"op":"json.go","value":1,"value":2}',
  '{"o\\u0070":"fnv","variant":"fnv32","text":"x"}', '{"op":"fnv","variant":"fnv32","base64":"//79/A=="}',
  '{"op":"json.go","valueText":"\\"\\ud83d\\ude00\\u2028<>&\\b\\f\\u0000\\u007f\\""}', '{"op":"json.go","value":1,"limits":{"maxDepth":5}}',
];
