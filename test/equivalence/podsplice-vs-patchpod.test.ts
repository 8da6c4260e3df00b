// fast/podsplice (podsplice.ts with podwalk.ts, goscan.ts, podroundtrip.ts, podmaps.ts, quoteinto.ts,
// metamap.ts; typedmeta.ts) against the port of PatchSpecToPod (upstream/kruise/inplaceupdate/patchpod.ts,
// then json.Marshal of the pod): kruise.patchPod and kruise.patchPods must answer the same bytes with and
// without the `podsplice` bit of `exact` — the splice on the transcoder's text, on the encoded typed pod
// (`transcode` off), and the typed path alone — on realistic pods with quirks, tricky keys, text styles, a
// prior state and the next batch. The splice must be what answers most of them (requireFastPath).

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { podCase, podOf, specOf, patchLine, withMember, type Obj } from "../support/kruise-cases.ts";
import { exactInts } from "../oracle/kruise-inplace-gen.ts";
import { ask, withExact } from "./exact.ts";
import { cases } from "../support/scale.ts";

const POD_RUNS = cases(300, 100);
const BATCH_RUNS = cases(100, 100);

type Answer = { ok: boolean; result?: Obj; error?: Obj };

/** Asserts the answers to `l` agree with the splice off, the transcoder off, and every shortcut off; the default answer. */
function same(l: string): string {
  const got = ask(l);
  for (const exact of [["podsplice"], ["transcode"], ["podsplice", "transcode"], ["memo", "lines"]]) {
    assert.equal(got, ask(withExact(l, exact)), `exact ${JSON.stringify(exact)} differs for ${l.slice(0, 2000)}`);
  }
  assert.equal(got, ask(withExact(l, true)), `every shortcut off differs for ${l.slice(0, 2000)}`);
  return got;
}

test("kruise.patchPod: the text splice answers as PatchSpecToPod (generated pods, next batches)", () => {
  let answered = 0, spliced = 0;
  fc.assert(
    fc.property(podCase, (cs) => {
      const s = specOf(cs);
      if (s === null) return;
      const l = patchLine(cs, podOf(s.rev, cs), s.spec, {});
      const a = JSON.parse(same(l)) as Answer;
      if (!a.ok) return;
      answered++;
      if ((JSON.parse(ask(withMember(l, "requireFastPath", true))) as Answer).ok) spliced++;
      const st = JSON.parse(a.result!.state as string) as Obj;
      if (!st.nextContainerImages && !st.nextContainerRefMetadata) return;
      const next: Obj = { op: "kruise.patchPod", podText: a.result!.pod, stateText: a.result!.state, now: "2026-03-04T05:10:00Z",
        updateSpec: { containerImages: st.nextContainerImages, containerRefMetadata: st.nextContainerRefMetadata, updateEnvFromMetadata: st.updateEnvFromMetadata } };
      if (cs.patchGates) next.gates = cs.patchGates;
      same(JSON.stringify(next));
    }),
    { numRuns: POD_RUNS, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false },
  );
  assert.ok(answered >= POD_RUNS / 10, `only ${answered} of ${POD_RUNS} pods answered`);
  assert.ok(spliced >= answered * 0.5, `the splice answered ${spliced} of ${answered} pods`);
});

test("kruise.patchPods: the text splice answers as PatchSpecToPod for every pod of a batch", () => {
  let runs = 0;
  fc.assert(
    fc.property(podCase, fc.integer({ min: 1, max: 4 }), (cs, count) => {
      const s = specOf(cs);
      if (s === null) return;
      const base = podOf(s.rev, cs) as Obj & { metadata: Obj };
      const pods = Array.from({ length: count }, (_x, v) => ({ ...base, metadata: { ...base.metadata, name: `p-${v}` } }));
      const req: Obj = { op: "kruise.patchPods", pods, updateSpecText: s.spec, now: cs.now };
      if (cs.patchGates) req.gates = cs.patchGates;
      if (cs.server) req.serverVersion = cs.server;
      same(exactInts(JSON.stringify(req)));
      runs++;
    }),
    { numRuns: BATCH_RUNS, interruptAfterTimeLimit: 40_000, markInterruptAsFailure: false },
  );
  assert.ok(runs >= BATCH_RUNS / 5, `only ${runs} of ${BATCH_RUNS} batches`);
});
