// `kinplace hash`, `diff` and `plan` (dist/cli/kinplace.mjs) against the engine's ops in-process, and the
// kubectl plugin: the same bin under the name kubectl-kinplace (`kubectl kinplace ...`). Needs `npm run build`.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, symlinkSync } from "node:fs";
import { delimiter, join } from "node:path";
import { after, describe, test } from "node:test";
import {
  containerHash,
  evaluateLine,
  initSync,
  jsonPatchDiff,
  mergePatchDiff,
  podTemplateHash,
  revision,
  simulateRollout,
  strategicMergePatchDiff,
} from "../js/node.ts";
import { parseAllDocuments } from "yaml";
import { cleanEnv, cli, deployment, jsonLines, kinplace, root, tempDir } from "./cli-helpers.ts";
import { run } from "./support/run.ts";

initSync(readFileSync(join(root, "dist/kinplace.wasm")));
const tmp = tempDir();
after(() => tmp.cleanup());
const ex = (name: string): string => join(root, "examples/cli", name);
const toYaml = (...docs: unknown[]): string => docs.map((d) => JSON.stringify(d)).join("\n---\n");
const MINORS = ["1.12", ...Array.from({ length: 23 }, (_, i) => `1.${15 + i}`)];

const web = deployment("web", ["nginx:1.25", "envoy:1"], { namespace: "prod" });
const db = {
  apiVersion: "apps/v1",
  kind: "StatefulSet",
  metadata: { name: "db" },
  spec: { serviceName: "db", selector: { matchLabels: { app: "db" } }, template: { metadata: { labels: { app: "db" } }, spec: { containers: [{ name: "pg", image: "postgres:16", resources: { limits: { memory: "1Gi" } } }] } } },
};

describe("kinplace hash", () => {
  test("container hashes at every kubelet minor, pod-template-hash and revision name, as the engine's ops", async () => {
    const file = tmp.file("objs.yaml", toYaml(web, { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "skip" } }, db));
    const r = await kinplace(["hash", file, "-o", "json"]);
    assert.equal(r.status, 0, r.stderr);
    const [w, d] = jsonLines(r.stdout) as { [k: string]: any }[];
    assert.equal(w!.podTemplateHash, podTemplateHash(web.spec.template));
    assert.deepEqual(Object.keys(w!.containers[0].hashes), MINORS);
    for (const m of MINORS) assert.deepEqual(w!.containers[1].hashes[m], containerHash(web.spec.template.spec.containers[1], { kubelet: m }));
    const rev = revision("StatefulSet", db);
    assert.deepEqual(d!.revision, { name: rev.name, hash: rev.hash });
    assert.equal(d!.source, `${file}:5:1`);
    const y = await kinplace(["hash", file, "-o", "yaml"]);
    assert.deepEqual(parseAllDocuments(y.stdout.toString()).map((doc) => doc.toJS() as unknown), [w, d]);
    // text: minors with the same hash grouped
    const text = (await kinplace(["hash", file])).stdout.toString();
    const h131 = containerHash(db.spec.template.spec.containers[0], { kubelet: "1.31" }).hash;
    assert.match(text, new RegExp(`^ {4}kubelet 1\\.31–1\\.37 +${h131}$`, "m"));
    assert.match(text, new RegExp(`^ {2}revision +${rev.name}$`, "m"));
  });

  test("--upgrade FROM TO: the containers whose hash changes; exit 1 when any restarts, 0 when none", async () => {
    const file = tmp.file("up.yaml", toYaml(web, db));
    const r = await kinplace(["hash", file, "--upgrade", "1.30", "1.31", "-o", "json"]);
    assert.equal(r.status, 1, r.stderr);
    const outs = jsonLines(r.stdout) as { restarts: { name: string; from: string; to: string }[] }[];
    assert.deepEqual(outs.flatMap((o) => o.restarts.map((x) => x.name)), ["c0", "c1", "pg"]);
    const c0 = web.spec.template.spec.containers[0];
    assert.deepEqual(outs[0]!.restarts[0], { name: "c0", list: "containers", from: containerHash(c0, { kubelet: "1.30" }).hash, to: containerHash(c0, { kubelet: "1.31" }).hash });
    const same = await kinplace(["hash", "--upgrade", "1.31", "1.37", file]);
    assert.equal(same.status, 0, same.stderr);
    assert.match(same.stdout.toString(), /kubelet 1\.31 → 1\.37: no container restarts \(2 workloads\)/);
    const bad = await kinplace(["hash", file, "--upgrade", "1.30"]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--upgrade takes two versions/);
  });
});

