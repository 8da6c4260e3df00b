// Differential suite for the `verdict` of the OpenKruise kinds at every OpenKruise release (`kruise: "1.5"` .. `"1.9"`):
// realistic CloneSet, Advanced StatefulSet and Advanced DaemonSet revision pairs under each update strategy
// (test/oracle/verdict-edits.ts), judged by the engine and by the Kruise build of that release (the objects decoded
// into the release's own types at the Kubernetes minor it pins, its webhooks, its in-place rules; harness
// verdict.go / kruise_verdict.go): verdict, strategy, containers and (every 4th pair) the template patches must agree.
// Releases: KINPLACE_KRUISE_VERDICT_RELEASES, else every release CI builds (scope.ts CI_KRUISE_RELEASES);
// KINPLACE_KRUISE_VERDICT_PAIRS (default 240 per release) sets the pairs; KINPLACE_KRUISE_VERDICT_VECTORS=DIR writes
// DIR/kruise-verdict.jsonl.gz (test/vectors/, replayed by test/kruise-revision.test.ts).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { engineAnswers } from "./k8s-drive.ts";
import { buildAll, goAvailable, stopOracle } from "./run.ts";
import { expectations, verdictCases, verdictRequest } from "./verdict-oracle.ts";
import { CI_KRUISE_RELEASES } from "./scope.ts";
import { checkVerdict } from "../support/verdict-check.ts";

const PAIRS = Number(process.env.KINPLACE_KRUISE_VERDICT_PAIRS ?? 240);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const RELEASES = process.env.KINPLACE_KRUISE_VERDICT_RELEASES?.split(/[\s,]+/).filter(Boolean) ?? CI_KRUISE_RELEASES;
const VECTORS = process.env.KINPLACE_KRUISE_VERDICT_VECTORS;
const KRUISE = ["CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"];
const written: string[] = [];

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => {
  stopOracle();
  if (VECTORS) writeFileSync(join(VECTORS, "kruise-verdict.jsonl.gz"), gzipSync(written.join("\n") + "\n", { level: 9 }));
});

/** The gates a release has (older releases refuse the others as unknown). */
function gatesFor(g: Record<string, boolean> | undefined, k: string): Record<string, boolean> | undefined {
  if (!g || Number(k.split(".")[1]) >= 8) return g;
  const { InPlaceWorkloadVerticalScaling: _, ...rest } = g;
  return Object.keys(rest).length ? rest : undefined;
}

/** Pod fields newer than some releases' pinned minors (1.25 hostUsers, 1.26 schedulingGates, 1.27 resizePolicy, 1.32
 *  pod-level resources): a release whose types lack one drops it on decode, so the same edit is no change there. */
const NEWER: ((spec: Record<string, any>) => void)[] = [
  (s) => { s.hostUsers = false; },
  (s) => { s.schedulingGates = [{ name: "example.com/gate" }]; },
  (s) => { if (s.containers?.[0]) s.containers[0].resizePolicy = [{ resourceName: "cpu", restartPolicy: "NotRequired" }]; },
  (s) => { s.resources = { limits: { cpu: "4", memory: "8Gi" } }; },
];

/** Every third case gets one newer Pod field in its new template (the case's edits name it). */
function withNewerField<T extends { new: Record<string, any>; edits: string[] }>(c: T, i: number): T {
  if (i % 3 !== 0) return c;
  const n = structuredClone(c.new);
  const spec = n.spec?.template?.spec;
  if (!spec) return c;
  const k = Math.floor(i / 3) % NEWER.length;
  NEWER[k]!(spec);
  return { ...c, new: n, edits: [...c.edits, `newer field ${k}`] };
}

for (const K of RELEASES) test(`verdict of the OpenKruise kinds agrees with OpenKruise at kruise "${K}" (${PAIRS} pairs)`, { timeout: 900_000 }, async () => {
  const cases = verdictCases(PAIRS, SEED + 97 * Number(K.split(".")[1]), KRUISE, []).map(withNewerField).map((c, i) => ({ ...c, gates: gatesFor(c.gates, K), ...(K !== "1.9" || i % 2 ? { kruise: K } : {}) }));
  const expected = await expectations(cases, (i) => i % 4 === 0);
  const actual = engineAnswers(cases.map(verdictRequest)).map((l) => JSON.parse(l));
  const failures: string[] = [];
  const seen: Record<string, number> = {};
  cases.forEach((c, i) => {
    const e = expected[i]!;
    if (VECTORS) written.push(JSON.stringify({ note: `${c.kind} kruise ${K}: ${c.edits.join(", ")}`, request: verdictRequest(c), expect: e }));
    const key = `${c.kind} ${e.ok ? e.core!.verdict : e.code}`;
    seen[key] = (seen[key] ?? 0) + 1;
    try {
      checkVerdict(actual[i], e);
    } catch (err) {
      failures.push(`KINPLACE_K8S_SEED=${SEED} ${c.kind} kruise ${K} edits ${c.edits.join(", ")}: ${(err as Error).message.slice(0, 700)}\nrequest: ${verdictRequest(c).slice(0, 600)}`);
    }
  });
  console.log(`kruise ${K}: ${cases.length} verdicts ${JSON.stringify(seen)}`);
  assert.equal(failures.length, 0, `${failures.length} of ${cases.length} verdicts differ; the first ones:\n\n${failures.slice(0, 3).join("\n\n")}`);
  // every kind recreates somewhere; CloneSets and Advanced DaemonSets also update in place (an Advanced StatefulSet does so
  // only with the readiness gate, too rarely to ask of every run)
  for (const kind of KRUISE) assert.ok((seen[`${kind} recreate`] ?? 0) > 0, `${kind}: ${JSON.stringify(seen)}`);
  for (const kind of ["CloneSet", "AdvancedDaemonSet"]) assert.ok((seen[`${kind} in-place`] ?? 0) > 0, `${kind}: ${JSON.stringify(seen)}`);
});
