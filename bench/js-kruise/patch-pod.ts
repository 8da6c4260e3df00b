// Kruise v1.9.0's defaultPatchUpdateSpecToPod written straightforwardly in JS for the verdict benchmark:
// the metadata patch applied to a copy of the pod (merge-patch semantics on the labels/annotations maps),
// this batch's containers by launch priority (KRUISE_CONTAINER_BARRIER) plus the containers sharing
// changed metadata, new images, lastContainerStatuses, the containers' labels/annotations, the next
// batches, preCheckBeforeNext, containerBatchesRecord and the apps.kruise.io/inplace-update-state
// annotation as Kruise's json.Marshal writes it. Default gates (no vertical scaling).
// Not part of the engine: the JS baseline the benchmark (bench/cases/kruise.ts) times the engine against.

import { goObjectMeta, goString, goStringMap } from "./gojson.ts";
import type { UpdateSpec } from "./calculate.ts";

/** A JSON object. */
type Obj = { [key: string]: unknown };
/** The parts of a pod the rules read and write. */
interface Pod {
  metadata: { labels?: Record<string, string>; annotations?: Record<string, string> } & Obj;
  spec: { containers: { name: string; image: string; env?: { name: string; valueFrom?: { configMapKeyRef?: { key: string } } }[] }[] } & Obj;
  status?: { containerStatuses?: { name: string; imageID?: string }[] } & Obj;
}

/** The InPlaceUpdateState Kruise records on the pod. */
export interface InPlaceUpdateState {
  revision: string;
  updateTimestamp: string;
  lastContainerStatuses?: Record<string, { imageID?: string }>;
  updateEnvFromMetadata?: boolean;
  updateImages?: boolean;
  nextContainerImages: Record<string, string>;
  nextContainerRefMetadata: Record<string, { labels?: Record<string, string>; annotations?: Record<string, string> }>;
  preCheckBeforeNext?: { containersRequiredReady: string[] };
  containerBatchesRecord?: { timestamp: string; containers: string[] }[];
}

/** The state Interface.Update starts with. */
export function newState(spec: UpdateSpec, now: string): InPlaceUpdateState {
  return { revision: spec.revision, updateTimestamp: now, updateEnvFromMetadata: spec.updateEnvFromMetadata, updateImages: Object.keys(spec.containerImages).length > 0, nextContainerImages: {}, nextContainerRefMetadata: {} };
}

/** containerlaunchpriority.GetContainerPriority: the p_N key of the barrier env, or null. */
function priorityOf(c: Pod["spec"]["containers"][number]): number | null {
  for (const e of c.env ?? []) if (e.name === "KRUISE_CONTAINER_BARRIER") { const t = e.valueFrom!.configMapKeyRef!.key.slice(2); return /^[+-]?\d+$/.test(t) ? Number(t) : 0; }
  return null;
}

/** A merge patch applied to an object in place (null removes). */
function mergeInto(target: Obj, patch: Obj): void {
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete target[k];
    else if (typeof v === "object" && !Array.isArray(v)) {
      const t = target[k];
      if (!t || typeof t !== "object" || Array.isArray(t)) target[k] = {};
      mergeInto(target[k] as Obj, v as Obj);
    } else target[k] = v;
  }
}

/** addMetadataSharedContainersToUpdate: containers sharing a changed label/annotation join the batch. */
function addMetadataShared(toUpdate: Set<string>, refs: UpdateSpec["containerRefMetadata"]): void {
  const labels = new Set<string>();
  const annotations = new Set<string>();
  let fresh = new Set(toUpdate);
  while (fresh.size > 0) {
    for (const name of fresh) {
      const m = refs[name];
      if (!m) continue;
      for (const key of Object.keys(m.labels ?? {})) labels.add(key);
      for (const key of Object.keys(m.annotations ?? {})) annotations.add(key);
    }
    fresh = new Set();
    for (const [name, m] of Object.entries(refs)) {
      if (toUpdate.has(name)) continue;
      if ([...labels].some((key) => key in (m.labels ?? {})) || [...annotations].some((key) => key in (m.annotations ?? {}))) { toUpdate.add(name); fresh.add(name); }
    }
  }
}

