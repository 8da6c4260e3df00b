// Transcribed test tables (the cases are Go closures and struct literals; the values are copied as
// they are in the tests):
//  - OpenKruise v1.9.0 pkg/controller/statefulset/stateful_update_utils_test.go TestSortPodsToUpdate
//    (nil replicas are reserved ordinals; the test runs with PreparingUpdateAsUpdate on);
//  - Kubernetes v1.37.2 pkg/controller/deployment/sync_test.go TestScale (dc.scale called directly:
//    forceScale; sets the test does not update, `wasntUpdated`, are not checked),
//    rolling_test.go reconcileNewReplicaSet / reconcileOldReplicaSets,
//    util/deployment_util_test.go TestMaxUnavailable and TestResolveFenceposts (cases with nil values
//    or 0 replicas are left out: the API server defaults nil, and MaxUnavailable() is 0 at 0 replicas;
//    pkg/controller/{deployment,statefulset,daemon} and their tests are identical in v1.37.1, where they were first ported).

import type { PortedVector } from "./cloneset.ts";

const STS = "pkg/controller/statefulset/stateful_update_utils_test.go";

/** TestSortPodsToUpdate. */
export function portSortPodsToUpdate(): PortedVector[] {
  const weight = { unorderedUpdate: { priorityStrategy: { weightPriority: [
    { weight: 20, matchSelector: { matchLabels: { k: "v1" } } },
    { weight: 10, matchSelector: { matchLabels: { k: "v2" } } },
  ] } }, partition: 6 };
  // [rollingUpdate (null: none), total replicas, slots (revision, or "r0/PU" = r0 in PreparingUpdate, or null), expected indexes]
  const cases: [Record<string, unknown> | null, number, (string | null)[], number[]][] = [
    [null, 3, ["r0", "r0", "r0"], [2, 1, 0]],
    [weight, 10, ["r0", "r0", "r0", "r0", "r0", "r0", "r1", "r1", "r0", "r0"], [7, 6, 9, 8]],
    [null, 3, ["r1", "r1", "r0"], [2, 1, 0]],
    [{ partition: 2 }, 3, ["r0", null, "r0", null, "r0"], [4]],
    [weight, 10, ["r0", "r0", "r0", null, "r0", "r0", "r0", "r1", "r1", "r0", null, "r0"], [8, 7, 11, 9]],
    [weight, 10, ["r0/PU", "r0/PU", "r0", null, "r0", "r0", "r0", "r1", "r1", "r0", null, "r0"], [8, 7, 1, 0]],
  ];
  return cases.map(([rolling, total, slots, expected], i) => {
    const reserve = slots.flatMap((s, k) => (s === null ? [k] : []));
    const pods = slots.flatMap((s, k) => {
      if (s === null) return [];
      const [rev, pu] = s.split("/");
      const labels: Record<string, string> = { "controller-revision-hash": rev! };
      if (pu) labels["lifecycle.apps.kruise.io/state"] = "PreparingUpdate";
      return [{ metadata: { name: `s-${k}`, labels }, status: { phase: "Running", conditions: [{ type: "Ready", status: "True" }] } }];
    });
    const updateStrategy: Record<string, unknown> = { type: "RollingUpdate" };
    if (rolling) updateStrategy.rollingUpdate = rolling;
    return {
      note: `kruise v1.9.0 ${STS} TestSortPodsToUpdate: case #${i}`,
      request: {
        op: "rollout.advancedStatefulSet",
        statefulSet: { metadata: { name: "s" }, spec: { replicas: total, podManagementPolicy: "Parallel", reserveOrdinals: reserve, updateStrategy } },
        pods, currentRevision: "r0", updateRevision: "r1", gates: { PreparingUpdateAsUpdate: true },
      },
      expect: { order: expected.map((k) => `s-${k}`) },
    };
  });
}

const SYNC = "pkg/controller/deployment/sync_test.go";
const ROLLING = "pkg/controller/deployment/rolling_test.go";
const UTIL = "pkg/controller/deployment/util/deployment_util_test.go";

