// `kinplace hash` on the pool: the workers hash and render, this thread writes their outcomes in input order.

import type { CliIO } from "../command.js";
import type { HashJob, HashOutcome } from "../hash-doc.js";
import type { PoolPlan } from "./decide.js";
import { poolPieces } from "./inputs.js";
import { PoolSession } from "./session.js";

/** Hashes the documents of `file` on `plan.workers` workers, handing each outcome to `apply` in input order. */
export async function hashOnPool(file: string, job: HashJob, io: CliIO, plan: PoolPlan, apply: (o: HashOutcome) => Promise<void>): Promise<void> {
  const session = new PoolSession<HashOutcome>({ command: "hash", hash: job }, job.inputs.limits, plan.workers);
  try {
    const pieces = poolPieces([[file, "input"]], io, job.inputs, plan);
    for await (const c of session.pipeline(pieces).outcomes()) if (c.type === "outcome") await apply(c.o);
  } finally {
    await session.close();
  }
}
