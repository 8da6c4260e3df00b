// Everything the page shows, computed in the browser by the engine through the library API: the verdict,
// the containers' kubelet hashes before and after per minor, and the rollout plan.

import { containerHash, evaluate, KinplaceError, verdict, type RolloutTimeline, type Verdict, type VerdictOptions } from "../../js/inline.js";
import { planStart, type PlanState, type RawAsk } from "../../js/present/plan-start.js";
import { isPreDownloadGate, preDownloadFor, preDownloadLine, type Ask } from "../../js/present/predownload.js";
import { asObject, containersOf, workloadKind, type WorkloadKind } from "../../js/present/kinds.js";
import { kindOptions } from "../../js/present/options.js";
import { containerTable, containerHashes, hashSpans, type ContainerTableRow, type HashSpan } from "../../js/present/rows.js";
import { KUBERNETES_MINORS } from "../../js/present/versions.js";
import type { PageState } from "./state.js";

/** An engine error as the page shows it. */
export interface EngineProblem {
  code: string;
  message: string;
  path?: string;
}

/** The Kruise feature gates the verdict reads for OpenKruise kinds (defaults as OpenKruise v1.9.0). */
export const KRUISE_GATES: readonly { name: string; default: boolean; help: string }[] = [
  { name: "InPlaceWorkloadVerticalScaling", default: false, help: "resize cpu/memory of running pods in place" },
  { name: "InPlaceUpdateEnvFromMetadata", default: true, help: "restart containers whose env reads a changed label or annotation" },
  { name: "RecreatePodWhenChangeVCTInCloneSetGate", default: false, help: "recreate pods when volumeClaimTemplates change" },
  { name: "PreDownloadImageForInPlaceUpdate", default: false, help: "CloneSet / Advanced StatefulSet: pre-pull the new images (ImagePullJobs) before updating in place" },
  { name: "PreDownloadImageForDaemonSetUpdate", default: false, help: "Advanced DaemonSet: pre-pull the new images (ImagePullJobs) before updating" },
];

/** The Kubernetes feature gates the verdict reads for Pods and the native kinds (default: the minor's). */
export const KUBERNETES_GATES: readonly { name: string; help: string }[] = [
  { name: "InPlacePodVerticalScaling", help: "resize cpu/memory of a running pod" },
  { name: "PodSchedulingReadiness", help: "scheduling gates on pods" },
];

/** True for the OpenKruise kinds. */
export function isKruise(kind: WorkloadKind | undefined): boolean {
  return kind === "CloneSet" || kind === "AdvancedStatefulSet" || kind === "AdvancedDaemonSet";
}

/** The error of a failed engine call (anything else as E_INTERNAL). */
export function problemOf(e: unknown): EngineProblem {
  if (e instanceof KinplaceError) return { code: e.code, message: e.message, ...(e.path !== undefined ? { path: e.path } : {}) };
  return { code: "E_INTERNAL", message: e instanceof Error ? e.message : String(e) };
}

/** The verdict request's options from the page state, with only the gates the kind reads. */
export function verdictOptions(state: PageState, kind: WorkloadKind | undefined): VerdictOptions {
  const kruise = isKruise(kind);
  const o: VerdictOptions = kindOptions(kind, state);
  if (kruise && state.strategy !== "") o.strategy = state.strategy as VerdictOptions["strategy"];
  return o;
}

/** The verdict of old → new, or the engine's error. */
export function runVerdict(old: unknown, next: unknown, state: PageState): { verdict: Verdict } | { problem: EngineProblem } {
  try {
    return { verdict: verdict(old, next, verdictOptions(state, workloadKind(next) ?? workloadKind(old))) };
  } catch (e) {
    return { problem: problemOf(e) };
  }
}

/** The engine as kruise.preDownload's helpers ask it: the result, or the engine's error thrown. */
const ask: Ask = (op, request) => {
  const a = evaluate({ op, ...request } as never) as { ok: boolean; result?: { [key: string]: unknown }; error?: { code: string; message: string; path?: string } };
  if (!a.ok) throw new KinplaceError(a.error!.code as never, a.error!.message, { path: a.error!.path });
  return a.result!;
};

/** What OpenKruise pre-pulls before an in-place update of a Kruise workload (its gate on), as one sentence; undefined otherwise. */
export function preDownloadSentence(old: unknown, next: unknown, v: Verdict, state: PageState): string | undefined {
  if (v.verdict !== "in-place") return undefined;
  const o = asObject(old), n = asObject(next);
  if (o === undefined || n === undefined) return undefined;
  try {
    const p = preDownloadFor(ask, workloadKind(n), o, n, { kruise: state.kruise, gates: state.gates });
    return p === undefined ? undefined : preDownloadLine(p);
  } catch (e) {
    return `Image pre-download: the engine refused the question (${problemOf(e).message}).`;
  }
}

