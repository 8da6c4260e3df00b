// The `...Text` patch functions (js/api.ts) and the `evaluateDocs` export under them: the documents go to the
// engine as raw bytes after the request line, and every answer must be the one `evaluate` gives for the same
// bytes in `...Text` fields (result text, or error code, message and path), on realistic pairs, random JSON,
// raw and broken bytes (invalid UTF-8, duplicate keys, number spellings), and absent documents.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { kinplace } from "./support/engine.ts";
import { engineFromBytesSync } from "../js/instantiate.ts";
import { bytes, jsonDoc, brokenDoc, outerString } from "./oracle/arbitraries.ts";
import { realisticPair, randomPair } from "./oracle/patch-arbitraries.ts";
import { cases } from "./support/scale.ts";

type Doc = Uint8Array | null;
const dec = new TextDecoder();
const enc = new TextEncoder();

/** Each op: its name, its two document fields, the result field, the text function. */
const OPS: { op: string; a: string; b: string; field: string; extra: string; fn: (a: Doc, b: Doc) => string }[] = [
  { op: "jsonpatch.diff", a: "from", b: "to", field: "patch", extra: "", fn: (a, b) => kinplace.jsonPatchDiffText(a, b) },
  { op: "jsonpatch.diff", a: "from", b: "to", field: "patch", extra: ',"flavor":"minimal","go":"1.21"', fn: (a, b) => kinplace.jsonPatchDiffText(a, b, { flavor: "minimal", go: "1.21" }) },
  { op: "jsonpatch.apply", a: "document", b: "patch", field: "document", extra: ',"go":"1.14"', fn: (a, b) => kinplace.jsonPatchApplyText(a, b, { go: "1.14" }) },
  { op: "mergepatch.diff", a: "original", b: "modified", field: "patch", extra: "", fn: (a, b) => kinplace.mergePatchDiffText(a, b) },
  { op: "mergepatch.apply", a: "original", b: "patch", field: "document", extra: "", fn: (a, b) => kinplace.mergePatchApplyText(a, b) },
  { op: "smp.diff", a: "original", b: "modified", field: "patch", extra: ',"type":"PodTemplateSpec"', fn: (a, b) => kinplace.strategicMergePatchDiffText(a, b, { type: "PodTemplateSpec" }) },
  { op: "smp.apply", a: "original", b: "patch", field: "document", extra: ',"type":"Pod","kubernetes":"1.20"', fn: (a, b) => kinplace.strategicMergePatchApplyText(a, b, { type: "Pod", kubernetes: "1.20" }) },
];

/** What evaluate answers for the documents in `...Text` fields: the result text (smp: the decoded string) or the error. */
function viaEvaluate(o: (typeof OPS)[number], a: Doc, b: Doc): { text?: string; error?: object } {
  const parts: (Uint8Array | string)[] = [`{"op":"${o.op}"`, o.extra];
  if (a !== null) parts.push(`,"${o.a}Text":`, outerString(a));
  if (b !== null) parts.push(`,"${o.b}Text":`, outerString(b));
  parts.push("}");
  const answer = JSON.parse(dec.decode(kinplace.evaluateLine(bytes(...parts))));
  if (!answer.ok) return { error: { code: answer.error.code, message: answer.error.message, path: answer.error.path } };
  const r = answer.result;
  if (o.field in r) return { text: o.op.startsWith("smp.") ? r[o.field] : JSON.stringify(r[o.field]) };
  return { text: r[`${o.field}Text`] };
}

/** What the text function answers. */
function viaText(o: (typeof OPS)[number], a: Doc, b: Doc): { text?: string; error?: object } {
  try {
    const t = o.fn(a, b);
    // answers carry JSON text that JSON.stringify would write the same way (compact); compare as values there
    return { text: o.op.startsWith("smp.") || t === "" ? t : JSON.stringify(JSON.parse(t)) };
  } catch (e) {
    const k = e as { code: string; message: string; path?: string };
    return { error: { code: k.code, message: k.message, path: k.path } };
  }
}

/** Every op agrees on the pair (and on the pair with either document absent). */
function agree(a: Doc, b: Doc): void {
  for (const o of OPS) {
    for (const [x, y] of [[a, b], [null, b], [a, null]] as [Doc, Doc][]) {
      assert.deepEqual(viaText(o, x, y), viaEvaluate(o, x, y), `${o.op}${o.extra} on ${x && dec.decode(x).slice(0, 200)} / ${y && dec.decode(y).slice(0, 200)}`);
    }
  }
}

const RUN = { numRuns: cases(150), interruptAfterTimeLimit: 60_000 };

test("text functions answer as evaluate with ...Text fields: realistic pod templates and revisions", () => {
  fc.assert(fc.property(realisticPair, ([from, to]) => agree(enc.encode(JSON.stringify(from)), enc.encode(JSON.stringify(to)))), RUN);
});

