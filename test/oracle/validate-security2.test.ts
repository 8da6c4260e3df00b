// Differential suite for the second security / volume batch of `pod.validateUpdate`:
// Windows HostProcess pods, seLinuxChangePolicy, the AppArmor localhostProfile length, ephemeral volume
// claim templates (metadata, selector, dataSource / dataSourceRef, volumeAttributesClassName), projected
// clusterTrustBundle and podCertificate sources and the tolerations annotation — realistic pods edited
// with valid and invalid values (validate-security2-arbitraries.ts), answered by the engine and by the Go
// oracle (k8s.io/kubernetes' pod strategy ValidateUpdate of each minor) — zero mismatches, modulo the
// go-cmp diff of the `spec` Forbidden message and pointer addresses in %#v values (normalizeC).
//
// Default minors: where these rules change (1.15 1.19 1.22 1.23 1.26 1.29 1.30 1.32 1.34 1.35 1.37);
// KINPLACE_VALIDATE_S_MINORS="1.21 1.30" or "all" picks others, KINPLACE_VALIDATE_S_PAIRS the pairs per
// minor (default 80). The committed test/vectors/validate-security2.jsonl.gz comes from
// make-validate-security2-vectors.ts.

import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import fc from "fast-check";
import { requestS } from "./validate-security2-arbitraries.ts";
import { normalizeC } from "./validate-containers-arbitraries.ts";
import { compareWithOracle, suiteMinors, useOracle } from "./validate-compare.ts";

const CHANGES = ["1.15", "1.19", "1.22", "1.23", "1.26", "1.29", "1.30", "1.32", "1.34", "1.35", "1.37"];
const TARGET_MINORS = suiteMinors("KINPLACE_VALIDATE_S_MINORS", CHANGES);
const PAIRS = Number(process.env.KINPLACE_VALIDATE_S_PAIRS ?? 80);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const DUMP = process.env.KINPLACE_VALIDATE_DUMP; // file to write every mismatch to (debugging)
const TIME_LIMIT = 1_800_000;

useOracle();

test(`pod.validateUpdate (hostProcess, seLinuxChangePolicy, claim templates, certificate sources, tolerations annotation) agrees with Kubernetes ${TARGET_MINORS.join(" ")} (${PAIRS} edits per minor)`, { timeout: TIME_LIMIT }, async () => {
  const lines: string[] = [];
  TARGET_MINORS.forEach((minor, i) => {
    const [batch] = fc.sample(fc.array(requestS(minor), { minLength: PAIRS, maxLength: PAIRS }), { numRuns: 1, seed: SEED + i });
    lines.push(...batch!);
  });
  const { bad, counted: withErrors } = await compareWithOracle(lines, normalizeC, (exp) => exp.includes('"errors":[{'));
  if (DUMP && bad.length > 0) writeFileSync(DUMP, bad.join("\n\n") + "\n");
  assert.ok(withErrors > lines.length / 3, `only ${withErrors} of ${lines.length} updates were refused`);
  assert.equal(bad.length, 0, `KINPLACE_K8S_SEED=${SEED}: ${bad.length} of ${lines.length} answers differ; first:\n\n${bad.slice(0, 3).join("\n\n")}`);
});
