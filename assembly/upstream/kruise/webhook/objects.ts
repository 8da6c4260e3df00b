// The two objects of an OpenKruise workload update as the webhooks receive them: the version served (the objects'
// apiVersion: new's, else old's; neither: v1alpha1 for CloneSet and Advanced DaemonSet, v1beta1 for Advanced
// StatefulSet - an Advanced StatefulSet of either version is validated as v1beta1, a v1alpha1 one converted with
// StatefulSet.ConvertTo, stsconvert.ts), decoded into that version's
// types at the Kubernetes minor of Kruise's libraries (v1.8.3's types: without the fields v1.9.0 added, and an
// Advanced DaemonSet partition that is an integer). Errors carry the object's path ("old" / "new").

import { fail, hasError, setErrorPath, E_BAD_REQUEST } from "../../../base/errors";
import { Tape, K_STRING, K_OBJECT } from "../../../json/tape";
import { olderTypesAccept } from "./oldtypes";
import { statefulSetToV1beta1 } from "./stsconvert";
import { unquote } from "../../../json/strings";
import { ByteSink } from "../../../io/sink";
import { decodeAt } from "../../../typed/decodeat";
import { StructV } from "../../../typed/value";
import { resolve, minorIndex, nameId } from "../../../schema/schema";
import { fld, str, isSet, deref } from "../../kubernetes/validation/view";
import { newStruct, setField } from "../../kubernetes/defaults/tree";
import { kruiseK8sMinorOf, kruiseReleaseOf, defaultGoOf } from "../../../base/pins";

/** The decoded pair and the version served. */
export class WorkloadPair {
  constructor(public o: StructV, public n: StructV, public v1beta1: bool, public minor: i32) {}
}

/** One object: its tape and node. */
export class ObjectNode {
  constructor(public tape: Tape, public node: i32) {}
}

function textOf(t: Tape, i: i32): string {
  const b = new ByteSink(t.len(i) + 4);
  unquote(b, t.ptr(i), t.len(i), true);
  return String.UTF8.decodeUnsafe(b.ptr, <usize>b.len);
}

/** The apiVersion string of an object ("" when absent or not a string). */
function apiVersionOf(v: ObjectNode): string {
  const t = v.tape;
  if (t.kind(v.node) != K_OBJECT) return "";
  const a = t.member(v.node, "apiVersion");
  return a >= 0 && t.kind(a) == K_STRING ? textOf(t, a) : "";
}

/** The data kind of each request kind. */
function dataKind(kind: string): string {
  return kind == "CloneSet" ? "CloneSet" : kind == "AdvancedStatefulSet" ? "StatefulSet" : "DaemonSet";
}

/** True when Kruise minor `kruise` serves `version` ("v1alpha1" | "v1beta1") of `kind`. */
function served(kind: string, version: string, kruise: i32): bool {
  if (version == "v1alpha1") return true;
  if (version != "v1beta1") return false;
  return kruise >= 9 || kind == "AdvancedStatefulSet";
}

/** Decodes object `v` into `ty`; null with an error (path `name`). */
function decodeObject(v: ObjectNode, name: string, kind: string, ty: i32, minor: i32, kruise: i32, v1beta1: bool): StructV | null {
  if (!olderTypesAccept(v.tape, v.node, kind, kruise, v1beta1, name)) return null;
  const val = decodeAt(v.tape, v.node, ty, minor, defaultGoOf(minor));
  if (hasError()) { setErrorPath(name); return null; }
  const k = str(fld(fld(val, "TypeMeta"), "Kind"));
  if (k.length > 0 && k != dataKind(kind)) {
    fail(E_BAD_REQUEST, "the kind in the data (" + k + ") does not match the expected kind (" + dataKind(kind) + ")", -1, name);
    return null;
  }
  const s = val === null ? newStruct(ty) : changetype<StructV>(val);
  if (kruise <= 8) dropNewerFields(s, kind);
  if (kruise <= 7) dropFieldsOf18(s, kind, kruise);
  return s;
}