test("text functions answer as evaluate with ...Text fields: random JSON pairs", () => {
  fc.assert(fc.property(randomPair, ([from, to]) => agree(enc.encode(JSON.stringify(from)), enc.encode(JSON.stringify(to)))), RUN);
});

test("text functions answer as evaluate with ...Text fields: raw bytes (invalid UTF-8, duplicates, broken text)", () => {
  const doc = fc.oneof({ weight: 4, arbitrary: jsonDoc.map((d) => bytes('{"k":', d, "}")) }, { weight: 2, arbitrary: jsonDoc }, { weight: 1, arbitrary: brokenDoc });
  fc.assert(fc.property(doc, doc, (a, b) => agree(a, b)), { numRuns: cases(300), interruptAfterTimeLimit: 60_000 });
});

test("strings are passed as UTF-8; JS values go through JSON.stringify, undefined is an absent document", () => {
  const from = { metadata: { labels: { a: "é" } }, spec: { containers: [{ name: "app", image: "nginx:1" }] } };
  const to = { metadata: { labels: { a: "ü", b: "<&>" } }, spec: { containers: [{ name: "app", image: "nginx:2" }] } };
  const patch = kinplace.jsonPatchDiffText(JSON.stringify(from), JSON.stringify(to));
  assert.equal(patch, kinplace.jsonPatchDiffText(enc.encode(JSON.stringify(from)), enc.encode(JSON.stringify(to))));
  assert.deepEqual(kinplace.jsonPatchDiff(from, to), JSON.parse(patch));
  assert.deepEqual(JSON.parse(kinplace.jsonPatchApplyText(JSON.stringify(from), patch)), to);
  assert.equal(kinplace.jsonPatchApply(undefined, []), undefined);
  assert.equal(kinplace.jsonPatchApplyText("", "[]"), "");
  assert.deepEqual(kinplace.mergePatchApply(from, kinplace.mergePatchDiff(from, to)), to);
  const smp = kinplace.strategicMergePatchDiff(from, to, { type: "PodTemplateSpec" });
  assert.equal(smp, kinplace.strategicMergePatchDiffText(JSON.stringify(from), JSON.stringify(to), { type: "PodTemplateSpec" }));
  assert.deepEqual(JSON.parse(kinplace.strategicMergePatchApply(from, JSON.parse(smp), { type: "PodTemplateSpec" })), to);
  assert.throws(() => kinplace.jsonPatchDiffText("{", "{}"), (e: { code: string; path: string }) => e.code === "E_PATCH_INVALID" && e.path === "from");
  assert.throws(() => kinplace.jsonPatchDiff(1n, {}), (e: { code: string }) => e.code === "E_BAD_REQUEST");
});

test("the patch limits travel as options: maxPatchBytes for diffs, maxCopyBytes for copies", () => {
  const from = { a: Array.from({ length: 50 }, (_, i) => i) };
  const to = { a: Array.from({ length: 50 }, (_, i) => i + 1) };
  const patch = kinplace.jsonPatchDiffText(JSON.stringify(from), JSON.stringify(to));
  assert.equal(kinplace.jsonPatchDiffText(JSON.stringify(from), JSON.stringify(to), { maxPatchBytes: patch.length }), patch);
  for (const maxPatchBytes of [1, patch.length - 2]) {
    assert.throws(() => kinplace.jsonPatchDiff(from, to, { maxPatchBytes }), (e: { code: string }) => e.code === "E_PATCH_LIMIT");
  }
  const doc = { a: { v: "0123456789" } };
  const copies = Array.from({ length: 3 }, (_, i) => ({ op: "copy", from: "/a", path: `/a${i}` }));
  assert.equal(Object.keys(kinplace.jsonPatchApply(doc, copies) as object).length, 4);
  assert.throws(() => kinplace.jsonPatchApply(doc, copies, { maxCopyBytes: 20 }), (e: { code: string }) => e.code === "E_PATCH_LIMIT");
});

test("evaluateDocs refuses a document given twice, and the next call is not affected", () => {
  const x = engineFromBytesSync(readFileSync(new URL("../build/kinplace.wasm", import.meta.url)));
  const line = '{"op":"jsonpatch.diff","fromText":"{}"}';
  const answer = JSON.parse(dec.decode(x.evaluateDocsView(line, "{}", "{}")));
  assert.equal(answer.ok, false);
  assert.equal(answer.error.code, "E_BAD_REQUEST");
  assert.equal(answer.error.path, "from");
  // a plain evaluate afterwards reads its own fields again
  const plain = JSON.parse(dec.decode(x.evaluateView('{"op":"jsonpatch.diff","from":{"a":1},"to":{"a":2}}')));
  assert.deepEqual(plain, { ok: true, result: { patch: [{ op: "replace", path: "/a", value: 2 }] } });
});
