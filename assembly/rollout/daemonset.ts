// One sync of a DaemonSet controller, for both the native Kubernetes controller (k8s.io/kubernetes
// v1.37 pkg/controller/daemon) and OpenKruise's Advanced DaemonSet (v1.9.0 pkg/controller/daemonset):
// manage (create missing pods, delete failed ones (one per node: the failed-pods backoff), excess and misplaced
// ones; with partitionedScaling the creations are capped by the partition), syncNodes (burstReplicas cap,
// slow-start batches 1, 2, 4, ..., preDelete hooks), and, when manage did nothing, the rolling update (Kruise: partition as a floor
// of status.desiredNumberScheduled over nodes in reverse name order, selector, in-place first).
// Node scheduling predicates are taken as given (`shouldRun`, `shouldContinueRunning` per node).
// Where upstream walks a Go map (which old pods to replace first among equals), the nodes are taken in
// the partition filter's order (reverse name order), or in a given walk order (`walk`: the nodes named there
// first, as a run of the real controller walked them); the counts do not depend on it.

import { Obj, StrMap, compareGo, strAt, bad } from "./objects";
import { hasError } from "../base/errors";
import { IntOrStr, IOS_NIL, scaledKubernetes, orDefault } from "../upstream/intstr/intorstr";
import { Selector, readSelector } from "./selector";
import { Pod } from "./pod";
import { GoTime } from "./gotime";
import { podAvailable } from "./availability";
import { Lifecycle, readLifecycle } from "./lifecycle";
import { Verdicts } from "./verdict";
import { LessSwap, goSort } from "./gosort";
import { PlanOptions } from "./options";
import { matcherOf, podHooked } from "./shortcuts";
import { KRUISE_GO, K8S_NEWEST_GO } from "../base/pins";
import { K_STRING } from "../json/tape";

/** A node as the DaemonSet controller sees it (scheduling predicates already evaluated). */
export class DSNode {
  name: string = "";
  labels: StrMap = new StrMap();
  shouldRun: bool = true;
  shouldContinueRunning: bool = true;
}

/** Reads the node array node `a` (entries: Node objects, or {name, labels, shouldRun, shouldContinueRunning}). */
export function readNodes(holder: Obj, a: i32, name: string): Array<DSNode> {
  const nodes = new Array<DSNode>();
  if (a < 0) return nodes;
  const t = holder.t;
  const n = t.children(a);
  // Node names are unique and never empty (the API server requires both); a nameless node would never get its
  // pod, and repeated names would all claim the same pods
  const seen = new Set<string>();
  let e = a + 1;
  for (let k = 0; k < n; k++) {
    if (t.kind(e) == K_STRING) {
      const nd = new DSNode();
      nd.name = strAt(t, e);
      if (nd.name.length == 0) { bad(name + "[" + k.toString() + "]", "a node name"); return nodes; }
      if (seen.has(nd.name)) { bad(name + "[" + k.toString() + "]", "a node name not given before"); return nodes; }
      seen.add(nd.name);
      nodes.push(nd);
      e = t.next(e);
      continue;
    }
    const o = holder.elem(e, name, k);
    e = t.next(e);
    const nd = new DSNode();
    const md = o.obj("metadata");
    nd.name = o.has("name") ? o.str("name") : md.str("name");
    nd.labels = o.has("labels") ? o.map("labels") : md.map("labels");
    nd.shouldRun = o.bool("shouldRun", true);
    nd.shouldContinueRunning = o.bool("shouldContinueRunning", nd.shouldRun);
    if (hasError()) return nodes;
    if (nd.name.length == 0) { bad(name + "[" + k.toString() + "].name", "a node name"); return nodes; }
    if (seen.has(nd.name)) { bad(name + "[" + k.toString() + "].name", "a node name not given before"); return nodes; }
    seen.add(nd.name);
    nodes.push(nd);
  }
  return nodes;
}

