// Differential suite of the kruise.* ops at the OpenKruise releases before v1.9 (`kruise: "1.5"` .. `"1.8"`):
// the engine against the real github.com/openkruise/kruise v1.5.5, v1.6.0, v1.7.0 and v1.8.3 (the newest patch
// of each minor the module proxy serves; k8s.io/kubernetes v1.24.16, v1.26.10, v1.28.9, v1.30.10), each a
// Kruise build of its own in the k8s oracle (keys kruise-v1.5.5-go121 .. kruise-v1.8.3-go126,
// test/oracle/k8s/build.ts; the router sends each `kruise` value to its build). Realistic CloneSet template
// pairs (test/oracle/kruise-inplace-gen.ts) wrapped into ControllerRevisions, through kruise.inplaceSpec,
// kruise.strategy (CloneSet v1alpha1 and v1beta1 shapes, Advanced StatefulSet), kruise.update, kruise.refresh,
// kruise.patchPod (first and next batch) and kruise.completed (kubelet states, runtime-containers-meta hashes,
// vertical-scaling resources where the release has the gate) — every answer byte for byte, zero mismatches.
// Gates a release does not have are dropped from the generated cases (a few requests check that they are refused).
// Releases: KINPLACE_KRUISE_RELEASES ("1.5 1.6 1.7 1.8"); both the CI and the full scope run all four
// (test/oracle/scope.ts CI_KRUISE_RELEASES), 1,000 pairs each by default.
// KINPLACE_KRUISE_RELEASE_PAIRS (default 800 per release; KINPLACE_KRUISE18_PAIRS is its older name) sets the pairs,
// KINPLACE_KRUISE_SEED the seed; KINPLACE_KRUISE_RELEASE_VECTORS=DIR writes every request with the oracle's answer to
// DIR/kruise-<15..18>.jsonl.gz (test/vectors/, replayed by test/kruise-releases.test.ts).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { engineAnswers } from "./k8s-drive.ts";
import { answerView } from "./compare.ts";
import { buildAll, goAvailable, runOracle, stopOracle } from "./run.ts";
import { cloneSet, controllerRevision, gates, launchPriorities, podFrom, revisionAnnotations, templatePair } from "./kruise-inplace-gen.ts";
import { kruise18View } from "../support/kruise-18.ts";
import { CI_KRUISE_RELEASES, SLOW_BUILDS } from "./scope.ts";

const PAIRS = Number(process.env.KINPLACE_KRUISE_RELEASE_PAIRS ?? process.env.KINPLACE_KRUISE18_PAIRS ?? 1000);
const SEED = Number(process.env.KINPLACE_KRUISE_SEED ?? Date.now() % 1_000_000_007);
const VECTORS = process.env.KINPLACE_KRUISE_RELEASE_VECTORS;
const OLDER = ["1.5", "1.6", "1.7", "1.8"];
const RELEASES = (process.env.KINPLACE_KRUISE_RELEASES?.split(/[\s,]+/).filter(Boolean) ?? (SLOW_BUILDS ? OLDER : OLDER.filter((r) => CI_KRUISE_RELEASES.includes(r))));
/** The OpenKruise release each `kruise` value is answered by. */
const VERSION: Record<string, string> = { "1.5": "v1.5.5", "1.6": "v1.6.0", "1.7": "v1.7.0", "1.8": "v1.8.3" };

if (RELEASES.length > 0) {
  before(() => {
    assert.ok(goAvailable(), "the differential suite needs Go on PATH");
    buildAll();
  });
  after(() => stopOracle());
}
for (const r of OLDER.filter((x) => !RELEASES.includes(x))) console.log(`kruise ${r}: the live suite needs the OpenKruise ${VERSION[r]} build and runs with KINPLACE_ORACLE_SCOPE=full; test/vectors/kruise-${r.replace(".", "")}.jsonl.gz is checked by npm test`);

type Answer = { ok: boolean; result?: Record<string, unknown>; error?: Record<string, unknown> };

/** The minor of a `kruise` value ("1.7" -> 7). */
const minorOf = (k: string): number => Number(k.split(".")[1]);

