// The OpenKruise releases (`kruise: "1.5"` .. `"1.9"`) in the revision names, the Kruise-kind verdict and the rollout
// planners, without Go: the golden vectors the real OpenKruise v1.5.5 .. v1.9.0 builds answered
// (test/vectors/kruise-revision.jsonl.gz from test/oracle/revision-kruise.test.ts, kruise-verdict.jsonl.gz from
// test/oracle/verdict-kruise-releases.test.ts, kruise-rollout.jsonl.gz from test/oracle/rollout-kruise-releases.test.ts,
// kruise-ads-rollout.jsonl.gz from test/oracle/rollout-kruise-ads.test.ts) replayed through the engine, and hand-made
// cases where two releases differ.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./support/engine.ts";
import { checkVerdict, type VerdictExpect } from "./support/verdict-check.ts";
import { checkAdsSync } from "./support/ads-sync-check.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();
type Answer = { ok: boolean; result?: Record<string, any>; error?: { code: string; message: string; path?: string; offset?: number } };
const ask = (req: object | string): Answer => JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(typeof req === "string" ? req : JSON.stringify(req))))) as Answer;
const RELEASES = ["1.5", "1.6", "1.7", "1.8", "1.9"];

/** The vector lines of a gzipped file. */
function vectors(file: string): string[] {
  const url = new URL(`./vectors/${file}`, import.meta.url);
  assert.ok(existsSync(url), `${file} is missing`);
  return gunzipSync(readFileSync(url)).toString("utf8").split("\n").filter(Boolean);
}

/** The comparable part of an answer (what the differential suites compare). */
function view(a: Answer): unknown {
  return a.ok ? { ok: true, result: a.result } : { ok: false, error: { code: a.error?.code, message: a.error?.message, path: a.error?.path, offset: a.error?.offset } };
}

test("golden vectors kruise-revision.jsonl.gz: revisions as each OpenKruise release's controllers name them", () => {
  const lines = vectors("kruise-revision.jsonl.gz");
  const per = new Map<string, number>();
  let mismatches = 0;
  const first: string[] = [];
  for (const l of lines) {
    const v = JSON.parse(l) as { request: string; answer: Answer };
    const req = JSON.parse(v.request) as { op: string; kruise?: string };
    if (req.op === "revision") per.set(req.kruise ?? "1.9", (per.get(req.kruise ?? "1.9") ?? 0) + 1);
    try {
      assert.deepStrictEqual(view(ask(v.request)), view(v.answer));
    } catch {
      mismatches++;
      if (first.length < 3) first.push(`${v.request.slice(0, 300)}\n  expected ${JSON.stringify(v.answer).slice(0, 300)}\n  actual   ${JSON.stringify(ask(v.request)).slice(0, 300)}`);
    }
  }
  for (const k of RELEASES) assert.ok((per.get(k) ?? 0) >= 80, `kruise ${k}: ${per.get(k) ?? 0} revisions`);
  assert.equal(mismatches, 0, `${mismatches} of ${lines.length} vectors differ:\n${first.join("\n\n")}`);
});

test("golden vectors kruise-verdict.jsonl.gz: verdicts of the OpenKruise kinds at each release", () => {
  const lines = vectors("kruise-verdict.jsonl.gz");
  const per = new Map<string, number>();
  let mismatches = 0;
  const first: string[] = [];
  for (const l of lines) {
    const v = JSON.parse(l) as { note: string; request: string; expect: VerdictExpect };
    const k = (JSON.parse(v.request) as { kruise?: string }).kruise ?? "1.9";
    per.set(k, (per.get(k) ?? 0) + 1);
    try {
      checkVerdict(ask(v.request) as never, v.expect);
    } catch (e) {
      mismatches++;
      if (first.length < 3) first.push(`${v.note}: ${(e as Error).message.slice(0, 500)}`);
    }
  }
  for (const k of RELEASES) assert.ok((per.get(k) ?? 0) >= 200, `kruise ${k}: ${per.get(k) ?? 0} verdicts`);
  assert.equal(mismatches, 0, `${mismatches} of ${lines.length} vectors differ:\n${first.join("\n\n")}`);
});

