// The benchmark: every row timed in this process in alternating rounds with its peers (JS libraries, the native Go
// code kinplace reproduces as a lockstep child process, the FNV-1a floor), cold starts in fresh processes; prints
// Markdown and (full run) rewrites docs/benchmarks.md and the README's performance table between their markers.
// The method is described in docs/benchmarks.md. Numbers are reported, never asserted.
//
// Usage: npm run bench [-- --quick] [-- --only json,patch] [-- --no-write | --write]
//   --quick      fewer fixtures, rounds and processes (about 2 minutes); does not rewrite the docs unless --write
//   --only LIST  sections: json, patch, hash, kruise, rollout, go-host, coldstart, pool (implies --no-write)
//   --rounds N, --batch-ms N   override the plan's rounds per row and milliseconds per batch
//   --scaling    also run the time-per-doubling table (bench/scaling.ts, several minutes) and rewrite its part of the page

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadKinplace } from "./lib/engine.ts";
import { buildGo } from "./lib/go-peer.ts";
import { busyLine, machine, watch, type Busy } from "./lib/machine.ts";
import { writeBetween } from "./lib/markers.ts";
import type { Ctx, Headline } from "./lib/section.ts";
import type { RoundPlan } from "./lib/interleave.ts";
import { fixtureTable } from "./cases/fixtures.ts";
import { jsonSection } from "./cases/json.ts";
import { patchSection } from "./cases/patch.ts";
import { hashSection } from "./cases/hash.ts";
import { kruiseSection } from "./cases/kruise.ts";
import { rolloutSection } from "./cases/rollout.ts";
import { goHostSection } from "./cases/go-host.ts";
import { coldStartSection } from "./cases/coldstart.ts";
import { poolSection } from "./cases/pool.ts";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const onlyAt = args.indexOf("--only");
const only = onlyAt >= 0 ? new Set(args[onlyAt + 1]!.split(",")) : null;
const write = !only && (args.includes("--write") || (!quick && !args.includes("--no-write")));

// Short batches and many rounds: on a shared machine a short batch is more often run without being preempted, so
// medians over many rounds stay close to what an idle machine gives (longer batches average the preemptions in).
const PLANS: Record<"full" | "quick", RoundPlan> = {
  full: { rounds: 61, minRounds: 15, batchMs: 5, warmupMs: 150, maxMs: 4000, maxCallMs: 1500 },
  quick: { rounds: 25, minRounds: 9, batchMs: 4, warmupMs: 60, maxMs: 1200, maxCallMs: 1000 },
};
/** A numeric option `--name N`, or undefined. */
const num = (name: string): number | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : undefined;
};
const plan: RoundPlan = { ...PLANS[quick ? "quick" : "full"] };
plan.rounds = num("--rounds") ?? plan.rounds;
plan.minRounds = Math.min(plan.rounds, plan.minRounds);
plan.batchMs = num("--batch-ms") ?? plan.batchMs;

const out: string[] = [];
const say = (s = "") => { out.push(s); console.log(s); };
const m = machine();
const started = new Date();
const k = await loadKinplace();
const tmp = mkdtempSync(join(tmpdir(), "kinplace-bench-"));
let goBin: string | null = null;
let goNote = "";
if (!m.go) goNote = "Go is not installed here (no `go` on PATH), so the native Go peers are not measured";
else {
  try {
    console.error("building the Go peer (test/oracle/cmd/benchpeer; cached after the first build)…");
    goBin = buildGo({ name: "benchpeer", moduleDir: fileURLToPath(new URL("../test/oracle/cmd/benchpeer/", import.meta.url)) }, m.go);
  } catch (e) {
    goNote = `the native Go peer did not build (${(e as Error).message})`;
  }
}
const headlines: Headline[] = [];
const loads: [string, Busy][] = [];
let failed = false;

const sections: [id: string, title: string, run: (ctx: Ctx) => Promise<void>][] = [
  ["json", "Go's JSON bytes and RFC 8785", jsonSection],
  ["patch", "JSON Patch diff", patchSection],
  ["hash", "Kubernetes hashes and the FNV-1a floor", hashSection],
  ["kruise", "OpenKruise in-place update", kruiseSection],
  ["rollout", "Rollout planner", rolloutSection],
  ["go-host", "The Go module (wazero) against Node", (ctx) => goHostSection(ctx, m.go)],
  ["coldstart", "Cold start and size", coldStartSection],
  ["pool", "CLI worker pool", poolSection],
];

