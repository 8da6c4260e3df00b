// Self-check of the k8s oracle's workload.validateUpdate for the OpenKruise kinds (no engine involved): known
// answers of OpenKruise's admission webhooks (v1.9.0; v1.8.3 as well when CI_KRUISE_RELEASES names it, in the full scope or with
// KINPLACE_KRUISE_WORKLOAD_18=1) must come out of the oracle: the CloneSet's immutable spec, the Advanced
// StatefulSet's InPlaceOnly text, the Advanced DaemonSet's selector and partition, podsToDelete lookups, what
// the mutating webhook's defaults change, the release differences, the request errors.
//
// node --import tsx --test test/oracle/kruise-workload-known.test.ts

import { after, test } from "node:test";
import assert from "node:assert/strict";
import { runOracle, stopOracle } from "./run.ts";
import { CI_KRUISE_RELEASES, SLOW_BUILDS } from "./scope.ts";

after(() => stopOracle());

const RELEASES = SLOW_BUILDS || CI_KRUISE_RELEASES.includes("1.8") || process.env.KINPLACE_KRUISE_WORKLOAD_18 === "1" ? ["1.9", "1.8"] : ["1.9"];

type Obj = Record<string, any>;
type Cause = { field: string; type: string; message: string };
type Result = { errors: Cause[]; message: string; warnings: string[] };
type Answer = { ok: boolean; result?: Result; error?: { code: string; message: string; path?: string } };

/** The oracle's answer to a workload.validateUpdate request. */
async function ask(req: Obj): Promise<Answer> {
  const [line] = await runOracle([JSON.stringify({ op: "workload.validateUpdate", ...req })]);
  return JSON.parse(line!) as Answer;
}

/** The result of an update (asserting ok). */
async function validate(release: string, kind: string, old: Obj, nu: Obj, extra: Obj = {}): Promise<Result> {
  const a = await ask({ kind, kruise: release, old, new: nu, ...extra });
  assert.ok(a.ok, `${release} ${kind}: ${JSON.stringify(a)}`);
  return a.result!;
}

const meta = (name: string, ns = "default") => ({ name, namespace: ns, uid: "7c1e2d4a-5b6f-4e8a-9c0d-1e2f3a4b5c6d", resourceVersion: "48213", generation: 1, creationTimestamp: "2024-05-01T10:00:00Z" });

/** OpenKruise's CloneSet sample (v1alpha1): InPlaceIfPossible, maxUnavailable 20%. */
const cloneSet = (): Obj => ({
  apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { ...meta("sample"), labels: { app: "sample" } },
  spec: {
    replicas: 5, selector: { matchLabels: { app: "sample" } },
    template: { metadata: { labels: { app: "sample" } }, spec: { containers: [{ name: "nginx", image: "nginx:alpine" }] } },
    updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%", inPlaceUpdateStrategy: { gracePeriodSeconds: 10 } },
  },
});

/** OpenKruise's Advanced StatefulSet sample (v1beta1): Parallel, InPlaceIfPossible, maxUnavailable 2. */
const statefulSet = (policy = "InPlaceIfPossible"): Obj => ({
  apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet", metadata: meta("sample"),
  spec: {
    replicas: 3, serviceName: "fake-service", selector: { matchLabels: { app: "sample" } },
    template: { metadata: { labels: { app: "sample" } }, spec: { readinessGates: [{ conditionType: "InPlaceUpdateReady" }], containers: [{ name: "main", image: "nginx:alpine" }] } },
    podManagementPolicy: "Parallel",
    updateStrategy: { type: "RollingUpdate", rollingUpdate: { podUpdatePolicy: policy, maxUnavailable: 2 } },
  },
});

/** OpenKruise's Advanced DaemonSet sample (v1alpha1): Standard rolling update by partition. */
const daemonSet = (): Obj => ({
  apiVersion: "apps.kruise.io/v1alpha1", kind: "DaemonSet", metadata: { ...meta("log-agent", "kube-system"), labels: { app: "log-agent" } },
  spec: {
    selector: { matchLabels: { app: "log-agent" } },
    template: { metadata: { labels: { app: "log-agent" } }, spec: { containers: [{ name: "agent", image: "fluent/fluent-bit:3.0" }] } },
    updateStrategy: { type: "RollingUpdate", rollingUpdate: { rollingUpdateType: "Standard", maxUnavailable: 2, partition: 5 } },
  },
});

