// workload.validateUpdate against the golden vectors of kube-apiserver's update path (test/vectors/
// workload-validate.jsonl.gz: decode, apps/v1 defaulting, conversion, rest.BeforeUpdate with the apps registry
// strategies, 1.15-1.37): every answer is the oracle's byte for byte, the warnings included.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./support/engine.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

test("golden vectors workload-validate.jsonl.gz: the engine answers as kube-apiserver did at each minor", () => {
  const lines = gunzipSync(readFileSync(new URL("./vectors/workload-validate.jsonl.gz", import.meta.url))).toString().split("\n").filter(Boolean);
  assert.ok(lines.length > 10_000, `${lines.length} vectors`);
  const bad: string[] = [];
  let refused = 0, warned = 0;
  for (const line of lines) {
    const v = JSON.parse(line) as { request: string | { base64: string }; answer: { ok: boolean; result?: { errors: unknown[]; warnings?: string[] } } };
    const bytes = typeof v.request === "string" ? enc.encode(v.request) : Buffer.from(v.request.base64, "base64");
    const got = JSON.parse(dec.decode(kinplace.evaluateLine(bytes)));
    if (v.answer.ok && (v.answer.result?.errors.length ?? 0) > 0) refused++;
    if (v.answer.ok && (v.answer.result?.warnings?.length ?? 0) > 0) warned++;
    if (JSON.stringify(got) === JSON.stringify(v.answer)) continue;
    bad.push(`${typeof v.request === "string" ? v.request.slice(0, 400) : "(bytes)"}\n  engine: ${JSON.stringify(got).slice(0, 800)}\n  oracle: ${JSON.stringify(v.answer).slice(0, 800)}`);
  }
  assert.equal(bad.length, 0, `${bad.length} of ${lines.length} answers differ; first:\n${bad.slice(0, 3).join("\n\n")}`);
  assert.ok(refused > lines.length / 4, `${refused} refused updates: the vectors exercise both sides`);
  assert.ok(warned > 300, `${warned} answers with warnings: the vectors exercise them`);
});

test("workload.validateUpdate: the examples of a new user", () => {
  const dep = (selector: string, image = "nginx:1.27") => ({ apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web" },
    spec: { selector: { matchLabels: { app: selector } }, template: { metadata: { labels: { app: selector } }, spec: { containers: [{ name: "app", image }] } } } });
  const ask = (r: object) => kinplace.evaluate({ op: "workload.validateUpdate", ...r } as never) as { ok: boolean; result: { errors: { field: string; message: string }[]; message: string } };
  // a selector change is refused (apps/v1): %#v before 1.34, JSON after
  assert.equal(ask({ kind: "Deployment", kubernetes: "1.37", old: dep("web"), new: dep("web2") }).result.message,
    `Deployment.apps "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"web2"}}: field is immutable`);
  assert.equal(ask({ kind: "Deployment", kubernetes: "1.32", old: dep("web"), new: dep("web2") }).result.errors[0]!.message,
    `Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable`);
  // an image change is accepted
  assert.deepEqual(ask({ kind: "Deployment", old: dep("web"), new: dep("web", "nginx:1.28") }).result.errors, []);
  // a StatefulSet's claim templates: one Forbidden up to 1.36, "field is immutable" in 1.37
  const sts = (size: string) => ({ metadata: { name: "db" }, spec: { serviceName: "db", selector: { matchLabels: { app: "db" } }, template: { metadata: { labels: { app: "db" } }, spec: { containers: [{ name: "c", image: "postgres" }] } },
    volumeClaimTemplates: [{ metadata: { name: "data" }, spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: size } } } }] } });
  assert.match(ask({ kind: "StatefulSet", kubernetes: "1.32", old: sts("1Gi"), new: sts("2Gi") }).result.message, /spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden$/);
  assert.equal(ask({ kind: "StatefulSet", kubernetes: "1.37", old: sts("1Gi"), new: sts("2Gi") }).result.errors[0]!.field, "spec.volumeClaimTemplates");
  // a StatefulSet read back from the server carries apiVersion/kind on its claim templates (the v1 conversion sets
  // them); the internal claims the update compares have none, so a manifest without them changes nothing
  const typed = (size: string) => {
    const o = sts(size);
    o.spec.volumeClaimTemplates = o.spec.volumeClaimTemplates.map((c) => ({ apiVersion: "v1", kind: "PersistentVolumeClaim", ...c }));
    return o;
  };
  for (const kubernetes of ["1.15", "1.16", "1.17", "1.30", "1.36", "1.37"]) {
    assert.deepEqual(ask({ kind: "StatefulSet", kubernetes, old: typed("1Gi"), new: sts("1Gi") }).result.errors, [], kubernetes);
    assert.deepEqual(ask({ kind: "StatefulSet", kubernetes, old: sts("1Gi"), new: typed("1Gi") }).result.errors, [], kubernetes);
  }
  assert.doesNotMatch(ask({ kind: "StatefulSet", kubernetes: "1.37", old: sts("1Gi"), new: typed("2Gi") }).result.message, /PersistentVolumeClaim/);
  // the stored object's namespace is the request's: another one in the new object is a Bad Request
  const other = { ...dep("web"), metadata: { name: "web", namespace: "other" } };
  const moved = kinplace.evaluate({ op: "workload.validateUpdate", kind: "Deployment", old: { ...dep("web"), metadata: { name: "web", namespace: "prod" } }, new: other } as never) as { ok: boolean; error: { code: string; message: string } };
  assert.deepEqual([moved.ok, moved.error.code, moved.error.message], [false, "E_BAD_REQUEST", "the namespace of the provided object does not match the namespace sent on the request"]);
});

