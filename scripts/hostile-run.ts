// The long hostile run: `npm run hostile -- --count 100000 --seed N [--profile long|test] [--workers 2]
// [--timeout-ms 2000] [--finish-ms 2000] [--start 0] [--out FILE]`, or `--replay FILE.jsonl` to run recorded
// offenders again. A request over --timeout-ms is a hang; the watchdog kills it at --finish-ms (default: the
// timeout), so a larger --finish-ms lets slow requests end and shows what they trap or leave behind.
// Cases (test/hostile/cases.ts) run in child processes (test/hostile/worker.ts), each a long-lived engine;
// a watchdog kills a child whose request runs over the timeout (recorded as a hang), a child that dies is
// recorded as a host crash, and in both cases the case's probes run again on the fresh child. Prints the
// table of outcomes and writes every offending request to a JSONL file for replay.

import { fork, type ChildProcess } from "node:child_process";
import { appendFileSync, writeFileSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, availableParallelism } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadSeeds, seedsByOp } from "../test/hostile/corpus.ts";
import { makeCase, type Case } from "../test/hostile/cases.ts";
import { LONG_PROFILE, TEST_PROFILE } from "../test/hostile/profile.ts";
import { Tally, record } from "../test/hostile/tally.ts";
import { recordLine } from "../test/hostile/line.ts";
import { label, isBad, type Outcome } from "../test/hostile/engine.ts";
import type { CaseResult, ProbeRun } from "../test/hostile/run-case.ts";
import { parseSeed } from "../test/hostile/prng.ts";
import { buildProbes } from "../test/hostile/probes.ts";
import { loadModule } from "../test/hostile/engine.ts";
import { saveCorpus } from "../test/hostile/cache.ts";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "20000" },
    seed: { type: "string", default: "1" },
    profile: { type: "string", default: "long" },
    workers: { type: "string", default: String(Math.min(2, availableParallelism())) },
    "timeout-ms": { type: "string", default: "2000" },
    "finish-ms": { type: "string" },
    start: { type: "string", default: "0" },
    out: { type: "string" },
    replay: { type: "string" },
  },
});

const seed = parseSeed(args.seed, 1);
const profile = args.profile === "test" ? TEST_PROFILE : LONG_PROFILE;
const timeoutMs = Number(args["timeout-ms"]);
const finishMs = Math.max(timeoutMs, Number(args["finish-ms"] ?? timeoutMs));
const PROBE_TIMEOUT_MS = 30_000;
const RECYCLE_BYTES = 2 * 1024 ** 3; // a child whose wasm memory grew past this is replaced after its case (memory never shrinks)
const out = args.out ?? join(tmpdir(), `kinplace-hostile-${args.replay ? "replay" : `${profile.name}-${seed}`}.jsonl`);
writeFileSync(out, "");

/** A case to run: generated from its index, or a recorded line (replay). */
interface Job { i: number; op?: string; line?: Uint8Array }

const seeds = loadSeeds(40);
const byOp = seedsByOp(seeds);
const jobs: Job[] = [];
if (args.replay) {
  // a recorded request, or (lines too long to record) the case regenerated from its run's seed and profile
  readFileSync(args.replay, "utf8").split("\n").filter(Boolean).forEach((l, k) => {
    const r = JSON.parse(l) as { seed: number; index: number; profile: string; op: string; request: string | { base64: string } | null };
    const line = r.request !== null ? recordLine(r.request) : makeCase(r.seed, r.index, byOp, r.profile === "test" ? TEST_PROFILE : LONG_PROFILE).line;
    jobs.push({ i: k, op: r.op, line });
  });
} else {
  const start = Number(args.start);
  for (let i = start; i < start + Number(args.count); i++) jobs.push({ i });
}
const total = jobs.length;

console.log(`kinplace hostile run: ${args.replay ? `replay of ${args.replay}` : `seed ${seed}, profile ${profile.name}`}, ${total} cases, ${args.workers} workers, hang over ${timeoutMs} ms, killed at ${finishMs} ms; offenders → ${out}`);
const cacheFile = join(tmpdir(), `kinplace-hostile-corpus-${process.pid}.json`);
saveCorpus(cacheFile, seeds, buildProbes(seeds, loadModule()).probes);
const replayed = new Map<number, Job>(jobs.filter((j) => j.line).map((j) => [j.i, j]));

/** The case behind job index i (regenerated: the child generated the same bytes). */
function caseOf(i: number, begin?: Begin): Case {
  const j = replayed.get(i);
  if (j) return { index: i, op: j.op ?? "?", source: "replay", mutation: "replay", line: j.line! };
  const c = makeCase(seed, i, byOp, profile);
  return begin ? { ...c, mutation: begin.mutation } : c;
}

