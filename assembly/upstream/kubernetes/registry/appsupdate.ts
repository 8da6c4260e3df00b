// What kube-apiserver does with an update of an apps/v1 workload once both objects are decoded and defaulted:
// rest.BeforeUpdate (k8s.io/apiserver pkg/registry/rest/update.go) with the registry strategy of the kind
// (k8s.io/kubernetes pkg/registry/apps/{deployment,statefulset,daemonset,replicaset}/strategy.go):
// the generation carried over, PrepareForUpdate (status from the old object, the generation bumped by a spec
// change, a DaemonSet's templateGeneration), the uid and timestamps carried over, the common metadata checks
// (ValidateObjectMetaAccessor with path-segment names, ValidateObjectMetaAccessorUpdate), then the strategy's
// ValidateUpdate: up to 1.33 a DaemonSet and a ReplicaSet are also validated as new objects and their selector's
// immutability is the strategy's own check; from 1.34 it is part of the update validation. The warnings go to the
// request's recorder as BeforeUpdate adds them: the 1.24 clusterName warning after PrepareForUpdate, the strategy's
// WarningsOnUpdate once the update validated (registry/warnings.ts).
// The caller's objects are not changed: what the update writes goes to copies.

import { Val, StructV, TimeV, PtrV, SliceV } from "../../../typed/value";
import { isZeroTime } from "../../../typed/zero";
import { ErrList, FieldError, quote } from "../validation/errlist";
import { fld, str, int, isSet, deref, strMap, sliceLen, at } from "../validation/view";
import { semEqual } from "../validation/equal";
import { PodValidationOptions } from "../validation/options";
import { Gates } from "../validation/gates";
import { levelOptions } from "../validation/levelopts";
import { podOptions } from "../validation/podopts";
import { selectorInvalid } from "../validation/affinity";
import { validateNewMeta, NAMES_PATH_SEGMENT, NAMES_SUBDOMAIN } from "../validation/spec";
import { fieldIndex, fieldType, elem } from "../../../schema/schema";
import { setInt, setField, structField, newStruct, setStr, strEmpty } from "../defaults/tree";
import { objectMetaUpdate, settleRequestMeta, carryStoredMeta } from "./objectmeta";
import { deploymentSpec, replicaSetSpec } from "../appsvalidation/deployment";
import { daemonSetSpec, daemonSetSpecUpdate } from "../appsvalidation/daemonset";
import { statefulSetUpdate, statefulSetSpec, SetOptions } from "../appsvalidation/statefulset";
import { immutableSelector } from "../appsvalidation/immutable";
import { WarningRecorder } from "../warnings/recorder";
import { clusterNameWarning, warningsOnUpdate } from "./warnings";
import { copyOf, typeOf } from "./structs";

/** The outcome of one update: the field errors (empty: accepted) and the API server's message. */
export class UpdateResult {
  errs: ErrList;
  /** StatusError.Error() of the refusal ("" when accepted). */
  message: string = "";
  /** A refusal before validation (a 400 Bad Request: its text), "" when none. */
  badRequest: string = "";
  /** What the request's warning recorder holds (also when refused: what was added before validation). */
  warnings: WarningRecorder;
  constructor(errs: ErrList) {
    this.errs = errs;
    this.warnings = new WarningRecorder(errs.maxBytes);
  }
}

/** A DaemonSet's internal spec.templateGeneration, new and old. */
class TemplateGenerations {
  constructor(public n: i64, public o: i64) {}
}

/** The templateGeneration v1 conversion reads from the deprecated.daemonset.template.generation annotation (0 when
 *  absent; the caller refused a value strconv.ParseInt does not read). */
function templateGeneration(meta: Val | null): i64 {
  const a = strMap(fld(meta, "Annotations"));
  const i = a.find("deprecated.daemonset.template.generation");
  if (i < 0) return 0;
  const v = a.vals[i];
  const neg = v.length > 0 && v.charCodeAt(0) == 0x2d;
  let r: i64 = 0;
  for (let k = v.length > 0 && (neg || v.charCodeAt(0) == 0x2b) ? 1 : 0; k < v.length; k++) {
    const c = v.charCodeAt(k);
    if (c < 0x30 || c > 0x39) return 0;
    r = r * 10 + <i64>(c - 0x30);
  }
  return neg ? -r : r;
}

