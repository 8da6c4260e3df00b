// Writes test/vectors/kruise-workload-validate.jsonl.gz: workload.validateUpdate requests for the OpenKruise
// kinds (realistic stored CloneSets, Advanced StatefulSets and Advanced DaemonSets and edits of them from
// kruise-workload-arbitraries.ts, at every API version each release serves, plus request errors for every
// kind, then updates of settled workloads whose answer shows whether the mutating webhook patched), for every Kruise
// build (kruise "1.9": openkruise/kruise v1.9.0, "1.8": v1.8.3, "1.7": v1.7.0, "1.6": v1.6.0, "1.5": v1.5.5), each
// answered by
// the Go oracle through its router (k8s/harness/kruise_workload.go: CRD defaults, the mutating and the
// validating webhook of the release). The oracle refuses to answer the few generated updates whose upstream
// answer is random (E_INTERNAL "nondeterministic upstream answer": an InPlaceOnly template edit with several
// changes, a printed pointer); they are left out and counted.
//
//   node --import tsx test/oracle/make-kruise-workload-vectors.ts [PER_VERSION [SETTLED_PER_VERSION]]
//
// KINPLACE_K8S_SEED changes the seed (default 20261129); KINPLACE_KRUISE_WORKLOAD_OUT the output path.

import fc from "fast-check";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { KRUISE_KINDS, kruiseSettledLines, kruiseWorkloadLines, kruiseWorkloadRequestErrors, servedVersions, storedKruiseWorkload, type KruiseRelease } from "./kruise-workload-arbitraries.ts";
import { buildAll, runOracle, stopOracle } from "./run.ts";

const counts = process.argv.slice(2).filter((a) => /^\d+$/.test(a)).map(Number);
const perVersion = counts[0] ?? 250;
const settledPerVersion = counts[1] ?? 60;
const seed = Number(process.env.KINPLACE_K8S_SEED ?? 20261129);
const outPath = process.env.KINPLACE_KRUISE_WORKLOAD_OUT ?? new URL("../vectors/kruise-workload-validate.jsonl.gz", import.meta.url).pathname;

/** The request lines of a release: generated updates, request errors for every kind and served version, then updates of
 *  settled workloads. */
function releaseLines(release: KruiseRelease, base: number): string[] {
  const lines = kruiseWorkloadLines(release, perVersion, base);
  let i = 0;
  for (const kind of KRUISE_KINDS) {
    for (const version of servedVersions(release, kind)) {
      const [stored] = fc.sample(storedKruiseWorkload(release, kind, version), { numRuns: 1, seed: base + 500 + i++ });
      lines.push(...kruiseWorkloadRequestErrors(release, kind, stored!));
    }
  }
  lines.push(...kruiseSettledLines(release, settledPerVersion, base + 700));
  return lines;
}

buildAll();
const out: string[] = [];
const releases: [KruiseRelease, number][] = [["1.9", seed], ["1.8", seed + 10_000], ["1.7", seed + 20_000], ["1.6", seed + 30_000], ["1.5", seed + 40_000]];
for (const [release, base] of releases) {
  const lines = releaseLines(release, base);
  const answers = await runOracle(lines);
  let dropped = 0, refused = 0;
  for (let k = 0; k < lines.length; k++) {
    const a = answers[k]!;
    if (a.includes('"E_INTERNAL"') && a.includes("nondeterministic upstream answer")) { dropped++; continue; }
    if (a.includes('"E_INTERNAL"') || a.includes('"E_UNKNOWN_OP"')) throw new Error(`kruise ${release}: oracle failed on ${lines[k]!.slice(0, 300)}: ${a}`);
    if (a.includes('"errors":[') && !a.includes('"message":""')) refused++;
    out.push(`{"request":${JSON.stringify(lines[k])},"answer":${a}}`);
  }
  console.error(`kruise ${release}: ${lines.length - dropped} vectors (${refused} refused by a webhook, ${dropped} nondeterministic left out)`);
}
stopOracle();
writeFileSync(outPath, gzipSync(out.join("\n") + "\n", { level: 9 }));
console.error(`wrote ${out.length} vectors to ${outPath}`);
