// Generator of realistic Advanced DaemonSet syncs for the differential suite rollout-kruise-ads.test.ts: a node pool
// (1 to 60 nodes named as clusters name them, roles, zones, a canary label, NoSchedule / NoExecute taints, now and then
// a node that was deleted while its pod was pending), a DaemonSet in the version each OpenKruise release reads
// (v1alpha1 before v1.9: partition an integer, the progressive-create-pod annotation; v1.9.0: v1beta1, partition an
// int or percent, scaleStrategy.partitionedScaling) with Standard or InPlaceIfPossible rolling updates, maxUnavailable
// and maxSurge as ints or percents, a rolling selector, paused, burstReplicas, a preDelete hook, minReadySeconds, now and
// then no status yet (a DaemonSet its controller has not synced), and its pods somewhere in a rollout (most clusters
// settled between two syncs, the others in a mess): at the old, the new or an older revision, ready for long or just
// now, not ready, pending, failed, terminating, PreparingDelete, an in-place update under way, two on a node (a surge,
// or an excess one). The revisions are the controller's (data {"spec":{"template":…,"$patch":"replace"}}); the new template changes
// an image (in place) or an image and an env var (recreate).
//
// oracleRequest gives kruise.daemonSetSync its request; engineRequest gives rollout.advancedDaemonSet the same sync,
// with the nodes' scheduling predicates as the oracle evaluated them and the oracle's walk order (walkOrderOf).

import { rng } from "../support/arbitraries.ts";

/** A JSON object. */
export type Obj = Record<string, any>;

/** The OpenKruise releases (`kruise` values) the suite runs. */
export const ADS_RELEASES = ["1.5", "1.6", "1.7", "1.8", "1.9"] as const;

/** The time every sync runs at. */
export const NOW = "2025-06-01T12:00:00Z";
const NOW_MS = Date.parse(NOW);
const at = (secondsAgo: number) => new Date(NOW_MS - secondsAgo * 1000).toISOString().replace(".000Z", "Z");

/** One generated sync: the oracle's request (without op) and each pod's target node. */
export interface AdsCase {
  release: string;
  daemonSet: Obj;
  nodes: Obj[];
  pods: Obj[];
  revisions: Obj[];
  hash: string;
  /** pod name -> the node it belongs to (spec.nodeName, or its required node affinity). */
  podNode: Record<string, string>;
}

/** A small random helper over the project's mulberry32. */
class R {
  private next: () => number;
  constructor(seed: number) { this.next = rng(seed); }
  f(): number { return this.next(); }
  int(lo: number, hi: number): number { return lo + Math.floor(this.next() * (hi - lo + 1)); }
  chance(p: number): boolean { return this.next() < p; }
  pick<T>(items: readonly T[]): T { return items[Math.floor(this.next() * items.length)]!; }
}

const HASHES = { older: "5c9d7b8f44", old: "7f6d9c5b8d", new: "b4c8d6f75" };
const HOOK_FINALIZER = "example.io/unregister-from-lb";

/** A node count: mostly small clusters, sometimes up to 60 nodes. */
function nodeCount(r: R): number {
  const x = r.f();
  if (x < 0.08) return r.int(1, 2);
  if (x < 0.7) return r.int(3, 12);
  if (x < 0.92) return r.int(13, 30);
  return r.int(31, 60);
}

/** Node names as clusters spell them (so that reverse name order is not creation order). */
function nodeNames(r: R, n: number): string[] {
  const style = r.pick(["worker", "ip", "pool", "mixed"]);
  const names = new Set<string>();
  let i = 0;
  while (names.size < n) {
    i++;
    const s = style === "mixed" ? r.pick(["worker", "ip", "pool"]) : style;
    if (s === "worker") names.add(`worker-${r.chance(0.8) ? i : r.int(1, 200)}`);
    else if (s === "ip") names.add(`ip-10-0-${r.int(0, 3)}-${r.int(2, 254)}.ec2.internal`);
    else names.add(`gke-prod-pool-${r.pick(["a", "b"])}-${r.int(100, 999).toString(16)}${r.pick(["x", "z", "q"])}`);
  }
  return [...names];
}

