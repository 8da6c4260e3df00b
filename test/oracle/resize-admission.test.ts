// Differential suite for `kubelet.resizeAdmission`: realistic nodes, the pods bound to them and a resized pod whose
// desired requests land near what is left (resize-admission-arbitraries.ts), answered by the engine and by the Go
// oracle (the real kubelet code of each minor: (*Kubelet).canResizePod 1.27-1.33, the allocation manager 1.34+;
// harness/admit*.go) must agree byte for byte after JSON parsing.
//
// Minors: CI runs the newest (1.37); KINPLACE_ORACLE_SCOPE=full: 1.27-1.37; KINPLACE_ADMIT_MINORS="1.29 1.33" or
// "all" picks them. KINPLACE_ADMIT_CASES sets the requests per minor (default 800), KINPLACE_K8S_SEED the seed,
// KINPLACE_ADMIT_DUMP a file to append mismatches to.

import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { ADMIT_MINORS, admissionRequests } from "./resize-admission-arbitraries.ts";
import { compareWithOracle, suiteMinors, useOracle } from "./validate-compare.ts";

const TARGET_MINORS = suiteMinors("KINPLACE_ADMIT_MINORS", ADMIT_MINORS).filter((m) => ADMIT_MINORS.includes(m));
const CASES = Number(process.env.KINPLACE_ADMIT_CASES ?? 800);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const DUMP = process.env.KINPLACE_ADMIT_DUMP;
const TIME_LIMIT = 1_800_000;

useOracle();

TARGET_MINORS.forEach((minor, i) => {
  test(`kubelet.resizeAdmission agrees with kubelet ${minor} (${CASES} resizes)`, { timeout: TIME_LIMIT }, async () => {
    const lines = admissionRequests(minor, CASES, SEED + i);
    const statuses = new Set<string>();
    const { bad, counted } = await compareWithOracle(lines, (a) => JSON.parse(a), (a) => {
      const v = JSON.parse(a);
      if (v.ok) statuses.add(v.result.status);
      return v.ok && v.result.status === "Admitted";
    });
    if (DUMP && bad.length > 0) writeFileSync(DUMP, bad.join("\n\n") + "\n", { flag: "a" });
    assert.equal(bad.length, 0, `${minor}: KINPLACE_K8S_SEED=${SEED}: ${bad.length} of ${lines.length} answers differ; first:\n\n${bad.slice(0, 3).join("\n\n")}`);
    // the generator aims near the node's boundaries: far from half admitted means it stopped exercising one side
    assert.ok(counted > CASES * 0.25 && counted < CASES * 0.75, `${counted} of ${CASES} resizes admitted`);
    assert.deepEqual([...statuses].sort(), ["Admitted", "Deferred", "Infeasible"], `${minor}: statuses seen`);
  });
});
