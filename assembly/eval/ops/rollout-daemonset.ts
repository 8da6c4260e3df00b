// Ops rollout.advancedDaemonSet and rollout.daemonSet: one sync of the DaemonSet controllers
// (assembly/rollout/daemonset.ts). Fields: docs/rollout.md.

import { fail, hasError, E_BAD_REQUEST } from "../../base/errors";
import { JsonOut } from "../../rollout/jsonout";
import { RolloutRequest } from "./rollout-request";
import { Obj } from "../../rollout/objects";
import { readVerdicts } from "../../rollout/verdict";
import { requestKruiseMinor } from "./kruisefields";
import { readDaemonSet, readNodes, planDaemonSet, DSRound, DSNode } from "../../rollout/daemonset";

/** rollout.advancedDaemonSet {daemonSet, nodes, pods, hash, now?, inPlace?, expectations?, walkOrder?, kruise?}. */
export function opAdvancedDaemonSet(r: RolloutRequest, out: JsonOut): bool { return run(r, out, true); }

/** rollout.daemonSet {daemonSet, nodes, pods, hash, now?, expectations?, walkOrder?}. */
export function opDaemonSet(r: RolloutRequest, out: JsonOut): bool { return run(r, out, false); }

function run(r: RolloutRequest, out: JsonOut, kruise: bool): bool {
  const dso = r.object("daemonSet");
  if (dso === null) return false;
  const na = r.array("nodes");
  if (hasError()) return false;
  const pods = r.pods("pods");
  if (pods === null) return false;
  const hash = r.string("hash");
  if (hash === null) return false;
  const now = r.now();
  if (now === null) return false;
  const opts = r.options();
  if (opts === null) return false;
  const verdicts = readVerdicts(r.top, opts.exact);
  const exp = r.optString("expectations");
  if (hasError()) return false;
  if (exp != "" && exp != "watch" && exp != "immediate") return fail(E_BAD_REQUEST, "unknown expectations \"" + exp + "\" (want watch or immediate)", -1, "expectations");
  // the OpenKruise release whose controller plans (Advanced DaemonSet only)
  if (!kruise && r.req.field("kruise") >= 0) return fail(E_BAD_REQUEST, "\"kruise\" applies to OpenKruise kinds only", -1, "kruise");
  const release = requestKruiseMinor(r.req);
  if (release < 0) return false;
  // testing hook: the nodes the rolling update walks first (upstream walks a Go map)
  const walk = r.top.member("walkOrder") >= 0 ? r.top.strs("walkOrder") : null;
  if (hasError()) return false;
  const ds = readDaemonSet(dso, kruise, release);
  const nodes = na === null ? new Array<DSNode>() : readNodes(new Obj(na.tape, -1, ""), na.node, "nodes");
  if (hasError()) return false;
  writeRound(out, planDaemonSet(ds, nodes, pods, hash, now, verdicts, exp == "immediate", opts, walk), kruise);
  return true;
}

/** Writes one DaemonSet sync. */
export function writeRound(out: JsonOut, d: DSRound, kruise: bool): void {
  out.kInt("desiredNumberScheduled", d.nums.desired).kInt("maxSurge", d.nums.maxSurge).kInt("maxUnavailable", d.nums.maxUnavailable);
  if (kruise) out.kInt("partition", d.nums.partition).kInt("burstReplicas", d.nums.burstReplicas);
  out.key("manage").obj();
  out.key("create").strs(d.manageCreate);
  out.key("delete").strs(d.manageDelete);
  out.end();
  if (d.reason.length > 0) out.kStr("reason", d.reason);
  const e = d.error;
  if (e !== null) out.kStr("error", e);
  if (d.rolled) {
    out.key("rollingUpdate").obj();
    if (kruise) out.key("nodesToUpdate").strs(d.nodesToUpdate);
    if (d.nums.maxSurge == 0) out.kInt("numUnavailable", d.numUnavailable).key("replace").strs(d.replace);
    else out.kInt("numSurge", d.numSurge);
    out.key("candidates").strs(d.candidates).kInt("pick", d.pick);
    if (kruise) out.key("inPlace").strs(d.inPlace).key("deferred").strs(d.deferred);
    out.key("delete").strs(d.updateDelete).key("create").strs(d.updateCreate);
    out.end();
  }
  out.key("create").strs(d.creates).key("delete").strs(d.deletes);
  if (kruise) out.key("preparingDelete").strs(d.preparingDelete);
  out.key("createBatches").arr();
  for (let i = 0; i < d.batches.length; i++) out.int(d.batches[i]);
  out.endArr();
}
