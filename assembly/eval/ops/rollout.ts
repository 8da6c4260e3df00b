// The rollout planner ops: rollout.cloneset, rollout.advancedDaemonSet,
// rollout.advancedStatefulSet, rollout.deployment, rollout.statefulSet, rollout.daemonSet and
// rollout.simulate. Request and answer fields are documented in docs/rollout.md.

import { Request } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { fail, hasError, E_UNKNOWN_OP, E_BAD_REQUEST } from "../../base/errors";
import { RolloutRequest } from "./rollout-request";
import { K_NUMBER, F_INT } from "../../json/tape";
import { readInt } from "../../upstream/intstr/intorstr";
import { readVerdicts } from "../../rollout/verdict";
import { JsonOut } from "../../rollout/jsonout";
import { readCloneSet, readCloneSetGates, cloneSetNumbers, calculateDiffs, Diffs } from "../../rollout/cloneset";
import { planCloneSetUpdate } from "../../rollout/clonesetupdate";
import { opAdvancedDaemonSet, opDaemonSet } from "./rollout-daemonset";
import { opAdvancedStatefulSet, opStatefulSet } from "./rollout-statefulset";
import { opDeployment } from "./rollout-deployment";
import { opSimulate } from "./rollout-simulate";
import { requestKruiseMinor } from "./kruisefields";

/** Runs rollout op `op`. */
export function opRollout(op: string, req: Request, res: ResultWriter): bool {
  const r = new RolloutRequest(req.tape, req.obj, req.opts);
  const out = new JsonOut(res.out);
  // the result object's members are written by the planners after `"result":{`
  out.firsts.push(res.first);
  let ok: bool;
  if (op == "rollout.cloneset") ok = opCloneSet(r, out);
  else if (op == "rollout.advancedDaemonSet") ok = opAdvancedDaemonSet(r, out);
  else if (op == "rollout.daemonSet") ok = opDaemonSet(r, out);
  else if (op == "rollout.advancedStatefulSet") ok = opAdvancedStatefulSet(r, out);
  else if (op == "rollout.statefulSet") ok = opStatefulSet(r, out);
  else if (op == "rollout.deployment") ok = opDeployment(r, out);
  else if (op == "rollout.simulate") ok = opSimulate(r, out);
  else return fail(E_UNKNOWN_OP, "unknown op \"" + op + "\"", -1, "op");
  return ok && !hasError();
}

/** Writes expectationDiffs. */
export function writeDiffs(out: JsonOut, d: Diffs): void {
  out.obj()
    .kInt("scaleUpNum", d.scaleUpNum).kInt("scaleUpNumOldRevision", d.scaleUpNumOldRevision)
    .kInt("scaleDownNum", d.scaleDownNum).kInt("scaleDownNumOldRevision", d.scaleDownNumOldRevision)
    .kInt("scaleUpLimit", d.scaleUpLimit).kInt("deleteReadyLimit", d.deleteReadyLimit)
    .kInt("useSurge", d.useSurge).kInt("useSurgeOldRevision", d.useSurgeOldRevision)
    .kInt("updateNum", d.updateNum).kInt("updateMaxUnavailable", d.updateMaxUnavailable)
    .end();
}

/** rollout.cloneset {cloneSet, pods, currentRevision, updateRevision, gates?, now?, inPlace?, scalingExcludePreparingDelete?, kruise?}. */
function opCloneSet(r: RolloutRequest, out: JsonOut): bool {
  const cso = r.object("cloneSet");
  if (cso === null) return false;
  const pods = r.pods("pods");
  if (pods === null) return false;
  const cur = r.string("currentRevision");
  if (cur === null) return false;
  const upd = r.string("updateRevision");
  if (upd === null) return false;
  const now = r.now();
  if (now === null) return false;
  const opts = r.options();
  if (opts === null) return false;
  const top = r.top;
  const gates = readCloneSetGates(top);
  const verdicts = readVerdicts(top, opts.exact);
  const release = requestKruiseMinor(r.req);
  if (release < 0) return false;
  const cs = readCloneSet(cso, opts.limits, release);
  if (hasError()) return false;
  const nums = cloneSetNumbers(cs);
  const diffsFor = r.optString("diffsFor");
  if (hasError()) return false;
  if (diffsFor != "" && diffsFor != "update" && diffsFor != "scale") return fail(E_BAD_REQUEST, "unknown diffsFor \"" + diffsFor + "\" (want update or scale)", -1, "diffsFor");
  const sortCandidates = r.req.bool("sortCandidates", true);
  if (hasError()) return false;
  let waitUpdate: Array<i32> | null = null;
  const wa = r.array("waitUpdate");
  if (hasError()) return false;
  if (wa !== null) {
    const t = wa.tape;
    const list = new Array<i32>();
    const n = t.children(wa.node);
    let e = wa.node + 1;
    for (let k = 0; k < n; k++) {
      if (t.kind(e) != K_NUMBER || !(t.flags(e) & F_INT) || t.len(e) > 9) return fail(E_BAD_REQUEST, "field \"waitUpdate\" must be an array of pod indexes", -1, "waitUpdate");
      const v = <i32>readInt(t, e);
      if (v < 0 || v >= pods.length) return fail(E_BAD_REQUEST, "field \"waitUpdate\" must be an array of pod indexes", -1, "waitUpdate");
      list.push(v);
      e = t.next(e);
    }
    waitUpdate = list;
  }
  const plan = planCloneSetUpdate(cs, nums, pods, cur, upd, gates, now, verdicts, opts, waitUpdate, sortCandidates);
  const diffs = diffsFor == "scale" ? calculateDiffs(cs, nums, pods, cur, upd, true, gates, now) : plan.diffs;
  out.kInt("replicas", cs.replicas).kInt("partition", nums.partition).kInt("maxSurge", nums.maxSurge).kInt("maxUnavailable", nums.maxUnavailable);
  out.key("diffs");
  writeDiffs(out, diffs);
  if (plan.reason.length > 0) out.kStr("reason", plan.reason);
  if (plan.targetRevision.length > 0) out.kStr("targetRevision", plan.targetRevision);
  out.key("candidates").arr();
  for (let i = 0; i < plan.candidates.length; i++) out.str(pods[plan.candidates[i]].name);
  out.endArr();
  out.key("update").arr();
  for (let i = 0; i < plan.actions.length; i++) {
    const a = plan.actions[i];
    out.obj().kStr("name", a.pod.name).kStr("action", a.action);
    const e = a.error;
    if (e !== null) out.kStr("error", e);
    out.end();
  }
  out.endArr();
  return true;
}
