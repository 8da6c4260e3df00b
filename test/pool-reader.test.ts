// The pool's way of reading input (js/cli/pool/: chunks cut on the main thread, JSON blocks from an assumed splitter
// state checked against the real one, YAML cut at its markers and a List at its items, each read group's documents
// handed out only once it reads without error) against the single-threaded reader it stands in for
// (readDocuments, js/cli/documents.ts): for random manifests in every shape the CLI reads (JSON Lists pretty or on one
// line, arrays, streams, Lists of Lists; YAML Lists at either indentation and streams), fed through stdin in random
// chunk sizes and cut in random chunk sizes, often broken at a random place, both give the same documents (position,
// JSON text, where a field is) and the same error. Two fixed cases make sure the checks that undo a wrong guess are
// reached: one-line JSON whose objects hold arrays of document-like objects (the cut rule often guesses wrong), and
// YAML Lists whose parts do not read as the whole does (an error, a scalar item, aliases). Runs the pipeline on this
// thread (no workers): what a worker does with a chunk is the same code.

import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { test } from "node:test";
import fc from "fast-check";
import { stringify } from "yaml";
import { cliEngine } from "../js/cli/common.ts";
import { InputError, readDocuments, type SourceDoc } from "../js/cli/documents.ts";
import type { InputLimits } from "../js/cli/limits.ts";
import { inputPieces } from "../js/cli/pool/input-pieces.ts";
import { Pipeline } from "../js/cli/pool/pipeline.ts";
import type { JobRuntime } from "../js/cli/pool/runtime.ts";
import { goSyntaxError } from "../js/cli/request.ts";
import { cases } from "./support/scale.ts";

type Obj = { [key: string]: unknown };

const decoder = new TextDecoder();
const syntaxError = (b: Uint8Array) => goSyntaxError(cliEngine(), b);

/** What a document is, as the test compares it. */
function describeDoc(doc: SourceDoc): string {
  const json = typeof doc.json === "string" ? doc.json : decoder.decode(doc.json);
  const at = (path: (string | number)[]): string => {
    const p = doc.locate?.(path);
    return p === undefined ? "-" : `${p.line}:${p.column}`;
  };
  return `${doc.file}:${doc.line}:${doc.column} ${json} name@${at(["metadata", "name"])} spec@${at(["spec", "x", 0])}`;
}

/** An error as the test compares it. */
function describeError(e: unknown): string {
  if (e instanceof InputError) return `InputError ${e.where()}`;
  return `${(e as Error).name}: ${(e as Error).message}`;
}

/** The chunks of `bytes` in the given sizes. */
function chunked(bytes: Uint8Array, sizes: number[]): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  let k = 0;
  while (at < bytes.length) {
    const n = Math.max(1, sizes.length === 0 ? bytes.length : sizes[k++ % sizes.length]!);
    out.push(Buffer.from(bytes.subarray(at, at + n)));
    at += n;
  }
  return out;
}

/** What the single-threaded reader gives. */
async function reference(chunks: Buffer[], limits: InputLimits): Promise<string[]> {
  const out: string[] = [];
  try {
    for await (const doc of readDocuments("-", { stdin: Readable.from(chunks), syntaxError, limits })) out.push(describeDoc(doc));
  } catch (e) {
    out.push(describeError(e));
  }
  return out;
}

/** What the pool's reader gives (on this thread), cutting chunks of about `target` bytes. */
async function pooled(chunks: Buffer[], limits: InputLimits, target: number): Promise<string[]> {
  const out: string[] = [];
  const recorder = { process: (doc: SourceDoc) => describeDoc(doc) };
  const local = { docJob: () => recorder } as unknown as JobRuntime;
  const pieces = inputPieces("-", "input", { stdin: Readable.from(chunks), limits, recursive: false, target, syntaxError, ids: { next: 0 } });
  const pipeline = new Pipeline<string>(pieces, { pool: undefined, local, env: { limits, syntaxError }, window: 3 });
  try {
    for await (const c of pipeline.outcomes()) if (c.type === "outcome") out.push(c.o);
  } catch (e) {
    out.push(describeError(e));
  } finally {
    pipeline.close();
  }
  return out;
}

/** Strings that look like the structure around them: quotes, brackets, markers, what the cut rule looks for. */
const tricky = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('},{"apiVersion":"', "\n    {", "---", "\n---\n", "- ", "items:", "a: b", "\"", "\\", "&a", "*a", "#", "...", "%YAML", "[", "]", "{", "}", "é€"),
);

/** A manifest-like object: name, namespace, and a random spec. */
const manifest: fc.Arbitrary<Obj> = fc.record({
  kind: fc.constantFrom("Deployment", "Pod", "Service", "ConfigMap", "List"),
  name: tricky,
  namespace: fc.option(fc.constantFrom("a", "b"), { nil: undefined }),
  // objects that look like documents (the bytes before a document occur inside one too)
  x: fc.array(fc.oneof(tricky, fc.integer(), fc.boolean(), fc.dictionary(tricky, tricky, { maxKeys: 3 }), fc.constant([{ apiVersion: "v1", kind: "Pod" }, { apiVersion: "v1", kind: "Pod" }])), { maxLength: 4 }),
  deep: fc.nat({ max: 6 }),
}).map((r) => {
  let nest: unknown = r.x;
  for (let i = 0; i < r.deep; i++) nest = { n: nest, l: [i] };
  return { apiVersion: "v1", kind: r.kind, metadata: { name: r.name, ...(r.namespace === undefined ? {} : { namespace: r.namespace }) }, spec: { x: r.x, nest } };
});

/** The shapes inputs come in. */
const SHAPES = ["json-list", "json-list-1", "json-compact", "json-array", "json-stream", "json-lists", "yaml-list", "yaml-list-indented", "yaml-stream", "yaml-lists"] as const;

