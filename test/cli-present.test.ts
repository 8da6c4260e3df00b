// The presentation helpers shared by the CLI and the web page (js/present/): workload kinds from
// manifests, verdicts and actions in words, table rows, hash spans per kubelet minor, argument parsing.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { gatesOption, minorOption, parseArgs, UsageError } from "../js/cli/args.ts";
import { asInvoked, programName } from "../js/cli/program.ts";
import { timelineRows, timelineSummary } from "../js/present/timeline.ts";
import { containerHashes, containerTable, containerRows, containersOf, hashSpans, identity, isDisruptive, KUBERNETES_MINORS, objectKey, reasonRows, spanLabel, verdictWords, workloadKind } from "../js/present/index.ts";
import { cases } from "./support/scale.ts";

describe("present", () => {
  test("workload kinds: API group decides (Kruise StatefulSet/DaemonSet are the Advanced kinds)", () => {
    const k = (apiVersion: string, kind: string): string | undefined => workloadKind({ apiVersion, kind });
    assert.equal(k("apps/v1", "Deployment"), "Deployment");
    assert.equal(k("apps.kruise.io/v1beta1", "StatefulSet"), "AdvancedStatefulSet");
    assert.equal(k("apps.kruise.io/v1alpha1", "DaemonSet"), "AdvancedDaemonSet");
    assert.equal(k("apps.kruise.io/v1alpha1", "CloneSet"), "CloneSet");
    assert.equal(k("v1", "Pod"), "Pod");
    assert.equal(k("v1", "ConfigMap"), undefined);
    assert.equal(k("batch/v1", "Job"), undefined);
    assert.equal(k("example.com/v1", "Deployment"), undefined);
    assert.equal(objectKey({ apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "a", namespace: "n" } }), "apps/Deployment/n/a");
    assert.deepEqual(identity({ kind: 3, metadata: null }), { apiVersion: "", kind: "", namespace: "", name: "" });
    const pod = { apiVersion: "v1", kind: "Pod", spec: { initContainers: [{ name: "i" }], containers: [{ name: "a" }, "junk", { name: "b" }] } };
    assert.deepEqual(containersOf(pod).map((c) => [c.list, c.index, c.name]), [["initContainers", 0, "i"], ["containers", 0, "a"], ["containers", 2, "b"]]);
  });

  test("verdicts and actions in words; rows from a verdict result", () => {
    assert.deepEqual([verdictWords("none").tone, verdictWords("in-place").tone, verdictWords("recreate").tone, verdictWords("rejected").tone], ["good", "notice", "bad", "bad"]);
    assert.equal(verdictWords("later").label, "later");
    assert.deepEqual(["none", "in-place", "recreate", "rejected"].map(isDisruptive), [false, false, true, true]);
    const result = { containers: [{ name: "a", action: "restart" }, { name: "i", action: "keep", init: true }], reasons: [{ path: "/spec/x", effect: "restart", message: "m" }] };
    assert.deepEqual(containerRows(result).map((r) => [r.name, r.words.label, r.details]), [["a", "restarted in place", {}], ["i", "kept", { init: true }]]);
    assert.deepEqual(reasonRows(result), [{ path: "/spec/x", message: "m", details: { effect: "restart" } }]);
    assert.deepEqual(containerRows({}), []);
    const fakeHash = (c: unknown, m: string): string => `${(c as { image: string }).image}@${m >= "1.31" ? "ni" : "json"}`;
    const before = containerHashes([{ name: "a", container: { image: "x" } }], ["1.30", "1.31"], fakeHash);
    const after = containerHashes([{ name: "a", container: { image: "y" } }, { name: "i", container: { image: "z" } }], ["1.30", "1.31"], fakeHash);
    const table = containerTable(result, before, after, ["1.30", "1.31"]);
    assert.deepEqual(table[0]!.hashes, [{ minor: "1.30", before: "x@json", after: "y@json", changed: true }, { minor: "1.31", before: "x@ni", after: "y@ni", changed: true }]);
    assert.deepEqual(table[1]!.hashes.map((h) => [h.before, h.after, h.changed]), [[undefined, "z@json", true], [undefined, "z@ni", true]]);
  });

  test("timeline rows and summary of a rollout.simulate result", () => {
    const result = { kind: "CloneSet", outcome: "stalled", error: "x", rounds: 1, seconds: 5, model: { readySeconds: 10, inPlaceSeconds: 5 }, final: { total: 3, updated: 1, available: 2 },
      timeline: [{ round: 1, time: 0, inPlace: ["a"], available: 3, availableAfter: 2, floor: 2, total: 3, updated: 1 }] };
    assert.deepEqual(timelineRows(result), [{ round: 1, time: 0, inPlace: ["a"], recreated: [], surged: [], created: [], deleted: [], other: [], available: 3, availableAfter: 2, floor: 2, updated: 1, total: 3 }]);
    assert.deepEqual(timelineSummary(result), { outcome: "stalled", tone: "bad", seconds: 5, rounds: 1, error: "x", readySeconds: 10, inPlaceSeconds: 5, final: { total: 3, updated: 1, available: 2 } });
    assert.deepEqual(timelineRows({}), []);
    assert.equal(timelineSummary({ outcome: "complete" }).tone, "good");
  });

  test("hash spans group consecutive minors with one hash, and cover every minor once", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "c"), { minLength: 1, maxLength: KUBERNETES_MINORS.length }), (hashes) => {
        const pairs = hashes.map((h, i) => [KUBERNETES_MINORS[i]!, h] as const);
        const spans = hashSpans(pairs);
        for (let i = 1; i < spans.length; i++) assert.notEqual(spans[i]!.hash, spans[i - 1]!.hash);
        const expanded = spans.flatMap((s) => pairs.filter(([m]) => KUBERNETES_MINORS.indexOf(m) >= KUBERNETES_MINORS.indexOf(s.from) && KUBERNETES_MINORS.indexOf(m) <= KUBERNETES_MINORS.indexOf(s.to)).map(([, h]) => h === s.hash));
        assert.equal(expanded.length, hashes.length);
        assert.ok(expanded.every(Boolean));
      }),
      { numRuns: cases(500) },
    );
    assert.equal(spanLabel({ from: "1.16", to: "1.26", hash: "x" }), "1.16–1.26");
    assert.equal(KUBERNETES_MINORS.length, 24);
  });

  test("arguments: options, values, lists, '-' and '--'; bad ones are usage errors", () => {
    const specs = { out: { type: "value", short: "o", choices: ["a", "b"] }, gate: { type: "list" }, flag: { type: "flag" } } as const;
    const a = parseArgs(["x", "-", "--out=a", "--gate", "A=true", "--gate=B=false", "--flag", "-ob", "--", "--flag"], specs);
    assert.deepEqual(a.positionals, ["x", "-", "--flag"]);
    assert.equal(a.values.get("out"), "b");
    assert.deepEqual(a.lists.get("gate"), ["A=true", "B=false"]);
    assert.ok(a.flags.has("flag"));
    for (const bad of [["--nope"], ["-z"], ["--out"], ["--out", "c"], ["--flag=1"]]) assert.throws(() => parseArgs(bad, specs), UsageError, bad.join(" "));
    assert.deepEqual(gatesOption(["A=true,B=false", "C=true"]), { A: true, B: false, C: true });
    assert.throws(() => gatesOption(["A=yes"]), UsageError);
    assert.equal(minorOption("k", "v1.30.2"), "1.30");
    assert.throws(() => minorOption("k", "1.030"), UsageError);
    assert.equal(programName("/usr/local/bin/kubectl-kinplace"), "kubectl kinplace");
    assert.equal(programName("/x/dist/cli/kinplace.mjs"), "kinplace");
    assert.equal(asInvoked("Usage: kinplace check OLD NEW\n  `kinplace hash -`", "kubectl kinplace"), "Usage: kubectl kinplace check OLD NEW\n  `kubectl kinplace hash -`");
  });
});
