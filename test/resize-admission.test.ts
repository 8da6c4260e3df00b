// kubelet.resizeAdmission: hand-made answers that could fail (a resize that fits, one over the node's allocatable,
// one that fits the node but not beside the other pods, the per-era differences) and bad input (typed errors, the
// engine still answering afterwards). Checked against the real kubelet code by the k8s oracle (1.33-1.37 here).

import { test } from "node:test";
import assert from "node:assert/strict";
import { kinplace } from "./support/engine.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const answer = (req: unknown): any => JSON.parse(decoder.decode(kinplace.evaluateLine(encoder.encode(typeof req === "string" ? req : JSON.stringify(req)))));

const node = { metadata: { name: "n1" }, status: { allocatable: { cpu: "4", memory: "8Gi", pods: "110" } } };
const pod = (cpu: string, memory = "1Gi") => ({
  metadata: { name: "web", namespace: "default", uid: "u1" },
  spec: { nodeName: "n1", containers: [{ name: "app", image: "nginx", resources: { requests: { cpu, memory } } }] },
  status: { phase: "Running" },
});
const other = { metadata: { name: "a", uid: "u2" }, spec: { nodeName: "n1", containers: [{ name: "c", image: "x", resources: { requests: { cpu: "3" } } }] }, status: { phase: "Running" } };
const ask = (kubelet: string, p: unknown, pods: unknown[] = [], extra: object = {}) =>
  answer({ op: "kubelet.resizeAdmission", kubelet, pod: p, node, pods, ...extra });

test("a resize that fits is admitted (status.resize InProgress before 1.33)", () => {
  assert.deepEqual(ask("1.37", pod("1")).result, { status: "Admitted", resize: "", reason: "", message: "" });
  assert.deepEqual(ask("1.30", pod("1")).result, { status: "Admitted", resize: "InProgress", reason: "", message: "" });
});

test("over the node's allocatable: Infeasible up to 1.35, Deferred by the predicate handler from 1.36", () => {
  assert.deepEqual(ask("1.35", pod("5")).result, { status: "Infeasible", resize: "", reason: "Infeasible", message: "Node didn't have enough capacity: cpu, requested: 5000, capacity: 4000" });
  assert.deepEqual(ask("1.33", pod("1", "20Gi")).result.message, "Node didn't have enough capacity: memory, requested: 21474836480, capacity: 8589934592");
  assert.deepEqual(ask("1.31", pod("5")).result, { status: "Infeasible", resize: "Infeasible", reason: "", message: "" });
  assert.deepEqual(ask("1.36", pod("5")).result, { status: "Deferred", resize: "", reason: "Deferred", message: "Node didn't have enough resource: cpu, requested: 5000, used: 0, capacity: 4000" });
});

test("fits the node but not beside the other pods: Deferred", () => {
  assert.deepEqual(ask("1.37", pod("1500m"), [other]).result, { status: "Deferred", resize: "", reason: "Deferred", message: "Node didn't have enough resource: cpu, requested: 1500, used: 3000, capacity: 4000" });
  assert.equal(ask("1.34", pod("1500m"), [other]).result.status, "Deferred");
  assert.deepEqual(ask("1.29", pod("1500m"), [other]).result, { status: "Deferred", resize: "Deferred", reason: "", message: "" });
  // a finished pod is not active
  assert.equal(ask("1.37", pod("1500m"), [{ ...other, status: { phase: "Succeeded" } }]).result.status, "Admitted");
});

test("static CPU manager: a Guaranteed pod's resize is Infeasible (per-era text)", () => {
  const g = pod("1");
  (g.spec.containers[0].resources as any).limits = { cpu: "1", memory: "1Gi" };
  assert.equal(ask("1.33", g, [], { cpuManagerPolicy: "static" }).result.message, "Resize is infeasible for Guaranteed Pods alongside CPU Manager static policy");
  assert.equal(ask("1.37", g, [], { cpuManagerPolicy: "static" }).result.message, "Resize is infeasible for Guaranteed Pods alongside CPU Manager policy \"static\"");
  assert.equal(ask("1.37", g, [], { cpuManagerPolicy: "static", gates: { InPlacePodVerticalScalingExclusiveCPUs: true } }).result.status, "Admitted");
});

test("bad input: typed errors, and the engine answers afterwards", () => {
  assert.equal(ask("1.26", pod("1")).error.code, "E_UNSUPPORTED_VERSION");
  assert.equal(ask("1.99", pod("1")).error.code, "E_UNSUPPORTED_VERSION");
  assert.deepEqual(answer({ op: "kubelet.resizeAdmission", pod: pod("1") }).error.path, "node");
  assert.equal(answer({ op: "kubelet.resizeAdmission", pod: pod("1"), node: 3 }).error.code, "E_BAD_REQUEST");
  assert.equal(answer({ op: "kubelet.resizeAdmission", pod: pod("1"), node, pods: {} }).error.path, "pods");
  assert.equal(answer({ op: "kubelet.resizeAdmission", pod: pod("1"), node: { status: { allocatable: { cpu: "x" } } } }).error.code, "E_QUANTITY");
  assert.equal(answer({ op: "kubelet.resizeAdmission", pod: pod("1"), node, bogus: 1 }).error.path, "bogus");
  assert.equal(ask("1.37", pod("1"), [], { gates: { InPlacePodVerticalScaling: false } }).error.code, "E_BAD_REQUEST");
  assert.equal(ask("1.33", pod("1"), [], { gates: { InPlacePodVerticalScaling: false } }).error.path, "gates");
  assert.equal(answer('{"op":"kubelet.resizeAdmission","pod":{"spec":').error.code, "E_JSON_SYNTAX");
  assert.equal(ask("1.37", pod("1")).result.status, "Admitted");
});
