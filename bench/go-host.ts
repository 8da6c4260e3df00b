// Benchmark: the Go host of the engine (the module in go/: kinplace.wasm on wazero, no cgo) against the same engine
// under Node, and against OpenKruise v1.9.0's own Go CalculateSpec + PatchSpecToPod run natively
// (test/oracle/cmd/bench-kruise, bench/verdict-go.ts), on the verdict benchmark's inputs (bench/verdict-fixture.ts).
// Rounds are interleaved: in each, Node times every case in this process, then the Go host's program
// (bench/go-host/main.go, built here), its Interruptible build, and Kruise's program, one run each; the tables give
// medians and the spread (min–max) over the rounds, and each ratio is the median of the per-round ratios. Node and the
// Go host are compared per CPU second of their process (user + system time: what a loaded machine takes away from
// a process does not count) and per wall-clock second; Kruise's program reports wall-clock time only. Before
// timing, the Go host's answers must be Node's bytes (SHA-256 of every answer) and Kruise's UpdateSpec and first
// pod must be the engine's. Numbers are reported, never asserted.
//
// Usage: node --import tsx bench/go-host.ts [rounds] [ms-per-run]   (KINPLACE_WASM=path picks another build for Node)

import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync, mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as kinplace from "../js/node.ts";
import type * as Kinplace from "../js/node.ts";
import { fmt } from "./harness.ts";
import { verdictInputs, checkAgainstGo } from "./verdict-bench.ts";
import { writeVerdictFixture } from "./verdict-fixture.ts";
import { goKruiseBench, type KruiseGoReport } from "./verdict-go.ts";

const HOST_DIR = fileURLToPath(new URL("./go-host/", import.meta.url));
const dec = new TextDecoder();

/** The Go host program's report. */
interface HostReport {
  go: string;
  goos: string;
  goarch: string;
  cpus: number;
  interruptible: boolean;
  compileMs: number;
  samples: Record<string, number[]>;
  cpuSamples: Record<string, number[]>;
  answers: Record<string, string>;
}

/** Builds bench/go-host into a temporary directory; returns the binary's path. */
function buildHost(dir: string): string {
  const bin = join(dir, "go-host");
  const b = spawnSync("go", ["build", "-o", bin, "."], { cwd: HOST_DIR, encoding: "utf8" });
  if (b.status !== 0) throw new Error(`go build of bench/go-host failed: ${b.stderr || b.error}`);
  return bin;
}

/** Runs the Go host program once. */
function runHost(bin: string, cases: string, ms: number, interruptible: boolean): HostReport {
  const args = ["-lines", cases, "-runs", "1", "-ms", String(ms), ...(interruptible ? ["-interruptible"] : [])];
  const r = spawnSync(bin, args, { encoding: "utf8", maxBuffer: 16 << 20 });
  if (r.status !== 0) throw new Error(`go-host failed: ${r.stderr || r.error}`);
  return JSON.parse(r.stdout) as HostReport;
}

/** Ops per wall-clock second and per CPU second of one run of `fn`: a batch of about 10 ms repeated for `ms`. */
function timeCase(fn: () => unknown, ms: number): { wall: number; cpu: number } {
  let n = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn();
    if (performance.now() - t0 > 10) break;
    n *= 2;
  }
  let ops = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let dt = 0;
  do {
    for (let i = 0; i < n; i++) fn();
    ops += n;
    dt = performance.now() - t0;
  } while (dt < ms);
  const c = process.cpuUsage(c0);
  return { wall: (ops * 1000) / dt, cpu: (ops * 1e6) / (c.user + c.system) };
}

/** Median and range of samples. */
function stats(xs: number[]): { med: number; min: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  return { med: s[Math.floor(s.length / 2)]!, min: s[0]!, max: s[s.length - 1]! };
}

/** "median (min–max)" of ops/s samples. */
function opsCell(xs: number[]): string {
  const s = stats(xs);
  return `${fmt(s.med)} (${fmt(s.min)}–${fmt(s.max)})`;
}

/** "median× (min–max)" of per-round ratios. */
function ratioCell(xs: number[]): string {
  const s = stats(xs);
  return `${s.med.toFixed(2)}× (${s.min.toFixed(2)}–${s.max.toFixed(2)})`;
}

