// An update of an OpenKruise workload as the API server and OpenKruise's webhooks (v1.8.3, v1.9.0) handle it, on
// the decoded new and stored old objects of the served version: the mutating webhook (the stored object mutated
// as at its creation, the new one as on update; the CRDs' own `default:` values are only false booleans, the
// zero value), the request's namespace and the stored object's resourceVersion, uid, timestamps and generation
// carried to the new object (rest.BeforeUpdate runs before validating admission), then the kind's validating
// webhook. A denial reads as the API server reports it: `admission webhook "<name>" denied the request: <text>`.

import { Val, StructV } from "../../../typed/value";
import { deepCopy } from "../../../typed/deepcopy";
import { deepEqual } from "../../../typed/deepequal";
import { resolve, minorIndex, nameId, fieldIndex, fieldType } from "../../../schema/schema";
import { hasError } from "../../../base/errors";
import { readJSON, ReadOptions } from "../../../json/reader";
import { decodeAt } from "../../../typed/decodeat";
import { defaultGoOf } from "../../../base/pins";
import { newStruct } from "../../kubernetes/defaults/tree";
import { encodeTyped } from "../inplaceupdate/typedpod";
import { ErrList, quote } from "../../kubernetes/validation/errlist";
import { fld, str, int } from "../../kubernetes/validation/view";
import { structField, setInt, setField } from "../../kubernetes/defaults/tree";
import { settleRequestMeta, carryStoredMeta } from "../../kubernetes/registry/objectmeta";
import { cloneSetDefaults, statefulSetDefaults, daemonSetDefaults } from "../defaults/workloads";
import { Webhook } from "./common";
import { cloneSetUpdate } from "./cloneset";
import { statefulSetUpdate } from "./statefulset";
import { daemonSetUpdate } from "./daemonset";
import { PodLookup } from "./pods";
import { statefulSetToV1beta1 } from "./stsconvert";

/** What the update gets: the field errors behind a denial, the API server's message ("" when admitted), or a 400. */
export class AdmissionResult {
  /** A refusal before admission (400 Bad Request: its text), "" when none. */
  badRequest: string = "";
  message: string = "";
  /** A plain denial's JSON pointer into the object, or "". */
  plainPath: string = "";
  constructor(public errs: ErrList) {}
}

/** The validating webhook's name for a kind ("CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"). */
export function webhookName(kind: string): string {
  if (kind == "CloneSet") return "vcloneset.kb.io";
  if (kind == "AdvancedStatefulSet") return "vstatefulset.kb.io";
  return "vdaemonset.kb.io";
}

/** The mutating webhook's defaults of `kind` on `obj` (`inject`: the pod template's too); the Advanced StatefulSet
 *  handler then clears the status. */
function mutatingDefaults(kind: string, obj: StructV, w: Webhook, inject: bool): void {
  if (kind == "CloneSet") cloneSetDefaults(obj, w.v1beta1, inject, w.kruise, w.minor, w.hostNetworkPorts);
  else if (kind == "AdvancedStatefulSet") {
    statefulSetDefaults(obj, inject, w.kruise, w.minor, w.hostNetworkPorts, w.autoDeletePVC, w.autoResizePVC);
    setField(obj, "Status", null);
  } else daemonSetDefaults(obj, w.v1beta1);
}

/** False when the new object names a namespace other than the request's (the stored object's, else the new one's). */
export function namespaceMatches(n: StructV, o: StructV): bool {
  const os = str(fld(fld(o, "ObjectMeta"), "Namespace")), ns = str(fld(fld(n, "ObjectMeta"), "Namespace"));
  return os.length == 0 || ns.length == 0 || os == ns;
}

/** The metadata rest.BeforeUpdate settles before the validating webhooks; false (res.badRequest set) on a namespace
 *  mismatch. */
function settleMeta(n: StructV, o: StructV, res: AdmissionResult): bool {
  const nm = structField(n, "ObjectMeta")!, om = structField(o, "ObjectMeta")!;
  res.badRequest = settleRequestMeta(nm, om);
  if (res.badRequest.length > 0) return false;
  setInt(nm, "Generation", int(fld(om, "Generation")));
  carryStoredMeta(nm, om);
  return true;
}

