// Security contexts as the new pod's validation checks them per Kubernetes minor: the container's
// (ValidateSecurityContext: privileged against the default cluster policy, runAsUser / runAsGroup
// ranges, procMount, seccompProfile (1.19+), allowPrivilegeEscalation false with privileged or
// CAP_SYS_ADMIN, appArmorProfile (1.30+)) and the pod's (ValidatePodSecurityContext /
// validatePodSpecSecurityContext: fsGroup, runAsUser, runAsGroup, supplementalGroups ranges,
// shareProcessNamespace with hostPID, fsGroupChangePolicy (1.18+), seccompProfile (1.19+),
// appArmorProfile (1.30+), supplementalGroupsPolicy (1.31+), sysctls, windowsOptions); spec.os with the
// OS-specific rules; hostUsers false (validateHostUsers); seLinuxChangePolicy (1.32+). Windows HostProcess pods
// live in hostprocess.ts, the hostNetwork port rule in dns.ts.

import { Val } from "../../../typed/value";
import { ErrList, FieldError, T_TOO_LONG, quote, jsonQuote } from "./errlist";
import { fld, str, int, isSet, sliceLen, at } from "./view";
import { PodValidationOptions } from "./options";
import { localDescendingPath } from "./localpath";
import { isDNS1123Subdomain } from "./names";
import { joinStrings } from "../../../golang/join";

const RANGE = "must be between 0 and 2147483647, inclusive";

function idRange(v: Val | null, path: string, errs: ErrList): void {
  if (!isSet(v)) return;
  const x = int(v);
  if (x < 0 || x > 2147483647) errs.invalidInt(path, x, RANGE);
}

function ptr(t: string, v: Val | null): string {
  return "(*" + t + ")(" + (isSet(v) ? "0x?" : "nil") + ")";
}

function jsonStr(v: Val | null): string {
  return isSet(v) ? jsonQuote(str(v)) : "null";
}

function jsonBool(v: Val | null): string {
  return isSet(v) ? (int(v) != 0 ? "true" : "false") : "null";
}

function jsonInt(v: Val | null): string {
  return isSet(v) ? int(v).toString() : "null";
}

function jsonStrings(v: Val | null): string {
  if (v === null) return "null";
  const n = sliceLen(v);
  const parts = new Array<string>(n);
  for (let i = 0; i < n; i++) parts[i] = jsonQuote(str(at(v, i)));
  return "[" + joinStrings(parts, ",") + "]";
}

/** JSON of an internal {Type, LocalhostProfile} profile (seccomp / AppArmor). */
function jsonProfile(p: Val | null): string {
  if (!isSet(p)) return "null";
  return "{\"Type\":" + jsonQuote(str(fld(p, "Type"))) + ",\"LocalhostProfile\":" + jsonStr(fld(p, "LocalhostProfile")) + "}";
}

