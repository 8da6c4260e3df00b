// How the rollout planners and simulations grow along each input dimension: every case builds a request
// whose size along one dimension is 1x, 2x, ... 64x a base size (everything else fixed) and times it in
// a fresh process, the fastest of a few calls (a call that runs longer than the cut-off stops that
// case's doubling).
// Prints a Markdown table of milliseconds (simulations also show their rounds). Never asserted.
//
// Usage: node --import tsx bench/rollout-scaling.ts [case-name-filter] [cut-off seconds]
//        (KINPLACE_WASM selects the engine, default build/kinplace.wasm)

import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

type Obj = { [k: string]: any };

const T0 = Date.UTC(2025, 0, 1) / 1000;
const iso = (s: number) => new Date(s * 1000).toISOString().replace(".000Z", "Z");
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A running, ready pod at revision `rev` with extra labels and fields. */
function pod(name: string, rev: string, i: number, extra: { labels?: Obj; node?: string; spec?: Obj; status?: Obj; meta?: Obj } = {}): Obj {
  return {
    metadata: { name, labels: { app: "web", "controller-revision-hash": rev, zone: `z${i % 3}`, ...extra.labels }, creationTimestamp: iso(T0 - (i % 600) * 7), ...extra.meta },
    spec: { nodeName: extra.node ?? `node-${i % 97}`, readinessGates: [{ conditionType: "InPlaceUpdateReady" }], ...extra.spec },
    status: { phase: "Running", conditions: [{ type: "Ready", status: "True", lastTransitionTime: iso(T0 - (i % 300) * 11) }], containerStatuses: [{ name: "app", restartCount: i % 4 }], ...extra.status },
  };
}

const labelsOf = (n: number, prefix = "l") => Object.fromEntries(range(n).map((i) => [`${prefix}${i}`, `v${i}`]));

