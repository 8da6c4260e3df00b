// Ports OpenKruise v1.9.0's Advanced DaemonSet test tables to rollout.advancedDaemonSet vectors:
//  - daemonset_util_test.go TestGetMaxCreateNum (GetNodesNeedingPods through manage; cases whose
//    numbers cannot describe one cluster state, total != old + new + needing, are skipped) and
//    Test_getBurstReplicas;
//  - daemonset_update_test.go TestGetUnavailableNumbers, TestFilterDaemonPodsNodeToUpdate (transcribed),
//    and the rolling-update sequences TestDaemonSetUpdatesPods, ...WithMaxSurge, ...WhenNewPosIsNotReady,
//    ...AllOldPodsNotReady, ...NoTemplateChanged: each sync is one vector holding the cluster state
//    the test has reached (pods created by a sync are not Ready until the test marks them), expecting
//    the sync's creation and deletion counts. The tests' fake pod control observes creations at once,
//    so these vectors ask for `expectations: "immediate"`.

import { gitShow, elements, field, goString, splitTop, KRUISE_GIT, KRUISE_TAG } from "./gosource.ts";
import type { PortedVector } from "./cloneset.ts";

const UTIL = "pkg/controller/daemonset/daemonset_util_test.go";
const UPDATE = "pkg/controller/daemonset/daemonset_update_test.go";

/** Go's string order. */
const goLess = (a: string, b: string) => (Buffer.compare(Buffer.from(a), Buffer.from(b)));

interface SimplePod { name: string; node: string; rev: string; ready: boolean; deleting?: boolean }

function podObject(p: SimplePod): Record<string, unknown> {
  const o: Record<string, unknown> = {
    metadata: { name: p.name, labels: { name: "simple-daemon", "controller-revision-hash": p.rev }, ...(p.deleting ? { deletionTimestamp: "2025-01-01T00:00:00Z" } : {}) },
    spec: { nodeName: p.node },
  };
  if (p.ready) o.status = { conditions: [{ type: "Ready", status: "True", lastTransitionTime: "2025-01-01T00:00:00Z" }] };
  return o;
}

function request(ds: Record<string, unknown>, nodes: unknown[], pods: SimplePod[], hash: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { op: "rollout.advancedDaemonSet", daemonSet: ds, nodes, pods: pods.map(podObject), hash, now: "2025-01-01T01:00:00Z", ...extra };
}

/** TestGetMaxCreateNum. */
function portMaxCreate(): PortedVector[] {
  const src = gitShow(KRUISE_GIT, KRUISE_TAG, UTIL);
  const f = src.indexOf("func TestGetMaxCreateNum");
  const out: PortedVector[] = [];
  let skipped = 0;
  for (const c of elements(src, src.indexOf("}{", src.indexOf("cases := []struct", f)) + 1)) {
    const name = goString(field(c, "name")!);
    const num = (k: string) => Number(field(c, k) ?? "0");
    const strs = (k: string) => { const l = field(c, k)!; return splitTop(l.slice(l.indexOf("{") + 1, l.lastIndexOf("}"))).map(goString); };
    const [oldN, newN, total, partition] = [num("oldPodsNum"), num("newPodsNum"), num("total"), num("partition")];
    const progressive = field(c, "progressively") === "true";
    const needing = strs("nodesNeedingPods");
    const expect = strs("expect");
    if (oldN + newN + needing.length !== total) { skipped++; continue; }
    const pods: SimplePod[] = [];
    for (let i = 0; i < newN; i++) pods.push({ name: `new-${i}`, node: `other-new-${i}`, rev: "v2", ready: true });
    for (let i = 0; i < oldN; i++) pods.push({ name: `old-${i}`, node: `other-old-${i}`, rev: "v1", ready: true });
    const nodes = [...needing, ...pods.map((p) => p.node)].sort(goLess);
    const ds = {
      spec: { updateStrategy: { type: "RollingUpdate", rollingUpdate: { partition } }, ...(progressive ? { scaleStrategy: { partitionedScaling: true } } : {}) },
      status: { desiredNumberScheduled: total },
    };
    out.push({ note: `kruise v1.9.0 ${UTIL} TestGetMaxCreateNum: ${name}`, request: request(ds, nodes, pods, "v2"), expect: { "manage.create": expect } });
  }
  if (skipped) console.error(`TestGetMaxCreateNum: ${skipped} cases skipped (inconsistent numbers)`);
  return out;
}

/** Test_getBurstReplicas (burstReplicas {IntVal: 10}: Type defaults to Int). */
function portBurst(): PortedVector[] {
  return [{
    note: `kruise v1.9.0 ${UTIL} Test_getBurstReplicas: getBurstReplicas`,
    request: request({ spec: { burstReplicas: 10, updateStrategy: { type: "OnDelete" } } }, [], [], "v2"),
    expect: { burstReplicas: 10 },
  }];
}

