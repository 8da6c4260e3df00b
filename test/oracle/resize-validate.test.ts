// Differential suite for `pod.validateResize`: realistic stored pods and the edits a resize request makes to them
// (resize-arbitraries.ts), answered by the engine and by the Go oracle (kube-apiserver's pods/resize subresource of
// each minor: decode, defaulting, conversion, rest.BeforeUpdate with the pod ResizeStrategy; the 404 before 1.32 and
// with InPlacePodVerticalScaling off) must agree, compared modulo the go-cmp diff 1.32 appends (normalizeResize).
//
// Minors: CI runs the newest (1.37); KINPLACE_ORACLE_SCOPE=full: 1.32-1.37; KINPLACE_RESIZE_MINORS="1.33 1.37" or
// "all" picks them. KINPLACE_RESIZE_PAIRS sets the requests per minor (default 1,000), KINPLACE_K8S_SEED the seed,
// KINPLACE_RESIZE_DUMP a file to append mismatches to.

import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import fc from "fast-check";
import { RESIZE_MINORS, storedPod, resizeRequest, resizeRequestErrors, noSubresourceLines, normalizeResize } from "./resize-arbitraries.ts";
import { compareWithOracle, useOracle } from "./validate-compare.ts";
import { SCOPE, minorsFromEnv } from "./scope.ts";

const TARGET_MINORS = minorsFromEnv("KINPLACE_RESIZE_MINORS", SCOPE === "full" ? RESIZE_MINORS : ["1.37"]);
const PAIRS = Number(process.env.KINPLACE_RESIZE_PAIRS ?? 1000);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const DUMP = process.env.KINPLACE_RESIZE_DUMP;
const TIME_LIMIT = 1_800_000;

useOracle();

/** Whether an oracle answer refuses the resize (counted to report the refused share). */
const refusedAnswer = (answer: string) => answer.includes('"errors":[{');

function check(label: string, bad: string[], total: number): void {
  if (DUMP && bad.length > 0) writeFileSync(DUMP, bad.join("\n\n") + "\n", { flag: "a" });
  assert.equal(bad.length, 0, `${label}: KINPLACE_K8S_SEED=${SEED}: ${bad.length} of ${total} answers differ; first:\n\n${bad.slice(0, 3).join("\n\n")}`);
}

TARGET_MINORS.forEach((minor, i) => {
  test(`pod.validateResize agrees with Kubernetes ${minor} (${PAIRS} resize requests)`, { timeout: TIME_LIMIT }, async () => {
    const [lines] = fc.sample(fc.array(resizeRequest(minor), { minLength: PAIRS, maxLength: PAIRS }), { numRuns: 1, seed: SEED + i });
    const { bad, counted } = await compareWithOracle(lines!, normalizeResize, refusedAnswer);
    // the generators aim at about half refused: far from it means they stopped exercising one side
    assert.ok(counted > PAIRS * 0.2 && counted < PAIRS * 0.8, `${counted} of ${PAIRS} resizes refused by the oracle`);
    check(minor, bad, lines!.length);
  });
});

test("pod.validateResize: request errors and the missing subresource agree", { timeout: TIME_LIMIT }, async () => {
  const minor = TARGET_MINORS[TARGET_MINORS.length - 1]!;
  const pod = fc.sample(storedPod, { numRuns: 1, seed: SEED })[0]!;
  const lines = [...resizeRequestErrors(minor, pod), ...noSubresourceLines(minor, pod)];
  const { bad } = await compareWithOracle(lines, normalizeResize, () => false);
  check("request errors", bad, lines.length);
});
