// How the CLI reads manifests (js/cli/documents.ts, json-split.ts): JSON streams split into documents at
// any chunk boundary, Lists and arrays expanded, YAML multi-document (and JSON-looking YAML), stdin,
// error positions, a generated 20,000-object cluster dump in one run, streaming (answers before the
// input ends), and the progress bar on a terminal. Needs `npm run build`.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import fc from "fast-check";
import { JsonSplitter, SplitError } from "../js/cli/json-split.ts";
import { containerHash, evaluate, initSync } from "../js/node.ts";
import { cleanEnv, cli, jsonLines, kinplace, kinplaceTTY, root, tempDir } from "./cli-helpers.ts";
import { cases } from "./support/scale.ts";

initSync(readFileSync(join(root, "dist/kinplace.wasm")));
const tmp = tempDir();
after(() => tmp.cleanup());
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Splits `text` fed in the given chunk sizes; returns the documents as parsed values. */
function split(text: string, sizes: number[]): unknown[] {
  const bytes = encoder.encode(text);
  const docs: unknown[] = [];
  const s = new JsonSplitter((b) => docs.push(JSON.parse(decoder.decode(b))));
  let at = 0;
  let k = 0;
  while (at < bytes.length) {
    const n = Math.max(1, sizes.length === 0 ? bytes.length : sizes[k++ % sizes.length]!);
    s.push(bytes.slice(at, at + n));
    at += n;
  }
  s.end();
  return docs;
}

const jsonValue = fc.jsonValue({ maxDepth: 4 });
const object = fc.dictionary(fc.string({ maxLength: 8 }), jsonValue, { maxKeys: 5 });

describe("JSON splitter", () => {
  test("any chunking of concatenated objects, Lists and arrays gives the documents JSON.parse sees", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(object.map((o) => ({ kind: "one", o })), fc.array(object, { maxLength: 4 }).map((items) => ({ kind: "list", items })), fc.array(object, { maxLength: 3 }).map((items) => ({ kind: "array", items }))), { maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 8 }),
        fc.constantFrom(0, 2),
        (parts, sizes, indent) => {
          const expected: unknown[] = [];
          const texts = parts.map((p) => {
            if (p.kind === "one") {
              const o = (p as { o: { [k: string]: unknown } }).o;
              // a top-level object with "items" holding an array is read as a List: keep "items" out of single objects
              delete o["items"];
              expected.push(JSON.parse(JSON.stringify(o)));
              return JSON.stringify(o, null, indent);
            }
            const items = (p as { items: { [k: string]: unknown }[] }).items;
            expected.push(...(JSON.parse(JSON.stringify(items)) as unknown[]));
            if (p.kind === "array") return JSON.stringify(items, null, indent);
            return JSON.stringify({ apiVersion: "v1", kind: "List", items, metadata: { "x\"items": [1] } }, null, indent);
          });
          assert.deepEqual(split(texts.join("\n"), sizes), expected);
        },
      ),
      { numRuns: cases(2000), interruptAfterTimeLimit: 20_000 },
    );
  });

  test("structural errors carry line and column", () => {
    const cases: [string, string, number, number][] = [
      ['{"a":1}\n  x', "invalid character 'x' looking for beginning of value", 2, 3],
      ['{"a":[1}', "invalid character '}' looking for beginning of value", 1, 8],
      ['{"items":[1]}', "items[0] is not a JSON object", 1, 11],
      ['  "str"', "expected a JSON object, found a scalar value", 1, 3],
    ];
    for (const [text, message, line, column] of cases) {
      assert.throws(() => split(text, []), (e: unknown) => e instanceof SplitError && e.message === message && e.at.line === line && e.at.column === column, text);
    }
    assert.throws(() => split('{"a":"\\"}', [3]), /unexpected end of JSON input/);
  });
});

