// OpenKruise in-place update ops: the golden vectors the real kruise v1.9.0 answered
// (test/vectors/kruise-inplace.jsonl.gz, written by test/oracle/kruise-inplace.test.ts with
// KINPLACE_KRUISE_VECTORS), the worked examples of upstream's unit tests (pkg/util/inplaceupdate
// inplace_update_test.go, inplace_update_defaults_test.go, cloneset_update_test.go; ../shared/spec/kruise.md
// §9), the v1.8 differences, and bad input.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./support/engine.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

type Answer = { ok: boolean; result?: Record<string, any>; error?: { code: string; message: string; path?: string } };

/** The sentinel integers beyond 2^53 of the generated pods written exactly (as test/oracle/kruise-inplace-gen.ts `exactInts`): JSON.parse rounds them. */
function exactInts(text: string): string {
  return text.replaceAll("9007199254740992", "9007199254740993").replaceAll("9223372036854776000", "9223372036854775807");
}

function ask(req: object | string): Answer {
  const line = typeof req === "string" ? req : exactInts(JSON.stringify(req));
  return JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(line)))) as Answer;
}

/** A ControllerRevision around a CloneSet-style template. */
function rev(name: string, template: object, annotations?: Record<string, string>) {
  return { metadata: { name, ...(annotations ? { annotations } : {}) }, data: { spec: { template: { $patch: "replace", ...template } } } };
}

function spec(oldT: object, newT: object, extra: object = {}): Answer {
  return ask({ op: "kruise.inplaceSpec", oldRevision: rev("old-revision", oldT), newRevision: rev("new-revision", newT), ...extra });
}

const b64 = (s: string) => Buffer.from(s, "base64").toString("utf8");

test("golden vectors kruise-inplace.jsonl.gz: the engine answers as OpenKruise v1.9.0 did", () => {
  const lines = gunzipSync(readFileSync(new URL("./vectors/kruise-inplace.jsonl.gz", import.meta.url))).toString("utf8").split("\n").filter(Boolean);
  assert.ok(lines.length >= 3000, `${lines.length} vectors, expected at least 3000`);
  let mismatches = 0;
  const first: string[] = [];
  const ops = new Map<string, number>();
  for (const l of lines) {
    const v = JSON.parse(l) as { request: string; answer: Answer };
    const op = (JSON.parse(v.request) as { op: string }).op;
    ops.set(op, (ops.get(op) ?? 0) + 1);
    const got = ask(v.request);
    const reasons = got.result?.reasons as { inPlace: boolean }[] | undefined;
    if (reasons) {
      delete got.result!.reasons;
      if (reasons.every((r) => r.inPlace) !== got.result!.inPlace) { mismatches++; first.push(`reasons disagree: ${v.request.slice(0, 300)}`); continue; }
    }
    const violations = got.result?.violations as string[] | undefined;
    if (violations !== undefined) {
      // kruise.strategy: Kruise names the first offending operation in Go's random map order
      delete got.result!.violations;
      const said = v.answer.result?.message as string | undefined;
      if (said !== undefined && violations.some((x) => said.includes(`found ${x}`) || said.includes(`strategy: ${x},`))) got.result!.message = said;
    }
    const exp = v.answer.ok ? { ok: true, result: v.answer.result } : { ok: false, error: v.answer.error };
    try {
      assert.deepStrictEqual(got.ok ? { ok: true, result: got.result } : { ok: false, error: got.error }, exp);
    } catch (e) {
      mismatches++;
      if (first.length < 3) first.push((e as Error).message.slice(0, 1500));
    }
  }
  const n = (op: string) => ops.get(op) ?? 0;
  assert.ok(n("kruise.inplaceSpec") >= 600 && n("kruise.strategy") >= 600 && n("kruise.update") >= 600 && n("kruise.refresh") >= 600 &&
    n("kruise.patchPod") >= 250 && n("kruise.completed") >= 350, JSON.stringify([...ops]));
  assert.equal(mismatches, 0, `${mismatches} of ${lines.length} vectors differ:\n${first.join("\n\n")}`);
});

test("golden vectors kruise-shape.jsonl.gz: revision data of odd shapes read as Kruise's encoding/json reads it", () => {
  const lines = gunzipSync(readFileSync(new URL("./vectors/kruise-shape.jsonl.gz", import.meta.url))).toString("utf8").split("\n").filter(Boolean);
  assert.ok(lines.length >= 15, `${lines.length} vectors`);
  let inPlace = 0;
  for (const l of lines) {
    const v = JSON.parse(l) as { request: string; answer: Answer };
    const got = ask(v.request);
    delete got.result?.reasons;
    assert.deepStrictEqual(got, v.answer, v.request.slice(0, 600));
    if (v.answer.result?.inPlace) inPlace++;
  }
  assert.ok(inPlace >= 5, `only ${inPlace} in-place answers`);
});

