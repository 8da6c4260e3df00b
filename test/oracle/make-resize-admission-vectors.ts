// Writes test/vectors/resize-admission.jsonl.gz: kubelet.resizeAdmission requests (realistic nodes, other pods
// and resized pods near the node's boundaries, from resize-admission-arbitraries.ts) for every kubelet minor with
// in-place resize (1.27-1.37), each answered by that minor's Go oracle binary (the real kubelet code; contract in
// test/oracle/k8s/harness/admit.go).
//
//   node --import tsx test/oracle/make-resize-admission-vectors.ts [PER_MINOR]
//
// Every line is asked twice in one process and must get the same answer both times (an answer that depends on Go's
// map order stops the run). KINPLACE_ADMIT_OUT changes the output path, KINPLACE_K8S_SEED the seed (default
// 20261129).

import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { askKey } from "./k8s/drive.ts";
import { classOfGo, goMinorOf, minorInfo } from "./k8s/versions.ts";
import { ADMIT_MINORS, admissionRequests } from "./resize-admission-arbitraries.ts";

const args = process.argv.slice(2);
const perMinor = Number(args.find((a) => /^\d+$/.test(a)) ?? 150);
const seed = Number(process.env.KINPLACE_K8S_SEED ?? 20261129);
const outPath = process.env.KINPLACE_ADMIT_OUT ?? new URL("../vectors/resize-admission.jsonl.gz", import.meta.url).pathname;

const keyOf = (minor: string) => `${minor}-${classOfGo(goMinorOf(minorInfo(minor)!.releaseGo))}`;

const out: string[] = [];
for (const [i, minor] of ADMIT_MINORS.entries()) {
  const lines = admissionRequests(minor, perMinor, seed + i);
  const all = await askKey(keyOf(minor), [...lines, ...lines]);
  const counts = new Map<string, number>();
  for (let k = 0; k < lines.length; k++) {
    const a = all[k]!;
    if (a.includes('"E_INTERNAL"') || a.includes('"E_UNKNOWN_OP"')) throw new Error(`${minor}: oracle failed on ${lines[k]!.slice(0, 300)}: ${a}`);
    if (a !== all[lines.length + k]) throw new Error(`${minor}: the answer changes from run to run on ${lines[k]}:\n${a}\n${all[lines.length + k]}`);
    const v = JSON.parse(a);
    const s = v.ok ? v.result.status : v.error.code;
    counts.set(s, (counts.get(s) ?? 0) + 1);
    out.push(`{"request":${JSON.stringify(lines[k])},"answer":${a}}`);
  }
  console.error(`${minor}: ${lines.length} vectors (${keyOf(minor)}): ${[...counts].map(([s, n]) => `${n} ${s}`).join(", ")}`);
}
const text = out.join("\n") + "\n";
writeFileSync(outPath, gzipSync(text, { level: 9 }));
console.error(`wrote ${out.length} vectors to ${outPath}`);
