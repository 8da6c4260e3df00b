// pod.validateUpdate's volume, mount and env-source rules without Go: the golden
// vectors test/vectors/validate-volumes.jsonl.gz (the Go oracle's answers for every minor 1.15-1.37,
// made by test/oracle/make-validate-volumes-vectors.ts) replayed through the engine — equal except the
// diff text after the newline of the `spec` Forbidden message (see docs/policy.md) — plus a few
// upstream quirks spelled out.

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

test("golden vectors validate-volumes.jsonl.gz: volumes, mounts and env sources as the API server of each minor", () => {
  const r = replayValidateVectors("validate-volumes", 2000, normalize, 1500);
  const fields = new Set(r.errors.map((e) => String(e.field).replace(/\[\d+\]/g, "[]")));
  const clean = r.answers.filter((a) => a.ok && a.result.errors.length === 0).length;
  assertEveryMinor(r);
  for (const f of ["spec.volumes[].secret.items[].path", "spec.volumes[].projected.sources[].serviceAccountToken.expirationSeconds", "spec.containers[].volumeMounts.subPath",
    "spec.containers[].volumeDevices[].name", "spec.containers[].env[].valueFrom.fieldRef.fieldPath", "spec.containers[].envFrom[].prefix", "spec.volumes[].downwardAPI.resourceFieldRef.resource"]) {
    assert.ok(fields.has(f), `no vector reports ${f}`);
  }
  assert.ok(clean > 50, `only ${clean} vectors pass validation`);
  assertNoMismatch(r);
});

const pod = (spec: object) => ({
  apiVersion: "v1", kind: "Pod",
  metadata: { name: "web-0", namespace: "default", resourceVersion: "7" },
  spec: {
    containers: [{ name: "app", image: "nginx:1.25", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent" }],
    restartPolicy: "Always", dnsPolicy: "ClusterFirst", terminationGracePeriodSeconds: 30, ...spec,
  },
});

/** The errors of a pod that is both old and new (so no spec change). */
function errorsOf(minor: string, spec: object): Array<{ field: string; type: string; message: string }> {
  const p = pod(spec);
  return ask({ op: "pod.validateUpdate", kubernetes: minor, old: p, new: p }).result.errors;
}

test("pod.validateUpdate: upstream's paths for a second volume source and for subPath", () => {
  assert.deepEqual(errorsOf("1.30", { volumes: [{ name: "v", persistentVolumeClaim: { claimName: "c" }, downwardAPI: {} }] }).map((e) => `${e.field}: ${e.message}`),
    ["spec.volumes[0].downwarAPI: Forbidden: may not specify more than 1 volume type"]);
  const containers = [{ name: "app", image: "nginx", terminationMessagePolicy: "File", imagePullPolicy: "Always", volumeMounts: [{ name: "v", mountPath: "/v", subPath: "../x" }] }];
  assert.deepEqual(errorsOf("1.30", { volumes: [{ name: "v", emptyDir: {} }], containers }).map((e) => `${e.field}: ${e.message}`),
    ["spec.containers[0].volumeMounts.subPath: Invalid value: \"../x\": must not contain '..'"]);
});

test("pod.validateUpdate: env sources per minor (fieldRef paths, divisors, envFrom prefixes)", () => {
  const c = (env: object[], envFrom: object[] = []) => [{ name: "app", image: "nginx", terminationMessagePolicy: "File", imagePullPolicy: "Always", env, envFrom }];
  const ips = c([{ name: "IPS", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "status.podIPs" } } }]);
  assert.equal(errorsOf("1.16", { containers: ips })[0]!.message, "Invalid value: \"status.podIPs\": error converting fieldPath: field label not supported: status.podIPs");
  assert.deepEqual(errorsOf("1.17", { containers: ips }), []);
  const cpu = c([{ name: "CPU", valueFrom: { resourceFieldRef: { resource: "limits.cpu", divisor: "2" } } }]);
  assert.equal(errorsOf("1.37", { containers: cpu })[0]!.message, "Invalid value: \"limits.cpu\": only divisor's values 1m and 1 are supported with the cpu resource");
  // a relaxed prefix passes from 1.32, and on 1.30-1.31 only when the old pod already used it
  const prefix = c([], [{ prefix: "my prefix", configMapRef: { name: "cfg" } }]);
  const fieldsOf = (minor: string) => ask({ op: "pod.validateUpdate", kubernetes: minor, old: pod({}), new: pod({ containers: prefix }) }).result.errors.map((e: any) => e.field);
  assert.deepEqual(fieldsOf("1.31"), ["spec.containers[0].envFrom[0].prefix", "spec"]);
  assert.deepEqual(fieldsOf("1.32"), ["spec"]);
  assert.deepEqual(errorsOf("1.31", { containers: prefix }), []);
});