/** TestGetUnavailableNumbers (transcribed: node count, strategy, pods; expected maxSurge and maxUnavailable). */
function portUnavailable(): PortedVector[] {
  const unavailable = (v: number | string) => ({ type: "RollingUpdate", rollingUpdate: { maxUnavailable: v } });
  const surge = (v: number | string) => ({ type: "RollingUpdate", rollingUpdate: { maxUnavailable: 0, maxSurge: v } });
  const ready = (i: number, deleting = false): SimplePod => ({ name: `pod-${i}`, node: `node-${i}`, rev: "v1", ready: true, deleting });
  const cases: [string, number, Record<string, unknown>, SimplePod[], number, number][] = [
    ["No nodes", 0, unavailable(0), [], 0, 0],
    ["Two nodes with ready pods", 2, unavailable(1), [ready(0), ready(1)], 0, 1],
    ["Two nodes, one node without pods", 2, unavailable(0), [ready(0)], 0, 1],
    ["Two nodes, one node without pods, surge", 2, surge(0), [ready(0)], 0, 1],
    ["Two nodes with pods, MaxUnavailable in percents", 2, unavailable("50%"), [ready(0), ready(1)], 0, 1],
    ["Two nodes with pods, MaxUnavailable in percents, surge", 2, surge("50%"), [ready(0), ready(1)], 1, 0],
    ["Two nodes with pods, MaxUnavailable is 100%, surge", 2, surge("100%"), [ready(0), ready(1)], 2, 0],
    ["Two nodes with pods, MaxUnavailable in percents, pod terminating", 3, unavailable("50%"), [ready(0), ready(1, true)], 0, 2],
  ];
  return cases.map(([name, nodes, strategy, pods, maxSurge, maxUnavailable]) => ({
    note: `kruise v1.9.0 ${UPDATE} TestGetUnavailableNumbers: ${name}`,
    request: request({ spec: { updateStrategy: strategy } }, Array.from({ length: nodes }, (_, i) => `node-${i}`), pods, "v2"),
    expect: { maxSurge, maxUnavailable },
  }));
}

/** TestFilterDaemonPodsNodeToUpdate (transcribed). */
function portFilter(): PortedVector[] {
  const on = (node: string, rev: string, deleting = false): SimplePod => ({ name: `pod-${node}`, node, rev, ready: true, deleting });
  const canary = { "node-type": "canary" };
  const cases: [string, Record<string, unknown>, SimplePod[], [string, Record<string, string>?][], string[]][] = [
    ["Standard,partition=0", { rollingUpdateType: "Standard", partition: 0 }, [on("n1", "v1"), on("n2", "v2"), on("n3", "v1")], [["n1"], ["n2"], ["n3"]], ["n2", "n3", "n1"]],
    ["Standard,partition=1", { rollingUpdateType: "Standard", partition: 1 }, [on("n1", "v2"), on("n2", "v1"), on("n3", "v1")], [["n1"], ["n2"], ["n3"]], ["n1", "n3"]],
    ["Standard,partition=1,selector=1", { rollingUpdateType: "Standard", partition: 1, selector: { matchLabels: canary } },
      [on("n1", "v1"), on("n2", "v2"), on("n3", "v1"), on("n4", "v1")], [["n1"], ["n2"], ["n3", canary], ["n4"]], ["n2", "n3"]],
    ["Standard,partition=2,selector=3", { rollingUpdateType: "Standard", partition: 2, selector: { matchLabels: canary } },
      [on("n1", "v1"), on("n2", "v2"), on("n3", "v1"), on("n4", "v1")], [["n1", canary], ["n2"], ["n3", canary], ["n4", canary]], ["n2", "n4"]],
    ["Standard,partition=0,selector=3,terminating", { rollingUpdateType: "Standard", partition: 0, selector: { matchLabels: canary } },
      [on("n1", "v1"), on("n2", "v2"), on("n3", "v1", true), on("n4", "v1")], [["n1", canary], ["n2"], ["n3", canary], ["n4"]], ["n2", "n3", "n1"]],
  ];
  return cases.map(([name, rolling, pods, nodes, expect]) => ({
    note: `kruise v1.9.0 ${UPDATE} TestFilterDaemonPodsNodeToUpdate: ${name}`,
    request: request({ spec: { updateStrategy: { type: "RollingUpdate", rollingUpdate: rolling } } },
      nodes.map(([n, labels]) => ({ metadata: { name: n, labels: labels ?? {} } })), pods, "v2"),
    expect: { "rollingUpdate.nodesToUpdate": expect },
  }));
}