interface Begin { i: number; bytes: number; op: string; source: string; mutation: string }

/** One child process and the case it is on. */
interface Slot {
  child: ChildProcess;
  ready: boolean;
  job: Job | null;
  begin: Begin | null;
  outcome: Outcome | null;
  timer: NodeJS.Timeout | null;
  /** A hang / crash result waiting for its probes to run on the fresh child. */
  pending: { c: Case; outcome: Outcome } | null;
  /** The pending result's probes hung on the old child. */
  pendingProbeHang: boolean;
  stderr: string;
  killed: boolean;
}

const tally = new Tally();
const groups = new Map<string, { n: number; first: number }>();
const startTime = Date.now();
let next = 0;
let doneCount = 0;
let lastReport = 0;

/** Counts a finished case and writes it out when it offends. */
function finish(c: Case, outcome: Outcome, poisoned: ProbeRun[], fresh?: string): void {
  doneCount++;
  const full: CaseResult = { c, outcome, poisoned, ...(fresh === undefined ? {} : { fresh }) };
  if (tally.add(full)) {
    const withLine = c.line.length ? full : { ...full, c: caseOf(c.index) };
    appendFileSync(out, record(withLine, seed, profile.name) + "\n");
    const detail = outcome.kind === "hang" ? `by ${sizeMutation(c.mutation)}` : (outcome.detail ?? "").replace(/[0-9]+/g, "N").slice(0, 90);
    const key = `${c.op} | ${label(outcome)}${outcome.code && outcome.kind !== "typed" ? ` ${outcome.code}` : ""} | ${isBad(outcome) ? detail : "ok/typed"}${poisoned.length ? " | POISONED" : ""}${fresh !== undefined ? " | ORDER-DEPENDENT" : ""}`;
    const g = groups.get(key) ?? { n: 0, first: c.index };
    g.n++;
    groups.set(key, g);
  }
  if (doneCount - lastReport >= 500 || doneCount === total) {
    lastReport = doneCount;
    const bad = tally.offenders.length;
    console.log(`  ${doneCount}/${total}  ok ${tally.count("ok")}  offending ${bad}  hangs ${tally.count("hang")}  ${((Date.now() - startTime) / 1000).toFixed(0)} s`);
  }
}

const SIZE_MUTATIONS = ["big-labels", "big-array", "big-map", "long-string", "deep", "big-number", "edit-matrix", "quantity", "int-or-string", "text-deep"];

/** The mutation of a note most likely behind a hang: the first size mutation, else the first one. */
function sizeMutation(note: string): string {
  const names = note.split(" + ").map((m) => m.split(" ")[0]!);
  return names.find((n) => SIZE_MUTATIONS.includes(n)) ?? names[0]!;
}

