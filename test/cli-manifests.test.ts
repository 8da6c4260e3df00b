// Real manifests: a file of many kinds (Argo CD's install.yaml shape, examples/cli/argocd/), directories (-R, as
// kubectl's -f DIR -R) and namespace defaulting (-n, default "default") in every reading command.

import assert from "node:assert/strict";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { jsonLines, kinplace, root, tempDir } from "./cli-helpers.ts";

const OLD = "examples/cli/argocd/install-old.yaml";
const NEW = "examples/cli/argocd/install-new.yaml";
/** The kinds of the example that are not workloads, with their lines. */
const OTHERS = [
  ["CustomResourceDefinition applications.argoproj.io", 2],
  ["ServiceAccount argocd-server", 21],
  ["ClusterRole argocd-server", 26],
  ["ConfigMap argocd-cm", 35],
  ["Service argocd-server", 42],
  ["PodDisruptionBudget argocd-server", 114],
  ["NetworkPolicy argocd-redis-network-policy", 124],
] as const;

/** The notes on the objects of `file` that are not workloads, as printed with `prefix` ("skipped in OLD", "skipped"). */
function notes(prefix: string, file: string): string[] {
  return OTHERS.map(([label, line]) => `${prefix}: ${label} (${file}:${line}:1): not a workload kind`);
}

const tmp = tempDir();
after(() => tmp.cleanup());

describe("a file of many kinds: the workloads are compared, every other object skipped with a note on stderr", () => {
  test("diff -t strategic: the three workloads' patches, exit 0", async () => {
    const r = await kinplace(["diff", "-t", "strategic", OLD, NEW], { cwd: root });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.stdout.toString().split("\n").filter((l) => l.startsWith("# ")), ["# Deployment argocd-server", "# Deployment argocd-redis", "# StatefulSet argocd-application-controller"]);
    assert.equal(r.stderr, [...notes("skipped in OLD", OLD), ...notes("skipped in NEW", NEW)].join("\n") + "\n");
  });

  test("diff -t json and merge: every object has a patch (the ConfigMap's too), nothing skipped", async () => {
    for (const type of ["json", "merge"]) {
      const r = await kinplace(["diff", "-t", type, OLD, NEW, "-o", "json"], { cwd: root });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(jsonLines(r.stdout).length, 10);
      assert.equal(r.stderr, "");
    }
  });

  test("check: the verdicts of the workloads, notes on stderr in every output format, exit 1 (pods recreated)", async () => {
    for (const format of ["text", "json", "yaml", "markdown"]) {
      const r = await kinplace(["check", OLD, NEW, "-o", format], { cwd: root });
      assert.equal(r.status, 1, r.stderr);
      assert.equal(r.stderr, [...notes("skipped in OLD", OLD), ...notes("skipped in NEW", NEW)].join("\n") + "\n", format);
      assert.doesNotMatch(r.stdout.toString(), /skipped/);
    }
  });

  test("hash: the workloads' hashes; the other objects noted", async () => {
    const r = await kinplace(["hash", OLD, "--kubelet", "1.37", "-o", "json"], { cwd: root });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(jsonLines(r.stdout).map((o) => (o["object"] as { name: string }).name), ["argocd-server", "argocd-redis", "argocd-application-controller"]);
    assert.equal(r.stderr, notes("skipped", OLD).join("\n") + "\n");
  });

  test("plan: the first workload is planned, the kinds that are not workloads nor state noted", async () => {
    const r = await kinplace(["plan", NEW, "--in-place", "no"], { cwd: root });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout.toString(), /^Deployment argocd-server \(0 pods, 0 ReplicaSets\): complete/);
    assert.equal(r.stderr, notes("skipped", NEW).join("\n") + "\n");
  });
});

