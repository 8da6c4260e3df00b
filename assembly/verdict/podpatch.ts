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
// only) and is not part of the patch. The pod is the typed v1.Pod decoded from the template
// (upstream/kruise/inplaceupdate/patchpod.ts PatchSpecToPod); the patch is the merge diff of its json.Marshal
// before and after.

import { ByteSink } from "../io/sink";
import { Tape, K_NUMBER } from "../json/tape";
import { Value } from "../json/value";
import { ReadOptions, readJSON } from "../json/reader";
import { MapV, StructV } from "../typed/value";
import { fieldCount } from "../schema/schema";
import { writeMergeDiff } from "../upstream/jsonpatch/merge";
import { fail, hasError, E_INTERNAL } from "../base/errors";
import { formatRFC3339UTC } from "../typed/time";
import { requestType } from "../typed/types";
import { statefulSetRevision, daemonSetRevision, Revision } from "../upstream/kubernetes/revision";
import { decodeOptionsFor } from "../typed/decodeat";
import { UpdateSpec } from "../upstream/kruise/inplaceupdate/model";
import { KTime, STATE_KEY, updateState } from "../upstream/kruise/inplaceupdate/state";
import { TV } from "../upstream/kruise/inplaceupdate/typed";
import { defaultPatchUpdateSpecToPod } from "../upstream/kruise/inplaceupdate/patchpod";
import { encodeTyped, decodeTyped, typeOfField, ensureStruct, ensureMap, mapDelete, mapPut, strV } from "../upstream/kruise/inplaceupdate/typedpod";
import { kruiseType, T_POD } from "../upstream/kruise/inplaceupdate/types";
import { VerdictOptions } from "./options";
import { patchOptions } from "./inplace";
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

/** delete(m, key) on a typed map. */
function delKey(m: MapV, key: string): void {
  const k = strV(0, key);
  mapDelete(m, k.p, k.n);
}

/**
 * The revision Update writes for the new workload: ControllerRevision name, or the hash for an Advanced
 * DaemonSet (ComputeHash of the template as the release's k8s.io/api types hold it: 1.30 for v1.8); null with an error.
 */
function newRevisionOf(kind: i32, b: Stored, go: i32, kruiseMinor: i32): Revision | null {
  if (kind == KIND_ADVANCED_DAEMONSET) {
    const m = kruiseMinor;
    return daemonSetRevision(b.ty, b.value, go, false, 0, requestType("PodTemplateSpec", m), decodeOptionsFor(m, go));
  }
  return statefulSetRevision(b.ty, b.value, go, false, 0);
}

/** An integer member `g` of `t` as int32 (0 when absent or not an integer literal). */
function int32At(t: Tape, g: i32): i32 {
  if (g < 0 || t.kind(g) != K_NUMBER) return 0;
  const s = String.UTF8.decodeUnsafe(t.ptr(g), <usize>t.len(g));
  for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); if (!(c >= 48 && c <= 57) && !(i == 0 && c == 45)) return 0; }
  return I32.parseInt(s);
}

/**
 * CloneSet GetUpdateOptions' grace: v1.9.0 (v1beta1) spec.updateStrategy.rollingUpdate.inPlaceUpdateStrategy of
 * the stored object `t`; v1.8 (`v18`, v1alpha1, whose grace field the v1beta1 stored form drops)
 * spec.updateStrategy.inPlaceUpdateStrategy of the object as the request gave it (`given`); 0 when absent.
 */
function cloneSetGrace(t: Tape, given: Value, v18: bool): i32 {
  if (v18) {
    const rt = given.tape;
    const us = member(rt, member(rt, given.node, "spec"), "updateStrategy");
    return int32At(rt, member(rt, member(rt, us, "inPlaceUpdateStrategy"), "gracePeriodSeconds"));
  }
  const ru = member(t, member(t, member(t, 0, "spec"), "updateStrategy"), "rollingUpdate");
  return int32At(t, member(t, member(t, ru, "inPlaceUpdateStrategy"), "gracePeriodSeconds"));
}

/**
 * Fills v.podPatch for an in-place update of the stored workloads `a` → `b` of `kind` (`given`: the new object
 * as the request gave it) with update spec `spec` (its revision is replaced by the real one) at `now`; `go`
 * is the stored objects'; PatchSpecToPod under the verdict's options `opts`.
 */
export function kruisePodPatch(kind: i32, a: Stored, b: Stored, given: Value, spec: UpdateSpec, now: KTime, go: i32, opts: VerdictOptions, v: Verdict): bool {
  const gates = opts.kruise;
  const ta: Tape = a.tape;
  const tmpl = member(ta, member(ta, 0, "spec"), "template");
  if (tmpl < 0) return true;
  const rev = newRevisionOf(kind, b, go, gates.k8sMinor());
  if (rev === null || hasError()) return false;
  const revision = kind == KIND_ADVANCED_DAEMONSET ? rev.hash : rev.name;
  spec.revision = revision;
  if (kind == KIND_CLONESET) spec.graceSeconds = cloneSetGrace(b.tape, given, gates.minor <= 8);
  const before = new ByteSink(ta.rawEnd(tmpl) - ta.rawStart(tmpl) + 16);
  before.bytes(ta.src + <usize>ta.rawStart(tmpl), ta.rawEnd(tmpl) - ta.rawStart(tmpl));
  const decoded = decodeTyped(kruiseType(T_POD, gates.k8sMinor()), before, gates.k8sMinor());
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
  mapPut(labels, REVISION_LABEL, revision);
  if (kind == KIND_CLONESET) {
    const dash = revision.lastIndexOf("-");
    mapPut(labels, TEMPLATE_HASH_LABEL, dash < 0 ? revision : revision.substring(dash + 1));
  }
  const ann = metaMap(pod, "annotations");
  if (kind == KIND_CLONESET || (kind == KIND_ADVANCED_STATEFULSET && hadState)) {
    mapPut(labels, LIFECYCLE_STATE, "Updating");
    const ts = new ByteSink(32);
    formatRFC3339UTC(ts, now.ext);
    mapPut(ann, LIFECYCLE_TIMESTAMP, String.UTF8.decodeUnsafe(ts.ptr, <usize>ts.len));
  }
  const state = updateState(spec, now, gates.minor); // (spec.revision is the revision above)
  const sb = new ByteSink(128);
  state.write(sb);
  mapPut(ann, STATE_KEY, String.UTF8.decodeUnsafe(sb.ptr, <usize>sb.len));
  delKey(ann, STATE_KEY_OLD);
  if (spec.graceSeconds <= 0) {
    // v1.9.0 on a server from 1.32: resources through the resize subresource (verdict/kruiseresize.ts); v1.8.x: into the spec
    const res = defaultPatchUpdateSpecToPod(pod, spec, state, now, patchOptions(gates, opts.serverMinor(), opts.exact));
    if (res === null || hasError()) return false;
    pod = res.pod;
    const a2 = metaMap(pod, "annotations");
    delKey(a2, GRACE_KEY);
    delKey(a2, GRACE_KEY_OLD);
  } else {
    const gb = new ByteSink(128);
    spec.write(gb);
    mapPut(ann, GRACE_KEY, String.UTF8.decodeUnsafe(gb.ptr, <usize>gb.len));
  }
  const after = encodeTyped(pod.t, pod.v);
  if (after === null) return false;
  const tb = readJSON(after.ptr, after.len, ro);
  if (tb === null) return false;
  writeMergeDiff(t0, 0, tb, 0, true, v.podPatch);
  return true;
}
