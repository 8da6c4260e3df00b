// One hostile case on an engine: the bad request (its answer also compared with a fresh engine's, so a
// request whose answer depends on what ran before shows up), then its two probes, each compared byte for
// byte with the probe's fresh answer.

import type { Engine } from "./engine.ts";
import type { Case } from "./cases.ts";
import type { Probe } from "./probes.ts";
import { run, answerText, freshEngine, HANG_MS, type Outcome } from "./engine.ts";

/** A probe run after a bad request: its fresh answer and what it answered this time. */
export interface ProbeRun {
  source: string;
  expected: string;
  got: string;
}

/** What one case did. */
export interface CaseResult {
  c: Case;
  outcome: Outcome;
  /** The probes that did not answer as on a fresh engine (empty: not poisoned). */
  poisoned: ProbeRun[];
  /** A fresh engine's answer to the request when it differs from the long-lived engine's (order dependence). */
  fresh?: string;
}

/** Runs each probe on `engine` and returns the ones that answered differently from a fresh engine. */
export function runProbes(engine: Engine, probes: Probe[]): ProbeRun[] {
  const bad: ProbeRun[] = [];
  for (const p of probes) {
    const got = answerText(engine, p.line);
    if (got !== p.expected) bad.push({ source: p.source, expected: p.expected, got });
  }
  return bad;
}

/** Runs case `c` on `engine`, then (when `module` is given and the request was quick) on a fresh instance of it, then its probes. */
export function runCase(engine: Engine, c: Case, probes: Probe[], module?: WebAssembly.Module): CaseResult {
  const outcome = run(engine, c.line);
  let fresh: string | undefined;
  if (module && outcome.ms < HANG_MS / 4) {
    const f = answerText(freshEngine(module), c.line);
    if (f !== outcome.text) fresh = f;
  }
  return { c, outcome, poisoned: runProbes(engine, probes), ...(fresh === undefined ? {} : { fresh }) };
}