/** Runs the comparison and writes its Markdown through `say`. */
export function benchGoHost(k: typeof Kinplace, rounds: number, ms: number, say: (s?: string) => void): void {
  const inp = verdictInputs(k);
  const { fx } = inp;
  const verdictObj = JSON.parse(dec.decode(inp.verdictLine)) as { old: unknown; new: unknown };
  const cases: { name: string; lines: Uint8Array[]; typed?: string; node: () => unknown }[] = [
    { name: "kruise.inplaceSpec of the revision pair", lines: [inp.specLine], node: () => k.evaluateLine(inp.specLine) },
    { name: "verdict of the CloneSet pair", lines: [inp.verdictLine], node: () => k.evaluateLine(inp.verdictLine) },
    {
      name: "verdict of the CloneSet pair, typed (objects in, Verdict out)", lines: [inp.verdictLine], typed: "verdict",
      node: () => k.verdict(verdictObj.old, verdictObj.new, { kubernetes: "1.32", strategy: "InPlaceIfPossible" } as never),
    },
    { name: "kruise.patchPods, 1,000 pods in one request", lines: [inp.batchLine], node: () => k.evaluateLine(inp.batchLine) },
    { name: "kruise.patchPod × 1,000", lines: inp.podLines, node: () => { for (const l of inp.podLines) k.evaluateLine(l); } },
  ];
  const dir = mkdtempSync(join(tmpdir(), "kinplace-go-host-"));
  try {
    const casesPath = join(dir, "cases.json");
    writeFileSync(casesPath, JSON.stringify({ cases: cases.map((c) => ({ name: c.name, lines: c.lines.map((l) => dec.decode(l)), typed: c.typed })) }));
    const fixturePath = join(dir, "verdict.json");
    writeVerdictFixture(fx, fixturePath);
    const bin = buildHost(dir);
    // the Go host answers Node's bytes
    const first = runHost(bin, casesPath, 1, false);
    for (const c of cases) {
      const h = createHash("sha256");
      for (const l of c.lines) { h.update(k.evaluateLine(l)); h.update("\n"); }
      if (h.digest("hex") !== first.answers[c.name]) throw new Error(`${c.name}: the Go host's answers differ from Node's`);
    }
    let kruise: KruiseGoReport | null = null;
    let kruiseNote = "";
    try {
      kruise = goKruiseBench(fixturePath, `${ms}ms`);
      checkAgainstGo(k, inp, kruise);
    } catch (e) {
      kruise = null;
      kruiseNote = `(native Kruise numbers unavailable: ${(e as Error).message.split("\n")[0]})`;
    }
    const node: Record<string, number[]> = {};
    const nodeCpu: Record<string, number[]> = {};
    const host: Record<string, number[]> = {};
    const hostCpu: Record<string, number[]> = {};
    const hostIntCpu: Record<string, number[]> = {};
    const kr: Record<string, number[]> = {};
    const push = (m: Record<string, number[]>, key: string, v: number) => (m[key] ??= []).push(v);
    const load0 = loadavg();
    for (let r = 0; r < rounds; r++) {
      for (const c of cases) {
        const t = timeCase(c.node, ms);
        push(node, c.name, t.wall);
        push(nodeCpu, c.name, t.cpu);
      }
      const h = runHost(bin, casesPath, ms, false);
      for (const c of cases) {
        push(host, c.name, h.samples[c.name]![0]!);
        push(hostCpu, c.name, h.cpuSamples[c.name]![0]!);
      }
      const hi = runHost(bin, casesPath, ms, true);
      for (const c of cases) push(hostIntCpu, c.name, hi.cpuSamples[c.name]![0]!);
      if (kruise) for (const x of goKruiseBench(fixturePath, `${ms}ms`).results) push(kr, x.name, x.opsPerSec);
    }
    const load1 = loadavg();
    const perRound = (a: number[], b: number[]) => a.map((x, i) => x / b[i]!);
    say(`Go host: ${first.go} ${first.goos}/${first.goarch}, ${first.cpus} CPUs, github.com/tetratelabs/wazero (compiler), one instance (PoolSize 1); Node ${process.version}. ${kruise ? `Native Kruise: ${kruise.go}, github.com/openkruise/kruise v1.9.0.` : kruiseNote}`);
    say(`${rounds} interleaved rounds × ${ms} ms per case; median ops/s (min–max over the rounds); ratios are medians of the per-round ratios. Load average (1, 5, 15 min): ${load0.map((x) => x.toFixed(2)).join(", ")} before, ${load1.map((x) => x.toFixed(2)).join(", ")} after. Go host answers checked to be Node's bytes.`);
    say();
    say("| case | Node ops per CPU s | Go host ops per CPU s | Go host ÷ Node (CPU) | Go host ÷ Node (wall clock) | Go host Interruptible ÷ plain (CPU) |");
    say("|---|---:|---:|---:|---:|---:|");
    for (const c of cases) {
      say(`| ${c.name} | ${opsCell(nodeCpu[c.name]!)} | ${opsCell(hostCpu[c.name]!)} | ${ratioCell(perRound(hostCpu[c.name]!, nodeCpu[c.name]!))} | ${ratioCell(perRound(host[c.name]!, node[c.name]!))} | ${ratioCell(perRound(hostIntCpu[c.name]!, hostCpu[c.name]!))} |`);
    }
    say();
    if (kruise) {
      say("| Go host case | native Kruise case | Go host ops/s (wall) | Kruise ops/s (wall) | Go host ÷ Kruise |");
      say("|---|---|---:|---:|---:|");
      const pairs: [string, string, string][] = [
        ["kruise.inplaceSpec of the revision pair", "calculateSpec", "SetOptionsDefaults + CalculateSpec, decoded revisions"],
        ["kruise.inplaceSpec of the revision pair", "calculateSpec.json", "json.Unmarshal ×2 + CalculateSpec + json.Marshal(spec)"],
        ["kruise.patchPods, 1,000 pods in one request", "patchPods", "DeepCopy + PatchSpecToPod × 1,000, decoded pods"],
        ["kruise.patchPods, 1,000 pods in one request", "patchPods.json", "json.Unmarshal + PatchSpecToPod + json.Marshal(pod, state) × 1,000"],
      ];
      for (const [mine, theirs, label] of pairs) {
        say(`| ${mine} (request bytes in, answer bytes out) | ${label} | ${opsCell(host[mine]!)} | ${opsCell(kr[theirs]!)} | ${ratioCell(perRound(host[mine]!, kr[theirs]!))} |`);
      }
      say();
    }
    say(`Go host ÷ Node above 1: the Go host is faster. Engine compile + first instance in the Go host: ${first.compileMs.toFixed(0)} ms (once per process).`);
    say();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const k = kinplace;
  k.initSync(readFileSync(process.env.KINPLACE_WASM ?? new URL("../build/kinplace.wasm", import.meta.url)));
  benchGoHost(k, Number(process.argv[2] ?? 7), Number(process.argv[3] ?? 200), (s = "") => console.log(s));
}
