// applyDefaults (API-server defaulting, assembly/upstream/kubernetes/defaults/) without Go: the golden vectors
// test/vectors/defaults.jsonl.gz (written by test/oracle/make-defaults-vectors.ts from the real
// SetObjectDefaults_* of each minor 1.15–1.37, pod-level resources included) replayed through the engine, the
// engine's own refusals, and hand-checked pod-level resource defaults (1.34–1.36).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./support/engine.ts";
import { assertSameAnswer } from "./oracle/compare.ts";

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const ask = (r: object) => JSON.parse(decoder.decode(kinplace.evaluateLine(encoder.encode(JSON.stringify(r))))) as { ok: boolean; result?: Record<string, unknown>; error?: { code: string; message: string; path?: string } };

test("golden vectors defaults.jsonl.gz: the engine defaults as the API server did", () => {
  const text = gunzipSync(readFileSync(new URL("./vectors/defaults.jsonl.gz", import.meta.url))).toString("utf8");
  const vectors = text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as { request: string; answer: object });
  assert.ok(vectors.length >= 250, `defaults.jsonl.gz holds ${vectors.length} vectors`);
  const minors = new Set(vectors.map((v) => (JSON.parse(v.request) as { kubernetes?: string; kubelet?: string }).kubernetes ?? (JSON.parse(v.request) as { kubelet?: string }).kubelet));
  assert.ok(minors.size >= 5, `vectors cover ${minors.size} minors`);
  // every kube minor (1.15–1.37) has Pod, template and workload vectors, and 1.34–1.36 have pod-level resources
  for (let n = 15; n <= 37; n++) {
    const reqs = vectors.map((v) => JSON.parse(v.request) as { op: string; type?: string; kubernetes?: string; value?: { spec?: { resources?: unknown } } }).filter((r) => r.kubernetes === `1.${n}`);
    for (const t of ["Pod", "PodTemplateSpec"]) assert.ok(reqs.some((r) => r.type === t), `1.${n} has ${t} vectors`);
    assert.ok(reqs.some((r) => ["Deployment", "ReplicaSet", "StatefulSet", "DaemonSet"].includes(r.type ?? "") || r.op === "revision"), `1.${n} has workload vectors`);
    if (n >= 34 && n <= 36) assert.ok(reqs.filter((r) => r.type === "Pod" && r.value?.spec?.resources !== undefined).length >= 3, `1.${n} has pod-level resource vectors`);
  }
  let mismatches = 0;
  const first: string[] = [];
  for (const v of vectors) {
    try {
      assertSameAnswer(v.request, v.answer, decoder.decode(kinplace.evaluateLine(encoder.encode(v.request))));
    } catch (e) {
      mismatches++;
      if (first.length < 3) first.push((e as Error).message);
    }
  }
  assert.equal(mismatches, 0, `${mismatches} of ${vectors.length} vectors differ; first ones:\n${first.join("\n\n")}`);
});

test("defaults fire on a bare container and leave given values alone", () => {
  const bare = ask({ op: "k8s.json", type: "Container", value: { name: "a", image: "nginx", ports: [{ containerPort: 80 }] }, kubernetes: "1.30", applyDefaults: true });
  const c = JSON.parse(bare.result!.json as string) as Record<string, unknown>;
  assert.equal(c.imagePullPolicy, "Always");
  assert.equal(c.terminationMessagePath, "/dev/termination-log");
  assert.deepEqual(c.ports, [{ containerPort: 80, protocol: "TCP" }]);
  const given = ask({ op: "k8s.json", type: "Container", value: { name: "a", image: "nginx:1.2", imagePullPolicy: "Never" }, kubernetes: "1.30", applyDefaults: true });
  assert.equal((JSON.parse(given.result!.json as string) as Record<string, unknown>).imagePullPolicy, "Never");
  const off = ask({ op: "k8s.json", type: "Container", value: { name: "a", image: "nginx" }, kubernetes: "1.30" });
  assert.equal((JSON.parse(off.result!.json as string) as Record<string, unknown>).imagePullPolicy, undefined);
});

test("applyDefaults changes the kubelet hash only where the defaulted fields are hashed", () => {
  const c = { name: "a", image: "nginx:1.27" };
  const json = (d: boolean) => ask({ op: "container.hash", container: c, kubelet: "1.30", applyDefaults: d }).result!.hash;
  const nameImage = (d: boolean) => ask({ op: "container.hash", container: c, kubelet: "1.31", applyDefaults: d }).result!.hash;
  assert.notEqual(json(true), json(false));
  assert.equal(nameImage(true), nameImage(false));
});

