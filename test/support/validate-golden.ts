// Replay of a pod.validateUpdate golden-vector file (test/vectors/<name>.jsonl.gz, the Go oracle's answers)
// through the engine, shared by the test/validate*.test.ts files; each test then asserts its own coverage.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "./engine.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** What a replay saw: the oracle's answers, the minors they cover, and the vectors the engine answered differently. */
export interface Replay {
  name: string;
  count: number;
  minors: Set<string>;
  answers: any[];
  errors: { field: string; type: string; message: string }[];
  mismatches: number;
  first: string[];
}

/** Replays vectors `name` (at least `min` of them), comparing answers after `normalize`. */
export function replayValidateVectors(name: string, min: number, normalize: (answer: string) => unknown, show = 800): Replay {
  const lines = gunzipSync(readFileSync(new URL(`../vectors/${name}.jsonl.gz`, import.meta.url))).toString("utf8").split("\n").filter((l) => l !== "");
  assert.ok(lines.length >= min, `${name}.jsonl.gz holds ${lines.length} vectors, expected at least ${min}`);
  const r: Replay = { name, count: lines.length, minors: new Set(), answers: [], errors: [], mismatches: 0, first: [] };
  for (const l of lines) {
    const v = JSON.parse(l) as { request: string; answer: any };
    r.minors.add(JSON.parse(v.request).kubernetes);
    r.answers.push(v.answer);
    if (v.answer.ok) r.errors.push(...v.answer.result.errors);
    const actual = dec.decode(kinplace.evaluateLine(enc.encode(v.request)));
    try {
      assert.deepStrictEqual(normalize(actual), normalize(JSON.stringify(v.answer)));
    } catch {
      r.mismatches++;
      if (r.first.length < 3) r.first.push(`request:  ${v.request.slice(0, show)}\nexpected: ${JSON.stringify(v.answer).slice(0, 1500)}\nactual:   ${actual.slice(0, 1500)}`);
    }
  }
  return r;
}

/** Asserts that the replay covers every minor 1.15-1.37. */
export function assertEveryMinor(r: Replay): void {
  for (let n = 15; n <= 37; n++) assert.ok(r.minors.has(`1.${n}`), `${r.name}: no vectors for 1.${n}`);
}

/** Asserts that the engine answered every vector as the oracle did. */
export function assertNoMismatch(r: Replay): void {
  assert.equal(r.mismatches, 0, `${r.mismatches} of ${r.count} vectors differ; first:\n\n${r.first.join("\n\n")}`);
}
