// Differential suite of kruise.preDownload (OpenKruise's image pre-download before in-place updates): generated
// CloneSets, Advanced StatefulSets and Advanced DaemonSets with their revisions, status and pods
// (kruise-predownload-gen.ts), answered by the engine and by the Go oracle, which runs the controllers' own
// createImagePullJobsForInPlaceUpdate and imagejob.GetNodeImagesForJob (k8s/harness/kruise_predownload.go):
// every answer (reason, message, the ImagePullJob bytes, the revision patch, the nodes, request errors) must be
// the oracle's byte for byte. Known answers pin the docs/ops.md example and one case per kind.
//
// Releases: kruise "1.9" (v1.9.0) and "1.5" (v1.5.5) in the CI scope (CI_KRUISE_RELEASES: the builds CI pays for);
// "1.6" (v1.6.0), "1.7" (v1.7.0) and "1.8" (v1.8.3), each a build of its own, in the full scope
// (KINPLACE_ORACLE_SCOPE=full). KINPLACE_KRUISE_PREDOWNLOAD_RELEASES ("1.6 1.8") picks releases explicitly
// (KINPLACE_KRUISE_PREDOWNLOAD_18=1, its older switch, adds "1.8"). KINPLACE_KRUISE_PREDOWNLOAD_CASES sets the
// requests per release (default 1,200), KINPLACE_K8S_SEED the seed. The committed
// test/vectors/kruise-predownload.jsonl.gz comes from make-kruise-predownload-vectors.ts.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { preDownloadErrorLines, preDownloadLines, RELEASES as ALL_RELEASES, VERSION, type Release } from "./kruise-predownload-gen.ts";
import { buildAll, goAvailable, runOracle, stopOracle } from "./run.ts";
import { engineAnswers } from "./k8s-drive.ts";
import { CI_KRUISE_RELEASES, SLOW_BUILDS } from "./scope.ts";
import { knownPreDownload } from "../support/kruise-predownload-known.ts";

/** The releases this run checks, newest first. */
function releasesOfRun(): Release[] {
  const named = (process.env.KINPLACE_KRUISE_PREDOWNLOAD_RELEASES ?? "").split(/[\s,]+/).filter(Boolean);
  for (const n of named) assert.ok((ALL_RELEASES as string[]).includes(n), `KINPLACE_KRUISE_PREDOWNLOAD_RELEASES: unknown release ${n}`);
  const picked = new Set<string>(named.length > 0 ? named : SLOW_BUILDS ? ALL_RELEASES : CI_KRUISE_RELEASES);
  if (process.env.KINPLACE_KRUISE_PREDOWNLOAD_18 === "1") picked.add("1.8");
  return ALL_RELEASES.filter((r) => picked.has(r)).reverse();
}
const RELEASES = releasesOfRun();
const CASES = Number(process.env.KINPLACE_KRUISE_PREDOWNLOAD_CASES ?? 1200);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const TIME_LIMIT = 900_000;

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

for (const r of ALL_RELEASES.filter((x) => !RELEASES.includes(x))) console.log(`kruise ${r}: kruise.preDownload against ${VERSION[r]} runs with KINPLACE_ORACLE_SCOPE=full (or KINPLACE_KRUISE_PREDOWNLOAD_RELEASES); test/vectors/kruise-predownload.jsonl.gz is checked by npm test`);

/** The mismatches of the engine against the oracle over `lines`, and the reasons the oracle gave. */
async function compare(lines: string[]): Promise<{ bad: string[]; reasons: Map<string, number> }> {
  const expected = await runOracle(lines);
  const actual = engineAnswers(lines);
  const bad: string[] = [];
  const reasons = new Map<string, number>();
  for (let i = 0; i < lines.length; i++) {
    const exp = expected[i]!;
    assert.ok(!exp.includes('"E_INTERNAL"') && !exp.includes('"E_UNKNOWN_OP"'), `oracle failed on ${lines[i]!.slice(0, 300)}: ${exp.slice(0, 600)}`);
    const a = JSON.parse(exp) as { ok: boolean; result?: { reason: string }; error?: { code: string } };
    const r = a.ok ? a.result!.reason : a.error!.code;
    reasons.set(r, (reasons.get(r) ?? 0) + 1);
    if (actual[i] !== exp) bad.push(`request:  ${lines[i]!.slice(0, 3000)}\nexpected: ${exp.slice(0, 3000)}\nactual:   ${actual[i]!.slice(0, 3000)}`);
  }
  return { bad, reasons };
}

for (const [r, release] of RELEASES.entries()) {
  test(`kruise.preDownload agrees with OpenKruise ${VERSION[release]}'s controllers (${CASES} generated requests)`, { timeout: TIME_LIMIT }, async () => {
    const lines = preDownloadLines(release, CASES, SEED + 1000 * r);
    const { bad, reasons } = await compare(lines);
    console.log(`kruise ${release}: ${lines.length} requests, seed ${SEED}: ${JSON.stringify([...reasons].sort((a, b) => b[1] - a[1]))}`);
    // every branch of the controllers is reached
    for (const reason of ["created", "no-image-change", "gate-off", "same-revision", "waiting-updated-ready", "already-created", "already-ignored", "recreate-update", "few-replicas", "one-batch", "not-in-place", "partition-error"]) {
      assert.ok((reasons.get(reason) ?? 0) > 0, `no generated request reached ${reason}`);
    }
    assert.ok((reasons.get("created") ?? 0) > lines.length * 0.1, "too few requests create jobs");
    assert.equal(bad.length, 0, `KINPLACE_K8S_SEED=${SEED}: ${bad.length} of ${lines.length} answers differ; first:\n\n${bad.slice(0, 3).join("\n\n")}`);
  });

  test(`kruise.preDownload at OpenKruise ${release}: request errors agree`, { timeout: TIME_LIMIT }, async () => {
    const lines = preDownloadErrorLines(release);
    const { bad, reasons } = await compare(lines);
    assert.ok((reasons.get("E_BAD_REQUEST") ?? 0) > lines.length / 2, JSON.stringify([...reasons]));
    assert.equal(bad.length, 0, `${bad.length} of ${lines.length} answers differ; first:\n\n${bad.slice(0, 3).join("\n\n")}`);
  });
}

test("kruise.preDownload: known answers (docs/ops.md's CloneSet with a partition, one case per kind) agree with the oracle", { timeout: TIME_LIMIT }, async () => {
  const cases = knownPreDownload();
  const lines = cases.map((c) => JSON.stringify(c.request));
  const expected = await runOracle(lines);
  const actual = engineAnswers(lines);
  cases.forEach((c, i) => {
    assert.equal(actual[i], expected[i], `${c.name}: engine and oracle differ`);
    c.check(JSON.parse(expected[i]!));
  });
});
