// assembly/rollout/fasthooked.ts (IsPodHooked walked from the smaller side) against lifecycle.ts
// (lifecycle.IsPodHooked as upstream walks the hook), through the eval door: CloneSet and Advanced
// StatefulSet in-place hooks and Advanced DaemonSet preDelete hooks, with hooks larger and smaller than
// the pods' labels and finalizers and label values that are empty (Go's map read matches a pod without
// the label).

import { test } from "node:test";
import fc from "fast-check";
import { RUN, cloneSetRound, hook, podSpec, pod, same, NOW } from "../support/rollout-arbitraries.ts";
import { cases } from "../support/scale.ts";

test("CloneSet in-place and preDelete hooks: hooked as the port says", () => {
  fc.assert(fc.property(cloneSetRound({ hooks: true }), (req) => { same(req); }), { ...RUN, numRuns: cases(1500) });
});

test("Advanced StatefulSet and Advanced DaemonSet hooks: hooked as the port says", () => {
  fc.assert(fc.property(fc.array(podSpec, { maxLength: 25 }), hook, hook, (specs, inPlaceUpdate, preDelete) => {
    same({ op: "rollout.advancedStatefulSet", statefulSet: { metadata: { name: "s" }, spec: { replicas: specs.length, podManagementPolicy: "Parallel", lifecycle: { inPlaceUpdate, preDelete },
      updateStrategy: { rollingUpdate: { maxUnavailable: "100%", podUpdatePolicy: "InPlaceIfPossible" } } } },
      pods: specs.map((s, i) => pod(`s-${i}`, s)), currentRevision: "r1", updateRevision: "r2", now: NOW, inPlace: { "s-0": false } });
    same({ op: "rollout.advancedDaemonSet", daemonSet: { spec: { lifecycle: { preDelete }, updateStrategy: { rollingUpdate: { maxUnavailable: "100%" } } } },
      nodes: specs.map((_, i) => `node-${i % 5}`), pods: specs.map((s, i) => pod(`d${i}`, { ...s, unassigned: false }, `node-${i % 5}`)), hash: "r2", now: NOW });
  }), { ...RUN, numRuns: cases(1500) });
});

test("hooks of empty-valued labels against pods carrying some of those keys: hooked as the port says", () => {
  const keys = ["h0", "h1", "h2", "h3", "h4", "h5", "h6", "h7"];
  fc.assert(fc.property(fc.array(fc.tuple(fc.subarray(keys), fc.constantFrom("", "v")), { minLength: 1, maxLength: 20 }), fc.subarray(keys, { minLength: 1 }),
    fc.dictionary(fc.constantFrom(...keys), fc.constantFrom("v", "w"), { maxKeys: 3 }), (pods, emptyKeys, valued) => {
      const labelsHandler = { ...Object.fromEntries(emptyKeys.map((k) => [k, ""])), ...valued };
      const objs = pods.map(([ks, v], i) => ({ metadata: { name: `p${i}`, labels: { "controller-revision-hash": "r1", ...Object.fromEntries(ks.map((k) => [k, v])) } },
        spec: { nodeName: "n" }, status: { phase: "Running", conditions: [{ type: "Ready", status: "True" }] } }));
      same({ op: "rollout.cloneset", cloneSet: { spec: { replicas: objs.length, lifecycle: { inPlaceUpdate: { labelsHandler } }, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "100%" } } },
        pods: objs, currentRevision: "r1", updateRevision: "r2", inPlace: true });
    }), { ...RUN, numRuns: cases(1500) });
});
