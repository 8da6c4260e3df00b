// What the container checks need beyond the container itself (ContainerOpts): the update's options, the
// pod's grace period, OS, restart policy, host user namespace and resource claim names, and the container
// options the pod strategy derives from the gates and the old pod (AllowPodLifecycleSleepActionZeroValue,
// AllowSidecarResizePolicy, AllowContainerRestartPolicyRules, AllowRestartAllContainers,
// AllowExistingRestartContainerForNonSidecarInitContainer).

import { Val } from "../../../typed/value";
import { fld, str, int, isSet, sliceLen, at } from "./view";
import { PodValidationOptions } from "./options";

/** What the container checks need beyond the container itself: the minor, the pod's grace period and
 * OS, and the options the strategy derives from gates and the old pod. Set once per validated pod. */
export class ContainerOpts {
  /** The update's options (the old spec, gates, AllowPrivileged and the strategy's PodValidationOptions). */
  opts: PodValidationOptions;
  /** The pod's resource claim names (gatherPodResourceClaimNames; validateResourceClaimNames reads them). */
  claims: Array<string>;
  minor: i32 = 0;
  /** spec.terminationGracePeriodSeconds is set (1.31+ pass a pointer; earlier minors read nil as 0). */
  graceSet: bool = false;
  /** The grace period as the internal spec holds it (1.27-1.36 convert a negative one to 1). */
  grace: i64 = 0;
  /** spec.os is set, and its name. */
  osSet: bool = false;
  osName: string = "";
  /** spec.restartPolicy. */
  podRestart: string = "";
  /** The pod runs in the host user namespace (spec.hostUsers unset or true). */
  hostUsers: bool = true;
  /** opts.AllowPodLifecycleSleepActionZeroValue (1.32+). */
  sleepZero: bool = false;
  /** opts.AllowSidecarResizePolicy (1.32+). */
  sidecarResize: bool = false;
  /** opts.AllowContainerRestartPolicyRules (1.34+). */
  restartRules: bool = false;
  /** opts.AllowRestartAllContainers (1.35+). */
  restartAll: bool = false;
  /** opts.AllowExistingRestartContainerForNonSidecarInitContainer (1.36+). */
  existingRestartContainer: bool = false;

  constructor(opts: PodValidationOptions, claims: Array<string>) {
    this.opts = opts;
    this.claims = claims;
    this.minor = opts.minor;
  }

  /** The options for validating `spec` under the update's `opts`, the pod's resource `claims` names known. */
  static of(spec: Val | null, opts: PodValidationOptions, claims: Array<string>): ContainerOpts {
    const o = new ContainerOpts(opts, claims);
    const minor = opts.minor;
    const g = fld(spec, "TerminationGracePeriodSeconds");
    o.graceSet = isSet(g);
    o.grace = int(g);
    if (o.graceSet && o.grace < 0 && minor >= 27 && minor <= 36) o.grace = 1;
    const os = fld(spec, "OS");
    o.osSet = isSet(os);
    o.osName = str(fld(os, "Name"));
    o.podRestart = str(fld(spec, "RestartPolicy"));
    const hu = fld(spec, "HostUsers");
    o.hostUsers = !isSet(hu) || int(hu) != 0;
    const old = opts.oldSpec;
    const ipvs = opts.gates.enabled("InPlacePodVerticalScaling", minor);
    o.sleepZero = minor >= 33 || (minor == 32 && sleepZeroInUse(old));
    o.sidecarResize = (minor >= 33 && ipvs) || (minor >= 32 && sidecarResizeInUse(old));
    o.restartRules = minor >= 35 || (minor == 34 && restartRulesInUse(old));
    o.restartAll = minor >= 36 || (minor == 35 && restartAllInUse(old));
    o.existingRestartContainer = restartContainerNonSidecarInUse(old);
    return o;
  }
}

/** A container's restartPolicy is "Always" (a sidecar when it is an init container). */
export function restartAlways(c: Val | null): bool {
  const rp = fld(c, "RestartPolicy");
  return isSet(rp) && str(rp) == "Always";
}

function hooks(c: Val | null): Array<Val | null> {
  const lc = fld(c, "Lifecycle");
  return [fld(lc, "PostStart"), fld(lc, "PreStop")];
}

/** podLifecycleSleepActionZeroValueInUse(old spec). */
function sleepZeroInUse(spec: Val | null): bool {
  const lists = ["Containers", "InitContainers"];
  for (let l = 0; l < 2; l++) {
    const list = fld(spec, lists[l]);
    for (let i = 0; i < sliceLen(list); i++) {
      const hs = hooks(at(list, i));
      for (let k = 0; k < 2; k++) {
        const sl = fld(hs[k], "Sleep");
        if (isSet(sl) && int(fld(sl, "Seconds")) == 0) return true;
      }
    }
  }
  // ephemeral containers cannot carry lifecycle hooks (their validation forbids it)
  return false;
}

/** hasRestartableInitContainerResizePolicy(old spec). */
function sidecarResizeInUse(spec: Val | null): bool {
  const list = fld(spec, "InitContainers");
  for (let i = 0; i < sliceLen(list); i++) {
    const c = at(list, i);
    if (restartAlways(c) && sliceLen(fld(c, "ResizePolicy")) > 0) return true;
  }
  return false;
}

/** containerRestartRulesInUse(old spec): an init container with rules or a restartPolicy other than
 * Always, or a regular container with a restartPolicy. */
function restartRulesInUse(spec: Val | null): bool {
  const inits = fld(spec, "InitContainers");
  for (let i = 0; i < sliceLen(inits); i++) {
    const c = at(inits, i);
    if (isSet(fld(c, "RestartPolicy")) && !restartAlways(c)) return true;
    if (sliceLen(fld(c, "RestartPolicyRules")) > 0) return true;
  }
  const cs = fld(spec, "Containers");
  for (let i = 0; i < sliceLen(cs); i++) if (isSet(fld(at(cs, i), "RestartPolicy"))) return true;
  return false;
}

/** restartAllContainersActionInUse(old spec): a rule with the RestartAllContainers action. */
function restartAllInUse(spec: Val | null): bool {
  const lists = ["Containers", "InitContainers"];
  for (let l = 0; l < 2; l++) {
    const list = fld(spec, lists[l]);
    for (let i = 0; i < sliceLen(list); i++) {
      const rules = fld(at(list, i), "RestartPolicyRules");
      for (let r = 0; r < sliceLen(rules); r++) if (str(fld(at(rules, r), "Action")) == "RestartAllContainers") return true;
      if (l == 1 && restartAlways(at(list, i)) && sliceLen(rules) > 0) return true; // sidecars with rules
    }
  }
  return false;
}

/** hasRestartContainerForNonSidecarInitContainer(old spec). */
function restartContainerNonSidecarInUse(spec: Val | null): bool {
  const list = fld(spec, "InitContainers");
  for (let i = 0; i < sliceLen(list); i++) {
    const c = at(list, i);
    if (restartAlways(c)) continue;
    const rp = fld(c, "ResizePolicy");
    for (let j = 0; j < sliceLen(rp); j++) if (str(fld(at(rp, j), "RestartPolicy")) == "RestartContainer") return true;
  }
  return false;
}

