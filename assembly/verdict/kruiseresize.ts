// The resize OpenKruise sends to each pod of an in-place update that changes cpu or memory, and the API server's
// answer to it. openkruise/kruise v1.9.0 pkg/util/inplaceupdate updatePodInPlace: with InPlaceWorkloadVerticalScaling
// on a server from 1.32 (client.ShouldUpdateResourceByResize), PatchSpecToPod leaves the resources to
// NativeVerticalUpdate.GenerateResourcePatch, whose strategic merge patch goes to pods/<name>/resize BEFORE the pod
// update; when the server refuses it, updatePodInPlace returns the error: the pod update is not sent, the pod keeps
// its revision and the controller retries. The pod is the one the workload's pods are made of (the stored old
// template as a v1.Pod of the release's types, named "pod-0" in "default" when the template names none); the server
// applies the patch to it (StrategicMergePatch over its v1.Pod), decodes and defaults both as it stores pods, and
// answers as `pod.validateResize` does (assembly/upstream/kubernetes/registry/podresize.ts): 404 without
// InPlacePodVerticalScaling, else the resize strategy's validation.

import { ByteSink } from "../io/sink";
import { K_OBJECT } from "../json/tape";
import { ReadOptions, readJSON } from "../json/reader";
import { DocInput } from "../json/document";
import { hasError, fail, E_INTERNAL } from "../base/errors";
import { StructV } from "../typed/value";
import { fieldCount, fieldType } from "../schema/schema";
import { requestType } from "../typed/types";
import { decodeAt } from "../typed/decodeat";
import { strategicMergePatch } from "../upstream/strategicpatch/smp";
import { applyDefaultsTo } from "../upstream/kubernetes/defaults/index";
import { resizeBeforeUpdate } from "../upstream/kubernetes/registry/podresize";
import { DEFAULT_MAX_ERROR_BYTES } from "../upstream/kubernetes/validation/errlist";
import { UpdateSpec } from "../upstream/kruise/inplaceupdate/model";
import { KTime, updateState } from "../upstream/kruise/inplaceupdate/state";
import { defaultPatchUpdateSpecToPod } from "../upstream/kruise/inplaceupdate/patchpod";
import { encodeTyped, decodeTyped, typeOfField, ensureStruct, slotOf, str, strV } from "../upstream/kruise/inplaceupdate/typedpod";
import { kruiseType, T_POD } from "../upstream/kruise/inplaceupdate/types";
import { Stored, member, defaultGatesOf } from "../stored/stored";
import { defaultGoOf, K8S_NEWEST_GO } from "../base/pins";
import { VerdictOptions } from "./options";
import { patchOptions } from "./inplace";
import { Verdict, V_REJECTED, A_KEEP } from "./result";
import { EFFECT_NONE, EFFECT_IN_PLACE, EFFECT_RESTART, EFFECT_REJECTED } from "../policy/levels";

const NOT_FOUND = "the server could not find the requested resource";

function doc(b: ByteSink): DocInput {
  const d = new DocInput();
  d.present = true;
  d.ptr = b.ptr;
  d.len = b.len;
  return d;
}

/** Sets metadata.<name> of the typed pod to `value` when it is empty. */
function defaultMeta(root: StructV, podT: i32, name: string, value: string): void {
  const metaT = typeOfField(podT, "metadata");
  const meta = ensureStruct(root, podT, "metadata");
  const s = slotOf(metaT, name);
  if (s < 0 || str(meta.f[s]).length > 0) return;
  meta.f[s] = strV(fieldType(metaT, s), value);
}

/**
 * With an in-place update of the stored workload `a` under update spec `spec` that OpenKruise resizes through the
 * pods' resize subresource: sets v.resize and v.resizePatch and, when the API server `opts` names refuses the
 * resize, turns the verdict into `rejected` with the server's text (the pod update is not sent). False with an error.
 */
