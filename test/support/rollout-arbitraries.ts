// fast-check arbitraries of rollout planner requests for the equivalence suites (test/equivalence/rollout-*):
// pods with realistic and adversarial labels (shared keys, empty values, many labels), finalizers,
// lifecycle states and readiness; selectors with every operator; priority, scatter and lifecycle hooks;
// and `same(request)`, which asks the engine with and without the `exact: ["rollout"]` bit.

import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "./engine.ts";

export type Obj = { [k: string]: any };

export const RUN = { interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false } as const;

const T0 = Date.UTC(2025, 0, 1) / 1000;
export const iso = (s: number) => new Date(s * 1000).toISOString().replace(".000Z", "Z");
export const NOW = iso(T0 + 3600);

export const KEYS = ["app", "zone", "tier", "k0", "k1", "k2", "k3"];
export const VALUES = ["a", "b", "", "web", "z1", "o-1", "o-22", "7"];

/** A label map: a few shared keys, sometimes many distinct ones. */
export const labels: fc.Arbitrary<Obj> = fc.tuple(
  fc.dictionary(fc.constantFrom(...KEYS), fc.constantFrom(...VALUES), { maxKeys: 5 }),
  fc.nat({ max: 40 }).map((n) => (n > 25 ? Object.fromEntries(Array.from({ length: n }, (_, i) => [`x${i}`, `v${i % 3}`])) : {})),
).map(([a, b]) => ({ ...b, ...a }));

export const finalizers = fc.array(fc.nat({ max: 12 }).map((i) => `f/${i}`), { maxLength: 14 });

/** A pod spec (name and node given by the caller). */
export const podSpec = fc.record({
  labels,
  rev: fc.constantFrom("r1", "r2", "x-r2", "r3"),
  state: fc.constantFrom("", "", "", "Normal", "PreparingUpdate", "Updated", "Updating", "PreparingDelete", "PreparingNormal"),
  specifiedDelete: fc.nat({ max: 9 }).map((n) => n === 0),
  finalizers: fc.option(finalizers, { nil: undefined }),
  phase: fc.constantFrom("Running", "Running", "Running", "Pending", "Unknown", "Failed"),
  ready: fc.constantFrom("True", "True", "False", undefined),
  readyAge: fc.nat({ max: 4 }),
  age: fc.nat({ max: 4 }),
  restarts: fc.nat({ max: 2 }),
  inPlaceReady: fc.constantFrom(undefined, "True", "False"),
  gate: fc.boolean(),
  unassigned: fc.nat({ max: 4 }).map((n) => n === 0),
});
export type PodSpec = typeof podSpec extends fc.Arbitrary<infer T> ? T : never;

/** A Pod object from a spec. */
export function pod(name: string, s: PodSpec, node = "node-0"): Obj {
  const l: Obj = { ...s.labels, "controller-revision-hash": s.rev };
  if (s.state) l["lifecycle.apps.kruise.io/state"] = s.state;
  if (s.specifiedDelete) l["apps.kruise.io/specified-delete"] = "true";
  const conditions: Obj[] = [];
  if (s.ready !== undefined) conditions.push({ type: "Ready", status: s.ready, lastTransitionTime: iso(T0 - s.readyAge * 60) });
  if (s.inPlaceReady !== undefined) conditions.push({ type: "InPlaceUpdateReady", status: s.inPlaceReady });
  return {
    metadata: { name, labels: l, creationTimestamp: iso(T0 - s.age * 60), ...(s.finalizers ? { finalizers: s.finalizers } : {}) },
    spec: { ...(s.unassigned ? {} : { nodeName: node }), ...(s.gate ? { readinessGates: [{ conditionType: "InPlaceUpdateReady" }] } : {}) },
    status: { phase: s.phase, conditions, containerStatuses: [{ name: "c", restartCount: s.restarts }] },
  };
}

/** A metav1.LabelSelector with every operator (and, rarely, an unknown one). */
export const selector: fc.Arbitrary<Obj> = fc.record({
  matchLabels: fc.option(fc.dictionary(fc.constantFrom(...KEYS), fc.constantFrom(...VALUES), { maxKeys: 3 }), { nil: undefined }),
  matchExpressions: fc.option(fc.array(fc.record({
    key: fc.constantFrom(...KEYS),
    operator: fc.oneof({ weight: 30, arbitrary: fc.constantFrom("In", "NotIn", "Exists", "DoesNotExist") }, { weight: 1, arbitrary: fc.constant("Gt") }),
    values: fc.array(fc.constantFrom(...VALUES), { maxLength: 4 }),
  }), { maxLength: 6 }), { nil: undefined }),
}, { requiredKeys: [] });

