// assembly/rollout/fastselector.ts (selectors indexed by key) against selector.ts (labels.Selector.Matches
// requirement by requirement), through the eval door: priority weights of CloneSet pods and the node
// selector of Advanced DaemonSet updates answer the same with and without `exact: ["rollout"]`, for
// selectors of every operator, repeated keys, empty values, and label sets smaller and larger than the
// selector.

import { test } from "node:test";
import fc from "fast-check";
import { RUN, cloneSetRound, labels, podSpec, pod, selector, same, NOW } from "../support/rollout-arbitraries.ts";
import { cases } from "../support/scale.ts";

test("priority weights: the indexed selectors match as the ports do", () => {
  fc.assert(fc.property(cloneSetRound({ priority: true }), (req) => { same(req); }), { ...RUN, numRuns: cases(1500) });
});

test("Advanced DaemonSet node selectors: the indexed selector matches as the port does", () => {
  fc.assert(fc.property(fc.array(fc.tuple(labels, podSpec), { maxLength: 30 }), selector, fc.constantFrom(1, 2, "30%"), (nodes, sel, maxUnavailable) => {
    same({ op: "rollout.advancedDaemonSet", daemonSet: { spec: { updateStrategy: { rollingUpdate: { maxUnavailable, selector: sel } } } },
      nodes: nodes.map(([l], i) => ({ metadata: { name: `node-${i}`, labels: l } })),
      pods: nodes.map(([, p], i) => pod(`d${i}`, { ...p, unassigned: false }, `node-${i}`)), hash: "r2", now: NOW, inPlace: true });
  }), { ...RUN, numRuns: cases(1500) });
});
