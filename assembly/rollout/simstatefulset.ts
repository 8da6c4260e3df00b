// A StatefulSet rollout (native or Advanced) played round by round: each round is one sync
// (planStatefulSet); a deleted pod comes back with the same name in a later round at the revision its
// ordinal gets (below the partition: the current revision, else the update revision).

import { Pod } from "./pod";
import { GoTime } from "./gotime";
import { podAvailable } from "./availability";
import { Verdicts } from "./verdict";
import { PlanOptions } from "./options";
import { StatefulSet, planStatefulSet, podOrdinal } from "./statefulset";
import { SimState, SimRound, SimWorkload, newSimPod, inPlaceUpdate, removePods } from "./simmodel";

/** The first pod of each name. */
function firstByName(pods: Array<Pod>): Map<string, Pod> {
  const m = new Map<string, Pod>();
  for (let i = 0; i < pods.length; i++) if (!m.has(pods[i].name)) m.set(pods[i].name, pods[i]);
  return m;
}

/** The StatefulSet simulation's state. */
export class StatefulSetSim extends SimWorkload {
  maxUnavailable: i64 = 1;
  constructor(public s: StatefulSet, public pods: Array<Pod>, public currentRevision: string, public updateRevision: string,
    public verdicts: Verdicts, public gate: bool, public opts: PlanOptions) { super(); }

  total(): i64 { return this.pods.length; }
  floor(): i64 { return this.s.replicas - this.maxUnavailable; }
  minReady(): i64 { return this.s.minReadySeconds; }
  allPods(): Array<Pod> { return this.pods; }

  /** Available pods now. */
  available(now: GoTime): i64 {
    let n: i64 = 0;
    for (let i = 0; i < this.pods.length; i++) {
      const p = this.pods[i];
      if (!p.deleting && p.phase == "Running" && podAvailable(p, this.s.minReadySeconds, now)) n++;
    }
    return n;
  }

  /** Pods at the update revision. */
  updated(): i64 {
    let n: i64 = 0;
    for (let i = 0; i < this.pods.length; i++) if (this.pods[i].revision == this.updateRevision) n++;
    return n;
  }

  /** All replicas present and available, ordinals at or above the partition updated. */
  done(now: GoTime): bool {
    if (<i64>this.pods.length != this.s.replicas || this.available(now) != this.s.replicas) return false;
    for (let i = 0; i < this.pods.length; i++) {
      const p = this.pods[i];
      if (podOrdinal(p) - this.s.startOrdinal >= this.s.partition && p.revision != this.updateRevision) return false;
    }
    return true;
  }

  /** One sync. */
  step(st: SimState, rec: SimRound): void {
    const r = planStatefulSet(this.s, this.pods, this.currentRevision, this.updateRevision, st.now, this.verdicts, this.gate, false, this.opts);
    this.maxUnavailable = r.maxUnavailable > 0 ? r.maxUnavailable : this.maxUnavailable;
    if (r.error !== null) this.error = r.error;
    const gone = new Array<string>();
    const created = new Array<Pod>();
    const createdNames = new Array<string>();
    for (let i = 0; i < r.create.length; i++) {
      const ord = r.create[i];
      const toUpdate = ord >= this.s.startOrdinal + this.s.partition;
      const rev = toUpdate ? this.updateRevision : this.currentRevision;
      const p = newSimPod(st, this.s.name + "-" + ord.toString(), rev, "node", toUpdate && st.nextUpdatedFails());
      created.push(p);
      createdNames.push(p.name);
      rec.created.push(p.name);
    }
    // the new pods replace any not-yet-created placeholder of the same name
    if (created.length > 0) this.pods = removePods(this.pods, createdNames).concat(created);
    for (let i = 0; i < r.recreate.length; i++) { gone.push(r.recreate[i]); rec.recreated.push(r.recreate[i]); }
    for (let i = 0; i < r.condemned.length; i++) { gone.push(r.condemned[i]); rec.deleted.push(r.condemned[i]); }
    for (let i = 0; i < r.specifiedDelete.length; i++) { gone.push(r.specifiedDelete[i]); rec.recreated.push(r.specifiedDelete[i]); }
    let byName: Map<string, Pod> | null = null;
    for (let i = 0; i < r.actions.length; i++) {
      const a = r.actions[i];
      const name = r.actionPods[i];
      if (a == "recreate") { gone.push(name); rec.recreated.push(name); }
      else if (a == "in-place") {
        if (byName === null) byName = firstByName(this.pods);
        if (byName.has(name)) inPlaceUpdate(st, byName.get(name), this.updateRevision, st.nextUpdatedFails());
        rec.inPlace.push(name);
      } else if (a.startsWith("error:")) this.error = a.substring(6);
      else rec.other.push(a + " " + name);
    }
    this.pods = removePods(this.pods, gone);
    for (let i = 0; i < this.pods.length; i++) this.pods[i].idx = i;
  }
}
