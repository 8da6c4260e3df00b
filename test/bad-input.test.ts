// Bad input never crashes the host or poisons the engine: each case gets Go's answer or a typed
// error, and the next call works.

import { test } from "node:test";
import assert from "node:assert/strict";
import { kinplace } from "./support/engine.ts";
import { nested } from "./support/arbitraries.ts";

const { goJSONText, jcsText, evaluate, setLimits, KinplaceError } = kinplace;

function errorOf(fn: () => unknown): InstanceType<typeof KinplaceError> {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof KinplaceError, `not a KinplaceError: ${e}`);
    return e;
  }
  assert.fail("expected an error");
}

/** After every bad input, a good call still answers correctly. */
function stillWorks() {
  assert.equal(goJSONText('{"b":[1,2],"a":"<"}'), '{"a":"\\u003c","b":[1,2]}');
}

const syntaxCases: [string, string, number][] = [
  ["", "unexpected end of JSON input", 0],
  ["   ", "unexpected end of JSON input", 3],
  ["{", "unexpected end of JSON input", 1],
  ['{"a":1', "unexpected end of JSON input", 6],
  ['{"a" 1}', "invalid character '1' after object key", 6],
  ['{"a":1 "b":2}', "invalid character '\"' after object key:value pair", 8],
  ["[1 2]", "invalid character '2' after array element", 4],
  ["[1,]", "invalid character ']' looking for beginning of value", 4],
  ["{,}", "invalid character ',' looking for beginning of object key string", 2],
  ["01", "invalid character '1' after top-level value", 2],
  ["1.", "invalid character ' ' after decimal point in numeric literal", 2],
  ["1.e5", "invalid character 'e' after decimal point in numeric literal", 3],
  ["-", "invalid character ' ' in numeric literal", 1],
  ["-x", "invalid character 'x' in numeric literal", 2],
  ["1e", "invalid character ' ' in exponent of numeric literal", 2],
  ["1e+", "invalid character ' ' in exponent of numeric literal", 3],
  ["tru", "invalid character ' ' in literal true (expecting 'e')", 3],
  ["nul1", "invalid character '1' in literal null (expecting 'l')", 4],
  ["fals", "invalid character ' ' in literal false (expecting 'e')", 4],
  ['"abc', "unexpected end of JSON input", 4],
  ['"\\x"', "invalid character 'x' in string escape code", 3],
  ['"\\u12g4"', "invalid character 'g' in \\u hexadecimal character escape", 6],
  ['"a\u0001"', "invalid character '\\x01' in string literal", 3],
  ['"a\n"', "invalid character '\\n' in string literal", 3],
  ["'a'", "invalid character '\\'' looking for beginning of value", 1],
  ["\u00ff", "invalid character 'Ã' looking for beginning of value", 1],
  ["\ufeff{}", "invalid character 'ï' looking for beginning of value", 1],
  ["{} {}", "invalid character '{' after top-level value", 4],
  ["\u0000", "invalid character '\\x00' looking for beginning of value", 1],
  ['"\u0000"', "invalid character '\\x00' in string literal", 2],
];

test("malformed and truncated JSON gets Go's syntax error text and offset (Go 1.13-1.26 scanner)", () => {
  for (const [text, message, offset] of syntaxCases) {
    const e = errorOf(() => goJSONText(text, { go: "1.26" }));
    assert.equal(e.code, "E_JSON_SYNTAX", text);
    assert.equal(e.message, message, JSON.stringify(text));
    assert.equal(e.offset, offset, JSON.stringify(text));
    stillWorks();
  }
});

