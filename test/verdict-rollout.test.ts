// The rollout planner takes its per-pod in-place verdicts from the policy engine when
// the request gives the revisions (`templates` or ControllerRevision `revisions`): the planner's
// in-place / recreate must match OpenKruise's CalculateInPlaceUpdateSpec on the pod's revision
// (`kruise.inplaceSpec`, whose oracle is the real Kruise code) and the `verdict` op on the same
// workloads; `inPlace` stays an explicit override; a pod whose revision is unknown is recreated.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "./support/engine.ts";
import { template, edit, type Obj } from "./oracle/verdict-edits.ts";
import { cases } from "./support/scale.ts";

type Answer = { ok: boolean; result?: any; error?: { code: string; message: string; path?: string } };
const ask = (req: Record<string, unknown>): Answer => kinplace.evaluate(req as never) as Answer;

const NOW = "2026-11-21T10:00:00Z";

function pod(name: string, rev: string): Obj {
  return {
    metadata: { name, labels: { "controller-revision-hash": rev }, creationTimestamp: "2026-11-21T09:00:00Z" },
    spec: { nodeName: "n1", readinessGates: [{ conditionType: "InPlaceUpdateReady" }] },
    status: { phase: "Running", conditions: [{ type: "Ready", status: "True", lastTransitionTime: "2026-11-21T09:01:00Z" }, { type: "InPlaceUpdateReady", status: "True" }] },
  };
}

function cloneSet(type: string, maxUnavailable: string | number = "100%"): Obj {
  return { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "sample" }, spec: { replicas: 3, updateStrategy: { type, maxUnavailable } } };
}

function plan(extra: Record<string, unknown>, type = "InPlaceIfPossible"): { name: string; action: string }[] {
  const a = ask({ op: "rollout.cloneset", cloneSet: cloneSet(type), pods: [pod("sample-0", "sample-r1"), pod("sample-1", "sample-r1"), pod("sample-2", "sample-r0")], currentRevision: "sample-r1", updateRevision: "sample-r2", now: NOW, ...extra });
  assert.ok(a.ok, JSON.stringify(a));
  return a.result.update;
}

const tmpl = (image: string, env: Obj[] = []): Obj => ({ metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image, env, resources: {} }] } });

test("templates decide per pod: image-only → in-place, an env change → recreate, an unknown revision → recreate", () => {
  const imageOnly = plan({ templates: { "sample-r1": tmpl("nginx:1.20"), "sample-r2": tmpl("nginx:1.21") } });
  assert.deepStrictEqual(Object.fromEntries(imageOnly.map((u) => [u.name, u.action])), { "sample-0": "in-place", "sample-1": "in-place", "sample-2": "recreate" });
  const env = plan({ templates: { "sample-r1": tmpl("nginx:1.20", [{ name: "A", value: "1" }]), "sample-r2": tmpl("nginx:1.21", [{ name: "A", value: "2" }]) } });
  assert.ok(env.every((u) => u.action === "recreate"), JSON.stringify(env));
  // InPlaceOnly: the first pod that cannot go in place stops the round with upstream's error
  const only = plan({ templates: { "sample-r1": tmpl("a", [{ name: "A", value: "1" }]), "sample-r2": tmpl("b", [{ name: "A", value: "2" }]) } }, "InPlaceOnly");
  assert.equal(only[0]!.action, "error");
});

test("ControllerRevision objects work like templates, matched by name or by the -<hash> suffix", () => {
  const rev = (name: string, t: Obj) => ({ metadata: { name }, data: { spec: { template: { ...t, $patch: "replace" } } } });
  const a = ask({
    op: "rollout.cloneset", cloneSet: cloneSet("InPlaceIfPossible"), pods: [pod("sample-0", "r1"), pod("sample-1", "sample-r1")],
    currentRevision: "sample-r1", updateRevision: "sample-r2", now: NOW,
    revisions: [rev("sample-r1", tmpl("nginx:1.20")), rev("sample-r2", tmpl("nginx:1.22"))],
  });
  assert.ok(a.ok, JSON.stringify(a));
  assert.deepStrictEqual(a.result.update.map((u: any) => u.action), ["in-place", "in-place"]);
});

