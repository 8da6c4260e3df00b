// Good requests for the ops no golden vector file covers (kruise.patchPods, k8s.transcode, policy.check,
// rollout.daemonSet, rollout.statefulSet, rollout.simulate), built from vector seeds of related ops and
// from the shapes test/rollout.test.ts and test/policy.test.ts use. Their expected answers are what a
// fresh engine answers.

import { readFileSync } from "node:fs";
import type { Seed } from "./corpus.ts";

type Obj = Record<string, any>;

const enc = new TextEncoder();

/** A built seed. */
function built(op: string, source: string, value: Obj): Seed {
  return { op, source: `built:${source}`, line: enc.encode(JSON.stringify(value)), value };
}

/** The pod of a kruise.patchPod request (inline or from podText). */
function podOf(r: Obj): Obj | undefined {
  if (r.pod !== undefined) return r.pod;
  try { return typeof r.podText === "string" ? JSON.parse(r.podText) : undefined; } catch { return undefined; }
}

const T0 = Date.UTC(2025, 0, 1) / 1000;
const iso = (s: number) => new Date(s * 1000).toISOString().replace(".000Z", "Z");

/** A healthy pod at revision `rev` (the rollout tests' shape). */
function pod(name: string, rev: string, node: string): Obj {
  return {
    metadata: { name, labels: { "controller-revision-hash": rev, zone: `z${name.length % 3}` }, creationTimestamp: iso(T0 - 600) },
    spec: { nodeName: node, readinessGates: [{ conditionType: "InPlaceUpdateReady" }] },
    status: { phase: "Running", conditions: [{ type: "Ready", status: "True", lastTransitionTime: iso(T0 - 300) }], containerStatuses: [{ name: "c", restartCount: 0 }] },
  };
}

/** rollout.simulate requests of every kind. */
function simulations(): Seed[] {
  const pods = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => pod(`${prefix}-${i}`, "web-r1", `node-${i}`));
  const nodes = (n: number) => Array.from({ length: n }, (_, i) => `node-${i}`);
  const model = { readySeconds: 5, inPlaceSeconds: 2 };
  const out: Obj[] = [
    { op: "rollout.simulate", kind: "CloneSet", workload: { metadata: { name: "web", labels: { app: "web" } }, spec: { replicas: 4, updateStrategy: { type: "InPlaceIfPossible", partition: 1, maxUnavailable: 1, maxSurge: "25%" } } },
      pods: pods(4, "web"), currentRevision: "web-r1", updateRevision: "web-r2", model: { ...model, failUpdated: [2] } },
    { op: "rollout.simulate", kind: "CloneSet", workload: { metadata: { name: "web" }, spec: { replicas: 3, updateStrategy: { type: "ReCreate", maxUnavailable: "50%" } } },
      pods: pods(3, "web"), currentRevision: "web-r1", updateRevision: "web-r2", model },
    { op: "rollout.simulate", kind: "DaemonSet", workload: { metadata: { name: "ds" }, spec: { updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 1 } } } },
      nodes: nodes(3), pods: pods(3, "ds"), hash: "web-r2", model },
    { op: "rollout.simulate", kind: "AdvancedDaemonSet", workload: { metadata: { name: "ds" }, spec: { updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 2, partition: 1, rollingUpdateType: "InPlaceIfPossible" } } } },
      nodes: nodes(4), pods: pods(4, "ds"), hash: "web-r2", model },
    { op: "rollout.simulate", kind: "StatefulSet", workload: { metadata: { name: "db" }, spec: { replicas: 3, podManagementPolicy: "OrderedReady", updateStrategy: { type: "RollingUpdate", rollingUpdate: { partition: 0, maxUnavailable: 1 } } } },
      pods: pods(3, "db"), currentRevision: "web-r1", updateRevision: "web-r2", model },
    { op: "rollout.simulate", kind: "AdvancedStatefulSet", workload: { metadata: { name: "db" }, spec: { replicas: 3, podManagementPolicy: "Parallel", updateStrategy: { type: "RollingUpdate", rollingUpdate: { partition: 1, maxUnavailable: 2, podUpdatePolicy: "InPlaceIfPossible" } } } },
      pods: pods(3, "db"), currentRevision: "web-r1", updateRevision: "web-r2", model },
    { op: "rollout.simulate", kind: "Deployment", workload: { spec: { replicas: 4, strategy: { type: "RollingUpdate", rollingUpdate: { maxSurge: 1, maxUnavailable: "25%" } } } },
      replicaSets: [{ metadata: { name: "old", creationTimestamp: iso(T0), annotations: { "deployment.kubernetes.io/desired-replicas": "4" } }, spec: { replicas: 4 }, status: { availableReplicas: 4, replicas: 4 } }], model },
  ];
  return out.map((v, i) => built("rollout.simulate", `simulate-${v.kind}-${i}`, v));
}

/** The two example policies of examples/policies (JSON). */
function policies(): Obj[] {
  const dir = new URL("../../examples/policies/", import.meta.url);
  return ["frozen-sidecars.json", "no-pod-restarts.json"].map((f) => JSON.parse(readFileSync(new URL(f, dir), "utf8")));
}

/** Seeds for the ops without vectors, derived from `seeds` (the vector sample). */
export function extraSeeds(seeds: Seed[]): Seed[] {
  const out: Seed[] = [];
  const of = (op: string) => seeds.filter((s) => s.op === op && s.value !== undefined);
  // kruise.patchPods: the pods of kruise.patchPod requests, two per request
  for (const s of of("kruise.patchPod").slice(0, 12)) {
    const { op: _op, pod: _pod, podText: _pt, id: _id, ...rest } = s.value as Obj;
    const p = podOf(s.value as Obj);
    if (p === undefined) continue;
    const second = JSON.parse(JSON.stringify(p));
    if (second.metadata) second.metadata.name = `${second.metadata.name ?? "pod"}-2`;
    out.push(built("kruise.patchPods", `patchPods<-${s.source}`, { op: "kruise.patchPods", pods: [p, second], ...rest }));
  }
  // k8s.transcode: the k8s.json requests of the transcoder's types
  for (const s of of("k8s.json").filter((x) => ["Container", "PodSpec", "PodTemplateSpec", "Pod"].includes((x.value as Obj).type)).slice(0, 16)) {
    out.push(built("k8s.transcode", `transcode<-${s.source}`, { ...(s.value as Obj), op: "k8s.transcode" }));
  }
  // policy.check: verdict requests judged by the example policies
  const pols = policies();
  of("verdict").slice(0, 12).forEach((s, i) => {
    const { op: _op, ...rest } = s.value as Obj;
    out.push(built("policy.check", `policy<-${s.source}`, { op: "policy.check", ...rest, policy: pols[i % pols.length] }));
  });
  // the native DaemonSet / StatefulSet planners on the Advanced vectors' states
  for (const s of of("rollout.advancedDaemonSet").slice(0, 10)) out.push(built("rollout.daemonSet", `daemonSet<-${s.source}`, { ...(s.value as Obj), op: "rollout.daemonSet" }));
  for (const s of of("rollout.advancedStatefulSet")) out.push(built("rollout.statefulSet", `statefulSet<-${s.source}`, { ...(s.value as Obj), op: "rollout.statefulSet" }));
  out.push(...simulations());
  return out;
}
