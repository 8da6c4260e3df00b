// Self-check of the k8s oracle's pod.validateResize (no engine involved): known upstream answers of the API
// server's pods/resize subresource (rest.BeforeUpdate with pkg/registry/core/pod's ResizeStrategy) must come
// out of the oracle at each minor in scope (CI: 1.37; KINPLACE_ORACLE_SCOPE=full: 1.31-1.37;
// KINPLACE_RESIZE_MINORS="1.33 1.34" or "all" picks minors). A check that compares two minors runs when both
// are in scope.
//
// node --import tsx --test test/oracle/resize-known.test.ts

import { after, test } from "node:test";
import assert from "node:assert/strict";
import { runOracle, stopOracle } from "./run.ts";
import { SCOPE, minorsFromEnv } from "./scope.ts";
import { RESIZE_MINORS } from "./resize-arbitraries.ts";

after(() => stopOracle());

const COVERED = ["1.31", ...RESIZE_MINORS];
const fromEnv = minorsFromEnv("KINPLACE_RESIZE_MINORS", SCOPE === "full" ? COVERED : ["1.37"]);
const MINORS = COVERED.filter((m) => fromEnv.includes(m));
const has = (...ms: string[]) => ms.every((m) => MINORS.includes(m));
/** The minors in scope that have the subresource. */
const WITH_RESIZE = MINORS.filter((m) => m !== "1.31");

type Obj = Record<string, any>;
type Cause = { field: string; type: string; message: string };
type Answer = { ok: boolean; result?: { errors: Cause[]; message: string; warnings: string[] }; error?: { code: string; message: string; path?: string } };

/** 1.32 serves the subresource only with its alpha gate on. */
const gatesOn = (minor: string): Obj | undefined => (minor === "1.32" ? { InPlacePodVerticalScaling: true } : undefined);

/** The oracle's answer; gates: the request's (null: none), default gatesOn(minor). */
async function resize(minor: string, old: Obj, nu: Obj, gates: Obj | null = gatesOn(minor) ?? null): Promise<Answer> {
  const req: Obj = { op: "pod.validateResize", kubernetes: minor, old, new: nu };
  if (gates) req.gates = gates;
  const [line] = await runOracle([JSON.stringify(req)]);
  return JSON.parse(line!) as Answer;
}

/** The result of an answer that must be ok. */
function result(a: Answer, what: string) {
  assert.ok(a.ok, `${what}: ${JSON.stringify(a)}`);
  return a.result!;
}

const guaranteed = (cpu: string, memory: string) => ({ requests: { cpu, memory }, limits: { cpu, memory } });

