// One sync of a StatefulSet controller: native Kubernetes (v1.37 pkg/controller/statefulset, with the
// MaxUnavailableStatefulSet gate on by default there) and OpenKruise's Advanced StatefulSet (v1.9.0
// apps.kruise.io/v1beta1). First the replica pass (processReplica: create missing ordinals, recreate
// Failed/Succeeded pods; OrderedReady stops at the first pod that is not Running and Available or is
// terminating; Parallel goes on), then - when nothing stopped it - the rolling update:
//  - native: partition by ordinal, highest first; maxUnavailable (scaled down, at least 1) with the gate,
//    else one pod at a time;
//  - Advanced: maxUnavailable via the deprecated IntOrString parser (at least 1), specified-delete pods
//    first, ordinal order or unorderedUpdate with a priority strategy (partition then counts pods),
//    in-place update before delete (podUpdatePolicy), lifecycle hooks.
// Pods beyond the replica range (scale down) are reported and stop the round.

import { Obj, bad, overLimit } from "./objects";
import { IntOrStr, IOS_INT, IOS_STRING, Scaled, readIntOrStr, scaledKubernetes, scaledKubernetesDeprecated, orDefault } from "../upstream/intstr/intorstr";
import { Pod, COND_OTHER, ORDINAL_UNREAD } from "./pod";
import { GoTime } from "./gotime";
import { podAvailable } from "./availability";
import { PriorityStrategy, readPriorityStrategy } from "./priority";
import { Lifecycle, readLifecycle } from "./lifecycle";
import { Verdicts } from "./verdict";
import { revisionIsPodUpdate } from "./cloneset";
import { LessSwap, goSort } from "./gosort";
import { PlanOptions, RolloutLimits } from "./options";
import { sortPriority, podHooked } from "./shortcuts";
import { goAtoi } from "../json/gostrconv";
import { KRUISE_GO, K8S_NEWEST_GO } from "../base/pins";

/** The StatefulSet fields the controllers read. */
export class StatefulSet {
  kruise: bool = false;
  /** The OpenKruise minor whose controller plans (5 .. 9; Advanced StatefulSet only). */
  release: i32 = 9;
  name: string = "";
  replicas: i64 = 1;
  parallel: bool = false;
  minReadySeconds: i64 = 0;
  startOrdinal: i64 = 0;
  reserve: OrdinalSet = new OrdinalSet();
  /** getStatefulSetReplicasRange's endOrdinal (exclusive). */
  endOrdinal: i64 = 0;
  /** RollingUpdate, OnDelete (native also Recreate). */
  updateType: string = "RollingUpdate";
  hasRollingUpdate: bool = false;
  partition: i64 = 0;
  maxUnavailable: IntOrStr = new IntOrStr();
  paused: bool = false;
  podUpdatePolicy: string = "ReCreate";
  unordered: bool = false;
  priority: PriorityStrategy | null = null;
  lifecycle: Lifecycle | null = null;
}

