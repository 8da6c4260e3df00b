// The `verdict` op without Go: the golden vectors the oracle composed (test/vectors/verdict.jsonl.gz,
// test/oracle/make-verdict-vectors.ts) replayed through the engine, the controllers' rules on hand-made
// cases (Deployment EqualIgnoreHash vs StatefulSet revision bytes, OnDelete, ReplicaSet), properties
// on generated pairs (no edit → none; containers follow the new template; reasons sorted and tied to
// the diff), and bad input: typed errors naming the field, the engine still working.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { kinplace } from "./support/engine.ts";
import { checkVerdict, type VerdictExpect } from "./support/verdict-check.ts";
import { pair, template, wrap } from "./oracle/verdict-edits.ts";
import { cases } from "./support/scale.ts";

type Answer = { ok: boolean; result?: any; error?: { code: string; message: string; path?: string } };
const ask = (req: Record<string, unknown>): Answer => kinplace.evaluate(req as never) as Answer;
const decoder = new TextDecoder();
const encoder = new TextEncoder();

test("golden vectors verdict.jsonl.gz: the engine decides and patches as the Go oracle composed it", () => {
  const text = gunzipSync(readFileSync(new URL("./vectors/verdict.jsonl.gz", import.meta.url))).toString("utf8");
  const vectors = text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as { note: string; request: string; expect: VerdictExpect });
  assert.ok(vectors.length >= 1000, `verdict.jsonl.gz holds ${vectors.length} vectors`);
  let mismatches = 0;
  const first: string[] = [];
  const verdicts = new Set<string>();
  for (const v of vectors) {
    const answer = JSON.parse(decoder.decode(kinplace.evaluateLine(encoder.encode(v.request))));
    if (v.expect.ok) verdicts.add(v.expect.core!.verdict);
    try {
      checkVerdict(answer, v.expect);
    } catch (e) {
      mismatches++;
      if (first.length < 3) first.push(`${v.note}: ${(e as Error).message.slice(0, 600)}`);
    }
  }
  assert.equal(mismatches, 0, `${mismatches} of ${vectors.length} vectors differ; first ones:\n${first.join("\n\n")}`);
  assert.ok(verdicts.has("none") && verdicts.has("recreate"));
});

