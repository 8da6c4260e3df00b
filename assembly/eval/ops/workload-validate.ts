// Op `workload.validateUpdate` {kind, old|oldText, new|newText, kubernetes?, gates?, applyDefaults?, maxErrorBytes?}
// (the OpenKruise kinds, with `kruise` and `pods`: kruise-workload-validate.ts)
// → {errors: [{field, type, message}], message, warnings}: what kube-apiserver of a Kubernetes minor (1.15-1.37)
// answers to a PUT of the new apps/v1 Deployment, StatefulSet, DaemonSet or ReplicaSet over the stored old one.
// Both objects are decoded as that API server decodes them and defaulted (unless applyDefaults is false); an
// empty namespace is the request's ("default"), an empty resourceVersion the stored one's (the registry's
// unconditional update); then rest.BeforeUpdate with the kind's strategy
// (assembly/upstream/kubernetes/registry/appsupdate.ts). `message` is the API server's StatusError text
// ("" when accepted); `warnings` what its warning recorder holds (registry/warnings.ts).

import { fail, hasError, E_BAD_REQUEST, E_UNSUPPORTED_VERSION, E_DECODE } from "../../base/errors";
import { fld, str, strMap, isSet, deref } from "../../upstream/kubernetes/validation/view";
import { quote } from "../../upstream/kubernetes/validation/errlist";
import { decodeBody } from "./bodyfield";
import { Request } from "./request";
import { ResultWriter } from "../../json/resultwriter";
import { requestType } from "../../typed/types";
import { Val, StructV } from "../../typed/value";
import { k8sMinor, k8sString, missing } from "./k8sfields";
import { boolField } from "./hash";
import { onlyFields } from "./request";
import { readGates, writeFieldErrors } from "./pod-validate";
import { Gates } from "../../upstream/kubernetes/validation/gates";
import { DEFAULT_MAX_ERROR_BYTES } from "../../upstream/kubernetes/validation/errlist";
import { applyDefaultsTo } from "../../upstream/kubernetes/defaults/index";
import { defaultGatesOf } from "../../stored/stored";
import { newStruct } from "../../upstream/kubernetes/defaults/tree";
import { beforeUpdate } from "../../upstream/kubernetes/registry/appsupdate";
import { K8S_MODELLED_MIN } from "../../base/pins";
import { E_LIMIT } from "../../base/errors";
import { KRUISE_WORKLOADS, opKruiseWorkloadUpdate } from "./kruise-workload-validate";

const KINDS = ["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet"];
/** The op's members besides op, id, limits and exact (the oracle's list, and the engine's maxErrorBytes). */
const FIELDS = ["kind", "old", "oldText", "new", "newText", "kubernetes", "kruise", "gates", "applyDefaults", "pods", "maxErrorBytes"];

/** Decodes (and defaults) workload field `name`; null with an error (path `name`). */
function decodeWorkload(req: Request, name: string, kind: string, ty: i32, minor: i32, defaults: bool, gates: Gates): StructV | null {
  // the update handler takes apps/v1 objects of the URL's kind only
  let val = decodeBody(req, name, ty, minor, "apps/v1", kind);
  if (hasError()) return null;
  if (kind == "DaemonSet" && !templateGenerationParses(val, name)) return null;
  if (defaults) {
    val = applyDefaultsTo(kind, ty, val, minor, name, defaultGatesOf(gates, minor));
    if (hasError()) return null;
  }
  if (minor <= 16 && nilIntOrStringConverted(kind, val)) {
    // 1.15-1.16 convert a rolling update's maxUnavailable / maxSurge with the reflection converter, which refuses nil
    fail(E_DECODE, "expected pointer, but got nil", -1, name);
    return null;
  }
  if (kind == "StatefulSet" && minor <= 16) {
    // 1.15-1.16 conversion dereferences a rolling update's partition: nil panics (the server's recovered text)
    const ru = fld(fld(fld(val, "Spec"), "UpdateStrategy"), "RollingUpdate");
    if (isSet(ru) && !isSet(fld(deref(ru), "Partition"))) {
      fail(E_DECODE, "panic: runtime error: invalid memory address or nil pointer dereference", -1, name);
      return null;
    }
  }
  return val === null ? newStruct(ty) : changetype<StructV>(val);
}

/** True when 1.15-1.16's conversion meets a nil *IntOrString in a rolling update: a Deployment's maxUnavailable or
 *  maxSurge, a DaemonSet's maxUnavailable (Convert_v1_RollingUpdate{Deployment,DaemonSet}_To_apps_... call s.Convert). */
