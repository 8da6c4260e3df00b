// The types an OpenKruise release's controllers read its kinds into: v1.9.0's read v1beta1 CloneSet, StatefulSet and
// DaemonSet (the schema tables' OpenKruise types at every Kubernetes minor); the releases before read v1alpha1
// CloneSet and DaemonSet and v1beta1 StatefulSet, each from its own generated types at the Kubernetes minor it pins
// (the tables' release slots: assembly/schema/schema.ts kruiseTypeId).

import { kruiseTypeId } from "../schema/schema";
import { requestType } from "./types";
import { KRUISE_NEWEST, kruiseK8sMinorOf } from "../base/pins";

/** The handle of request type `name` (an OpenKruise kind, or a Kubernetes type such as "PodTemplateSpec") as the
 *  controllers of OpenKruise minor `release` read it; -1 when unknown. */
export function kruiseControllerType(name: string, release: i32): i32 {
  if (release >= KRUISE_NEWEST) return requestType(name, kruiseK8sMinorOf(release));
  if (name == "CloneSet") return kruiseTypeId(release, "v1alpha1.CloneSet");
  if (name == "AdvancedDaemonSet") return kruiseTypeId(release, "v1alpha1.DaemonSet");
  if (name == "AdvancedStatefulSet") return kruiseTypeId(release, "v1beta1.StatefulSet");
  return kruiseTypeId(release, "v1." + name);
}
