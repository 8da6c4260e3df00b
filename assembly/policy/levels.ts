// What a change does to running pods, as an ordered level shared by the verdict (each reason's
// `effect`) and user policies (the most a rule allows at its paths).

/** No effect on running pods (e.g. `spec.replicas`, workload metadata). */
export const EFFECT_NONE: i32 = 0;
/** The pod is updated in place, no container restarts. */
export const EFFECT_IN_PLACE: i32 = 1;
/** The pod is updated in place and a container restarts. */
export const EFFECT_RESTART: i32 = 2;
/** The pod is deleted and created again. */
export const EFFECT_RECREATE: i32 = 3;
/** The update is refused (API server validation or a Kruise webhook). */
export const EFFECT_REJECTED: i32 = 4;

/** The name of effect level `e` as answers write it. */
export function effectName(e: i32): string {
  if (e == EFFECT_NONE) return "none";
  if (e == EFFECT_IN_PLACE) return "in-place";
  if (e == EFFECT_RESTART) return "restart";
  if (e == EFFECT_RECREATE) return "recreate";
  return "rejected";
}

/** Policy verdicts: the highest effect a rule accepts at its paths. */
export const VERDICT_NAMES: StaticArray<string> = ["allow", "in-place", "restart-container", "recreate", "deny"];

/** Highest effect allowed by policy verdict `name` (deny: -1, nothing; allow: every effect); -2 when unknown. */
export function verdictLimit(name: string): i32 {
  if (name == "allow") return EFFECT_REJECTED;
  if (name == "in-place") return EFFECT_IN_PLACE;
  if (name == "restart-container") return EFFECT_RESTART;
  if (name == "recreate") return EFFECT_RECREATE;
  if (name == "deny") return -1;
  return -2;
}
