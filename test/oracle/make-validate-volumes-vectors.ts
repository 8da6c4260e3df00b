// Writes test/vectors/validate-volumes.jsonl.gz: pod.validateUpdate requests exercising volume
// sources, volume mounts and devices, env valueFrom sources and envFrom (validate-volumes-arbitraries.ts:
// random pods plus the option cases, where the old pod decides) for every Kubernetes minor with a kube
// build (1.15-1.37), each answered by that minor's Go oracle binary (k8s.io/kubernetes' pod strategy).
//
//   node --import tsx test/oracle/make-validate-volumes-vectors.ts [PER_MINOR] [minor=binary ...]
//
// A `minor=path` argument answers that minor with an already built oracle binary instead of
// test/oracle/k8s/drive.ts (which builds the minor's default key when needed).

import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { volumeRequest, optionRequests } from "./validate-volumes-arbitraries.ts";
import { askKey } from "./k8s/drive.ts";
import { MINORS, classOfGo, goMinorOf } from "./k8s/versions.ts";

const args = process.argv.slice(2);
const PER_MINOR = Number(args.find((a) => /^\d+$/.test(a)) ?? 100);
const overrides = new Map(args.filter((a) => a.includes("=")).map((a) => a.split("=") as [string, string]));
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? 20261121);
const OUT = process.env.KINPLACE_VALIDATE_OUT ?? new URL("../vectors/validate-volumes.jsonl.gz", import.meta.url).pathname;

/** Answers lines with a given binary. */
function askBinary(bin: string, lines: string[]): string[] {
  const r = spawnSync(bin, [], { input: lines.map((l) => l + "\n").join(""), maxBuffer: 1 << 30, encoding: "utf8" });
  const out = r.stdout.split("\n");
  out.pop();
  if (r.status !== 0 || out.length !== lines.length) throw new Error(`${bin} exited ${r.status}: ${r.stderr}`);
  return out;
}

const out: string[] = [];
let i = 0;
for (const info of MINORS) {
  const minor = info.minor;
  if (minor === "1.12") continue; // no kube build: the engine refuses 1.12 for this op
  const [lines] = fc.sample(fc.array(volumeRequest(minor), { minLength: PER_MINOR, maxLength: PER_MINOR }), { numRuns: 1, seed: SEED + i });
  i++;
  const all = [...lines!, ...optionRequests(minor)];
  const bin = overrides.get(minor);
  const key = `${minor}-${classOfGo(goMinorOf(info.releaseGo))}`;
  const answers = bin ? askBinary(bin, all) : await askKey(key, all);
  for (let k = 0; k < all.length; k++) {
    if (answers[k]!.includes('"E_INTERNAL"') || answers[k]!.includes('"E_UNKNOWN_OP"')) throw new Error(`${minor}: oracle failed on ${all[k]!.slice(0, 200)}: ${answers[k]}`);
    out.push(`{"request":${JSON.stringify(all[k])},"answer":${answers[k]}}`);
  }
  console.error(`${minor}: ${all.length} vectors (${bin ?? key})`);
}
const text = out.join("\n") + "\n";
writeFileSync(OUT, OUT.endsWith(".gz") ? gzipSync(text, { level: 9 }) : text);
console.error(`wrote ${out.length} vectors`);
