// Differential suite for the pod-level rules of `pod.validateUpdate` (affinity terms, topology spread
// constraints, DNS config, host aliases, hostNetwork ports, deletion-cost / seccomp annotations, the
// annotations' total size, Lt/Gt tolerations, SCTP while SCTPSupport is off): realistic stored pods
// with valid and invalid values of those fields, broken by the update or already broken in the old pod
// (validate-podlevel-arbitraries.ts), answered by the engine and by the Go oracle (k8s.io/kubernetes'
// pod strategy ValidateUpdate of each minor) — equal up to the diff upstream appends to the `spec`
// Forbidden message (normalize()).
//
// KINPLACE_PODLEVEL_MINORS="1.21 1.30" picks minors ("all": every minor with a kube build, 1.15-1.37);
// the default is a spread with every minor where these rules change. KINPLACE_PODLEVEL_PAIRS sets the
// requests per minor (default 60).

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { normalize } from "./validate-arbitraries.ts";
import { podLevelRequest } from "./validate-podlevel-arbitraries.ts";
import { compareWithOracle, suiteMinors, useOracle } from "./validate-compare.ts";

const SPREAD = ["1.15", "1.16", "1.17", "1.19", "1.21", "1.22", "1.23", "1.24", "1.25", "1.26", "1.27", "1.28", "1.29", "1.30", "1.32", "1.33", "1.34", "1.35", "1.36", "1.37"];
const TARGET_MINORS = suiteMinors("KINPLACE_PODLEVEL_MINORS", SPREAD);
const PAIRS = Number(process.env.KINPLACE_PODLEVEL_PAIRS ?? 60);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const TIME_LIMIT = 1_800_000;

useOracle();

TARGET_MINORS.forEach((minor, i) => {
  test(`pod.validateUpdate pod-level rules agree with Kubernetes ${minor} (${PAIRS} updates)`, { timeout: TIME_LIMIT }, async () => {
    const [lines] = fc.sample(fc.array(podLevelRequest(minor), { minLength: PAIRS, maxLength: PAIRS }), { numRuns: 1, seed: SEED + i });
    const { bad, counted: withErrors } = await compareWithOracle(lines!, normalize, (exp) => {
      const e = JSON.parse(exp);
      return e.ok && e.result.errors.some((x: { field: string }) => x.field !== "spec");
    });
    assert.ok(withErrors > lines!.length / 3, `only ${withErrors} of ${lines!.length} updates have field errors`);
    assert.equal(bad.length, 0, `KINPLACE_K8S_SEED=${SEED}: ${bad.length} of ${lines!.length} answers differ; first:\n\n${bad.slice(0, 3).join("\n\n")}`);
  });
});
