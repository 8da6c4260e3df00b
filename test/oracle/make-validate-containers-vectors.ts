// Writes test/vectors/validate-containers.jsonl.gz: pod.validateUpdate requests editing the containers'
// own parts (probes, lifecycle hooks, sidecars, resources, resize policies, security contexts, spec.os;
// validate-containers-arbitraries.ts) for every Kubernetes minor with a kube build (1.15-1.37), each
// answered by that minor's Go oracle binary (k8s.io/kubernetes' pod strategy).
//
//   node --import tsx test/oracle/make-validate-containers-vectors.ts [PER_MINOR]

import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { requestC } from "./validate-containers-arbitraries.ts";
import { askKey } from "./k8s/drive.ts";
import { MINORS, classOfGo, goMinorOf } from "./k8s/versions.ts";

const args = process.argv.slice(2);
const PER_MINOR = Number(args.find((a) => /^\d+$/.test(a)) ?? 120);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? 20261121);
const OUT = process.env.KINPLACE_VALIDATE_OUT ?? new URL("../vectors/validate-containers.jsonl.gz", import.meta.url).pathname;

const out: string[] = [];
let i = 0;
for (const info of MINORS) {
  const minor = info.minor;
  if (minor === "1.12") continue; // no kube build: the engine refuses 1.12 for this op
  const [lines] = fc.sample(fc.array(requestC(minor), { minLength: PER_MINOR, maxLength: PER_MINOR }), { numRuns: 1, seed: SEED + i++ });
  const key = `${minor}-${classOfGo(goMinorOf(info.releaseGo))}`;
  const answers = await askKey(key, lines!);
  for (let k = 0; k < lines!.length; k++) {
    if (answers[k]!.includes('"E_INTERNAL"') || answers[k]!.includes('"E_UNKNOWN_OP"')) throw new Error(`${minor}: oracle failed on ${lines![k]!.slice(0, 200)}: ${answers[k]}`);
    out.push(`{"request":${JSON.stringify(lines![k])},"answer":${answers[k]}}`);
  }
  console.error(`${minor}: ${lines!.length} vectors (${key})`);
}
const text = out.join("\n") + "\n";
writeFileSync(OUT, OUT.endsWith(".gz") ? gzipSync(text, { level: 9 }) : text);
console.error(`wrote ${out.length} vectors`);
