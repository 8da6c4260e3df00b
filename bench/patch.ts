// Benchmark: JSON Patch diff (appscode and minimal flavors) and apply, merge patch and strategic
// merge patch diff and apply, on a 4 KB Deployment pair and 400 KB pairs (bench/patch-pairs.ts), against
// fast-json-patch, rfc6902 and the Go libraries run natively (bench/patch-go.ts), plus the memory each
// op uses on the large pairs. Numbers are reported, never asserted.
//
// Usage: node --import tsx bench/patch.ts [runs] [ms-per-run]   (KINPLACE_WASM=path picks another build)
// bench/run.ts (npm run bench) runs it as part of the whole benchmark.

import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadavg } from "node:os";
import type * as Kinplace from "../js/node.ts";
import { engineFromBytesSync } from "../js/instantiate.ts";
import { measure, fmt } from "./harness.ts";
import { patchPairs } from "./patch-pairs.ts";
import { patchCases } from "./patch-cases.ts";
import { goPatchBench } from "./patch-go.ts";

/** A case slower than this (ms per call) is timed once instead of in runs. */
const SLOW_MS = 500;

/** Runs the patch benchmark and writes its Markdown through `say`. */
export function benchPatches(k: typeof Kinplace, wasm: Uint8Array, runs: number, ms: number, say: (s?: string) => void): void {
  let native = new Map<string, { ops: number; bytes: number }>();
  let goLine = "";
  try {
    const report = goPatchBench();
    goLine = `Native Go: ${report.go} ${report.goos}/${report.goarch} (github.com/appscode/jsonpatch v1.0.1, gopkg.in/evanphx/json-patch.v4 v4.13.0, k8s.io/apimachinery v0.37.2 strategicpatch).`;
    native = new Map(report.results.map((r) => [r.name, { ops: r.opsPerSec, bytes: r.allocBytesPerOp }]));
  } catch (e) {
    goLine = `(native Go numbers unavailable: ${(e as Error).message.split("\n")[0]})`;
  }
  say(goLine);
  say();
  say(`Load average when the patch cases ran: ${loadavg().map((x) => x.toFixed(2)).join(", ")} (1, 5, 15 min). Ratios compare cases timed in the same runs.`);
  say();
  const pairs = patchPairs();
  const tables = new Map<string, string[]>();
  for (const p of pairs) {
    for (const oc of patchCases(k, p)) {
      const slow = new Map<string, number>();
      const timed = oc.cases.filter((c) => {
        const t0 = performance.now();
        c.fn();
        const dt = performance.now() - t0;
        if (dt > SLOW_MS) slow.set(c.name, 1000 / dt);
        return dt <= SLOW_MS;
      });
      const m = measure(timed, runs, ms);
      for (const [name, ops] of slow) m.set(name, ops);
      const rows = tables.get(oc.op) ?? [];
      const size = `${p.name} (${((p.fromText.length + p.toText.length) / 2048).toFixed(0)} KB)`;
      const main = m.get(oc.main)!;
      const mainValues = m.get(oc.mainValues)!;
      for (const c of oc.cases) {
        const ops = m.get(c.name)!;
        const mine = c.name.startsWith("kinplace");
        const ratio = mine ? "" : `${((c.input === "text" ? main : mainValues) / ops).toFixed(2)}×`;
        rows.push(`| ${size} | ${c.name}${slow.has(c.name) ? " (one call)" : ""} | ${fmt(ops)} | ${ratio} |`);
      }
      const go = native.get(oc.go);
      if (go) rows.push(`| ${size} | Go, native (bytes in) | ${fmt(go.ops)} | ${(main / go.ops).toFixed(2)}× |`);
      tables.set(oc.op, rows);
    }
  }
  for (const [op, rows] of tables) {
    say(`#### ${op}`);
    say();
    say("| pair | case | ops/s | kinplace ratio |");
    say("|---|---|---:|---:|");
    for (const r of rows) say(r);
    say();
  }
  say("kinplace ratio = the kinplace row with the same kind of input (text, or parsed JS values) ÷ that row's ops/s; " +
    "Go rows are compared with kinplace text in (above 1 means kinplace is faster). Text in = the documents as JSON text " +
    "(a string), passed to the engine as bytes through the `evaluateDocs` export and the patch text read back, transfer included.");
  say();
  memoryTable(k, wasm, native, say);
}

