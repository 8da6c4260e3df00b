// Differential suite of workload.validateUpdate for the OpenKruise kinds: realistic stored CloneSets, Advanced
// StatefulSets and Advanced DaemonSets at every API version a release serves, and realistic edits of them
// (kruise-workload-arbitraries.ts), answered by the engine and by the Go oracle (OpenKruise's CRD defaults,
// mutating webhook and validating webhook of the release, k8s/harness/kruise_workload.go): every answer must
// be the oracle's byte for byte (field paths, error types, upstream's printed values, the API server's
// "admission webhook ... denied the request: ..." text, request errors).
//
// Releases: the ones CI builds (scope.ts CI_KRUISE_RELEASES: kruise "1.9" = v1.9.0, "1.8" = v1.8.3, "1.7" = v1.7.0,
// "1.6" = v1.6.0 and "1.5" = v1.5.5, builds of their own) and any release in the full scope (KINPLACE_ORACLE_SCOPE=full);
// KINPLACE_KRUISE_WORKLOAD_RELEASES="1.7 1.9" picks them (KINPLACE_KRUISE_WORKLOAD_18=1 adds "1.8", its older switch).
// KINPLACE_KRUISE_WORKLOAD_PAIRS sets the updates per (kind, version) (default 300: 1,800 at v1.9.0, 1,200 at
// the releases before it), KINPLACE_KRUISE_WORKLOAD_SETTLED the updates of settled workloads per (kind, version)
// (default a third of that: objects the mutating webhook leaves alone, edited so that the answer shows whether it
// patched), KINPLACE_K8S_SEED the seed, KINPLACE_KRUISE_WORKLOAD_DUMP a file to append mismatches to. The few
// updates whose upstream answer is random (the oracle's E_INTERNAL "nondeterministic upstream answer": an
// InPlaceOnly template edit with several changes, a bad value printed with a pointer) are left out and
// counted. The committed test/vectors/kruise-workload-validate.jsonl.gz comes from make-kruise-workload-vectors.ts.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import fc from "fast-check";
import { KRUISE_KINDS, kruiseSettledLines, kruiseWorkloadLines, kruiseWorkloadRequestErrors, servedVersions, storedKruiseWorkload, type KruiseRelease } from "./kruise-workload-arbitraries.ts";
import { buildAll, goAvailable, runOracle, stopOracle } from "./run.ts";
import { engineAnswers } from "./k8s-drive.ts";
import { CI_KRUISE_RELEASES, SLOW_BUILDS } from "./scope.ts";

const ALL: KruiseRelease[] = ["1.9", "1.8", "1.7", "1.6", "1.5"];
const RELEASES: KruiseRelease[] = process.env.KINPLACE_KRUISE_WORKLOAD_RELEASES
  ? (process.env.KINPLACE_KRUISE_WORKLOAD_RELEASES.split(/[\s,]+/).filter(Boolean) as KruiseRelease[])
  : ALL.filter((r) => SLOW_BUILDS || CI_KRUISE_RELEASES.includes(r) || (r === "1.8" && process.env.KINPLACE_KRUISE_WORKLOAD_18 === "1"));
const PER_VERSION = Number(process.env.KINPLACE_KRUISE_WORKLOAD_PAIRS ?? 300);
const SETTLED = Number(process.env.KINPLACE_KRUISE_WORKLOAD_SETTLED ?? Math.ceil(PER_VERSION / 3));
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const DUMP = process.env.KINPLACE_KRUISE_WORKLOAD_DUMP;
const VERSION: Record<KruiseRelease, string> = { "1.9": "v1.9.0", "1.8": "v1.8.3", "1.7": "v1.7.0", "1.6": "v1.6.0", "1.5": "v1.5.5" };
const TIME_LIMIT = 900_000;

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

for (const r of ALL.filter((x) => !RELEASES.includes(x))) console.log(`kruise ${r}: workload.validateUpdate against ${VERSION[r]} runs with KINPLACE_ORACLE_SCOPE=full; test/vectors/kruise-workload-validate.jsonl.gz is checked by npm test`);

