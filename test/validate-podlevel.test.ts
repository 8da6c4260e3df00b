// pod.validateUpdate's pod-level rules without Go: the golden vectors test/vectors/validate-podlevel.jsonl.gz
// (affinity terms, topology spread, DNS config, host aliases, hostNetwork ports, deletion-cost / seccomp
// annotations, annotation size, Lt/Gt tolerations, SCTP; the Go oracle's answers for every minor
// 1.15-1.37, made by test/oracle/make-validate-podlevel-vectors.ts) replayed through the engine, equal up
// to the diff after the newline of the `spec` Forbidden message; plus a few hand-made cases.

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

test("golden vectors validate-podlevel.jsonl.gz: the engine answers as the API server of each minor did", () => {
  const r = replayValidateVectors("validate-podlevel", 800, normalize);
  const fields = new Set(r.errors.map((e) => String(e.field).split(/[.[]/).slice(0, 3).join(".")));
  assertEveryMinor(r);
  for (const f of ["spec.affinity.nodeAffinity", "spec.affinity.podAffinity", "spec.topologySpreadConstraints", "spec.dnsConfig", "spec.hostAliases", "metadata.annotations"]) {
    assert.ok([...fields].some((x) => x.startsWith(f)), `no vector reports an error under ${f}`);
  }
  assertNoMismatch(r);
});

const pod = {
  apiVersion: "v1", kind: "Pod",
  metadata: { name: "web-0", namespace: "default", resourceVersion: "7" },
  spec: {
    containers: [{ name: "app", image: "nginx:1.25", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent", ports: [{ containerPort: 8080, protocol: "TCP" }] }],
    restartPolicy: "Always", dnsPolicy: "ClusterFirst", terminationGracePeriodSeconds: 30, serviceAccountName: "default", serviceAccount: "default",
  },
};

/** Field errors (field + type) of an update of `pod` to `nu` at `minor`. */
function fieldErrors(minor: string, nu: unknown, old: unknown = pod, gates?: object): string[] {
  const r = ask({ op: "pod.validateUpdate", kubernetes: minor, old, new: nu, ...(gates ? { gates } : {}) });
  assert.equal(r.ok, true, JSON.stringify(r));
  return r.result.errors.filter((e: any) => e.field !== "spec").map((e: any) => `${e.field} ${e.type}`);
}

test("pod-level rules: paths and per-minor differences", () => {
  const nu = structuredClone(pod) as any;
  nu.spec.affinity = { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: "web" } }, topologyKey: "" }] } };
  // the selector's path is ".matchExpressions" up to 1.20 (an upstream slip), the topology key is required
  assert.deepEqual(fieldErrors("1.30", nu).slice(0, 1), ["spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey Required value"]);
  const hn = structuredClone(pod) as any;
  hn.spec.hostNetwork = true;
  assert.deepEqual(fieldErrors("1.27", hn), ["spec.containers[0].ports[0].containerPort Invalid value"]);
  assert.deepEqual(fieldErrors("1.28", hn), ["spec.containers[0].ports[0].hostPort Invalid value"]);
  const dns = structuredClone(pod) as any;
  dns.spec.dnsConfig = { nameservers: ["010.1.1.1"], searches: ["my_domain.example.com"] };
  assert.deepEqual(fieldErrors("1.22", dns), ["spec.dnsConfig.nameservers[0] Invalid value", "spec.dnsConfig.searches[0] Invalid value"]);
  assert.deepEqual(fieldErrors("1.33", dns), []);
  assert.deepEqual(fieldErrors("1.36", dns), ["spec.dnsConfig.nameservers[0] Invalid value"]);
  const sctp = structuredClone(pod) as any;
  sctp.spec.containers[0].ports[0].protocol = "SCTP";
  assert.deepEqual(fieldErrors("1.18", sctp), ["[].spec.containers[0].ports[0].protocol Unsupported value"]);
  assert.deepEqual(fieldErrors("1.18", sctp, pod, { SCTPSupport: true }), []);
  assert.deepEqual(fieldErrors("1.18", sctp, sctp), []); // the old pod already used SCTP
  const cost = structuredClone(pod) as any;
  cost.metadata.annotations = { "controller.kubernetes.io/pod-deletion-cost": "007" };
  assert.deepEqual(fieldErrors("1.20", cost), []);
  assert.deepEqual(fieldErrors("1.22", cost), ["metadata.annotations[controller.kubernetes.io/pod-deletion-cost] Invalid value", "metadata.annotations[controller.kubernetes.io/pod-deletion-cost] Invalid value"]);
  assert.deepEqual(fieldErrors("1.22", cost, cost), []); // already invalid in the old pod
});
