// Differential suite for `workload.validateUpdate`: realistic stored Deployments, StatefulSets, DaemonSets
// and ReplicaSets and realistic edits of them (workload-arbitraries.ts), answered by the engine and by the
// Go oracle (kube-apiserver's update path of each minor: decode, apps/v1 defaulting, conversion to the
// internal version, rest.BeforeUpdate with the apps registry strategy; kube-flavor builds) must agree byte
// for byte: field paths, error types and messages (with upstream's printed values), the StatusError text and
// the warnings (the template warnings of each minor, the StatefulSet's own, the 1.24 clusterName warning).
//
// Minors: CI runs the oldest and the newest kube build (1.15 and 1.37); KINPLACE_ORACLE_SCOPE=full: 1.15-1.37;
// KINPLACE_WORKLOAD_MINORS="1.32 1.37" or "all" picks them. KINPLACE_WORKLOAD_PAIRS sets the pairs per minor
// (default 2,000), KINPLACE_K8S_SEED the seed, KINPLACE_WORKLOAD_DUMP a file to append mismatches to. The
// committed test/vectors/workload-validate.jsonl.gz comes from make-workload-vectors.ts.

import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import fc from "fast-check";
import { WORKLOAD_KINDS, storedWorkload, workloadRequest, workloadRequestErrors } from "./workload-arbitraries.ts";
import { compareWithOracle, useOracle } from "./validate-compare.ts";

/** The answer as it is: the comparison is byte for byte. */
const asIs = (answer: string) => answer;
import { ALL_MINORS, CI_WORKLOAD_MINORS, SCOPE, minorsFromEnv } from "./scope.ts";

const KUBE_MINORS = ALL_MINORS.filter((m) => m !== "1.12");
const TARGET_MINORS = minorsFromEnv("KINPLACE_WORKLOAD_MINORS", SCOPE === "full" ? KUBE_MINORS : CI_WORKLOAD_MINORS);
const PAIRS = Number(process.env.KINPLACE_WORKLOAD_PAIRS ?? 2000);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const DUMP = process.env.KINPLACE_WORKLOAD_DUMP;
const TIME_LIMIT = 1_800_000;

useOracle();

/** Whether an oracle answer refuses the update (counted to report the refused share). */
const refusedAnswer = (answer: string) => answer.includes('"errors":[{');

function check(label: string, bad: string[], total: number): void {
  if (DUMP && bad.length > 0) writeFileSync(DUMP, bad.join("\n\n") + "\n", { flag: "a" });
  assert.equal(bad.length, 0, `${label}: KINPLACE_K8S_SEED=${SEED}: ${bad.length} of ${total} answers differ; first:\n\n${bad.slice(0, 3).join("\n\n")}`);
}

TARGET_MINORS.forEach((minor, i) => {
  test(`workload.validateUpdate agrees with Kubernetes ${minor} (${PAIRS} workload updates)`, { timeout: TIME_LIMIT }, async () => {
    const [lines] = fc.sample(fc.array(workloadRequest(minor), { minLength: PAIRS, maxLength: PAIRS }), { numRuns: 1, seed: SEED + i });
    const { bad, counted } = await compareWithOracle(lines!, asIs, refusedAnswer);
    // the generators aim at about half refused: far from it means they stopped exercising one side
    assert.ok(counted > PAIRS * 0.25 && counted < PAIRS * 0.75, `${counted} of ${PAIRS} updates refused by the oracle`);
    check(minor, bad, lines!.length);
  });
});

test("workload.validateUpdate: request errors agree", { timeout: TIME_LIMIT }, async () => {
  const minor = TARGET_MINORS[TARGET_MINORS.length - 1]!;
  const lines = WORKLOAD_KINDS.flatMap((kind, i) => workloadRequestErrors(minor, fc.sample(storedWorkload(kind), { numRuns: 1, seed: SEED + i })[0]!));
  const { bad } = await compareWithOracle(lines, asIs, () => false);
  check("request errors", bad, lines.length);
});