test("kruise.patchPods answers each pod as kruise.patchPod did upstream (golden patchPod vectors, each pod twice in one request)", () => {
  const lines = gunzipSync(readFileSync(new URL("./vectors/kruise-inplace.jsonl.gz", import.meta.url))).toString("utf8").split("\n").filter(Boolean);
  let batches = 0;
  let failed = 0;
  for (const l of lines) {
    const v = JSON.parse(l) as { request: string; answer: Answer };
    const req = JSON.parse(v.request) as Record<string, unknown>;
    if (req.op !== "kruise.patchPod") continue;
    const { op: _op, pod, podText, ...rest } = req;
    const p = pod ?? JSON.parse(podText as string);
    // the same pod twice: the state PatchSpecToPod changes must start afresh for the second one
    const got = ask({ op: "kruise.patchPods", pods: [p, p], ...rest });
    batches++;
    if (!v.answer.ok) {
      // upstream refused this pod: so does the batch (same code and message; the path names the pod unless the field does)
      assert.equal(got.ok, false, v.request.slice(0, 300));
      assert.equal(got.error!.code, v.answer.error!.code);
      assert.equal(got.error!.message.replace("\"pods[0]\"", "\"pod\""), v.answer.error!.message);
      failed++;
      continue;
    }
    assert.deepEqual(got, { ok: true, result: { results: [v.answer.result, v.answer.result] } }, v.request.slice(0, 300));
  }
  assert.ok(batches >= 300, `${batches} patchPod vectors`);
  // one request for pods of different shapes gives each pod's own answer
  const spec0 = { revision: "r2", containerImages: { a: "a2" } };
  const pods = [{ spec: { containers: [{ name: "a", image: "a1" }] } }, { metadata: { name: "x" }, spec: { containers: [{ name: "b", image: "b1" }, { name: "a", image: "a0" }] } }, {}];
  const many = ask({ op: "kruise.patchPods", pods, updateSpec: spec0, now: "2026-01-01T00:00:00Z" });
  assert.deepEqual(many.result!.results, pods.map((pod) => ask({ op: "kruise.patchPod", pod, updateSpec: spec0, now: "2026-01-01T00:00:00Z" }).result));
  assert.deepEqual(ask({ op: "kruise.patchPods", pods: [], updateSpec: spec0, now: "2026-01-01T00:00:00Z" }), { ok: true, result: { results: [] } });
  assert.deepEqual(ask({ op: "kruise.patchPods", pods: {}, updateSpec: spec0, now: "2026-01-01T00:00:00Z" }).error, { code: "E_BAD_REQUEST", message: "\"pods\" must be an array of Pod objects", path: "pods" });
  assert.deepEqual(ask({ op: "kruise.patchPods", pods: [{}, 3], updateSpec: spec0, now: "2026-01-01T00:00:00Z" }).error, { code: "E_BAD_REQUEST", message: "\"pods[1]\" must be a Pod object", path: "pods[1]" });
  assert.equal(ask({ op: "kruise.patchPods", pods: [{ spec: { containers: "x" } }], updateSpec: spec0, now: "2026-01-01T00:00:00Z" }).error!.path, "pods[0]");
  assert.equal(ask({ op: "kruise.patchPods", updateSpec: spec0, now: "2026-01-01T00:00:00Z" }).error!.path, "pods");
  assert.equal(ask({ op: "kruise.patchPods", pods: [{}], updateSpec: spec0, now: "x" }).error!.path, "now");
  assert.ok(ask({ op: "kruise.patchPods", pods: [{}], updateSpec: spec0, now: "2026-01-01T00:00:00Z" }).ok, "the engine keeps working");
});