export const priority: fc.Arbitrary<Obj> = fc.oneof(
  fc.record({ weightPriority: fc.array(fc.record({ weight: fc.integer({ min: 0, max: 100 }), matchSelector: fc.option(selector, { nil: undefined }) }), { minLength: 1, maxLength: 6 }) }),
  fc.record({ orderPriority: fc.array(fc.record({ orderedKey: fc.constantFrom(...KEYS) }), { minLength: 1, maxLength: 6 }) }),
);

export const scatter = fc.array(fc.record({ key: fc.constantFrom(...KEYS), value: fc.constantFrom(...VALUES) }), { minLength: 1, maxLength: 3 });

/** A pub.LifecycleHook (empty values included: Go's map read matches a pod without the label). */
export const hook: fc.Arbitrary<Obj> = fc.record({
  finalizersHandler: fc.option(finalizers, { nil: undefined }),
  labelsHandler: fc.option(fc.dictionary(fc.constantFrom(...KEYS, "x1", "x2", "h1", "h2"), fc.constantFrom(...VALUES), { maxKeys: 12 }), { nil: undefined }),
}, { requiredKeys: [] });

const intOrPercent = (max: number) => fc.oneof(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 100 }).map((n) => `${n}%`));

/** A rollout.cloneset request (`extra` decides which strategies it carries). */
export function cloneSetRound(opts: { priority?: boolean; scatter?: boolean; hooks?: boolean; maxPods?: number } = {}): fc.Arbitrary<Obj> {
  return fc.record({
    pods: fc.array(podSpec, { maxLength: opts.maxPods ?? 40 }),
    replicas: fc.nat({ max: 45 }),
    type: fc.constantFrom("ReCreate", "InPlaceIfPossible", "InPlaceOnly"),
    partition: fc.option(intOrPercent(20), { nil: undefined }),
    maxUnavailable: fc.option(intOrPercent(40), { nil: undefined }),
    maxSurge: fc.option(intOrPercent(5), { nil: undefined }),
    priority: opts.priority ? fc.option(priority, { nil: undefined }) : fc.constant(undefined),
    scatter: opts.scatter ? fc.option(scatter, { nil: undefined }) : fc.constant(undefined),
    lifecycle: opts.hooks ? fc.record({ inPlaceUpdate: fc.option(hook, { nil: undefined }), preDelete: fc.option(hook, { nil: undefined }) }, { requiredKeys: [] }) : fc.constant(undefined),
    inPlace: fc.boolean(),
    preparingUpdateAsUpdate: fc.boolean(),
  }).map((s) => ({
    op: "rollout.cloneset",
    cloneSet: { metadata: { name: "web" }, spec: { replicas: s.replicas, ...(s.lifecycle ? { lifecycle: s.lifecycle } : {}), updateStrategy: {
      type: s.type, partition: s.partition, maxUnavailable: s.maxUnavailable, maxSurge: s.maxSurge, priorityStrategy: s.priority, scatterStrategy: s.scatter } } },
    pods: s.pods.map((p, i) => pod(`p${i}`, p, `node-${i % 4}`)),
    currentRevision: "r1", updateRevision: "r2", now: NOW, inPlace: s.inPlace, gates: { PreparingUpdateAsUpdate: s.preparingUpdateAsUpdate },
  }));
}

const enc = new TextEncoder();
const dec = new TextDecoder();

/** The engine's answer line to `request`, with `exact` set when given. */
export function answer(request: Obj, exact?: unknown): string {
  const r = exact === undefined ? request : { ...request, exact };
  return dec.decode(kinplace.evaluateLine(enc.encode(JSON.stringify(r))));
}

/** The answer with the rollout shortcuts equals the answer of the ports (`exact: ["rollout"]`), byte for byte. */
export function same(request: Obj): string {
  const fast = answer(request);
  const port = answer(request, ["rollout"]);
  assert.equal(fast, port, JSON.stringify(request).slice(0, 2000));
  return fast;
}
