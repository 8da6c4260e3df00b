// patches.pod of an OpenKruise in-place verdict: the pod update the controller sends, as an RFC 7396 merge
// patch from a pod made of the old template to the pod updatePodInPlace writes (openkruise/kruise
// pkg/util/inplaceupdate Update, v1.9.0 / v1.8.x). What the controller writes, in its order:
// - the revision adapter's labels on the new revision: CloneSet (clonesetutils.RevisionAdapterImpl)
//   controller-revision-hash = the ControllerRevision name and pod-template-hash = its short hash (the
//   part after the last "-"); Advanced StatefulSet (revisionadapter default) controller-revision-hash =
//   the ControllerRevision name; Advanced DaemonSet (default adapter, GetRevision = the revision's
//   controller-revision-hash label) controller-revision-hash = the hash. Name and hash are the `revision`
//   op's, with status.collisionCount of the new workload;
// - AdditionalFuncs: lifecycle.SetPodLifecycle(Updating) — always for a CloneSet, for an Advanced
//   StatefulSet when the pod has a lifecycle state — label lifecycle.apps.kruise.io/state=Updating and
//   annotation lifecycle.apps.kruise.io/timestamp = time.Now() as RFC 3339 (here `now`, in UTC);
// - the apps.kruise.io/inplace-update-state annotation {revision, updateTimestamp: now, …} (the legacy
//   key removed); then PatchSpecToPod and the grace annotations removed, or with gracePeriodSeconds > 0
//   only the apps.kruise.io/inplace-update-grace annotation (the UpdateSpec's JSON).
// Resources go through the resize subresource (a separate request) under v1.9.0 (server 1.32); v1.8
// writes them into the pod spec. The condition Update sets first goes through UpdatePodStatus (status
// only) and is not part of the patch. The pod is the typed v1.Pod decoded from the template (patchtyped.ts
// PatchSpecToPod); the patch is the merge diff of its json.Marshal before and after.

import { ByteSink } from "../io/sink";
import { Tape, K_NUMBER } from "../json/tape";
import { ReadOptions, readJSON } from "../json/reader";
import { MapV, StructV } from "../typed/value";
import { fieldCount } from "../schema/schema";
import { writeMergeDiff } from "../upstream/jsonpatch/merge";
import { fail, hasError, E_INTERNAL } from "../base/errors";
import { formatRFC3339UTC } from "../typed/time";
import { requestType } from "../typed/types";
import { statefulSetRevision, daemonSetRevision, Revision } from "../upstream/kubernetes/revision";
import { decodeOptionsFor } from "../typed/decodeat";
import { KruiseOptions, kruiseK8sMinor } from "../upstream/kruise/inplaceupdate/options";
import { UpdateSpec } from "../upstream/kruise/inplaceupdate/model";
import { InPlaceState, KTime } from "../upstream/kruise/inplaceupdate/state";
import { TV } from "../upstream/kruise/inplaceupdate/typed";
import { STATE_KEY } from "../upstream/kruise/inplaceupdate/patchpod";
import { patchSpecToTypedPod, encodeTyped, decodeTyped, typeOfField, ensureStruct, ensureMap, mapDelete, mapSet, strV } from "../upstream/kruise/inplaceupdate/patchtyped";
import { GRACE_KEY, GRACE_KEY_OLD, STATE_KEY_OLD, podLabels } from "../upstream/kruise/inplaceupdate/completed";
import { Stored, member } from "../stored/stored";
import { Verdict } from "./result";
import { KIND_CLONESET, KIND_ADVANCED_STATEFULSET, KIND_ADVANCED_DAEMONSET } from "./kinds";
import { K8S_NEWEST_GO } from "../base/pins";

const REVISION_LABEL = "controller-revision-hash";
const TEMPLATE_HASH_LABEL = "pod-template-hash";
const LIFECYCLE_STATE = "lifecycle.apps.kruise.io/state";
const LIFECYCLE_TIMESTAMP = "lifecycle.apps.kruise.io/timestamp";

/** pod.metadata.<name> (labels / annotations) of the typed pod, created when nil. */
function metaMap(pod: TV, name: string): MapV {
  if (pod.v === null) pod.v = new StructV(pod.t, fieldCount(pod.t));
  return ensureMap(ensureStruct(changetype<StructV>(pod.v), pod.t, "metadata"), typeOfField(pod.t, "metadata"), name);
}

/** m[key] = s on a typed map[string]string. */
function setStr(m: MapV, key: string, s: string): void {
  const k = strV(0, key);
  mapDelete(m, k.p, k.n);
  mapSet(m, key, s);
}

/** delete(m, key) on a typed map. */
function delKey(m: MapV, key: string): void {
  const k = strV(0, key);
  mapDelete(m, k.p, k.n);
}

/**
 * The revision Update writes for the new workload: ControllerRevision name, or the hash for an Advanced
 * DaemonSet (ComputeHash of the template as the release's k8s.io/api types hold it: 1.30 for v1.8); null with an error.
 */
function newRevisionOf(kind: i32, b: Stored, go: i32): Revision | null {
  if (kind == KIND_ADVANCED_DAEMONSET) {
    const m = kruiseK8sMinor();
    return daemonSetRevision(b.ty, b.value, go, false, 0, requestType("PodTemplateSpec", m), decodeOptionsFor(m, go));
  }
  return statefulSetRevision(b.ty, b.value, go, false, 0);
}

/**
 * The request's `new` object as given (set by the verdict before it judges a Kruise kind): Kruise v1.8
 * reads a CloneSet as apps.kruise.io/v1alpha1, whose grace field the v1beta1 stored form drops.
 */
