// kruise.patchPod / kruise.patchPods: the text splice fast path (assembly/policy/kruise/podsplice.ts, on the
// transcoder's Go JSON of the pod or the encoded typed pod) must answer byte for byte what the exact typed
// path answers (`exactPath: true`). Realistic CloneSet revision pairs (the differential suite's generators),
// pods with several containers, env from metadata, launch priorities, resources, quirks (non-canonical
// quantities, integers beyond 2^53, managedFields, odd member order), whole API-server pods merged in,
// tricky label/annotation keys, text with whitespace, escapes and duplicate keys, a prior state (the next
// batch), gates and server versions. `requireFastPath: true` shows the fast path answers most of them.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "./support/engine.ts";
import { cloneSet, controllerRevision, exactInts, gates, launchPriorities, podFrom, podQuirks, revisionAnnotations, templatePair, withQuirks } from "./oracle/kruise-inplace-gen.ts";
import { pod as wildPod, textStyle, toText } from "./oracle/k8s-objects.ts";

type Obj = Record<string, unknown>;
type Answer = { ok: boolean; result?: Obj; error?: Obj };

const enc = new TextEncoder();
const dec = new TextDecoder();
const line = (req: Obj | string) => dec.decode(kinplace.evaluateLine(enc.encode(typeof req === "string" ? req : exactInts(JSON.stringify(req)))));

const trickyKey = fc.constantFrom("version", "app", "zz-last", "a<b&c", "é/x", "tier", "example.com/0", "\u2028k", "apps.kruise.io/inplace-update-state", "");
const trickyValue = fc.oneof(fc.constantFrom("", "v1.5.0", "<b>", "\\n", "\u00e9\u2029", "{\"a\":1}"), fc.string({ maxLength: 8 }));

const caseArb = fc.record({
  pair: templatePair,
  annotations: revisionAnnotations,
  gates,
  prio: launchPriorities,
  imageIDs: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
  ready: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
  server: fc.constantFrom(undefined, "1.30", "1.32"),
  now: fc.constantFrom("2026-03-04T05:06:07Z", "2026-03-04T13:06:07+08:00", "2025-12-31T23:59:59.999Z"),
  patchGates: gates,
  quirks: podQuirks,
  wild: fc.option(wildPod, { freq: 3 }),
  labels: fc.dictionary(trickyKey, trickyValue, { maxKeys: 3 }),
  annotationsExtra: fc.dictionary(trickyKey, trickyValue, { maxKeys: 3 }),
  style: fc.option(textStyle, { freq: 2 }),
  nextBatch: fc.boolean(),
});

/** The pod of a case: the CloneSet's pod (podFrom + quirks), with a whole stored pod's other fields merged in. */
function podOf(rev: string, cs: Case): Obj {
  const p = withQuirks(podFrom(cs.pair[0], rev, cs.prio, cs.imageIDs, cs.ready), cs.quirks) as Obj & { metadata: Obj & { labels?: Obj; annotations?: Obj }; spec: Obj; status: Obj & { containerStatuses?: unknown[] } };
  if (cs.wild) {
    const w = cs.wild as { metadata?: Obj; spec?: Obj; status?: Obj & { containerStatuses?: unknown[] } };
    p.metadata = { ...(w.metadata ?? {}), ...p.metadata, labels: { ...((w.metadata?.labels as Obj) ?? {}), ...(p.metadata.labels ?? {}) } };
    const { containers: _c, ...spec } = w.spec ?? {};
    p.spec = { ...spec, ...p.spec };
    p.status = { ...(w.status ?? {}), ...p.status, containerStatuses: [...(w.status?.containerStatuses ?? []), ...(p.status.containerStatuses ?? [])] };
  }
  p.metadata.labels = { ...(p.metadata.labels ?? {}), ...cs.labels };
  p.metadata.annotations = { ...(p.metadata.annotations ?? {}), ...cs.annotationsExtra };
  return p;
}
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

/** The UpdateSpec of a case's revision pair (engine), or null when not in place; and the old revision's name. */
function specOf(cs: Case): { spec: string; rev: string } | null {
  const a = JSON.parse(line({ op: "revision", kind: "CloneSet", object: cloneSet(cs.pair[0], cs.annotations[0]) })) as Answer;
  const b = JSON.parse(line({ op: "revision", kind: "CloneSet", object: cloneSet(cs.pair[1], cs.annotations[1]) })) as Answer;
  if (!a.ok || !b.ok) return null;
  const ra = a.result as { name: string; hash: string; data: string };
  const rb = b.result as { name: string; hash: string; data: string };
  const req: Obj = { op: "kruise.inplaceSpec", oldRevision: controllerRevision(ra.name, ra.hash, ra.data, cs.annotations[0], 1), newRevision: controllerRevision(rb.name, rb.hash, rb.data, cs.annotations[1], 2) };
  if (cs.gates) req.gates = cs.gates;
  const s = JSON.parse(line(req)) as Answer;
  if (!s.ok || !s.result!.inPlace) return null;
  return { spec: s.result!.updateSpec as string, rev: ra.name };
}