describe("directories: a directory's manifests, -R its subdirectories' too (kubectl's -f DIR -R)", () => {
  const a = join(tmp.dir, "old"), b = join(tmp.dir, "new");
  for (const d of [a, b]) mkdirSync(join(d, "apps", "argocd"), { recursive: true });
  copyFileSync(join(root, OLD), join(a, "apps", "argocd", "install.yaml"));
  copyFileSync(join(root, NEW), join(b, "apps", "argocd", "install.yaml"));
  copyFileSync(join(root, "examples/cli/deployment-old.yaml"), join(a, "web.yaml"));
  copyFileSync(join(root, "examples/cli/deployment-image.yaml"), join(b, "web.yml"));
  tmp.file("old/README.md", "not a manifest");

  test("without -R only the directory's own files; with -R every file below it, in name order", async () => {
    const flat = await kinplace(["check", a, b, "-o", "json"]);
    assert.equal(flat.status, 1, flat.stderr);
    assert.deepEqual(jsonLines(flat.stdout).map((o) => (o["object"] as { name: string }).name), ["web"]);
    const deep = await kinplace(["check", a, b, "-R", "-o", "json"]);
    assert.equal(deep.status, 1, deep.stderr);
    assert.deepEqual(jsonLines(deep.stdout).map((o) => (o["object"] as { name: string }).name), ["web", "argocd-server", "argocd-redis", "argocd-application-controller"]);
    assert.match(deep.stderr, /^skipped in NEW: Service argocd-server \(.*new\/apps\/argocd\/install\.yaml:42:1\): not a workload kind$/m);
  });

  test("every reading command takes directories and -R", async () => {
    assert.equal(jsonLines((await kinplace(["hash", a, "--recursive", "--kubelet", "1.37", "-o", "json"])).stdout).length, 4);
    const d = await kinplace(["diff", a, b, "-R", "-t", "strategic", "-o", "json"]);
    assert.equal(d.status, 0, d.stderr);
    assert.equal(jsonLines(d.stdout).length, 4);
    const p = await kinplace(["plan", b, "-R", "--in-place", "no", "-o", "json"]);
    assert.equal(p.status, 0, p.stderr);
  });

  test("a directory without manifests: exit 2 naming it, with the hint about -R", async () => {
    const empty = join(tmp.dir, "empty");
    mkdirSync(join(empty, "sub"), { recursive: true });
    const r = await kinplace(["hash", empty]);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, `kinplace hash: ${empty}: no .yaml, .yml or .json files in this directory (-R reads its subdirectories)\n`);
  });
});

