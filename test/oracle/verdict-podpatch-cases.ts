// The pod patch of an OpenKruise in-place verdict (`verdict` patches.pod, assembly/verdict/podpatch.ts)
// against the real controller code (`kruise.verdictPod`, test/oracle/k8s/harness/kruise_podpatch.go):
// realistic CloneSet / Advanced StatefulSet / Advanced DaemonSet pairs (test/oracle/verdict-edits.ts)
// under the in-place strategies, with workload names, status.collisionCount, the in-place grace period
// (where each release's controller reads it), the readiness gate, feature gates and `now` varied.
// Shared by test/oracle/verdict-podpatch.test.ts (live) and make-verdict-podpatch-vectors.ts (golden).

import fc from "fast-check";
import { pair, type Obj } from "./verdict-edits.ts";
import { runOracle } from "./run.ts";
import { resizeAnswers } from "./kruise-resize-compose.ts";
import { scopedMinors } from "./scope.ts";

/** One generated case: the engine's `verdict` request and the oracle's `kruise.verdictPod` request carry the same fields. */
export type PodCase = { kind: string; fields: Record<string, unknown>; edits: string[] };

/** What the oracle says: the verdict, the pod patch (null unless in-place), the resize patch and the server's refusal
 *  of it ("" when accepted), or an error code. */
export type PodExpect = { ok: boolean; code?: string; verdict?: string; pod?: unknown; resize?: unknown; rejection?: string };

/** The API servers the v1.9 cases name (`serverVersion`) where the kube builds in scope answer the resize. */
const SERVERS = scopedMinors(["1.32", "1.33", "1.34", "1.35", "1.36", "1.37"], "kube");

const NAMES = ["web", "api-server", "payments-v2", "a", "ingest-worker-" + "x".repeat(40)];
const NOWS = ["2026-11-21T08:00:00Z", "2025-02-28T23:59:59Z", "2026-06-30T12:34:56+02:00", "2024-12-31T23:00:00.5-05:00"];

/** Puts the in-place grace period where the controller of `kind` at Kruise `kruise` reads it. */
function setGrace(w: Obj, kind: string, kruise: string, grace: number): void {
  const us = (w.spec.updateStrategy ??= {});
  if (kind === "AdvancedStatefulSet" || (kind === "CloneSet" && kruise === "1.9")) {
    (us.rollingUpdate ??= {}).inPlaceUpdateStrategy = { gracePeriodSeconds: grace };
  } else if (kind === "CloneSet") us.inPlaceUpdateStrategy = { gracePeriodSeconds: grace };
}

const CPUS = ["100m", "250m", "0.5", "1", "1500m", "2"];
const MEMS = ["64Mi", "128Mi", "256Mi", "512M", "1Gi", "2Gi"];

/**
 * A resize edit: the cpu or the memory quantities a container already has move up or down (requests and limits
 * together or alone, so that some requests pass their limits and some QoS classes change), with memory resize policies
 * NotRequired or RestartContainer on both templates; the edit names what it did.
 */
function resizeEdit(o: Obj, n: Obj, r: () => number): string[] {
  const edits: string[] = [];
  const cs = (w: Obj) => w.spec.template.spec.containers as Obj[];
  const policy = ["NotRequired", "RestartContainer", undefined][r() % 3];
  cs(o).forEach((c, k) => {
    if (policy) for (const w of [o, n]) cs(w)[k]!.resizePolicy = [{ resourceName: "memory", restartPolicy: policy }, { resourceName: "cpu", restartPolicy: "NotRequired" }];
    if (r() % 2 === 1 && k > 0) return;
    // one resource per container: two requests over their limits in one container come out in Go's random map order
    const one = r() % 2 === 0 ? (["cpu", CPUS] as const) : (["memory", MEMS] as const);
    for (const kind of ["limits", "requests"]) {
      for (const [name, values] of [one]) {
        const have = c.resources?.[kind]?.[name];
        if (have === undefined || r() % 3 === 0) continue;
        const to = values[r() % values.length]!;
        if (to === have) continue;
        cs(n)[k]!.resources[kind][name] = to;
        edits.push(`${c.name} ${kind}.${name} ${have} → ${to}`);
      }
    }
  });
  return edits.length > 0 ? edits : ["no resize"];
}

