// The eight workload kinds the verdict knows, recognised from an object's `apiVersion` and `kind`
// (or the request's `kind` field), and where each keeps its pod template.

import { Tape, K_OBJECT } from "../json/tape";
import { member, stringAt } from "../stored/stored";

export const KIND_POD: i32 = 0;
export const KIND_DEPLOYMENT: i32 = 1;
export const KIND_STATEFULSET: i32 = 2;
export const KIND_DAEMONSET: i32 = 3;
export const KIND_REPLICASET: i32 = 4;
export const KIND_CLONESET: i32 = 5;
export const KIND_ADVANCED_STATEFULSET: i32 = 6;
export const KIND_ADVANCED_DAEMONSET: i32 = 7;

const NAMES: StaticArray<string> = [
  "Pod", "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet",
];

/** The request name of kind `k` (as `kind` and the k8s ops' `type` spell it). */
export function kindName(k: i32): string {
  return NAMES[k];
}

/** The kind named `name` (a request `kind`), or -1. */
export function kindByName(name: string): i32 {
  for (let i = 0; i < NAMES.length; i++) if (NAMES[i] == name) return i;
  return -1;
}

/** True for the OpenKruise kinds. */
export function isKruise(k: i32): bool {
  return k >= KIND_CLONESET;
}

/** True for the apps/v1 workloads (Deployment, StatefulSet, DaemonSet, ReplicaSet). */
export function isNative(k: i32): bool {
  return k >= KIND_DEPLOYMENT && k <= KIND_REPLICASET;
}

/** True for the kinds whose pods live from `spec.template` (every kind but Pod). */
export function hasTemplate(k: i32): bool {
  return k != KIND_POD;
}

/** An object's kind as its `apiVersion`/`kind` say: the kind (-1 when absent or unknown) and the texts read. */
export class ObjectKind {
  /** The kind, or -1. */
  kind: i32 = -1;
  /** The object's `kind` text ("" when it has none). */
  name: string = "";
  apiVersion: string = "";
}

/** The kind of object node `root` of `t` from its `apiVersion`/`kind`. */
export function kindOfObject(t: Tape, root: i32): ObjectKind {
  const r = new ObjectKind();
  if (t.kind(root) != K_OBJECT) return r;
  const k = stringAt(t, member(t, root, "kind"));
  const av = stringAt(t, member(t, root, "apiVersion"));
  if (k === null) return r;
  r.name = k;
  r.apiVersion = av === null ? "" : av;
  r.kind = kindOf(k, r.apiVersion);
  return r;
}

/** The kind named `k` under `api`, or -1. */
function kindOf(k: string, api: string): i32 {
  const kruise = api.startsWith("apps.kruise.io/");
  if (k == "Pod") return api == "" || api == "v1" ? KIND_POD : -1;
  if (k == "CloneSet") return kruise || api == "" ? KIND_CLONESET : -1;
  if (k == "StatefulSet") return kruise ? KIND_ADVANCED_STATEFULSET : KIND_STATEFULSET;
  if (k == "DaemonSet") return kruise ? KIND_ADVANCED_DAEMONSET : KIND_DAEMONSET;
  if (kruise) return -1;
  if (k == "Deployment") return KIND_DEPLOYMENT;
  if (k == "ReplicaSet") return KIND_REPLICASET;
  if (k == "AdvancedStatefulSet") return KIND_ADVANCED_STATEFULSET;
  if (k == "AdvancedDaemonSet") return KIND_ADVANCED_DAEMONSET;
  return -1;
}

/** JSON pointer of the pod template inside an object of kind `k` ("" for a Pod: the whole object). */
export function templatePointer(k: i32): string {
  return k == KIND_POD ? "" : "/spec/template";
}
