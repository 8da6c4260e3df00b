// A CloneSet rollout played round by round: each round is one sync (Scale, then Update when Scale did
// nothing), with the scale step as cloneset_scale.go does it: create (scaleUpLimit, current-revision
// pods first when the partition asks for them), delete specified-delete pods within deleteReadyLimit,
// scale down (old-revision pods first, in ActivePods order; the ranking by node or spread constraints
// is not modelled). Lifecycle hooks are not modelled; deleted pods are gone at once.

import { Pod, LABEL_SPECIFIED_DELETE } from "./pod";
import { GoTime } from "./gotime";
import { PlanOptions } from "./options";
import { sortActivePods } from "./shortcuts";
import { KRUISE_GO } from "../base/pins";
import { cloneSetPodAvailable } from "./availability";
import { Verdicts } from "./verdict";
import { CloneSet, CloneSetNumbers, CloneSetGates, calculateDiffs, isSpecifiedDelete, isPodUpdate, equalToRevisionHash } from "./cloneset";
import { planCloneSetUpdate, ACT_IN_PLACE, ACT_RECREATE, ACT_ERROR } from "./clonesetupdate";
import { SimState, SimRound, SimWorkload, newSimPod, inPlaceUpdate, removePods } from "./simmodel";

/** The CloneSet simulation's state. */
export class CloneSetSim extends SimWorkload {
  cs: CloneSet;
  nums: CloneSetNumbers;
  pods: Array<Pod>;
  currentRevision: string;
  updateRevision: string;
  gates: CloneSetGates;
  verdicts: Verdicts;
  opts: PlanOptions;

  constructor(cs: CloneSet, nums: CloneSetNumbers, pods: Array<Pod>, cur: string, upd: string, gates: CloneSetGates, verdicts: Verdicts, opts: PlanOptions) {
    super();
    this.cs = cs; this.nums = nums; this.pods = pods; this.currentRevision = cur; this.updateRevision = upd; this.gates = gates; this.verdicts = verdicts;
    this.opts = opts;
  }

  total(): i64 { return this.pods.length; }
  floor(): i64 { return <i64>this.cs.replicas - this.nums.maxUnavailable; }
  minReady(): i64 { return this.cs.minReadySeconds; }
  allPods(): Array<Pod> { return this.pods; }

  /** Pods available now. */
  available(now: GoTime): i64 {
    let n: i64 = 0;
    for (let i = 0; i < this.pods.length; i++) if (cloneSetPodAvailable(this.pods[i], this.cs.minReadySeconds, now)) n++;
    return n;
  }

  /** Pods at the update revision. */
  updated(): i64 {
    let n: i64 = 0;
    for (let i = 0; i < this.pods.length; i++) if (equalToRevisionHash(this.pods[i], this.updateRevision)) n++;
    return n;
  }

  /** replicas − partition pods at the update revision, replicas pods in all, all available. */
  done(now: GoTime): bool {
    const replicas: i64 = this.cs.replicas;
    return <i64>this.pods.length == replicas && this.updated() >= replicas - this.nums.partition && this.available(now) == replicas;
  }

  /** One sync. */
  step(st: SimState, rec: SimRound): void {
    const now = st.now;
    const cs = this.cs;
    const d = calculateDiffs(cs, this.nums, this.pods, this.currentRevision, this.updateRevision, true, this.gates, now);
    if (d.scaleUpNum > 0) {
      const n = d.scaleUpLimit;
      const curN = d.scaleUpNumOldRevision;
      for (let k: i64 = 0; k < n; k++) {
        const toCurrent = n <= curN || k < curN;
        const rev = toCurrent ? this.currentRevision : this.updateRevision;
        const fails = !toCurrent && st.nextUpdatedFails();
        st.serial++;
        const p = newSimPod(st, (cs.name.length > 0 ? cs.name : "pod") + "-n" + st.serial.toString(), rev, "node", fails);
        p.idx = this.pods.length;
        this.pods.push(p);
        if (<i64>this.pods.length > <i64>cs.replicas) rec.surged.push(p.name); else rec.created.push(p.name);
      }
      return;
    }
    let limit = d.deleteReadyLimit;
    const specified = new Array<string>();
    for (let i = 0; i < this.pods.length; i++) {
      const p = this.pods[i];
      if (!isSpecifiedDelete(cs, p)) continue;
      if (!cloneSetPodAvailable(p, 0, now)) specified.push(p.name);
      else if (limit > 0) { specified.push(p.name); limit--; }
    }
    if (specified.length > 0) {
      this.pods = removePods(this.pods, specified);
      for (let i = 0; i < specified.length; i++) rec.deleted.push(specified[i]);
      return;
    }
    let anySpecified = false;
    for (let i = 0; i < this.pods.length; i++) if (isSpecifiedDelete(cs, this.pods[i])) { anySpecified = true; break; }
    if (d.scaleDownNum > 0 && !anySpecified) {
      const oldIdx = new Array<i32>();
      const newIdx = new Array<i32>();
      for (let i = 0; i < this.pods.length; i++) {
        if (isPodUpdate(this.pods[i], this.updateRevision, this.gates)) newIdx.push(i); else oldIdx.push(i);
      }
      const chosen = new Array<i32>();
      const total = d.scaleDownNum;
      const fromOld = d.scaleDownNumOldRevision >= total ? total : d.scaleDownNumOldRevision;
      if (fromOld > 0) { sortActivePods(this.opts, this.pods, oldIdx, KRUISE_GO); for (let k = 0; k < <i32>fromOld && k < oldIdx.length; k++) chosen.push(oldIdx[k]); }
      if (total > fromOld) { sortActivePods(this.opts, this.pods, newIdx, KRUISE_GO); for (let k = 0; k < <i32>(total - fromOld) && k < newIdx.length; k++) chosen.push(newIdx[k]); }
      const names = new Array<string>();
      for (let k = 0; k < chosen.length; k++) {
        const p = this.pods[chosen[k]];
        if (!cloneSetPodAvailable(p, 0, now)) names.push(p.name);
        else if (limit > 0) { names.push(p.name); limit--; }
      }
      this.pods = removePods(this.pods, names);
      for (let i = 0; i < names.length; i++) rec.deleted.push(names[i]);
      return;
    }
    for (let i = 0; i < this.pods.length; i++) this.pods[i].idx = i;
    const plan = planCloneSetUpdate(cs, this.nums, this.pods, this.currentRevision, this.updateRevision, this.gates, now, this.verdicts, this.opts);
    for (let i = 0; i < plan.actions.length; i++) {
      const a = plan.actions[i];
      if (a.action == ACT_IN_PLACE) {
        const toUpdate = plan.targetRevision == this.updateRevision;
        inPlaceUpdate(st, a.pod, plan.targetRevision, toUpdate && st.nextUpdatedFails());
        rec.inPlace.push(a.pod.name);
      } else if (a.action == ACT_RECREATE) {
        a.pod.setLabel(LABEL_SPECIFIED_DELETE, "true");
        rec.recreated.push(a.pod.name);
      } else if (a.action == ACT_ERROR) {
        this.error = a.error;
      } else {
        // lifecycle steps: prepare-update moves the pod to PreparingUpdate, wait-hook changes nothing
        if (a.action == "prepare-update") { a.pod.setLabel("lifecycle.apps.kruise.io/state", "PreparingUpdate"); rec.changed = true; }
        rec.other.push(a.action + " " + a.pod.name);
      }
    }
  }
}
