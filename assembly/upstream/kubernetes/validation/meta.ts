// Pod metadata leftovers of pod validation for Kubernetes 1.15-1.37: the pod-deletion-cost annotation
// (1.21+) and the seccomp annotations of ValidatePodSpecificAnnotations, owner references, finalizers,
// managed fields, and 1.15-1.19's ValidateConditionalPod (SCTP ports refused while SCTPSupport is off
// and the old pod had none).

import { Val } from "../../../typed/value";
import { ErrList, quote } from "./errlist";
import { fld, str, int, isSet, sliceLen, at, StrMap } from "./view";
import { isQualifiedName } from "./names";
import { isPrint } from "../../../json/gostrconv";
import { localDescendingPath } from "./localpath";
import { deletionCostOk, DELETION_COST_KEY } from "./deletioncost";
import { PodValidationOptions } from "./options";
import { tolerationsAnnotation } from "./tolannotation";
import { joinStrings } from "../../../golang/join";
import { renderStrings } from "./render";

const SECCOMP_POD = "seccomp.security.alpha.kubernetes.io/pod";
const SECCOMP_CONTAINER = "container.seccomp.security.alpha.kubernetes.io/";

/** ValidatePodSpecificAnnotations between the mirror-pod and AppArmor checks: the tolerations annotation, the deletion cost (1.21+,
 * unless the old pod's was already invalid) and the seccomp profiles (container keys in ascending order). */
export function podAnnotationExtras(a: StrMap, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  tolerationsAnnotation(a, opts, errs); // tolannotation.ts: right after the mirror-pod check
  const k = a.find(DELETION_COST_KEY);
  if (minor >= 21 && !opts.invalidDeletionCost && k >= 0 && !deletionCostOk(a.vals[k])) {
    errs.invalidStr("metadata.annotations[" + DELETION_COST_KEY + "]", a.vals[k], "must be a 32bit integer");
  }
  const p = a.find(SECCOMP_POD);
  if (p >= 0) seccompProfile(a.vals[p], "metadata.annotations." + SECCOMP_POD, errs);
  for (let i = 0; i < a.keys.length; i++) {
    if (a.keys[i].startsWith(SECCOMP_CONTAINER)) seccompProfile(a.vals[i], "metadata.annotations." + a.keys[i], errs);
  }
}

/** ValidateSeccompProfile of an annotation value. */
function seccompProfile(p: string, path: string, errs: ErrList): void {
  if (p == "runtime/default" || p == "docker/default" || p == "unconfined") return;
  if (p.startsWith("localhost/")) { localDescendingPath(p.substring(10), path, errs); return; }
  errs.invalidStr(path, p, "must be a valid seccomp profile");
}

/** ValidateConditionalPod of 1.15-1.19: every SCTP port (init containers first) is NotSupported unless allowed. */
export function conditionalSCTP(spec: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  if (opts.minor > 19 || opts.sctp) return;
  const lists = ["InitContainers", "Containers"];
  // the strategy roots the path at field.NewPath(""), which prints as "[]"
  const paths = ["[].spec.initContainers", "[].spec.containers"];
  for (let l = 0; l < 2; l++) {
    const cs = fld(spec, lists[l]);
    for (let i = 0; i < sliceLen(cs); i++) {
      const ports = fld(at(cs, i), "Ports");
      for (let j = 0; j < sliceLen(ports); j++) {
        if (str(fld(at(ports, j), "Protocol")) != "SCTP") continue;
        errs.notSupported(paths[l] + "[" + i.toString() + "].ports[" + j.toString() + "].protocol", "SCTP", ["TCP", "UDP"]);
      }
    }
  }
}

/** ParseGroupVersion's version ("" when the text is empty, "/", has no version or more than one "/"); `ok` false on the error. */
class GV {
  group: string = "";
  version: string = "";
  ok: bool = true;
}

function parseGroupVersion(s: string): GV {
  const r = new GV();
  if (s.length == 0 || s == "/") return r;
  const parts = s.split("/");
  if (parts.length == 1) r.version = s;
  else if (parts.length == 2) { r.group = parts[0]; r.version = parts[1]; }
  else r.ok = false;
  return r;
}

/** An OwnerReference as ErrorBody prints it (%#v up to 1.33 — a set pointer prints as an address no one
 * can reproduce —, JSON from 1.34). */
