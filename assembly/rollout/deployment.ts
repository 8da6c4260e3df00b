// One sync of the Kubernetes Deployment controller (k8s.io/kubernetes v1.37 pkg/controller/deployment)
// over ReplicaSet sizes: maxSurge rounded up and maxUnavailable rounded down (both 0 → 1 unavailable),
// paused or scaling events take the proportional-scaling path (sync/scale: sizes in proportion to the
// max-replicas annotation, leftovers to the biggest set), RollingUpdate scales the new ReplicaSet up to
// replicas+maxSurge then old ones down within the availability floor (unhealthy replicas first, oldest
// sets first), Recreate scales every old set to 0 and waits for their pods before scaling the new one.

import { Obj, StrMap, compareGo } from "./objects";
import { IntOrStr, scaledKubernetes, orDefault } from "../upstream/intstr/intorstr";
import { GoTime } from "./gotime";
import { LessSwap, goSort } from "./gosort";
import { K8S_NEWEST_GO } from "../base/pins";

export const ANN_DESIRED = "deployment.kubernetes.io/desired-replicas";
export const ANN_MAX = "deployment.kubernetes.io/max-replicas";

/** A ReplicaSet of the Deployment. */
export class RS {
  name: string = "";
  created: GoTime = new GoTime();
  annotations: StrMap = new StrMap();
  replicas: i32 = 0;
  availableReplicas: i32 = 0;
  /** status.replicas (pods that exist). */
  actualReplicas: i32 = 0;
  isNew: bool = false;
}

/** The Deployment fields the controller reads (apps/v1 defaults applied). */
export class Deployment {
  replicas: i32 = 1;
  paused: bool = false;
  recreate: bool = false;
  maxSurge: IntOrStr = IntOrStr.ofString("25%");
  maxUnavailable: IntOrStr = IntOrStr.ofString("25%");
  statusReplicas: i32 = 0;
  minReadySeconds: i64 = 0;
}

/** Reads a Deployment object. */
export function readDeployment(o: Obj): Deployment {
  const d = new Deployment();
  const spec = o.obj("spec");
  d.replicas = <i32>spec.int("replicas", 1, 0);
  d.paused = spec.bool("paused", false);
  const st = spec.obj("strategy");
  d.recreate = st.str("type") == "Recreate";
  const ru = st.obj("rollingUpdate");
  if (ru.has("maxSurge")) d.maxSurge = ru.ios("maxSurge");
  if (ru.has("maxUnavailable")) d.maxUnavailable = ru.ios("maxUnavailable");
  d.statusReplicas = <i32>o.obj("status").int("replicas", 0, 0);
  d.minReadySeconds = spec.int("minReadySeconds", 0, 0);
  return d;
}

/** Reads a ReplicaSet object (`isNew`: its template is the Deployment's). */
export function readReplicaSet(o: Obj, isNew: bool): RS {
  const rs = new RS();
  const md = o.obj("metadata");
  rs.name = md.str("name");
  rs.created = md.time("creationTimestamp");
  rs.annotations = md.map("annotations");
  rs.replicas = <i32>o.obj("spec").int("replicas", 1, 0);
  const st = o.obj("status");
  rs.availableReplicas = <i32>st.int("availableReplicas", 0, 0);
  rs.actualReplicas = <i32>st.int("replicas", rs.replicas, 0);
  rs.isNew = isNew;
  return rs;
}

/** The resolved fenceposts. */
export class DeployNumbers {
  maxSurge: i32 = 0;
  maxUnavailable: i32 = 0;
  error: string | null = null;
}

/** ResolveFenceposts / MaxSurge / MaxUnavailable (0 for Recreate; maxUnavailable capped at replicas). */
export function deployNumbers(d: Deployment): DeployNumbers {
  const r = new DeployNumbers();
  if (d.recreate) return r;
  const ms = scaledKubernetes(orDefault(d.maxSurge, IntOrStr.ofInt(0)), d.replicas, true);
  if (!ms.ok) { r.error = ms.err; return r; }
  const mu = scaledKubernetes(orDefault(d.maxUnavailable, IntOrStr.ofInt(0)), d.replicas, false);
  if (!mu.ok) { r.error = mu.err; return r; }
  const surge = ms.value;
  let un = mu.value;
  if (surge == 0 && un == 0) un = 1;
  r.maxSurge = <i32>surge;
  r.maxUnavailable = d.replicas == 0 ? 0 : <i32>un;
  if (r.maxUnavailable > d.replicas) r.maxUnavailable = d.replicas;
  return r;
}

/** One scaleReplicaSet call. */
export class ScaleAction {
  constructor(public rs: string, public from: i32, public to: i32) {}
}

