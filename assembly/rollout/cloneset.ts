// The CloneSet (apps.kruise.io/v1alpha1, OpenKruise v1.9.0) as its controller reads it, and
// calculateDiffsWithExpectation (pkg/controller/cloneset/sync/cloneset_sync_utils.go): how many pods
// to create, delete and update this round, how much surge to use and how many may be unavailable.

import { Obj, StrMap, strEq } from "./objects";
import { RolloutLimits } from "./options";
import { IntOrStr, IOS_NIL, scaledKubernetesDeprecated, orDefault } from "../upstream/intstr/intorstr";
import { partitionReplicas } from "./partition";
import { PriorityStrategy, readPriorityStrategy } from "./priority";
import { ScatterTerm, readScatterStrategy } from "./scatter";
import { Lifecycle, readLifecycle } from "./lifecycle";
import { Pod, LABEL_SPECIFIED_DELETE } from "./pod";
import { GoTime } from "./gotime";
import { cloneSetPodAvailable } from "./availability";

export const CS_RECREATE = "ReCreate";
export const CS_IN_PLACE_IF_POSSIBLE = "InPlaceIfPossible";
export const CS_IN_PLACE_ONLY = "InPlaceOnly";
export const CS_ON_DELETE = "OnDelete";

/** Feature gates and flags the CloneSet controller consults. */
export class CloneSetGates {
  /** CloneSetPartitionRollback (default false). */
  partitionRollback: bool = false;
  /** PreparingUpdateAsUpdate (default false). */
  preparingUpdateAsUpdate: bool = false;
  /** --cloneset-scaling-exclude-preparing-delete (default false). */
  scalingExcludePreparingDelete: bool = false;
}

/** Reads request member `gates` (object of booleans named after the gates) and the scaling flag. */
export function readCloneSetGates(o: Obj): CloneSetGates {
  const g = new CloneSetGates();
  const go = o.obj("gates");
  g.partitionRollback = go.bool("CloneSetPartitionRollback", false);
  g.preparingUpdateAsUpdate = go.bool("PreparingUpdateAsUpdate", false);
  g.scalingExcludePreparingDelete = o.bool("scalingExcludePreparingDelete", false);
  return g;
}

/** The fields of a CloneSet the rollout depends on. */
export class CloneSet {
  /** The OpenKruise minor whose controller plans (5 .. 9): before v1.9 an OnDelete type is no strategy of its own. */
  release: i32 = 9;
  name: string = "";
  labels: StrMap = new StrMap();
  /** spec.replicas (defaulted to 1 when absent, as the webhook does). */
  replicas: i32 = 1;
  minReadySeconds: i64 = 0;
  updateType: string = CS_RECREATE;
  partition: IntOrStr = new IntOrStr();
  maxUnavailable: IntOrStr = new IntOrStr();
  maxSurge: IntOrStr = new IntOrStr();
  paused: bool = false;
  priority: PriorityStrategy | null = null;
  scatter: Array<ScatterTerm> | null = null;
  gracePeriodSeconds: i64 = 0;
  scaleMaxUnavailable: IntOrStr = new IntOrStr();
  /** scaleStrategy.podsToDelete (upstream walks the list; a set answers the same membership). */
  podsToDelete: Set<string> = new Set<string>();
  lifecycle: Lifecycle | null = null;
}

/** Reads a CloneSet object (priority and scatter terms within `limits`). */
export function readCloneSet(o: Obj, limits: RolloutLimits, release: i32 = 9): CloneSet {
  const cs = new CloneSet();
  cs.release = release;
  const md = o.obj("metadata");
  cs.name = md.str("name");
  cs.labels = md.map("labels");
  const spec = o.obj("spec");
  cs.replicas = <i32>spec.int("replicas", 1, 0);
  cs.minReadySeconds = spec.int("minReadySeconds", 0, 0);
  const us = spec.obj("updateStrategy");
  const type = us.str("type");
  cs.updateType = type.length > 0 ? type : CS_RECREATE;
  cs.partition = us.ios("partition");
  cs.maxUnavailable = us.ios("maxUnavailable");
  cs.maxSurge = us.ios("maxSurge");
  cs.paused = us.bool("paused", false);
  cs.priority = readPriorityStrategy(us, "priorityStrategy", limits);
  cs.scatter = readScatterStrategy(us, "scatterStrategy", limits);
  cs.gracePeriodSeconds = us.obj("inPlaceUpdateStrategy").int("gracePeriodSeconds", 0, 0);
  const ss = spec.obj("scaleStrategy");
  cs.scaleMaxUnavailable = ss.ios("maxUnavailable");
  const names = ss.strs("podsToDelete");
  for (let i = 0; i < names.length; i++) cs.podsToDelete.add(names[i]);
  cs.lifecycle = readLifecycle(spec, "lifecycle");
  return cs;
}

