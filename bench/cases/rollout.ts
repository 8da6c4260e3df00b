// The rollout rows: one planning round of a 10,000-pod CloneSet (priority and scatter strategies on) and whole
// simulated rollouts of 1,000 pods, request bytes in, answer bytes out. There is no JS or Go peer for these (the
// planner reproduces controller code that is not a library); the rows give the time and its spread.

import { jsContender } from "../lib/interleave.ts";
import { printGroups, timeGroup, type Ctx, type TimedGroup } from "../lib/section.ts";
import { durationCell, size } from "../lib/stats.ts";

const T0 = Date.UTC(2025, 0, 1) / 1000;
const iso = (s: number) => new Date(s * 1000).toISOString().replace(".000Z", "Z");

/** A running, ready pod at revision `rev` (ages and restart counts vary so the sort has work to do). */
function pod(name: string, rev: string, i: number, node = `node-${i % 97}`): object {
  return {
    metadata: { name, labels: { app: "web", "controller-revision-hash": rev, zone: `z${i % 3}` }, creationTimestamp: iso(T0 - (i % 600) * 7) },
    spec: { nodeName: node, readinessGates: [{ conditionType: "InPlaceUpdateReady" }] },
    status: { phase: "Running", conditions: [{ type: "Ready", status: "True", lastTransitionTime: iso(T0 - (i % 300) * 11) }], containerStatuses: [{ name: "app", restartCount: i % 4 }] },
  };
}

/** Runs the section. */
export async function rolloutSection(ctx: Ctx): Promise<void> {
  const { k } = ctx;
  const enc = new TextEncoder();
  /** A request as bytes, answered once to check it succeeds. */
  const line = (req: object): Uint8Array => {
    const bytes = enc.encode(JSON.stringify(req));
    const a = JSON.parse(new TextDecoder().decode(k.evaluateLine(bytes))) as { ok: boolean; error?: unknown };
    if (!a.ok) throw new Error(JSON.stringify(a.error));
    return bytes;
  };
  const n = 10_000;
  const round = line({
    op: "rollout.cloneset",
    cloneSet: { metadata: { name: "web" }, spec: { replicas: n, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%",
      priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { zone: "z2" } } }] }, scatterStrategy: [{ key: "zone", value: "z1" }] } } },
    pods: Array.from({ length: n }, (_, i) => pod(`web-${i}`, "web-r1", i)),
    currentRevision: "web-r1", updateRevision: "web-r2", now: iso(T0 + 3600),
  });
  const m = 1000;
  const sims: [string, object][] = [
    ["CloneSet, InPlaceIfPossible, maxUnavailable 20%", { kind: "CloneSet", workload: { metadata: { name: "web" }, spec: { replicas: m, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%" } } },
      pods: Array.from({ length: m }, (_, i) => pod(`web-${i}`, "web-r1", i)), currentRevision: "web-r1", updateRevision: "web-r2" }],
    ["Advanced DaemonSet, maxUnavailable 10%, partition 10%", { kind: "AdvancedDaemonSet", workload: { metadata: { name: "ds" }, spec: { updateStrategy: { rollingUpdate: { maxUnavailable: "10%", partition: "10%" } } } },
      nodes: Array.from({ length: m }, (_, i) => `node-${i}`), pods: Array.from({ length: m }, (_, i) => pod(`ds-${i}`, "h1", i, `node-${i}`)), hash: "h2" }],
    ["Deployment, maxSurge 25%, maxUnavailable 25%", { kind: "Deployment", workload: { spec: { replicas: m } },
      replicaSets: [{ metadata: { name: "old", annotations: { "deployment.kubernetes.io/desired-replicas": String(m) } }, spec: { replicas: m }, status: { availableReplicas: m, replicas: m } }] }],
  ];
  const groups: TimedGroup[] = [];
  groups.push(await timeGroup(ctx, { label: `rollout.cloneset, one round, 10,000 pods (${size(round.length)} request)`, baseline: "kinplace", contenders: [
    jsContender("kinplace", "kinplace evaluateLine", () => k.evaluateLine(round)),
  ] }));
  for (const [name, body] of sims) {
    const req = line({ op: "rollout.simulate", ...body });
    groups.push(await timeGroup(ctx, { label: `rollout.simulate, ${name}, 1,000 pods (${size(req.length)} request)`, baseline: "kinplace", contenders: [
      jsContender("kinplace", "kinplace evaluateLine", () => k.evaluateLine(req)),
    ] }));
  }
  printGroups(ctx, groups, "case");
  ctx.headline({ what: "one rollout round of a 10,000-pod CloneSet", input: `${size(round.length)} of pods`, result: durationCell(groups[0]!.timing.contenders[0]!.summary) });
}