/** Reads a StatefulSet object (`kruise`: Advanced StatefulSet of OpenKruise minor `release`); native objects get the API server's defaults. */
export function readStatefulSet(o: Obj, kruise: bool, limits: RolloutLimits, release: i32 = 9): StatefulSet {
  const s = new StatefulSet();
  s.kruise = kruise;
  s.release = release;
  s.name = o.obj("metadata").str("name");
  const spec = o.obj("spec");
  s.replicas = spec.int("replicas", 1, 0);
  s.parallel = spec.str("podManagementPolicy") == "Parallel";
  // spec.ordinals arrived in OpenKruise v1.7 (the older types drop it)
  s.startOrdinal = kruise && release < 7 ? 0 : spec.obj("ordinals").int("start", 0, 0);
  const us = spec.obj("updateStrategy");
  const type = us.str("type");
  s.updateType = type.length > 0 ? type : "RollingUpdate";
  const ru = us.obj("rollingUpdate");
  s.hasRollingUpdate = ru.present || (!kruise && s.updateType == "RollingUpdate");
  s.partition = ru.int("partition", 0, 0);
  s.maxUnavailable = ru.ios("maxUnavailable");
  if (kruise) {
    s.minReadySeconds = ru.int("minReadySeconds", 0, 0);
    s.paused = ru.bool("paused", false);
    const pol = ru.str("podUpdatePolicy");
    s.podUpdatePolicy = pol.length > 0 ? pol : "ReCreate";
    const uu = ru.obj("unorderedUpdate");
    s.unordered = uu.present;
    if (uu.present) s.priority = readPriorityStrategy(uu, "priorityStrategy", limits);
    s.lifecycle = readLifecycle(spec, "lifecycle");
    s.reserve = reserveOrdinalSet(spec);
  } else {
    s.minReadySeconds = spec.int("minReadySeconds", 0, 0);
  }
  // getStatefulSetReplicasRange: the slots start..end hold the replicas and the reserved ordinals between them
  let end = s.startOrdinal;
  for (let real: i64 = 0; real < s.replicas; end++) {
    if (end - s.startOrdinal >= limits.maxPods) { overLimit(spec.sub("replicas"), s.replicas, limits.maxPods, "maxPods"); break; }
    if (!s.reserve.has(end)) real++;
  }
  s.endOrdinal = end;
  return s;
}

/** apiutil.GetReserveOrdinalIntSet(spec.reserveOrdinals): ints and "a-b" ranges; an invalid range empties the whole set. */
function reserveOrdinalSet(spec: Obj): OrdinalSet {
  const set = new OrdinalSet();
  const t = spec.t;
  const ra = spec.arr("reserveOrdinals");
  if (ra < 0) return set;
  const n = t.children(ra);
  let e = ra + 1;
  let valid = true;
  for (let k = 0; k < n; k++) {
    const v = readIntOrStr(t, e);
    if (v === null) { bad(spec.sub("reserveOrdinals") + "[" + k.toString() + "]", "an integer (int32) or a string"); return set; }
    if (v.kind == IOS_INT) set.add(v.intVal, v.intVal);
    else if (v.kind == IOS_STRING && valid) valid = parseRange(set, String.UTF8.decodeUnsafe(v.ptr, <usize>v.len));
    e = t.next(e);
  }
  return valid ? set.done() : new OrdinalSet();
}

/** apiutil.ParseRange("a-b") added to `set`; false when the text is not a valid range. */
function parseRange(set: OrdinalSet, text: string): bool {
  const parts = text.split("-");
  if (parts.length != 2) return false;
  const a = atoiOrNull(parts[0]);
  const b = atoiOrNull(parts[1]);
  if (a === null || b === null || a.value > b.value) return false;
  set.add(a.value, b.value);
  return true;
}

/** strconv.Atoi(s) on 64 bits, or null when it fails. */
function atoiOrNull(s: string): Scaled | null {
  const b = String.UTF8.encode(s);
  const v = goAtoi(changetype<usize>(b), b.byteLength);
  return v.err != 0 ? null : new Scaled(v.value);
}

/** The ordinals a..b. */
class OrdinalRange {
  constructor(public lo: i64, public hi: i64) {}
}

/** A set of ordinals (sets.Set[int]) kept as sorted, merged inclusive ranges. */
export class OrdinalSet {
  ranges: Array<OrdinalRange> = new Array<OrdinalRange>();

  /** Inserts the ordinals a..b (call done() before has()). */
  add(a: i64, b: i64): void { this.ranges.push(new OrdinalRange(a, b)); }

