// Windows HostProcess pods (validateWindowsHostProcessPod, 1.22+, called by ValidatePodSpec after the
// topology spread constraints): a container's windowsOptions.hostProcess must equal the pod's when both
// are set; once any container is a HostProcess one (its own or the pod's value), all must be, the pod
// needs hostNetwork and the cluster policy must allow privileged pods. 1.22-1.25 also refuse the field
// while opts.AllowWindowsHostProcessField is false (the WindowsHostProcessContainers gate — alpha, off, in
// 1.22, beta, on, in 1.23-1.25 — unless the old pod already set hostProcess).

import { Val } from "../../../typed/value";
import { ErrList } from "./errlist";
import { fld, int, isSet, sliceLen, at } from "./view";
import { PodValidationOptions } from "./options";

/** The containers VisitContainersWithPath visits with their paths (ephemeral ones from 1.23, where their gate is on). */
function visit(spec: Val | null, minor: i32, cs: Array<Val | null>, ps: Array<string>): void {
  const lists = ["InitContainers", "Containers"];
  const names = ["spec.initContainers", "spec.containers"];
  for (let l = 0; l < 2; l++) {
    const list = fld(spec, lists[l]);
    for (let i = 0; i < sliceLen(list); i++) { cs.push(at(list, i)); ps.push(names[l] + "[" + i.toString() + "]"); }
  }
  if (minor < 23) return;
  const eph = fld(spec, "EphemeralContainers");
  for (let i = 0; i < sliceLen(eph); i++) {
    cs.push(fld(at(eph, i), "EphemeralContainerCommon"));
    ps.push("spec.ephemeralContainers[" + i.toString() + "]");
  }
}

/** The *bool windowsOptions.hostProcess of a (pod or container) security context (null: nil). */
function hostProcessOf(sc: Val | null): Val | null {
  const v = fld(fld(sc, "WindowsOptions"), "HostProcess");
  return isSet(v) ? v : null;
}

/** setsWindowsHostProcess(oldPodSpec): the old pod set hostProcess (true or false) anywhere (VisitContainers with
 * AllContainers: ephemeral containers too, whatever their gate). */
function oldSetsHostProcess(old: Val | null): bool {
  if (old === null) return false;
  if (hostProcessOf(fld(old, "SecurityContext")) !== null) return true;
  const cs = new Array<Val | null>(), ps = new Array<string>();
  visit(old, 99, cs, ps);
  for (let i = 0; i < cs.length; i++) if (hostProcessOf(fld(cs[i], "SecurityContext")) !== null) return true;
  return false;
}

/** validateWindowsHostProcessPod(spec, "spec") under `opts` (1.22+). */
export function windowsHostProcessPod(spec: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  if (minor < 22) return;
  let allowField = true;
  if (minor <= 25) allowField = opts.gates.enabled("WindowsHostProcessContainers", minor) || oldSetsHostProcess(opts.oldSpec);
  const gateMsg = "not allowed when feature gate 'WindowsHostProcessContainers' is not enabled";
  const podHP = hostProcessOf(fld(spec, "SecurityContext"));
  if (!allowField && podHP !== null) {
    errs.forbidden("spec.securityContext.windowsOptions.hostProcess", gateMsg);
    return;
  }
  const podOn = podHP !== null && int(podHP) != 0;
  const cs = new Array<Val | null>(), ps = new Array<string>();
  visit(spec, minor, cs, ps);
  let hpCount = 0;
  for (let i = 0; i < cs.length; i++) {
    const chp = hostProcessOf(fld(cs[i], "SecurityContext"));
    const p = ps[i] + ".securityContext.windowsOptions.hostProcess";
    if (!allowField && chp !== null) errs.forbidden(p, gateMsg);
    const cOn = chp !== null && int(chp) != 0;
    if (podHP !== null && chp !== null && podOn != cOn) {
      errs.invalid(p, cOn ? "true" : "false", "pod hostProcess value must be identical if both are specified, was " + (podOn ? "true" : "false"));
    }
    if (cOn || (chp === null && podOn)) hpCount++;
  }
  if (hpCount == 0) return;
  if (!allowField) {
    errs.forbidden("spec", "pod must not contain Windows hostProcess containers when feature gate 'WindowsHostProcessContainers' is not enabled");
    return;
  }
  if (hpCount != cs.length) errs.invalid("spec", "\"\"", "If pod contains any hostProcess containers then all containers must be HostProcess containers");
  if (int(fld(spec, "HostNetwork")) == 0) errs.invalid("spec.hostNetwork", "false", "hostNetwork must be true if pod contains any hostProcess containers");
  if (!opts.allowPrivileged) errs.forbidden("spec", "hostProcess containers are disallowed by cluster policy");
}