test("worked examples: CalculateInPlaceUpdateSpec (TestCalculateInPlaceUpdateSpec cases)", () => {
  const c = (image: string, extra: object = {}) => ({ name: "c1", image, ...extra });
  // E1: image only
  let a = spec({ spec: { containers: [c("foo1")] } }, { spec: { containers: [c("foo2")] } });
  assert.equal(a.result!.updateSpec, `{"revision":"new-revision","containerImages":{"c1":"foo2"}}`);
  assert.deepEqual(a.result!.reasons, [{ path: "/spec/containers/0/image", op: "replace", inPlace: true, message: "in-place: image of container \"c1\" becomes \"foo2\"" }]);
  // E2: label added + image
  a = spec({ metadata: { labels: { k: "v" } }, spec: { containers: [c("foo1")] } }, { metadata: { labels: { k: "v", k1: "v1" } }, spec: { containers: [c("foo2")] } });
  let s = JSON.parse(a.result!.updateSpec);
  assert.deepEqual(s.containerImages, { c1: "foo2" });
  assert.equal(b64(s.metaDataPatch), `{"metadata":{"labels":{"k1":"v1"}}}`);
  // E3: env from metadata
  const env = { env: [{ name: "TEST_ENV", valueFrom: { fieldRef: { fieldPath: "metadata.labels['k']" } } }] };
  a = spec({ metadata: { labels: { k: "v" } }, spec: { containers: [c("foo1", env)] } }, { metadata: { labels: { k: "v2", k1: "v1" } }, spec: { containers: [c("foo2", env)] } });
  s = JSON.parse(a.result!.updateSpec);
  assert.deepEqual(s.containerRefMetadata, { c1: { creationTimestamp: null, labels: { k: "v2" } } });
  assert.equal(b64(s.metaDataPatch), `{"metadata":{"labels":{"k1":"v1"}}}`);
  assert.equal(s.updateEnvFromMetadata, true);
  // ... the gate off: still in place, but only as a metadata patch
  a = spec({ metadata: { labels: { k: "v" } }, spec: { containers: [c("foo1", env)] } }, { metadata: { labels: { k: "v2" } }, spec: { containers: [c("foo1", env)] } }, { gates: { InPlaceUpdateEnvFromMetadata: false } });
  s = JSON.parse(a.result!.updateSpec);
  assert.equal(s.updateEnvFromMetadata, undefined);
  assert.equal(b64(s.metaDataPatch), `{"metadata":{"labels":{"k":"v2"}}}`);
  // E4: finalizers + label removal
  a = spec({ metadata: { labels: { k: "v", k2: "v2" }, finalizers: ["fz1", "fz2"] }, spec: { containers: [c("foo1")] } },
    { metadata: { labels: { k: "v", k1: "v1" }, finalizers: ["fz2"] }, spec: { containers: [c("foo1")] } });
  assert.equal(b64(JSON.parse(a.result!.updateSpec).metaDataPatch), `{"metadata":{"$deleteFromPrimitiveList/finalizers":["fz1"],"$setElementOrder/finalizers":["fz2"],"labels":{"k1":"v1","k2":null}}}`);
  // E12: a whole annotations map added is not env-triggered even when referenced
  const envA = { env: [{ name: "CFG", valueFrom: { fieldRef: { fieldPath: "metadata.annotations['cfg']" } } }] };
  a = spec({ metadata: { labels: { app: "a" } }, spec: { containers: [c("x", envA)] } }, { metadata: { labels: { app: "a" }, annotations: { cfg: "v2" } }, spec: { containers: [c("x", envA)] } });
  s = JSON.parse(a.result!.updateSpec);
  assert.equal(s.updateEnvFromMetadata, undefined);
  assert.equal(b64(s.metaDataPatch), `{"metadata":{"annotations":{"cfg":"v2"}}}`);
  // a template without any metadata gaining some is an `add /metadata`: recreate (real revisions always
  // carry metadata.creationTimestamp: null, so this only happens to hand-made revisions)
  a = spec({ spec: { containers: [c("x")] } }, { metadata: { annotations: { cfg: "v2" } }, spec: { containers: [c("x")] } });
  assert.equal(a.result!.inPlace, false);
  // recreate cases
  for (const [o, n, why] of [
    [{ spec: { containers: [c("x", { env: [{ name: "A", value: "1" }] })] } }, { spec: { containers: [c("x", { env: [{ name: "A", value: "2" }] })] } }, "/spec/containers/0/env/0/value"],
    [{ spec: { initContainers: [c("a")], containers: [c("x")] } }, { spec: { initContainers: [c("b")], containers: [c("x")] } }, "/spec/initContainers/0/image"],
    [{ spec: { containers: [c("x")] } }, { spec: { containers: [c("x"), { name: "c2", image: "y" }] } }, "/spec/containers/1"],
  ] as const) {
    a = spec(o, n);
    assert.equal(a.result!.inPlace, false);
    assert.equal(a.result!.updateSpec, null);
    assert.ok(a.result!.reasons.some((r: { path: string; inPlace: boolean }) => r.path === why && !r.inPlace), JSON.stringify(a.result!.reasons));
  }
  // E8: the grace period is carried into the spec (what the grace annotation holds)
  a = ask({ op: "kruise.inplaceSpec", oldRevision: rev("rev_old", { spec: { containers: [c("foo1")] } }), newRevision: rev("rev_new", { spec: { containers: [c("foo2")] } }), gracePeriodSeconds: 3630 });
  assert.equal(a.result!.updateSpec, `{"revision":"rev_new","containerImages":{"c1":"foo2"},"graceSeconds":3630}`);
});

