// The Pod verdict with `node` (and `pods`): a resize the API server accepts on the resize subresource gets the
// kubelet's admission on that node (member resizeAdmission and a reason at the status field the kubelet writes),
// equal to the kubelet.resizeAdmission op on the new pod; without `node` the verdict is unchanged.

import { test } from "node:test";
import assert from "node:assert/strict";
import { kinplace } from "./support/engine.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const answer = (req: unknown): any => JSON.parse(decoder.decode(kinplace.evaluateLine(encoder.encode(JSON.stringify(req)))));

const node = { apiVersion: "v1", kind: "Node", metadata: { name: "n1" }, status: { allocatable: { cpu: "4", memory: "8Gi", pods: "110" } } };
const pod = (cpu: string, memory = "1Gi") => ({
  apiVersion: "v1", kind: "Pod",
  metadata: { name: "web", namespace: "default", uid: "u1" },
  spec: { nodeName: "n1", containers: [{ name: "app", image: "nginx", resources: { requests: { cpu, memory } } }] },
  status: { phase: "Running" },
});
const other = (cpu: string) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: "a", uid: "u2" }, spec: { nodeName: "n1", containers: [{ name: "c", image: "x", resources: { requests: { cpu } } }] }, status: { phase: "Running" } });
const verdict = (extra: object) => answer({ op: "verdict", old: pod("500m"), new: pod("1500m"), ...extra });

test("a resize beside pods that leave too little cpu: deferred by the kubelet (1.33+: the PodResizePending condition)", () => {
  const r = verdict({ node, pods: [other("3")] }).result;
  assert.equal(r.verdict, "in-place");
  assert.equal(r.subresource, "resize");
  const msg = "Node didn't have enough resource: cpu, requested: 1500, used: 3000, capacity: 4000";
  assert.deepEqual(r.resizeAdmission, { status: "Deferred", reason: "Deferred", message: msg });
  assert.deepEqual(r.reasons.find((x: any) => x.path === "/status/conditions"), { path: "/status/conditions", effect: "none", message: "the kubelet defers the resize: " + msg });
});

test("a resize that fits: admitted; the verdict value and the other members stay as without a node", () => {
  const plain = verdict({}).result;
  const r = verdict({ node, pods: [other("1")] }).result;
  assert.deepEqual(r.resizeAdmission, { status: "Admitted", reason: "", message: "" });
  assert.equal(plain.resizeAdmission, undefined);
  const { resizeAdmission, reasons, ...rest } = r;
  const { reasons: plainReasons, ...plainRest } = plain;
  assert.deepEqual(rest, plainRest);
  assert.deepEqual(reasons.filter((x: any) => !x.path.startsWith("/status/")), plainReasons);
});

test("the member equals kubelet.resizeAdmission on the new pod (kubelet minors with the resize subresource's servers)", () => {
  for (const [kubernetes, kubelet] of [["1.37", "1.37"], ["1.35", "1.35"], ["1.34", "1.31"], ["1.33", "1.30"], ["1.33", "1.33"]]) {
    for (const cpu of ["1", "1500m", "3", "5"]) {
      const next = pod(cpu);
      const r = answer({ op: "verdict", kubernetes, kubelet, old: pod("500m"), new: next, node, pods: [other("2500m")] }).result;
      const op = answer({ op: "kubelet.resizeAdmission", kubelet, pod: next, node, pods: [other("2500m")] }).result;
      const want: any = { status: op.status, reason: op.reason, message: op.message };
      if (op.resize) want.resize = op.resize;
      assert.deepEqual(r.resizeAdmission, { ...want }, `${kubernetes}/${kubelet} cpu ${cpu}`);
      assert.ok(r.reasons.some((x: any) => x.path === (Number(kubelet.slice(2)) <= 32 ? "/status/resize" : "/status/conditions")));
    }
  }
});

test("no member when the change does not go to the resize subresource or is refused there", () => {
  // 1.31 has no resize subresource: the update itself is refused
  assert.equal(verdict({ kubernetes: "1.31", node }).result.resizeAdmission, undefined);
  // a change of the QoS class is refused by the resize subresource
  const guaranteed = pod("1");
  (guaranteed.spec.containers[0]!.resources as any).limits = { cpu: "1", memory: "1Gi" };
  const r = answer({ op: "verdict", old: guaranteed, new: pod("1"), node }).result;
  assert.equal(r.verdict, "rejected");
  assert.equal(r.resizeAdmission, undefined);
  // an image change is not a resize
  const img = pod("500m");
  img.spec.containers[0]!.image = "nginx:2";
  assert.equal(answer({ op: "verdict", old: pod("500m"), new: img, node }).result.resizeAdmission, undefined);
});

test("bad input: pods without a node, a node for another kind, a bad node; typed errors", () => {
  assert.deepEqual(verdict({ pods: [] }).error, { code: "E_BAD_REQUEST", message: "\"pods\" needs \"node\" (the node they are bound to)", path: "pods" });
  const dep = (image: string) => ({ apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "d" }, spec: { selector: { matchLabels: { a: "b" } }, template: { metadata: { labels: { a: "b" } }, spec: { containers: [{ name: "c", image }] } } } });
  assert.equal(answer({ op: "verdict", old: dep("a"), new: dep("b"), node }).error.path, "node");
  assert.equal(verdict({ node: { status: { allocatable: { cpu: "x" } } } }).error.code, "E_QUANTITY");
  assert.equal(verdict({ node: 7 }).error.code, "E_BAD_REQUEST");
  assert.equal(verdict({ node, pods: {} }).error.path, "pods");
  assert.equal(verdict({ node }).result.resizeAdmission.status, "Admitted");
});
