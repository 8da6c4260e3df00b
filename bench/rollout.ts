// Benchmark: one planning round of a CloneSet (1,000 and 10,000 pods, the request built once,
// priority and scatter strategies on) and whole simulated rollouts (100 and 1,000 pods) of each kind.
// Reports the median wall time and the process CPU time per call (the CPU time is the steadier number
// on a shared machine), and how the cost grows from the small to the large size. Never asserted.
//
// Usage: node --import tsx bench/rollout.ts [repeats]

import { readFileSync } from "node:fs";
import * as k from "../js/node.ts";

k.initSync(readFileSync(process.env.KINPLACE_WASM ?? new URL("../build/kinplace.wasm", import.meta.url)));
const repeats = Number(process.argv[2] ?? 9);
const enc = new TextEncoder();

const T0 = Date.UTC(2025, 0, 1) / 1000;
const iso = (s: number) => new Date(s * 1000).toISOString().replace(".000Z", "Z");

/** A running, ready pod at revision `rev` (ages and restart counts vary so the sort has work to do). */
function pod(name: string, rev: string, i: number, node = `node-${i % 97}`) {
  return {
    metadata: { name, labels: { app: "web", "controller-revision-hash": rev, zone: `z${i % 3}` }, creationTimestamp: iso(T0 - (i % 600) * 7) },
    spec: { nodeName: node, readinessGates: [{ conditionType: "InPlaceUpdateReady" }] },
    status: { phase: "Running", conditions: [{ type: "Ready", status: "True", lastTransitionTime: iso(T0 - (i % 300) * 11) }], containerStatuses: [{ name: "app", restartCount: i % 4 }] },
  };
}

/** Median wall and CPU milliseconds of `fn` over `repeats` calls (after two warm-up calls). */
function time(fn: () => unknown): { wall: number; cpu: number } {
  fn(); fn();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    walls.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
  return { wall: med(walls), cpu: med(cpus) };
}

/** A request as bytes, answered once to check it succeeds. */
function line(req: object): Uint8Array {
  const bytes = enc.encode(JSON.stringify(req));
  const answer = JSON.parse(new TextDecoder().decode(k.evaluateLine(bytes)));
  if (!answer.ok) throw new Error(JSON.stringify(answer.error));
  return bytes;
}

const rows: [string, number, { wall: number; cpu: number }, number][] = [];

for (const n of [1000, 10000]) {
  const req = line({
    op: "rollout.cloneset",
    cloneSet: { metadata: { name: "web" }, spec: { replicas: n, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%",
      priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { zone: "z2" } } }] }, scatterStrategy: [{ key: "zone", value: "z1" }] } } },
    pods: Array.from({ length: n }, (_, i) => pod(`web-${i}`, "web-r1", i)),
    currentRevision: "web-r1", updateRevision: "web-r2", now: iso(T0 + 3600),
  });
  rows.push(["rollout.cloneset: one round", n, time(() => k.evaluateLine(req)), req.length]);
}

for (const n of [100, 1000]) {
  const sims: [string, object][] = [
    ["CloneSet, InPlaceIfPossible, maxUnavailable 20%", { kind: "CloneSet", workload: { metadata: { name: "web" }, spec: { replicas: n, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%" } } },
      pods: Array.from({ length: n }, (_, i) => pod(`web-${i}`, "web-r1", i)), currentRevision: "web-r1", updateRevision: "web-r2" }],
    ["CloneSet, ReCreate, maxSurge 10%, maxUnavailable 0", { kind: "CloneSet", workload: { metadata: { name: "web" }, spec: { replicas: n, updateStrategy: { maxSurge: "10%", maxUnavailable: 0 } } },
      pods: Array.from({ length: n }, (_, i) => pod(`web-${i}`, "web-r1", i)), currentRevision: "web-r1", updateRevision: "web-r2" }],
    ["Advanced DaemonSet, maxUnavailable 10%, partition 10%", { kind: "AdvancedDaemonSet", workload: { metadata: { name: "ds" }, spec: { updateStrategy: { rollingUpdate: { maxUnavailable: "10%", partition: "10%" } } } },
      nodes: Array.from({ length: n }, (_, i) => `node-${i}`), pods: Array.from({ length: n }, (_, i) => pod(`ds-${i}`, "h1", i, `node-${i}`)), hash: "h2" }],
    ["Advanced StatefulSet, Parallel, maxUnavailable 10%", { kind: "AdvancedStatefulSet", workload: { metadata: { name: "db" }, spec: { replicas: n, podManagementPolicy: "Parallel", updateStrategy: { rollingUpdate: { maxUnavailable: "10%", podUpdatePolicy: "InPlaceIfPossible" } } } },
      pods: Array.from({ length: n }, (_, i) => pod(`db-${i}`, "r1", i)), currentRevision: "r1", updateRevision: "r2" }],
    ["Deployment, maxSurge 25%, maxUnavailable 25%", { kind: "Deployment", workload: { spec: { replicas: n } },
      replicaSets: [{ metadata: { name: "old", annotations: { "deployment.kubernetes.io/desired-replicas": String(n) } }, spec: { replicas: n }, status: { availableReplicas: n, replicas: n } }] }],
  ];
  for (const [name, body] of sims) {
    const req = line({ op: "rollout.simulate", ...body });
    rows.push([`rollout.simulate: ${name}`, n, time(() => k.evaluateLine(req)), req.length]);
  }
}

console.log(`Node ${process.version}, ${process.platform}/${process.arch}; median of ${repeats} calls (request bytes in, answer bytes out).\n`);
console.log("| case | pods | request | wall ms | CPU ms |");
console.log("|---|---:|---:|---:|---:|");
for (const [name, n, t, bytes] of rows) console.log(`| ${name} | ${n.toLocaleString("en-US")} | ${(bytes / 1024).toFixed(0)} KB | ${t.wall.toFixed(1)} | ${t.cpu.toFixed(1)} |`);
console.log();
const growth = (name: string, a: number, b: number) => {
  const x = rows.find((r) => r[0] === name && r[1] === a)!;
  const y = rows.find((r) => r[0] === name && r[1] === b)!;
  return (y[2].cpu / x[2].cpu).toFixed(1);
};
console.log(`Growth (CPU time, ×${10} pods): cloneset round ×${growth("rollout.cloneset: one round", 1000, 10000)}; ` +
  rows.filter((r) => r[1] === 100).map((r) => `${r[0].replace("rollout.simulate: ", "")} ×${growth(r[0], 100, 1000)}`).join("; "));
