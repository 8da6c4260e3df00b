// defaultPatchUpdateSpecToPod of openkruise/kruise v1.9.0 (pkg/util/inplaceupdate/inplace_update_defaults.go;
// v1.8.x where the gates say minor 8), to be read side by side with it, on the typed v1.Pod as upstream does
// it: spec.MetaDataPatch applied (json.Marshal(pod) → StrategicMergePatch → json.Unmarshal into a fresh
// pod), then the decisions of patchplan.ts (the batch of containers, next batches, the state), written into
// the pod: images, resources (InPlaceWorkloadVerticalScaling, without the resize subresource;
// NativeVerticalUpdate.UpdateResource writes into the containers' maps and panics on a nil one, answered as
// E_PATCH_PANIC with the Go runtime's text), env-from-metadata labels/annotations and the state annotation;
// the caller encodes the pod once (json.Marshal(pod)). With the resize subresource, GenerateResourcePatch's
// patch. Values upstream never re-reads come out as they were decoded. How the MetaDataPatch is applied is
// injected (PatchOptions.metaDataPatch; fast/podsplice/typedmeta.ts applies plain label/annotation patches
// in place where it proves the round trip changes nothing else).

import { ByteSink } from "../../../io/sink";
import { hasError, fail, errorCode, takeErrorMessage, E_INTERNAL, E_PATCH_PANIC, E_TOO_LARGE, E_LIMIT } from "../../../base/errors";
import { ReadOptions } from "../../../json/reader";
import { DocInput } from "../../../json/document";
import { strategicMergePatch } from "../../strategicpatch/smp";
import { StrV, SliceV, MapV, StructV, QuantityV } from "../../../typed/value";
import { Kind, kind, elem, fieldCount, fieldType } from "../../../schema/schema";
import { Quantity } from "../../../quantity/quantity";
import { kruiseGoOfK8s } from "../../../base/pins";
import { UpdateSpec, ResReq, QMap, Named } from "./model";
import { InPlaceState, KTime, STATE_KEY } from "./state";
import { PodReads, planPatch, barrierPriority, BARRIER_ENV } from "./patchplan";
import { cmpQuantities } from "./qos";
import { KruiseOptions } from "./options";
import { TV } from "./typed";
import { kruiseType, T_POD } from "./types";
import { canResourcesResizeInPlace } from "./vertical";
import {
  slotOf, structOf, get, typeOfField, str, strV, ensureStruct, ensureMap, mapDelete, mapSetBytes, mapSet, encodeTyped, decodeTyped,
} from "./typedpod";

/** How PatchSpecToPod applies spec.MetaDataPatch to the pod. */
export class MetaDataPatcher {
  /**
   * json.Marshal(pod) → strategicpatch.StrategicMergePatch(…, patch, &v1.Pod{}) → json.Unmarshal into a fresh
   * v1.Pod; null with an error.
   */
  apply(pod: TV, spec: UpdateSpec, opts: PatchOptions): TV | null {
    const b = encodeTyped(pod.t, pod.v);
    if (b === null) return null;
    const out = new ByteSink(b.len + 256);
    const m = opts.gates.k8sMinor();
    if (!strategicMergePatch(doc(b.ptr, b.len), doc(spec.patch.ptr, spec.patch.len), kruiseType(T_POD, m), m, kruiseGoOfK8s(m), new ReadOptions(), out)) {
      returnedError(opts);
      return null;
    }
    const r = decodeTyped(pod.t, out, m);
    if (r === null) {
      if (!hasError()) fail(E_INTERNAL, "the patched pod does not decode");
      else returnedError(opts);
    }
    return r;
  }
}

/**
 * PatchSpecToPod returns the error of StrategicMergePatch or of json.Unmarshal of the patched pod: its text
 * is kept in `opts.returned` for the callers that hand it on as Go does (Refresh's RefreshErr), and the error
 * stays in the slot with its code and the text prefixed as the oracle's kruise.patchPod writes it. An engine
 * failure (a limit, an internal error) is not an error Go returns: `returned` stays null.
 */
function returnedError(opts: PatchOptions): void {
  const code = errorCode();
  const text = takeErrorMessage();
  if (code != E_INTERNAL && code != E_TOO_LARGE && code != E_LIMIT) opts.returned = text;
  fail(code, "PatchSpecToPod: " + text);
}

/** What PatchSpecToPod reads besides the pod, the spec and the state. */
export class PatchOptions {
  /** The feature gates and release. */
  gates: KruiseOptions = new KruiseOptions();
  /** client.ShouldUpdateResourceByResize() (KruiseOptions.resizeOn of the server). */
  resize: bool = false;
  /** How spec.MetaDataPatch is applied. */
  metaDataPatch: MetaDataPatcher = new MetaDataPatcher();
  /** The error text PatchSpecToPod returned (set when it failed with an error Go returns: see returnedError). */
  returned: string | null = null;
}

