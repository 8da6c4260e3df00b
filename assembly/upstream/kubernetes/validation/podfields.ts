// Pod spec fields ValidatePodSpec checks one by one (1.15-1.37): readiness gate condition types,
// serviceAccountName, nodeName, hostname, subdomain, priorityClassName, runtimeClassName,
// preemptionPolicy and 1.34+'s hostnameOverride, with each minor's name texts.

import { Val } from "../../../typed/value";
import { ErrList, FieldError, T_TOO_LONG } from "./errlist";
import { fld, str, int, isSet, sliceLen, at } from "./view";
import { isQualifiedName, isDNS1123Subdomain, isDNS1123Label } from "./names";

function subdomain(v: string, path: string, minor: i32, errs: ErrList): void {
  const e = isDNS1123Subdomain(v, minor);
  for (let i = 0; i < e.length; i++) errs.invalidStr(path, v, e[i]);
}

function label(v: string, path: string, minor: i32, errs: ErrList): void {
  const e = isDNS1123Label(v, minor);
  for (let i = 0; i < e.length; i++) errs.invalidStr(path, v, e[i]);
}

/** validateReadinessGates: every conditionType a qualified name. */
export function readinessGates(spec: Val | null, minor: i32, errs: ErrList): void {
  const list = fld(spec, "ReadinessGates");
  for (let i = 0; i < sliceLen(list); i++) {
    const ct = str(fld(at(list, i), "ConditionType"));
    const e = isQualifiedName(ct, minor);
    for (let k = 0; k < e.length; k++) errs.invalidStr("spec.readinessGates[" + i.toString() + "].conditionType", ct, e[k]);
  }
}

/** validatePodHostName (1.34+): hostnameOverride not with setHostnameAsFQDN or hostNetwork, at most 64 bytes, a DNS subdomain. */
export function hostnameOverride(spec: Val | null, minor: i32, errs: ErrList): void {
  if (minor < 34) return;
  const ho = fld(spec, "HostnameOverride");
  if (!isSet(ho)) return;
  const p = "spec.hostnameOverride";
  const fqdn = fld(spec, "SetHostnameAsFQDN");
  if (isSet(fqdn) && int(fqdn) != 0) errs.forbidden(p, "may not be specified when setHostnameAsFQDN is true");
  if (int(fld(spec, "HostNetwork")) != 0) errs.forbidden(p, "may not be specified when hostNetwork is true");
  const v = str(ho);
  if (String.UTF8.byteLength(v) > 64) errs.add(new FieldError(p, T_TOO_LONG, T_TOO_LONG + ": may not be more than 64 bytes"));
  subdomain(v, p, minor, errs);
}

/** serviceAccountName, when set, a DNS subdomain (ValidateServiceAccountName). */
export function serviceAccountName(spec: Val | null, minor: i32, errs: ErrList): void {
  const v = str(fld(spec, "ServiceAccountName"));
  if (v.length > 0) subdomain(v, "spec.serviceAccountName", minor, errs);
}

/** nodeName, when set, a DNS subdomain (ValidateNodeName). */
export function nodeName(spec: Val | null, minor: i32, errs: ErrList): void {
  const v = str(fld(spec, "NodeName"));
  if (v.length > 0) subdomain(v, "spec.nodeName", minor, errs);
}

/** hostname and subdomain, when set, DNS-1123 labels. */
export function hostnameAndSubdomain(spec: Val | null, minor: i32, errs: ErrList): void {
  const h = str(fld(spec, "Hostname"));
  if (h.length > 0) label(h, "spec.hostname", minor, errs);
  const s = str(fld(spec, "Subdomain"));
  if (s.length > 0) label(s, "spec.subdomain", minor, errs);
}

/** priorityClassName (a DNS subdomain when set), runtimeClassName (when set) and preemptionPolicy (when set). */
export function classNamesAndPreemption(spec: Val | null, minor: i32, errs: ErrList): void {
  const pc = str(fld(spec, "PriorityClassName"));
  if (pc.length > 0) subdomain(pc, "spec.priorityClassName", minor, errs);
  const rc = fld(spec, "RuntimeClassName");
  if (isSet(rc)) subdomain(str(rc), "spec.runtimeClassName", minor, errs);
  const pp = fld(spec, "PreemptionPolicy");
  if (isSet(pp)) {
    const v = str(pp);
    if (v.length == 0) errs.required("spec.preemptionPolicy");
    else if (v != "PreemptLowerPriority" && v != "Never") errs.notSupported("spec.preemptionPolicy", v, ["PreemptLowerPriority", "Never"]);
  }
}