/** `objects` written in `shape`. */
function render(objects: Obj[], shape: (typeof SHAPES)[number]): string {
  const list = (items: Obj[]): Obj => ({ apiVersion: "v1", items, kind: "List", metadata: { resourceVersion: "" } });
  const yaml = (v: unknown, indentSeq: boolean): string => stringify(v, { lineWidth: 0, indentSeq, aliasDuplicateObjects: false, version: "1.1" });
  switch (shape) {
    case "json-list":
      return `${JSON.stringify(list(objects), null, 2)}\n`;
    case "json-list-1":
      return JSON.stringify(list(objects), null, 4);
    case "json-compact":
      return JSON.stringify(list(objects));
    case "json-array":
      return JSON.stringify(objects, null, 2);
    case "json-stream":
      return objects.map((o) => JSON.stringify(o, null, 2)).join("\n");
    case "json-lists":
      return [list(objects.slice(0, 3)), list(objects.slice(3))].map((l) => JSON.stringify(l, null, 2)).join("\n");
    case "yaml-list":
      return yaml(list(objects), false);
    case "yaml-list-indented":
      return yaml(list(objects), true);
    case "yaml-stream":
      return objects.map((o) => yaml(o, false)).join("---\n");
    case "yaml-lists":
      return `${yaml(list(objects.slice(0, 2)), false)}---\n${yaml(list(objects.slice(2)), true)}`;
  }
}

/** Edits that break input, or not quite. */
const EDITS = ["]", "}", "{", ",", "\"", ":", "\n---\n", "\n- x\n", "&a ", "*a ", "\n  dup: 1\n  dup: 2\n", "\t", "[[[[[[[[[["];

test("the pool's reader gives the single-threaded reader's documents and errors", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(manifest, { minLength: 8, maxLength: 40 }),
      fc.constantFrom(...SHAPES),
      fc.record({ edit: fc.oneof({ arbitrary: fc.constant(""), weight: 3 }, { arbitrary: fc.constantFrom(...EDITS), weight: 4 }), at: fc.double({ min: 0, max: 1, noNaN: true }), cut: fc.nat({ max: 3 }) }),
      fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 6 }),
      fc.integer({ min: 16, max: 600 }),
      fc.record({
        maxDepth: fc.oneof({ arbitrary: fc.constant(500), weight: 4 }, { arbitrary: fc.constantFrom(6, 9), weight: 1 }),
        maxAliasNodes: fc.oneof({ arbitrary: fc.constant(1_000_000), weight: 4 }, { arbitrary: fc.constantFrom(0, 1), weight: 1 }),
        maxYamlSize: fc.oneof({ arbitrary: fc.constant(16 << 20), weight: 4 }, { arbitrary: fc.constant(2000), weight: 1 }),
      }),
      async (objects, shape, edit, sizes, target, limits) => {
        let text = render(objects, shape);
        const at = Math.floor(edit.at * text.length);
        text = text.slice(0, at) + edit.edit + text.slice(at + edit.cut);
        const chunks = chunked(Buffer.from(text), sizes);
        const want = await reference(chunks, limits);
        const got = await pooled(chunks, limits, target);
        assert.deepEqual(got, want);
      },
    ),
    { numRuns: cases(400), interruptAfterTimeLimit: 90_000 },
  );
});

test("one-line JSON whose objects hold arrays of document-like objects: wrong cut guesses are read again", async () => {
  const pods = (n: number): Obj[] => Array.from({ length: n }, (_, i) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: `p${i}` } }));
  const objects = Array.from({ length: 60 }, (_, i) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: `w${i}` }, spec: { x: [pods(i % 4), { nested: pods(2) }] } }));
  const limits = { maxDepth: 500, maxAliasNodes: 1_000_000, maxYamlSize: 16 << 20 };
  for (const text of [JSON.stringify({ apiVersion: "v1", items: objects, kind: "List" }), JSON.stringify(objects)]) {
    for (const [size, target] of [[97, 200], [500, 64], [1000, 1000], [31, 300]] as const) {
      const chunks = chunked(Buffer.from(text), [size]);
      assert.deepEqual(await pooled(chunks, limits, target), await reference(chunks, limits));
    }
  }
});

test("YAML Lists read in parts: an error, a scalar item, aliases within an item and across items are read as whole", async () => {
  const items = Array.from({ length: 50 }, (_, i) => `- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: p${i}\n  spec:\n    x: [${i}, a]\n`);
  const list = (edit: (lines: string[]) => void): string => {
    const copy = [...items];
    edit(copy);
    return `apiVersion: v1\nitems:\n${copy.join("")}kind: List\nmetadata: {}\n`;
  };
  const inputs = [
    list(() => {}),
    list((l) => (l[30] = l[30]!.replace("  kind: Pod\n", "  kind: Pod\n  kind: Pod\n"))),
    list((l) => (l[30] = "- just a string\n")),
    list((l) => (l[30] = l[30]!.replace("  spec:\n", "  spec: &s\n").replace("x: [30, a]", "x: [30, a]\n  copy: *s"))),
    list((l) => {
      l[2] = l[2]!.replace("  spec:\n", "  spec: &s\n");
      l[40] = l[40]!.replace("x: [40, a]", "x: [40, a]\n  copy: *s");
    }),
  ];
  for (const text of inputs) {
    for (const maxAliasNodes of [1_000_000, 2]) {
      const limits = { maxDepth: 500, maxAliasNodes, maxYamlSize: 16 << 20 };
      for (const target of [100, 700]) {
        const chunks = chunked(Buffer.from(text), [4096]);
        assert.deepEqual(await pooled(chunks, limits, target), await reference(chunks, limits));
      }
    }
  }
});
