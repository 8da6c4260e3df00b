// The rollout planner without Go:
//  - test/vectors/rollout-scaled.jsonl: `scaled` / `kruise.partition` answers of the real upstream
//    functions (the rollout oracle), replayed;
//  - test/vectors/rollout-{cloneset-diffs,cloneset-order,daemonset,statefulset,deployment}.jsonl:
//    upstream's own test tables (OpenKruise v1.9.0, Kubernetes v1.37.2) ported by tools/rollout-port/
//    (unexported functions: these are the tests' expectations, not oracle runs);
//  - invariants on random states: planning rounds (10,000 CloneSet states, DaemonSet, StatefulSet and
//    Deployment states) and whole simulated rollouts of every kind: never more unavailable pods than the
//    budget allows, never more than replicas + maxSurge pods, the partition respected, and every pod at
//    the update revision when the partition is 0 and no pod fails.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { kinplace } from "./support/engine.ts";
import { answerView } from "./oracle/compare.ts";
import { cases } from "./support/scale.ts";

const RUN = { interruptAfterTimeLimit: 120_000, markInterruptAsFailure: true } as const;
const enc = new TextEncoder();
const dec = new TextDecoder();

type Obj = { [k: string]: any };

/** Evaluates a request; throws with the error when it fails. */
function ok(request: Obj): Obj {
  const a = kinplace.evaluate(request as never) as Obj;
  if (!a.ok) throw new Error(`${request.op} failed: ${JSON.stringify(a.error)}`);
  return a.result;
}

/** A member by path ("a.b", "list.length"); a key holding a dot is looked up first as it is. */
function at(o: Obj, path: string): unknown {
  if (path in o) return o[path];
  return path.split(".").reduce<any>((v, k) => (v == null ? v : v[k]), o);
}

test("rollout-scaled.jsonl: the engine answers `scaled` and `kruise.partition` as the upstream functions did", () => {
  const lines = readFileSync(new URL("./vectors/rollout-scaled.jsonl", import.meta.url), "utf8").split("\n").filter((l) => l !== "");
  assert.ok(lines.length >= 8000, `only ${lines.length} vectors`);
  const bad: string[] = [];
  for (const l of lines) {
    const request = JSON.parse(l).request as string;
    const expected = l.slice(l.indexOf(',"answer":') + ',"answer":'.length, -1);
    const got = dec.decode(kinplace.evaluateLine(enc.encode(request)));
    if (!isDeepStrictEqual(answerView(got), answerView(expected))) bad.push(`${request}\n  engine ${got}\n  oracle ${expected}`);
  }
  assert.equal(bad.length, 0, bad.slice(0, 5).join("\n"));
});

for (const [file, min] of [["rollout-cloneset-diffs.jsonl", 80], ["rollout-cloneset-order.jsonl", 66], ["rollout-daemonset.jsonl", 57],
  ["rollout-statefulset.jsonl", 6], ["rollout-deployment.jsonl", 38]] as const) {
  test(`${file}: upstream's test tables hold`, () => {
    const vectors = readFileSync(new URL(`./vectors/${file}`, import.meta.url), "utf8").split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
    assert.ok(vectors.length >= min, `${file} holds ${vectors.length} vectors`);
    const bad: string[] = [];
    for (const v of vectors) {
      const a = kinplace.evaluate(v.request) as Obj;
      const res = a.ok ? a.result : { error: a.error };
      for (const [k, want] of Object.entries(v.expect)) {
        if (!isDeepStrictEqual(at(res, k), want)) bad.push(`${v.note}\n  ${k}: want ${JSON.stringify(want)}, got ${JSON.stringify(at(res, k))}`);
      }
    }
    assert.equal(bad.length, 0, bad.slice(0, 5).join("\n"));
  });
}

// ---------------------------------------------------------------------------------------------------
// Random states

const T0 = Date.UTC(2025, 0, 1) / 1000;
const iso = (s: number) => new Date(s * 1000).toISOString().replace(".000Z", "Z");
const NOW = iso(T0 + 3600);

interface PodSpec { rev: number; ready: boolean; running: boolean; state: string; del: boolean; grace: boolean; restarts: number; age: number; readyAge: number; node: number; zone: number }

const podSpec: fc.Arbitrary<PodSpec> = fc.record({
  rev: fc.integer({ min: 0, max: 2 }),
  ready: fc.boolean(),
  running: fc.boolean(),
  state: fc.constantFrom("", "", "", "Normal", "Normal", "PreparingUpdate", "Updated", "Updating", "PreparingDelete", "PreparingNormal"),
  del: fc.boolean().map((b) => b && Math.random() < 0.2),
  grace: fc.boolean().map((b) => b && Math.random() < 0.1),
  restarts: fc.integer({ min: 0, max: 3 }),
  age: fc.integer({ min: 0, max: 100 }),
  readyAge: fc.integer({ min: 0, max: 100 }),
  node: fc.integer({ min: 0, max: 4 }),
  zone: fc.integer({ min: 0, max: 2 }),
});

const REVS = ["web-r1", "web-r2", "web-r3"];

function pod(name: string, p: PodSpec, extraLabels: Obj = {}): Obj {
  const labels: Obj = { "controller-revision-hash": REVS[p.rev], zone: `z${p.zone}`, ...extraLabels };
  if (p.state) labels["lifecycle.apps.kruise.io/state"] = p.state;
  if (p.del) labels["apps.kruise.io/specified-delete"] = "true";
  const o: Obj = {
    metadata: { name, labels, creationTimestamp: iso(T0 - p.age * 60), ...(p.grace ? { annotations: { "apps.kruise.io/inplace-update-grace": "{}" } } : {}) },
    spec: { nodeName: `node-${p.node}` },
    status: { phase: p.running ? "Running" : "Pending", containerStatuses: [{ name: "c", restartCount: p.restarts }] },
  };
  if (p.ready) o.status.conditions = [{ type: "Ready", status: "True", lastTransitionTime: iso(T0 - p.readyAge * 60) }];
  return o;
}

const intOrPercent = (max: number) => fc.oneof(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 100 }).map((n) => `${n}%`));

