// `plan` in the pool: each chunk's Pods, ReplicaSets and Nodes stay in the thread that read them, the main thread
// learns where the workloads and the skipped objects are; once it knows which workload is planned, each thread hands
// over the Pods and ReplicaSets that belong to it (and the Nodes), chunk by chunk.

import { objectLabel } from "../../present/kinds.js";
import { where } from "../../present/pairs.js";
import { belongsTo, type PlanState } from "../../present/plan-start.js";
import { planRole } from "../plan-role.js";
import type { DocJob } from "./run-chunk.js";

type Obj = { [key: string]: unknown };

/** A document of `plan`'s inputs: skipped (with its note), a workload (by its index in the chunk), or state kept. */
export type PlanOutcome = { t: "skip"; label: string; at: string } | { t: "workload"; index: number } | { t: "state" };

/** The question the main thread asks once it knows the workload: the state of these chunks that belongs to it. */
export interface CollectQuestion {
  type: "collect";
  seqs: number[];
  workload: Obj;
  namespace: string;
}

/** The state each chunk read keeps, by chunk. */
export class PlanStates {
  readonly #bySeq = new Map<number, PlanState>();

  /** The job of chunk `seq`: what it keeps goes here. */
  job(seq: number): DocJob<PlanOutcome> {
    const state: PlanState = { pods: [], replicaSets: [], nodes: [] };
    this.#bySeq.set(seq, state);
    return {
      process(doc, index) {
        const role = planRole(doc.value);
        if (role === "skip") return { t: "skip", label: objectLabel(doc.value), at: where(doc) };
        if (role === "workload") return { t: "workload", index };
        state[role].push(doc.value);
        return { t: "state" };
      },
    };
  }

  /** The state of chunks `seqs` that belongs to `workload` (its Pods and ReplicaSets; every Node), chunk by chunk. */
  collect(q: CollectQuestion): PlanState[] {
    return q.seqs.map((seq) => {
      const s = this.#bySeq.get(seq) ?? { pods: [], replicaSets: [], nodes: [] };
      return { pods: s.pods.filter((p) => belongsTo(p, q.workload, q.namespace)), replicaSets: s.replicaSets.filter((rs) => belongsTo(rs, q.workload, q.namespace)), nodes: s.nodes };
    });
  }

  /** Forgets chunk `seq` (it is read again elsewhere). */
  drop(seq: number): void {
    this.#bySeq.delete(seq);
  }
}
