// Writes test/vectors/verdict.jsonl.gz: realistic verdict requests (test/oracle/verdict-edits.ts) with
// the Go oracle's expectations (test/oracle/verdict-oracle.ts), replayed without Go by
// test/verdict.test.ts. Fixed seed. Needs Go. Run:
//   KINPLACE_K8S_FLAVOR=api node --import tsx test/oracle/make-verdict-vectors.ts [Kruise kinds to include; default all three]

import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { buildAll, stopOracle } from "./run.ts";
import { expectations, verdictCases, verdictRequest } from "./verdict-oracle.ts";

const SEED = 20261121;
const TOTAL = 1200;
const kruise = process.argv.length > 2 ? process.argv.slice(2) : ["CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"];

buildAll();
try {
  const cases = verdictCases(TOTAL, SEED, kruise);
  const expect = await expectations(cases, () => true);
  const lines = cases.map((c, i) => JSON.stringify({ note: `${c.kind} ${c.minor ?? "1.32"}: ${c.edits.join(", ")}`, request: verdictRequest(c), expect: expect[i] }));
  writeFileSync(new URL("../vectors/verdict.jsonl.gz", import.meta.url), gzipSync(lines.join("\n") + "\n", { level: 9 }));
  console.log(`wrote ${lines.length} verdict vectors`);
} finally {
  stopOracle();
}