/** What PatchSpecToPod leaves: the patched pod (`pod` itself, or a fresh decode after a MetaDataPatch) and the resize patch. */
export class TypedPatch {
  constructor(public pod: TV, public resizePatch: ByteSink | null) {}
}

function doc(p: usize, n: i32): DocInput {
  const d = new DocInput();
  d.present = true;
  d.ptr = p;
  d.len = n;
  return d;
}

/** GetContainerPriority on a typed container: the barrier env's configMapKeyRef key `p_<n>` → n; MIN_VALUE without a barrier. */
function getContainerPriority(c: StructV | null, ct: i32): i32 {
  const envT = typeOfField(ct, "env");
  const env = get(c, ct, "env");
  if (env === null) return i32.MIN_VALUE;
  const et = elem(envT);
  const s = changetype<SliceV>(env);
  for (let i = 0; i < s.len; i++) {
    const e = structOf(et, s.items[i]);
    if (str(get(e, et, "name")) != BARRIER_ENV) continue;
    const vfT = typeOfField(et, "valueFrom");
    const vf = structOf(vfT, get(e, et, "valueFrom"));
    const vfS = vfT >= 0 ? elem(vfT) : -1;
    const cmT = vfS >= 0 ? typeOfField(vfS, "configMapKeyRef") : -1;
    const cm = vfS >= 0 ? structOf(cmT, get(vf, vfS, "configMapKeyRef")) : null;
    const key = cm === null ? "" : str(get(cm, elem(cmT), "key"));
    return barrierPriority(key);
  }
  return i32.MIN_VALUE;
}

/** NativeVerticalUpdate.updateContainerResource's loop over one list: container.Resources.<field>[k] = q; false when the map is nil (Go panics). */
function updateResourceList(c: StructV | null, ct: i32, field: string, q: QMap | null): bool {
  if (q === null) return true;
  const rt = typeOfField(ct, "resources");
  const rs = structOf(rt, get(c, ct, "resources"));
  for (let i = 0; i < q.size; i++) {
    const k = q.keys[i];
    if (!canResourcesResizeInPlace(k)) continue;
    const mv = get(rs, rt, field);
    if (mv === null) return false;
    const m = changetype<MapV>(mv);
    const kv = strV(0, k);
    mapDelete(m, kv.p, kv.n);
    mapSetBytes(m, kv.p, kv.n, new QuantityV(elem(m.t), q.vals[i]));
  }
  return true;
}

/** The live Quantity at container.resources.<field>[k] (null: absent); the last duplicate key wins. */
function containerQuantity(c: StructV | null, ct: i32, field: string, k: string): Quantity | null {
  const rt = typeOfField(ct, "resources");
  const mv = get(structOf(rt, get(c, ct, "resources")), rt, field);
  if (mv === null) return null;
  const m = changetype<MapV>(mv);
  const kb = String.UTF8.encode(k);
  const n = kb.byteLength;
  for (let i = m.vals.length - 1; i >= 0; i--) {
    if (m.keyN[i] == n && memory.compare(m.keyP[i], changetype<usize>(kb), <usize>n) == 0) {
      const v = m.vals[i];
      return v === null ? null : changetype<QuantityV>(v).q;
    }
  }
  return null;
}

/** The cpu/memory entries of `q` whose quantity differs from the container's (Quantity.Equal). */
function changedOnly(c: StructV | null, ct: i32, field: string, q: QMap | null): QMap {
  const out = new QMap();
  if (q === null) return out;
  for (let i = 0; i < q.size; i++) {
    const k = q.keys[i];
    if (!canResourcesResizeInPlace(k)) continue;
    if (cmpQuantities(containerQuantity(c, ct, field, k), q.vals[i]) == 0) continue;
    out.set(k, q.vals[i]);
  }
  return out;
}

/** NativeVerticalUpdate.GenerateResourcePatch(pod, expectedResources) on the typed containers; null when nothing changes. */
function generateResourcePatch(cs: SliceV | null, ct: i32, expected: Named<ResReq>): ByteSink | null {
  if (cs === null) return null;
  const out = new ByteSink(128);
  out.ascii("{\"spec\":{\"containers\":[");
  let parts = 0;
  for (let i = 0; i < cs.len; i++) {
    const c = structOf(ct, cs.items[i]);
    const name = str(get(c, ct, "name"));
    if (!expected.has(name)) continue;
    const r = expected.get(name);
    const resources = new ResReq();
    resources.limits = changedOnly(c, ct, "limits", r.limits);
    resources.requests = changedOnly(c, ct, "requests", r.requests);
    if (resources.limits!.size == 0 && resources.requests!.size == 0) continue;
    if (parts++ > 0) out.byte(0x2c);
    out.utf8("{\"name\":\"" + name + "\",\"resources\":");
    resources.write(out);
    out.byte(0x7d);
  }
  if (parts == 0) return null;
  out.ascii("]}}");
  return out;
}