/** Whether the oracle refused to answer because upstream's answer is random. */
const nondeterministic = (answer: string) => answer.includes('"E_INTERNAL"') && answer.includes("nondeterministic upstream answer");
/** Whether the answer prints an empty map or list that only an update stored as sent keeps (no patch). */
const storedAsSent = (answer: string) => answer.includes("map[string]string{}") || answer.includes("Values:[]string{}");
/** Whether a webhook denied the update. */
const refusedAnswer = (answer: string) => answer.startsWith('{"ok":true') && !answer.includes('"message":"","warnings"');

/** Answers the lines by both sides; the mismatches, the refused and the left-out counts. */
async function compare(lines: string[]): Promise<{ bad: string[]; refused: number; dropped: number; asSent: number }> {
  const expected = await runOracle(lines);
  const actual = engineAnswers(lines);
  const bad: string[] = [];
  let refused = 0, dropped = 0, asSent = 0;
  for (let i = 0; i < lines.length; i++) {
    const exp = expected[i]!;
    if (nondeterministic(exp)) { dropped++; continue; }
    assert.ok(!exp.includes('"E_INTERNAL"') && !exp.includes('"E_UNKNOWN_OP"'), `oracle failed on ${lines[i]!.slice(0, 300)}: ${exp.slice(0, 600)}`);
    if (refusedAnswer(exp)) refused++;
    if (storedAsSent(exp)) asSent++;
    if (actual[i] !== exp) bad.push(`request:  ${lines[i]!.slice(0, 3000)}\nexpected: ${exp.slice(0, 3000)}\nactual:   ${actual[i]!.slice(0, 3000)}`);
  }
  return { bad, refused, dropped, asSent };
}

function check(label: string, bad: string[], total: number): void {
  if (DUMP && bad.length > 0) writeFileSync(DUMP, bad.join("\n\n") + "\n", { flag: "a" });
  assert.equal(bad.length, 0, `${label}: KINPLACE_K8S_SEED=${SEED}: ${bad.length} of ${total} answers differ; first:\n\n${bad.slice(0, 3).join("\n\n")}`);
}

RELEASES.forEach((release, r) => {
  const versions = KRUISE_KINDS.reduce((n, k) => n + servedVersions(release, k).length, 0);
  test(`workload.validateUpdate agrees with OpenKruise ${VERSION[release]}'s webhooks (${(PER_VERSION + SETTLED) * versions} updates)`, { timeout: TIME_LIMIT }, async () => {
    const settled = kruiseSettledLines(release, SETTLED, SEED + 100 * r + 50);
    const lines = [...kruiseWorkloadLines(release, PER_VERSION, SEED + 100 * r), ...settled];
    const { bad, refused, dropped, asSent } = await compare(lines);
    console.log(`kruise ${release}: ${lines.length} updates (${settled.length} of settled workloads), ${refused} refused by a webhook, ${asSent} showing an object stored as sent, ${dropped} left out (nondeterministic upstream answer), seed ${SEED}`);
    // the generators aim at about half refused: far from it means they stopped exercising one side
    assert.ok(refused > lines.length * 0.25 && refused < lines.length * 0.75, `${refused} of ${lines.length} updates refused by the oracle`);
    assert.ok(dropped < lines.length * 0.04, `${dropped} of ${lines.length} updates have a random upstream answer`);
    // the settled workloads exist to reach the mutating webhook's no-patch answer, visible as an emptied map or list kept
    if (settled.length > 0) assert.ok(asSent > settled.length * 0.05, `${asSent} of ${settled.length} settled updates show an object stored as sent`);
    check(`kruise ${release}`, bad, lines.length);
  });

  test(`workload.validateUpdate at OpenKruise ${VERSION[release]}: request errors agree`, { timeout: TIME_LIMIT }, async () => {
    const lines: string[] = [];
    let i = 0;
    for (const kind of KRUISE_KINDS) {
      for (const version of servedVersions(release, kind)) {
        const [stored] = fc.sample(storedKruiseWorkload(release, kind, version), { numRuns: 1, seed: SEED + 1000 + 10 * r + i++ });
        lines.push(...kruiseWorkloadRequestErrors(release, kind, stored!));
      }
    }
    const { bad, dropped } = await compare(lines);
    assert.equal(dropped, 0);
    check(`kruise ${release} request errors`, bad, lines.length);
  });
});
