// The kruise.* ops at the OpenKruise releases before v1.9 (`kruise: "1.5"` .. `"1.8"`) without Go: the golden
// vectors the real OpenKruise v1.5.5, v1.6.0, v1.7.0 and v1.8.3 answered (test/vectors/kruise-15 .. 18.jsonl.gz,
// written by test/oracle/kruise-releases.test.ts with KINPLACE_KRUISE_RELEASE_VECTORS) replayed through the engine, and
// the differences from v1.9.0 they pin down.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./support/engine.ts";
import { kruise18View } from "./support/kruise-18.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();
type Answer = { ok: boolean; result?: Record<string, any>; error?: { code: string; message: string; path?: string } };
const ask = (req: object | string): Answer => JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(typeof req === "string" ? req : JSON.stringify(req))))) as Answer;

for (const [k, version] of [["1.5", "v1.5.5"], ["1.6", "v1.6.0"], ["1.7", "v1.7.0"], ["1.8", "v1.8.3"]] as const) {
  const file = `kruise-${k.replace(".", "")}.jsonl.gz`;
  test(`golden vectors ${file}: the engine answers as OpenKruise ${version} did`, () => {
    const lines = gunzipSync(readFileSync(new URL(`./vectors/${file}`, import.meta.url))).toString("utf8").split("\n").filter(Boolean);
    assert.ok(lines.length >= 1500, `${lines.length} vectors, expected at least 1500`);
    const ops = new Map<string, number>();
    let mismatches = 0;
    const first: string[] = [];
    for (const l of lines) {
      const v = JSON.parse(l) as { request: string; answer: Answer };
      const req = JSON.parse(v.request) as { op: string; kruise: string };
      assert.equal(req.kruise, k);
      ops.set(req.op, (ops.get(req.op) ?? 0) + 1);
      const problem = kruise18View(ask(v.request) as never, v.answer as never);
      if (problem) {
        mismatches++;
        if (first.length < 3) first.push(`${problem}: ${v.request.slice(0, 400)}`);
      }
    }
    const n = (op: string) => ops.get(op) ?? 0;
    assert.ok(n("kruise.inplaceSpec") >= 300 && n("kruise.strategy") >= 300 && n("kruise.update") >= 300 && n("kruise.refresh") >= 200 &&
      n("kruise.patchPod") >= 100 && n("kruise.completed") >= 150, JSON.stringify([...ops]));
    assert.equal(mismatches, 0, `${mismatches} of ${lines.length} vectors differ:\n${first.join("\n\n")}`);
  });
}

test("v1.8: PatchSpecToPod writes resources into the spec whatever the server version (no resize subresource)", () => {
  const pod = { metadata: { name: "p" }, spec: { containers: [{ name: "a", image: "b", resources: { limits: { cpu: "1" } } }] } };
  const req = { op: "kruise.patchPod", pod, updateSpec: { revision: "r", containerResources: { a: { limits: { cpu: "2" } } } }, now: "2026-01-01T00:00:00Z", serverVersion: "1.33", gates: { InPlaceWorkloadVerticalScaling: true } };
  const v18 = ask({ ...req, kruise: "1.8" });
  const v19 = ask({ ...req, kruise: "1.9" });
  assert.ok(v18.ok && v19.ok, JSON.stringify([v18, v19]));
  assert.equal(v18.result!.resizePatch, null);
  assert.match(v18.result!.pod, /"limits":\{"cpu":"2"\}/);
  assert.equal(v19.result!.resizePatch, `{"spec":{"containers":[{"name":"a","resources":{"limits":{"cpu":"2"}}}]}}`);
  assert.match(v19.result!.pod, /"limits":\{"cpu":"1"\}/);
});

