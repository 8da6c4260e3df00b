import { readFileSync } from "node:fs";
import * as k from "/work/main/js/node.ts";
k.initSync(readFileSync(process.argv[2] ?? "/tmp/kpb/prof.wasm"));
const T0 = Date.UTC(2025, 0, 1) / 1000;
const iso = (s: number) => new Date(s * 1000).toISOString().replace(".000Z", "Z");
function pod(name: string, rev: string, i: number, node = `node-${i % 97}`) {
  return {
    metadata: { name, labels: { app: "web", "controller-revision-hash": rev, zone: `z${i % 3}` }, creationTimestamp: iso(T0 - (i % 600) * 7) },
    spec: { nodeName: node, readinessGates: [{ conditionType: "InPlaceUpdateReady" }] },
    status: { phase: "Running", conditions: [{ type: "Ready", status: "True", lastTransitionTime: iso(T0 - (i % 300) * 11) }], containerStatuses: [{ name: "app", restartCount: i % 4 }] },
  };
}
const n = 10000;
const req = new TextEncoder().encode(JSON.stringify({
    op: "rollout.cloneset",
    cloneSet: { metadata: { name: "web" }, spec: { replicas: n, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%",
      priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { zone: "z2" } } }] }, scatterStrategy: [{ key: "zone", value: "z1" }] } } },
    pods: Array.from({ length: n }, (_, i) => pod(`web-${i}`, "web-r1", i)),
    currentRevision: "web-r1", updateRevision: "web-r2", now: iso(T0 + 3600),
  }));
const t0 = performance.now(); let c = 0;
while (performance.now() - t0 < 5000) { k.evaluateLine(req); c++; }
console.log((performance.now() - t0) / c, "ms/call");
