// The checks of the new pod's own validation (ValidateObjectMeta + ValidatePodSpec + the pod-only
// container checks) that pod update validation runs on every update (inside ValidatePodUpdate from
// 1.19, as ValidatePod before it in the 1.15-1.18 pod strategy). Covered: metadata name, namespace,
// generation, labels and annotation keys, the mirror-pod and AppArmor annotations,
// containers' and init containers' names (syntax, uniqueness), images, terminationMessagePolicy,
// ports, imagePullPolicy, host port conflicts; volumes, env / envFrom, volumeMounts and volumeDevices
// live in volumes.ts, envsource.ts and mounts.ts;
// probes, lifecycle hooks, sidecars, resources, resize policies, security contexts and spec.os live in
// probes.ts, resources.ts and security.ts; restartPolicy / dnsPolicy (and dnsPolicy None's dnsConfig), spec.nodeSelector,
// spec.schedulingGates, spec.activeDeadlineSeconds, spec.tolerations, the grace period (1.31+ / 1.37)
// and 1.37's serviceAccount alias check; the pod-level rules (affinity, topology spread, DNS config, host
// aliases, hostNetwork ports, owner references, finalizers, annotation size, deletion cost, seccomp) live in
// affinity.ts, topology.ts, dns.ts and meta.ts, called from here. What is not implemented: docs/policy.md "validate".

import { Val } from "../../../typed/value";
import { ErrList, quote } from "./errlist";
import { fld, str, strLen, int, isSet, sliceLen, at, strMap } from "./view";
import { isQualifiedName, isDNS1123Subdomain, isDNS1123Label } from "./names";
import { PodValidationOptions } from "./options";
import { ContainerOpts } from "./containeropts";
import { validateLabels, validateAnnotationKeys } from "./labels";
import { containerList, containersOnlyForPod } from "./containers";
import { validateTolerations } from "./tolerations";
import { podSecurityContext, validatePodOS, validateHostUsers } from "./security";
import { windowsHostProcessPod } from "./hostprocess";
import { fileKeyRefVolumes } from "./envsource";
import { validateVolumes } from "./volumes";
import { validateAffinity } from "./affinity";
import { validateTopologySpread } from "./topology";
import { validatePodDNSConfig, validateHostAliases, hostNetworkPorts } from "./dns";
import { readinessGates, hostnameOverride, serviceAccountName, nodeName, hostnameAndSubdomain, classNamesAndPreemption } from "./podfields";
import { validateEphemeralContainers } from "./ephemeral";
import { validatePodResourceClaims } from "./claims";
import { validateOverhead, newPodHugePages, validatePodResources } from "./podresources";
import { podAnnotationExtras, ownerReferences, finalizers, kubeFinalizerNames, managedFields, fieldManagersLegacy } from "./meta";

/** ValidateObjectMeta's name rule: apimachinery NameIsDNSSubdomain (Pods, Deployments, ReplicaSets, DaemonSets). */
export const NAMES_SUBDOMAIN: i32 = 0;
/** path.ValidatePathSegmentName (every object, in rest.BeforeUpdate's common checks). */
export const NAMES_PATH_SEGMENT: i32 = 1;
/** NameIsDNSLabel (StatefulSets). */
export const NAMES_LABEL: i32 = 2;

/** The name errors of `names` (NAMES_*) for a name or (`prefix`) a generateName. */
function nameErrors(s: string, names: i32, minor: i32): Array<string> {
  if (names == NAMES_LABEL) return isDNS1123Label(s, minor);
  if (names == NAMES_PATH_SEGMENT) {
    if (s == "." || s == "..") return ["may not be '" + s + "'"];
    const r = new Array<string>();
    if (s.includes("/")) r.push("may not contain '/'");
    if (s.includes("%")) r.push("may not contain '%'");
    return r;
  }
  return isDNS1123Subdomain(s, minor);
}

/** ValidateObjectMeta of a new object (covered: name, namespace, generation, labels, annotations, owner references,
 * finalizers, managed fields); `names`: the name rule (NAMES_*); `core`: pkg/apis/core's extra finalizer-name check. */