const NEW_TS = "2016-05-20T02:00:00Z";
const OLD_TS = "2016-05-20T01:00:00Z";
const OLDER_TS = "2016-05-20T00:00:00Z";

/** newDeployment(name, replicas, nil, maxSurge, maxUnavailable, ...): maxSurge and maxUnavailable default to 0. */
function deployment(replicas: number, maxSurge: number | string = 0, maxUnavailable: number | string = 0): Record<string, unknown> {
  return { spec: { replicas, strategy: { type: "RollingUpdate", rollingUpdate: { maxSurge, maxUnavailable } } } };
}

/** rs(name, replicas, nil, timestamp) with the annotations SetReplicasAnnotations writes. */
function rs(name: string, replicas: number, ts: string, desired: number, maxReplicas: number, available = 0): Record<string, unknown> {
  return {
    metadata: { name, creationTimestamp: ts, annotations: { "deployment.kubernetes.io/desired-replicas": String(desired), "deployment.kubernetes.io/max-replicas": String(maxReplicas) } },
    spec: { replicas },
    status: { availableReplicas: available },
  };
}

/** TestScale. */
export function portScale(): PortedVector[] {
  interface Case { name: string; replicas: number; surge?: number; unavailable?: number; oldReplicas: number; oldSurge?: number;
    newRS: [string, number] | null; oldRSs: [string, number, string][]; expectedNew: number | null; expectedOld: number[];
    wasntUpdated?: string[]; desired?: Record<string, number>; newAvailable?: number }
  const cases: Case[] = [
    { name: "normal scaling event: 10 -> 12", replicas: 12, oldReplicas: 10, newRS: ["foo-v1", 10], oldRSs: [], expectedNew: 12, expectedOld: [] },
    { name: "normal scaling event: 10 -> 5", replicas: 5, oldReplicas: 10, newRS: ["foo-v1", 10], oldRSs: [], expectedNew: 5, expectedOld: [] },
    { name: "proportional scaling: 5 -> 10", replicas: 10, oldReplicas: 5, newRS: ["foo-v2", 2], oldRSs: [["foo-v1", 3, OLD_TS]], expectedNew: 4, expectedOld: [6] },
    { name: "proportional scaling: 5 -> 3", replicas: 3, oldReplicas: 5, newRS: ["foo-v2", 2], oldRSs: [["foo-v1", 3, OLD_TS]], expectedNew: 1, expectedOld: [2] },
    { name: "proportional scaling: 9 -> 4", replicas: 4, oldReplicas: 9, newRS: ["foo-v2", 8], oldRSs: [["foo-v1", 1, OLD_TS]], expectedNew: 4, expectedOld: [0] },
    { name: "proportional scaling: 7 -> 10", replicas: 10, oldReplicas: 7, newRS: ["foo-v3", 2], oldRSs: [["foo-v2", 3, OLD_TS], ["foo-v1", 2, OLDER_TS]], expectedNew: 3, expectedOld: [4, 3] },
    { name: "proportional scaling: 13 -> 8", replicas: 8, oldReplicas: 13, newRS: ["foo-v3", 2], oldRSs: [["foo-v2", 8, OLD_TS], ["foo-v1", 3, OLDER_TS]], expectedNew: 1, expectedOld: [5, 2] },
    { name: "leftover distribution: 3 -> 4", replicas: 4, oldReplicas: 3, newRS: ["foo-v3", 1], oldRSs: [["foo-v2", 1, OLD_TS], ["foo-v1", 1, OLDER_TS]], expectedNew: 2, expectedOld: [1, 1] },
    { name: "leftover distribution: 3 -> 2", replicas: 2, oldReplicas: 3, newRS: ["foo-v3", 1], oldRSs: [["foo-v2", 1, OLD_TS], ["foo-v1", 1, OLDER_TS]], expectedNew: 1, expectedOld: [1, 0] },
    { name: "proportional scaling (no new rs): 4 -> 5", replicas: 5, oldReplicas: 4, newRS: null, oldRSs: [["foo-v2", 2, OLD_TS], ["foo-v1", 2, OLDER_TS]], expectedNew: null, expectedOld: [3, 2] },
    { name: "proportional scaling: 6 -> 0", replicas: 0, oldReplicas: 6, newRS: ["foo-v3", 3], oldRSs: [["foo-v2", 2, OLD_TS], ["foo-v1", 1, OLDER_TS]], expectedNew: 0, expectedOld: [0, 0] },
    { name: "proportional scaling: 0 -> 6", replicas: 6, oldReplicas: 6, newRS: ["foo-v3", 0], oldRSs: [["foo-v2", 0, OLD_TS], ["foo-v1", 0, OLDER_TS]], expectedNew: 6, expectedOld: [0, 0], wasntUpdated: ["foo-v2", "foo-v1"] },
    { name: "failed rs update", replicas: 5, oldReplicas: 5, newRS: ["foo-v3", 2], oldRSs: [["foo-v2", 1, OLD_TS], ["foo-v1", 1, OLDER_TS]], expectedNew: 2, expectedOld: [2, 1], wasntUpdated: ["foo-v3", "foo-v1"], desired: { "foo-v2": 3 } },
    { name: "deployment with surge pods", replicas: 20, surge: 2, oldReplicas: 10, oldSurge: 2, newRS: ["foo-v2", 6], oldRSs: [["foo-v1", 6, OLD_TS]], expectedNew: 11, expectedOld: [11] },
    { name: "change both surge and size", replicas: 50, surge: 6, oldReplicas: 10, oldSurge: 3, newRS: ["foo-v2", 5], oldRSs: [["foo-v1", 8, OLD_TS]], expectedNew: 22, expectedOld: [34] },
    { name: "change both size and template", replicas: 14, oldReplicas: 10, newRS: null, oldRSs: [["foo-v2", 7, NEW_TS], ["foo-v1", 3, OLD_TS]], expectedNew: null, expectedOld: [10, 4] },
    { name: "saturated but broken new replica set does not affect old pods", replicas: 2, surge: 1, unavailable: 1, oldReplicas: 2, oldSurge: 1, newRS: ["foo-v2", 2], oldRSs: [["foo-v1", 1, OLD_TS]], expectedNew: 2, expectedOld: [1], newAvailable: 0 },
  ];
  return cases.map((c) => {
    // MaxSurge(oldDeployment): fenceposts of the old deployment (maxUnavailable 0 → unavailable 1 when surge is 0)
    const oldSurge = c.oldSurge ?? 0;
    const ann = (name: string) => { const desired = c.desired?.[name] ?? c.oldReplicas; return [desired, desired + oldSurge] as const; };
    const sets: Record<string, unknown>[] = [];
    const expect: Record<string, unknown> = {};
    const skip = new Set(c.wasntUpdated ?? []);
    if (c.newRS) {
      const [name, n] = c.newRS;
      const [d, m] = ann(name);
      sets.push(rs(name, n, NEW_TS, d, m, c.newAvailable ?? 0));
    }
    for (const [name, n, ts] of c.oldRSs) { const [d, m] = ann(name); sets.push(rs(name, n, ts, d, m)); }
    sets.forEach((s, i) => {
      const name = (s.metadata as { name: string }).name;
      if (skip.has(name)) return;
      const isNew = c.newRS !== null && i === 0;
      expect[`replicaSets.${i}.replicas`] = isNew ? c.expectedNew : c.expectedOld[c.newRS ? i - 1 : i];
    });
    return {
      note: `kubernetes v1.37.2 ${SYNC} TestScale: ${c.name}`,
      request: { op: "rollout.deployment", deployment: deployment(c.replicas, c.surge ?? 0, c.unavailable ?? 0), replicaSets: sets, newReplicaSet: c.newRS ? c.newRS[0] : "", forceScale: true },
      expect,
    };
  });
}

