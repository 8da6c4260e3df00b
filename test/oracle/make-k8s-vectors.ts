// Writes the golden vectors test/vectors/k8s.jsonl: k8s.json, spew and quantity requests over every
// supported Kubernetes minor, generated from a fixed seed (test/oracle/k8s-requests.ts) and answered
// by the k8s oracle, so the plain test command checks the engine against the real Go code without Go.
// Same line format as make-vectors.ts: {"request": R, "answer": A}.
//
// Usage: node --import tsx test/oracle/make-k8s-vectors.ts   (needs Go; KINPLACE_K8S_FLAVOR=api is faster)

import { mkdirSync, writeFileSync } from "node:fs";
import fc from "fast-check";
import { buildAll, runOracle, stopOracle } from "./run.ts";
import { MINORS } from "./k8s/versions.ts";
import { quantityString } from "./k8s-objects.ts";
import { linesFor, protocolLines, quantityLines, type Counts } from "./k8s-requests.ts";

const SEED = 20_260_422;
const OUT = new URL("../vectors/", import.meta.url);
/** Per minor: few spew texts and templates (they are long), small objects as text; ~1.5 MB in all. */
const COUNTS: Counts = { containers: 6, spewContainers: 1, templates: 1, spewTemplates: 0, objects: 1, spewObjects: 1, wrong: 2, small: true };

buildAll();
mkdirSync(OUT, { recursive: true });
const lines: string[] = [];
MINORS.forEach((m, i) => {
  // a pod template's spew on every fourth minor
  lines.push(...fc.sample(linesFor(m.minor, { ...COUNTS, spewTemplates: i % 4 === 0 ? 1 : 0 }), { numRuns: 1, seed: SEED + i })[0]!);
});
lines.push(...quantityLines(["1.12", MINORS[MINORS.length - 1]!.minor], fc.sample(quantityString, { numRuns: 120, seed: SEED + 100 })));
lines.push(...protocolLines());
const answers = await runOracle(lines);
stopOracle();
const bad = answers.findIndex((a) => a.includes('"code":"E_INTERNAL"'));
if (bad >= 0) throw new Error(`the oracle failed on ${lines[bad]!.slice(0, 300)}: ${answers[bad]!.slice(0, 400)}`);
const text = lines.map((l, i) => `{"request":${JSON.stringify(l)},"answer":${answers[i]}}\n`).join("");
writeFileSync(new URL("k8s.jsonl", OUT), text);
console.log(`k8s.jsonl: ${lines.length} vectors, ${text.length} bytes`);