/** A running Guaranteed pod of one container on a resize-capable node, as stored. */
function pod(resources: Obj = guaranteed("500m", "512Mi"), extra: Obj = {}): Obj {
  return {
    apiVersion: "v1", kind: "Pod",
    metadata: { name: "web-0", namespace: "default", uid: "6f1c9a2e-2b7d-4c1e-9a51-3f0d8e2b4c7a", resourceVersion: "48213", creationTimestamp: "2024-05-01T10:00:00Z" },
    spec: {
      containers: [{ name: "app", image: "nginx:1.25.3", resources, terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent", ...extra }],
      restartPolicy: "Always", terminationGracePeriodSeconds: 30, dnsPolicy: "ClusterFirst", nodeName: "node-1", schedulerName: "default-scheduler", securityContext: {},
    },
    status: {
      phase: "Running", qosClass: resources.limits?.cpu && resources.requests?.cpu === resources.limits.cpu ? "Guaranteed" : resources.requests ? "Burstable" : "BestEffort",
      containerStatuses: [{ name: "app", ready: true, restartCount: 0, image: "nginx:1.25.3", imageID: "", started: true, state: { running: { startedAt: "2024-05-01T10:00:05Z" } }, resources }],
    },
  };
}

const edited = (p: Obj, f: (q: Obj) => void): Obj => {
  const q = structuredClone(p);
  f(q);
  return q;
};

for (const minor of WITH_RESIZE) {
  test(`${minor}: a cpu increase of a Guaranteed pod (requests and limits) is accepted`, async () => {
    const old = pod();
    const r = result(await resize(minor, old, edited(old, (q) => { q.spec.containers[0].resources = guaranteed("1", "512Mi"); })), minor);
    assert.deepEqual(r, { errors: [], message: "", warnings: [] });
  });

  test(`${minor}: a QoS class change is refused with upstream's text`, async () => {
    const old = pod();
    const r = result(await resize(minor, old, edited(old, (q) => { q.spec.containers[0].resources.requests.cpu = "250m"; })), minor);
    const text = 'Invalid value: "Guaranteed": Pod QOS Class may not change as a result of resizing';
    assert.deepEqual(r.errors, [{ field: "spec", type: "Invalid value", message: text }]);
    assert.equal(r.message, `Pod "web-0" is invalid: spec: ${text}`);
  });

  test(`${minor}: a changed uid is refused (metadata is not the subresource's)`, async () => {
    const old = pod();
    const r = result(await resize(minor, old, edited(old, (q) => { q.metadata.uid = "00000000-0000-0000-0000-000000000001"; })), minor);
    assert.ok(r.errors.length > 0 && r.errors.every((e) => e.field.startsWith("metadata") && e.type === "Invalid value" && e.message.endsWith(": field is immutable")), JSON.stringify(r));
  });

  test(`${minor}: an image change is not refused: the strategy keeps only the containers' resources and resizePolicy`, async () => {
    const old = pod();
    const r = result(await resize(minor, old, edited(old, (q) => { q.spec.containers[0].image = "nginx:1.27.0"; q.metadata.labels = { version: "v2" }; })), minor);
    assert.deepEqual(r.errors, []);
  });

  test(`${minor}: static and Windows pods are refused`, async () => {
    const mirror = edited(pod(), (q) => { q.metadata.annotations = { "kubernetes.io/config.mirror": "3f1d0c9e8b7a" }; });
    const up = (p: Obj) => edited(p, (q) => { q.spec.containers[0].resources = guaranteed("1", "512Mi"); });
    const a = result(await resize(minor, mirror, up(mirror)), minor);
    assert.deepEqual(a.errors.map((e) => e.message), ["Forbidden: static pods cannot be resized"]);
    const windows = edited(pod(), (q) => { q.spec.os = { name: "windows" }; });
    const b = result(await resize(minor, windows, up(windows)), minor);
    assert.deepEqual(b.errors.map((e) => e.message), ["Forbidden: windows pods cannot be resized"]);
  });

  test(`${minor}: a running container without reported resources (a node without resize) is refused`, async () => {
    const old = edited(pod(), (q) => { delete q.status.containerStatuses[0].resources; });
    const r = result(await resize(minor, old, edited(old, (q) => { q.spec.containers[0].resources = guaranteed("1", "512Mi"); })), minor);
    assert.deepEqual(r.errors, [{ field: "spec", type: "Forbidden", message: "Forbidden: Pod running on node without support for resize" }]);
  });
}

for (const minor of WITH_RESIZE.filter((m) => m !== "1.32")) {
  test(`${minor}: renaming a container is refused`, async () => {
    const old = pod();
    const r = result(await resize(minor, old, edited(old, (q) => { q.spec.containers[0].name = "main"; })), minor);
    assert.deepEqual(r.errors, [{ field: "spec.containers[0].name", type: "Forbidden", message: "Forbidden: containers may not be renamed or reordered on resize" }]);
  });
}

test("1.32: a renamed container is ignored (the strategy matches containers by name)", { skip: !has("1.32") }, async () => {
  const old = pod();
  const r = result(await resize("1.32", old, edited(old, (q) => { q.spec.containers[0].name = "main"; })), "1.32");
  assert.deepEqual(r.errors, []);
});

test("the memory limit decrease under a NotRequired resizePolicy: refused at 1.33, accepted at 1.34", { skip: !has("1.33", "1.34") }, async () => {
  const burstable = { requests: { cpu: "250m", memory: "256Mi" }, limits: { cpu: "1", memory: "1Gi" } };
  const old = pod(burstable, { resizePolicy: [{ resourceName: "cpu", restartPolicy: "NotRequired" }, { resourceName: "memory", restartPolicy: "NotRequired" }] });
  const nu = edited(old, (q) => { q.spec.containers[0].resources.limits.memory = "512Mi"; });
  const r33 = result(await resize("1.33", old, nu), "1.33");
  const text = "Forbidden: memory limits cannot be decreased unless resizePolicy is RestartContainer";
  assert.deepEqual(r33.errors, [{ field: "spec.containers[0].resources.limits[memory]", type: "Forbidden", message: text }]);
  assert.equal(r33.message, `Pod "web-0" is invalid: spec.containers[0].resources.limits[memory]: ${text}`);
  const r34 = result(await resize("1.34", old, nu), "1.34");
  assert.deepEqual(r34.errors, []);
  // with RestartContainer for memory, 1.33 accepts it too
  const restart = edited(old, (q) => { q.spec.containers[0].resizePolicy[1].restartPolicy = "RestartContainer"; });
  const r33b = result(await resize("1.33", restart, edited(restart, (q) => { q.spec.containers[0].resources.limits.memory = "512Mi"; })), "1.33");
  assert.deepEqual(r33b.errors, []);
});

test("1.31 has no resize subresource: 404", { skip: !has("1.31") }, async () => {
  const a = await resize("1.31", pod(), pod(), { InPlacePodVerticalScaling: true });
  assert.deepEqual(a, { ok: false, error: { code: "E_NOT_FOUND", message: "the server could not find the requested resource", path: "kubernetes" } });
});

test("1.32 serves the subresource only with InPlacePodVerticalScaling on: 404 without it", { skip: !has("1.32") }, async () => {
  const a = await resize("1.32", pod(), pod(), null);
  assert.deepEqual(a, { ok: false, error: { code: "E_NOT_FOUND", message: "the server could not find the requested resource", path: "gates" } });
});

test("the gate is locked on from 1.35: turning it off is refused", { skip: !MINORS.some((m) => Number(m.slice(2)) >= 35) }, async () => {
  const minor = MINORS.filter((m) => Number(m.slice(2)) >= 35).at(-1)!;
  const a = await resize(minor, pod(), pod(), { InPlacePodVerticalScaling: false });
  assert.deepEqual(a, { ok: false, error: { code: "E_BAD_REQUEST", message: "cannot set feature gate InPlacePodVerticalScaling to false, feature is locked to true", path: "gates" } });
});

test("a sidecar's resources: ignored at 1.32, resized from 1.33", { skip: !has("1.32", "1.33") }, async () => {
  const sidecar = { name: "log-shipper", image: "fluent/fluent-bit:3.0", restartPolicy: "Always", resources: guaranteed("100m", "128Mi"), terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent" };
  const old = edited(pod(), (q) => { q.spec.initContainers = [sidecar]; });
  const nu = edited(old, (q) => { q.spec.initContainers[0].resources = guaranteed("200m", "128Mi"); });
  for (const minor of ["1.32", "1.33"]) assert.deepEqual(result(await resize(minor, old, nu), minor).errors, []);
  // a change of a sidecar resource other than cpu and memory is refused from 1.33 only: 1.32 drops it
  const storage = edited(old, (q) => { q.spec.initContainers[0].resources.limits["ephemeral-storage"] = "1Gi"; q.spec.initContainers[0].resources.requests["ephemeral-storage"] = "1Gi"; });
  assert.deepEqual(result(await resize("1.32", old, storage), "1.32").errors, []);
  assert.deepEqual(result(await resize("1.33", old, storage), "1.33").errors.map((e) => e.message), ["Forbidden: only cpu and memory resources for sidecar containers are mutable"]);
});
