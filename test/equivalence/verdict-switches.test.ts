// The verdict's shortcuts together: the stored form (fast/storedform), the transcoder (fast/transcode), the
// Kruise template reads and metadata patch (fast/kruisespec) and the in-place label/annotation patch of the
// pod patch (fast/podsplice/typedmeta.ts), each against its port. `verdict` and `policy.check` must answer
// the same bytes under EVERY combination of those bits of `exact` (16), with every shortcut off, and with the
// older `exactDecode: true`, on generated workload pairs of every kind and strategy (with `now`, so Kruise
// kinds write their pod patch; with values the stored form cannot prove and bytes that are not UTF-8) and on
// the golden verdict vectors.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { verdictCase, verdictRequest } from "../support/kruise-cases.ts";
import { ask, withExact, subsets, goldenRequests } from "./exact.ts";
import { cases } from "../support/scale.ts";

const VERDICTS = 200; // not scaled: in-place verdicts are a small share of the cases

const enc = new TextEncoder();
const dec = new TextDecoder();

const SWITCHES = ["storedform", "transcode", "kruisespec", "podsplice"];
const COMBOS = subsets(SWITCHES);

/** Asserts every combination answers `line` as the default does; the default answer. */
function allAlike(line: Uint8Array): string {
  const got = ask(line);
  const what = () => dec.decode(line).slice(0, 2000);
  for (const c of COMBOS.slice(1)) assert.equal(ask(withExact(line, c)), got, `exact ${JSON.stringify(c)} differs for ${what()}`);
  assert.equal(ask(withExact(line, true)), got, `every shortcut off differs for ${what()}`);
  const alias = dec.decode(line).replace(/\}\s*$/, ',"exactDecode":true}');
  assert.equal(ask(alias), got, `exactDecode differs for ${what()}`);
  return got;
}

test("verdict: every combination of its shortcuts answers alike (generated pairs of every kind, with pod patches)", () => {
  let runs = 0, inPlace = 0, podPatches = 0;
  fc.assert(
    fc.property(verdictCase, fc.constantFrom(undefined, "2026-03-04T05:06:07Z"), fc.constantFrom(undefined, { InPlaceWorkloadVerticalScaling: true }), (c, now, gates) => {
      const kruise = c.p.kind === "CloneSet" || c.p.kind.startsWith("Advanced");
      const v = verdictRequest(c, kruise ? { ...(now ? { now } : {}), ...(gates ? { gates } : {}) } : {});
      if (v === null) return;
      const got = allAlike(v.line);
      runs++;
      if (got.includes('"verdict":"in-place"')) inPlace++;
      if (got.includes('"pod":{"metadata"')) podPatches++;
    }),
    { numRuns: VERDICTS, interruptAfterTimeLimit: 90_000, markInterruptAsFailure: false },
  );
  assert.ok(runs >= VERDICTS * 0.15, `only ${runs} of ${VERDICTS} cases`);
  assert.ok(inPlace >= 3, `${inPlace} of ${runs} verdicts in place`);
  assert.ok(podPatches >= 1, `no pod patch among ${runs} verdicts`);
});

test("policy.check: every combination of the verdict's shortcuts answers alike", () => {
  const policy = { rules: [{ match: "/spec/template/spec/containers/*/image", verdict: "in-place" }, { match: "/spec/template/metadata/**", verdict: "restart-container" }], default: "recreate" };
  let runs = 0;
  fc.assert(
    fc.property(verdictCase, (c) => {
      const v = verdictRequest(c, { op: "policy.check", policy });
      if (v === null) return;
      allAlike(v.line);
      runs++;
    }),
    { numRuns: cases(40), interruptAfterTimeLimit: 40_000, markInterruptAsFailure: false },
  );
  assert.ok(runs >= 10, `only ${runs} cases`);
});

test("verdict: every combination of its shortcuts answers alike on the golden verdict vectors", () => {
  const lines = goldenRequests(["verdict.jsonl.gz"], ["verdict", "policy.check"]);
  let n = 0;
  // every vector with the shortcuts on and all off; every fourth one under every combination
  for (let i = 0; i < lines.length; i++) {
    const line = enc.encode(lines[i]!);
    if (i % 4 === 0) allAlike(line);
    else assert.equal(ask(withExact(line, true)), ask(line), `request: ${lines[i]!.slice(0, 2000)}`);
    n++;
  }
  assert.ok(n >= 1000, `only ${n} verdict vectors`);
});
