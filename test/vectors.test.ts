// The golden vectors: request lines the Go oracle answered (test/vectors/*.jsonl, written by
// test/oracle/make-vectors.ts), replayed through the engine without Go. Every answer must agree with
// Go's in id, ok, the whole result, and the error's code, message, path and offset.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./support/engine.ts";
import { assertSameAnswer } from "./oracle/compare.ts";
import { assertSamePatchAnswer } from "./oracle/patch-compare.ts";

const decoder = new TextDecoder();
const encoder = new TextEncoder();

interface Vector {
  request: string | { base64: string };
  answer: unknown; // the oracle's answer line, embedded verbatim
}

/** The vectors of one file, with each request as its exact bytes. */
function load(name: string): { line: Uint8Array; answer: object }[] {
  const text = readFileSync(new URL(`./vectors/${name}`, import.meta.url), "utf8");
  return text.split("\n").filter((l) => l !== "").map((l) => {
    const v = JSON.parse(l) as Vector;
    const line = typeof v.request === "string" ? encoder.encode(v.request) : new Uint8Array(Buffer.from(v.request.base64, "base64"));
    return { line, answer: v.answer as object };
  });
}

for (const [file, min] of [["json.jsonl", 1500], ["fnv.jsonl", 400], ["k8s.jsonl", 1100]] as const) {
  test(`golden vectors ${file}: the engine answers as Go did`, () => {
    const vectors = load(file);
    assert.ok(vectors.length >= min, `${file} holds ${vectors.length} vectors, expected at least ${min}`);
    let mismatches = 0;
    const first: string[] = [];
    for (const v of vectors) {
      try {
        assertSameAnswer(v.line, v.answer, decoder.decode(kinplace.evaluateLine(v.line)));
      } catch (e) {
        mismatches++;
        if (first.length < 5) first.push((e as Error).message);
      }
    }
    assert.equal(mismatches, 0, `${mismatches} of ${vectors.length} vectors differ; first ones:\n${first.join("\n\n")}`);
  });
}

// container.hash, podTemplateHash and revision (every minor, every kubelet era, the OpenKruise
// kinds), written gzip-compressed by test/oracle/make-hash-vectors.ts.
for (const [file, min] of [["hash.jsonl.gz", 2500], ["revision.jsonl.gz", 500]] as const) {
  test(`golden vectors ${file}: the engine hashes as Go did`, () => {
    const text = gunzipSync(readFileSync(new URL(`./vectors/${file}`, import.meta.url))).toString("utf8");
    const vectors = text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as { request: string; answer: object });
    assert.ok(vectors.length >= min, `${file} holds ${vectors.length} vectors, expected at least ${min}`);
    let mismatches = 0;
    const first: string[] = [];
    for (const v of vectors) {
      try {
        assertSameAnswer(v.request, v.answer, decoder.decode(kinplace.evaluateLine(encoder.encode(v.request))));
      } catch (e) {
        mismatches++;
        if (first.length < 5) first.push((e as Error).message);
      }
    }
    assert.equal(mismatches, 0, `${mismatches} of ${vectors.length} vectors differ; first ones:\n${first.join("\n\n")}`);
  });
}

// The patch ops. Results are compared on their raw text (number spellings and member order
// count), appscode's operations as a multiset in the same order on every array (Go lists map members
// in random order), so the answer is taken verbatim from the vector line.
test("golden vectors patch.jsonl: the engine answers as the Go patch libraries did", () => {
  const text = readFileSync(new URL("./vectors/patch.jsonl", import.meta.url), "utf8");
  const lines = text.split("\n").filter((l) => l !== "");
  assert.ok(lines.length >= 1200, `patch.jsonl holds ${lines.length} vectors, expected at least 1200`);
  let mismatches = 0;
  const first: string[] = [];
  for (const l of lines) {
    const v = JSON.parse(l) as Vector;
    const line = typeof v.request === "string" ? encoder.encode(v.request) : new Uint8Array(Buffer.from(v.request.base64, "base64"));
    const answer = l.slice(l.indexOf(',"answer":') + ',"answer":'.length, -1);
    try {
      assertSamePatchAnswer(line, answer, decoder.decode(kinplace.evaluateLine(line)));
    } catch (e) {
      mismatches++;
      if (first.length < 5) first.push((e as Error).message);
    }
  }
  assert.equal(mismatches, 0, `${mismatches} of ${lines.length} vectors differ; first ones:\n${first.join("\n\n")}`);
});

// Strategic merge patch at every Kubernetes minor (test/oracle/smp-vectors.ts; only inputs Go
// answers the same way every time). Answers are compared parsed: id, ok, the patch / document strings
// byte for byte, and the error's code, message, path and offset.
test("golden vectors smp.jsonl: the engine answers as strategicpatch did at each minor", () => {
  const vectors = load("smp.jsonl");
  assert.ok(vectors.length >= 800, `smp.jsonl holds ${vectors.length} vectors, expected at least 800`);
  let mismatches = 0;
  const first: string[] = [];
  for (const v of vectors) {
    try {
      assertSameAnswer(v.line, v.answer, decoder.decode(kinplace.evaluateLine(v.line)));
    } catch (e) {
      mismatches++;
      if (first.length < 5) first.push((e as Error).message);
    }
  }
  assert.equal(mismatches, 0, `${mismatches} of ${vectors.length} vectors differ; first ones:\n${first.join("\n\n")}`);
});
