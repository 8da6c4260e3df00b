// The decision core of the example controller: an informer-style cache of the last object seen per
// key and, for every update, what it does to running pods — computed offline by kinplace.
//   Pods: the kubelet compares each container's hash (io.kubernetes.container.hash) with the one it
//         started it with; a changed hash restarts that container in place (same pod).
//   Workloads (Deployment, StatefulSet, DaemonSet, ReplicaSet, OpenKruise CloneSet, Advanced
//         StatefulSet / DaemonSet): the `verdict` op — none, in place (which containers restart) or recreate.
// Feed it from anything that produces watch events: a file, `kubectl get -w --output-watch-events`, or
// an informer of @kubernetes/client-node (see docs/embedding.md, "Embedding in a controller").

import { containerHash, verdict } from "kinplace";

/**
 * A watch event as informers and `kubectl get -w --output-watch-events` deliver it; with
 * @kubernetes/client-node, `object` is a V1Pod, V1Deployment, ... (its KubernetesObject).
 * @typedef {{ type: "ADDED" | "MODIFIED" | "DELETED", object: { kind?: string, metadata?: { name?: string, namespace?: string }, spec?: any } }} WatchEvent
 */

/**
 * What an update does to running pods.
 * @typedef {{ event: string, kind: string, namespace: string, name: string, decision: "none" | "in-place" | "recreate" | "rejected" | "error", restart: string[], reasons?: string[], error?: string }} Decision
 */

const WORKLOADS = new Set(["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "CloneSet"]);

/** The cache key of an object: kind, namespace and name. */
function keyOf(o) {
  const m = o?.metadata ?? {};
  return `${o?.kind ?? ""}/${m.namespace ?? ""}/${m.name ?? ""}`;
}

/** The containers of a pod spec, init containers first. */
function containers(pod) {
  const spec = pod?.spec ?? {};
  return [...(spec.initContainers ?? []), ...(spec.containers ?? [])];
}

/** The kubelet's decision for a pod update: the containers whose hash changes restart in place. */
function podDecision(oldPod, newPod, kubelet) {
  const before = new Map(containers(oldPod).map((c) => [c.name, containerHash(c, { kubelet }).hash]));
  const restart = [];
  for (const c of containers(newPod)) {
    const was = before.get(c.name);
    if (was !== undefined && was !== containerHash(c, { kubelet }).hash) restart.push(c.name);
  }
  return { decision: restart.length > 0 ? "in-place" : "none", restart };
}

/** The verdict's decision for a workload update (an object the engine cannot judge is reported, not thrown). */
function workloadDecision(oldObj, newObj, options) {
  let r;
  try {
    r = verdict(oldObj, newObj, options);
  } catch (e) {
    return { decision: "error", restart: [], error: `${e.code}: ${e.message}` };
  }
  const restart = r.containers.filter((c) => c.action !== "keep").map((c) => c.name);
  return { decision: r.verdict, restart, reasons: r.reasons.map((x) => x.path) };
}

/** A controller: `handle({type, object})` returns the decision for the event, or undefined when there is none to make. */
export function createController({ kubelet = "1.37", kubernetes } = {}) {
  const cache = new Map();
  return {
    /** Handles one watch event (ADDED, MODIFIED, DELETED; a bare object counts as MODIFIED). @param {WatchEvent} event @returns {Decision | undefined} */
    handle(event) {
      const { type, object } = event.type !== undefined && event.object !== undefined ? event : { type: "MODIFIED", object: event };
      const key = keyOf(object);
      const old = cache.get(key);
      if (type === "DELETED") {
        cache.delete(key);
        return undefined;
      }
      cache.set(key, object);
      if (type === "ADDED" || old === undefined) return undefined; // nothing to compare with yet
      const kind = object.kind;
      const base = { event: type, kind, namespace: object.metadata?.namespace ?? "", name: object.metadata?.name ?? "" };
      if (kind === "Pod") return { ...base, ...podDecision(old, object, kubelet) };
      if (WORKLOADS.has(kind)) {
        // OpenKruise workloads are judged at the Kubernetes minor their controllers are built for (the engine's default)
        const kruise = String(object.apiVersion ?? "").startsWith("apps.kruise.io/");
        return { ...base, ...workloadDecision(old, object, kruise ? {} : { kubelet, kubernetes }) };
      }
      return undefined;
    },
  };
}
