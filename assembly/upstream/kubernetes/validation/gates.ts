// The feature gates pod update validation reads, per Kubernetes minor (pkg/features of each
// release): when the gate exists, its default, and from which minor it is locked to its default.
// A request's `gates` are applied one at a time in the order written, as the oracle applies them
// with DefaultMutableFeatureGate.SetFromMap; the first refused one is the error (upstream's text).

import { joinStrings } from "../../../golang/join";

// name, first minor, last minor (0: still present), first minor defaulting to true (0: never), first locked minor (0: never)
const GATES: StaticArray<string> = ["InPlacePodVerticalScaling", "PodSchedulingReadiness", "SCTPSupport", "WindowsHostProcessContainers", "SELinuxMount", "VolumeAttributesClass", "HugePageStorageMediumSize", "PodLevelResources",
  "StatefulSetMinReadySeconds", "DaemonSetUpdateSurge", "MaxUnavailableStatefulSet", "StatefulSetAutoDeletePVC", "StatefulSetRecreateStrategy",
  "StatefulSetStartOrdinal", "DeclarativeValidationBeta", "ContainerRestartRules", "GitRepoVolumeDriver",
  "SidecarContainers", "NodeDeclaredFeatures", "InPlacePodLevelResourcesVerticalScaling", "InPlacePodVerticalScalingInitContainers",
  "InPlacePodVerticalScalingMemoryBackedVolumes", "PodLevelResourcesFixKubeletQOSClass",
  "PodLevelResourcesFixDefaulting", "InPlacePodVerticalScalingExclusiveCPUs", "InPlacePodVerticalScalingExclusiveMemory"];
const FACTS: StaticArray<i32> = [
  27, 0, 33, 35,
  26, 0, 27, 30,
  15, 21, 19, 20, // SCTPSupport: 1.15-1.18 alpha (off), 1.19 beta, GA and locked 1.20-1.21
  22, 27, 23, 26, // WindowsHostProcessContainers: 1.22 alpha (off), 1.23-1.25 beta, GA and locked 1.26-1.27
  30, 0, 37, 0, // SELinuxMount: 1.30-1.32 alpha, 1.33-1.36 beta (off), 1.37 GA (on, not locked)
  29, 0, 34, 36, // VolumeAttributesClass: 1.29-1.30 alpha, 1.31-1.33 beta (off), 1.34 GA (on), locked from 1.36
  18, 23, 19, 22, // HugePageStorageMediumSize: 1.18 alpha (off), 1.19-1.21 beta, GA and locked 1.22-1.23
  32, 0, 34, 0, // PodLevelResources: 1.32-1.33 alpha (off), 1.34+ beta (on)
  22, 26, 23, 25, // StatefulSetMinReadySeconds: 1.22 alpha (off), 1.23-1.24 beta, GA and locked 1.25-1.26 (read as on after)
  21, 26, 22, 25, // DaemonSetUpdateSurge: 1.21 alpha (off), 1.22-1.24 beta, GA and locked 1.25-1.26 (read as on after)
  24, 0, 37, 0, // MaxUnavailableStatefulSet: 1.24-1.36 off, 1.37 on
  23, 34, 27, 32, // StatefulSetAutoDeletePVC: 1.23-1.26 alpha (off), 1.27-1.31 beta, GA and locked 1.32-1.34
  37, 0, 0, 0, // StatefulSetRecreateStrategy: 1.37 alpha (off)
  26, 32, 27, 31, // StatefulSetStartOrdinal: 1.26 alpha (off), 1.27-1.30 beta, GA and locked 1.31-1.32
  36, 0, 36, 0, // DeclarativeValidationBeta: 1.36+ beta (on)
  34, 0, 35, 0, // ContainerRestartRules: 1.34 alpha (off), 1.35+ beta (on)
  33, 0, 0, 36, // GitRepoVolumeDriver: 1.33-1.35 deprecated (off), locked off from 1.36 (the workload warnings read it)
  28, 36, 29, 33, // SidecarContainers: 1.28 alpha (off), 1.29-1.32 beta (on), GA and locked 1.33-1.36, gone in 1.37
  35, 0, 36, 37, // NodeDeclaredFeatures: 1.35 alpha (off), 1.36 beta (on), 1.37 GA and locked
  35, 0, 36, 0, // InPlacePodLevelResourcesVerticalScaling: 1.35 alpha (off), 1.36+ beta (on)
  36, 0, 36, 37, // InPlacePodVerticalScalingInitContainers: 1.36 beta (on), 1.37 GA and locked
  37, 0, 0, 0, // InPlacePodVerticalScalingMemoryBackedVolumes: 1.37 alpha (off)
  37, 0, 37, 0, // PodLevelResourcesFixKubeletQOSClass: 1.37 beta (on; QoS from pod-level resources only when one is set)
  37, 0, 37, 0, // PodLevelResourcesFixDefaulting: 1.37 beta (on; a resize without spec.resources keeps the stored ones)
  32, 0, 0, 0, // InPlacePodVerticalScalingExclusiveCPUs: 1.32+ alpha (off; the kubelet's static CPU manager refusal)
  34, 0, 0, 0, // InPlacePodVerticalScalingExclusiveMemory: 1.34+ alpha (off; the kubelet's static memory manager refusal)
];