function renderOwnerRef(ref: Val | null, minor: i32): string {
  const c = fld(ref, "Controller"), b = fld(ref, "BlockOwnerDeletion");
  if (minor >= 34) {
    let s = "{\"apiVersion\":" + quote(str(fld(ref, "APIVersion"))) + ",\"kind\":" + quote(str(fld(ref, "Kind"))) +
      ",\"name\":" + quote(str(fld(ref, "Name"))) + ",\"uid\":" + quote(str(fld(ref, "UID")));
    if (isSet(c)) s += ",\"controller\":" + (int(c) != 0 ? "true" : "false");
    if (isSet(b)) s += ",\"blockOwnerDeletion\":" + (int(b) != 0 ? "true" : "false");
    return s + "}";
  }
  return "v1.OwnerReference{APIVersion:" + quote(str(fld(ref, "APIVersion"))) + ", Kind:" + quote(str(fld(ref, "Kind"))) +
    ", Name:" + quote(str(fld(ref, "Name"))) + ", UID:" + quote(str(fld(ref, "UID"))) +
    ", Controller:" + (isSet(c) ? "(*bool)(0x?)" : "(*bool)(nil)") + ", BlockOwnerDeletion:" + (isSet(b) ? "(*bool)(0x?)" : "(*bool)(nil)") + "}";
}

/** The []OwnerReference value as ErrorBody prints it (%#v up to 1.33, JSON from 1.34). */
function renderOwnerRefs(list: Val | null, minor: i32): string {
  const json = minor >= 34;
  const parts = new Array<string>();
  for (let k = 0; k < sliceLen(list); k++) parts.push(renderOwnerRef(at(list, k), minor));
  return (json ? "[" : "[]v1.OwnerReference{") + joinStrings(parts, json ? "," : ", ") + (json ? "]" : "}");
}

/** ValidateOwnerReferences(meta.ownerReferences) at `minor` (after the annotations, on create and update). */
export function ownerReferences(meta: Val | null, minor: i32, errs: ErrList): void {
  const list = fld(meta, "OwnerReferences");
  const n = sliceLen(list);
  let first = "";
  let all: string | null = null; // the whole list as ErrorBody prints it, rendered once
  for (let i = 0; i < n; i++) {
    const ref = at(list, i);
    const p = minor >= 37 ? "metadata.ownerReferences[" + i.toString() + "]" : "metadata.ownerReferences";
    const av = str(fld(ref, "APIVersion")), kind = str(fld(ref, "Kind")), name = str(fld(ref, "Name")), uid = str(fld(ref, "UID"));
    const gv = parseGroupVersion(av);
    if (minor >= 37) {
      if (av.length == 0) errs.required(p + ".apiVersion", "must not be empty");
      else if (!gv.ok || gv.version.length == 0) errs.invalidStr(p + ".apiVersion", av, "must be <group>/<version> or <version>");
      if (kind.length == 0) errs.required(p + ".kind", "must not be empty");
      if (name.length == 0) errs.required(p + ".name", "must not be empty");
      if (uid.length == 0) errs.required(p + ".uid", "must not be empty");
    } else {
      if (!gv.ok) { gv.group = ""; gv.version = ""; } // FromAPIVersionAndKind keeps only the kind
      if (gv.version.length == 0) errs.invalidStr(p + ".apiVersion", av, "version must not be empty");
      const short = minor >= 34;
      if (kind.length == 0) errs.invalidStr(p + ".kind", kind, short ? "must not be empty" : "kind must not be empty");
      if (name.length == 0) errs.invalidStr(p + ".name", name, short ? "must not be empty" : "name must not be empty");
      if (uid.length == 0) errs.invalidStr(p + ".uid", uid, short ? "must not be empty" : "uid must not be empty");
    }
    if (gv.ok && gv.group.length == 0 && gv.version == "v1" && kind == "Event") {
      errs.invalid(p, renderOwnerRef(ref, minor), "/v1, Kind=Event is disallowed from being an owner");
    }
    const c = fld(ref, "Controller");
    if (isSet(c) && int(c) != 0) {
      // 1.15-1.25 remember the name alone (an empty one counts as none seen), 1.26+ "Kind/Name"
      const cur = minor >= 26 ? kind + "/" + name : name;
      if (first.length > 0) {
        if (errs.over) return; // every further error prints the whole list: nothing more fits
        if (all === null) all = renderOwnerRefs(list, minor);
        errs.invalid("metadata.ownerReferences", all, "Only one reference can have Controller set to true. Found \"true\" in references for " + first + " and " + cur);
      } else first = cur;
    }
  }
}

