// Schema handles of the Kubernetes types the Kruise port reads, per Kubernetes minor. They depend only on
// the build (the generated schema tables), so they are looked up once per process into a static table:
// one i32 slot per (type, minor), holding handle + 2 (0: not looked up yet; a slot is written whole, so a
// trap can never leave a half-written entry behind).

import { requestType } from "../../../typed/types";
import { JField } from "../../../typed/fields";
import { fieldNamed } from "./typed";

/** v1.Pod. */
export const T_POD: i32 = 0;
/** apps/v1.ControllerRevision. */
export const T_REVISION: i32 = 1;
/** apps/v1.ReplicaSet: the shape `{"spec":{"template":…}}` revision data decodes as. */
export const T_REPLICASET: i32 = 2;
/** v1.PodTemplateSpec (the ReplicaSet's spec.template: what GetTemplateFromRevision decodes). */
export const T_TEMPLATE: i32 = 3;
/** v1.PodTemplateSpec as a request type name (kruise.strategy's templates). */
export const T_POD_TEMPLATE_SPEC: i32 = 4;

const TYPES: i32 = 5;
const MINORS: i32 = 64;
const SLOTS: usize = memory.data(TYPES * MINORS * 4);
const NAMES: StaticArray<string> = ["Pod", "ControllerRevision", "ReplicaSet", "", "PodTemplateSpec"];

/** The schema handle of type `which` (T_POD … T_POD_TEMPLATE_SPEC) at Kubernetes `minor`, or -1. */
export function kruiseType(which: i32, minor: i32): i32 {
  if (minor < 0 || minor >= MINORS) return -1;
  const p = SLOTS + (<usize>(which * MINORS + minor) << 2);
  const v = load<i32>(p);
  if (v != 0) return v - 2;
  let t = -1;
  if (which == T_TEMPLATE) {
    const rs = kruiseType(T_REPLICASET, minor);
    const spec: JField | null = rs < 0 ? null : fieldNamed(rs, "spec");
    const tmpl: JField | null = spec === null ? null : fieldNamed(spec.t, "template");
    t = tmpl === null ? -1 : tmpl.t;
  } else t = requestType(NAMES[which], minor);
  store<i32>(p, t + 2);
  return t;
}