export function validateNewMeta(meta: Val | null, minor: i32, errs: ErrList, names: i32 = NAMES_SUBDOMAIN, core: bool = true): void {
  const gen = str(fld(meta, "GenerateName"));
  if (gen.length > 0) {
    const ge = nameErrors(gen, names, minor); // the prefix rule on a valid prefix is the same check
    for (let i = 0; i < ge.length; i++) errs.invalidStr("metadata.generateName", gen, ge[i]);
  }
  const name = str(fld(meta, "Name"));
  if (name.length == 0) errs.required("metadata.name", "name or generateName is required");
  else {
    const ne = nameErrors(name, names, minor);
    for (let i = 0; i < ne.length; i++) errs.invalidStr("metadata.name", name, ne[i]);
  }
  const ns = str(fld(meta, "Namespace"));
  if (ns.length == 0) errs.required("metadata.namespace");
  else {
    const ne = isDNS1123Label(ns, minor);
    for (let i = 0; i < ne.length; i++) errs.invalidStr("metadata.namespace", ns, ne[i]);
  }
  fieldManagersLegacy(meta, minor, errs); // meta.ts: 1.15-1.20 check the managers here
  const g = int(fld(meta, "Generation"));
  if (g < 0) errs.invalidInt("metadata.generation", g, "must be greater than or equal to 0");
  validateLabels(fld(meta, "Labels"), "metadata.labels", minor, errs);
  validateAnnotationKeys(fld(meta, "Annotations"), "metadata.annotations", minor, errs);
  ownerReferences(meta, minor, errs); // meta.ts
  finalizers(meta, minor, errs); // meta.ts
  managedFields(meta, minor, errs); // meta.ts (1.16+)
  if (core) kubeFinalizerNames(meta, errs); // meta.ts: core's own finalizer check
}

/** ValidatePodSpecificAnnotations (covered: the mirror-pod annotation needs spec.nodeName; AppArmor
 * annotations name a container of the pod and hold a valid profile format; keys in ascending order). */
export function podSpecificAnnotations(meta: Val | null, spec: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const a = strMap(fld(meta, "Annotations"));
  const k = a.find("kubernetes.io/config.mirror");
  if (k >= 0 && strLen(fld(spec, "NodeName")) == 0) {
    errs.invalidStr("metadata.annotations[kubernetes.io/config.mirror]", a.vals[k], "must set spec.nodeName if mirror pod annotation is set");
  }
  podAnnotationExtras(a, opts, errs); // meta.ts: pod-deletion-cost (1.21+), seccomp
  const prefix = "container.apparmor.security.beta.kubernetes.io/";
  let containers: Set<string> | null = null;
  for (let i = 0; i < a.keys.length; i++) {
    const key = a.keys[i];
    if (!key.startsWith(prefix)) continue;
    const name = key.substring(prefix.length);
    const p = "metadata.annotations[" + key + "]";
    if (containers === null) containers = podContainerNames(spec, minor);
    if (!containers.has(name)) errs.invalidStr(p, name, "container not found");
    const prof = a.vals[i];
    if (prof.length > 0 && prof != "runtime/default" && prof != "unconfined" && !prof.startsWith("localhost/")) {
      errs.invalidStr(p, prof, "invalid AppArmor profile name: " + quote(prof));
    }
  }
}

/** The names podSpecHasContainer finds: init and regular containers, and ephemeral ones from 1.23 (their gate on by default). */
function podContainerNames(spec: Val | null, minor: i32): Set<string> {
  const names = new Set<string>();
  const lists = ["InitContainers", "Containers"];
  for (let l = 0; l < lists.length; l++) {
    const list = fld(spec, lists[l]);
    const n = sliceLen(list);
    for (let i = 0; i < n; i++) names.add(str(fld(at(list, i), "Name")));
  }
  if (minor < 23) return names;
  const eph = fld(spec, "EphemeralContainers");
  const n = sliceLen(eph);
  for (let i = 0; i < n; i++) names.add(str(fld(fld(at(eph, i), "EphemeralContainerCommon"), "Name")));
  return names;
}

/** validateSchedulingGates: 1.26 names not empty, 1.27+ qualified names; no duplicates. */
function validateSchedulingGates(list: Val | null, path: string, minor: i32, errs: ErrList): void {
  const n = sliceLen(list);
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const name = str(fld(at(list, i), "Name"));
    const p = path + "[" + i.toString() + "]";
    if (minor == 26) {
      if (name.length == 0) errs.required(p, "must not be empty");
    } else {
      const ne = isQualifiedName(name, minor);
      for (let j = 0; j < ne.length; j++) errs.invalidStr(p, name, ne[j]);
    }
    if (seen.has(name)) errs.duplicate(p, name);
    seen.add(name);
  }
}