/** ErrorBody's rendering of a container's *core.SecurityContext: %#v (pointers as 0x?) up to 1.33, JSON from 1.34. */
function renderSC(sc: Val | null, minor: i32): string {
  if (minor >= 34) {
    const caps = fld(sc, "Capabilities"), se = fld(sc, "SELinuxOptions"), wo = fld(sc, "WindowsOptions");
    let s = "{\"Capabilities\":" + (isSet(caps) ? "{\"Add\":" + jsonStrings(fld(caps, "Add")) + ",\"Drop\":" + jsonStrings(fld(caps, "Drop")) + "}" : "null");
    s += ",\"Privileged\":" + jsonBool(fld(sc, "Privileged"));
    s += ",\"SELinuxOptions\":" + (isSet(se) ? "{\"User\":" + jsonQuote(str(fld(se, "User"))) + ",\"Role\":" + jsonQuote(str(fld(se, "Role"))) +
      ",\"Type\":" + jsonQuote(str(fld(se, "Type"))) + ",\"Level\":" + jsonQuote(str(fld(se, "Level"))) + "}" : "null");
    s += ",\"WindowsOptions\":" + (isSet(wo) ? "{\"GMSACredentialSpecName\":" + jsonStr(fld(wo, "GMSACredentialSpecName")) +
      ",\"GMSACredentialSpec\":" + jsonStr(fld(wo, "GMSACredentialSpec")) + ",\"RunAsUserName\":" + jsonStr(fld(wo, "RunAsUserName")) +
      ",\"HostProcess\":" + jsonBool(fld(wo, "HostProcess")) + "}" : "null");
    s += ",\"RunAsUser\":" + jsonInt(fld(sc, "RunAsUser")) + ",\"RunAsGroup\":" + jsonInt(fld(sc, "RunAsGroup"));
    s += ",\"RunAsNonRoot\":" + jsonBool(fld(sc, "RunAsNonRoot")) + ",\"ReadOnlyRootFilesystem\":" + jsonBool(fld(sc, "ReadOnlyRootFilesystem"));
    s += ",\"AllowPrivilegeEscalation\":" + jsonBool(fld(sc, "AllowPrivilegeEscalation")) + ",\"ProcMount\":" + jsonStr(fld(sc, "ProcMount"));
    s += ",\"SeccompProfile\":" + jsonProfile(fld(sc, "SeccompProfile")) + ",\"AppArmorProfile\":" + jsonProfile(fld(sc, "AppArmorProfile"));
    return s + "}";
  }
  let s = "core.SecurityContext{Capabilities:" + ptr("core.Capabilities", fld(sc, "Capabilities")) + ", Privileged:" + ptr("bool", fld(sc, "Privileged")) +
    ", SELinuxOptions:" + ptr("core.SELinuxOptions", fld(sc, "SELinuxOptions")) + ", WindowsOptions:" + ptr("core.WindowsSecurityContextOptions", fld(sc, "WindowsOptions")) +
    ", RunAsUser:" + ptr("int64", fld(sc, "RunAsUser")) + ", RunAsGroup:" + ptr("int64", fld(sc, "RunAsGroup")) + ", RunAsNonRoot:" + ptr("bool", fld(sc, "RunAsNonRoot")) +
    ", ReadOnlyRootFilesystem:" + ptr("bool", fld(sc, "ReadOnlyRootFilesystem")) + ", AllowPrivilegeEscalation:" + ptr("bool", fld(sc, "AllowPrivilegeEscalation")) +
    ", ProcMount:" + ptr("core.ProcMountType", fld(sc, "ProcMount"));
  if (minor >= 19) s += ", SeccompProfile:" + ptr("core.SeccompProfile", fld(sc, "SeccompProfile"));
  if (minor >= 30) s += ", AppArmorProfile:" + ptr("core.AppArmorProfile", fld(sc, "AppArmorProfile"));
  return s + "}";
}

/** validateSeccompProfileField (1.19+). */
function seccompProfile(sp: Val | null, path: string, minor: i32, errs: ErrList): void {
  if (minor < 19 || !isSet(sp)) return;
  const t = str(fld(sp, "Type"));
  if (t.length == 0) errs.required(path + ".type", "type is required when seccompProfile is set");
  else if (t != "Localhost" && t != "RuntimeDefault" && t != "Unconfined") errs.notSupported(path + ".type", t, ["Localhost", "RuntimeDefault", "Unconfined"]);
  const lp = fld(sp, "LocalhostProfile");
  if (t == "Localhost") {
    if (!isSet(lp)) errs.required(path + ".localhostProfile", "must be set when seccomp type is Localhost");
    else localDescendingPath(str(lp), path + ".localhostProfile", errs);
  } else if (isSet(lp)) {
    const rendered = minor >= 34 ? jsonProfile(sp) : "core.SeccompProfile{Type:" + quote(t) + ", LocalhostProfile:(*string)(0x?)}";
    errs.invalid(path + ".localhostProfile", rendered, "can only be set when seccomp type is Localhost");
  }
}

