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

import { Val, MapV, QuantityV, StructV, sortedEntries } from "../../../typed/value";
import { ByteSink } from "../../../io/sink";
import { Quantity } from "../../../quantity/quantity";
import { writeQuantityString } from "../../../quantity/canonical";
import { quantityCmp } from "./qty";
import { ErrList, quote } from "./errlist";
import { fld, str, strLen, int, isSet, sliceLen, at, strMap } from "./view";
import { isQualifiedName, isValidLabelValue, isDNS1123Subdomain, isDNS1123Label, maxLenError, regexError, portNameErrors } from "./names";
import { ContainerOpts, legacyProbesBefore, legacyReadinessAfter, legacyInitBans, initProbeRules, initRestartPolicy, regularProbeRules } from "./probes";
import { validateResources, validateResizePolicy, initResizeRules } from "./resources";
import { containerSecurityContext, podSecurityContext, validatePodOS, validateHostUsers } from "./security";
import { windowsHostProcessPod } from "./hostprocess";
import { validateEnv, validateEnvFrom, fileKeyRefVolumes } from "./envsource";
import { validateVolumes, Vols } from "./volumes";
import { validateVolumeMounts, validateVolumeDevices } from "./mounts";
import { validateAffinity } from "./affinity";
import { validateTopologySpread } from "./topology";
import { validatePodDNSConfig, validateHostAliases, hostNetworkPorts } from "./dns";
import { readinessGates, hostnameOverride, serviceAccountName, nodeName, hostnameAndSubdomain, classNamesAndPreemption } from "./podfields";
import { validateEphemeralContainers } from "./ephemeral";
import { validatePodResourceClaims, PodClaims } from "./claims";
import { validateOverhead, newPodHugePages, validatePodResources } from "./podresources";
import { podAnnotationExtras, annotationsSize, comparisonToleration, ownerReferences, finalizers, kubeFinalizerNames, managedFields, fieldManagersLegacy } from "./meta";

/** ValidateLabels(labels, path) (keys in ascending order; Go ranges over the map). */
export function validateLabels(m: Val | null, path: string, errs: ErrList): void {
  const sm = strMap(m);
  for (let i = 0; i < sm.keys.length; i++) {
    const ke = isQualifiedName(sm.keys[i]);
    for (let j = 0; j < ke.length; j++) errs.invalidStr(path, sm.keys[i], ke[j]);
    const ve = isValidLabelValue(sm.vals[i]);
    for (let j = 0; j < ve.length; j++) errs.invalidStr(path, sm.vals[i], ve[j]);
  }
}

/** ValidateAnnotations, the keys: qualified names once lowercased, the key printed as given (ascending order;
 * Go ranges over the map). The total size limit is not checked. */
export function validateAnnotationKeys(m: Val | null, path: string, errs: ErrList): void {
  const sm = strMap(m);
  for (let i = 0; i < sm.keys.length; i++) {
    const ke = isQualifiedName(sm.keys[i].toLowerCase());
    for (let j = 0; j < ke.length; j++) errs.invalidStr(path, sm.keys[i], ke[j]);
  }
  annotationsSize(sm, path, errs); // meta.ts
}

