// Differential suite for the CloneSet planner (`rollout.cloneset`'s `diffs`) at the OpenKruise releases before v1.9
// (`kruise: "1.5"` .. `"1.8"`, whose CloneSet controller reads v1alpha1 as the planner does): generated CloneSets and
// pods, the engine's expectation diffs of the scale and the update paths against the real
// calculateDiffsWithExpectation of each release (the Kruise builds' kruise.cloneSetDiffs, harness
// kruise_clonesetdiffs.go; gates CloneSetPartitionRollback / PreparingUpdateAsUpdate and the
// --cloneset-scaling-exclude-preparing-delete flag set per request). The oracle reads the real clock for pod
// availability, so every request's `now` is the time of the run and the pods' times are taken from it.
// Releases: KINPLACE_KRUISE_ROLLOUT_RELEASES, else those of CI_KRUISE_RELEASES before 1.9; KINPLACE_KRUISE_ROLLOUT_STATES
// (default 300 per release) sets the CloneSets, each asked on both paths; KINPLACE_KRUISE_ROLLOUT_VECTORS=DIR writes the
// engine's requests with the oracle's diffs to DIR/kruise-rollout.jsonl.gz (replayed by test/kruise-releases-everywhere.test.ts).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { engineAnswers } from "./k8s-drive.ts";
import { buildAll, goAvailable, runOracle, stopOracle } from "./run.ts";
import { CI_KRUISE_RELEASES } from "./scope.ts";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const STATES = Number(process.env.KINPLACE_KRUISE_ROLLOUT_STATES ?? 300);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const RELEASES = process.env.KINPLACE_KRUISE_ROLLOUT_RELEASES?.split(/[\s,]+/).filter(Boolean) ?? CI_KRUISE_RELEASES.filter((r) => r !== "1.9");

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
const VECTORS = process.env.KINPLACE_KRUISE_ROLLOUT_VECTORS;
const written: string[] = [];
after(() => {
  stopOracle();
  if (VECTORS) writeFileSync(join(VECTORS, "kruise-rollout.jsonl.gz"), gzipSync(written.join("\n") + "\n", { level: 9 }));
});

type Obj = Record<string, any>;
const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");
const intOrPercent = (max: number) => fc.oneof(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 100 }).map((n) => `${n}%`));

const podArb = fc.record({
  rev: fc.constantFrom("web-r1", "web-r2", "r2", "web-r3"),
  state: fc.constantFrom("", "", "", "Normal", "PreparingNormal", "PreparingUpdate", "Updating", "Updated", "PreparingDelete"),
  running: fc.boolean(),
  ready: fc.constantFrom("long", "long", "recent", "none"),
  inPlaceReady: fc.constantFrom(undefined, undefined, "True", "False"),
  del: fc.constantFrom(false, false, false, true),
  deleting: fc.constantFrom(false, false, false, false, true),
});
const stateArb = fc.record({
  replicas: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }),
  pods: fc.array(podArb, { maxLength: 10 }),
  type: fc.constantFrom("ReCreate", "InPlaceIfPossible", "InPlaceOnly"),
  partition: fc.option(intOrPercent(10), { nil: undefined }),
  maxUnavailable: fc.option(intOrPercent(4), { nil: undefined }),
  maxSurge: fc.option(intOrPercent(3), { nil: undefined }),
  scaleMaxUnavailable: fc.option(intOrPercent(3), { nil: undefined }),
  paused: fc.boolean(),
  minReady: fc.constantFrom(0, 0, 30),
  toDelete: fc.boolean(),
  excludeLabel: fc.boolean(),
  excludeFlag: fc.constantFrom(false, false, true),
  rollback: fc.boolean(),
  preparingAsUpdate: fc.boolean(),
  same: fc.constantFrom(false, false, false, true),
});