/** The DaemonSet fields the controllers read. */
export class DaemonSet {
  /** OpenKruise Advanced DaemonSet (apps.kruise.io/v1beta1) rather than apps/v1. */
  kruise: bool = false;
  name: string = "";
  minReadySeconds: i64 = 0;
  /** RollingUpdate or OnDelete. */
  updateType: string = "RollingUpdate";
  hasRollingUpdate: bool = false;
  /** Kruise rollingUpdate.rollingUpdateType: Standard or InPlaceIfPossible. */
  rollingUpdateType: string = "Standard";
  maxUnavailable: IntOrStr = new IntOrStr();
  maxSurge: IntOrStr = new IntOrStr();
  partition: IntOrStr = new IntOrStr();
  selector: Selector | null = null;
  paused: bool = false;
  burstReplicas: IntOrStr = new IntOrStr();
  partitionedScaling: bool = false;
  /** status.desiredNumberScheduled (Kruise scales partition and burstReplicas by it); 0 when absent, as Go reads it. */
  statusDesired: i64 = 0;
  /** Whether the object has status.desiredNumberScheduled. */
  hasStatusDesired: bool = false;
  /** deprecated.daemonset.template.generation annotation (null when absent or not an integer). */
  templateGeneration: string | null = null;
  lifecycle: Lifecycle | null = null;
}

/** The annotation that turns progressive pod creation on before v1.9.0 (v1.9.0: spec.scaleStrategy.partitionedScaling). */
const PROGRESSIVE_CREATE_POD = "daemonset.kruise.io/progressive-create-pod";

/** Reads a DaemonSet object (`kruise`: Advanced DaemonSet of OpenKruise minor `release`). Native objects get the API server's defaults. */
export function readDaemonSet(o: Obj, kruise: bool, release: i32 = 9): DaemonSet {
  const ds = new DaemonSet();
  ds.kruise = kruise;
  const md = o.obj("metadata");
  ds.name = md.str("name");
  const ann = md.map("annotations");
  const tg = ann.get("deprecated.daemonset.template.generation");
  if (tg !== null && isDecimal(tg)) ds.templateGeneration = trimInt(tg);
  const spec = o.obj("spec");
  ds.minReadySeconds = spec.int("minReadySeconds", 0, 0);
  const us = spec.obj("updateStrategy");
  const type = us.str("type");
  ds.updateType = type.length > 0 ? type : "RollingUpdate";
  const ru = us.obj("rollingUpdate");
  ds.hasRollingUpdate = ru.present;
  ds.maxUnavailable = ru.ios("maxUnavailable");
  ds.maxSurge = ru.ios("maxSurge");
  if (kruise) {
    const rt = ru.str("rollingUpdateType");
    ds.rollingUpdateType = rt.length > 0 ? rt : "Standard";
    // v1.9.0: an IntOrString scaled by status.desiredNumberScheduled; before it a plain *int32
    if (release >= 9) ds.partition = ru.ios("partition");
    else if (ru.has("partition")) ds.partition = IntOrStr.ofInt(<i32>ru.int("partition", 0));
    if (ru.has("selector")) ds.selector = readSelector(ru, "selector");
    ds.paused = ru.bool("paused", false);
    ds.burstReplicas = spec.ios("burstReplicas");
    ds.partitionedScaling = release >= 9 ? spec.obj("scaleStrategy").bool("partitionedScaling", false) : ann.at(PROGRESSIVE_CREATE_POD) == "true";
    ds.lifecycle = readLifecycle(spec, "lifecycle");
  } else if (ds.updateType == "RollingUpdate") {
    // SetDefaults_DaemonSet: rollingUpdate {maxUnavailable: 1, maxSurge: 0}
    ds.hasRollingUpdate = true;
    if (ds.maxUnavailable.kind == IOS_NIL) ds.maxUnavailable = IntOrStr.ofInt(1);
    if (ds.maxSurge.kind == IOS_NIL) ds.maxSurge = IntOrStr.ofInt(0);
  }
  const status = o.obj("status");
  ds.hasStatusDesired = status.has("desiredNumberScheduled");
  ds.statusDesired = status.int("desiredNumberScheduled", 0, 0);
  return ds;
}

function isDecimal(s: string): bool {
  if (s.length == 0 || s.length > 19) return false;
  let i = s.charCodeAt(0) == 0x2d || s.charCodeAt(0) == 0x2b ? 1 : 0;
  if (i >= s.length) return false;
  for (; i < s.length; i++) { const c = s.charCodeAt(i); if (c < 0x30 || c > 0x39) return false; }
  return true;
}