test("workload.validateUpdate: warnings as kube-apiserver records them, per minor", () => {
  const dep = (spec: object, meta: object = {}, annotations: object = {}) => ({ apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web", ...meta },
    spec: { selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web" }, annotations }, spec: { containers: [{ name: "app", image: "nginx" }], ...spec } } } });
  const warnings = (kubernetes: string, nu: object, old: object = dep({}), kind = "Deployment") =>
    (kinplace.evaluate({ op: "workload.validateUpdate", kind, kubernetes, old, new: nu } as never) as { ok: boolean; result: { warnings: string[] } }).result.warnings;
  const seccomp = dep({}, {}, { "seccomp.security.alpha.kubernetes.io/pod": "runtime/default" });
  // no warnings before 1.22; the seccomp text of each era after
  assert.deepEqual(warnings("1.21", seccomp), []);
  assert.deepEqual(warnings("1.22", seccomp), [`spec.template.metadata.annotations[seccomp.security.alpha.kubernetes.io/pod]: deprecated since v1.19; use the "seccompProfile" field instead`]);
  assert.deepEqual(warnings("1.37", seccomp), [`spec.template.metadata.annotations[seccomp.security.alpha.kubernetes.io/pod]: non-functional in v1.27+; use the "seccompProfile" field instead`]);
  // only when the template (the generation) changes
  assert.deepEqual(warnings("1.37", seccomp, seccomp), []);
  // in upstream's order: node labels, then the containers' env, then the ports, then the grace period
  const busy = dep({ nodeSelector: { "beta.kubernetes.io/os": "linux" }, terminationGracePeriodSeconds: -1,
    containers: [{ name: "app", image: "nginx", env: [{ name: "A", value: "1" }, { name: "A", value: "2" }], ports: [{ containerPort: 80 }, { containerPort: 80 }] }] });
  assert.deepEqual(warnings("1.37", busy), [
    `spec.template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead`,
    `spec.template.spec.containers[0].env[1]: hides previous definition of "A", which may be dropped when using apply`,
    "spec.template.spec.containers[0].ports[1]: duplicate port definition with spec.template.spec.containers[0].ports[0]",
    "spec.template.spec.terminationGracePeriodSeconds: must be >= 0; negative values are invalid and will be treated as 1",
  ]);
  assert.deepEqual(warnings("1.27", busy), [
    `spec.template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead`,
    `spec.template.spec.containers[0].env[1].name: duplicate name "A"`,
    "spec.template.spec.terminationGracePeriodSeconds: must be >= 0; negative values are invalid and will be treated as 1",
  ]);
  // 1.32-1.33 check a projected source without paths of its own against the previous source's paths again
  const projected = dep({ volumes: [{ name: "all", projected: { sources: [{ configMap: { name: "cfg", items: [{ key: "a", path: "conf" }] } }, { secret: { name: "s" } }] } }] });
  assert.deepEqual(warnings("1.33", projected), [`volume "all" (Projected): overlapping paths: "conf" (ConfigMap "cfg") with "conf" (ConfigMap "cfg")`]);
  assert.deepEqual(warnings("1.34", projected), []);
  // 1.24 warns about metadata.clusterName before it validates: the warning stays on a refused update
  const cluster = (kubernetes: string) => kinplace.evaluate({ op: "workload.validateUpdate", kind: "Deployment", kubernetes, old: dep({}),
    new: dep({}, { clusterName: "east", labels: { "bad key!": "x" } }) } as never) as { ok: boolean; result: { errors: unknown[]; warnings: string[] } };
  assert.equal(cluster("1.24").result.errors.length > 0, true);
  assert.deepEqual(cluster("1.24").result.warnings, ["metadata.clusterName was specified. This field is not preserved and will be removed from the schema in 1.25"]);
  assert.deepEqual(cluster("1.25").result.warnings, []);
  // a StatefulSet's fractional claim size warns on every update from 1.26, its negative revisionHistoryLimit from 1.33
  const sts = (limit: number) => ({ metadata: { name: "db" }, spec: { serviceName: "db", revisionHistoryLimit: limit, selector: { matchLabels: { app: "db" } },
    template: { metadata: { labels: { app: "db" } }, spec: { containers: [{ name: "c", image: "postgres" }] } },
    volumeClaimTemplates: [{ metadata: { name: "data" }, spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "2.5" } } } }] } });
  assert.deepEqual(warnings("1.33", sts(-1), sts(10), "StatefulSet"), [
    `spec.volumeClaimTemplates[0].Spec.resources.requests[storage]: fractional byte value "2500m" is invalid, must be an integer`,
    "spec.revisionHistoryLimit: a negative value retains all historical revisions; a value >= 0 is recommended",
  ]);
  assert.deepEqual(warnings("1.25", sts(-1), sts(10), "StatefulSet"), []);
});