test("worked examples: vertical scaling (TestDefaultCalculateInPlaceUpdateSpec) and the VCT gate", () => {
  const res = (rc: string, rm: string) => ({ limits: { cpu: "2", memory: "4Gi", "sigma/eni": "2" }, requests: { cpu: rc, memory: rm, "sigma/eni": "2" } });
  const t = (img: string, r1: object, r2: object, policy?: string) => ({ spec: { containers: [{ name: "nginx", image: img, resources: r1, ...(policy ? { imagePullPolicy: policy } : {}) }, { name: "nginx2", image: "nginx", resources: r2 }] } });
  const on = { gates: { InPlaceWorkloadVerticalScaling: true } };
  const base = t("nginx:stable-alpine22", res("1", "2Gi"), res("1", "2Gi"));
  let a = spec(base, t("nginx:stable-alpine22", res("2", "2Gi"), res("1", "2Gi")), on);
  assert.equal(a.result!.updateSpec, `{"revision":"new-revision","containerResources":{"nginx":{"requests":{"cpu":"2"}}}}`);
  a = spec(base, t("nginx:stable-alpine23", res("2", "2Gi"), res("1", "2Gi")), on);
  assert.deepEqual(JSON.parse(a.result!.updateSpec).containerImages, { nginx: "nginx:stable-alpine23" });
  a = spec(base, t("nginx:stable-alpine22", res("2", "2Gi"), res("1", "2Gi"), "Always"), on);
  assert.equal(a.result!.inPlace, false);
  // both containers to requests == limits: Burstable → Guaranteed
  a = spec(base, t("nginx:stable-alpine22", { limits: { cpu: "2", memory: "4Gi" }, requests: { cpu: "2", memory: "4Gi" } }, { limits: { cpu: "2", memory: "4Gi" }, requests: { cpu: "2", memory: "4Gi" } }), on);
  assert.equal(a.result!.inPlace, false);
  a = spec(base, t("nginx:stable-alpine22", res("2", "4Gi"), res("1", "2Gi")), on);
  assert.deepEqual(JSON.parse(a.result!.updateSpec).containerResources, { nginx: { requests: { cpu: "2", memory: "4Gi" } } });
  // gate off: resources recreate
  assert.equal(spec(base, t("nginx:stable-alpine22", res("2", "2Gi"), res("1", "2Gi"))).result!.inPlace, false);
  // VCT hash: only with the gate, only when both revisions carry it
  const vct = (h: string) => ({ "kruise.io/cloneset-volumeclaimtemplate-hash": h });
  const r = (gate: boolean, a1?: Record<string, string>, a2?: Record<string, string>) =>
    ask({ op: "kruise.inplaceSpec", oldRevision: rev("a", base, a1), newRevision: rev("b", base, a2), gates: { RecreatePodWhenChangeVCTInCloneSetGate: gate } }).result!.inPlace;
  assert.equal(r(true, vct("1"), vct("2")), false);
  assert.equal(r(false, vct("1"), vct("2")), true);
  assert.equal(r(true, undefined, vct("2")), true);
  assert.equal(r(true, vct("1"), vct("1")), true);
});

