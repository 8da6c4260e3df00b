// Known-good probe requests run after every bad request: small golden-vector requests whose answer on a
// fresh engine agrees with Go's (the built seeds of ops without vectors count with their fresh answer).
// A probe that then answers anything but its fresh answer, byte for byte, shows the engine was poisoned.

import type { Seed } from "./corpus.ts";
import { seedsByOp } from "./corpus.ts";
import type { Rng } from "./prng.ts";
import { answerText, freshEngine } from "./engine.ts";
import { answerView } from "../oracle/compare.ts";
import { assertSamePatchAnswer } from "../oracle/patch-compare.ts";
import { isDeepStrictEqual } from "node:util";

/** A probe: its request and the answer a fresh engine gives it. */
export interface Probe {
  op: string;
  source: string;
  line: Uint8Array;
  expected: string;
}

/** True when the fresh answer agrees with Go's answer of the vector (patch answers up to Go's map order). */
function agreesWithGo(s: Seed, answer: string): boolean {
  if (s.goAnswer === undefined) return true;
  try {
    if (/^(jsonpatch|mergepatch)\./.test(s.op)) {
      assertSamePatchAnswer(s.line, s.goAnswer, answer);
      return true;
    }
    return isDeepStrictEqual(answerView(answer), answerView(s.goAnswer));
  } catch {
    return false;
  }
}

/** Up to `perOp` probes per op (request lines up to `maxLine` bytes), with their fresh answers; seeds that fail the checks are listed in `rejected`. */
export function buildProbes(seeds: Seed[], module: WebAssembly.Module, perOp = 6, maxLine = 24 << 10): { probes: Probe[]; rejected: string[] } {
  const probes: Probe[] = [];
  const rejected: string[] = [];
  for (const [op, list] of seedsByOp(seeds)) {
    if (op === "") continue;
    let taken = 0;
    for (const s of list) {
      if (taken >= perOp) break;
      if (s.line.length > maxLine) continue;
      const a = answerText(freshEngine(module), s.line);
      const b = answerText(freshEngine(module), s.line);
      if (a !== b) { rejected.push(`${s.source}: two fresh engines answer differently`); continue; }
      if (a.startsWith("THROW") || a.startsWith("CRASH") || a.includes('"code":"E_INTERNAL"')) { rejected.push(`${s.source}: fresh answer is a failure: ${a.slice(0, 120)}`); continue; }
      if (!agreesWithGo(s, a)) { rejected.push(`${s.source}: fresh answer differs from Go's`); continue; }
      probes.push({ op, source: s.source, line: s.line, expected: a });
      taken++;
    }
  }
  return { probes, rejected };
}

/** Ops whose state a bad request of `op` may share (cross-call memos, line modes). */
function related(op: string): string[] {
  if (op === "kruise.patchPods") return ["kruise.patchPod"];
  if (op === "k8s.transcode") return ["container.hash", "k8s.json"];
  if (op === "policy.check") return ["verdict"];
  if (op.startsWith("rollout.")) return ["rollout.cloneset", "rollout.advancedDaemonSet", "rollout.deployment", "rollout.simulate"];
  if (op.startsWith("kruise.")) return [op, "kruise.patchPod", "kruise.inplaceSpec"];
  if (op === "jsonpatch.diff" || op === "mergepatch.diff") return [op, "jsonpatch.diff"];
  return [op];
}

/** The two probes after a bad request of `op`: one of a related op (when there is one), one of any op. */
export function pickProbes(rng: Rng, op: string, probes: Probe[]): [Probe, Probe] {
  const rel = related(op);
  const near = probes.filter((p) => rel.includes(p.op));
  const first = near.length ? rng.pick(near) : rng.pick(probes);
  return [first, rng.pick(probes)];
}
