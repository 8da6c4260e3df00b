// Ports OpenKruise v1.9.0's update-order tables to rollout.cloneset vectors (the order shows in the
// answer's `candidates`; every pod is identical for the ActivePods sort, which then keeps their order):
//  - pkg/util/updatesort/priority_sort_test.go TestCompare (two pods, expected=false means the second
//    sorts first) and Test_prioritySort_Sort;
//  - pkg/util/updatesort/scatter_sort_test.go TestScatterPodsByRule (one term: Sort calls exactly it)
//    and TestSort (pods beyond the listed indexes are not candidates; nil pods are JSON null);
//  - pkg/controller/cloneset/sync/cloneset_update_test.go TestSortUpdateIndexes and
//    TestCalculateUpdateCount (limitUpdateIndexes over the unsorted candidates: sortCandidates false).

import { gitShow, elements, field, calls, goString, splitTop, intOrString, KRUISE_GIT, KRUISE_TAG } from "./gosource.ts";
import type { PortedVector } from "./cloneset.ts";

/** A Go map[string]string literal `{"k": "v", ...}` (or `nil`). */
function goMap(lit: string): Record<string, string> | null {
  const t = lit.trim().replace(/^map\[string\]string/, "");
  if (t === "nil") return null;
  const out: Record<string, string> = {};
  const inner = t.slice(t.indexOf("{") + 1, t.lastIndexOf("}"));
  for (const part of splitTop(inner)) {
    const m = /^("(?:[^"\\]|\\.)*")\s*:\s*("(?:[^"\\]|\\.)*")$/.exec(part);
    if (!m) throw new Error(`not a map entry: ${part}`);
    out[goString(m[1]!)] = goString(m[2]!);
  }
  return out;
}

/** An int slice literal `[]int{1, 2}`. */
function intSlice(lit: string): number[] {
  const inner = lit.slice(lit.indexOf("{") + 1, lit.lastIndexOf("}"));
  return splitTop(inner).map(Number);
}

/** A pub.UpdatePriorityStrategy literal. */
function priorityStrategy(lit: string): Record<string, unknown> {
  lit = lit.slice(lit.indexOf("{"));
  const out: Record<string, unknown> = {};
  const w = field(lit, "WeightPriority");
  if (w) {
    const open = w.indexOf("{");
    out.weightPriority = elements(w, open).map((term) => {
      const weight = Number(field(term, "Weight"));
      const sel = field(term, "MatchSelector")!;
      const ml = field(sel.slice(sel.indexOf("{")), "MatchLabels");
      return { weight, matchSelector: ml ? { matchLabels: goMap(ml) } : {} };
    });
  }
  const o = field(lit, "OrderPriority");
  if (o) {
    const open = o.indexOf("{");
    out.orderPriority = elements(o, open).map((term) => ({ orderedKey: goString(field(term, "OrderedKey")!) }));
  }
  return out;
}

/** A pod at revision "old" with the given labels (null: Go's nil pod). */
function labelledPod(name: string, labels: Record<string, string> | null): Record<string, unknown> | null {
  if (labels === null) return null;
  return { metadata: { name, labels: { ...labels, "controller-revision-hash": "old" } } };
}

/** A rollout.cloneset request whose candidates are `wait` (in that order), sorted by the strategy. */
function sortRequest(pods: (Record<string, unknown> | null)[], wait: number[], strategy: Record<string, unknown>): Record<string, unknown> {
  return {
    op: "rollout.cloneset",
    cloneSet: { spec: { replicas: pods.length, updateStrategy: { ...strategy } } },
    pods,
    currentRevision: "old",
    updateRevision: "new",
    waitUpdate: wait,
  };
}

const PRIORITY = "pkg/util/updatesort/priority_sort_test.go";
const SCATTER = "pkg/util/updatesort/scatter_sort_test.go";
const UPDATE = "pkg/controller/cloneset/sync/cloneset_update_test.go";