/** fmt.Sprint of the parsed int64 (drops a + sign and leading zeros). */
function trimInt(s: string): string { return I64.parseInt(s).toString(); }

/** util.IsPodUpdated: the hash label matches, or the pod-template-generation label matches the annotation. */
export function isPodUpdated(ds: DaemonSet, p: Pod, hash: string): bool {
  const tg = ds.templateGeneration;
  const templateMatches = tg !== null && p.labels.get("pod-template-generation") == tg;
  const hashMatches = hash.length > 0 && p.revision == hash;
  return hashMatches || templateMatches;
}

/** The pods of each node (pods without a target node are ignored), in request order. */
export class NodePods {
  names: Array<string> = new Array<string>();
  pods: Array<Array<Pod>> = new Array<Array<Pod>>();
  index: Map<string, i32> = new Map<string, i32>();

  /** Pods of node `name` (null when the node has none recorded). */
  get(name: string): Array<Pod> | null {
    return this.index.has(name) ? this.pods[this.index.get(name)] : null;
  }

  /** Adds an (empty) entry for `name` when absent. */
  ensure(name: string): Array<Pod> {
    if (this.index.has(name)) return this.pods[this.index.get(name)];
    return this.add(name, new Array<Pod>());
  }

  /** Appends node `name` with its pods. */
  add(name: string, pods: Array<Pod>): Array<Pod> {
    this.index.set(name, this.names.length);
    this.names.push(name);
    this.pods.push(pods);
    return pods;
  }
}

/** getNodesToDaemonPods. */
export function nodesToPods(pods: Array<Pod>): NodePods {
  const m = new NodePods();
  for (let i = 0; i < pods.length; i++) {
    const p = pods[i];
    if (p.targetNode.length == 0) continue;
    m.ensure(p.targetNode).push(p);
  }
  return m;
}

/** What findUpdatedPodsOnNode answers: the new and old pod of a node; ok false when a node has two of a kind. */
export class NodeState {
  newPod: Pod | null = null;
  oldPod: Pod | null = null;
  ok: bool = true;
}

/** util.findUpdatedPodsOnNode over a node's pods (terminating pods skipped). */
export function findUpdatedPodsOnNode(ds: DaemonSet, pods: Array<Pod> | null, hash: string): NodeState {
  const s = new NodeState();
  if (pods === null) return s;
  for (let i = 0; i < pods.length; i++) {
    const p = pods[i];
    if (p.deleting) continue;
    if (isPodUpdated(ds, p, hash)) {
      if (s.newPod !== null) { s.ok = false; s.newPod = null; s.oldPod = null; return s; }
      s.newPod = p;
    } else {
      if (s.oldPod !== null) { s.ok = false; s.newPod = null; s.oldPod = null; return s; }
      s.oldPod = p;
    }
  }
  return s;
}

function isPreDeleting(p: Pod | null): bool { return p !== null && p.lifecycle == "PreparingDelete"; }
function nilOrPreDeleting(p: Pod | null): bool { return p === null || p.lifecycle == "PreparingDelete"; }

/** The scaled numbers of one sync. */
export class DSNumbers {
  desired: i64 = 0;
  maxSurge: i64 = 0;
  maxUnavailable: i64 = 0;
  partition: i64 = 0;
  burstReplicas: i64 = 250;
  /** Error text of an invalid maxUnavailable / maxSurge / partition (the rolling update fails), or null. */
  error: string | null = null;
}

