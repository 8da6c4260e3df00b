import { readFileSync, readdirSync } from "node:fs";
import fc from "fast-check";
import { engineFromBytesSync } from "/work/main/js/instantiate.ts";
import { rolloutLine } from "/work/main/test/oracle/rollout-arbitraries.ts";
const A = engineFromBytesSync(readFileSync(process.argv[2]!));
const B = engineFromBytesSync(readFileSync(process.argv[3]!));
const lines: string[] = [];
for (const f of readdirSync("/work/main/test/vectors").filter((f) => f.startsWith("rollout") && f.endsWith(".jsonl"))) {
  for (const l of readFileSync(`/work/main/test/vectors/${f}`, "utf8").split("\n").filter(Boolean)) {
    const v = JSON.parse(l); lines.push(typeof v.request === "string" ? v.request : JSON.stringify(v.request));
  }
}
for (const l of fc.sample(rolloutLine, { numRuns: 3000, seed: 5 })) lines.push(l);
let seed = 1; const r = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
const states = ["", "", "Normal", "PreparingUpdate", "Updated", "Updating", "PreparingDelete", "PreparingNormal"];
const iso = (s: number) => new Date(1735689600000 + s * 1000).toISOString().replace(".000Z", "Z");
for (let i = 0; i < 3000; i++) {
  const n = Math.floor(r() * 40);
  const pods = Array.from({ length: n }, (_, j) => ({
    metadata: { name: `p-${j}`, labels: { app: "web", "controller-revision-hash": r() < 0.5 ? "r1" : "r2", zone: `z${Math.floor(r() * 3)}`, ...(r() < 0.4 ? { "lifecycle.apps.kruise.io/state": states[Math.floor(r() * states.length)] } : {}) }, creationTimestamp: iso(-Math.floor(r() * 100)) },
    spec: { nodeName: r() < 0.9 ? `n${j % 5}` : "", readinessGates: [{ conditionType: "InPlaceUpdateReady" }] },
    status: { phase: r() < 0.8 ? "Running" : "Pending", conditions: [{ type: "Ready", status: r() < 0.8 ? "True" : "False", lastTransitionTime: iso(-Math.floor(r() * 50)) }], containerStatuses: [{ name: "app", restartCount: Math.floor(r() * 3) }] },
  }));
  const us: any = { type: ["ReCreate", "InPlaceIfPossible", "InPlaceOnly"][i % 3], maxUnavailable: r() < 0.5 ? `${Math.floor(r() * 100)}%` : Math.floor(r() * 5), maxSurge: r() < 0.3 ? Math.floor(r() * 3) : undefined, partition: r() < 0.3 ? Math.floor(r() * 5) : undefined };
  if (r() < 0.5) us.priorityStrategy = r() < 0.5 ? { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { zone: "z2" } } }, { weight: 10, matchSelector: { matchLabels: { zone: "z1" } } }] } : { orderPriority: [{ orderedKey: "zone" }] };
  if (r() < 0.5) us.scatterStrategy = [{ key: "zone", value: "z1" }];
  lines.push(JSON.stringify({ op: "rollout.cloneset", cloneSet: { metadata: { name: "web" }, spec: { replicas: Math.floor(r() * 45), updateStrategy: us } }, pods, currentRevision: "r1", updateRevision: "r2", now: iso(3600) }));
  lines.push(JSON.stringify({ op: "rollout.simulate", kind: "CloneSet", workload: { metadata: { name: "web" }, spec: { replicas: n, updateStrategy: us } }, pods, currentRevision: "r1", updateRevision: "r2" }));
}
let diff = 0; const dec = new TextDecoder();
for (const l of lines) {
  const a = dec.decode(A.evaluateView(l)); const b = dec.decode(B.evaluateView(l));
  if (a !== b) { if (diff < 3) console.log("DIFF\n", l.slice(0, 300), "\n", a.slice(0, 300), "\n", b.slice(0, 300)); diff++; }
}
console.log(`${lines.length} lines, ${diff} differ`);
