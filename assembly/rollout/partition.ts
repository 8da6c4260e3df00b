// OpenKruise util.CalculatePartitionReplicas: a partition (IntOrString) as a number of pods to keep
// at the old revision, with its two percent rules (round up so that a non-zero percent keeps at least
// one old pod; a percent other than "100%" that reaches all replicas leaves one pod to update).

import { IntOrStr, IOS_NIL, IOS_STRING, scaledKruise, Scaled } from "../upstream/intstr/intorstr";

/** CalculatePartitionReplicas(partition, replicas); `hasReplicas` false is the nil pointer (taken as 1). */
export function partitionReplicas(partition: IntOrStr, replicas: i32, hasReplicas: bool): Scaled {
  if (partition.kind == IOS_NIL) return new Scaled(0);
  const r: i64 = hasReplicas ? <i64>replicas : 1;
  const scaled = scaledKruise(partition, r, true);
  if (!scaled.ok) return scaled;
  let p = scaled.value;
  if (r > 1 && p == r && partition.kind == IOS_STRING && !partition.strIs("100%")) p = r - 1;
  if (p > r) p = r;
  if (p < 0) p = 0;
  return new Scaled(p);
}
