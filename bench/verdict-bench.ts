// Benchmark: the in-place decision on a realistic 3-container CloneSet revision pair
// (bench/verdict-fixture.ts) and 1,000 pods' worth of pod patches, timed in one process against
//  - JS: fast-json-patch `compare` plus Kruise's rules written in JS (bench/js-kruise/), objects in;
//  - OpenKruise v1.9.0's own Go `CalculateSpec` + `PatchSpecToPod` run natively (test/oracle/cmd/bench-kruise,
//    built by bench/verdict-go.ts), with and without the JSON decode/encode around them.
// Before timing, every path must give the same answers: the UpdateSpec bytes (engine = JS = Go), the
// patched pods (engine = JS for all 1,000, engine = Go byte for byte on the first) and the state annotation.
// Numbers are reported, never asserted.
//
// Usage: node --import tsx bench/verdict-bench.ts [runs] [ms-per-run]   (KINPLACE_WASM=path picks another build)

import { readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import * as kinplace from "../js/node.ts";
import type * as Kinplace from "../js/node.ts";
import { measure, fmt } from "./harness.ts";
import { verdictFixture, writeVerdictFixture, type VerdictFixture } from "./verdict-fixture.ts";
import { goKruiseBench, type KruiseGoReport } from "./verdict-go.ts";
import { calculateInPlaceUpdateSpec, updateSpecJSON, type UpdateSpec } from "./js-kruise/calculate.ts";
import { newState, patchUpdateSpecToPod } from "./js-kruise/patch-pod.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** The engine's answer to a request line, parsed; throws on an error answer. */
function answer(k: typeof Kinplace, line: Uint8Array): { [key: string]: unknown } {
  const a = JSON.parse(dec.decode(k.evaluateLine(line))) as { ok: boolean; result: { [key: string]: unknown }; error?: unknown };
  if (!a.ok) throw new Error(`engine error: ${JSON.stringify(a.error)}`);
  return a.result;
}

/** The request lines and answers the timed cases use, checked against the JS port (and Go when given). */
export interface VerdictInputs {
  fx: VerdictFixture;
  specLine: Uint8Array;
  verdictLine: Uint8Array;
  podLines: Uint8Array[];
  /** One kruise.patchPods request for all the pods. */
  batchLine: Uint8Array;
  specText: string;
  jsSpec: UpdateSpec;
}

/** Builds the inputs and checks that the engine and the JS port agree on all of them (throws if not). */
export function verdictInputs(k: typeof Kinplace, pods = 1000): VerdictInputs {
  const fx = verdictFixture(k, pods);
  const specLine = enc.encode(JSON.stringify({ op: "kruise.inplaceSpec", oldRevision: fx.oldRevision, newRevision: fx.newRevision }));
  const verdictLine = enc.encode(JSON.stringify({ op: "verdict", old: fx.oldCloneSet, new: fx.newCloneSet, kubernetes: "1.32", strategy: "InPlaceIfPossible" }));
  const spec = answer(k, specLine);
  const jsSpec = calculateInPlaceUpdateSpec(fx.oldRevision, fx.newRevision);
  if (!spec.inPlace || jsSpec === null) throw new Error("the fixture pair is not in-place (engine or JS)");
  const specText = spec.updateSpec as string;
  if (updateSpecJSON(jsSpec) !== specText) throw new Error(`UpdateSpec: JS ${updateSpecJSON(jsSpec)} != engine ${specText}`);
  const podLines = fx.pods.map((p) => enc.encode(JSON.stringify({ op: "kruise.patchPod", pod: p, updateSpecText: specText, now: fx.now })));
  for (let i = 0; i < fx.pods.length; i++) {
    const r = answer(k, podLines[i]!);
    const state = newState(jsSpec, fx.now);
    const jsPod = patchUpdateSpecToPod(fx.pods[i]!, jsSpec, state, fx.now);
    const pod = JSON.parse(r.pod as string) as { metadata: { annotations: Record<string, string> } };
    const key = "apps.kruise.io/inplace-update-state";
    if (pod.metadata.annotations[key] !== (jsPod.metadata as typeof pod.metadata).annotations[key] || r.state !== pod.metadata.annotations[key]) {
      throw new Error(`pod ${i}: state annotation differs: engine ${pod.metadata.annotations[key]} JS ${(jsPod.metadata as typeof pod.metadata).annotations[key]}`);
    }
    if (!isDeepStrictEqual(pod, jsPod)) throw new Error(`pod ${i}: the patched pod differs between the engine and JS`);
  }
  const batchLine = enc.encode(JSON.stringify({ op: "kruise.patchPods", pods: fx.pods, updateSpecText: specText, now: fx.now }));
  const results = answer(k, batchLine).results as unknown[];
  for (let i = 0; i < fx.pods.length; i++) {
    if (!isDeepStrictEqual(results[i], answer(k, podLines[i]!))) throw new Error(`pod ${i}: kruise.patchPods differs from kruise.patchPod`);
  }
  return { fx, specLine, verdictLine, podLines, batchLine, specText, jsSpec };
}

/** Checks the engine's answers against Kruise's own (the Go program's report); throws if they differ. */
export function checkAgainstGo(k: typeof Kinplace, inp: VerdictInputs, go: KruiseGoReport): void {
  if (go.updateSpec !== inp.specText) throw new Error(`UpdateSpec: Go ${go.updateSpec} != engine ${inp.specText}`);
  const pod = answer(k, inp.podLines[0]!).pod as string;
  if (pod !== go.firstPod) throw new Error(`first pod: Go ${go.firstPod.slice(0, 200)}... != engine ${pod.slice(0, 200)}...`);
}

/** Runs the verdict benchmark and writes its Markdown through `say`. */
export function benchVerdict(k: typeof Kinplace, runs: number, ms: number, say: (s?: string) => void): void {
  const inp = verdictInputs(k);
  const { fx } = inp;
  let go: KruiseGoReport | null = null;
  let goNote = "";
  try {
    const path = join(tmpdir(), `kinplace-verdict-${process.pid}.json`);
    writeVerdictFixture(fx, path);
    try { go = goKruiseBench(path); } finally { rmSync(path, { force: true }); } // 6 MB of scratch
    checkAgainstGo(k, inp, go);
    goNote = `Native Go: ${go.go} ${go.goos}/${go.goarch}, ${go.cpus} CPUs, github.com/openkruise/kruise v1.9.0 pkg/util/inplaceupdate (same answers: UpdateSpec and first patched pod byte for byte).`;
  } catch (e) {
    goNote = `(native Go numbers unavailable: ${(e as Error).message.split("\n")[0]})`;
  }
  let verdictOk = true;
  try { answer(k, inp.verdictLine); } catch { verdictOk = false; }

  const oldRev = fx.oldRevision;
  const newRev = fx.newRevision;
  const specReq = { op: "kruise.inplaceSpec", oldRevision: oldRev, newRevision: newRev };
  const verdictObj = JSON.parse(dec.decode(inp.verdictLine)) as { old: unknown; new: unknown };
  const specObj = JSON.parse(inp.specText) as unknown;
  const oldText = JSON.stringify(oldRev);
  const newText = JSON.stringify(newRev);
  const podTexts = fx.pods.map((p) => JSON.stringify(p));
  const load0 = loadavg();
  const calc = measure([
    { name: "kinplace kruise.inplaceSpec (request bytes in, answer bytes out)", fn: () => k.evaluateLine(inp.specLine) },
    { name: "kinplace kruise.inplaceSpec (objects in, evaluate)", fn: () => k.evaluate(specReq as never) },
    ...(verdictOk ? [
      { name: "kinplace verdict (request bytes in; also reasons, JSON/merge/strategic patches, pod patch)", fn: () => k.evaluateLine(inp.verdictLine) },
      { name: "kinplace verdict (objects in, k.verdict)", fn: () => k.verdict(verdictObj.old, verdictObj.new, { kubernetes: "1.32", strategy: "InPlaceIfPossible" } as never) },
    ] : []),
    { name: "JS fast-json-patch compare + Kruise rules (objects in, UpdateSpec JSON out)", fn: () => updateSpecJSON(calculateInPlaceUpdateSpec(oldRev, newRev)!) },
    { name: "JS JSON.parse ×2 + compare + Kruise rules (text in, UpdateSpec JSON out)", fn: () => updateSpecJSON(calculateInPlaceUpdateSpec(JSON.parse(oldText) as never, JSON.parse(newText) as never)!) },
  ], runs, ms);
  const pods = measure([
    { name: "kinplace kruise.patchPod × 1,000 (request bytes in, answer bytes out)", fn: () => { for (const l of inp.podLines) k.evaluateLine(l); } },
    { name: "kinplace kruise.patchPod × 1,000 (objects in, evaluate)", fn: () => { for (const p of fx.pods) k.evaluate({ op: "kruise.patchPod", pod: p, updateSpec: specObj, now: fx.now } as never); } },
    { name: "kinplace kruise.patchPods, 1,000 pods in one request (request bytes in, answer bytes out)", fn: () => k.evaluateLine(inp.batchLine) },
    { name: "JS Kruise rules × 1,000 (objects in, patched pod objects out)", fn: () => { for (const p of fx.pods) patchUpdateSpecToPod(p, inp.jsSpec, newState(inp.jsSpec, fx.now), fx.now); } },
    { name: "JS JSON.parse + Kruise rules + JSON.stringify × 1,000 (text in, text out)", fn: () => { for (const t of podTexts) JSON.stringify(patchUpdateSpecToPod(JSON.parse(t) as never, inp.jsSpec, newState(inp.jsSpec, fx.now), fx.now)); } },
  ], Math.max(3, Math.ceil(runs / 2)), ms * 2);
  const load1 = loadavg();

  say(goNote);
  say();
  say(`Inputs: bench/verdict-fixture.ts (3 containers, two image bumps, a label read through the downward API by two containers, one annotation; revisions ${((inp.specLine.length) / 1024).toFixed(1)} KB as one request; pods ≈ ${(inp.podLines[0]!.length / 1024).toFixed(1)} KB each). All paths checked to give the same UpdateSpec and patched pods before timing.`);
  say(`Load average (1, 5, 15 min): ${load0.map((x) => x.toFixed(2)).join(", ")} before, ${load1.map((x) => x.toFixed(2)).join(", ")} after. ${runs} interleaved runs; median ops/s.`);
  say();
  const goRow = (name: string) => go?.results.find((r) => r.name === name);
  /** A table with one ratio column per kinplace reference row (`mineNames`, headed by `heads`). */
  const table = (title: string, rows: Map<string, number>, mineNames: string[], goRows: [string, string][], heads = ["kinplace ratio"]) => {
    const mine = mineNames.map((n) => rows.get(n)!);
    const ratios = (ops: number, isMine: boolean) => mine.map((m) => (isMine ? "" : (m / ops).toFixed(2) + "×")).join(" | ");
    say(`| ${title} | ops/s | µs/op | ${heads.join(" | ")} |`);
    say(`|---|---:|---:|${heads.map(() => "---:|").join("")}`);
    for (const [name, ops] of rows) say(`| ${name} | ${fmt(ops)} | ${fmt(1e6 / ops)} | ${ratios(ops, name.startsWith("kinplace"))} |`);
    for (const [name, label] of goRows) {
      const r = goRow(name);
      if (r) say(`| ${label} | ${fmt(r.opsPerSec)} | ${fmt(r.nsPerOp / 1000)} | ${ratios(r.opsPerSec, false)} |`);
    }
    say();
  };
  table("in-place spec of the revision pair", calc, ["kinplace kruise.inplaceSpec (request bytes in, answer bytes out)"], [
    ["calculateSpec", "Go Kruise SetOptionsDefaults + CalculateSpec, decoded revisions, native"],
    ["calculateSpec.json", "Go json.Unmarshal ×2 + CalculateSpec + json.Marshal(spec), native"],
  ]);
  table("1,000 pods' pod patches", pods, ["kinplace kruise.patchPods, 1,000 pods in one request (request bytes in, answer bytes out)", "kinplace kruise.patchPod × 1,000 (request bytes in, answer bytes out)"], [
    ["patchPods", "Go Kruise DeepCopy + PatchSpecToPod × 1,000, decoded pods, native"],
    ["patchPods.json", "Go json.Unmarshal + PatchSpecToPod + json.Marshal(pod, state) × 1,000, native"],
  ], ["kinplace ratio (patchPods)", "kinplace ratio (patchPod per pod)"]);
  say("kinplace ratio = the named kinplace row's ops/s ÷ that row's ops/s (above 1: kinplace is faster); in the spec table, the first kinplace row. The `verdict` rows do more than the spec: stored-object decode of both CloneSets, the whole-object diff, every reason, three template patches and the pod patch.");
  say();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const k = kinplace;
  k.initSync(readFileSync(process.env.KINPLACE_WASM ?? new URL("../build/kinplace.wasm", import.meta.url)));
  console.log(execFileSync("uptime", { encoding: "utf8" }).trim());
  benchVerdict(k, Number(process.argv[2] ?? 7), Number(process.argv[3] ?? 200), (s = "") => console.log(s));
}