test("`inPlace` stays an explicit override of the policy engine", () => {
  const templates = { "sample-r1": tmpl("nginx:1.20"), "sample-r2": tmpl("nginx:1.21") };
  assert.ok(plan({ templates, inPlace: false }).every((u) => u.action === "recreate"));
  const env = { "sample-r1": tmpl("a", [{ name: "A", value: "1" }]), "sample-r2": tmpl("b", [{ name: "A", value: "2" }]) };
  assert.ok(plan({ templates: env, inPlace: true }).every((u) => u.action === "in-place"));
});

test("bad revisions: typed errors naming the field", () => {
  for (const [extra, path] of [
    [{ templates: [] }, "templates"],
    [{ templates: { r: 1 } }, "templates.r"],
    [{ revisions: {} }, "revisions"],
    [{ revisions: [1] }, "revisions[0]"],
    [{ templates: {}, revisions: [] }, "templates"],
  ] as [Record<string, unknown>, string][]) {
    const a = ask({ op: "rollout.cloneset", cloneSet: cloneSet("InPlaceIfPossible"), pods: [pod("p", "r1")], currentRevision: "r1", updateRevision: "r2", now: NOW, ...extra });
    assert.equal(a.ok, false, JSON.stringify(extra));
    assert.equal(a.error!.code, "E_BAD_REQUEST");
    assert.equal(a.error!.path, path, JSON.stringify(a));
  }
});

test("generated revision pairs: the planner's action agrees with kruise.inplaceSpec and with the verdict op", () => {
  fc.assert(
    fc.property(template, fc.array(edit, { minLength: 1, maxLength: 3 }), (t, edits) => {
      const next = structuredClone(t);
      const holder = { kind: "CloneSet", metadata: {}, spec: { template: next } };
      for (const e of edits) e.apply(holder, next);
      const update = plan({ templates: { "sample-r1": t, "sample-r2": next } }).filter((u) => u.name !== "sample-2");
      // the revisions as the controller stores them: the typed template (Kruise's Kubernetes 1.32 types)
      const stored = (x: Obj) => JSON.parse(ask({ op: "k8s.json", type: "PodTemplateSpec", value: x, kubernetes: "1.32" }).result.json);
      const revision = (name: string, x: Obj) => ({ metadata: { name }, data: { spec: { template: { $patch: "replace", ...stored(x) } } } });
      const spec = ask({ op: "kruise.inplaceSpec", oldRevision: revision("sample-r1", t), newRevision: revision("sample-r2", next) });
      assert.ok(spec.ok, JSON.stringify(spec));
      const expected = spec.result.inPlace ? "in-place" : "recreate";
      for (const u of update) assert.equal(u.action, expected, `${edits.map((e) => e.name)}: ${JSON.stringify(spec.result.reasons)}`);
      // the selector is the old template's labels: a new template whose labels stop matching it is refused by the webhook
      const selector = { matchLabels: { ...((t as any).metadata?.labels ?? {}) } };
      const cs = (x: Obj) => ({ apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "sample" }, spec: { replicas: 3, selector, updateStrategy: { type: "InPlaceIfPossible" }, template: x } });
      const v = ask({ op: "verdict", old: cs(t), new: cs(next) });
      assert.ok(v.ok, JSON.stringify(v));
      // an update the webhooks refuse (workload.validateUpdate) is rejected with their text; any other follows the planner
      const w = ask({ op: "workload.validateUpdate", kind: "CloneSet", old: cs(t), new: cs(next) });
      assert.ok(w.ok, JSON.stringify(w));
      if (w.result.message !== "") {
        assert.equal(v.result.verdict, "rejected");
        assert.equal(v.result.rejection, w.result.message);
      } else if (v.result.verdict !== "none") assert.equal(v.result.verdict, expected);
    }),
    { numRuns: cases(150), interruptAfterTimeLimit: 30_000 },
  );
});
