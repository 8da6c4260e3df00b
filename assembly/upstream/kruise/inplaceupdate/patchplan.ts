// The decisions of defaultPatchUpdateSpecToPod that do not depend on how the pod is held: the batch of
// containers (launch priority, then the containers sharing refMetadata keys), which containers get a new
// image, lastContainerStatuses, the next batches, preCheckBeforeNext, containerBatchesRecord, the
// env-from-metadata labels/annotations and the state annotation's text. The typed path (patchpod.ts)
// and the text splice (podsplice.ts) both apply this plan, so they cannot decide differently.

import { ByteSink } from "../../../io/sink";
import { UpdateSpec, StrMap, ObjMeta, ResReq, Named, sortedKeys } from "./model";
import { InPlaceState, KTime, Batch } from "./state";
import { KruiseOptions } from "./options";

/** The env var the pod webhook injects to order container launches (utilcontainerlaunchpriority). */
export const BARRIER_ENV = "KRUISE_CONTAINER_BARRIER";

/** What the pod reads give the plan: containers (name, launch priority or MIN_VALUE) and container statuses (name, imageID). */
export class PodReads {
  names: Array<string> = new Array<string>();
  prios: Array<i32> = new Array<i32>();
  statusNames: Array<string> = new Array<string>();
  statusImageIDs: Array<string> = new Array<string>();
}

/** The pod changes PatchSpecToPod makes, in upstream's order; `state` is already updated. */
export class PatchPlan {
  /** Per container index: the image to write, or null. */
  images: Array<string | null> = new Array<string | null>();
  /** Container name → resources to write (vertical scaling, this batch). */
  expected: Named<ResReq> = new Named<ResReq>();
  /** labels[k] = v and annotations[k] = v from env-from-metadata, in order (later wins). */
  labelKeys: Array<string> = new Array<string>();
  labelVals: Array<string> = new Array<string>();
  annotationKeys: Array<string> = new Array<string>();
  annotationVals: Array<string> = new Array<string>();
  /** json.Marshal(state) after the patch: the state annotation's value. */
  state: ByteSink = new ByteSink(1024);
}

/** GetContainerPriority from the barrier env's configMapKeyRef key `p_<n>`: strconv.Atoi(n), 0 on error. */
export function barrierPriority(key: string): i32 {
  return atoiOrZero(key.length >= 2 ? key.substring(2) : "");
}

/** strconv.Atoi, 0 on error (values beyond int32 are clamped: the comparison only orders them). */
function atoiOrZero(s: string): i32 {
  let i = 0;
  let neg = false;
  if (s.length > 0 && (s.charCodeAt(0) == 0x2b || s.charCodeAt(0) == 0x2d)) { neg = s.charCodeAt(0) == 0x2d; i = 1; }
  if (i >= s.length) return 0;
  let v: i64 = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i) - 0x30;
    if (c < 0 || c > 9) return 0;
    if (v < 1000000000000) v = v * 10 + c;
  }
  if (neg) v = -v;
  if (v > 2147483646) return 2147483646;
  if (v < -2147483647) return -2147483647;
  return <i32>v;
}

/** addMetadataSharedContainersToUpdate: pull in refMetadata containers sharing a key with the batch, transitively. */
function addMetadataShared(batch: Array<string>, refs: Named<ObjMeta>): void {
  const labels = new Array<string>();
  const annotations = new Array<string>();
  let fresh = batch.slice(0);
  while (fresh.length > 0) {
    for (let i = 0; i < fresh.length; i++) {
      if (!refs.has(fresh[i])) continue;
      const om = refs.get(fresh[i]);
      if (om.labels !== null) for (let j = 0; j < om.labels!.size; j++) if (!labels.includes(om.labels!.keys[j])) labels.push(om.labels!.keys[j]);
      if (om.annotations !== null) for (let j = 0; j < om.annotations!.size; j++) if (!annotations.includes(om.annotations!.keys[j])) annotations.push(om.annotations!.keys[j]);
    }
    fresh = new Array<string>();
    for (let i = 0; i < refs.size; i++) {
      const name = refs.keys[i];
      if (batch.includes(name)) continue;
      const om = refs.vals[i];
      let hit = false;
      for (let j = 0; j < labels.length && !hit; j++) if (om.labels !== null && om.labels!.has(labels[j])) hit = true;
      for (let j = 0; j < annotations.length && !hit; j++) if (om.annotations !== null && om.annotations!.has(annotations[j])) hit = true;
      if (hit) { batch.push(name); fresh.push(name); }
    }
  }
}