/** `total` cases spread over the three Kruise kinds, for Kruise release `kruise` ("1.5" .. "1.9"); on v1.9, a fifth
 *  more whose only edit is a resize under InPlaceWorkloadVerticalScaling (see resizeEdit). */
export function podPatchCases(total: number, seed: number, kruise: string): PodCase[] {
  const kinds = ["CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"];
  const per = Math.ceil(total / kinds.length);
  const out: PodCase[] = [];
  let s = seed;
  for (const kind of kinds) {
    const strategies = kind === "AdvancedDaemonSet" ? ["InPlaceIfPossible"] : ["InPlaceIfPossible", "InPlaceOnly"];
    fc.sample(pair(kind, strategies), { numRuns: per, seed: s++ }).forEach((p, i) => {
      const [o, n] = [p.old, p.new];
      const name = NAMES[i % NAMES.length]!;
      for (const w of [o, n]) {
        w.metadata.name = name;
        // the Advanced StatefulSet webhook needs the gate for the in-place policies; others sometimes have it
        if (kind === "AdvancedStatefulSet" || i % 3 === 0) {
          const ts = w.spec.template.spec;
          if (!(ts.readinessGates ?? []).some((g: Obj) => g.conditionType === "InPlaceUpdateReady")) ts.readinessGates = [...(ts.readinessGates ?? []), { conditionType: "InPlaceUpdateReady" }];
        }
        if (i % 4 === 1) w.status = { collisionCount: 1 + (i % 7) };
        // a third of the pairs carry a grace period, so that every run meets in-place updates with one
        if (i % 3 === 2) setGrace(w, kind, kruise, 5 + (i % 55));
      }
      // (InPlaceWorkloadVerticalScaling exists from v1.8 on; older releases get the env gate instead)
      const vertical = Number(kruise.split(".")[1]) >= 8 ? { InPlaceWorkloadVerticalScaling: true } : { InPlaceUpdateEnvFromMetadata: false };
      const gates = i % 6 === 1 ? vertical : i % 10 === 4 ? { InPlaceUpdateEnvFromMetadata: false } : undefined;
      // v1.9 resizes through the pods' resize subresource: the server's minor and gates decide whether it takes it
      const server: Record<string, unknown> = kruise !== "1.9" || i % 3 === 0 ? {} : { serverVersion: SERVERS[(i >> 1) % SERVERS.length]! };
      // (the gate is locked on from 1.35)
      if (["1.32", "1.33", "1.34"].includes(server.serverVersion as string) && i % 5 === 2) server.serverGates = { InPlacePodVerticalScaling: i % 10 === 2 };
      const fields: Record<string, unknown> = { old: o, new: n, now: NOWS[i % NOWS.length]!, ...(gates ? { gates } : {}), ...(kruise !== "1.9" || i % 2 ? { kruise } : {}), ...server };
      out.push({ kind, fields, edits: p.edits });
    });
  }
  if (kruise !== "1.9") return out;
  let x = seed >>> 0;
  const r = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 8;
  for (const kind of kinds) {
    const strategies = kind === "AdvancedDaemonSet" ? ["InPlaceIfPossible"] : ["InPlaceIfPossible", "InPlaceOnly"];
    fc.sample(pair(kind, strategies), { numRuns: Math.ceil(per / 5), seed: s++ }).forEach((p, i) => {
      const o = p.old, n = structuredClone(p.old);
      for (const w of [o, n]) {
        w.metadata.name = NAMES[i % NAMES.length]!;
        const ts = w.spec.template.spec;
        if (!(ts.readinessGates ?? []).some((g: Obj) => g.conditionType === "InPlaceUpdateReady")) ts.readinessGates = [...(ts.readinessGates ?? []), { conditionType: "InPlaceUpdateReady" }];
      }
      const edits = resizeEdit(o, n, r);
      const sv = SERVERS[i % SERVERS.length]!;
      const server: Record<string, unknown> = i % 4 === 3 ? {} : { serverVersion: sv };
      if (["1.32", "1.33", "1.34"].includes(sv) && i % 4 !== 3 && i % 3 === 1) server.serverGates = { InPlacePodVerticalScaling: i % 2 === 0 };
      const fields: Record<string, unknown> = { old: o, new: n, now: NOWS[i % NOWS.length]!, gates: { InPlaceWorkloadVerticalScaling: true }, ...(i % 2 ? { kruise } : {}), ...server };
      out.push({ kind, fields, edits });
    });
  }
  return out;
}

