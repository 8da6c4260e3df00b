// pkg/api/pod/warnings.go GetWarningsForPodTemplate (1.22+; the API server warned about no template before) with
// warningsForPodSpecAndMeta, in upstream's order: deprecated node labels (nodeSelector, node affinity, topology
// spread keys), null label selectors (1.28+), deprecated annotations, deprecated volume plugins, overlapping
// volume paths (1.32+), duplicate host aliases and image pull secrets, fractional overhead, the pod's seccomp
// annotation, the container passes (containers.ts), a negative terminationGracePeriodSeconds (1.27+), null pod
// (anti-)affinity selectors (1.28+) and non-standard IP addresses (1.33+). Upstream ranges over the nodeSelector
// map (random order); the engine reports its keys in ascending order.

import { Val } from "../../../typed/value";
import { fld, str, int, sliceLen, at, isSet, strMap } from "../validation/view";
import { quote } from "../validation/errlist";
import { Gates } from "../validation/gates";
import { deprecatedNodeLabel, nodeSelectorTermWarnings } from "./nodelabels";
import { fractionalBytes } from "./fractional";
import { pvcSpecWarnings } from "./pvcspec";
import { overlappingVirtualPaths, VIRTUAL_PATHS_FROM } from "./virtualpaths";
import { ipWarnings } from "./ipaddress";
import { containerWarnings, portWarnings, portNameWarnings, seccompText } from "./containers";
import { WarningRecorder } from "./recorder";

/** 1.22: GetWarningsForPodTemplate and the strategies' WarningsOnUpdate appear. */
export const TEMPLATE_WARNINGS_FROM: i32 = 22;
/** 1.25: glusterfs volumes are deprecated. */
const GLUSTERFS_FROM: i32 = 25;
/** 1.26: an ephemeral volume's claim template gets the PVC spec warnings. */
const EPHEMERAL_CLAIM_FROM: i32 = 26;
/** 1.27: flocker, storageOS, quobyte and glusterfs volumes are called non-functional. */
const NON_FUNCTIONAL_FROM: i32 = 27;
/** 1.27: a negative terminationGracePeriodSeconds warns. */
const NEGATIVE_GRACE_FROM: i32 = 27;
/** 1.28: null label selectors of topology spread constraints and pod (anti-)affinity terms warn. */
const NULL_SELECTORS_FROM: i32 = 28;
/** 1.28: cephfs and rbd volumes are deprecated. */
const CEPH_RBD_FROM: i32 = 28;
/** 1.28: duplicate volume names no longer warn (validation refuses them anyway). */
const NO_DUPLICATE_VOLUME_NAMES_FROM: i32 = 28;
/** 1.33: a gitRepo volume's text depends on the GitRepoVolumeDriver gate. */
const GIT_REPO_GATE_FROM: i32 = 33;
/** 1.33: DNS nameservers and host alias IPs get GetWarningsForIP. */
const IP_WARNINGS_FROM: i32 = 33;

/** The deprecated annotations (key and message) warned about whenever present. */
const DEPRECATED_ANNOTATIONS: StaticArray<string> = [
  "scheduler.alpha.kubernetes.io/critical-pod", "non-functional in v1.16+; use the \"priorityClassName\" field instead",
  "security.alpha.kubernetes.io/sysctls", "non-functional in v1.11+; use the \"sysctls\" field instead",
  "security.alpha.kubernetes.io/unsafe-sysctls", "non-functional in v1.11+; use the \"sysctls\" field instead",
];

/** GetWarningsForPodTemplate(ctx, base, template, old) at `minor` under `gates`, added to `out` in upstream's order
 *  (none before 1.22; the old template is not read by any era). */
