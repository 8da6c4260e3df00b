// The Go types a strategic merge patch can be computed for (`type` in smp requests, the names the k8s
// oracle uses), and the release facts of each supported Kubernetes minor that pick the Go release:
// the Go of its x.y.0 release build (the default) and the oldest Go its go.mod allows.

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

/** OpenKruise v1.9.0 pins k8s.io/kubernetes v1.32.10. */
export const KRUISE_MINOR: i32 = 32;
/** Go of OpenKruise v1.9.0's release build (its Dockerfile: golang:1.23.9). */
export const KRUISE_GO: i32 = 23;
/** Oldest Go for OpenKruise v1.9.0 (go.mod: go 1.23). */
export const KRUISE_MIN_GO: i32 = 23;

/** Newest supported Kubernetes minor (requests without `kubernetes` mean it). */
export const NEWEST_MINOR: i32 = 37;

/** Go minor of the x.y.0 release build of Kubernetes 1.`minor`, or -1 when unsupported. */
export function releaseGo(minor: i32): i32 {
  switch (minor) {
    case 12: return 10;
    case 15: return 12;
    case 16: return 12;
    case 17: return 13;
    case 18: return 13;
    case 19: return 15;
    case 20: return 15;
    case 21: return 16;
    case 22: return 16;
    case 23: return 17;
    case 24: return 18;
    case 25: return 19;
    case 26: return 19;
    case 27: return 20;
    case 28: return 20;
    case 29: return 21;
    case 30: return 22;
    case 31: return 22;
    case 32: return 23;
    case 33: return 24;
    case 34: return 24;
    case 35: return 25;
    case 36: return 26;
    case 37: return 26;
  }
  return -1;
}

/** Oldest Go minor that can build Kubernetes 1.`minor` (its go.mod `go` line from 1.21 on; else 10). */
export function minGo(minor: i32): i32 {
  switch (minor) {
    case 29: return 21;
    case 30: return 22;
    case 31: return 22;
    case 32: return 23;
    case 33: return 24;
    case 34: return 24;
    case 35: return 25;
    case 36: return 26;
    case 37: return 26;
  }
  return 10;
}