test("golden vectors kruise-rollout.jsonl.gz: rollout.cloneset's diffs as calculateDiffsWithExpectation of v1.5.5 - v1.8.3", () => {
  const lines = vectors("kruise-rollout.jsonl.gz");
  const per = new Map<string, number>();
  let mismatches = 0;
  const first: string[] = [];
  for (const l of lines) {
    const v = JSON.parse(l) as { request: string; diffs: Record<string, number> };
    const k = (JSON.parse(v.request) as { kruise: string }).kruise;
    per.set(k, (per.get(k) ?? 0) + 1);
    const a = ask(v.request);
    try {
      assert.ok(a.ok, JSON.stringify(a));
      assert.deepStrictEqual(a.result!.diffs, v.diffs);
    } catch (e) {
      mismatches++;
      if (first.length < 3) first.push(`${v.request.slice(0, 300)}: ${(e as Error).message.slice(0, 400)}`);
    }
  }
  for (const k of ["1.5", "1.6", "1.7", "1.8"]) assert.ok((per.get(k) ?? 0) >= 150, `kruise ${k}: ${per.get(k) ?? 0} diffs`);
  assert.equal(mismatches, 0, `${mismatches} of ${lines.length} vectors differ:\n${first.join("\n\n")}`);
});

test("golden vectors kruise-ads-rollout.jsonl.gz: rollout.advancedDaemonSet as the Advanced DaemonSet controller of v1.5.5 - v1.9.0 synced", () => {
  const lines = vectors("kruise-ads-rollout.jsonl.gz");
  const per = new Map<string, number>();
  let mismatches = 0;
  let picked = 0;
  const first: string[] = [];
  for (const l of lines) {
    const v = JSON.parse(l) as { request: string; oracle: Record<string, any> };
    const k = (JSON.parse(v.request) as { kruise: string }).kruise;
    per.set(k, (per.get(k) ?? 0) + 1);
    if (v.oracle.rollingUpdate?.pick > 0) picked++;
    const a = ask(v.request);
    try {
      assert.ok(a.ok, JSON.stringify(a));
      checkAdsSync(a.result!, v.oracle);
    } catch (e) {
      mismatches++;
      if (first.length < 3) first.push(`${v.request.slice(0, 300)}: ${(e as Error).message.slice(0, 600)}`);
    }
  }
  for (const k of RELEASES) assert.ok((per.get(k) ?? 0) >= 150, `kruise ${k}: ${per.get(k) ?? 0} syncs`);
  assert.ok(picked >= lines.length / 4, `only ${picked} of ${lines.length} syncs replace pods`);
  assert.equal(mismatches, 0, `${mismatches} of ${lines.length} vectors differ:\n${first.join("\n\n")}`);
});

