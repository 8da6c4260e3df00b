// What a document of its inputs is to `kinplace plan` (the command's loop and the worker pool both ask).

import { workloadKind } from "../present/kinds.js";
import type { PlanState } from "../present/plan-start.js";

type Obj = { [key: string]: unknown };

/** What a document is to `plan`: a Pod, a ReplicaSet or a Node of the state, a workload (the first one is planned), or
 *  an object of no use, skipped with a note. */
export function planRole(value: Obj): keyof PlanState | "workload" | "skip" {
  const kind = value["kind"];
  if (kind === "Pod") return "pods";
  if (kind === "ReplicaSet" && workloadKind(value) === "ReplicaSet") return "replicaSets";
  if (kind === "Node") return "nodes";
  return workloadKind(value) !== undefined ? "workload" : "skip";
}