/** Fields the types before v1.8 do not have (their decoder drops them): an Advanced StatefulSet's volumeClaimUpdateStrategy,
 *  and before v1.7 its ordinals. */
function dropFieldsOf18(o: StructV, kind: string, kruise: i32): void {
  if (kind != "AdvancedStatefulSet") return;
  const spec = fld(o, "Spec");
  if (spec === null) return;
  setField(changetype<StructV>(spec), "VolumeClaimUpdateStrategy", null);
  if (kruise <= 6) setField(changetype<StructV>(spec), "Ordinals", null);
}


/** Fields v1.8.3's types do not have (its decoder drops them): a CloneSet's progressDeadlineSeconds and the image
 *  pre-download settings of the in-place update strategy. */
function dropNewerFields(o: StructV, kind: string): void {
  if (kind != "CloneSet") return;
  const spec = fld(o, "Spec");
  if (spec === null) return;
  setField(changetype<StructV>(spec), "ProgressDeadlineSeconds", null);
  const ip = fld(fld(spec, "UpdateStrategy"), "InPlaceUpdateStrategy");
  if (isSet(ip) && deref(ip) !== null) {
    const s = changetype<StructV>(deref(ip));
    setField(s, "ImagePreDownloadParallelism", null);
    setField(s, "ImagePreDownloadTimeoutSeconds", null);
    setField(s, "ImagePreDownloadMinUpdatedReadyPods", null);
  }
}

/** The versions a Kruise release serves for `kind`, in its CRD's order. */
function servedList(kind: string, kruise: i32): string {
  return kruise >= 9 || kind == "AdvancedStatefulSet" ? "apps.kruise.io/v1alpha1, apps.kruise.io/v1beta1" : "apps.kruise.io/v1alpha1";
}

/** False (an error recorded at `name`) when object `v` names an apiVersion the release does not serve for `kind`. */
function servedOK(av: string, kind: string, kruise: i32, name: string): bool {
  if (av.length == 0) return true;
  const version = av.startsWith("apps.kruise.io/") ? av.substring(15) : "";
  if (served(kind, version, kruise)) return true;
  fail(E_BAD_REQUEST, "the API version in the data (" + av + ") is not served for " + kind + " by openkruise/kruise " + kruiseReleaseOf(kruise) + " (served: " + servedList(kind, kruise) + ")", -1, name);
  return false;
}

/** Decodes the stored object `ov` and the new one `nv` of `kind` for Kruise minor `kruise`; null with an error. */
export function decodePair(kind: string, ov: ObjectNode, nv: ObjectNode, kruise: i32): WorkloadPair | null {
  const minor = kruiseK8sMinorOf(kruise);
  const nav = apiVersionOf(nv), oav = apiVersionOf(ov);
  if (!servedOK(oav, kind, kruise, "old") || !servedOK(nav, kind, kruise, "new")) return null;
  if (nav.length > 0 && oav.length > 0 && nav != oav) {
    fail(E_BAD_REQUEST, "the API version in the data (" + nav + ") does not match the old object's (" + oav + ")", -1, "new");
    return null;
  }
  let av = nav.length > 0 ? nav : oav;
  if (av.length == 0) av = kind == "AdvancedStatefulSet" ? "apps.kruise.io/v1beta1" : "apps.kruise.io/v1alpha1";
  const v1beta1 = av == "apps.kruise.io/v1beta1";
  const ty = resolve(minorIndex(minor), nameId((v1beta1 ? "v1beta1." : "v1alpha1.") + dataKind(kind)));
  let o = decodeObject(ov, "old", kind, ty, minor, kruise, v1beta1);
  if (o === null) return null;
  let n = decodeObject(nv, "new", kind, ty, minor, kruise, v1beta1);
  if (n === null) return null;
  if (kind == "AdvancedStatefulSet" && !v1beta1) {
    const bt = resolve(minorIndex(minor), nameId("v1beta1.StatefulSet"));
    o = statefulSetToV1beta1(o, bt);
    n = statefulSetToV1beta1(n, bt);
  }
  return new WorkloadPair(o, n, v1beta1, minor);
}
