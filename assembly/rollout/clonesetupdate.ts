// One round of the CloneSet update (OpenKruise v1.9.0 pkg/controller/cloneset/sync/cloneset_update.go Update):
// candidates (pods not at the target revision; PreparingDelete and in-grace pods skipped, Updated
// pods always taken), their order (SortUpdateIndexes: Kubernetes ActivePods by sort.Slice, then the
// priority and scatter strategies, then PreparingUpdate pods first), the limit (|updateNum|, then the unavailable budget
// walk of limitUpdateIndexes), and what happens to each chosen pod (updatePod): in-place, recreate
// (specified-delete), a lifecycle step, or the InPlaceOnly error that stops the round.
// The refresh step before it is assumed to change nothing (the pods' states are settled).

import { Pod } from "./pod";
import { GoTime } from "./gotime";
import { scatterSort } from "./scatter";
import { PlanOptions } from "./options";
import { sortActivePods, sortPriority, sortPreparingFirst, podHooked } from "./shortcuts";
import { KRUISE_GO } from "../base/pins";
import { cloneSetPodAvailable } from "./availability";
import { Hook } from "./lifecycle";
import { Verdicts } from "./verdict";
import { CloneSet, CloneSetNumbers, CloneSetGates, Diffs, calculateDiffs, equalToRevisionHash,
  CS_ON_DELETE, CS_IN_PLACE_IF_POSSIBLE, CS_IN_PLACE_ONLY } from "./cloneset";

export const ACT_IN_PLACE = "in-place";
export const ACT_RECREATE = "recreate";
export const ACT_PREPARE_UPDATE = "prepare-update";
export const ACT_WAIT_HOOK = "wait-hook";
export const ACT_ERROR = "error";

/** What updatePod does to one pod. */
export class PodAction {
  constructor(public pod: Pod, public action: string, public error: string | null = null) {}
}

/** One planned round. */
export class CloneSetUpdatePlan {
  diffs: Diffs = new Diffs();
  /** Why nothing is updated ("" when something may be): onDelete, paused, noUpdateNeeded. */
  reason: string = "";
  targetRevision: string = "";
  /** Candidates before the limit, in order. */
  candidates: Array<i32> = new Array<i32>();
  actions: Array<PodAction> = new Array<PodAction>();
}

/** SortUpdateIndexes(coreControl, strategy, pods, waitUpdateIndexes). */
export function sortUpdateIndexes(cs: CloneSet, pods: Array<Pod>, indexes: Array<i32>, opts: PlanOptions): Array<i32> {
  sortActivePods(opts, pods, indexes, KRUISE_GO);
  const pr = cs.priority;
  if (pr !== null) sortPriority(opts, pr, pods, indexes);
  const sc = cs.scatter;
  if (sc !== null) indexes = scatterSort(sc, pods, indexes);
  sortPreparingFirst(opts, pods, indexes);
  return indexes;
}

/** limitUpdateIndexes. */
export function limitUpdateIndexes(cs: CloneSet, diffs: Diffs, indexes: Array<i32>, pods: Array<Pod>, target: string, now: GoTime): Array<i32> {
  const updateDiff = diffs.updateNum < 0 ? -diffs.updateNum : diffs.updateNum;
  if (updateDiff < <i64>indexes.length) indexes = indexes.slice(0, <i32>updateDiff);
  let unavailable: i64 = 0, targetUnavailable: i64 = 0, canUpdate: i64 = 0;
  for (let i = 0; i < pods.length; i++) {
    const p = pods[i];
    if (!cloneSetPodAvailable(p, cs.minReadySeconds, now)) {
      unavailable++;
      if (equalToRevisionHash(p, target)) targetUnavailable++;
    }
  }
  for (let k = 0; k < indexes.length; k++) {
    if (targetUnavailable + canUpdate >= diffs.updateMaxUnavailable) break;
    if (cloneSetPodAvailable(pods[indexes[k]], cs.minReadySeconds, now)) {
      if (unavailable >= diffs.updateMaxUnavailable) break;
      unavailable++;
    }
    canUpdate++;
  }
  if (canUpdate < <i64>indexes.length) indexes = indexes.slice(0, <i32>canUpdate);
  return indexes;
}

