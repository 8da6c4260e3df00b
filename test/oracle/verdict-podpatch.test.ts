// Differential suite for `verdict` patches.pod on the OpenKruise kinds: the engine's pod patch against the
// pod update the real controller code sends (test/oracle/verdict-podpatch-cases.ts, `kruise.verdictPod`
// in the Kruise builds), for Kruise v1.9.0 and v1.8.3, and on v1.9.0 the resize each pod gets with the API
// server's answer to it (test/oracle/kruise-resize-compose.ts). Zero mismatches; in-place outcomes with and
// without a grace period are seen for every kind, resizes taken and refused on v1.9.0. Needs Go.
// KINPLACE_PODPATCH_PAIRS (default 300 per release) sets the pairs, KINPLACE_K8S_SEED the seed,
// KINPLACE_PODPATCH_RELEASES the releases (default "1.9 1.8"; "1.5" .. "1.7" answer from their own builds).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { engineAnswers } from "./k8s-drive.ts";
import { buildAll, goAvailable, stopOracle } from "./run.ts";
import { SCOPE } from "./scope.ts";
import { podPatchCases, podExpectations, engineRequest, podMismatch } from "./verdict-podpatch-cases.ts";

const PAIRS = Number(process.env.KINPLACE_PODPATCH_PAIRS ?? 300);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

const RELEASES = process.env.KINPLACE_PODPATCH_RELEASES?.split(/[\s,]+/).filter(Boolean) ?? ["1.9", "1.8"];
for (const kruise of RELEASES) {
  test(`verdict patches.pod = the pod update Kruise ${kruise} sends (${PAIRS} realistic pairs)`, { timeout: 900_000 }, async () => {
    const cases = podPatchCases(PAIRS, SEED, kruise);
    const expected = await podExpectations(cases);
    const actual = engineAnswers(cases.map(engineRequest));
    const failures: string[] = [];
    const seen: Record<string, number> = {};
    cases.forEach((c, i) => {
      const e = expected[i]!;
      const grace = JSON.stringify(c.fields.new).includes("gracePeriodSeconds\":") && JSON.stringify(c.fields.new).includes("inPlaceUpdateStrategy");
      if (e.ok) seen[`${c.kind} ${e.verdict}${e.verdict === "in-place" && grace ? " grace" : ""}`] = (seen[`${c.kind} ${e.verdict}${e.verdict === "in-place" && grace ? " grace" : ""}`] ?? 0) + 1;
      if (e.ok && e.resize) seen[`resize ${e.rejection ? "refused" : "accepted"}`] = (seen[`resize ${e.rejection ? "refused" : "accepted"}`] ?? 0) + 1;
      const m = podMismatch(actual[i]!, e);
      if (m) failures.push(`KINPLACE_K8S_SEED=${SEED} ${c.kind} edits ${c.edits.join(", ")}: ${m}\nrequest: ${engineRequest(c).slice(0, 600)}`);
    });
    assert.equal(failures.length, 0, `${failures.length} of ${cases.length} pod patches differ; the first ones:\n\n${failures.slice(0, 3).join("\n\n")}`);
    // v1.9 resizes through the subresource: the servers take resizes and (1.32 without the gate, 1.33's memory rule:
    // full scope; CI's only server, 1.37, takes what the Kruise webhooks let through) refuse some
    if (kruise === "1.9") assert.ok((seen["resize accepted"] ?? 0) > 0 && (SCOPE !== "full" || (seen["resize refused"] ?? 0) > 0), JSON.stringify(seen));
    for (const kind of ["CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"]) {
      assert.ok((seen[`${kind} in-place`] ?? 0) > 0, `${kind}: ${JSON.stringify(seen)}`);
      if (kind !== "AdvancedDaemonSet") assert.ok((seen[`${kind} in-place grace`] ?? 0) > 0, `${kind}: ${JSON.stringify(seen)}`);
    }
  });
}
