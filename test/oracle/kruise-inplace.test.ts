// Differential suite of OpenKruise in-place update: realistic CloneSet template edits wrapped
// into ControllerRevisions as the CloneSet controller builds them, answered by the engine and by the
// real github.com/openkruise/kruise v1.9.0 pkg/util/inplaceupdate (the Kruise build of the k8s oracle):
//   kruise.inplaceSpec  — inPlace and the UpdateSpec bytes (the engine's `reasons` have no Go
//                         counterpart: they are checked for consistency with the decision instead);
//   kruise.patchPod     — the patched pod, the state annotation and the resize patch, byte for byte,
//                         first batch and (when containers wait) the next batch;
//   kruise.completed    — the completion check and its message, on pods in several kubelet states.
// Zero mismatches. KINPLACE_KRUISE_PAIRS (default 5000) sets the revision pairs, KINPLACE_KRUISE_SEED the
// seed; KINPLACE_KRUISE_VECTORS=FILE writes every request with the oracle's answer as golden vectors;
// KINPLACE_KRUISE_ORACLE_BIN=PATH drives that Kruise oracle binary directly instead of the router.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { engineAnswers } from "./k8s-drive.ts";
import { answerView } from "./compare.ts";
import { buildAll, goAvailable, runOracle, stopOracle } from "./run.ts";
import { cloneSet, controllerRevision, exactInts, gates, launchPriorities, podFrom, podQuirks, revisionAnnotations, shapeCases, shapeLines, templatePair, withQuirks } from "./kruise-inplace-gen.ts";

const PAIRS = Number(process.env.KINPLACE_KRUISE_PAIRS ?? 5000);
const SEED = Number(process.env.KINPLACE_KRUISE_SEED ?? Date.now() % 1_000_000_007);
const VECTORS = process.env.KINPLACE_KRUISE_VECTORS;
const TIME_LIMIT = 900_000;
const DIRECT = process.env.KINPLACE_KRUISE_ORACLE_BIN;

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  if (!DIRECT) buildAll();
});

/** The oracle's answer lines (through the router, or the binary named by KINPLACE_KRUISE_ORACLE_BIN). */
async function oracle(lines: string[]): Promise<string[]> {
  if (lines.length === 0) return [];
  if (!DIRECT) return runOracle(lines);
  const r = spawnSync(DIRECT, { input: lines.join("\n") + "\n", maxBuffer: 1 << 30 });
  const out = r.stdout.toString("utf8").split("\n");
  out.pop();
  assert.equal(out.length, lines.length, r.stderr.toString().slice(0, 500));
  return out;
}
after(() => stopOracle());

type Answer = { ok: boolean; result?: Record<string, unknown>; error?: Record<string, unknown> };

/** Every line answered by both; returns the parsed engine answers. Mismatches are collected. */
async function compare(lines: string[], failures: string[], written: string[]): Promise<Answer[]> {
  const expected = await oracle(lines);
  const actual = engineAnswers(lines);
  const out: Answer[] = [];
  for (let i = 0; i < lines.length; i++) {
    const exp = answerView(expected[i]!) as Answer;
    const act = answerView(actual[i]!) as Answer;
    out.push(JSON.parse(actual[i]!) as Answer);
    if (VECTORS) written.push(JSON.stringify({ request: lines[i], answer: JSON.parse(expected[i]!) }));
    if (exp.error?.code === "E_INTERNAL") { failures.push(`oracle failed: ${lines[i]!.slice(0, 400)}\n${expected[i]!.slice(0, 400)}`); continue; }
    const reasons = act.result?.reasons as { inPlace: boolean }[] | undefined;
    if (reasons !== undefined) {
      delete act.result!.reasons;
      const ok = reasons.every((r) => r.inPlace);
      if (ok !== act.result!.inPlace) failures.push(`reasons disagree with inPlace: ${actual[i]!.slice(0, 600)}`);
    }
    const violations = act.result?.violations as string[] | undefined;
    if (violations !== undefined) {
      // Kruise names the first offending operation in Go's random map order: any of them is right
      delete act.result!.violations;
      const said = exp.result?.message as string | undefined;
      if (said !== undefined && violations.some((v) => said.includes(`found ${v}`) || said.includes(`strategy: ${v},`))) act.result!.message = said;
    }
    try {
      assert.deepStrictEqual(act, exp);
    } catch {
      failures.push(`request:  ${lines[i]!.slice(0, 1500)}\nexpected: ${expected[i]!.slice(0, 1500)}\nactual:   ${actual[i]!.slice(0, 1500)}`);
    }
  }
  return out;
}

