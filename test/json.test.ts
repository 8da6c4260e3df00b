// The JSON reader and the Go / RFC 8785 writers, checked against independent references:
// the `canonicalize` package (RFC 8785) and a model of Go's json.Marshal, on generated documents.
// Byte-exact agreement with the real Go code is checked by the oracle suite and the golden vectors.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import canonicalize from "canonicalize";
import { kinplace } from "./support/engine.ts";
import { goMarshal } from "./support/go-model.ts";
import { jsonText, numberText, trickyString, nested } from "./support/arbitraries.ts";
import { cases } from "./support/scale.ts";

const { goJSONText, jcsText, goJSON, jcs, KinplaceError } = kinplace;
const RUN = { numRuns: cases(3000), interruptAfterTimeLimit: 20_000, markInterruptAsFailure: true } as const;
const hasLoneSurrogate = (s: string) => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

function expectError(fn: () => unknown, code: string, message?: string | RegExp, offset?: number) {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof KinplaceError, `not a KinplaceError: ${e}`);
    assert.equal(e.code, code);
    if (typeof message === "string") assert.equal(e.message, message);
    else if (message) assert.match(e.message, message);
    if (offset !== undefined) assert.equal(e.offset, offset);
    return e;
  }
  assert.fail("expected an error");
}

test("the Go writer agrees with the model of json.Marshal on generated documents", () => {
  fc.assert(
    fc.property(jsonText, (text) => {
      const value = JSON.parse(text);
      let expected: string;
      try {
        if (hasOverflow(text)) throw new RangeError("overflow");
        expected = goMarshal(value);
      } catch {
        expectError(() => goJSONText(text, { go: "1.26" }), "E_JSON_TYPE", /^json: cannot unmarshal number .* into Go value of type float64$/);
        // Go 1.27 (the default) names the path of the number instead
        expectError(() => goJSONText(text), "E_JSON_TYPE", /^json: cannot unmarshal number \S+ into (Go value|(Go struct field )?\..*) of type float64$/s);
        return;
      }
      // keys that differ only by lone surrogates collide in Go; the oracle covers those, the model does not
      if (Object.keys(JSON.parse(text) ?? {}).some(hasLoneSurrogate)) return;
      assert.equal(goJSONText(text), expected);
      assert.equal(goJSONText(new TextEncoder().encode(text)), expected);
    }),
    RUN,
  );
});

test("Go releases before 1.22 write \\b and \\f as \\u0008 and \\u000c", () => {
  fc.assert(
    fc.property(trickyString, (s) => {
      const text = JSON.stringify({ s });
      assert.equal(goJSONText(text, { go: "1.21" }), goMarshal(JSON.parse(text), false));
      assert.equal(goJSONText(text, { go: "1.22" }), goMarshal(JSON.parse(text), true));
    }),
    RUN,
  );
  assert.equal(goJSONText('"\\b\\f"', { go: "1.21" }), '"\\u0008\\u000c"');
  assert.equal(goJSONText('"\\b\\f"', { go: "1.22" }), '"\\b\\f"');
});

test("RFC 8785 output equals the canonicalize package on generated documents", () => {
  fc.assert(
    fc.property(jsonText, (text) => {
      const value = JSON.parse(text);
      const refusal = jcsRefusal(text);
      if (refusal === null) {
        assert.equal(jcsText(text), canonicalize(value));
        return;
      }
      // Where github.com/gowebpki/jcs (what json.jcs and jcsText reproduce) parts from ECMAScript: it
      // refuses repeated keys (RFC 8785 wants I-JSON; JSON.parse keeps the last) and numbers beyond
      // float64 (JSON.parse gives Infinity), with the first refusal in its reading order: a number
      // where it stands, a repeated key once its whole object (values included) has been read.
      const e = expectError(() => jcsText(text), "E_JCS");
      if (typeof refusal === "string") assert.equal(e.message, refusal);
      else assert.match(e.message, refusal);
      assert.equal(e.offset, undefined);
    }),
    RUN,
  );
});

/** The library's forError for printable ASCII text: quoted, cut at 32 bytes. */
function forError(s: string): string {
  return s.length > 32 ? `"${s.slice(0, 32)}" (truncated from ${s.length} bytes)` : `"${s}"`;
}

