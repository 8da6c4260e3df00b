// `workload.validateUpdate` for the OpenKruise kinds {kind: CloneSet | AdvancedStatefulSet | AdvancedDaemonSet,
// kruise?, old|oldText, new|newText, gates?, applyDefaults?, pods?, maxErrorBytes?} → {errors, message, warnings}:
// what an update of the workload gets from OpenKruise's webhooks (v1.8.3, v1.9.0; assembly/upstream/kruise/webhook).
// The version served is the objects' apiVersion (new's, else old's; neither: v1alpha1 for CloneSet and
// Advanced DaemonSet, v1beta1 for Advanced StatefulSet); the objects are decoded into that version's types at the
// Kubernetes minor of Kruise's libraries. `pods`: the pods the CloneSet webhook's client can Get.

import { fail, hasError, errorCode, setErrorPath, E_BAD_REQUEST, E_JSON_SYNTAX, E_JSON_DEPTH, E_LIMIT } from "../../base/errors";
import { K_ARRAY, K_OBJECT } from "../../json/tape";
import { Request } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { decodeAt } from "../../typed/decodeat";
import { resolve, minorIndex, nameId } from "../../schema/schema";
import { ErrList, DEFAULT_MAX_ERROR_BYTES, quote } from "../../upstream/kubernetes/validation/errlist";
import { defaultGoOf } from "../../base/pins";
import { k8sValue } from "./k8sfields";
import { boolField } from "./hash";
import { readKruiseOptions, kruiseVersionOK } from "./kruisefields";
import { writeFieldErrors } from "./pod-validate";
import { Webhook } from "../../upstream/kruise/webhook/common";
import { admitUpdate, namespaceMatches } from "../../upstream/kruise/webhook/admission";
import { PodLookup } from "../../upstream/kruise/webhook/pods";
import { decodePair, ObjectNode } from "../../upstream/kruise/webhook/objects";

/** The Kruise gates of the webhooks' path (beside the in-place update ops' four) and the Kruise minor each appears in. */
const WEBHOOK_GATES = ["DefaultHostNetworkHostPortsInPodTemplates", "StatefulSetAutoDeletePVC", "StatefulSetAutoResizePVCGate", "TemplateNoDefaults"];
const WEBHOOK_GATES_SINCE = [9, 5, 8, 5];

/** Gate `name` as the request set it, else its default. */
function gateOn(g: Map<string, bool>, name: string, dflt: bool): bool {
  return g.has(name) ? g.get(name) : dflt;
}

/** The OpenKruise kinds this op answers. */
export const KRUISE_WORKLOADS = ["CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"];

/** The request's `pods` (v1.Pod objects at `minor`, no two with the same namespace and name); null with an error. */
function readPods(req: Request, minor: i32): PodLookup | null {
  const l = new PodLookup();
  const i = req.field("pods");
  if (i < 0) return l;
  const t = req.tape;
  const bad = "\"pods\" must be an array of Pod objects";
  if (t.kind(i) != K_ARRAY) { fail(E_BAD_REQUEST, bad, -1, "pods"); return null; }
  const ty = resolve(minorIndex(minor), nameId("v1.Pod"));
  const n = t.children(i);
  let e = i + 1;
  for (let k = 0; k < n; k++) {
    const path = "pods/" + k.toString();
    if (t.kind(e) != K_OBJECT) { fail(E_BAD_REQUEST, bad, -1, path); return null; }
    const p = decodeAt(t, e, ty, minor, defaultGoOf(minor));
    if (hasError()) { setErrorPath(path); return null; }
    if (!l.add(p)) { fail(E_BAD_REQUEST, "duplicate pod " + quote(l.lastKey), -1, path); return null; }
    e = t.next(e);
  }
  return l;
}

/** Object field `name` (or `nameText`); null with an error. */
function objectOf(req: Request, name: string): ObjectNode | null {
  const v = k8sValue(req, name);
  if (v === null) {
    const c = errorCode();
    if (c == E_JSON_SYNTAX || c == E_JSON_DEPTH) setErrorPath(name);
    return null;
  }
  return new ObjectNode(v.tape, v.node);
}

/** `workload.validateUpdate` of an OpenKruise kind (the caller checked the members and `kind`). */
export function opKruiseWorkloadUpdate(req: Request, res: ResultWriter, kind: string): bool {
  if (req.field("kubernetes") >= 0) return fail(E_BAD_REQUEST, "\"kubernetes\" does not apply to OpenKruise kinds: the webhooks validate with the Kubernetes libraries of their Kruise release", -1, "kubernetes");
  if (!kruiseVersionOK(req)) return false;
  const d = boolField(req, "applyDefaults");
  if (d < 0) return false;
  const gates = new Map<string, bool>();
  const ko = readKruiseOptions(req, WEBHOOK_GATES, WEBHOOK_GATES_SINCE, gates);
  if (ko === null) return false;
  const defaults = req.field("applyDefaults") < 0 || d == 1;
  const maxErrorBytes = req.int("maxErrorBytes", DEFAULT_MAX_ERROR_BYTES);
  if (hasError()) return false;
  if (maxErrorBytes < 1) return fail(E_BAD_REQUEST, "field \"maxErrorBytes\" must be a positive integer", -1, "maxErrorBytes");
  const ov = objectOf(req, "old");
  if (ov === null) return false;
  const nv = objectOf(req, "new");
  if (nv === null) return false;
  const pair = decodePair(kind, ov, nv, ko.minor);
  if (pair === null) return false;
  // the update handler's namespace check comes before the webhooks' client is built
  if (!namespaceMatches(pair.n, pair.o)) return fail(E_BAD_REQUEST, "the namespace of the provided object does not match the namespace sent on the request", -1, "new");
  const pods = readPods(req, pair.minor);
  if (pods === null) return false;
  const w = new Webhook(ko.minor, pair.minor, pair.v1beta1, new ErrList(maxErrorBytes));
  w.templateNoDefaults = gateOn(gates, "TemplateNoDefaults", false);
  w.autoDeletePVC = gateOn(gates, "StatefulSetAutoDeletePVC", true);
  w.autoResizePVC = gateOn(gates, "StatefulSetAutoResizePVCGate", false);
  w.hostNetworkPorts = gateOn(gates, "DefaultHostNetworkHostPortsInPodTemplates", false);
  const r = admitUpdate(kind, pair.n, pair.o, w, defaults, pods);
  if (r === null || hasError()) return false;
  if (r.badRequest.length > 0) return fail(E_BAD_REQUEST, r.badRequest, -1, "new");
  if (r.errs.over) return fail(E_LIMIT, "the validation errors exceed maxErrorBytes (" + maxErrorBytes.toString() + " characters)", -1, "maxErrorBytes");
  writeFieldErrors(res, r.errs);
  res.str("message", r.message);
  res.key("warnings").ascii("[]");
  return true;
}
