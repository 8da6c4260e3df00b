// workload.validateUpdate for the OpenKruise kinds against the golden vectors of OpenKruise's admission webhooks
// (test/vectors/kruise-workload-validate.jsonl.gz: CloneSet, Advanced StatefulSet and Advanced DaemonSet updates
// at every API version each release serves, kruise "1.9" = v1.9.0 and "1.8" = v1.8.3, answered by the Go
// oracle's CRD defaults + mutating webhook + validating webhook, k8s/harness/kruise_workload.go): every answer is
// the oracle's byte for byte (no known differences).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./support/engine.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

type Vector = { request: string; answer: { ok: boolean; result?: { errors: unknown[]; message: string } } };

test("golden vectors kruise-workload-validate.jsonl.gz: the engine answers as OpenKruise's webhooks did (v1.9.0, v1.8.3)", () => {
  const lines = gunzipSync(readFileSync(new URL("./vectors/kruise-workload-validate.jsonl.gz", import.meta.url))).toString().split("\n").filter(Boolean);
  assert.ok(lines.length > 2000, `${lines.length} vectors`);
  const bad: string[] = [];
  const releases = new Map<string, number>();
  let refused = 0;
  for (const line of lines) {
    const v = JSON.parse(line) as Vector;
    const release = (JSON.parse(v.request) as { kruise?: unknown }).kruise;
    releases.set(String(release ?? "1.9"), (releases.get(String(release ?? "1.9")) ?? 0) + 1);
    if (v.answer.ok && v.answer.result!.message !== "") refused++;
    const got = JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(v.request))));
    if (JSON.stringify(got) === JSON.stringify(v.answer)) continue;
    bad.push(`${v.request.slice(0, 400)}\n  engine: ${JSON.stringify(got).slice(0, 800)}\n  oracle: ${JSON.stringify(v.answer).slice(0, 800)}`);
  }
  assert.ok((releases.get("1.9") ?? 0) > 1000 && (releases.get("1.8") ?? 0) > 800, `vectors per release: ${JSON.stringify([...releases])}`);
  assert.ok(refused > lines.length / 4, `${refused} refused updates: the vectors exercise both sides`);
  assert.equal(bad.length, 0, `${bad.length} of ${lines.length} answers differ; first:\n${bad.slice(0, 3).join("\n\n")}`);
});

test("workload.validateUpdate (OpenKruise): the examples of a new user", () => {
  const cs = (app: string, image = "nginx:alpine") => ({
    apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "sample", namespace: "default", resourceVersion: "7" },
    spec: { replicas: 5, selector: { matchLabels: { app } }, template: { metadata: { labels: { app } }, spec: { containers: [{ name: "nginx", image }] } }, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%" } },
  });
  const ask = (r: object) => kinplace.evaluate({ op: "workload.validateUpdate", ...r } as never) as { ok: boolean; result: { errors: { field: string; message: string }[]; message: string }; error?: { code: string; message: string } };
  // a selector change is refused by the validating webhook (everything but the listed spec fields is immutable)
  const sel = ask({ kind: "CloneSet", old: cs("sample"), new: cs("sample2") });
  assert.equal(sel.result.errors[0]!.field, "spec");
  assert.match(sel.result.message, /^admission webhook "vcloneset\.kb\.io" denied the request: spec: Forbidden: updates to cloneset spec for fields other than 'replicas', 'template', /);
  // an image change is accepted, at both releases
  assert.deepEqual(ask({ kind: "CloneSet", old: cs("sample"), new: cs("sample", "nginx:1.27") }).result.errors, []);
  assert.equal(ask({ kind: "CloneSet", kruise: "1.8", old: cs("sample"), new: cs("sample", "nginx:1.27") }).result.message, "");
  // the Kubernetes minor is the Kruise release's own
  assert.equal(ask({ kind: "CloneSet", kubernetes: "1.32", old: cs("sample"), new: cs("sample") }).error?.code, "E_BAD_REQUEST");
});
