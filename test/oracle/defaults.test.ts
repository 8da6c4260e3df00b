// Differential suite for `applyDefaults` (API-server defaulting, assembly/upstream/kubernetes/defaults/): k8s.json of
// Pod (pod-level resources included) / PodTemplateSpec / Container / Deployment / ReplicaSet / StatefulSet / DaemonSet, container.hash,
// podTemplateHash and revision with applyDefaults, answered by the engine and by the Go oracle's kube
// builds (the real corev1 / appsv1 SetObjectDefaults_* of each minor at default feature gates) must agree.
// Needs Go on PATH. The router sends applyDefaults requests to kube builds (k8s.io/kubernetes linked) even
// under KINPLACE_K8S_FLAVOR=api; each kube build takes minutes when not cached, so by default only the
// CI sample of kube minors runs (scope.ts; KINPLACE_ORACLE_SCOPE=full runs every minor). KINPLACE_DEFAULTS_MINORS
// picks the minors, KINPLACE_DEFAULTS_CASES the requests per minor (default 60 full, 150 CI).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { sameAnswers, warmUp, warmUpDefaults, withSeed } from "./k8s-drive.ts";
import { buildAll, goAvailable, stopOracle } from "./run.ts";
import { MINORS } from "./k8s/versions.ts";
import { SCOPE, scopedMinors } from "./scope.ts";
import { defaultsLines } from "./defaults-arbitraries.ts";

const CI = SCOPE === "ci";
const KUBE_MINORS = MINORS.map((m) => m.minor).filter((m) => m !== "1.12");
const pick = (v: string | undefined) => (v ?? "").split(/[\s,]+/).filter(Boolean);
const TARGET_MINORS = pick(process.env.KINPLACE_DEFAULTS_MINORS).length > 0
  ? pick(process.env.KINPLACE_DEFAULTS_MINORS)
  : scopedMinors(KUBE_MINORS, "kube");
const CASES = Number(process.env.KINPLACE_DEFAULTS_CASES ?? (CI ? 150 : 60));
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const TIME_LIMIT = 1_800_000;

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

TARGET_MINORS.forEach((minor, i) => {
  test(`applyDefaults agrees with Kubernetes ${minor}'s defaulters (${CASES} requests)`, { timeout: TIME_LIMIT }, async () => {
    const [lines] = fc.sample(defaultsLines(minor, CASES), { numRuns: 1, seed: SEED + i });
    await withSeed(SEED, () => sameAnswers([warmUp(minor), warmUpDefaults(minor), ...lines!]));
  });
});

test("applyDefaults request errors agree", { timeout: TIME_LIMIT }, async () => {
  const m = TARGET_MINORS[TARGET_MINORS.length - 1]!;
  const lines = [
    { op: "k8s.json", type: "Probe", value: {}, kubernetes: m, applyDefaults: true },
    { op: "k8s.json", type: "Pod", value: {}, kubernetes: m, applyDefaults: "yes" },
    { op: "podTemplateHash", template: {}, kubernetes: m, applyDefaults: 1 },
    { op: "revision", kind: "StatefulSet", object: { metadata: { name: "a" } }, kubernetes: m, applyDefaults: false },
    { op: "container.hash", container: { name: "a", image: "nginx" }, kubelet: m, applyDefaults: false },
  ].map((r) => JSON.stringify(r));
  await sameAnswers(lines);
});