/** ValidateFinalizers(meta.finalizers) (the new object's metadata only, not on update). */
export function finalizers(meta: Val | null, minor: i32, errs: ErrList): void {
  const list = fld(meta, "Finalizers");
  let orphan = false, foreground = false;
  for (let i = 0; i < sliceLen(list); i++) {
    const f = str(at(list, i));
    const e = isQualifiedName(f, minor);
    for (let k = 0; k < e.length; k++) errs.invalidStr("metadata.finalizers", f, e[k]);
    if (f == "orphan") orphan = true;
    if (f == "foregroundDeletion") foreground = true;
  }
  if (orphan && foreground) {
    errs.invalid("metadata.finalizers", renderStrings(list, minor >= 34), "finalizer orphan and foregroundDeletion cannot be both set");
  }
}

/** Core's extra finalizer check (ValidateObjectMeta / ValidateObjectMetaUpdate of pkg/apis/core): a name
 * without "/" must be a standard one (kubernetes, orphan, foregroundDeletion). */
export function kubeFinalizerNames(meta: Val | null, errs: ErrList): void {
  const list = fld(meta, "Finalizers");
  for (let i = 0; i < sliceLen(list); i++) {
    const f = str(at(list, i));
    if (f.includes("/") || f == "kubernetes" || f == "orphan" || f == "foregroundDeletion") continue;
    errs.invalidStr("metadata.finalizers[" + i.toString() + "]", f, "name is neither a standard finalizer name nor is it fully qualified");
  }
}

/** ValidateFieldManager: at most 128 bytes, every rune printable. */
function fieldManager(m: string, path: string, minor: i32, errs: ErrList): void {
  if (String.UTF8.byteLength(m) > 128) errs.tooLong(path, 128, minor);
  let pos = 0;
  for (let i = 0; i < m.length; i++) {
    let r = m.charCodeAt(i);
    if (r >= 0xd800 && r < 0xdc00 && i + 1 < m.length) {
      const lo = m.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo < 0xe000) { r = 0x10000 + ((r - 0xd800) << 10) + (lo - 0xdc00); i++; }
    }
    if (!isPrint(r)) {
      let hex = r.toString(16).toUpperCase();
      while (hex.length < 4) hex = "0" + hex;
      errs.invalidStr(path, m, "invalid character U+" + hex + " (at position " + pos.toString() + ")");
    }
    pos += r < 0x80 ? 1 : r < 0x800 ? 2 : r < 0x10000 ? 3 : 4;
  }
}

/** 1.15-1.20's ValidateObjectMeta / ValidateObjectMetaUpdate: every managed field's manager (path `metadata.fieldManager`). */
export function fieldManagersLegacy(meta: Val | null, minor: i32, errs: ErrList): void {
  if (minor > 20) return;
  const list = fld(meta, "ManagedFields");
  for (let i = 0; i < sliceLen(list); i++) fieldManager(str(fld(at(list, i), "Manager")), "metadata.fieldManager", minor, errs);
}

/** ValidateManagedFields(meta.managedFields) (1.16+; indexed with the manager from 1.21, subresource from 1.22). */
export function managedFields(meta: Val | null, minor: i32, errs: ErrList): void {
  if (minor < 16) return;
  const list = fld(meta, "ManagedFields");
  for (let i = 0; i < sliceLen(list); i++) {
    const e = at(list, i);
    const p = minor >= 21 ? "metadata.managedFields[" + i.toString() + "]" : "metadata.managedFields";
    const op = str(fld(e, "Operation"));
    if (op != "Apply" && op != "Update") {
      if (minor >= 37) {
        if (op.length == 0) errs.required(p + ".operation", "must not be empty");
        else errs.notSupported(p + ".operation", op, ["Apply", "Update"]);
      } else errs.invalidStr(p + ".operation", op, "must be `Apply` or `Update`");
    }
    const ft = str(fld(e, "FieldsType"));
    if (ft.length > 0 && ft != "FieldsV1") errs.invalidStr(p + ".fieldsType", ft, "must be `FieldsV1`");
    if (minor >= 21) fieldManager(str(fld(e, "Manager")), p + ".manager", minor, errs);
    if (minor >= 22 && String.UTF8.byteLength(str(fld(e, "Subresource"))) > 256) {
      errs.tooLong(p + ".subresource", 256, minor);
    }
  }
}
