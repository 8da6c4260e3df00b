// kruise.patchPod / kruise.patchPods: the text splice fast path (assembly/fast/podsplice/podsplice.ts, on the
// transcoder's Go JSON of the pod or the encoded typed pod) must answer byte for byte what the exact typed
// path answers (`exactPath: true`). Realistic CloneSet revision pairs (the differential suite's generators),
// pods with several containers, env from metadata, launch priorities, resources, quirks (non-canonical
// quantities, integers beyond 2^53, managedFields, odd member order), whole API-server pods merged in,
// tricky label/annotation keys, text with whitespace, escapes and duplicate keys, a prior state (the next
// batch), gates and server versions. `requireFastPath: true` shows the fast path answers most of them.

import { test } from "node:test";
import { readFileSync } from "node:fs";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "./support/engine.ts";
import { exactInts } from "./oracle/kruise-inplace-gen.ts";
import { podCase as caseArb, podOf, specOf, patchLine, withMember, line } from "./support/kruise-cases.ts";
import { cases } from "./support/scale.ts";

type Obj = Record<string, unknown>;
type Answer = { ok: boolean; result?: Obj; error?: Obj };

const enc = new TextEncoder();
const dec = new TextDecoder();

const stats = { cases: 0, answered: 0, fast: 0, next: 0 };
const whys = new Map<string, number>();

const SPLICE_RUNS = cases(400);

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
    { numRuns: SPLICE_RUNS, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false },
  );
  assert.ok(stats.cases >= SPLICE_RUNS / 8, `only ${stats.cases} in-place cases of ${SPLICE_RUNS} were generated`);
  // the fast path must be what is being tested: it answers most realistic pods
  assert.ok(stats.fast >= stats.answered * 0.5, `the fast path answered ${stats.fast} of ${stats.answered} pods: ${JSON.stringify([...whys])}`);
  console.log(`# ${stats.cases} in-place cases, ${stats.answered} answered, ${stats.fast} by the text splice, ${stats.next} next batches; exact path: ${JSON.stringify([...whys])}`);
});

