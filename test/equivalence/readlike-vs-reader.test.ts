// The second document of a diff is read against the first (assembly/json/fastread.ts: values whose bytes
// equal those at the same place in the first are copied, not scanned again). That must never change an
// answer: the same pair with the first document given as a JSON value in the request (so the second is
// read on its own) answers the same bytes, and so does the same request with `exact: ["fastread"]` (every document
// read by the full reader, reader.ts), on realistic and random pairs and on second documents with broken bytes,
// whitespace and moved pieces (errors included: Go's message and offset).

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "../support/engine.ts";
import { realisticPair, randomPair } from "../oracle/patch-arbitraries.ts";
import { cases } from "../support/scale.ts";

const dec = new TextDecoder();
const enc = new TextEncoder();

/** The ops that read their second document against the first, as request-line prefixes. */
const OPS = [
  { op: '"op":"jsonpatch.diff"', a: "from", b: "to" },
  { op: '"op":"jsonpatch.diff","flavor":"minimal"', a: "from", b: "to" },
  { op: '"op":"jsonpatch.diff","go":"1.14"', a: "from", b: "to" },
  { op: '"op":"mergepatch.diff"', a: "original", b: "modified" },
];

/**
 * The answer with the first document as `...Text` (the second read against it) and as a JSON value (read alone); the
 * first is also asked with `exact: ["fastread"]` (both documents read by the full reader alone), which must be the same.
 */
function both(op: (typeof OPS)[number], a: string, b: string): [string, string] {
  const text = `{${op.op},"${op.a}Text":${JSON.stringify(a)},"${op.b}Text":${JSON.stringify(b)}}`;
  const value = `{${op.op},"${op.a}":${a},"${op.b}Text":${JSON.stringify(b)}}`;
  const viaText = dec.decode(kinplace.evaluateLine(enc.encode(text)));
  const slow = dec.decode(kinplace.evaluateLine(enc.encode(text.replace(op.op, `${op.op},"exact":["fastread"]`))));
  assert.equal(slow, viaText, `exact: ["fastread"] changes the answer of ${text.slice(0, 600)}`);
  return [viaText, dec.decode(kinplace.evaluateLine(enc.encode(value)))];
}

/** Edits of the second document's text: a byte changed, inserted or deleted, whitespace, a piece copied elsewhere. */
const textEdit = fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.constantFrom(..." \n\t{}[]\",:\\0123456789-.eE<>&\u00e9tfnu"), fc.integer({ min: 0, max: 4 }));

function edit(s: string, [p, q, n, ch, kind]: [number, number, number, string, number]): string {
  const i = p % (s.length + 1);
  const j = q % (s.length + 1);
  if (kind === 0) return s.slice(0, i) + ch + s.slice(i);
  if (kind === 1) return s.slice(0, i) + s.slice(i + 1);
  if (kind === 2) return s.slice(0, i) + ch + s.slice(i + 1);
  if (kind === 3) return s.slice(0, i) + "  " + s.slice(i);
  return s.slice(0, j) + s.slice(i, i + (n % 40)) + s.slice(j);
}

test("reading the second document against the first never changes an answer (realistic and random pairs, edited text)", () => {
  fc.assert(
    fc.property(fc.oneof(realisticPair, randomPair), fc.array(textEdit, { maxLength: 3 }), fc.nat(), ([from, to], edits, pick) => {
      const a = JSON.stringify(from);
      let b = JSON.stringify(to);
      for (const e of edits) b = edit(b, e);
      const op = OPS[pick % OPS.length];
      const [viaText, viaValue] = both(op, a, b);
      assert.equal(viaText, viaValue, `${op.op}\nfrom ${a.slice(0, 300)}\nto ${b.slice(0, 300)}`);
    }),
    { numRuns: cases(1500), interruptAfterTimeLimit: 10_000, markInterruptAsFailure: false },
  );
});

test("values copied from the first document keep their place, numbers and nesting (known pairs)", () => {
  const cases: [string, string][] = [
    ['{"a":[1,2,{"b":"x"}],"c":1.5e3}', '{"c":1.5e3,"a":[1,2,{"b":"x"}],"d":[1,2,{"b":"x"}]}'],
    ['{"a":{"b":{"c":[[[]]]}}}', '{"a":{"b":{"c":[[[]]]},"x":{"c":[[[]]]}}}'],
    ['{"a":"<&>","b":"\\u00e9","c":123456789012345678}', '{"b":"\\u00e9","a":"<&>","c":123456789012345678}'],
    ['{"a":12}', '{"a":123}'],
    ['{"a":true}', '{"a":truex}'],
    ['{"a":[1,2]}', '{"a":[1,2]]}'],
    ['{"k":{"k":1,"k":2}}', '{"k":{"k":1,"k":2},"j":{"k":1,"k":2}}'],
  ];
  for (const [a, b] of cases) {
    for (const op of OPS) {
      const [viaText, viaValue] = both(op, a, b);
      assert.equal(viaText, viaValue, `${op.op} ${a} → ${b}`);
    }
  }
  // a copied value is the other document's text: the diff of identical members is empty, the change is found
  assert.equal(kinplace.jsonPatchDiffText('{"a":[1,{"b":2}],"c":"x"}', '{"a":[1,{"b":2}],"c":"y"}'), '[{"op":"replace","path":"/c","value":"y"}]');
});