/** FNV-32a of go-spew's `([]uint8)[…]` of JSON text (hashutil.DeepHashObject of json.Marshal bytes). */
function goJSONHash(json: string): number {
  const text = `([]uint8)[${[...Buffer.from(json)].join(" ")}]`;
  let h = 0x811c9dc5;
  for (const b of Buffer.from(text)) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

/** The extractedEnvFromMetadataHash of a container: its metadata-env values, sorted by name, hashed as JSON. */
function envHash(c: Record<string, unknown>, labels: Record<string, string>, anns: Record<string, string>): number {
  const envs: { name: string; value?: string }[] = [];
  for (const e of (c.env as { name: string; value?: string; valueFrom?: { fieldRef?: { fieldPath: string } } }[] | undefined) ?? []) {
    const m = /^(metadata\.labels|metadata\.annotations)\['(.*)'\]$/.exec(e.valueFrom?.fieldRef?.fieldPath ?? "");
    if (e.value || !m) continue;
    const v = (m[1] === "metadata.labels" ? labels : anns)[m[2]!] ?? "";
    envs.push(v ? { name: e.name, value: v } : { name: e.name });
  }
  envs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return goJSONHash(envs.length ? JSON.stringify(envs) : "null");
}

/** One generated case: the template pair and the request options. */
const caseArb = fc.record({
  pair: templatePair,
  annotations: revisionAnnotations,
  gates,
  grace: fc.option(fc.constantFrom(0, 5, 30, 3630), { nil: undefined }),
  asText: fc.boolean(),
  prio: launchPriorities,
  imageIDs: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
  ready: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
  server: fc.constantFrom(undefined, "1.30", "1.31", "1.32", "1.33"),
  now: fc.constantFrom("2026-03-04T05:06:07Z", "2026-03-04T13:06:07+08:00", "2025-12-31T23:59:59.999Z"),
  patchGates: gates,
  kind: fc.constantFrom("CloneSet", "AdvancedStatefulSet"),
  policy: fc.constantFrom(undefined, "ReCreate", "InPlaceIfPossible", "InPlaceOnly", "InPlaceOnly"),
  apiVersion: fc.constantFrom(undefined, "v1alpha1", "v1beta1"),
  completion: fc.array(fc.constantFrom("asIs", "updated", "imageOnly", "meta", "metaOk", "metaEnv", "grace", "dropStatus", "resources"), { minLength: 1, maxLength: 2 }),
  quirks: podQuirks,
});

test(`kruise in-place update agrees with OpenKruise v1.9.0 (${PAIRS} revision pairs)`, { timeout: TIME_LIMIT }, async () => {
  const cases = fc.sample(caseArb, { numRuns: PAIRS, seed: SEED });
  const failures: string[] = [];
  const written: string[] = [];
  // 1. revisions, as the CloneSet controller builds them (engine `revision` op; same input for both sides)
  const revLines: string[] = [];
  for (const c of cases) {
    revLines.push(JSON.stringify({ op: "revision", kind: "CloneSet", object: cloneSet(c.pair[0], c.annotations[0]) }));
    revLines.push(JSON.stringify({ op: "revision", kind: "CloneSet", object: cloneSet(c.pair[1], c.annotations[1]) }));
  }
  const revs = engineAnswers(revLines).map((a) => JSON.parse(a) as { ok: boolean; result: { name: string; hash: string; data: string } });
  // 2. kruise.inplaceSpec
  const specLines: string[] = [];
  const specCase: number[] = [];
  cases.forEach((c, i) => {
    const a = revs[2 * i]!, b = revs[2 * i + 1]!;
    if (!a.ok || !b.ok) return;
    const oldRev = controllerRevision(a.result.name, a.result.hash, a.result.data, c.annotations[0], 1);
    const newRev = controllerRevision(b.result.name, b.result.hash, b.result.data, c.annotations[1], 2);
    const req: Record<string, unknown> = { op: "kruise.inplaceSpec" };
    if (c.asText) { req.oldRevisionText = JSON.stringify(oldRev); req.newRevisionText = JSON.stringify(newRev); } else { req.oldRevision = oldRev; req.newRevision = newRev; }
    if (c.gates) req.gates = c.gates;
    if (c.grace !== undefined) req.gracePeriodSeconds = c.grace;
    specLines.push(JSON.stringify(req));
    specCase.push(i);
  });
  const specAnswers = await compare(specLines, failures, written);
  // 2b. kruise.strategy: the webhooks and the controllers' strategy switch on the same template pairs
  const strategyLines = cases.map((c) => JSON.stringify({ op: "kruise.strategy", kind: c.kind, policy: c.policy, apiVersion: c.apiVersion, oldTemplate: c.pair[0], newTemplate: c.pair[1], gates: c.gates, gracePeriodSeconds: c.grace }));
  const strategyAnswers = await compare(strategyLines, failures, written);
  const rejected = strategyAnswers.filter((a) => a.ok && a.result!.outcome === "rejected").length;
  const inPlace = specAnswers.filter((a) => a.ok && a.result!.inPlace).length;
  // 2c. kruise.update (Interface.Update) on a pod of the old revision, then kruise.refresh at later times
  const updateLines: string[] = [];
  const updateCase: number[] = [];
  specAnswers.forEach((_a, k) => {
    const c = cases[specCase[k]!]!;
    const spec = JSON.parse(specLines[k]!) as Record<string, unknown>;
    const pod = withQuirks(podFrom(c.pair[0], revs[2 * specCase[k]!]!.result.name, c.prio, c.imageIDs, c.ready), c.quirks) as { status: { conditions: unknown[] } };
    if (c.ready[0]) pod.status.conditions.push({ type: "ContainersReady", status: "True" });
    if (c.ready.length > 2 && !c.ready[2]) pod.status.conditions[1] = { type: "InPlaceUpdateReady", status: "False", reason: "StartInPlaceUpdate" };
    const req: Record<string, unknown> = { op: "kruise.update", pod, oldRevision: spec.oldRevision ?? JSON.parse(spec.oldRevisionText as string), newRevision: spec.newRevision ?? JSON.parse(spec.newRevisionText as string), now: "2026-03-04T05:06:07Z" };
    if (c.gates) req.gates = c.gates;
    if (c.grace !== undefined) req.gracePeriodSeconds = c.grace;
    if (c.server) req.serverVersion = c.server;
    updateLines.push(exactInts(JSON.stringify(req)));
    updateCase.push(specCase[k]!);
  });
  const updateAnswers = await compare(updateLines, failures, written);
  const refreshLines: string[] = [];
  updateAnswers.forEach((a, k) => {
    if (!a.ok || !a.result!.inPlace) return;
    const c = cases[updateCase[k]!]!;
    for (const [dt, mode] of [[0, "asIs"], [Math.max((c.grace ?? 0) - 1, 1), "asIs"], [(c.grace ?? 0) + 5, "updated"]] as const) {
      const pod = JSON.parse(a.result!.pod as string) as { spec: { containers: { name: string; image?: string }[] }; status: { containerStatuses?: Record<string, unknown>[] } };
      if (mode === "updated") for (const s of pod.status.containerStatuses ?? []) {
        const spec = pod.spec.containers.find((x) => x.name === s.name);
        const img = spec?.image ?? "";
        s.image = img.includes(":") ? img : `${img}:latest`;
        s.imageID = `${s.imageID as string}-new`;
        s.ready = true;
      }
      const t = new Date(Date.parse("2026-03-04T05:06:07Z") + dt * 1000).toISOString().replace(".000Z", "Z");
      const req: Record<string, unknown> = { op: "kruise.refresh", pod, now: t };
      if (c.gates) req.gates = c.gates;
      if (c.server) req.serverVersion = c.server;
      refreshLines.push(exactInts(JSON.stringify(req)));
    }
  });
  const refreshAnswers = await compare(refreshLines, failures, written);
  // 3. kruise.patchPod on a pod of the old revision (first batch)
  const patchLines: string[] = [];
  const patchCase: number[] = [];
  specAnswers.forEach((a, k) => {
    if (!a.ok || !a.result!.inPlace) return;
    const c = cases[specCase[k]!]!;
    const rev = revs[2 * specCase[k]!]!.result.name;
    const pod = withQuirks(podFrom(c.pair[0], rev, c.prio, c.imageIDs, c.ready), c.quirks);
    const req: Record<string, unknown> = { op: "kruise.patchPod", pod, updateSpecText: a.result!.updateSpec, now: c.now };
    if (c.patchGates) req.gates = c.patchGates;
    if (c.server) req.serverVersion = c.server;
    patchLines.push(exactInts(JSON.stringify(req)));
    patchCase.push(specCase[k]!);
  });
  const patchAnswers = await compare(patchLines, failures, written);
  // 3b. kruise.patchPods: each case's pod in three variants (imageIDs, readiness, name) in one request,
  // against the per-pod oracle (every variant asked as its own kruise.patchPod)
  const batchLines: string[] = [];
  const batchPodLines: string[] = [];
  for (const line of patchLines.slice(0, 600)) {
    const req = JSON.parse(line) as Record<string, unknown> & { pod: { metadata: Record<string, unknown>; status?: { containerStatuses?: Record<string, unknown>[] } } };
    const pods = [0, 1, 2].map((v) => {
      const p = JSON.parse(JSON.stringify(req.pod)) as typeof req.pod;
      if (v > 0) p.metadata.name = `sample-v${v}`;
      for (const st of p.status?.containerStatuses ?? []) {
        if (v === 1) st.imageID = `${String(st.imageID ?? "")}-v1`;
        if (v === 2) st.ready = !st.ready;
      }
      return p;
    });
    const { pod: _pod, op: _op, ...rest } = req;
    batchLines.push(exactInts(JSON.stringify({ op: "kruise.patchPods", pods, ...rest })));
    for (const p of pods) batchPodLines.push(exactInts(JSON.stringify({ ...req, pod: p })));
  }
  const perPod = (await oracle(batchPodLines)).map((x) => JSON.parse(x) as Answer);
  engineAnswers(batchLines).forEach((x, k) => {
    const got = JSON.parse(x) as Answer;
    const want = perPod.slice(3 * k, 3 * k + 3);
    const exp = want.every((w) => w.ok) ? { ok: true, result: { results: want.map((w) => w.result) } } : null;
    if (exp === null) { if (got.ok) failures.push(`kruise.patchPods answered where a pod fails: ${batchLines[k]!.slice(0, 300)}`); return; }
    try { assert.deepStrictEqual({ ok: got.ok, result: got.result }, exp); } catch { failures.push(`kruise.patchPods differs from the per-pod oracle: ${batchLines[k]!.slice(0, 300)}\n${x.slice(0, 300)}`); }
  });
  // 4. the next batch where containers wait (as updateNextBatch builds its spec from the state)
  const nextLines: string[] = [];
  patchAnswers.forEach((a, k) => {
    if (!a.ok) return;
    const state = JSON.parse(a.result!.state as string) as Record<string, unknown>;
    if (!state.nextContainerImages && !state.nextContainerRefMetadata) return;
    const c = cases[patchCase[k]!]!;
    const spec = { containerImages: state.nextContainerImages, containerRefMetadata: state.nextContainerRefMetadata, updateEnvFromMetadata: state.updateEnvFromMetadata, containerResources: state.nextContainerResources };
    const req: Record<string, unknown> = { op: "kruise.patchPod", podText: a.result!.pod, updateSpec: spec, stateText: a.result!.state, now: "2026-03-04T05:10:00Z" };
    if (c.patchGates) req.gates = c.patchGates;
    if (c.server) req.serverVersion = c.server;
    nextLines.push(JSON.stringify(req));
  });
  const nextAnswers = await compare(nextLines, failures, written);
  // 5. kruise.completed on the patched pods in several kubelet states
  const doneLines: string[] = [];
  patchAnswers.forEach((a, k) => {
    if (!a.ok) return;
    const c = cases[patchCase[k]!]!;
    for (const mode of c.completion) {
      const pod = JSON.parse(a.result!.pod as string) as { metadata: { annotations?: Record<string, string> }; spec: { containers: { name: string; image: string; resources?: unknown }[] }; status: { containerStatuses?: Record<string, unknown>[] } };
      const sts = pod.status.containerStatuses ?? [];
      if (mode === "updated" || mode === "imageOnly" || mode === "resources") {
        for (const s of sts) {
          const spec = pod.spec.containers.find((x) => x.name === s.name);
          if (!spec) continue;
          const img = spec.image ?? "";
          s.image = img.includes(":") ? img : `${img}:latest`;
          if (mode === "updated") s.imageID = `${s.imageID as string}-new`;
          if (mode === "resources") s.resources = spec.resources ?? {};
        }
      }
      if (mode === "meta") {
        pod.metadata.annotations = { ...pod.metadata.annotations, "apps.kruise.io/runtime-containers-meta": JSON.stringify({ containers: pod.spec.containers.map((x, i) => ({ name: x.name, containerID: `containerd://${i}abc`, restartCount: 0, hashes: { plainHash: 1000 + i, extractedEnvFromMetadataHash: 2166136261 } })) }) };
      }
      if (mode === "metaOk" || mode === "metaEnv") {
        // the hashes kruise-daemon reports: kubelet 1.32 HashContainer (name+image) and the env-from-metadata hash
        const labels = (pod.metadata as { labels?: Record<string, string> }).labels ?? {};
        const anns = pod.metadata.annotations ?? {};
        pod.metadata.annotations = { ...anns, "apps.kruise.io/runtime-containers-meta": JSON.stringify({ containers: pod.spec.containers.map((x, i) => ({
          name: x.name, containerID: `containerd://${i}abc`, restartCount: 0,
          hashes: { plainHash: goJSONHash(JSON.stringify({ image: x.image ?? "", name: x.name })), extractedEnvFromMetadataHash: mode === "metaEnv" ? envHash(x as unknown as Record<string, unknown>, labels, anns) : 7 },
        })) }) };
      }
      if (mode === "grace") pod.metadata.annotations = { ...pod.metadata.annotations, "apps.kruise.io/inplace-update-grace": "{\"revision\":\"x\"}" };
      if (mode === "dropStatus") sts.pop();
      const req: Record<string, unknown> = { op: "kruise.completed", pod };
      if (c.patchGates) req.gates = c.patchGates;
      doneLines.push(exactInts(JSON.stringify(req)));
    }
  });
  const doneAnswers = await compare(doneLines, failures, written);
  if (VECTORS) writeFileSync(VECTORS, VECTORS.endsWith(".gz") ? gzipSync(written.join("\n") + "\n", { level: 9 }) : written.join("\n") + "\n");
  const completed = doneAnswers.filter((a) => a.ok && a.result!.completed).length;
  const waited = refreshAnswers.filter((a) => a.ok && (a.result!.delaySeconds as number) > 0).length;
  console.log(`kruise: ${specLines.length} pairs (${inPlace} in place), ${strategyLines.length} strategies (${rejected} rejected), ${updateLines.length} updates, ${refreshLines.length} refreshes (${waited} waiting), ${patchLines.length} + ${nextLines.length} patches (${nextAnswers.length} next batches), ${batchLines.length} kruise.patchPods of 3 pods, ${doneLines.length} completion checks (${completed} completed), seed ${SEED}`);
  assert.ok(specLines.length >= Math.min(PAIRS, 5000) * 0.99, `only ${specLines.length} pairs`);
  assert.ok(inPlace > specLines.length / 10 && inPlace < specLines.length * 0.9, `in-place share ${inPlace}/${specLines.length} is not a mix`);
  assert.equal(failures.length, 0, `KINPLACE_KRUISE_SEED=${SEED}: ${failures.length} mismatches; the first ones:\n\n${failures.slice(0, 3).join("\n\n")}`);
});

test("kruise in-place ops: request errors and edge inputs agree", { timeout: TIME_LIMIT }, async () => {
  const rev = (name: string, data: unknown, annotations?: Record<string, string>) => ({ metadata: { name, ...(annotations ? { annotations } : {}) }, data });
  const tmpl = (image: string, extra: Record<string, unknown> = {}) => ({ spec: { template: { $patch: "replace", spec: { containers: [{ name: "c1", image, ...extra }] } } } });
  const lines = [
    { op: "kruise.inplaceSpec", oldRevision: rev("a", tmpl("x")), newRevision: rev("b", tmpl("y")), gates: { Nope: true } },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", tmpl("x")), newRevision: rev("b", tmpl("y")), gates: { InPlaceWorkloadVerticalScaling: "yes" } },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", tmpl("x")), newRevision: rev("b", tmpl("y")), gates: [] },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", tmpl("x")), newRevision: rev("b", tmpl("y")), kruise: "1.7" },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", tmpl("x")), newRevision: rev("b", tmpl("y")), kruise: 9 },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", tmpl("x")), newRevision: rev("b", tmpl("y")), gracePeriodSeconds: 1.5 },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", tmpl("x")), newRevision: rev("b", tmpl("y")), gracePeriodSeconds: 2147483648 },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", tmpl("x")), newRevision: rev("b", tmpl("y")), extra: 1 },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", tmpl("x")) },
    { op: "kruise.inplaceSpec", oldRevision: [], newRevision: rev("b", tmpl("y")) },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", null), newRevision: rev("b", tmpl("y")) },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", [1]), newRevision: rev("b", tmpl("y")) },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", { spec: 1 }), newRevision: rev("b", { spec: 2 }) },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", tmpl("x")), newRevision: rev("b", tmpl("x")) },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", tmpl("x"), { "kruise.io/cloneset-volumeclaimtemplate-hash": "1" }), newRevision: rev("b", tmpl("x"), { "kruise.io/cloneset-volumeclaimtemplate-hash": "2" }), gates: { RecreatePodWhenChangeVCTInCloneSetGate: true } },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", tmpl("x", { resources: { requests: { cpu: "1" } } })), newRevision: rev("b", tmpl("x", { resources: { requests: { cpu: "2" } } })), gates: { InPlaceWorkloadVerticalScaling: true } },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", tmpl("x", { resources: { limits: { "nvidia.com/gpu": "1" } } })), newRevision: rev("b", tmpl("x", { resources: { limits: { "nvidia.com/gpu": "2" } } })), gates: { InPlaceWorkloadVerticalScaling: true } },
    { op: "kruise.inplaceSpec", oldRevision: rev("a", tmpl("x", { resources: { limits: { cpu: "1", memory: "1Gi" }, requests: { cpu: "1", memory: "1Gi" } } })), newRevision: rev("b", tmpl("x", { resources: { limits: { cpu: "2", memory: "1Gi" }, requests: { cpu: "1", memory: "1Gi" } } })), gates: { InPlaceWorkloadVerticalScaling: true } },
    { op: "kruise.patchPod", pod: {}, updateSpec: {}, now: "nope" },
    { op: "kruise.patchPod", pod: {}, updateSpec: {} },
    { op: "kruise.patchPod", pod: {}, updateSpec: {}, now: "2026-01-01T00:00:00Z", serverVersion: "2.0" },
    { op: "kruise.patchPod", pod: {}, updateSpec: [], now: "2026-01-01T00:00:00Z" },
    { op: "kruise.patchPod", pod: {}, updateSpec: { containerImages: 1 }, now: "2026-01-01T00:00:00Z" },
    { op: "kruise.patchPod", pod: {}, updateSpec: {}, state: { revision: 5 }, now: "2026-01-01T00:00:00Z" },
    { op: "kruise.patchPod", pod: 3, updateSpec: {}, now: "2026-01-01T00:00:00Z" },
    { op: "kruise.patchPod", pod: { spec: { containers: [{ name: "a", image: "b" }] } }, updateSpec: { revision: "r", containerImages: { a: "c", zz: "d" } }, now: "0001-01-01T00:00:00Z" },
    // PatchSpecToPod on the typed pod (patchtyped.ts): the metadata patch's json round trip re-reads
    // Quantities (2156.25Ki is written 2208000, read back as 2208k); with integers beyond 2^53 or raw
    // fields it runs the real round trip; without a metadata patch nothing is round-tripped
    ...[true, false].flatMap((withPatch) => [
      { activeDeadlineSeconds: 30 },
      { activeDeadlineSeconds: 9007199254740993 },
      { managed: true },
    ].map((x) => ({
      op: "kruise.patchPod", now: "2026-01-01T00:00:00Z",
      pod: {
        metadata: { name: "p", labels: { v: "1", keep: "k" }, annotations: { a: "1" }, ...(x.managed ? { managedFields: [{ manager: "m", operation: "Update", fieldsType: "FieldsV1", fieldsV1: { "f:spec": {}, "f:metadata": { "f:labels": {} } } }] } : {}) },
        spec: {
          activeDeadlineSeconds: x.activeDeadlineSeconds,
          containers: [
            { name: "a", image: "b", resources: { limits: { memory: "2156.25Ki", cpu: "0.5" } }, env: [{ name: "V", valueFrom: { fieldRef: { fieldPath: "metadata.labels['v']" } } }] },
            { name: "s", image: "s1", env: [{ name: "KRUISE_CONTAINER_BARRIER", valueFrom: { configMapKeyRef: { name: "b", key: "p_100" } } }] },
          ],
        },
        status: { containerStatuses: [{ name: "a", imageID: "id-a" }, { name: "s", imageID: "id-s" }] },
      },
      updateSpec: {
        revision: "r2", containerImages: { a: "c", s: "s2" }, containerRefMetadata: { a: { labels: { v: "2" } } }, updateEnvFromMetadata: true,
        ...(withPatch ? { metaDataPatch: Buffer.from(JSON.stringify({ metadata: { annotations: { a: null, b: "2" }, labels: { keep: null } } })).toString("base64") } : {}),
      },
    }))),
    // every op that patches or refreshes a pod, on a pod upstream never re-reads unless a MetaDataPatch
    // applies: non-canonical quantities, 64-bit integers beyond 2^53, FieldsV1 keys out of order, members
    // out of order; with and without a metadata patch, with resources written into the spec (vertical
    // scaling below 1.32) or sent as the resize patch
    ...quirkCases(),
    // GetTemplateFromRevision reads the data with plain encoding/json into struct{Spec{Template}}: keys match
    // case-insensitively (ſ folds to S), other fields are ignored whatever their type, repeated members merge
    ...shapeCases(),
    { op: "kruise.completed", pod: {} },
    { op: "kruise.completed", pod: { metadata: { annotations: { "inplace-update-state": "{\"revision\":\"r\",\"lastContainerStatuses\":{\"a\":{}}}" } } } },
    { op: "kruise.completed", pod: { metadata: { annotations: { "apps.kruise.io/inplace-update-state": "{\"revision\":\"r\",\"nextContainerImages\":{\"a\":\"b\"}}" } } } },
    { op: "kruise.completed", pod: { metadata: { annotations: { "apps.kruise.io/inplace-update-state": "{\"revision\":\"r\",\"updateEnvFromMetadata\":true}" } } } },
    { op: "kruise.completed", pod: { metadata: { annotations: { "apps.kruise.io/inplace-update-state": "{\"revision\":\"r\",\"updateResources\":true}" } }, spec: { containers: [{ name: "a", resources: { limits: { cpu: "1" } } }] }, status: { containerStatuses: [{ name: "a", resources: { limits: { cpu: "1000m" } } }] } }, gates: { InPlaceWorkloadVerticalScaling: true } },
    { op: "kruise.completed", pod: { metadata: { annotations: { "apps.kruise.io/inplace-update-state": "{\"revision\":\"r\",\"updateResources\":true}" } }, spec: { containers: [{ name: "a", resources: { limits: { cpu: "1" } } }] }, status: { containerStatuses: [{ name: "a", resources: { limits: { cpu: "2" } } }] } }, gates: { InPlaceWorkloadVerticalScaling: true } },
    { op: "kruise.completed", pod: {}, kruise: "1.10" },
  ].map((r) => exactInts(JSON.stringify(r)));
  lines.push(...shapeLines());
  const failures: string[] = [];
  await compare(lines, failures, []);
  assert.equal(failures.length, 0, failures.slice(0, 3).join("\n\n"));
});

