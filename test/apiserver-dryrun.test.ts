// A real kube-apiserver's answers, without Go or a server: test/fixtures/apiserver/dryrun-1.37.jsonl.gz holds what
// kube-apiserver (the release its first line names, with etcd, kubeadm's admission plugins) answered to
// `kubectl apply --dry-run=server` on generated edits of Deployments, StatefulSets, DaemonSets, ReplicaSets and
// bare Pods, recorded by the live suite (test/live/dryrun.test.ts): the stored object kubectl read, the patch it
// sent, the server's status, body and Warning headers, and for Pods the verdict routes to pods/resize the
// server's answer there. test/support/dryrun-check.ts holds the engine against each (verdict and rejection text,
// warnings, the defaulted spec); test/support/dryrun-known.ts names and checks the known differences.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./support/engine.ts";
import { checkDryRun, type DryRunRecord, type Evaluate } from "./support/dryrun-check.ts";
import { explainDryRun } from "./support/dryrun-known.ts";

const evaluate = kinplace.evaluate as unknown as Evaluate;
const lines = gunzipSync(readFileSync(new URL("./fixtures/apiserver/dryrun-1.37.jsonl.gz", import.meta.url))).toString("utf8").split("\n").filter((l) => l !== "");
const head = JSON.parse(lines[0]!) as { versions: { kubernetes: string; etcd: string; kubectl: string } };
const records = lines.slice(1).map((l) => JSON.parse(l) as DryRunRecord);
const minor = head.versions.kubernetes.split(".").slice(0, 2).join(".");

test(`kube-apiserver ${head.versions.kubernetes}'s dry-run answers: the engine agrees, or differs only as test/support/dryrun-known.ts explains`, () => {
  assert.ok(records.length >= 300, `${records.length} records`);
  const seen = new Set<string>();
  const known: Record<string, number> = {};
  const bad: string[] = [];
  for (const r of records) {
    seen.add(`${r.kind} ${r.apply.status === 200 ? (r.apply.warnings.length ? "warned" : "accepted") : "refused"}`);
    if (r.resize) seen.add(`Pod resize ${r.resize.status === 200 ? "accepted" : "refused"}`);
    const ex = explainDryRun(r, minor, evaluate);
    for (const k of ex.known) known[k] = (known[k] ?? 0) + 1;
    for (const m of ex.unexplained) bad.push(`${r.id} ${m.aspect}${m.path ? " " + m.path : ""}:\n  server ${JSON.stringify(m.server).slice(0, 600)}\n  engine ${JSON.stringify(m.engine).slice(0, 600)}`);
  }
  assert.equal(bad.length, 0, `${bad.length} unexplained differences; first:\n${bad.slice(0, 4).join("\n")}`);
  // the recording covers every kind both ways, warnings, and the resize subresource both ways
  for (const kind of ["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Pod"]) for (const o of ["accepted", "refused"]) assert.ok(seen.has(`${kind} ${o}`), `no ${kind} ${o}: ${[...seen].join(", ")}`);
  for (const s of ["Deployment warned", "StatefulSet warned", "Pod resize accepted", "Pod resize refused"]) assert.ok(seen.has(s), `no ${s}: ${[...seen].join(", ")}`);
  // each known difference still shows (when the engine learns one, its entry in dryrun-known.ts goes)
  for (const k of ["DefaultTolerationSeconds", "patch strict decoding", "claim template apiVersion/kind"]) assert.ok((known[k] ?? 0) > 0, `${k} no longer seen: ${JSON.stringify(known)}`);
});

test("the dry-run check notices a different refusal text, a missing warning and a different default", () => {
  const refused = records.find((r) => r.kind === "Deployment" && r.apply.status === 422)!;
  const status = JSON.parse(refused.apply.response);
  const reworded = { ...refused, apply: { ...refused.apply, response: JSON.stringify({ ...status, message: status.message + "!" }) } };
  assert.deepEqual(checkDryRun(refused, minor, evaluate), []);
  assert.deepEqual(checkDryRun(reworded, minor, evaluate).map((m) => m.aspect), ["message"]);
  const warned = records.find((r) => r.kind === "Deployment" && r.apply.status === 200 && r.apply.warnings.length > 0)!;
  assert.deepEqual(checkDryRun({ ...warned, apply: { ...warned.apply, warnings: warned.apply.warnings.slice(1) } }, minor, evaluate).map((m) => m.aspect), ["warnings"]);
  const accepted = records.find((r) => r.kind === "ReplicaSet" && r.apply.status === 200 && r.apply.warnings.length === 0)!;
  const obj = JSON.parse(accepted.apply.response);
  obj.spec.template.spec.dnsPolicy = "Default";
  const m = checkDryRun({ ...accepted, apply: { ...accepted.apply, response: JSON.stringify(obj) } }, minor, evaluate);
  assert.deepEqual(m.map((x) => [x.aspect, x.path]), [["defaults", "/spec/template/spec/dnsPolicy"]]);
});