  /** Sorts and merges the ranges. */
  done(): OrdinalSet {
    const rs = this.ranges;
    rs.sort((x: OrdinalRange, y: OrdinalRange): i32 => (x.lo < y.lo ? -1 : x.lo > y.lo ? 1 : 0));
    const out = new OrdinalSet();
    for (let k = 0; k < rs.length; k++) {
      const r = rs[k];
      const m = out.ranges.length;
      if (m > 0 && r.lo <= out.ranges[m - 1].hi + 1) { if (r.hi > out.ranges[m - 1].hi) out.ranges[m - 1].hi = r.hi; }
      else out.add(r.lo, r.hi);
    }
    return out;
  }

  /** Set.Has(x). */
  has(x: i64): bool {
    const rs = this.ranges;
    let a = 0;
    let b = rs.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (rs[m].hi < x) a = m + 1; else b = m;
    }
    return a < rs.length && rs[a].lo <= x;
  }
}

/** getOrdinal(pod), read from the name once per pod (a pod's name never changes). */
export function podOrdinal(p: Pod): i64 {
  if (p.ordinal == ORDINAL_UNREAD) p.ordinal = ordinalOf(p.name);
  return p.ordinal;
}

/** getOrdinal: the trailing `-N` of the pod name (as int32), -1 when absent. */
function ordinalOf(name: string): i64 {
  const dash = name.lastIndexOf("-");
  if (dash < 0 || dash == name.length - 1) return -1;
  let v: i64 = 0;
  for (let i = dash + 1; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return -1;
    v = v * 10 + <i64>(c - 0x30);
    if (v > 2147483647) return -1;
  }
  return v;
}

/** sort.Sort(descendingOrdinal(pods)), each pod's ordinal read once. */
class DescendingOrdinal extends LessSwap {
  ords: Array<i64>;
  constructor(public pods: Array<Pod>) {
    super();
    this.ords = new Array<i64>(pods.length);
    for (let i = 0; i < pods.length; i++) this.ords[i] = podOrdinal(pods[i]);
  }
  less(i: i32, j: i32): bool { return this.ords[i] > this.ords[j]; }
  swap(i: i32, j: i32): void {
    const p = this.pods[i]; this.pods[i] = this.pods[j]; this.pods[j] = p;
    const o = this.ords[i]; this.ords[i] = this.ords[j]; this.ords[j] = o;
  }
}

/** One sync's plan. */
export class STSRound {
  maxUnavailable: i64 = 0;
  /** Ordinal slots start..end (exclusive), reserved ordinals skipped. */
  endOrdinal: i64 = 0;
  /** Replica pass: ordinals to create, pods recreated (deleted because Failed/Succeeded), condemned pods deleted. */
  create: Array<i64> = new Array<i64>();
  recreate: Array<string> = new Array<string>();
  condemned: Array<string> = new Array<string>();
  /** Why the rolling update did not run ("" when it did): replicas, condemned, paused, onDelete, recreate, error. */
  reason: string = "";
  error: string | null = null;
  /** Rolling update: pods in the order considered, unavailable pods counted, and the actions. */
  order: Array<string> = new Array<string>();
  unavailable: Array<string> = new Array<string>();
  specifiedDelete: Array<string> = new Array<string>();
  actions: Array<string> = new Array<string>();
  actionPods: Array<string> = new Array<string>();
  /** A pod the update stopped at (waiting for unavailable pods), "" when none. */
  blockedBy: string = "";
}

function isHealthyKruise(p: Pod): bool {
  const s = p.lifecycle;
  if (s.length > 0 && s != "Normal") return false;
  return p.phase == "Running" && p.isReady && !p.deleting;
}

/** Kruise isRunningAndAvailable (lifecycle state, Running, Ready for minReadySeconds before now). */
function runningAndAvailableKruise(p: Pod, minReady: i64, now: GoTime): bool {
  const s = p.lifecycle;
  if (s.length > 0 && s != "Normal") return false;
  if (p.phase != "Running" || !p.isReady) return false;
  if (minReady == 0) return true;
  if (p.readyTransition.isZero()) return false;
  return !p.readyTransition.plusSeconds(minReady).after(now);
}

