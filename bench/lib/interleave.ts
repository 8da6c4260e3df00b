// The timing core: the contenders of one row are timed in the same process in alternating short rounds (A, B, C
// in one round, C, B, A in the next, …), so that they all see the same machine state; each round times a batch
// of calls of every contender. The result keeps every round's time per call (wall clock, and CPU time of the
// process that made the calls), so medians, interquartile ranges and per-round ratios (the time of a contender ÷ the
// baseline's time in the same round) can be reported. With --expose-gc, every round starts after a full garbage
// collection of this process (and of the Go peers).

import { summarize, type Summary } from "./stats.ts";

/** Nanoseconds a batch took: wall clock, and CPU time (user + system) of the process that ran it. */
export interface BatchTime {
  wall: number;
  cpu: number;
}

/** Something to time: `run(n)` makes n calls and returns their times (measured by whoever ran them). */
export interface Contender {
  id: string;
  label: string;
  run(n: number): BatchTime | Promise<BatchTime>;
  /** Collects the garbage of the contender's process before a round (not timed); JS contenders share this process's. */
  settle?(): void | Promise<void>;
}

/** How long to time a row. */
export interface RoundPlan {
  /** Rounds wanted (fewer when `maxMs` runs out, never fewer than `minRounds`). */
  rounds: number;
  minRounds: number;
  /** Target milliseconds of one contender's batch in one round. */
  batchMs: number;
  /** Milliseconds each contender runs before the rounds (warm-up and batch calibration). */
  warmupMs: number;
  /** A budget for the rounds of the row. */
  maxMs: number;
  /** A contender whose first call takes longer is timed by that one call only, outside the rounds. */
  maxCallMs: number;
}

/** One contender's outcome: its batch size and time per call of every round (nanoseconds). */
export interface Timed {
  id: string;
  label: string;
  batch: number;
  /** Wall-clock time per call, per round. */
  perCall: number[];
  /** CPU time per call, per round. */
  cpuPerCall: number[];
  summary: Summary;
  /** Timed by one call only (it took longer than the plan's maxCallMs), not in the rounds. */
  single: boolean;
}

/** A row's outcome. */
export interface RowTiming {
  rounds: number;
  contenders: Timed[];
}

let keep: unknown;
/** The last value a JS contender returned (kept so that the engine cannot drop the calls). */
export function kept(): unknown {
  return keep;
}

/** A JS function as a contender (its result is kept, so the call cannot be dropped). */
export function jsContender(id: string, label: string, fn: () => unknown): Contender {
  return {
    id, label,
    run(n: number): BatchTime {
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < n; i++) keep = fn();
      const wall = Number(process.hrtime.bigint() - t0);
      const c = process.cpuUsage(c0);
      return { wall, cpu: (c.user + c.system) * 1000 };
    },
  };
}

/** Warms a contender up (at least `warmupMs`) and finds the batch size whose run takes about `batchMs`. */
async function calibrate(c: Contender, plan: RoundPlan): Promise<number> {
  const target = plan.batchMs * 1e6;
  let n = 1;
  let spent = 0;
  for (;;) {
    const ns = Math.max((await c.run(n)).wall, 1);
    spent += ns;
    if (ns < target / 2) {
      n = Math.max(n + 1, Math.floor(n * Math.min(8, target / ns)));
      continue;
    }
    n = Math.max(1, Math.round((n * target) / ns));
    if (spent >= plan.warmupMs * 1e6) return n;
  }
}

/** Times the contenders of one row in alternating rounds; every contender's answers must have been checked before. */
export async function interleave(all: Contender[], plan: RoundPlan): Promise<RowTiming> {
  const singles: Timed[] = [];
  const contenders: Contender[] = [];
  for (const c of all) {
    const first = await c.run(1);
    if (first.wall > plan.maxCallMs * 1e6) {
      singles.push({ id: c.id, label: c.label, batch: 1, perCall: [first.wall], cpuPerCall: [first.cpu], summary: summarize([first.wall]), single: true });
    } else contenders.push(c);
  }
  const batch: number[] = [];
  for (const c of contenders) batch.push(await calibrate(c, plan));
  const wall: number[][] = contenders.map(() => []);
  const cpu: number[][] = contenders.map(() => []);
  const started = process.hrtime.bigint();
  let rounds = 0;
  const gc = (globalThis as { gc?: () => void }).gc;
  while (rounds < plan.rounds) {
    // every round starts from collected heaps, so that one contender's garbage is not collected in another's batch
    gc?.();
    for (const c of contenders) await c.settle?.();
    const order = contenders.map((_, i) => i);
    if (rounds % 2 === 1) order.reverse();
    for (const i of order) {
      const t = await contenders[i]!.run(batch[i]!);
      wall[i]!.push(t.wall / batch[i]!);
      cpu[i]!.push(t.cpu / batch[i]!);
    }
    rounds++;
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
    const perRound = elapsedMs / rounds;
    if (rounds >= plan.minRounds && elapsedMs + perRound > plan.maxMs) break;
  }
  const timed = contenders.map((c, i): Timed => ({ id: c.id, label: c.label, batch: batch[i]!, perCall: wall[i]!, cpuPerCall: cpu[i]!, summary: summarize(wall[i]!), single: false }));
  return { rounds, contenders: all.map((c) => timed.find((t) => t.id === c.id) ?? singles.find((t) => t.id === c.id)!) };
}

/** Per-round ratios of one contender's time per call to another's (a ÷ b), summarized; `cpu` compares CPU times. */
export function perRoundRatio(row: RowTiming, a: string, b: string, cpu = false): Summary {
  const x = row.contenders.find((c) => c.id === a);
  const y = row.contenders.find((c) => c.id === b);
  if (!x || !y) return summarize([]);
  const xs = cpu ? x.cpuPerCall : x.perCall;
  const ys = cpu ? y.cpuPerCall : y.perCall;
  if (x.single || y.single) return summarize([summarize(xs).median / summarize(ys).median]);
  return summarize(xs.map((t, i) => t / ys[i]!));
}