/** The options GetValidationOptionsFromPodTemplate computes from the two templates. */
function templateOptions(nt: Val | null, ot: Val | null, minor: i32, gates: Gates): PodValidationOptions {
  const o = new PodValidationOptions(minor, gates);
  o.resourceIsPod = false;
  o.oldSpec = fld(ot, "Spec");
  levelOptions(o, ot, nt);
  podOptions(o, fld(ot, "Spec"), fld(nt, "Spec"));
  return o;
}

/** intstr.FromInt(1) as a value of IntOrString type `t`. */
function intOrStringOne(t: i32): StructV {
  const v = newStruct(t);
  setInt(v, "Type", 0);
  setInt(v, "IntVal", 1);
  return v;
}

/** pod.DropDisabledTemplateFields for ContainerRestartRules (1.34, gate off): unless the old template uses them,
 *  regular containers lose restartPolicy and restartPolicyRules, init containers their rules and a restartPolicy
 *  other than Always (written to copies of the new spec's template, spec and containers). */
function dropContainerRestartRules(ns: StructV, oldPodSpec: Val | null, specType: i32): void {
  if (restartRulesUsed(oldPodSpec)) return;
  const ti = fieldIndex(specType, "Template");
  const tt = fieldType(specType, ti);
  const tpl = copyOf(ns.f[ti], tt);
  ns.f[ti] = tpl;
  const pi = fieldIndex(tt, "Spec");
  const pt = fieldType(tt, pi);
  const ps = copyOf(tpl.f[pi], pt);
  tpl.f[pi] = ps;
  const lists = ["InitContainers", "Containers"];
  for (let l = 0; l < 2; l++) {
    const li = fieldIndex(pt, lists[l]);
    const cur = ps.f[li];
    if (cur === null) continue;
    const src = changetype<SliceV>(cur);
    const list = new SliceV(src.t);
    const ct = elem(src.t);
    for (let i = 0; i < src.len; i++) {
      const c = copyOf(src.items[i], ct);
      const rp = fld(c, "RestartPolicy");
      if (l == 1 || (isSet(rp) && str(rp) != "Always")) setField(c, "RestartPolicy", null);
      setField(c, "RestartPolicyRules", null);
      list.items.push(c);
    }
    list.len = list.items.length;
    ps.f[li] = list;
  }
}

/** containerRestartRulesInUse of a pod spec. */
function restartRulesUsed(spec: Val | null): bool {
  const inits = fld(spec, "InitContainers");
  for (let i = 0; i < sliceLen(inits); i++) {
    const c = at(inits, i);
    const rp = fld(c, "RestartPolicy");
    if ((isSet(rp) && str(rp) != "Always") || sliceLen(fld(c, "RestartPolicyRules")) > 0) return true;
  }
  const cs = fld(spec, "Containers");
  for (let i = 0; i < sliceLen(cs); i++) {
    const c = at(cs, i);
    if (isSet(fld(c, "RestartPolicy")) || sliceLen(fld(c, "RestartPolicyRules")) > 0) return true;
  }
  return false;
}

