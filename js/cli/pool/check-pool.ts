// `kinplace check` on the pool: OLD's workloads are remembered here as the workers send them, NEW's are paired here
// (a worker asks for the OLD objects of its chunk's keys; chunks are answered in input order, and a key counts as
// taken from the answer on, so duplicates pair as the single-threaded pairing pairs them), judged and rendered in the
// workers, and written here in input order. The notes, the errors for an input without workloads and the pairing of
// a lone workload on each side whatever its name are the single-threaded pairing's (js/present/pairs.ts).

import { pairNotes, Skipped } from "../../present/pairs.js";
import type { CheckJob, PairOutcome } from "../check-pair.js";
import type { CliIO } from "../command.js";
import { displayName, InputError } from "../documents.js";
import type { NewOutcome, OldOutcome, StoredWire } from "./check-jobs.js";
import { Deferred } from "./deferred.js";
import type { PoolPlan } from "./decide.js";
import { poolPieces } from "./inputs.js";
import type { Holder } from "./pipeline.js";
import type { LookupRequest } from "./protocol.js";
import { PoolSession } from "./session.js";

/** Pairs OLD and NEW on `plan.workers` workers, handing each pair's outcome to `apply` in NEW's order; returns the notes
 *  on unpaired and skipped objects. `what`: what the inputs must hold at least one of. */
export async function checkOnPool(oldPath: string, newPath: string, what: string, job: CheckJob, io: CliIO, plan: PoolPlan, apply: (o: PairOutcome) => Promise<void>): Promise<string[]> {
  const session = new PoolSession<OldOutcome | NewOutcome>({ command: "check", check: job }, job.inputs.limits, plan.workers);
  const stored = new Map<string, StoredWire>();
  const taken = new Set<string>();
  const skippedOld = new Skipped("OLD");
  const skippedNew = new Skipped("NEW");
  const unmatched: (Extract<NewOutcome, { t: "unmatched" }> & { seq: number; holder: Holder })[] = [];
  const oldRead = new Deferred<void>();
  let oldCount = 0;
  let newCount = 0;
  let forgotten = false;
  const empty = (path: string): InputError => new InputError(displayName(path), 0, 0, `no ${what} found`);
  /** The OLD objects of a chunk's keys, each taken by the first key that asks. */
  const lookup = async (_seq: number, request: LookupRequest): Promise<(StoredWire | null)[]> => {
    await oldRead.promise;
    return request.keys.map((key) => {
      const old = stored.get(key);
      if (old === undefined || taken.has(key)) return null;
      taken.add(key);
      return old;
    });
  };
  const keep = (): boolean => newCount < 2;
  try {
    const pieces = poolPieces([[oldPath, "old"], [newPath, "new"]], io, job.inputs, plan);
    for await (const c of session.pipeline(pieces, { lookup, keep, retain: (side) => side === "new" && keep() }).outcomes()) {
      if (c.type === "end") {
        if (c.side !== "old") continue;
        if (stored.size === 0) throw empty(oldPath);
        oldRead.resolve();
        continue;
      }
      const o = c.o;
      if (o.t === "skip") (c.side === "old" ? skippedOld : skippedNew).addNote(o.label, o.at);
      else if (o.t === "stored") {
        oldCount++;
        stored.set(o.key, o.stored);
      } else {
        newCount++;
        if (o.t === "unmatched") unmatched.push({ ...o, seq: c.seq, holder: c.holder });
        else {
          stored.delete(o.key);
          taken.delete(o.key);
          await apply(o.pair);
        }
        if (!keep() && !forgotten) {
          forgotten = true;
          await session.forget();
        }
      }
    }
    if (newCount === 0) throw empty(newPath);
    const rest = [...stored.values()];
    if (oldCount === 1 && newCount === 1 && rest.length === 1 && unmatched.length === 1 && rest[0]!.kind === unmatched[0]!.kind) {
      const u = unmatched.pop()!;
      await apply(await session.ask<PairOutcome>(u.holder, { type: "judge", seq: u.seq, index: u.index, old: rest[0]! }, [u.seq], "new"));
      stored.clear();
    }
    return pairNotes([...stored.values()], unmatched, skippedOld, skippedNew).map((n) => n.text);
  } finally {
    await session.close();
  }
}