function node(r: R, name: string): Obj {
  const labels: Obj = { "kubernetes.io/hostname": name, role: r.pick(["worker", "worker", "worker", "infra", "gpu"]), "topology.kubernetes.io/zone": r.pick(["eu-1a", "eu-1b", "eu-1c"]) };
  if (r.chance(0.3)) labels.canary = "true";
  const taints: Obj[] = [];
  if (labels.role === "gpu" && r.chance(0.7)) taints.push({ key: "dedicated", value: "gpu", effect: "NoSchedule" });
  if (r.chance(0.04)) taints.push({ key: "maintenance", value: "true", effect: "NoExecute" });
  if (r.chance(0.04)) taints.push({ key: "node.kubernetes.io/unschedulable", effect: "NoSchedule" });
  const n: Obj = { apiVersion: "v1", kind: "Node", metadata: { name, labels } };
  if (taints.length) n.spec = { taints };
  return n;
}

/** An int or percent for maxUnavailable / maxSurge, or undefined. */
function budget(r: R, n: number, ints: readonly number[], percents: readonly string[], absent: number): number | string | undefined {
  if (r.chance(absent)) return undefined;
  if (r.chance(0.55)) return r.pick(ints);
  if (r.chance(0.05)) return r.pick([n, n + 1]);
  return r.pick(percents);
}

function template(image: string, env: boolean, nodeSelector: Obj | undefined, tolerate: boolean): Obj {
  const c: Obj = { name: "agent", image, resources: { requests: { cpu: "50m", memory: "64Mi" } } };
  if (env) c.env = [{ name: "LOG_LEVEL", value: "debug" }];
  const spec: Obj = { containers: [c], terminationGracePeriodSeconds: 30 };
  if (nodeSelector) spec.nodeSelector = nodeSelector;
  if (tolerate) spec.tolerations = [{ key: "dedicated", operator: "Equal", value: "gpu", effect: "NoSchedule" }];
  return { metadata: { labels: { app: "node-agent" } }, spec };
}

function revision(dsName: string, ns: string, hash: string, tmpl: Obj, n: number): Obj {
  return { apiVersion: "apps/v1", kind: "ControllerRevision", metadata: { name: `${dsName}-${hash}`, namespace: ns, labels: { app: "node-agent", "controller-revision-hash": hash } }, data: { spec: { template: { ...tmpl, $patch: "replace" } } }, revision: n };
}

/** The rolling update's node selector: mostly valid, now and then one the controller refuses. */
function rollingSelector(r: R): Obj {
  if (r.chance(0.04)) return { matchExpressions: [{ key: "canary", operator: "In", values: [] }] };
  if (r.chance(0.5)) return { matchLabels: { canary: "true" } };
  return { matchExpressions: [{ key: "topology.kubernetes.io/zone", operator: r.pick(["In", "NotIn"]), values: r.chance(0.5) ? ["eu-1a"] : ["eu-1a", "eu-1b"] }] };
}

