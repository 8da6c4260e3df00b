// pod.validateUpdate's ephemeral containers and pod-wide resources without Go: the golden vectors
// test/vectors/validate-ephemeral.jsonl.gz (debug containers with forbidden fields, names, targets and
// subPath mounts; spec.overhead; 1.32+ pod-level resources; 1.26+ resource claims; 1.34+ restartPolicyRules
// limits; the 1.15-1.21 single hugepage size rule — the Go oracle's answers for every minor 1.15-1.37, made
// by test/oracle/make-validate-ephemeral-vectors.ts) replayed through the engine, equal up to the diff after
// the newline of the `spec` Forbidden message; plus hand-made cases of the per-minor differences.

import { test } from "node:test";
import assert from "node:assert/strict";
import { kinplace } from "./support/engine.ts";
import { replayValidateVectors, assertEveryMinor, assertNoMismatch } from "./support/validate-golden.ts";
import { normalize } from "./oracle/validate-arbitraries.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** The engine's answer for a request object. */
function ask(req: unknown): any {
  return JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(JSON.stringify(req)))));
}

test("golden vectors validate-ephemeral.jsonl.gz: the engine answers as the API server of each minor did", () => {
  const r = replayValidateVectors("validate-ephemeral", 2000, normalize);
  const fields = new Set(r.errors.map((e) => `${e.field} ${e.type}`));
  assertEveryMinor(r);
  for (const f of [/^spec\.ephemeralContainers\[\d+\]\.ports Forbidden$/, /^spec\.ephemeralContainers\[\d+\]\[0\]\.name Invalid value$/, /targetContainerName Not found$/,
    /volumeMounts\[\d+\]\.subPath Forbidden$/, /^spec\.overhead\.limits\[.*\] Invalid value$/, /^spec\.resources\.requests\[.*\] Invalid value$/,
    /^spec\.resourceClaims\[\d+\]/, /resources\.claims\[\d+\] Not found$/, /restartPolicyRules Too (long|many)$/, /^spec Invalid value$/]) {
    assert.ok([...fields].some((x) => f.test(x)), `no vector reports an error matching ${f}`);
  }
  assertNoMismatch(r);
});

const pod = {
  apiVersion: "v1", kind: "Pod",
  metadata: { name: "web-0", namespace: "default", resourceVersion: "7" },
  spec: {
    containers: [{ name: "app", image: "nginx:1.25", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent" }],
    restartPolicy: "Always", dnsPolicy: "ClusterFirst", terminationGracePeriodSeconds: 30, serviceAccountName: "default", serviceAccount: "default",
  },
};

/** Field errors (field + type) of an update of `pod` to `nu` at `minor`, the spec comparison left out. */
function fieldErrors(minor: string, nu: unknown, old: unknown = pod, gates?: object): string[] {
  const r = ask({ op: "pod.validateUpdate", kubernetes: minor, old, new: nu, ...(gates ? { gates } : {}) });
  assert.equal(r.ok, true, JSON.stringify(r));
  return r.result.errors.filter((e: any) => !(e.field === "spec" && e.type === "Forbidden")).map((e: any) => `${e.field} ${e.type}`);
}

test("ephemeral containers: paths, allow list and targets per minor", () => {
  const nu = structuredClone(pod) as any;
  nu.spec.ephemeralContainers = [{ name: "Debug", image: "busybox", targetContainerName: "nope", terminationMessagePolicy: "File", imagePullPolicy: "Always", securityContext: {}, ports: [] }];
  // 1.16-1.24 validate through a one-element list (the extra [0]) and check the target first
  assert.deepEqual(fieldErrors("1.21", nu), ["spec.ephemeralContainers[0].targetContainerName Not found", "spec.ephemeralContainers[0][0].name Invalid value",
    "spec.ephemeralContainers[0].ports Forbidden", "spec.ephemeralContainers[0].securityContext Forbidden"]);
  assert.deepEqual(fieldErrors("1.22", nu), ["spec.ephemeralContainers[0].targetContainerName Not found", "spec.ephemeralContainers[0][0].name Invalid value",
    "spec.ephemeralContainers[0].ports Forbidden"]);
  assert.deepEqual(fieldErrors("1.30", nu), ["spec.ephemeralContainers[0].name Invalid value", "spec.ephemeralContainers[0].targetContainerName Not found",
    "spec.ephemeralContainers[0].ports Forbidden"]);
  assert.deepEqual(fieldErrors("1.15", nu), []); // no ephemeral containers in 1.15's v1 types
});

test("resource claims, restart rules and the hugepage rule per minor", () => {
  const nu = structuredClone(pod) as any;
  nu.spec.containers[0].resources = { claims: [{ name: "gpu" }] };
  assert.deepEqual(fieldErrors("1.25", nu), []);
  assert.deepEqual(fieldErrors("1.26", nu), ["spec.containers[0].resources.claims[0] Not found"]);
  nu.spec.resourceClaims = [{ name: "gpu", resourceClaimTemplateName: "gpu-template" }];
  assert.deepEqual(fieldErrors("1.31", nu), []);
  const rules = structuredClone(pod) as any;
  rules.spec.containers[0].restartPolicy = "Never";
  rules.spec.containers[0].restartPolicyRules = Array.from({ length: 21 }, () => ({ action: "Restart", exitCodes: { operator: "In", values: [1] } }));
  assert.deepEqual(fieldErrors("1.35", rules), ["spec.containers[0].restartPolicyRules Too long"]);
  assert.deepEqual(fieldErrors("1.36", rules), ["spec.containers[0].restartPolicyRules Too many"]);
  const hp = structuredClone(pod) as any;
  hp.spec.containers[0].resources = { limits: { cpu: "1", "hugepages-2Mi": "2Mi", "hugepages-1Gi": "1Gi" }, requests: { cpu: "1", "hugepages-2Mi": "2Mi", "hugepages-1Gi": "1Gi" } };
  assert.deepEqual(fieldErrors("1.17", hp), ["spec Invalid value"]);
  assert.deepEqual(fieldErrors("1.18", hp), ["spec Invalid value", "spec Invalid value"]); // ValidatePod and ValidatePodUpdate
  assert.deepEqual(fieldErrors("1.18", hp, pod, { HugePageStorageMediumSize: true }), []);
  assert.deepEqual(fieldErrors("1.18", hp, hp), []); // the old pod already used two sizes
  assert.deepEqual(fieldErrors("1.22", hp), []);
});

test("indivisible hugepage values are allowed when the old pod's overhead or ephemeral containers had them", () => {
  const hp = { limits: { memory: "64Mi", "hugepages-2Mi": "3Mi" }, requests: { memory: "64Mi", "hugepages-2Mi": "3Mi" } };
  const withOverhead = structuredClone(pod) as any;
  withOverhead.spec.overhead = { cpu: "1", "hugepages-2Mi": "3Mi" };
  const withDebug = structuredClone(pod) as any;
  withDebug.spec.ephemeralContainers = [{ name: "dbg", image: "busybox", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent", resources: hp }];
  for (const old of [pod, withOverhead, withDebug]) {
    const nu = structuredClone(old) as any;
    nu.spec.containers[0].resources = hp;
    const errs = fieldErrors("1.28", nu, old).filter((e) => e.startsWith("spec.containers"));
    assert.deepEqual(errs, old === pod ? ["spec.containers[0].resources.limits[hugepages-2Mi] Invalid value", "spec.containers[0].resources.requests[hugepages-2Mi] Invalid value"] : []);
  }
});
