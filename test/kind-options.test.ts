// One cluster choice, per-workload verdict options (js/present/options.ts, shared by `kinplace check` and the web
// page): an OpenKruise kind's controller runs its release's own Kubernetes code, so the chosen minor and gates are
// the API server it resizes pods on (`serverVersion`, `serverGates`); the other kinds take them as `kubernetes`,
// `kubelet` and `gates`; the pre-download gates go to neither.

import { test } from "node:test";
import assert from "node:assert/strict";
import { kindOptions } from "../js/present/options.ts";
import { evaluate, initSync } from "../js/node.ts";
import { readFileSync } from "node:fs";

const choice = { kubernetes: "1.33", kubelet: "1.33", kruise: "1.9", gates: { InPlaceWorkloadVerticalScaling: true, InPlacePodVerticalScaling: true, PreDownloadImageForInPlaceUpdate: true } };

test("the chosen minor and gates: the API server of an OpenKruise kind, the cluster of a native one", () => {
  assert.deepEqual(kindOptions("CloneSet", choice), { kruise: "1.9", gates: { InPlaceWorkloadVerticalScaling: true }, serverVersion: "1.33", serverGates: { InPlacePodVerticalScaling: true } });
  assert.deepEqual(kindOptions("Deployment", choice), { kubernetes: "1.33", kubelet: "1.33", gates: { InPlacePodVerticalScaling: true } });
  assert.deepEqual(kindOptions("AdvancedStatefulSet", { kruise: "1.9" }), { kruise: "1.9" });
  assert.deepEqual(kindOptions(undefined, { kubernetes: "", gates: {} }), {});
});

test("every kind accepts its options: a mixed cluster choice never makes the engine refuse a kind", () => {
  initSync(readFileSync(new URL("../dist/kinplace.wasm", import.meta.url)));
  const tmpl = { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx:1.27" }] } };
  const objects: { [kind: string]: object } = {
    Deployment: { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web" }, spec: { selector: { matchLabels: { app: "web" } }, template: tmpl } },
    CloneSet: { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "web" }, spec: { selector: { matchLabels: { app: "web" } }, template: tmpl } },
  };
  for (const [kind, o] of Object.entries(objects)) {
    const a = evaluate({ op: "verdict", old: o, new: o, ...kindOptions(kind as "Deployment", choice) });
    assert.equal(a.ok, true, `${kind}: ${JSON.stringify(a)}`);
  }
});