/** ValidateAppArmorProfileField (1.30+). */
function appArmorProfile(ap: Val | null, path: string, minor: i32, errs: ErrList): void {
  if (minor < 30 || !isSet(ap)) return;
  const t = str(fld(ap, "Type"));
  const lp = fld(ap, "LocalhostProfile");
  if (t == "Localhost") {
    if (!isSet(lp)) errs.required(path + ".localhostProfile", "must be set when AppArmor type is Localhost");
    else {
      const v = str(lp), trimmed = v.trim();
      if (trimmed != v) errs.invalidStr(path + ".localhostProfile", v, "must not be padded with whitespace");
      else if (trimmed.length == 0) errs.required(path + ".localhostProfile", "must be set when AppArmor type is Localhost");
      // PATH_MAX - 1: TooLongMaxLength ("may not be longer than") 1.30-1.31, TooLong from 1.32 (the value is never printed)
      if (String.UTF8.byteLength(v) > 4095) {
        if (minor <= 31) errs.add(new FieldError(path + ".localhostProfile", T_TOO_LONG, T_TOO_LONG + ": may not be longer than 4095"));
        else errs.tooLong(path + ".localhostProfile", 4095, minor);
      }
    }
  } else if (t == "RuntimeDefault" || t == "Unconfined") {
    if (isSet(lp)) errs.invalid(path + ".localhostProfile", ptrString(str(lp), minor), "can only be set when AppArmor type is Localhost");
  } else if (t.length == 0) errs.required(path + ".type", "type is required when appArmorProfile is set");
  else errs.notSupported(path + ".type", t, ["Localhost", "RuntimeDefault", "Unconfined"]);
}

/** True when the container's security context adds CAP_SYS_ADMIN with allowPrivilegeEscalation false. */
function sysAdminNoEscalation(sc: Val | null): bool {
  const ape = fld(sc, "AllowPrivilegeEscalation");
  if (!isSet(ape) || int(ape) != 0) return false;
  const add = fld(fld(sc, "Capabilities"), "Add");
  for (let i = 0; i < sliceLen(add); i++) if (str(at(add, i)) == "CAP_SYS_ADMIN") return true;
  return false;
}

/** 1.37: opts.AllowSysAdminWhenPrivilegeEscalationFalse (the old pod already had such a container). */
function oldAllowsSysAdmin(spec: Val | null): bool {
  const lists = ["Containers", "InitContainers"];
  for (let l = 0; l < 2; l++) {
    const list = fld(spec, lists[l]);
    for (let i = 0; i < sliceLen(list); i++) if (sysAdminNoEscalation(fld(at(list, i), "SecurityContext"))) return true;
  }
  const eph = fld(spec, "EphemeralContainers");
  for (let i = 0; i < sliceLen(eph); i++) if (sysAdminNoEscalation(fld(fld(at(eph, i), "EphemeralContainerCommon"), "SecurityContext"))) return true;
  return false;
}

/** ValidateSecurityContext of container `c` at `p` under `opts` (hostUsers: spec.hostUsers unset or true). */
export function containerSecurityContext(c: Val | null, p: string, hostUsers: bool, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const sc = fld(c, "SecurityContext");
  if (!isSet(sc)) return;
  const path = p + ".securityContext";
  const priv = fld(sc, "Privileged");
  // capabilities.Get().AllowPrivileged: the request's allowPrivileged (default true; the apiserver flag defaults to false)
  if (isSet(priv) && int(priv) != 0 && !opts.allowPrivileged) errs.forbidden(path + ".privileged", "disallowed by cluster policy");
  idRange(fld(sc, "RunAsUser"), path + ".runAsUser", errs);
  idRange(fld(sc, "RunAsGroup"), path + ".runAsGroup", errs);
  const pm = fld(sc, "ProcMount");
  if (isSet(pm)) {
    const v = str(pm);
    if (v != "Default" && v != "Unmasked") errs.notSupported(path + ".procMount", v, ["Default", "Unmasked"]);
    if (minor >= 30 && hostUsers && v == "Unmasked") errs.invalidStr(path + ".procMount", v, "`hostUsers` must be false to use `Unmasked`");
  }
  seccompProfile(fld(sc, "SeccompProfile"), path + ".seccompProfile", minor, errs);
  const ape = fld(sc, "AllowPrivilegeEscalation");
  if (isSet(ape) && int(ape) == 0) {
    if (isSet(priv) && int(priv) != 0) errs.invalid(path, renderSC(sc, minor), "cannot set `allowPrivilegeEscalation` to false and `privileged` to true");
    const caps = fld(sc, "Capabilities");
    if (isSet(caps) && !(minor >= 37 && oldAllowsSysAdmin(opts.oldSpec))) {
      const add = fld(caps, "Add");
      for (let i = 0; i < sliceLen(add); i++) {
        if (str(at(add, i)) == "CAP_SYS_ADMIN") errs.invalid(path, renderSC(sc, minor), "cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN");
      }
    }
  }
  windowsOptions(fld(sc, "WindowsOptions"), path + ".windowsOptions", minor, errs);
  appArmorProfile(fld(sc, "AppArmorProfile"), path + ".appArmorProfile", minor, errs);
}