/** surgeCount / unavailableCount / updatedDesiredNodeCounts, partition and burstReplicas. */
export function dsNumbers(ds: DaemonSet, nodes: Array<DSNode>): DSNumbers {
  const r = new DSNumbers();
  for (let i = 0; i < nodes.length; i++) if (nodes[i].shouldRun) r.desired++;
  if (ds.updateType == "RollingUpdate" && ds.hasRollingUpdate) {
    if (ds.maxUnavailable.kind != IOS_NIL || !ds.kruise) {
      const mu = scaledKubernetes(ds.maxUnavailable, r.desired, true);
      r.maxUnavailable = mu.value;
      if (!mu.ok) { r.error = "couldn't get unavailable numbers: invalid value for MaxUnavailable: " + mu.err!; r.maxUnavailable = -1; }
    }
    if (r.error === null && (ds.maxSurge.kind != IOS_NIL || !ds.kruise)) {
      const ms = scaledKubernetes(ds.maxSurge, r.desired, true);
      r.maxSurge = ms.value;
      if (!ms.ok) { r.error = "couldn't get unavailable numbers: invalid value for MaxSurge: " + ms.err!; r.maxSurge = -1; }
    }
  }
  if (r.error === null && r.desired > 0 && r.maxUnavailable == 0 && r.maxSurge == 0) r.maxUnavailable = 1;
  if (ds.kruise) {
    if (ds.partition.kind != IOS_NIL) {
      const p = scaledKubernetes(ds.partition, ds.statusDesired, false);
      if (!p.ok) { if (r.error === null) r.error = "failed to filterDaemonPodsToUpdate: failed to get partition value: " + p.err!; }
      else r.partition = <i64><i32>p.value;
    }
    r.burstReplicas = scaledKubernetes(orDefault(ds.burstReplicas, IntOrStr.ofInt(250)), ds.statusDesired, false).value;
  }
  return r;
}

/** util.AllowsSurge / allowSurge: maxSurge scaled against 1 node is positive. */
function allowSurge(ds: DaemonSet): bool {
  if (ds.updateType != "RollingUpdate" || !ds.hasRollingUpdate || ds.maxSurge.kind == IOS_NIL) return false;
  const v = scaledKubernetes(ds.maxSurge, 1, true);
  return v.ok && v.value > 0;
}

/** The Go release that built the controller: OpenKruise's, or Kubernetes'. */
function goOf(ds: DaemonSet): i32 { return ds.kruise ? KRUISE_GO : K8S_NEWEST_GO; }

/** podByCreationTimestampAndPhase. */
class ByCreationAndPhase extends LessSwap {
  constructor(public a: Array<Pod>) { super(); }
  less(i: i32, j: i32): bool {
    const x = this.a[i];
    const y = this.a[j];
    if (x.nodeName.length != 0 && y.nodeName.length == 0) return true;
    if (x.nodeName.length == 0 && y.nodeName.length != 0) return false;
    if (x.created.equal(y.created)) return compareGo(x.name, y.name) < 0;
    return x.created.before(y.created);
  }
  swap(i: i32, j: i32): void { const t = this.a[i]; this.a[i] = this.a[j]; this.a[j] = t; }
}

/** What one sync does. */
export class DSRound {
  nums: DSNumbers = new DSNumbers();
  /** manage: nodes needing a pod (after partitionedScaling), pods to delete. */
  manageCreate: Array<string> = new Array<string>();
  manageDelete: Array<string> = new Array<string>();
  /** rolling update ran (manage did nothing, not paused, RollingUpdate). */
  rolled: bool = false;
  /** Why the rolling update did not run: manage, paused, onDelete, error. */
  reason: string = "";
  error: string | null = null;
  /** Kruise: nodes allowed to update, in the partition filter's order. */
  nodesToUpdate: Array<string> = new Array<string>();
  numUnavailable: i64 = 0;
  numSurge: i64 = 0;
  /** Old pods replaced regardless of the budget (unavailable), then candidates and how many of them are used. */
  replace: Array<string> = new Array<string>();
  candidates: Array<string> = new Array<string>();
  pick: i64 = 0;
  /** Rolling update: pods updated in place, deferred by burstReplicas, to delete; nodes to create on. */
  inPlace: Array<string> = new Array<string>();
  deferred: Array<string> = new Array<string>();
  updateDelete: Array<string> = new Array<string>();
  updateCreate: Array<string> = new Array<string>();
  /** syncNodes of this sync: nodes created on and pods deleted (after burstReplicas), pods moved to PreparingDelete. */
  creates: Array<string> = new Array<string>();
  deletes: Array<string> = new Array<string>();
  preparingDelete: Array<string> = new Array<string>();
  /** Slow-start creation batches. */
  batches: Array<i64> = new Array<i64>();
}

/** Slow-start batch sizes for `n` creations (the DaemonSet controllers' loop, initial batch 1). */
export function slowStartBatches(n: i64): Array<i64> {
  const out = new Array<i64>();
  let batch: i64 = n < 1 ? n : 1;
  let pos: i64 = 0;
  while (n > pos) {
    out.push(batch);
    const next = min(2 * batch, n - (pos + batch));
    pos += batch;
    batch = next;
  }
  return out;
}