const cloneSetState = fc.record({
  replicas: fc.integer({ min: 0, max: 25 }),
  pods: fc.array(podSpec, { maxLength: 30 }),
  type: fc.constantFrom("ReCreate", "InPlaceIfPossible", "InPlaceOnly"),
  partition: fc.option(intOrPercent(30), { nil: undefined }),
  maxUnavailable: fc.option(intOrPercent(10), { nil: undefined }),
  maxSurge: fc.option(intOrPercent(5), { nil: undefined }),
  scatter: fc.boolean(),
  priority: fc.boolean(),
  inPlace: fc.boolean(),
});

/** CloneSet availability as the controller counts it (lifecycle, Running, Ready, InPlaceUpdateReady). */
function csAvailable(p: Obj): boolean {
  const s = p.metadata.labels["lifecycle.apps.kruise.io/state"];
  return (!s || s === "Normal") && p.status.phase === "Running" && (p.status.conditions ?? []).some((c: Obj) => c.type === "Ready" && c.status === "True");
}

test(`CloneSet rounds: the update never exceeds |updateNum|, the unavailable budget or the partition (${cases(10_000)} states)`, () => {
  fc.assert(fc.property(cloneSetState, (s) => {
    const pods = s.pods.map((p, i) => pod(`p${i}`, p));
    const cloneSet = { metadata: { name: "web" }, spec: { replicas: s.replicas, updateStrategy: {
      type: s.type, partition: s.partition, maxUnavailable: s.maxUnavailable, maxSurge: s.maxSurge,
      ...(s.scatter ? { scatterStrategy: [{ key: "zone", value: "z1" }] } : {}),
      ...(s.priority ? { priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { zone: "z2" } } }] } } : {}),
    } } };
    const r = ok({ op: "rollout.cloneset", cloneSet, pods, currentRevision: "web-r1", updateRevision: "web-r2", now: NOW, inPlace: s.inPlace });
    const d = r.diffs;
    const update: Obj[] = r.update;
    assert.ok(update.length <= Math.abs(d.updateNum), "more pods than |updateNum|");
    assert.ok(update.length <= r.candidates.length);
    // the unavailable budget: every available pod taken must fit under updateMaxUnavailable
    const byName = new Map(pods.map((p) => [p.metadata.name, p]));
    const unavailable = pods.filter((p) => !csAvailable(p)).length;
    const takenAvailable = update.filter((u) => u.action !== "error" && csAvailable(byName.get(u.name)!)).length;
    if (takenAvailable > 0) assert.ok(unavailable + takenAvailable <= d.updateMaxUnavailable, `budget: ${unavailable}+${takenAvailable} > ${d.updateMaxUnavailable}`);
    // the partition: moving pods to the update revision never leaves fewer than `partition` old active pods
    if (d.updateNum > 0) {
      const oldActive = pods.filter((p) => !["web-r2"].includes(p.metadata.labels["controller-revision-hash"]) && p.metadata.labels["lifecycle.apps.kruise.io/state"] !== "PreparingDelete").length;
      assert.ok(oldActive - update.length >= r.partition, `partition ${r.partition} broken: ${oldActive} old, ${update.length} updated`);
      for (const u of update) assert.notEqual(byName.get(u.name)!.metadata.labels["controller-revision-hash"], "web-r2");
    }
    // maxSurge: the planned pod count stays within replicas + maxSurge
    assert.ok(d.useSurge <= r.maxSurge);
    if (d.scaleUpNum > 0) assert.ok(pods.length + d.scaleUpNum <= s.replicas + r.maxSurge);
    if (s.type === "ReCreate") for (const u of update) assert.equal(u.action, "recreate");
    if (s.type === "InPlaceOnly" && !s.inPlace && update.length > 0) assert.equal(update[update.length - 1].action, "error");
  }), { ...RUN, numRuns: cases(10_000) });
});

const nodeNames = (n: number) => Array.from({ length: n }, (_, i) => `node-${String(i).padStart(2, "0")}`);

const daemonState = fc.record({
  nodes: fc.integer({ min: 0, max: 20 }),
  pods: fc.array(fc.record({ node: fc.integer({ min: 0, max: 22 }), spec: podSpec }), { maxLength: 25 }),
  maxUnavailable: fc.option(intOrPercent(6), { nil: undefined }),
  maxSurge: fc.option(intOrPercent(6), { nil: undefined }),
  partition: fc.option(intOrPercent(20), { nil: undefined }),
  kruise: fc.boolean(),
  inPlace: fc.boolean(),
});

test("DaemonSet rounds: deletions stay within maxUnavailable, creations within maxSurge, at most two pods per node, the partition kept", () => {
  fc.assert(fc.property(daemonState, (s) => {
    const nodes = nodeNames(s.nodes);
    const pods: Obj[] = s.pods.map((p, i) => ({ ...pod(`p${i}`, { ...p.spec, state: "", del: false }), spec: { nodeName: `node-${String(p.node).padStart(2, "0")}`, readinessGates: [{ conditionType: "InPlaceUpdateReady" }] } }) as Obj);
    const surgeMode = s.maxSurge !== undefined && s.maxSurge !== 0 && s.maxSurge !== "0%";
    const rollingUpdate: Obj = { maxSurge: s.maxSurge, maxUnavailable: surgeMode ? 0 : s.maxUnavailable };
    if (s.kruise) { rollingUpdate.partition = s.partition; rollingUpdate.rollingUpdateType = surgeMode ? "Standard" : "InPlaceIfPossible"; }
    const r = ok({ op: s.kruise ? "rollout.advancedDaemonSet" : "rollout.daemonSet", daemonSet: { spec: { updateStrategy: { type: "RollingUpdate", rollingUpdate } } },
      nodes, pods, hash: "web-r2", now: NOW, inPlace: s.inPlace });
    if (!r.rollingUpdate) return;
    const ru = r.rollingUpdate;
    const onNode = (n: string) => pods.filter((p) => p.spec.nodeName === n && !p.metadata.deletionTimestamp);
    if (r.maxSurge === 0) {
      // only pods that are unavailable already, or up to maxUnavailable - numUnavailable available ones
      assert.ok(ru.pick <= Math.max(0, r.maxUnavailable - ru.numUnavailable));
      assert.equal(ru.delete.length + (ru.inPlace?.length ?? 0) + (ru.deferred?.length ?? 0), ru.replace.length + ru.pick);
    } else {
      assert.ok(ru.pick <= Math.max(0, r.maxSurge - ru.numSurge));
      for (const n of ru.create) assert.ok(onNode(n).length <= 1, `surging onto ${n} which already has two pods`);
    }
    if (s.kruise) {
      // partition: at most len(nodes with pods) - partition nodes are updatable
      assert.ok(ru.nodesToUpdate.length <= Math.max(0, new Set([...pods.map((p) => p.spec.nodeName).filter((n) => nodes.includes(n)), ...nodes]).size - r.partition));
      const allowed = new Set(ru.nodesToUpdate);
      for (const name of [...ru.delete, ...ru.inPlace]) assert.ok(allowed.has(pods.find((p) => p.metadata.name === name)!.spec.nodeName), "updated a pod outside the partition");
    }
  }), { ...RUN, numRuns: cases(3000) });
});