describe("kinplace diff", () => {
  const next = deployment("web", ["nginx:1.26"], { namespace: "prod" });
  test("--type json|merge|strategic: the patch as the engine's diff ops write it, bare for one pair", async () => {
    const o = tmp.file("d-old.yaml", toYaml(web));
    const n = tmp.file("d-new.json", JSON.stringify(next));
    const json = await kinplace(["diff", o, n]);
    assert.equal(json.status, 0, json.stderr);
    assert.deepEqual(JSON.parse(json.stdout.toString()), jsonPatchDiff(web, next));
    const minimal = await kinplace(["diff", o, n, "--flavor", "minimal"]);
    assert.deepEqual(JSON.parse(minimal.stdout.toString()), jsonPatchDiff(web, next, { flavor: "minimal" }));
    const merge = await kinplace(["diff", o, n, "--type", "merge"]);
    assert.deepEqual(JSON.parse(merge.stdout.toString()), mergePatchDiff(web, next));
    const smp = await kinplace(["diff", o, n, "-t", "strategic", "--kubernetes", "1.25"]);
    assert.equal(smp.stdout.toString(), `${strategicMergePatchDiff(web, next, { type: "Deployment", kubernetes: "1.25" })}\n`);
  });

  test("exact bytes: the patch as Go writes it (HTML escapes, float64 numbers), no JS round trip", async () => {
    const a = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "n" }, data: {} };
    const o = tmp.file("n-old.json", JSON.stringify(a));
    const n = tmp.file("n-new.json", '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"n"},"data":{},"x":12345678901234567890,"y":1.50,"z":"<b>&"}');
    const r = await kinplace(["diff", o, n, "--type", "merge"]);
    const line = `{"op":"mergepatch.diff","original":${JSON.stringify(a)},"modified":${readFileSync(n, "utf8")}}`;
    const rawPatch = /^\{"ok":true,"result":\{"patch":(.*)\}\}$/.exec(new TextDecoder().decode(evaluateLine(new TextEncoder().encode(line))))![1]!;
    assert.equal(r.stdout.toString(), `${rawPatch}\n`);
    assert.notEqual(JSON.stringify(JSON.parse(rawPatch)), rawPatch, "the engine's text differs from a JS round trip");
  });

  test("several pairs: each patch under a '# Kind ns/name' line; strategic diffs the workloads and skips the rest", async () => {
    const cmOld = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "cfg" }, data: { a: "1" } };
    const cmNew = { ...cmOld, data: { a: "2" } };
    const o = tmp.file("s-old.yaml", toYaml(web, cmOld));
    const n = tmp.file("s-new.yaml", toYaml(cmNew, next));
    const r = await kinplace(["diff", o, n, "--type", "merge"]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.toString(), `# ConfigMap cfg\n${JSON.stringify(mergePatchDiff(cmOld, cmNew))}\n# Deployment prod/web\n${JSON.stringify(mergePatchDiff(web, next))}\n`);
    const s = await kinplace(["diff", o, n, "--type", "strategic"]);
    assert.equal(s.status, 0, s.stderr);
    assert.equal(s.stdout.toString(), `${strategicMergePatchDiff(web, next, { type: "Deployment" })}\n`);
    assert.equal(s.stderr, `skipped in OLD: ConfigMap cfg (${o}:3:1): not a workload kind\nskipped in NEW: ConfigMap cfg (${n}:1:1): not a workload kind\n`);
  });
});