/** ValidatePodSecurityContext / validatePodSpecSecurityContext at `minor`, plus 1.37's
 * validateShareProcessNamespace after it (the covered checks; see the file comment). */
export function podSecurityContext(spec: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const sc = fld(spec, "SecurityContext");
  const path = "spec.securityContext";
  // the v1 -> internal conversion always leaves a pod security context (the host namespaces live in it up to 1.36)
  idRange(fld(sc, "FSGroup"), path + ".fsGroup", errs);
  idRange(fld(sc, "RunAsUser"), path + ".runAsUser", errs);
  idRange(fld(sc, "RunAsGroup"), path + ".runAsGroup", errs);
  const sg = fld(sc, "SupplementalGroups");
  for (let i = 0; i < sliceLen(sg); i++) {
    const g = int(at(sg, i));
    if (g < 0 || g > 2147483647) errs.invalidInt(path + ".supplementalGroups[" + i.toString() + "]", g, RANGE);
  }
  const spn = fld(spec, "ShareProcessNamespace");
  const hostPID = int(fld(spec, "HostPID")) != 0;
  if (minor <= 36 && isSet(spn) && hostPID && int(spn) != 0) errs.invalid(path + ".shareProcessNamespace", "true", "ShareProcessNamespace and HostPID cannot both be enabled");
  if (sliceLen(fld(sc, "Sysctls")) > 0) validateSysctls(spec, opts, errs);
  const fcp = fld(sc, "FSGroupChangePolicy");
  if (minor >= 18 && isSet(fcp) && str(fcp) != "Always" && str(fcp) != "OnRootMismatch") errs.notSupported(path + ".fsGroupChangePolicy", str(fcp), ["Always", "OnRootMismatch"]);
  seccompProfile(fld(sc, "SeccompProfile"), path + ".seccompProfile", minor, errs);
  windowsOptions(fld(sc, "WindowsOptions"), path + ".windowsOptions", minor, errs);
  appArmorProfile(fld(sc, "AppArmorProfile"), path + ".appArmorProfile", minor, errs);
  const sgp = fld(sc, "SupplementalGroupsPolicy");
  if (minor >= 31 && isSet(sgp) && str(sgp) != "Merge" && str(sgp) != "Strict") errs.notSupported(path + ".supplementalGroupsPolicy", str(sgp), ["Merge", "Strict"]);
  const slcp = fld(sc, "SELinuxChangePolicy");
  if (minor >= 32 && isSet(slcp)) seLinuxChangePolicy(str(slcp), path + ".seLinuxChangePolicy", opts, errs);
  if (minor >= 37 && isSet(spn) && hostPID && int(spn) != 0) errs.invalid("spec.shareProcessNamespace", "true", "ShareProcessNamespace and HostPID cannot both be enabled");
}

/** validateSELinuxChangePolicy (1.32+): only Recursive unless the SELinuxMount gate is on (1.37 default) or the
 * old pod set a policy (opts.AllowOnlyRecursiveSELinuxChangePolicy), else Recursive / MountOption. */
function seLinuxChangePolicy(v: string, path: string, opts: PodValidationOptions, errs: ErrList): void {
  const mount = opts.gates.enabled("SELinuxMount", opts.minor);
  const onlyRecursive = !mount && !isSet(fld(fld(opts.oldSpec, "SecurityContext"), "SELinuxChangePolicy"));
  if (onlyRecursive) {
    if (v != "Recursive") errs.notSupported(path, v, ["Recursive"]);
  } else if (v != "Recursive" && v != "MountOption") errs.notSupported(path, v, ["MountOption", "Recursive"]);
}

/** The containers VisitContainersWithPath visits, in its order: init, regular, ephemeral. */
function visitContainers(spec: Val | null): Array<Val | null> {
  const out = new Array<Val | null>();
  const lists = ["InitContainers", "Containers"];
  for (let l = 0; l < 2; l++) {
    const list = fld(spec, lists[l]);
    for (let i = 0; i < sliceLen(list); i++) out.push(at(list, i));
  }
  const eph = fld(spec, "EphemeralContainers");
  for (let i = 0; i < sliceLen(eph); i++) out.push(fld(at(eph, i), "EphemeralContainerCommon"));
  return out;
}