/** PatchSpecToPod's decisions for a pod with reads `r` at time `now` under `gates`; mutates `state` as upstream does. */
export function planPatch(r: PodReads, spec: UpdateSpec, state: InPlaceState, now: KTime, gates: KruiseOptions): PatchPlan {
  const plan = new PatchPlan();
  state.nextContainerImages = new StrMap();
  state.nextContainerRefMetadata = new Named<ObjMeta>();
  state.nextContainerResources = new Named<ResReq>();
  const ncs = r.names.length;

  // batch selection
  const batch = new Array<string>();
  let highest = i32.MIN_VALUE;
  let withHighest = new Array<string>();
  for (let i = 0; i < ncs; i++) {
    const name = r.names[i];
    if (!spec.containerImages.has(name) && !spec.containerRefMetadata.has(name) && !spec.containerResources.has(name)) continue;
    const p = r.prios[i];
    if (p == i32.MIN_VALUE) { if (!batch.includes(name)) batch.push(name); }
    else if (withHighest.length == 0 || highest < p) { highest = p; withHighest = [name]; }
    else if (highest == p) withHighest.push(name);
  }
  for (let i = 0; i < withHighest.length; i++) if (!batch.includes(withHighest[i])) batch.push(withHighest[i]);
  addMetadataShared(batch, spec.containerRefMetadata);

  // images
  const changed = new Array<string>();
  for (let i = 0; i < ncs; i++) {
    const name = r.names[i];
    if (!spec.containerImages.has(name)) { plan.images.push(null); continue; }
    const img = spec.containerImages.get(name);
    if (batch.includes(name)) {
      plan.images.push(img);
      if (!changed.includes(name)) changed.push(name);
    } else {
      plan.images.push(null);
      state.nextContainerImages.set(name, img);
    }
  }
  for (let i = 0; i < r.statusNames.length; i++) {
    const name = r.statusNames[i];
    if (!changed.includes(name)) continue;
    if (state.lastContainerStatuses === null) state.lastContainerStatuses = new StrMap();
    const l = state.lastContainerStatuses!;
    // v1.8+ keeps an entry already there (it sets the image ID on a copy); v1.5 - v1.7 overwrite it
    if (!l.has(name) || gates.minor < 8) l.set(name, r.statusImageIDs[i]);
  }

  // resources
  if (gates.verticalScaling) {
    for (let i = 0; i < ncs; i++) {
      const name = r.names[i];
      if (!spec.containerResources.has(name)) continue;
      const rr = spec.containerResources.get(name);
      if (batch.includes(name)) plan.expected.set(name, rr);
      else state.nextContainerResources.set(name, rr);
    }
  }

  // env from metadata
  for (let i = 0; i < spec.containerRefMetadata.size; i++) {
    const name = spec.containerRefMetadata.keys[i];
    const om = spec.containerRefMetadata.vals[i];
    if (batch.includes(name)) {
      const l = om.labels;
      if (l !== null) for (let j = 0; j < l.size; j++) { plan.labelKeys.push(l.keys[j]); plan.labelVals.push(l.vals[j]); }
      const a = om.annotations;
      if (a !== null) for (let j = 0; j < a.size; j++) { plan.annotationKeys.push(a.keys[j]); plan.annotationVals.push(a.vals[j]); }
    } else state.nextContainerRefMetadata.set(name, om);
  }

  const sorted = sortedKeys(batch);
  if (state.nextContainerImages.size > 0 || state.nextContainerRefMetadata.size > 0 || state.nextContainerResources.size > 0) {
    state.hasPreCheck = true;
    state.preCheck = sorted;
  } else {
    state.hasPreCheck = false;
    state.preCheck = null;
  }
  const b = new Batch();
  b.timestamp = now;
  b.containers = sorted;
  state.batches.push(b);
  state.write(plan.state);
  return plan;
}
