// pod.validateUpdate's checks of the containers' own parts without Go: the golden vectors
// test/vectors/validate-containers.jsonl.gz (probe handlers and numbers, lifecycle hooks with sleep and
// stopSignal, init-container bans and sidecars, resource names and quantities, resize policies, container
// and pod security contexts, spec.os; the Go oracle's answers for every minor 1.15-1.37, made by
// test/oracle/make-validate-containers-vectors.ts) replayed through the engine, equal up to the diff
// after the newline of the `spec` Forbidden message and Go pointer addresses in %#v values
// (normalizeC); plus hand-made cases of the per-minor rules.

import { test } from "node:test";
import assert from "node:assert/strict";
import { kinplace } from "./support/engine.ts";
import { replayValidateVectors, assertEveryMinor, assertNoMismatch } from "./support/validate-golden.ts";
import { normalizeC } from "./oracle/validate-containers-arbitraries.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** The engine's answer for a request object. */
function ask(req: unknown): any {
  return JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(JSON.stringify(req)))));
}

test("golden vectors validate-containers.jsonl.gz: the engine answers as the API server of each minor did", () => {
  const r = replayValidateVectors("validate-containers", 2000, normalizeC);
  const kinds = new Set(r.errors.map((e) => String(e.field).replace(/\[[^\]]*\]/g, "").split(".").slice(-1)[0]!));
  assertEveryMinor(r);
  for (const k of ["livenessProbe", "readinessProbe", "startupProbe", "command", "port", "scheme", "sleep", "lifecycle", "stopSignal", "restartPolicy",
    "limits", "requests", "resizePolicy", "securityContext", "runAsUser", "procMount", "type", "localhostProfile", "fsGroup", "os"]) {
    assert.ok(kinds.has(k), `no vector reports an error on ${k}`);
  }
  assertNoMismatch(r);
});