export class PodPatchSource {
  static tape: Tape | null = null;
  static node: i32 = -1;
}

/** An integer member `g` of `t` as int32 (0 when absent or not an integer literal). */
function int32At(t: Tape, g: i32): i32 {
  if (g < 0 || t.kind(g) != K_NUMBER) return 0;
  const s = String.UTF8.decodeUnsafe(t.ptr(g), <usize>t.len(g));
  for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); if (!(c >= 48 && c <= 57) && !(i == 0 && c == 45)) return 0; }
  return I32.parseInt(s);
}

/**
 * CloneSet GetUpdateOptions' grace: v1.9.0 (v1beta1) spec.updateStrategy.rollingUpdate.inPlaceUpdateStrategy,
 * v1.8 (v1alpha1) spec.updateStrategy.inPlaceUpdateStrategy of the object as given; 0 when absent.
 */
function cloneSetGrace(t: Tape): i32 {
  if (KruiseOptions.minor == 8) {
    const rt = PodPatchSource.tape;
    if (rt === null) return 0;
    const us = member(rt, member(rt, PodPatchSource.node, "spec"), "updateStrategy");
    return int32At(rt, member(rt, member(rt, us, "inPlaceUpdateStrategy"), "gracePeriodSeconds"));
  }
  const ru = member(t, member(t, member(t, 0, "spec"), "updateStrategy"), "rollingUpdate");
  return int32At(t, member(t, member(t, ru, "inPlaceUpdateStrategy"), "gracePeriodSeconds"));
}

/**
 * Fills v.podPatch for an in-place update of the stored workloads `a` → `b` of `kind` with update spec
 * `spec` (its revision is replaced by the real one) at `now`; `minor`/`go` are the stored objects'.
 */
export function kruisePodPatch(kind: i32, a: Stored, b: Stored, spec: UpdateSpec, now: KTime, minor: i32, go: i32, v: Verdict): bool {
  const ta: Tape = a.tape;
  const tmpl = member(ta, member(ta, 0, "spec"), "template");
  if (tmpl < 0) return true;
  const rev = newRevisionOf(kind, b, go);
  if (rev === null || hasError()) return false;
  const revision = kind == KIND_ADVANCED_DAEMONSET ? rev.hash : rev.name;
  spec.revision = revision;
  if (kind == KIND_CLONESET) spec.graceSeconds = cloneSetGrace(b.tape);
  const before = new ByteSink(ta.rawEnd(tmpl) - ta.rawStart(tmpl) + 16);
  before.bytes(ta.src + <usize>ta.rawStart(tmpl), ta.rawEnd(tmpl) - ta.rawStart(tmpl));
  const decoded = decodeTyped(requestType("Pod", kruiseK8sMinor()), before);
  if (decoded === null) { if (!hasError()) fail(E_INTERNAL, "the pod does not decode"); return false; }
  let pod: TV = decoded;
  const base = encodeTyped(pod.t, pod.v);
  if (base === null) return false;
  const ro = new ReadOptions();
  ro.goMinor = K8S_NEWEST_GO;
  const t0 = readJSON(base.ptr, base.len, ro);
  if (t0 === null) return false;
  const labels = metaMap(pod, "labels");
  const had = podLabels(pod);
  const hadState = had.has(LIFECYCLE_STATE) && had.get(LIFECYCLE_STATE).length > 0;
  setStr(labels, REVISION_LABEL, revision);
  if (kind == KIND_CLONESET) {
    const dash = revision.lastIndexOf("-");
    setStr(labels, TEMPLATE_HASH_LABEL, dash < 0 ? revision : revision.substring(dash + 1));
  }
  const ann = metaMap(pod, "annotations");
  if (kind == KIND_CLONESET || (kind == KIND_ADVANCED_STATEFULSET && hadState)) {
    setStr(labels, LIFECYCLE_STATE, "Updating");
    const ts = new ByteSink(32);
    formatRFC3339UTC(ts, now.ext);
    setStr(ann, LIFECYCLE_TIMESTAMP, String.UTF8.decodeUnsafe(ts.ptr, <usize>ts.len));
  }
  const state = new InPlaceState();
  state.revision = revision;
  state.updateTimestamp = now;
  state.updateEnvFromMetadata = spec.updateEnvFromMetadata;
  state.updateImages = spec.containerImages.size > 0;
  state.updateResources = spec.containerResources.size > 0;
  const sb = new ByteSink(128);
  state.write(sb);
  setStr(ann, STATE_KEY, String.UTF8.decodeUnsafe(sb.ptr, <usize>sb.len));
  delKey(ann, STATE_KEY_OLD);
  if (spec.graceSeconds <= 0) {
    // v1.9.0 on a 1.32 server: resources through the resize subresource; v1.8.x: into the spec
    const res = patchSpecToTypedPod(pod, spec, state, now, KruiseOptions.minor >= 9);
    if (res === null || hasError()) return false;
    pod = res.pod;
    const a2 = metaMap(pod, "annotations");
    delKey(a2, GRACE_KEY);
    delKey(a2, GRACE_KEY_OLD);
  } else {
    const gb = new ByteSink(128);
    spec.write(gb);
    setStr(ann, GRACE_KEY, String.UTF8.decodeUnsafe(gb.ptr, <usize>gb.len));
  }
  const after = encodeTyped(pod.t, pod.v);
  if (after === null) return false;
  const tb = readJSON(after.ptr, after.len, ro);
  if (tb === null) return false;
  writeMergeDiff(t0, 0, tb, 0, true, v.podPatch);
  return true;
}
