// Self-check of the k8s oracle's workload.validateUpdate (no engine involved): known upstream answers of
// the API server's update path (rest.BeforeUpdate with the apps registry strategies) must come out of the
// oracle at each minor in scope (CI: 1.37; KINPLACE_ORACLE_SCOPE=full: every kube minor;
// KINPLACE_WORKLOAD_MINORS="1.32 1.37" or "all" picks minors).
//
// node --import tsx --test test/oracle/workload-known.test.ts

import { after, test } from "node:test";
import assert from "node:assert/strict";
import { runOracle, stopOracle } from "./run.ts";
import { ALL_MINORS, minorsFromEnv, scopedMinors } from "./scope.ts";

after(() => stopOracle());

const KUBE_MINORS = ALL_MINORS.filter((m) => m !== "1.12");
const MINORS = minorsFromEnv("KINPLACE_WORKLOAD_MINORS", scopedMinors(KUBE_MINORS, "kube"));

type Obj = Record<string, any>;
type Cause = { field: string; type: string; message: string };
type Result = { errors: Cause[]; message: string; warnings: string[] };

/** The answer's result (asserting ok). */
async function validate(minor: string, kind: string, old: Obj, nu: Obj): Promise<Result> {
  const req = { op: "workload.validateUpdate", kind, kubernetes: minor, old, new: nu };
  const [line] = await runOracle([JSON.stringify(req)]);
  const a = JSON.parse(line!) as { ok: boolean; result?: Result; error?: unknown };
  assert.ok(a.ok, `${minor} ${kind}: ${line}`);
  return a.result!;
}

const meta = (name: string, ns = "default") => ({ name, namespace: ns, uid: "2f6c1e4a-9b3d-4c8e-a1f7-5d0b9e3c6a21", resourceVersion: "48213", generation: 1, creationTimestamp: "2024-05-01T10:00:00Z" });

/** The docs' nginx Deployment as stored. */
const deployment = (): Obj => ({
  apiVersion: "apps/v1", kind: "Deployment", metadata: { ...meta("nginx-deployment"), labels: { app: "nginx" } },
  spec: { replicas: 3, selector: { matchLabels: { app: "nginx" } }, template: { metadata: { labels: { app: "nginx" } }, spec: { containers: [{ name: "nginx", image: "nginx:1.14.2", ports: [{ containerPort: 80 }] }] } } },
});

/** The docs' web StatefulSet with a volumeClaimTemplate. */
const statefulSet = (): Obj => ({
  apiVersion: "apps/v1", kind: "StatefulSet", metadata: meta("web"),
  spec: {
    selector: { matchLabels: { app: "nginx" } }, serviceName: "nginx", replicas: 3,
    template: { metadata: { labels: { app: "nginx" } }, spec: { terminationGracePeriodSeconds: 10, containers: [{ name: "nginx", image: "registry.k8s.io/nginx-slim:0.24", ports: [{ containerPort: 80, name: "web" }], volumeMounts: [{ name: "www", mountPath: "/usr/share/nginx/html" }] }] } },
    volumeClaimTemplates: [{ metadata: { name: "www" }, spec: { accessModes: ["ReadWriteOnce"], storageClassName: "my-storage-class", resources: { requests: { storage: "1Gi" } } } }],
  },
});

/** The docs' fluentd-elasticsearch DaemonSet. */
const daemonSet = (): Obj => ({
  apiVersion: "apps/v1", kind: "DaemonSet", metadata: { ...meta("fluentd-elasticsearch", "kube-system"), labels: { "k8s-app": "fluentd-logging" }, annotations: { "deprecated.daemonset.template.generation": "1" } },
  spec: {
    selector: { matchLabels: { name: "fluentd-elasticsearch" } },
    template: { metadata: { labels: { name: "fluentd-elasticsearch" } }, spec: { containers: [{ name: "fluentd-elasticsearch", image: "quay.io/fluentd_elasticsearch/fluentd:v2.5.2" }], terminationGracePeriodSeconds: 30 } },
  },
});

/** The docs' guestbook frontend ReplicaSet. */
const replicaSet = (): Obj => ({
  apiVersion: "apps/v1", kind: "ReplicaSet", metadata: { ...meta("frontend"), labels: { app: "guestbook", tier: "frontend" } },
  spec: { replicas: 3, selector: { matchLabels: { tier: "frontend" } }, template: { metadata: { labels: { tier: "frontend" } }, spec: { containers: [{ name: "php-redis", image: "us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5" }] } } },
});

const n = (minor: string) => Number(minor.slice(2));

/** The distinct causes (some minors list a cause twice: ReplicaSets' template checks run twice in 1.2x-1.32). */
const distinct = (errors: Cause[]): Cause[] => errors.filter((e, i) => errors.findIndex((x) => JSON.stringify(x) === JSON.stringify(e)) === i);