const pod = {
  apiVersion: "v1", kind: "Pod",
  metadata: { name: "web-0", namespace: "default", resourceVersion: "7" },
  spec: {
    containers: [{ name: "app", image: "nginx:1.25", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent" }],
    initContainers: [{ name: "proxy", image: "envoy:1.30", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent", restartPolicy: "Always",
      startupProbe: { tcpSocket: { port: 15000 }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 } }],
    restartPolicy: "Always", dnsPolicy: "ClusterFirst", terminationGracePeriodSeconds: 30, serviceAccountName: "default", serviceAccount: "default",
  },
};

/** "field message" of every error the engine reports for an update of `pod` to `nu` at `minor`. */
function errors(minor: string, nu: unknown, extra: object = {}): string[] {
  const a = ask({ op: "pod.validateUpdate", kubernetes: minor, old: pod, new: nu, ...extra });
  assert.equal(a.ok, true, JSON.stringify(a));
  return a.result.errors.map((e: any) => `${e.field} ${e.message.split("\n")[0]}`);
}

test("pod.validateUpdate: a sidecar's probes are checked from 1.28, banned before", () => {
  assert.deepEqual(errors("1.29", pod), []);
  assert.deepEqual(errors("1.27", pod), ["spec.initContainers[0].startupProbe Forbidden: may not be set for init containers"]);
  const bad = structuredClone(pod) as any;
  bad.spec.initContainers[0].startupProbe.tcpSocket.port = 0;
  assert.ok(errors("1.30", bad).includes("spec.initContainers[0].startupProbe.tcpSocket.port Invalid value: 0: must be between 1 and 65535, inclusive"));
  // 1.24: the init container is validated like a regular one, then banned with its %#v value
  const e24 = errors("1.24", bad);
  assert.ok(e24.includes("spec.initContainers[0].startupProbe.tcpSocket.port Invalid value: 0: must be between 1 and 65535, inclusive"));
  assert.ok(e24.some((e) => e.startsWith("spec.initContainers[0].startupProbe Invalid value: core.Probe{ProbeHandler:core.ProbeHandler{Exec:(*core.ExecAction)(nil), HTTPGet:(*core.HTTPGetAction)(nil), TCPSocket:(*core.TCPSocketAction)(0x?)")));
});

test("pod.validateUpdate: resource names and quantities, extended resources and hugepages per minor", () => {
  const nu = structuredClone(pod) as any;
  nu.spec.containers[0].resources = { requests: { "nvidia.com/gpu": "500m" }, limits: { "nvidia.com/gpu": "500m" } };
  const gpu = errors("1.30", nu);
  assert.ok(gpu.some((e) => e.startsWith("spec.containers[0].resources.limits[nvidia.com/gpu] Invalid value: resource.Quantity{i:resource.int64Amount{value:500, scale:-3}")), gpu.join("\n"));
  assert.ok(errors("1.34", nu).includes("spec.containers[0].resources.limits[nvidia.com/gpu] Invalid value: \"500m\": must be an integer"));
  nu.spec.containers[0].resources = { requests: { memory: "64Mi", "hugepages-2Mi": "3Mi" }, limits: { memory: "64Mi", "hugepages-2Mi": "3Mi" } };
  assert.ok(errors("1.21", nu).includes("spec.containers[0].resources.limits[hugepages-2Mi] Invalid value: \"3Mi\": 3Mi is not positive integer multiple of hugepages-2Mi"));
  assert.ok(!errors("1.20", nu).some((e) => e.includes("not positive integer multiple")));
  nu.spec.containers[0].resources = { requests: { gpu: "1" } };
  // ResourceName prints quoted while it is a plain string (1.28), bare as a fmt.Stringer (1.29-1.33), as JSON from 1.34
  assert.ok(errors("1.28", nu).includes("spec.containers[0].resources.requests[gpu] Invalid value: \"gpu\": must be a standard resource for containers"));
  assert.ok(errors("1.29", nu).includes("spec.containers[0].resources.requests[gpu] Invalid value: gpu: must be a standard resource for containers"));
  assert.ok(errors("1.34", nu).includes("spec.containers[0].resources.requests[gpu] Invalid value: \"gpu\": must be a standard resource for containers"));
});

test("pod.validateUpdate: security contexts and the windows rules", () => {
  const nu = structuredClone(pod) as any;
  nu.spec.containers[0].securityContext = { runAsUser: -1, allowPrivilegeEscalation: false, privileged: true };
  const e = errors("1.30", nu, { allowPrivileged: false });
  assert.ok(e.includes("spec.containers[0].securityContext.privileged Forbidden: disallowed by cluster policy"));
  // allowPrivileged (kube-apiserver --allow-privileged) defaults to true: privileged containers pass
  for (const extra of [{}, { allowPrivileged: true }]) assert.ok(!errors("1.32", nu, extra).some((x) => x.includes("disallowed by cluster policy")));
  assert.deepEqual(ask({ op: "pod.validateUpdate", kubernetes: "1.32", old: pod, new: nu, allowPrivileged: "no" }).error,
    { code: "E_BAD_REQUEST", message: "\"allowPrivileged\" must be a boolean", path: "allowPrivileged" });
  assert.ok(e.includes("spec.containers[0].securityContext.runAsUser Invalid value: -1: must be between 0 and 2147483647, inclusive"));
  assert.ok(e.some((x) => x.startsWith("spec.containers[0].securityContext Invalid value: core.SecurityContext{Capabilities:(*core.Capabilities)(nil), Privileged:(*bool)(0x?)")));
  nu.spec.os = { name: "windows" };
  assert.ok(errors("1.30", nu).includes("spec.containers[0].securityContext.runAsUser Forbidden: cannot be set for a windows pod"));
  assert.ok(errors("1.23", nu).includes("spec.os Forbidden: cannot be set when IdentifyPodOS feature is not enabled"));
});

test("verdict: allowPrivileged decides whether an image bump of a privileged pod is accepted", () => {
  // answers of the 1.31 and 1.32 kube oracles (pkg/capabilities AllowPrivileged per request)
  const p = (image: string) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: "p", namespace: "default", resourceVersion: "1" },
    spec: { containers: [{ name: "c", image, securityContext: { privileged: true } }] } });
  for (const minor of ["1.31", "1.32"]) {
    const v = (extra: object) => ask({ op: "verdict", kubernetes: minor, old: p("nginx:1"), new: p("nginx:2"), ...extra }).result;
    assert.equal(v({}).verdict, "in-place");
    assert.equal(v({ allowPrivileged: true }).verdict, "in-place");
    assert.deepEqual(v({ allowPrivileged: true }).containers, [{ name: "c", action: "restart" }]);
    assert.equal(v({ allowPrivileged: false }).verdict, "rejected");
  }
});