/** ValidateObjectMeta of the new pod (covered: name, namespace, generation, labels). */
export function validateNewMeta(meta: Val | null, minor: i32, errs: ErrList): void {
  const gen = str(fld(meta, "GenerateName"));
  if (gen.length > 0) {
    const ge = isDNS1123Subdomain(gen, minor); // NameIsDNSSubdomain(prefix=true) on a valid prefix is the same check
    for (let i = 0; i < ge.length; i++) errs.invalidStr("metadata.generateName", gen, ge[i]);
  }
  const name = str(fld(meta, "Name"));
  if (name.length == 0) errs.required("metadata.name", "name or generateName is required");
  else {
    const ne = isDNS1123Subdomain(name, minor);
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
  validateLabels(fld(meta, "Labels"), "metadata.labels", errs);
  validateAnnotationKeys(fld(meta, "Annotations"), "metadata.annotations", errs);
  ownerReferences(meta, minor, errs); // meta.ts
  finalizers(meta, minor, errs); // meta.ts
  managedFields(meta, minor, errs); // meta.ts (1.16+)
  kubeFinalizerNames(meta, errs); // meta.ts: core's own finalizer check
}

/** ValidatePodSpecificAnnotations (covered: the mirror-pod annotation needs spec.nodeName; AppArmor
 * annotations name a container of the pod and hold a valid profile format; keys in ascending order). */
export function podSpecificAnnotations(meta: Val | null, spec: Val | null, minor: i32, errs: ErrList): void {
  const a = strMap(fld(meta, "Annotations"));
  const k = a.find("kubernetes.io/config.mirror");
  if (k >= 0 && strLen(fld(spec, "NodeName")) == 0) {
    errs.invalidStr("metadata.annotations[kubernetes.io/config.mirror]", a.vals[k], "must set spec.nodeName if mirror pod annotation is set");
  }
  podAnnotationExtras(a, minor, errs); // meta.ts: pod-deletion-cost (1.21+), seccomp
  const prefix = "container.apparmor.security.beta.kubernetes.io/";
  for (let i = 0; i < a.keys.length; i++) {
    const key = a.keys[i];
    if (!key.startsWith(prefix)) continue;
    const name = key.substring(prefix.length);
    const p = "metadata.annotations[" + key + "]";
    if (!podHasContainer(spec, name, minor)) errs.invalidStr(p, name, "container not found");
    const prof = a.vals[i];
    if (prof.length > 0 && prof != "runtime/default" && prof != "unconfined" && !prof.startsWith("localhost/")) {
      errs.invalidStr(p, prof, "invalid AppArmor profile name: " + quote(prof));
    }
  }
}

/** podSpecHasContainer: init and regular containers, and ephemeral ones from 1.23 (their gate on by default). */
function podHasContainer(spec: Val | null, name: string, minor: i32): bool {
  const lists = ["InitContainers", "Containers"];
  for (let l = 0; l < lists.length; l++) {
    const list = fld(spec, lists[l]);
    const n = sliceLen(list);
    for (let i = 0; i < n; i++) if (str(fld(at(list, i), "Name")) == name) return true;
  }
  if (minor < 23) return false;
  const eph = fld(spec, "EphemeralContainers");
  const n = sliceLen(eph);
  for (let i = 0; i < n; i++) if (str(fld(fld(at(eph, i), "EphemeralContainerCommon"), "Name")) == name) return true;
  return false;
}

/** validateContainers (isInit false) / validateInitContainers (isInit true, `regular` the pod's containers):
 * names (required, DNS-1123 label, unique across regular and init containers), images, and requests not
 * above limits, in each minor's order (1.25+ run the common checks, then the name's uniqueness). */
export function containerList(list: Val | null, regular: Val | null, isInit: bool, vols: Vols, path: string, o: ContainerOpts, errs: ErrList): void {
  const minor = o.minor;
  const n = sliceLen(list);
  const names = new Set<string>();
  if (isInit) {
    const rn = sliceLen(regular);
    for (let i = 0; i < rn; i++) names.add(str(fld(at(regular, i), "Name")));
  }
  const own = new Set<string>(); // 1.15-1.24: validateContainers' own set over this list
  for (let i = 0; i < n; i++) {
    const c = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const name = str(fld(c, "Name"));
    containerCommon(c, vols, p, o, own, errs);
    if (minor >= 25) {
      if (isInit) initRestartPolicy(c, p, o, errs);
      if (names.has(name)) errs.duplicate(p + ".name", name);
      else if (!isInit || name.length > 0) names.add(name);
      if (!isInit) regularProbeRules(c, p, o, errs);
      if (isInit) {
        hostPortConflicts(list, i, i + 1, path, errs); // init containers run one by one
        initProbeRules(c, p, o, errs);
        initResizeRules(c, p, o, errs);
      }
    }
  }
  if (!isInit) hostPortConflicts(list, 0, n, path, errs);
  else if (minor <= 24) for (let i = 0; i < n; i++) hostPortConflicts(list, i, i + 1, path, errs);
  if (minor <= 24 && isInit) {
    // validateInitContainers' own pass after validateContainers (a name repeated among init containers is reported twice)
    for (let i = 0; i < n; i++) {
      const name = str(fld(at(list, i), "Name"));
      if (names.has(name)) errs.duplicate(path + "[" + i.toString() + "].name", name);
      if (name.length > 0) names.add(name);
      legacyInitBans(at(list, i), path + "[" + i.toString() + "]", o, errs);
    }
  }
}

/** The checks of one container that every container kind shares, in each minor's order: 1.25+
 * validateContainerCommon; 1.15-1.24 validateContainers' per-container part (`own`: the names seen in
 * that list, for its Duplicate check; probes and lifecycle included). */
export function containerCommon(c: Val | null, vols: Vols, p: string, o: ContainerOpts, own: Set<string>, errs: ErrList): void {
  const minor = o.minor;
  const name = str(fld(c, "Name"));
  if (name.length == 0) errs.required(p + ".name");
  else {
    const ne = isDNS1123Label(name, minor);
    for (let j = 0; j < ne.length; j++) errs.invalidStr(p + ".name", name, ne[j]);
  }
  if (minor <= 24) {
    if (own.has(name)) errs.duplicate(p + ".name", name);
    else own.add(name);
  }
  if (strLen(fld(c, "Image")) == 0) errs.required(p + ".image");
  // 1.15-1.24 (regular and init containers): lifecycle, liveness and startup probes before terminationMessagePolicy, readiness after it
  if (minor <= 24) legacyProbesBefore(c, p, o, errs);
  terminationMessagePolicy(str(fld(c, "TerminationMessagePolicy")), p + ".terminationMessagePolicy", minor, errs);
  if (minor <= 24) legacyReadinessAfter(c, p, o, errs);
  containerPorts(fld(c, "Ports"), p + ".ports", minor, errs);
  validateEnv(fld(c, "Env"), p + ".env", minor, errs);
  validateEnvFrom(fld(c, "EnvFrom"), p + ".envFrom", minor, errs);
  validateVolumeMounts(c, vols, p + ".volumeMounts", minor, errs);
  validateVolumeDevices(c, vols, p + ".volumeDevices", minor, errs);
  const pull = str(fld(c, "ImagePullPolicy"));
  if (pull.length == 0) errs.required(p + ".imagePullPolicy");
  else if (pull != "Always" && pull != "IfNotPresent" && pull != "Never") errs.notSupported(p + ".imagePullPolicy", pull, ["Always", "IfNotPresent", "Never"]);
  validateResources(fld(c, "Resources"), p + ".resources", minor, errs);
  validateResizePolicy(fld(c, "ResizePolicy"), p + ".resizePolicy", o, errs);
  containerSecurityContext(c, p, o.hostUsers, minor, errs);
}

/** The container's terminationMessagePolicy (1.15-1.24: Required / Invalid with a detail; 1.25+: Required / NotSupported). */
function terminationMessagePolicy(v: string, path: string, minor: i32, errs: ErrList): void {
  if (v == "File" || v == "FallbackToLogsOnError") return;
  const detail = "must be 'File' or 'FallbackToLogsOnError'";
  if (v.length == 0) errs.required(path, minor <= 24 ? detail : "");
  else if (minor <= 24) errs.invalidStr(path, v, detail);
  else errs.notSupported(path, v, ["File", "FallbackToLogsOnError"]);
}

/** validateContainerPorts: names (syntax, unique), containerPort required and in range, hostPort in range, protocol. */
function containerPorts(list: Val | null, path: string, minor: i32, errs: ErrList): void {
  const n = sliceLen(list);
  const names = new Set<string>();
  for (let i = 0; i < n; i++) {
    const port = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const name = str(fld(port, "Name"));
    if (name.length > 0) {
      const ne = portNameErrors(name, minor);
      if (ne.length > 0) for (let j = 0; j < ne.length; j++) errs.invalidStr(p + ".name", name, ne[j]);
      else if (names.has(name)) errs.duplicate(p + ".name", name);
      else names.add(name);
    }
    const cp = int(fld(port, "ContainerPort"));
    if (cp == 0) errs.required(p + ".containerPort");
    else if (cp < 1 || cp > 65535) errs.invalidInt(p + ".containerPort", cp, "must be between 1 and 65535, inclusive");
    const hp = int(fld(port, "HostPort"));
    if (hp != 0 && (hp < 1 || hp > 65535)) errs.invalidInt(p + ".hostPort", hp, "must be between 1 and 65535, inclusive");
    const proto = str(fld(port, "Protocol"));
    if (proto.length == 0) errs.required(p + ".protocol");
    else if (proto != "TCP" && proto != "UDP" && proto != "SCTP") errs.notSupported(p + ".protocol", proto, ["SCTP", "TCP", "UDP"]);
  }
}

/** checkHostPortConflicts over containers [from, to) of `list`: a hostPort repeated (same protocol and hostIP) is Duplicate. */
function hostPortConflicts(list: Val | null, from: i32, to: i32, path: string, errs: ErrList): void {
  const seen = new Set<string>();
  for (let ci = from; ci < to; ci++) {
    const ports = fld(at(list, ci), "Ports");
    const n = sliceLen(ports);
    for (let pi = 0; pi < n; pi++) {
      const port = at(ports, pi);
      const hp = int(fld(port, "HostPort"));
      if (hp == 0) continue;
      const key = str(fld(port, "Protocol")) + "/" + str(fld(port, "HostIP")) + "/" + hp.toString();
      if (seen.has(key)) errs.duplicate(path + "[" + ci.toString() + "].ports[" + pi.toString() + "].hostPort", key);
      else seen.add(key);
    }
  }
}

/** validateContainersOnlyForPod: no leading or trailing whitespace in images. */
export function containersOnlyForPod(list: Val | null, path: string, errs: ErrList): void {
  const n = sliceLen(list);
  for (let i = 0; i < n; i++) {
    const img = str(fld(at(list, i), "Image"));
    if (img != img.trim()) errs.invalidStr(path + "[" + i.toString() + "].image", img, "must not have leading or trailing whitespace");
  }
}

/** ValidateTolerations(tolerations, path). */
export function validateTolerations(list: Val | null, path: string, minor: i32, errs: ErrList): void {
  const n = sliceLen(list);
  for (let i = 0; i < n; i++) {
    const t = at(list, i);
    const p = path + "[" + i.toString() + "]";
    const key = str(fld(t, "Key"));
    const op = str(fld(t, "Operator"));
    const value = str(fld(t, "Value"));
    const effect = str(fld(t, "Effect"));
    if (key.length > 0) {
      const ke = isQualifiedName(key);
      for (let j = 0; j < ke.length; j++) errs.invalidStr(p + ".key", key, ke[j]);
    }
    if (key.length == 0 && op != "Exists") {
      errs.invalid(p + ".operator", quote(op), "operator must be Exists when `key` is empty, which means \"match all values and all keys\"");
    }
    if (isSet(fld(t, "TolerationSeconds")) && effect != "NoExecute") {
      errs.invalid(p + ".effect", quote(effect), "effect must be 'NoExecute' when `tolerationSeconds` is set");
    }
    if (op == "Equal" || op == "") {
      const ve = isValidLabelValue(value);
      if (ve.length > 0) errs.invalidStr(p + ".operator", value, ve.join(";"));
    } else if (op == "Exists") {
      if (value.length > 0) {
        // 1.32+ print the value; before, the whole internal Toleration with %#v (a set
        // tolerationSeconds prints as a pointer address, which no one can reproduce)
        const rendered = minor >= 32 ? quote(value) : "core.Toleration{Key:" + quote(key) + ", Operator:" + quote(op) + ", Value:" + quote(value) +
          ", Effect:" + quote(effect) + ", TolerationSeconds:" + (isSet(fld(t, "TolerationSeconds")) ? "(*int64)(0x?)" : "(*int64)(nil)") + "}";
        errs.invalid(p + ".operator", rendered, "value must be empty when `operator` is 'Exists'");
      }
    } else {
      if (minor >= 35 && (op == "Lt" || op == "Gt")) comparisonToleration(t, p, errs); // meta.ts
      else errs.notSupported(p + ".operator", op, ["Equal", "Exists"]);
    }
    if (effect.length > 0 && effect != "NoSchedule" && effect != "PreferNoSchedule" && effect != "NoExecute") {
      errs.notSupported(p + ".effect", effect, ["NoSchedule", "PreferNoSchedule", "NoExecute"]);
    }
  }
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
      const ne = isQualifiedName(name);
      for (let j = 0; j < ne.length; j++) errs.invalidStr(p, name, ne[j]);
    }
    if (seen.has(name)) errs.duplicate(p, name);
    seen.add(name);
  }
}