function isUnavailableNative(p: Pod, minReady: i64, now: GoTime): bool {
  return !podAvailable(p, minReady, now) || p.deleting;
}

/** Plans one sync of a StatefulSet. */
export function planStatefulSet(s: StatefulSet, pods: Array<Pod>, currentRevision: string, updateRevision: string,
  now: GoTime, verdicts: Verdicts, maxUnavailableGate: bool, preparingUpdateAsUpdate: bool, opts: PlanOptions): STSRound {
  const r = new STSRound();
  const end = s.endOrdinal;
  r.endOrdinal = end;
  const slots = <i32>(end - s.startOrdinal);
  const replicas = new Array<Pod | null>(slots);
  const condemned = new Array<Pod>();
  for (let i = 0; i < pods.length; i++) {
    const p = pods[i];
    const ord = podOrdinal(p);
    if (ord >= s.startOrdinal && ord < end && !s.reserve.has(ord)) replicas[<i32>(ord - s.startOrdinal)] = p;
    else if (ord >= 0) condemned.push(p);
  }
  const monotonic = !s.parallel;
  // replica pass
  let exit = false;
  for (let i = 0; i < slots && !(exit && monotonic); i++) {
    const ord = s.startOrdinal + i;
    if (s.reserve.has(ord)) continue;
    const p = replicas[i];
    if (p === null) {
      r.create.push(ord);
      if (monotonic) exit = true;
      // newVersionedStatefulSetPod: the slot now holds a pod not yet Running (counted unavailable)
      const q = new Pod();
      q.name = s.name + "-" + ord.toString();
      q.setLabel("controller-revision-hash", ord < s.startOrdinal + s.partition ? currentRevision : updateRevision);
      replicas[i] = q;
      continue;
    }
    if (p.phase == "Failed" || p.phase == "Succeeded") {
      if (!p.deleting) r.recreate.push(p.name);
      exit = true;
      continue;
    }
    if (p.phase == "") {
      r.create.push(ord);
      if (monotonic) exit = true;
      continue;
    }
    if (p.deleting && monotonic) { exit = true; continue; }
    if (monotonic) {
      const avail = s.kruise ? runningAndAvailableKruise(p, s.minReadySeconds, now) : (p.phase == "Running" && podAvailable(p, s.minReadySeconds, now));
      if (!avail) exit = true;
    }
  }
  if (exit) { r.reason = "replicas"; return r; }
  if (condemned.length > 0) {
    // processCondemned: highest ordinal first; OrderedReady deletes one at a time
    goSort(new DescendingOrdinal(condemned), condemned.length, s.kruise ? KRUISE_GO : K8S_NEWEST_GO);
    for (let i = 0; i < condemned.length; i++) {
      if (!condemned[i].deleting) r.condemned.push(condemned[i].name);
      if (monotonic) break;
    }
    r.reason = "condemned";
    if (monotonic || r.condemned.length > 0) return r;
  }
  if (s.updateType != "RollingUpdate") { r.reason = s.updateType == "OnDelete" ? "onDelete" : "recreate"; return r; }
  if (s.kruise) kruiseRollingUpdate(s, r, replicas, currentRevision, updateRevision, now, verdicts, preparingUpdateAsUpdate, opts);
  else nativeRollingUpdate(s, r, replicas, updateRevision, now, maxUnavailableGate);
  return r;
}

function revisionOf(p: Pod): string { return p.revision; }

