// Readable text output: `check --patches none|short|full` (short on a terminal, full when piped) and `plan`'s tables,
// whose long lists of pods are summarised ("web-n1–web-n20 (20)") and, on a terminal, wrapped to its width.

import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { podNames } from "../js/present/timeline.ts";
import { kinplace, kinplaceTTY, tempDir } from "./cli-helpers.ts";

const tmp = tempDir();
after(() => tmp.cleanup());

const OLD = "examples/cli/argocd/install-old.yaml";
const NEW = "examples/cli/argocd/install-new.yaml";
// eslint-disable-next-line no-control-regex
const plain = (s: string): string => s.replace(/\x1b\[[0-9;]*m/g, "").replace(/\r/g, "");

describe("check --patches", () => {
  test("full: the whole patches (the default when piped); none: no patch section; short: each cut to 100 characters", async () => {
    const full = await kinplace(["check", OLD, NEW]);
    const explicit = await kinplace(["check", OLD, NEW, "--patches", "full"]);
    assert.equal(full.stdout.toString(), explicit.stdout.toString());
    const fullText = full.stdout.toString();
    assert.match(fullText, /merge patch: \{"spec":\{"containers":\[\{"args":\["\/usr\/local\/bin\/argocd-server"\],.*"terminationMessagePolicy":"File"\}\]\}\}$/m);
    const none = (await kinplace(["check", OLD, NEW, "--patches", "none"])).stdout.toString();
    assert.doesNotMatch(none, /patches of the pod template|JSON patch/);
    // everything else is the same
    assert.equal(none, fullText.replace(/\n {2}patches of the pod template:\n( {4}.*\n)+/g, ""));
    const short = (await kinplace(["check", OLD, NEW, "--patches", "short"])).stdout.toString();
    const patchLines = short.split("\n").filter((l) => /^ {4}(JSON patch|merge patch|strategic merge patch):/.test(l));
    assert.equal(patchLines.length, 9);
    assert.ok(patchLines.every((l) => l.length <= 100), patchLines.join("\n"));
    assert.ok(patchLines.some((l) => /… \(312 bytes\)$/.test(l)), patchLines.join("\n"));
    assert.equal((await kinplace(["check", OLD, NEW, "--patches", "all"])).stderr, `kinplace check: option --patches: "all" is not one of none, short, full\nsee 'kinplace check --help'\n`);
  });

  test("on a terminal the default is short, cut to its width", async () => {
    const r = await kinplaceTTY(["check", OLD, NEW], { COLUMNS: "72" });
    const lines = plain(r.stdout.toString()).split("\n").filter((l) => /^ {4}(JSON patch|merge patch|strategic merge patch):/.test(l));
    assert.equal(lines.length, 9);
    assert.ok(lines.every((l) => l.length <= 72), lines.join("\n"));
    assert.equal(lines.filter((l) => /… \(\d+ bytes\)$/.test(l)).length, 6, lines.join("\n"));
  });
});

describe("plan: long lists of pods", () => {
  const cloneSet = (replicas: number) => JSON.stringify({
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "CloneSet",
    metadata: { name: "web" },
    spec: { replicas, selector: { matchLabels: { app: "web" } }, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "100%" }, template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx:1.26" }] } } },
  });
  const pod = (name: string) => ({
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name, namespace: "default", labels: { app: "web", "controller-revision-hash": "web-old" }, creationTimestamp: "2026-01-01T00:00:00Z" },
    spec: { nodeName: "node-0", readinessGates: [{ conditionType: "InPlaceUpdateReady" }], containers: [{ name: "app", image: "nginx:1.25" }] },
    status: { phase: "Running", conditions: [{ type: "Ready", status: "True", lastTransitionTime: "2026-01-01T00:00:10Z" }, { type: "InPlaceUpdateReady", status: "True" }], containerStatuses: [{ name: "app", ready: true, restartCount: 0 }] },
  });
  const cs = tmp.file("cs20.yaml", cloneSet(20));
  // names without runs of numbers: cut to about 48 characters and counted
  const scattered = Array.from({ length: 20 }, (_, i) => `web-${(i * 7) % 20}x${i}`);
  const pods = tmp.file("pods20.json", JSON.stringify({ apiVersion: "v1", kind: "List", items: scattered.map(pod) }));

  test("podNames: ranges of consecutive numbers with the count; a long list cut and counted", () => {
    assert.equal(podNames(["a", "b"]), "a b");
    assert.equal(podNames(Array.from({ length: 20 }, (_, i) => `web-${i}`)), "web-0–web-19 (20)");
    assert.equal(podNames(["web-0", "web-1", "web-2", "web-3", "web-4", "web-9"]), "web-0–web-4 web-9 (6)");
    assert.equal(podNames(["x-1", "x-2", "y", "z"]), "x-1 x-2 y z (4)");
    assert.equal(podNames(scattered), "web-0x0 web-7x1 web-14x2 web-1x3 web-8x4 … +15 more (20)");
  });

  test("piped: one line per round, the summary in the cell, the same whatever COLUMNS says", async () => {
    const created = await kinplace(["plan", cs]);
    assert.equal(created.status, 0, created.stderr);
    assert.match(created.stdout.toString(), /^ {2}1 {6}0 s {3}web-n1–web-n20 \(20\) {2}0 → 0 {6}0 {6}20\/20$/m);
    const r = await kinplace(["plan", cs, pods]);
    const narrow = await kinplace(["plan", cs, pods], { env: { COLUMNS: "40" } });
    assert.equal(r.stdout.toString(), narrow.stdout.toString());
    assert.equal(r.stdout.toString().split("\n")[3], "  1      0 s   web-0x0 web-7x1 web-14x2 web-1x3 web-8x4 … +15 more (20)  20 → 0     0      20/20");
  });

  test("on a terminal the name cells wrap to its width", async () => {
    const r = await kinplaceTTY(["plan", cs, pods], { COLUMNS: "70" });
    const lines = plain(r.stdout.toString()).split("\n");
    const at = lines.findIndex((l) => l.startsWith("  round"));
    assert.ok(lines.every((l) => l.length <= 70), lines.join("\n"));
    assert.deepEqual(lines.slice(at + 1, at + 4), [
      "  1      0 s   web-0x0 web-7x1 web-14x2      20 → 0     0      20/20",
      "               web-1x3 web-8x4 … +15 more",
      "               (20)",
    ]);
  });
});