const statefulState = fc.record({
  replicas: fc.integer({ min: 0, max: 12 }),
  pods: fc.array(podSpec, { maxLength: 14 }),
  partition: fc.integer({ min: 0, max: 14 }),
  maxUnavailable: fc.option(intOrPercent(6), { nil: undefined }),
  parallel: fc.boolean(),
  kruise: fc.boolean(),
  inPlace: fc.boolean(),
});

test("StatefulSet rounds: ordinals below the partition are never touched, updates stay within maxUnavailable", () => {
  fc.assert(fc.property(statefulState, (s) => {
    const pods = s.pods.map((p, i) => pod(`s-${i}`, { ...p, del: false }));
    const rollingUpdate: Obj = { partition: s.partition, maxUnavailable: s.maxUnavailable };
    if (s.kruise) rollingUpdate.podUpdatePolicy = "InPlaceIfPossible";
    const r = ok({ op: s.kruise ? "rollout.advancedStatefulSet" : "rollout.statefulSet",
      statefulSet: { metadata: { name: "s" }, spec: { replicas: s.replicas, podManagementPolicy: s.parallel ? "Parallel" : "OrderedReady", updateStrategy: { type: "RollingUpdate", rollingUpdate } } },
      pods, currentRevision: "web-r1", updateRevision: "web-r2", now: NOW, inPlace: s.inPlace });
    for (const u of r.update) {
      const ord = Number(u.name.slice(2));
      assert.ok(ord >= s.partition, `ordinal ${ord} below partition ${s.partition} updated`);
      assert.notEqual(pods[ord]!.metadata.labels["controller-revision-hash"], "web-r2");
    }
    const taken = r.update.filter((u: Obj) => u.action !== "error").length;
    if (!s.kruise && !s.parallel) assert.ok(taken <= r.maxUnavailable);
    if (s.kruise) assert.ok(taken <= Math.max(r.maxUnavailable, 0) + pods.length);
  }), { ...RUN, numRuns: cases(3000) });
});

const deploymentState = fc.record({
  replicas: fc.integer({ min: 0, max: 40 }),
  maxSurge: intOrPercent(10),
  maxUnavailable: intOrPercent(10),
  sets: fc.array(fc.record({ replicas: fc.integer({ min: 0, max: 40 }), avail: fc.integer({ min: 0, max: 40 }) }), { minLength: 1, maxLength: 4 }),
});

test("Deployment rounds: old sets only shrink and the new one stays within replicas + maxSurge", () => {
  fc.assert(fc.property(deploymentState, (s) => {
    const sets = s.sets.map((x, i) => ({ metadata: { name: `rs-${i}`, creationTimestamp: iso(T0 + i * 60) }, spec: { replicas: x.replicas }, status: { availableReplicas: Math.min(x.avail, x.replicas) } }));
    const r = ok({ op: "rollout.deployment", deployment: { spec: { replicas: s.replicas, strategy: { rollingUpdate: { maxSurge: s.maxSurge, maxUnavailable: s.maxUnavailable } } } },
      replicaSets: sets, newReplicaSet: `rs-${sets.length - 1}` });
    if (r.path !== "rolling") return;
    const before = sets.reduce((a, x) => a + x.spec.replicas, 0);
    const after = r.replicaSets.reduce((a: number, x: Obj) => a + x.replicas, 0);
    for (const a of r.scale as Obj[]) {
      const isNew = a.replicaSet === `rs-${sets.length - 1}`;
      if (isNew && a.to > a.from) assert.ok(after <= Math.max(before, s.replicas + r.maxSurge), `surged to ${after}`);
      if (!isNew) assert.ok(a.to < a.from, "an old set grew");
    }
  }), { ...RUN, numRuns: cases(3000) });
});

// ---------------------------------------------------------------------------------------------------
// Simulated rollouts

/** Checks a timeline: rounds that take availability down never go below the floor; pod counts stay within the cap. */
function checkTimeline(t: Obj, cap: number) {
  for (const r of t.timeline as Obj[]) {
    if (r.availableAfter < r.available) assert.ok(r.availableAfter >= r.floor, `round ${r.round}: ${r.availableAfter} available < floor ${r.floor}`);
    assert.ok(r.total <= cap, `round ${r.round}: ${r.total} pods > ${cap}`);
  }
}

const healthy = (i: number, rev: string, node = "node-0"): Obj => pod(`p${i}`, { rev: REVS.indexOf(rev), ready: true, running: true, state: "", del: false, grace: false, restarts: 0, age: 10 + i, readyAge: 5, node: 0, zone: i % 3 }, {});

