// A thread's side of a pooled command: the job each chunk runs (by command and input side) and the answers to the
// main thread's questions about what the thread kept. Workers run one; the main thread runs one too, for chunks it
// reads itself (a worker lost, a List read again whole).

import type { Engine } from "../../core.js";
import { HashDocs } from "../hash-doc.js";
import type { SourceDoc } from "../documents.js";
import { judgePair } from "../check-pair.js";
import { newJob, oldJob, storedOf, type Lookup, type StoredWire } from "./check-jobs.js";
import { PlanStates, type CollectQuestion } from "./plan-job.js";
import type { JobSpec, Side } from "./protocol.js";
import type { DocJob } from "./run-chunk.js";

/** Judge a kept NEW workload of chunk `seq` (document `index`) against an OLD one. */
export interface JudgeQuestion {
  type: "judge";
  seq: number;
  index: number;
  old: StoredWire;
}

/** Forget the NEW workloads kept so far. */
export interface ForgetQuestion {
  type: "forget";
}

/** A question of the main thread. */
export type Question = CollectQuestion | JudgeQuestion | ForgetQuestion;

/** One thread's runtime of a job. */
export class JobRuntime {
  readonly #spec: JobSpec;
  readonly #engine: Engine;
  readonly #hash: HashDocs | undefined;
  readonly #plans = new PlanStates();
  readonly #kept = new Map<string, SourceDoc>();

  /** The runtime of `spec` with `engine`. */
  constructor(spec: JobSpec, engine: Engine) {
    this.#spec = spec;
    this.#engine = engine;
    this.#hash = spec.command === "hash" ? new HashDocs(engine, spec.hash) : undefined;
  }

  /** The job of chunk `seq` of input `side`; `lookup` asks the main thread for OLD objects, `keep`: NEW workloads
   *  without one are kept for a later question. */
  docJob(seq: number, side: Side, lookup: Lookup, keep: boolean): DocJob<unknown> {
    const spec = this.#spec;
    if (spec.command === "hash") {
      const docs = this.#hash!;
      return { process: (doc) => docs.process(doc) };
    }
    if (spec.command === "plan") return this.#plans.job(seq);
    if (side === "old") return oldJob(spec.check);
    return newJob(this.#engine, spec.check, lookup, keep ? (index, doc) => this.#kept.set(`${seq}/${index}`, doc) : undefined);
  }

  /** The answer to a question about what this thread kept. */
  answer(q: Question): unknown {
    if (q.type === "collect") return this.#plans.collect(q);
    if (q.type === "forget") {
      this.#kept.clear();
      return null;
    }
    const spec = this.#spec;
    const doc = this.#kept.get(`${q.seq}/${q.index}`);
    if (spec.command !== "check" || doc === undefined) throw new Error(`no kept document ${q.seq}/${q.index}`);
    return judgePair(this.#engine, spec.check, storedOf(q.old, spec.check), doc);
  }
}