/** GetNodesNeedingPods (Kruise partitionedScaling). */
function nodesNeedingPods(newPods: i64, desire: i64, partition: i64, progressive: bool, nodes: Array<string>): Array<string> {
  nodes.sort((a: string, b: string): i32 => compareGo(a, b));
  if (!progressive) return nodes;
  partition = max(min(partition, desire), 0);
  let maxCreate = max(desire - newPods - partition, 0);
  if (maxCreate > <i64>nodes.length) maxCreate = nodes.length;
  if (maxCreate > 0) return nodes.slice(0, <i32>maxCreate);
  return new Array<string>();
}

/** Plans one sync of a DaemonSet: manage, then (if nothing to manage) the rolling update (walking the nodes of `walk` first, when given). */
export function planDaemonSet(ds: DaemonSet, nodes: Array<DSNode>, pods: Array<Pod>, hash: string, now: GoTime, verdicts: Verdicts,
  immediate: bool, opts: PlanOptions, walk: Array<string> | null = null): DSRound {
  const r = new DSRound();
  r.nums = dsNumbers(ds, nodes);
  const byNode = nodesToPods(pods);
  // manage
  const surge = allowSurge(ds);
  let newPodCount: i64 = 0;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    const daemonPods = byNode.get(node.name);
    if (node.shouldRun && daemonPods === null) {
      r.manageCreate.push(node.name);
    } else if (node.shouldContinueRunning) {
      const running = new Array<Pod>();
      // failedPodsBackoff (a fresh controller's): deleting a node's first failed pod starts the node's backoff, so
      // the other failed pods of that node wait for a later sync
      let failedDeleted = false;
      if (daemonPods !== null) {
        for (let k = 0; k < daemonPods.length; k++) {
          const p = daemonPods[k];
          if (p.deleting) continue;
          if (p.phase == "Failed") {
            if (!failedDeleted) r.manageDelete.push(p.name);
            failedDeleted = true;
          } else if (!ds.kruise && p.phase == "Succeeded") r.manageDelete.push(p.name);
          else if (ds.kruise && isPreDeleting(p)) r.manageDelete.push(p.name);
          else running.push(p);
        }
      }
      if (!surge) {
        if (running.length > 1) {
          goSort(new ByCreationAndPhase(running), running.length, goOf(ds));
          for (let k = 1; k < running.length; k++) r.manageDelete.push(running[k].name);
        }
      } else if (running.length <= 1) {
        if (running.length == 0 && node.shouldRun) r.manageCreate.push(node.name);
      } else {
        goSort(new ByCreationAndPhase(running), running.length, goOf(ds));
        let oldestNew: Pod | null = null;
        let oldestOld: Pod | null = null;
        for (let k = 0; k < running.length; k++) {
          const p = running[k];
          if (p.revision == hash) {
            if (oldestNew === null) { oldestNew = p; continue; }
          } else if (oldestOld === null) { oldestOld = p; continue; }
          r.manageDelete.push(p.name);
        }
        if (oldestNew !== null && oldestOld !== null) {
          if (!oldestOld.isReady) r.manageDelete.push(oldestOld.name);
          else if (podAvailable(oldestNew, ds.minReadySeconds, now)) r.manageDelete.push(oldestOld.name);
        }
      }
    } else if (daemonPods !== null) {
      for (let k = 0; k < daemonPods.length; k++) if (!daemonPods[k].deleting) r.manageDelete.push(daemonPods[k].name);
    }
    if (ds.kruise) {
      const st = findUpdatedPodsOnNode(ds, daemonPods, hash);
      if (st.ok && st.newPod !== null) newPodCount++;
    }
  }
  // unscheduled pods bound (by affinity) to nodes that do not exist
  const nodeIndex = new Map<string, i32>();
  for (let k = 0; k < nodes.length; k++) nodeIndex.set(nodes[k].name, k);
  for (let i = 0; i < byNode.names.length; i++) {
    if (nodeIndex.has(byNode.names[i])) continue;
    const ps = byNode.pods[i];
    for (let k = 0; k < ps.length; k++) if (ps[k].nodeName.length == 0) r.manageDelete.push(ps[k].name);
  }
  if (ds.kruise && ds.updateType == "RollingUpdate" && ds.hasRollingUpdate && ds.partition.kind != IOS_NIL && r.nums.partition != 0) {
    r.manageCreate = nodesNeedingPods(newPodCount, r.nums.desired, r.nums.partition, ds.partitionedScaling, r.manageCreate);
  }
  syncNodes(ds, r, r.manageDelete, r.manageCreate, pods, opts);
  const managed = r.creates.length > 0 || r.deletes.length > 0 || r.preparingDelete.length > 0;
  if (managed && !immediate) { r.reason = "manage"; return r; }
  let current = pods;
  let nodeMap = byNode;
  if (managed) {
    // expectations met at once (as upstream's unit tests' fake pod control does): the rolling update
    // sees manage's creations and deletions in the same sync
    current = new Array<Pod>();
    const gone = new Set<string>();
    for (let i = 0; i < r.deletes.length; i++) gone.add(r.deletes[i]);
    for (let i = 0; i < pods.length; i++) if (!gone.has(pods[i].name)) current.push(pods[i]);
    for (let i = 0; i < r.creates.length; i++) {
      const p = new Pod();
      p.name = "new-" + r.creates[i];
      p.setLabel("controller-revision-hash", hash);
      p.nodeName = r.creates[i];
      p.targetNode = r.creates[i];
      p.created = GoTime.at(now.sec);
      p.idx = current.length;
      current.push(p);
    }
    nodeMap = nodesToPods(current);
  }
  // rolling update
  if (ds.paused) { r.reason = "paused"; return r; }
  if (ds.updateType != "RollingUpdate") { r.reason = "onDelete"; return r; }
  if (r.nums.error !== null) { r.reason = "error"; r.error = r.nums.error; return r; }
  rollingUpdate(ds, r, nodes, nodeIndex, nodeMap, hash, now, verdicts, current, opts, walk);
  return r;
}