say(`Measured ${started.toISOString().slice(0, 10)} by \`npm run bench${quick ? " -- --quick" : ""}\` on ${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB, ${m.os}; ` +
  `Node ${m.node}; ${m.go ?? "no Go"}. ${quick ? "Quick pass" : "Full run"}: up to ${plan.rounds} rounds per row (at least ${plan.minRounds}), ` +
  `batches of about ${plan.batchMs} ms per implementation and round.`);
say();
if (goNote) { say(`Native Go: ${goNote}.`); say(); }
say("### Fixtures");
say();
for (const l of fixtureTable({ quick })) say(l);
say();
say("Each diff row compares a fixture with its modified copy (bench/fixtures/edits.ts: a few values changed, a key added and one removed).");
say();

for (const [id, title, run] of sections) {
  if (only && !only.has(id)) continue;
  console.error(`section ${id}…`);
  const lines: string[] = [];
  const pids = new Set<number>();
  const ctx: Ctx = { k, quick, plan, tmp, goBin, goNote, pids, say: (s = "") => { lines.push(s); }, headline: (h) => headlines.push(h) };
  const w = watch(() => [...pids]);
  try {
    await run(ctx);
  } catch (e) {
    failed = true;
    lines.push(`**This section failed:** ${(e as Error).stack ?? e}`, "");
  }
  const busy = w.end();
  loads.push([title, busy]);
  say(`### ${title}`);
  say();
  say(`Machine during this section: ${busyLine(busy)}.`);
  say();
  for (const l of lines) say(l);
}

say("### Load");
say();
say("| section | seconds | load average (1 min) before → after | other processes' share of the CPUs |");
say("|---|---:|---:|---:|");
for (const [title, b] of loads) say(`| ${title} | ${b.seconds.toFixed(0)} | ${b.loadBefore[0]!.toFixed(2)} → ${b.loadAfter[0]!.toFixed(2)} | ${b.othersPct === null ? "—" : `${b.othersPct.toFixed(0)}%`}${b.high ? " ⚠" : ""} |`);
say();
const busySections = loads.filter(([, b]) => b.high).map(([t]) => t);
if (busySections.length) say(`⚠ Other processes were busy during: ${busySections.join(", ")}. Those numbers are noisier than an idle machine's; re-run them when it is idle.`);
else say("No section saw other processes take over 10% of the CPUs.");
say();
rmSync(tmp, { recursive: true, force: true });

let scaling: string[] | null = null;
if (args.includes("--scaling")) {
  console.error("time per doubling (bench/scaling.ts)…");
  const r = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./scaling.ts", import.meta.url))], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 24 });
  if (r.status !== 0) failed = true;
  scaling = r.stdout.trimEnd().split("\n");
  // printed, and written to its own part of docs/benchmarks.md (not the results part)
  console.log(["### Time per doubling", "", ...scaling, ""].join("\n"));
}

/** How busy other processes kept the machine, for the README: "" when no section was marked. */
function sharedNote(): string {
  if (!busySections.length) return "";
  const pcts = loads.map(([, b]) => b.othersPct).filter((x): x is number => x !== null);
  const range = pcts.length ? ` (other processes used ${Math.min(...pcts).toFixed(0)}–${Math.max(...pcts).toFixed(0)}% of the CPUs)` : "";
  return busySections.length === loads.length ? `; the machine was busy during the whole run${range}, so these ranges are wide` : `; the machine was busy during ${busySections.length} of ${loads.length} sections${range}`;
}

if (write && !failed) {
  const root = new URL("../", import.meta.url);
  writeBetween(fileURLToPath(new URL("docs/benchmarks.md", root)), "bench", out);
  const readme = [
    "| what | input | result (median, IQR of per-round ratios) |",
    "|---|---|---|",
    ...headlines.map((h) => `| ${h.what} | ${h.input} | ${h.result} |`),
    "",
    `${m.cpu}, ${m.cores} cores, Node ${m.node}, ${m.go ?? "no Go"}, ${started.toISOString().slice(0, 10)}${sharedNote()}. ` +
      "Every row, the CPU-time ratios and the method: [docs/benchmarks.md](docs/benchmarks.md).",
  ];
  writeBetween(fileURLToPath(new URL("README.md", root)), "perf", readme);
  if (scaling) writeBetween(fileURLToPath(new URL("docs/benchmarks.md", root)), "scaling", scaling);
  console.error("wrote docs/benchmarks.md and the README's performance table");
} else if (write) console.error("a section failed: the docs were not rewritten");
process.exitCode = failed ? 1 : 0;