test("workload.validateUpdate: the warnings are bounded by maxErrorBytes", () => {
  const dep = (ports: object[]) => ({ metadata: { name: "web" }, spec: { selector: { matchLabels: { app: "web" } },
    template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx", ports }] } } } });
  const ask = (n: number, maxErrorBytes?: number) => kinplace.evaluate({ op: "workload.validateUpdate", kind: "Deployment", old: dep([]),
    new: dep(Array.from({ length: n }, () => ({ containerPort: 80 }))), ...(maxErrorBytes ? { maxErrorBytes } : {}) } as never) as
    { ok: boolean; result?: { warnings: string[] }; error?: { code: string; message: string; path: string } };
  // n identical ports: n(n-1)/2 "duplicate port definition" warnings, as upstream lists them
  assert.equal(ask(40).result!.warnings.length, 780);
  assert.deepEqual(ask(40, 2000).error, { code: "E_LIMIT", message: "the warnings exceed maxErrorBytes (2000 characters)", path: "maxErrorBytes" });
  // 10,000 of them (maxItems) stop at the default 16 MiB instead of building 50 million texts
  const started = Date.now();
  assert.equal(ask(10_000).error?.code, "E_LIMIT");
  assert.ok(Date.now() - started < 5_000, `${Date.now() - started} ms`);
});
