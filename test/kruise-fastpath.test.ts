// kruise.inplaceSpec's fast paths against its exact path (`exactDecode: true`), byte for byte, answers and
// errors: the proven partial decode of the templates (assembly/fast/kruisespec/typedcheck.ts, lazytemplate.ts)
// and the metadata patch straight from the maps (metapatch.ts), on realistic CloneSet revision pairs
// (test/oracle/kruise-inplace-gen.ts) plus edits aimed at the fast paths' preconditions: type errors
// anywhere in the data, bad quantities, integers out of range, nulls, repeated and escaped keys, unknown
// fields, metadata beyond labels/annotations, "$" keys and escaped characters in labels, both revisions
// in one tape or as text. Also every kruise.inplaceSpec request of the golden vectors. And the verdict's
// shortcuts (read-back values from roundtrip.ts, templates' stored text as their json.Marshal) against its
// exact path (`exactDecode: true`) on generated workload pairs of every kind and strategy, with and without
// bytes that are not UTF-8, and on every golden verdict vector.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { kinplace } from "./support/engine.ts";
import { inplaceCase, inplaceRequest, verdictCase, verdictRequest } from "./support/kruise-cases.ts";
import { cases } from "./support/scale.ts";

const dec = new TextDecoder();
const enc = new TextEncoder();

/** The engine's answer line for `req` (a JSON text), with or without exactDecode. */
function answer(req: string, exact: boolean): string {
  const line = exact ? req.slice(0, -1) + ',"exactDecode":true}' : req;
  return dec.decode(kinplace.evaluateLine(enc.encode(line)));
}

test("kruise.inplaceSpec: the fast paths answer exactly as the full decode and strategic merge patch (generated revision pairs)", () => {
  let inPlace = 0;
  let errors = 0;
  let runs = 0;
  fc.assert(
    fc.property(inplaceCase, (c) => {
      const req = inplaceRequest(c);
      if (req === null) return;
      const fast = answer(req, false);
      const exact = answer(req, true);
      runs++;
      if (fast.includes('"inPlace":true')) inPlace++;
      if (!fast.startsWith('{"ok":true')) errors++;
      assert.equal(fast, exact, `request: ${req.slice(0, 3000)}`);
    }),
    { numRuns: cases(600), interruptAfterTimeLimit: 60_000 },
  );
  // the generator reaches both outcomes (and the edits do not turn every pair into an error)
  assert.ok(inPlace > runs / 10, `${inPlace} of ${runs} pairs in place`);
  assert.ok(runs - errors > runs / 2, `${errors} of ${runs} answers are errors`);
});

test("kruise.inplaceSpec: the fast paths answer exactly as the full decode on every golden vector request", () => {
  let n = 0;
  for (const file of ["kruise-inplace.jsonl.gz", "kruise-18.jsonl.gz"]) {
    const text = gunzipSync(readFileSync(new URL(`./vectors/${file}`, import.meta.url))).toString("utf8");
    for (const l of text.split("\n")) {
      if (l === "") continue;
      const v = JSON.parse(l) as { request: string };
      const req = v.request;
      if (!req.startsWith('{"op":"kruise.inplaceSpec"')) continue;
      n++;
      assert.equal(answer(req, false), answer(req, true), `request: ${req.slice(0, 2000)}`);
    }
  }
  assert.ok(n >= 500, `only ${n} kruise.inplaceSpec vectors`);
});

/** The engine's verdict answer for request line `line` (bytes), with or without exactDecode. */
function verdictAnswer(line: Uint8Array, exact: boolean): string {
  if (!exact) return dec.decode(kinplace.evaluateLine(line));
  const tail = enc.encode(',"exactDecode":true}');
  const l = new Uint8Array(line.length - 1 + tail.length);
  l.set(line.subarray(0, line.length - 1));
  l.set(tail, line.length - 1);
  return dec.decode(kinplace.evaluateLine(l));
}

test("verdict: the read-back shortcuts answer exactly as the exact store (generated pairs of every kind)", () => {
  let runs = 0, inPlace = 0;
  fc.assert(
    fc.property(verdictCase, (c) => {
      const v = verdictRequest(c);
      if (v === null) return;
      const { req, line } = v;
      const fast = verdictAnswer(line, false);
      const exact = verdictAnswer(line, true);
      runs++;
      if (fast.includes('"verdict":"in-place"')) inPlace++;
      assert.equal(fast, exact, `request: ${JSON.stringify(req).slice(0, 3000)}`);
    }),
    { numRuns: 300, interruptAfterTimeLimit: 60_000 }, // not scaled: in-place verdicts are a small share of the cases
  );
  assert.ok(inPlace > runs / 20, `${inPlace} of ${runs} verdicts in place`);
});

test("verdict: the read-back shortcuts answer exactly as the exact store on every golden verdict vector", () => {
  const text = gunzipSync(readFileSync(new URL("./vectors/verdict.jsonl.gz", import.meta.url))).toString("utf8");
  let n = 0;
  for (const l of text.split("\n")) {
    if (l === "") continue;
    const line = enc.encode((JSON.parse(l) as { request: string }).request);
    n++;
    assert.equal(verdictAnswer(line, false), verdictAnswer(line, true), `request: ${dec.decode(line).slice(0, 2000)}`);
  }
  assert.ok(n >= 1000, `only ${n} verdict vectors`);
});
