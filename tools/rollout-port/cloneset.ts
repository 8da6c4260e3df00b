// Ports OpenKruise v1.9.0's CloneSet test tables to rollout vectors:
//  - pkg/controller/cloneset/sync/cloneset_sync_utils_test.go TestCalculateDiffsWithExpectation
//    (every case runs with the gates PreparingUpdateAsUpdate=true and CloneSetPartitionRollback=true
//    unless the case disables the latter, as the test sets them).

import { gitShow, elements, field, calls, goString, intOrString, intFields, KRUISE_GIT, KRUISE_TAG } from "./gosource.ts";

export interface PortedVector {
  note: string;
  request: Record<string, unknown>;
  expect: Record<string, unknown>;
}

const DIFF_KEYS = ["scaleUpNum", "scaleUpNumOldRevision", "scaleDownNum", "scaleDownNumOldRevision", "scaleUpLimit",
  "deleteReadyLimit", "useSurge", "useSurgeOldRevision", "updateNum", "updateMaxUnavailable"];

/** createTestPod(revisionHash, lifecycleState, ready, specifiedDelete) as a Pod object. */
function testPod(args: string[], i: number): Record<string, unknown> {
  const rev = args[0] === "newRevision" ? "new_rev" : args[0] === "oldRevision" ? "old_rev" : goString(args[0]!);
  const stateExpr = args[1]!;
  const state = stateExpr.startsWith("appspub.LifecycleState") ? stateExpr.slice("appspub.LifecycleState".length) : goString(stateExpr);
  const labels: Record<string, string> = { "controller-revision-hash": rev, "lifecycle.apps.kruise.io/state": state };
  if (args[3] === "true") labels["apps.kruise.io/specified-delete"] = "true";
  const pod: Record<string, unknown> = { metadata: { name: `pod-${i}`, labels } };
  if (args[2] === "true") pod.status = { phase: "Running", conditions: [{ type: "Ready", status: "True" }] };
  return pod;
}

/** The CloneSet built by the case's `set:` expression. */
function testCloneSet(expr: string): Record<string, unknown> {
  let paused = false;
  let scaleMaxUnavailable: number | string | undefined;
  let e = expr.trim();
  for (;;) {
    const pausedCall = calls(e, "setUpdateStrategyPaused")[0];
    if (pausedCall && e.startsWith("setUpdateStrategyPaused(")) {
      paused = pausedCall[1] === "true";
      e = pausedCall[0]!;
      continue;
    }
    const scaleCall = calls(e, "setScaleStrategy")[0];
    if (scaleCall && e.startsWith("setScaleStrategy(")) {
      scaleMaxUnavailable = intOrString(scaleCall[1]!);
      e = scaleCall[0]!;
      continue;
    }
    break;
  }
  const c = calls(e, "createTestCloneSet")[0];
  if (!c) throw new Error(`unexpected set: ${expr}`);
  const updateStrategy: Record<string, unknown> = {
    partition: intOrString(c[1]!), maxUnavailable: intOrString(c[2]!), maxSurge: intOrString(c[3]!),
  };
  if (paused) updateStrategy.paused = true;
  const spec: Record<string, unknown> = { replicas: Number(c[0]), updateStrategy };
  if (scaleMaxUnavailable !== undefined) spec.scaleStrategy = { maxUnavailable: scaleMaxUnavailable };
  return { spec };
}

/** TestCalculateDiffsWithExpectation. */
export function portCalculateDiffs(): PortedVector[] {
  const path = "pkg/controller/cloneset/sync/cloneset_sync_utils_test.go";
  const src = gitShow(KRUISE_GIT, KRUISE_TAG, path);
  const fn = src.indexOf("func TestCalculateDiffsWithExpectation");
  const open = src.indexOf("}{", src.indexOf("cases := []struct", fn)) + 1;
  const out: PortedVector[] = [];
  for (const block of elements(src, open)) {
    const name = goString(field(block, "name")!);
    const cs = testCloneSet(field(block, "set")!);
    const setLabels = field(block, "setLabels");
    if (setLabels) {
      if (!setLabels.includes("CloneSetScalingExcludePreparingDeleteKey: \"true\"")) throw new Error(`unexpected setLabels ${setLabels}`);
      cs.metadata = { labels: { "apps.kruise.io/cloneset-scaling-exclude-preparing-delete": "true" } };
    }
    const podsExpr = field(block, "pods") ?? "";
    const pods = calls(podsExpr, "createTestPod").map((a, i) => testPod(a, i));
    const consistent = field(block, "revisionConsistent") === "true";
    const disableGate = field(block, "disableFeatureGate") === "true";
    const isPodUpdate = field(block, "isPodUpdate");
    const got = intFields(field(block, "expectResult")!);
    const diffs: Record<string, number> = {};
    for (const k of DIFF_KEYS) diffs[k] = got[k] ?? 0;
    for (const k of Object.keys(got)) if (!DIFF_KEYS.includes(k)) throw new Error(`unknown diff field ${k}`);
    const request: Record<string, unknown> = {
      op: "rollout.cloneset",
      cloneSet: cs,
      pods,
      currentRevision: consistent ? "new_rev" : "old_rev",
      updateRevision: "new_rev",
      gates: { CloneSetPartitionRollback: !disableGate, PreparingUpdateAsUpdate: true },
    };
    if (isPodUpdate === "revision.IsPodUpdate") request.diffsFor = "scale";
    else if (isPodUpdate !== null) throw new Error(`unexpected isPodUpdate ${isPodUpdate}`);
    out.push({ note: `kruise v1.9.0 ${path} TestCalculateDiffsWithExpectation: ${name}`, request, expect: { diffs } });
  }
  return out;
}