function workload(kind: string, apiVersion: string, image: string, extra: Record<string, unknown> = {}, labels: Record<string, string> = {}): Record<string, unknown> {
  return {
    apiVersion, kind, metadata: { name: "web" },
    spec: { ...extra, selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web", ...labels } }, spec: { initContainers: [{ name: "init", image: "busybox" }], containers: [{ name: "app", image, resources: { limits: { memory: "1Gi", cpu: "1" } } }, { name: "side", image: "envoy:1" }] } } },
  };
}

function verdict(old: unknown, next: unknown, extra: Record<string, unknown> = {}): any {
  const a = ask({ op: "verdict", old, new: next, ...extra });
  assert.ok(a.ok, JSON.stringify(a));
  return a.result;
}

test("native kinds: each controller's own template comparison", () => {
  const dep = (img: string, labels = {}, mem = "1Ki") => {
    const w = workload("Deployment", "apps/v1", img, {}, labels) as any;
    w.spec.template.spec.containers[0].resources.limits.memory = mem;
    return w;
  };
  // image bump: every pod recreated, the reason on the image path
  const r = verdict(dep("nginx:1.20"), dep("nginx:1.21"));
  assert.equal(r.verdict, "recreate");
  assert.deepStrictEqual(r.containers, [{ name: "init", action: "recreate", init: true }, { name: "app", action: "recreate" }, { name: "side", action: "recreate" }]);
  assert.deepStrictEqual(r.reasons.map((x: any) => [x.path, x.effect]), [["/spec/template/spec/containers/0/image", "recreate"]]);
  assert.deepStrictEqual(r.patches.json, [{ op: "replace", path: "/spec/containers/0/image", value: "nginx:1.21" }]);
  // the same quantity spelled differently is Semantic.DeepEqual: no new ReplicaSet ...
  const same = verdict(dep("a"), dep("a", {}, "1024"));
  assert.equal(same.verdict, "none");
  assert.deepStrictEqual(same.reasons.map((x: any) => x.effect), ["none"]);
  // ... and the pod-template-hash label is ignored (EqualIgnoreHash) ...
  assert.equal(verdict(dep("a"), dep("a", { "pod-template-hash": "x" })).verdict, "none");
  // ... but a StatefulSet compares its revision bytes: both are new revisions
  const sts = (img: string, labels = {}, mem = "1Ki") => ({ ...dep(img, labels, mem), kind: "StatefulSet" });
  assert.equal(verdict(sts("a"), sts("a", {}, "1024")).verdict, "recreate");
  assert.equal(verdict(sts("a"), sts("a", { "pod-template-hash": "x" })).verdict, "recreate");
  // OnDelete and ReplicaSet say when pods actually change
  const od = (img: string) => ({ ...sts(img), spec: { ...(sts(img) as any).spec, updateStrategy: { type: "OnDelete" } } });
  assert.match(verdict(od("a"), od("b")).reasons[0].message, /OnDelete/);
  const rs = (img: string) => ({ ...dep(img), kind: "ReplicaSet" });
  assert.match(verdict(rs("a"), rs("b")).reasons[0].message, /never updates running pods/);
  // changes outside the template: none, each reason with effect none
  const scaled = dep("a");
  (scaled as any).spec.replicas = 7;
  const sc = verdict(dep("a"), scaled);
  assert.equal(sc.verdict, "none");
  assert.deepStrictEqual(sc.reasons, [{ path: "/spec/replicas", effect: "none", message: "outside the pod template: running pods are not changed" }]);
  // text input and the request kind override give the same answer
  assert.deepStrictEqual(ask({ op: "verdict", oldText: JSON.stringify(dep("a")), new: dep("b"), kind: "Deployment" }).result, verdict(dep("a"), dep("b")));
});

test("OpenKruise kinds under ReCreate: any template change recreates pods", () => {
  const cs = (img: string) => workload("CloneSet", "apps.kruise.io/v1alpha1", img, { updateStrategy: { type: "ReCreate" } });
  const r = verdict(cs("a"), cs("b"));
  assert.equal(r.verdict, "recreate");
  assert.equal(r.strategy, "ReCreate");
  assert.equal(verdict(cs("a"), cs("a")).verdict, "none");
  const ads = (img: string) => workload("DaemonSet", "apps.kruise.io/v1alpha1", img);
  assert.deepStrictEqual([verdict(ads("a"), ads("b")).kind, verdict(ads("a"), ads("b")).strategy], ["AdvancedDaemonSet", "ReCreate"]);
  const asts = (img: string) => workload("StatefulSet", "apps.kruise.io/v1beta1", img);
  assert.equal(verdict(asts("a"), asts("b"), { strategy: "ReCreate" }).kind, "AdvancedStatefulSet");
});

test("OpenKruise in-place: containers, reasons' own effects, and the pod patch PatchSpecToPod makes at `now`", () => {
  const cs = (img: string, type: string, env: unknown[] = [], labels: Record<string, string> = {}) => {
    const w = workload("CloneSet", "apps.kruise.io/v1alpha1", img, { updateStrategy: { type } }, labels) as any;
    w.spec.template.spec.containers[0].env = env;
    return w;
  };
  const r = verdict(cs("a", "InPlaceIfPossible"), cs("b", "InPlaceIfPossible", [], { x: "1" }), { now: "2026-11-21T10:00:00Z" });
  assert.equal(r.verdict, "in-place");
  assert.deepStrictEqual(r.containers.map((c: any) => c.action), ["keep", "restart", "keep"]);
  assert.deepStrictEqual(r.reasons.map((x: any) => [x.path, x.effect]), [["/spec/template/metadata/labels/x", "in-place"], ["/spec/template/spec/containers/0/image", "restart"]]);
  const state = JSON.parse(r.patches.pod.metadata.annotations["apps.kruise.io/inplace-update-state"]);
  // the real ControllerRevision name of the new revision (the `revision` op's), as the CloneSet's revision adapter writes it
  const rev = ask({ op: "revision", kind: "CloneSet", object: cs("b", "InPlaceIfPossible", [], { x: "1" }) }).result!.name as string;
  assert.equal(r.patches.pod.metadata.labels["controller-revision-hash"], rev);
  assert.deepStrictEqual(state, { revision: rev, updateTimestamp: "2026-11-21T10:00:00Z", lastContainerStatuses: null, updateImages: true, containerBatchesRecord: [{ timestamp: "2026-11-21T10:00:00Z", containers: ["app"] }] });
  assert.equal(r.patches.pod.metadata.labels.x, "1");
  assert.equal(r.patches.pod.spec.containers[0].image, "b");
  // no `now`: no pod patch
  assert.equal(verdict(cs("a", "InPlaceIfPossible"), cs("b", "InPlaceIfPossible")).patches.pod, null);
  // an env edit besides: recreated, the image path keeps its own effect
  const env = verdict(cs("a", "InPlaceIfPossible", [{ name: "A", value: "1" }]), cs("b", "InPlaceIfPossible", [{ name: "A", value: "2" }]));
  assert.equal(env.verdict, "recreate");
  assert.deepStrictEqual(env.reasons.map((x: any) => x.effect), ["recreate", "restart"]);
  // InPlaceOnly: the webhook refuses the env edit
  const only = verdict(cs("a", "InPlaceOnly", [{ name: "A", value: "1" }]), cs("b", "InPlaceOnly", [{ name: "A", value: "2" }]));
  assert.equal(only.verdict, "rejected");
  assert.match(only.reasons[0].message, /only allowed to update images in spec for InPlaceOnly, but found replace \/containers\/0\/env\/0\/value/);
});

test("generated pairs: unchanged templates give none, containers follow the new template, reasons are sorted", () => {
  fc.assert(
    fc.property(fc.constantFrom("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "CloneSet"), template, fc.nat(9), (kind, t, n) => {
      const w = wrap(kind, t, n, kind === "CloneSet" ? "ReCreate" : undefined);
      const r = verdict(w, structuredClone(w));
      assert.equal(r.verdict, "none");
      assert.deepStrictEqual(r.reasons, []);
      assert.deepStrictEqual(r.patches, { json: [], merge: {}, strategic: {}, pod: null });
    }),
    { numRuns: cases(60), interruptAfterTimeLimit: 20_000 },
  );
  fc.assert(
    fc.property(fc.constantFrom("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet").chain((k) => pair(k)), (p) => {
      const r = verdict(p.old, p.new);
      const t = p.new.spec.template.spec;
      assert.deepStrictEqual(r.containers.map((c: any) => c.name), [...(t.initContainers ?? []), ...t.containers].map((c: any) => c.name));
      assert.ok(r.containers.every((c: any) => c.action === (r.verdict === "recreate" ? "recreate" : "keep")));
      const paths = r.reasons.map((x: any) => x.path);
      assert.deepStrictEqual(paths, [...paths].sort());
      if (r.verdict === "recreate") assert.ok(r.reasons.some((x: any) => x.effect === "recreate"));
    }),
    { numRuns: cases(200), interruptAfterTimeLimit: 30_000 },
  );
});

test("bad input: typed errors naming the field, the engine keeps working", () => {
  const d = workload("Deployment", "apps/v1", "a");
  const cases: [Record<string, unknown>, string, string | undefined][] = [
    [{ new: d }, "E_BAD_REQUEST", "old"],
    [{ old: d }, "E_BAD_REQUEST", "new"],
    [{ old: { ...d, kind: "ConfigMap" }, new: d }, "E_UNSUPPORTED_KIND", "old.kind"],
    [{ old: { metadata: {} }, new: d }, "E_BAD_REQUEST", "old.kind"],
    [{ old: d, new: { ...d, kind: "StatefulSet" } }, "E_BAD_REQUEST", "new.kind"],
    [{ old: d, new: d, kind: "Job" }, "E_UNSUPPORTED_KIND", "kind"],
    [{ old: d, new: d, kubernetes: "1.99" }, "E_UNSUPPORTED_VERSION", "kubernetes"],
    [{ old: d, new: d, kubelet: "2.0" }, "E_UNSUPPORTED_VERSION", "kubelet"],
    [{ old: d, new: d, gates: { NoSuchGate: true } }, "E_BAD_REQUEST", "gates"],
    [{ old: d, new: d, gates: { InPlacePodVerticalScaling: "yes" } }, "E_BAD_REQUEST", "gates"],
    [{ old: d, new: d, gates: [] }, "E_BAD_REQUEST", "gates"],
    [{ old: d, new: d, strategy: "InPlaceIfPossible" }, "E_BAD_REQUEST", "strategy"],
    [{ old: d, new: d, kruise: "1.9" }, "E_BAD_REQUEST", "kruise"],
    [{ old: d, new: d, kruise: "1.4" }, "E_BAD_REQUEST", "kruise"],
    [{ old: workload("CloneSet", "apps.kruise.io/v1alpha1", "a"), new: workload("CloneSet", "apps.kruise.io/v1alpha1", "b"), kruise: "1.4" }, "E_UNSUPPORTED_VERSION", "kruise"],
    [{ old: workload("CloneSet", "apps.kruise.io/v1alpha1", "a"), new: workload("CloneSet", "apps.kruise.io/v1alpha1", "b"), kruise: "1.5", kubernetes: "1.32" }, "E_UNSUPPORTED_VERSION", "kubernetes"],
    [{ old: d, new: d, colour: 1 }, "E_BAD_REQUEST", "colour"],
    [{ oldText: "{\"kind\":", new: d }, "E_JSON_SYNTAX", undefined],
    [{ old: { ...d, spec: { replicas: "three" } }, new: d }, "E_JSON_TYPE", "old"],
    [{ old: { ...d, spec: { template: { spec: { containers: [{ name: "a", resources: { limits: { cpu: "1x" } } }] } } } }, new: d }, "E_QUANTITY", "old"],
    [{ old: workload("CloneSet", "apps.kruise.io/v1alpha1", "a"), new: workload("CloneSet", "apps.kruise.io/v1alpha1", "b"), kubernetes: "1.30" }, "E_UNSUPPORTED_VERSION", "kubernetes"],
    [{ old: workload("CloneSet", "apps.kruise.io/v1alpha1", "a"), new: workload("CloneSet", "apps.kruise.io/v1alpha1", "b"), strategy: "Rolling" }, "E_BAD_REQUEST", "strategy"],
  ];
  for (const [req, code, path] of cases) {
    const a = ask({ op: "verdict", ...req });
    assert.equal(a.ok, false, JSON.stringify(req).slice(0, 200));
    assert.equal(a.error!.code, code, JSON.stringify(a));
    if (path !== undefined) assert.equal(a.error!.path, path, JSON.stringify(a));
    // still works
    assert.equal(verdict(d, workload("Deployment", "apps/v1", "b")).verdict, "recreate");
  }
});

test("a refused update that changes thousands of paths: each error's text once, the other paths refer to it (the answer stays linear)", () => {
  const labels: Record<string, string> = {};
  for (let i = 0; i < 5000; i++) labels[`app.kubernetes.io/l${i}`] = String(i);
  for (const [apiVersion, kind] of [["apps/v1", "Deployment"], ["apps.kruise.io/v1beta1", "StatefulSet"]]) {
    const obj = (l: Record<string, string>) => ({
      apiVersion, kind, metadata: { name: "web", namespace: "default" },
      spec: { replicas: 2, selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: l }, spec: { containers: [{ name: "c", image: "nginx:1" }] } } },
    });
    const text = JSON.stringify({ op: "verdict", old: obj({ app: "web" }), new: obj(labels) });
    const out = decoder.decode(kinplace.evaluateLine(encoder.encode(text)));
    const a = JSON.parse(out);
    assert.ok(a.ok, out.slice(0, 300));
    assert.equal(a.result.verdict, "rejected", kind);
    // the labels no longer match the selector: one error printing the whole map, 5,001 changed label paths
    assert.ok(a.result.reasons.length > 5000, `${a.result.reasons.length} reasons`);
    assert.ok(out.length < 20 * text.length, `${kind}: ${out.length} bytes answer to a ${text.length}-byte request`);
  }
});

