// Op rollout.deployment: one sync of the Deployment controller over its ReplicaSets
// (assembly/rollout/deployment.ts). Fields: docs/rollout.md.

import { hasError } from "../../base/errors";
import { JsonOut } from "../../rollout/jsonout";
import { RolloutRequest } from "./rollout-request";
import { Obj } from "../../rollout/objects";
import { readDeployment, readReplicaSet, planDeployment, RS, DeployRound } from "../../rollout/deployment";

/** rollout.deployment {deployment, replicaSets, newReplicaSet?}. */
export function opDeployment(r: RolloutRequest, out: JsonOut): bool {
  const dobj = r.object("deployment");
  if (dobj === null) return false;
  const ra = r.array("replicaSets");
  if (hasError()) return false;
  const newName = r.optString("newReplicaSet");
  if (hasError()) return false;
  const forceScale = r.req.bool("forceScale", false);
  if (hasError()) return false;
  // `exact` and `limits` are checked as for every rollout op (the Deployment planner has no shortcut and holds no pods)
  if (r.options() === null) return false;
  const d = readDeployment(dobj);
  const sets = new Array<RS>();
  if (ra !== null) {
    const holder = new Obj(ra.tape, -1, "");
    const t = ra.tape;
    const n = t.children(ra.node);
    let e = ra.node + 1;
    for (let k = 0; k < n; k++) {
      const o = holder.elem(e, "replicaSets", k);
      e = t.next(e);
      const rs = readReplicaSet(o, false);
      rs.isNew = newName.length > 0 && rs.name == newName;
      sets.push(rs);
    }
  }
  if (hasError()) return false;
  writeRound(out, planDeployment(d, sets, forceScale), sets);
  return true;
}

/** Writes one Deployment sync and the resulting sizes. */
export function writeRound(out: JsonOut, d: DeployRound, sets: Array<RS>): void {
  out.kInt("maxSurge", d.nums.maxSurge).kInt("maxUnavailable", d.nums.maxUnavailable);
  const e = d.error;
  if (e !== null) { out.kStr("error", e); return; }
  out.kStr("path", d.path).kBool("scalingEvent", d.scalingEvent);
  if (d.waiting) out.kBool("waitingForOldPods", true);
  out.key("scale").arr();
  for (let i = 0; i < d.actions.length; i++) {
    const a = d.actions[i];
    out.obj().kStr("replicaSet", a.rs).kInt("from", a.from).kInt("to", a.to).end();
  }
  out.endArr();
  out.key("replicaSets").arr();
  for (let i = 0; i < sets.length; i++) out.obj().kStr("name", sets[i].name).kInt("replicas", sets[i].replicas).kBool("new", sets[i].isNew).end();
  out.endArr();
}
