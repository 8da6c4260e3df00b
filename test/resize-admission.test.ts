// kubelet.resizeAdmission: hand-made answers that could fail (a resize that fits, one over the node's allocatable,
// one that fits the node but not beside the other pods, the per-era differences) and bad input (typed errors, the
// engine still answering afterwards), the kubelet's pod manager (mirror pods, a repeated uid), and the golden vectors
// of the real kubelet code (test/vectors/resize-admission.jsonl.gz, 1.27-1.37, test/oracle/make-resize-admission-vectors.ts).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
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
  const badQuantity = answer({ op: "kubelet.resizeAdmission", pod: pod("1"), node: { status: { allocatable: { cpu: "x" } } } }).error;
  assert.deepEqual([badQuantity.code, badQuantity.path], ["E_QUANTITY", "node"]);
  assert.equal(answer({ op: "kubelet.resizeAdmission", pod: pod("1"), node: { status: { allocatable: ["cpu"] } } }).error.path, "node");
  assert.equal(answer({ op: "kubelet.resizeAdmission", pod: { ...pod("1"), spec: { containers: [{ name: "a", image: "x", resources: { requests: { cpu: "lots" } } }] } }, node }).error.code, "E_QUANTITY");
  assert.equal(answer({ op: "kubelet.resizeAdmission", pod: pod("1"), node, bogus: 1 }).error.path, "bogus");
  assert.equal(ask("1.37", pod("1"), [], { gates: { InPlacePodVerticalScaling: false } }).error.code, "E_BAD_REQUEST");
  assert.equal(ask("1.33", pod("1"), [], { gates: { InPlacePodVerticalScaling: false } }).error.path, "gates");
  assert.equal(answer('{"op":"kubelet.resizeAdmission","pod":{"spec":').error.code, "E_JSON_SYNTAX");
  assert.equal(ask("1.37", pod("1")).result.status, "Admitted");
});

test("the kubelet's pod manager: a mirror pod is not counted, a repeated uid keeps the last pod", () => {
  const mirror = { ...other, metadata: { name: "m", uid: "u3", annotations: { "kubernetes.io/config.mirror": "x" } } };
  assert.equal(ask("1.37", pod("1500m"), [mirror]).result.status, "Admitted");
  const small = { ...other, spec: { containers: [{ name: "c", image: "x", resources: { requests: { cpu: "1" } } }] } };
  assert.equal(ask("1.31", pod("1500m"), [other, small]).result.status, "Admitted");
  assert.equal(ask("1.31", pod("1500m"), [small, other]).result.status, "Deferred");
});

test("another pod's reported resources count when above its spec (a pending resize of its own)", () => {
  const reported = { ...other, spec: { containers: [{ name: "c", image: "x", resources: { requests: { cpu: "1" } } }] },
    status: { phase: "Running", containerStatuses: [{ name: "c", image: "x", imageID: "", ready: true, restartCount: 0, allocatedResources: { cpu: "3" }, resources: { requests: { cpu: "3" } } }] } };
  for (const k of ["1.29", "1.32", "1.34", "1.37"]) assert.equal(ask(k, pod("1500m"), [reported]).result.status, "Deferred", k);
});

test("kubelet 1.27-1.31 panic admitting a pod whose container status has no allocatedResources: E_BAD_REQUEST", () => {
  const p = pod("1");
  (p.status as any).containerStatuses = [{ name: "app", image: "nginx", imageID: "", ready: true, restartCount: 0 }];
  assert.equal(ask("1.31", p).error.code, "E_BAD_REQUEST");
  assert.equal(ask("1.32", p).result.status, "Admitted");
});

test("golden vectors resize-admission.jsonl.gz: the engine answers as the kubelet of each minor 1.27-1.37 did", () => {
  const lines = gunzipSync(readFileSync(new URL("./vectors/resize-admission.jsonl.gz", import.meta.url))).toString().split("\n").filter(Boolean);
  assert.equal(lines.length, 1650);
  const bad: string[] = [];
  const statuses = new Set<string>();
  const minors = new Set<string>();
  for (const line of lines) {
    const v = JSON.parse(line) as { request: string; answer: { ok: boolean; result?: { status: string } } };
    if (v.answer.ok) statuses.add(v.answer.result!.status);
    minors.add(JSON.parse(v.request).kubelet);
    const got = decoder.decode(kinplace.evaluateLine(encoder.encode(v.request)));
    if (JSON.stringify(JSON.parse(got)) === JSON.stringify(v.answer)) continue;
    bad.push(`${v.request.slice(0, 400)}\n  engine: ${got.slice(0, 600)}\n  oracle: ${JSON.stringify(v.answer).slice(0, 600)}`);
  }
  assert.equal(bad.length, 0, `${bad.length} of ${lines.length} answers differ; first:\n${bad.slice(0, 3).join("\n\n")}`);
  assert.deepEqual([...statuses].sort(), ["Admitted", "Deferred", "Infeasible"]);
  assert.equal(minors.size, 11);
});