/** PrepareForUpdate of `kind`'s strategy at `minor`. */
function prepareForUpdate(kind: string, n: StructV, o: StructV, specType: i32, minor: i32, gates: Gates, tg: TemplateGenerations): void {
  const nm = structField(n, "ObjectMeta")!, om = structField(o, "ObjectMeta")!;
  setField(n, "Status", fld(o, "Status"));
  const og = int(fld(om, "Generation"));
  const ns = structField(n, "Spec")!, os = structField(o, "Spec")!;
  // pod.DropDisabledTemplateFields (the only field it drops that the engine models)
  if (minor == 34 && !gates.enabled("ContainerRestartRules", minor)) dropContainerRestartRules(ns, fld(fld(os, "Template"), "Spec"), specType);
  if (kind == "StatefulSet" && minor >= 23 && minor <= 34 && !(minor >= 32 || gates.enabled("StatefulSetAutoDeletePVC", minor))) {
    // dropStatefulSetDisabledFields: the retention policy only while the old object uses it
    if (!isSet(fld(os, "PersistentVolumeClaimRetentionPolicy"))) setField(ns, "PersistentVolumeClaimRetentionPolicy", null);
  }
  if (kind == "StatefulSet" && minor >= 26 && minor <= 30 && !gates.enabled("StatefulSetStartOrdinal", minor)) {
    // dropStatefulSetDisabledFields: the ordinals only while the old object uses them
    if (!isSet(fld(os, "Ordinals"))) setField(ns, "Ordinals", null);
  }
  if (kind == "DaemonSet" && minor >= 21 && minor <= 24 && !gates.enabled("DaemonSetUpdateSurge", minor)) {
    // dropDaemonSetDisabledFields: maxSurge only while the old object uses it (then a 0% maxUnavailable reads as 1)
    const nru = fld(fld(ns, "UpdateStrategy"), "RollingUpdate");
    if (isSet(nru) && deref(nru) !== null) {
      const r = changetype<StructV>(deref(nru));
      const oru = fld(fld(os, "UpdateStrategy"), "RollingUpdate");
      const surge = isSet(oru) ? fld(deref(oru), "MaxSurge") : null;
      if (surge !== null && (int(fld(surge, "IntVal")) != 0 || str(fld(surge, "StrVal")).length > 0)) {
        const mu = fld(r, "MaxUnavailable");
        if (int(fld(mu, "IntVal")) == 0 && str(fld(mu, "StrVal")) == "0%") setField(r, "MaxUnavailable", intOrStringOne(typeOf(r.t, "MaxUnavailable")));
      } else setField(r, "MaxSurge", null);
    }
  }
  if (kind == "StatefulSet" && minor >= 24 && !gates.enabled("MaxUnavailableStatefulSet", minor)) {
    // dropStatefulSetDisabledFields: maxUnavailable only while the old object uses it
    const oru = fld(fld(os, "UpdateStrategy"), "RollingUpdate");
    if (!(isSet(oru) && isSet(fld(deref(oru), "MaxUnavailable")))) {
      const nru = fld(fld(ns, "UpdateStrategy"), "RollingUpdate");
      if (isSet(nru) && deref(nru) !== null) setField(changetype<StructV>(deref(nru)), "MaxUnavailable", null);
    }
  }
  if (kind == "DaemonSet") {
    tg.n = tg.o;
    if (!semEqual(typeOf(specType, "Template"), fld(ns, "Template"), fld(os, "Template"), "", null)) {
      tg.n = tg.o + 1;
      setInt(nm, "Generation", og + 1);
      return;
    }
  }
  let bump = !semEqual(specType, ns, os, "", null);
  if (kind == "Deployment" && !bump) bump = !semEqual(typeOf(nm.t, "Annotations"), fld(nm, "Annotations"), fld(om, "Annotations"), "", null);
  if (bump) setInt(nm, "Generation", og + 1);
}

/** The strategy's ValidateUpdate of `kind` at `minor`. */
function validateUpdate(kind: string, n: StructV, o: StructV, objType: i32, minor: i32, gates: Gates, tg: TemplateGenerations, errs: ErrList): void {
  const specType = typeOf(objType, "Spec");
  const tplType = typeOf(specType, "Template");
  const selType = typeOf(specType, "Selector");
  const nm = fld(n, "ObjectMeta"), om = fld(o, "ObjectMeta");
  const ns = fld(n, "Spec"), os = fld(o, "Spec");
  const opts = templateOptions(fld(ns, "Template"), fld(os, "Template"), minor, gates);
  if (kind == "Deployment") {
    objectMetaUpdate(nm, om, minor, true, errs);
    deploymentSpec(ns, opts, errs);
    immutableSelector(ns, os, selType, minor, errs);
  } else if (kind == "ReplicaSet") {
    if (minor <= 33) {
      validateNewMeta(nm, minor, errs, NAMES_SUBDOMAIN, true);
      replicaSetSpec(ns, opts, errs);
    }
    objectMetaUpdate(nm, om, minor, true, errs);
    replicaSetSpec(ns, opts, errs);
    immutableSelector(ns, os, selType, minor, errs);
  } else if (kind == "DaemonSet") {
    opts.invalidLabelValueInSelector = opts.invalidLabelValueInSelector || (minor >= 26 && isSet(fld(os, "Selector")) && selectorInvalid(deref(fld(os, "Selector")), minor));
    if (minor <= 33) {
      validateNewMeta(nm, minor, errs, NAMES_SUBDOMAIN, true);
      daemonSetSpec(ns, tg.n, opts, errs);
    }
    objectMetaUpdate(nm, om, minor, true, errs);
    daemonSetSpecUpdate(ns, os, tg.n, tg.o, tplType, selType, minor, errs);
    daemonSetSpec(ns, tg.n, opts, errs);
    if (minor <= 33) immutableSelector(ns, os, selType, minor, errs);
  } else {
    if (minor <= 26) {
      // ValidateStatefulSet(new) first (the strategy's up to 1.24, ValidateStatefulSetUpdate's own in 1.25-1.26)
      validateNewMeta(nm, minor, errs, NAMES_SUBDOMAIN, true);
      statefulSetSpec(ns, tplType, new SetOptions(), opts, errs);
    }
    objectMetaUpdate(nm, om, minor, true, errs);
    statefulSetUpdate(ns, os, specType, tplType, selType, opts, errs);
  }
}