/** One generated sync at `release`, case `i` of `seed`. */
export function adsCase(release: string, seed: number, i: number): AdsCase {
  const r = new R((seed * 7919 + i * 104729 + Number(release.split(".")[1]) * 15485863) >>> 0);
  const v19 = release === "1.9";
  const n = nodeCount(r);
  const names = nodeNames(r, n);
  const nodes = names.map((nm) => node(r, nm));
  const dsName = r.pick(["node-agent", "log-collector", "csi-node"]);
  const ns = r.pick(["kube-system", "monitoring"]);
  const uid = `ads-${release}-${seed}-${i}`;
  const selectWorkers = r.chance(0.25);
  const nodeSelector = selectWorkers ? { role: "worker" } : undefined;
  const tolerate = r.chance(0.3);
  const inPlaceChange = r.chance(0.75);
  const oldT = template("registry.io/agent:1.4.2", false, nodeSelector, tolerate);
  const newT = template("registry.io/agent:1.5.0", !inPlaceChange, nodeSelector, tolerate);
  const olderT = template("registry.io/agent:1.3.9", false, nodeSelector, tolerate);
  const revisions = [revision(dsName, ns, HASHES.new, newT, 3)];
  if (r.chance(0.93)) revisions.unshift(revision(dsName, ns, HASHES.old, oldT, 2));
  if (r.chance(0.3)) revisions.unshift(revision(dsName, ns, HASHES.older, olderT, 1));

  // the DaemonSet
  const inPlace = r.chance(0.55);
  const ru: Obj = { rollingUpdateType: inPlace ? "InPlaceIfPossible" : r.chance(0.05) ? "Surging" : "Standard" };
  const mu = budget(r, n, [0, 1, 1, 1, 2, 3, 5], ["10%", "20%", "25%", "33%", "50%", "100%", "0%"], 0.1);
  if (mu !== undefined) ru.maxUnavailable = r.chance(0.015) ? r.pick(["1.5%", "x"]) : mu;
  const ms = budget(r, n, [0, 0, 1, 2], ["0%", "10%", "25%", "50%"], 0.55);
  if (ms !== undefined) ru.maxSurge = ms;
  if (r.chance(0.35)) ru.partition = v19 && r.chance(0.35) ? r.pick(["10%", "50%", "90%", "100%", "x%"]) : r.int(0, n + 1);
  if (r.chance(0.2)) ru.selector = rollingSelector(r);
  if (r.chance(0.08)) ru.paused = true;
  else if (r.chance(0.05)) ru.paused = false;
  const us: Obj = r.chance(0.06) ? { type: "OnDelete" } : { type: "RollingUpdate", rollingUpdate: ru };
  const annotations: Obj = {};
  const spec: Obj = { selector: { matchLabels: { app: "node-agent" } }, template: newT, updateStrategy: us, revisionHistoryLimit: 10 };
  if (r.chance(0.25)) spec.minReadySeconds = r.pick([10, 30, 60]);
  if (r.chance(0.3)) spec.burstReplicas = r.chance(0.7) ? r.int(1, 4) : r.pick(["10%", "30%", "50%"]);
  const progressive = r.chance(0.2);
  if (progressive) {
    if (v19) spec.scaleStrategy = { partitionedScaling: true };
    else annotations["daemonset.kruise.io/progressive-create-pod"] = "true";
  }
  const hook = r.chance(0.12) ? (r.chance(0.5) ? { finalizersHandler: [HOOK_FINALIZER] } : { labelsHandler: { "example.io/drain": "true" } }) : undefined;
  if (hook) spec.lifecycle = { preDelete: { ...hook, ...(r.chance(0.3) ? { markPodNotReady: true } : {}) } };
  const generation = r.chance(0.15) ? 3 : undefined;
  if (generation !== undefined) annotations["deprecated.daemonset.template.generation"] = String(generation);
  const metadata: Obj = { name: dsName, namespace: ns, uid, generation: 3 };
  if (Object.keys(annotations).length) metadata.annotations = annotations;
  const desired = Math.max(0, n - r.pick([0, 0, 0, 0, 1, 2]) + (r.chance(0.1) ? 1 : 0));
  const daemonSet: Obj = { apiVersion: `apps.kruise.io/${v19 ? "v1beta1" : "v1alpha1"}`, kind: "DaemonSet", metadata, spec };
  // a DaemonSet the controller has not synced yet has no status
  if (r.chance(0.95)) daemonSet.status = { desiredNumberScheduled: desired, currentNumberScheduled: desired, numberReady: desired };

  // the pods: somewhere in the rollout; a settled cluster (the usual state between two syncs) has one pod on each node
  // that runs the DaemonSet (two where a surge is under way) and rarely a failed or leftover one
  const settled = r.chance(0.65);
  const mess = settled ? 0.04 : 1;
  const runs = (nd: Obj): boolean => {
    const taints = (nd.spec?.taints ?? []) as Obj[];
    if (nodeSelector && nd.metadata.labels.role !== "worker") return false;
    if (taints.some((t) => t.key === "maintenance")) return false;
    return !taints.some((t) => t.key === "dedicated") || tolerate;
  };
  const progress = r.pick([0, 0.1, 0.3, 0.5, 0.8, 1]);
  const minReady = (spec.minReadySeconds as number | undefined) ?? 0;
  const pods: Obj[] = [];
  const podNode: Record<string, string> = {};
  let k = 0;
  const addPod = (nodeName: string, scheduled: boolean, rev: "older" | "old" | "new", createdAgo: number, fresh = false) => {
    const name = `${dsName}-${(k++).toString(36).padStart(5, "x")}`;
    const labels: Obj = { app: "node-agent", "controller-revision-hash": HASHES[rev] };
    // the generation label mostly agrees with the revision (a pod of the current generation counts as updated)
    if (generation !== undefined && r.chance(0.5)) labels["pod-template-generation"] = String(rev === "new" || r.chance(0.1) ? generation : generation - 1);
    const tmpl = rev === "new" ? newT : rev === "old" ? oldT : olderT;
    const conditions: Obj[] = [];
    const x = r.f();
    let phase = "Running";
    if (!scheduled) phase = "Pending";
    else if (x < 0.03 * mess) phase = "Failed";
    else if (x < 0.04 * mess) phase = "Succeeded";
    else if (x < 0.1 * mess) phase = "Pending";
    // a fresh pod (the new one of a surge between two syncs) is mostly not available yet
    const readyAgo = r.chance(fresh ? 0.2 : 0.75) ? r.int(3600, 86400) : minReady > 0 && r.chance(0.6) ? r.int(1, minReady - 1) : r.int(1, 120);
    const ready = phase === "Running" && !r.chance(fresh ? 0.6 : 0.12);
    conditions.push({ type: "Ready", status: ready ? "True" : "False", lastTransitionTime: at(Math.min(readyAgo, createdAgo)) });
    const gate = inPlace ? r.chance(0.9) : r.chance(0.1);
    if (gate) conditions.push({ type: "InPlaceUpdateReady", status: r.chance(0.93) ? "True" : "False", lastTransitionTime: at(createdAgo) });
    const podSpec: Obj = { ...JSON.parse(JSON.stringify(tmpl.spec)), affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: "metadata.name", operator: "In", values: [nodeName] }] }] } } } };
    if (scheduled) podSpec.nodeName = nodeName;
    if (gate) podSpec.readinessGates = [{ conditionType: "InPlaceUpdateReady" }];
    const meta: Obj = { name, namespace: ns, uid: `${uid}-p${k}`, labels, creationTimestamp: at(createdAgo), ownerReferences: [{ apiVersion: daemonSet.apiVersion, kind: "DaemonSet", name: dsName, uid, controller: true, blockOwnerDeletion: true }] };
    if (hook && r.chance(0.8)) {
      if ("finalizersHandler" in hook) meta.finalizers = [HOOK_FINALIZER];
      else labels["example.io/drain"] = "true";
    }
    if (r.chance(0.04 * mess)) labels["lifecycle.apps.kruise.io/state"] = "PreparingDelete";
    else if (hook && r.chance(0.5)) labels["lifecycle.apps.kruise.io/state"] = "Normal";
    if (r.chance(0.05 * mess)) { meta.deletionTimestamp = at(r.int(1, 30)); meta.deletionGracePeriodSeconds = 30; }
    pods.push({ apiVersion: "v1", kind: "Pod", metadata: meta, spec: podSpec, status: { phase, conditions, ...(scheduled ? { hostIP: "10.0.0.1" } : {}) } });
    podNode[name] = nodeName;
  };
  const revOf = (): "older" | "old" | "new" => (r.chance(progress) ? "new" : r.chance(0.08) ? "older" : "old");
  const surging = ms !== undefined && ms !== 0 && ms !== "0%";
  for (const nd of nodes) {
    const nm = nd.metadata.name as string;
    const x = r.f();
    let count = x < 0.1 ? 0 : x < 0.86 ? 1 : x < 0.97 ? 2 : 3;
    if (settled) count = !runs(nd) ? (r.chance(0.01) ? 1 : 0) : surging && r.chance(0.2) ? 2 : r.chance(0.008) ? r.pick([0, 2]) : 1;
    const ago = r.int(600, 200000);
    for (let c = 0; c < count; c++) {
      // a second pod: a surge (an old and a new one) or an excess one, sometimes created at the same second
      const rev = c === 0 ? (settled && count === 2 ? r.pick(["old", "older"] as const) : revOf()) : settled || r.chance(0.6) ? "new" : revOf();
      addPod(nm, r.chance(settled ? 0.995 : 0.97), rev, c === 0 ? ago : r.chance(0.2) ? ago : r.int(30, ago), settled && c > 0);
    }
  }
  if (r.chance(0.1 * mess)) {
    // a node deleted while its pods were pending (and one that was scheduled there)
    const gone = `worker-gone-${r.int(1, 9)}`;
    for (let c = r.int(1, 2); c > 0; c--) addPod(gone, r.chance(0.3), revOf(), r.int(60, 3600));
  }
  // the lister's order is the informer's (any order): shuffle
  for (let a = pods.length - 1; a > 0; a--) {
    const b = r.int(0, a);
    [pods[a], pods[b]] = [pods[b]!, pods[a]!];
  }
  return { release, daemonSet, nodes, pods, revisions, hash: HASHES.new, podNode };
}