/** The covered part of ValidatePodSpec(spec, "spec") at `minor`, in upstream's order. */
export function validateNewSpec(spec: Val | null, minor: i32, errs: ErrList, podName: string = ""): void {
  // 1.31+: the grace period is required (defaulting always sets it)
  if (minor >= 31 && !isSet(fld(spec, "TerminationGracePeriodSeconds"))) errs.required("spec.terminationGracePeriodSeconds");
  const vols = validateVolumes(fld(spec, "Volumes"), podName, "spec.volumes", minor, errs);
  validatePodResourceClaims(spec, minor, errs); // claims.ts (1.26+; gathers the claim names containers refer to)
  if (sliceLen(fld(spec, "Containers")) == 0) errs.required("spec.containers");
  const co = ContainerOpts.of(spec, minor);
  containerList(fld(spec, "Containers"), null, false, vols, "spec.containers", co, errs);
  containerList(fld(spec, "InitContainers"), fld(spec, "Containers"), true, vols, "spec.initContainers", co, errs);
  validateEphemeralContainers(spec, vols, co, errs); // ephemeral.ts (1.16+)
  validatePodResources(spec, minor, ContainerOpts.gates, errs); // podresources.ts (1.32+, PodLevelResources)
  if (minor >= 28) hostNetworkPorts(spec, minor, errs); // dns.ts: validatePodHostNetworkDeps
  const rp = str(fld(spec, "RestartPolicy"));
  if (rp.length == 0) errs.required("spec.restartPolicy");
  else if (rp != "Always" && rp != "OnFailure" && rp != "Never") errs.notSupported("spec.restartPolicy", rp, ["Always", "OnFailure", "Never"]);
  const dp = str(fld(spec, "DNSPolicy"));
  if (dp.length == 0) errs.required("spec.dnsPolicy");
  else if (dp != "ClusterFirstWithHostNet" && dp != "ClusterFirst" && dp != "Default" && dp != "None") {
    errs.notSupported("spec.dnsPolicy", dp, ["ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"]);
  }
  validateLabels(fld(spec, "NodeSelector"), "spec.nodeSelector", errs);
  if (minor <= 27) hostNetworkPorts(spec, minor, errs); // dns.ts: 1.15-1.27 open ValidatePodSecurityContext with it
  podSecurityContext(spec, minor, errs);
  validateAffinity(fld(spec, "Affinity"), minor, errs); // affinity.ts
  validatePodDNSConfig(spec, minor, errs); // dns.ts
  readinessGates(spec, errs); // podfields.ts
  if (minor >= 26) validateSchedulingGates(fld(spec, "SchedulingGates"), "spec.schedulingGates", minor, errs);
  validateTopologySpread(fld(spec, "TopologySpreadConstraints"), minor, errs); // topology.ts (1.16+)
  windowsHostProcessPod(spec, minor, errs); // hostprocess.ts (1.22+)
  validateHostUsers(spec, minor, errs); // security.ts (1.25+)
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
  if (sliceLen(fld(spec, "Tolerations")) > 0) validateTolerations(fld(spec, "Tolerations"), "spec.tolerations", minor, errs);
  validateHostAliases(fld(spec, "HostAliases"), minor, errs); // dns.ts
  classNamesAndPreemption(spec, minor, errs); // podfields.ts: priorityClassName, runtimeClassName, preemptionPolicy
  validateOverhead(spec, minor, errs); // podresources.ts (1.16+)
  validatePodOS(spec, minor, errs); // security.ts: spec.os and the OS-specific checks (after everything but the file-key check)
  if (minor >= 34) fileKeyRefVolumes(spec, errs); // envsource.ts: the last check of ValidatePodSpec (keep it last)
}

/** validatePodMetadataAndSpec (1.19+) / ValidatePod (1.15-1.18): the covered checks of the new pod. */
export function validateNewPod(pod: Val | null, minor: i32, errs: ErrList): void {
  validateNewMeta(fld(pod, "ObjectMeta"), minor, errs);
  const spec = fld(pod, "Spec");
  podSpecificAnnotations(fld(pod, "ObjectMeta"), spec, minor, errs);
  PodClaims.meta = fld(pod, "ObjectMeta");
  validateNewSpec(spec, minor, errs, str(fld(fld(pod, "ObjectMeta"), "Name")));
  // 1.37: a pod's grace period must not be negative (earlier conversion turned it into 1)
  const tgps = fld(spec, "TerminationGracePeriodSeconds");
  if (minor >= 37 && isSet(tgps) && int(tgps) < 0) {
    errs.invalidInt("spec.terminationGracePeriodSeconds", int(tgps), "must be greater than or equal to 0");
  }
  containersOnlyForPod(fld(spec, "Containers"), "spec.containers", errs);
  containersOnlyForPod(fld(spec, "InitContainers"), "spec.initContainers", errs);
  newPodHugePages(spec, minor, errs); // podresources.ts: 1.15-1.21 single hugepage size
}
