// The differential suite for strategic merge patch: smp.diff and smp.apply against the real
// k8s.io/apimachinery/pkg/util/strategicpatch of every supported Kubernetes minor (the k8s oracle:
// one build per minor and Go release class), spread over minors and Go releases. Each batch:
//   1. smp.diff of realistic pairs (pod templates, workloads, ControllerRevisions, OpenKruise kinds with
//      image bumps, env/labels/annotations/resources/containers/init containers/probes/volumes/
//      tolerations/finalizers edits) or of random schema-shaped pairs through every list path;
//   2. smp.apply of Go's own patch to the original, of that patch laced with directives ($patch,
//      $retainKeys, $setElementOrder, $deleteFromPrimitiveList, nulls, malformed ones), and of the
//      patch to the other document.
// Answers must agree (parsed: id, ok, the result strings byte for byte, the error's code, message, path, offset). Go iterates maps in random order, so when several errors (or
// conflicting directives) are in one input Go may answer differently from run to run: on a mismatch
// the line is asked again RETRIES times, and an engine answer Go also gave counts as "one of Go's
// answers" (reported), anything else as a mismatch. KINPLACE_SMP_DUMP=FILE appends mismatching request
// lines to FILE. Needs Go (see test/oracle/README.md).

import { appendFileSync } from "node:fs";
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { answerView } from "./compare.ts";
import { scopedMinors } from "./scope.ts";
import { runEngine } from "./engine.ts";
import { buildAll, goAvailable, runOracle, stopOracle } from "./run.ts";
import {
  type J, type SmpCase, SMP_EDGE, SMP_MINORS, applyLine, diffLine, maxLenFor, mutatePatch, olderRuntimeText, pickVersion, randomPair, randomPod,
  realisticPair, rng,
} from "./smp-arbitraries.ts";

/** The minors this run spreads pairs over (see scope.ts). */
const MINORS_RUN = scopedMinors(SMP_MINORS, "api");
/** Pairs per fast-check run. */
const BATCH = 100;
/** Pairs per property: 2,500 realistic + 2,500 random = 5,000 pairs (and 3 applies each) per run
 * (KINPLACE_SMP_PAIRS overrides it, e.g. for a quick look). */
const PAIRS = Number(process.env.KINPLACE_SMP_PAIRS ?? 2500);
const RUN = { numRuns: PAIRS / BATCH, endOnFailure: true, interruptAfterTimeLimit: 3_600_000, markInterruptAsFailure: true } as const;
/** How often a differing line is asked again before calling it a mismatch. */
const RETRIES = 24;
/** ... and again when Go turned out to answer in several ways, none of them the engine's. */
const RARE_RETRIES = 400;

// strategic merge patch needs only k8s.io/apimachinery: the fast api-only builds answer it
process.env.KINPLACE_K8S_FLAVOR ??= "api";

const stats = { lines: 0, pairs: 0, nondeterministic: 0, errors: 0, olderRuntime: 0 };

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => {
  stopOracle();
  console.log(`smp: ${stats.pairs} pairs, ${stats.lines} lines, ${stats.errors} error answers, ` +
    `${stats.nondeterministic} answered as one of several answers Go gives, ${stats.olderRuntime} with Go 1.22-1.24's panic text`);
});

/** The parts of an answer that must agree (parsed: the protocol's string escaping may differ). */
const canon = (answer: string) => JSON.stringify(answerView(answer));


/** Asks both sides; returns the oracle's answers. Fails on any mismatch that Go never gives. */
async function compare(lines: string[]): Promise<string[]> {
  const [expected, actual] = await Promise.all([runOracle(lines), runEngine(lines)]);
  stats.lines += lines.length;
  const failures: string[] = [];
  const differing: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const view = answerView(expected[i]!) as { ok?: boolean; error?: { code?: string } };
    assert.notEqual(view.error?.code, "E_INTERNAL", `oracle failed on ${lines[i]}: ${expected[i]}`);
    if (!view.ok) stats.errors++;
    if (canon(expected[i]!) === canon(actual[i]!)) continue;
    if (olderRuntimeText(lines[i]!, expected[i]!, actual[i]!)) stats.olderRuntime++;
    else differing.push(i);
  }
  if (differing.length > 0) {
    const again = await runOracle(differing.flatMap((i) => Array.from({ length: RETRIES }, () => lines[i]!)));
    const seenOf = new Map<number, Set<string>>();
    differing.forEach((i, k) => {
      const seen = new Set(again.slice(k * RETRIES, (k + 1) * RETRIES).map(canon));
      seen.add(canon(expected[i]!));
      seenOf.set(i, seen);
    });
    // Go answered in several ways but not (yet) the engine's way: some orders are rare, ask much more
    const rare = differing.filter((i) => seenOf.get(i)!.size > 1 && !seenOf.get(i)!.has(canon(actual[i]!)));
    if (rare.length > 0) {
      const more = await runOracle(rare.flatMap((i) => Array.from({ length: RARE_RETRIES }, () => lines[i]!)));
      rare.forEach((i, k) => more.slice(k * RARE_RETRIES, (k + 1) * RARE_RETRIES).forEach((a) => seenOf.get(i)!.add(canon(a))));
    }
    differing.forEach((i) => {
      const seen = seenOf.get(i)!;
      if (seen.size > 1 && seen.has(canon(actual[i]!))) stats.nondeterministic++;
      else {
        failures.push(`request: ${lines[i]}\n  go:     ${[...seen].join("\n          ")}\n  engine: ${actual[i]}`);
        if (process.env.KINPLACE_SMP_DUMP) appendFileSync(process.env.KINPLACE_SMP_DUMP, lines[i] + "\n");
      }
    });
  }
  const report = `${failures.length} of ${lines.length} answers differ; the first ones:\n\n${failures.slice(0, 3).join("\n\n")}`;
  if (failures.length > 0) console.error(report); // fast-check reports only the counterexample
  assert.equal(failures.length, 0, report);
  return expected;
}

