// Op rollout.simulate: plays a rollout round by round under a stated model (assembly/rollout/sim*.ts)
// and returns its timeline. Fields: docs/rollout.md.

import { fail, hasError, E_BAD_REQUEST } from "../../base/errors";
import { JsonOut } from "../../rollout/jsonout";
import { RolloutRequest } from "./rollout-request";
import { requestKruiseMinor } from "./kruisefields";
import { Obj, overLimit } from "../../rollout/objects";
import { Pod, COND_TRUE } from "../../rollout/pod";
import { readVerdicts } from "../../rollout/verdict";
import { formatRFC3339, GoTime } from "../../rollout/gotime";
import { readCloneSet, readCloneSetGates, cloneSetNumbers } from "../../rollout/cloneset";
import { readDaemonSet, readNodes, DSNode } from "../../rollout/daemonset";
import { readStatefulSet } from "../../rollout/statefulset";
import { readDeployment, readReplicaSet, deployNumbers, RS } from "../../rollout/deployment";
import { SimState, SimWorkload, readModel, runSimulation } from "../../rollout/simmodel";
import { CloneSetSim } from "../../rollout/simcloneset";
import { DaemonSetSim } from "../../rollout/simdaemonset";
import { StatefulSetSim } from "../../rollout/simstatefulset";
import { DeploymentSim } from "../../rollout/simdeployment";

/** Starting pods that are not Ready become Ready readySeconds after the start. */
function settle(pods: Array<Pod>, st: SimState): void {
  for (let i = 0; i < pods.length; i++) if (pods[i].ready != COND_TRUE) pods[i].simReadyAt = st.now.sec + st.model.readySeconds;
}

