// kruise.preDownload (OpenKruise's image pre-download before in-place updates) against the golden vectors
// test/vectors/kruise-predownload.jsonl.gz (generated CloneSets, Advanced StatefulSets and Advanced DaemonSets
// with revisions, status and pods, request errors and the known cases, kruise "1.9" = v1.9.0, "1.8" = v1.8.3,
// "1.7" = v1.7.0, "1.6" = v1.6.0 and "1.5" = v1.5.5,
// answered by the Go oracle running the controllers' own createImagePullJobsForInPlaceUpdate,
// k8s/harness/kruise_predownload.go): every answer is the oracle's byte for byte. Plus the known answers on the
// engine alone and typed errors of bad input.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./support/engine.ts";
import { knownPreDownload, readmeRequest } from "./support/kruise-predownload-known.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();
const answer = (line: string) => dec.decode(kinplace.evaluateLine(enc.encode(line)));

test("golden vectors kruise-predownload.jsonl.gz: the engine answers as OpenKruise's controllers did (v1.9.0, v1.8.3, v1.7.0, v1.6.0, v1.5.5)", () => {
  const lines = gunzipSync(readFileSync(new URL("./vectors/kruise-predownload.jsonl.gz", import.meta.url))).toString().split("\n").filter(Boolean);
  const bad: string[] = [];
  const releases = new Map<string, number>();
  let created = 0;
  for (const line of lines) {
    // the answer is embedded verbatim: cut it out as text, so the comparison is byte for byte
    const cut = line.indexOf(',"answer":');
    const request = JSON.parse(line.slice(0, cut) + "}").request as string;
    const expected = line.slice(cut + 10, -1);
    const release = String((JSON.parse(request) as { kruise?: unknown }).kruise ?? "1.9");
    releases.set(release, (releases.get(release) ?? 0) + 1);
    if (expected.includes('"created":true')) created++;
    const got = answer(request);
    if (got !== expected) bad.push(`${request.slice(0, 400)}\n  engine: ${got.slice(0, 800)}\n  oracle: ${expected.slice(0, 800)}`);
  }
  assert.ok((releases.get("1.9") ?? 0) >= 1000 && (releases.get("1.8") ?? 0) >= 1000, `vectors per release: ${JSON.stringify([...releases])}`);
  for (const older of ["1.7", "1.6", "1.5"]) assert.ok((releases.get(older) ?? 0) >= 600, `vectors of kruise ${older}: ${JSON.stringify([...releases])}`);
  assert.ok(created > lines.length / 10, `${created} answers create jobs`);
  assert.equal(bad.length, 0, `${bad.length} of ${lines.length} answers differ; first:\n${bad.slice(0, 3).join("\n\n")}`);
});

test("kruise.preDownload: the known answers hold on the engine", () => {
  for (const c of knownPreDownload()) c.check(JSON.parse(answer(JSON.stringify(c.request))));
});

test("kruise.preDownload: bad input is a typed error naming the field", () => {
  const base = readmeRequest();
  const err = (r: object) => (JSON.parse(answer(JSON.stringify(r))) as { error: { code: string; path?: string; message: string } }).error;
  assert.deepEqual(err({ ...base, kind: "Deployment" }), { code: "E_BAD_REQUEST", message: 'kind must be CloneSet, AdvancedStatefulSet or AdvancedDaemonSet, not "Deployment"', path: "kind" });
  assert.equal(err({ ...base, kruise: "1.4" }).code, "E_UNSUPPORTED_VERSION");
  assert.equal(err({ ...base, kruise: "1.4" }).path, "kruise");
  assert.deepEqual(err({ ...base, kruise: "1.5", gates: { InPlaceWorkloadVerticalScaling: true } }), { code: "E_BAD_REQUEST", message: 'unknown feature gate "InPlaceWorkloadVerticalScaling"', path: "gates/InPlaceWorkloadVerticalScaling" });
  assert.equal(err({ ...base, workload: { ...base.workload, spec: { ...base.workload.spec, replicas: "six" } } }).path, "workload");
  assert.equal(err({ ...base, workload: { ...base.workload, spec: { ...base.workload.spec, replicas: "six" } } }).code, "E_JSON_TYPE");
  assert.equal(err({ ...base, currentRevision: undefined }).path, "currentRevision");
  assert.equal(err({ ...base, pods: [{ spec: { nodeName: 3 } }] }).path, "pods/0");
  assert.equal(err({ ...base, gates: { PreDownloadImageForInPlaceUpdate: 1 } }).path, "gates/PreDownloadImageForInPlaceUpdate");
  assert.equal(err({ ...base, oldRevisions: [] }).path, "oldRevisions");
  assert.equal(err({ ...base, workload: { ...base.workload, spec: { ...base.workload.spec, selector: undefined } } }).message, '"workload" must set spec.selector (the controller dereferences it)');
});

test("kruise.preDownload: the worked example of docs/ops.md prints what the page shows", () => {
  const readme = readFileSync(new URL("../docs/ops.md", import.meta.url), "utf8");
  const section = readme.slice(readme.indexOf("\n## OpenKruise image pre-download\n"), readme.indexOf("\n## Update verdict and user policies\n"));
  const m = /```sh\n\$ echo '([^\n]*)' \| npx kinplace eval\n([^\n]*)\n```/.exec(section);
  assert.ok(m !== null, "no worked example in the docs/ops.md section");
  assert.equal(answer(m[1]!), m[2]!);
  assert.equal(m[1]!, JSON.stringify(readmeRequest()), "the page's request is the known case the oracle checks");
});
