// An update of an OpenKruise workload as the API server and OpenKruise's webhooks (v1.8.3, v1.9.0) handle it, on
// the decoded new and stored old objects of the served version: the mutating webhook's defaults (the stored
// object defaulted as at its creation, the new one as on update; the CRDs' own `default:` values are only
// false booleans, the zero value), the request's namespace and the stored object's resourceVersion, uid,
// timestamps and generation carried to the new object (rest.BeforeUpdate runs before validating admission),
// then the kind's validating webhook. A denial reads as the API server reports it:
// `admission webhook "<name>" denied the request: <text>`.

import { StructV } from "../../../typed/value";
import { ErrList, quote } from "../../kubernetes/validation/errlist";
import { fld, str, int, isSet } from "../../kubernetes/validation/view";
import { structField, strEmpty, setStr, setField, setInt } from "../../kubernetes/defaults/tree";
import { TimeV } from "../../../typed/value";
import { isZeroTime } from "../../../typed/zero";
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
  constructor(public errs: ErrList) {}
}

/** The validating webhook's name for a kind ("CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"). */
export function webhookName(kind: string): string {
  if (kind == "CloneSet") return "vcloneset.kb.io";
  if (kind == "AdvancedStatefulSet") return "vstatefulset.kb.io";
  return "vdaemonset.kb.io";
}

/** The mutating webhook's defaults of `kind` on `obj` (`create`: as on creation). */
export function mutatingDefaults(kind: string, obj: StructV, w: Webhook): void {
  if (kind == "CloneSet") cloneSetDefaults(obj, w.v1beta1, true, w.kruise, w.minor);
  else if (kind == "AdvancedStatefulSet") statefulSetDefaults(obj, true, w.kruise, w.minor);
  else daemonSetDefaults(obj, w.v1beta1);
}

/** The metadata rest.BeforeUpdate settles before validating admission; false (res.badRequest set) on a namespace mismatch. */
function settleMeta(n: StructV, o: StructV, res: AdmissionResult): bool {
  const nm = structField(n, "ObjectMeta")!, om = structField(o, "ObjectMeta")!;
  let ns = str(fld(om, "Namespace"));
  if (ns.length == 0) ns = str(fld(nm, "Namespace"));
  if (ns.length == 0) ns = "default";
  if (strEmpty(nm, "Namespace")) setStr(nm, "Namespace", ns);
  else if (str(fld(nm, "Namespace")) != ns) {
    res.badRequest = "the namespace of the provided object does not match the namespace sent on the request";
    return false;
  }
  if (strEmpty(om, "Namespace")) setStr(om, "Namespace", ns);
  if (strEmpty(om, "ResourceVersion")) setStr(om, "ResourceVersion", "1");
  if (strEmpty(nm, "ResourceVersion")) setStr(nm, "ResourceVersion", str(fld(om, "ResourceVersion")));
  setInt(nm, "Generation", int(fld(om, "Generation")));
  if (str(fld(nm, "UID")).length == 0) setField(nm, "UID", fld(om, "UID"));
  const ct = fld(om, "CreationTimestamp");
  if (ct !== null && ct instanceof TimeV && !isZeroTime(changetype<TimeV>(ct))) setField(nm, "CreationTimestamp", ct);
  if (isSet(fld(om, "DeletionTimestamp"))) setField(nm, "DeletionTimestamp", fld(om, "DeletionTimestamp"));
  if (isSet(fld(om, "DeletionGracePeriodSeconds")) && !isSet(fld(nm, "DeletionGracePeriodSeconds"))) setField(nm, "DeletionGracePeriodSeconds", fld(om, "DeletionGracePeriodSeconds"));
  return true;
}

/** The update of `kind` from stored `o` to `n` (both changed in place); `defaults`: run the mutating webhook first. */
export function admitUpdate(kind: string, n: StructV, o: StructV, w: Webhook, defaults: bool, pods: PodLookup): AdmissionResult {
  const res = new AdmissionResult(w.errs);
  if (defaults) {
    mutatingDefaults(kind, o, w);
    mutatingDefaults(kind, n, w);
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
  else if (plain.length > 0) res.message = head + plain;
  return res;
}