describe("inputs", () => {
  const pod = (name: string, image: string): { [key: string]: unknown } => ({ apiVersion: "v1", kind: "Pod", metadata: { name }, spec: { containers: [{ name: "app", image }] } });

  test("YAML, JSON, Lists, arrays, JSON-looking YAML and stdin all give the same objects", async () => {
    const a = pod("a", "nginx:1");
    const b = pod("b", "nginx:2");
    const inputs: [string, string][] = [
      ["docs.yaml", "# comment\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec:\n  containers:\n  - {name: app, image: 'nginx:1'}\n---\n---\n" + JSON.stringify(b) + "\n"],
      ["list.json", JSON.stringify({ apiVersion: "v1", kind: "List", items: [a, b] }, null, 2)],
      ["array.json", JSON.stringify([a, b])],
      ["concat.json", `${JSON.stringify(a)}\n${JSON.stringify(b, null, 3)}`],
      ["list.yaml", "apiVersion: v1\nkind: PodList\nitems:\n" + [a, b].map((p) => `- ${JSON.stringify(p)}`).join("\n") + "\n"],
      ["flow.txt", `${JSON.stringify(a)}\n---\n${JSON.stringify(b)}\n`],
    ];
    const expected = jsonLines((await kinplace(["hash", "--kubelet", "1.30", "-o", "json", tmp.file("ref.json", JSON.stringify([a, b]))])).stdout).map((x) => x["containers"]);
    assert.equal(expected.length, 2);
    for (const [name, text] of inputs) {
      const r = await kinplace(["hash", "--kubelet", "1.30", "-o", "json", tmp.file(name, text)]);
      assert.equal(r.status, 0, `${name}: ${r.stderr}`);
      assert.deepEqual(jsonLines(r.stdout).map((x) => x["containers"]), expected, name);
      const s = await kinplace(["hash", "--kubelet", "1.30", "-o", "json", "-"], { input: text });
      assert.equal(s.status, 0, `${name} on stdin: ${s.stderr}`);
      assert.deepEqual(jsonLines(s.stdout).map((x) => x["containers"]), expected, `${name} on stdin`);
    }
  });

  test("bad input: file:line:column and exit 2 (YAML, JSON inside a List, empty input)", async () => {
    const cases: [string, string, RegExp][] = [
      ["tab.yaml", "apiVersion: v1\nkind: Pod\nmetadata:\n\tname: x\n", /tab\.yaml:4:1: /],
      ["dup.yaml", "kind: Pod\nkind: Pod\n", /dup\.yaml:2:1: Map keys must be unique/],
      ["scalar.yaml", "just text\n", /scalar\.yaml:1:1: expected a mapping/],
      ["item.json", '{"kind":"List","items":[\n  {"kind":"Pod"},\n  {"kind":"Pod", "metadata": {"name": tru}}\n]}', /item\.json:3:42: invalid character '}' in literal true \(expecting 'e'\)/],
      ["cut.json", '{"kind":"List","items":[{"kind":"Pod"}', /cut\.json:1:\d+: unexpected end of JSON input/],
    ];
    for (const [name, text, message] of cases) {
      const r = await kinplace(["hash", tmp.file(name, text)]);
      assert.equal(r.status, 2, `${name}: ${r.stderr}`);
      assert.match(r.stderr, message);
    }
    const yamlList = tmp.file("list-items.yaml", "apiVersion: v1\nkind: List\nitems:\n- apiVersion: apps/v1\n  kind: Deployment\n  metadata: {name: a}\n  spec: {template: {spec: {containers: [{name: c, image: x}]}}}\n- apiVersion: apps/v1\n  kind: Deployment\n  metadata: {name: b}\n  spec: {template: {spec: {containers: [{name: c, image: 7}]}}}\n");
    const listed = await kinplace(["hash", yamlList, "--kubelet", "1.30"]);
    assert.equal(listed.status, 2);
    // at the field Go names, in the item's own lines
    const column = "  spec: {template: {spec: {containers: [{name: c, image: 7}]}}}".indexOf("image") + 1;
    assert.match(listed.stderr, new RegExp(`list-items\\.yaml:11:${column}: E_JSON_TYPE: `), "an item of a YAML List is located at its own lines");
    const stdin = await kinplace(["hash", "-"], { input: "kind: Pod\n  bad: [\n" });
    assert.equal(stdin.status, 2);
    assert.match(stdin.stderr, /^kinplace hash: <stdin>:\d+:\d+: /);
    const empty = await kinplace(["diff", tmp.file("e1.yaml", ""), tmp.file("e2.yaml", "# nothing\n")]);
    assert.equal(empty.status, 2);
    assert.match(empty.stderr, /e1\.yaml: no object found/);
  });
});