function visitPaths(spec: Val | null): Array<string> {
  const out = new Array<string>();
  const lists = ["InitContainers", "Containers", "EphemeralContainers"];
  const names = ["spec.initContainers", "spec.containers", "spec.ephemeralContainers"];
  for (let l = 0; l < 3; l++) {
    const n = sliceLen(fld(spec, lists[l]));
    for (let i = 0; i < n; i++) out.push(names[l] + "[" + i.toString() + "]");
  }
  return out;
}

const WINDOWS = "cannot be set for a windows pod";

/** validateWindows: the Linux-only fields a windows pod may not set, pod first, then every container. */
function windowsPod(spec: Val | null, minor: i32, errs: ErrList): void {
  const sc = fld(spec, "SecurityContext");
  const p = "spec.securityContext";
  if (minor >= 30 && isSet(fld(sc, "AppArmorProfile"))) errs.forbidden(p + ".appArmorProfile", WINDOWS);
  if (isSet(fld(sc, "SELinuxOptions"))) errs.forbidden(p + ".seLinuxOptions", WINDOWS);
  const hostUsers = isSet(fld(spec, "HostUsers")), hostPID = int(fld(spec, "HostPID")) != 0, hostIPC = int(fld(spec, "HostIPC")) != 0;
  const spn = isSet(fld(spec, "ShareProcessNamespace"));
  if (minor <= 36) {
    if (minor >= 25 && hostUsers) errs.forbidden("spec.hostUsers", WINDOWS);
    if (hostPID) errs.forbidden("spec.hostPID", WINDOWS);
    if (hostIPC) errs.forbidden("spec.hostIPC", WINDOWS);
  }
  if (isSet(fld(sc, "SeccompProfile"))) errs.forbidden(p + ".seccompProfile", WINDOWS);
  if (isSet(fld(sc, "FSGroup"))) errs.forbidden(p + ".fsGroup", WINDOWS);
  if (isSet(fld(sc, "FSGroupChangePolicy"))) errs.forbidden(p + ".fsGroupChangePolicy", WINDOWS);
  if (sliceLen(fld(sc, "Sysctls")) > 0) errs.forbidden(p + ".sysctls", WINDOWS);
  if (minor <= 36 && spn) errs.forbidden("spec.shareProcessNamespace", WINDOWS);
  if (isSet(fld(sc, "RunAsUser"))) errs.forbidden(p + ".runAsUser", WINDOWS);
  if (isSet(fld(sc, "RunAsGroup"))) errs.forbidden(p + ".runAsGroup", WINDOWS);
  if (fld(sc, "SupplementalGroups") !== null) errs.forbidden(p + ".supplementalGroups", WINDOWS);
  if (minor >= 31 && isSet(fld(sc, "SupplementalGroupsPolicy"))) errs.forbidden(p + ".supplementalGroupsPolicy", WINDOWS);
  if (minor >= 32 && isSet(fld(sc, "SELinuxChangePolicy"))) errs.forbidden(p + ".seLinuxChangePolicy", WINDOWS);
  if (minor >= 37) {
    if (hostUsers) errs.forbidden("spec.hostUsers", WINDOWS);
    if (hostPID) errs.forbidden("spec.hostPID", WINDOWS);
    if (hostIPC) errs.forbidden("spec.hostIPC", WINDOWS);
    if (spn) errs.forbidden("spec.shareProcessNamespace", WINDOWS);
  }
  const cs = visitContainers(spec), ps = visitPaths(spec);
  const names = ["AppArmorProfile", "SELinuxOptions", "SeccompProfile", "Capabilities", "ReadOnlyRootFilesystem", "Privileged", "AllowPrivilegeEscalation", "ProcMount", "RunAsUser", "RunAsGroup"];
  const paths = ["appArmorProfile", "seLinuxOptions", "seccompProfile", "capabilities", "readOnlyRootFilesystem", "privileged", "allowPrivilegeEscalation", "procMount", "runAsUser", "runAsGroup"];
  for (let i = 0; i < cs.length; i++) {
    const csc = fld(cs[i], "SecurityContext");
    if (!isSet(csc)) continue;
    for (let k = minor >= 30 ? 0 : 1; k < names.length; k++) if (isSet(fld(csc, names[k]))) errs.forbidden(ps[i] + ".securityContext." + paths[k], WINDOWS);
  }
}

