// A DaemonSet rollout (native or Advanced) played round by round: each round is one sync
// (planDaemonSet); created pods land on their node at the new revision (the DaemonSet's hash),
// deleted pods are gone at once, in-place updates relabel the pod and keep it not Ready for a while.

import { Pod } from "./pod";
import { GoTime } from "./gotime";
import { podAvailable } from "./availability";
import { Verdicts } from "./verdict";
import { DaemonSet, DSNode, planDaemonSet, dsNumbers, isPodUpdated } from "./daemonset";
import { SimState, SimRound, SimWorkload, newSimPod, inPlaceUpdate, removePods } from "./simmodel";

/** The DaemonSet simulation's state. */
export class DaemonSetSim extends SimWorkload {
  constructor(public ds: DaemonSet, public nodes: Array<DSNode>, public pods: Array<Pod>, public hash: string, public verdicts: Verdicts) { super(); }

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

  /** One sync. */
  step(st: SimState, rec: SimRound): void {
    const r = planDaemonSet(this.ds, this.nodes, this.pods, this.hash, st.now, this.verdicts);
    if (r.error !== null) this.error = r.error;
    for (let i = 0; i < r.inPlace.length; i++) {
      const p = find(this.pods, r.inPlace[i]);
      if (p === null) continue;
      inPlaceUpdate(st, p, this.hash, st.nextUpdatedFails());
      rec.inPlace.push(p.name);
    }
    for (let i = 0; i < r.creates.length; i++) {
      const node = r.creates[i];
      let occupied = false;
      for (let k = 0; k < this.pods.length; k++) if (this.pods[k].targetNode == node && !r.deletes.includes(this.pods[k].name)) { occupied = true; break; }
      st.serial++;
      const p = newSimPod(st, (this.ds.name.length > 0 ? this.ds.name : "ds") + "-" + node + "-" + st.serial.toString(), this.hash, node, st.nextUpdatedFails());
      if (this.ds.kruise && this.ds.rollingUpdateType == "InPlaceIfPossible") p.inPlaceGate = true;
      this.pods.push(p);
      if (occupied) rec.surged.push(p.name); else rec.created.push(p.name);
    }
    for (let i = 0; i < r.deletes.length; i++) rec.deleted.push(r.deletes[i]);
    this.pods = removePods(this.pods, r.deletes);
    for (let i = 0; i < r.preparingDelete.length; i++) {
      const p = find(this.pods, r.preparingDelete[i]);
      if (p !== null) { p.setLabel("lifecycle.apps.kruise.io/state", "PreparingDelete"); rec.other.push("preparing-delete " + p.name); rec.changed = true; }
    }
    for (let i = 0; i < this.pods.length; i++) this.pods[i].idx = i;
  }
}

function find(pods: Array<Pod>, name: string): Pod | null {
  for (let i = 0; i < pods.length; i++) if (pods[i].name == name) return pods[i];
  return null;
}
