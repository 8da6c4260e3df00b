// Hostile input over every op of the eval protocol: seeded mutants of golden-vector requests (malformed and
// cut lines, invalid UTF-8, fields of every wrong type, xText junk, deep and huge values, hostile JSON Patch
// paths and SMP directives, pathological quantities, unknown versions, big label maps), each followed by two
// known-good probes. Requirement: no E_INTERNAL, no trap, no host crash, no malformed answer, no hang over
// 2 s, no probe answering differently from a fresh engine, and no bad request answered differently from a
// fresh engine (its answer must not depend on what ran before). Sizes stay modest (hangs cannot be
// interrupted in-process); `npm run hostile` is the long run with a watchdog.
//
// KINPLACE_HOSTILE_SEED (default 20261128) and KINPLACE_HOSTILE_COUNT (default 3000 at KINPLACE_TEST_SCALE=ci, 750
// otherwise: test/support/scale.ts) choose the cases;
// KINPLACE_WASM the engine.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadSeeds, seedsByOp, ALL_OPS } from "./hostile/corpus.ts";
import { buildProbes, pickProbes } from "./hostile/probes.ts";
import { loadModule, freshEngine } from "./hostile/engine.ts";
import { makeCase } from "./hostile/cases.ts";
import { runCase } from "./hostile/run-case.ts";
import { Tally, describe } from "./hostile/tally.ts";
import { TEST_PROFILE } from "./hostile/profile.ts";
import { Rng, parseSeed } from "./hostile/prng.ts";
import { cases } from "./support/scale.ts";

const SEED = parseSeed(process.env.KINPLACE_HOSTILE_SEED, 20261128);
const COUNT = Number(process.env.KINPLACE_HOSTILE_COUNT ?? cases(3000));
const BUDGET_MS = Number(process.env.KINPLACE_HOSTILE_BUDGET_MS ?? 50_000);

test(`hostile requests over every op (seed ${SEED}, ${COUNT} cases): typed errors only, no trap, no crash, no hang, no poisoning`, () => {
  const module = loadModule();
  const seeds = loadSeeds(40);
  const byOp = seedsByOp(seeds);
  for (const op of ALL_OPS) assert.ok(byOp.has(op), `no good request of op ${op} to start from`);
  const { probes } = buildProbes(seeds, module);
  assert.ok(probes.length >= 100, `only ${probes.length} probes`);

  const engine = freshEngine(module);
  const tally = new Tally();
  const start = performance.now();
  for (let i = 0; i < COUNT; i++) {
    if (performance.now() - start > BUDGET_MS) break; // a slow engine still reports what it found
    const c = makeCase(SEED, i, byOp, TEST_PROFILE);
    tally.add(runCase(engine, c, pickProbes(Rng.forCase(SEED ^ 0x5bd1e995, i), c.op, probes), module));
  }
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  const summary = `seed ${SEED}: ${tally.tried} of ${COUNT} cases in ${seconds} s\n${tally.table()}\noffending cases by op:\n${tally.opTable()}`;
  console.log(summary);
  const first = tally.offenders.slice(0, 8).map(describe).join("\n");
  assert.equal(tally.offenders.length, 0,
    `${tally.offenders.length} offending cases (replay: KINPLACE_HOSTILE_SEED=${SEED}; npm run hostile -- --seed ${SEED} --profile test)\n${summary}\nfirst ones:\n${first}`);
  assert.equal(tally.tried, COUNT, `only ${tally.tried} of ${COUNT} cases ran within ${BUDGET_MS} ms`);
});