const template = (spec: Record<string, unknown>) => ({ metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx:1.25" }], ...spec } });
const cloneSet = (spec: Record<string, unknown>, apiVersion = "apps.kruise.io/v1alpha1") => ({ apiVersion, kind: "CloneSet", metadata: { name: "web" }, spec: { replicas: 2, selector: { matchLabels: { app: "web" } }, template: template(spec) } });

test("revision: a Pod field newer than a release's pinned minor is not in its revision (pod-level resources: 1.32, v1.9.0 only)", () => {
  const obj = cloneSet({ resources: { limits: { cpu: "1" } } });
  const names = RELEASES.map((k) => ask({ op: "revision", kind: "CloneSet", kruise: k, object: obj }));
  for (const a of names) assert.ok(a.ok, JSON.stringify(a));
  assert.match(names[4]!.result!.data, /"resources":\{"limits":\{"cpu":"1"\}\}\},"\$patch"|"resources":\{"limits":\{"cpu":"1"\}\}/);
  for (const a of names.slice(0, 4)) assert.doesNotMatch(a.result!.data, /"spec":\{"containers".*\],"resources"/);
  // without the new field the older releases agree with v1.9.0 again
  const plain = RELEASES.map((k) => ask({ op: "revision", kind: "CloneSet", kruise: k, object: cloneSet({}) }).result!.name);
  assert.equal(new Set(plain).size, 1, JSON.stringify(plain));
  assert.notEqual(names[4]!.result!.name, names[3]!.result!.name);
  assert.equal(names[3]!.result!.name, plain[0]);
});

test("revision: a sidecar's restartPolicy (1.28) is kept from v1.7.0 on, dropped by v1.5.5 and v1.6.0", () => {
  const obj = cloneSet({ initContainers: [{ name: "proxy", image: "envoy:1", restartPolicy: "Always" }] });
  const data = RELEASES.map((k) => ask({ op: "revision", kind: "AdvancedStatefulSet", kruise: k, object: { ...obj, apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet" } }).result!.data as string);
  assert.deepEqual(data.map((d) => d.includes(`"restartPolicy":"Always"`)), [false, false, true, true, true]);
});

test("revision: an Advanced DaemonSet partition of \"50%\" is an error before v1.9.0 (*int32), fine at v1.9.0", () => {
  const obj = { apiVersion: "apps.kruise.io/v1alpha1", kind: "DaemonSet", metadata: { name: "ds" }, spec: { updateStrategy: { rollingUpdate: { partition: "50%" } }, template: template({}) } };
  const v18 = ask({ op: "revision", kind: "AdvancedDaemonSet", kruise: "1.8", object: obj });
  assert.equal(v18.error?.code, "E_JSON_TYPE", JSON.stringify(v18));
  assert.match(v18.error!.message, /of type int32/);
  assert.ok(ask({ op: "revision", kind: "AdvancedDaemonSet", kruise: "1.9", object: obj }).ok);
});

test("revision and verdict: unknown releases are refused, never mapped to a neighbour; `kruise` on a Kubernetes kind is a bad request", () => {
  const obj = cloneSet({});
  for (const k of ["1.4", "1.10", "1.09", "2.0", ""]) {
    assert.equal(ask({ op: "revision", kind: "CloneSet", kruise: k, object: obj }).error?.code, "E_UNSUPPORTED_VERSION", k);
    assert.equal(ask({ op: "verdict", old: obj, new: obj, kruise: k }).error?.code, "E_UNSUPPORTED_VERSION", k);
    assert.equal(ask({ op: "rollout.cloneset", cloneSet: obj, pods: [], currentRevision: "a", updateRevision: "b", kruise: k }).error?.code, "E_UNSUPPORTED_VERSION", k);
  }
  const d = { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "d" }, spec: { template: template({}) } };
  for (const k of ["1.9", "1.5", "1.4"]) {
    const v = ask({ op: "verdict", old: d, new: d, kruise: k });
    assert.equal(v.error?.code, "E_BAD_REQUEST", JSON.stringify(v));
    assert.equal(v.error?.message, `"kruise" applies to OpenKruise kinds only`);
    assert.equal(ask({ op: "revision", kind: "StatefulSet", kruise: k, object: d }).error?.code, "E_BAD_REQUEST");
    assert.equal(ask({ op: "rollout.daemonSet", daemonSet: {}, nodes: [], pods: [], hash: "h", kruise: k }).error?.code, "E_BAD_REQUEST");
  }
  // a release's own pinned minor only
  assert.equal(ask({ op: "revision", kind: "CloneSet", kruise: "1.6", object: obj, kubernetes: "1.26" }).ok, true);
  assert.equal(ask({ op: "revision", kind: "CloneSet", kruise: "1.6", object: obj, kubernetes: "1.32" }).error?.code, "E_UNSUPPORTED_VERSION");
});

test("verdict: a change of pod-level resources recreates at v1.9.0 and changes nothing the v1.8.3 controller sees (1.30 types)", () => {
  const o = cloneSet({});
  const n = cloneSet({ resources: { limits: { cpu: "2" } } });
  const v19 = ask({ op: "verdict", old: o, new: n, kruise: "1.9" });
  const v18 = ask({ op: "verdict", old: o, new: n, kruise: "1.8" });
  assert.ok(v19.ok && v18.ok, JSON.stringify([v19, v18]));
  assert.equal(v19.result!.verdict, "recreate");
  assert.equal(v18.result!.verdict, "none");
});

test("rollout.advancedDaemonSet: the partition is a plain integer before v1.9.0, and progressive creation follows the annotation", () => {
  const nodes = ["n1", "n2", "n3", "n4"].map((name) => ({ name }));
  const base = { nodes, pods: [], hash: "h2", now: "2026-01-01T00:00:00Z" };
  const ds = (ru: Record<string, unknown>, extra: Record<string, unknown> = {}, ann: Record<string, string> = {}) => ({ metadata: { name: "ds", annotations: ann }, spec: { ...extra, updateStrategy: { type: "RollingUpdate", rollingUpdate: ru } }, status: { desiredNumberScheduled: 4 } });
  const pct = ds({ partition: "50%" });
  const a19 = ask({ op: "rollout.advancedDaemonSet", daemonSet: pct, ...base });
  assert.ok(a19.ok, JSON.stringify(a19));
  assert.equal(a19.result!.partition, 2);
  assert.equal(ask({ op: "rollout.advancedDaemonSet", daemonSet: pct, ...base, kruise: "1.8" }).error?.code, "E_BAD_REQUEST");
  assert.equal(ask({ op: "rollout.advancedDaemonSet", daemonSet: ds({ partition: 3 }), ...base, kruise: "1.5" }).result!.partition, 3);
  // partitioned creation: v1.9.0 reads spec.scaleStrategy.partitionedScaling, the older releases the progressive-create-pod annotation
  const bySpec = ds({ partition: 3 }, { scaleStrategy: { partitionedScaling: true } });
  const byAnn = ds({ partition: 3 }, {}, { "daemonset.kruise.io/progressive-create-pod": "true" });
  const created = (d: unknown, k: string) => (ask({ op: "rollout.advancedDaemonSet", daemonSet: d, ...base, kruise: k }).result!.manage.create as string[]).length;
  assert.equal(created(bySpec, "1.9"), 1);
  assert.equal(created(byAnn, "1.9"), 4);
  assert.equal(created(bySpec, "1.8"), 4);
  assert.equal(created(byAnn, "1.8"), 1);
  assert.equal(created(byAnn, "1.5"), 1);
});

test("rollout.cloneset: OnDelete stops the update at v1.9.0; before it the type is no strategy and the pods are recreated", () => {
  const pods = ["a", "b"].map((name) => ({ metadata: { name, labels: { "controller-revision-hash": "web-r1" }, creationTimestamp: "2026-01-01T00:00:00Z" }, spec: { nodeName: "n" }, status: { phase: "Running", conditions: [{ type: "Ready", status: "True", lastTransitionTime: "2026-01-01T00:00:00Z" }] } }));
  const cs = { metadata: { name: "web" }, spec: { replicas: 2, updateStrategy: { type: "OnDelete", maxUnavailable: 1 } } };
  const req = { op: "rollout.cloneset", cloneSet: cs, pods, currentRevision: "web-r1", updateRevision: "web-r2", now: "2026-01-02T00:00:00Z" };
  const v19 = ask({ ...req, kruise: "1.9" });
  assert.equal(v19.result!.reason, "onDelete", JSON.stringify(v19));
  assert.equal(v19.result!.update.length, 0);
  for (const k of ["1.5", "1.8"]) {
    const a = ask({ ...req, kruise: k });
    assert.ok(a.ok, JSON.stringify(a));
    assert.equal(a.result!.reason, undefined);
    assert.deepEqual(a.result!.update, [{ name: "a", action: "recreate" }]);
  }
});

test("rollout.simulate plays an OpenKruise kind's rollout with its release's controller: a CloneSet under OnDelete is recreated before v1.9 and waits from v1.9", () => {
  const cs = { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "web", namespace: "default" }, spec: { replicas: 3, selector: { matchLabels: { app: "web" } }, updateStrategy: { type: "OnDelete" }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx:2" }] } } } };
  const pods = [0, 1, 2].map((i) => ({ metadata: { name: `web-${i}`, namespace: "default", labels: { app: "web", "controller-revision-hash": "web-old" }, creationTimestamp: "2026-01-01T00:00:00Z" }, spec: { containers: [{ name: "app", image: "nginx:1" }] }, status: { phase: "Running", conditions: [{ type: "Ready", status: "True" }] } }));
  const sim = (kruise: string) => ask({ op: "rollout.simulate", kind: "CloneSet", workload: cs, pods, currentRevision: "web-old", updateRevision: "web-new", kruise }) as { ok: boolean; result: { outcome: string; final: { updated: number } } };
  const [v18, v19] = [sim("1.8"), sim("1.9")];
  assert.deepEqual([v18.result.outcome, v18.result.final.updated], ["complete", 3]);
  assert.deepEqual([v19.result.outcome, v19.result.final.updated], ["stalled", 0]);
  assert.equal(ask({ op: "rollout.simulate", kind: "CloneSet", workload: cs, pods, currentRevision: "a", updateRevision: "b", kruise: "1.4" }).error?.code, "E_UNSUPPORTED_VERSION");
  assert.equal(ask({ op: "rollout.simulate", kind: "Deployment", workload: cs, kruise: "1.8" }).error?.code, "E_BAD_REQUEST");
});
