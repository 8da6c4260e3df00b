// Runs every benchmark and prints Markdown tables of ops/s and ratios (docs/benchmarks.md).
// Usage: node --import tsx bench/run.ts [runs] [ms-per-run]. Numbers are reported, never asserted.

import { readFileSync, existsSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { execFileSync } from "node:child_process";
import * as k from "../js/node.ts";
import { measure, fmt } from "./harness.ts";
import { benchJSON, fixtures } from "./json.ts";
import { fnv1a32 } from "./fnv-js.ts";
import { benchPatches } from "./patch.ts";

const runs = Number(process.argv[2] ?? 7);
const ms = Number(process.argv[3] ?? 200);
const wasmPath = process.env.KINPLACE_WASM ?? new URL("../build/kinplace.wasm", import.meta.url);
const wasm = readFileSync(wasmPath);
k.initSync(wasm);
const out: string[] = [];
const say = (s = "") => { out.push(s); console.log(s); };

say(`Machine: ${process.platform}/${process.arch}, Node ${process.version}, ${runs} runs × ${ms} ms, median ops/s.`);
say();

// native Go numbers from the oracle harness (encoding/json round trip, hash/fnv), when Go is here
let native: Record<string, number> = {};
try {
  const { goBench } = await import("../test/oracle/bench.ts");
  const report = goBench();
  say(`Native Go: ${report.go} ${report.goos}/${report.goarch}, ${report.cpus} CPUs.`);
  say();
  for (const r of report.results) native[r.name] = r.opsPerSec;
} catch (e) {
  say(`(native Go numbers unavailable: ${(e as Error).message.split("\n")[0]})`);
}

say("### Canonical JSON (text in → text out)");
say();
say("| fixture | case | ops/s | kinplace ratio |");
say("|---|---|---:|---:|");
const rows = benchJSON(k, runs, ms);
for (const fx of fixtures()) {
  const mine = rows.find((r) => r[0] === fx.name && r[1].startsWith("kinplace goJSONText (string"))![2];
  const list = rows.filter((r) => r[0] === fx.name);
  const goKey = `json.roundtrip.${fx.name}`;
  if (native[goKey]) list.push([fx.name, "Go encoding/json Unmarshal(interface{}) + Marshal, native", native[goKey]]);
  for (const [, name, ops] of list) {
    const ratio = name.startsWith("kinplace") ? "" : `${(mine / ops).toFixed(2)}×`;
    say(`| ${fx.name} (${(fx.bytes.length / 1024).toFixed(0)} KB) | ${name} | ${fmt(ops)} | ${ratio} |`);
  }
}
say();
say("kinplace ratio = kinplace goJSONText ops/s ÷ that row's ops/s (above 1 means kinplace is faster).");
say();

say("### FNV-1a 32");
say();
say("| input | case | MB/s | kinplace ratio |");
say("|---|---|---:|---:|");
for (const size of [1536, 1 << 20]) {
  const bytes = new Uint8Array(size).map((_, i) => (i * 131) & 255);
  if (k.fnv32a(bytes) !== fnv1a32(bytes)) throw new Error("fnv mismatch");
  const m = measure([
    { name: "kinplace fnv32a (wasm, bytes copied in)", fn: () => k.fnv32a(bytes) },
    { name: "JS FNV-1a (Math.imul loop)", fn: () => fnv1a32(bytes) },
  ], runs, ms);
  const mine = m.get("kinplace fnv32a (wasm, bytes copied in)")!;
  const label = size >= 1 << 20 ? "1 MiB" : "1.5 KB";
  for (const [name, ops] of m) say(`| ${label} | ${name} | ${fmt((ops * size) / 1e6)} | ${name.startsWith("kinplace") ? "" : (mine / ops).toFixed(2) + "×"} |`);
  const goKey = `fnv1a32.${size}`;
  if (native[goKey]) say(`| ${label} | Go hash/fnv New32a, native | ${fmt((native[goKey] * size) / 1e6)} | ${(mine / native[goKey]).toFixed(2)}× |`);
}
say();

say("### Kubernetes hashes");
say();
{
  // container hash and pod-template-hash: kinplace vs bench/ts-hash (TypeScript) vs native Go vs the FNV floor
  const { benchHash } = await import("./hash.ts");
  const { goHashBench } = await import("./hash-native.ts");
  let nat: ReturnType<typeof goHashBench> | null = null;
  try { nat = goHashBench(); } catch (e) { say(`(native Go hash numbers unavailable: ${(e as Error).message.split("\n")[0]})`); say(); }
  for (const l of benchHash(k, runs, ms, nat)) say(l);
}
say();

say("### Patches");
say();
benchPatches(k, wasm, runs, ms, say);

say("### In-place update spec and pod patches");
say();
{
  // kruise.inplaceSpec / verdict / kruise.patchPod vs fast-json-patch + Kruise's rules in JS vs Kruise's Go natively
  const { benchVerdict } = await import("./verdict-bench.ts");
  benchVerdict(k, runs, ms, say);
}

say("### Go host");
say();
{
  // the same engine embedded in the Go module (go/, wazero) vs Node vs OpenKruise's native Go, when Go is here
  const { benchGoHost } = await import("./go-host.ts");
  try {
    benchGoHost(k, runs, ms, say);
  } catch (e) {
    say(`(Go host numbers unavailable: ${(e as Error).message.split("\n")[0]})`);
    say();
  }
}

say("### Cold start and size");
say();
const times: number[] = [];
for (let i = 0; i < 21; i++) {
  const t0 = performance.now();
  const mod = new WebAssembly.Module(wasm);
  new WebAssembly.Instance(mod, { env: { abort() {} } });
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
say("| what | value |");
say("|---|---:|");
say(`| kinplace.wasm raw | ${(wasm.length / 1024).toFixed(1)} KB |`);
say(`| kinplace.wasm gzip -9 | ${(gzipSync(wasm, { level: 9 }).length / 1024).toFixed(1)} KB |`);
say(`| compile + instantiate (median of 21) | ${times[10].toFixed(2)} ms |`);
const corePath = new URL("../build/kinplace-core.wasm", import.meta.url);
if (existsSync(corePath)) {
  const core = readFileSync(corePath);
  say(`| JSON + FNV core alone (\`npm run asbuild:core\`), raw / gzip -9 | ${(core.length / 1024).toFixed(1)} KB / ${(gzipSync(core, { level: 9 }).length / 1024).toFixed(1)} KB |`);
}
say();

if (existsSync(new URL("./results.md", import.meta.url)) || process.env.BENCH_WRITE) {
  writeFileSync(new URL("./results.md", import.meta.url), out.join("\n") + "\n");
}
void execFileSync;
