// The pod patch of an OpenKruise in-place verdict (`verdict` patches.pod, assembly/verdict/podpatch.ts)
// against the real controller code (`kruise.verdictPod`, test/oracle/k8s/harness/kruise_podpatch.go):
// realistic CloneSet / Advanced StatefulSet / Advanced DaemonSet pairs (test/oracle/verdict-edits.ts)
// under the in-place strategies, with workload names, status.collisionCount, the in-place grace period
// (where each release's controller reads it), the readiness gate, feature gates and `now` varied.
// Shared by test/oracle/verdict-podpatch.test.ts (live) and make-verdict-podpatch-vectors.ts (golden).

import fc from "fast-check";
import { pair, type Obj } from "./verdict-edits.ts";
import { runOracle } from "./run.ts";

/** One generated case: the engine's `verdict` request and the oracle's `kruise.verdictPod` request carry the same fields. */
export type PodCase = { kind: string; fields: Record<string, unknown>; edits: string[] };

/** What the oracle says: the verdict and the pod patch (null unless in-place), or an error code. */
export type PodExpect = { ok: boolean; code?: string; verdict?: string; pod?: unknown };

const NAMES = ["web", "api-server", "payments-v2", "a", "ingest-worker-" + "x".repeat(40)];
const NOWS = ["2026-11-21T08:00:00Z", "2025-02-28T23:59:59Z", "2026-06-30T12:34:56+02:00", "2024-12-31T23:00:00.5-05:00"];

/** Puts the in-place grace period where the controller of `kind` at Kruise `kruise` reads it. */
function setGrace(w: Obj, kind: string, kruise: string, grace: number): void {
  const us = (w.spec.updateStrategy ??= {});
  if (kind === "AdvancedStatefulSet" || (kind === "CloneSet" && kruise === "1.9")) {
    (us.rollingUpdate ??= {}).inPlaceUpdateStrategy = { gracePeriodSeconds: grace };
  } else if (kind === "CloneSet") us.inPlaceUpdateStrategy = { gracePeriodSeconds: grace };
}

/** `total` cases spread over the three Kruise kinds, for Kruise release `kruise` ("1.5" .. "1.9"). */
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
      const fields: Record<string, unknown> = { old: o, new: n, now: NOWS[i % NOWS.length]!, ...(gates ? { gates } : {}), ...(kruise !== "1.9" || i % 2 ? { kruise } : {}) };
      out.push({ kind, fields, edits: p.edits });
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
  return answers.map((a, i) => {
    if (a.error?.code === "E_INTERNAL") throw new Error(`oracle failed: ${JSON.stringify(a).slice(0, 400)} for ${engineRequest(cases[i]!).slice(0, 300)}`);
    return a.ok ? { ok: true, verdict: a.result.verdict, pod: a.result.pod } : { ok: false, code: a.error.code };
  });
}

/** "" when engine answer line `line` agrees with `e`, else what differs. */
export function podMismatch(line: string, e: PodExpect): string {
  const a = JSON.parse(line);
  if (!e.ok) return a.ok ? `engine answered, oracle refused (${e.code})` : a.error.code === e.code ? "" : `error code ${a.error.code} != ${e.code}`;
  if (!a.ok) return `engine failed: ${line.slice(0, 300)}`;
  if (a.result.verdict !== e.verdict) return `verdict ${a.result.verdict} != ${e.verdict}`;
  const got = JSON.stringify(a.result.patches.pod), want = JSON.stringify(e.pod);
  return got === want ? "" : `patches.pod\n  engine ${got.slice(0, 1500)}\n  oracle ${want.slice(0, 1500)}`;
}