export function kruiseResize(a: Stored, spec: UpdateSpec, opts: VerdictOptions, v: Verdict): bool {
  const gates = opts.kruise;
  const server = opts.serverMinor();
  if (!gates.verticalScaling || !gates.resizeOn(server) || spec.containerResources.size == 0) return true;
  const ta = a.tape;
  const tmpl = member(ta, member(ta, 0, "spec"), "template");
  if (tmpl < 0 || ta.kind(tmpl) != K_OBJECT) return true;
  const km = gates.k8sMinor();
  const src = new ByteSink(ta.rawEnd(tmpl) - ta.rawStart(tmpl) + 16);
  src.bytes(ta.src + <usize>ta.rawStart(tmpl), ta.rawEnd(tmpl) - ta.rawStart(tmpl));
  const pod = decodeTyped(kruiseType(T_POD, km), src, km);
  if (pod === null) { if (!hasError()) fail(E_INTERNAL, "the pod does not decode"); return false; }
  if (pod.v === null) pod.v = new StructV(pod.t, fieldCount(pod.t));
  const root = changetype<StructV>(pod.v);
  defaultMeta(root, pod.t, "name", "pod-0");
  defaultMeta(root, pod.t, "namespace", "default");
  const stored = encodeTyped(pod.t, pod.v);
  if (stored === null) return false;
  const now = opts.now !== null ? opts.now! : new KTime();
  const res = defaultPatchUpdateSpecToPod(pod, spec, updateState(spec, now, gates.minor), now, patchOptions(gates, server, opts.exact));
  if (res === null || hasError()) return false;
  const rp = res.resizePatch;
  if (rp === null) return true;
  v.resize = true;
  v.resizePatch.bytes(rp.ptr, rp.len);
  const refusal = serverRefusal(stored, rp, opts);
  if (refusal === null) return false;
  if (refusal.length > 0) refuse(refusal, v);
  return true;
}

/** What the API server of `opts` answers to resize patch `patch` of stored pod `stored`: "" when accepted, its text
 *  when refused; null with an error. */
function serverRefusal(stored: ByteSink, patch: ByteSink, opts: VerdictOptions): string | null {
  const server = opts.serverMinor();
  const g = opts.serverGates;
  if (!g.enabled("InPlacePodVerticalScaling", server)) return NOT_FOUND;
  const ty = requestType("Pod", server);
  const go = defaultGoOf(server);
  const after = new ByteSink(stored.len + patch.len + 64);
  if (!strategicMergePatch(doc(stored), doc(patch), ty, server, go, new ReadOptions(), after)) return null;
  const ro = new ReadOptions();
  ro.goMinor = K8S_NEWEST_GO;
  const to = readJSON(stored.ptr, stored.len, ro);
  if (to === null) return null;
  const tn = readJSON(after.ptr, after.len, ro);
  if (tn === null) return null;
  const dg = defaultGatesOf(g, server);
  const ov = applyDefaultsTo("Pod", ty, decodeAt(to, 0, ty, server, go), server, "pod", dg);
  if (hasError()) return null;
  const nv = applyDefaultsTo("Pod", ty, decodeAt(tn, 0, ty, server, go), server, "pod", dg);
  if (hasError()) return null;
  const r = resizeBeforeUpdate(nv, ov, ty, server, g, DEFAULT_MAX_ERROR_BYTES);
  if (hasError()) return null;
  if (r.badRequest.length > 0) return r.badRequest;
  return r.errs.list.length > 0 ? r.message : "";
}

/** The verdict when the server refuses the resize: nothing changes on the pods (the controller retries). */
function refuse(text: string, v: Verdict): void {
  v.verdict = V_REJECTED;
  v.rejection = text;
  v.podPatch.len = 0;
  for (let i = 0; i < v.actions.length; i++) v.actions[i] = A_KEEP;
  for (let i = 0; i < v.paths.length; i++) {
    const e = v.effects[i];
    if (e != EFFECT_IN_PLACE && e != EFFECT_RESTART) continue;
    const p = v.paths[i];
    if (p.startsWith("/spec/template/spec/containers/") && p.includes("/resources/")) {
      v.effects[i] = EFFECT_REJECTED;
      v.messages[i] = "the API server refuses the resize OpenKruise sends to each pod (pods/resize): " + text + "; the pod update is not sent and the controller retries";
    } else {
      v.effects[i] = EFFECT_NONE;
      v.messages[i] = "not applied: OpenKruise resizes each pod before it updates it, and the API server refuses the resize";
    }
  }
}
