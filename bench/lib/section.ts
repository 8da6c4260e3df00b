// What every benchmark section gets (the engine, the timing plan, the Go peer, where to write) and how it prints
// its rows: one Markdown table per section, a row per implementation, with the time per call (median and
// half the interquartile range) and the per-round ratio to the kinplace row of its group.

import type { Kinplace } from "./engine.ts";
import { interleave, perRoundRatio, type Contender, type RoundPlan, type RowTiming } from "./interleave.ts";
import { GoPeer } from "./go-peer.ts";
import { durationCell, ratioCell, type Summary } from "./stats.ts";

/** A line of the README's short table: what, on which input, and the result with its spread. */
export interface Headline {
  what: string;
  input: string;
  result: string;
}

/** The context of a section. */
export interface Ctx {
  k: Kinplace;
  quick: boolean;
  plan: RoundPlan;
  /** A scratch directory (removed at the end). */
  tmp: string;
  /** The native Go peer's binary (test/oracle/cmd/benchpeer), or null with `goNote` saying why. */
  goBin: string | null;
  goNote: string;
  /** Pids of live children whose CPU time counts as this benchmark's. */
  pids: Set<number>;
  say(line?: string): void;
  headline(h: Headline): void;
}

/** A group of contenders timed together; `baseline` is the id of the kinplace contender the ratios divide by. */
export interface Group {
  label: string;
  baseline: string;
  contenders: Contender[];
  /** Notes printed under the table (answers that differ, peers that are missing). */
  notes?: string[];
}

/** A timed group. */
export interface TimedGroup extends Group {
  timing: RowTiming;
}

/** Times a group. */
export async function timeGroup(ctx: Ctx, g: Group, plan: RoundPlan = ctx.plan): Promise<TimedGroup> {
  return { ...g, timing: await interleave(g.contenders, plan) };
}

/** The per-round ratio of contender `id`'s time (wall clock, or CPU with `cpu`) to the group's baseline's. */
export function vsBaseline(g: TimedGroup, id: string, cpu = false): Summary {
  return perRoundRatio(g.timing, id, g.baseline, cpu);
}

/** Prints the groups as one table: group label, implementation, time per call, time ÷ kinplace's per round (wall clock
 *  and CPU time). */
export function printGroups(ctx: Ctx, groups: TimedGroup[], head = "input"): void {
  ctx.say(`| ${head} | implementation | time per call (median ±½IQR) | time ÷ kinplace's (median of rounds, IQR) | CPU time ÷ kinplace's |`);
  ctx.say("|---|---|---:|---:|---:|");
  const notes: string[] = [];
  for (const g of groups) {
    g.timing.contenders.forEach((c, i) => {
      const first = i === 0 ? `${g.label} (${g.timing.rounds} rounds)` : "";
      const name = c.id === g.baseline ? `**${c.label}**` : c.label;
      const single = c.single ? " (one call, too slow for rounds)" : "";
      const r = c.id === g.baseline ? "1" : ratioCell(vsBaseline(g, c.id));
      const rc = c.id === g.baseline ? "1" : ratioCell(vsBaseline(g, c.id, true));
      ctx.say(`| ${first} | ${name}${single} | ${durationCell(c.summary)} | ${r} | ${rc} |`);
    });
    for (const n of g.notes ?? []) notes.push(`${g.label}: ${n}`);
  }
  ctx.say();
  for (const n of notes) ctx.say(`- ${n}`);
  if (notes.length) ctx.say();
}

/** A Go peer case as a contender, after checking its answer (`same` compares it with the engine's; default: equal text).
 *  Returns a note instead when the answers differ. */
export async function goContender(peer: GoPeer, index: number, id: string, label: string, expected: string,
  same: (go: string, mine: string) => boolean = (a, b) => a === b): Promise<Contender | string> {
  const got = await peer.answer(index);
  if (!same(got, expected)) return `${label}: its answer differs from kinplace's (${JSON.stringify(got.slice(0, 80))}… vs ${JSON.stringify(expected.slice(0, 80))}…), not timed`;
  return { id, label, run: (n) => peer.run(index, n), settle: () => peer.gc() };
}

/** Starts the Go peer with `cases` when there is one; returns null (and the reason in `ctx.goNote`) otherwise. */
export async function startPeer(ctx: Ctx, name: string, cases: { kind: string; files: string[] }[]): Promise<GoPeer | null> {
  if (!ctx.goBin) return null;
  const peer = await GoPeer.start(ctx.goBin, `${ctx.tmp}/${name}.spec.json`, { cases });
  ctx.pids.add(peer.pid);
  return peer;
}

/** Stops a Go peer. */
export async function stopPeer(ctx: Ctx, peer: GoPeer | null): Promise<void> {
  if (!peer) return;
  await peer.close();
  ctx.pids.delete(peer.pid);
}
