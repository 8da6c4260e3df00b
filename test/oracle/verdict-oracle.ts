// The verdict's expected answer composed from the Go oracle: the `verdict` op of the k8s oracle (the
// controllers' own comparisons: kind, verdict, strategy, containers) and the real patch libraries on
// the templates as the API server stores them (k8s.json of the template, then appscode
// jsonpatch.diff, mergepatch.diff, smp.diff). Shared by test/oracle/verdict.test.ts and
// test/oracle/make-verdict-vectors.ts; `checkVerdict` (test/support/verdict-check.ts) holds an engine
// answer against it.

import { runOracle } from "./run.ts";
import { MINORS, goMinorOf } from "./k8s/versions.ts";
import fc from "fast-check";
import { pair, type Obj } from "./verdict-edits.ts";
import { resizeAnswers } from "./kruise-resize-compose.ts";

/** The native kinds and the minors the suites spread them over. */
export const NATIVE = ["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet"];
export const NATIVE_MINORS = [MINORS[MINORS.length - 1]!.minor, "1.30", "1.22"];

/** One generated case. */
export type Case = { kind: string; minor?: string; kruise?: string; old: Obj; new: Obj; edits: string[]; strategy?: string; applyDefaults?: boolean; gates?: Record<string, boolean> };

/** The Kubernetes minor each OpenKruise release pins (its kinds are answered there). */
export const KRUISE_PINNED: Record<string, string> = { "1.9": "1.32", "1.8": "1.30", "1.7": "1.28", "1.6": "1.26", "1.5": "1.24" };

/** What the oracle says the engine must answer (see test/support/verdict-check.ts). */
export interface Expect {
  ok: boolean;
  code?: string;
  core?: { kind: string; verdict: string; strategy?: string; containers: unknown[] };
  patches?: { json: unknown[]; merge: unknown; strategic: unknown };
}

/** The verdict request line of a case. */
export function verdictRequest(c: Case): string {
  return JSON.stringify({ op: "verdict", old: c.old, new: c.new, ...(c.minor ? { kubernetes: c.minor } : {}), ...(c.kruise ? { kruise: c.kruise } : {}), ...(c.strategy ? { strategy: c.strategy } : {}), ...(c.applyDefaults !== undefined ? { applyDefaults: c.applyDefaults } : {}), ...(c.gates ? { gates: c.gates } : {}) });
}

/** A patch answer member: a JSON value, or a string holding the bytes (smp.diff). */
function value(x: unknown): any {
  return typeof x === "string" ? JSON.parse(x) : x;
}

/** The Go release of a minor's release build ("1.N"). */
function goOf(minor: string): string {
  return `1.${goMinorOf(MINORS.find((m) => m.minor === minor)!.releaseGo)}`;
}

