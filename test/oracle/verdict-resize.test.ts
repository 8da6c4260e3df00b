// Differential suite for the `verdict` of a Pod whose resources change (test/oracle/verdict-resize-cases.ts): the
// engine against the Go verdict oracle of each minor with the pods/resize subresource (harness/verdict_pod.go with
// resize.go's strategy: a change of resources alone goes to the subresource, anything else to the pod update).
// Verdict, containers, subresource and the refusal's text must agree. Minors: CI runs the newest;
// KINPLACE_ORACLE_SCOPE=full all of 1.32-1.37; KINPLACE_RESIZE_MINORS picks them; KINPLACE_RESIZE_PAIRS sets
// the requests per minor (default 500), KINPLACE_K8S_SEED the seed.

import { test } from "node:test";
import assert from "node:assert/strict";
import { engineAnswers } from "./k8s-drive.ts";
import { runOracle } from "./run.ts";
import { useOracle } from "./validate-compare.ts";
import { RESIZE_MINORS, resizeVerdictLines, resizeVerdictCore } from "./verdict-resize-cases.ts";
import { SCOPE, minorsFromEnv } from "./scope.ts";

const MINORS = minorsFromEnv("KINPLACE_RESIZE_MINORS", SCOPE === "full" ? RESIZE_MINORS : ["1.37"]);
const PAIRS = Number(process.env.KINPLACE_RESIZE_PAIRS ?? 500);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);

useOracle();

MINORS.forEach((minor, i) => {
  test(`verdict of a Pod resize agrees with Kubernetes ${minor} (${PAIRS} pairs)`, { timeout: 1_800_000 }, async () => {
    const lines = resizeVerdictLines(minor, PAIRS, SEED + i);
    const [oracle, engine] = [await runOracle(lines), engineAnswers(lines)];
    const bad: string[] = [];
    const seen = new Set<string>();
    oracle.forEach((o, k) => {
      const want = resizeVerdictCore(o), got = resizeVerdictCore(engine[k]!);
      if (want.ok) seen.add(`${want.core!.subresource ?? "update"} ${want.core!.verdict}`);
      if (JSON.stringify(want) !== JSON.stringify(got)) bad.push(`${lines[k]!.slice(0, 600)}\n  oracle: ${JSON.stringify(want).slice(0, 800)}\n  engine: ${JSON.stringify(got).slice(0, 800)}`);
    });
    assert.equal(bad.length, 0, `KINPLACE_K8S_SEED=${SEED}: ${bad.length} of ${lines.length} verdicts differ; first:\n\n${bad.slice(0, 3).join("\n\n")}`);
    // both routes and both outcomes of the subresource were exercised
    for (const want of ["resize in-place", "resize rejected", "update rejected"]) assert.ok(seen.has(want), `no case gave ${want}: ${[...seen].join(", ")}`);
  });
});