describe("kinplace plan", () => {
  test("a CloneSet's rollout over its pods: the rollout.simulate timeline; exit 0 when it completes, 1 when it stalls", async () => {
    const r = await kinplace(["plan", ex("cloneset-image.yaml"), ex("cloneset-pods.json"), "-o", "json"]);
    assert.equal(r.status, 0, r.stderr);
    const [out] = jsonLines(r.stdout);
    const pods = (JSON.parse(readFileSync(ex("cloneset-pods.json"), "utf8")) as { items: unknown[] }).items;
    const cs = JSON.parse(JSON.stringify((await import("yaml")).parse(readFileSync(ex("cloneset-image.yaml"), "utf8")))) as unknown;
    const updateRevision = revision("CloneSet", cs).name;
    const expected = simulateRollout({ kind: "CloneSet", workload: cs, pods, currentRevision: "sample-5d4b8b4f9c", updateRevision });
    const { object: _o, ...result } = out!;
    assert.deepEqual(result, expected);
    assert.equal(expected.outcome, "complete");
    const text = (await kinplace(["plan", ex("cloneset-image.yaml"), ex("cloneset-pods.json")])).stdout.toString();
    assert.match(text, /^CloneSet default\/sample \(5 pods\): complete after \d+ s in 5 round\(s\)$/m);
    assert.match(text, /^ {2}1 +0 s +sample-0 +5 → 4 +4 +1\/5$/m);
    const stalled = await kinplace(["plan", ex("cloneset-image.yaml"), ex("cloneset-pods.json"), "--fail-updated", "1", "--in-place", "no"]);
    assert.equal(stalled.status, 1, stalled.stderr);
    assert.match(stalled.stdout.toString(), /: stalled after/);
  });

  test("--old: the verdict decides in place or not (a ReCreate CloneSet recreates every pod)", async () => {
    const recreate = (f: string): string => tmp.file(`rc-${f}`, readFileSync(ex(f), "utf8").replace("type: InPlaceIfPossible", "type: ReCreate"));
    const [o, n] = [recreate("cloneset-old.yaml"), recreate("cloneset-image.yaml")];
    const r = await kinplace(["plan", n, ex("cloneset-pods.json"), "--old", o, "-o", "json"]);
    assert.equal(r.status, 0, r.stderr);
    const [out] = jsonLines(r.stdout);
    const yaml = await import("yaml");
    const cs = yaml.parse(readFileSync(n, "utf8")) as unknown;
    const pods = (JSON.parse(readFileSync(ex("cloneset-pods.json"), "utf8")) as { items: unknown[] }).items;
    const expected = simulateRollout({ kind: "CloneSet", workload: cs, pods, currentRevision: "sample-5d4b8b4f9c", updateRevision: revision("CloneSet", cs).name, inPlace: false });
    const { object: _o, ...result } = out!;
    assert.deepEqual(result, expected);
    assert.ok(expected.timeline.some((t) => (t.recreated ?? []).length > 0) && !expected.timeline.some((t) => (t.inPlace ?? []).length > 0));
  });

  test("--kruise: the release's controller plans, names the update revision and decides in place (OnDelete: recreated before v1.9, waits from v1.9)", async () => {
    const onDelete = (f: string): string => tmp.file(`od-${f}`, readFileSync(ex(f), "utf8").replace("type: InPlaceIfPossible", "type: OnDelete"));
    const [o, n] = [onDelete("cloneset-old.yaml"), onDelete("cloneset-image.yaml")];
    const yaml = await import("yaml");
    const cs = yaml.parse(readFileSync(n, "utf8")) as unknown;
    const pods = (JSON.parse(readFileSync(ex("cloneset-pods.json"), "utf8")) as { items: unknown[] }).items;
    for (const [kruise, outcome, status] of [["1.8", "complete", 0], ["1.9", "stalled", 1]] as const) {
      const r = await kinplace(["plan", n, ex("cloneset-pods.json"), "--old", o, "--kruise", kruise, "-o", "json"]);
      assert.equal(r.status, status, r.stderr);
      const [out] = jsonLines(r.stdout);
      const rev = revision("CloneSet", cs, { kruise }).name;
      const expected = simulateRollout({ kind: "CloneSet", workload: cs, pods, currentRevision: "sample-5d4b8b4f9c", updateRevision: rev, kruise, inPlace: true } as never);
      const { object: _o, ...result } = out!;
      assert.deepEqual(result, expected, kruise);
      assert.equal(expected.outcome, outcome);
    }
  });

  test("a Deployment with its ReplicaSets: the new one is found by pod-template-hash", async () => {
    const d = { ...deployment("api", ["api:2"], { replicas: 4 }), metadata: { name: "api", namespace: "default", uid: "d-1" } };
    const hash = podTemplateHash(d.spec.template);
    const rs = (name: string, h: string, replicas: number) => ({
      apiVersion: "apps/v1",
      kind: "ReplicaSet",
      metadata: { name, namespace: "default", labels: { app: "api", "pod-template-hash": h }, ownerReferences: [{ uid: "d-1", kind: "Deployment", name: "api" }], creationTimestamp: "2026-01-01T00:00:00Z", annotations: { "deployment.kubernetes.io/desired-replicas": "4" } },
      spec: { replicas },
      status: { replicas, availableReplicas: replicas },
    });
    const state = tmp.file("rs.json", JSON.stringify({ kind: "List", items: [rs("api-old", "abc", 4), rs(`api-${hash}`, hash, 0)] }));
    const r = await kinplace(["plan", tmp.file("api.yaml", toYaml(d)), state, "-o", "json"]);
    assert.equal(r.status, 0, r.stderr);
    const [out] = jsonLines(r.stdout);
    const expected = simulateRollout({ kind: "Deployment", workload: d, replicaSets: [rs("api-old", "abc", 4), rs(`api-${hash}`, hash, 0)], newReplicaSet: `api-${hash}` });
    const { object: _o, ...result } = out!;
    assert.deepEqual(result, expected);
  });

  test("a DaemonSet: its pods by owner, nodes from the pods, the update hash from its revision", async () => {
    const ds = { apiVersion: "apps/v1", kind: "DaemonSet", metadata: { name: "agent", namespace: "kube-system", uid: "ds-1" }, spec: { selector: { matchLabels: { app: "agent" } }, updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 2 } }, template: { metadata: { labels: { app: "agent" } }, spec: { containers: [{ name: "a", image: "agent:2" }] } } } };
    const pod = (i: number, owner: string) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: `agent-${i}`, namespace: "kube-system", labels: { app: "agent", "controller-revision-hash": "old" }, ownerReferences: [{ uid: owner }], creationTimestamp: "2026-01-01T00:00:00Z" }, spec: { nodeName: `node-${i}`, containers: [{ name: "a", image: "agent:1" }] }, status: { phase: "Running", conditions: [{ type: "Ready", status: "True", lastTransitionTime: "2026-01-01T00:00:10Z" }] } });
    const mine = [0, 1, 2, 3, 4].map((i) => pod(i, "ds-1"));
    const state = tmp.file("ds-pods.json", JSON.stringify({ kind: "List", items: [...mine, pod(9, "someone-else")] }));
    const r = await kinplace(["plan", tmp.file("ds.json", JSON.stringify(ds)), state, "-o", "json", "--ready-seconds", "7"]);
    assert.equal(r.status, 0, r.stderr);
    const { object: _o, ...result } = jsonLines(r.stdout)[0]!;
    const expected = simulateRollout({ kind: "DaemonSet", workload: ds, pods: mine, nodes: mine.map((p) => p.spec.nodeName), hash: revision("DaemonSet", ds).hash, model: { readySeconds: 7 } });
    assert.deepEqual(result, expected);
    assert.equal(expected.final.updated, 5);
  });

  test("bad usage: no workload, a Pod, both --old and --in-place", async () => {
    const pod = tmp.file("pod.yaml", "apiVersion: v1\nkind: ReplicaSet\nmetadata: {name: x}\n");
    const r = await kinplace(["plan", pod]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /no workload to plan found/);
    const both = await kinplace(["plan", ex("cloneset-image.yaml"), "--old", ex("cloneset-old.yaml"), "--in-place", "yes"]);
    assert.equal(both.status, 2);
    assert.match(both.stderr, /--old and --in-place exclude each other/);
  });
});