test("CloneSet simulations: availability floor, replicas + maxSurge cap, partition, and completion", () => {
  fc.assert(fc.property(fc.record({
    replicas: fc.integer({ min: 1, max: 30 }),
    type: fc.constantFrom("ReCreate", "InPlaceIfPossible"),
    partition: fc.integer({ min: 0, max: 30 }),
    maxUnavailable: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom("20%", "50%", "0%")),
    maxSurge: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom("10%", "0%")),
    fail: fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 2 }),
    ready: fc.integer({ min: 0, max: 20 }),
  }), (s) => {
    const pods = Array.from({ length: s.replicas }, (_, i) => healthy(i, "web-r1"));
    const t = ok({ op: "rollout.simulate", kind: "CloneSet", workload: { metadata: { name: "web" }, spec: { replicas: s.replicas,
      updateStrategy: { type: s.type, partition: s.partition, maxUnavailable: s.maxUnavailable, maxSurge: s.maxSurge } } },
      pods, currentRevision: "web-r1", updateRevision: "web-r2", model: { readySeconds: s.ready, inPlaceSeconds: 3, failUpdated: s.fail } });
    const surge = typeof s.maxSurge === "number" ? s.maxSurge : Math.ceil((parseInt(s.maxSurge) * s.replicas) / 100);
    checkTimeline(t, s.replicas + surge);
    const partition = Math.min(s.partition, s.replicas);
    for (const r of t.timeline as Obj[]) assert.ok(r.updated <= s.replicas - partition + surge, "partition exceeded");
    if (t.outcome === "complete") assert.equal(t.final.updated, s.replicas - partition);
    // the webhook refuses maxUnavailable and maxSurge both below 1: such a CloneSet never moves
    const nums = ok({ op: "rollout.cloneset", cloneSet: { spec: { replicas: s.replicas, updateStrategy: { maxUnavailable: s.maxUnavailable, maxSurge: s.maxSurge } } }, pods: [], currentRevision: "a", updateRevision: "b" });
    if (nums.maxUnavailable < 1 && nums.maxSurge < 1) { assert.ok(t.outcome === "stalled" || t.rounds === 0, t.outcome); return; }
    if (s.fail.length === 0) {
      assert.equal(t.outcome, "complete", JSON.stringify(t).slice(0, 500));
      if (partition === 0) assert.equal(t.final.updated, s.replicas);
    }
  }), { ...RUN, numRuns: cases(1500) });
});

test("DaemonSet simulations (native and Advanced): floor, per-node surge cap, partition, completion", () => {
  fc.assert(fc.property(fc.record({
    nodes: fc.integer({ min: 1, max: 25 }),
    kruise: fc.boolean(),
    surge: fc.integer({ min: 0, max: 3 }),
    maxUnavailable: fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constantFrom("30%", "100%")),
    partition: fc.integer({ min: 0, max: 25 }),
    inPlace: fc.boolean(),
  }), (s) => {
    const names = nodeNames(s.nodes);
    const pods = names.map((n, i) => ({ ...healthy(i, "web-r1"), spec: { nodeName: n, readinessGates: [{ conditionType: "InPlaceUpdateReady" }] } }));
    const rollingUpdate: Obj = s.surge > 0 ? { maxSurge: s.surge, maxUnavailable: 0 } : { maxUnavailable: s.maxUnavailable };
    if (s.kruise) { rollingUpdate.partition = s.partition; if (s.surge === 0 && s.inPlace) rollingUpdate.rollingUpdateType = "InPlaceIfPossible"; }
    const t = ok({ op: "rollout.simulate", kind: s.kruise ? "AdvancedDaemonSet" : "DaemonSet", workload: { metadata: { name: "ds" }, spec: { updateStrategy: { type: "RollingUpdate", rollingUpdate } } },
      nodes: names, pods, hash: "web-r2", model: { readySeconds: 7, inPlaceSeconds: 2 } });
    checkTimeline(t, s.nodes + s.surge);
    assert.equal(t.outcome, "complete", JSON.stringify(t).slice(0, 400));
    const partition = s.kruise ? Math.min(s.partition, s.nodes) : 0;
    assert.equal(t.final.updated, s.nodes - partition);
  }), { ...RUN, numRuns: cases(1500) });
});

test("StatefulSet simulations (native and Advanced): floor, partition by ordinal, completion", () => {
  fc.assert(fc.property(fc.record({
    replicas: fc.integer({ min: 1, max: 15 }),
    kruise: fc.boolean(),
    parallel: fc.boolean(),
    partition: fc.integer({ min: 0, max: 15 }),
    maxUnavailable: fc.integer({ min: 1, max: 4 }),
    inPlace: fc.boolean(),
  }), (s) => {
    const pods = Array.from({ length: s.replicas }, (_, i) => ({ ...healthy(i, "web-r1"), metadata: { ...healthy(i, "web-r1").metadata, name: `db-${i}` } }));
    const rollingUpdate: Obj = { partition: s.partition, maxUnavailable: s.parallel ? s.maxUnavailable : 1 };
    if (s.kruise && s.inPlace) rollingUpdate.podUpdatePolicy = "InPlaceIfPossible";
    const t = ok({ op: "rollout.simulate", kind: s.kruise ? "AdvancedStatefulSet" : "StatefulSet",
      workload: { metadata: { name: "db" }, spec: { replicas: s.replicas, podManagementPolicy: s.parallel ? "Parallel" : "OrderedReady", updateStrategy: { type: "RollingUpdate", rollingUpdate } } },
      pods, currentRevision: "web-r1", updateRevision: "web-r2", model: { readySeconds: 4, inPlaceSeconds: 2 } });
    checkTimeline(t, s.replicas);
    for (const r of t.timeline as Obj[]) {
      for (const name of [...(r.inPlace ?? []), ...(r.recreated ?? [])]) assert.ok(Number(name.slice(3)) >= s.partition, `${name} below partition ${s.partition}`);
    }
    assert.equal(t.outcome, "complete", JSON.stringify(t).slice(0, 400));
    assert.equal(t.final.updated, Math.max(0, s.replicas - s.partition));
  }), { ...RUN, numRuns: cases(1500) });
});