test("worked examples: PatchUpdateSpecToPod batches by launch priority (TestDefaultPatchUpdateSpecToPod)", () => {
  const barrier = (p: number) => [{ name: "KRUISE_CONTAINER_BARRIER", valueFrom: { configMapKeyRef: { name: "p-barrier", key: `p_${p}` } } }];
  const pod = {
    metadata: { name: "p" },
    spec: { containers: [20, 10, 0, 0].map((p, i) => ({ name: `c${i + 1}`, image: `c${i + 1}-img`, env: barrier(p) })) },
    status: { containerStatuses: [1, 2, 3, 4].map((i) => ({ name: `c${i}`, imageID: `containerd://c${i}-img` })) },
  };
  const now = "2026-01-02T03:04:05Z";
  let a = ask({ op: "kruise.patchPod", pod, updateSpec: { revision: "new", containerImages: { c1: "c1-new", c2: "c2-new", c4: "c4-new" } }, now });
  let st = JSON.parse(a.result!.state);
  assert.deepEqual(st.lastContainerStatuses, { c1: { imageID: "containerd://c1-img" } });
  assert.deepEqual(st.nextContainerImages, { c2: "c2-new", c4: "c4-new" });
  assert.deepEqual(st.preCheckBeforeNext, { containersRequiredReady: ["c1"] });
  assert.deepEqual(st.containerBatchesRecord, [{ timestamp: now, containers: ["c1"] }]);
  let p = JSON.parse(a.result!.pod);
  assert.equal(p.spec.containers[0].image, "c1-new");
  assert.equal(p.metadata.annotations["apps.kruise.io/inplace-update-state"], a.result!.state);
  // batch 2 and 3, as updateNextBatch builds the spec from the state
  a = ask({ op: "kruise.patchPod", podText: a.result!.pod, updateSpec: { containerImages: st.nextContainerImages }, stateText: a.result!.state, now: "2026-01-02T03:05:00Z" });
  st = JSON.parse(a.result!.state);
  assert.deepEqual(st.nextContainerImages, { c4: "c4-new" });
  assert.deepEqual(st.preCheckBeforeNext, { containersRequiredReady: ["c2"] });
  a = ask({ op: "kruise.patchPod", podText: a.result!.pod, updateSpec: { containerImages: st.nextContainerImages }, stateText: a.result!.state, now: "2026-01-02T03:06:00Z" });
  st = JSON.parse(a.result!.state);
  assert.equal(st.nextContainerImages, undefined);
  assert.equal(st.preCheckBeforeNext, undefined);
  assert.equal(st.containerBatchesRecord.length, 3);
  assert.deepEqual(Object.keys(st.lastContainerStatuses), ["c1", "c2", "c4"]);
  // env from metadata: c3 joins c2's batch through the shared label
  a = ask({ op: "kruise.patchPod", pod, now, updateSpec: { revision: "new", containerImages: { c2: "c2-new" }, containerRefMetadata: { c2: { labels: { "label-k2": "bar" } }, c3: { labels: { "label-k2": "bar" } } } } });
  st = JSON.parse(a.result!.state);
  assert.deepEqual(st.containerBatchesRecord[0].containers, ["c2", "c3"]);
  assert.equal(JSON.parse(a.result!.pod).metadata.labels["label-k2"], "bar");
  // E7: the state of a CloneSet in-place update (cloneset_update_test.go "inplace update")
  a = ask({ op: "kruise.patchPod", now, pod: { metadata: { name: "p" }, spec: { containers: [{ name: "c1", image: "foo1" }] }, status: { containerStatuses: [{ name: "c1", imageID: "image-id-xyz" }] } },
    updateSpec: { revision: "rev_new", containerImages: { c1: "foo2" } } });
  assert.equal(a.result!.state, `{"revision":"rev_new","updateTimestamp":"${now}","lastContainerStatuses":{"c1":{"imageID":"image-id-xyz"}},"updateImages":true,"containerBatchesRecord":[{"timestamp":"${now}","containers":["c1"]}]}`);
});

test("serverVersion and kruise 1.8 decide between the resize subresource and the spec", () => {
  const pod = { metadata: { name: "p" }, spec: { containers: [{ name: "c1", image: "x", resources: { limits: { cpu: "2" }, requests: { cpu: "1" } } }] } };
  const updateSpec = { revision: "r", containerResources: { c1: { requests: { cpu: "1500m" } } } };
  const base = { op: "kruise.patchPod", pod, updateSpec, now: "2026-01-01T00:00:00Z", gates: { InPlaceWorkloadVerticalScaling: true } };
  let a = ask({ ...base, serverVersion: "1.32" });
  assert.equal(a.result!.resizePatch, `{"spec":{"containers":[{"name":"c1","resources":{"requests":{"cpu":"1500m"}}}]}}`);
  assert.equal(JSON.parse(a.result!.pod).spec.containers[0].resources.requests.cpu, "1");
  a = ask({ ...base, serverVersion: "1.31" });
  assert.equal(a.result!.resizePatch, null);
  assert.equal(JSON.parse(a.result!.pod).spec.containers[0].resources.requests.cpu, "1500m");
  a = ask({ ...base, serverVersion: "1.33", kruise: "1.8" });
  assert.equal(a.result!.resizePatch, null, "v1.8.x has no resize subresource path");
  assert.equal(JSON.parse(a.result!.pod).spec.containers[0].resources.requests.cpu, "1500m");
});

