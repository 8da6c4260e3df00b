// A typed informer-style controller loop (@kubernetes/client-node types): for every pod or workload
// update an informer reports, decide offline with kinplace's `verdict` whether running pods keep going,
// restart containers in place, are recreated, or whether the API server rejects the update (pods:
// `pod.validateUpdate` of the minor first, then the kubelet's container hashes).
//   attach(informer, kind, onDecision)  wires any Informer<T> (a real one or FakeInformer, below)
//   watchCluster(onDecision)             the live wiring: KubeConfig + makeInformer for pods and Deployments
//   node --import tsx examples/controller/informer.ts [--kubelet 1.N]   runs it, one JSON decision per line
// The library is imported relatively (js/) so the example typechecks and runs from the checkout; in an
// application write `import { init, verdict } from "kinplace"`.

import { EventEmitter } from "node:events";
import { pathToFileURL } from "node:url";
import type { Informer, KubernetesObject, V1Deployment, V1Pod } from "@kubernetes/client-node";
import { verdict, type Verdict, type VerdictOptions } from "../../js/node.ts";

/** The kinds this loop decides for (the informer's resource; list items carry no `kind`). */
export type WatchedKind = "Pod" | "Deployment" | "StatefulSet" | "DaemonSet" | "ReplicaSet" | "CloneSet";

/** What an update does to running pods: the verdict, the containers that restart or are recreated, the changed paths. */
export interface Decision {
  kind: WatchedKind;
  namespace: string;
  name: string;
  decision: Verdict["verdict"] | "error";
  restart: string[];
  reasons: string[];
  error?: string;
}

/** Options of the verdict (`kubelet`, `kubernetes`, ...); OpenKruise kinds ignore the Kubernetes minors. */
export type DecideOptions = Pick<VerdictOptions, "kubelet" | "kubernetes">;

/** The cache key of an object: namespace/name. */
function keyOf(o: KubernetesObject): string {
  return `${o.metadata?.namespace ?? ""}/${o.metadata?.name ?? ""}`;
}

/** The decision for updating `old` to `next` of `kind` (a pod's includes API-server validation); engine errors are reported, not thrown. */
export function decide<T extends KubernetesObject>(kind: WatchedKind, old: T, next: T, options: DecideOptions = {}): Decision {
  const base = { kind, namespace: next.metadata?.namespace ?? "", name: next.metadata?.name ?? "" };
  let v: Verdict;
  try {
    v = verdict(old, next, kind === "CloneSet" ? { kind } : { kind, ...options });
  } catch (e) {
    const err = e as { code?: string; message?: string };
    return { ...base, decision: "error", restart: [], reasons: [], error: `${err.code}: ${err.message}` };
  }
  const restart = v.containers.filter((c) => c.action !== "keep").map((c) => c.name);
  return { ...base, decision: v.verdict, restart, reasons: v.reasons.map((r) => r.path) };
}

/** Wires an informer: keeps the last object per key (the informer hands `update` only the new one) and reports a decision per update. */
export function attach<T extends KubernetesObject>(informer: Informer<T>, kind: WatchedKind, onDecision: (d: Decision) => void, options: DecideOptions = {}): void {
  const cache = new Map<string, T>();
  informer.on("add", (obj) => void cache.set(keyOf(obj), obj));
  informer.on("update", (obj) => {
    const old = cache.get(keyOf(obj));
    cache.set(keyOf(obj), obj);
    if (old !== undefined) onDecision(decide(kind, old, obj, options));
  });
  informer.on("delete", (obj) => void cache.delete(keyOf(obj)));
}

/** A recorded watch event, as `kubectl get -w --output-watch-events -o json` prints it. */
export interface WatchEvent<T extends KubernetesObject = KubernetesObject> {
  type: "ADDED" | "MODIFIED" | "DELETED";
  object: T;
}

/** An informer without a cluster: the same on('add'|'update'|'delete') shape, fed recorded events by `emitEvent`. */
export class FakeInformer<T extends KubernetesObject> extends EventEmitter implements Informer<T> {
  /** Delivers one watch event to the handlers (ADDED → add, MODIFIED → update, DELETED → delete). */
  emitEvent(event: WatchEvent<T>): void {
    this.emit(event.type === "ADDED" ? "add" : event.type === "MODIFIED" ? "update" : "delete", event.object);
  }
  /** Nothing to start: events come from emitEvent. */
  async start(): Promise<void> {}
  /** Nothing to stop. */
  async stop(): Promise<void> {}
}

/** The live wiring (typechecked, not run in tests): pod and Deployment informers of the current kubeconfig context. */
export async function watchCluster(onDecision: (d: Decision) => void, options: DecideOptions = {}): Promise<Informer<KubernetesObject>[]> {
  const k8s = await import("@kubernetes/client-node");
  const { init } = await import("../../js/node.ts");
  await init();
  const kc = new k8s.KubeConfig();
  kc.loadFromDefault();
  const core = kc.makeApiClient(k8s.CoreV1Api);
  const apps = kc.makeApiClient(k8s.AppsV1Api);
  const pods = k8s.makeInformer<V1Pod>(kc, "/api/v1/pods", () => core.listPodForAllNamespaces());
  const deployments = k8s.makeInformer<V1Deployment>(kc, "/apis/apps/v1/deployments", () => apps.listDeploymentForAllNamespaces());
  attach(pods, "Pod", onDecision, options);
  attach(deployments, "Deployment", onDecision, options);
  for (const informer of [pods, deployments]) informer.on("error", (err) => console.error(err));
  await Promise.all([pods.start(), deployments.start()]);
  return [pods, deployments] as Informer<KubernetesObject>[];
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf("--kubelet");
  await watchCluster((d) => console.log(JSON.stringify(d)), i > 0 ? { kubelet: process.argv[i + 1]! } : {});
}