test("kruise.patchPods: each pod answered as kruise.patchPod answers it, fast and exact alike", () => {
  fc.assert(
    fc.property(caseArb, fc.integer({ min: 2, max: 5 }), (cs, count) => {
      const s = specOf(cs);
      if (s === null) return;
      const base = podOf(s.rev, cs) as Obj & { metadata: Obj; status: { containerStatuses?: Obj[] } };
      const pods = Array.from({ length: count }, (_x, v) => {
        const p = JSON.parse(exactInts(JSON.stringify(base))) as typeof base;
        if (v > 0) p.metadata.name = `sample-v${v}`;
        for (const st of p.status.containerStatuses ?? []) if (v === 1) st.imageID = `${String(st.imageID ?? "")}-v1`;
        // other reads than the pod before (the splice keeps the last plan for pods read the same)
        const cs2 = (p as unknown as { spec: { containers?: Obj[] } }).spec.containers;
        if (v === 2 && cs2 && cs2.length >= 2) [cs2[0], cs2[1]] = [cs2[1]!, cs2[0]!];
        if (v === 3) p.status.containerStatuses = (p.status.containerStatuses ?? []).slice(1);
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
    { numRuns: cases(120), interruptAfterTimeLimit: 40_000, markInterruptAsFailure: false },
  );
});

test("kruise.patchPod: requireFastPath and exactPath are checked booleans", () => {
  const a = JSON.parse(line({ op: "kruise.patchPod", pod: {}, updateSpec: {}, now: "2026-03-04T05:06:07Z", exactPath: "yes" })) as Answer;
  assert.equal(a.ok, false);
  assert.equal(a.error!.path, "exactPath");
});

// kruise.patchPods / kruise.patchPod lines are read without a tape of their pods (assembly/eval/lines/patchpods.ts):
// a validating pass finds each pod's bytes. Any line it does not prove valid (or that fails) is read again by the tape
// path, so every answer must be the tape path's: a line with `"exactPath":false` added (the pass leaves
// lines with that member alone; same options otherwise) for valid JSON, and for text that is not JSON the
// same line with another op of the same length (the syntax error comes first, offsets unchanged).
const lineBytes = (b: Uint8Array) => dec.decode(kinplace.evaluateLine(b));

/** The tape path's answer to the kruise.patchPods / kruise.patchPod line `b`. */
function tapeAnswer(b: Uint8Array): string {
  const other = Uint8Array.from(b);
  const t = dec.decode(b);
  const at = t.indexOf("\"kruise.patchPod"); // renamed to an unknown op of the same length
  if (at >= 0) other[enc.encode(t.slice(0, at)).length + 1] = 0x71;
  const syntax = JSON.parse(lineBytes(other)) as Answer;
  if (!syntax.ok && (syntax.error!.code === "E_JSON_SYNTAX" || syntax.error!.code === "E_JSON_DEPTH" || syntax.error!.code === "E_TOO_LARGE")) return lineBytes(other);
  // valid JSON: the same line with exactPath:false as its last member (before trailing whitespace)
  let end = b.length;
  while (end > 0 && (b[end - 1] === 0x20 || b[end - 1] === 0x0a || b[end - 1] === 0x09 || b[end - 1] === 0x0d)) end--;
  const extra = enc.encode(",\"exactPath\":false}");
  const ref = new Uint8Array(end - 1 + extra.length);
  ref.set(b.subarray(0, end - 1));
  ref.set(extra, end - 1);
  return lineBytes(ref);
}

/** Ways to damage or stretch the text of a kruise.patchPods line (positions inside its pods array). */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant("byte" as const), at: fc.nat({ max: 1_000_000 }), b: fc.constantFrom(0x7b, 0x7d, 0x5b, 0x5d, 0x22, 0x2c, 0x3a, 0x5c, 0x20, 0x0a, 0x01, 0x7f, 0xff, 0xc3, 0x30, 0x2d, 0x65, 0x2e, 0x74, 0x6e, 0x41) }),
  fc.record({ kind: fc.constant("cut" as const), at: fc.nat({ max: 1_000_000 }) }),
  fc.record({ kind: fc.constant("deep" as const), depth: fc.constantFrom(3, 40, 9990, 10001, 10010) }),
  fc.record({ kind: fc.constant("number" as const), text: fc.constantFrom("12345678901234567890", "-0.000000000000001e-400", "1e999", "01", "-", "1.", "1e+", "9007199254740993", "0", "-0", "1E5") }),
  fc.record({ kind: fc.constant("string" as const), text: fc.constantFrom("\"\\u00e9\\ud800x\"", "\"\\x41\"", "\"a\u2028b\"", "\"\\/\\b\\f\\n\\r\\t\\\"\"", "\"\\u12\"", "\"tab\tin\"") }),
  fc.record({ kind: fc.constant("shape" as const), text: fc.constantFrom("pretty", "podsTwice", "escapedKey", "opLast", "opTwice", "podsNotArray", "podsText", "emptyPods", "notObjects", "trailing", "trailingGarbage", "limits") }),
);

/** Applies mutation `m` to the line (text `t`; its pods as the `pods` array, or `single`: one as `pod`). */
function mutate(t: string, pods: Obj[], single: boolean, m: typeof mutation extends fc.Arbitrary<infer T> ? T : never): Uint8Array {
  const b = enc.encode(t);
  const key = single ? "\"pod\":" : "\"pods\":";
  const vs = t.indexOf(key) + key.length; // the pods value: [vs, ve)
  const ve = t.indexOf(",\"updateSpecText\"");
  const ps = vs + 1;
  const pe = ve - 1;
  const pick = (at: number) => ps + Math.floor((at / 1_000_001) * Math.max(0, pe - ps));
  const withExtra = (v: string) => {
    const p = JSON.stringify(pods[0]);
    return t.replace(p, p.slice(0, -1) + ",\"extra\":" + v + "}");
  };
  switch (m.kind) {
    case "byte": { const c = Uint8Array.from(b); c[enc.encode(t.slice(0, pick(m.at))).length] = m.b; return c; }
    case "cut": return b.subarray(0, enc.encode(t.slice(0, pick(m.at))).length);
    case "deep": return enc.encode(withExtra("[".repeat(m.depth) + "1" + "]".repeat(m.depth)));
    case "number": return enc.encode(withExtra(m.text));
    case "string": return enc.encode(withExtra(m.text));
    case "shape": {
      const req = JSON.parse(exactInts(t)) as Obj;
      switch (m.text) {
        case "pretty": return enc.encode(exactInts(JSON.stringify(req, null, 2)));
        case "podsTwice": return enc.encode(t.replace(key, key + (single ? "{}," : "[],") + key));
        case "escapedKey": return enc.encode(t.replace(key, single ? "\"p\\u006fd\":" : "\"p\\u006fds\":"));
        case "opLast": { const { op, ...rest } = req; return enc.encode(exactInts(JSON.stringify({ ...rest, op }))); }
        case "opTwice": return enc.encode(t.replace("{", "{\"op\":\"kruise.patchPod\","));
        case "podsNotArray": return enc.encode(t.slice(0, vs) + (single ? "[]" : "{}") + t.slice(ve));
        case "podsText": return enc.encode(t.replace("{", single ? "{\"podText\":\"{}\"," : "{\"podsText\":\"[]\","));
        case "emptyPods": return enc.encode(t.slice(0, vs) + (single ? "{}" : "[]") + t.slice(ve));
        case "notObjects": return enc.encode(t.slice(0, vs) + (single ? "1" : "[1,\"x\",null,[]]") + t.slice(ve));
        case "trailing": return enc.encode(t + " \n\t");
        case "trailingGarbage": return enc.encode(t + " x");
        default: return enc.encode(t.replace("{", "{\"limits\":{\"maxDepth\":4},"));
      }
    }
  }
}

test("kruise.patchPods / kruise.patchPod: lines read without a tape of their pods answer as the tape path, damaged text included", () => {
  let valid = 0;
  const kinds = new Map<string, number>();
  fc.assert(
    fc.property(caseArb, fc.integer({ min: 0, max: 3 }), mutation, (cs, count, m) => {
      const s = specOf(cs);
      if (s === null) return;
      const single = count === 0; // kruise.patchPod
      const base = podOf(s.rev, cs);
      const pods = Array.from({ length: Math.max(1, count) }, (_x, v) => ({ ...base, metadata: { ...(base.metadata as Obj), name: `p-${v}` } }));
      const req: Obj = single ? { op: "kruise.patchPod", pod: pods[0] } : { op: "kruise.patchPods", pods };
      Object.assign(req, { updateSpecText: s.spec, now: cs.now });
      if (cs.patchGates) req.gates = cs.patchGates;
      const t = exactInts(JSON.stringify(req));
      const b = mutate(t, pods, single, m);
      const got = lineBytes(b);
      assert.equal(got, tapeAnswer(b), `line and tape paths differ (${JSON.stringify(m)}) for ${dec.decode(b).slice(0, 1500)}`);
      const a = JSON.parse(got) as Answer;
      if (a.ok) valid++;
      const k = `${single ? "pod" : "pods"}:${m.kind}:${a.ok ? "ok" : String(a.error!.code)}`;
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
    }),
    { numRuns: cases(800), interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false },
  );
  assert.ok(valid >= 30, `only ${valid} damaged or stretched lines were answered`);
  console.log(`# line pass: ${JSON.stringify([...kinds].sort())}`);
});

test("kruise.patchPods: the line pass keeps the process-wide nesting limit", () => {
  const pod = { metadata: { name: "a" }, spec: { containers: [{ name: "c", image: "i" }] }, extra: [[[[[[1]]]]]] };
  const l = enc.encode(JSON.stringify({ op: "kruise.patchPods", pods: [pod], updateSpec: { containerImages: { c: "j" } }, now: "2026-03-04T05:06:07Z" }));
  try {
    for (const d of [6, 7, 8, 9, 10]) {
      kinplace.setLimits({ maxDepth: d });
      assert.equal(lineBytes(l), tapeAnswer(l), `maxDepth ${d}`);
    }
  } finally {
    kinplace.setLimits({ maxDepth: 1000000 });
  }
});

/** A fresh engine instance of the same build (its own memory: its cross-call memo starts empty). */
function freshEngine(): (l: string) => string {
  const e = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(process.env.KINPLACE_WASM ?? new URL("../build/kinplace.wasm", import.meta.url))), { env: { abort: () => { throw new Error("engine abort"); } } }).exports as unknown as {
    memory: WebAssembly.Memory; input(n: number): number; evaluate(n: number): number; output(): number;
  };
  return (l: string) => {
    const b = enc.encode(l);
    const p = e.input(b.length);
    new Uint8Array(e.memory.buffer, p, b.length).set(b);
    const n = e.evaluate(b.length);
    return dec.decode(new Uint8Array(e.memory.buffer, e.output(), n));
  };
}

