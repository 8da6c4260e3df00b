// A DaemonSet rollout (native or Advanced) played round by round: each round is one sync
// (planDaemonSet) and the status update after it (status.desiredNumberScheduled, which the next sync
// scales partition and burstReplicas against; a DaemonSet given without it starts from the nodes that
// should run, as one its controller synced before); created pods land on their node at the new revision
// (the DaemonSet's hash), deleted pods are gone at once, in-place updates relabel the pod and keep it not
// Ready for a while.

import { Pod } from "./pod";
import { GoTime } from "./gotime";
import { podAvailable } from "./availability";
import { Verdicts } from "./verdict";
import { PlanOptions } from "./options";
import { DaemonSet, DSNode, planDaemonSet, dsNumbers, isPodUpdated } from "./daemonset";
import { SimState, SimRound, SimWorkload, newSimPod, inPlaceUpdate, removePods } from "./simmodel";

/** The DaemonSet simulation's state. */
export class DaemonSetSim extends SimWorkload {
  constructor(public ds: DaemonSet, public nodes: Array<DSNode>, public pods: Array<Pod>, public hash: string, public verdicts: Verdicts,
    public opts: PlanOptions) { super(); }

  total(): i64 { return this.pods.length; }
  minReady(): i64 { return this.ds.minReadySeconds; }
  allPods(): Array<Pod> { return this.pods; }

  /** desiredNumberScheduled − maxUnavailable. */
  floor(): i64 {
    const n = dsNumbers(this.ds, this.nodes);
    return n.desired - n.maxUnavailable;
  }

  /** Available pods now. */
  available(now: GoTime): i64 {
    let n: i64 = 0;
    for (let i = 0; i < this.pods.length; i++) if (!this.pods[i].deleting && podAvailable(this.pods[i], this.ds.minReadySeconds, now)) n++;
    return n;
  }

  /** Pods at the new revision. */
  updated(): i64 {
    let n: i64 = 0;
    for (let i = 0; i < this.pods.length; i++) if (isPodUpdated(this.ds, this.pods[i], this.hash)) n++;
    return n;
  }

  /** One pod per node that should run, desired − partition of them updated, all available. */
  done(now: GoTime): bool {
    const n = dsNumbers(this.ds, this.nodes);
    return <i64>this.pods.length == n.desired && this.updated() >= n.desired - n.partition && this.available(now) == n.desired;
  }

  /** One sync (ending, as the controller's status update does, with status.desiredNumberScheduled written). */
  step(st: SimState, rec: SimRound): void {
    // a DaemonSet given without status has its pods already: its controller synced it before
    if (!this.ds.hasStatusDesired) {
      this.ds.statusDesired = dsNumbers(this.ds, this.nodes).desired;
      this.ds.hasStatusDesired = true;
    }
    const r = planDaemonSet(this.ds, this.nodes, this.pods, this.hash, st.now, this.verdicts, false, this.opts);
    this.ds.statusDesired = r.nums.desired;
    if (r.error !== null) this.error = r.error;
    const byName = new Map<string, Pod>();
    for (let i = 0; i < this.pods.length; i++) byName.set(this.pods[i].name, this.pods[i]);
    for (let i = 0; i < r.inPlace.length; i++) {
      if (!byName.has(r.inPlace[i])) continue;
      const p = byName.get(r.inPlace[i]);
      inPlaceUpdate(st, p, this.hash, st.nextUpdatedFails());
      rec.inPlace.push(p.name);
    }
    const gone = new Set<string>();
    for (let i = 0; i < r.deletes.length; i++) gone.add(r.deletes[i]);
    const occupiedNodes = new Set<string>();
    for (let k = 0; k < this.pods.length; k++) if (!gone.has(this.pods[k].name)) occupiedNodes.add(this.pods[k].targetNode);
    for (let i = 0; i < r.creates.length; i++) {
      const node = r.creates[i];
      const occupied = occupiedNodes.has(node);
      st.serial++;
      const p = newSimPod(st, (this.ds.name.length > 0 ? this.ds.name : "ds") + "-" + node + "-" + st.serial.toString(), this.hash, node, st.nextUpdatedFails());
      if (this.ds.kruise && this.ds.rollingUpdateType == "InPlaceIfPossible") p.inPlaceGate = true;
      this.pods.push(p);
      if (occupied) rec.surged.push(p.name); else rec.created.push(p.name);
    }
    for (let i = 0; i < r.deletes.length; i++) rec.deleted.push(r.deletes[i]);
    this.pods = removePods(this.pods, r.deletes);
    for (let i = 0; i < r.preparingDelete.length; i++) {
      const p: Pod | null = byName.has(r.preparingDelete[i]) ? byName.get(r.preparingDelete[i]) : null;
      if (p !== null) { p.setLabel("lifecycle.apps.kruise.io/state", "PreparingDelete"); rec.other.push("preparing-delete " + p.name); rec.changed = true; }
    }
    for (let i = 0; i < this.pods.length; i++) this.pods[i].idx = i;
  }
}