/** TestCompare and Test_prioritySort_Sort. */
export function portPriority(): PortedVector[] {
  const src = gitShow(KRUISE_GIT, KRUISE_TAG, PRIORITY);
  const out: PortedVector[] = [];
  const f1 = src.indexOf("func TestCompare");
  const cases = elements(src, src.indexOf("}{", src.indexOf("cases := []struct", f1)) + 1);
  cases.forEach((c, i) => {
    const strategy = priorityStrategy(field(c, "strategy")!);
    const podI = goMap(field(c, "podI")!)!;
    const podJ = goMap(field(c, "podJ")!)!;
    const expected = field(c, "expected") === "true";
    const pods = [labelledPod("pod-i", podI), labelledPod("pod-j", podJ)];
    out.push({
      note: `kruise v1.9.0 ${PRIORITY} TestCompare: case #${i} (expected ${expected}: ${expected ? "pod-i stays first" : "pod-j sorts first"})`,
      request: sortRequest(pods, [0, 1], { priorityStrategy: strategy }),
      expect: { candidates: expected ? ["pod-i", "pod-j"] : ["pod-j", "pod-i"] },
    });
  });
  const f2 = src.indexOf("func Test_prioritySort_Sort");
  const tests = elements(src, src.indexOf("}{", src.indexOf("tests := []struct", f2)) + 1);
  for (const t of tests) {
    const name = goString(field(t, "name")!);
    const fields = field(t, "fields")!;
    const strategy = priorityStrategy(field(fields.slice(fields.indexOf("{")), "strategy")!.replace(/^&appspub\.UpdatePriorityStrategy/, ""));
    const args = field(t, "args")!;
    const podsLit = field(args.slice(args.indexOf("{")), "pods")!;
    const pods = elements(podsLit, podsLit.indexOf("{")).map((p) => {
      const meta = field(p, "ObjectMeta")!;
      const metaBody = meta.slice(meta.indexOf("{"));
      const podName = goString(field(metaBody, "Name")!);
      const labels = field(metaBody, "Labels");
      return labelledPod(podName, labels ? goMap(labels)! : {});
    });
    const indexes = intSlice(field(args.slice(args.indexOf("{")), "indexes")!);
    const want = intSlice(field(t, "want")!);
    out.push({
      note: `kruise v1.9.0 ${PRIORITY} Test_prioritySort_Sort: ${name}`,
      request: sortRequest(pods, indexes, { priorityStrategy: strategy }),
      expect: { candidates: want.map((k) => (pods[k] as { metadata: { name: string } }).metadata.name) },
    });
  }
  return out;
}

/** TestScatterPodsByRule and TestSort. */
export function portScatter(): PortedVector[] {
  const src = gitShow(KRUISE_GIT, KRUISE_TAG, SCATTER);
  const out: PortedVector[] = [];
  const f1 = src.indexOf("func TestScatterPodsByRule");
  const cases1 = elements(src, src.indexOf("}{", src.indexOf("testCases := []struct", f1)) + 1);
  for (const c of cases1) {
    const desc = goString(field(c, "desc")!);
    const labelsLit = field(c, "podLabels")!;
    const strs = splitTop(labelsLit.slice(labelsLit.indexOf("{") + 1, labelsLit.lastIndexOf("}"))).map(goString);
    const expected = intSlice(field(c, "expectedIndexes")!);
    const pods = expected.map((_, i) => {
      const labels: Record<string, string> = {};
      for (const kv of strs[i]!.split(",")) {
        const j = kv.indexOf("=");
        if (j >= 0) labels[kv.slice(0, j)] = kv.slice(j + 1);
      }
      return labelledPod(String(i), labels);
    });
    out.push({
      note: `kruise v1.9.0 ${SCATTER} TestScatterPodsByRule: ${desc}`,
      request: sortRequest(pods, pods.map((_, i) => i), { scatterStrategy: [{ key: "labelA", value: "AAA" }] }),
      expect: { candidates: expected.map(String) },
    });
  }
  const f2 = src.indexOf("func TestSort(");
  const cases2 = elements(src, src.indexOf("}{", src.indexOf("testCases := []struct", f2)) + 1);
  for (const c of cases2) {
    const desc = goString(field(c, "desc")!);
    const labelsLit = field(c, "podLabels")!;
    const maps = splitTop(labelsLit.slice(labelsLit.indexOf("{") + 1, labelsLit.lastIndexOf("}"))).map((m) => (m === "nil" ? null : goMap(m)));
    const strategyLit = field(c, "scatterStrategy")!;
    const inner = strategyLit.slice(strategyLit.indexOf("{") + 1, strategyLit.lastIndexOf("}"));
    const strategy = splitTop(inner).map((t) => ({ key: goString(field(t, "Key")!), value: goString(field(t, "Value")!) }));
    const expected = intSlice(field(c, "expectedIndexes")!);
    // the test's candidate list: the first len(expected)+nils pods, skipping nil ones
    const wait: number[] = [];
    let nils = 0;
    for (let i = 0; i < expected.length + nils; i++) {
      if (maps[i] === null) nils++;
      else wait.push(i);
    }
    const pods = maps.map((m, i) => labelledPod(String(i), m));
    out.push({
      note: `kruise v1.9.0 ${SCATTER} TestSort: ${desc}`,
      request: sortRequest(pods, wait, { scatterStrategy: strategy }),
      expect: { candidates: expected.map(String) },
    });
  }
  return out;
}