/** validateLinux: no windowsOptions in the pod's or a container's security context. */
function linuxPod(spec: Val | null, errs: ErrList): void {
  const msg = "windows options cannot be set for a linux pod";
  if (isSet(fld(fld(spec, "SecurityContext"), "WindowsOptions"))) errs.forbidden("spec.securityContext.windowsOptions", msg);
  const cs = visitContainers(spec), ps = visitPaths(spec);
  for (let i = 0; i < cs.length; i++) if (isSet(fld(fld(cs[i], "SecurityContext"), "WindowsOptions"))) errs.forbidden(ps[i] + ".securityContext.windowsOptions", msg);
}

/** 1.23+ validateOS and the OS-specific checks ValidatePodSpec ends with (spec.os set). */
export function validatePodOS(spec: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const os = fld(spec, "OS");
  if (minor < 23 || !isSet(os)) return;
  // 1.23-1.24: opts.AllowOSField = IdentifyPodOS (off in 1.23, on in 1.24) or the old pod set spec.os
  if (minor == 23 && !isSet(fld(opts.oldSpec, "OS"))) {
    errs.forbidden("spec.os", "cannot be set when IdentifyPodOS feature is not enabled");
    return;
  }
  const name = str(fld(os, "Name"));
  if (name.length == 0) { errs.required("spec.os.name", minor <= 33 ? "cannot be empty" : ""); return; }
  if (name != "linux" && name != "windows") { errs.notSupported("spec.os", name, ["linux", "windows"]); return; }
  if (name == "linux") linuxPod(spec, errs);
  else windowsPod(spec, minor, errs);
}

const SYSCTL_SEG = "[a-z0-9]([-_a-z0-9]*[a-z0-9])?";

function alnum(x: i32): bool { return (x >= 97 && x <= 122) || (x >= 48 && x <= 57); }

/** True when every `sep`-separated part of `s` matches the sysctl segment regexp. */
function sysctlSegments(s: string, slash: bool): bool {
  let start = 0;
  for (let i = 0; i <= s.length; i++) {
    const end = i == s.length;
    const c = end ? 0 : s.charCodeAt(i);
    if (!end && c != 46 && !(slash && c == 47)) continue;
    if (i == start) return false;
    const a = s.charCodeAt(start), b = s.charCodeAt(i - 1);
    if (!alnum(a) || !alnum(b)) return false;
    for (let k = start + 1; k < i - 1; k++) {
      const x = s.charCodeAt(k);
      if (!alnum(x) && x != 45 && x != 95) return false;
    }
    start = i + 1;
  }
  return true;
}

/** utilsysctl.NormalizeName: a name whose first separator is "/" swaps "." and "/". */
function normalizeSysctl(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c == 46) return s;
    if (c == 47) {
      let out = "";
      for (let k = 0; k < s.length; k++) {
        const x = s.charCodeAt(k);
        out += x == 46 ? "/" : x == 47 ? "." : String.fromCharCode(x);
      }
      return out;
    }
  }
  return s;
}

/** utilsysctl.GetNamespace: "net" or "ipc" (else ""). */
function sysctlNamespace(name: string): string {
  let n = normalizeSysctl(name);
  const star = n.indexOf("*");
  if (star >= 0) n = n.substring(0, star);
  const ipc = ["kernel.sem", "kernel.shmall", "kernel.shmmax", "kernel.shmmni", "kernel.shm_rmid_forced", "kernel.shm", "kernel.msgmax", "kernel.msgmnb", "kernel.msgmni", "kernel.msg"];
  if (ipc.includes(n)) return "ipc";
  if (n.startsWith("net.")) return "net";
  if (n.startsWith("fs.mqueue.")) return "ipc";
  return "";
}

/** ValidateHostSysctl's message for a namespaced sysctl with host networking / IPC, or "". */
function hostSysctl(name: string, spec: Val | null): string {
  const ns = sysctlNamespace(name);
  if (ns == "net" && int(fld(spec, "HostNetwork")) != 0) return "may not be specified when 'hostNetwork' is true";
  if (ns == "ipc" && int(fld(spec, "HostIPC")) != 0) return "may not be specified when 'hostIPC' is true";
  return "";
}