/** The covered part of ValidatePodSpec(spec, podMeta, "spec", opts), in upstream's order. */
export function validateNewSpec(spec: Val | null, meta: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  // 1.31+: the grace period is required (defaulting always sets it)
  if (minor >= 31 && !isSet(fld(spec, "TerminationGracePeriodSeconds"))) errs.required("spec.terminationGracePeriodSeconds");
  const vols = validateVolumes(fld(spec, "Volumes"), str(fld(meta, "Name")), "spec.volumes", opts, errs);
  const claims = validatePodResourceClaims(spec, meta, minor, errs); // claims.ts (1.26+; gathers the claim names containers refer to)
  if (sliceLen(fld(spec, "Containers")) == 0) errs.required("spec.containers");
  const co = ContainerOpts.of(spec, opts, claims);
  containerList(fld(spec, "Containers"), null, false, vols, "spec.containers", co, errs);
  containerList(fld(spec, "InitContainers"), fld(spec, "Containers"), true, vols, "spec.initContainers", co, errs);
  validateEphemeralContainers(spec, vols, co, errs); // ephemeral.ts (1.16+)
  validatePodResources(spec, co, errs); // podresources.ts (1.32+, PodLevelResources)
  if (minor >= 28) hostNetworkPorts(spec, minor, opts.resourceIsPod, errs); // dns.ts: validatePodHostNetworkDeps
  const rp = str(fld(spec, "RestartPolicy"));
  if (rp.length == 0) errs.required("spec.restartPolicy");
  else if (rp != "Always" && rp != "OnFailure" && rp != "Never") errs.notSupported("spec.restartPolicy", rp, ["Always", "OnFailure", "Never"]);
  const dp = str(fld(spec, "DNSPolicy"));
  if (dp.length == 0) errs.required("spec.dnsPolicy");
  else if (dp != "ClusterFirstWithHostNet" && dp != "ClusterFirst" && dp != "Default" && dp != "None") {
    errs.notSupported("spec.dnsPolicy", dp, ["ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"]);
  }
  validateLabels(fld(spec, "NodeSelector"), "spec.nodeSelector", minor, errs);
  if (minor <= 27) hostNetworkPorts(spec, minor, true, errs); // dns.ts: 1.15-1.27 open ValidatePodSecurityContext with it
  podSecurityContext(spec, opts, errs);
  validateAffinity(fld(spec, "Affinity"), opts, errs); // affinity.ts
  validatePodDNSConfig(spec, opts, errs); // dns.ts
  readinessGates(spec, minor, errs); // podfields.ts
  if (minor >= 26) validateSchedulingGates(fld(spec, "SchedulingGates"), "spec.schedulingGates", minor, errs);
  validateTopologySpread(fld(spec, "TopologySpreadConstraints"), opts, errs); // topology.ts (1.16+)
  windowsHostProcessPod(spec, opts, errs); // hostprocess.ts (1.22+)
  validateHostUsers(spec, opts, errs); // security.ts (1.25+)
  hostnameOverride(spec, minor, errs); // podfields.ts (1.34+)
  serviceAccountName(spec, minor, errs); // podfields.ts
  if (minor >= 37) {
    // 1.37 keeps the deprecated alias in the internal spec and requires it in sync
    const dsa = str(fld(spec, "DeprecatedServiceAccount")), san = str(fld(spec, "ServiceAccountName"));
    if (dsa != san) errs.invalidStr("spec.deprecatedServiceAccount", dsa, "must be the same as serviceAccountName: " + quote(san));
  }
  nodeName(spec, minor, errs); // podfields.ts
  const ads = fld(spec, "ActiveDeadlineSeconds");
  if (isSet(ads)) {
    const v = int(ads);
    if (v < 1 || v > 2147483647) errs.invalidInt("spec.activeDeadlineSeconds", v, "must be between 1 and 2147483647, inclusive");
  }
  hostnameAndSubdomain(spec, minor, errs); // podfields.ts
  if (sliceLen(fld(spec, "Tolerations")) > 0) validateTolerations(fld(spec, "Tolerations"), "spec.tolerations", opts, errs);
  validateHostAliases(fld(spec, "HostAliases"), minor, errs); // dns.ts
  classNamesAndPreemption(spec, minor, errs); // podfields.ts: priorityClassName, runtimeClassName, preemptionPolicy
  validateOverhead(spec, opts, errs); // podresources.ts (1.16+)
  validatePodOS(spec, opts, errs); // security.ts: spec.os and the OS-specific checks (after everything but the file-key check)
  if (minor >= 34) fileKeyRefVolumes(spec, errs); // envsource.ts: the last check of ValidatePodSpec (keep it last)
}

/** validatePodMetadataAndSpec (1.19+) / ValidatePod (1.15-1.18): the covered checks of the new pod. */
export function validateNewPod(pod: Val | null, opts: PodValidationOptions, errs: ErrList): void {
  const minor = opts.minor;
  const meta = fld(pod, "ObjectMeta");
  validateNewMeta(meta, minor, errs);
  const spec = fld(pod, "Spec");
  podSpecificAnnotations(meta, spec, opts, errs);
  validateNewSpec(spec, meta, opts, errs);
  // 1.37: a pod's grace period must not be negative (earlier conversion turned it into 1)
  const tgps = fld(spec, "TerminationGracePeriodSeconds");
  if (minor >= 37 && isSet(tgps) && int(tgps) < 0) {
    errs.invalidInt("spec.terminationGracePeriodSeconds", int(tgps), "must be greater than or equal to 0");
  }
  containersOnlyForPod(fld(spec, "Containers"), "spec.containers", errs);
  containersOnlyForPod(fld(spec, "InitContainers"), "spec.initContainers", errs);
  newPodHugePages(spec, opts, errs); // podresources.ts: 1.15-1.21 single hugepage size
}