/** The state as Kruise's json.Marshal writes it. */
export function stateJSON(s: InPlaceUpdateState): string {
  let out = `{"revision":${goString(s.revision)},"updateTimestamp":${goString(s.updateTimestamp)},"lastContainerStatuses":`;
  if (!s.lastContainerStatuses) out += "null";
  else out += "{" + Object.keys(s.lastContainerStatuses).sort().map((n) => `${goString(n)}:${s.lastContainerStatuses![n]!.imageID ? `{"imageID":${goString(s.lastContainerStatuses![n]!.imageID!)}}` : "{}"}`).join(",") + "}";
  if (s.updateEnvFromMetadata) out += `,"updateEnvFromMetadata":true`;
  if (s.updateImages) out += `,"updateImages":true`;
  if (Object.keys(s.nextContainerImages).length) out += `,"nextContainerImages":${goStringMap(s.nextContainerImages)}`;
  const next = Object.keys(s.nextContainerRefMetadata).sort();
  if (next.length) out += `,"nextContainerRefMetadata":{${next.map((n) => `${goString(n)}:${goObjectMeta(s.nextContainerRefMetadata[n]!)}`).join(",")}}`;
  if (s.preCheckBeforeNext) out += `,"preCheckBeforeNext":${s.preCheckBeforeNext.containersRequiredReady.length ? `{"containersRequiredReady":[${s.preCheckBeforeNext.containersRequiredReady.map(goString).join(",")}]}` : "{}"}`;
  if (s.containerBatchesRecord?.length) out += `,"containerBatchesRecord":[${s.containerBatchesRecord.map((b) => `{"timestamp":${goString(b.timestamp)},"containers":[${b.containers.map(goString).join(",")}]}`).join(",")}]`;
  return out + "}";
}

/** defaultPatchUpdateSpecToPod: the updated pod (a copy) and the state (updated in place), at time `now` (RFC 3339, UTC). */
export function patchUpdateSpecToPod(original: Obj, spec: UpdateSpec, state: InPlaceUpdateState, now: string): Obj {
  state.nextContainerImages = {};
  state.nextContainerRefMetadata = {};
  const pod = structuredClone(original) as unknown as Pod;
  if (spec.metaDataPatch) mergeInto(pod as unknown as Obj, JSON.parse(Buffer.from(spec.metaDataPatch, "base64").toString("utf8")) as Obj);
  const labels = (pod.metadata.labels ??= {});
  const annotations = (pod.metadata.annotations ??= {});

  const toUpdate = new Set<string>();
  let highest: number | null = null;
  let highestNames: string[] = [];
  for (const c of pod.spec.containers) {
    if (!(c.name in spec.containerImages) && !(c.name in spec.containerRefMetadata)) continue;
    const p = priorityOf(c);
    if (p === null) toUpdate.add(c.name);
    else if (highest === null || highest < p) { highest = p; highestNames = [c.name]; }
    else if (highest === p) highestNames.push(c.name);
  }
  for (const n of highestNames) toUpdate.add(n);
  addMetadataShared(toUpdate, spec.containerRefMetadata);

  const imageChanged = new Set<string>();
  for (const c of pod.spec.containers) {
    const image = spec.containerImages[c.name];
    if (image === undefined) continue;
    if (toUpdate.has(c.name)) { c.image = image; imageChanged.add(c.name); } else state.nextContainerImages[c.name] = image;
  }
  for (const cs of pod.status?.containerStatuses ?? []) {
    if (!imageChanged.has(cs.name)) continue;
    state.lastContainerStatuses ??= {};
    if (!(cs.name in state.lastContainerStatuses)) state.lastContainerStatuses[cs.name] = { imageID: cs.imageID };
  }
  for (const [name, meta] of Object.entries(spec.containerRefMetadata)) {
    if (toUpdate.has(name)) {
      Object.assign(labels, meta.labels);
      Object.assign(annotations, meta.annotations);
    } else state.nextContainerRefMetadata[name] = meta;
  }
  const batch = [...toUpdate].sort();
  state.preCheckBeforeNext = Object.keys(state.nextContainerImages).length || Object.keys(state.nextContainerRefMetadata).length ? { containersRequiredReady: batch } : undefined;
  (state.containerBatchesRecord ??= []).push({ timestamp: now, containers: batch });
  annotations["apps.kruise.io/inplace-update-state"] = stateJSON(state);
  return pod as unknown as Obj;
}
