// The type names the k8s ops accept (the same list as the Go oracle's registry,
// test/oracle/k8s/harness/types.go) and the schema type each stands for, plus the names of the
// types whose JSON is hand-written upstream (MarshalJSON / UnmarshalJSON).

import { nameId, resolve, minorIndex } from "../schema/schema";

// request name, schema (go-spew) name
const NAMES: StaticArray<string> = [
  "Pod", "v1.Pod",
  "PodSpec", "v1.PodSpec",
  "PodTemplateSpec", "v1.PodTemplateSpec",
  "Container", "v1.Container",
  "EphemeralContainer", "v1.EphemeralContainer",
  "ResourceRequirements", "v1.ResourceRequirements",
  "SecurityContext", "v1.SecurityContext",
  "Probe", "v1.Probe",
  "EnvVar", "v1.EnvVar",
  "Volume", "v1.Volume",
  "ObjectMeta", "v1.ObjectMeta",
  "Quantity", "resource.Quantity",
  "Deployment", "v1.Deployment",
  "ReplicaSet", "v1.ReplicaSet",
  "StatefulSet", "v1.StatefulSet",
  "DaemonSet", "v1.DaemonSet",
  "ControllerRevision", "v1.ControllerRevision",
];

// OpenKruise kinds (answered at Kruise's pinned Kubernetes minor only)
const KRUISE: StaticArray<string> = [
  "CloneSet", "v1beta1.CloneSet", // what kruise@v1.9.0 (module proxy) controllers read
  "AdvancedStatefulSet", "v1beta1.StatefulSet",
  "AdvancedDaemonSet", "v1beta1.DaemonSet",
];

/** The go-spew name of request type `name`, or null when the name is not accepted. */
export function schemaNameOf(name: string): string | null {
  for (let i = 0; i < NAMES.length; i += 2) if (NAMES[i] == name) return NAMES[i + 1];
  for (let i = 0; i < KRUISE.length; i += 2) if (KRUISE[i] == name) return KRUISE[i + 1];
  return null;
}

/** True when `name` is an OpenKruise kind. */
export function isKruiseKind(name: string): bool {
  for (let i = 0; i < KRUISE.length; i += 2) if (KRUISE[i] == name) return true;
  return false;
}

/** The schema handle of request type `name` at Kubernetes `minor`, or -1 (unknown name or absent there). */
export function requestType(name: string, minor: i32): i32 {
  const s = schemaNameOf(name);
  if (s === null) return -1;
  return resolve(minorIndex(minor), nameId(s));
}

/** Name ids of the types with hand-written JSON: schema constants, looked up once per process on first use (an
 * immutable table of the build; docs/architecture.md "State that outlives a call"). */
export class SpecialNames {
  static quantity: i32 = -1;
  static metaTime: i32 = -1;
  static goTime: i32 = -1;
  static intOrString: i32 = -1;
  static rawExtension: i32 = -1;
  static fieldsV1: i32 = -1;
  static fields: i32 = -1;
  static location: i32 = -1;

  /** Resolves the name ids (static data, so the values stay valid across calls). */
  static init(): void {
    if (SpecialNames.quantity >= 0) return;
    SpecialNames.quantity = nameId("resource.Quantity");
    SpecialNames.metaTime = nameId("v1.Time");
    SpecialNames.goTime = nameId("time.Time");
    SpecialNames.intOrString = nameId("intstr.IntOrString");
    SpecialNames.rawExtension = nameId("runtime.RawExtension");
    SpecialNames.fieldsV1 = nameId("v1.FieldsV1");
    SpecialNames.fields = nameId("v1.Fields");
    SpecialNames.location = nameId("time.Location");
  }
}

/** Kinds of hand-written JSON. */
export const SP_NONE: i32 = 0;
export const SP_QUANTITY: i32 = 1;
export const SP_TIME: i32 = 2; // metav1.Time
export const SP_INTORSTRING: i32 = 3;
export const SP_RAW: i32 = 4; // runtime.RawExtension and metav1.FieldsV1: raw JSON bytes
export const SP_FIELDS: i32 = 5; // metav1.Fields (1.14-1.15): map[string]Fields as JSON objects

/** Which hand-written JSON type name id `n` is (SP_*). */
export function specialOf(n: i32): i32 {
  SpecialNames.init();
  if (n == SpecialNames.quantity) return SP_QUANTITY;
  if (n == SpecialNames.metaTime) return SP_TIME;
  if (n == SpecialNames.intOrString) return SP_INTORSTRING;
  if (n == SpecialNames.rawExtension || n == SpecialNames.fieldsV1) return SP_RAW;
  if (n == SpecialNames.fields) return SP_FIELDS;
  return SP_NONE;
}