/** What one sync does. */
export class DeployRound {
  nums: DeployNumbers = new DeployNumbers();
  /** scale (paused / scaling event), rolling, recreate. */
  path: string = "";
  scalingEvent: bool = false;
  actions: Array<ScaleAction> = new Array<ScaleAction>();
  /** Recreate waits for old pods to go. */
  waiting: bool = false;
  error: string | null = null;
}

/** Annotation value as a non-negative int32 (getNonNegativeInt32FromAnnotation); -1 when absent or invalid. */
function annInt(rs: RS, key: string): i64 {
  const v = rs.annotations.get(key);
  if (v === null || v.length == 0 || v.length > 10) return -1;
  let n: i64 = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return -1;
    n = n * 10 + <i64>(c - 0x30);
  }
  return n > 2147483647 ? -1 : n;
}

class ByCreation extends LessSwap {
  constructor(public a: Array<RS>, public mode: i32) { super(); }
  private byCreation(x: RS, y: RS): bool {
    if (x.created.equal(y.created)) return compareGo(x.name, y.name) < 0;
    return x.created.before(y.created);
  }
  less(i: i32, j: i32): bool {
    const x = this.a[i];
    const y = this.a[j];
    if (this.mode == 0) return this.byCreation(x, y);
    if (x.replicas == y.replicas) return this.mode == 1 ? this.byCreation(x, y) : this.byCreation(y, x);
    return x.replicas > y.replicas;
  }
  swap(i: i32, j: i32): void { const t = this.a[i]; this.a[i] = this.a[j]; this.a[j] = t; }
}

const BY_CREATION = 0;
const BY_SIZE_OLDER = 1;
const BY_SIZE_NEWER = 2;

/** sort.Sort(controller.ReplicaSetsByCreationTimestamp / ReplicaSetsBySizeOlder / ReplicaSetsBySizeNewer(a)). */
function sortRS(a: Array<RS>, mode: i32): void { goSort(new ByCreation(a, mode), a.length, K8S_NEWEST_GO); }

/** scaleReplicaSet: records the action when the size (or forced annotations) change, updates annotations. */
function scaleRS(r: DeployRound, d: Deployment, rs: RS, to: i32, force: bool): bool {
  if (!force && rs.replicas == to) return false;
  const maxRep = d.replicas + r.nums.maxSurge;
  const sizeChange = rs.replicas != to;
  const annChange = rs.annotations.at(ANN_DESIRED) != d.replicas.toString() || rs.annotations.at(ANN_MAX) != maxRep.toString();
  if (!sizeChange && !annChange) return false;
  if (sizeChange) r.actions.push(new ScaleAction(rs.name, rs.replicas, to));
  rs.replicas = to;
  rs.annotations.set(ANN_DESIRED, d.replicas.toString());
  rs.annotations.set(ANN_MAX, maxRep.toString());
  return sizeChange;
}

function total(a: Array<RS>): i32 { let s = 0; for (let i = 0; i < a.length; i++) s += a[i].replicas; return s; }
function totalAvailable(a: Array<RS>): i32 { let s = 0; for (let i = 0; i < a.length; i++) s += a[i].availableReplicas; return s; }

/** integer.RoundToInt32. */
function roundToInt32(a: f64): i32 { return a < 0 ? <i32>(a - 0.5) : <i32>(a + 0.5); }

/** Plans one sync of a Deployment over its ReplicaSets (the new one flagged; none when it does not exist yet). */
export function planDeployment(d: Deployment, sets: Array<RS>, forceScale: bool = false): DeployRound {
  const r = new DeployRound();
  r.nums = deployNumbers(d);
  if (r.nums.error !== null) { r.error = r.nums.error; return r; }
  let newRS: RS | null = null;
  const old = new Array<RS>();
  for (let i = 0; i < sets.length; i++) { if (sets[i].isNew) newRS = sets[i]; else old.push(sets[i]); }
  r.scalingEvent = isScalingEvent(d, sets);
  if (d.paused || r.scalingEvent || forceScale) { r.path = "scale"; scale(r, d, newRS, old); return r; }
  if (d.recreate) { r.path = "recreate"; recreate(r, d, newRS, old, sets); return r; }
  r.path = "rolling";
  rolloutRolling(r, d, newRS, old, sets);
  return r;
}

/** isScalingEvent: an active set whose desired-replicas annotation differs from spec.replicas. */
function isScalingEvent(d: Deployment, sets: Array<RS>): bool {
  for (let i = 0; i < sets.length; i++) {
    if (sets[i].replicas <= 0) continue;
    const desired = annInt(sets[i], ANN_DESIRED);
    if (desired >= 0 && desired != <i64>d.replicas) return true;
  }
  return false;
}

