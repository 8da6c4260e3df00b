// fast/podsplice/specmemo.ts (the last kruise.patchPod call's UpdateSpec and splice plan kept across calls,
// keyed by the exact bytes they depend on) against a cold computation: in sequences of kruise.patchPod calls
// that repeat, vary and break their inputs (spec bytes, time, state, gates, release, server, limits), each
// answer must equal the same request with the `memo` bit of `exact` (which neither reads nor writes the memo,
// so the two interleave on one engine) and with every shortcut off.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { podCase, podOf, specOf, type Obj } from "../support/kruise-cases.ts";
import { exactInts } from "../oracle/kruise-inplace-gen.ts";
import { ask, withExact } from "./exact.ts";
import { cases } from "../support/scale.ts";

type Answer = { ok: boolean; result?: Obj; error?: Obj };

test("kruise.patchPod: the cross-call memo answers as a cold computation", () => {
  const pool: { spec: string; pod: Obj }[] = [];
  for (const cs of fc.sample(podCase, { numRuns: cases(300), seed: 777 })) {
    if (pool.length >= 4) break;
    const s = specOf(cs);
    if (s !== null && !pool.some((p) => p.spec === s.spec)) pool.push({ spec: s.spec, pod: podOf(s.rev, { ...cs, wild: null, tailStrings: null }) });
  }
  assert.ok(pool.length >= 3, `only ${pool.length} in-place specs`);
  const step = fc.record({
    which: fc.nat(pool.length - 1),
    podOf: fc.nat(pool.length - 1),
    asObject: fc.boolean(),
    now: fc.constantFrom("2026-03-04T05:06:07Z", "2026-03-04T05:06:08Z", "bad"),
    gates: fc.constantFrom(undefined, undefined, { InPlaceUpdateEnvFromMetadata: false }, { KruiseDaemon: false }),
    kruise: fc.constantFrom(undefined, undefined, "1.8"),
    server: fc.constantFrom(undefined, "1.30"),
    broken: fc.constantFrom(undefined, undefined, undefined, undefined, "{\"revision\":", "[1]"),
  });
  let oks = 0, total = 0;
  fc.assert(
    fc.property(fc.array(step, { minLength: 3, maxLength: 16 }), (steps) => {
      for (const s of steps) {
        const req: Obj = { op: "kruise.patchPod", pod: pool[s.podOf]!.pod, now: s.now };
        if (s.broken !== undefined) req.updateSpecText = s.broken;
        else if (s.asObject) req.updateSpec = JSON.parse(pool[s.which]!.spec);
        else req.updateSpecText = pool[s.which]!.spec;
        if (s.gates) req.gates = s.gates;
        if (s.kruise) req.kruise = s.kruise;
        if (s.server) req.serverVersion = s.server;
        const l = exactInts(JSON.stringify(req));
        for (let r = 0; r < 2; r++) {
          const got = ask(l);
          assert.equal(got, ask(withExact(l, ["memo"])), `memo off differs for ${l.slice(0, 800)}`);
          assert.equal(got, ask(withExact(l, true)), `every shortcut off differs for ${l.slice(0, 800)}`);
          total++;
          if ((JSON.parse(got) as Answer).ok) oks++;
        }
      }
    }),
    { numRuns: cases(80), interruptAfterTimeLimit: 40_000, markInterruptAsFailure: false },
  );
  assert.ok(oks >= total * 0.3, `only ${oks} of ${total} calls answered`);
});