/** kruise.daemonSetSync's request line for a case. */
export function oracleRequest(c: AdsCase): string {
  return JSON.stringify({ op: "kruise.daemonSetSync", daemonSet: c.daemonSet, nodes: c.nodes, pods: c.pods, revisions: c.revisions, hash: c.hash, now: NOW, kruise: c.release });
}

/** The node order the real rolling update walked, as far as it decides anything: the nodes of the pods it chose (without
 *  surge), or of the nodes it surged onto and then of the old pods it deleted (with surge). */
export function walkOrderOf(c: AdsCase, oracle: Obj): string[] | undefined {
  const ru = oracle.rollingUpdate as Obj | undefined;
  if (!ru) return undefined;
  if (ru.numSurge === undefined) return (ru.chosen as string[]).map((p) => c.podNode[p]!);
  return [...(ru.create as string[]), ...(ru.delete as string[]).map((p) => c.podNode[p]!)];
}

/** rollout.advancedDaemonSet's request line for a case, given the oracle's answer (node predicates, walk order). */
export function engineRequest(c: AdsCase, oracle: Obj): string {
  const preds = new Map((oracle.nodes as Obj[]).map((n) => [n.name as string, n]));
  const nodes = c.nodes.map((n) => {
    const p = preds.get(n.metadata.name)!;
    return { name: n.metadata.name, labels: n.metadata.labels, shouldRun: p.shouldRun, shouldContinueRunning: p.shouldContinueRunning };
  });
  const walk = walkOrderOf(c, oracle);
  return JSON.stringify({ op: "rollout.advancedDaemonSet", daemonSet: c.daemonSet, nodes, pods: c.pods, revisions: c.revisions, hash: c.hash, now: NOW, kruise: c.release, ...(walk ? { walkOrder: walk } : {}) });
}