/** Copies of the parts of an object that the update writes: the object, its metadata and its spec (and a
 *  StatefulSet's or DaemonSet's update strategy down to its rolling update), so the caller's values are never changed. */
function writable(v: Val | null, t: i32, kind: string): StructV {
  const s = copyOf(v, t);
  const mi = fieldIndex(t, "ObjectMeta"), si = fieldIndex(t, "Spec");
  s.f[mi] = copyOf(s.f[mi], fieldType(t, mi));
  const specType = fieldType(t, si);
  const spec = copyOf(s.f[si], specType);
  s.f[si] = spec;
  if (kind == "StatefulSet" || kind == "DaemonSet") {
    const ui = fieldIndex(specType, "UpdateStrategy");
    const ut = fieldType(specType, ui);
    const us = copyOf(spec.f[ui], ut);
    spec.f[ui] = us;
    const ri = fieldIndex(ut, "RollingUpdate");
    const rp = us.f[ri];
    if (rp !== null) {
      const pt = fieldType(ut, ri);
      const np = new PtrV(pt);
      np.to = copyOf(changetype<PtrV>(rp).to, elem(pt));
      us.f[ri] = np;
    }
  }
  return s;
}

/**
 * An update of apps/v1 `kind` ("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet") at `minor` as kube-apiserver
 * handles it, on the decoded, defaulted new and stored old objects of type `objType` (neither is changed): the
 * request's namespace (the stored object's, else the new one's, else "default"; set where either names none), a
 * stored object's resourceVersion ("1" when the old object names none) carried to a new object without one (the
 * registry's unconditional update, and what kubectl apply sends), then rest.BeforeUpdate; `warn`: record the warnings
 * (at most `maxErrorBytes` characters of them).
 */
export function beforeUpdate(kind: string, nv: Val | null, ov: Val | null, objType: i32, minor: i32, gates: Gates, maxErrorBytes: i64, warn: bool = true): UpdateResult {
  const n = writable(nv, objType, kind), o = writable(ov, objType, kind);
  const errs = new ErrList(maxErrorBytes);
  const res = new UpdateResult(errs);
  const nm = structField(n, "ObjectMeta")!, om = structField(o, "ObjectMeta")!;
  res.badRequest = settleRequestMeta(nm, om);
  if (res.badRequest.length > 0) return res;
  const specType = typeOf(objType, "Spec");
  const tg = new TemplateGenerations(templateGeneration(nm), templateGeneration(om));
  setInt(nm, "Generation", int(fld(om, "Generation")));
  prepareForUpdate(kind, n, o, specType, minor, gates, tg);
  const cw = warn ? clusterNameWarning(nm, minor) : null;
  if (cw !== null) res.warnings.add(cw);
  carryStoredMeta(nm, om);
  // validateCommonFields
  validateNewMeta(nm, minor, errs, NAMES_PATH_SEGMENT, false);
  objectMetaUpdate(nm, om, minor, false, errs);
  validateUpdate(kind, n, o, objType, minor, gates, tg, errs);
  if (minor >= 37) {
    // 1.37 reports an error the metadata passes (and the checks declarative validation shares) repeat once, in the
    // place of the first (observed with and without DeclarativeValidationBeta)
    dropRepeatedErrors(errs);
  }
  if (errs.length > 0) {
    const agg = errs.aggregate();
    res.message = kind + ".apps " + quote(str(fld(nm, "Name"))) + " is invalid" + (agg.length > 0 ? ": " + agg : "");
    return res;
  }
  const changed = kind == "DaemonSet" ? tg.n != tg.o : int(fld(nm, "Generation")) != int(fld(om, "Generation"));
  if (warn) warningsOnUpdate(kind, n, changed, minor, gates, res.warnings);
  return res;
}

/** Keeps the first of each error (same field, type and body) in place: what 1.37's BeforeUpdate reports. */
export function dropRepeatedErrors(errs: ErrList): void {
  const seen = new Set<string>();
  const kept = new Array<FieldError>();
  for (let i = 0; i < errs.list.length; i++) {
    const e = errs.list[i];
    const key = e.field + "\u0000" + e.type + "\u0000" + e.body;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(e);
  }
  errs.list = kept;
}