test("kruise.patchPod: the cross-call UpdateSpec / plan memo answers as a cold engine and the exact path", () => {
  // a pool of in-place specs with their pods (the memo's hits come from repeating them)
  const pool: { spec: string; pod: Obj }[] = [];
  for (const cs of fc.sample(caseArb, { numRuns: cases(200), seed: 4242 })) {
    if (pool.length >= 4) break;
    const s = specOf(cs);
    if (s !== null && !pool.some((p) => p.spec === s.spec)) pool.push({ spec: s.spec, pod: podOf(s.rev, { ...cs, wild: null, tailStrings: null }) });
  }
  assert.ok(pool.length >= 3, `only ${pool.length} in-place specs`);
  const first = JSON.parse(line({ op: "kruise.patchPod", pod: pool[0]!.pod, updateSpecText: pool[0]!.spec, now: "2026-03-04T05:06:07Z" })) as Answer;
  assert.ok(first.ok, JSON.stringify(first.error));
  const specs: (string | Obj | { both: string } | { text: string })[] = [
    ...pool.map((p) => p.spec),
    ...pool.map((p) => JSON.parse(p.spec) as Obj),
    JSON.stringify(JSON.parse(pool[0]!.spec), null, 1), // same spec, other bytes
    { text: "{\"revision\":" }, { text: "[1]" }, { text: "{\"revision\":\"r\",\"metaDataPatch\":\"!!\"}" }, { containerImages: 5 }, { both: pool[1]!.spec },
    { revision: "r-res", containerImages: { app: "img:2" }, containerResources: { app: { limits: { cpu: "2" } } } },
  ];
  const pods: (Obj | string)[] = [...pool.map((p) => p.pod), "{\"metadata\":", { spec: { containers: 3 } }];
  const step = fc.record({
    // mostly valid (and so repeated) inputs, now and then a malformed one
    spec: fc.oneof({ weight: 5, arbitrary: fc.nat(2 * pool.length) }, { weight: 1, arbitrary: fc.nat(specs.length - 1) }),
    pod: fc.oneof({ weight: 8, arbitrary: fc.nat(pool.length - 1) }, { weight: 1, arbitrary: fc.nat(pods.length - 1) }),
    now: fc.constantFrom("2026-03-04T05:06:07Z", "2026-03-04T05:06:07Z", "2026-03-04T05:06:08Z", "2026-03-04T05:06:08Z", "bad"),
    state: fc.constantFrom(undefined, undefined, undefined, first.result!.state as string, first.result!.state as string, "{\"revision\":5}"),
    gates: fc.constantFrom(undefined, undefined, undefined, { InPlaceUpdateEnvFromMetadata: false }, { KruiseDaemon: false }, { InPlaceWorkloadVerticalScaling: true }),
    kruise: fc.constantFrom(undefined, undefined, undefined, undefined, "1.8", "1.8", "1.7", "1.4"),
    server: fc.constantFrom(undefined, undefined, "1.30"),
    limits: fc.constantFrom(undefined, undefined, undefined, undefined, undefined, undefined, { maxDepth: 3 }),
  });
  const reqOf = (s: typeof step extends fc.Arbitrary<infer T> ? T : never): string => {
    const req: Obj = { op: "kruise.patchPod", now: s.now };
    const p = pods[s.pod]!;
    if (typeof p === "string") req.podText = p; else req.pod = p;
    const sp = specs[s.spec]!;
    if (typeof sp === "string") req.updateSpecText = sp;
    else if ("both" in sp) { req.updateSpecText = sp.both; req.updateSpec = JSON.parse(sp.both as string); }
    else if ("text" in sp) req.updateSpecText = sp.text;
    else req.updateSpec = sp;
    if (s.state !== undefined) req.stateText = s.state;
    if (s.gates) req.gates = s.gates;
    if (s.kruise) req.kruise = s.kruise;
    if (s.server) req.serverVersion = s.server;
    if (s.limits) req.limits = s.limits;
    return exactInts(JSON.stringify(req));
  };
  let flushes = 0;
  /** The engine's answer to `l` with its memo holding some other spec and plan. */
  const cold = (l: string): string => {
    const f = JSON.parse(line({ op: "kruise.patchPod", pod: { metadata: { name: "flush" } }, updateSpecText: JSON.stringify({ revision: `flush-${flushes++}` }), now: "2026-03-04T05:06:07Z" })) as Answer;
    assert.ok(f.ok, JSON.stringify(f.error));
    return line(l);
  };
  let oks = 0;
  let total = 0;
  fc.assert(
    fc.property(fc.array(step, { minLength: 4, maxLength: 24 }), fc.array(fc.nat(3), { minLength: 4, maxLength: 24 }), (steps, repeats) => {
      const warm = freshEngine();
      steps.forEach((s, i) => {
        const l = reqOf(s);
        for (let r = 0; r <= (repeats[i] ?? 0); r++) {
          const got = warm(l);
          assert.equal(got, cold(l), `memo answer differs from a cold engine for ${l.slice(0, 600)}`);
          assert.equal(got, line(withMember(l, "exactPath", true)), `memo answer differs from the exact path for ${l.slice(0, 600)}`);
          total++;
          if ((JSON.parse(got) as Answer).ok) oks++;
        }
      });
    }),
    { numRuns: cases(150), interruptAfterTimeLimit: 40_000, markInterruptAsFailure: false },
  );
  assert.ok(oks >= total * 0.2, `only ${oks} of ${total} calls answered`);
  console.log(`# memo sequences: ${total} calls, ${oks} answered`);
});
