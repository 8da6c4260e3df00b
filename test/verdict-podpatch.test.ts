// `verdict` patches.pod on the OpenKruise kinds without Go: the golden vectors of the pod update the real
// controller code sends (test/vectors/verdict-podpatch.jsonl.gz, test/oracle/make-verdict-podpatch-vectors.ts;
// Kruise v1.9.0 and v1.8.3) replayed through the engine, and the labels each kind's revision adapter writes.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./support/engine.ts";
import { podMismatch, type PodExpect } from "./oracle/verdict-podpatch-cases.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();
const line = (req: string): string => dec.decode(kinplace.evaluateLine(enc.encode(req)));

test("golden vectors verdict-podpatch.jsonl.gz: patches.pod is the pod update Kruise sends", () => {
  const vectors = gunzipSync(readFileSync(new URL("./vectors/verdict-podpatch.jsonl.gz", import.meta.url))).toString("utf8").split("\n").filter(Boolean)
    .map((l) => JSON.parse(l) as { note: string; request: string; expect: PodExpect });
  assert.ok(vectors.length >= 1000, `${vectors.length} vectors`);
  const seen = new Set<string>();
  let mismatches = 0;
  const first: string[] = [];
  for (const v of vectors) {
    if (v.expect.ok && v.expect.verdict === "in-place") seen.add(v.note.split(":")[0]!);
    const m = podMismatch(line(v.request), v.expect);
    if (m) {
      mismatches++;
      if (first.length < 3) first.push(`${v.note}: ${m}`);
    }
  }
  assert.equal(mismatches, 0, `${mismatches} of ${vectors.length} vectors differ:\n${first.join("\n\n")}`);
  // v1.9 resizes through the pods' resize subresource: vectors where the server takes it and where it refuses it
  const resized = vectors.filter((v) => v.expect.ok && v.expect.resize);
  assert.ok(resized.some((v) => v.expect.rejection) && resized.some((v) => !v.expect.rejection), `${resized.length} resize vectors`);
  for (const k of ["CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"]) for (const r of ["1.9", "1.8"]) assert.ok(seen.has(`${k} kruise ${r}`), `${k} ${r} in place`);
});

const template = (image: string) => ({ metadata: { labels: { app: "web" } }, spec: { readinessGates: [{ conditionType: "InPlaceUpdateReady" }], containers: [{ name: "app", image }] } });
const NOW = "2026-11-21T08:00:00+01:00";

function podPatch(old: object, next: object, extra: object = {}): any {
  const a = JSON.parse(line(JSON.stringify({ op: "verdict", old, new: next, now: NOW, ...extra })));
  assert.ok(a.ok, JSON.stringify(a));
  assert.equal(a.result.verdict, "in-place");
  return a.result.patches.pod;
}