// Go 1.27 decodes with the json/v2 engine: other texts, and other offsets (after the whole bad
// character; at the start of a cut-short number; at the backslash of a cut-short escape).
const syntaxCases127: [string, string, number][] = [
  ["", "unexpected end of JSON input", 0],
  ["   ", "unexpected end of JSON input", 3],
  ['{"a":1', "unexpected end of JSON input", 6],
  ['{"a" 1}', "invalid character '1' after object key", 6],
  ['{"a":1 "b":2}', "invalid character '\"' after object key:value pair", 8],
  ["[1 2]", "invalid character '2' after array element", 4],
  ["[1,]", "invalid character ']' looking for beginning of value", 4],
  ["{,}", "invalid character ',' looking for beginning of object key string", 2],
  ["01", "invalid character '1' after top-level value", 2],
  ["1.", "unexpected end of JSON input", 0],
  ["[1.", "unexpected end of JSON input", 1],
  ["1.e5", "invalid character 'e' in numeric literal", 3],
  ["-", "unexpected end of JSON input", 0],
  ["-x", "invalid character 'x' in numeric literal", 2],
  ["[-\u00e9]", "invalid character '\u00e9' in numeric literal", 4],
  ["1e+", "unexpected end of JSON input", 0],
  ["tru", "unexpected end of JSON input", 3],
  ["nul1", "invalid character '1' in literal null (expecting 'l')", 4],
  ['"abc', "unexpected end of JSON input", 4],
  ['"ab\\', "unexpected end of JSON input", 3],
  ['"\\u12', "unexpected end of JSON input", 1],
  ['"\\x"', "invalid escape sequence `\\x` in string", 3],
  ['"\\u12g4"', "invalid escape sequence `\\u12g4` in string", 7],
  ['["\\u12",1]', 'invalid escape sequence `\\u12",` in string', 8],
  ['"\\u 123"', 'invalid escape sequence "\\\\u 123" in string', 7],
  ['"\\\u00e9"', 'invalid escape sequence "\\\\\\xc3" in string', 3],
  ['"a\u0001"', "invalid character '\\x01' in string", 3],
  ['"a\n"', "invalid character '\\n' in string", 3],
  ["'a'", "invalid character '\\'' looking for beginning of value", 1],
  ["\u00ff", "invalid character '\u00ff' looking for beginning of value", 2],
  ["\ufeff{}", "invalid character '\\ufeff' looking for beginning of value", 3],
  ["\u2028", "invalid character '\\u2028' looking for beginning of value", 3],
  ["\u{1d11e}", "invalid character '\u{1d11e}' looking for beginning of value", 4],
  // U+088F is printable from Unicode 17 on (Go 1.27); Go 1.26's tables would quote it as '\u088f'
  ["\u088f", "invalid character '\u088f' looking for beginning of value", 3],
  ['"\\u\u{e0001}x"', 'invalid escape sequence "\\\\u\\U000e0001" in string', 7],
  ["{} {}", "invalid character '{' after top-level value", 4],
  ["\u0000", "invalid character '\\x00' looking for beginning of value", 1],
];

test("malformed and truncated JSON gets Go 1.27's (json/v2) syntax error text and offset, the default", () => {
  for (const [text, message, offset] of syntaxCases127) {
    for (const e of [errorOf(() => goJSONText(text)), errorOf(() => goJSONText(text, { go: "1.27" })), errorOf(() => jcsText(text))]) {
      assert.equal(e.code, "E_JSON_SYNTAX", text);
      assert.equal(e.message, message, JSON.stringify(text));
      assert.equal(e.offset, offset, JSON.stringify(text));
    }
    stillWorks();
  }
  // an invalid byte is quoted as '\xNN', not as a Latin-1 character
  const e = errorOf(() => goJSONText(new Uint8Array([0x5b, 0xff, 0x5d])));
  assert.deepEqual([e.message, e.offset], ["invalid character '\\xff' looking for beginning of value", 2]);
  const v1 = errorOf(() => goJSONText(new Uint8Array([0x5b, 0xff, 0x5d]), { go: "1.26" }));
  assert.deepEqual([v1.message, v1.offset], ["invalid character '\u00ff' looking for beginning of value", 2]);
  stillWorks();
});

test("the eval protocol answers a bad line with an error and the next line works", () => {
  const a = evaluate("not json");
  assert.equal(a.ok, false);
  assert.equal(!a.ok && a.error.code, "E_JSON_SYNTAX");
  const b = evaluate({ op: "json.go", value: [1] });
  assert.deepEqual(b, { ok: true, result: { json: "[1]" } });
  const c = evaluate({ op: "nope" });
  assert.equal(!c.ok && c.error.code, "E_UNKNOWN_OP");
  const d = evaluate({ op: "json.go" });
  assert.deepEqual(!d.ok && d.error, { code: "E_BAD_REQUEST", message: 'field "value" (or "valueText") is required', path: "value" });
  const e = evaluate({ op: "json.go", value: 1, go: "1.99" });
  assert.equal(!e.ok && e.error.code, "E_UNSUPPORTED_VERSION");
  const f = evaluate([1, 2] as never);
  assert.equal(!f.ok && f.error.code, "E_BAD_REQUEST");
});