/** rollout.simulate {kind, workload, pods | replicaSets, nodes?, currentRevision?, updateRevision?, hash?, model?, inPlace?, gates?, kruise?}. */
export function opSimulate(r: RolloutRequest, out: JsonOut): bool {
  const kind = r.string("kind");
  if (kind === null) return false;
  // the OpenKruise release whose controller plays the rollout (OpenKruise kinds only)
  const kruise = kind == "CloneSet" || kind == "AdvancedDaemonSet" || kind == "AdvancedStatefulSet";
  if (!kruise && r.req.field("kruise") >= 0) return fail(E_BAD_REQUEST, "\"kruise\" applies to OpenKruise kinds only", -1, "kruise");
  const release = requestKruiseMinor(r.req);
  if (release < 0) return false;
  const opts = r.options();
  if (opts === null) return false;
  const limits = opts.limits;
  const top = r.top;
  const model = readModel(top);
  if (hasError()) return false;
  const st = new SimState(model);
  const verdicts = readVerdicts(top, opts.exact);
  let w: SimWorkload | null = null;
  if (kind == "CloneSet") {
    const o = r.object("workload");
    if (o === null) return false;
    const pods = r.pods("pods");
    if (pods === null) return false;
    const cur = r.string("currentRevision");
    if (cur === null) return false;
    const upd = r.string("updateRevision");
    if (upd === null) return false;
    const cs = readCloneSet(o, limits, release);
    if (hasError()) return false;
    if (<i64>cs.replicas > limits.maxPods) return overLimit("workload.spec.replicas", cs.replicas, limits.maxPods, "maxPods");
    settle(pods, st);
    w = new CloneSetSim(cs, cloneSetNumbers(cs), pods, cur, upd, readCloneSetGates(top), verdicts, opts);
  } else if (kind == "AdvancedDaemonSet" || kind == "DaemonSet") {
    const o = r.object("workload");
    if (o === null) return false;
    const na = r.array("nodes");
    if (hasError()) return false;
    const pods = r.pods("pods");
    if (pods === null) return false;
    const hash = r.string("hash");
    if (hash === null) return false;
    const ds = readDaemonSet(o, kind == "AdvancedDaemonSet", release);
    const nodes = na === null ? new Array<DSNode>() : readNodes(new Obj(na.tape, -1, ""), na.node, "nodes");
    if (hasError()) return false;
    settle(pods, st);
    w = new DaemonSetSim(ds, nodes, pods, hash, verdicts, opts);
  } else if (kind == "AdvancedStatefulSet" || kind == "StatefulSet") {
    const o = r.object("workload");
    if (o === null) return false;
    const pods = r.pods("pods");
    if (pods === null) return false;
    const cur = r.string("currentRevision");
    if (cur === null) return false;
    const upd = r.string("updateRevision");
    if (upd === null) return false;
    const s = readStatefulSet(o, kind == "AdvancedStatefulSet", limits, release);
    const gate = top.obj("gates").bool("MaxUnavailableStatefulSet", true);
    if (hasError()) return false;
    settle(pods, st);
    w = new StatefulSetSim(s, pods, cur, upd, verdicts, gate, opts);
  } else if (kind == "Deployment") {
    const o = r.object("workload");
    if (o === null) return false;
    const ra = r.array("replicaSets");
    if (hasError()) return false;
    const newName = r.optString("newReplicaSet");
    const d = readDeployment(o);
    const sets = new Array<RS>();
    let pods: i64 = 0;
    if (ra !== null) {
      const holder = new Obj(ra.tape, -1, "");
      const t = ra.tape;
      const n = t.children(ra.node);
      let e = ra.node + 1;
      for (let k = 0; k < n; k++) {
        const rs = readReplicaSet(holder.elem(e, "replicaSets", k), false);
        rs.isNew = newName.length > 0 && rs.name == newName;
        sets.push(rs);
        // the ReplicaSet controller first brings each set to spec.replicas
        pods += max(max(rs.actualReplicas, rs.replicas), 0);
        if (pods > limits.maxPods) return overLimit("replicaSets[" + k.toString() + "].status.replicas", pods, limits.maxPods, "maxPods");
        e = t.next(e);
      }
    }
    if (hasError()) return false;
    // a sync never asks for more than spec.replicas + maxSurge pods (or what the sets already hold)
    const fence = deployNumbers(d);
    const most = <i64>d.replicas + (fence.error === null ? <i64>fence.maxSurge : 0);
    if (most > limits.maxPods) return overLimit("workload.spec.replicas", most, limits.maxPods, "maxPods");
    w = new DeploymentSim(d, sets, st, opts);
  } else {
    return fail(E_BAD_REQUEST, "unknown kind \"" + kind + "\" (want CloneSet, AdvancedDaemonSet, DaemonSet, AdvancedStatefulSet, StatefulSet or Deployment)", -1, "kind");
  }
  const wl = w;
  if (hasError()) return false;
  const outcome = runSimulation(wl, st, limits.maxSimMemory);
  out.kStr("kind", kind).kStr("outcome", outcome);
  const e = wl.error;
  if (e !== null) out.kStr("error", e);
  out.kInt("rounds", st.rounds.length).kInt("seconds", st.elapsed);
  out.kStr("start", formatRFC3339(GoTime.at(model.start))).kStr("end", formatRFC3339(st.now));
  out.key("model").obj().kInt("readySeconds", model.readySeconds).kInt("inPlaceSeconds", model.inPlaceSeconds).end();
  out.key("final").obj().kInt("total", wl.total()).kInt("updated", wl.updated()).kInt("available", wl.available(st.now)).end();
  out.key("timeline").arr();
  for (let i = 0; i < st.rounds.length; i++) {
    const rec = st.rounds[i];
    out.obj().kInt("round", rec.round).kInt("time", rec.time);
    if (rec.inPlace.length > 0) out.key("inPlace").strs(rec.inPlace);
    if (rec.recreated.length > 0) out.key("recreated").strs(rec.recreated);
    if (rec.surged.length > 0) out.key("surged").strs(rec.surged);
    if (rec.created.length > 0) out.key("created").strs(rec.created);
    if (rec.deleted.length > 0) out.key("deleted").strs(rec.deleted);
    if (rec.other.length > 0) out.key("other").strs(rec.other);
    out.kInt("available", rec.available).kInt("availableAfter", rec.availableAfter).kInt("floor", rec.floor)
      .kInt("total", rec.total).kInt("updated", rec.updated).end();
  }
  out.endArr();
  return true;
}