test("completion checks and their messages (TestCheckInPlaceUpdateCompleted)", () => {
  const state = (s: object) => JSON.stringify({ revision: "r", updateTimestamp: "2026-01-01T00:00:00Z", ...s });
  const pod = (ann: Record<string, string>, image: string, statuses: object[]) => ({ metadata: { annotations: ann }, spec: { containers: [{ name: "c1", image }] }, status: { containerStatuses: statuses } });
  const done = (p: object, extra: object = {}) => ask({ op: "kruise.completed", pod: p, ...extra }).result!;
  const key = "apps.kruise.io/inplace-update-state";
  assert.deepEqual(done(pod({ [key]: state({ lastContainerStatuses: { c1: { imageID: "img01" } } }) }, "image02", [{ name: "c1", image: "image02", imageID: "img02" }])), { completed: true });
  assert.deepEqual(done(pod({ [key]: state({ lastContainerStatuses: { c1: { imageID: "img01" } } }) }, "image02", [{ name: "c1", image: "image01", imageID: "img01" }])), { completed: false, message: "container c1 imageID not changed" });
  assert.deepEqual(done(pod({ [key]: state({ lastContainerStatuses: { c1: { imageID: "img01" } } }) }, "image02", [])), { completed: false, message: "not found statuses of containers map[c1:{img01}]" });
  assert.deepEqual(done(pod({}, "x", [])), { completed: true });
  assert.deepEqual(done(pod({ "apps.kruise.io/inplace-update-grace": "{}", [key]: state({}) }, "x", [])), { completed: false, message: "still in grace period of in-place update" });
  assert.deepEqual(done(pod({ [key]: state({ nextContainerImages: { c2: "y" } }) }, "x", [])), { completed: false, message: "existing containers to in-place update in next batches" });
  assert.deepEqual(done(pod({ [key]: state({ updateEnvFromMetadata: true }) }, "x", [])), { completed: false, message: "waiting for all containers hash consistent, but runtime-container-meta not found" });
  // ":latest" normalization (kruise#418): an untagged spec image matches the status' ":latest"
  assert.deepEqual(done(pod({ [key]: state({ lastContainerStatuses: { c1: { imageID: "img01" } } }) }, "nginx", [{ name: "c1", image: "nginx:latest", imageID: "img01" }])), { completed: true });
});

test("strategy outcomes and webhook texts (CloneSet v1alpha1, Advanced StatefulSet)", () => {
  const t = (image: string, extra: object = {}) => ({ metadata: { labels: { app: "a" } }, spec: { readinessGates: [{ conditionType: "InPlaceUpdateReady" }], containers: [{ name: "c", image, ...extra }] } });
  const st = (req: object) => ask({ op: "kruise.strategy", ...req }).result!;
  let r = st({ kind: "CloneSet", policy: "InPlaceOnly", apiVersion: "v1alpha1", oldTemplate: t("x"), newTemplate: t("x", { env: [{ name: "A", value: "1" }] }) });
  assert.deepEqual([r.allowed, r.outcome, r.message], [false, "rejected", "spec: Forbidden: only allowed to update images in spec for InPlaceOnly, but found add /containers/0/env"]);
  // the v1.9.0 webhook does not check v1beta1 CloneSets: the controller is stuck instead
  r = st({ kind: "CloneSet", policy: "InPlaceOnly", oldTemplate: t("x"), newTemplate: t("x", { env: [{ name: "A", value: "1" }] }), podName: "web-0" });
  assert.deepEqual([r.allowed, r.outcome, r.controllerError], [true, "stuck", "find Pod web-0 update strategy is InPlaceOnly but can not update in-place"]);
  r = st({ kind: "AdvancedStatefulSet", policy: "InPlaceOnly", oldTemplate: t("x"), newTemplate: t("x", { env: [{ name: "A", value: "1" }] }) });
  assert.equal(r.message, "invalid template modified with InPlaceOnly strategy: add /containers/0/env, currently only image update is allowed for InPlaceOnly");
  // the Advanced StatefulSet regex is unanchored: imagePullPolicy passes the webhook, then the controller is stuck
  r = st({ kind: "AdvancedStatefulSet", policy: "InPlaceOnly", oldTemplate: t("x", { imagePullPolicy: "Always" }), newTemplate: t("x", { imagePullPolicy: "IfNotPresent" }) });
  assert.deepEqual([r.allowed, r.outcome], [true, "stuck"]);
  assert.equal(st({ kind: "CloneSet", policy: "InPlaceIfPossible", oldTemplate: t("x"), newTemplate: t("y") }).outcome, "in-place");
  assert.equal(st({ kind: "CloneSet", policy: "InPlaceIfPossible", oldTemplate: t("x"), newTemplate: t("y", { args: ["-v"] }) }).outcome, "recreate");
  assert.equal(st({ kind: "CloneSet", oldTemplate: t("x"), newTemplate: t("y") }).outcome, "recreate");
  assert.equal(st({ kind: "CloneSet", oldTemplate: t("x"), newTemplate: t("x") }).outcome, "none");
  // Advanced StatefulSets need the readiness gate for the in-place policies
  r = st({ kind: "AdvancedStatefulSet", policy: "InPlaceIfPossible", oldTemplate: t("x"), newTemplate: { spec: { containers: [{ name: "c", image: "y" }] } } });
  assert.deepEqual([r.allowed, r.message], [false, "spec.template.spec.readinessGates: Invalid value: []v1.PodReadinessGate(nil): must contains InPlaceUpdateReady when podUpdatePolicy is InPlaceIfPossible"]);
});

