// The differential suite of the typed Kubernetes ops (k8s.json, spew, quantity): generated objects go
// to the k8s oracle (the real k8s.io/api, apimachinery, sigs.k8s.io/json or json-iterator and
// go-spew of each minor, built by the minor's Go release) and to the engine (`kinplace eval`), and
// every answer must agree in its result and its error's code, message, path and offset.
//
// Spread over every supported minor: containers and templates as plain values, pods, workloads,
// revisions, metadata and volumes as hand-written text (duplicate keys, escaped keys, whitespace,
// unknown fields at any depth, Quantities as JSON numbers), wrong-typed values anywhere (json-iterator
// reads on after its error and every decoder finishing later prefixes the message), Quantities in
// every spelling, and the `go` field.
// Every batch starts with a timestamp that loads the oracle's time.Local (see k8s-requests.ts).
//
// KINPLACE_K8S_MINORS="1.20 1.37" narrows the minors; KINPLACE_K8S_FLAVOR=api uses the fast oracle builds.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { answerView, assertSameAnswer } from "./compare.ts";
import { runEngine } from "./engine.ts";
import { withSeed } from "./k8s-drive.ts";
import { buildAll, goAvailable, runOracle, stopOracle } from "./run.ts";
import { MINORS } from "./k8s/versions.ts";
import { scopedMinors } from "./scope.ts";
import * as G from "./k8s-objects.ts";
import { linesFor, protocolLines, quantityLines, type Counts } from "./k8s-requests.ts";

const ALL = MINORS.map((m) => m.minor);
const SELECTED = (process.env.KINPLACE_K8S_MINORS ?? "").split(/\s+/).filter(Boolean);
const TARGET_MINORS = SELECTED.length > 0 ? SELECTED : scopedMinors(ALL, "api");

/** Containers per minor (5,000+ over the 24 minors) and templates per minor (1,000+). */
const CONTAINERS = Number(process.env.KINPLACE_K8S_CONTAINERS ?? 220);
const TEMPLATES = Number(process.env.KINPLACE_K8S_TEMPLATES ?? 45);
const OBJECTS = Number(process.env.KINPLACE_K8S_OBJECTS ?? 12);
const TIME_LIMIT = 900_000;
const COUNTS: Counts = { containers: CONTAINERS, spewContainers: CONTAINERS, templates: TEMPLATES, spewTemplates: TEMPLATES, objects: OBJECTS, spewObjects: OBJECTS, wrong: OBJECTS * 2 };

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

async function sameAnswers(lines: string[]): Promise<void> {
  const [expected, actual] = await Promise.all([runOracle(lines), runEngine(lines)]);
  const failures: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const view = answerView(expected[i]!) as { error?: { code?: string; message?: string } };
    assert.notEqual(view.error?.code, "E_INTERNAL", `oracle failed on ${lines[i]!.slice(0, 300)}: ${expected[i]!.slice(0, 500)}`);
    try {
      assertSameAnswer(lines[i]!, expected[i]!, actual[i]!);
    } catch (e) {
      failures.push((e as Error).message);
    }
  }
  assert.equal(failures.length, 0, `${failures.length} of ${lines.length} answers differ; the first ones:\n\n${failures.slice(0, 3).join("\n\n")}`);
}

/** The run's seed (KINPLACE_K8S_SEED replays a failure). */
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);

TARGET_MINORS.forEach((minor, i) => {
  test(`k8s.json and spew agree with Kubernetes ${minor} (${CONTAINERS} containers, ${TEMPLATES} templates, ${OBJECTS * 10} objects as text)`, { timeout: TIME_LIMIT }, async () => {
    // one batch per minor, sampled from the seed (a failing batch names its failing lines; no shrinking)
    const [lines] = fc.sample(linesFor(minor, COUNTS), { numRuns: 1, seed: SEED + i });
    await withSeed(SEED, () => sameAnswers(lines!));
  });
});

test("quantity agrees in both modes, every spelling, at the oldest and newest decoders", { timeout: TIME_LIMIT }, async () => {
  const lines = quantityLines([TARGET_MINORS[0]!, TARGET_MINORS[TARGET_MINORS.length - 1]!], fc.sample(G.quantityString, { numRuns: 300, seed: 20_260_421 }));
  await sameAnswers(lines);
});

test("protocol errors and version fields agree", { timeout: TIME_LIMIT }, async () => {
  const lines = protocolLines();
  await sameAnswers(lines);
});
