// The Go types a strategic merge patch can be computed for (`type` in smp requests, the names the k8s
// oracle uses). The release facts of each minor are in base/pins.ts.

/** The Go type (go-spew spelling in the schema tables) of request type name `name`, or "" if unknown. */
export function goTypeName(name: string): string {
  if (name == "Pod") return "v1.Pod";
  if (name == "PodSpec") return "v1.PodSpec";
  if (name == "PodTemplateSpec") return "v1.PodTemplateSpec";
  if (name == "PodTemplate") return "v1.PodTemplate";
  if (name == "Container") return "v1.Container";
  if (name == "EphemeralContainer") return "v1.EphemeralContainer";
  if (name == "ResourceRequirements") return "v1.ResourceRequirements";
  if (name == "SecurityContext") return "v1.SecurityContext";
  if (name == "Probe") return "v1.Probe";
  if (name == "EnvVar") return "v1.EnvVar";
  if (name == "Volume") return "v1.Volume";
  if (name == "ObjectMeta") return "v1.ObjectMeta";
  if (name == "Quantity") return "resource.Quantity";
  if (name == "Deployment") return "v1.Deployment";
  if (name == "ReplicaSet") return "v1.ReplicaSet";
  if (name == "StatefulSet") return "v1.StatefulSet";
  if (name == "DaemonSet") return "v1.DaemonSet";
  if (name == "ControllerRevision") return "v1.ControllerRevision";
  // what client code passes for an object without a Go type (a custom resource)
  if (name == "Unstructured") return "unstructured.Unstructured";
  // OpenKruise v1.9.0 (answered at Kruise's pinned minor only)
  if (name == "CloneSet") return "v1alpha1.CloneSet";
  if (name == "AdvancedStatefulSet") return "v1beta1.StatefulSet";
  if (name == "AdvancedDaemonSet") return "v1beta1.DaemonSet";
  return "";
}

/** True for the OpenKruise kinds. */
export function isKruiseKind(name: string): bool {
  return name == "CloneSet" || name == "AdvancedStatefulSet" || name == "AdvancedDaemonSet";
}