export function podTemplateWarnings(base: string, tpl: Val | null, minor: i32, gates: Gates, out: WarningRecorder): void {
  if (minor < TEMPLATE_WARNINGS_FROM) return;
  const spec = fld(tpl, "Spec");
  const ann = strMap(fld(fld(tpl, "ObjectMeta"), "Annotations"));
  const sp = base + ".spec";
  schedulingWarnings(spec, sp, minor, out);
  for (let i = 0; i < DEPRECATED_ANNOTATIONS.length; i += 2) {
    const key = DEPRECATED_ANNOTATIONS[i];
    if (ann.find(key) >= 0) out.add(base + ".metadata.annotations[" + key + "]: " + DEPRECATED_ANNOTATIONS[i + 1]);
  }
  volumePluginWarnings(fld(spec, "Volumes"), sp, minor, gates, out);
  if (minor >= VIRTUAL_PATHS_FROM) overlappingVirtualPaths(fld(spec, "Volumes"), minor, out);
  duplicateNames(fld(spec, "HostAliases"), "IP", sp + ".hostAliases", ".ip: duplicate ip ", out);
  const secrets = fld(spec, "ImagePullSecrets");
  duplicateNames(secrets, "Name", sp + ".imagePullSecrets", ".name: duplicate name ", out);
  for (let i = 0; i < sliceLen(secrets); i++) {
    const name = str(fld(at(secrets, i), "Name"));
    if (name.length == 0) out.add(sp + ".imagePullSecrets[" + i.toString() + "].name: invalid empty name " + quote(name));
  }
  if (minor < NO_DUPLICATE_VOLUME_NAMES_FROM) duplicateNames(fld(spec, "Volumes"), "Name", sp + ".volumes", ".name: duplicate name ", out);
  fractionalBytes(fld(spec, "Overhead"), "memory", sp + ".overhead", out);
  fractionalBytes(fld(spec, "Overhead"), "ephemeral-storage", sp + ".overhead", out);
  const sc = fld(spec, "SecurityContext");
  if (!isSet(sc) || !isSet(fld(sc, "SeccompProfile"))) {
    const key = "seccomp.security.alpha.kubernetes.io/pod";
    if (ann.find(key) >= 0) out.add(base + ".metadata.annotations[" + key + "]: " + seccompText(minor));
  }
  containerWarnings(spec, base, ann, minor, out);
  portWarnings(spec, base, minor, out);
  portNameWarnings(spec, base, minor, out);
  const tgps = fld(spec, "TerminationGracePeriodSeconds");
  if (minor >= NEGATIVE_GRACE_FROM && isSet(tgps) && int(tgps) < 0) {
    out.add(sp + ".terminationGracePeriodSeconds: must be >= 0; negative values are invalid and will be treated as 1");
  }
  if (minor >= NULL_SELECTORS_FROM) podAffinityWarnings(fld(spec, "Affinity"), sp + ".affinity", out);
  if (minor >= IP_WARNINGS_FROM) {
    const dns = fld(spec, "DNSConfig");
    const ns = fld(dns, "Nameservers");
    for (let i = 0; i < sliceLen(ns); i++) ipWarnings(sp + ".dnsConfig.nameservers[" + i.toString() + "]", str(at(ns, i)), minor, out);
    const ha = fld(spec, "HostAliases");
    for (let i = 0; i < sliceLen(ha); i++) ipWarnings(sp + ".hostAliases[" + i.toString() + "].ip", str(fld(at(ha, i), "IP")), minor, out);
  }
}

/** Deprecated node labels in the nodeSelector, node affinity and topology spread constraints, and (1.28+) a
 *  topology spread constraint without a label selector. */
function schedulingWarnings(spec: Val | null, sp: string, minor: i32, out: WarningRecorder): void {
  const sel = strMap(fld(spec, "NodeSelector"));
  for (let i = 0; i < sel.keys.length; i++) {
    const msg = deprecatedNodeLabel(sel.keys[i], minor);
    if (msg !== null) out.add(sp + ".nodeSelector[" + sel.keys[i] + "]: " + msg);
  }
  const na = fld(fld(spec, "Affinity"), "NodeAffinity");
  if (isSet(na)) {
    const req = fld(na, "RequiredDuringSchedulingIgnoredDuringExecution");
    if (isSet(req)) {
      const terms = fld(req, "NodeSelectorTerms");
      const p = sp + ".affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[";
      for (let i = 0; i < sliceLen(terms); i++) nodeSelectorTermWarnings(at(terms, i), false, p + i.toString() + "]", minor, out);
    }
    const pref = fld(na, "PreferredDuringSchedulingIgnoredDuringExecution");
    const p = sp + ".affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[";
    for (let i = 0; i < sliceLen(pref); i++) nodeSelectorTermWarnings(fld(at(pref, i), "Preference"), true, p + i.toString() + "].preference", minor, out);
  }
  const tsc = fld(spec, "TopologySpreadConstraints");
  for (let i = 0; i < sliceLen(tsc); i++) {
    const t = at(tsc, i);
    const p = sp + ".topologySpreadConstraints[" + i.toString() + "]";
    const key = str(fld(t, "TopologyKey"));
    const msg = deprecatedNodeLabel(key, minor);
    if (msg !== null) out.add(p + ".topologyKey: " + key + " is " + msg);
    if (minor >= NULL_SELECTORS_FROM && !isSet(fld(t, "LabelSelector"))) out.add(p + ".labelSelector: a null labelSelector results in matching no pod");
  }
}