test("100,000 levels of nesting: Go's depth error, no stack overflow, and deep values work when allowed", () => {
  for (const kind of ["array", "object"] as const) {
    const e = errorOf(() => goJSONText(nested(100_000, kind), { go: "1.26" }));
    assert.equal(e.code, "E_JSON_DEPTH");
    assert.equal(e.message, `invalid character '${kind === "array" ? "[" : "{"}' exceeded max depth`);
    assert.equal(e.offset, kind === "array" ? 10_001 : 10_000 * 5 + 1);
    // Go 1.27 (the default): json/v2's text, same offset
    const e27 = errorOf(() => goJSONText(nested(100_000, kind)));
    assert.deepEqual([e27.code, e27.message, e27.offset], ["E_JSON_DEPTH", "exceeded max depth", kind === "array" ? 10_001 : 10_000 * 5 + 1]);
    stillWorks();
  }
  assert.equal(goJSONText(nested(10_000, "object")), nested(10_000, "object"));
  assert.equal(errorOf(() => goJSONText(nested(10_001, "object"))).message, "exceeded max depth");
  assert.equal(goJSONText(nested(10_000)), nested(10_000));
  setLimits({ maxDepth: 200_000 });
  try {
    // Go 1.13 and 1.14 have no nesting limit: the engine's own maxDepth is the only one
    assert.equal(goJSONText(nested(100_000), { go: "1.14" }), nested(100_000));
    assert.equal(goJSONText(nested(100_000, "object"), { go: "1.14" }), nested(100_000, "object"));
    // RFC 8785 input is first checked by Go 1.27's decoder (10000 levels)
    const e = errorOf(() => jcsText(nested(100_000, "object")));
    assert.deepEqual([e.code, e.message, e.offset], ["E_JSON_DEPTH", "exceeded max depth", 10_000 * 5 + 1]);
  } finally {
    setLimits({ maxDepth: 10_000 });
  }
  stillWorks();
});

test("a 64 MB document gets Go's answer, and a lower maxBytes refuses it with a typed error", () => {
  const item = '{"name":"c","image":"registry.example/app:v1","env":[{"name":"K","value":"v<&>"}]},';
  const count = Math.ceil((64 << 20) / item.length);
  const text = "[" + item.repeat(count).slice(0, -1) + "]";
  assert.ok(text.length >= 64 << 20);
  const out = goJSONText(text);
  const one = '{"env":[{"name":"K","value":"v\\u003c\\u0026\\u003e"}],"image":"registry.example/app:v1","name":"c"}';
  assert.equal(out.length, 2 + count * (one.length + 1) - 1);
  assert.ok(out.startsWith("[" + one + "," + one));
  setLimits({ maxBytes: 16 << 20 });
  try {
    const e = errorOf(() => goJSONText(text));
    assert.equal(e.code, "E_TOO_LARGE");
  } finally {
    setLimits({ maxBytes: 128 << 20 });
  }
  stillWorks();
});

test("invalid UTF-8 and NUL bytes: U+FFFD where Go decodes, errors where Go's scanner refuses", () => {
  const u8 = (...b: number[]) => new Uint8Array(b);
  assert.equal(goJSONText(u8(0x22, 0xc0, 0x80, 0x22)), '"\ufffd\ufffd"');
  assert.equal(goJSONText(u8(0x22, 0xf4, 0x90, 0x80, 0x80, 0x22)), '"\ufffd\ufffd\ufffd\ufffd"');
  assert.equal(goJSONText(u8(0x7b, 0x22, 0xfe, 0x22, 0x3a, 0x31, 0x7d)), '{"\ufffd":1}');
  assert.equal(goJSONText('"\\u0000"'), '"\\u0000"');
  const e = errorOf(() => jcsText(u8(0x22, 0xff, 0x22)));
  assert.equal(e.code, "E_JCS");
  stillWorks();
});

