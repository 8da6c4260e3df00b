// `kinplace plan` on the pool: the workers read the inputs and keep their Pods, ReplicaSets and Nodes; this thread
// learns the skipped objects and where the first workload is (reading that one document again itself), then asks
// each thread for what belongs to the workload, chunk by chunk in input order.

import { Skipped } from "../../present/pairs.js";
import type { PlanState } from "../../present/plan-start.js";
import type { CliIO } from "../command.js";
import type { SourceDoc } from "../documents.js";
import type { InputOptions } from "../inputs.js";
import type { PoolPlan } from "./decide.js";
import { poolPieces } from "./inputs.js";
import type { Holder } from "./pipeline.js";
import type { PlanOutcome } from "./plan-job.js";
import { PoolSession } from "./session.js";

/** What `plan` read: the first workload, the skipped objects, and the state that belongs to a workload in a namespace. */
export interface PlanInputs {
  workload: SourceDoc | undefined;
  skipped: Skipped;
  /** The Pods and ReplicaSets of the workload (in `namespace` when it names none) and every Node. */
  state(namespace: string): Promise<PlanState>;
  close(): Promise<void>;
}

/** Reads `paths` on `plan.workers` workers. */
export async function planOnPool(paths: readonly string[], inputs: InputOptions, io: CliIO, plan: PoolPlan): Promise<PlanInputs> {
  const session = new PoolSession<PlanOutcome>({ command: "plan", plan: { inputs } }, inputs.limits, plan.workers);
  try {
    const skipped = new Skipped("input");
    let first: { seq: number; index: number } | undefined;
    const pipeline = session.pipeline(poolPieces(paths.map((p) => [p, "input"] as const), io, inputs, plan), { retain: () => true });
    for await (const c of pipeline.outcomes()) {
      if (c.type !== "outcome") continue;
      if (c.o.t === "skip") skipped.addNote(c.o.label, c.o.at);
      else if (c.o.t === "workload") first ??= { seq: c.seq, index: c.o.index };
    }
    const workload = first === undefined ? undefined : await session.document(first.seq, first.index);
    const state = async (namespace: string): Promise<PlanState> => {
      const out: PlanState = { pods: [], replicaSets: [], nodes: [] };
      if (workload === undefined) return out;
      const byHolder = new Map<Holder, number[]>();
      for (const [seq, holder] of [...pipeline.holders].sort((x, y) => x[0] - y[0])) byHolder.set(holder, [...(byHolder.get(holder) ?? []), seq]);
      const parts = new Map<number, PlanState>();
      for (const [holder, seqs] of byHolder) {
        const got = await session.ask<PlanState[]>(holder, { type: "collect", seqs, workload: workload.value, namespace }, seqs, "input");
        seqs.forEach((seq, k) => parts.set(seq, got[k]!));
      }
      for (const seq of [...parts.keys()].sort((x, y) => x - y)) {
        const p = parts.get(seq)!;
        out.pods.push(...p.pods);
        out.replicaSets.push(...p.replicaSets);
        out.nodes.push(...p.nodes);
      }
      return out;
    };
    return { workload, skipped, state, close: () => session.close() };
  } catch (e) {
    await session.close();
    throw e;
  }
}