/** The gates of a generated case that release `k` has (older releases refuse the others as unknown). */
function gatesFor(g: Record<string, boolean> | undefined, k: string): Record<string, boolean> | undefined {
  if (!g) return g;
  const out = { ...g };
  if (minorOf(k) < 8) delete out.InPlaceWorkloadVerticalScaling;
  if (minorOf(k) < 7) delete out.RecreatePodWhenChangeVCTInCloneSetGate;
  return out;
}

/** Answers `reqs` (each gets kruise `k`) by both; collects mismatches and vectors; returns the engine's answers. */
async function compare(k: string, reqs: Record<string, unknown>[], failures: string[], written: string[]): Promise<Answer[]> {
  const lines = reqs.map((r) => JSON.stringify({ ...r, kruise: k }));
  if (lines.length === 0) return [];
  const expected = await runOracle(lines);
  const actual = engineAnswers(lines);
  return lines.map((l, i) => {
    if (VECTORS) written.push(JSON.stringify({ request: l, answer: JSON.parse(expected[i]!) }));
    const exp = answerView(expected[i]!) as Answer;
    if (exp.error?.code === "E_INTERNAL") failures.push(`oracle failed: ${l.slice(0, 400)}\n${expected[i]!.slice(0, 400)}`);
    const problem = kruise18View(JSON.parse(actual[i]!), exp);
    if (problem) failures.push(`${problem}\nrequest:  ${l.slice(0, 1500)}\nexpected: ${expected[i]!.slice(0, 1500)}\nactual:   ${actual[i]!.slice(0, 1500)}`);
    return JSON.parse(actual[i]!) as Answer;
  });
}

