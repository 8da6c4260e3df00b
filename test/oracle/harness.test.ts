// Checks the oracle harness itself, without the engine: known answers from Go's own test data and
// RFC 8785, the Go release classes, raw-byte handling of `...Text` fields, routing, id echo and the
// line rules. If these fail, the differential suite would be comparing against a broken reference.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { bytes, outerString, toBase64, valueRequest } from "./arbitraries.ts";
import { GO_CLASSES, GO_VERSIONS, TARGETS, goTargetName } from "./routes.ts";
import { buildAll, buildTarget, goAvailable, runOracle, stopOracle } from "./run.ts";

before(() => {
  assert.ok(goAvailable(), "the oracle suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

const ask = async (line: string | Uint8Array) => JSON.parse((await runOracle([line as Uint8Array]))[0]!);
const json = (doc: string | Uint8Array, go?: string, op: "json.go" | "json.jcs" = "json.go") =>
  ask(valueRequest(op, typeof doc === "string" ? bytes(doc) : doc, { asValue: false, escapeAll: false, go: go ? `,"go":"${go}"` : "", id: "" }));

/** FNV by its definition, in BigInt arithmetic (an independent reference for the harness's fnv). */
function fnvRef(variant: string, data: Uint8Array): string {
  const wide = variant.startsWith("fnv64");
  const mask = wide ? (1n << 64n) - 1n : (1n << 32n) - 1n;
  const prime = wide ? 0x100000001b3n : 0x01000193n;
  let h = wide ? 0xcbf29ce484222325n : 0x811c9dc5n;
  for (const b of data) {
    if (variant.endsWith("a")) h = ((h ^ BigInt(b)) * prime) & mask;
    else h = ((h * prime) & mask) ^ BigInt(b);
  }
  return h.toString(16);
}

test("fnv: the golden values of Go's hash/fnv tests", async () => {
  const cases: [string, string, string][] = [
    ["fnv32", "", "811c9dc5"], ["fnv32a", "", "811c9dc5"], ["fnv64", "", "cbf29ce484222325"], ["fnv64a", "", "cbf29ce484222325"],
    ["fnv32", "a", "50c5d7e"], ["fnv32a", "a", "e40c292c"], ["fnv64", "a", "af63bd4c8601b7be"], ["fnv64a", "a", "af63dc4c8601ec8c"],
    ["fnv32", "ab", "70772d38"], ["fnv32a", "ab", "4d2505ca"], ["fnv64", "ab", "8326707b4eb37b8"], ["fnv64a", "ab", "89c4407b545986a"],
    ["fnv32", "abc", "439c2f4b"], ["fnv32a", "abc", "1a47e90b"], ["fnv64", "abc", "d8dcca186bafadcb"], ["fnv64a", "abc", "e71fa2190541574b"],
  ];
  for (const [variant, text, hex] of cases) {
    const a = await ask(JSON.stringify({ op: "fnv", variant, text }));
    assert.equal(a.result.hex, hex, `${variant}(${text})`);
    if (!variant.startsWith("fnv64")) assert.equal(a.result.value, parseInt(hex, 16));
    else assert.equal("value" in a.result, false);
  }
});

test("fnv: random bytes and strings match the FNV definition", async () => {
  await fc.assert(fc.asyncProperty(fc.constantFrom("fnv32", "fnv32a", "fnv64", "fnv64a"), fc.uint8Array({ maxLength: 2048, size: "max" }),
    fc.string({ unit: "grapheme", maxLength: 100 }), async (variant, data, text) => {
      const [b, t] = await runOracle([`{"op":"fnv","variant":"${variant}","base64":"${toBase64(data)}"}`, JSON.stringify({ op: "fnv", variant, text })]);
      assert.equal(JSON.parse(b!).result.hex, fnvRef(variant, data));
      assert.equal(JSON.parse(t!).result.hex, fnvRef(variant, new TextEncoder().encode(text)));
    }), { numRuns: 300, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true });
});

test("json.go: Go 1.22 changed \\b and \\f; Go 1.15 added the depth limit; Go 1.27 runs on json/v2", async () => {
  for (const v of GO_VERSIONS) {
    const minor = Number(v.slice(2));
    const a = await json('"\\b\\f<\\u2028"', v);
    assert.equal(a.result.json, minor >= 22 ? '"\\b\\f\\u003c\\u2028"' : '"\\u0008\\u000c\\u003c\\u2028"', v);
    const deep = await json("[".repeat(10_001) + "]".repeat(10_001), v);
    if (minor < 15) assert.equal(deep.ok, true, v);
    else assert.deepEqual(deep.error, { code: "E_JSON_DEPTH", offset: 10_001,
      message: minor >= 27 ? "exceeded max depth" : "invalid character '[' exceeded max depth" }, v);
    const big = await json("[1e999999]", v);
    assert.deepEqual(big.error, { code: "E_JSON_TYPE", offset: minor >= 27 ? 9 : 10,
      message: `json: cannot unmarshal number 1e999999 into ${minor >= 27 ? ".0" : "Go value"} of type float64` }, v);
  }
  assert.deepEqual(await json('"\\b"'), await json('"\\b"', GO_VERSIONS.at(-1)), "no go field means the newest");
  assert.deepEqual((await json("1", "1.12")).error, { code: "E_UNSUPPORTED_VERSION", path: "go",
    message: `unsupported Go release "1.12" (supported: ${GO_VERSIONS[0]} to ${GO_VERSIONS.at(-1)})` });
});

test("json.go: numbers and strings as Go's decoder and encoder see them", async () => {
  const cases: [string, string][] = [
    ["[-0, 0.0, 1e21, 1e20, 1e-7, 0.000001, 9007199254740993, 1E400]", ""],
    ["[-0, 0.0, 1e21, 1e20, 1e-7, 0.000001, 9007199254740993, 1e-400]", "[-0,0,1e+21,100000000000000000000,1e-7,0.000001,9007199254740992,0]"],
    ['{"b":1,"a":2,"a":3,"\\u00e9":4,"\uff61":5,"\ud83d\ude00":6}', '{"a":3,"b":1,"é":4,"｡":5,"😀":6}'],
    ['"\\ud800\\udc00 \\ud800 \\udc00 \\ud800\\u0041"', '"𐀀 \ufffd \ufffd \ufffdA"'],
  ];
  for (const [doc, want] of cases) {
    const a = await json(doc);
    if (want) assert.equal(a.result.json, want, doc);
    else assert.equal(a.error.code, "E_JSON_TYPE", doc);
  }
});

test("valueText reaches Go as raw bytes, escapes of the outer string decoded", async () => {
  const doc = bytes('{"k', [0xff], '":"a', [0xc0, 0x80], '\\u00e9\u00e9\ud83d\ude00\\b"}');
  const raw = await json(doc);
  assert.equal(raw.result.json, '{"k\ufffd":"a\ufffd\ufffdéé😀\\b"}');
  const escaped = await ask(bytes('{"op":"json.go","valueText":', outerString(doc, true), "}"));
  assert.deepEqual(escaped, raw, "escaping every valid character of the outer string changes nothing");
  const jcs = await json(doc, undefined, "json.jcs");
  assert.deepEqual(jcs.error, { code: "E_JCS", message: "Invalid UTF-8 sequence at byte 0xff" });
  const asValue = await ask(bytes('{"op":"json.go","value":', doc, "}"));
  assert.deepEqual(asValue, raw, "value hands over the same raw bytes");
});

test("json.jcs: RFC 8785 through github.com/gowebpki/jcs, Go's scanner first", async () => {
  const rfc = '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}';
  assert.equal((await json(rfc, undefined, "json.jcs")).result.json,
    '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}');
  assert.equal((await json('{"\ud83d\ude00":1,"\uff61":2,"\u00e9":3,"<":-0,"b":"\\u2028<"}', undefined, "json.jcs")).result.json,
    '{"<":0,"b":"\u2028<","é":3,"😀":1,"｡":2}', "UTF-16 key order, no HTML escaping, -0 as 0");
  assert.equal((await json("[1e-400,-0,0.1,1e21,1e-7,123e-20,9007199254740993]", undefined, "json.jcs")).result.json,
    "[0,0,0.1,1e+21,1e-7,1.23e-18,9007199254740992]");
  const errors: [string, object][] = [
    ['{"a":1,"a":2}', { code: "E_JCS", message: 'Duplicate key: "a"' }],
    ['{"a":1,"\\u0061":2}', { code: "E_JCS", message: 'Duplicate key: "a"' }],
    ['{"b":{"b":1,"b":2},"a":1,"a":2}', { code: "E_JCS", message: 'Duplicate key: "b"' }],
    ['{"a\\u0001é\\u00ad\\u2028😀":1,"a\\u0001é\\u00ad\\u2028😀":2}', { code: "E_JCS", message: 'Duplicate key: "a\\x01é\\u00ad\\u2028😀"' }],
    ['{"0123456789012345678901234567890é":1,"0123456789012345678901234567890é":2}',
      { code: "E_JCS", message: 'Duplicate key: "0123456789012345678901234567890\\xc3" (truncated from 33 bytes)' }],
    ['["\\udc00"]', { code: "E_JCS", message: "Invalid high surrogate: \\udc00" }],
    ['["\\ud800"]', { code: "E_JCS", message: "Missing surrogate" }],
    ['"\\ud800"', { code: "E_JCS", message: "Unexpected EOF reached" }],
    ['["\\ud800\\u0041"]', { code: "E_JCS", message: "Invalid low surrogate: \\u0041" }],
    ['["\\ud800a\u00e9"]', { code: "E_JCS", message: "Unexpected non-ASCII character" }],
    ["[1e400]", { code: "E_JCS", message: 'Number out of range: "1e400"' }],
    ["[123456789012345678901234567890123456789e400]",
      { code: "E_JCS", message: 'Number out of range: "12345678901234567890123456789012" (truncated from 43 bytes)' }],
    ["[1,]", { code: "E_JSON_SYNTAX", message: "invalid character ']' looking for beginning of value", offset: 4 }],
    ["[".repeat(10_001), { code: "E_JSON_DEPTH", message: "exceeded max depth", offset: 10_001 }],
  ];
  for (const [doc, err] of errors) assert.deepEqual((await json(doc, undefined, "json.jcs")).error, err, doc);
});

test("requests: id echo, field checks and the line rules", async () => {
  const bad = (message: string, path?: string) => ({ ok: false, error: { code: "E_BAD_REQUEST", message, ...(path ? { path } : {}) } });
  const cases: [string | Uint8Array, object][] = [
    ['{"id":[1, {"a":"<"}],"op":"fnv","variant":"fnv32a","text":""}', { id: [1, { a: "<" }], ok: true, result: { hex: "811c9dc5", value: 2166136261 } }],
    ['{"id":1.50e3,"id":1e999,"op":"fnv","variant":"fnv32a","text":""}', { id: Infinity, ok: true, result: { hex: "811c9dc5", value: 2166136261 } }],
    [bytes('{"id":"', [0xff], '","op":"x"}'), { id: "\ufffd", ok: false, error: { code: "E_UNKNOWN_OP", message: 'unknown op "x"', path: "op" } }],
    ['{"id":"\\ud800","op":"x"}', { id: "\ud800", ok: false, error: { code: "E_UNKNOWN_OP", message: 'unknown op "x"', path: "op" } }],
    ["[]", bad("a request must be a JSON object")],
    ["{}", bad('field "op" is required', "op")],
    ['{"op":null}', bad('field "op" is required', "op")],
    ['{"op":1}', bad('field "op" must be a string', "op")],
    ['{"op":"json.go","value":1,"valueText":"1"}', bad('fields "value" and "valueText" are mutually exclusive', "value")],
    ['{"op":"json.go","valueText":null}', bad('field "value" (or "valueText") is required', "value")],
    ['{"op":"json.go","value":null,"valueText":null,"go":null,"x":2}', { ok: true, result: { json: "null" } }],
    ['{"op":"fnv","op":"json.go","value":1,"go":"1.22"}', { ok: true, result: { json: "1" } }],
    ['{"op":"fnv","variant":"fnv32","base64":"YR=="}', { ok: true, result: { hex: "50c5d7e", value: 0x50c5d7e } }],
    ['{"op":"fnv","variant":"fnv32","base64":"Y\\nQ\\r=\\n="}', { ok: true, result: { hex: "50c5d7e", value: 0x50c5d7e } }],
    ['{"op":"fnv","variant":"fnv32","base64":"YQ"}', bad("illegal base64 data at input byte 0", "base64")],
    ['{"op":"fnv","variant":"fnv32","base64":"YQ","text":"a"}', bad('fields "text" and "base64" are mutually exclusive', "text")],
    ['{"op":"fnv","variant":"fnv8","text":"a"}', bad('unknown variant "fnv8" (want fnv32, fnv32a, fnv64 or fnv64a)', "variant")],
    ['{"op":"fnv","variant":"fnv32"}', bad('field "text" (or "base64") is required', "text")],
    ['{"op":"json.go","value":1,"go":1.22}', bad('field "go" must be a string', "go")],
    ["nope", { ok: false, error: { code: "E_JSON_SYNTAX", message: "invalid character 'o' in literal null (expecting 'u')", offset: 2 } }],
  ];
  for (const [line, want] of cases) assert.deepEqual(await ask(line), want, String(line));
  const bin = buildTarget(TARGETS.find((t) => t.name === goTargetName(GO_CLASSES[1]!))!);
  const r = spawnSync(bin, ["-accept=13-27", "-serves=15-21"], { input: 'x\r\n\r\n \t\n"abc\r\n{"op":"json.go","value":1,"go":"1.22"}\n{"op":"json.jcs","value":1}' });
  assert.deepEqual(r.stdout.toString().trimEnd().split("\n").map((l) => JSON.parse(l)), [
    { ok: false, error: { code: "E_JSON_SYNTAX", message: "invalid character 'x' looking for beginning of value", offset: 1 } },
    { ok: false, error: { code: "E_JSON_SYNTAX", message: "unexpected end of JSON input", offset: 4 } },
    { ok: false, error: { code: "E_INTERNAL", message: "go 1.22 routed to the build for go 1.15-1.21 (go1.21.13)", path: "go" } },
    { ok: false, error: { code: "E_INTERNAL", message: "op routed to the build for go 1.15-1.21 (go1.21.13)" } },
  ], "CR dropped, blank lines skipped, misrouting caught");
});
