// `kinplace check` and `kinplace plan` with OpenKruise's image pre-download (kruise.preDownload): with the kind's
// gate on (--gate PreDownloadImageForInPlaceUpdate=true / PreDownloadImageForDaemonSetUpdate=true) an in-place
// image update of a Kruise workload prints what is pre-pulled on how many nodes (--pods, or plan's STATE pods),
// the JSON output carries the op's answer; without the gate nothing is printed and the verdict is unchanged.
// Needs `npm run build`.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { evaluate, initSync } from "../js/node.ts";
import { jsonLines, kinplace, root, tempDir } from "./cli-helpers.ts";

initSync(readFileSync(join(root, "dist/kinplace.wasm")));
const tmp = tempDir();
after(() => tmp.cleanup());

type Obj = Record<string, any>;

/** A v1alpha1 CloneSet as users write it. */
function cloneSet(image: string, strategy: Obj = { type: "InPlaceIfPossible", partition: 2, maxUnavailable: 1 }): Obj {
  return {
    apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "web", namespace: "default" },
    spec: { replicas: 6, selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "nginx", image }] } }, updateStrategy: strategy },
  };
}

/** Pods at revision `rev` on `nodes` nodes. */
function pods(n: number, nodes: number, rev: string): Obj {
  const items = Array.from({ length: n }, (_, i) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: `web-${i}`, namespace: "default", labels: { app: "web", "controller-revision-hash": rev } }, spec: { nodeName: `node-${i % nodes}`, containers: [{ name: "nginx", image: "nginx:1.25" }] }, status: { phase: "Running" } }));
  return { apiVersion: "v1", kind: "List", items };
}

/** The revision name the engine gives an object. */
function revisionName(kind: string, o: Obj): string {
  const a = evaluate({ op: "revision", kind, object: o });
  assert.equal(a.ok, true, JSON.stringify(a));
  return (a as unknown as { result: { name: string } }).result.name;
}

const GATE = ["--gate", "PreDownloadImageForInPlaceUpdate=true"];

