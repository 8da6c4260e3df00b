// An update of an OpenKruise workload as the API server and OpenKruise's webhooks (v1.8.3, v1.9.0) handle it, on
// the decoded new and stored old objects of the served version: the mutating webhook's defaults (the stored
// object defaulted as at its creation, the new one as on update; the CRDs' own `default:` values are only
// false booleans, the zero value), the request's namespace and the stored object's resourceVersion, uid,
// timestamps and generation carried to the new object (rest.BeforeUpdate runs before validating admission),
// then the kind's validating webhook. A denial reads as the API server reports it:
// `admission webhook "<name>" denied the request: <text>`.

import { StructV } from "../../../typed/value";
import { hasError } from "../../../base/errors";
import { readJSON, ReadOptions } from "../../../json/reader";
import { decodeAt } from "../../../typed/decodeat";
import { defaultGoOf } from "../../../base/pins";
import { newStruct } from "../../kubernetes/defaults/tree";
import { encodeTyped } from "../inplaceupdate/typedpod";
import { ErrList, quote } from "../../kubernetes/validation/errlist";
import { fld, str, int, isSet } from "../../kubernetes/validation/view";
import { structField, setInt } from "../../kubernetes/defaults/tree";
import { settleRequestMeta, carryStoredMeta } from "../../kubernetes/registry/objectmeta";
import { cloneSetDefaults, statefulSetDefaults, daemonSetDefaults } from "../defaults/workloads";
import { Webhook } from "./common";
import { cloneSetUpdate } from "./cloneset";
import { statefulSetUpdate } from "./statefulset";
import { daemonSetUpdate } from "./daemonset";
import { PodLookup } from "./pods";

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

/** The mutating webhook's defaults of `kind` on `obj` (the same on creation and on update: the template defaults are idempotent). */
export function mutatingDefaults(kind: string, obj: StructV, w: Webhook): void {
  const inject = !w.templateNoDefaults;
  if (kind == "CloneSet") cloneSetDefaults(obj, w.v1beta1, inject, w.kruise, w.minor, w.hostNetworkPorts);
  else if (kind == "AdvancedStatefulSet") statefulSetDefaults(obj, inject, w.kruise, w.minor, w.hostNetworkPorts, w.autoDeletePVC, w.autoResizePVC);
  else daemonSetDefaults(obj, w.v1beta1);
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

/**
 * The mutating webhook on `obj`: its defaults, then what the API server holds - the object as the webhook's JSON
 * patch (from the request's bytes to json.Marshal of the defaulted typed object) leaves it, i.e. that json.Marshal
 * read back (empty lists and maps omitted become nil, unknown fields are gone), even when the defaults changed
 * nothing: the request's bytes may still differ from the typed object's (`"values": []`). When the patch is empty
 * the read-back equals `obj` anyway. Null with an error recorded.
 */
function mutate(kind: string, obj: StructV, w: Webhook): StructV | null {
  mutatingDefaults(kind, obj, w);
  const after = encodeTyped(obj.t, obj);
  if (after === null) return null;
  const t = readJSON(after.ptr, after.len, new ReadOptions());
  if (t === null) return null;
  const v = decodeAt(t, 0, obj.t, w.minor, defaultGoOf(w.minor));
  if (hasError()) return null;
  return v === null ? newStruct(obj.t) : changetype<StructV>(v);
}

/** The update of `kind` from stored `o` to `n` (both changed in place); `defaults`: run the mutating webhook first.
 *  Null with an error recorded. */
export function admitUpdate(kind: string, nv: StructV, ov: StructV, w: Webhook, defaults: bool, pods: PodLookup): AdmissionResult | null {
  let n = nv, o = ov;
  const res = new AdmissionResult(w.errs);
  if (defaults) {
    const mo = mutate(kind, o, w);
    if (mo === null) return null;
    o = mo;
    const mn = mutate(kind, n, w);
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