/**
 * PatchSpecToPod(pod, spec, state) at time `now` on the typed pod `pod` (a fresh decode: it is changed).
 * Mutates `state`. Null with an error.
 */
export function defaultPatchUpdateSpecToPod(pod0: TV, spec: UpdateSpec, state: InPlaceState, now: KTime, opts: PatchOptions): TypedPatch | null {
  const gates = opts.gates;
  let pod = pod0;
  if (pod.v === null || kind(pod.t) != Kind.Struct) pod = new TV(pod.t, new StructV(pod.t, fieldCount(pod.t)));
  if (spec.hasPatch) {
    const r = opts.metaDataPatch.apply(pod, spec, opts);
    if (r === null) return null;
    pod = r.v === null ? new TV(pod.t, new StructV(pod.t, fieldCount(pod.t))) : r;
  }
  const podT = pod.t;
  const root = changetype<StructV>(pod.v);
  const metaT = typeOfField(podT, "metadata");
  const meta = ensureStruct(root, podT, "metadata");
  const labels = ensureMap(meta, metaT, "labels");
  const annotations = ensureMap(meta, metaT, "annotations");
  const specT = typeOfField(podT, "spec");
  const podSpec = structOf(specT, root.f[slotOf(podT, "spec")]);
  const csT = specT >= 0 ? typeOfField(specT, "containers") : -1;
  const csV = get(podSpec, specT, "containers");
  const cs: SliceV | null = csV === null ? null : changetype<SliceV>(csV);
  const ncs = cs === null ? 0 : cs.len;
  const ct = csT >= 0 ? elem(csT) : -1;

  // the containers to update this time and next time (patchplan.ts): names, launch priorities, statuses
  const reads = new PodReads();
  for (let i = 0; i < ncs; i++) {
    const c = structOf(ct, cs!.items[i]);
    reads.names.push(str(get(c, ct, "name")));
    reads.prios.push(getContainerPriority(c, ct));
  }
  const statusT = typeOfField(podT, "status");
  const status = structOf(statusT, root.f[slotOf(podT, "status")]);
  const stsT = statusT >= 0 ? typeOfField(statusT, "containerStatuses") : -1;
  const stsV = get(status, statusT, "containerStatuses");
  if (stsV !== null) {
    const sts = changetype<SliceV>(stsV);
    const st = elem(stsT);
    for (let i = 0; i < sts.len; i++) {
      const s = structOf(st, sts.items[i]);
      reads.statusNames.push(str(get(s, st, "name")));
      reads.statusImageIDs.push(str(get(s, st, "imageID")));
    }
  }
  const plan = planPatch(reads, spec, state, now, gates);

  // update images for the containers to update
  const imageSlot = ct >= 0 ? slotOf(ct, "image") : -1;
  for (let i = 0; i < ncs; i++) {
    const img = plan.images[i];
    if (img === null) continue;
    let c = structOf(ct, cs!.items[i]);
    if (c === null) { c = new StructV(ct, fieldCount(ct)); cs!.items[i] = c; }
    c.f[imageSlot] = strV(fieldType(ct, imageSlot), img);
  }

  // update resources: verticalUpdateImpl.UpdateResource(pod, expectedResources) unless resized through the subresource
  const expected = plan.expected;
  if (gates.verticalScaling && !opts.resize && expected.size > 0) {
    for (let i = 0; i < ncs; i++) {
      const c = structOf(ct, cs!.items[i]);
      const name = reads.names[i];
      if (!expected.has(name)) continue;
      const r = expected.get(name);
      if (!updateResourceList(c, ct, "limits", r.limits) || !updateResourceList(c, ct, "requests", r.requests)) {
        fail(E_PATCH_PANIC, "assignment to entry in nil map");
        return null;
      }
    }
  }

  // update annotations and labels for the containers to update, then the state
  for (let i = 0; i < plan.labelKeys.length; i++) mapSet(labels, plan.labelKeys[i], plan.labelVals[i]);
  for (let i = 0; i < plan.annotationKeys.length; i++) mapSet(annotations, plan.annotationKeys[i], plan.annotationVals[i]);
  const sb = plan.state;
  const sv = new StrV(elem(annotations.t));
  sv.p = sb.ptr;
  sv.n = sb.len;
  const kv = strV(0, STATE_KEY);
  mapDelete(annotations, kv.p, kv.n);
  mapSetBytes(annotations, kv.p, kv.n, sv);
  const rp = opts.resize && gates.verticalScaling && expected.size > 0 ? generateResourcePatch(cs, ct, expected) : null;
  return new TypedPatch(pod, rp);
}