/** A container row with its hashes grouped into runs of kubelet minors that give the same before/after pair. */
export interface HashedRow extends ContainerTableRow {
  spans: (HashSpan & { before: string; after: string; changed: boolean })[];
}

/** The kubelet hash of a container at `kubelet` (as the API server stores it, defaults applied); "n/a" when the engine refuses. */
function hashAt(container: unknown, kubelet: string): string {
  try {
    return containerHash(container, { kubelet, applyDefaults: true }).hash;
  } catch {
    return "n/a";
  }
}

let hashMinors: string[] | undefined;

/** The kubelet minors the engine hashes stored containers for (1.12 has no API-server defaults in this build). */
export function hashableMinors(): readonly string[] {
  hashMinors ??= KUBERNETES_MINORS.filter((m) => hashAt({ name: "probe", image: "probe" }, m) !== "n/a");
  return hashMinors;
}

/** The verdict's container rows with the kubelet hashes of the old and new templates, per kubelet minor. */
export function hashRows(result: Verdict, old: unknown, next: unknown): HashedRow[] {
  const minors = hashableMinors();
  const before = containerHashes(containersOf(old), minors, hashAt);
  const after = containerHashes(containersOf(next), minors, hashAt);
  return containerTable(result, before, after, minors).map((row) => {
    const pairs = row.hashes.map((h) => [h.minor, `${h.before ?? "—"} → ${h.after ?? "—"}`] as const);
    const spans = hashSpans(pairs).map((s) => {
      const [before, after] = s.hash.split(" → ") as [string, string];
      return { ...s, before, after, changed: before !== after };
    });
    return { ...row, spans };
  });
}

/** Rollout inputs after applying the page's overrides. */
export interface PlanInputs {
  replicas: number;
  partition: number | string | undefined;
  maxUnavailable: number | string | undefined;
  /** The Kruise strategy override ("" = the manifest's). */
  strategy: string;
  /** Kubernetes minor for the native kinds' revisions ("" = the newest). */
  kubernetes: string;
  /** The OpenKruise release whose controller names revisions and plans (OpenKruise kinds). */
  kruise: string;
}

/** An IntOrString typed into an input: "" → undefined, digits → number, else the string ("20%"). */
export function intOrString(text: string): number | string | undefined {
  const t = text.trim();
  if (t === "") return undefined;
  return /^[0-9]{1,9}$/.test(t) ? Number(t) : t;
}

type Obj = { [key: string]: unknown };

const T0 = "2026-01-01T00:00:00Z";

/** A copy of `o` with `value` set at `path` (objects created on the way); undefined leaves it alone. */
function setPath(o: Obj, path: string[], value: unknown): Obj {
  if (value === undefined) return o;
  const out: Obj = { ...o };
  const [head, ...rest] = path;
  out[head!] = rest.length === 0 ? value : setPath(asObject(o[head!]) ?? {}, rest, value);
  return out;
}

/** The manifest's replicas (absent → 1; a DaemonSet has none: 3 nodes). */
export function manifestReplicas(next: unknown): number {
  const kind = workloadKind(next);
  if (kind === "DaemonSet" || kind === "AdvancedDaemonSet") return 3;
  const r = asObject(asObject(next)?.["spec"])?.["replicas"];
  return typeof r === "number" ? r : 1;
}

/** The engine as plan-start's helpers ask it, documents as JSON text. */
const rawAsk: RawAsk = (op, request, raw) => ask(op, { ...request, ...Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, JSON.parse(typeof v === "string" ? v : new TextDecoder().decode(v))])) });

/** The starting state the page plays a rollout from, as `kinplace plan` reads STATE: `n` Ready pods at the old
 * revision `rev`, labelled with the workload's selector (a DaemonSet's on nodes node-0…; a Deployment: its old
 * ReplicaSet at the old pod-template-hash instead). */