type Pair = { c: SmpCase; a: J; b: J; seed: number };

/** Runs a batch of pairs: diffs first, then applies built from Go's patches. */
async function runPairs(pairs: Pair[]): Promise<void> {
  stats.pairs += pairs.length;
  let id = 0;
  const diffs = pairs.map((p) => diffLine(rng(p.seed ^ 0x5bd1e995), p.c, p.a, p.b, id++));
  const answers = await compare(diffs);
  const applies: string[] = [];
  pairs.forEach((p, i) => {
    const r = rng(p.seed ^ 0x27d4eb2f);
    const ans = JSON.parse(answers[i]!) as { ok: boolean; result?: { patch: string } };
    const patch = ans.ok ? ans.result!.patch : JSON.stringify(p.b);
    applies.push(applyLine(r, p.c, p.a, patch, id++));
    applies.push(applyLine(r, p.c, p.a, JSON.stringify(mutatePatch(r, JSON.parse(patch) as J)), id++));
    if (r() < 0.5) applies.push(applyLine(r, p.c, p.b, patch, id++));
    else applies.push(applyLine(r, p.c, p.a, JSON.stringify(randomPod(r, r() < 0.5, 4)), id++));
  });
  await compare(applies);
}

class Batch {
  constructor(readonly pairs: Pair[]) {}
  [fc.toStringMethod](): string {
    return `<${this.pairs.length} pairs, first seed ${this.pairs[0]?.seed}>`;
  }
}

/** BATCH realistic pairs, each at a random (kubernetes, go). */
const realisticBatch = fc.array(fc.nat(), { minLength: BATCH, maxLength: BATCH }).map((seeds) => new Batch(seeds.map((seed) => {
  const r = rng(seed);
  const p = realisticPair(seed);
  return { c: { type: p.type, kruise: p.kruise, ...pickVersion(r, p.kruise, MINORS_RUN) }, a: p.a, b: p.b, seed };
})));

/** BATCH random schema-shaped pairs. */
const randomBatch = fc.array(fc.nat(), { minLength: BATCH, maxLength: BATCH }).map((seeds) => new Batch(seeds.map((seed) => {
  const r = rng(seed ^ 0x9e3779b9);
  const version = pickVersion(r, false, MINORS_RUN);
  const c0: SmpCase = { type: "Pod", kruise: false, ...version };
  const p = randomPair(seed, maxLenFor(c0));
  return { c: { ...c0, type: p.type }, a: p.a, b: p.b, seed };
})));

test(`realistic pairs of every smp type agree at every minor (${PAIRS} pairs: diff, then 3 applies each)`, async () => {
  await fc.assert(fc.asyncProperty(realisticBatch, (b) => runPairs(b.pairs)), RUN);
});

test(`random schema-shaped pairs through every list path agree (${PAIRS} pairs: diff, then 3 applies each)`, async () => {
  await fc.assert(fc.asyncProperty(randomBatch, (b) => runPairs(b.pairs)), RUN);
});

test("hand-picked directives, quirks, absent and broken documents, request errors agree at every minor of the run", async () => {
  const lines: string[] = [];
  const versions = ["", ',"kubernetes":"1.12"', ',"kubernetes":"1.15","go":"1.14"', ',"kubernetes":"1.20"', ',"kubernetes":"1.22"',
    ',"kubernetes":"1.23"', ',"kubernetes":"1.24"', ',"kubernetes":"1.27"', ',"kubernetes":"1.28"', ',"kubernetes":"1.30","go":"1.22"',
    ',"kubernetes":"1.33","go":"1.27"', ',"kubernetes":"1.34"', ',"kubernetes":"1.36"', ',"kubernetes":"1.37","go":"1.27"']
    .filter((v) => { const m = /"kubernetes":"([^"]+)"/.exec(v); return !m || MINORS_RUN.includes(m[1]!); });
  for (const line of SMP_EDGE) {
    const named = /"kubernetes"|"go"/.test(line);
    for (const v of named ? [""] : versions) lines.push(line.slice(0, -1) + v + "}");
  }
  await compare(lines);
});
