// The child process of scripts/hostile-run.ts: one long-lived engine that runs cases on request and reports
// each step, so the parent's watchdog can kill it on a hang and the parent survives the engine dying.
//
// Messages in:  {t:"case", i} (generate case i), {t:"line", i, op, b64} (a given line), {t:"probes", i, op} (probes only).
// Messages out: {t:"ready", probes}, {t:"begin", i, bytes, op, source, mutation}, {t:"bad", i, outcome},
//               {t:"done", i, poisoned, fresh?, answer?, memory} (fresh: a fresh engine's different answer).

import { loadSeeds, seedsByOp } from "./corpus.ts";
import { buildProbes, pickProbes } from "./probes.ts";
import { loadModule, freshEngine, run, answerText, HANG_MS } from "./engine.ts";
import { makeCase, type Case } from "./cases.ts";
import { runProbes } from "./run-case.ts";
import { LONG_PROFILE, TEST_PROFILE } from "./profile.ts";
import { Rng } from "./prng.ts";
import { loadCorpus } from "./cache.ts";

const seed = Number(process.env.KINPLACE_HOSTILE_SEED ?? 1) >>> 0;
const profile = process.env.KINPLACE_HOSTILE_PROFILE === "test" ? TEST_PROFILE : LONG_PROFILE;
const module = loadModule();
const cache = process.env.KINPLACE_HOSTILE_CACHE;
const { seeds, probes } = cache ? loadCorpus(cache) : withProbes(loadSeeds(40));
const byOp = seedsByOp(seeds);
const engine = freshEngine(module);

/** Seeds and their probes, without a cache. */
function withProbes(s: ReturnType<typeof loadSeeds>) {
  return { seeds: s, probes: buildProbes(s, module).probes };
}

type Msg = { t: "case"; i: number } | { t: "line"; i: number; op: string; b64: string } | { t: "probes"; i: number; op: string };

/** Sends a message to the parent. */
function send(m: object): void {
  process.send!(m);
}

/** The probes of case i (the same two the in-process test picks). */
function probesOf(i: number, op: string) {
  return pickProbes(Rng.forCase(seed ^ 0x5bd1e995, i), op, probes);
}

/** Runs a case and its probes, reporting each step. */
function runOne(c: Case): void {
  send({ t: "begin", i: c.index, bytes: c.line.length, op: c.op, source: c.source, mutation: c.mutation.slice(0, 2000) });
  const o = run(engine, c.line);
  send({ t: "bad", i: c.index, outcome: { kind: o.kind, code: o.code, detail: o.detail?.slice(0, 2000), ms: o.ms } });
  // the same request on a fresh engine (quick ones only): a different answer depends on earlier requests
  const f = o.ms < HANG_MS / 4 ? answerText(freshEngine(module), c.line) : o.text;
  const order = f === o.text ? {} : { fresh: f.slice(0, 4000), answer: o.text.slice(0, 4000) };
  const poisoned = runProbes(engine, probesOf(c.index, c.op)).map((p) => ({ source: p.source, expected: p.expected.slice(0, 4000), got: p.got.slice(0, 4000) }));
  send({ t: "done", i: c.index, poisoned, ...order, memory: engine.exports.memory.buffer.byteLength });
}

process.on("message", (m: Msg) => {
  if (m.t === "case") runOne(makeCase(seed, m.i, byOp, profile));
  else if (m.t === "line") runOne({ index: m.i, op: m.op, source: "replay", mutation: "replay", line: new Uint8Array(Buffer.from(m.b64, "base64")) });
  else {
    const poisoned = runProbes(engine, probesOf(m.i, m.op)).map((p) => ({ source: p.source, expected: p.expected.slice(0, 4000), got: p.got.slice(0, 4000) }));
    send({ t: "done", i: m.i, poisoned, memory: engine.exports.memory.buffer.byteLength });
  }
});

send({ t: "ready", probes: probes.length });