/** FNV-32a of go-spew's `([]uint8)[…]` of JSON text (hashutil.DeepHashObject of json.Marshal bytes). */
function goJSONHash(json: string): number {
  const text = `([]uint8)[${[...Buffer.from(json)].join(" ")}]`;
  let h = 0x811c9dc5;
  for (const b of Buffer.from(text)) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

const caseArb = fc.record({
  pair: templatePair,
  annotations: revisionAnnotations,
  gates,
  grace: fc.option(fc.constantFrom(0, 5, 30), { nil: undefined }),
  prio: launchPriorities,
  imageIDs: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
  ready: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
  server: fc.constantFrom(undefined, "1.30", "1.32", "1.33"),
  now: fc.constantFrom("2026-03-04T05:06:07Z", "2026-03-04T13:06:07+08:00", "2025-12-31T23:59:59.999Z"),
  kind: fc.constantFrom("CloneSet", "AdvancedStatefulSet"),
  policy: fc.constantFrom(undefined, "ReCreate", "InPlaceIfPossible", "InPlaceOnly"),
  apiVersion: fc.constantFrom(undefined, "v1alpha1", "v1beta1"),
  completion: fc.array(fc.constantFrom("asIs", "updated", "meta", "meta130", "meta132", "metaNoRes", "resources"), { minLength: 1, maxLength: 2 }),
});

for (const K of RELEASES) test(`kruise.* ops at kruise "${K}" agree with OpenKruise ${VERSION[K]} (${PAIRS} revision pairs)`, { timeout: 900_000 }, async () => {
  const cases = fc.sample(caseArb, { numRuns: PAIRS, seed: SEED + minorOf(K) }).map((c) => ({ ...c, gates: gatesFor(c.gates, K) }));
  const failures: string[] = [];
  const written: string[] = [];
  const revs = engineAnswers(cases.flatMap((c) => [0, 1].map((j) => JSON.stringify({ op: "revision", kind: "CloneSet", object: cloneSet(c.pair[j]!, c.annotations[j]) })))).map((a) => JSON.parse(a) as { ok: boolean; result: { name: string; hash: string; data: string } });
  const specReqs: Record<string, unknown>[] = [];
  const specCase: number[] = [];
  cases.forEach((c, i) => {
    const a = revs[2 * i]!, b = revs[2 * i + 1]!;
    if (!a.ok || !b.ok) return;
    specReqs.push({ op: "kruise.inplaceSpec", oldRevision: controllerRevision(a.result.name, a.result.hash, a.result.data, c.annotations[0], 1), newRevision: controllerRevision(b.result.name, b.result.hash, b.result.data, c.annotations[1], 2), ...(c.gates ? { gates: c.gates } : {}), ...(c.grace !== undefined ? { gracePeriodSeconds: c.grace } : {}) });
    specCase.push(i);
  });
  const specs = await compare(K, specReqs, failures, written);
  const strategies = await compare(K, cases.map((c) => ({ op: "kruise.strategy", kind: c.kind, policy: c.policy, apiVersion: c.apiVersion, oldTemplate: c.pair[0], newTemplate: c.pair[1], gates: c.gates, gracePeriodSeconds: c.grace })), failures, written);
  // Interface.Update on a pod of the old revision, then Refresh before and after the grace period
  const updateReqs = specReqs.map((r, k) => {
    const c = cases[specCase[k]!]!;
    const pod = podFrom(c.pair[0], revs[2 * specCase[k]!]!.result.name, c.prio, c.imageIDs, c.ready) as { status: { conditions: unknown[] } };
    if (c.ready[0]) pod.status.conditions.push({ type: "ContainersReady", status: "True" });
    // v1.5 - v1.8 skip the status update when an equal InPlaceUpdateReady condition exists (v1.9.0 writes it)
    if (c.ready.length > 2 && !c.ready[2]) pod.status.conditions[1] = { type: "InPlaceUpdateReady", status: "False", reason: "StartInPlaceUpdate" };
    return { op: "kruise.update", pod, oldRevision: r.oldRevision, newRevision: r.newRevision, now: "2026-03-04T05:06:07Z", ...(c.gates ? { gates: c.gates } : {}), ...(c.grace !== undefined ? { gracePeriodSeconds: c.grace } : {}), ...(c.server ? { serverVersion: c.server } : {}) };
  });
  const updates = await compare(K, updateReqs, failures, written);
  const refreshReqs: Record<string, unknown>[] = [];
  updates.forEach((a, k) => {
    if (!a.ok || !a.result!.inPlace) return;
    const c = cases[specCase[k]!]!;
    for (const dt of [0, (c.grace ?? 0) + 5]) {
      const t = new Date(Date.parse("2026-03-04T05:06:07Z") + dt * 1000).toISOString().replace(".000Z", "Z");
      refreshReqs.push({ op: "kruise.refresh", pod: JSON.parse(a.result!.pod as string), now: t, ...(c.gates ? { gates: c.gates } : {}), ...(c.server ? { serverVersion: c.server } : {}) });
    }
  });
  await compare(K, refreshReqs, failures, written);
  // PatchSpecToPod (first batch, then the next batch where containers wait)
  const patchReqs: Record<string, unknown>[] = [];
  const patchCase: number[] = [];
  specs.forEach((a, k) => {
    if (!a.ok || !a.result!.inPlace) return;
    const c = cases[specCase[k]!]!;
    patchReqs.push({ op: "kruise.patchPod", pod: podFrom(c.pair[0], revs[2 * specCase[k]!]!.result.name, c.prio, c.imageIDs, c.ready), updateSpecText: a.result!.updateSpec, now: c.now, ...(c.gates ? { gates: c.gates } : {}), ...(c.server ? { serverVersion: c.server } : {}) });
    patchCase.push(specCase[k]!);
  });
  const patches = await compare(K, patchReqs, failures, written);
  const nextReqs: Record<string, unknown>[] = [];
  patches.forEach((a, k) => {
    if (!a.ok) return;
    const state = JSON.parse(a.result!.state as string) as Record<string, unknown>;
    if (!state.nextContainerImages && !state.nextContainerRefMetadata) return;
    const c = cases[patchCase[k]!]!;
    nextReqs.push({ op: "kruise.patchPod", podText: a.result!.pod, updateSpec: { containerImages: state.nextContainerImages, containerRefMetadata: state.nextContainerRefMetadata, updateEnvFromMetadata: state.updateEnvFromMetadata, containerResources: state.nextContainerResources }, stateText: a.result!.state, now: "2026-03-04T05:10:00Z", ...(c.gates ? { gates: c.gates } : {}) });
  });
  await compare(K, nextReqs, failures, written);
  // the completion check on the patched pods: v1.5 - v1.8 compare runtime-containers-meta hashes with the kubelet they vendor
  // 1.30's HashContainer (JSON era), without resources when the update changed resources (vertical gate)
  const doneReqs: Record<string, unknown>[] = [];
  patches.forEach((a, k) => {
    if (!a.ok) return;
    const c = cases[patchCase[k]!]!;
    for (const mode of c.completion) {
      const pod = JSON.parse(a.result!.pod as string) as { metadata: { annotations?: Record<string, string> }; spec: { containers: Record<string, unknown>[] }; status: { containerStatuses?: Record<string, unknown>[] } };
      for (const s of mode === "asIs" || mode.startsWith("meta") ? [] : pod.status.containerStatuses ?? []) {
        const spec = pod.spec.containers.find((x) => x.name === s.name);
        if (!spec) continue;
        const img = (spec.image as string) ?? "";
        s.image = img.includes(":") ? img : `${img}:latest`;
        if (mode === "updated") s.imageID = `${s.imageID as string}-new`;
        if (mode === "resources") s.resources = spec.resources ?? {};
      }
      if (mode.startsWith("meta")) {
        const hash = (x: Record<string, unknown>, i: number): number => {
          if (mode === "meta") return 1000 + i;
          if (mode === "meta132") return goJSONHash(JSON.stringify({ image: x.image ?? "", name: x.name }));
          const y = mode === "metaNoRes" ? { ...x, resources: {} } : x;
          return goJSONHash(JSON.stringify(y));
        };
        pod.metadata.annotations = { ...pod.metadata.annotations, "apps.kruise.io/runtime-containers-meta": JSON.stringify({ containers: pod.spec.containers.map((x, i) => ({ name: x.name, containerID: `containerd://${i}abc`, restartCount: 0, hashes: { plainHash: hash(x, i), ...(mode === "metaNoRes" ? { plainHashWithoutResources: hash(x, i) } : {}), extractedEnvFromMetadataHash: 7 } })) }) };
      }
      doneReqs.push({ op: "kruise.completed", pod, ...(c.gates ? { gates: c.gates } : {}) });
    }
  });
  const done = await compare(K, doneReqs, failures, written);
  // request errors and edge inputs at this release
  await compare(K, [
    { op: "kruise.completed", pod: {}, gates: { Nope: true } },
    { op: "kruise.patchPod", pod: {}, updateSpec: {}, now: "2026-01-01T00:00:00Z", serverVersion: "2.0" },
    { op: "kruise.patchPod", pod: { spec: { containers: [{ name: "a", image: "b", resources: { limits: { cpu: "1" } } }] } }, updateSpec: { revision: "r", containerResources: { a: { limits: { cpu: "2" } } } }, now: "2026-01-01T00:00:00Z", serverVersion: "1.33", gates: { InPlaceWorkloadVerticalScaling: true } },
    { op: "kruise.completed", pod: { metadata: { annotations: { "apps.kruise.io/inplace-update-state": "{\"revision\":\"r\",\"updateResources\":true}" } }, spec: { containers: [{ name: "a", resources: { limits: { cpu: "1" } } }] }, status: { containerStatuses: [{ name: "a", resources: { limits: { cpu: "2" } } }] } }, gates: { InPlaceWorkloadVerticalScaling: true } },
  ], failures, written);
  if (VECTORS) writeFileSync(join(VECTORS, `kruise-${K.replace(".", "")}.jsonl.gz`), gzipSync(written.join("\n") + "\n", { level: 9 }));
  const inPlace = specs.filter((a) => a.ok && a.result!.inPlace).length;
  const completed = done.filter((a) => a.ok && a.result!.completed).length;
  console.log(`kruise ${K}: ${specReqs.length} pairs (${inPlace} in place), ${strategies.length} strategies, ${updateReqs.length} updates, ${refreshReqs.length} refreshes, ${patchReqs.length} + ${nextReqs.length} patches, ${doneReqs.length} completion checks (${completed} completed), seed ${SEED}`);
  assert.ok(inPlace > specReqs.length / 10 && inPlace < specReqs.length * 0.9, `in-place share ${inPlace}/${specReqs.length} is not a mix`);
  assert.ok(completed > 0 && completed < doneReqs.length, `completion checks ${completed}/${doneReqs.length} are not a mix`);
  assert.equal(failures.length, 0, `KINPLACE_KRUISE_SEED=${SEED}: ${failures.length} mismatches; the first ones:\n\n${failures.slice(0, 3).join("\n\n")}`);
});