/** rolloutRolling: the new ReplicaSet (created when missing) scaled up if it can be, else the old ones down. */
function rolloutRolling(r: DeployRound, d: Deployment, newRS: RS | null, old: Array<RS>, sets: Array<RS>): void {
  if (newRS === null) {
    // getNewReplicaSet(createIfNotExisted): the new set starts at NewRSNewReplicas
    const n = new RS();
    n.name = "new";
    n.isNew = true;
    n.replicas = 0;
    n.replicas = newRSReplicas(d, r, old, n);
    r.actions.push(new ScaleAction(n.name, 0, n.replicas));
    n.annotations.set(ANN_DESIRED, d.replicas.toString());
    n.annotations.set(ANN_MAX, (d.replicas + r.nums.maxSurge).toString());
    sets.push(n);
    newRS = n;
  }
  const nrs = newRS;
  const all = old.concat([nrs]);
  if (reconcileNewReplicaSet(r, d, all, nrs)) return;
  // FilterActiveReplicaSets(oldRSs)
  const active = new Array<RS>();
  for (let i = 0; i < old.length; i++) if (old[i].replicas > 0) active.push(old[i]);
  reconcileOldReplicaSets(r, d, all, active, nrs);
}

/** reconcileNewReplicaSet: true when the new ReplicaSet was scaled. */
function reconcileNewReplicaSet(r: DeployRound, d: Deployment, all: Array<RS>, nrs: RS): bool {
  if (nrs.replicas == d.replicas) return false;
  if (nrs.replicas > d.replicas) return scaleRS(r, d, nrs, d.replicas, false);
  return scaleRS(r, d, nrs, newRSReplicas(d, r, all, nrs), false);
}

/** reconcileOldReplicaSets: unhealthy replicas first, then down to the availability floor. */
function reconcileOldReplicaSets(r: DeployRound, d: Deployment, all: Array<RS>, old: Array<RS>, nrs: RS): void {
  if (total(old) == 0) return;
  const allPods = total(all);
  const minAvailable = d.replicas - r.nums.maxUnavailable;
  const newUnavailable = nrs.replicas - nrs.availableReplicas;
  const maxScaledDown = allPods - minAvailable - newUnavailable;
  if (maxScaledDown <= 0) return;
  // an error of cleanupUnhealthyReplicas ends the reconcile (upstream returns false, nil)
  if (cleanupUnhealthyReplicas(r, d, old, maxScaledDown) < 0) return;
  scaleDownOldReplicaSetsForRollingUpdate(r, d, old.concat([nrs]), old);
}

/** cleanupUnhealthyReplicas: scales old sets down by their unavailable replicas; -1 for upstream's "invalid request to scale down". */
function cleanupUnhealthyReplicas(r: DeployRound, d: Deployment, old: Array<RS>, maxCleanupCount: i32): i32 {
  sortRS(old, BY_CREATION);
  let totalScaledDown = 0;
  for (let i = 0; i < old.length; i++) {
    if (totalScaledDown >= maxCleanupCount) break;
    const rs = old[i];
    if (rs.replicas == 0 || rs.replicas == rs.availableReplicas) continue;
    const scaledDownCount = min(maxCleanupCount - totalScaledDown, rs.replicas - rs.availableReplicas);
    const newReplicasCount = rs.replicas - scaledDownCount;
    if (newReplicasCount > rs.replicas) return -1;
    scaleRS(r, d, rs, newReplicasCount, false);
    totalScaledDown += scaledDownCount;
  }
  return totalScaledDown;
}

/** scaleDownOldReplicaSetsForRollingUpdate: old sets, oldest first, down to the availability floor. */
function scaleDownOldReplicaSetsForRollingUpdate(r: DeployRound, d: Deployment, all: Array<RS>, old: Array<RS>): void {
  const minAvailable = d.replicas - r.nums.maxUnavailable;
  const availablePodCount = totalAvailable(all);
  if (availablePodCount <= minAvailable) return;
  sortRS(old, BY_CREATION);
  let totalScaledDown = 0;
  const totalScaleDownCount = availablePodCount - minAvailable;
  for (let i = 0; i < old.length; i++) {
    if (totalScaledDown >= totalScaleDownCount) break;
    const rs = old[i];
    if (rs.replicas == 0) continue;
    const scaleDownCount = min(rs.replicas, totalScaleDownCount - totalScaledDown);
    scaleRS(r, d, rs, rs.replicas - scaleDownCount, false);
    totalScaledDown += scaleDownCount;
  }
}

/** NewRSNewReplicas (RollingUpdate). */
function newRSReplicas(d: Deployment, r: DeployRound, all: Array<RS>, nrs: RS): i32 {
  const maxTotal = d.replicas + r.nums.maxSurge;
  let current = total(all);
  if (all.indexOf(nrs) < 0) current += nrs.replicas;
  if (current >= maxTotal) return nrs.replicas;
  let up = maxTotal - current;
  up = min(up, d.replicas - nrs.replicas);
  return nrs.replicas + up;
}

