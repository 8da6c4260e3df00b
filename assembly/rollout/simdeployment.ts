// A Deployment rollout played round by round: each round is one Deployment sync (planDeployment) and
// then the ReplicaSet controller bringing each set's pods to its size (new pods are created not Ready;
// surplus pods are deleted in ActivePods order: unscheduled, pending, not ready, newest first).

import { Pod } from "./pod";
import { GoTime } from "./gotime";
import { podAvailable } from "./availability";
import { PlanOptions } from "./options";
import { sortActivePods } from "./shortcuts";
import { K8S_NEWEST_GO } from "../base/pins";
import { Deployment, RS, planDeployment, deployNumbers } from "./deployment";
import { SimState, SimRound, SimWorkload, newSimPod } from "./simmodel";

/** The Deployment simulation's state: sets and the pods of each. */
export class DeploymentSim extends SimWorkload {
  pods: Array<Array<Pod>> = new Array<Array<Pod>>();
  minReadySeconds: i64 = 0;

  constructor(public d: Deployment, public sets: Array<RS>, st: SimState, public opts: PlanOptions) {
    super();
    this.minReadySeconds = d.minReadySeconds;
    for (let i = 0; i < sets.length; i++) {
      const ps = new Array<Pod>();
      const rs = sets[i];
      for (let k = 0; k < rs.actualReplicas; k++) {
        st.serial++;
        const p = newSimPod(st, rs.name + "-" + st.serial.toString(), rs.name, "node", false);
        if (k < rs.availableReplicas) { p.ready = 1; p.readyTransition = GoTime.at(st.now.sec - 3600); p.readySince = p.readyTransition; p.simReadyAt = -1; }
        ps.push(p);
      }
      this.pods.push(ps);
    }
  }

  minReady(): i64 { return this.minReadySeconds; }
  total(): i64 { let n: i64 = 0; for (let i = 0; i < this.pods.length; i++) n += this.pods[i].length; return n; }

  /** All pods. */
  allPods(): Array<Pod> {
    const out = new Array<Pod>();
    for (let i = 0; i < this.pods.length; i++) for (let k = 0; k < this.pods[i].length; k++) out.push(this.pods[i][k]);
    return out;
  }

  /** replicas − maxUnavailable (Recreate promises nothing: 0). */
  floor(): i64 { return this.d.recreate ? 0 : <i64>this.d.replicas - <i64>deployNumbers(this.d).maxUnavailable; }

  /** Available pods now. */
  available(now: GoTime): i64 {
    let n: i64 = 0;
    for (let i = 0; i < this.pods.length; i++) for (let k = 0; k < this.pods[i].length; k++) if (podAvailable(this.pods[i][k], this.minReadySeconds, now)) n++;
    return n;
  }

  /** Pods of the new ReplicaSet. */
  updated(): i64 {
    for (let i = 0; i < this.sets.length; i++) if (this.sets[i].isNew) return this.pods[i].length;
    return 0;
  }

  /** Every pod in the new set, all available. */
  done(now: GoTime): bool {
    let total: i64 = 0;
    for (let i = 0; i < this.pods.length; i++) total += this.pods[i].length;
    return this.updated() == <i64>this.d.replicas && total == <i64>this.d.replicas && this.available(now) == <i64>this.d.replicas;
  }

  /** One Deployment sync, then the ReplicaSet controller. */
  step(st: SimState, rec: SimRound): void {
    // refresh the sets' status from their pods
    for (let i = 0; i < this.sets.length; i++) {
      let avail = 0;
      for (let k = 0; k < this.pods[i].length; k++) if (podAvailable(this.pods[i][k], this.minReadySeconds, st.now)) avail++;
      this.sets[i].availableReplicas = avail;
      this.sets[i].actualReplicas = this.pods[i].length;
    }
    const before = this.sets.length;
    const r = planDeployment(this.d, this.sets);
    if (r.error !== null) { this.error = r.error; return; }
    for (let i = before; i < this.sets.length; i++) this.pods.push(new Array<Pod>());
    for (let i = 0; i < r.actions.length; i++) {
      const a = r.actions[i];
      rec.other.push("scale " + a.rs + " " + a.from.toString() + "->" + a.to.toString());
      rec.changed = true;
    }
    let total = 0;
    for (let i = 0; i < this.pods.length; i++) total += this.pods[i].length;
    // ReplicaSet controller
    for (let i = 0; i < this.sets.length; i++) {
      const rs = this.sets[i];
      const ps = this.pods[i];
      if (ps.length > rs.replicas) {
        const order = new Array<i32>(ps.length);
        for (let k = 0; k < ps.length; k++) order[k] = k;
        sortActivePods(this.opts, ps, order, K8S_NEWEST_GO);
        const drop = new Set<i32>();
        for (let k = 0; k < ps.length - rs.replicas; k++) { drop.add(order[k]); rec.deleted.push(ps[order[k]].name); }
        const keep = new Array<Pod>();
        for (let k = 0; k < ps.length; k++) if (!drop.has(k)) keep.push(ps[k]);
        this.pods[i] = keep;
        total -= ps.length - keep.length;
      }
    }
    for (let i = 0; i < this.sets.length; i++) {
      const rs = this.sets[i];
      const ps = this.pods[i];
      while (ps.length < rs.replicas) {
        st.serial++;
        const p = newSimPod(st, rs.name + "-" + st.serial.toString(), rs.name, "node", rs.isNew && st.nextUpdatedFails());
        ps.push(p);
        total++;
        if (total > this.d.replicas) rec.surged.push(p.name); else rec.created.push(p.name);
      }
    }
  }
}
