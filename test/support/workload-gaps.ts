// The known differences between the engine's workload.validateUpdate and kube-apiserver's, named so that the
// replay of the golden vectors and the live suite can require every other answer to be identical byte for byte
// and hold each known difference to a ceiling (a ratchet: lower it when the engine learns more, never raise it).
//
// - "warnings": the engine does not port GetWarningsForPodTemplate and the strategies' WarningsOnUpdate yet
//   (deprecated node labels, seccomp / AppArmor annotations, negative grace periods, duplicate ports, a negative
//   revisionHistoryLimit, clusterName); it answers no warnings. Counted when the two answers are equal once the
//   oracle's warnings are dropped.

/** The name of the known difference between an engine answer and the oracle's for `request`, or null (a real mismatch). */
export function knownGap(_request: string, engine: unknown, oracle: unknown): string | null {
  const e = engine as { ok?: boolean; result?: { errors?: unknown[]; message?: string; warnings?: string[] } };
  const o = oracle as typeof e;
  if (!e.ok || !o.ok || e.result === undefined || o.result === undefined) return null;
  const sameErrors = JSON.stringify(e.result.errors) === JSON.stringify(o.result.errors) && e.result.message === o.result.message;
  if (sameErrors && (e.result.warnings ?? []).length === 0 && (o.result.warnings ?? []).length > 0) return "warnings";
  return null;
}
