// The patch diffs of JS values (js/objects/: jsonPatchDiff and mergePatchDiff computed on the values, the minimal
// flavor on a pruned pair) must answer exactly as the full path, which JSON.stringify's both values whole, lets the
// engine diff the texts and JSON.parse's its answer: the same result (member order, -0 and every string included),
// or the same error (code, message, path, offset). Pairs: Kubernetes-like documents of realistic sizes (Deployments,
// ConfigMaps of config files, Lists of up to ~60 workloads) with realistic and hostile edits, the patch suites'
// realistic and random pairs, and the benchmark's pairs; the options of both diffs and the process-wide limits vary.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "../support/engine.ts";
import { valuePair } from "../support/value-pairs.ts";
import { realisticPair, randomPair } from "../oracle/patch-arbitraries.ts";
import { patchPairs } from "../../bench/patch-pairs.ts";
import { jsonPatchDiffFull, mergePatchDiffFull } from "../../js/objects/diffs.ts";
import { appscodeDiff } from "../../js/objects/appscode.ts";
import { mergeDiff } from "../../js/objects/merge.ts";
import { cases } from "../support/scale.ts";

const { jsonPatchDiff, mergePatchDiff, setLimits } = kinplace;
type Options = Parameters<typeof jsonPatchDiff>[2];

/** A call's outcome: the result as JSON text (member order kept), or the error's fields. */
function outcome(f: () => unknown): { ok: boolean; text: string; value?: unknown } {
  try {
    const value = f();
    return { ok: true, text: JSON.stringify(value) ?? "undefined", value };
  } catch (e) {
    const k = e as { code?: string; message: string; path?: string; offset?: number };
    return { ok: false, text: `${k.code} ${k.message} path=${k.path} offset=${k.offset}` };
  }
}

/** Both paths give the same outcome: equal texts, and values equal in every respect JSON text does not show (-0, types). */
function same(fast: () => unknown, full: () => unknown, what: string): void {
  const a = outcome(fast);
  const b = outcome(full);
  assert.equal(a.text, b.text, what);
  if (a.ok) assert.deepStrictEqual(a.value, b.value, what);
}

/** A short view of a value for failure messages. */
function show(v: unknown): string {
  try {
    return (JSON.stringify(v) ?? String(v)).slice(0, 600);
  } catch {
    return "(not serializable)";
  }
}

const LIMITS = { cap: 999, maxBytes: 128 << 20, maxEditMatrix: 4194304, maxPatchBytes: 256 << 20 };

/** Options of one call: mostly none, sometimes each option (valid or not). */
const OPTIONS: (Options | undefined)[] = [undefined, undefined, undefined, { flavor: "minimal" }, { flavor: "appscode" }, { go: "1.21" }, { go: "1.14" },
  { maxEditMatrix: 12 }, { maxPatchBytes: 300 }, { maxEditMatrix: 0 }, { go: "2.0" as never }, { flavor: "other" as never }, { maxPatchBytes: 1.5 }];

test("jsonPatchDiff and mergePatchDiff on values answer as the full path (Kubernetes-like documents, realistic and hostile edits)", () => {
  let walked = 0;
  let realistic = 0;
  fc.assert(
    fc.property(fc.nat(), fc.integer({ min: 1, max: 6 }), fc.boolean(), fc.nat({ max: OPTIONS.length - 1 }), (seed, edits, hostile, o) => {
      const [from, to] = valuePair(seed, edits, hostile);
      const what = `seed ${seed} edits ${edits} hostile ${hostile}\nfrom ${show(from)}\nto   ${show(to)}`;
      const opts = OPTIONS[o];
      same(() => jsonPatchDiff(from, to, opts), () => jsonPatchDiffFull(from, to, opts), `jsonPatchDiff ${JSON.stringify(opts)} ${what}`);
      if (opts?.flavor !== "minimal") same(() => jsonPatchDiff(from, to, { flavor: "minimal" }), () => jsonPatchDiffFull(from, to, { flavor: "minimal" }), `minimal ${what}`);
      same(() => mergePatchDiff(from, to), () => mergePatchDiffFull(from, to), `mergePatchDiff ${what}`);
      if (!hostile) {
        realistic++;
        try {
          appscodeDiff(from, to, LIMITS);
          mergeDiff(from, to, LIMITS);
          walked++;
        } catch {
          // left to the engine
        }
      }
    }),
    { numRuns: cases(400, 60), interruptAfterTimeLimit: 20_000, markInterruptAsFailure: false },
  );
  // the walks answer the realistic pairs themselves (else this suite would only test the fallback)
  assert.ok(walked >= realistic * 0.9, `the JS walks answered ${walked} of ${realistic} realistic pairs`);
});

test("the patch suites' realistic and random pairs: the same answers", () => {
  fc.assert(
    fc.property(fc.oneof(realisticPair, randomPair), fc.nat({ max: OPTIONS.length - 1 }), ([from, to], o) => {
      const opts = OPTIONS[o];
      const what = `from ${show(from)}\nto   ${show(to)}`;
      same(() => jsonPatchDiff(from, to, opts), () => jsonPatchDiffFull(from, to, opts), `jsonPatchDiff ${JSON.stringify(opts)} ${what}`);
      same(() => mergePatchDiff(from, to), () => mergePatchDiffFull(from, to), `mergePatchDiff ${what}`);
    }),
    { numRuns: cases(2000, 300), interruptAfterTimeLimit: 15_000, markInterruptAsFailure: false },
  );
});

test("the benchmark's pairs (4 KB and 400 KB): the same answers", () => {
  for (const p of patchPairs()) {
    for (const opts of [undefined, { flavor: "minimal" as const }]) {
      same(() => jsonPatchDiff(p.from, p.to, opts), () => jsonPatchDiffFull(p.from, p.to, opts), `${p.name} ${JSON.stringify(opts)}`);
    }
    same(() => mergePatchDiff(p.from, p.to), () => mergePatchDiffFull(p.from, p.to), `${p.name} merge`);
  }
});

test("under process-wide limits (maxDepth, maxBytes) the same answers and errors", () => {
  try {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 2, max: 8 }), fc.integer({ min: 200, max: 20000 }), (seed, edits, depth, bytes) => {
        const [from, to] = valuePair(seed, edits, (seed & 3) === 0);
        setLimits({ maxDepth: depth, maxBytes: bytes });
        const what = `maxDepth ${depth} maxBytes ${bytes} seed ${seed}`;
        same(() => jsonPatchDiff(from, to), () => jsonPatchDiffFull(from, to), `jsonPatchDiff ${what}`);
        same(() => jsonPatchDiff(from, to, { flavor: "minimal" }), () => jsonPatchDiffFull(from, to, { flavor: "minimal" }), `minimal ${what}`);
        same(() => mergePatchDiff(from, to), () => mergePatchDiffFull(from, to), `mergePatchDiff ${what}`);
      }),
      { numRuns: cases(200, 40), interruptAfterTimeLimit: 10_000, markInterruptAsFailure: false },
    );
  } finally {
    // the engine's defaults again
    setLimits({ maxDepth: 1000000, maxBytes: 128 << 20 });
  }
});
