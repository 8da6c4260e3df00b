// Writes test/vectors/verdict-resize.jsonl.gz: verdicts of Pods whose resources change (verdict-resize-cases.ts),
// 200 per minor 1.32-1.37, with the Go oracle's expectation; replayed without Go by test/verdict-resize.test.ts.
// Fixed seed. Needs Go and the kube builds of 1.32-1.37. Run:
//   node --import tsx test/oracle/make-verdict-resize-vectors.ts

import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { buildAll, runOracle, stopOracle } from "./run.ts";
import { RESIZE_MINORS, resizeVerdictLines, resizeVerdictCore } from "./verdict-resize-cases.ts";

const SEED = 20261129;
const PER_MINOR = 200;

buildAll();
try {
  const out: string[] = [];
  for (const [i, minor] of RESIZE_MINORS.entries()) {
    const lines = resizeVerdictLines(minor, PER_MINOR, SEED + i);
    const answers = await runOracle(lines);
    answers.forEach((a, k) => {
      const expect = resizeVerdictCore(a);
      if (!expect.ok && expect.code === "E_INTERNAL") throw new Error(`oracle failed: ${a.slice(0, 400)}`);
      out.push(JSON.stringify({ note: `Pod ${minor}`, request: lines[k], expect }));
    });
  }
  writeFileSync(new URL("../vectors/verdict-resize.jsonl.gz", import.meta.url), gzipSync(out.join("\n") + "\n", { level: 9 }));
  console.log(`wrote ${out.length} verdict-resize vectors`);
} finally {
  stopOracle();
}