/** clonesetutils.EqualToRevisionHash: the pod's controller-revision-hash equals `hash`, in full or short form. */
export function equalToRevisionHash(p: Pod, hash: string): bool {
  const own = p.revision;
  if (strEq(own, hash)) return true;
  return shortHashEqual(hash, own);
}

/** clonesetutils.GetShortHash(a) == GetShortHash(b) (the parts after the last '-'), compared in place. */
export function shortHashEqual(a: string, b: string): bool {
  const pa = changetype<usize>(a);
  const pb = changetype<usize>(b);
  const i = afterLastDash(pa, a.length);
  const j = afterLastDash(pb, b.length);
  const n = a.length - i;
  if (n != b.length - j) return false;
  for (let k = 0; k < n; k++) if (load<u16>(pa + (<usize>(i + k) << 1)) != load<u16>(pb + (<usize>(j + k) << 1))) return false;
  return true;
}

/** s.lastIndexOf("-") + 1 over the UTF-16 units of a string (0 when there is no dash). */
@inline function afterLastDash(p: usize, n: i32): i32 {
  for (let k = n - 1; k >= 0; k--) if (load<u16>(p + (<usize>k << 1)) == 0x2d) return k + 1;
  return 0;
}

/** revision.IsPodUpdate (PreparingUpdate counts as updated with the PreparingUpdateAsUpdate gate). */
export function revisionIsPodUpdate(p: Pod, updateRevision: string, preparingUpdateAsUpdate: bool): bool {
  if (preparingUpdateAsUpdate && p.lifecycle == "PreparingUpdate") return true;
  return equalToRevisionHash(p, updateRevision);
}

/** revision.IsPodUpdate with the CloneSet controller's gates. */
export function isPodUpdate(p: Pod, updateRevision: string, gates: CloneSetGates): bool {
  return revisionIsPodUpdate(p, updateRevision, gates.preparingUpdateAsUpdate);
}

/** isSpecifiedDelete: the specified-delete label, or named in scaleStrategy.podsToDelete. */
export function isSpecifiedDelete(cs: CloneSet, p: Pod): bool {
  return p.labels.has(LABEL_SPECIFIED_DELETE) || cs.podsToDelete.has(p.name);
}

/** The numbers calculateDiffsWithExpectation works from. */
export class CloneSetNumbers {
  partition: i64 = 0;
  maxSurge: i64 = 0;
  maxUnavailable: i64 = 0;
  scaleMaxUnavailable: i64 = 0;
}

/** The resolved partition, maxSurge (0 when paused), maxUnavailable (rounding depends on maxSurge) and scale maxUnavailable. */
export function cloneSetNumbers(cs: CloneSet): CloneSetNumbers {
  const r = new CloneSetNumbers();
  const replicas: i64 = cs.replicas;
  if (cs.partition.kind != IOS_NIL) {
    const p = partitionReplicas(cs.partition, cs.replicas, true);
    r.partition = p.ok ? p.value : 0; // an illegal partition is logged and ignored upstream
  }
  if (cs.maxSurge.kind != IOS_NIL) {
    const s = scaledKubernetesDeprecated(cs.maxSurge, replicas, true);
    r.maxSurge = s.ok ? s.value : 0;
    if (cs.paused) r.maxSurge = 0;
  }
  const mu = scaledKubernetesDeprecated(orDefault(cs.maxUnavailable, IntOrStr.ofString("20%")), replicas, r.maxSurge == 0);
  r.maxUnavailable = mu.ok ? mu.value : 0;
  const smu = scaledKubernetesDeprecated(orDefault(cs.scaleMaxUnavailable, IntOrStr.ofInt(2147483647)), replicas, true);
  r.scaleMaxUnavailable = smu.ok ? smu.value : 0;
  return r;
}

/** expectationDiffs. */
export class Diffs {
  scaleUpNum: i64 = 0;
  scaleUpNumOldRevision: i64 = 0;
  scaleDownNum: i64 = 0;
  scaleDownNumOldRevision: i64 = 0;
  scaleUpLimit: i64 = 0;
  deleteReadyLimit: i64 = 0;
  useSurge: i64 = 0;
  useSurgeOldRevision: i64 = 0;
  updateNum: i64 = 0;
  updateMaxUnavailable: i64 = 0;
}

@inline function imax(a: i64, b: i64): i64 { return a > b ? a : b; }
@inline function imin(a: i64, b: i64): i64 { return a < b ? a : b; }
@inline function iabs(a: i64): i64 { return a < 0 ? -a : a; }

/**
 * calculateDiffsWithExpectation(cs, pods, currentRevision, updateRevision, isPodUpdate): `scaling`
 * selects the isPodUpdate of the scale path (revision.IsPodUpdate); the update path passes nil
 * (EqualToRevisionHash).
 */