describe("kinplace check: image pre-download", () => {
  const o = tmp.file("cs-old.json", JSON.stringify(cloneSet("nginx:1.25")));
  const n = tmp.file("cs-new.json", JSON.stringify(cloneSet("nginx:1.26")));
  const job = `${revisionName("CloneSet", cloneSet("nginx:1.26"))}-nginx`;

  test("with the gate and the pods: the image, the node count and the ImagePullJob", async () => {
    const p = tmp.file("pods.json", JSON.stringify(pods(6, 4, "web-old")));
    const r = await kinplace(["check", o, n, ...GATE, "--pods", p]);
    assert.equal(r.status, 0, r.stderr);
    assert.ok(String(r.stdout).includes(`  Image pre-download: nginx:1.26 is pre-pulled on the 4 nodes of the pods still at the old revision before they update (ImagePullJob ${job}).\n`), String(r.stdout));
  });

  test("pods already at the update revision are not counted; without --pods the line names no count", async () => {
    const upd = job.slice(0, -"-nginx".length);
    const p = tmp.file("pods-upd.json", JSON.stringify(pods(3, 3, upd)));
    const r = await kinplace(["check", o, n, ...GATE, "--pods", p]);
    assert.ok(String(r.stdout).includes("is pre-pulled on no node yet (no scheduled pod is still at the old revision)"), String(r.stdout));
    const r2 = await kinplace(["check", o, n, ...GATE]);
    assert.ok(String(r2.stdout).includes("nginx:1.26 is pre-pulled on the nodes of the pods still at the old revision before they update"), String(r2.stdout));
  });

  test("without the gate nothing is said, and the verdict is the same", async () => {
    const r = await kinplace(["check", o, n]);
    const g = await kinplace(["check", o, n, ...GATE]);
    assert.equal(r.status, 0);
    assert.ok(!String(r.stdout).includes("pre-download"), String(r.stdout));
    assert.equal(String(g.stdout).replace(/ {2}Image pre-download: [^\n]*\n\n/, ""), String(r.stdout));
  });

  test("all pods in one batch: the controller skips it, and says why", async () => {
    const o1 = tmp.file("cs-old1.json", JSON.stringify(cloneSet("nginx:1.25", { type: "InPlaceIfPossible", maxUnavailable: "100%" })));
    const n1 = tmp.file("cs-new1.json", JSON.stringify(cloneSet("nginx:1.26", { type: "InPlaceIfPossible", maxUnavailable: "100%" })));
    const r = await kinplace(["check", o1, n1, ...GATE]);
    assert.ok(String(r.stdout).includes("  Image pre-download: none (one-batch: every pod updates in one batch (partition 0, maxUnavailable 6 of 6 pods): no pre-download).\n"), String(r.stdout));
  });

  test("--output json carries the kruise.preDownload answer", async () => {
    const r = await kinplace(["check", o, n, ...GATE, "--kruise", "1.8", "--output", "json"]);
    const [out] = jsonLines(String(r.stdout));
    const pre = out!["preDownload"] as Obj;
    assert.equal(pre["reason"], "created");
    assert.equal(pre["jobs"][0].apiVersion, "apps.kruise.io/v1alpha1");
    assert.equal(pre["jobs"][0].spec.image, "nginx:1.26");
    assert.equal(pre["jobs"][0].metadata.name, job);
  });

  test("--kruise 1.5 sends the CloneSet as v1.5.5's controller reads it (v1alpha1)", async () => {
    const r = await kinplace(["check", o, n, ...GATE, "--kruise", "1.5", "--output", "json"]);
    const [out] = jsonLines(String(r.stdout));
    const pre = out!["preDownload"] as Obj;
    assert.equal(pre["reason"], "created", JSON.stringify(pre));
    assert.equal(pre["jobs"][0].apiVersion, "apps.kruise.io/v1alpha1");
    assert.equal(pre["jobs"][0].metadata.ownerReferences[0].apiVersion, "apps.kruise.io/v1alpha1");
    assert.equal(pre["jobs"][0].metadata.name, job);
    // the strategy stays where v1alpha1 keeps it: maxUnavailable 100% is one batch at v1.5.5 too
    const o1 = tmp.file("cs-old15.json", JSON.stringify(cloneSet("nginx:1.25", { type: "InPlaceIfPossible", maxUnavailable: "100%" })));
    const n1 = tmp.file("cs-new15.json", JSON.stringify(cloneSet("nginx:1.26", { type: "InPlaceIfPossible", maxUnavailable: "100%" })));
    const b = await kinplace(["check", o1, n1, ...GATE, "--kruise", "1.5"]);
    assert.ok(String(b.stdout).includes("  Image pre-download: none (one-batch: every pod updates in one batch (partition 0, maxUnavailable 6 of 6 pods): no pre-download).\n"), String(b.stdout));
  });

  test("an Advanced DaemonSet reads its own gate", async () => {
    const ds = (image: string): Obj => ({ apiVersion: "apps.kruise.io/v1alpha1", kind: "DaemonSet", metadata: { name: "agent", namespace: "default" }, spec: { selector: { matchLabels: { app: "agent" } }, template: { metadata: { labels: { app: "agent" } }, spec: { containers: [{ name: "agent", image }] } }, updateStrategy: { type: "RollingUpdate", rollingUpdate: { rollingUpdateType: "InPlaceIfPossible", maxUnavailable: 1 } } }, status: { desiredNumberScheduled: 10, updatedNumberScheduled: 0 } });
    const a = tmp.file("ds-old.json", JSON.stringify(ds("agent:1")));
    const b = tmp.file("ds-new.json", JSON.stringify(ds("agent:2")));
    const off = await kinplace(["check", a, b, ...GATE]);
    assert.ok(!String(off.stdout).includes("pre-download"), String(off.stdout));
    const on = await kinplace(["check", a, b, "--gate", "PreDownloadImageForDaemonSetUpdate=true"]);
    assert.ok(String(on.stdout).includes("Image pre-download: agent:2 is pre-pulled on the nodes of the pods still at the old revision"), String(on.stdout));
  });
});

describe("kinplace plan: image pre-download", () => {
  test("with --old and the gate, the timeline ends with what is pre-pulled on the pods' nodes", async () => {
    const o = tmp.file("p-old.json", JSON.stringify(cloneSet("nginx:1.25")));
    const n = tmp.file("p-new.json", JSON.stringify(cloneSet("nginx:1.26")));
    const p = tmp.file("p-pods.json", JSON.stringify(pods(6, 5, "web-old")));
    const r = await kinplace(["plan", n, p, "--old", o, ...GATE]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(String(r.stdout), /\n {2}Image pre-download: nginx:1\.26 is pre-pulled on the 5 nodes of the pods still at the old revision before they update \(ImagePullJob web-[0-9a-z]+-nginx\)\.\n$/);
    const plain = await kinplace(["plan", n, p, "--old", o]);
    assert.ok(!String(plain.stdout).includes("pre-download"));
  });
});