/**
 * The first refusal of jcs.Transform for valid text without lone surrogates or bad bytes (the message,
 * or a pattern when the key would need Go's strconv.Quote escapes), or null when it accepts the text.
 * A model of its reading order: numbers beyond float64 where they stand; at each object's end the
 * smallest repeated key in UTF-16 order (JS string order is UTF-16 code unit order).
 */
function jcsRefusal(s: string): string | RegExp | null {
  let i = 0;
  const skipWs = () => { while (i < s.length && " \t\r\n".includes(s[i]!)) i++; };
  const str = () => {
    const start = i++;
    while (s[i] !== '"') i += s[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(s.slice(start, i)) as string;
  };
  const value = (): string | RegExp | null => {
    skipWs();
    const c = s[i];
    if (c === "{") {
      i++;
      const keys: string[] = [];
      skipWs();
      if (s[i] === "}") { i++; return null; }
      for (;;) {
        skipWs();
        keys.push(str());
        skipWs(); i++; // :
        const r = value();
        if (r !== null) return r;
        skipWs();
        if (s[i++] === "}") break;
      }
      const sorted = keys.sort();
      for (let k = 1; k < sorted.length; k++) {
        if (sorted[k] !== sorted[k - 1]) continue;
        const key = sorted[k]!;
        return /^[\x20-\x7e]*$/.test(key) && !/["\\]/.test(key) && Buffer.byteLength(key) <= 32 ? `Duplicate key: "${key}"` : /^Duplicate key: "/;
      }
      return null;
    }
    if (c === "[") {
      i++;
      skipWs();
      if (s[i] === "]") { i++; return null; }
      for (;;) {
        const r = value();
        if (r !== null) return r;
        skipWs();
        if (s[i++] === "]") return null;
      }
    }
    if (c === '"') { str(); return null; }
    const start = i;
    while (i < s.length && !",]} \t\r\n".includes(s[i]!)) i++;
    const token = s.slice(start, i);
    if (c !== "t" && c !== "f" && c !== "n" && !Number.isFinite(Number(token))) return `Number out of range: ${forError(token)}`;
    return null;
  };
  return value();
}

/** True when any number literal in the (valid) text, even one a later duplicate key hides, overflows float64. */
function hasOverflow(s: string): boolean {
  const numbers = s.replace(/"(?:[^"\\]|\\.)*"/g, "").match(/-?\d[\d.eE+-]*/g) ?? [];
  return numbers.some((n) => !Number.isFinite(Number(n)));
}

test("numbers of every spelling go through float64 exactly as Go's ParseFloat and FormatFloat do", () => {
  fc.assert(
    fc.property(numberText, (t) => {
      const v = Number(t);
      if (!Number.isFinite(v)) {
        expectError(() => goJSONText(t, { go: "1.26" }), "E_JSON_TYPE", `json: cannot unmarshal number ${t} into Go value of type float64`, t.length + 1);
        expectError(() => goJSONText(t), "E_JSON_TYPE", `json: cannot unmarshal number ${t} into Go value of type float64`, t.length);
        expectError(() => jcsText(t), "E_JCS", `Number out of range: ${forError(t)}`);
        return;
      }
      assert.equal(goJSONText(t), Object.is(v, -0) ? "-0" : String(v));
      assert.equal(jcsText(t), String(v));
    }),
    { ...RUN, numRuns: cases(20000) },
  );
});

test("RFC 8785 where github.com/gowebpki/jcs parts from ECMAScript: its own refusals and Go's ParseFloat", () => {
  // JSON.parse keeps lone surrogates (canonicalize would write them back escaped); the library wants
  // a high surrogate escape followed at once by `\u` and a low one, and reads those two bytes even past
  // the closing quote: at the end of the input that is "Unexpected EOF reached"
  expectError(() => jcsText('"\\udc00"'), "E_JCS", "Invalid high surrogate: \\udc00");
  expectError(() => jcsText('["\\uD800\\uD800"]'), "E_JCS", "Invalid low surrogate: \\ud800");
  expectError(() => jcsText('["\\ud800x"]'), "E_JCS", "Missing surrogate");
  expectError(() => jcsText('"\\ud800" '), "E_JCS", "Missing surrogate");
  expectError(() => jcsText('"\\ud800"'), "E_JCS", "Unexpected EOF reached");
  expectError(() => jcsText('"\\ud800\u00e9"'), "E_JCS", "Unexpected non-ASCII character");
  // invalid UTF-8 (which TextDecoder would replace) names the first bad byte
  expectError(() => jcsText(new Uint8Array([0x5b, 0x22, 0x61, 0xe2, 0x82, 0x22, 0x2c, 0x22, 0xff, 0x22, 0x5d])), "E_JCS", "Invalid UTF-8 sequence at byte 0xe2");
  // repeated keys, quoted with strconv.Quote and cut at 32 bytes; the first refusal met wins
  expectError(() => jcsText('{"b":1,"a":2,"b":3,"a":4}'), "E_JCS", 'Duplicate key: "a"');
  expectError(() => jcsText('{"\\u00e9":1,"\u00e9":2}'), "E_JCS", 'Duplicate key: "\u00e9"');
  expectError(() => jcsText(`{"${"\u00e9".repeat(17)}":1,"${"\u00e9".repeat(17)}":2}`), "E_JCS", `Duplicate key: "${"\u00e9".repeat(16)}" (truncated from 34 bytes)`);
  expectError(() => jcsText('{"\\u0001\\u00ad":1,"\\u0001\\u00ad":2}'), "E_JCS", 'Duplicate key: "\\x01\\u00ad"');
  expectError(() => jcsText('{"a":1,"a":[1e999]}'), "E_JCS", 'Number out of range: "1e999"');
  expectError(() => jcsText('[{"a":1,"a":2},1e999]'), "E_JCS", 'Duplicate key: "a"');
  expectError(() => jcsText(`-${"9".repeat(40)}e300`), "E_JCS", `Number out of range: "-${"9".repeat(31)}" (truncated from 45 bytes)`);
  // numbers go through Go 1.27's strconv.ParseFloat: its exponent stops growing at 10000, so a long
  // integer part makes up for more of a huge negative exponent than ECMAScript's exact reading
  const longInt = "1" + "0".repeat(10007) + "e-100005";
  assert.equal(Number(longInt), 0);
  assert.equal(jcsText(longInt), "10000000");
  // formatting is ECMAScript's Number::toString (-0 prints 0)
  assert.equal(jcsText("[-0, -0.0, 1e-7, 1e21, 123456789012345678901, 0.000001]"), "[0,0,1e-7,1e+21,123456789012345680000,0.000001]");
});

test("JS values go through JSON.stringify first", () => {
  assert.equal(goJSON({ b: [1, "<x>"], a: null }), '{"a":null,"b":[1,"\\u003cx\\u003e"]}');
  assert.equal(jcs({ b: 1e21, a: 0.1 }), '{"a":0.1,"b":1e+21}');
});

test("known Go answers: escapes, key order, duplicates, replacement of bad bytes", () => {
  assert.equal(goJSONText('{"b":1,"a":2,"b":3}'), '{"a":2,"b":3}');
  assert.equal(goJSONText('"\\ud800x\\udc00\\ud83d\\ude00"'), '"\ufffdx\ufffd\ud83d\ude00"');
  assert.equal(goJSONText('"\\u2028<&>"'), '"\\u2028\\u003c\\u0026\\u003e"');
  assert.equal(goJSONText('[1E400]'.replace("1E400", "1e2")), "[100]");
  assert.equal(goJSONText("[1e-7, 1e21, 123456789012345678, -0, 0.1]"), "[1e-7,1e+21,123456789012345680,-0,0.1]");
  // raw invalid UTF-8 becomes U+FFFD, byte by byte, as utf8.DecodeRune sees it
  const bytes = new Uint8Array([0x22, 0xff, 0x61, 0xed, 0xa0, 0x80, 0xe2, 0x82, 0x22]);
  assert.equal(goJSONText(bytes), '"\ufffda\ufffd\ufffd\ufffd\ufffd\ufffd"');
});
