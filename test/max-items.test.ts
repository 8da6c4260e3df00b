// limits.maxItems: the ops on Kubernetes objects refuse an array or object with more children than the limit
// (default 10,000) with E_TOO_LARGE and the container's JSON path, wherever it sits - inline, in a document given
// as text, on the line shortcuts' paths - while the request's own top-level lists (pods, nodes) and the plain JSON
// and patch ops are not counted; a request's `limits.maxItems` or setLimits raises it, and the answer inside
// the limit is the one the exact path gives.

import { test } from "node:test";
import assert from "node:assert/strict";
import { kinplace } from "./support/engine.ts";

type Obj = Record<string, unknown>;
type Answer = { ok: boolean; result?: Record<string, any>; error?: { code: string; message: string; path?: string; offset?: number } };

const enc = new TextEncoder();
const dec = new TextDecoder();
const ask = (req: Obj | string): Answer => JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(typeof req === "string" ? req : JSON.stringify(req))))) as Answer;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const labels = (n: number) => Object.fromEntries(range(n).map((i) => [`l${i}`, "v"]));
const env = (n: number) => range(n).map((i) => ({ name: `E${i}`, value: "v" }));
const NOW = "2026-01-01T00:00:00Z";
/** An error answer without its byte offset (which moves with the request's other members). */
const same = (a: Answer) => ({ ok: a.ok, code: a.error?.code, message: a.error?.message, path: a.error?.path });

const deployment = (n: number, image = "nginx:1.27") => ({
  apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web" },
  spec: { selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: { app: "web", ...labels(n) } }, spec: { containers: [{ name: "app", image }] } } },
});

test("a map inside an object past maxItems is E_TOO_LARGE with its path; at the limit it answers", () => {
  const over = ask({ op: "verdict", old: deployment(10_000), new: deployment(10_000, "nginx:1.28") });
  assert.equal(over.error?.code, "E_TOO_LARGE", JSON.stringify(over).slice(0, 300));
  assert.equal(over.error!.message, "an object of 10001 members, more than maxItems (10000)");
  assert.equal(over.error!.path, "old.spec.template.metadata.labels");
  assert.ok(over.error!.offset! > 0);
  const at = ask({ op: "verdict", old: deployment(9_999), new: deployment(9_999, "nginx:1.28") });
  assert.equal(at.ok, true, JSON.stringify(at).slice(0, 300));
  assert.equal(at.result!.verdict, "recreate");
  const raised = ask({ op: "verdict", old: deployment(10_000), new: deployment(10_000, "nginx:1.28"), limits: { maxItems: 20_000 } });
  assert.equal(raised.ok, true);
  assert.deepEqual(raised.result, ask({ op: "verdict", old: deployment(10_000), new: deployment(10_000, "nginx:1.28"), limits: { maxItems: 10_001 } }).result);
  const lowered = ask({ op: "verdict", old: deployment(5), new: deployment(5, "nginx:1.28"), limits: { maxItems: 5 } });
  assert.equal(lowered.error?.code, "E_TOO_LARGE");
  assert.equal(lowered.error!.path, "old.spec.template.metadata.labels");
  // the request object itself counts as well
  assert.equal(ask({ op: "verdict", old: deployment(0), new: deployment(0, "nginx:1.28"), limits: { maxItems: 3 } }).error!.path, "");
});

test("lists count too, in documents given as text and on the line shortcuts", () => {
  const pod = { metadata: { name: "p" }, spec: { containers: [{ name: "a", image: "b", env: env(10_001) }] } };
  const text = ask({ op: "k8s.json", type: "Pod", valueText: JSON.stringify(pod) });
  assert.equal(text.error?.code, "E_TOO_LARGE");
  assert.equal(text.error!.message, "an array of 10001 elements, more than maxItems (10000)");
  // container.hash: the line shortcut gives up, the tape path reports (the same answer as with the shortcuts off)
  const line = `{"op":"container.hash","kubelet":"1.30","container":${JSON.stringify(pod.spec.containers[0])}}`;
  const hash = ask(line);
  assert.equal(hash.error?.code, "E_TOO_LARGE");
  assert.equal(hash.error!.path, "container.env");
  assert.deepEqual(same(hash), same(ask(line.replace(`{"op":"container.hash",`, `{"op":"container.hash","exact":["lines"],`))));
  // kruise.patchPods read without a tape (eval/lines/patchpods.ts): the same error as the tape path
  const patch = { op: "kruise.patchPods", pods: [pod], updateSpec: { revision: "r", containerImages: { a: "c" } }, now: NOW };
  const viaLine = ask(patch);
  assert.equal(viaLine.error?.code, "E_TOO_LARGE", JSON.stringify(viaLine).slice(0, 300));
  assert.equal(viaLine.error!.path, "pods[0].spec.containers[0].env");
  assert.deepEqual(same(viaLine), same(ask({ ...patch, exact: true })));
  // raised for the request: both paths answer, alike
  const raised = ask({ ...patch, limits: { maxItems: 10_001 } });
  assert.equal(raised.ok, true, JSON.stringify(raised).slice(0, 300));
  assert.deepEqual(raised, ask({ ...patch, limits: { maxItems: 10_001 }, exact: true }));
});

test("the request's top-level lists and the plain JSON ops are not counted", () => {
  const pods = range(10_001).map((i) => ({ metadata: { name: `p${i}` }, spec: { containers: [{ name: "a", image: "b" }] } }));
  const many = ask({ op: "kruise.patchPods", pods, updateSpec: { revision: "r", containerImages: { a: "c" } }, now: NOW });
  assert.equal(many.ok, true, JSON.stringify(many).slice(0, 300));
  assert.equal((many.result!.results as unknown[]).length, 10_001);
  const podsText = ask({ op: "kruise.patchPods", podsText: JSON.stringify(pods), updateSpec: { revision: "r", containerImages: { a: "c" } }, now: NOW });
  assert.deepEqual(podsText, many);
  const big = range(50_000);
  assert.equal(ask({ op: "json.go", value: big }).ok, true);
  assert.equal(ask({ op: "jsonpatch.diff", from: { a: big }, to: { a: big } }).ok, true);
});

test("setLimits sets the process-wide maxItems; 0 keeps it", () => {
  try {
    kinplace.setLimits({ maxItems: 3 });
    assert.equal(ask({ op: "k8s.json", type: "Pod", value: { metadata: { labels: labels(4) } } }).error?.code, "E_TOO_LARGE");
    kinplace.setLimits({ maxItems: 0 });
    assert.equal(ask({ op: "k8s.json", type: "Pod", value: { metadata: { labels: labels(4) } } }).error?.code, "E_TOO_LARGE");
    assert.equal(ask({ op: "k8s.json", type: "Pod", value: { metadata: { labels: labels(4) } }, limits: { maxItems: 4 } }).ok, true);
  } finally {
    kinplace.setLimits({ maxItems: 10_000 });
  }
  assert.equal(ask({ op: "k8s.json", type: "Pod", value: { metadata: { labels: labels(4) } } }).ok, true);
});
