// Edge runtimes: the edge entry (dist/edge.mjs, a precompiled WebAssembly.Module only) running in
// workerd — Cloudflare's runtime from npm, which refuses to compile wasm from bytes — must answer every
// request byte for byte as the Node engine does; the inline-bytes entry works where compiling bytes is
// allowed (Node) and is refused by workerd. Needs `npm run build` (dist/) and the workerd devDependency.

import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { freePort } from "./support/ports.ts";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import fc from "fast-check";
import { evaluateLine, initSync } from "../js/node.ts";
import { cases } from "./support/scale.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const wasmBytes = readFileSync(join(root, "dist/kinplace.wasm"));
initSync(wasmBytes);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The native workerd executable of the devDependency (the package's default export). Not its bin: without the
 *  package's install script (npm 11 blocks it) that is a Node shim whose child outlives a kill and holds the pipes. */
function workerdBin(): string {
  const require = createRequire(import.meta.url);
  return (require("workerd") as { default: string }).default;
}


let child: ChildProcess | undefined;
let base = "";
let log = "";

before(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(workerdBin(), ["serve", join(root, "test/edge/config.capnp"), "--socket-addr", `http=127.0.0.1:${port}`], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (b: Buffer) => (log += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (log += b.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`workerd exited with ${child.exitCode}: ${log}`);
    try {
      const r = await fetch(`${base}/nothing`);
      await r.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`workerd did not start within 60 s: ${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
});

after(() => {
  child?.kill();
});

/** POSTs `body` to the worker and returns the response bytes. */
async function post(path: string, body: Uint8Array | string): Promise<Uint8Array> {
  const r = await fetch(`${base}${path}`, { method: "POST", body: body as unknown as BodyInit });
  assert.equal(r.status, 200, `${path}: HTTP ${r.status} ${log}`);
  return new Uint8Array(await r.arrayBuffer());
}

/** The worker's raw answer equals the Node engine's for the same request line. */
async function sameAnswer(line: string): Promise<void> {
  const bytes = encoder.encode(line);
  const fromWorker = await post("/line", bytes);
  const fromNode = evaluateLine(bytes);
  assert.equal(decoder.decode(fromWorker), decoder.decode(fromNode), line);
}

const CONTAINER = { name: "app", image: "nginx:1.25", env: [{ name: "A", value: "1" }], resources: { requests: { cpu: "100m" } } };
const TEMPLATE = { metadata: { labels: { app: "web" } }, spec: { containers: [CONTAINER, { name: "sidecar", image: "envoy" }] } };
const OLD = { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "web" }, spec: { replicas: 3, updateStrategy: { type: "InPlaceIfPossible" }, template: TEMPLATE } };
const DEPLOY = { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "api", namespace: "default" }, spec: { replicas: 2, selector: { matchLabels: { app: "web" } }, template: { ...TEMPLATE, spec: { containers: [CONTAINER] } } } };
const POD = { apiVersion: "v1", kind: "Pod", metadata: { name: "web-0" }, spec: { containers: [CONTAINER] } };
const NEW = { ...OLD, spec: { ...OLD.spec, template: { ...TEMPLATE, spec: { containers: [{ ...CONTAINER, image: "nginx:1.26" }, { name: "sidecar", image: "envoy" }] } } } };

describe("edge entry in workerd (no wasm compilation from bytes)", () => {
  test("workerd refuses to compile wasm from bytes; the edge entry refuses bytes itself; the inline entry cannot start there", async () => {
    const bytes = (await (await fetch(`${base}/bytes`)).json()) as { refused: boolean; message: string };
    assert.equal(bytes.refused, true);
    assert.match(bytes.message, /disallowed/i);
    const edgeBytes = (await (await fetch(`${base}/edge-bytes`)).json()) as { refused: boolean; name: string; message: string };
    assert.deepEqual([edgeBytes.refused, edgeBytes.name], [true, "TypeError"]);
    assert.match(edgeBytes.message, /precompiled WebAssembly\.Module/);
    const inline = (await (await fetch(`${base}/inline`)).json()) as { refused: boolean; message: string };
    assert.equal(inline.refused, true, "the inline entry compiles bytes, which workerd forbids");
    assert.match(inline.message, /disallowed/i);
  });

  test("hashes, revisions and patches: the same bytes as the Node engine", async () => {
    const lines = [
      ...["1.12", "1.15", "1.20", "1.27", "1.30", "1.31", "1.37"].map((kubelet) => JSON.stringify({ op: "container.hash", kubelet, container: CONTAINER })),
      JSON.stringify({ op: "podTemplateHash", template: TEMPLATE }),
      JSON.stringify({ op: "podTemplateHash", template: TEMPLATE, kubernetes: "1.20", collisionCount: 2 }),
      JSON.stringify({ op: "revision", kind: "StatefulSet", object: { metadata: { name: "db" }, spec: { template: TEMPLATE } } }),
      JSON.stringify({ op: "smp.diff", type: "CloneSet", kubernetes: "1.32", original: OLD, modified: NEW }),
      JSON.stringify({ op: "jsonpatch.diff", from: OLD, to: NEW }),
      JSON.stringify({ op: "verdict", old: OLD, new: NEW }),
      JSON.stringify({ op: "verdict", old: OLD, new: NEW, kubernetes: "1.30", kubelet: "1.30" }),
      '{"op":"container.hash","kubelet":"1.13","container":{"name":"a"}}',
      '{"op":"json.go","valueText":"{\\"b\\":1,\\"a\\":[1.0,\\"<\\"]}"}',
      "not json",
    ];
    for (const line of lines) await sameAnswer(line);
  });

  test("generated containers at every era: workerd and Node agree byte for byte", async () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/);
    const container = fc.record(
      {
        name,
        image: fc.stringMatching(/^[a-z0-9./:-]{1,40}$/),
        command: fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 }),
        env: fc.array(fc.record({ name, value: fc.string({ maxLength: 16 }) }), { maxLength: 4 }),
        ports: fc.array(fc.record({ containerPort: fc.integer({ min: 1, max: 65535 }), protocol: fc.constantFrom("TCP", "UDP") }), { maxLength: 2 }),
        resources: fc.record({ requests: fc.record({ cpu: fc.constantFrom("100m", "1", "250m"), memory: fc.constantFrom("64Mi", "1Gi") }) }),
      },
      { requiredKeys: ["name"] },
    );
    const kubelet = fc.constantFrom("1.15", "1.16", "1.22", "1.28", "1.30", "1.31", "1.37");
    await fc.assert(
      fc.asyncProperty(container, kubelet, async (c, k) => {
        await sameAnswer(JSON.stringify({ op: "container.hash", kubelet: k, container: c }));
        await sameAnswer(JSON.stringify({ op: "podTemplateHash", template: { spec: { containers: [c] } } }));
      }),
      { numRuns: cases(150), interruptAfterTimeLimit: 60_000 },
    );
  });

  test("a verdict request: verdict() in workerd equals the Node engine's verdict op", async () => {
    const cases: { [key: string]: unknown }[] = [
      { old: OLD, new: NEW },
      { old: OLD, new: NEW, strategy: "ReCreate" },
      { old: DEPLOY, new: { ...DEPLOY, spec: { ...DEPLOY.spec, replicas: 5 } } },
      { old: DEPLOY, new: { ...DEPLOY, spec: { ...DEPLOY.spec, template: TEMPLATE } }, kubernetes: "1.30", policy: { rules: [{ match: "/spec/template/**", verdict: "in-place" }] } },
      { old: POD, new: { ...POD, spec: { containers: [{ ...CONTAINER, image: "nginx:1.26" }] } } },
      { old: DEPLOY, new: OLD },
      { old: DEPLOY, new: DEPLOY, kubernetes: "1.99" },
    ];
    let judged = 0;
    for (const c of cases) {
      const fromWorker = JSON.parse(decoder.decode(await post("/verdict", JSON.stringify(c)))) as { ok: boolean; result?: { verdict: string } };
      const fromNode = JSON.parse(decoder.decode(evaluateLine(encoder.encode(JSON.stringify({ op: "verdict", ...c })))));
      assert.deepEqual(fromWorker, fromNode, JSON.stringify(c).slice(0, 200));
      if (fromWorker.ok) judged++;
    }
    assert.ok(judged >= 4, `verdicts answered: ${judged}`);
  });

  test("the typed wrapper (containerHash) answers in workerd as in Node", async () => {
    const r = JSON.parse(decoder.decode(await post("/hash", JSON.stringify({ kubelet: "1.30", container: CONTAINER })))) as { ok: boolean; result: unknown };
    // the wrapper hashes the container as the API server stores it (defaulted), the op's applyDefaults
    const node = JSON.parse(decoder.decode(evaluateLine(encoder.encode(JSON.stringify({ op: "container.hash", kubelet: "1.30", container: CONTAINER, applyDefaults: true })))));
    assert.deepEqual(r, node);
  });
});

describe("inline-bytes and edge entries in Node (compiling bytes allowed)", () => {
  test("the inline entry compiles its embedded bytes and answers as the Node entry", async () => {
    const inline = (await import(pathToFileURL(join(root, "dist/inline.mjs")).href)) as typeof import("../js/inline.ts");
    await inline.init();
    const edge = (await import(pathToFileURL(join(root, "dist/edge.mjs")).href)) as typeof import("../js/edge.ts");
    await edge.init(new WebAssembly.Module(wasmBytes));
    for (const req of [
      { op: "container.hash", kubelet: "1.29", container: CONTAINER },
      { op: "podTemplateHash", template: TEMPLATE },
      { op: "verdict", old: OLD, new: NEW },
    ]) {
      const line = encoder.encode(JSON.stringify(req));
      const expected = decoder.decode(evaluateLine(line));
      assert.equal(decoder.decode(inline.evaluateLine(line)), expected);
      assert.equal(decoder.decode(edge.evaluateLine(line)), expected);
    }
  });
});
