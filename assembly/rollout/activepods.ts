// Kubernetes controller.ActivePods.Less (k8s.io/kubernetes v1.32 pkg/controller/controller_utils.go, the
// release OpenKruise v1.9.0 pins): the order in which a controller prefers pods (for deletion, and for
// CloneSet updates): unassigned < assigned; Pending (and any phase other than Unknown and Running) <
// Unknown < Running; not ready < ready; more recently ready < ready longer (zero time first); more
// restarts (regular containers, then sidecars) first; newer (zero creation time first) < older.
// assembly/rollout/fastactive.ts answers the same over keys packed into arrays.

import { Pod } from "./pod";
import { GoTime } from "./gotime";
import { IndexSorter } from "./gosort";

/** afterOrZero(t1, t2): a zero time counts as after any non-zero time. */
export function afterOrZero(a: GoTime, b: GoTime): bool {
  if (a.isZero() || b.isZero()) return a.isZero();
  return a.after(b);
}

/** ActivePods(pods).Less for pods a and b (podReadyTime is Pod.readySince, maxContainerRestarts the two restart counts). */
export function activePodsLess(a: Pod, b: Pod): bool {
  // different node names of which one is empty: exactly one pod is unassigned
  const aa = a.nodeName.length != 0;
  if (aa != (b.nodeName.length != 0)) return !aa;
  const pa = a.phaseOrd;
  const pb = b.phaseOrd;
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

/** sort.Slice(indexes, func(i, j) { ActivePods(pods).Less(indexes[i], indexes[j]) }). */
export class ActivePodsSlice extends IndexSorter {
  constructor(public pods: Array<Pod>) { super(); }
  lessValue(a: i32, b: i32): bool { return activePodsLess(this.pods[a], this.pods[b]); }
}