/** What updatePod does to pod p (with the policy engine's in-place verdict). */
export function podUpdateAction(cs: CloneSet, p: Pod, canInPlace: bool, opts: PlanOptions): PodAction {
  if (cs.updateType == CS_IN_PLACE_IF_POSSIBLE || cs.updateType == CS_IN_PLACE_ONLY) {
    if (canInPlace) {
      const state = p.lifecycle;
      const lc = cs.lifecycle;
      const hook: Hook | null = lc === null ? null : lc.inPlaceUpdate;
      if (state == "" || state == "PreparingNormal" || state == "Normal") {
        if (lc !== null && podHooked(opts, hook, p)) return new PodAction(p, ACT_PREPARE_UPDATE);
      } else if (state == "Updated") {
        return new PodAction(p, ACT_PREPARE_UPDATE);
      } else if (state == "PreparingUpdate") {
        if (lc !== null && podHooked(opts, hook, p)) return new PodAction(p, ACT_WAIT_HOOK);
      } else if (state != "Updating") {
        return new PodAction(p, ACT_ERROR, "not allowed to in-place update pod " + p.name + " in state " + state);
      }
      return new PodAction(p, ACT_IN_PLACE);
    }
    if (cs.updateType == CS_IN_PLACE_ONLY) {
      return new PodAction(p, ACT_ERROR, "find Pod " + p.name + " update strategy is InPlaceOnly but can not update in-place");
    }
  }
  return new PodAction(p, ACT_RECREATE);
}

/** The in-place grace annotation (new key, then the old one); "" when absent. */
function graceAnnotation(p: Pod): string {
  const v = p.annotations.get("apps.kruise.io/inplace-update-grace");
  if (v !== null) return v;
  return p.annotations.at("inplace-update-grace");
}

/** Plans one update round of a CloneSet. */
export function planCloneSetUpdate(cs: CloneSet, nums: CloneSetNumbers, pods: Array<Pod>, currentRevision: string, updateRevision: string,
  gates: CloneSetGates, now: GoTime, verdicts: Verdicts, opts: PlanOptions, waitUpdate: Array<i32> | null = null, sortCandidates: bool = true): CloneSetUpdatePlan {
  const plan = new CloneSetUpdatePlan();
  plan.diffs = calculateDiffs(cs, nums, pods, currentRevision, updateRevision, false, gates, now);
  // v1.9.0's Update returns at OnDelete; before it the type is not special (pods are recreated like ReCreate)
  if (cs.updateType == CS_ON_DELETE && cs.release >= 9) { plan.reason = "onDelete"; return plan; }
  if (cs.paused) { plan.reason = "paused"; return plan; }
  const d = plan.diffs;
  if (d.updateNum == 0) { plan.reason = "noUpdateNeeded"; return plan; }
  const target = d.updateNum < 0 ? currentRevision : updateRevision;
  plan.targetRevision = target;
  let wait = new Array<i32>();
  if (waitUpdate !== null) wait = waitUpdate;
  else for (let i = 0; i < pods.length; i++) {
    const p = pods[i];
    const onUpdate = equalToRevisionHash(p, updateRevision);
    if (d.updateNum > 0 ? onUpdate : !onUpdate) continue;
    const state = p.lifecycle;
    if (state == "PreparingDelete") continue;
    if (state != "Updated" && graceAnnotation(p).length > 0) continue;
    wait.push(i);
  }
  if (sortCandidates) wait = sortUpdateIndexes(cs, pods, wait, opts);
  plan.candidates = wait.slice(0);
  const chosen = limitUpdateIndexes(cs, d, wait, pods, target, now);
  for (let k = 0; k < chosen.length; k++) {
    const p = pods[chosen[k]];
    const a = podUpdateAction(cs, p, verdicts.canInPlace(p.name), opts);
    plan.actions.push(a);
    if (a.action == ACT_ERROR) break;
  }
  return plan;
}