describe("namespaces as kubectl reads them: -n, default \"default\"", () => {
  const cloneSet = (namespace?: string) => ({
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "CloneSet",
    metadata: { name: "web", ...(namespace === undefined ? {} : { namespace }) },
    spec: { replicas: 3, selector: { matchLabels: { app: "web" } }, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: 1 }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx:1.26" }] } } },
  });
  const pods = (namespace: string) => ({
    apiVersion: "v1",
    kind: "List",
    items: [0, 1, 2].map((i) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: `web-${i}`, namespace, labels: { app: "web", "controller-revision-hash": "web-old" }, creationTimestamp: "2026-01-01T00:00:00Z" },
      spec: { nodeName: "node-0", readinessGates: [{ conditionType: "InPlaceUpdateReady" }], containers: [{ name: "app", image: "nginx:1.25" }] },
      status: { phase: "Running", conditions: [{ type: "Ready", status: "True", lastTransitionTime: "2026-01-01T00:00:10Z" }, { type: "InPlaceUpdateReady", status: "True" }], containerStatuses: [{ name: "app", ready: true, restartCount: 0 }] },
    })),
  });
  const bare = tmp.file("ns-bare.yaml", JSON.stringify(cloneSet()));
  const inDefault = tmp.file("ns-default.json", JSON.stringify(pods("default")));
  const inProd = tmp.file("ns-prod.json", JSON.stringify(pods("prod")));

  test("plan: a workload written without a namespace is in \"default\", with the pods kubectl lists there", async () => {
    const r = await kinplace(["plan", bare, inDefault]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout.toString(), /^CloneSet web \(3 pods\): complete/);
    assert.match((await kinplace(["plan", bare, inProd])).stdout.toString(), /^CloneSet web \(0 pods\)/);
    assert.match((await kinplace(["plan", bare, inProd, "-n", "prod"])).stdout.toString(), /^CloneSet web \(3 pods\)/);
    assert.match((await kinplace(["plan", bare, inDefault, "--namespace=prod"])).stdout.toString(), /^CloneSet web \(0 pods\)/);
  });

  test("check and diff pair a workload without a namespace with the same one in \"default\" (or -n's)", async () => {
    const explicit = tmp.file("ns-explicit.yaml", JSON.stringify(cloneSet("default")));
    const prod = tmp.file("ns-prodcs.yaml", JSON.stringify({ ...cloneSet("prod"), metadata: { name: "web", namespace: "prod" } }));
    const two = (x: string, y: string) => tmp.file(`two-${x}.yaml`, `${JSON.stringify({ ...cloneSet(x), metadata: { name: "a", ...(x ? { namespace: x } : {}) } })}\n---\n${JSON.stringify({ ...cloneSet(y), metadata: { name: "b", ...(y ? { namespace: y } : {}) } })}\n`);
    const r = await kinplace(["check", two("", ""), two("default", "default"), "-o", "json"]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(jsonLines(r.stdout).length, 2);
    assert.equal(r.stderr, "");
    // sent as kubectl sends them, in the namespace: no change, no patch
    const d = await kinplace(["diff", bare, explicit]);
    assert.equal(d.status, 0, d.stderr);
    assert.equal(d.stdout.toString(), "[]\n");
    const c = await kinplace(["check", bare, explicit, "-o", "json"]);
    assert.equal(c.status, 0, c.stderr);
    assert.deepEqual([jsonLines(c.stdout)[0]!["verdict"], jsonLines(c.stdout)[0]!["reasons"]], ["none", []]);
    // JSON input: the member spliced into the input's own bytes (an empty metadata, none at all)
    const pod = (meta: string, image: string) => `{"apiVersion":"v1","kind":"Pod",${meta}"spec":{"containers":[{"name":"c","image":"${image}","x":1.50}]}}`;
    const p1 = tmp.file("p1.json", pod('"metadata":{ },', "x:1"));
    const p2 = tmp.file("p2.json", pod('"metadata":{"name":"","namespace":"default"},', "x:2"));
    const p3 = tmp.file("p3.json", pod("", "x:2"));
    for (const other of [p2, p3]) {
      const m = await kinplace(["diff", "-t", "merge", p1, other]);
      assert.equal(m.stdout.toString(), other === p2 ? '{"metadata":{"name":""},"spec":{"containers":[{"image":"x:2","name":"c","x":1.5}]}}\n' : '{"spec":{"containers":[{"image":"x:2","name":"c","x":1.5}]}}\n', other);
    }
    // -n given and an object in another namespace: kubectl's error, at the object's namespace
    const m = await kinplace(["check", bare, prod, "-n", "staging"]);
    assert.equal(m.status, 2);
    assert.equal(m.stderr, `kinplace check: ${prod}:1:${JSON.stringify(cloneSet("prod")).indexOf('"namespace"') + 1}: the namespace from the provided object "prod" does not match the namespace "staging". You must pass '--namespace=prod' to perform this operation.\n`);
    const h = await kinplace(["hash", prod, "-n", "staging"]);
    assert.equal(h.status, 2);
    assert.match(h.stderr, /^kinplace hash: .*ns-prodcs\.yaml:1:\d+: the namespace from the provided object "prod" does not match the namespace "staging"\./);
    const bad = await kinplace(["check", bare, prod, "-n", "Not_A_Name"]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^kinplace check: option --namespace: "Not_A_Name" is not a namespace name/);
  });
});
