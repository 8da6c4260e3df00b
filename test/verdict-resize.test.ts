// The `verdict` of a Pod whose resources change, without Go: the golden vectors the oracle wrote
// (test/vectors/verdict-resize.jsonl.gz, test/oracle/make-verdict-resize-vectors.ts; 1.32-1.37) replayed
// through the engine - verdict, containers, the pods/resize subresource and the refusal's text - and the
// worked example of the docs: a memory limit decrease under resizePolicy NotRequired, refused at 1.33, in place
// at 1.34.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./support/engine.ts";
import { resizeVerdictCore } from "./oracle/verdict-resize-cases.ts";

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const answer = (line: string) => decoder.decode(kinplace.evaluateLine(encoder.encode(line)));

test("golden vectors verdict-resize.jsonl.gz: the engine routes and decides a Pod resize as the Go oracle", () => {
  const text = gunzipSync(readFileSync(new URL("./vectors/verdict-resize.jsonl.gz", import.meta.url))).toString("utf8");
  const vectors = text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as { note: string; request: string; expect: unknown });
  assert.ok(vectors.length >= 1000, `verdict-resize.jsonl.gz holds ${vectors.length} vectors`);
  const bad: string[] = [];
  const seen = new Set<string>();
  for (const v of vectors) {
    const got = resizeVerdictCore(answer(v.request));
    const want = v.expect as ReturnType<typeof resizeVerdictCore>;
    if (want.ok) seen.add(`${want.core!.subresource ?? "update"} ${want.core!.verdict}`);
    if (JSON.stringify(got) !== JSON.stringify(want)) bad.push(`${v.note}: ${v.request.slice(0, 300)}\n  want ${JSON.stringify(want).slice(0, 500)}\n  got  ${JSON.stringify(got).slice(0, 500)}`);
  }
  assert.equal(bad.length, 0, `${bad.length} of ${vectors.length} differ; first:\n${bad.slice(0, 3).join("\n\n")}`);
  for (const want of ["resize in-place", "resize rejected", "update rejected"]) assert.ok(seen.has(want), `no vector gives ${want}`);
});

/** A running Burstable pod whose container `app` has a 1Gi memory limit (resizePolicy NotRequired for memory). */
const pod = (memoryLimit: string) => ({
  apiVersion: "v1", kind: "Pod", metadata: { name: "web-0", namespace: "default", uid: "6f1c9a2e-2b7d-4c1e-9a51-3f0d8e2b4c7a", resourceVersion: "48213" },
  spec: { containers: [{ name: "app", image: "nginx:1.27", resources: { requests: { cpu: "250m", memory: "512Mi" }, limits: { memory: memoryLimit } },
    resizePolicy: [{ resourceName: "cpu", restartPolicy: "NotRequired" }, { resourceName: "memory", restartPolicy: "NotRequired" }] }] },
});

test("a memory limit decrease under NotRequired: refused by the resize subresource at 1.33, resized in place at 1.34", () => {
  const at = (minor: string) => JSON.parse(answer(JSON.stringify({ op: "verdict", old: pod("1Gi"), new: pod("768Mi"), kubernetes: minor, kubelet: minor, applyDefaults: true }))).result;
  const v133 = at("1.33"), v134 = at("1.34");
  assert.equal(v133.verdict, "rejected");
  assert.equal(v133.subresource, "resize");
  assert.match(v133.rejection, /memory limits cannot be decreased/);
  assert.equal(v134.verdict, "in-place");
  assert.equal(v134.subresource, "resize");
  assert.deepEqual(v134.containers, [{ name: "app", action: "keep" }]);
  // 1.31 has no subresource: the pod update itself (InPlacePodVerticalScaling off by default) refuses it
  const v131 = JSON.parse(answer(JSON.stringify({ op: "verdict", old: pod("1Gi"), new: pod("768Mi"), kubernetes: "1.31", kubelet: "1.31", applyDefaults: true }))).result;
  assert.equal(v131.verdict, "rejected");
  assert.equal(v131.subresource, undefined);
});