/** syncNodes: preDelete hooks, burstReplicas caps, slow-start batches. */
function syncNodes(ds: DaemonSet, r: DSRound, toDelete: Array<string>, toCreate: Array<string>, pods: Array<Pod>, opts: PlanOptions): void {
  let deletes = toDelete;
  const lc = ds.lifecycle;
  if (ds.kruise && lc !== null && lc.preDelete !== null) {
    deletes = new Array<string>();
    const byName = podIndex(pods);
    for (let i = 0; i < toDelete.length; i++) {
      if (!byName.has(toDelete[i])) continue;
      const p = byName.get(toDelete[i]);
      if (!podHooked(opts, lc.preDelete, p)) deletes.push(toDelete[i]);
      else if (p.lifecycle != "PreparingDelete") r.preparingDelete.push(toDelete[i]);
    }
  }
  const burst = ds.kruise ? r.nums.burstReplicas : 250;
  let createDiff: i64 = toCreate.length;
  const before = r.creates.length;
  let deleteDiff: i64 = deletes.length;
  if (createDiff > burst) createDiff = burst;
  if (deleteDiff > burst) deleteDiff = burst;
  if (createDiff < 0) createDiff = 0;
  if (deleteDiff < 0) deleteDiff = 0;
  for (let i = 0; i < <i32>createDiff; i++) r.creates.push(toCreate[i]);
  for (let i = 0; i < <i32>deleteDiff; i++) r.deletes.push(deletes[i]);
  if (before == 0) r.batches = slowStartBatches(createDiff);
  else if (createDiff > 0) r.batches = r.batches.concat(slowStartBatches(createDiff));
}

/** Pods by name (the last one wins). */
function podIndex(pods: Array<Pod>): Map<string, Pod> {
  const m = new Map<string, Pod>();
  for (let i = 0; i < pods.length; i++) m.set(pods[i].name, pods[i]);
  return m;
}