const FIELDS_19 = "'replicas', 'template', 'lifecycle', 'scaleStrategy', 'updateStrategy', 'minReadySeconds', 'progressDeadlineSeconds', 'volumeClaimTemplates' and 'revisionHistoryLimit'";
const FIELDS_18 = "'replicas', 'template', 'lifecycle', 'scaleStrategy', 'updateStrategy', 'minReadySeconds', 'volumeClaimTemplates' and 'revisionHistoryLimit'";

for (const release of RELEASES) {
  test(`kruise ${release}: a CloneSet's selector change is refused, an image change accepted`, { timeout: 900_000 }, async () => {
    const nu = cloneSet();
    nu.spec.selector.matchLabels.app = "sample2";
    nu.spec.template.metadata.labels.app = "sample2";
    const r = await validate(release, "CloneSet", cloneSet(), nu);
    const text = `Forbidden: updates to cloneset spec for fields other than ${release === "1.9" ? FIELDS_19 : FIELDS_18} are forbidden`;
    assert.deepEqual(r.errors, [{ field: "spec", type: "Forbidden", message: text }]);
    assert.equal(r.message, `admission webhook "vcloneset.kb.io" denied the request: spec: ${text}`);
    assert.deepEqual(r.warnings, []);
    const img = cloneSet();
    img.spec.template.spec.containers[0].image = "nginx:1.27";
    assert.deepEqual(await validate(release, "CloneSet", cloneSet(), img), { errors: [], message: "", warnings: [] });
  });

  test(`kruise ${release}: an Advanced StatefulSet under InPlaceOnly takes image changes only`, { timeout: 900_000 }, async () => {
    const env = statefulSet("InPlaceOnly");
    env.spec.template.spec.containers[0].env = [{ name: "MODE", value: "blue" }];
    const r = await validate(release, "AdvancedStatefulSet", statefulSet("InPlaceOnly"), env);
    assert.deepEqual(r.errors, []);
    assert.equal(r.message, `admission webhook "vstatefulset.kb.io" denied the request: invalid template modified with InPlaceOnly strategy: add /containers/0/env, currently only image update is allowed for InPlaceOnly`);
    const img = statefulSet("InPlaceOnly");
    img.spec.template.spec.containers[0].image = "nginx:1.27";
    assert.equal((await validate(release, "AdvancedStatefulSet", statefulSet("InPlaceOnly"), img)).message, "");
    // the readiness gate in-place updates need, the pod management policy maxUnavailable needs
    const noGate = statefulSet();
    delete noGate.spec.template.spec.readinessGates;
    noGate.spec.podManagementPolicy = "OrderedReady";
    const g = await validate(release, "AdvancedStatefulSet", statefulSet(), noGate);
    assert.ok(g.errors.some((e) => e.field === "spec.updateStrategy.rollingUpdate.maxUnavailable" && e.message.endsWith(": can only work with Parallel PodManagementPolicyType")), JSON.stringify(g));
    assert.ok(g.errors.some((e) => e.field === "spec.template.spec.readinessGates" && e.message === "Invalid value: []v1.PodReadinessGate(nil): must contains InPlaceUpdateReady when podUpdatePolicy is InPlaceIfPossible"), JSON.stringify(g));
    assert.ok(g.errors.some((e) => e.field === "spec" && e.type === "Forbidden" && e.message.startsWith("Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', ")), JSON.stringify(g));
  });

  test(`kruise ${release}: an Advanced DaemonSet's selector is immutable, its partition non-negative`, { timeout: 900_000 }, async () => {
    const sel = daemonSet();
    sel.spec.selector.matchLabels.app = "agent";
    sel.spec.template.metadata.labels.app = "agent";
    const r = await validate(release, "AdvancedDaemonSet", daemonSet(), sel);
    assert.deepEqual(r.errors.map((e) => e.field), ["spec"]);
    assert.match(r.message, /^admission webhook "vdaemonset\.kb\.io" denied the request: spec: Forbidden: updates to daemonset spec for fields other than 'BurstReplicas', 'template', 'lifecycle', /);
    const neg = daemonSet();
    neg.spec.updateStrategy.rollingUpdate.partition = -1;
    // (upstream names the path rollingUpdate twice)
    assert.deepEqual((await validate(release, "AdvancedDaemonSet", daemonSet(), neg)).errors,
      [{ field: "spec.updateStrategy.rollingUpdate.rollingUpdate.partition", type: "Invalid value", message: "Invalid value: -1: must be greater than or equal to 0" }]);
  });

  test(`kruise ${release}: a CloneSet's negative partition, maxSurge under InPlaceOnly, podsToDelete`, { timeout: 900_000 }, async () => {
    const neg = cloneSet();
    neg.spec.updateStrategy.partition = -1;
    assert.deepEqual((await validate(release, "CloneSet", cloneSet(), neg)).errors,
      [{ field: "spec.updateStrategy.partition", type: "Invalid value", message: "Invalid value: -1: must be greater than or equal to 0" }]);
    const surge = cloneSet();
    surge.spec.updateStrategy.type = "InPlaceOnly";
    surge.spec.updateStrategy.maxSurge = 1;
    assert.deepEqual((await validate(release, "CloneSet", cloneSet(), surge)).errors,
      [{ field: "spec.updateStrategy.maxSurge", type: "Invalid value", message: 'Invalid value: "1": can not use maxSurge with strategy type InPlaceOnly' }]);
    const dup = cloneSet();
    dup.spec.scaleStrategy = { podsToDelete: ["sample-a", "sample-b", "sample-a"] };
    assert.deepEqual((await validate(release, "CloneSet", cloneSet(), dup)).errors,
      [{ field: "spec.scaleStrategy.podsToDelete", type: "Invalid value", message: 'Invalid value: []string{"sample-a", "sample-b", "sample-a"}: duplicated items [sample-a]' }]);
    // v1alpha1 looks each new name up with its client: absent, owned by the CloneSet, owned by another one
    const del = cloneSet();
    del.spec.scaleStrategy = { podsToDelete: ["sample-x7k2p"] };
    assert.deepEqual((await validate(release, "CloneSet", cloneSet(), del)).errors,
      [{ field: "spec.scaleStrategy.podsToDelete", type: "Invalid value", message: 'Invalid value: "sample-x7k2p": find pod sample-x7k2p failed: pods "sample-x7k2p" not found' }]);
    const pod = (uid: string) => ({ metadata: { name: "sample-x7k2p", namespace: "default", ownerReferences: [{ apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name: "sample", uid, controller: true }] }, spec: { containers: [{ name: "nginx", image: "nginx:alpine" }] } });
    assert.equal((await validate(release, "CloneSet", cloneSet(), del, { pods: [pod(cloneSet().metadata.uid)] })).message, "");
    assert.match((await validate(release, "CloneSet", cloneSet(), del, { pods: [pod("0b9e8d7c-6f5a-4b3c-2d1e-0f9a8b7c6d5e")] })).message, /find pod sample-x7k2p owner is not this CloneSet$/);
  });

  test(`kruise ${release}: the mutating webhook's defaults (applyDefaults)`, { timeout: 900_000 }, async () => {
    // no updateStrategy: mcloneset.kb.io sets type ReCreate, partition 0, maxUnavailable 20%, maxSurge 0
    const bare = cloneSet();
    delete bare.spec.updateStrategy;
    assert.equal((await validate(release, "CloneSet", bare, bare)).message, "");
    const r = await validate(release, "CloneSet", bare, bare, { applyDefaults: false });
    assert.deepEqual(r.errors.map((e) => e.field), ["spec.updateStrategy.type", "spec.updateStrategy.partition", "spec.updateStrategy.maxUnavailable"]);
    assert.equal(r.errors[2]!.message, 'Invalid value: "null": maxUnavailable and maxSurge should not both be less than 1');
    // an Advanced StatefulSet without podManagementPolicy: mstatefulset.kb.io sets OrderedReady, where maxUnavailable 2 is refused
    const ordered = statefulSet();
    delete ordered.spec.podManagementPolicy;
    assert.match((await validate(release, "AdvancedStatefulSet", ordered, ordered)).message, /spec\.updateStrategy\.rollingUpdate\.maxUnavailable: Invalid value: intstr\.IntOrString\{Type:0, IntVal:2, StrVal:""\}: can only work with Parallel PodManagementPolicyType/);
  });

  test(`kruise ${release}: request errors`, { timeout: 900_000 }, async () => {
    const k = await ask({ kind: "CloneSet", kruise: release, kubernetes: "1.32", old: cloneSet(), new: cloneSet() });
    assert.deepEqual(k.error, { code: "E_BAD_REQUEST", message: '"kubernetes" does not apply to OpenKruise kinds: the webhooks validate with the Kubernetes libraries of their Kruise release', path: "kubernetes" });
    const v1beta1 = { ...cloneSet(), apiVersion: "apps.kruise.io/v1beta1" };
    const served = await ask({ kind: "CloneSet", kruise: release, old: v1beta1, new: v1beta1 });
    if (release === "1.8") assert.deepEqual(served.error, { code: "E_BAD_REQUEST", message: "the API version in the data (apps.kruise.io/v1beta1) is not served for CloneSet by openkruise/kruise v1.8.3 (served: apps.kruise.io/v1alpha1)", path: "old" });
    else assert.ok(served.ok, JSON.stringify(served));
    const mixed = await ask({ kind: "AdvancedStatefulSet", kruise: release, old: statefulSet(), new: { ...statefulSet(), apiVersion: "apps.kruise.io/v1alpha1" } });
    assert.deepEqual(mixed.error, { code: "E_BAD_REQUEST", message: "the API version in the data (apps.kruise.io/v1alpha1) does not match the old object's (apps.kruise.io/v1beta1)", path: "new" });
    const kind = await ask({ kind: "AdvancedDaemonSet", kruise: release, old: daemonSet(), new: { ...daemonSet(), kind: "StatefulSet" } });
    assert.deepEqual(kind.error, { code: "E_BAD_REQUEST", message: "the kind in the data (StatefulSet) does not match the expected kind (DaemonSet)", path: "new" });
    const moved = await ask({ kind: "CloneSet", kruise: release, old: cloneSet(), new: { ...cloneSet(), metadata: { ...cloneSet().metadata, namespace: "other" } } });
    assert.deepEqual(moved.error, { code: "E_BAD_REQUEST", message: "the namespace of the provided object does not match the namespace sent on the request", path: "new" });
    // the apps/v1 kinds take no `kruise` (answered by a Kubernetes build)
    const apps = await ask({ kind: "Deployment", kruise: release, old: {}, new: {} });
    assert.deepEqual(apps.error, { code: "E_BAD_REQUEST", message: '"kruise" applies to OpenKruise kinds only', path: "kruise" });
  });
}