test("a refused update whose changed field has its own error under a wider one: one reason per path, the field's own error there", () => {
  const cs = (labels: Record<string, string>, app: Record<string, unknown>) => ({
    apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "web", namespace: "default" },
    spec: {
      replicas: 2, selector: { matchLabels: { app: "api" } }, updateStrategy: { type: "InPlaceOnly" },
      template: { metadata: { labels: { app: "api", ...labels } }, spec: { containers: [{ name: "app", image: "busybox:1.21", ...app }] } },
    },
  });
  const a = ask({ op: "verdict", old: cs({ team: "a" }, { resources: { limits: { cpu: "500m" } } }), new: cs({ team: "c" }, { resources: { limits: { cpu: "500m" }, requests: { cpu: "1" } } }) });
  assert.ok(a.ok, JSON.stringify(a));
  assert.equal(a.result.verdict, "rejected");
  const reasons = a.result.reasons as { path: string; message: string }[];
  const paths = reasons.map((r) => r.path);
  assert.deepEqual(paths, [...new Set(paths)], "no path twice");
  // InPlaceOnly's "spec: Forbidden" covers every path; the requests path carries its own, deeper error
  const requests = reasons.find((r) => r.path === "/spec/template/spec/containers/0/resources/requests")!;
  assert.match(requests.message, /resources\.requests: Invalid value: "1": must be less than or equal to cpu limit of 500m/);
  assert.match(reasons.find((r) => r.path === "/spec/template/metadata/labels/team")!.message, /^spec: Forbidden: only allowed to update images/);
});