/** kruise.patchPod / update / refresh requests on pods with every quirk of withQuirks (kruise-inplace-gen.ts). */
function quirkCases(): Record<string, unknown>[] {
  const vs = { InPlaceWorkloadVerticalScaling: true };
  const pod = (rev: string, extra: Record<string, string> = {}) => withQuirks({
    metadata: { name: "p", namespace: "default", labels: { app: "web", "controller-revision-hash": rev }, annotations: { owner: "a", ...extra } },
    spec: { containers: [{ name: "main", image: "web:1", resources: { limits: { cpu: "500m", memory: "512Mi" }, requests: { cpu: "250m", memory: "256Mi" } } }, { name: "side", image: "side:1" }] },
    status: { phase: "Running", conditions: [{ type: "Ready", status: "True" }, { type: "ContainersReady", status: "True" }], containerStatuses: [{ name: "main", imageID: "id-main", ready: true }, { name: "side", imageID: "id-side", ready: true }] },
  }, ["quantity", "bigint", "managed", "order"]);
  const tmpl = (image: string, labels: Record<string, string>, cpu: string) => ({ spec: { template: { $patch: "replace", metadata: { labels }, spec: { containers: [{ name: "main", image, resources: { limits: { cpu, memory: "512Mi" }, requests: { cpu: "250m", memory: "256Mi" } } }, { name: "side", image: "side:1" }] } } } });
  const rev = (name: string, data: unknown) => ({ metadata: { name, namespace: "default" }, data });
  const meta = Buffer.from(JSON.stringify({ metadata: { labels: { app: "web2" } } })).toString("base64");
  const out: Record<string, unknown>[] = [];
  for (const withPatch of [false, true]) {
    for (const [gates, server] of [[undefined, undefined], [vs, "1.31"], [vs, "1.32"]] as const) {
      const spec = { revision: "r2", containerImages: { main: "web:2" }, ...(gates ? { containerResources: { main: { limits: { cpu: "1" } } } } : {}), ...(withPatch ? { metaDataPatch: meta } : {}) };
      out.push({ op: "kruise.patchPod", pod: pod("r1"), updateSpec: spec, now: "2026-01-01T00:00:00Z", ...(gates ? { gates } : {}), ...(server ? { serverVersion: server } : {}) });
      const labels = withPatch ? { app: "web2" } : { app: "web" };
      out.push({ op: "kruise.update", pod: pod("r1"), oldRevision: rev("r1", tmpl("web:1", { app: "web" }, "500m")), newRevision: rev("r2", tmpl("web:2", labels, gates ? "1" : "500m")), now: "2026-01-01T00:00:00Z", ...(gates ? { gates } : {}), ...(server ? { serverVersion: server } : {}) });
      // Refresh after the grace period: PatchSpecToPod from the grace annotation
      const state = JSON.stringify({ revision: "r2", updateTimestamp: "2026-01-01T00:00:00Z" });
      out.push({ op: "kruise.refresh", pod: pod("r2", { "apps.kruise.io/inplace-update-grace": JSON.stringify({ ...spec, graceSeconds: 5 }), "apps.kruise.io/inplace-update-state": state }), now: "2026-01-01T00:01:00Z", ...(gates ? { gates } : {}), ...(server ? { serverVersion: server } : {}) });
    }
  }
  // Refresh: the readiness-gate condition and the next batch
  const gated = pod("r2", { "apps.kruise.io/inplace-update-state": JSON.stringify({ revision: "r2", updateTimestamp: "2026-01-01T00:00:00Z", lastContainerStatuses: { main: { imageID: "old" } }, nextContainerImages: { side: "side:2" }, preCheckBeforeNext: { containersRequiredReady: ["main"] } }) }) as { spec: Record<string, unknown> };
  gated.spec.readinessGates = [{ conditionType: "InPlaceUpdateReady" }];
  out.push({ op: "kruise.refresh", pod: gated, now: "2026-01-01T00:01:00Z" });
  const done = pod("r2", { "apps.kruise.io/inplace-update-state": JSON.stringify({ revision: "r2", updateTimestamp: "2026-01-01T00:00:00Z" }) }) as { spec: Record<string, unknown> };
  done.spec.readinessGates = [{ conditionType: "InPlaceUpdateReady" }];
  out.push({ op: "kruise.refresh", pod: done, now: "2026-01-01T00:01:00Z" });
  return out;
}