/** The deprecated and removed volume plugins of each volume, in upstream's order (with an ephemeral volume's claim
 *  template's PVC spec warnings from 1.26). */
function volumePluginWarnings(vols: Val | null, sp: string, minor: i32, gates: Gates, out: WarningRecorder): void {
  const removed = minor >= NON_FUNCTIONAL_FROM ? "deprecated in v1.22, non-functional in v1.25+" : "deprecated in v1.22, support removal is planned in v1.26";
  for (let i = 0; i < sliceLen(vols); i++) {
    const v = fld(at(vols, i), "VolumeSource");
    const p = sp + ".volumes[" + i.toString() + "]";
    if (isSet(fld(v, "PhotonPersistentDisk"))) out.add(p + ".photonPersistentDisk: deprecated in v1.11, non-functional in v1.16+");
    if (isSet(fld(v, "GitRepo"))) {
      const disabled = minor >= GIT_REPO_GATE_FROM && !gates.enabled("GitRepoVolumeDriver", minor);
      out.add(p + ".gitRepo: deprecated in v1.11" + (disabled ? ", and disabled by default in v1.33+" : ""));
    }
    if (isSet(fld(v, "ScaleIO"))) out.add(p + ".scaleIO: deprecated in v1.16, non-functional in v1.22+");
    if (isSet(fld(v, "Flocker"))) out.add(p + ".flocker: " + removed);
    if (isSet(fld(v, "StorageOS"))) out.add(p + ".storageOS: " + removed);
    if (isSet(fld(v, "Quobyte"))) out.add(p + ".quobyte: " + removed);
    if (minor >= GLUSTERFS_FROM && isSet(fld(v, "Glusterfs"))) {
      out.add(p + ".glusterfs: " + (minor >= NON_FUNCTIONAL_FROM ? "deprecated in v1.25, non-functional in v1.26+" : "deprecated in v1.25, this feature will be removed soon after in a subsequent release"));
    }
    const eph = fld(v, "Ephemeral");
    if (minor >= EPHEMERAL_CLAIM_FROM && isSet(eph) && isSet(fld(eph, "VolumeClaimTemplate"))) {
      pvcSpecWarnings(fld(fld(eph, "VolumeClaimTemplate"), "Spec"), p + ".ephemeral.volumeClaimTemplate.spec", out);
    }
    if (minor >= CEPH_RBD_FROM && isSet(fld(v, "CephFS"))) out.add(p + ".cephfs: deprecated in v1.28, non-functional in v1.31+");
    if (minor >= CEPH_RBD_FROM && isSet(fld(v, "RBD"))) out.add(p + ".rbd: deprecated in v1.28, non-functional in v1.31+");
  }
}

/** A list's entries whose string field `name` repeats an earlier one: `<path>[i]<text><%q of the value>` (lists of one
 *  entry are not checked). */
function duplicateNames(list: Val | null, name: string, path: string, text: string, out: WarningRecorder): void {
  const n = sliceLen(list);
  if (n <= 1) return;
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const v = str(fld(at(list, i), name));
    if (seen.has(v)) out.add(path + "[" + i.toString() + "]" + text + quote(v));
    else seen.add(v);
  }
}

/** The null label selectors of pod affinity and anti-affinity terms (1.28+). */
function podAffinityWarnings(aff: Val | null, p: string, out: WarningRecorder): void {
  const kinds = ["PodAffinity", "PodAntiAffinity"];
  const names = ["podAffinity", "podAntiAffinity"];
  for (let k = 0; k < 2; k++) {
    const a = fld(aff, kinds[k]);
    if (!isSet(a)) continue;
    const req = fld(a, "RequiredDuringSchedulingIgnoredDuringExecution");
    for (let i = 0; i < sliceLen(req); i++) {
      if (!isSet(fld(at(req, i), "LabelSelector"))) out.add(p + "." + names[k] + ".requiredDuringSchedulingIgnoredDuringExecution[" + i.toString() + "].labelSelector: a null labelSelector results in matching no pod");
    }
    const pref = fld(a, "PreferredDuringSchedulingIgnoredDuringExecution");
    for (let i = 0; i < sliceLen(pref); i++) {
      if (!isSet(fld(fld(at(pref, i), "PodAffinityTerm"), "LabelSelector"))) out.add(p + "." + names[k] + ".preferredDuringSchedulingIgnoredDuringExecution[" + i.toString() + "].podAffinityTerm.labelSelector: a null labelSelector results in matching no pod");
    }
  }
}
