// The rollout planners' sort shortcuts against their ports, through the eval door: every answer with the
// shortcuts equals the answer with `exact: ["rollout"]`, byte for byte.
//  - assembly/rollout/fastactive.ts vs activepods.ts (ActivePods.Less): CloneSet candidates, the CloneSet
//    simulation's scale-down, the Deployment simulation's ReplicaSet controller;
//  - assembly/rollout/fastpriority.ts vs priority.ts (prioritySort.Sort): CloneSet and Advanced StatefulSet
//    (unorderedUpdate) priority strategies, weights and order keys, with many ties;
//  - assembly/rollout/fastpreparing.ts vs preparing.ts (SortUpdateIndexes' PreparingUpdate-first sort).

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { RUN, cloneSetRound, podSpec, pod, priority, same, type Obj } from "../support/rollout-arbitraries.ts";
import { cases } from "../support/scale.ts";

const ROUNDS = cases(1500, 100);

test("CloneSet rounds: ActivePods, priority, scatter and PreparingUpdate orders equal the ports'", () => {
  let withCandidates = 0;
  fc.assert(fc.property(cloneSetRound({ priority: true, scatter: true }), (req) => {
    const a = JSON.parse(same(req));
    assert.equal(a.ok, true, JSON.stringify(a.error));
    if (a.result.candidates.length > 1) withCandidates++;
  }), { ...RUN, numRuns: ROUNDS });
  assert.ok(withCandidates > ROUNDS / 15, `only ${withCandidates} of ${ROUNDS} rounds sorted two or more candidates`);
});

test("CloneSet rounds of many tied pods (same state, same times) keep Go's order of equal elements", () => {
  fc.assert(fc.property(fc.integer({ min: 13, max: 400 }), priority, fc.boolean(), (n, pr, preparing) => {
    const spec = { labels: { app: "web" }, rev: "r1", state: "", specifiedDelete: false, finalizers: undefined, phase: "Running", ready: "True", readyAge: 1, age: 1,
      restarts: 0, inPlaceReady: undefined, gate: true, unassigned: false } as const;
    const pods = Array.from({ length: n }, (_, i) => pod(`p${i}`, { ...spec, labels: { app: "web", k0: i % 3 ? "a" : "b", k1: `o-${i % 7}` },
      state: preparing && i % 5 === 0 ? "PreparingUpdate" : "" }, `node-${i % 3}`));
    const a = JSON.parse(same({ op: "rollout.cloneset", cloneSet: { spec: { replicas: n, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "100%", priorityStrategy: pr } } },
      pods, currentRevision: "r1", updateRevision: "r2", inPlace: true }));
    assert.equal(a.result.candidates.length, n);
  }), { ...RUN, numRuns: cases(150) });
});

test("Advanced StatefulSet unordered updates: the priority order equals the port's", () => {
  fc.assert(fc.property(fc.array(podSpec, { maxLength: 40 }), priority, fc.nat({ max: 10 }), (specs, pr, partition) => {
    const pods = specs.map((s, i) => pod(`s-${i}`, s));
    const a = JSON.parse(same({ op: "rollout.advancedStatefulSet", statefulSet: { metadata: { name: "s" }, spec: { replicas: pods.length, podManagementPolicy: "Parallel",
      updateStrategy: { rollingUpdate: { partition, maxUnavailable: "50%", podUpdatePolicy: "InPlaceIfPossible", unorderedUpdate: { priorityStrategy: pr } } } } },
      pods, currentRevision: "r1", updateRevision: "r2", inPlace: true }));
    assert.equal(a.ok, true, JSON.stringify(a.error));
  }), { ...RUN, numRuns: cases(800) });
});

test("simulations: scale-down and ReplicaSet deletions in ActivePods order equal the ports'", () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 120 }), fc.nat({ max: 3 }), fc.constantFrom(0, 1, "25%"), fc.constantFrom(1, "20%"), (n, specified, surge, unavailable) => {
    const pods: Obj[] = Array.from({ length: n + specified }, (_, i) => pod(`p${i}`, { labels: {}, rev: i % 4 ? "r1" : "r2", state: "", specifiedDelete: i < specified, finalizers: undefined,
      phase: "Running", ready: i % 3 ? "True" : "False", readyAge: i % 2, age: i % 3, restarts: 0, inPlaceReady: undefined, gate: true, unassigned: false }));
    same({ op: "rollout.simulate", kind: "CloneSet", workload: { metadata: { name: "w" }, spec: { replicas: n, updateStrategy: { type: "InPlaceIfPossible", maxSurge: surge, maxUnavailable: unavailable } } },
      pods, currentRevision: "r1", updateRevision: "r2", model: { readySeconds: 3, maxRounds: 300 } });
    same({ op: "rollout.simulate", kind: "Deployment", workload: { spec: { replicas: n, strategy: { rollingUpdate: { maxSurge: surge, maxUnavailable: unavailable } } } },
      replicaSets: [{ metadata: { name: "old" }, spec: { replicas: n + specified }, status: { replicas: n + specified, availableReplicas: n } }], model: { readySeconds: 2, maxRounds: 300 } });
  }), { ...RUN, numRuns: cases(200) });
});