/** validateSysctls of the pod security context (names, duplicates, 1.29+ host namespaces). */
function validateSysctls(spec: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const old = opts.oldSpec;
  const oldList = fld(fld(old, "SecurityContext"), "Sysctls");
  // 1.23-1.24: names with "/" only when the old pod had one; 1.25+ always
  let slash = minor >= 25;
  if (minor >= 23 && minor <= 24) for (let i = 0; i < sliceLen(oldList); i++) if (str(fld(at(oldList, i), "Name")).includes("/")) slash = true;
  let hostOK = minor < 29;
  for (let i = 0; i < sliceLen(oldList) && !hostOK; i++) if (hostSysctl(str(fld(at(oldList, i), "Name")), old).length > 0) hostOK = true;
  const dotFmt = "(" + SYSCTL_SEG + "\\.)*" + SYSCTL_SEG;
  const slashFmt = "(" + SYSCTL_SEG + "[\\./])*" + SYSCTL_SEG;
  const fmt = minor >= 25 ? "^" + slashFmt + "$" : slash ? slashFmt : dotFmt;
  const list = fld(fld(spec, "SecurityContext"), "Sysctls");
  const seen = new Set<string>();
  for (let i = 0; i < sliceLen(list); i++) {
    const name = str(fld(at(list, i), "Name"));
    const p = "spec.securityContext.sysctls[" + i.toString() + "].name";
    if (name.length == 0) errs.required(p);
    else if (String.UTF8.byteLength(name) > 253 || !sysctlSegments(name, slash)) errs.invalidStr(p, name, "must have at most 253 characters and match regex " + fmt);
    else if (seen.has(name)) errs.duplicate(p, name);
    if (!hostOK) {
      const m = hostSysctl(name, spec);
      if (m.length > 0) errs.invalidStr(p, name, m);
    }
    seen.add(name);
  }
}

/** A *string value as ErrorBody prints it: %q up to 1.33, json.Marshal from 1.34. */
function ptrString(v: string, minor: i32): string {
  return minor < 34 ? quote(v) : jsonQuote(v);
}

/** ^[^\\/:*?"<>|.][^\\/:*?"<>|]{0,14}$ (a NetBios domain). */
function netBios(d: string): bool {
  if (d.length < 1 || d.length > 15) return false;
  for (let i = 0; i < d.length; i++) {
    const c = d.charCodeAt(i);
    if (c == 92 || c == 47 || c == 58 || c == 42 || c == 63 || c == 34 || c == 60 || c == 62 || c == 124) return false;
    if (i == 0 && c == 46) return false;
  }
  return true;
}

function alnumAny(c: i32): bool { return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122); }

/** ^label(\.label)*$ with label [a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?. */
function windowsDNSDomain(d: string): bool {
  const parts = d.split(".");
  for (let i = 0; i < parts.length; i++) {
    const l = parts[i];
    if (l.length < 1 || l.length > 63 || !alnumAny(l.charCodeAt(0)) || !alnumAny(l.charCodeAt(l.length - 1))) return false;
    for (let k = 1; k < l.length - 1; k++) if (!alnumAny(l.charCodeAt(k)) && l.charCodeAt(k) != 45) return false;
  }
  return true;
}

