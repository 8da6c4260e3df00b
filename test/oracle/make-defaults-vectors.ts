// Writes the golden vectors test/vectors/defaults.jsonl.gz: applyDefaults requests (k8s.json of Pod,
// PodTemplateSpec, Container and the apps/v1 workloads, container.hash, podTemplateHash, revision) over
// the kube-flavor minors (1.15–1.37), generated from a fixed seed (test/oracle/defaults-arbitraries.ts) and answered
// by the k8s oracle's kube builds (the real SetObjectDefaults_* of each minor), plus request errors.
// Line format {"request": R, "answer": A}; replayed by test/defaults.test.ts without Go.
//
// Usage: node --import tsx test/oracle/make-defaults-vectors.ts   (needs Go; kube builds of the minors;
//        KINPLACE_DEFAULTS_MINORS narrows the minors, KINPLACE_DEFAULTS_VECTORS sets the count per minor)

import { mkdirSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { buildAll, runOracle, stopOracle } from "./run.ts";
import { MINORS } from "./k8s/versions.ts";
import { defaultsLines } from "./defaults-arbitraries.ts";
import { warmUp, warmUpDefaults } from "./k8s-drive.ts";

const SEED = 20_261_121;
const OUT = new URL("../vectors/", import.meta.url);
const PER_MINOR = Number(process.env.KINPLACE_DEFAULTS_VECTORS ?? 40);
const picked = (process.env.KINPLACE_DEFAULTS_MINORS ?? "").split(/[\s,]+/).filter(Boolean);
const minors = picked.length > 0 ? picked : MINORS.map((m) => m.minor).filter((m) => m !== "1.12");

/** Request errors and version edges (1.12 has no defaulters; unknown types; wrong option types). */
const errorLines = [
  { op: "k8s.json", type: "Pod", value: {}, kubernetes: "1.12", applyDefaults: true },
  { op: "container.hash", container: { name: "a", image: "nginx" }, kubelet: "1.12", applyDefaults: true },
  { op: "podTemplateHash", template: { spec: { containers: [{ name: "a" }] } }, kubernetes: "1.12", applyDefaults: true },
  { op: "k8s.json", type: "Probe", value: {}, kubernetes: "1.37", applyDefaults: true },
  { op: "k8s.json", type: "Quantity", value: "1", kubernetes: "1.22", applyDefaults: true },
  { op: "k8s.json", type: "Pod", value: {}, kubernetes: "1.30", applyDefaults: "yes" },
  { op: "podTemplateHash", template: {}, kubernetes: "1.25", applyDefaults: 1 },
  { op: "revision", kind: "DaemonSet", object: { metadata: { name: "a" } }, kubernetes: "1.28", applyDefaults: null },
].map((r) => JSON.stringify(r));

/** Pod-level resources around the PodLevelResources defaulting (1.34–1.36) and its removal from the defaulter (1.37). */
const podLevelSpec = {
  containers: [{ name: "a", image: "x", resources: { requests: { cpu: "100m", memory: "64Mi" }, limits: { "hugepages-2Mi": "4Mi" } } }, { name: "b", image: "x", resources: { limits: { cpu: "1.5", memory: "1Gi" } } }],
  initContainers: [{ name: "s", image: "x", restartPolicy: "Always", resources: { requests: { cpu: "250m" } } }, { name: "i", image: "x", resources: { requests: { cpu: "3", memory: "9223372036854775807" } } }],
  resources: { limits: { cpu: "4", memory: "2Gi" } },
};
const podLevelLines = ["1.32", "1.33", "1.34", "1.35", "1.36", "1.37"].filter((m) => minors.includes(m)).map((m) =>
  JSON.stringify({ op: "k8s.json", type: "Pod", value: { spec: podLevelSpec }, kubernetes: m, applyDefaults: true }));

buildAll();
mkdirSync(OUT, { recursive: true });
const lines: string[] = [];
minors.forEach((m, i) => {
  lines.push(warmUp(m), warmUpDefaults(m), ...fc.sample(defaultsLines(m, PER_MINOR), { numRuns: 1, seed: SEED + i })[0]!);
});
lines.push(...errorLines, ...podLevelLines);
const answers = await runOracle(lines);
stopOracle();
const bad = answers.findIndex((a) => a.includes('"code":"E_INTERNAL"'));
if (bad >= 0) throw new Error(`the oracle failed on ${lines[bad]!.slice(0, 300)}: ${answers[bad]!.slice(0, 400)}`);
const text = lines.map((l, i) => `{"request":${JSON.stringify(l)},"answer":${answers[i]}}\n`).join("");
writeFileSync(new URL("defaults.jsonl.gz", OUT), gzipSync(text, { level: 9 }));
console.log(`defaults.jsonl.gz: ${lines.length} vectors over ${minors.length} minors, ${text.length} bytes before gzip`);