/** The engine and oracle requests of one generated state at release `k`, `now` ms. */
function requests(s: Obj, k: string, now: number, i: number): [string, string][] {
  const pods = (s.pods as Obj[]).map((p, j) => {
    const labels: Obj = { app: "web", "controller-revision-hash": p.rev };
    if (p.state) labels["lifecycle.apps.kruise.io/state"] = p.state;
    if (p.del) labels["apps.kruise.io/specified-delete"] = "true";
    const conditions: Obj[] = [];
    if (p.ready !== "none") conditions.push({ type: "Ready", status: "True", lastTransitionTime: iso(now - (p.ready === "long" ? 3600_000 : 5_000)) });
    if (p.inPlaceReady) conditions.push({ type: "InPlaceUpdateReady", status: p.inPlaceReady, lastTransitionTime: iso(now - 3600_000) });
    return {
      metadata: { name: `web-${i}-${j}`, namespace: "default", labels, creationTimestamp: iso(now - 7200_000 + j * 1000), ...(p.deleting ? { deletionTimestamp: iso(now - 1000) } : {}) },
      spec: { containers: [{ name: "app", image: "nginx" }], readinessGates: [{ conditionType: "InPlaceUpdateReady" }] },
      status: { phase: p.running ? "Running" : "Pending", conditions },
    };
  });
  const us: Obj = { type: s.type };
  if (s.partition !== undefined) us.partition = s.partition;
  if (s.maxUnavailable !== undefined) us.maxUnavailable = s.maxUnavailable;
  if (s.maxSurge !== undefined) us.maxSurge = s.maxSurge;
  if (s.paused) us.paused = true;
  const spec: Obj = { selector: { matchLabels: { app: "web" } }, updateStrategy: us, minReadySeconds: s.minReady, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx" }] } } };
  if (s.replicas !== undefined) spec.replicas = s.replicas;
  const ss: Obj = {};
  if (s.scaleMaxUnavailable !== undefined) ss.maxUnavailable = s.scaleMaxUnavailable;
  if (s.toDelete && pods.length > 0) ss.podsToDelete = [pods[0]!.metadata.name];
  if (Object.keys(ss).length) spec.scaleStrategy = ss;
  const cloneSet = { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "web", namespace: "default", labels: s.excludeLabel ? { "apps.kruise.io/cloneset-scaling-exclude-preparing-delete": "true" } : {} }, spec };
  const gates = { CloneSetPartitionRollback: s.rollback, PreparingUpdateAsUpdate: s.preparingAsUpdate };
  const upd = s.same ? "web-r1" : "web-r2";
  const common = { cloneSet, pods, currentRevision: "web-r1", updateRevision: upd, gates, scalingExcludePreparingDelete: s.excludeFlag, kruise: k };
  return (["scale", "update"] as const).map((path) => [
    JSON.stringify({ op: "rollout.cloneset", ...common, now: iso(now), diffsFor: path }),
    JSON.stringify({ op: "kruise.cloneSetDiffs", ...common, scaling: path === "scale" }),
  ]);
}

for (const K of RELEASES) test(`rollout.cloneset diffs agree with OpenKruise's calculateDiffsWithExpectation at kruise "${K}" (${STATES} CloneSets, both paths)`, { timeout: 600_000 }, async () => {
  const states = fc.sample(stateArb, { numRuns: STATES, seed: SEED + Number(K.split(".")[1]) });
  const now = Date.now();
  const pairs = states.flatMap((s, i) => requests(s as Obj, K, now, i));
  const expected = await runOracle(pairs.map((p) => p[1]));
  const actual = engineAnswers(pairs.map((p) => p[0]));
  const failures: string[] = [];
  let moving = 0;
  pairs.forEach(([eng], i) => {
    const e = JSON.parse(expected[i]!) as { ok: boolean; result?: { diffs: Obj }; error?: Obj };
    assert.ok(e.ok, `oracle failed: ${expected[i]!.slice(0, 400)}`);
    const a = JSON.parse(actual[i]!) as { ok: boolean; result?: { diffs: Obj } };
    if (Object.values(e.result!.diffs).some((v) => v !== 0)) moving++;
    if (VECTORS) written.push(JSON.stringify({ request: eng, diffs: e.result!.diffs }));
    try {
      assert.ok(a.ok, actual[i]!.slice(0, 300));
      assert.deepStrictEqual(a.result!.diffs, e.result!.diffs);
    } catch (err) {
      failures.push(`KINPLACE_K8S_SEED=${SEED} ${(err as Error).message.slice(0, 600)}\nrequest: ${eng.slice(0, 1500)}`);
    }
  });
  console.log(`kruise ${K}: ${pairs.length} diffs (${moving} not empty)`);
  assert.ok(moving > pairs.length / 3, `only ${moving} of ${pairs.length} diffs are not empty`);
  assert.equal(failures.length, 0, `${failures.length} of ${pairs.length} diffs differ; the first ones:\n\n${failures.slice(0, 3).join("\n\n")}`);
});
