// pod.validateUpdate without Go: the golden vectors test/vectors/validate.jsonl.gz (the
// Go oracle's answers for every minor 1.15-1.37, made by test/oracle/make-validate-vectors.ts) replayed
// through the engine — equal except the diff text after the newline of the `spec` Forbidden message
// (upstream's go-cmp output is randomized; the engine writes its own, see docs/policy.md) — plus the
// engine's own rules for bad input.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./support/engine.ts";
import { normalize } from "./oracle/validate-arbitraries.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** The engine's answer line for a request object. */
function ask(req: unknown): any {
  return JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(typeof req === "string" ? req : JSON.stringify(req)))));
}

const pod = {
  apiVersion: "v1", kind: "Pod",
  metadata: { name: "web-0", namespace: "default", resourceVersion: "7", labels: { app: "web" } },
  spec: {
    containers: [{ name: "app", image: "nginx:1.25", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent", resources: { requests: { cpu: "100m" } } }],
    restartPolicy: "Always", dnsPolicy: "ClusterFirst", terminationGracePeriodSeconds: 30, serviceAccountName: "default", serviceAccount: "default",
    tolerations: [{ key: "node.kubernetes.io/not-ready", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 }],
  },
};
const clone = <T>(v: T): T => structuredClone(v);

test("golden vectors validate.jsonl.gz: the engine answers as the API server of each minor did", () => {
  const lines = gunzipSync(readFileSync(new URL("./vectors/validate.jsonl.gz", import.meta.url))).toString("utf8").split("\n").filter((l) => l !== "");
  assert.ok(lines.length >= 2000, `validate.jsonl.gz holds ${lines.length} vectors, expected at least 2000`);
  const minors = new Set<string>();
  let mismatches = 0, withErrors = 0, forbidden = 0;
  const first: string[] = [];
  for (const l of lines) {
    const v = JSON.parse(l) as { request: string; answer: any };
    minors.add(JSON.parse(v.request).kubernetes);
    if (v.answer.ok && v.answer.result.errors.length > 0) withErrors++;
    if (v.answer.ok && v.answer.result.errors.some((e: any) => e.field === "spec" && e.type === "Forbidden")) forbidden++;
    const actual = dec.decode(kinplace.evaluateLine(enc.encode(v.request)));
    try {
      assert.deepStrictEqual(normalize(actual), normalize(JSON.stringify(v.answer)));
    } catch {
      mismatches++;
      if (first.length < 3) first.push(`request:  ${v.request.slice(0, 800)}\nexpected: ${JSON.stringify(v.answer).slice(0, 1200)}\nactual:   ${actual.slice(0, 1200)}`);
    }
  }
  for (let n = 15; n <= 37; n++) assert.ok(minors.has(`1.${n}`), `no vectors for 1.${n}`);
  assert.ok(withErrors > lines.length / 4 && forbidden > lines.length / 10, `too few rejected updates (${withErrors} with errors, ${forbidden} forbidden)`);
  assert.equal(mismatches, 0, `${mismatches} of ${lines.length} vectors differ; first:\n\n${first.join("\n\n")}`);
});

test("pod.validateUpdate: an image bump passes, a forbidden change names the changed path", () => {
  const nu = clone(pod);
  nu.spec.containers[0]!.image = "nginx:1.26";
  assert.deepEqual(ask({ op: "pod.validateUpdate", kubernetes: "1.30", old: pod, new: nu }).result, { errors: [], message: "" });
  (nu.spec as any).hostname = "h";
  const r = ask({ op: "pod.validateUpdate", kubernetes: "1.21", old: pod, new: nu }).result;
  assert.equal(r.errors.length, 1);
  assert.equal(r.errors[0].field, "spec");
  assert.equal(r.errors[0].type, "Forbidden");
  assert.equal(r.errors[0].message, "Forbidden: pod updates may not change fields other than `spec.containers[*].image`, `spec.initContainers[*].image`, `spec.activeDeadlineSeconds` or `spec.tolerations` (only additions to existing tolerations)\nkinplace: changed spec.hostname");
  assert.equal(r.message, "spec: " + r.errors[0].message);
});

test("pod.validateUpdate: the 1.27-1.31 resize rule follows InPlacePodVerticalScaling", () => {
  const nu = clone(pod);
  nu.spec.containers[0]!.resources.requests.cpu = "200m";
  for (const [minor, gate, ok] of [["1.27", true, true], ["1.27", false, false], ["1.31", true, true], ["1.32", true, false], ["1.26", undefined, false]] as const) {
    const req: any = { op: "pod.validateUpdate", kubernetes: minor, old: pod, new: nu };
    if (gate !== undefined) req.gates = { InPlacePodVerticalScaling: gate };
    const r = ask(req).result;
    assert.equal(r.errors.length === 0, ok, `${minor} gate ${gate}: ${r.message}`);
  }
});

test("pod.validateUpdate: bad input is a typed error and the engine keeps working", () => {
  const cases: [unknown, string, string | undefined][] = [
    [{ op: "pod.validateUpdate", kubernetes: "1.12", old: pod, new: pod }, "E_UNSUPPORTED_VERSION", "kubernetes"],
    [{ op: "pod.validateUpdate", kubernetes: "1.13", old: pod, new: pod }, "E_UNSUPPORTED_VERSION", "kubernetes"],
    [{ op: "pod.validateUpdate", kubernetes: "1.30", old: pod, new: pod, gates: { Nope: true } }, "E_BAD_REQUEST", "gates"],
    [{ op: "pod.validateUpdate", kubernetes: "1.26", old: pod, new: pod, gates: { InPlacePodVerticalScaling: true } }, "E_BAD_REQUEST", "gates"],
    [{ op: "pod.validateUpdate", kubernetes: "1.35", old: pod, new: pod, gates: { InPlacePodVerticalScaling: false } }, "E_BAD_REQUEST", "gates"],
    [{ op: "pod.validateUpdate", kubernetes: "1.30", old: pod, new: pod, gates: { InPlacePodVerticalScaling: 1 } }, "E_BAD_REQUEST", "gates"],
    [{ op: "pod.validateUpdate", kubernetes: "1.30", new: pod }, "E_BAD_REQUEST", "old"],
    [{ op: "pod.validateUpdate", kubernetes: "1.30", old: pod, new: { spec: { containers: "x" } } }, "E_JSON_TYPE", "new"],
    [{ op: "pod.validateUpdate", kubernetes: "1.30", old: pod, newText: "{" }, "E_JSON_SYNTAX", "new"],
  ];
  for (const [req, code, path] of cases) {
    const a = ask(req);
    assert.equal(a.ok, false, JSON.stringify(req).slice(0, 200));
    assert.equal(a.error.code, code);
    assert.equal(a.error.path, path);
  }
  assert.equal(ask({ op: "pod.validateUpdate", kubernetes: "1.35", old: pod, new: pod, gates: { InPlacePodVerticalScaling: false } }).error.message,
    "cannot set feature gate InPlacePodVerticalScaling to false, feature is locked to true");
  assert.deepEqual(ask({ op: "pod.validateUpdate", old: pod, new: pod }).result, { errors: [], message: "" });
});

test("pod.validateUpdate: the new pod's container names, ports and env are checked in each minor's order", () => {
  const bad = clone(pod) as any;
  bad.spec.containers.push({ ...clone(pod.spec.containers[0]!), ports: [{ containerPort: 70000, protocol: "tcp" }] });
  bad.spec.containers[0].env = [{ name: "1ST", value: "x" }];
  const fields = (minor: string) => ask({ op: "pod.validateUpdate", kubernetes: minor, old: pod, new: bad }).result.errors.map((e: any) => `${e.field} ${e.type}`);
  // 1.15-1.24 report the duplicate name before the container's other checks, 1.25+ after them
  assert.deepEqual(fields("1.24").slice(0, 4), ["spec.containers[0].env[0].name Invalid value", "spec.containers[1].name Duplicate value",
    "spec.containers[1].ports[0].containerPort Invalid value", "spec.containers[1].ports[0].protocol Unsupported value"]);
  assert.deepEqual(fields("1.30").slice(0, 4), ["spec.containers[0].env[0].name Invalid value", "spec.containers[1].ports[0].containerPort Invalid value",
    "spec.containers[1].ports[0].protocol Unsupported value", "spec.containers[1].name Duplicate value"]);
  // 1.32+ judge env names by the relaxed rule ("1ST" is printable ASCII)
  assert.ok(!fields("1.32").includes("spec.containers[0].env[0].name Invalid value"));
});