function cloneSet(n: number, strategy: Obj = {}, spec: Obj = {}, meta: Obj = {}): Obj {
  return { metadata: { name: "web", ...meta }, spec: { replicas: n, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%", ...strategy }, ...spec } };
}

function csRound(pods: Obj[], cs: Obj): Obj {
  return { op: "rollout.cloneset", cloneSet: cs, pods, currentRevision: "web-r1", updateRevision: "web-r2", now: iso(T0 + 3600) };
}

const podsN = (n: number, extra: (i: number) => Obj = () => ({})) => range(n).map((i) => pod(`web-${i}`, "web-r1", i, extra(i)));

/** The cases: name → request at factor f. */
const CASES: [string, (f: number) => Obj][] = [
  ["cloneset: pods (1,000)", (f) => csRound(podsN(1000 * f), cloneSet(1000 * f, {
    priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { zone: "z2" } } }] }, scatterStrategy: [{ key: "zone", value: "z1" }] }))],
  ["cloneset: labels per pod (50, 200 pods)", (f) => csRound(podsN(200, () => ({ labels: labelsOf(50 * f) })), cloneSet(200, {
    priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { zone: "z2" } } }] } }))],
  ["cloneset: workload labels (1,562)", (f) => csRound(podsN(100), cloneSet(100, {}, {}, { labels: labelsOf(1562 * f) }))],
  ["cloneset: weight terms (4, 1,000 pods)", (f) => csRound(podsN(1000, (i) => ({ labels: { [`k${i % 50}`]: "x" } })), cloneSet(1000, {
    priorityStrategy: { weightPriority: range(4 * f).map((t) => ({ weight: t % 100, matchSelector: { matchLabels: { [`k${t}`]: "x" } } })) } }))],
  ["cloneset: matchExpressions per term (4, 1,000 pods)", (f) => csRound(podsN(1000), cloneSet(1000, {
    priorityStrategy: { weightPriority: [{ weight: 10, matchSelector: { matchExpressions: range(4 * f).map((t) => ({ key: `k${t}`, operator: "NotIn", values: ["a"] })) } }] } }))],
  ["cloneset: values per In expression (16, 1,000 pods)", (f) => csRound(podsN(1000), cloneSet(1000, {
    priorityStrategy: { weightPriority: [{ weight: 10, matchSelector: { matchExpressions: [{ key: "app", operator: "In", values: [...range(16 * f).map((v) => `v${v}`), "web"] }] } }] } }))],
  ["cloneset: order keys (4, 1,000 pods)", (f) => csRound(podsN(1000), cloneSet(1000, {
    priorityStrategy: { orderPriority: range(4 * f).map((t) => ({ orderedKey: `o${t}` })) } }))],
  ["cloneset: scatter terms (2, 1,000 pods)", (f) => csRound(podsN(1000, (i) => ({ labels: { [`s${i % 16}`]: "x" } })), cloneSet(1000, {
    scatterStrategy: range(2 * f).map((t) => ({ key: `s${t % 16}`, value: t < 16 ? "x" : `y${t}` })) }))],
  ["cloneset: podsToDelete (100, 1,000 pods)", (f) => csRound(podsN(1000), cloneSet(1000, {}, { scaleStrategy: { podsToDelete: range(100 * f).map((i) => `gone-${i}`) } }))],
  ["cloneset: hook finalizers and labels (10, 500 pods)", (f) => csRound(podsN(500, () => ({ meta: { finalizers: range(10 * f).map((i) => `pf/${i}`) }, labels: labelsOf(10 * f, "p") })),
    cloneSet(500, { maxUnavailable: "100%" }, { lifecycle: { inPlaceUpdate: { finalizersHandler: range(10 * f).map((i) => `hf/${i}`), labelsHandler: labelsOf(10 * f, "h") } } }))],
  ["cloneset: sidecars per pod (8, 200 pods)", (f) => csRound(podsN(200, () => ({
    spec: { initContainers: range(8 * f).map((c) => ({ name: `s${c}`, restartPolicy: "Always" })) },
    status: { initContainerStatuses: range(8 * f).map((c) => ({ name: `s${c}`, restartCount: c % 3 })) } })), cloneSet(200))],
  ["cloneset: revisions given as templates (25, 500 pods)", (f) => ({ ...csRound(podsN(500, (i) => ({ labels: { "controller-revision-hash": `web-${i % (25 * f)}` } })), cloneSet(500)),
    templates: Object.fromEntries(range(25 * f).map((r) => [`web-${r}`, { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: `app:${r}` }] } }])),
    updateRevision: "web-0" })],
  ["advancedDaemonSet: annotations (1,562)", (f) => ({ op: "rollout.advancedDaemonSet", daemonSet: { metadata: { annotations: labelsOf(1562 * f) }, spec: { updateStrategy: { rollingUpdate: { maxUnavailable: 1 } } } },
    nodes: range(100).map((i) => `node-${i}`), pods: range(100).map((i) => pod(`ds-${i}`, "h1", i, { node: `node-${i}` })), hash: "h2", now: iso(T0 + 3600) })],
  ["advancedDaemonSet: nodes (500)", (f) => ({ op: "rollout.advancedDaemonSet", daemonSet: { spec: { updateStrategy: { rollingUpdate: { maxUnavailable: "10%", partition: "10%", selector: { matchLabels: { pool: "a" } } } } } },
    nodes: range(500 * f).map((i) => ({ metadata: { name: `node-${i}`, labels: { pool: i % 2 ? "a" : "b" } } })), pods: range(500 * f).map((i) => pod(`ds-${i}`, "h1", i, { node: `node-${i}` })), hash: "h2", now: iso(T0 + 3600) })],
  ["advancedDaemonSet: labels per node (50, 200 nodes)", (f) => ({ op: "rollout.advancedDaemonSet", daemonSet: { spec: { updateStrategy: { rollingUpdate: { maxUnavailable: "10%", selector: { matchLabels: { l3: "v3" } } } } } },
    nodes: range(200).map((i) => ({ metadata: { name: `node-${i}`, labels: labelsOf(50 * f) } })), pods: range(200).map((i) => pod(`ds-${i}`, "h1", i, { node: `node-${i}` })), hash: "h2", now: iso(T0 + 3600) })],
  ["advancedDaemonSet: selector expressions (4, 500 nodes)", (f) => ({ op: "rollout.advancedDaemonSet", daemonSet: { spec: { updateStrategy: { rollingUpdate: { maxUnavailable: "10%",
    selector: { matchExpressions: range(4 * f).map((t) => ({ key: `k${t}`, operator: "DoesNotExist" })) } } } } },
    nodes: range(500).map((i) => ({ metadata: { name: `node-${i}`, labels: { pool: "a" } } })), pods: range(500).map((i) => pod(`ds-${i}`, "h1", i, { node: `node-${i}` })), hash: "h2", now: iso(T0 + 3600) })],
  ["daemonSet: nodes (500)", (f) => ({ op: "rollout.daemonSet", daemonSet: { spec: { updateStrategy: { rollingUpdate: { maxUnavailable: "10%" } } } },
    nodes: range(500 * f).map((i) => `node-${i}`), pods: range(500 * f).map((i) => pod(`ds-${i}`, "h1", i, { node: `node-${i}` })), hash: "h2", now: iso(T0 + 3600) })],
  ["statefulSet: pods (500)", (f) => ({ op: "rollout.statefulSet", statefulSet: { metadata: { name: "db" }, spec: { replicas: 500 * f, podManagementPolicy: "Parallel",
    updateStrategy: { rollingUpdate: { maxUnavailable: "10%" } } } }, pods: range(500 * f).map((i) => pod(`db-${i}`, "r1", i)), currentRevision: "r1", updateRevision: "r2", now: iso(T0 + 3600) })],
  ["advancedStatefulSet: pods (500, unordered, priority)", (f) => ({ op: "rollout.advancedStatefulSet", statefulSet: { metadata: { name: "db" }, spec: { replicas: 500 * f, podManagementPolicy: "Parallel",
    updateStrategy: { rollingUpdate: { maxUnavailable: "10%", podUpdatePolicy: "InPlaceIfPossible", unorderedUpdate: { priorityStrategy: { weightPriority: [{ weight: 5, matchSelector: { matchLabels: { zone: "z1" } } }] } } } } } },
    pods: range(500 * f).map((i) => pod(`db-${i}`, "r1", i)), currentRevision: "r1", updateRevision: "r2", now: iso(T0 + 3600) })],
  ["advancedStatefulSet: reserveOrdinals (100, 500 pods)", (f) => ({ op: "rollout.advancedStatefulSet", statefulSet: { metadata: { name: "db" }, spec: { replicas: 500, podManagementPolicy: "Parallel",
    reserveOrdinals: range(100 * f).map((i) => 1000 + 2 * i), updateStrategy: { rollingUpdate: { maxUnavailable: "10%" } } } },
    pods: range(500).map((i) => pod(`db-${i}`, "r1", i)), currentRevision: "r1", updateRevision: "r2", now: iso(T0 + 3600) })],
  ["statefulSet: replicas without pods (10,000)", (f) => ({ op: "rollout.statefulSet", statefulSet: { metadata: { name: "db" }, spec: { replicas: 10000 * f, podManagementPolicy: "Parallel" } },
    pods: [], currentRevision: "r1", updateRevision: "r2" })],
  ["deployment: replicaSets (100)", (f) => ({ op: "rollout.deployment", deployment: { spec: { replicas: 1000 } },
    replicaSets: range(100 * f).map((i) => ({ metadata: { name: `rs-${i}`, creationTimestamp: iso(T0 + i), annotations: { "deployment.kubernetes.io/desired-replicas": "1000" } }, spec: { replicas: 5 }, status: { availableReplicas: 5 } })),
    newReplicaSet: "rs-0" })],
  ["deployment: annotations per ReplicaSet (100)", (f) => ({ op: "rollout.deployment", deployment: { spec: { replicas: 1000 } },
    replicaSets: range(20).map((i) => ({ metadata: { name: `rs-${i}`, creationTimestamp: iso(T0 + i), annotations: { ...labelsOf(100 * f, "a"), "deployment.kubernetes.io/desired-replicas": "900" } }, spec: { replicas: 50 }, status: { availableReplicas: 50 } })),
    newReplicaSet: "rs-0" })],
  ["simulate CloneSet: pods (100)", (f) => ({ op: "rollout.simulate", kind: "CloneSet", workload: cloneSet(100 * f), pods: podsN(100 * f), currentRevision: "web-r1", updateRevision: "web-r2" })],
  ["simulate CloneSet: rounds (pods 20, maxUnavailable 1)", (f) => ({ op: "rollout.simulate", kind: "CloneSet", workload: cloneSet(20 * f, { maxUnavailable: 1 }), pods: podsN(20 * f), currentRevision: "web-r1", updateRevision: "web-r2" })],
  ["simulate CloneSet: workload labels (1,562)", (f) => ({ op: "rollout.simulate", kind: "CloneSet", workload: cloneSet(10, {}, {}, { labels: labelsOf(1562 * f) }), pods: podsN(10), currentRevision: "web-r1", updateRevision: "web-r2" })],
  ["simulate CloneSet: labels per pod (50, 100 pods)", (f) => ({ op: "rollout.simulate", kind: "CloneSet", workload: cloneSet(100), pods: podsN(100, () => ({ labels: labelsOf(50 * f) })), currentRevision: "web-r1", updateRevision: "web-r2" })],
  ["simulate CloneSet: failUpdated (100, 200 pods)", (f) => ({ op: "rollout.simulate", kind: "CloneSet", workload: cloneSet(200, { maxUnavailable: "100%" }), pods: podsN(200), currentRevision: "web-r1", updateRevision: "web-r2",
    model: { failUpdated: range(100 * f).map((i) => 1000 + i) } })],
  ["simulate AdvancedDaemonSet: nodes (100)", (f) => ({ op: "rollout.simulate", kind: "AdvancedDaemonSet", workload: { metadata: { name: "ds" }, spec: { updateStrategy: { rollingUpdate: { maxUnavailable: "10%", partition: "10%" } } } },
    nodes: range(100 * f).map((i) => `node-${i}`), pods: range(100 * f).map((i) => pod(`ds-${i}`, "h1", i, { node: `node-${i}` })), hash: "h2" })],
  ["simulate DaemonSet: nodes (100)", (f) => ({ op: "rollout.simulate", kind: "DaemonSet", workload: { metadata: { name: "ds" }, spec: { updateStrategy: { rollingUpdate: { maxUnavailable: "10%" } } } },
    nodes: range(100 * f).map((i) => `node-${i}`), pods: range(100 * f).map((i) => pod(`ds-${i}`, "h1", i, { node: `node-${i}` })), hash: "h2" })],
  ["simulate StatefulSet: pods (50, OrderedReady)", (f) => ({ op: "rollout.simulate", kind: "StatefulSet", workload: { metadata: { name: "db" }, spec: { replicas: 50 * f } },
    pods: range(50 * f).map((i) => pod(`db-${i}`, "r1", i)), currentRevision: "r1", updateRevision: "r2" })],
  ["simulate AdvancedStatefulSet: pods (100, Parallel, in place)", (f) => ({ op: "rollout.simulate", kind: "AdvancedStatefulSet", workload: { metadata: { name: "db" }, spec: { replicas: 100 * f, podManagementPolicy: "Parallel",
    updateStrategy: { rollingUpdate: { maxUnavailable: "10%", podUpdatePolicy: "InPlaceIfPossible" } } } }, pods: range(100 * f).map((i) => pod(`db-${i}`, "r1", i)), currentRevision: "r1", updateRevision: "r2" })],
  ["simulate Deployment: replicas (100)", (f) => ({ op: "rollout.simulate", kind: "Deployment", workload: { spec: { replicas: 100 * f } },
    replicaSets: [{ metadata: { name: "old", annotations: { "deployment.kubernetes.io/desired-replicas": String(100 * f) } }, spec: { replicas: 100 * f }, status: { availableReplicas: 100 * f, replicas: 100 * f } }] })],
];