function nativeRollingUpdate(s: StatefulSet, r: STSRound, replicas: Array<Pod | null>, updateRevision: string, now: GoTime, gate: bool): void {
  const updateMin = <i32>s.partition;
  const n = replicas.length;
  if (!gate) {
    r.maxUnavailable = 1;
    for (let t = n - 1; t >= updateMin; t--) {
      const p = replicas[t];
      if (p === null) continue;
      r.order.push(p.name);
      if (revisionOf(p) != updateRevision && !p.deleting) { r.actions.push("recreate"); r.actionPods.push(p.name); return; }
      if (isUnavailableNative(p, s.minReadySeconds, now)) { r.blockedBy = p.name; return; }
    }
    return;
  }
  const mu = scaledKubernetes(orDefault(s.maxUnavailable, IntOrStr.ofInt(1)), s.replicas, false);
  if (!mu.ok) { r.reason = "error"; r.error = mu.err; return; }
  const maxUnavailable = mu.value < 1 ? 1 : mu.value;
  r.maxUnavailable = maxUnavailable;
  let unavailable: i64 = 0;
  let unavailableNeedingUpdate: i64 = 0;
  for (let t = n - 1; t >= 0; t--) {
    const p = replicas[t];
    if (p === null) continue;
    if (isUnavailableNative(p, s.minReadySeconds, now)) {
      unavailable++;
      r.unavailable.push(p.name);
      if (s.parallel && revisionOf(p) != updateRevision && !p.deleting) unavailableNeedingUpdate++;
    }
  }
  if (unavailable >= maxUnavailable && unavailableNeedingUpdate == 0) { r.reason = "maxUnavailable"; return; }
  if (s.parallel) {
    for (let t = n - 1; t >= updateMin; t--) {
      const p = replicas[t];
      if (p === null) continue;
      if (revisionOf(p) != updateRevision && !podAvailable(p, s.minReadySeconds, now) && !p.deleting) {
        r.actions.push("recreate"); r.actionPods.push(p.name);
      }
    }
    let budget = maxUnavailable - unavailable;
    for (let t = n - 1; t >= updateMin && budget > 0; t--) {
      const p = replicas[t];
      if (p === null) continue;
      if (revisionOf(p) != updateRevision && !isUnavailableNative(p, s.minReadySeconds, now)) {
        r.actions.push("recreate"); r.actionPods.push(p.name);
        budget--;
      }
    }
    return;
  }
  const toDelete = maxUnavailable - unavailable;
  let deleted: i64 = 0;
  for (let t = n - 1; t >= updateMin && deleted < toDelete; t--) {
    const p = replicas[t];
    if (p === null) continue;
    if (revisionOf(p) != updateRevision && !p.deleting) {
      r.actions.push("recreate"); r.actionPods.push(p.name);
      deleted++;
    }
  }
}