/** The engine's request line of a case. */
export function engineRequest(c: PodCase): string {
  return JSON.stringify({ op: "verdict", ...c.fields });
}

/** The oracle's answers for `cases`. */
export async function podExpectations(cases: PodCase[]): Promise<PodExpect[]> {
  const answers = (await runOracle(cases.map((c) => JSON.stringify({ op: "kruise.verdictPod", ...c.fields })))).map((l) => JSON.parse(l));
  const out: PodExpect[] = answers.map((a, i) => {
    if (a.error?.code === "E_INTERNAL") throw new Error(`oracle failed: ${JSON.stringify(a).slice(0, 400)} for ${engineRequest(cases[i]!).slice(0, 300)}`);
    return a.ok ? { ok: true, verdict: a.result.verdict, pod: a.result.pod, resize: a.result.resize ?? null, rejection: "" } : { ok: false, code: a.error.code };
  });
  // the resizes: the server's answer; refused, the pod update is never sent
  const asked = out.map((e, i) => ({ e, i, a: answers[i] })).filter(({ e }) => e.ok && e.resize !== null && e.resize !== undefined);
  const told = await resizeAnswers(asked.map(({ i, a }) => ({
    serverVersion: cases[i]!.fields.serverVersion as string | undefined, serverGates: cases[i]!.fields.serverGates as Record<string, boolean> | undefined,
    resize: a.result.resize, stored: a.result.stored,
  })));
  asked.forEach(({ e }, k) => {
    e.rejection = told[k]!.rejection;
    if (e.rejection !== "") { e.verdict = "rejected"; e.pod = null; }
  });
  return out;
}

/** "" when engine answer line `line` agrees with `e`, else what differs. */
export function podMismatch(line: string, e: PodExpect): string {
  const a = JSON.parse(line);
  if (!e.ok) return a.ok ? `engine answered, oracle refused (${e.code})` : a.error.code === e.code ? "" : `error code ${a.error.code} != ${e.code}`;
  if (!a.ok) return `engine failed: ${line.slice(0, 300)}`;
  if (a.result.verdict !== e.verdict) return `verdict ${a.result.verdict} != ${e.verdict}`;
  const [gr, wr] = [JSON.stringify(a.result.patches.resize ?? null), JSON.stringify(e.resize ?? null)];
  if (gr !== wr) return `patches.resize\n  engine ${gr.slice(0, 800)}\n  oracle ${wr.slice(0, 800)}`;
  if ((a.result.subresource === "resize") !== (wr !== "null")) return `subresource ${a.result.subresource} with resize ${wr.slice(0, 200)}`;
  if (wr !== "null" && (a.result.rejection ?? "") !== e.rejection) return `rejection\n  engine ${a.result.rejection ?? ""}\n  oracle ${e.rejection}`;
  const got = JSON.stringify(a.result.patches.pod), want = JSON.stringify(e.pod);
  return got === want ? "" : `patches.pod\n  engine ${got.slice(0, 1500)}\n  oracle ${want.slice(0, 1500)}`;
}