test("Deployment simulations: floor, replicas + maxSurge cap, completion", () => {
  fc.assert(fc.property(fc.record({
    replicas: fc.integer({ min: 1, max: 40 }),
    maxSurge: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom("25%", "0%")),
    maxUnavailable: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom("25%", "0%")),
    recreate: fc.boolean().map((b) => b && Math.random() < 0.3),
  }), (s) => {
    const ann = { "deployment.kubernetes.io/desired-replicas": String(s.replicas) };
    const t = ok({ op: "rollout.simulate", kind: "Deployment",
      workload: { spec: { replicas: s.replicas, strategy: s.recreate ? { type: "Recreate" } : { type: "RollingUpdate", rollingUpdate: { maxSurge: s.maxSurge, maxUnavailable: s.maxUnavailable } } } },
      replicaSets: [{ metadata: { name: "old", creationTimestamp: iso(T0), annotations: ann }, spec: { replicas: s.replicas }, status: { availableReplicas: s.replicas, replicas: s.replicas } }],
      model: { readySeconds: 5 } });
    const surge = s.recreate ? 0 : typeof s.maxSurge === "number" ? s.maxSurge : Math.ceil((parseInt(s.maxSurge) * s.replicas) / 100);
    const unavailable = typeof s.maxUnavailable === "number" ? s.maxUnavailable : Math.floor((parseInt(s.maxUnavailable) * s.replicas) / 100);
    checkTimeline(t, s.replicas + (surge === 0 && unavailable === 0 ? 0 : surge));
    assert.equal(t.outcome, "complete", JSON.stringify(t).slice(0, 400));
    assert.equal(t.final.updated, s.replicas);
  }), { ...RUN, numRuns: cases(1500) });
});

test("bad requests are typed errors naming the field", () => {
  const bad = (req: Obj, code: string, path?: string) => {
    const a = kinplace.evaluate(req as never) as Obj;
    assert.equal(a.ok, false, JSON.stringify(req));
    assert.equal(a.error.code, code);
    if (path) assert.equal(a.error.path, path);
  };
  bad({ op: "rollout.cloneset", pods: [], currentRevision: "a", updateRevision: "b" }, "E_BAD_REQUEST", "cloneSet");
  bad({ op: "rollout.cloneset", cloneSet: {}, pods: {}, currentRevision: "a", updateRevision: "b" }, "E_BAD_REQUEST", "pods");
  bad({ op: "rollout.cloneset", cloneSet: { spec: { replicas: "3" } }, pods: [], currentRevision: "a", updateRevision: "b" }, "E_BAD_REQUEST", "cloneSet.spec.replicas");
  bad({ op: "rollout.cloneset", cloneSet: {}, pods: [{ metadata: { creationTimestamp: "yesterday" } }], currentRevision: "a", updateRevision: "b" }, "E_BAD_REQUEST", "pods[0].metadata.creationTimestamp");
  bad({ op: "rollout.cloneset", cloneSet: {}, pods: [], currentRevision: "a", updateRevision: "b", now: "soon" }, "E_BAD_REQUEST", "now");
  bad({ op: "rollout.simulate", kind: "ReplicationController" }, "E_BAD_REQUEST", "kind");
  bad({ op: "rollout.daemonSet", daemonSet: {}, nodes: [], pods: [] }, "E_BAD_REQUEST", "hash");
  // node names are unique and never empty (a nameless or repeated node would never settle: each sync creates pods again)
  bad({ op: "rollout.daemonSet", daemonSet: {}, nodes: ["a", ""], pods: [], hash: "h" }, "E_BAD_REQUEST", "nodes[1]");
  bad({ op: "rollout.daemonSet", daemonSet: {}, nodes: [null], pods: [], hash: "h" }, "E_BAD_REQUEST", "nodes[0].name");
  bad({ op: "rollout.simulate", kind: "DaemonSet", workload: {}, nodes: ["a", { metadata: { name: "a" } }], pods: [], hash: "h" }, "E_BAD_REQUEST", "nodes[1].name");
  bad({ op: "rollout.simulate", kind: "DaemonSet", workload: {}, nodes: ["a", "b", "a"], pods: [], hash: "h" }, "E_BAD_REQUEST", "nodes[2]");
  bad({ op: "rollout.nope" }, "E_UNKNOWN_OP", "op");
  bad({ op: "scaled", variant: "kruise", value: "x%" }, "E_INT_OR_STRING");
});

// ---------------------------------------------------------------------------------------------------
// Large inputs and the explicit limits (docs/rollout.md, "Limits")

const exactAnswer = (request: Obj) => kinplace.evaluate({ ...request, exact: ["rollout"] } as never) as Obj;
const failure = (request: Obj): Obj => {
  const a = kinplace.evaluate(request as never) as Obj;
  assert.equal(a.ok, false, `${request.op} succeeded`);
  return a.error;
};

