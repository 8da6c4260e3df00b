// What one planner call may do, read once from the request by eval/ops and passed down as an argument:
// which shortcuts it may take (base/exact.ts; the bit EXACT_ROLLOUT turns off the planners' own, so each
// answer comes from the readable port) and its limits (docs/rollout.md, "Limits").

import { EXACT_ROLLOUT, shortcutOn } from "../base/exact";

/** The explicit limits of the planners and simulations (request member `limits`). */
export class RolloutLimits {
  /** Pods a simulation may hold (replicas, and ReplicaSet pods) and ordinal slots a StatefulSet sync may span. */
  maxPods: i64 = 100000;
  /** Weight-priority terms and scatter terms of one workload (each term is matched against every pod). */
  maxTerms: i64 = 64;
  /** Working memory of one simulation, in bytes (every sync's working memory stays until the call ends). */
  maxSimMemory: i64 = 1 << 30;
}

/** The options of one call of the planners. */
export class PlanOptions {
  constructor(public exact: u32 = 0, public limits: RolloutLimits = new RolloutLimits()) {}

  /** True when the planners' shortcuts may answer (each equals its port; the `exact` bit "rollout" turns them off). */
  get fast(): bool { return shortcutOn(this.exact, EXACT_ROLLOUT); }
}