/** json.Marshal of `obj` read back into type `ty` (what a JSON patch to those bytes leaves: empty lists and maps
 *  omitted become nil, quantities canonical); null with an error recorded. */
function marshalRead(obj: StructV, ty: i32, minor: i32): StructV | null {
  const b = encodeTyped(obj.t, obj);
  if (b === null) return null;
  const t = readJSON(b.ptr, b.len, new ReadOptions());
  if (t === null) return null;
  const v = decodeAt(t, 0, ty, minor, defaultGoOf(minor));
  if (hasError()) return null;
  return v === null ? newStruct(ty) : changetype<StructV>(v);
}

/**
 * The mutating webhook on `obj` (`inject`: its pod template defaults), then what the API server holds. When the
 * defaults leave the object reflect.DeepEqual to its copy from before them, the handler allows without a patch
 * and the object is stored as sent (`obj` itself). Otherwise its JSON patch (from the request's bytes to
 * json.Marshal of the defaulted typed object) leaves that json.Marshal, read back; a v1alpha1 Advanced
 * StatefulSet is marshaled as v1alpha1 (ConvertFrom: the v1beta1-only fields and the TypeMeta of the converted
 * object are not in it) and the validating webhook converts it again. Null with an error recorded.
 */
function mutate(kind: string, obj: StructV, w: Webhook, inject: bool): StructV | null {
  const before = deepCopy(obj);
  mutatingDefaults(kind, obj, w, inject);
  if (deepEqual(obj.t, obj, before)) return obj;
  if (kind != "AdvancedStatefulSet" || w.v1beta1) return marshalRead(obj, obj.t, w.minor);
  const a = marshalRead(obj, resolve(minorIndex(w.minor), nameId("v1alpha1.StatefulSet")), w.minor);
  return a === null ? null : statefulSetToV1beta1(a, obj.t);
}

/** Field `ti` (the template) of spec value `spec` (null: the zero spec). */
function templateOf(spec: Val | null, ti: i32): Val | null {
  return spec === null ? null : changetype<StructV>(spec).f[ti];
}

/** Whether the update handler injects the template defaults into the new object `n` (TemplateNoDefaults off and,
 *  for a CloneSet or an Advanced StatefulSet, its template not reflect.DeepEqual to the stored object `o`'s). */
function injectOnUpdate(kind: string, n: StructV, o: StructV, w: Webhook): bool {
  if (w.templateNoDefaults || kind == "AdvancedDaemonSet") return false;
  const si = fieldIndex(n.t, "Spec");
  const st = fieldType(n.t, si);
  const ti = fieldIndex(st, "Template");
  return !deepEqual(fieldType(st, ti), templateOf(n.f[si], ti), templateOf(o.f[si], ti));
}

/** The update of `kind` from stored `o` to `n` (both changed in place); `defaults`: run the mutating webhook first.
 *  Null with an error recorded. */
export function admitUpdate(kind: string, nv: StructV, ov: StructV, w: Webhook, defaults: bool, pods: PodLookup): AdmissionResult | null {
  let n = nv, o = ov;
  const res = new AdmissionResult(w.errs);
  if (defaults) {
    const mo = mutate(kind, o, w, !w.templateNoDefaults);
    if (mo === null) return null;
    o = mo;
    const mn = mutate(kind, n, w, injectOnUpdate(kind, n, o, w));
    if (mn === null) return null;
    n = mn;
  }
  if (!settleMeta(n, o, res)) return res;
  let plain = "";
  if (kind == "CloneSet") cloneSetUpdate(n, o, pods, w);
  else if (kind == "AdvancedStatefulSet") plain = statefulSetUpdate(n, o, w);
  else daemonSetUpdate(n, o, w);
  const head = "admission webhook " + quote(webhookName(kind)) + " denied the request: ";
  if (w.panicked) {
    w.errs.list = [];
    res.message = head + "panic: runtime error: invalid memory address or nil pointer dereference [recovered]";
  } else if (w.errs.length > 0) res.message = head + w.errs.aggregate();
  else if (plain.length > 0) {
    res.message = head + plain;
    res.plainPath = w.plainPath;
  }
  return res;
}