test("large inputs: 100,000 workload labels, thousands of labels per pod, many selector terms and values answer as the ports do", () => {
  const pods = Array.from({ length: 60 }, (_, i) => healthy(i, "web-r1"));
  const plain = { op: "rollout.simulate", kind: "CloneSet", workload: { metadata: { name: "web" }, spec: { replicas: 60, updateStrategy: { maxUnavailable: 3 } } },
    pods, currentRevision: "web-r1", updateRevision: "web-r2" };
  const labelled: Obj = structuredClone(plain);
  labelled.workload.metadata.labels = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`label-${i}`, `value-${i}`]));
  labelled.limits = { maxItems: 100_000 }; // past the default maxItems (10,000)
  assert.deepEqual(ok(labelled), ok(plain));

  const many = (n: number, p: string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${p}${i}`, `v${i % 5}`]));
  const big = Array.from({ length: 300 }, (_, i) => {
    const p = healthy(i, "web-r1");
    p.metadata.labels = { ...many(2000 + (i % 7), "l"), ...p.metadata.labels, zone: `z${i % 3}` };
    return p;
  });
  const weightPriority = Array.from({ length: 60 }, (_, t) => ({ weight: t + 1, matchSelector: { matchLabels: { [`l${t * 30}`]: `v${t % 5}` },
    matchExpressions: [{ key: `l${t}`, operator: "In", values: Array.from({ length: 500 }, (_, v) => `v${(v * 7) % 11}`) }, { key: `absent${t}`, operator: "DoesNotExist" }] } }));
  const round = { op: "rollout.cloneset", cloneSet: { spec: { replicas: 300, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "100%", priorityStrategy: { weightPriority },
    scatterStrategy: [{ key: "zone", value: "z1" }] }, lifecycle: { inPlaceUpdate: { labelsHandler: many(5000, "h"), finalizersHandler: Array.from({ length: 3000 }, (_, i) => `f/${i}`) } } } },
    pods: big, currentRevision: "web-r1", updateRevision: "web-r2", now: NOW, inPlace: true };
  const fast = kinplace.evaluate(round as never) as Obj;
  assert.equal(fast.ok, true, JSON.stringify(fast.error));
  assert.equal(fast.result.candidates.length, 300);
  assert.deepEqual(fast, exactAnswer(round));
});

test("large inputs: 20,000 pods sort as the ports sort them, and a 300-pod OrderedReady StatefulSet rolls out completely", () => {
  const pods = Array.from({ length: 20_000 }, (_, i) => pod(`p${i}`, { rev: 0, ready: i % 5 !== 0, running: i % 11 !== 0, state: i % 13 === 0 ? "PreparingUpdate" : "", del: false,
    grace: false, restarts: i % 3, age: i % 17, readyAge: i % 19, node: i % 4, zone: i % 3 }));
  const round = { op: "rollout.cloneset", cloneSet: { spec: { replicas: 20_000, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "30%",
    priorityStrategy: { orderPriority: [{ orderedKey: "zone" }] } } } }, pods, currentRevision: "web-r1", updateRevision: "web-r2", now: NOW };
  const fast = ok(round);
  assert.equal(fast.candidates.length, 20_000);
  assert.deepEqual(fast, exactAnswer(round).result);

  const sts = Array.from({ length: 300 }, (_, i) => ({ ...healthy(i, "web-r1"), metadata: { ...healthy(i, "web-r1").metadata, name: `db-${i}` } }));
  const t = ok({ op: "rollout.simulate", kind: "StatefulSet", workload: { metadata: { name: "db" }, spec: { replicas: 300 } }, pods: sts, currentRevision: "web-r1", updateRevision: "web-r2" });
  assert.equal(t.outcome, "complete");
  assert.equal(t.final.updated, 300);
  assert.equal(t.rounds, 600, "one recreate and one creation per pod, highest ordinal first");
});

test("limits: terms, pods and simulation memory beyond the limits are E_LIMIT naming the field; raising a limit lifts it", () => {
  const terms = (n: number) => Array.from({ length: n }, (_, t) => ({ weight: 1, matchSelector: { matchLabels: { zone: `z${t}` } } }));
  const cs = (weightPriority: Obj[], scatterStrategy?: Obj[]) => ({ op: "rollout.cloneset", cloneSet: { spec: { replicas: 1, updateStrategy: { priorityStrategy: { weightPriority }, scatterStrategy } } },
    pods: [], currentRevision: "a", updateRevision: "b" });
  ok(cs(terms(64)));
  let e = failure(cs(terms(65)));
  assert.equal(e.code, "E_LIMIT");
  assert.equal(e.path, "cloneSet.spec.updateStrategy.priorityStrategy.weightPriority");
  ok({ ...cs(terms(65)), limits: { maxTerms: 65 } });
  e = failure(cs(terms(1), Array.from({ length: 65 }, (_, i) => ({ key: "zone", value: `z${i}` }))));
  assert.deepEqual([e.code, e.path], ["E_LIMIT", "cloneSet.spec.updateStrategy.scatterStrategy"]);

  const sts = (spec: Obj, limits?: Obj) => ({ op: "rollout.advancedStatefulSet", statefulSet: { metadata: { name: "s" }, spec }, pods: [], currentRevision: "a", updateRevision: "b", limits });
  assert.deepEqual(ok(sts({ replicas: 3, reserveOrdinals: ["1-99990"] })).create, [0]);
  e = failure(sts({ replicas: 3, reserveOrdinals: ["0-99999"] }));
  assert.deepEqual([e.code, e.path], ["E_LIMIT", "statefulSet.spec.replicas"]);
  assert.deepEqual(ok(sts({ replicas: 3, reserveOrdinals: ["0-99999"] }, { maxPods: 200_000 })).create, [100_000]);
  e = failure({ op: "rollout.statefulSet", statefulSet: { spec: { replicas: 2_000_000_000 } }, pods: [], currentRevision: "a", updateRevision: "b" });
  assert.deepEqual([e.code, e.path], ["E_LIMIT", "statefulSet.spec.replicas"]);
  // an invalid range empties the whole set, as GetReserveOrdinalIntSet does
  assert.deepEqual(ok(sts({ replicas: 2, podManagementPolicy: "Parallel", reserveOrdinals: [0, "3-1"] })).create, [0, 1]);

  e = failure({ op: "rollout.simulate", kind: "CloneSet", workload: { spec: { replicas: 100_001 } }, pods: [], currentRevision: "a", updateRevision: "b" });
  assert.deepEqual([e.code, e.path], ["E_LIMIT", "workload.spec.replicas"]);
  e = failure({ op: "rollout.simulate", kind: "Deployment", workload: { spec: { replicas: 10, strategy: { rollingUpdate: { maxSurge: 2_000_000_000 } } } }, replicaSets: [] });
  assert.deepEqual([e.code, e.path], ["E_LIMIT", "workload.spec.replicas"]);
  e = failure({ op: "rollout.simulate", kind: "Deployment", workload: { spec: { replicas: 10 } }, replicaSets: [{ metadata: { name: "a" }, spec: { replicas: 2_000_000_000 } }] });
  assert.deepEqual([e.code, e.path], ["E_LIMIT", "replicaSets[0].status.replicas"]);

  const long = { op: "rollout.simulate", kind: "CloneSet", workload: { metadata: { name: "web" }, spec: { replicas: 400, updateStrategy: { maxUnavailable: 1 } } },
    pods: Array.from({ length: 400 }, (_, i) => healthy(i, "web-r1")), currentRevision: "web-r1", updateRevision: "web-r2" };
  assert.equal(ok(long).outcome, "complete");
  e = failure({ ...long, limits: { maxSimMemory: 2_000_000 } });
  assert.deepEqual([e.code, e.path], ["E_LIMIT", "limits.maxSimMemory"]);
});

test("waits for the next event count against model.maxRounds too", () => {
  // 40 pods Ready at distinct times inside minReadySeconds: each becomes available at its own second
  const pods = Array.from({ length: 40 }, (_, i) => {
    const p = healthy(i, "web-r1");
    p.status.conditions[0].lastTransitionTime = iso(T0 - 3600 + i);
    return p;
  });
  const t = ok({ op: "rollout.simulate", kind: "CloneSet", workload: { metadata: { name: "web" }, spec: { replicas: 40, minReadySeconds: 3600, updateStrategy: { maxUnavailable: 0, maxSurge: 0 } } },
    pods, currentRevision: "web-r1", updateRevision: "web-r2", model: { maxRounds: 5 } });
  assert.equal(t.outcome, "maxRounds");
  assert.equal(t.rounds, 0);
});

test("bad fields are E_BAD_REQUEST naming the JSON path: wrong types, negative and fractional counts, huge numbers, bad IntOrString, bad times, bad limits", () => {
  const base = { op: "rollout.cloneset", cloneSet: { spec: { replicas: 3, updateStrategy: { maxUnavailable: 1 } } }, pods: [pod("p0", { rev: 0, ready: true, running: true, state: "", del: false,
    grace: false, restarts: 0, age: 1, readyAge: 1, node: 0, zone: 0 })], currentRevision: "web-r1", updateRevision: "web-r2" };
  const cases: [(r: Obj) => void, string][] = [
    [(r) => { r.cloneSet.spec.replicas = -1; }, "cloneSet.spec.replicas"],
    [(r) => { r.cloneSet.spec.replicas = 1.5; }, "cloneSet.spec.replicas"],
    [(r) => { r.cloneSet.spec.replicas = 1e18; }, "cloneSet.spec.replicas"],
    [(r) => { r.cloneSet.spec.replicas = 1_000_000_000_000_000_000; }, "cloneSet.spec.replicas"],
    [(r) => { r.cloneSet.spec.minReadySeconds = -5; }, "cloneSet.spec.minReadySeconds"],
    [(r) => { r.cloneSet.spec.updateStrategy.maxUnavailable = { a: 1 }; }, "cloneSet.spec.updateStrategy.maxUnavailable"],
    [(r) => { r.cloneSet.spec.updateStrategy.partition = 2.5; }, "cloneSet.spec.updateStrategy.partition"],
    [(r) => { r.cloneSet.spec.updateStrategy.maxSurge = 2_147_483_648; }, "cloneSet.spec.updateStrategy.maxSurge"],
    [(r) => { r.cloneSet.spec.scaleStrategy = { podsToDelete: ["a", 3] }; }, "cloneSet.spec.scaleStrategy.podsToDelete[1]"],
    [(r) => { r.cloneSet.spec.lifecycle = { preDelete: { finalizersHandler: [true] } }; }, "cloneSet.spec.lifecycle.preDelete.finalizersHandler[0]"],
    [(r) => { r.pods[0].metadata.finalizers = [1]; }, "pods[0].metadata.finalizers[0]"],
    [(r) => { r.pods[0].metadata.deletionTimestamp = "tomorrow"; }, "pods[0].metadata.deletionTimestamp"],
    [(r) => { r.pods[0].status.conditions[0].lastTransitionTime = "2025-02-30T00:00:00Z"; }, "pods[0].status.conditions[0].lastTransitionTime"],
    [(r) => { r.pods[0].status.conditions[0].type = 7; }, "pods[0].status.conditions[0].type"],
    [(r) => { r.pods[0].status.conditions.push({ type: "Other", lastTransitionTime: 5 }); }, "pods[0].status.conditions[1].lastTransitionTime"],
    [(r) => { r.pods[0].status.containerStatuses[0].name = ["c"]; }, "pods[0].status.containerStatuses[0].name"],
    [(r) => { r.pods[0].spec.affinity = { nodeAffinity: 5 }; }, "pods[0].spec.affinity.nodeAffinity"],
    [(r) => { r.pods[0].spec.readinessGates = [{ conditionType: false }]; }, "pods[0].spec.readinessGates[0].conditionType"],
    [(r) => { r.limits = 5; }, "limits"],
    [(r) => { r.limits = { maxPods: 0 }; }, "limits.maxPods"],
    [(r) => { r.limits = { maxTerms: "9" }; }, "limits.maxTerms"],
    [(r) => { r.limits = { maxSimMemory: 1e12 }; }, "limits.maxSimMemory"],
    [(r) => { r.exact = ["nope"]; }, "exact/0"],
  ];
  for (const [change, path] of cases) {
    const r = structuredClone(base) as Obj;
    change(r);
    const e = failure(r);
    assert.deepEqual([e.code, e.path], ["E_BAD_REQUEST", path], JSON.stringify(e));
  }
  const other: [Obj, string][] = [
    [{ op: "rollout.statefulSet", statefulSet: { spec: { replicas: 3, updateStrategy: { rollingUpdate: { partition: -1 } } } }, pods: [], currentRevision: "a", updateRevision: "b" }, "statefulSet.spec.updateStrategy.rollingUpdate.partition"],
    [{ op: "rollout.advancedStatefulSet", statefulSet: { spec: { replicas: 3, reserveOrdinals: [1.5] } }, pods: [], currentRevision: "a", updateRevision: "b" }, "statefulSet.spec.reserveOrdinals[0]"],
    [{ op: "rollout.advancedStatefulSet", statefulSet: { spec: { ordinals: { start: -2 } } }, pods: [], currentRevision: "a", updateRevision: "b" }, "statefulSet.spec.ordinals.start"],
    [{ op: "rollout.deployment", deployment: { spec: { replicas: -3 } }, replicaSets: [] }, "deployment.spec.replicas"],
    [{ op: "rollout.deployment", deployment: { spec: { replicas: 3 } }, replicaSets: [{ spec: { replicas: 1 }, status: { availableReplicas: -1 } }] }, "replicaSets[0].status.availableReplicas"],
    [{ op: "rollout.simulate", kind: "Deployment", workload: { spec: { replicas: -1 } }, replicaSets: [] }, "workload.spec.replicas"],
    [{ op: "rollout.daemonSet", daemonSet: { status: { desiredNumberScheduled: -4 } }, nodes: [], pods: [], hash: "h" }, "daemonSet.status.desiredNumberScheduled"],
    [{ op: "rollout.daemonSet", daemonSet: {}, nodes: [7], pods: [], hash: "h" }, "nodes[0]"],
    [{ op: "rollout.daemonSet", daemonSet: {}, nodes: [], pods: [], hash: "h", expectations: 3 }, "expectations"],
    [{ op: "rollout.simulate", kind: "CloneSet", workload: {}, pods: [], currentRevision: "a", updateRevision: "b", model: { maxRounds: 0 } }, "model.maxRounds"],
    [{ op: "rollout.simulate", kind: "CloneSet", workload: {}, pods: [], currentRevision: "a", updateRevision: "b", model: { failUpdated: ["1"] } }, "model.failUpdated[0]"],
  ];
  for (const [request, path] of other) {
    const e = failure(request);
    assert.deepEqual([e.code, e.path], ["E_BAD_REQUEST", path], JSON.stringify(e));
  }
});

test("Deployment: cleanupUnhealthyReplicas refuses to scale an old set up (more available than desired) and ends the reconcile, as upstream", () => {
  const r = ok({ op: "rollout.deployment", deployment: { spec: { replicas: 10, strategy: { rollingUpdate: { maxSurge: 0, maxUnavailable: 2 } } } },
    replicaSets: [{ metadata: { name: "old", creationTimestamp: iso(T0) }, spec: { replicas: 5 }, status: { availableReplicas: 8 } },
      { metadata: { name: "new", creationTimestamp: iso(T0 + 60) }, spec: { replicas: 5 }, status: { availableReplicas: 5 } }], newReplicaSet: "new" });
  assert.deepEqual(r.scale, []);
  assert.equal(r.path, "rolling");
});

test("DaemonSet manage: of a node's failed pods only the first is deleted in a sync (the failed-pods backoff), native and Advanced at every release", () => {
  const now = "2026-01-01T12:00:00Z";
  const mk = (name: string, node: string, phase: string) => ({ metadata: { name, labels: { "controller-revision-hash": "h1" }, creationTimestamp: "2026-01-01T00:00:00Z" }, spec: { nodeName: node }, status: { phase, conditions: [{ type: "Ready", status: phase === "Running" ? "True" : "False", lastTransitionTime: "2026-01-01T00:00:00Z" }] } });
  // n1: two failed pods and a running one; n2: one failed pod
  const pods = [mk("f1", "n1", "Failed"), mk("r1", "n1", "Running"), mk("f2", "n1", "Failed"), mk("f3", "n2", "Failed")];
  const daemonSet = { metadata: { name: "ds" }, spec: { updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 1 } } } };
  const runs = [{ op: "rollout.daemonSet" }, ...["1.5", "1.6", "1.7", "1.8", "1.9"].map((kruise) => ({ op: "rollout.advancedDaemonSet", kruise }))];
  for (const r of runs) {
    const a = ok({ ...r, daemonSet, nodes: ["n1", "n2"], pods, hash: "h1", now });
    // f2 waits for n1's backoff; r1 is n1's one running pod, so nothing else goes
    assert.deepEqual(a.manage.delete, ["f1", "f3"], JSON.stringify(r));
    assert.equal(a.reason, "manage");
  }
});

test("DaemonSet walkOrder: the rolling update walks the named nodes first, so it picks their pods among equal candidates", () => {
  const now = "2026-01-01T12:00:00Z";
  const nodes = ["n1", "n2", "n3", "n4"];
  const pods = nodes.map((n) => ({ metadata: { name: `p-${n}`, labels: { "controller-revision-hash": "h1" }, creationTimestamp: "2026-01-01T00:00:00Z" }, spec: { nodeName: n }, status: { phase: "Running", conditions: [{ type: "Ready", status: "True", lastTransitionTime: "2026-01-01T00:00:00Z" }] } }));
  const daemonSet = { metadata: { name: "ds" }, spec: { updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 2 } } } };
  const plan = (walkOrder?: string[]) => ok({ op: "rollout.advancedDaemonSet", daemonSet, nodes, pods, hash: "h2", now, ...(walkOrder ? { walkOrder } : {}) }).rollingUpdate;
  // default: the partition filter's order (reverse node names)
  assert.deepEqual(plan().delete, ["p-n4", "p-n3"]);
  assert.deepEqual(plan(["n2", "gone", "n2", "n1"]).delete, ["p-n2", "p-n1"]);
  assert.deepEqual(plan(["n1"]).candidates, ["p-n1", "p-n4", "p-n3", "p-n2"]);
  // the filter still decides which nodes may be walked
  assert.deepEqual(plan(["n1"]).nodesToUpdate, ["n4", "n3", "n2", "n1"]);
  assert.equal((kinplace.evaluate({ op: "rollout.daemonSet", daemonSet, nodes, pods, hash: "h2", walkOrder: [1] } as never) as Obj).error?.path, "walkOrder[0]");
});

test("Advanced DaemonSet: without status.desiredNumberScheduled a percent burstReplicas or partition is 0 in a sync (as the controller reads an unsynced DaemonSet); a simulation starts from the nodes that should run", () => {
  const now = "2026-01-01T12:00:00Z";
  const nodes = ["n1", "n2", "n3", "n4"];
  const spec = { burstReplicas: "50%", updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 1, partition: "50%" } } };
  const plan = (status?: Obj) => ok({ op: "rollout.advancedDaemonSet", daemonSet: { metadata: { name: "ds" }, spec, ...(status ? { status } : {}) }, nodes, pods: [], hash: "h2", now });
  const fresh = plan();
  assert.deepEqual([fresh.burstReplicas, fresh.partition, fresh.manage.create.length, fresh.create.length], [0, 0, 4, 0]);
  const synced = plan({ desiredNumberScheduled: 4 });
  assert.deepEqual([synced.burstReplicas, synced.partition, synced.create], [2, 2, ["n1", "n2"]]);
  // a simulation of the same DaemonSet with its old pods keeps the partition of 50% of the four nodes from the first round
  const pods = nodes.map((n, i) => ({ metadata: { name: `ds-${i}`, labels: { "controller-revision-hash": "h1" }, creationTimestamp: "2026-01-01T00:00:00Z" }, spec: { nodeName: n }, status: { phase: "Running", conditions: [{ type: "Ready", status: "True", lastTransitionTime: "2026-01-01T00:00:00Z" }] } }));
  const t = ok({ op: "rollout.simulate", kind: "AdvancedDaemonSet", workload: { metadata: { name: "ds" }, spec }, nodes, pods, hash: "h2" });
  assert.equal(t.outcome, "complete", JSON.stringify(t).slice(0, 400));
  assert.equal(t.final.updated, 2);
  for (const r of t.timeline as Obj[]) assert.ok(r.updated <= 2, JSON.stringify(r));
});
