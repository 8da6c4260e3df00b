// Differential suite for the rollout ops the upstream code exports: `scaled` (k8s.io/apimachinery v0.32.10
// intstr GetScaledValueFromIntOrPercent / GetValueFromIntOrPercent, OpenKruise v1.9.0
// util.GetScaledValueFromIntOrPercent) and `kruise.partition` (util.CalculatePartitionReplicas), answered by
// the rollout oracle (test/oracle/rollout/) and by the engine; answers must be equal as JSON (result,
// error code, message, path, offset). Needs Go.

import { after, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { answerView } from "./compare.ts";
import { edgeLines, rolloutLine } from "./rollout-arbitraries.ts";
import { ROLLOUT_TARGET } from "./routes.ts";
import { buildTarget, goAvailable, runOracle, stopOracle } from "./run.ts";
import { kinplace } from "../support/engine.ts";

const dec = new TextDecoder();
const enc = new TextEncoder();

after(() => stopOracle());

async function compare(lines: string[]): Promise<string[]> {
  const answers = await runOracle(lines);
  const bad: string[] = [];
  lines.forEach((l, i) => {
    const mine = dec.decode(kinplace.evaluateLine(enc.encode(l)));
    if (JSON.stringify(answerView(mine)) !== JSON.stringify(answerView(answers[i]!))) bad.push(`${l}\n  engine ${mine}\n  oracle ${answers[i]}`);
  });
  return bad;
}

test("scaled and kruise.partition: parser edge cases and upstream test inputs agree with the real functions", { skip: !goAvailable() && "no Go" }, async () => {
  buildTarget(ROLLOUT_TARGET);
  const bad = await compare(edgeLines());
  assert.equal(bad.length, 0, bad.slice(0, 5).join("\n"));
});

test("scaled and kruise.partition: 10,000 generated requests agree with the real functions", { skip: !goAvailable() && "no Go" }, async () => {
  buildTarget(ROLLOUT_TARGET);
  const lines = fc.sample(rolloutLine, { numRuns: 10_000 });
  const bad = await compare(lines);
  assert.equal(bad.length, 0, bad.slice(0, 5).join("\n"));
});
