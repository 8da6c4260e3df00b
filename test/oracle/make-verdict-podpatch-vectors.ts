// Writes test/vectors/verdict-podpatch.jsonl.gz: `verdict` requests with `now` on realistic OpenKruise pairs
// (test/oracle/verdict-podpatch-cases.ts) for Kruise v1.9.0 and v1.8.3, with the verdict and the pod update
// the real controller code sends (`kruise.verdictPod`, test/oracle/k8s/harness/kruise_podpatch.go), replayed
// without Go by test/verdict-podpatch.test.ts. Fixed seed. Needs Go. Run:
//   node --import tsx test/oracle/make-verdict-podpatch-vectors.ts

import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { buildAll, stopOracle } from "./run.ts";
import { podPatchCases, podExpectations, engineRequest } from "./verdict-podpatch-cases.ts";

const SEED = 20261121;
const PER_RELEASE = 600;

buildAll();
try {
  const lines: string[] = [];
  for (const kruise of ["1.9", "1.8"]) {
    const cases = podPatchCases(PER_RELEASE, SEED, kruise);
    const expect = await podExpectations(cases);
    cases.forEach((c, i) => lines.push(JSON.stringify({ note: `${c.kind} kruise ${kruise}: ${c.edits.join(", ")}`, request: engineRequest(c), expect: expect[i] })));
  }
  writeFileSync(new URL("../vectors/verdict-podpatch.jsonl.gz", import.meta.url), gzipSync(lines.join("\n") + "\n", { level: 9 }));
  console.log(`wrote ${lines.length} verdict pod-patch vectors`);
} finally {
  stopOracle();
}
