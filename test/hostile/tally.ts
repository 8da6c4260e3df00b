// Counting case outcomes, printing the table, and the JSONL records of offending requests for replay.

import type { CaseResult } from "./run-case.ts";
import { label, isBad } from "./engine.ts";
import { lineRecord, showLine } from "./line.ts";

/** Running counts of a hostile run. */
export class Tally {
  tried = 0;
  readonly byLabel = new Map<string, number>();
  poisoned = 0;
  /** Requests a fresh engine answers differently (their answer depends on earlier requests). */
  orderDependent = 0;
  /** Offending results in the order seen (outcome not ok/typed, or poisoned probes). */
  readonly offenders: CaseResult[] = [];
  /** Per op: tried and offending. */
  readonly byOp = new Map<string, { tried: number; bad: number }>();

  /** Counts one result; returns true when it offends. */
  add(r: CaseResult): boolean {
    this.tried++;
    const l = label(r.outcome);
    this.byLabel.set(l, (this.byLabel.get(l) ?? 0) + 1);
    if (r.poisoned.length) this.poisoned++;
    if (r.fresh !== undefined) this.orderDependent++;
    const bad = isBad(r.outcome) || r.poisoned.length > 0 || r.fresh !== undefined;
    const o = this.byOp.get(r.c.op) ?? { tried: 0, bad: 0 };
    o.tried++;
    if (bad) { o.bad++; this.offenders.push(r); }
    this.byOp.set(r.c.op, o);
    return bad;
  }

  /** Count of one outcome label. */
  count(l: string): number {
    return this.byLabel.get(l) ?? 0;
  }

  /** The summary table: tried, ok, typed errors by code, E_INTERNAL, traps, crashes, malformed answers, hangs, poisoned. */
  table(hangMs = 2000): string {
    const rows: [string, number][] = [["tried", this.tried], ["ok answers", this.count("ok")]];
    const typed = [...this.byLabel].filter(([l]) => l.startsWith("typed ")).sort((a, b) => b[1] - a[1]);
    rows.push(["typed errors", typed.reduce((a, [, n]) => a + n, 0)]);
    for (const [l, n] of typed) rows.push([`  ${l.slice(6)}`, n]);
    rows.push(["E_INTERNAL (engine-reported)", this.count("internal")], ["traps (wasm trap / abort)", this.count("trap")],
      ["host crashes", this.count("crash")], ["malformed answers", this.count("malformed")], [`hangs (over ${hangMs / 1000} s)`, this.count("hang")],
      ["poisoned (a later probe answered differently)", this.poisoned],
      ["order-dependent (a fresh engine answers the request differently)", this.orderDependent]);
    const w = Math.max(...rows.map(([l]) => l.length));
    return rows.map(([l, n]) => `${l.padEnd(w)}  ${String(n).padStart(8)}`).join("\n");
  }

  /** Per-op lines of ops with offending cases. */
  opTable(): string {
    return [...this.byOp].filter(([, o]) => o.bad > 0).sort((a, b) => b[1].bad - a[1].bad)
      .map(([op, o]) => `  ${op.padEnd(28)} ${String(o.bad).padStart(6)} of ${o.tried}`).join("\n");
  }
}

/** A one-paragraph description of an offending result for failure messages. */
export function describe(r: CaseResult): string {
  const o = r.outcome;
  const what = `${label(o)}${o.code && o.kind !== "typed" ? ` ${o.code}` : ""}${o.detail ? `: ${o.detail.slice(0, 200)}` : ""} (${o.ms.toFixed(0)} ms)`;
  const poison = r.poisoned.map((p) => `\n    then probe ${p.source} answered ${p.got.slice(0, 160)}\n      instead of ${p.expected.slice(0, 160)}`).join("") +
    (r.fresh === undefined ? "" : `\n    a fresh engine answers it ${r.fresh.slice(0, 160)}\n      where this one answered ${o.text.slice(0, 160)}`);
  return `#${r.c.index} ${r.c.op} from ${r.c.source} [${r.c.mutation.slice(0, 200)}]: ${what}${poison}\n    request: ${showLine(r.c.line, 300)}`;
}

/** The JSONL record of an offending result (the request as bytes or base64; lines over `maxInline` bytes are left to regeneration from seed and index). */
export function record(r: CaseResult, seed: number, profile: string, maxInline = 8 << 20): string {
  const o = r.outcome;
  return JSON.stringify({
    seed, index: r.c.index, profile, op: r.c.op, source: r.c.source, mutation: r.c.mutation,
    outcome: o.kind, code: o.code, detail: o.detail?.slice(0, 2000), ms: Math.round(o.ms), bytes: r.c.line.length,
    poisoned: r.poisoned.map((p) => ({ probe: p.source, expected: p.expected.slice(0, 2000), got: p.got.slice(0, 2000) })),
    ...(r.fresh === undefined ? {} : { freshAnswer: r.fresh.slice(0, 2000), answer: o.text.slice(0, 2000) }),
    request: r.c.line.length <= maxInline ? lineRecord(r.c.line) : null,
  });
}