/** The gate values a request runs with. */
export class Gates {
  names: Array<string> = new Array<string>();
  values: Array<bool> = new Array<bool>();
  /** The refusal text when a gate was refused, else null. */
  error: string | null = null;

  /** Value of gate `name` (its default at `minor` unless set). */
  enabled(name: string, minor: i32): bool {
    for (let i = this.names.length - 1; i >= 0; i--) if (this.names[i] == name) return this.values[i];
    const g = gateIndex(name, minor);
    if (g < 0) return false;
    const on = FACTS[g * 4 + 2];
    return on > 0 && minor >= on;
  }

  /** Sets gate `name` to `v` at `minor` as SetFromMap({name: v}) would; false (and `error`) when refused. */
  set(name: string, v: bool, minor: i32): bool {
    const g = gateIndex(name, minor);
    if (g < 0) { this.error = "unrecognized feature gate: " + name; return false; }
    const lockFrom = FACTS[g * 4 + 3];
    const def = this.defaultOf(g, minor);
    if (lockFrom > 0 && minor >= lockFrom && v != def) {
      this.error = "cannot set feature gate " + name + " to " + (v ? "true" : "false") + ", feature is locked to " + (def ? "true" : "false");
      return false;
    }
    if (name == "PodLevelResources" && !v && minor >= 36) {
      // gates that depend on it and are on by default (SetFromMap's dependency check; 1.37 lists them in
      // Go's map order, random per process: the engine lists them alphabetically)
      const on = minor >= 37 ? ["InPlacePodLevelResourcesVerticalScaling", "PodLevelResourcesFixDefaulting", "PodLevelResourcesFixKubeletQOSClass"] : ["InPlacePodLevelResourcesVerticalScaling"];
      const msgs = new Array<string>();
      for (let i = 0; i < on.length; i++) msgs.push(on[i] + " is enabled, but depends on features that are disabled: [PodLevelResources]");
      this.error = msgs.length == 1 ? msgs[0] : "[" + joinStrings(msgs, ", ") + "]";
      return false;
    }
    this.names.push(name);
    this.values.push(v);
    return true;
  }

  private defaultOf(g: i32, minor: i32): bool {
    const on = FACTS[g * 4 + 2];
    return on > 0 && minor >= on;
  }
}

function gateIndex(name: string, minor: i32): i32 {
  for (let i = 0; i < GATES.length; i++) {
    if (GATES[i] != name) continue;
    const from = FACTS[i * 4], to = FACTS[i * 4 + 1];
    if (minor >= from && (to == 0 || minor <= to)) return i;
  }
  return -1;
}