export function calculateDiffs(cs: CloneSet, nums: CloneSetNumbers, pods: Array<Pod>, currentRevision: string, updateRevision: string,
  scaling: bool, gates: CloneSetGates, now: GoTime): Diffs {
  const res = new Diffs();
  const replicas: i64 = cs.replicas;
  const partition = nums.partition;
  const maxSurge = nums.maxSurge;
  const maxUnavailable = nums.maxUnavailable;
  let newCount: i64 = 0, newActive: i64 = 0, oldCount: i64 = 0, oldActive: i64 = 0;
  let unavailableNew: i64 = 0, unavailableOld: i64 = 0;
  let toDeleteNew: i64 = 0, toDeleteOld: i64 = 0, preDeletingNew: i64 = 0, preDeletingOld: i64 = 0;
  for (let i = 0; i < pods.length; i++) {
    const p = unchecked(pods[i]);
    const isNew = scaling ? isPodUpdate(p, updateRevision, gates) : equalToRevisionHash(p, updateRevision);
    const preDeleting = p.lifecycle == "PreparingDelete";
    if (isNew) {
      newCount++;
      if (preDeleting) preDeletingNew++;
      else {
        newActive++;
        if (isSpecifiedDelete(cs, p)) toDeleteNew++;
        else if (!cloneSetPodAvailable(p, cs.minReadySeconds, now)) unavailableNew++;
      }
    } else {
      oldCount++;
      if (preDeleting) preDeletingOld++;
      else {
        oldActive++;
        if (isSpecifiedDelete(cs, p)) toDeleteOld++;
        else if (!cloneSetPodAvailable(p, cs.minReadySeconds, now)) unavailableOld++;
      }
    }
  }
  let updateOldDiff = oldActive - partition;
  let updateNewDiff = newActive - (replicas - partition);
  const totalUnavailable = preDeletingNew + preDeletingOld + unavailableNew + unavailableOld;
  if (updateRevision == currentRevision || !gates.partitionRollback) {
    updateOldDiff = imax(updateOldDiff, 0);
    updateNewDiff = imin(updateNewDiff, 0);
  }
  if (maxSurge > 0) {
    let scaleSurge: i64 = 0, scaleOldRevisionSurge: i64 = 0;
    const toDeleteCount = toDeleteNew + toDeleteOld;
    if (toDeleteCount > 0) {
      scaleSurge = imin(imax(totalUnavailable + toDeleteCount - maxUnavailable, 0), toDeleteCount);
      if (scaleSurge > toDeleteNew) scaleOldRevisionSurge = scaleSurge - toDeleteNew;
    }
    let updateSurge: i64 = 0, updateOldRevisionSurge: i64 = 0;
    if ((updateOldDiff < 0 && updateNewDiff > 0) || (updateOldDiff > 0 && updateNewDiff < 0)) {
      if (iabs(updateOldDiff) <= iabs(updateNewDiff)) {
        updateSurge = iabs(updateOldDiff);
        if (updateOldDiff < 0) updateOldRevisionSurge = updateSurge;
      } else {
        updateSurge = iabs(updateNewDiff);
        if (updateNewDiff > 0) updateOldRevisionSurge = updateSurge;
      }
    }
    if (scaleSurge >= updateSurge) {
      res.useSurge = imin(maxSurge, scaleSurge);
      res.useSurgeOldRevision = imin(res.useSurge, scaleOldRevisionSurge);
    } else {
      res.useSurge = imin(maxSurge, updateSurge);
      res.useSurgeOldRevision = imin(res.useSurge, updateOldRevisionSurge);
    }
  }
  let currentTotal: i64 = pods.length;
  let currentTotalOld = oldCount;
  if (gates.scalingExcludePreparingDelete || cs.labels.at("apps.kruise.io/cloneset-scaling-exclude-preparing-delete") == "true") {
    currentTotal = currentTotal - preDeletingOld - preDeletingNew;
    currentTotalOld = currentTotalOld - preDeletingOld;
  }
  const expectedTotal = replicas + res.useSurge;
  const expectedTotalOld = partition + res.useSurgeOldRevision;
  let num = expectedTotal - currentTotal;
  if (num > 0) {
    res.scaleUpNum = num;
    res.scaleUpNumOldRevision = imax(expectedTotalOld - currentTotalOld, 0);
    res.scaleUpLimit = imin(res.scaleUpNum, imax(nums.scaleMaxUnavailable - totalUnavailable, 0));
  }
  num = currentTotal - toDeleteOld - toDeleteNew - expectedTotal;
  if (num > 0) {
    res.scaleDownNum = num;
    res.scaleDownNumOldRevision = imax(currentTotalOld - toDeleteOld - expectedTotalOld, 0);
  }
  if (toDeleteNew > 0 || toDeleteOld > 0 || res.scaleDownNum > 0) {
    res.deleteReadyLimit = imax(maxUnavailable + (<i64>pods.length - replicas) - totalUnavailable, 0);
  }
  res.updateNum = iabs(updateOldDiff) <= iabs(updateNewDiff) ? updateOldDiff : -updateNewDiff;
  if (res.updateNum != 0) res.updateMaxUnavailable = maxUnavailable + <i64>pods.length - replicas;
  return res;
}
