import { readFileSync } from "node:fs";
import { engineFromBytesSync } from "/work/main/js/instantiate.ts";
const A = engineFromBytesSync(readFileSync(process.argv[2]!));
const B = engineFromBytesSync(readFileSync(process.argv[3]!));
const T0 = Date.UTC(2025, 0, 1) / 1000;
const iso = (s: number) => new Date(s * 1000).toISOString().replace(".000Z", "Z");
function pod(name: string, rev: string, i: number, node = `node-${i % 97}`) {
  return { metadata: { name, labels: { app: "web", "controller-revision-hash": rev, zone: `z${i % 3}` }, creationTimestamp: iso(T0 - (i % 600) * 7) },
    spec: { nodeName: node, readinessGates: [{ conditionType: "InPlaceUpdateReady" }] },
    status: { phase: "Running", conditions: [{ type: "Ready", status: "True", lastTransitionTime: iso(T0 - (i % 300) * 11) }], containerStatuses: [{ name: "app", restartCount: i % 4 }] } };
}
const n = 10000;
const req = new TextEncoder().encode(JSON.stringify({ op: "rollout.cloneset",
    cloneSet: { metadata: { name: "web" }, spec: { replicas: n, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%",
      priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { zone: "z2" } } }] }, scatterStrategy: [{ key: "zone", value: "z1" }] } } },
    pods: Array.from({ length: n }, (_, i) => pod(`web-${i}`, "web-r1", i)), currentRevision: "web-r1", updateRevision: "web-r2", now: iso(T0 + 3600) }));
const ta: number[] = [], tb: number[] = [];
for (let r = 0; r < 15; r++) {
  let c0 = process.cpuUsage(); A.evaluateView(req); let c = process.cpuUsage(c0); ta.push((c.user + c.system) / 1000);
  c0 = process.cpuUsage(); B.evaluateView(req); c = process.cpuUsage(c0); tb.push((c.user + c.system) / 1000);
}
const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
console.log("base CPU ms", med(ta).toFixed(1), "new CPU ms", med(tb).toFixed(1));