/** The memory used by one call on the large pairs: wasm linear memory (fresh instance), JS heap allocated, Go bytes allocated. */
function memoryTable(k: typeof Kinplace, wasm: Uint8Array, native: Map<string, { ops: number; bytes: number }>, say: (s?: string) => void): void {
  const pairs = patchPairs().filter((p) => p.name !== "4k");
  say("#### Memory of one call on the 400 KB pairs");
  say();
  say("| pair | op | kinplace wasm memory (high-water, whole module) | fast-json-patch JS heap allocated | Go bytes allocated |");
  say("|---|---|---:|---:|---:|");
  const js = jsMemory();
  const mb = (n: number | undefined) => (n === undefined ? "—" : `${(n / 1048576).toFixed(1)} MB`);
  const baseline = engineFromBytesSync(wasm).exports.memory.buffer.byteLength;
  for (const p of pairs) {
    for (const oc of patchCases(k, p)) {
      const e = engineFromBytesSync(wasm);
      // the same call on a fresh instance, so linear memory shows this call's high-water mark alone
      const line = mainRequest(oc.op, p.type);
      const docs = mainDocs(k, oc.op, p);
      e.evaluateDocsView(line, docs[0], docs[1]);
      const used = e.exports.memory.buffer.byteLength;
      say(`| ${p.name} (${(p.fromText.length / 1024).toFixed(0)} KB + ${(p.toText.length / 1024).toFixed(0)} KB) | ${oc.op} | ${mb(used)} (${mb(used - baseline)} over the empty module) | ${mb(js[`${oc.op}|${p.name}`])} | ${mb(native.get(oc.go)?.bytes)} |`);
    }
  }
  say();
  say("Wasm memory never shrinks: it is the largest call's arena (input, both parsed tapes, output) plus the module's data. " +
    "JS heap allocated = heap growth during one call with garbage collection held off (JSON.parse of both documents + compare/apply).");
  say();
}

/** The request line (without documents) of an op's main kinplace case. */
function mainRequest(op: string, type: string): string {
  switch (op) {
    case "JSON Patch diff": return '{"op":"jsonpatch.diff"}';
    case "JSON Patch apply": return '{"op":"jsonpatch.apply"}';
    case "JSON Merge Patch diff": return '{"op":"mergepatch.diff"}';
    case "JSON Merge Patch apply": return '{"op":"mergepatch.apply"}';
    case "Strategic merge patch diff": return `{"op":"smp.diff","type":"${type}"}`;
    default: return `{"op":"smp.apply","type":"${type}"}`;
  }
}

/** The two documents of an op's main kinplace case. */
function mainDocs(k: typeof Kinplace, op: string, p: ReturnType<typeof patchPairs>[number]): [string, string] {
  switch (op) {
    case "JSON Patch apply": return [p.fromText, k.jsonPatchDiffText(p.fromText, p.toText)];
    case "JSON Merge Patch apply": return [p.fromText, k.mergePatchDiffText(p.fromText, p.toText)];
    case "Strategic merge patch apply": return [p.fromText, k.strategicMergePatchDiffText(p.fromText, p.toText, { type: p.type as never })];
    default: return [p.fromText, p.toText];
  }
}

/** JS heap allocated by one fast-json-patch call per (op, pair), measured in a child process (bench/patch-memory.ts). */
function jsMemory(): Record<string, number> {
  const script = fileURLToPath(new URL("./patch-memory.ts", import.meta.url));
  const r = spawnSync(process.execPath, ["--max-semi-space-size=1024", "--expose-gc", "--import", "tsx", script], { encoding: "utf8" });
  if (r.status !== 0) return {};
  return JSON.parse(r.stdout) as Record<string, number>;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const k = await import("../js/node.ts");
  const wasm = readFileSync(process.env.KINPLACE_WASM ?? new URL("../build/kinplace.wasm", import.meta.url));
  k.initSync(wasm);
  const runs = Number(process.argv[2] ?? 5);
  const ms = Number(process.argv[3] ?? 200);
  console.log(`Node ${process.version}, ${process.platform}/${process.arch}, ${runs} runs × ${ms} ms, median ops/s.\n`);
  benchPatches(k, wasm, runs, ms, (s = "") => console.log(s));
}