test("refusals: 1.12, types without a defaulter, OpenKruise revisions", () => {
  const v112 = ask({ op: "k8s.json", type: "Pod", value: {}, kubernetes: "1.12", applyDefaults: true });
  assert.equal(v112.error?.code, "E_UNSUPPORTED_VERSION");
  assert.equal(v112.error?.path, "applyDefaults");
  const probe = ask({ op: "k8s.json", type: "Probe", value: {}, kubernetes: "1.30", applyDefaults: true });
  assert.deepEqual([probe.error?.code, probe.error?.path], ["E_BAD_REQUEST", "type"]);
  const kr = ask({ op: "revision", kind: "CloneSet", object: { metadata: { name: "a" } }, applyDefaults: true });
  assert.deepEqual([kr.error?.code, kr.error?.path], ["E_BAD_REQUEST", "applyDefaults"]);
  assert.equal(ask({ op: "fnv", variant: "fnv32a", text: "abc" }).ok, true, "the engine keeps answering");
});

/** spec.resources of a Pod defaulted at minor m. */
const podResources = (spec: object, m: string) => {
  const r = ask({ op: "k8s.json", type: "Pod", value: { spec }, kubernetes: m, applyDefaults: true });
  assert.equal(r.ok, true, JSON.stringify(r.error));
  return (JSON.parse(r.result!.json as string) as { spec: { resources?: object } }).spec.resources;
};

test("pod-level resources default from the containers at 1.34-1.36 only (sidecars, hugepages, Go's Quantity sums)", () => {
  const spec = {
    containers: [{ name: "a", image: "x", resources: { requests: { cpu: "100m", memory: "64Mi" }, limits: { "hugepages-2Mi": "4Mi" } } }, { name: "b", image: "x", resources: { limits: { cpu: "1.5", memory: "1Gi" } } }],
    initContainers: [{ name: "s", image: "x", restartPolicy: "Always", resources: { requests: { cpu: "250m" } } }, { name: "i", image: "x", resources: { requests: { cpu: "3", memory: "9223372036854775807" } } }],
    resources: { limits: { cpu: "4", memory: "2Gi" } },
  };
  // requests: max(1.6 + 0.25 sidecar, 3 + 0.25) cpu, max(64Mi + 1Gi, int64 max) memory, hugepages from the defaulted pod limit
  for (const m of ["1.34", "1.35", "1.36"]) {
    assert.deepEqual(podResources(spec, m), { limits: { cpu: "4", "hugepages-2Mi": "4Mi", memory: "2Gi" }, requests: { cpu: "3250m", "hugepages-2Mi": "4Mi", memory: "9223372036854775807" } }, m);
  }
  for (const m of ["1.33", "1.37"]) assert.deepEqual(podResources(spec, m), { limits: { cpu: "4", memory: "2Gi" } }, m);
  // Add keeps the receiver's format unless it is zero; int64 overflow continues exactly in inf.Dec
  const sums = {
    containers: [
      { name: "a", image: "x", resources: { requests: { cpu: "0", memory: "0.5Gi" } } },
      { name: "b", image: "x", resources: { requests: { cpu: "1Ki", memory: "512Mi" } } },
      { name: "c", image: "x", resources: { requests: { cpu: "500m" } } },
    ],
    resources: { limits: { cpu: "2", memory: "2G" } },
  };
  assert.deepEqual(podResources(sums, "1.35"), { limits: { cpu: "2", memory: "2G" }, requests: { cpu: "1024500m", memory: "1Gi" } });
  const big = { containers: [1, 2].map((i) => ({ name: `c${i}`, image: "x", resources: { requests: { memory: "9223372036854775807" } } })), resources: { limits: { memory: "1" } } };
  assert.deepEqual(podResources(big, "1.34"), { limits: { memory: "1" }, requests: { memory: "18446744073709551614" } });
  // no pod limits: nothing defaulted; pod limits {}: hugepages limits only when pod requests exist
  assert.deepEqual(podResources({ containers: [{ name: "a", image: "x", resources: { limits: { cpu: "1" } } }], resources: { requests: { cpu: "1" } } }, "1.36"), { requests: { cpu: "1" } });
});