function kruiseRollingUpdate(s: StatefulSet, r: STSRound, replicas: Array<Pod | null>, currentRevision: string, updateRevision: string,
  now: GoTime, verdicts: Verdicts, preparingUpdateAsUpdate: bool, opts: PlanOptions): void {
  let maxUnavailable: i64 = 1;
  if (s.hasRollingUpdate) {
    if (s.paused) { r.reason = "paused"; return; }
    const mu = scaledKubernetesDeprecated(orDefault(s.maxUnavailable, IntOrStr.ofInt(1)), s.replicas, false);
    if (!mu.ok) { r.reason = "error"; r.error = mu.err; return; }
    maxUnavailable = mu.value < 1 ? 1 : mu.value;
  }
  r.maxUnavailable = maxUnavailable;
  const unavailable = new Set<string>();
  for (let t = 0; t < replicas.length; t++) {
    const p = replicas[t];
    if (p === null) continue;
    let un = false;
    if (!isHealthyKruise(p)) un = true;
    else if (p.inPlaceReady == COND_OTHER) un = true; // in-place update not completed
    else if (!runningAndAvailableKruise(p, s.minReadySeconds, now)) un = true;
    if (un) { unavailable.add(p.name); r.unavailable.push(p.name); }
  }
  // specified-delete pods (not bound by the partition; v1.8+: handleSpecifiedDeletedPods)
  const specified = new Set<string>();
  for (let t = replicas.length - 1; t >= 0 && s.release >= 8; t--) {
    const p = replicas[t];
    if (p === null || !p.labels.has("apps.kruise.io/specified-delete")) continue;
    if (<i64>unavailable.size >= maxUnavailable && !unavailable.has(p.name)) continue;
    specified.add(p.name);
    r.specifiedDelete.push(p.name);
    unavailable.add(p.name);
  }
  // sortPodsToUpdate: the partition is an index into the slots (reserved ordinals included) and, from v1.8, also
  // the number of pods kept (at most replicas - partition updated); before v1.8 only the index counts
  const indexes = new Array<i32>();
  const maxUpdate = s.replicas - s.partition;
  if (!s.unordered && s.release < 8) {
    for (let t = replicas.length - 1; t >= <i32>s.partition; t--) {
      if (replicas[t] !== null) indexes.push(t);
    }
  } else if (maxUpdate > 0) {
    if (!s.unordered) {
      for (let t = replicas.length - 1; t >= <i32>s.partition && <i64>indexes.length < maxUpdate; t--) {
        if (replicas[t] !== null) indexes.push(t);
      }
    } else {
      const updated = new Array<i32>();
      let wait = new Array<i32>();
      for (let t = replicas.length - 1; t >= 0; t--) {
        const p = replicas[t];
        if (p === null) continue;
        if (p.deleting || revisionIsPodUpdate(p, updateRevision, preparingUpdateAsUpdate)) updated.push(t); else wait.push(t);
      }
      const pr = s.priority;
      if (pr !== null) {
        const podsArr = new Array<Pod>(replicas.length);
        for (let k = 0; k < replicas.length; k++) { const q = replicas[k]; podsArr[k] = q === null ? new Pod() : q; }
        sortPriority(opts, pr, podsArr, wait);
      }
      for (let k = 0; k < updated.length; k++) indexes.push(updated[k]);
      for (let k = 0; k < wait.length; k++) indexes.push(wait[k]);
      if (<i64>indexes.length > maxUpdate) indexes.length = <i32>maxUpdate;
    }
  }
  for (let k = 0; k < indexes.length; k++) r.order.push(replicas[indexes[k]]!.name);
  for (let k = 0; k < indexes.length; k++) {
    const p = replicas[indexes[k]]!;
    if (p.revision == updateRevision) continue;
    if (<i64>unavailable.size >= maxUnavailable && !unavailable.has(p.name)) { r.blockedBy = p.name; return; }
    if (!specified.has(p.name) && !p.deleting) {
      const act = kruisePodAction(s, p, verdicts.canInPlace(p.name), opts);
      r.actions.push(act);
      r.actionPods.push(p.name);
      if (act.startsWith("error:")) { r.reason = "error"; r.error = act.substring(6); return; }
      unavailable.add(p.name);
    }
  }
}

/** inPlaceUpdatePod, then deletePod: what happens to one Advanced StatefulSet pod. */
function kruisePodAction(s: StatefulSet, p: Pod, canInPlace: bool, opts: PlanOptions): string {
  if (s.podUpdatePolicy == "InPlaceIfPossible" || s.podUpdatePolicy == "InPlaceOnly") {
    if (canInPlace) {
      const state = p.lifecycle;
      const lc = s.lifecycle;
      if (state == "" || state == "PreparingNormal" || state == "Normal") {
        if (lc !== null && podHooked(opts, lc.inPlaceUpdate, p)) return "prepare-update";
      } else if (state == "Updated") return "prepare-update";
      else if (state == "PreparingUpdate") {
        if (lc !== null && podHooked(opts, lc.inPlaceUpdate, p)) return "wait-hook";
      } else if (state != "Updating") return "error:not allowed to in-place update pod " + p.name + " in state " + state;
      return "in-place";
    }
    if (s.podUpdatePolicy == "InPlaceOnly") return "error:find strategy is InPlaceOnly but Pod " + p.name + " can not update in-place";
  }
  const lc = s.lifecycle;
  if (lc !== null && podHooked(opts, lc.preDelete, p)) return "prepare-delete";
  return "recreate";
}