for (const minor of MINORS) {
  test(`workload.validateUpdate ${minor}: a Deployment's selector is immutable`, { timeout: 1_800_000 }, async () => {
    const old = deployment();
    const nu = deployment();
    nu.spec.selector.matchLabels.tier = "web";
    nu.spec.template.metadata.labels.tier = "web";
    const r = await validate(minor, "Deployment", old, nu);
    assert.equal(r.errors.length, 1, JSON.stringify(r));
    assert.equal(r.errors[0]!.field, "spec.selector");
    assert.equal(r.errors[0]!.type, "Invalid value");
    assert.match(r.errors[0]!.message, /^Invalid value: .*: field is immutable$/);
    assert.equal(r.message, `Deployment.apps "nginx-deployment" is invalid: spec.selector: ${r.errors[0]!.message}`);
    assert.deepEqual(r.warnings, []);
    // field.Error prints the bad value (after the pointer) with %#v up to 1.33 and as JSON from 1.34
    if (n(minor) >= 34) assert.equal(r.errors[0]!.message, 'Invalid value: {"matchLabels":{"app":"nginx","tier":"web"}}: field is immutable');
    if (n(minor) <= 33) {
      assert.equal(r.errors[0]!.message, 'Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"nginx", "tier":"web"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable');
    }
  });

  test(`workload.validateUpdate ${minor}: a StatefulSet's volumeClaimTemplates cannot change`, { timeout: 1_800_000 }, async () => {
    const old = statefulSet();
    const nu = statefulSet();
    nu.spec.volumeClaimTemplates[0].spec.resources.requests.storage = "2Gi";
    const r = await validate(minor, "StatefulSet", old, nu);
    assert.equal(r.errors.length, 1, JSON.stringify(r));
    if (n(minor) >= 37) {
      // 1.37 checks each immutable field on its own (ValidateImmutableField, covered by declarative validation)
      assert.equal(r.errors[0]!.field, "spec.volumeClaimTemplates");
      assert.equal(r.errors[0]!.type, "Invalid value");
      assert.match(r.errors[0]!.message, /^Invalid value: \[.*"name":"www".*\]: field is immutable$/);
    } else {
      assert.equal(r.errors[0]!.field, "spec");
      assert.equal(r.errors[0]!.type, "Forbidden");
      assert.match(r.errors[0]!.message, /^Forbidden: updates to statefulset spec for fields other than 'replicas', .* are forbidden$/);
    }
    assert.equal(r.message, `StatefulSet.apps "web" is invalid: ${r.errors[0]!.field}: ${r.errors[0]!.message}`);
  });

  test(`workload.validateUpdate ${minor}: a DaemonSet's selector is immutable`, { timeout: 1_800_000 }, async () => {
    const old = daemonSet();
    const nu = daemonSet();
    nu.spec.selector.matchLabels.name = "fluentd";
    nu.spec.template.metadata.labels.name = "fluentd";
    const r = await validate(minor, "DaemonSet", old, nu);
    assert.ok(r.errors.some((e) => e.field === "spec.selector" && e.type === "Invalid value" && e.message.endsWith(": field is immutable")), JSON.stringify(r));
    assert.ok(r.message.startsWith('DaemonSet.apps "fluentd-elasticsearch" is invalid: '), r.message);
  });

  test(`workload.validateUpdate ${minor}: template labels must match the selector`, { timeout: 1_800_000 }, async () => {
    const old = replicaSet();
    const nu = replicaSet();
    nu.spec.template.metadata.labels = { tier: "backend" };
    const r = await validate(minor, "ReplicaSet", old, nu);
    r.errors = distinct(r.errors);
    assert.equal(r.errors.length, 1, JSON.stringify(r));
    assert.equal(r.errors[0]!.field, "spec.template.metadata.labels");
    assert.equal(r.errors[0]!.type, "Invalid value");
    assert.match(r.errors[0]!.message, /: `selector` does not match template `labels`$/);
    const d = await validate(minor, "Deployment", deployment(), { ...deployment(), spec: { ...deployment().spec, template: { ...deployment().spec.template, metadata: { labels: { app: "web" } } } } });
    assert.deepEqual(distinct(d.errors).map((e) => [e.field, e.type]), [["spec.template.metadata.labels", "Invalid value"]]);
    assert.match(d.errors[0]!.message, /: `selector` does not match template `labels`$/);
  });

  test(`workload.validateUpdate ${minor}: image changes are accepted`, { timeout: 1_800_000 }, async () => {
    for (const [kind, make, image] of [["Deployment", deployment, "nginx:1.16.1"], ["StatefulSet", statefulSet, "registry.k8s.io/nginx-slim:0.26"], ["DaemonSet", daemonSet, "quay.io/fluentd_elasticsearch/fluentd:v4.7.2"], ["ReplicaSet", replicaSet, "gb-frontend:v6"]] as const) {
      const nu = make();
      nu.spec.template.spec.containers[0].image = image;
      assert.deepEqual(await validate(minor, kind, make(), nu), { errors: [], message: "", warnings: [] }, `${kind}`);
    }
  });

  test(`workload.validateUpdate ${minor}: template warnings of an accepted update`, { timeout: 1_800_000 }, async () => {
    const nu = deployment();
    nu.spec.template.spec.nodeSelector = { "beta.kubernetes.io/arch": "amd64" };
    const r = await validate(minor, "Deployment", deployment(), nu);
    assert.deepEqual(r.errors, []);
    // WarningsOnUpdate exists from 1.22 (pod template warnings; none before)
    assert.deepEqual(r.warnings, n(minor) >= 22 ? ['spec.template.spec.nodeSelector[beta.kubernetes.io/arch]: deprecated since v1.14; use "kubernetes.io/arch" instead'] : []);
  });
}
