// Differential suite for the volume, mount and env-source rules of `pod.validateUpdate`: volume sources'
// own fields and "more than 1 volume type", volumeMounts (subPath,
// subPathExpr, mountPropagation, recursiveReadOnly), volumeDevices, env valueFrom sources and envFrom
// (validate-volumes-arbitraries.ts), answered by the engine and by the Go oracle (k8s.io/kubernetes'
// pod strategy ValidateUpdate of each minor, kube builds) — equal up to the newline of the `spec`
// Forbidden message (see normalize()).
//
// Default minors: every minor where these rules change (1.15 1.17 1.19 1.20 1.22 1.23 1.25 1.28 1.30
// 1.31 1.32 1.34 1.35 1.37); KINPLACE_VALIDATE_MINORS="1.21 1.30" or "all" picks others.
// KINPLACE_VALIDATE_PAIRS sets the random requests per minor (default 100; plus the option cases, where
// the old pod decides what the new one may use). The committed golden vectors
// (test/vectors/validate-volumes.jsonl.gz) come from make-validate-volumes-vectors.ts.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { normalize } from "./validate-arbitraries.ts";
import { volumeRequest, optionRequests } from "./validate-volumes-arbitraries.ts";
import { compareWithOracle, suiteMinors, useOracle } from "./validate-compare.ts";

const CHANGES = ["1.15", "1.17", "1.19", "1.20", "1.22", "1.23", "1.25", "1.28", "1.30", "1.31", "1.32", "1.34", "1.35", "1.37"];
const TARGET_MINORS = suiteMinors("KINPLACE_VALIDATE_MINORS", CHANGES);
const PAIRS = Number(process.env.KINPLACE_VALIDATE_PAIRS ?? 100);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const TIME_LIMIT = 1_800_000;

/** Compares engine and oracle on `lines`; returns mismatch descriptions and how many answers carry errors. */
async function compareAll(lines: string[]): Promise<{ bad: string[]; withErrors: number }> {
  const { bad, counted } = await compareWithOracle(lines, normalize, (exp) => exp.includes('"errors":[{'));
  return { bad, withErrors: counted };
}

useOracle();

TARGET_MINORS.forEach((minor, i) => {
  test(`pod.validateUpdate volumes, mounts and env sources agree with Kubernetes ${minor} (${PAIRS} pods + option cases)`, { timeout: TIME_LIMIT }, async () => {
    const [lines] = fc.sample(fc.array(volumeRequest(minor), { minLength: PAIRS, maxLength: PAIRS }), { numRuns: 1, seed: SEED + i });
    const { bad, withErrors } = await compareAll([...lines!, ...optionRequests(minor)]);
    assert.ok(withErrors > PAIRS / 3, `only ${withErrors} of ${PAIRS} answers carry errors`);
    assert.equal(bad.length, 0, `KINPLACE_K8S_SEED=${SEED}: ${bad.length} of ${lines!.length} answers differ; first:\n\n${bad.slice(0, 3).join("\n\n")}`);
  });
});
