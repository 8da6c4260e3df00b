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

test("malformed and truncated JSON gets Go's syntax error text and offset", () => {
  for (const [text, message, offset] of syntaxCases) {
    const e = errorOf(() => goJSONText(text));
    assert.equal(e.code, "E_JSON_SYNTAX", text);
    assert.equal(e.message, message, JSON.stringify(text));
    assert.equal(e.offset, offset, JSON.stringify(text));
    stillWorks();
  }
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
    const e = errorOf(() => goJSONText(nested(100_000, kind)));
    assert.equal(e.code, "E_JSON_DEPTH");
    assert.equal(e.message, `invalid character '${kind === "array" ? "[" : "{"}' exceeded max depth`);
    assert.equal(e.offset, kind === "array" ? 10_001 : 10_000 * 5 + 1);
    stillWorks();
  }
  assert.equal(goJSONText(nested(10_000)), nested(10_000));
  setLimits({ maxDepth: 200_000 });
  try {
    assert.equal(goJSONText(nested(100_000)), nested(100_000));
    assert.equal(jcsText(nested(100_000, "object")), nested(100_000, "object"));
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
  assert.equal(goJSONText("1e-999999"), "0");
  assert.equal(goJSONText("9007199254740993"), "9007199254740992");
  assert.equal(goJSONText("-1e400".replace("400", "3")), "-1000");
  stillWorks();
});