const FACTORS = [1, 2, 4, 8, 16, 32, 64];

/** Child: times the request of case `name` at factor `f` (a warm-up call first when it is quick). */
function child(name: string, f: number): void {
  const build = CASES.find((c) => c[0] === name)![1];
  const line = new TextEncoder().encode(JSON.stringify(build(f)));
  import("../js/node.ts").then((k) => {
    k.initSync(readFileSync(process.env.KINPLACE_WASM ?? new URL("../build/kinplace.wasm", import.meta.url)));
    // the fastest of four calls (of one when it takes over a second)
    let answer: Uint8Array = new Uint8Array(0);
    let ms = Infinity;
    for (let i = 0; i < 4 && (i == 0 || ms < 1000); i++) {
      const t0 = performance.now();
      answer = k.evaluateLine(line);
      ms = Math.min(ms, performance.now() - t0);
    }
    const a = JSON.parse(new TextDecoder().decode(answer));
    process.stdout.write(JSON.stringify({ ms, ok: a.ok, error: a.ok ? undefined : a.error.code, rounds: a.result?.rounds }));
  });
}

function main(): void {
  const filter = process.argv[2] ?? "";
  const cutoff = Number(process.argv[3] ?? 10) * 1000;
  const self = fileURLToPath(import.meta.url);
  console.log(`| case | ${FACTORS.map((f) => `${f}x`).join(" | ")} |`);
  console.log(`|---|${FACTORS.map(() => "---:").join("|")}|`);
  for (const [name] of CASES) {
    if (!name.includes(filter)) continue;
    const cells: string[] = [];
    let stop = false;
    for (const f of FACTORS) {
      if (stop) { cells.push("–"); continue; }
      const r = spawnSync(process.execPath, ["--import", "tsx", self, "--child", name, String(f)], { encoding: "utf8", timeout: cutoff * 6, maxBuffer: 1 << 20 });
      if (r.status !== 0 || !r.stdout) { cells.push(r.error ? `>${(cutoff * 6) / 1000} s` : "crash"); stop = true; continue; }
      const o = JSON.parse(r.stdout);
      cells.push(`${o.ms < 10 ? o.ms.toFixed(1) : o.ms.toFixed(0)}${o.rounds !== undefined ? ` (${o.rounds} r)` : ""}${o.ok ? "" : ` ${o.error}`}`);
      if (o.ms > cutoff) stop = true;
    }
    console.log(`| ${name} | ${cells.join(" | ")} |`);
  }
}

if (process.argv[2] === "--child") child(process.argv[3]!, Number(process.argv[4]));
else main();
