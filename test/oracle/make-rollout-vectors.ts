// Writes test/vectors/rollout-scaled.jsonl: `scaled` and `kruise.partition` requests (upstream's test
// inputs, parser edge cases and a fixed-seed sample) answered by the rollout oracle (the real
// k8s.io/apimachinery intstr and OpenKruise util functions). Format as make-vectors.ts.
//
// Usage: node --import tsx test/oracle/make-rollout-vectors.ts   (needs Go)

import { writeFileSync } from "node:fs";
import fc from "fast-check";
import { edgeLines, rolloutLine } from "./rollout-arbitraries.ts";
import { buildTarget, runOracle, stopOracle } from "./run.ts";
import { ROLLOUT_TARGET } from "./routes.ts";

const SEED = 20_260_606;

buildTarget(ROLLOUT_TARGET);
const lines = [...edgeLines(), ...fc.sample(rolloutLine, { numRuns: 2000, seed: SEED })];
const answers = await runOracle(lines);
const text = lines.map((l, i) => `{"request":${JSON.stringify(l)},"answer":${answers[i]}}\n`).join("");
writeFileSync(new URL("../vectors/rollout-scaled.jsonl", import.meta.url), text);
console.log(`rollout-scaled.jsonl: ${lines.length} vectors`);
stopOracle();
