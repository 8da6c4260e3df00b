// Writes test/vectors/verdict.jsonl.gz: realistic verdict requests (test/oracle/verdict-edits.ts) with
// the Go oracle's expectations (test/oracle/verdict-oracle.ts), replayed without Go by
// test/verdict.test.ts. Fixed seed. Needs Go. Run:
//   KINPLACE_K8S_FLAVOR=api node --import tsx test/oracle/make-verdict-vectors.ts [Kruise kinds to include; default all three]
// KINPLACE_VECTORS_REFRESH="1.37" asks only the cases of those minors and keeps the other committed lines.

import { readFileSync, writeFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { buildAll, stopOracle } from "./run.ts";
import { expectations, verdictCases, verdictRequest } from "./verdict-oracle.ts";
import { REFRESH } from "./vector-reuse.ts";
import { NEWEST } from "./k8s/versions.ts";

const SEED = 20261121;
const TOTAL = 1200;
const FILE = new URL("../vectors/verdict.jsonl.gz", import.meta.url);
const kruise = process.argv.length > 2 ? process.argv.slice(2) : ["CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"];

buildAll();
try {
  const cases = verdictCases(TOTAL, SEED, kruise);
  const line = (c: (typeof cases)[number], e: unknown) => JSON.stringify({ note: `${c.kind} ${c.minor ?? "1.32"}: ${c.edits.join(", ")}`, request: verdictRequest(c), expect: e });
  // KINPLACE_VECTORS_REFRESH (vector-reuse.ts): only the cases of those minors are asked (the Kruise kinds': when the
  // newest minor is refreshed, as their vertical-scaling resize goes to the newest API server); every other line is kept
  // from the committed file, which must hold it at the same place
  const asked = cases.flatMap((c, i) => (REFRESH === null || REFRESH.includes(c.minor ?? NEWEST) ? [i] : []));
  const expect = await expectations(asked.map((i) => cases[i]!), () => true);
  const lines: string[] = REFRESH === null ? [] : gunzipSync(readFileSync(FILE)).toString("utf8").split("\n").filter((l) => l !== "");
  if (REFRESH !== null && lines.length !== cases.length) throw new Error(`the committed file has ${lines.length} lines, the cases are ${cases.length}`);
  cases.forEach((c, i) => {
    if (REFRESH !== null && !asked.includes(i) && (JSON.parse(lines[i]!) as { request: string }).request !== verdictRequest(c)) throw new Error(`line ${i + 1} of the committed file is another request`);
  });
  asked.forEach((i, k) => (lines[i] = line(cases[i]!, expect[k])));
  if (REFRESH !== null) console.log(`asked ${asked.length} cases (minors ${REFRESH.join(" ")}), kept ${cases.length - asked.length}`);
  writeFileSync(FILE, gzipSync(lines.join("\n") + "\n", { level: 9 }));
  console.log(`wrote ${lines.length} verdict vectors`);
} finally {
  stopOracle();
}
