// The state a rollout is played from, as `kinplace plan` builds it and the web page shares it: the workload's
// own Pods (by owner uid, else its selector in its namespace), a Deployment's ReplicaSets and the one at the new
// template's pod-template-hash, the revisions pods are at and move to, a DaemonSet's nodes. Engine calls go
// through the `ask` function the caller passes (the CLI's engine, the page's).

import { asObject, podTemplate } from "./kinds.js";

type Obj = { [key: string]: unknown };

/** Asks the engine one op with documents spliced in as JSON text: the result object (throws the engine's error). */
export type RawAsk = (op: string, request: Obj, raw: { [name: string]: string | Uint8Array }) => Obj;

/** The objects of the cluster's state (`kubectl get pods,replicasets,nodes -o json`). */
export interface PlanState {
  pods: Obj[];
  replicaSets: Obj[];
  nodes: Obj[];
}

/** Options of planStart (undefined: the defaults `kinplace plan` uses). */
export interface PlanStartOptions {
  kubernetes?: string;
  kruise?: string;
  currentRevision?: string;
  updateRevision?: string;
  /** The namespace of an object written without one (default "default", as kubectl reads it). */
  namespace?: string;
}

/** The rollout.simulate request planStart builds, the workload's own pods and ReplicaSets, and the workload's revision. */
export interface PlanStart {
  request: Obj;
  raw: { [name: string]: string | Uint8Array };
  own: Obj[];
  replicaSets: Obj[];
  /** The workload's revision as its controller names it (name undefined for a Deployment: hash is its pod-template-hash). */
  revision: { name?: string; hash: string };
}

/** metadata of an object as an object. */
function meta(o: Obj): Obj {
  return asObject(o["metadata"]) ?? {};
}

/** The namespace of an object, `otherwise` when it names none. */
function namespaceIn(o: Obj, otherwise: string): string {
  const ns = meta(o)["namespace"];
  return typeof ns === "string" && ns !== "" ? ns : otherwise;
}

/** True when `o` belongs to `owner`: in the same namespace (`namespace` for either written without one), an owner
 *  reference with its uid, else its selector's matchLabels. */
export function belongsTo(o: Obj, owner: Obj, namespace: string): boolean {
  const m = meta(o);
  const om = meta(owner);
  if (namespaceIn(o, namespace) !== namespaceIn(owner, namespace)) return false;
  const refs = Array.isArray(m["ownerReferences"]) ? (m["ownerReferences"] as unknown[]) : [];
  if (typeof om["uid"] === "string" && refs.length > 0) return refs.some((r) => asObject(r)?.["uid"] === om["uid"]);
  const labels = asObject(m["labels"]) ?? {};
  const match = asObject(asObject(asObject(owner["spec"])?.["selector"])?.["matchLabels"]);
  if (match === undefined || Object.keys(match).length === 0) return false;
  return Object.entries(match).every(([k, v]) => labels[k] === v);
}

/** The most common controller-revision-hash label among pods. */
function commonRevision(pods: Obj[]): string | undefined {
  const counts = new Map<string, number>();
  for (const p of pods) {
    const h = asObject(meta(p)["labels"])?.["controller-revision-hash"];
    if (typeof h === "string") counts.set(h, (counts.get(h) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The rollout.simulate request for `workload` of simulate kind `kind` over `state`: what `kinplace plan` plays. */
export function planStart(ask: RawAsk, kind: string, workload: { value: Obj; json: string | Uint8Array }, state: PlanState, options: PlanStartOptions = {}): PlanStart {
  const { kubernetes, kruise } = options;
  const w = workload.value;
  const request: Obj = { kind };
  const raw: { [name: string]: string | Uint8Array } = { workload: workload.json };
  const status = asObject(w["status"]) ?? {};
  const name = String(meta(w)["name"] ?? "workload");
  const namespace = options.namespace ?? "default";
  const own = state.pods.filter((p) => belongsTo(p, w, namespace));
  const sets = state.replicaSets.filter((rs) => belongsTo(rs, w, namespace));
  if (kind === "Deployment") {
    raw["replicaSets"] = JSON.stringify(sets);
    const collisionCount = typeof status["collisionCount"] === "number" ? status["collisionCount"] : undefined;
    const hash = ask("podTemplateHash", { kubernetes, collisionCount, applyDefaults: kubernetes !== "1.12" }, { template: JSON.stringify(podTemplate(w) ?? {}) })["hash"] as string;
    const current = sets.find((rs) => asObject(meta(rs)["labels"])?.["pod-template-hash"] === hash);
    if (current !== undefined) request["newReplicaSet"] = meta(current)["name"];
    return { request, raw, own, replicaSets: sets, revision: { hash } };
  }
  raw["pods"] = JSON.stringify(own);
  // the OpenKruise kinds are answered by their release's controller, at its own Kubernetes minor (the op's default);
  // the controller names revisions after the stored (defaulted) object; OpenKruise objects are taken as written
  const native = kind === "StatefulSet" || kind === "DaemonSet";
  const r = ask("revision", { kind, kubernetes: native ? kubernetes : undefined, kruise: native ? undefined : kruise, applyDefaults: native && kubernetes !== "1.12" }, { object: workload.json });
  const computed = { name: r["name"] as string, hash: r["hash"] as string };
  const update = options.updateRevision ?? computed.name;
  if (kind === "DaemonSet" || kind === "AdvancedDaemonSet") {
    request["hash"] = options.updateRevision ?? computed.hash;
    const names = state.nodes.length > 0 ? state.nodes : [...new Set(own.map((p) => asObject(p["spec"])?.["nodeName"]).filter((n) => typeof n === "string"))];
    raw["nodes"] = JSON.stringify(names);
  } else {
    request["updateRevision"] = update;
    request["currentRevision"] = options.currentRevision ?? (typeof status["currentRevision"] === "string" ? status["currentRevision"] : undefined) ?? commonRevision(own) ?? `${name}-current`;
  }
  return { request, raw, own, replicaSets: sets, revision: computed };
}