/** A `kubectl get -A -o json`-like List of n objects (Deployments, StatefulSets, DaemonSets, Pods, CloneSets, ConfigMaps, Services). */
function dump(n: number, variant: number): string {
  const kinds = ["Deployment", "StatefulSet", "DaemonSet", "Pod", "ConfigMap", "Service", "CloneSet"];
  const items = [];
  for (let i = 0; i < n; i++) {
    const kind = kinds[i % kinds.length]!;
    const apiVersion = kind === "CloneSet" ? "apps.kruise.io/v1alpha1" : ["Pod", "ConfigMap", "Service"].includes(kind) ? "v1" : "apps/v1";
    const image = `registry.example.com/team-${i % 50}/app:${variant === 1 && i % 3 === 0 ? "2.0" : "1.0"}`;
    const containers = [
      { name: "app", image, ports: [{ containerPort: 8080, protocol: "TCP" }], env: [{ name: "A", value: "x".repeat(30) }], resources: { requests: { cpu: "100m", memory: "128Mi" } }, imagePullPolicy: "IfNotPresent" },
      { name: "sidecar", image: "envoyproxy/envoy:v1.30.0", imagePullPolicy: "IfNotPresent" },
    ];
    const metadata = { name: `obj-${i}`, namespace: `ns-${i % 20}`, uid: `uid-${i}`, labels: { app: `obj-${i}` }, annotations: { note: "é \"q\"" } };
    const replicas = variant === 1 && i % 5 === 0 ? 4 : 3;
    if (kind === "Pod") items.push({ apiVersion, kind, metadata, spec: { containers, nodeName: `node-${i % 7}` }, status: { phase: "Running" } });
    else if (kind === "ConfigMap") items.push({ apiVersion, kind, metadata, data: { "config.yaml": "a: 1\n" } });
    else if (kind === "Service") items.push({ apiVersion, kind, metadata, spec: { ports: [{ port: 80 }] } });
    else items.push({ apiVersion, kind, metadata, spec: { ...(kind === "DaemonSet" ? {} : { replicas }), selector: { matchLabels: { app: `obj-${i}` } }, template: { metadata: { labels: { app: `obj-${i}` } }, spec: { containers } } } });
  }
  return JSON.stringify({ apiVersion: "v1", items, kind: "List", metadata: { resourceVersion: "" } }, null, 4);
}

