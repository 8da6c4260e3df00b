// fast/sametext (equal JSON text, so equal Go values: no operations) against the comparison of the Go values
// themselves, in the two diffs that take the shortcut: jsonpatch.diff (appscode.ts, with and without the
// lockstep walk) and mergepatch.diff (merge.ts). Every pair is answered with the shortcut on and with
// `exact: ["sametext"]` (and `exact: true`, every shortcut off), through the eval door, byte for byte.
// Pairs: realistic manifests with a few edits (most of their text is shared), random pairs over every array
// path, raw documents with tricky bytes, duplicate keys and number spellings, and hand-made texts whose equal
// values are spelled differently (or whose equal spellings hide in arrays the Levenshtein script compares).

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { realisticPair, randomPair, pairRequests, rawRequests } from "../oracle/patch-arbitraries.ts";
import { sameAnswers, shown } from "../support/exact.ts";
import { cases } from "../support/scale.ts";

const EXACTS: unknown[] = [["sametext"], ["sametext", "lockstep"], true];

/** Only the two diffs of a pair's request lines. */
const diffs = (lines: Uint8Array[]) => [lines[0]!, lines[1]!];

function check(lines: Uint8Array[]): void {
  for (const line of lines) {
    const r = sameAnswers(line, EXACTS);
    assert.equal(r.differs, null, `${shown(line)}\n${r.differs}`);
  }
}

test("realistic pairs: the same patches with and without the same-text shortcut", () => {
  fc.assert(fc.property(realisticPair, fc.nat(), ([a, b], seed) => check(diffs(pairRequests(a, b, seed, "")))), {
    numRuns: cases(300), interruptAfterTimeLimit: 20_000, seed: 11,
  });
});

test("random pairs over every array path: the same patches and errors", () => {
  fc.assert(fc.property(randomPair, fc.nat(), fc.constantFrom("", ',"go":"1.14"', ',"go":"1.27"', ',"maxEditMatrix":6'), ([a, b], seed, go) =>
    check(diffs(pairRequests(a, b, seed, go)))), { numRuns: cases(400), interruptAfterTimeLimit: 20_000, seed: 12 });
});

test("raw documents (tricky bytes, duplicate keys, number spellings): the same answers", () => {
  fc.assert(fc.property(rawRequests, (lines) => check(diffs(lines))), { numRuns: cases(300), interruptAfterTimeLimit: 20_000, seed: 13 });
});

test("equal values spelled differently, and equal spellings the shortcut skips", () => {
  const texts: [string, string][] = [
    ['{"a":1,"b":[1,2,3]}', '{"a":1.0,"b":[1e0,2,3]}'],
    ['{"a":"\\u0041","b":{"x":1,"x":2}}', '{"a":"A","b":{"x":2}}'],
    ['{"a":[{"k":1},{"k":1},{"k":2}]}', '{"a":[{"k":1},{"k":2},{"k":1}]}'],
    ['{"a":[[1],[1],[2]],"b":[1,1,1,2]}', '{"a":[[1],[2],[1]],"b":[1,2,1,1]}'],
    ['{"a":{"b":{"c":[1,{"d":null}]}},"e":"x"}', '{"a":{"b":{"c":[1,{"d":null}]}},"e":"y"}'],
    ['{"a":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34]}',
      '{"a":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33.0,34]}'],
    ['{"a":[1,2],"a":[1,2,3]}', '{"a":[1,2,3]}'],
    ['{"a":"\\ud800x"}', '{"a":"\\ufffdx"}'],
    ['{"a":-0}', '{"a":0}'],
    ['{"a":[{"k":1,"k":1}],"b":[null,null]}', '{"a":[{"k":1}],"b":[null,null]}'],
  ];
  const lines: string[] = [];
  for (const [a, b] of texts) {
    for (const [x, y] of [[a, b], [b, a], [a, a]]) {
      lines.push(`{"op":"jsonpatch.diff","fromText":${JSON.stringify(x)},"toText":${JSON.stringify(y)}}`);
      lines.push(`{"op":"jsonpatch.diff","from":${x},"to":${y}}`);
      lines.push(`{"op":"jsonpatch.diff","fromText":${JSON.stringify(x)},"toText":${JSON.stringify(y)},"maxEditMatrix":3}`);
      lines.push(`{"op":"mergepatch.diff","originalText":${JSON.stringify(x)},"modifiedText":${JSON.stringify(y)}}`);
    }
  }
  check(lines.map((l) => new TextEncoder().encode(l)));
});