/** The kruise.patchPod request line of a case (pod as text with the case's style, when it has one). */
function patchLine(cs: Case, pod: Obj, spec: string | Obj, extra: Obj): string {
  const req: Obj = { op: "kruise.patchPod", now: cs.now, ...extra };
  if (typeof spec === "string") req.updateSpecText = spec; else req.updateSpec = spec;
  if (cs.patchGates) req.gates = cs.patchGates;
  if (cs.server) req.serverVersion = cs.server;
  if (cs.style) req.podText = exactInts(toText(pod, cs.style)); else req.pod = pod;
  return exactInts(JSON.stringify(req));
}

/** The same request with one more member. */
const withMember = (l: string, k: string, v: unknown) => l.slice(0, -1) + "," + JSON.stringify(k) + ":" + JSON.stringify(v) + "}";

const stats = { cases: 0, answered: 0, fast: 0, next: 0 };
const whys = new Map<string, number>();

test("kruise.patchPod: the text splice answers byte for byte as the exact typed path", () => {
  fc.assert(
    fc.property(caseArb, (cs) => {
      const s = specOf(cs);
      if (s === null) return;
      stats.cases++;
      const pod = podOf(s.rev, cs);
      const l = patchLine(cs, pod, s.spec, {});
      const fast = line(l);
      const exact = line(withMember(l, "exactPath", true));
      assert.equal(fast, exact, `fast and exact paths differ for ${l.slice(0, 2000)}`);
      const a = JSON.parse(fast) as Answer;
      if (!a.ok) return;
      stats.answered++;
      const r = JSON.parse(line(withMember(l, "requireFastPath", true))) as Answer;
      if (r.ok) stats.fast++;
      else { const m = String(r.error!.message); whys.set(m, (whys.get(m) ?? 0) + 1); }
      // the next batch, from the patched pod and its state (as Kruise's updateNextBatch builds its spec)
      const st = JSON.parse(a.result!.state as string) as Obj;
      if (!cs.nextBatch || (!st.nextContainerImages && !st.nextContainerRefMetadata)) return;
      stats.next++;
      const next: Obj = { containerImages: st.nextContainerImages, containerRefMetadata: st.nextContainerRefMetadata, updateEnvFromMetadata: st.updateEnvFromMetadata, containerResources: st.nextContainerResources };
      const req: Obj = { op: "kruise.patchPod", podText: a.result!.pod, updateSpec: next, stateText: a.result!.state, now: "2026-03-04T05:10:00Z" };
      if (cs.patchGates) req.gates = cs.patchGates;
      if (cs.server) req.serverVersion = cs.server;
      const nl = JSON.stringify(req);
      assert.equal(line(nl), line(withMember(nl, "exactPath", true)), `next batch: fast and exact paths differ for ${nl.slice(0, 2000)}`);
    }),
    { numRuns: 400, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false },
  );
  assert.ok(stats.cases >= 50, `only ${stats.cases} in-place cases were generated`);
  // the fast path must be what is being tested: it answers most realistic pods
  assert.ok(stats.fast >= stats.answered * 0.5, `the fast path answered ${stats.fast} of ${stats.answered} pods: ${JSON.stringify([...whys])}`);
  console.log(`# ${stats.cases} in-place cases, ${stats.answered} answered, ${stats.fast} by the text splice, ${stats.next} next batches; exact path: ${JSON.stringify([...whys])}`);
});

test("kruise.patchPods: each pod answered as kruise.patchPod answers it, fast and exact alike", () => {
  fc.assert(
    fc.property(caseArb, fc.integer({ min: 2, max: 4 }), (cs, count) => {
      const s = specOf(cs);
      if (s === null) return;
      const base = podOf(s.rev, cs) as Obj & { metadata: Obj; status: { containerStatuses?: Obj[] } };
      const pods = Array.from({ length: count }, (_x, v) => {
        const p = JSON.parse(exactInts(JSON.stringify(base))) as typeof base;
        if (v > 0) p.metadata.name = `sample-v${v}`;
        for (const st of p.status.containerStatuses ?? []) if (v === 1) st.imageID = `${String(st.imageID ?? "")}-v1`;
        return p;
      });
      const req: Obj = { op: "kruise.patchPods", pods, updateSpecText: s.spec, now: cs.now };
      if (cs.patchGates) req.gates = cs.patchGates;
      if (cs.server) req.serverVersion = cs.server;
      const bl = exactInts(JSON.stringify(req));
      const fast = line(bl);
      assert.equal(fast, line(withMember(bl, "exactPath", true)), `kruise.patchPods: fast and exact paths differ for ${bl.slice(0, 1500)}`);
      const per = pods.map((p) => JSON.parse(line(patchLine({ ...cs, style: null }, p, s.spec, {}))) as Answer);
      const got = JSON.parse(fast) as Answer;
      if (per.every((a) => a.ok)) assert.deepStrictEqual(got, { ok: true, result: { results: per.map((a) => a.result) } });
      else assert.equal(got.ok, false);
    }),
    { numRuns: 120, interruptAfterTimeLimit: 40_000, markInterruptAsFailure: false },
  );
});

test("kruise.patchPod: requireFastPath and exactPath are checked booleans", () => {
  const a = JSON.parse(line({ op: "kruise.patchPod", pod: {}, updateSpec: {}, now: "2026-03-04T05:06:07Z", exactPath: "yes" })) as Answer;
  assert.equal(a.ok, false);
  assert.equal(a.error!.path, "exactPath");
});