/** The oracle's expectations for `cases` (patches only for the indexes in `withPatches`). */
export async function expectations(cases: Case[], withPatches: (i: number) => boolean): Promise<Expect[]> {
  const answers = (await runOracle(cases.map(verdictRequest))).map((l) => JSON.parse(l));
  const out: Expect[] = answers.map((a) => {
    if (a.error?.code === "E_INTERNAL") throw new Error(`oracle failed: ${JSON.stringify(a).slice(0, 400)}`);
    if (!a.ok) return { ok: false, code: a.error.code };
    const r = a.result;
    return { ok: true, core: { kind: r.kind, verdict: r.verdict, ...(r.strategy ? { strategy: r.strategy } : {}), containers: r.containers } };
  });
  // OpenKruise in place with InPlaceWorkloadVerticalScaling: the resize each pod gets, and the server's answer to it
  // (kruise-resize-compose.ts); refused, nothing happens to the pods
  const vertical = cases.map((c, i) => ({ c, i })).filter(({ c, i }) => out[i]!.ok && out[i]!.core!.verdict === "in-place" && c.gates?.InPlaceWorkloadVerticalScaling === true);
  const pods = (await runOracle(vertical.map(({ c }) => JSON.stringify({ op: "kruise.verdictPod", old: c.old, new: c.new, gates: c.gates, ...(c.strategy ? { strategy: c.strategy } : {}), now: "2026-01-01T00:00:00Z" })))).map((l) => JSON.parse(l));
  const resized = vertical.map((x, k) => ({ ...x, a: pods[k] })).filter(({ a }) => {
    if (!a.ok) throw new Error(`kruise.verdictPod failed: ${JSON.stringify(a).slice(0, 300)}`);
    return a.result.resize !== null;
  });
  const told = await resizeAnswers(resized.map(({ a }) => ({ resize: a.result.resize, stored: a.result.stored })));
  resized.forEach(({ i }, k) => {
    if (told[k]!.rejection === "") return;
    const core = out[i]!.core!;
    core.verdict = "rejected";
    core.containers = (core.containers as { action: string }[]).map((x) => ({ ...x, action: "keep" }));
  });
  const picked = cases.map((c, i) => ({ c, i })).filter(({ i, c }) => withPatches(i) && out[i]!.ok && c.kind !== "Pod");
  const minorOf = (c: Case) => c.minor ?? KRUISE_PINNED[c.kruise ?? "1.9"]!;
  const stored = await runOracle(picked.flatMap(({ c }) => [c.old, c.new].map((w) => JSON.stringify({ op: "k8s.json", type: "PodTemplateSpec", value: w.spec.template, kubernetes: minorOf(c), go: goOf(minorOf(c)), ...(c.applyDefaults ? { applyDefaults: true } : {}) }))));
  const texts = stored.map((l) => {
    const a = JSON.parse(l);
    if (!a.ok) throw new Error(`k8s.json failed: ${l.slice(0, 300)}`);
    return a.result.json as string;
  });
  const patchLines = picked.flatMap(({ c }, k) => {
    const from = texts[2 * k]!, to = texts[2 * k + 1]!;
    const go = goOf(minorOf(c));
    return [
      JSON.stringify({ op: "jsonpatch.diff", fromText: from, toText: to, flavor: "appscode", go }),
      JSON.stringify({ op: "mergepatch.diff", originalText: from, modifiedText: to, go }),
      JSON.stringify({ op: "smp.diff", originalText: from, modifiedText: to, type: "PodTemplateSpec", kubernetes: minorOf(c), go }),
    ];
  });
  const patches = (await runOracle(patchLines)).map((l) => JSON.parse(l));
  picked.forEach(({ i }, k) => {
    const [jp, mp, sp] = [patches[3 * k]!, patches[3 * k + 1]!, patches[3 * k + 2]!];
    if (!(jp.ok && mp.ok && sp.ok)) throw new Error(`patch oracle failed: ${JSON.stringify([jp, mp, sp]).slice(0, 400)}`);
    out[i]!.patches = { json: value(jp.result.patch), merge: value(mp.result.patch), strategic: value(sp.result.patch) };
  });
  return out;
}

/**
 * `total` cases (at least): Pods and the native kinds over NATIVE_MINORS (API-server defaults applied to
 * every other case, which the oracle answers with its kube builds), then `kruise` kinds under each
 * update strategy (some with the vertical-scaling or without the env-from-metadata gate) at Kruise's minor.
 */
export function verdictCases(total: number, seed: number, kruise: string[], minors: string[] = NATIVE_MINORS): Case[] {
  const kinds = ["Pod", ...NATIVE];
  const per = Math.ceil(total / (kinds.length * minors.length + kruise.length));
  const out: Case[] = [];
  let s = seed;
  for (const minor of minors) {
    for (const kind of kinds) {
      fc.sample(pair(kind), { numRuns: per, seed: s++ }).forEach((p, i) => out.push({ kind, minor, applyDefaults: kind === "Pod" ? i % 5 !== 0 : i % 2 === 0, ...p }));
    }
  }
  for (const kind of kruise) {
    const strategies = kind === "AdvancedDaemonSet" ? ["ReCreate", "InPlaceIfPossible"] : ["ReCreate", "InPlaceIfPossible", "InPlaceOnly"];
    fc.sample(pair(kind, strategies), { numRuns: per, seed: s++ }).forEach((p, i) => {
      const gates: Record<string, boolean> | undefined = i % 4 === 1 ? { InPlaceWorkloadVerticalScaling: true } : i % 8 === 2 ? { InPlaceUpdateEnvFromMetadata: false } : undefined;
      out.push({ kind, applyDefaults: false, ...(gates ? { gates } : {}), ...p });
    });
  }
  return out;
}
