// Good requests to start from: a fixed sample of the golden vectors (test/vectors/*.jsonl(.gz)) per op,
// plus requests built for the ops no vector file covers (corpus-extra.ts). The sample does not depend on
// the run seed, so every run mutates the same starting points.

import { readFileSync, readdirSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { recordLine } from "./line.ts";
import { extraSeeds } from "./corpus-extra.ts";

/** One good request: where it came from, its exact bytes, its parsed object (when it is one) and Go's answer line. */
export interface Seed {
  op: string;
  source: string;
  line: Uint8Array;
  value: Record<string, unknown> | undefined;
  /** The oracle's answer line (request/answer vectors only). */
  goAnswer?: string;
}

/** Every op of the eval protocol (runOp in assembly/eval/dispatch.ts). */
export const ALL_OPS = [
  "fnv", "json.go", "json.jcs", "jsonpatch.diff", "jsonpatch.apply", "mergepatch.diff", "mergepatch.apply", "smp.diff", "smp.apply",
  "scaled", "kruise.partition", "rollout.cloneset", "rollout.advancedDaemonSet", "rollout.daemonSet", "rollout.advancedStatefulSet",
  "rollout.statefulSet", "rollout.deployment", "rollout.simulate", "k8s.json", "quantity", "spew", "container.hash", "k8s.transcode",
  "podTemplateHash", "revision", "pod.validateUpdate", "kruise.inplaceSpec", "kruise.patchPod", "kruise.patchPods", "kruise.completed",
  "kruise.strategy", "kruise.update", "kruise.refresh", "verdict", "policy.check", "kubelet.podActions", "kubelet.readyCondition",
  "workload.validateUpdate", "pod.validateResize", "kruise.preDownload", "kubelet.resizeAdmission",
] as const;

const VECTORS = new URL("../vectors/", import.meta.url);

/** The text lines of one vector file (gunzipped when needed). */
function fileLines(name: string): string[] {
  let data = readFileSync(new URL(name, VECTORS));
  if (name.endsWith(".gz")) data = gunzipSync(data);
  return data.toString("utf8").split("\n").filter((l) => l !== "");
}

/** The op a request line names ("" when it names none readable). */
function opOf(line: Uint8Array, value: Record<string, unknown> | undefined): string {
  if (value && typeof value.op === "string") return value.op;
  const m = /"op"\s*:\s*"([^"\\]*)"/.exec(Buffer.from(line.subarray(0, 4096)).toString("latin1"));
  return m ? m[1]! : "";
}

/** The parsed request object, or undefined when the line is not a JSON object. */
function parseObject(line: Uint8Array): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(line));
    return v !== null && typeof v === "object" && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Up to `perFile` seeds spread evenly over each vector file, plus the built ones. */
export function loadSeeds(perFile = 40): Seed[] {
  const seeds: Seed[] = [];
  const files = readdirSync(VECTORS).filter((f) => /\.jsonl(\.gz)?$/.test(f)).sort();
  for (const file of files) {
    const lines = fileLines(file);
    const step = Math.max(1, Math.floor(lines.length / perFile));
    for (let i = 0; i < lines.length; i += step) {
      const text = lines[i]!;
      const v = JSON.parse(text) as { request: string | { base64: string } | Record<string, unknown>; answer?: unknown };
      const r = v.request;
      const line = typeof r === "string" || "base64" in r ? recordLine(r as string | { base64: string }) : new TextEncoder().encode(JSON.stringify(r));
      const value = parseObject(line);
      const goAnswer = v.answer === undefined ? undefined : text.slice(text.indexOf(',"answer":') + ',"answer":'.length, -1);
      seeds.push({ op: opOf(line, value), source: `${file}:${i + 1}`, line, value, goAnswer });
    }
  }
  for (const s of extraSeeds(seeds)) seeds.push(s);
  return seeds;
}

/** Seeds grouped by op (only the ops of ALL_OPS; malformed vector requests go under ""). */
export function seedsByOp(seeds: Seed[]): Map<string, Seed[]> {
  const m = new Map<string, Seed[]>();
  for (const s of seeds) {
    const key = (ALL_OPS as readonly string[]).includes(s.op) ? s.op : "";
    m.set(key, [...(m.get(key) ?? []), s]);
  }
  return m;
}