/** reconcileNewReplicaSet and reconcileOldReplicaSets through one rolling sync. */
export function portRolling(): PortedVector[] {
  const out: PortedVector[] = [];
  const news: [number, number, number, number, boolean, number][] = [
    [10, 0, 10, 0, false, 0], [10, 2, 10, 0, true, 2], [10, 2, 5, 0, true, 7], [10, 2, 10, 2, false, 0], [10, 2, 2, 11, true, 10],
  ];
  news.forEach(([replicas, surge, oldN, newN, scaled, expected], i) => {
    const plain = (name: string, n: number) => ({ metadata: { name }, spec: { replicas: n } });
    out.push({
      note: `kubernetes v1.37.2 ${ROLLING} TestDeploymentController_reconcileNewReplicaSet: scenario ${i}`,
      request: { op: "rollout.deployment", deployment: deployment(replicas, surge, 0), replicaSets: [plain("foo-new", newN), plain("foo-old", oldN)], newReplicaSet: "foo-new" },
      expect: { "replicaSets.0.replicas": scaled ? expected : newN },
    });
  });
  const olds: [number, number, number, number, number, number, boolean, number][] = [
    [10, 0, 10, 0, 10, 0, true, 9], [10, 2, 10, 0, 10, 0, true, 8], [10, 2, 10, 0, 8, 0, true, 8], [10, 2, 10, 0, 9, 0, true, 8], [10, 2, 8, 2, 8, 0, false, 0],
  ];
  olds.forEach(([replicas, unavailable, oldN, newN, oldReady, newReady, scaled, expected], i) => {
    const set = (name: string, n: number, avail: number) => ({ metadata: { name }, spec: { replicas: n }, status: { availableReplicas: avail } });
    out.push({
      note: `kubernetes v1.37.2 ${ROLLING} TestDeploymentController_reconcileOldReplicaSets: scenario ${i}`,
      request: { op: "rollout.deployment", deployment: deployment(replicas, 0, unavailable), replicaSets: [set("foo-old", oldN, oldReady), set("foo-new", newN, newReady)], newReplicaSet: "foo-new" },
      expect: { "replicaSets.0.replicas": scaled ? expected : oldN, "replicaSets.1.replicas": newN },
    });
  });
  return out;
}