/**
 * A rolling-update sequence on `nodes` nodes: each step is [creates, deletes, then mark every pod Ready?].
 * The state advances as the test's fake pod control does: created pods (new revision, not Ready) on the
 * nodes without a pod or, when surging, on nodes still running an old pod; deleted pods leave at once.
 * Which old pods are deleted does not change the counts (all old pods are alike at each step).
 */
function sequence(test: string, nodes: number, strategy: Record<string, unknown>, startReady: boolean,
  steps: [number, number, boolean][]): PortedVector[] {
  let pods: SimplePod[] = Array.from({ length: nodes }, (_, i) => ({ name: `old-${i}`, node: `node-${i}`, rev: "v1", ready: startReady }));
  const out: PortedVector[] = [];
  let serial = 0;
  steps.forEach(([creates, deletes, markReady], k) => {
    out.push({
      note: `kruise v1.9.0 ${UPDATE} ${test}: sync #${k + 1} after the template change (expect ${creates} creates, ${deletes} deletes)`,
      request: request({ spec: { updateStrategy: strategy } }, Array.from({ length: nodes }, (_, i) => `node-${i}`), pods, "v2", { expectations: "immediate" }),
      expect: { "create.length": creates, "delete.length": deletes },
    });
    // apply: surge deletes old pods where a ready new pod runs; unavailable deletes old ready pods
    for (let d = 0; d < deletes; d++) {
      const nodesWithNew = new Set(pods.filter((p) => p.rev === "v2").map((p) => p.node));
      let i = pods.findIndex((p) => p.rev === "v1" && nodesWithNew.has(p.node));
      if (i < 0) i = pods.findIndex((p) => p.rev === "v1");
      pods.splice(i, 1);
    }
    for (let c = 0; c < creates; c++) {
      const occupied = new Set(pods.map((p) => p.node));
      let node = Array.from({ length: nodes }, (_, i) => `node-${i}`).find((n) => !occupied.has(n));
      if (node === undefined) {
        const withNew = new Set(pods.filter((p) => p.rev === "v2").map((p) => p.node));
        node = pods.find((p) => p.rev === "v1" && !withNew.has(p.node))!.node;
      }
      pods.push({ name: `new-${++serial}`, node, rev: "v2", ready: false });
    }
    if (markReady) pods = pods.map((p) => ({ ...p, ready: true }));
  });
  return out;
}

/** The rolling-update sequences. */
function portRolling(): PortedVector[] {
  const unavailable = (v: number) => ({ type: "RollingUpdate", rollingUpdate: { maxUnavailable: v } });
  const surge = (v: number) => ({ type: "RollingUpdate", rollingUpdate: { maxUnavailable: 0, maxSurge: v } });
  return [
    ...sequence("TestDaemonSetUpdatesPods", 5, unavailable(2), true,
      [[0, 2, false], [2, 0, true], [0, 2, false], [2, 0, true], [0, 1, false], [1, 0, true], [0, 0, false]]),
    ...sequence("TestDaemonSetUpdatesPodsWithMaxSurge", 5, surge(2), true,
      [[2, 0, false], [0, 0, true], [2, 2, false], [0, 0, true], [1, 2, false], [0, 0, true], [0, 1, false], [0, 0, false]]),
    ...sequence("TestDaemonSetUpdatesWhenNewPosIsNotReady", 5, unavailable(3), true, [[0, 3, false], [3, 0, false], [0, 0, false]]),
    ...sequence("TestDaemonSetUpdatesAllOldPodsNotReady", 5, unavailable(3), false, [[0, 5, false], [5, 0, false], [0, 0, false]]),
  ];
}

/** TestDaemonSetUpdatesNoTemplateChanged: every pod already at the DaemonSet's hash. */
function portNoChange(): PortedVector[] {
  const pods: SimplePod[] = Array.from({ length: 5 }, (_, i) => ({ name: `pod-${i}`, node: `node-${i}`, rev: "v1", ready: false }));
  return [{
    note: `kruise v1.9.0 ${UPDATE} TestDaemonSetUpdatesNoTemplateChanged: template is not changed no pod should be removed`,
    request: request({ spec: { updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 3 } } } }, Array.from({ length: 5 }, (_, i) => `node-${i}`), pods, "v1", { expectations: "immediate" }),
    expect: { "create.length": 0, "delete.length": 0 },
  }];
}

/** All Advanced DaemonSet vectors. */
export function portDaemonSet(): PortedVector[] {
  return [...portMaxCreate(), ...portBurst(), ...portUnavailable(), ...portFilter(), ...portRolling(), ...portNoChange()];
}
