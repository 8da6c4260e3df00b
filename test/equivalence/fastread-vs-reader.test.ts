// The reader's one-pass fast tape (assembly/json/fastread.ts) must build exactly the tape the full reader
// (reader.ts readSlow) builds, or give up and leave the input to it: every request here is answered with the fast
// tape allowed and again with `exact: ["fastread"]` (every document of the request read by the full reader), and the
// two answers must be the same bytes - canonical JSON (json.go, every Go release; json.jcs), the stored JSON of typed
// values (k8s.json), and every error (Go's syntax and depth errors, offsets, limits). Documents: valid ones with tricky
// strings and numbers, wide and deep ones (around Go's 10000 levels, cut short), broken ones (truncated, inserted,
// replaced bytes, raw control bytes), invalid UTF-8, and Kubernetes objects in several text styles.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "../support/engine.ts";
import { anyDocOf, brokenDoc, bytes, outerString } from "../oracle/arbitraries.ts";
import { pod, textStyle, toText } from "../oracle/k8s-objects.ts";
import { MINORS } from "../oracle/k8s/versions.ts";
import { cases } from "../support/scale.ts";

const dec = new TextDecoder();
const enc = new TextEncoder();
const GOS = ["1.13", "1.14", "1.15", "1.21", "1.22", "1.26", "1.27"];
const options = { numRuns: cases(2000), interruptAfterTimeLimit: 10_000, markInterruptAsFailure: false };

/** `head` (a request line without its closing brace) answered with and without `exact: ["fastread"]` must be the same bytes. */
function sameBoth(head: Uint8Array, what: string): void {
  const fast = dec.decode(kinplace.evaluateLine(bytes(head, "}")));
  const slow = dec.decode(kinplace.evaluateLine(bytes(head, ',"exact":["fastread"]}')));
  assert.equal(slow, fast, `exact: ["fastread"] changes the answer: ${what}`);
}

/** A document as raw bytes with bytes >= 0x80 that are not UTF-8 at `at`. */
function withInvalid(doc: Uint8Array, at: number, b: number): Uint8Array {
  const i = at % (doc.length + 1);
  return bytes(doc.subarray(0, i), [0x80 | (b & 0x7f)], doc.subarray(i));
}

const documents = fc.oneof(
  { weight: 6, arbitrary: anyDocOf(false) },
  { weight: 2, arbitrary: brokenDoc },
  { weight: 1, arbitrary: fc.tuple(anyDocOf(false), fc.nat(), fc.nat()).map(([d, at, b]) => withInvalid(d, at, b)) },
);

test("json.go and json.jcs: the fast tape = the full reader's (valid, wide, deep, broken, invalid UTF-8 documents)", () => {
  fc.assert(
    fc.property(documents, fc.constantFrom(...GOS), fc.boolean(), (doc, go, jcs) => {
      const head = jcs ? bytes('{"op":"json.jcs","valueText":', outerString(doc)) : bytes(`{"op":"json.go","go":"${go}","valueText":`, outerString(doc));
      sameBoth(head, dec.decode(doc).slice(0, 300));
    }),
    options,
  );
});

test("k8s.json of pods in every text style: the fast tape = the full reader's", () => {
  const minors = MINORS.map((m) => m.minor);
  fc.assert(
    fc.property(pod, textStyle, fc.constantFrom(...minors), (p, style, minor) => {
      const text = toText(p, style);
      sameBoth(bytes(`{"op":"k8s.json","type":"Pod","kubernetes":"${minor}","valueText":`, outerString(enc.encode(text))), text.slice(0, 300));
    }),
    { ...options, numRuns: cases(300) },
  );
});

test("limits and edges: nesting at the caps, sizes at maxBytes, every truncation of a document", () => {
  const doc = enc.encode('{"a":[1,-2.5e3,"x\\u00e9<&>",{"b":null,"c":true}],"d":"\u2028é😀","e":[[[]]],"f":{}}');
  for (let n = 0; n <= doc.length; n++) {
    for (const go of ["1.14", "1.26", "1.27"]) sameBoth(bytes(`{"op":"json.go","go":"${go}","valueText":`, outerString(doc.subarray(0, n))), `cut at ${n}`);
  }
  for (const depth of [1, 2, 3, 9999, 10000, 10001]) {
    const deep = enc.encode("[".repeat(depth) + "]".repeat(depth));
    for (const limits of ["", `,"limits":{"maxDepth":${depth}}`, `,"limits":{"maxDepth":${depth + 1}}`]) {
      for (const go of ["1.14", "1.26"]) sameBoth(bytes(`{"op":"json.go","go":"${go}"${limits},"valueText":`, outerString(deep)), `depth ${depth} ${limits} ${go}`);
    }
  }
  for (const maxBytes of [doc.length - 1, doc.length, doc.length + 1]) {
    sameBoth(bytes(`{"op":"json.go","limits":{"maxBytes":${maxBytes}},"valueText":`, outerString(doc)), `maxBytes ${maxBytes}`);
  }
});
