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

const { goJSONText, jcsText, goJSON, jcs, KinplaceError } = kinplace;
const RUN = { numRuns: 3000, interruptAfterTimeLimit: 20_000, markInterruptAsFailure: true } as const;
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
      if (hasOverflow(text)) {
        expectError(() => jcsText(text), "E_JCS", /out of the IEEE 754 double range/);
      } else if (hasDuplicateKeys(text)) {
        // RFC 8785 input must be I-JSON: duplicate keys are refused (JSON.parse would keep the last)
        expectError(() => jcsText(text), "E_JCS", /duplicate key/);
      } else {
        assert.equal(jcsText(text), canonicalize(value));
      }
    }),
    RUN,
  );
});

/** True when any object in the (valid) text repeats a key after decoding. */
function hasDuplicateKeys(s: string): boolean {
  return scan(s).dup;
}

/** True when any number literal in the (valid) text, even one a later duplicate key hides, overflows float64. */
function hasOverflow(s: string): boolean {
  return scan(s).overflow;
}

/** Scans valid JSON text for repeated keys and number literals beyond float64. */
function scan(s: string): { dup: boolean; overflow: boolean } {
  let i = 0;
  let dup = false;
  let overflow = false;
  const skipWs = () => { while (i < s.length && " \t\r\n".includes(s[i])) i++; };
  const str = () => {
    const start = i++;
    while (s[i] !== '"') i += s[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(s.slice(start, i)) as string;
  };
  const value = (): void => {
    skipWs();
    const c = s[i];
    if (c === "{") {
      i++;
      const keys = new Set<string>();
      skipWs();
      if (s[i] === "}") { i++; return; }
      for (;;) {
        skipWs();
        const k = str();
        if (keys.has(k)) dup = true;
        keys.add(k);
        skipWs(); i++; // :
        value();
        skipWs();
        if (s[i++] === "}") return;
      }
    }
    if (c === "[") {
      i++;
      skipWs();
      if (s[i] === "]") { i++; return; }
      for (;;) {
        value();
        skipWs();
        if (s[i++] === "]") return;
      }
    }
    if (c === '"') { str(); return; }
    const start = i;
    while (i < s.length && !",]} \t\r\n".includes(s[i])) i++;
    if (!Number.isFinite(Number(s.slice(start, i))) && s[start] !== "t" && s[start] !== "f" && s[start] !== "n") overflow = true;
  };
  value();
  return { dup, overflow };
}

test("numbers of every spelling go through float64 exactly as Go's ParseFloat and FormatFloat do", () => {
  fc.assert(
    fc.property(numberText, (t) => {
      const v = Number(t);
      if (!Number.isFinite(v)) {
        expectError(() => goJSONText(t, { go: "1.26" }), "E_JSON_TYPE", `json: cannot unmarshal number ${t} into Go value of type float64`, t.length + 1);
        expectError(() => goJSONText(t), "E_JSON_TYPE", `json: cannot unmarshal number ${t} into Go value of type float64`, t.length);
        return;
      }
      assert.equal(goJSONText(t), Object.is(v, -0) ? "-0" : String(v));
      assert.equal(jcsText(t), String(v));
    }),
    { ...RUN, numRuns: 20000 },
  );
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