function nilIntOrStringConverted(kind: string, v: Val | null): bool {
  const spec = fld(v, "Spec");
  if (kind == "Deployment") {
    const ru = fld(fld(spec, "Strategy"), "RollingUpdate");
    return isSet(ru) && (!isSet(fld(deref(ru), "MaxUnavailable")) || !isSet(fld(deref(ru), "MaxSurge")));
  }
  if (kind == "DaemonSet") {
    const ru = fld(fld(spec, "UpdateStrategy"), "RollingUpdate");
    return isSet(ru) && !isSet(fld(deref(ru), "MaxUnavailable"));
  }
  return false;
}

/** Convert_v1_DaemonSet_To_apps_DaemonSet: the deprecated.daemonset.template.generation annotation must be an int64
 *  (strconv.ParseInt's error otherwise, as E_DECODE at `name`). */
function templateGenerationParses(v: Val | null, name: string): bool {
  const a = strMap(fld(fld(v, "ObjectMeta"), "Annotations"));
  const i = a.find("deprecated.daemonset.template.generation");
  if (i < 0) return true;
  const s = a.vals[i];
  let j = 0;
  const neg = s.length > 0 && s.charCodeAt(0) == 0x2d;
  if (s.length > 0 && (s.charCodeAt(0) == 0x2b || neg)) j = 1;
  let ok = j < s.length;
  let over = false;
  let n: u64 = 0;
  for (; j < s.length && ok; j++) {
    const c = s.charCodeAt(j);
    if (c < 0x30 || c > 0x39) { ok = false; break; }
    if (n > (<u64>0xffffffffffffffff - <u64>(c - 0x30)) / 10) over = true;
    else n = n * 10 + <u64>(c - 0x30);
  }
  if (ok && !over && n > (neg ? <u64>0x8000000000000000 : <u64>0x7fffffffffffffff)) over = true;
  if (ok && !over) return true;
  fail(E_DECODE, "strconv.ParseInt: parsing " + quote(s) + ": " + (ok ? "value out of range" : "invalid syntax"), -1, name);
  return false;
}

/** `workload.validateUpdate`. */
export function opWorkloadValidateUpdate(req: Request, res: ResultWriter): bool {
  if (!onlyFields(req, FIELDS)) return false;
  if (req.field("kind") < 0) return missing("kind");
  const kb = k8sString(req, "kind");
  if (kb === null) return false;
  const kind = String.UTF8.decodeUnsafe(kb.ptr, <usize>kb.len);
  if (KRUISE_WORKLOADS.includes(kind)) return opKruiseWorkloadUpdate(req, res, kind);
  if (!KINDS.includes(kind)) return fail(E_BAD_REQUEST, "unknown kind \"" + kind + "\" (want Deployment, StatefulSet, DaemonSet, ReplicaSet, CloneSet, AdvancedStatefulSet or AdvancedDaemonSet)", -1, "kind");
  if (req.field("kruise") >= 0) return fail(E_BAD_REQUEST, "\"kruise\" applies to OpenKruise kinds only", -1, "kruise");
  if (req.field("pods") >= 0) return fail(E_BAD_REQUEST, "\"pods\" applies to OpenKruise kinds only", -1, "pods");
  const minor = k8sMinor(req, "kubernetes");
  if (minor < 0) return false;
  if (minor < K8S_MODELLED_MIN) return fail(E_UNSUPPORTED_VERSION, "workload.validateUpdate does not support kubernetes 1." + minor.toString() + " (no oracle build)", -1, "kubernetes");
  const d = boolField(req, "applyDefaults");
  if (d < 0) return false;
  const defaults = req.field("applyDefaults") < 0 || d == 1;
  const g = new Gates();
  if (!readGates(req, g, minor)) return false;
  const maxErrorBytes = req.int("maxErrorBytes", DEFAULT_MAX_ERROR_BYTES);
  if (hasError()) return false;
  if (maxErrorBytes < 1) return fail(E_BAD_REQUEST, "field \"maxErrorBytes\" must be a positive integer", -1, "maxErrorBytes");
  const ty = requestType(kind, minor);
  const o = decodeWorkload(req, "old", kind, ty, minor, defaults, g);
  if (o === null) return false;
  const n = decodeWorkload(req, "new", kind, ty, minor, defaults, g);
  if (n === null) return false;
  const r = beforeUpdate(kind, n, o, ty, minor, g, maxErrorBytes);
  if (hasError()) return false;
  if (r.badRequest.length > 0) return fail(E_BAD_REQUEST, r.badRequest, -1, "new");
  if (r.errs.over) return fail(E_LIMIT, "the validation errors exceed maxErrorBytes (" + maxErrorBytes.toString() + " characters)", -1, "maxErrorBytes");
  if (r.warnings.over) return fail(E_LIMIT, "the warnings exceed maxErrorBytes (" + maxErrorBytes.toString() + " characters)", -1, "maxErrorBytes");
  writeFieldErrors(res, r.errs);
  res.str("message", r.message);
  res.strs("warnings", r.warnings.texts);
  return true;
}