test("Update and Refresh: readiness condition, grace period, next batch (cloneset_update_test.go, TestRefresh)", () => {
  const revOld = rev("rev_old", { spec: { containers: [{ name: "c1", image: "foo1" }] } });
  const revNew = rev("rev_new", { spec: { containers: [{ name: "c1", image: "foo2" }] } });
  const pod = { metadata: { name: "p", labels: { "controller-revision-hash": "rev_old" } }, spec: { readinessGates: [{ conditionType: "InPlaceUpdateReady" }], containers: [{ name: "c1", image: "foo1" }] },
    status: { conditions: [{ type: "Ready", status: "True" }, { type: "ContainersReady", status: "True" }, { type: "InPlaceUpdateReady", status: "True" }], containerStatuses: [{ name: "c1", image: "foo1", imageID: "image-id-xyz", ready: true }] } };
  const T = "2026-01-02T03:04:05Z";
  // E7: in-place update
  let a = ask({ op: "kruise.update", pod, oldRevision: revOld, newRevision: revNew, now: T });
  let p = JSON.parse(a.result!.pod);
  assert.deepEqual([a.result!.inPlace, a.result!.delaySeconds], [true, 0]);
  assert.equal(p.metadata.labels["controller-revision-hash"], "rev_new");
  assert.equal(p.spec.containers[0].image, "foo2");
  assert.equal(p.metadata.annotations["apps.kruise.io/inplace-update-state"], `{"revision":"rev_new","updateTimestamp":"${T}","lastContainerStatuses":{"c1":{"imageID":"image-id-xyz"}},"updateImages":true,"containerBatchesRecord":[{"timestamp":"${T}","containers":["c1"]}]}`);
  const cond = (q: any, t: string) => q.status.conditions.find((c: any) => c.type === t);
  assert.deepEqual([cond(p, "InPlaceUpdateReady").status, cond(p, "InPlaceUpdateReady").reason, cond(p, "InPlaceUpdateReady").lastTransitionTime], ["False", "StartInPlaceUpdate", T]);
  assert.deepEqual([cond(p, "Ready").status, cond(p, "Ready").reason, cond(p, "Ready").message], ["False", "ReadinessGatesNotReady", "the status of pod readiness gate \"InPlaceUpdateReady\" is not \"True\", but False"]);
  // Refresh before the kubelet restarted the container: nothing; after: InPlaceUpdateReady True at now
  a = ask({ op: "kruise.refresh", podText: JSON.stringify(p), now: "2026-01-02T03:05:00Z" });
  assert.equal(cond(JSON.parse(a.result!.pod), "InPlaceUpdateReady").status, "False");
  p.status.containerStatuses[0] = { name: "c1", image: "foo2", imageID: "image-id-new", ready: true };
  a = ask({ op: "kruise.refresh", pod: p, now: "2026-01-02T03:05:00Z" });
  assert.deepEqual([cond(JSON.parse(a.result!.pod), "InPlaceUpdateReady").status, cond(JSON.parse(a.result!.pod), "InPlaceUpdateReady").lastTransitionTime], ["True", "2026-01-02T03:05:00Z"]);
  // E8: grace period 3630 s — spec untouched, the spec stored in the grace annotation
  a = ask({ op: "kruise.update", pod, oldRevision: revOld, newRevision: revNew, now: T, gracePeriodSeconds: 3630 });
  p = JSON.parse(a.result!.pod);
  assert.deepEqual([a.result!.delaySeconds, p.spec.containers[0].image], [3630, "foo1"]);
  assert.equal(p.metadata.annotations["apps.kruise.io/inplace-update-grace"], `{"revision":"rev_new","containerImages":{"c1":"foo2"},"graceSeconds":3630}`);
  assert.equal(p.metadata.annotations["apps.kruise.io/inplace-update-state"], `{"revision":"rev_new","updateTimestamp":"${T}","lastContainerStatuses":null,"updateImages":true}`);
  // TestRefresh "still in grace" / "reach grace period"
  a = ask({ op: "kruise.refresh", pod: p, now: "2026-01-02T03:34:05Z" });
  assert.equal(a.result!.delaySeconds, 1830);
  a = ask({ op: "kruise.refresh", pod: p, now: "2026-01-02T04:04:35Z" });
  const q = JSON.parse(a.result!.pod);
  assert.deepEqual([a.result!.delaySeconds, q.spec.containers[0].image, q.metadata.annotations["apps.kruise.io/inplace-update-grace"]], [0, "foo2", undefined]);
  assert.deepEqual(JSON.parse(q.metadata.annotations["apps.kruise.io/inplace-update-state"]).containerBatchesRecord, [{ timestamp: "2026-01-02T04:04:35Z", containers: ["c1"] }]);
  // v1.8.x skipped the status update when an equal InPlaceUpdateReady condition existed (Ready stays True)
  const again = { ...pod, status: { ...pod.status, conditions: [{ type: "Ready", status: "True" }, { type: "ContainersReady", status: "True" }, { type: "InPlaceUpdateReady", status: "False", reason: "StartInPlaceUpdate" }] } };
  assert.equal(cond(JSON.parse(ask({ op: "kruise.update", pod: again, oldRevision: revOld, newRevision: revNew, now: T }).result!.pod), "Ready").status, "False");
  assert.equal(cond(JSON.parse(ask({ op: "kruise.update", pod: again, oldRevision: revOld, newRevision: revNew, now: T, kruise: "1.8" }).result!.pod), "Ready").status, "True");
  // a pod whose revision label moved on only loses the grace annotation
  const moved = { ...p, metadata: { ...p.metadata, labels: { "controller-revision-hash": "rev_other" } } };
  a = ask({ op: "kruise.refresh", pod: moved, now: "2026-01-02T04:04:35Z" });
  assert.equal(JSON.parse(a.result!.pod).metadata.annotations["apps.kruise.io/inplace-update-grace"], undefined);
  assert.equal(JSON.parse(a.result!.pod).spec.containers[0].image, "foo1");
});

