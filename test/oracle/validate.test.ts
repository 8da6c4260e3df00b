// Differential suite for `pod.validateUpdate`: realistic stored pods and realistic
// edits of them (images, resources, tolerations, activeDeadlineSeconds, grace period, scheduling
// gates, nodeSelector / node affinity of gated pods, labels, annotations, container names, ports,
// env, volumes and volume mounts, container / pod policies, containers added or removed, ephemeral
// containers, metadata, fields no update may change), answered by the engine and
// by the Go oracle (k8s.io/kubernetes' pod strategy ValidateUpdate of each minor, kube-flavor builds)
// must agree exactly — except the diff upstream appends to the `spec` Forbidden message (go-cmp
// randomizes it), which is compared up to its newline (see normalize()).
//
// KINPLACE_VALIDATE_MINORS="1.21 1.30" picks minors (default: 1.30 and 1.37, the CI subset; `npm run
// test:oracle:validate` runs every minor with a kube build, 1.15-1.37). KINPLACE_VALIDATE_PAIRS sets the
// pairs per minor (default 150). KINPLACE_VALIDATE_VECTORS=FILE also writes every request and the
// oracle's answer as vector lines (the committed test/vectors/validate.jsonl.gz comes from
// make-validate-vectors.ts, which asks each minor's binary directly).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import fc from "fast-check";
import { normalize, request, requestErrors, storedPod } from "./validate-arbitraries.ts";
import { buildAll, goAvailable, runOracle, stopOracle } from "./run.ts";
import { kinplace } from "../support/engine.ts";
import { MINORS } from "./k8s/versions.ts";
import { scopedMinors } from "./scope.ts";

const KUBE_MINORS = MINORS.map((m) => m.minor).filter((m) => m !== "1.12");
const SELECTED = (process.env.KINPLACE_VALIDATE_MINORS ?? "").split(/\s+/).filter(Boolean);
const TARGET_MINORS = SELECTED.length === 1 && SELECTED[0] === "all" ? KUBE_MINORS : SELECTED.length > 0 ? SELECTED : scopedMinors(KUBE_MINORS, "kube");
const PAIRS = Number(process.env.KINPLACE_VALIDATE_PAIRS ?? 150);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const VECTORS = process.env.KINPLACE_VALIDATE_VECTORS;
const TIME_LIMIT = 1_800_000;
const DUMP = process.env.KINPLACE_VALIDATE_DUMP; // file to write every mismatch to (debugging)

/** Engine answers for request lines. */
function engineAnswers(lines: string[]): string[] {
  const enc = new TextEncoder(), dec = new TextDecoder();
  return lines.map((l) => dec.decode(kinplace.evaluateLine(enc.encode(l))));
}

/** Compares engine and oracle on `lines`; returns mismatch descriptions. */
async function compareAll(lines: string[], vectors: string[] | null): Promise<string[]> {
  const expected = await runOracle(lines);
  const actual = engineAnswers(lines);
  const bad: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const exp = expected[i]!;
    assert.ok(!exp.includes('"E_INTERNAL"'), `oracle failed on ${lines[i]!.slice(0, 300)}: ${exp.slice(0, 400)}`);
    if (vectors) vectors.push(`{"request":${JSON.stringify(lines[i])},"answer":${exp}}`);
    try {
      assert.deepStrictEqual(normalize(actual[i]!), normalize(exp));
    } catch {
      bad.push(`request:  ${lines[i]!.slice(0, 3000)}\nexpected: ${JSON.stringify(normalize(exp))}\nactual:   ${JSON.stringify(normalize(actual[i]!))}`);
    }
  }
  return bad;
}

const written: string[] | null = VECTORS ? [] : null;

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => {
  stopOracle();
  if (written && VECTORS) writeFileSync(VECTORS, written.join("\n") + "\n");
});

TARGET_MINORS.forEach((minor, i) => {
  test(`pod.validateUpdate agrees with Kubernetes ${minor} (${PAIRS} pod edits)`, { timeout: TIME_LIMIT }, async () => {
    const [lines] = fc.sample(fc.array(request(minor), { minLength: PAIRS, maxLength: PAIRS }), { numRuns: 1, seed: SEED + i });
    const bad = await compareAll(lines!, written);
    if (DUMP && bad.length > 0) writeFileSync(DUMP, bad.join("\n\n") + "\n", { flag: "a" });
    assert.equal(bad.length, 0, `KINPLACE_K8S_SEED=${SEED}: ${bad.length} of ${lines!.length} answers differ; first:\n\n${bad.slice(0, 3).join("\n\n")}`);
  });
});

test("pod.validateUpdate: request errors agree", { timeout: TIME_LIMIT }, async () => {
  const minor = TARGET_MINORS[TARGET_MINORS.length - 1]!;
  const [pod] = fc.sample(storedPod, { numRuns: 1, seed: SEED });
  const lines = requestErrors(minor, pod!);
  const bad = await compareAll(lines, written);
  assert.equal(bad.length, 0, `${bad.length} answers differ; first:\n\n${bad.slice(0, 3).join("\n\n")}`);
});
