// fast/podsplice/typedmeta.ts (a plain label/annotation MetaDataPatch applied to the typed pod in place)
// against the port's MetaDataPatch step (upstream/kruise/inplaceupdate/patchpod.ts `MetaDataPatcher`:
// json.Marshal → StrategicMergePatch → json.Unmarshal): kruise.update and kruise.refresh take the typed path
// only, so their answers with and without the `podsplice` bit of `exact` compare the two, on generated pods
// whose revision pairs change template labels and annotations (quirks: non-canonical quantities, integers
// beyond 2^53, managedFields) and on every golden kruise.update / kruise.refresh vector.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { podCase, podOf, revisionsOf, specOf, type Obj } from "../support/kruise-cases.ts";
import { exactInts } from "../oracle/kruise-inplace-gen.ts";
import { ask, withExact, goldenRequests } from "./exact.ts";

type Answer = { ok: boolean; result?: Obj; error?: Obj };

test("kruise.update / kruise.refresh: the in-place map patch answers as the strategic merge round trip (generated pods)", () => {
  let patched = 0;
  fc.assert(
    fc.property(podCase, fc.constantFrom(0, 0, 5), (cs, grace) => {
      const revs = revisionsOf(cs);
      if (revs === null) return;
      const s = specOf(cs);
      const pod = podOf((revs[0].metadata as Obj).name as string, cs);
      const update: Obj = { op: "kruise.update", pod, oldRevision: revs[0], newRevision: revs[1], now: cs.now, gracePeriodSeconds: grace };
      if (cs.gates) update.gates = cs.gates;
      if (cs.server) update.serverVersion = cs.server;
      const l = exactInts(JSON.stringify(update));
      const got = ask(l);
      assert.equal(got, ask(withExact(l, ["podsplice"])), `kruise.update differs for ${l.slice(0, 2000)}`);
      const a = JSON.parse(got) as Answer;
      if (!a.ok || !a.result!.inPlace) return;
      if (s !== null && JSON.parse(s.spec).metaDataPatch) patched++;
      // Refresh of the updated pod (after its grace period): PatchSpecToPod again from the grace annotation
      const refresh: Obj = { op: "kruise.refresh", podText: a.result!.pod, now: "2026-03-04T06:06:07Z" };
      if (cs.gates) refresh.gates = cs.gates;
      if (cs.server) refresh.serverVersion = cs.server;
      const r = JSON.stringify(refresh);
      assert.equal(ask(r), ask(withExact(r, ["podsplice"])), `kruise.refresh differs for ${r.slice(0, 2000)}`);
    }),
    { numRuns: 200, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false },
  );
  assert.ok(patched >= 10, `only ${patched} updates carried a metadata patch`);
});

test("kruise.update / kruise.refresh / kruise.patchPod: every golden vector request answers alike with and without the in-place map patch", () => {
  let n = 0;
  for (const req of goldenRequests(["kruise-inplace.jsonl.gz", "kruise-18.jsonl.gz"], ["kruise.update", "kruise.refresh", "kruise.patchPod"])) {
    n++;
    assert.equal(ask(req), ask(withExact(req, ["podsplice"])), `request: ${req.slice(0, 2000)}`);
  }
  assert.ok(n >= 600, `only ${n} vectors`);
});