/** sync's scale(): proportional scaling. */
function scale(r: DeployRound, d: Deployment, newRS: RS | null, old: Array<RS>): void {
  // FindActiveOrLatest
  const active = new Array<RS>();
  for (let i = 0; i < old.length; i++) if (old[i].replicas > 0) active.push(old[i]);
  if (newRS !== null && newRS.replicas > 0) active.push(newRS);
  if (newRS !== null || old.length > 0) {
    let pick: RS | null = null;
    if (active.length == 0) {
      if (newRS !== null) pick = newRS;
      else {
        const sorted = old.slice(0);
        sortRS(sorted, BY_CREATION);
        pick = sorted[sorted.length - 1];
      }
    } else if (active.length == 1) pick = active[0];
    if (pick !== null) {
      if (pick.replicas != d.replicas) scaleRS(r, d, pick, d.replicas, false);
      return;
    }
  }
  // IsSaturated(newRS)
  if (newRS !== null) {
    const desired = newRS.annotations.get(ANN_DESIRED);
    if (desired !== null && isInt(desired) && newRS.replicas == d.replicas && I32.parseInt(desired) == d.replicas && newRS.availableReplicas == d.replicas) {
      for (let i = 0; i < old.length; i++) if (old[i].replicas > 0) scaleRS(r, d, old[i], 0, false);
      return;
    }
  }
  if (d.recreate) return;
  // proportional
  const all = new Array<RS>();
  for (let i = 0; i < old.length; i++) if (old[i].replicas > 0) all.push(old[i]);
  if (newRS !== null && newRS.replicas > 0) all.push(newRS);
  const allReplicas = total(all);
  let allowed = 0;
  if (d.replicas > 0) allowed = d.replicas + r.nums.maxSurge;
  const toAdd = allowed - allReplicas;
  if (toAdd > 0) sortRS(all, BY_SIZE_NEWER);
  else if (toAdd < 0) sortRS(all, BY_SIZE_OLDER);
  let added = 0;
  const sizes = new Array<i32>(all.length);
  for (let i = 0; i < all.length; i++) {
    const rs = all[i];
    if (toAdd != 0) {
      const p = proportion(d, r, rs, toAdd, added);
      sizes[i] = rs.replicas + p;
      added += p;
    } else sizes[i] = rs.replicas;
  }
  for (let i = 0; i < all.length; i++) {
    if (i == 0 && toAdd != 0) {
      sizes[i] = sizes[i] + (toAdd - added);
      if (sizes[i] < 0) sizes[i] = 0;
    }
    scaleRS(r, d, all[i], sizes[i], true);
  }
}

function isInt(s: string): bool {
  if (s.length == 0 || s.length > 11) return false;
  let i = s.charCodeAt(0) == 0x2d || s.charCodeAt(0) == 0x2b ? 1 : 0;
  if (i >= s.length) return false;
  for (; i < s.length; i++) { const c = s.charCodeAt(i); if (c < 0x30 || c > 0x39) return false; }
  return true;
}

/** GetReplicaSetProportion. */
function proportion(d: Deployment, r: DeployRound, rs: RS, toAdd: i32, added: i32): i32 {
  if (rs.replicas == 0 || toAdd == 0 || toAdd == added) return 0;
  const fraction = replicaSetFraction(d, r, rs);
  const allowed = toAdd - added;
  return toAdd > 0 ? min(fraction, allowed) : max(fraction, allowed);
}

/** getReplicaSetFraction. */
function replicaSetFraction(d: Deployment, r: DeployRound, rs: RS): i32 {
  if (d.replicas == 0) return -rs.replicas;
  const maxReplicas = d.replicas + r.nums.maxSurge;
  let before = annInt(rs, ANN_MAX);
  if (before <= 0) {
    before = d.statusReplicas;
    if (before == 0) return 0;
  }
  const product = rs.replicas * maxReplicas; // int32 arithmetic, wraps as in Go
  const size = <f64>product / <f64>before;
  return roundToInt32(size) - rs.replicas;
}

/** rolloutRecreate: old sets to 0, wait for their pods, then the new set to spec.replicas. */
function recreate(r: DeployRound, d: Deployment, newRS: RS | null, old: Array<RS>, sets: Array<RS>): void {
  let scaled = false;
  for (let i = 0; i < old.length; i++) {
    if (old[i].replicas == 0) continue;
    if (scaleRS(r, d, old[i], 0, false)) scaled = true;
  }
  if (scaled) return;
  let running = 0;
  for (let i = 0; i < old.length; i++) running += old[i].actualReplicas;
  if (running > 0) { r.waiting = true; return; }
  let nrs = newRS;
  if (nrs === null) {
    const n = new RS();
    n.name = "new";
    n.isNew = true;
    n.replicas = 0;
    sets.push(n);
    nrs = n;
  }
  scaleRS(r, d, nrs, d.replicas, false);
}
