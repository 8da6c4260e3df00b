// The differential suite for the patch ops: jsonpatch.diff (appscode flavor) against
// github.com/appscode/jsonpatch v1.0.1, jsonpatch.apply, mergepatch.diff and mergepatch.apply
// against gopkg.in/evanphx/json-patch.v4 v4.13.0, each under every Go release class. Every pair of
// documents becomes four requests; results must agree byte for byte (appscode's operations as a
// multiset, in the same order on every array: Go lists map members in random order), errors in code,
// message, path and offset. Needs Go, like the other suites under test/oracle/.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { bytes } from "./arbitraries.ts";
import { PATCH_EDGE, pairRequests, randomPair, rawRequests, realisticPair } from "./patch-arbitraries.ts";
import { assertSamePatchAnswer } from "./patch-compare.ts";
import { answerView } from "./compare.ts";
import { runEngine } from "./engine.ts";
import { buildAll, goAvailable, runOracle, stopOracle } from "./run.ts";

/** Pairs per fast-check run (four request lines each). */
const BATCH = 100;
/** Pairs per property: 2,500 realistic + 2,500 random + 1,000 raw = 6,000 pairs per run. */
const PAIRS = 2500;
const RUN = { numRuns: PAIRS / BATCH, endOnFailure: true, includeErrorInReport: true, interruptAfterTimeLimit: 900_000, markInterruptAsFailure: true } as const;

/** The `go` fields the pairs are asked with: every release class, and none (the newest). */
const GO: string[] = ["", ',"go":"1.14"', ',"go":"1.15"', ',"go":"1.21"', ',"go":"1.22"', ',"go":"1.26"', ',"go":"1.27"'];

class Batch {
  constructor(readonly lines: Uint8Array[]) {}
  [fc.toStringMethod](): string {
    return `<${this.lines.length} request lines>`;
  }
}

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

/** Sends the lines to the oracle and the engine; every answer must agree. */
async function sameAnswers(input: Batch | Uint8Array[]): Promise<void> {
  const lines = input instanceof Batch ? input.lines : input;
  const [expected, actual] = await Promise.all([runOracle(lines), runEngine(lines)]);
  const failures: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const view = answerView(expected[i]!) as { error?: { code?: string } };
    assert.notEqual(view.error?.code, "E_INTERNAL", `oracle failed on ${Buffer.from(lines[i]!).toString()}: ${expected[i]}`);
    try {
      assertSamePatchAnswer(lines[i]!, expected[i]!, actual[i]!);
    } catch (e) {
      failures.push((e as Error).message);
    }
  }
  assert.equal(failures.length, 0, `${failures.length} of ${lines.length} answers differ; the first ones:\n\n${failures.slice(0, 3).join("\n\n")}`);
}

/** A batch of request lines from BATCH generated pairs. */
const pairBatch = (pair: fc.Arbitrary<[unknown, unknown]>) =>
  fc.array(fc.tuple(pair, fc.nat(), fc.constantFrom(...GO)), { minLength: BATCH, maxLength: BATCH })
    .map((items) => new Batch(items.flatMap(([[from, to], seed, go]) => pairRequests(from as never, to as never, seed, go))));

test(`pod templates and ControllerRevision payloads with realistic edits agree (${PAIRS} pairs, 4 ops each)`, async () => {
  await fc.assert(fc.asyncProperty(pairBatch(realisticPair), sameAnswers), RUN);
});

test(`random JSON pairs through every array path agree (${PAIRS} pairs, 4 ops each)`, async () => {
  await fc.assert(fc.asyncProperty(pairBatch(randomPair), sameAnswers), RUN);
});

test("raw documents (tricky bytes, duplicate keys, number spellings, broken text) agree (1000 pairs)", async () => {
  await fc.assert(fc.asyncProperty(fc.array(rawRequests, { minLength: BATCH, maxLength: BATCH }).map((b) => new Batch(b.flat())), sameAnswers), { ...RUN, numRuns: 10 });
});


test("hand-picked quirks, hostile pointers and absent inputs agree in every Go release class", async () => {
  const lines: Uint8Array[] = [];
  for (const line of PATCH_EDGE) for (const go of GO) lines.push(bytes(line.slice(0, -1), go, "}"));
  await sameAnswers(lines);
});
