// Kubernetes controller.ActivePods.Less (k8s.io/kubernetes v1.32, the release OpenKruise v1.9.0
// pins): the order in which a controller prefers pods (for deletion, and for CloneSet updates):
// unassigned < assigned; Pending (and any phase other than Unknown and Running) < Unknown < Running;
// not ready < ready; more recently ready < ready longer (zero time first); more restarts (regular
// containers, then sidecars) first; newer (zero creation time first) < older.

import { Pod } from "./pod";
import { GoTime } from "./gotime";

function phaseOrdinal(phase: string): i32 {
  if (phase == "Unknown") return 1;
  if (phase == "Running") return 2;
  return 0; // Pending, and Go's map default for every other phase
}

/** afterOrZero(t1, t2): a zero time counts as after any non-zero time. */
export function afterOrZero(a: GoTime, b: GoTime): bool {
  if (a.isZero() || b.isZero()) return a.isZero();
  return a.after(b);
}

/** ActivePods(pods).Less for pods a and b. */
export function activePodsLess(a: Pod, b: Pod): bool {
  if (a.nodeName != b.nodeName && (a.nodeName.length == 0 || b.nodeName.length == 0)) return a.nodeName.length == 0;
  const pa = phaseOrdinal(a.phase);
  const pb = phaseOrdinal(b.phase);
  if (pa != pb) return pa < pb;
  const ra = a.isReady;
  const rb = b.isReady;
  if (ra != rb) return !ra;
  if (ra && rb && !a.readySince.equal(b.readySince)) return afterOrZero(a.readySince, b.readySince);
  if (a.restarts != b.restarts) return a.restarts > b.restarts;
  if (a.sidecarRestarts != b.sidecarRestarts) return a.sidecarRestarts > b.sidecarRestarts;
  if (!a.created.equal(b.created)) return afterOrZero(a.created, b.created);
  return false;
}