test("bad input: typed errors, and the engine keeps working", () => {
  const ok = { op: "kruise.inplaceSpec", oldRevision: rev("a", { spec: { containers: [{ name: "c", image: "x" }] } }), newRevision: rev("b", { spec: { containers: [{ name: "c", image: "y" }] } }) };
  const cases: [object | string, string, string, string?][] = [
    [{ ...ok, gates: { Bogus: true } }, "E_BAD_REQUEST", "unknown feature gate \"Bogus\"", "gates/Bogus"],
    [{ ...ok, gates: { KruiseDaemon: 1 } }, "E_BAD_REQUEST", "feature gate \"KruiseDaemon\" must be a boolean", "gates/KruiseDaemon"],
    [{ ...ok, kruise: "1.4" }, "E_UNSUPPORTED_VERSION", "unsupported kruise version \"1.4\"", "kruise"],
    [{ ...ok, gracePeriodSeconds: "30" }, "E_BAD_REQUEST", "\"gracePeriodSeconds\" must be an int32 integer", "gracePeriodSeconds"],
    [{ op: "kruise.inplaceSpec", oldRevisionText: "{nope", newRevision: ok.newRevision }, "E_JSON_SYNTAX", "invalid character 'n' looking for beginning of object key string"],
    [{ op: "kruise.inplaceSpec", oldRevision: "x", newRevision: ok.newRevision }, "E_BAD_REQUEST", "\"oldRevision\" must be a ControllerRevision object", "oldRevision"],
    [{ op: "kruise.patchPod", pod: {}, updateSpec: {}, now: "2026-01-01T00:00:00Z", serverVersion: "1.99" }, "E_UNSUPPORTED_VERSION", "unsupported serverVersion \"1.99\"", "serverVersion"],
    [{ op: "kruise.patchPod", pod: {}, updateSpec: {}, now: "yesterday" }, "E_BAD_REQUEST", "\"now\" must be an RFC 3339 time", "now"],
    [{ op: "kruise.patchPod", pod: {}, updateSpec: { metaDataPatch: "!!" }, now: "2026-01-01T00:00:00Z" }, "E_BAD_REQUEST", "\"updateSpec\" must be an UpdateSpec object", "updateSpec"],
    [{ op: "kruise.completed", pod: { metadata: 5 } }, "E_JSON_TYPE", "json: cannot unmarshal number into Go struct field Pod.metadata of type v1.ObjectMeta", "pod"],
    [{ op: "kruise.completed", pod: {}, colour: 1 }, "E_BAD_REQUEST", "unknown field \"colour\"", "colour"],
  ];
  for (const [req, code, message, path] of cases) {
    const a = ask(req);
    assert.equal(a.ok, false, JSON.stringify(req));
    assert.equal(a.error!.code, code, JSON.stringify(a));
    assert.equal(a.error!.message, message);
    if (path !== undefined) assert.equal(a.error!.path, path);
    assert.equal(ask(ok).result!.updateSpec, `{"revision":"b","containerImages":{"c":"y"}}`);
  }
});
