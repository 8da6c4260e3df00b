// The streamed spew hash (assembly/fast/spew/spewfnv.ts: FNV-32a of go-spew `%#v` without writing the text, its
// constant pieces hashed by table, the table pool filled across minors) must equal FNV-1a of the text the spewer
// writes (the `spew` op): podTemplateHash with every shortcut, without the spew ones (`exact: ["spew"]`) and with
// none (`exact: true`, `exactRoundTrip: true`), on generated templates of every minor.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "../support/engine.ts";
import { fullTemplate, podTemplate } from "../oracle/k8s-objects.ts";
import { MINORS } from "../oracle/k8s/versions.ts";
import { cases } from "../support/scale.ts";

const ALL = MINORS.map((m) => m.minor);
const options = { numRuns: cases(400), interruptAfterTimeLimit: 10_000, markInterruptAsFailure: false };

/** rand.SafeEncodeString of a decimal string. */
const safeEncode = (s: string) => [...s].map((c) => "bcdfghjklmnpqrstvwxz2456789"[c.charCodeAt(0) % 27]).join("");

test("streamed spew hash (constant-string tables, pool filled across minors) = FNV of the spew text", () => {
  const enc = new TextEncoder();
  fc.assert(
    fc.property(fc.oneof(podTemplate, fullTemplate), fc.constantFrom(...ALL), (t, kubernetes) => {
      const j = kinplace.evaluate({ op: "k8s.json", type: "PodTemplateSpec", value: t, kubernetes } as never) as { ok: boolean; result?: { json: string } };
      if (!j.ok) return;
      const s = kinplace.evaluate({ op: "spew", type: "PodTemplateSpec", valueText: j.result!.json, kubernetes } as never) as { ok: boolean; result?: { text: string } };
      assert.ok(s.ok);
      const want = safeEncode(String(kinplace.fnv32a(enc.encode(s.result!.text))));
      for (const exact of [false, true, { exact: ["spew"] }, { exact: true }]) {
        const extra = exact === true ? { exactRoundTrip: true } : exact === false ? {} : exact;
        const a = kinplace.evaluate({ op: "podTemplateHash", template: t, kubernetes, ...extra } as never) as { ok: boolean; result?: { hash: string } };
        assert.equal(a.result?.hash, want, `${kubernetes} ${JSON.stringify(t).slice(0, 500)}`);
      }
    }),
    { ...options, numRuns: cases(300) },
  );
});