test("labels per kind: CloneSet revision name + pod-template-hash + lifecycle; Advanced StatefulSet name; Advanced DaemonSet hash", () => {
  const cs = (img: string) => ({ apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "web" }, spec: { selector: { matchLabels: { app: "web" } }, template: template(img), updateStrategy: { type: "InPlaceIfPossible" } }, status: { collisionCount: 3 } });
  const rev = JSON.parse(line(JSON.stringify({ op: "revision", kind: "CloneSet", object: cs("nginx:2") }))).result;
  const p = podPatch(cs("nginx:1"), cs("nginx:2"));
  assert.equal(p.metadata.labels["controller-revision-hash"], rev.name);
  assert.equal(p.metadata.labels["pod-template-hash"], rev.hash);
  assert.equal(p.metadata.labels["lifecycle.apps.kruise.io/state"], "Updating");
  assert.equal(p.metadata.annotations["lifecycle.apps.kruise.io/timestamp"], "2026-11-21T07:00:00Z");
  assert.equal(JSON.parse(p.metadata.annotations["apps.kruise.io/inplace-update-state"]).revision, rev.name);
  assert.equal(p.spec.containers[0].image, "nginx:2");
  const sts = (img: string) => ({ apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet", metadata: { name: "db" }, spec: { selector: { matchLabels: { app: "web" } }, template: template(img), updateStrategy: { type: "RollingUpdate", rollingUpdate: { podUpdatePolicy: "InPlaceIfPossible" } } } });
  const q = podPatch(sts("nginx:1"), sts("nginx:2"));
  assert.deepEqual(Object.keys(q.metadata.labels), ["controller-revision-hash"]);
  assert.match(q.metadata.labels["controller-revision-hash"], /^db-[0-9a-z]+$/);
  const ds = (img: string) => ({ apiVersion: "apps.kruise.io/v1alpha1", kind: "DaemonSet", metadata: { name: "agent" }, spec: { selector: { matchLabels: { app: "web" } }, template: template(img), updateStrategy: { type: "RollingUpdate", rollingUpdate: { rollingUpdateType: "InPlaceIfPossible" } } } });
  const dsRev = JSON.parse(line(JSON.stringify({ op: "revision", kind: "AdvancedDaemonSet", object: ds("nginx:2") }))).result;
  assert.equal(podPatch(ds("nginx:1"), ds("nginx:2")).metadata.labels["controller-revision-hash"], dsRev.hash);
});

test("a grace period: the spec is not touched, the update spec waits in the grace annotation", () => {
  // a v1beta1 CloneSet names its in-place policy in rollingUpdate.podUpdatePolicy
  const cs = (img: string) => ({ apiVersion: "apps.kruise.io/v1beta1", kind: "CloneSet", metadata: { name: "web" }, spec: { selector: { matchLabels: { app: "web" } }, template: template(img), updateStrategy: { rollingUpdate: { podUpdatePolicy: "InPlaceIfPossible", inPlaceUpdateStrategy: { gracePeriodSeconds: 30 } } } } });
  const p = podPatch(cs("nginx:1"), cs("nginx:2"));
  assert.equal(p.spec, undefined);
  const grace = JSON.parse(p.metadata.annotations["apps.kruise.io/inplace-update-grace"]);
  assert.deepEqual({ images: grace.containerImages, seconds: grace.graceSeconds }, { images: { app: "nginx:2" }, seconds: 30 });
  // v1.8 reads a CloneSet as v1alpha1: the grace sits in spec.updateStrategy.inPlaceUpdateStrategy
  const old18 = (img: string) => ({ ...cs(img), apiVersion: "apps.kruise.io/v1alpha1", spec: { ...cs(img).spec, updateStrategy: { type: "InPlaceIfPossible", inPlaceUpdateStrategy: { gracePeriodSeconds: 12 } } } });
  const q = podPatch(old18("nginx:1"), old18("nginx:2"), { kruise: "1.8" });
  assert.equal(JSON.parse(q.metadata.annotations["apps.kruise.io/inplace-update-grace"]).graceSeconds, 12);
});

test("v1.9 resizes each pod through pods/resize before it updates it: the server's minor and gates decide (a refused resize: nothing changes)", () => {
  const cs = (memory: string) => ({
    apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "web", namespace: "shop" },
    spec: {
      replicas: 3, selector: { matchLabels: { app: "web" } }, updateStrategy: { type: "InPlaceIfPossible" },
      template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx:1.27", resizePolicy: [{ resourceName: "memory", restartPolicy: "NotRequired" }], resources: { requests: { cpu: "250m", memory: "256Mi" }, limits: { cpu: "1", memory } } }] } },
    },
  });
  const ask = (extra: object) => JSON.parse(line(JSON.stringify({ op: "verdict", old: cs("1Gi"), new: cs("768Mi"), now: NOW, gates: { InPlaceWorkloadVerticalScaling: true }, ...extra })));
  const patch = { spec: { containers: [{ name: "app", resources: { limits: { memory: "768Mi" } } }] } };
  // 1.34 takes a memory limit decrease under NotRequired: in place, the pod update without the resources
  const ok = ask({ serverVersion: "1.34" });
  assert.equal(ok.result.verdict, "in-place");
  assert.equal(ok.result.subresource, "resize");
  assert.deepEqual(ok.result.patches.resize, patch);
  assert.equal(ok.result.patches.pod.spec, undefined);
  // 1.33 refuses it: the pod update is never sent
  const no = ask({ serverVersion: "1.33" });
  assert.equal(no.result.verdict, "rejected");
  assert.equal(no.result.rejection, "Pod \"pod-0\" is invalid: spec.containers[0].resources.limits[memory]: Forbidden: memory limits cannot be decreased unless resizePolicy is RestartContainer");
  assert.equal(no.result.patches.pod, null);
  assert.deepEqual(no.result.containers, [{ name: "app", action: "keep" }]);
  assert.equal(no.result.reasons[0].effect, "rejected");
  // 1.32 serves pods/resize only with InPlacePodVerticalScaling (alpha there)
  assert.equal(ask({ serverVersion: "1.32" }).result.rejection, "the server could not find the requested resource");
  // with it, 1.32 takes the decrease (the NotRequired rule came with 1.33)
  assert.equal(ask({ serverVersion: "1.32", serverGates: { InPlacePodVerticalScaling: true } }).result.verdict, "in-place");
  // before 1.32 v1.9 writes the resources into the pod update; v1.8 always does
  for (const extra of [{ serverVersion: "1.31" }, { kruise: "1.8" }]) {
    const a = ask(extra);
    assert.equal(a.result.verdict, "in-place", JSON.stringify(extra));
    assert.equal(a.result.subresource, undefined);
    assert.equal(a.result.patches.resize, undefined);
    assert.equal(a.result.patches.pod.spec.containers[0].resources.limits.memory, "768Mi");
  }
  // the server fields belong to the OpenKruise kinds; unknown servers and gates are refused
  const deploy = { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web" }, spec: { selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx" }] } } } };
  assert.equal(JSON.parse(line(JSON.stringify({ op: "verdict", old: deploy, new: deploy, serverVersion: "1.34" }))).error.code, "E_BAD_REQUEST");
  assert.equal(ask({ serverVersion: "1.99" }).error.code, "E_UNSUPPORTED_VERSION");
  assert.equal(ask({ serverVersion: "1.37", serverGates: { InPlacePodVerticalScaling: false } }).error.code, "E_BAD_REQUEST");
});