/** Kruise filterDaemonPodsNodeToUpdate: the nodes the rolling update may touch, in order. */
function filterNodesToUpdate(ds: DaemonSet, r: DSRound, byNode: NodePods, nodes: Array<DSNode>, nodeIndex: Map<string, i32>, hash: string,
  opts: PlanOptions): Array<string> {
  const all = new Array<string>();
  for (let i = 0; i < byNode.names.length; i++) all.push(byNode.names[i]);
  all.sort((a: string, b: string): i32 => compareGo(a, b));
  const updated = new Array<string>();
  const updating = new Array<string>();
  const selected = new Array<string>();
  const rest = new Array<string>();
  const selector = ds.selector;
  const sel = selector !== null ? matcherOf(opts, selector) : null;
  for (let i = all.length - 1; i >= 0; i--) {
    const name = all[i];
    const st = findUpdatedPodsOnNode(ds, byNode.get(name), hash);
    if (!st.ok || st.newPod !== null) { updated.push(name); continue; }
    if (nilOrPreDeleting(st.oldPod)) { updating.push(name); continue; }
    if (sel !== null) {
      const labels = nodeIndex.has(name) ? nodes[nodeIndex.get(name)].labels : new StrMap();
      if (sel.matches(labels)) { selected.push(name); continue; }
    }
    rest.push(name);
  }
  let sorted = updated.concat(updating);
  sorted = sorted.concat(sel !== null ? selected : rest);
  const maxUpdate = <i64>all.length - r.nums.partition;
  if (maxUpdate <= 0) return new Array<string>();
  if (maxUpdate < <i64>sorted.length) sorted = sorted.slice(0, <i32>maxUpdate);
  return sorted;
}

/** `order` with the names of `walk` it holds first (in walk's order, each once), then the others in their order. */
function walkFirst(order: Array<string>, walk: Array<string>): Array<string> {
  const inOrder = new Set<string>();
  for (let i = 0; i < order.length; i++) inOrder.add(order[i]);
  const taken = new Set<string>();
  const out = new Array<string>();
  for (let i = 0; i < walk.length; i++) {
    const name = walk[i];
    if (inOrder.has(name) && !taken.has(name)) { taken.add(name); out.push(name); }
  }
  for (let i = 0; i < order.length; i++) if (!taken.has(order[i])) out.push(order[i]);
  return out;
}

