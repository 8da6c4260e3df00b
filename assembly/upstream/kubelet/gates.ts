// The feature gates the kubelet model reads, their defaults per kubelet minor, and which ones a
// request may set (`gates` {name: bool}); the others are refused rather than silently ignored.
// RestartAllContainersOnContainerExits (on by default from 1.36) is read but not settable.

/** Gate values for one evaluation. */
export class KubeletGates {
  ephemeralContainers: bool = false;
  sidecarContainers: bool = false;
  legacySidecarContainers: bool = false;
  containerRestartRules: bool = false;
  restartAllContainersOnContainerExits: bool = false;
  podObservedGenerationTracking: bool = false;
}

/** The defaults of kubelet minor `k`. */
export function defaultGates(k: i32): KubeletGates {
  const g = new KubeletGates();
  g.ephemeralContainers = k >= 23;
  g.sidecarContainers = k >= 29;
  g.legacySidecarContainers = false;
  g.containerRestartRules = k >= 35;
  g.restartAllContainersOnContainerExits = k >= 36;
  g.podObservedGenerationTracking = k >= 34;
  return g;
}

/** The minors in which gate `name` exists and may be set; [0, -1] when the model does not cover it. */
function settable(name: string): StaticArray<i32> {
  if (name == "EphemeralContainers") return [16, 24];
  if (name == "SidecarContainers") return [28, 32];
  if (name == "LegacySidecarContainers") return [33, 33];
  if (name == "ContainerRestartRules") return [34, 99];
  if (name == "PodObservedGenerationTracking") return [33, 34];
  return [0, -1];
}

/** Sets gate `name`; returns an error text ("" when accepted). */
export function setGate(g: KubeletGates, k: i32, name: string, v: bool): string {
  const r = settable(name);
  if (r[1] < 0) return "feature gate \"" + name + "\" is not modeled by the kubelet ops";
  if (k < r[0] || k > r[1]) return "feature gate \"" + name + "\" cannot be set in kubelet 1." + k.toString();
  // featuregate's dependency check (1.36+: RestartAllContainersOnContainerExits is on and needs it)
  if (name == "ContainerRestartRules" && !v && g.restartAllContainersOnContainerExits) {
    return "RestartAllContainersOnContainerExits is enabled, but depends on features that are disabled: [ContainerRestartRules]";
  }
  if (name == "EphemeralContainers") g.ephemeralContainers = v;
  else if (name == "SidecarContainers") g.sidecarContainers = v;
  else if (name == "LegacySidecarContainers") g.legacySidecarContainers = v;
  else if (name == "ContainerRestartRules") g.containerRestartRules = v;
  else if (name == "RestartAllContainersOnContainerExits") g.restartAllContainersOnContainerExits = v;
  else if (name == "PodObservedGenerationTracking") g.podObservedGenerationTracking = v;
  return "";
}