/** validateWindowsSecurityContextOptions (gMSA spec name and spec; runAsUserName from 1.16). */
function windowsOptions(wo: Val | null, path: string, minor: i32, errs: ErrList): void {
  if (!isSet(wo)) return;
  const gn = fld(wo, "GMSACredentialSpecName");
  if (isSet(gn)) {
    const v = str(gn);
    const de = isDNS1123Subdomain(v, minor);
    for (let i = 0; i < de.length; i++) errs.invalid(path + ".gmsaCredentialSpecName", ptrString(v, minor), de[i]);
  }
  const gs = fld(wo, "GMSACredentialSpec");
  if (isSet(gs)) {
    const v = str(gs), l = String.UTF8.byteLength(v);
    if (l == 0) errs.invalid(path + ".gmsaCredentialSpec", ptrString(v, minor), "gmsaCredentialSpec cannot be an empty string");
    else if (l > 65536) errs.invalid(path + ".gmsaCredentialSpec", ptrString(v, minor), "gmsaCredentialSpec size must be under 64 KiB");
  }
  const un = fld(wo, "RunAsUserName");
  if (minor < 16 || !isSet(un)) return;
  const v = str(un), p = path + ".runAsUserName", rv = ptrString(v, minor);
  if (v.length == 0) { errs.invalid(p, rv, "runAsUserName cannot be an empty string"); return; }
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 32 || c == 127) { errs.invalid(p, rv, "runAsUserName cannot contain control characters"); return; }
  }
  const parts = v.split("\\");
  if (parts.length > 2) { errs.invalid(p, rv, "runAsUserName cannot contain more than one backslash"); return; }
  const hasDomain = parts.length == 2;
  const domain = hasDomain ? parts[0] : "", user = hasDomain ? parts[1] : parts[0];
  if (String.UTF8.byteLength(domain) >= 256) errs.invalid(p, rv, "runAsUserName's Domain length must be under 256 characters");
  if (hasDomain && !(netBios(domain) || windowsDNSDomain(domain))) errs.invalid(p, rv, "runAsUserName's Domain doesn't match the NetBios nor the DNS format");
  const ul = String.UTF8.byteLength(user);
  if (ul == 0) errs.invalid(p, rv, "runAsUserName's User cannot be empty");
  else if (ul > 104) errs.invalid(p, rv, "runAsUserName's User length must not be longer than 104 characters");
  let dotsSpaces = user.length > 0, bad = false;
  for (let i = 0; i < user.length; i++) {
    const c = user.charCodeAt(i);
    if (c != 46 && c != 32) dotsSpaces = false;
    if (c == 34 || c == 47 || c == 92 || c == 58 || c == 59 || c == 124 || c == 61 || c == 44 || c == 43 || c == 42 || c == 63 || c == 60 || c == 62 || c == 64 || c == 91 || c == 93) bad = true;
  }
  if (dotsSpaces) errs.invalid(p, rv, "runAsUserName's User cannot contain only periods or spaces");
  if (bad) errs.invalid(p, rv, "runAsUserName's User cannot contain the following characters: \"/\\:;|=,+*?<>@[]");
}

function hostUsersFalse(spec: Val | null): bool {
  const hu = fld(spec, "HostUsers");
  return isSet(hu) && int(hu) == 0;
}

/** validateHostUsers (1.25+, pods with `hostUsers: false`): 1.25-1.27 only some volume types, no host
 * network / PID / IPC (1.35+: host network when the old pod already had it with userns, the
 * UserNamespacesHostNetworkSupport gate being off), 1.34+ no volumeDevices unless the old pod had them. */
export function validateHostUsers(spec: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  if (minor < 25 || !hostUsersFalse(spec)) return;
  if (minor <= 27) {
    const vols = fld(spec, "Volumes");
    const ok = ["EmptyDir", "Secret", "DownwardAPI", "ConfigMap", "Projected"];
    for (let i = 0; i < sliceLen(vols); i++) {
      const src = fld(at(vols, i), "VolumeSource");
      let supported = false;
      for (let k = 0; k < ok.length; k++) if (isSet(fld(src, ok[k]))) supported = true;
      if (!supported) errs.forbidden("spec.volumes[" + i.toString() + "]", "volume type not supported when `pod.Spec.HostUsers` is false");
    }
  }
  const msg = minor >= 34 ? "when `hostUsers` is false" : "when `pod.Spec.HostUsers` is false";
  const old = opts.oldSpec;
  const netOK = minor >= 35 && hostUsersFalse(old) && int(fld(old, "HostNetwork")) != 0;
  if (!netOK && int(fld(spec, "HostNetwork")) != 0) errs.forbidden("spec.hostNetwork", msg);
  if (int(fld(spec, "HostPID")) != 0) errs.forbidden("spec.HostPID", msg);
  if (int(fld(spec, "HostIPC")) != 0) errs.forbidden("spec.HostIPC", msg);
  if (minor < 34) return;
  let oldDevices = false;
  if (hostUsersFalse(old)) {
    const oc = visitContainers(old);
    for (let i = 0; i < oc.length; i++) if (sliceLen(fld(oc[i], "VolumeDevices")) > 0) oldDevices = true;
  }
  if (oldDevices) return;
  const cs = visitContainers(spec), ps = visitPaths(spec);
  for (let i = 0; i < cs.length; i++) if (sliceLen(fld(cs[i], "VolumeDevices")) > 0) errs.forbidden(ps[i] + ".volumeDevices", msg);
}
