// The objects a workload owns (its Pods, a Deployment's ReplicaSets): what `kinplace plan` and the web page start a
// rollout from. An object written without a namespace is in `defaultNamespace` ("default", as kubectl reads it).

import { asObject } from "./kinds.js";

type Obj = { [key: string]: unknown };

/** metadata of an object, or {}. */
function meta(o: Obj): Obj {
  return asObject(o["metadata"]) ?? {};
}

/** The namespace of an object, `defaultNamespace` when it has none. */
export function namespaceIn(o: Obj, defaultNamespace = "default"): string {
  const ns = meta(o)["namespace"];
  return typeof ns === "string" && ns !== "" ? ns : defaultNamespace;
}

/** True when `o` belongs to `owner`: in the same namespace, an owner reference with the owner's uid, else (no owner
 *  references or no uid) the owner's selector's matchLabels all on `o`. */
export function belongsTo(o: Obj, owner: Obj, defaultNamespace = "default"): boolean {
  if (namespaceIn(o, defaultNamespace) !== namespaceIn(owner, defaultNamespace)) return false;
  const m = meta(o);
  const om = meta(owner);
  const refs = Array.isArray(m["ownerReferences"]) ? (m["ownerReferences"] as unknown[]) : [];
  if (typeof om["uid"] === "string" && refs.length > 0) return refs.some((r) => asObject(r)?.["uid"] === om["uid"]);
  const labels = asObject(m["labels"]) ?? {};
  const match = asObject(asObject(asObject(owner["spec"])?.["selector"])?.["matchLabels"]);
  if (match === undefined || Object.keys(match).length === 0) return false;
  return Object.entries(match).every(([k, v]) => labels[k] === v);
}

/** The objects of `objects` that belong to `owner` (its starting pods, or a Deployment's ReplicaSets), in their order. */
export function ownedBy(owner: Obj, objects: readonly Obj[], defaultNamespace = "default"): Obj[] {
  return objects.filter((o) => belongsTo(o, owner, defaultNamespace));
}