function rollingUpdate(ds: DaemonSet, r: DSRound, nodes: Array<DSNode>, nodeIndex: Map<string, i32>, byNode: NodePods, hash: string, now: GoTime,
  verdicts: Verdicts, pods: Array<Pod>, opts: PlanOptions, walk: Array<string> | null): void {
  r.rolled = true;
  const maxSurge = r.nums.maxSurge;
  const maxUnavailable = r.nums.maxUnavailable;
  // every node that should run gets an entry; then (Kruise) only nodes that exist, filtered
  let order = new Array<string>();
  for (let i = 0; i < nodes.length; i++) if (nodes[i].shouldRun) byNode.ensure(nodes[i].name);
  if (ds.kruise) {
    const existing = new NodePods();
    for (let i = 0; i < byNode.names.length; i++) if (nodeIndex.has(byNode.names[i])) existing.add(byNode.names[i], byNode.pods[i]);
    if (ds.selector !== null && ds.selector!.error !== null) {
      r.error = "failed to filterDaemonPodsToUpdate: " + ds.selector!.error!;
      r.reason = "error";
      return;
    }
    order = filterNodesToUpdate(ds, r, existing, nodes, nodeIndex, hash, opts);
    r.nodesToUpdate = order;
  } else {
    for (let i = 0; i < byNode.names.length; i++) order.push(byNode.names[i]);
    order.sort((a: string, b: string): i32 => compareGo(b, a));
  }
  if (walk !== null) order = walkFirst(order, walk);
  const minReady = ds.minReadySeconds;
  if (maxSurge == 0) {
    let numUnavailable: i64 = 0;
    const candidates = new Array<string>();
    for (let i = 0; i < order.length; i++) {
      const st = findUpdatedPodsOnNode(ds, byNode.get(order[i]), hash);
      if (!st.ok) { numUnavailable++; continue; }
      const newPod = st.newPod;
      const oldPod = st.oldPod;
      if (ds.kruise) {
        if ((nilOrPreDeleting(oldPod) && nilOrPreDeleting(newPod)) || (!nilOrPreDeleting(oldPod) && !nilOrPreDeleting(newPod))) { numUnavailable++; continue; }
      } else if ((oldPod === null && newPod === null) || (oldPod !== null && newPod !== null)) { numUnavailable++; continue; }
      if (newPod !== null) {
        if (!podAvailable(newPod, minReady, now)) numUnavailable++;
        if (ds.kruise && isPreDeleting(newPod)) numUnavailable++;
        continue;
      }
      const old = oldPod!;
      if (!podAvailable(old, minReady, now)) {
        r.replace.push(old.name);
        if (!ds.kruise) numUnavailable++;
      } else if (numUnavailable >= maxUnavailable) {
        continue;
      } else candidates.push(old.name);
    }
    r.numUnavailable = numUnavailable;
    r.candidates = candidates;
    let remaining = maxUnavailable - numUnavailable;
    if (remaining < 0) remaining = 0;
    if (remaining > <i64>candidates.length) remaining = candidates.length;
    r.pick = remaining;
    let toDelete = r.replace.concat(candidates.slice(0, <i32>remaining));
    if (ds.kruise && ds.rollingUpdateType == "InPlaceIfPossible") {
      const need = new Array<string>();
      const can = new Array<string>();
      const byName = podIndex(pods);
      for (let i = 0; i < toDelete.length; i++) {
        const p: Pod | null = byName.has(toDelete[i]) ? byName.get(toDelete[i]) : null;
        if (p !== null && p.inPlaceGate && verdicts.canInPlace(p.name)) can.push(toDelete[i]); else need.push(toDelete[i]);
      }
      let n: i64 = can.length;
      if (n > r.nums.burstReplicas) n = r.nums.burstReplicas;
      if (n < 0) n = 0;
      for (let i = 0; i < can.length; i++) {
        if (<i64>i < n) r.inPlace.push(can[i]); else r.deferred.push(can[i]);
      }
      toDelete = need;
    }
    r.updateDelete = toDelete;
    syncNodes(ds, r, toDelete, new Array<string>(), pods, opts);
    return;
  }
  // surge
  let numSurge: i64 = 0;
  let numAvailable: i64 = 0;
  const oldToDelete = new Array<string>();
  const shouldNotRun = new Array<string>();
  const candidates = new Array<string>();
  for (let i = 0; i < order.length; i++) {
    const name = order[i];
    const st = findUpdatedPodsOnNode(ds, byNode.get(name), hash);
    if (!st.ok) { numSurge++; continue; }
    const newPod = st.newPod;
    const oldPod = st.oldPod;
    if (!ds.kruise) {
      if (oldPod !== null) { if (podAvailable(oldPod, minReady, now)) numAvailable++; }
      else if (newPod !== null && podAvailable(newPod, minReady, now)) numAvailable++;
    }
    const noOld = ds.kruise ? nilOrPreDeleting(oldPod) : oldPod === null;
    if (noOld) continue;
    const old = oldPod!;
    if (newPod === null) {
      const run = ds.kruise || !nodeIndex.has(name) ? true : nodes[nodeIndex.get(name)].shouldRun;
      if (!podAvailable(old, minReady, now)) {
        if (!run) { oldToDelete.push(old.name); continue; }
        r.updateCreate.push(name);
      } else {
        if (!run) { shouldNotRun.push(old.name); continue; }
        if (numSurge >= maxSurge) continue;
        candidates.push(name);
      }
    } else {
      if (!podAvailable(newPod, minReady, now)) { numSurge++; continue; }
      if (ds.kruise && isPreDeleting(newPod)) { numSurge++; continue; }
      oldToDelete.push(old.name);
    }
  }
  r.numSurge = numSurge;
  r.candidates = candidates;
  let remaining = maxSurge - numSurge;
  if (!ds.kruise) {
    let deletable = numAvailable - r.nums.desired;
    if (deletable > 0) {
      if (deletable > <i64>shouldNotRun.length) deletable = shouldNotRun.length;
      for (let i = 0; i < <i32>deletable; i++) oldToDelete.push(shouldNotRun[i]);
    }
  }
  if (remaining < 0) remaining = 0;
  if (remaining > <i64>candidates.length) remaining = candidates.length;
  r.pick = remaining;
  const create = r.updateCreate.concat(candidates.slice(0, <i32>remaining));
  r.updateCreate = create;
  r.updateDelete = oldToDelete;
  syncNodes(ds, r, oldToDelete, create, pods, opts);
}