export function startingState(kind: string, workload: Obj, n: number, rev: { name?: string; hash: string }): PlanState {
  const meta = asObject(workload["metadata"]) ?? {};
  const name = String(meta["name"] ?? "web");
  const ns = typeof meta["namespace"] === "string" ? { namespace: meta["namespace"] } : {};
  const match = asObject(asObject(asObject(workload["spec"])?.["selector"])?.["matchLabels"]) ?? {};
  if (kind === "Deployment") {
    const rs = {
      apiVersion: "apps/v1", kind: "ReplicaSet",
      metadata: { name: `${name}-${rev.hash}`, ...ns, labels: { ...match, "pod-template-hash": rev.hash }, annotations: { "deployment.kubernetes.io/desired-replicas": String(n) }, creationTimestamp: T0 },
      spec: { replicas: n }, status: { replicas: n, availableReplicas: n, readyReplicas: n },
    };
    return { pods: [], replicaSets: [rs], nodes: [] };
  }
  const daemon = kind === "DaemonSet" || kind === "AdvancedDaemonSet";
  const label = daemon ? rev.hash : rev.name!;
  const pods = Array.from({ length: n }, (_, i): Obj => ({
    apiVersion: "v1", kind: "Pod",
    metadata: { name: `${name}-${i}`, ...ns, uid: `uid-${i}`, labels: { ...match, "controller-revision-hash": label }, creationTimestamp: T0 },
    spec: { nodeName: `node-${daemon ? i : i % 3}`, readinessGates: [{ conditionType: "InPlaceUpdateReady" }] },
    status: { phase: "Running", conditions: [{ type: "Ready", status: "True", lastTransitionTime: T0 }, { type: "InPlaceUpdateReady", status: "True" }] },
  }));
  return { pods, replicaSets: [], nodes: [] };
}

/** A planned rollout: the timeline, the starting state it was played from, and the workload as planned (overrides applied). */
export interface Plan {
  timeline: RolloutTimeline;
  start: PlanState;
  workload: Obj;
}

/** Plays the rollout of old → new as `kinplace plan NEW STATE --old OLD` does (js/present/plan-start.ts), STATE being
 * `inputs.replicas` Ready pods at the old revision (startingState), after the page's overrides. */
export function runPlan(old: unknown, next: unknown, kind: WorkloadKind, inPlace: boolean, inputs: PlanInputs): { plan: Plan } | { problem: EngineProblem } | { none: string } {
  try {
    if (kind === "Pod" || kind === "ReplicaSet") return { none: kind === "Pod" ? "A Pod has no rollout: the verdict applies to that one pod." : "A ReplicaSet never updates its running pods: only new pods get the new template." };
    const n = inputs.replicas;
    let w = asObject(next) ?? {};
    if (kind === "Deployment") {
      w = setPath(setPath(w, ["spec", "replicas"], n), ["spec", "strategy", "rollingUpdate", "maxUnavailable"], inputs.maxUnavailable);
    } else if (kind === "DaemonSet" || kind === "AdvancedDaemonSet") {
      const ru = ["spec", "updateStrategy", "rollingUpdate"];
      w = setPath(w, [...ru, "maxUnavailable"], inputs.maxUnavailable);
      if (kind === "AdvancedDaemonSet") w = setPath(w, [...ru, "partition"], inputs.partition);
    } else if (kind === "StatefulSet" || kind === "AdvancedStatefulSet") {
      const ru = ["spec", "updateStrategy", "rollingUpdate"];
      w = setPath(setPath(setPath(w, ["spec", "replicas"], n), [...ru, "partition"], inputs.partition), [...ru, "maxUnavailable"], inputs.maxUnavailable);
      if (kind === "AdvancedStatefulSet" && inputs.strategy !== "") w = setPath(w, [...ru, "podUpdatePolicy"], inputs.strategy);
    } else {
      const us = ["spec", "updateStrategy"];
      w = setPath(setPath(setPath(w, ["spec", "replicas"], n), [...us, "partition"], inputs.partition), [...us, "maxUnavailable"], inputs.maxUnavailable);
      if (inputs.strategy !== "") w = setPath(w, [...us, "type"], inputs.strategy);
    }
    const kruise = isKruise(kind);
    const options = { kubernetes: inputs.kubernetes === "" ? undefined : inputs.kubernetes, kruise: kruise ? inputs.kruise : undefined };
    const oldObj = asObject(old) ?? {};
    const before = planStart(rawAsk, kind, { value: oldObj, json: JSON.stringify(oldObj) }, { pods: [], replicaSets: [], nodes: [] }, options);
    const start = startingState(kind, w, n, before.revision);
    const p = planStart(rawAsk, kind, { value: w, json: JSON.stringify(w) }, start, options);
    const request = { ...p.request, inPlace, ...(kruise ? { kruise: inputs.kruise } : {}) };
    const timeline = rawAsk("rollout.simulate", request, p.raw) as unknown as RolloutTimeline;
    return { plan: { timeline, start, workload: w } };
  } catch (e) {
    return { problem: problemOf(e) };
  }
}