test("v1.8: pods and templates are read as Kubernetes 1.30 types (fields added in 1.31/1.32 are dropped)", () => {
  const pod = { metadata: { name: "p" }, spec: { containers: [{ name: "a", image: "b", resources: { claims: [{ name: "gpu", request: "r1" }] } }] } };
  const req = { op: "kruise.patchPod", pod, updateSpec: { revision: "r", containerImages: { a: "c" } }, now: "2026-01-01T00:00:00Z" };
  assert.match(ask({ ...req, kruise: "1.9" }).result!.pod, /"claims":\[\{"name":"gpu","request":"r1"\}\]/);
  assert.match(ask({ ...req, kruise: "1.8" }).result!.pod, /"claims":\[\{"name":"gpu"\}\]/);
});

test("v1.5 - v1.7: gates, state and JSON of the older releases (checked against their oracle builds)", () => {
  // gates a release does not have are refused as its feature gate refuses them
  const done = (k: string, gates: object) => ask({ op: "kruise.completed", pod: {}, kruise: k, gates });
  assert.equal(done("1.7", { InPlaceWorkloadVerticalScaling: true }).error?.message, 'unknown feature gate "InPlaceWorkloadVerticalScaling"');
  assert.equal(done("1.8", { InPlaceWorkloadVerticalScaling: true }).ok, true);
  assert.equal(done("1.6", { RecreatePodWhenChangeVCTInCloneSetGate: true }).error?.code, "E_BAD_REQUEST");
  assert.equal(done("1.7", { RecreatePodWhenChangeVCTInCloneSetGate: true }).ok, true);
  // the state Update starts with has no updateImages before v1.8; Go 1.19 / 1.20 JSON has no short \b escape
  const pod = { metadata: { name: "p" }, spec: { containers: [{ name: "a", image: "b" }] } };
  const req = { op: "kruise.patchPod", pod, updateSpec: { revision: "r", containerImages: { a: "c\b" } }, now: "2026-01-01T00:00:00Z" };
  const v17 = ask({ ...req, kruise: "1.7" }), v18 = ask({ ...req, kruise: "1.8" });
  assert.equal(v17.result!.state, `{"revision":"r","updateTimestamp":"2026-01-01T00:00:00Z","lastContainerStatuses":null,"containerBatchesRecord":[{"timestamp":"2026-01-01T00:00:00Z","containers":["a"]}]}`);
  assert.match(v18.result!.state, /"updateImages":true/);
  assert.match(v17.result!.pod, /"image":"c\\u0008"/);
  assert.match(v18.result!.pod, /"image":"c\\b"/);
  // unknown releases are refused, never mapped to a neighbour
  for (const k of ["1.4", "1.10", "1.5.5", "v1.7"]) assert.equal(done(k, {}).error?.code, "E_UNSUPPORTED_VERSION", k);
});

test("docs/ops.md: the Advanced StatefulSet partition at v1.7 and v1.8 prints what the page shows", () => {
  const readme = readFileSync(new URL("../docs/ops.md", import.meta.url), "utf8");
  const block = readme.slice(readme.indexOf("<!-- partition-example -->"));
  const pairs = [...block.slice(0, block.indexOf("```\n", block.indexOf("```sh") + 5)).matchAll(/^\$ echo '(.*)' \| npx kinplace eval\n(.*)$/gm)];
  assert.equal(pairs.length, 2);
  for (const [, request, answer] of pairs) assert.equal(JSON.stringify(ask(request!)), answer);
  assert.notEqual(pairs[0]![2], pairs[1]![2]);
});

test("rollout.advancedStatefulSet: `kruise` names the planning release; refused elsewhere and for unknown releases", () => {
  const req = { statefulSet: { metadata: { name: "web" }, spec: { replicas: 1 } }, pods: [], currentRevision: "a", updateRevision: "b" };
  assert.equal(ask({ op: "rollout.advancedStatefulSet", kruise: "1.4", ...req }).error?.code, "E_UNSUPPORTED_VERSION");
  assert.deepEqual(ask({ op: "rollout.statefulSet", kruise: "1.7", ...req }).error, { code: "E_BAD_REQUEST", message: '"kruise" applies to OpenKruise kinds only', path: "kruise" });
  assert.equal(ask({ op: "rollout.advancedStatefulSet", kruise: "1.5", ...req }).ok, true);
});