test("kruise 1.9: the webhook recovers a panic of its handler (controller-runtime v0.20)", { timeout: 900_000 }, async () => {
  // without the mutating webhook, the Advanced StatefulSet handler dereferences rollingUpdate.minReadySeconds
  const r = await validate("1.9", "AdvancedStatefulSet", statefulSet(), statefulSet(), { applyDefaults: false });
  assert.deepEqual(r, { errors: [], message: 'admission webhook "vstatefulset.kb.io" denied the request: panic: runtime error: invalid memory address or nil pointer dereference [recovered]', warnings: [] });
});

test("kruise 1.9: v1beta1 CloneSets and their rolling update", { timeout: 900_000 }, async () => {
  const cs = (policy: string): Obj => ({ ...cloneSet(), apiVersion: "apps.kruise.io/v1beta1", spec: { ...cloneSet().spec, updateStrategy: { type: "RollingUpdate", rollingUpdate: { podUpdatePolicy: policy, maxUnavailable: "20%" } } } });
  const env = cs("InPlaceOnly");
  env.spec.template = structuredClone(env.spec.template);
  env.spec.template.spec.containers[0].env = [{ name: "MODE", value: "blue" }];
  // v1beta1 has no InPlaceOnly template check in the webhook
  assert.equal((await validate("1.9", "CloneSet", cs("InPlaceOnly"), env)).message, "");
  const bad = cs("Rolling");
  assert.deepEqual((await validate("1.9", "CloneSet", cs("InPlaceIfPossible"), bad)).errors,
    [{ field: "spec.updateStrategy.rollingUpdate.podUpdatePolicy", type: "Invalid value", message: "Invalid value: \"Rolling\": must be 'ReCreate', 'InPlaceIfPossible' or 'InPlaceOnly'" }]);
});