/** Starts (or restarts) the child of a slot. */
function spawn(slot: Slot): void {
  const child = fork(new URL("../test/hostile/worker.ts", import.meta.url).pathname, [], {
    execArgv: ["--import", "tsx", "--max-old-space-size=6144"],
    env: { ...process.env, KINPLACE_HOSTILE_SEED: String(seed), KINPLACE_HOSTILE_PROFILE: profile.name, KINPLACE_HOSTILE_CACHE: cacheFile, KINPLACE_HANG_MS: String(timeoutMs) },
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  slot.child = child;
  slot.ready = false;
  slot.killed = false;
  slot.stderr = "";
  child.stderr!.on("data", (d: Buffer) => { slot.stderr = (slot.stderr + d.toString()).slice(-2000); });
  child.on("message", (m: any) => { if (slot.child === child) onMessage(slot, m); }); // a killed child's last words are dropped
  child.on("exit", (code, signal) => onExit(slot, child, code, signal));
}

/** Sends the slot its next job, or lets it go when there is none. */
function dispatch(slot: Slot): void {
  if (slot.pending) {
    slot.child.send({ t: "probes", i: slot.pending.c.index, op: slot.pending.c.op });
    return;
  }
  const job = next < jobs.length ? jobs[next++]! : null;
  slot.job = job;
  slot.begin = null;
  slot.outcome = null;
  if (!job) {
    slot.killed = true;
    slot.child.kill();
    if (slots.every((s) => s.job === null && !s.pending)) report();
    return;
  }
  if (job.line) slot.child.send({ t: "line", i: job.i, op: job.op, b64: Buffer.from(job.line).toString("base64") });
  else slot.child.send({ t: "case", i: job.i });
}

/** Kills the child of a slot and starts a fresh one. */
function restart(slot: Slot): void {
  if (slot.timer) clearTimeout(slot.timer);
  slot.timer = null;
  slot.killed = true;
  slot.child.kill("SIGKILL");
  spawn(slot);
}

/** Handles a message of a slot's child. */
function onMessage(slot: Slot, m: any): void {
  if (m.t === "ready") {
    slot.ready = true;
    dispatch(slot);
  } else if (m.t === "begin") {
    slot.begin = m;
    slot.timer = setTimeout(() => {
      const c = caseOf(m.i, m);
      slot.pending = { c, outcome: { kind: "hang", detail: `killed after ${finishMs} ms (${m.bytes} bytes)`, text: "", ms: finishMs } };
      restart(slot);
    }, finishMs);
  } else if (m.t === "bad") {
    if (slot.timer) clearTimeout(slot.timer);
    slot.outcome = { ...m.outcome, text: "" };
    slot.timer = setTimeout(() => {
      const b = slot.begin!;
      slot.pending = { c: caseOf(b.i, b), outcome: slot.outcome! };
      slot.pendingProbeHang = true;
      restart(slot);
    }, PROBE_TIMEOUT_MS);
  } else if (m.t === "done") {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    if (slot.pending) {
      const p = slot.pending;
      slot.pending = null;
      const extra: ProbeRun[] = slot.pendingProbeHang ? [{ source: "(probes)", expected: "answers", got: `no answer within ${PROBE_TIMEOUT_MS} ms` }] : [];
      slot.pendingProbeHang = false;
      finish(p.c, p.outcome, [...extra, ...m.poisoned]);
    } else {
      const b = slot.begin!;
      const outcome = m.answer === undefined ? slot.outcome! : { ...slot.outcome!, text: m.answer };
      finish({ index: b.i, op: b.op, source: b.source, mutation: b.mutation, line: new Uint8Array(0) }, outcome, m.poisoned, m.fresh);
    }
    if (m.memory > RECYCLE_BYTES) restart(slot);
    else dispatch(slot);
  }
}

/** Handles a child's exit: expected (killed by the watchdog or at the end) or a crash of the case it ran. */
function onExit(slot: Slot, child: ChildProcess, code: number | null, signal: string | null): void {
  if (slot.child !== child || slot.killed) return;
  if (slot.timer) clearTimeout(slot.timer);
  slot.timer = null;
  const b = slot.begin;
  const why = `worker died (exit ${code}, signal ${signal}): ${slot.stderr.trim().split("\n").slice(-3).join(" / ")}`;
  if (!slot.ready) {
    console.error(`a worker failed to start: ${why}`);
    process.exit(2);
  }
  if (slot.pending) {
    // died while re-running probes on a fresh child
    const p = slot.pending;
    slot.pending = null;
    finish(p.c, p.outcome, [{ source: "(probes)", expected: "answers", got: why }]);
  } else if (b && slot.outcome) {
    // died after answering, while running the probes: a host crash all the same
    const o = slot.outcome;
    slot.outcome = null;
    finish(caseOf(b.i, b), { kind: "crash", detail: `${why} (after answering ${label(o)}${o.code ? ` ${o.code}` : ""}, while running the probes)`, text: "", ms: o.ms }, []);
  } else if (b || slot.job) {
    const i = b?.i ?? slot.job!.i;
    slot.pending = { c: caseOf(i, b ?? undefined), outcome: { kind: "crash", detail: why, text: "", ms: 0 } };
  }
  spawn(slot);
}

/** Prints the final table and the groups of offending cases. */
function report(): void {
  const secs = ((Date.now() - startTime) / 1000).toFixed(0);
  console.log(`\n${tally.tried} cases in ${secs} s (seed ${seed}, profile ${profile.name})\n${tally.table(timeoutMs)}\n\noffending cases by op:\n${tally.opTable()}`);
  console.log("\noffending groups (op | outcome | message with digits as N): count, first case");
  for (const [k, g] of [...groups].sort((a, b) => b[1].n - a[1].n)) console.log(`  ${String(g.n).padStart(6)}  #${g.first}  ${k}`);
  console.log(`\noffending requests: ${out}`);
  rmSync(cacheFile, { force: true });
  process.exitCode = tally.offenders.length ? 1 : 0;
}

const slots: Slot[] = [];
for (let w = 0; w < Math.max(1, Number(args.workers)); w++) {
  const slot = { ready: false, job: null, begin: null, outcome: null, timer: null, pending: null, pendingProbeHang: false, stderr: "", killed: false } as unknown as Slot;
  slots.push(slot);
  spawn(slot);
}
