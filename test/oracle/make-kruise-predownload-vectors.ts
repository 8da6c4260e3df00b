// Writes test/vectors/kruise-predownload.jsonl.gz: kruise.preDownload requests (generated CloneSets, Advanced
// StatefulSets and Advanced DaemonSets with their revisions, status and pods, kruise-predownload-gen.ts; request
// errors; the known cases of test/support/kruise-predownload-known.ts) for every Kruise build (kruise "1.9":
// openkruise/kruise v1.9.0, "1.8": v1.8.3, "1.7": v1.7.0, "1.6": v1.6.0, "1.5": v1.5.5), each answered by the Go
// oracle through its router (k8s/harness/kruise_predownload.go: the controllers' own
// createImagePullJobsForInPlaceUpdate). PER_RELEASE generated requests for 1.9 and 1.8, OLDER_PER_RELEASE
// (default 700) for 1.5 - 1.7.
//
//   node --import tsx test/oracle/make-kruise-predownload-vectors.ts [PER_RELEASE [OLDER_PER_RELEASE]]
//
// KINPLACE_K8S_SEED changes the seed (default 20261129); KINPLACE_KRUISE_PREDOWNLOAD_OUT the output path.

import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { preDownloadErrorLines, preDownloadLines, type Release } from "./kruise-predownload-gen.ts";
import { knownPreDownload } from "../support/kruise-predownload-known.ts";
import { buildAll, runOracle, stopOracle } from "./run.ts";

const counts = process.argv.slice(2).filter((a) => /^\d+$/.test(a)).map(Number);
const perRelease = counts[0] ?? 1200;
const perOlderRelease = counts[1] ?? 700;
const seed = Number(process.env.KINPLACE_K8S_SEED ?? 20261129);
const outPath = process.env.KINPLACE_KRUISE_PREDOWNLOAD_OUT ?? new URL("../vectors/kruise-predownload.jsonl.gz", import.meta.url).pathname;

buildAll();
const out: string[] = [];
const releases: [Release, number, number][] = [["1.9", seed, perRelease], ["1.8", seed + 10_000, perRelease], ["1.7", seed + 20_000, perOlderRelease], ["1.6", seed + 30_000, perOlderRelease], ["1.5", seed + 40_000, perOlderRelease]];
for (const [release, base, count] of releases) {
  const lines = [...preDownloadLines(release, count, base), ...preDownloadErrorLines(release)];
  if (release === "1.9") lines.push(...knownPreDownload().map((c) => JSON.stringify(c.request)));
  const answers = await runOracle(lines);
  for (let k = 0; k < lines.length; k++) {
    const a = answers[k]!;
    if (a.includes('"E_INTERNAL"') || a.includes('"E_UNKNOWN_OP"')) throw new Error(`kruise ${release}: oracle failed on ${lines[k]!.slice(0, 300)}: ${a}`);
    out.push(`{"request":${JSON.stringify(lines[k])},"answer":${a}}`);
  }
  console.error(`kruise ${release}: ${lines.length} vectors`);
}
stopOracle();
writeFileSync(outPath, gzipSync(out.join("\n") + "\n", { level: 9 }));
console.error(`wrote ${out.length} vectors to ${outPath}`);
