// Two engine builds side by side on the main kinplace cases of the patch benchmark (bench/patch.ts: every patch
// op, text in, on the 4 KB and 400 KB pairs): short batches of each build alternate, and the median of the
// batch-to-batch ratios is reported, so that a machine whose load drifts still shows what a change did.
// Numbers are reported, never asserted.
//
// Usage: node --import tsx bench/patch-ab.ts BEFORE.wasm AFTER.wasm [rounds] [ms-per-batch]   (ONLY=text: the cases whose
// "pair op" contains it)

import { readFileSync } from "node:fs";
import { engineFromBytesSync } from "../js/instantiate.ts";
import { patchPairs } from "./patch-pairs.ts";

const [beforePath, afterPath] = [process.argv[2]!, process.argv[3]!];
const rounds = Number(process.argv[4] ?? 41);
const ms = Number(process.argv[5] ?? 10);
const engines = { before: engineFromBytesSync(readFileSync(beforePath)), after: engineFromBytesSync(readFileSync(afterPath)) };
const enc = new TextEncoder();
const dec = new TextDecoder();

/** The answer's result member text (the patch or document), through the engine's evaluateDocs. */
function call(e: (typeof engines)["before"], line: string, a: Uint8Array, b: Uint8Array): string {
  return dec.decode(e.evaluateDocsView(line, a, b));
}

/** Ops/s with thousands separators. */
const fmt = (x: number) => (x >= 100 ? Math.round(x).toLocaleString("en-US") : x.toFixed(1));
const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[xs.length >> 1]!;

/** Ops/s of f and g (medians) and the median ratio g ÷ f over `rounds` alternating batches of about `ms` each. */
function alternate(f: () => unknown, g: () => unknown): [number, number, number] {
  let n = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) { f(); g(); }
    if (performance.now() - t0 > 2 * ms) break;
    n *= 2;
  }
  const fs: number[] = [];
  const gs: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) f();
    const t1 = performance.now();
    for (let i = 0; i < n; i++) g();
    const t2 = performance.now();
    fs.push((n * 1000) / (t1 - t0));
    gs.push((n * 1000) / (t2 - t1));
    ratios.push((t1 - t0) / (t2 - t1));
  }
  return [median(fs), median(gs), median(ratios)];
}

const rows: string[] = [];
for (const p of patchPairs()) {
  const from = enc.encode(p.fromText);
  const to = enc.encode(p.toText);
  const ops: [string, string, Uint8Array, Uint8Array][] = [];
  const result = (line: string, a: Uint8Array, b: Uint8Array) => {
    const w = JSON.parse(call(engines.after, line, a, b)) as { result: Record<string, unknown> };
    const v = Object.values(w.result)[0];
    return enc.encode(typeof v === "string" ? v : JSON.stringify(v));
  };
  if (p.ops !== "smp") {
    ops.push(["jsonpatch.diff", '{"op":"jsonpatch.diff"}', from, to]);
    ops.push(["jsonpatch.diff (whole)", '{"op":"jsonpatch.diff","lockstep":false}', from, to]);
    ops.push(["jsonpatch.apply", '{"op":"jsonpatch.apply"}', from, result('{"op":"jsonpatch.diff"}', from, to)]);
    ops.push(["mergepatch.diff", '{"op":"mergepatch.diff"}', from, to]);
    ops.push(["mergepatch.apply", '{"op":"mergepatch.apply"}', from, result('{"op":"mergepatch.diff"}', from, to)]);
  }
  if (p.ops !== "json") {
    const t = `"type":"${p.type}"`;
    ops.push(["smp.diff", `{"op":"smp.diff",${t}}`, from, to]);
    ops.push(["smp.apply", `{"op":"smp.apply",${t}}`, from, result(`{"op":"smp.diff",${t}}`, from, to)]);
  }
  for (const [name, line, a, b] of ops) {
    if (process.env.ONLY && !`${p.name} ${name}`.includes(process.env.ONLY)) continue;
    if (call(engines.before, line, a, b) !== call(engines.after, line, a, b)) throw new Error(`${p.name} ${name}: the builds answer differently`);
    const [x, y, ratio] = alternate(() => engines.before.evaluateDocsView(line, a, b), () => engines.after.evaluateDocsView(line, a, b));
    rows.push(`| ${p.name} | ${name} | ${fmt(x)} | ${fmt(y)} | ${ratio.toFixed(2)}× |`);
    console.error(rows.at(-1));
  }
}
console.log(`${rounds} alternating batches of about ${ms} ms per build; medians of ops/s and of the batch-to-batch ratio.\n`);
console.log("| pair | op (text in) | before ops/s | after ops/s | after ÷ before |");
console.log("|---|---|---:|---:|---:|");
for (const r of rows) console.log(r);
