// The core engine (build/kinplace-core.wasm, the `kinplace/core` entry) is the full engine's JSON, FNV and patch
// code behind a smaller op table (assembly/eval/dispatch-core.ts); it must answer every request of those ops with
// the full engine's bytes, errors included. Compared through every export the entries use: the golden vector
// requests of json, fnv and patch ops (test/vectors.test.ts holds the full engine's answers to Go's), random request lines
// (tricky bytes, duplicate keys, broken documents, every Go release), realistic manifest pairs through the
// evaluateDocs export (jsonPatchDiffText and the other ...Text functions), and canonical / FNV exports.
// Any other op is E_UNKNOWN_OP on the core engine.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import type { Engine } from "../../js/core.ts";
import { engineFromBytesSync } from "../../js/instantiate.ts";
import { jsonDoc, brokenDoc, bytes, outerString } from "../oracle/arbitraries.ts";
import { PATCH_EDGE, pairRequests, rawRequests, realisticPair, randomPair } from "../oracle/patch-arbitraries.ts";
import { cases } from "../support/scale.ts";

const full = engineFromBytesSync(readFileSync(process.env.KINPLACE_WASM ?? new URL("../../build/kinplace.wasm", import.meta.url)));
const core = engineFromBytesSync(readFileSync(new URL("../../build/kinplace-core.wasm", import.meta.url)));
const dec = new TextDecoder();
const enc = new TextEncoder();
const options = { numRuns: cases(400), interruptAfterTimeLimit: 10_000, markInterruptAsFailure: false };

/** An engine's answer line to request line `line`. */
const answer = (e: Engine, line: Uint8Array): string => dec.decode(e.evaluateView(line));

/** Both engines' answers to `line` are the same bytes; returns the answer. */
function same(line: Uint8Array): string {
  const want = answer(full, line);
  assert.equal(answer(core, line), want, dec.decode(line).slice(0, 400));
  return want;
}

/** The request lines of a golden vector file (plain JSONL; a request is text or {base64}). */
function vectorRequests(file: string): Uint8Array[] {
  const text = readFileSync(new URL(`../vectors/${file}`, import.meta.url), "utf8");
  return text.split("\n").filter((l) => l !== "").map((l) => {
    const v = JSON.parse(l) as { request: string | { base64: string } };
    return typeof v.request === "string" ? enc.encode(v.request) : new Uint8Array(Buffer.from(v.request.base64, "base64"));
  });
}

for (const file of ["json.jsonl", "fnv.jsonl", "patch.jsonl"]) {
  test(`golden vectors ${file}: the core engine answers every request with the full engine's bytes`, () => {
    const list = vectorRequests(file);
    assert.ok(list.length > 100, `${file}: ${list.length} vectors`);
    for (const line of list) same(line);
  });
}

test("patch edge requests and random raw patch requests: same answer lines", () => {
  for (const line of PATCH_EDGE) same(enc.encode(line));
  fc.assert(fc.property(rawRequests, (lines) => { for (const l of lines) same(l); }), options);
});

test("json.go and json.jcs requests on random and broken documents, every Go release: same answer lines", () => {
  const doc = fc.oneof({ weight: 4, arbitrary: jsonDoc }, { weight: 1, arbitrary: brokenDoc });
  const go = fc.constantFrom("", ',"go":"1.13"', ',"go":"1.21"', ',"go":"1.22"', ',"go":"1.27"', ',"go":"2.0"');
  fc.assert(fc.property(doc, go, fc.boolean(), (d, g, jcs) => {
    same(bytes(`{"op":"${jcs ? "json.jcs" : "json.go"}","valueText":`, outerString(d), jcs ? "" : g, "}"));
  }), options);
});

test("realistic and random manifest pairs: every patch op, through request lines and the evaluateDocs export", () => {
  const pair = fc.oneof(realisticPair, randomPair);
  fc.assert(fc.property(pair, fc.nat(), fc.constantFrom("", ',"go":"1.21"', ',"go":"1.27"'), ([a, b], seed, go) => {
    for (const line of pairRequests(a, b, seed, go)) same(line);
    const ta = JSON.stringify(a);
    const tb = JSON.stringify(b);
    for (const [op, x, y] of [["jsonpatch.diff", ta, tb], ["mergepatch.diff", ta, tb], ["mergepatch.apply", ta, tb], ["jsonpatch.diff", tb, "[1,"]] as const) {
      const line = `{"op":"${op}"${go}}`;
      assert.equal(dec.decode(core.evaluateDocsView(line, x, y)), dec.decode(full.evaluateDocsView(line, x, y)), `${line} ${x.slice(0, 200)}`);
    }
    const line = '{"op":"jsonpatch.diff","flavor":"minimal"}';
    assert.equal(dec.decode(core.evaluateDocsView(line, ta, null)), dec.decode(full.evaluateDocsView(line, ta, null)));
  }), options);
});

test("canonical and FNV exports: same text, same errors, same hashes", () => {
  /** The canonical export's text, or the error's code and message. */
  const canonical = (e: Engine, d: Uint8Array, mode: number, minor: number): string => {
    try {
      return e.canonical(d, mode, minor);
    } catch (err) {
      const k = err as { code: string; message: string };
      return `error ${k.code} ${k.message}`;
    }
  };
  const doc = fc.oneof({ weight: 4, arbitrary: jsonDoc }, { weight: 1, arbitrary: brokenDoc });
  fc.assert(fc.property(doc, fc.constantFrom(0, 1), fc.constantFrom(0, 13, 21, 22, 27), (d, mode, minor) => {
    assert.equal(canonical(core, d, mode, minor), canonical(full, d, mode, minor));
    for (const v of [0, 1]) assert.equal(core.fnv32(d, v), full.fnv32(d, v));
    for (const v of [2, 3]) assert.equal(core.fnv64(d, v), full.fnv64(d, v));
  }), options);
});

test("limits set on both engines apply alike; any other op is E_UNKNOWN_OP on the core engine", () => {
  const deep = enc.encode(`{"op":"json.go","valueText":"${"[".repeat(40)}${"]".repeat(40)}"}`);
  for (const e of [core, full]) e.setLimits(20, 0, 0);
  assert.match(same(deep), /E_JSON_DEPTH/);
  for (const e of [core, full]) e.setLimits(1000000, 0, 0);
  for (const op of ["verdict", "smp.diff", "container.hash", "rollout.cloneset", "nope"]) {
    const got = JSON.parse(answer(core, enc.encode(`{"op":"${op}","id":1}`))) as { id: number; ok: boolean; error: { code: string; path: string } };
    assert.deepEqual([got.id, got.ok, got.error.code, got.error.path], [1, false, "E_UNKNOWN_OP", "op"], op);
  }
});