describe("a 20,000-object cluster dump", () => {
  const N = 20_000;
  const textA = dump(N, 0);
  const a = tmp.file("dump-a.json", textA);
  const b = tmp.file("dump-b.json", dump(N, 1));
  const workloadsOf = (n: number): number => Array.from({ length: n }, (_, i) => i % 7).filter((k) => k !== 4 && k !== 5).length;
  const workloads = workloadsOf(N);
  const small = dump(5_000, 0); // above the progress bar's 4 MB threshold (asserted below), several 1 MB chunks
  const smallFile = tmp.file("dump-small.json", small);

  test("hash: every workload in one run, each container's hash as the engine computes it", async () => {
    const r = await kinplace(["hash", a, "--kubelet", "1.30,1.37", "-o", "json"]);
    assert.equal(r.status, 0, r.stderr);
    const outs = jsonLines(r.stdout);
    assert.equal(outs.length, workloads);
    const items = (JSON.parse(textA) as { items: { metadata: { name: string }; spec: { containers?: unknown[]; template?: { spec: { containers: unknown[] } } } }[] }).items;
    const byName = new Map(items.map((o) => [o.metadata.name, o]));
    for (const out of outs.filter((_, i) => i % 97 === 0)) {
      const obj = byName.get((out["object"] as { name: string }).name)!;
      const containers = obj.spec.template?.spec.containers ?? obj.spec.containers!;
      const got = out["containers"] as { name: string; hashes: { [m: string]: unknown } }[];
      assert.equal(got.length, containers.length);
      got.forEach((c, k) => {
        assert.deepEqual(c.hashes["1.30"], containerHash(containers[k], { kubelet: "1.30" }));
        assert.deepEqual(c.hashes["1.37"], containerHash(containers[k], { kubelet: "1.37" }));
      });
    }
  });

  test("check: two dumps paired object by object; verdicts as the engine's; exit 1 (some pods are recreated)", async () => {
    const r = await kinplace(["check", a, b, "-o", "json"]);
    // the objects that are not workloads are named (the first 20 of each input) and counted, nothing else
    const skipped = r.stderr.split("\n").filter(Boolean);
    const others = N - workloads;
    assert.equal(skipped.length, 2 * 21);
    assert.ok(skipped.every((l) => /^skipped in (OLD|NEW): /.test(l)), r.stderr.slice(0, 400));
    assert.equal(skipped[20], `skipped in OLD: ${others - 20} more objects that are not workloads`);
    assert.equal(r.status, 1);
    const outs = jsonLines(r.stdout);
    assert.equal(outs.length, workloads);
    const itemsA = (JSON.parse(textA) as { items: { metadata: { name: string } }[] }).items;
    const itemsB = (JSON.parse(readFileSync(b, "utf8")) as { items: { metadata: { name: string } }[] }).items;
    const index = new Map(itemsA.map((o, i) => [o.metadata.name, i]));
    const counts = new Map<unknown, number>();
    for (const [k, out] of outs.entries()) {
      counts.set(out["verdict"], (counts.get(out["verdict"]) ?? 0) + 1);
      if (k % 211 !== 0) continue;
      const i = index.get((out["object"] as { name: string }).name)!;
      const answer = evaluate({ op: "verdict", old: itemsA[i], new: itemsB[i] });
      assert.equal(answer.ok, true);
      const { object: _o, sources: _s, ...result } = out;
      assert.deepEqual(result, (answer as { result: unknown }).result);
    }
    assert.ok((counts.get("recreate") ?? 0) > 0 && (counts.get("none") ?? 0) > 0, JSON.stringify([...counts]));
  });

  test("streaming: answers come out while stdin is still open", async () => {
    const child = spawn(process.execPath, [cli, "hash", "-", "--kubelet", "1.37", "-o", "json"], { env: cleanEnv() });
    const bytes = encoder.encode(small);
    const cut = bytes.length >> 1;
    child.stdin.write(bytes.subarray(0, cut));
    const first = await new Promise<string>((resolve, reject) => {
      child.stdout.once("data", (d: Buffer) => resolve(d.toString()));
      child.once("exit", (code) => reject(new Error(`exited ${code} before answering`)));
    });
    assert.match(first, /^\{"object":/);
    let rest = "";
    child.stdout.on("data", (d: Buffer) => (rest += d.toString()));
    child.stdin.end(bytes.subarray(cut));
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    assert.equal(code, 0);
    assert.equal(jsonLines(first + rest).length, workloadsOf(5_000));
  });

  test("a progress bar on stderr when it is a terminal (and none when piped)", async () => {
    assert.ok(statSync(smallFile).size > 4 << 20);
    const tty = await kinplaceTTY(["hash", smallFile, "--upgrade", "1.37", "1.37"]);
    const text = tty.stdout.toString();
    assert.match(text, /\r\x1b\[2K\S*dump-small\.json \[#*-*\] +\d+% [\d.]+ MB\/[\d.]+ MB \d+ objects/);
    assert.match(text, /no container restarts \(\d+ workloads\)/);
    const piped = await kinplace(["hash", smallFile, "--upgrade", "1.37", "1.37"]);
    // piped: no bar, only the notes on the objects that are not workloads
    assert.doesNotMatch(piped.stderr, /\r|\x1b|%/);
    assert.ok(piped.stderr.split("\n").filter(Boolean).every((l) => l.startsWith("skipped: ")), piped.stderr.slice(0, 300));
  });
});