describe("help", () => {
  test("kinplace --help lists every command; each command's --help prints its usage and exits 0", async () => {
    const top = await kinplace(["--help"]);
    assert.equal(top.status, 0);
    for (const name of ["check", "diff", "hash", "plan", "eval"]) {
      assert.match(top.stdout.toString(), new RegExp(`^  ${name} +\\S`, "m"));
      const r = await kinplace([name, "--help"]);
      assert.equal(r.status, 0, name);
      assert.match(r.stdout.toString(), new RegExp(`^Usage: kinplace ${name}`));
    }
    const none = await kinplace([]);
    assert.equal(none.status, 2);
    const unknown = await kinplace(["frobnicate"]);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /unknown command "frobnicate"/);
  });
});

describe("kubectl plugin", () => {
  test("the bin named kubectl-kinplace answers as kinplace, with `kubectl kinplace` in its texts; kubectl finds it on PATH", async () => {
    const bin = join(tmp.dir, "bin");
    execFileSync("mkdir", ["-p", bin]);
    symlinkSync(cli, join(bin, "kubectl-kinplace"));
    const file = tmp.file("k.yaml", toYaml(web));
    const env = cleanEnv({ PATH: `${bin}${delimiter}${process.env["PATH"] ?? ""}` });
    const direct = await kinplace(["hash", file, "--kubelet", "1.30"]);
    const asPlugin = await run(["hash", file, "--kubelet", "1.30"], { command: join(bin, "kubectl-kinplace"), env });
    assert.equal(asPlugin.status, 0, asPlugin.stderr);
    assert.deepEqual(asPlugin.stdout, direct.stdout);
    const help = await run(["--help"], { command: join(bin, "kubectl-kinplace"), env });
    assert.match(help.stdout.toString(), /^Usage: kubectl kinplace <command> \[arguments\]$/m);
    const usage = await run(["check"], { command: join(bin, "kubectl-kinplace"), env });
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /^kubectl kinplace check: check needs OLD and NEW/);
    assert.match(usage.stderr, /^see 'kubectl kinplace check --help'$/m);
    // through kubectl itself when it is installed (Debian's kubernetes-client): plugins need no cluster
    const kubectl = ["/usr/bin/kubectl", "/usr/local/bin/kubectl"].find((p) => { try { execFileSync(p, ["version", "--client"], { stdio: "ignore" }); return true; } catch { return false; } });
    if (kubectl !== undefined) {
      const viaKubectl = await run(["kinplace", "hash", file, "--kubelet", "1.30"], { command: kubectl, env });
      assert.equal(viaKubectl.status, 0, viaKubectl.stderr);
      assert.deepEqual(viaKubectl.stdout, direct.stdout);
      const list = await run(["plugin", "list"], { command: kubectl, env });
      assert.match(list.stdout.toString(), /kubectl-kinplace/);
    }
  });
});
