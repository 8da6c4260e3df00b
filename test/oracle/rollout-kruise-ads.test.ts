// Differential suite for the Advanced DaemonSet planner (`rollout.advancedDaemonSet`) at every OpenKruise release
// (`kruise: "1.5"` .. `"1.9"`): generated syncs (rollout-kruise-ads-gen.ts) answered by the real controller of each
// release (the Kruise builds' kruise.daemonSetSync, harness kruise_dssync.go: manage, the expectations check, paused,
// the strategy type and rollingUpdate of a ReconcileDaemonSet over fake listers and clients) and by the engine, given
// the nodes' scheduling predicates the controller evaluated and the order its Go map walk took (`walkOrder`), compared
// by test/support/ads-sync-check.ts. Every request runs at the fixed time NOW (the controller's clock is a fake one).
// Releases: KINPLACE_KRUISE_ADS_RELEASES, else CI_KRUISE_RELEASES; KINPLACE_KRUISE_ADS_CASES sets the syncs per release
// (default 3,000 in the full scope, 1,000 in CI); KINPLACE_KRUISE_ADS_VECTORS=DIR writes the engine's requests with the
// oracle's answers to DIR/kruise-ads-rollout.jsonl.gz (per release the first 100 syncs and then those that replaced
// pods, 200 in all; replayed by test/kruise-releases-everywhere.test.ts).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { engineAnswers } from "./k8s-drive.ts";
import { buildAll, goAvailable, runOracle, stopOracle } from "./run.ts";
import { CI_KRUISE_RELEASES, SCOPE } from "./scope.ts";
import { adsCase, engineRequest, oracleRequest, type Obj } from "./rollout-kruise-ads-gen.ts";
import { checkAdsSync } from "../support/ads-sync-check.ts";

const CASES = Number(process.env.KINPLACE_KRUISE_ADS_CASES ?? (SCOPE === "full" ? 3000 : 1000));
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const RELEASES = process.env.KINPLACE_KRUISE_ADS_RELEASES?.split(/[\s,]+/).filter(Boolean) ?? CI_KRUISE_RELEASES;
const VECTORS = process.env.KINPLACE_KRUISE_ADS_VECTORS;
/** Vectors written per release: the first FIRST_VECTORS syncs, then those whose rolling update picked pods. */
const VECTORS_PER_RELEASE = 200;
const FIRST_VECTORS = 100;

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
const written: string[] = [];
after(() => {
  stopOracle();
  if (VECTORS) writeFileSync(join(VECTORS, "kruise-ads-rollout.jsonl.gz"), gzipSync(written.join("\n") + "\n", { level: 9 }));
});

for (const K of RELEASES) test(`rollout.advancedDaemonSet agrees with OpenKruise's Advanced DaemonSet controller at kruise "${K}" (${CASES} syncs)`, { timeout: 900_000 }, async () => {
  const cases = Array.from({ length: CASES }, (_, i) => adsCase(K, SEED, i));
  const expected = await runOracle(cases.map(oracleRequest));
  const oracle = expected.map((line, i) => {
    const a = JSON.parse(line) as { ok: boolean; result?: Obj };
    assert.ok(a.ok, `oracle failed (KINPLACE_K8S_SEED=${SEED}, case ${i}): ${line.slice(0, 400)}`);
    return a.result!;
  });
  const requests = cases.map((c, i) => engineRequest(c, oracle[i]!));
  const actual = engineAnswers(requests);
  const failures: string[] = [];
  let kept = 0;
  const seen = { rolled: 0, surge: 0, picked: 0, inPlace: 0, deferred: 0, deleted: 0, created: 0, manage: 0, paused: 0, onDelete: 0, error: 0, preparingDelete: 0 };
  requests.forEach((req, i) => {
    const o = oracle[i]!;
    if (o.rollingUpdate) seen.rolled++;
    if (o.rollingUpdate?.numSurge !== undefined) seen.surge++;
    if (o.rollingUpdate?.pick > 0) seen.picked++;
    if (o.rollingUpdate?.inPlace.length) seen.inPlace++;
    if (o.rollingUpdate?.deferred.length) seen.deferred++;
    if (o.delete.length) seen.deleted++;
    if (o.create.length) seen.created++;
    if (o.reason === "manage") seen.manage++;
    if (o.reason === "paused") seen.paused++;
    if (o.reason === "onDelete") seen.onDelete++;
    if (o.reason === "error") seen.error++;
    if (o.preparingDelete.length) seen.preparingDelete++;
    if (VECTORS && kept < VECTORS_PER_RELEASE && (i < FIRST_VECTORS || o.rollingUpdate?.pick > 0)) {
      written.push(JSON.stringify({ request: req, oracle: o }));
      kept++;
    }
    const a = JSON.parse(actual[i]!) as { ok: boolean; result?: Obj };
    try {
      assert.ok(a.ok, actual[i]!.slice(0, 300));
      checkAdsSync(a.result!, o);
    } catch (err) {
      failures.push(`KINPLACE_K8S_SEED=${SEED} case ${i}: ${(err as Error).message.slice(0, 900)}\nengine: ${actual[i]!.slice(0, 1500)}\noracle: ${JSON.stringify(o).slice(0, 1500)}`);
    }
  });
  console.log(`kruise ${K}: ${CASES} syncs, ${failures.length} mismatches; ${JSON.stringify(seen)}`);
  // the generator reaches every path the comparison covers
  for (const [k, v] of Object.entries(seen)) assert.ok(v > 0 || CASES < 200, `no sync with ${k} among ${CASES}`);
  assert.ok(seen.rolled > CASES / 4, `only ${seen.rolled} of ${CASES} syncs ran the rolling update`);
  assert.equal(failures.length, 0, `${failures.length} of ${CASES} syncs differ; the first ones:\n\n${failures.slice(0, 3).join("\n\n")}`);
});
