// pod.validateResize against the golden vectors of kube-apiserver's pods/resize subresource (test/vectors/
// resize-validate.jsonl.gz: decode, defaulting, rest.BeforeUpdate with the pod ResizeStrategy, 1.31-1.37; the 404
// before 1.32 and with InPlacePodVerticalScaling off): every answer is the oracle's, compared modulo the go-cmp
// diff 1.32 appends to "only cpu and memory resources are mutable" (normalizeResize).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./support/engine.ts";
import { normalizeResize } from "./oracle/resize-arbitraries.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

test("golden vectors resize-validate.jsonl.gz: the engine answers as kube-apiserver did at each minor", () => {
  const lines = gunzipSync(readFileSync(new URL("./vectors/resize-validate.jsonl.gz", import.meta.url))).toString().split("\n").filter(Boolean);
  assert.ok(lines.length > 1000, `${lines.length} vectors`);
  const bad: string[] = [];
  let refused = 0;
  for (const line of lines) {
    const v = JSON.parse(line) as { request: string; answer: { ok: boolean; result?: { errors: unknown[] } } };
    const got = dec.decode(kinplace.evaluateLine(enc.encode(v.request)));
    if (v.answer.ok && (v.answer.result?.errors.length ?? 0) > 0) refused++;
    const a = JSON.stringify(normalizeResize(got)), b = JSON.stringify(normalizeResize(JSON.stringify(v.answer)));
    if (a === b) continue;
    bad.push(`${v.request.slice(0, 300)}\n  engine: ${a.slice(0, 900)}\n  oracle: ${b.slice(0, 900)}`);
  }
  if (process.env.RESIZE_DUMP) for (const b of bad) console.log(b + "\n");
  assert.equal(bad.length, 0, `${bad.length} of ${lines.length} answers differ; first:\n${bad.slice(0, 3).join("\n\n")}`);
  assert.ok(refused > lines.length / 4, `${refused} refused resizes: the vectors exercise both sides`);
});