/** TestMaxUnavailable and TestResolveFenceposts. */
export function portFenceposts(): PortedVector[] {
  const out: PortedVector[] = [];
  const mu: [string, Record<string, unknown>, number][] = [
    ["maxUnavailable less than replicas", deployment(10, 1, 5), 5],
    ["maxUnavailable equal replicas", deployment(10, 1, 10), 10],
    ["maxUnavailable greater than replicas", deployment(5, 1, 10), 5],
    ["maxUnavailable with replicas is 0", deployment(0, 1, 10), 0],
    ["maxUnavailable with Recreate deployment strategy", { spec: { strategy: { type: "Recreate" } } }, 0],
    ["maxUnavailable less than replicas with percents", deployment(10, 1, "50%"), 5],
    ["maxUnavailable equal replicas with percents", deployment(10, 1, "100%"), 10],
    ["maxUnavailable greater than replicas with percents", deployment(5, 1, "100%"), 5],
  ];
  for (const [name, d, expected] of mu) {
    out.push({ note: `kubernetes v1.37.2 ${UTIL} TestMaxUnavailable: ${name}`, request: { op: "rollout.deployment", deployment: d, replicaSets: [] }, expect: { maxUnavailable: expected } });
  }
  const fp: [string, string, number, Record<string, unknown>][] = [
    ["39%", "39%", 10, { maxSurge: 4, maxUnavailable: 3 }],
    ["oops", "39%", 10, { error: "invalid value for IntOrString: invalid type: string is not a percentage" }],
    ["55%", "urg", 10, { error: "invalid value for IntOrString: invalid type: string is not a percentage" }],
  ];
  fp.forEach(([surge, unavailable, desired, expect], i) => {
    out.push({ note: `kubernetes v1.37.2 ${UTIL} TestResolveFenceposts: #${i + 1}`, request: { op: "rollout.deployment", deployment: deployment(desired, surge, unavailable), replicaSets: [] }, expect });
  });
  return out;
}
