// The `applyDefaults` option of the k8s ops: which defaulter a request type gets (see podspec.ts for the
// exported defaulters and their contract).
//   Pod                         SetObjectDefaults_Pod
//   PodTemplateSpec             the PodTemplate defaulter on the template (SetObjectDefaults_PodTemplate)
//   PodTemplate                 SetObjectDefaults_PodTemplate
//   Container                   SetObjectDefaults_Pod on a pod holding only this container
//   Deployment, ReplicaSet, StatefulSet, DaemonSet   apps/v1 SetObjectDefaults_<kind>

// 1.12 is refused with the oracle's api-flavor text (k8s.io/kubernetes 1.12 cannot be built as a module, so
// there is no defaulter to check against).

import { Val, StructV } from "../../../typed/value";
import { fail, E_BAD_REQUEST, E_UNSUPPORTED_VERSION } from "../../../base/errors";
import { newStruct, structField } from "./tree";
import { applyPodDefaults, applyPodTemplateSpecDefaults, applyContainerDefaults, DEFAULTS_MIN_MINOR } from "./podspec";
import { applyWorkloadDefaults, DefaultGates } from "./apps";

export { applyPodDefaults, applyPodTemplateSpecDefaults, applyPodSpecDefaults, applyContainerDefaults } from "./podspec";
export { applyWorkloadDefaults } from "./apps";

/** True when request type `name` has a defaulter. */
export function hasDefaulter(name: string): bool {
  return name == "Pod" || name == "PodTemplateSpec" || name == "PodTemplate" || name == "Container" ||
    name == "Deployment" || name == "ReplicaSet" || name == "StatefulSet" || name == "DaemonSet";
}

/**
 * Applies the API server's defaults of request type `name` (schema type `ty`) to `v` at `minor`; returns the
 * (possibly new) value, or null with an error recorded (check hasError()). `path` names the request field
 * for errors.
 */
export function applyDefaultsTo(name: string, ty: i32, v: Val | null, minor: i32, path: string, gates: DefaultGates | null = null): Val | null {
  if (minor < DEFAULTS_MIN_MINOR) {
    fail(E_UNSUPPORTED_VERSION, "applyDefaults needs k8s.io/kubernetes (pkg/apis/core/v1 defaulters): not in this build (api flavor; kubernetes 1.12 has only this flavor)", -1, "applyDefaults");
    return null;
  }
  if (!hasDefaulter(name)) {
    fail(E_BAD_REQUEST, "applyDefaults is not defined for type \"" + name + "\"", -1, path);
    return null;
  }
  const s: StructV = v === null ? newStruct(ty) : changetype<StructV>(v);
  let ok = true;
  if (name == "Pod") ok = applyPodDefaults(s, minor, gates !== null && gates.inPlacePodVerticalScaling);
  else if (name == "PodTemplateSpec") ok = applyPodTemplateSpecDefaults(s, minor);
  else if (name == "PodTemplate") {
    const t = structField(s, "Template");
    if (t !== null) ok = applyPodTemplateSpecDefaults(t, minor);
  } else if (name == "Container") applyContainerDefaults(s, minor);
  else ok = applyWorkloadDefaults(name, s, minor, gates);
  return ok ? s : null;
}
