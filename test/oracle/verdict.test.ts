// Differential suite for the `verdict` op: realistic revision pairs (test/oracle/verdict-edits.ts) of
// every kind the engine answers, judged by the engine and by the Go oracle composed of the real
// controllers' comparisons and the real patch libraries (test/oracle/verdict-oracle.ts): verdict,
// strategy and per-container actions must agree exactly (errors by code); on a subset, the reasons'
// template paths and the patches too (test/support/verdict-check.ts). Needs Go.
// KINPLACE_VERDICT_PAIRS (default 5000) sets the pairs per run, KINPLACE_K8S_SEED the seed,
// KINPLACE_VERDICT_KINDS narrows the OpenKruise kinds (local iteration only).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { engineAnswers } from "./k8s-drive.ts";
import { buildAll, goAvailable, stopOracle } from "./run.ts";
import { expectations, verdictCases, verdictRequest, NATIVE, NATIVE_MINORS } from "./verdict-oracle.ts";
import { scopedMinors } from "./scope.ts";
import { checkVerdict } from "../support/verdict-check.ts";

const PAIRS = Number(process.env.KINPLACE_VERDICT_PAIRS ?? 5000);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const KRUISE = ["CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"].filter((k) => (process.env.KINPLACE_VERDICT_KINDS ?? k).split(/\s+/).includes(k));
const PATCH_EVERY = 8;
const TIME_LIMIT = 1_800_000;

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

test(`verdict agrees with the controllers' own comparisons and the patch libraries (${PAIRS} realistic pairs)`, { timeout: TIME_LIMIT }, async () => {
  const cases = verdictCases(PAIRS, SEED, KRUISE, scopedMinors(NATIVE_MINORS, "kube"));
  assert.ok(cases.length >= PAIRS);
  const expected = await expectations(cases, (i) => i % PATCH_EVERY === 0);
  const actual = engineAnswers(cases.map(verdictRequest)).map((l) => JSON.parse(l));
  const failures: string[] = [];
  const seen: Record<string, number> = {};
  cases.forEach((c, i) => {
    const e = expected[i]!;
    assert.ok(e.ok, `the oracle refused a generated pair: ${JSON.stringify(e)} for ${verdictRequest(c).slice(0, 300)}`);
    seen[`${c.kind} ${e.core!.verdict}`] = (seen[`${c.kind} ${e.core!.verdict}`] ?? 0) + 1;
    try {
      checkVerdict(actual[i], e);
    } catch (err) {
      failures.push(`KINPLACE_K8S_SEED=${SEED} ${c.kind} ${c.minor ?? ""} edits ${c.edits.join(", ")}: ${(err as Error).message.slice(0, 700)}\nrequest: ${verdictRequest(c).slice(0, 400)}`);
    }
  });
  assert.equal(failures.length, 0, `${failures.length} of ${cases.length} verdicts differ; the first ones:\n\n${failures.slice(0, 3).join("\n\n")}`);
  // every kind sees both outcomes (the generator is not degenerate)
  for (const kind of [...NATIVE, ...KRUISE]) {
    assert.ok((seen[`${kind} recreate`] ?? 0) > 0 && (seen[`${kind} none`] ?? 0) > 0, `${kind}: ${JSON.stringify(seen)}`);
  }
  assert.ok(["none", "in-place", "rejected"].every((v) => (seen[`Pod ${v}`] ?? 0) > 0), `Pod: ${JSON.stringify(seen)}`);
  for (const kind of KRUISE) {
    const want = kind === "AdvancedDaemonSet" ? ["in-place"] : ["in-place", "rejected"];
    assert.ok(want.every((v) => (seen[`${kind} ${v}`] ?? 0) > 0), `${kind}: ${JSON.stringify(seen)}`);
  }
});
