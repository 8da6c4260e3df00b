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