test("numbers beyond float64: Go's UnmarshalTypeError; beyond 2^53: rounded as Go rounds", () => {
  const e = errorOf(() => goJSONText("1e999999"));
  assert.equal(e.code, "E_JSON_TYPE");
  assert.equal(e.message, "json: cannot unmarshal number 1e999999 into Go value of type float64");
  assert.equal(e.offset, 8); // Go 1.27: where the number ends
  assert.equal(errorOf(() => goJSONText("1e999999", { go: "1.26" })).offset, 9); // Go 1.13-1.26: one byte further
  // Go 1.27 names the JSON path ("/" → ".", RFC 6901 escapes), without "Go struct field " when the
  // last step is all digits; Go 1.26 never does
  const typeCases: [string, string, number][] = [
    ['{"a":[1,{"b/c~":1e400}]}', "into Go struct field .a.1.b~1c~0 of type float64", 21],
    ["[1,2e400,3e400]", "into .1 of type float64", 8],
    ['{"":1e400}', "into Go value of type float64", 9],
    ['{"a":{"":1e400}}', "into Go struct field .a. of type float64", 14],
    ['{"x":{"a.5":1e400}}', "into .x.a.5 of type float64", 17],
    ['{"b":1e400,"a":2e400}', "into Go struct field .b of type float64", 10],
    ['{"\\u00e9\\ud800":[0,-1e999999]}', "into .\u00e9\ufffd.1 of type float64", 28],
  ];
  for (const [text, tail, offset] of typeCases) {
    const t = errorOf(() => goJSONText(text));
    assert.equal(t.code, "E_JSON_TYPE", text);
    assert.match(t.message, /^json: cannot unmarshal number \S+ /, text);
    assert.ok(t.message.endsWith(" " + tail), `${text}: ${t.message}`);
    assert.equal(t.offset, offset, text);
    assert.match(errorOf(() => goJSONText(text, { go: "1.26" })).message, / into Go value of type float64$/);
  }
  assert.equal(goJSONText("1e-999999"), "0");
  assert.equal(goJSONText("9007199254740993"), "9007199254740992");
  assert.equal(goJSONText("-1e400".replace("400", "3")), "-1000");
  stillWorks();
});

test("a trap drops the instance: the next call runs on a fresh one, with the limits set before", async () => {
  const { readFileSync } = await import("node:fs");
  const { engineFromBytesSync } = await import("../js/instantiate.ts");
  const engine = engineFromBytesSync(readFileSync(process.env.KINPLACE_WASM ?? new URL("../build/kinplace.wasm", import.meta.url)));
  engine.setLimits(5, 0);
  const deep = '{"op":"json.go","value":[[[[[[1]]]]]]}';
  const before = engine.evaluateText(deep);
  assert.match(before, /"code":"E_JSON_DEPTH"/);
  const caught = (fn: () => unknown): unknown => {
    try {
      fn();
    } catch (e) {
      return e;
    }
    return null;
  };
  // memory running out: an input larger than linear memory can ever hold makes the allocator abort
  let memory = engine.exports.memory;
  const oom = caught(() => engine.guard((x) => x.input(0x7fffffff)));
  assert.ok(oom instanceof KinplaceError, `not a KinplaceError: ${oom}`);
  assert.equal(oom.code, "E_TOO_LARGE");
  assert.match(oom.message, /more than the engine's 2 GiB of memory/);
  assert.equal(engine.restarts, 1);
  assert.notEqual(engine.exports.memory, memory, "the trapped instance is dropped");
  assert.equal(engine.evaluateText(deep), before, "the limits set before the trap hold on the fresh instance");
  // any other trap is a bug: E_INTERNAL, and the instance is replaced too
  memory = engine.exports.memory;
  const bug = caught(() => engine.guard(() => { throw new WebAssembly.RuntimeError("unreachable"); }));
  assert.ok(bug instanceof KinplaceError, `not a KinplaceError: ${bug}`);
  assert.equal(bug.code, "E_INTERNAL");
  assert.equal(engine.restarts, 2);
  assert.notEqual(engine.exports.memory, memory);
  assert.equal(engine.evaluateText(deep), before);
  assert.equal(engine.evaluateText('{"op":"json.go","value":[1]}'), '{"ok":true,"result":{"json":"[1]"}}');
});