/** A pod literal of cloneset_update_test.go: its phase and whether it is Ready. */
function statusPod(lit: string, name: string): Record<string, unknown> {
  const phase = /Phase:\s*v1\.Pod(\w+)/.exec(lit)?.[1];
  const ready = /Type:\s*v1\.PodReady,\s*Status:\s*v1\.ConditionTrue/.test(lit);
  const status: Record<string, unknown> = {};
  if (phase) status.phase = phase;
  if (ready) status.conditions = [{ type: "Ready", status: "True" }];
  return { metadata: { name, labels: { "controller-revision-hash": "old" } }, status };
}

/** TestSortUpdateIndexes and TestCalculateUpdateCount. */
export function portCloneSetUpdate(): PortedVector[] {
  const src = gitShow(KRUISE_GIT, KRUISE_TAG, UPDATE);
  const out: PortedVector[] = [];
  const f1 = src.indexOf("func TestSortUpdateIndexes");
  const cases1 = elements(src, src.indexOf("}{", src.indexOf("cases := []struct", f1)) + 1);
  cases1.forEach((c, i) => {
    const podsLit = field(c, "pods")!;
    const pods = elements(podsLit, podsLit.indexOf("{")).map((p, k) => statusPod(p, `pod-${k}`));
    const wait = intSlice(field(c, "waitUpdateIndexes")!);
    const expected = intSlice(field(c, "expectedIndexes")!);
    out.push({
      note: `kruise v1.9.0 ${UPDATE} TestSortUpdateIndexes: case #${i}`,
      request: sortRequest(pods, wait, {}),
      expect: { candidates: expected.map((k) => `pod-${k}`) },
    });
  });
  const f2 = src.indexOf("func TestCalculateUpdateCount");
  const cases2 = elements(src, src.indexOf("}{", src.indexOf("cases := []struct", f2)) + 1);
  cases2.forEach((c, i) => {
    const strategyLit = field(c, "strategy")!;
    const body = strategyLit.slice(strategyLit.indexOf("{"));
    const us: Record<string, unknown> = {};
    const part = field(body, "Partition");
    if (part) us.partition = intOrString(calls(part, "util.GetIntOrStrPointer")[0]![0]!);
    for (const [goName, jsonName] of [["MaxUnavailable", "maxUnavailable"], ["MaxSurge", "maxSurge"]] as const) {
      const v = field(body, goName);
      if (v) us[jsonName] = intOrString(calls(v, "intstrutil.ValueOrDefault")[0]![1]!);
    }
    const replicas = Number(field(c, "totalReplicas"));
    const old = new Set(intSlice(field(c, "oldRevisionIndexes")!));
    const podsLit = field(c, "pods")!;
    const inner = podsLit.slice(podsLit.indexOf("{") + 1, podsLit.lastIndexOf("}"));
    const pods = splitTop(inner).map((p, k) => {
      const pod = p === "readyPod()" ? statusPod("Phase: v1.PodRunning, Conditions: []v1.PodCondition{{Type: v1.PodReady, Status: v1.ConditionTrue}}", `pod-${k}`) : statusPod(p, `pod-${k}`);
      (pod.metadata as { labels: Record<string, string> }).labels["controller-revision-hash"] = old.has(k) ? "current" : "updated";
      return pod;
    });
    const expected = Number(field(c, "expectedResult"));
    out.push({
      note: `kruise v1.9.0 ${UPDATE} TestCalculateUpdateCount: case #${i} (limitUpdateIndexes on unsorted candidates; CloneSetPartitionRollback on)`,
      request: {
        op: "rollout.cloneset",
        cloneSet: { spec: { replicas, updateStrategy: us } },
        pods,
        currentRevision: "current",
        updateRevision: "updated",
        gates: { CloneSetPartitionRollback: true },
        sortCandidates: false,
      },
      expect: { "update.length": expected },
    });
  });
  return out;
}

