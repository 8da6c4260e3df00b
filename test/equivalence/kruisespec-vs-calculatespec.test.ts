// fast/kruisespec (typedcheck.ts, lazytemplate.ts, containersview.ts, metapatch.ts, revisiontape.ts,
// templatereads.ts) against the port's own reads in upstream/kruise/inplaceupdate (calculate.ts with
// templates.ts `DecodeTemplates`, revision.ts): every answer of kruise.inplaceSpec, kruise.update and
// kruise.strategy must be the same bytes with and without the `kruisespec` bit of `exact` (and with every
// shortcut off), on generated revision pairs with edits aimed at the shortcuts' preconditions and on every
// golden vector request of those ops.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { inplaceCase, inplaceRequest, podCase, podOf, revisionsOf, type Obj } from "../support/kruise-cases.ts";
import { exactInts } from "../oracle/kruise-inplace-gen.ts";
import { ask, withExact, goldenRequests } from "./exact.ts";
import { cases } from "../support/scale.ts";

const SPEC_RUNS = cases(400, 100);
const BATCH_RUNS = cases(150, 100);

/** Asserts the three answers to `req` agree (shortcuts on, kruisespec off, all off); the default answer. */
function same(req: string): string {
  const got = ask(req);
  assert.equal(got, ask(withExact(req, ["kruisespec"])), `kruisespec off differs for ${req.slice(0, 2000)}`);
  assert.equal(got, ask(withExact(req, true)), `every shortcut off differs for ${req.slice(0, 2000)}`);
  return got;
}

test("kruise.inplaceSpec: the kruisespec shortcuts answer as the port (generated revision pairs with edits)", () => {
  let runs = 0, inPlace = 0, errors = 0;
  fc.assert(
    fc.property(inplaceCase, (c) => {
      const req = inplaceRequest(c);
      if (req === null) return;
      const got = same(req);
      runs++;
      if (got.includes('"inPlace":true')) inPlace++;
      if (!got.startsWith('{"ok":true')) errors++;
    }),
    { numRuns: SPEC_RUNS, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false },
  );
  assert.ok(runs >= SPEC_RUNS / 8, `only ${runs} of ${SPEC_RUNS} cases`);
  assert.ok(inPlace > runs / 10, `${inPlace} of ${runs} pairs in place`);
  assert.ok(runs - errors > runs / 2, `${errors} of ${runs} answers are errors`);
});

test("kruise.update / kruise.strategy: the kruisespec shortcuts answer as the port (generated pods and templates)", () => {
  let runs = 0;
  fc.assert(
    fc.property(podCase, fc.constantFrom("ReCreate", "InPlaceIfPossible", "InPlaceOnly"), fc.constantFrom(0, 0, 30), (cs, policy, grace) => {
      const revs = revisionsOf(cs);
      if (revs === null) return;
      runs++;
      const pod = podOf((revs[0].metadata as Obj).name as string, cs);
      const update: Obj = { op: "kruise.update", pod, oldRevision: revs[0], newRevision: revs[1], now: cs.now, gracePeriodSeconds: grace };
      if (cs.gates) update.gates = cs.gates;
      if (cs.server) update.serverVersion = cs.server;
      same(exactInts(JSON.stringify(update)));
      const strategy: Obj = { op: "kruise.strategy", kind: "CloneSet", policy, apiVersion: "v1alpha1", oldTemplate: cs.pair[0], newTemplate: cs.pair[1] };
      if (cs.gates) strategy.gates = cs.gates;
      same(JSON.stringify(strategy));
    }),
    { numRuns: BATCH_RUNS, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false },
  );
  assert.ok(runs >= BATCH_RUNS / 7.5, `only ${runs} of ${BATCH_RUNS} cases`);
});

test("kruise.inplaceSpec / kruise.update / kruise.strategy: every golden vector request answers alike with and without the kruisespec shortcuts", () => {
  const ops = new Map<string, number>();
  for (const req of goldenRequests(["kruise-inplace.jsonl.gz", "kruise-18.jsonl.gz"], ["kruise.inplaceSpec", "kruise.update", "kruise.strategy"])) {
    const op = (JSON.parse(req) as { op: string }).op;
    ops.set(op, (ops.get(op) ?? 0) + 1);
    assert.equal(ask(req), ask(withExact(req, ["kruisespec"])), `request: ${req.slice(0, 2000)}`);
  }
  assert.ok((ops.get("kruise.inplaceSpec") ?? 0) >= 500 && (ops.get("kruise.update") ?? 0) >= 300, JSON.stringify([...ops]));
});
