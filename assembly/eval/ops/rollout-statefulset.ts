// Ops rollout.advancedStatefulSet and rollout.statefulSet: one sync of the StatefulSet controllers
// (assembly/rollout/statefulset.ts). Fields: docs/rollout.md.

import { hasError, fail, E_BAD_REQUEST } from "../../base/errors";
import { requestKruiseMinor } from "./kruisefields";
import { JsonOut } from "../../rollout/jsonout";
import { RolloutRequest } from "./rollout-request";
import { readVerdicts } from "../../rollout/verdict";
import { readStatefulSet, planStatefulSet, STSRound } from "../../rollout/statefulset";

/** rollout.advancedStatefulSet {statefulSet, pods, currentRevision, updateRevision, now?, inPlace?, kruise?}. */
export function opAdvancedStatefulSet(r: RolloutRequest, out: JsonOut): bool { return run(r, out, true); }

/** rollout.statefulSet {statefulSet, pods, currentRevision, updateRevision, now?, gates?}. */
export function opStatefulSet(r: RolloutRequest, out: JsonOut): bool { return run(r, out, false); }

function run(r: RolloutRequest, out: JsonOut, kruise: bool): bool {
  const so = r.object("statefulSet");
  if (so === null) return false;
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
  // the OpenKruise release whose controller plans (Advanced StatefulSet only)
  if (!kruise && r.req.field("kruise") >= 0) return fail(E_BAD_REQUEST, "\"kruise\" applies to OpenKruise kinds only", -1, "kruise");
  const release = requestKruiseMinor(r.req);
  if (release < 0) return false;
  const top = r.top;
  const verdicts = readVerdicts(top, opts.exact);
  const gates = top.obj("gates");
  const gate = gates.bool("MaxUnavailableStatefulSet", true);
  const preparing = gates.bool("PreparingUpdateAsUpdate", false);
  const s = readStatefulSet(so, kruise, opts.limits, release);
  if (hasError()) return false;
  writeRound(out, planStatefulSet(s, pods, cur, upd, now, verdicts, gate, preparing, opts));
  return true;
}

/** Writes one StatefulSet sync. */
export function writeRound(out: JsonOut, d: STSRound): void {
  out.kInt("maxUnavailable", d.maxUnavailable);
  out.key("create").arr();
  for (let i = 0; i < d.create.length; i++) out.int(d.create[i]);
  out.endArr();
  out.key("recreate").strs(d.recreate).key("condemned").strs(d.condemned);
  if (d.reason.length > 0) out.kStr("reason", d.reason);
  const e = d.error;
  if (e !== null) out.kStr("error", e);
  out.key("order").strs(d.order).key("unavailable").strs(d.unavailable).key("specifiedDelete").strs(d.specifiedDelete);
  out.key("update").arr();
  for (let i = 0; i < d.actions.length; i++) {
    const a = d.actions[i];
    out.obj().kStr("name", d.actionPods[i]);
    if (a.startsWith("error:")) out.kStr("action", "error").kStr("error", a.substring(6));
    else out.kStr("action", a);
    out.end();
  }
  out.endArr();
  if (d.blockedBy.length > 0) out.kStr("blockedBy", d.blockedBy);
}
