// Differential suite for the containers' own parts in `pod.validateUpdate`: probe
// handlers and numbers, lifecycle hooks (sleep, stopSignal), init-container bans and sidecars, resource
// names and quantities, resize policies, container and pod security contexts — realistic pods edited
// with valid and invalid values (validate-containers-arbitraries.ts), answered by the engine and by the
// Go oracle (k8s.io/kubernetes' pod strategy ValidateUpdate of each minor) — zero mismatches, modulo the
// go-cmp diff of the `spec` Forbidden message and pointer addresses in %#v values (normalizeC).
//
// KINPLACE_VALIDATE_C_MINORS="1.21 1.30" picks minors (default: every minor with a kube build,
// 1.15-1.37, as the rules change in most of them); KINPLACE_VALIDATE_C_PAIRS sets the pairs per minor
// (default 40). The committed test/vectors/validate-containers.jsonl.gz comes from
// make-validate-containers-vectors.ts.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import fc from "fast-check";
import { requestC, normalizeC } from "./validate-containers-arbitraries.ts";
import { buildAll, goAvailable, stopOracle } from "./run.ts";
import { compareWithOracle } from "./validate-compare.ts";
import { MINORS } from "./k8s/versions.ts";
import { scopedMinors } from "./scope.ts";

const KUBE_MINORS = MINORS.map((m) => m.minor).filter((m) => m !== "1.12");
const SELECTED = (process.env.KINPLACE_VALIDATE_C_MINORS ?? "").split(/\s+/).filter(Boolean);
const TARGET_MINORS = SELECTED.length > 0 ? SELECTED : scopedMinors(KUBE_MINORS, "kube");
const PAIRS = Number(process.env.KINPLACE_VALIDATE_C_PAIRS ?? 40);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const DUMP = process.env.KINPLACE_VALIDATE_DUMP; // file to write every mismatch to (debugging)
const TIME_LIMIT = 1_800_000;

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

test(`pod.validateUpdate (containers' parts) agrees with Kubernetes ${TARGET_MINORS[0]}..${TARGET_MINORS[TARGET_MINORS.length - 1]} (${PAIRS} edits per minor)`, { timeout: TIME_LIMIT }, async () => {
  const lines: string[] = [];
  TARGET_MINORS.forEach((minor, i) => {
    const [batch] = fc.sample(fc.array(requestC(minor), { minLength: PAIRS, maxLength: PAIRS }), { numRuns: 1, seed: SEED + i });
    lines.push(...batch!);
  });
  const { bad, counted: withErrors } = await compareWithOracle(lines, normalizeC, (exp) => exp.includes('"errors":[{'));
  if (DUMP && bad.length > 0) writeFileSync(DUMP, bad.join("\n\n") + "\n");
  assert.ok(withErrors > lines.length / 2, `only ${withErrors} of ${lines.length} updates were refused`);
  assert.equal(bad.length, 0, `KINPLACE_K8S_SEED=${SEED}: ${bad.length} of ${lines.length} answers differ; first:\n\n${bad.slice(0, 3).join("\n\n")}`);
});
