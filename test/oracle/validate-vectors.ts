// Shared driver of the make-validate*-vectors.ts scripts: for every Kubernetes minor with a kube build
// (1.15-1.37) it samples that script's pod.validateUpdate requests, has that minor's Go oracle binary answer
// them (k8s.io/kubernetes' pod strategy) and writes {request, answer} lines, gzipped when the path ends in .gz.
//
// Command line of every script: [PER_MINOR] [minor=binary ...]; a `minor=path` argument answers that minor
// with an already built oracle binary instead of test/oracle/k8s/drive.ts (which builds the default key).
// KINPLACE_K8S_SEED changes the seed, KINPLACE_VALIDATE_ONLY limits the minors (debugging).

import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { askKey } from "./k8s/drive.ts";
import { REFRESH, askReusing } from "./vector-reuse.ts";
import { MINORS, classOfGo, goMinorOf } from "./k8s/versions.ts";

/** What one vector file needs: its default size, where it goes, and the requests of one minor. */
export interface ValidateVectorSpec {
  /** Requests per minor when the command line gives none. */
  perMinor: number;
  /** Output path (the script's environment override already applied). */
  out: string;
  /** The request lines of `minor`; `seed` is the run's seed, `index` the minor's position (seed offset). */
  requests: (minor: string, perMinor: number, seed: number, index: number) => string[];
}

/** Answers lines with a given binary. */
function askBinary(bin: string, lines: string[]): string[] {
  const r = spawnSync(bin, [], { input: lines.map((l) => l + "\n").join(""), maxBuffer: 1 << 30, encoding: "utf8" });
  const out = r.stdout.split("\n");
  out.pop();
  if (r.status !== 0 || out.length !== lines.length) throw new Error(`${bin} exited ${r.status}: ${r.stderr}`);
  return out;
}

/** Samples, answers and writes the vectors of `spec` for every minor with a kube build. */
export async function writeValidateVectors(spec: ValidateVectorSpec): Promise<void> {
  const args = process.argv.slice(2);
  const perMinor = Number(args.find((a) => /^\d+$/.test(a)) ?? spec.perMinor);
  const overrides = new Map(args.filter((a) => a.includes("=")).map((a) => a.split("=") as [string, string]));
  const seed = Number(process.env.KINPLACE_K8S_SEED ?? 20261121);
  const only = (process.env.KINPLACE_VALIDATE_ONLY ?? "").split(/[\s,]+/).filter(Boolean);
  const out: string[] = [];
  let index = 0;
  for (const info of MINORS) {
    const minor = info.minor;
    if (minor === "1.12") continue; // no kube build (docs/versions.md): the engine refuses 1.12 for this op
    const i = index++;
    if (only.length > 0 && !only.includes(minor)) continue;
    const all = spec.requests(minor, perMinor, seed, i);
    const bin = overrides.get(minor);
    const key = `${minor}-${classOfGo(goMinorOf(info.releaseGo))}`;
    // KINPLACE_VECTORS_REFRESH: a minor not refreshed keeps its committed answers (vector-reuse.ts)
    const keep = REFRESH !== null && !REFRESH.includes(minor);
    const answers = await askReusing(spec.out, all, async (l) => (bin ? askBinary(bin, l) : await askKey(key, l)), () => keep);
    for (let k = 0; k < all.length; k++) {
      if (answers[k]!.includes('"E_INTERNAL"') || answers[k]!.includes('"E_UNKNOWN_OP"')) throw new Error(`${minor}: oracle failed on ${all[k]!.slice(0, 200)}: ${answers[k]}`);
      out.push(`{"request":${JSON.stringify(all[k])},"answer":${answers[k]}}`);
    }
    console.error(`${minor}: ${all.length} vectors (${bin ?? key})`);
  }
  const text = out.join("\n") + "\n";
  writeFileSync(spec.out, spec.out.endsWith(".gz") ? gzipSync(text, { level: 9 }) : text);
  console.error(`wrote ${out.length} vectors`);
}
