// The typed informer example (examples/controller/informer.ts): recorded watch events fed through fake
// informers (one per kind, objects without `kind`/`apiVersion` as informer list items come) must give,
// for every update, the `verdict` op's answer for the previous and the new object — pods included, so
// API-server validation counts, not only container hashes. Needs dist/kinplace.wasm (`npm run build`).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { KubernetesObject } from "@kubernetes/client-node";
import { evaluate, initSync } from "../js/node.ts";
import { attach, FakeInformer, type Decision, type WatchEvent, type WatchedKind } from "../examples/controller/informer.ts";
import { root } from "./cli-helpers.ts";

initSync(readFileSync(join(root, "dist/kinplace.wasm")));
const events = readFileSync(join(root, "examples/controller/events.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as WatchEvent<KubernetesObject>);

/** The object as an informer list hands it over: no kind, no apiVersion. */
function bare(o: KubernetesObject): KubernetesObject {
  const { kind: _k, apiVersion: _a, ...rest } = o;
  return rest;
}

/** Feeds the events through one fake informer per kind and collects the decisions. */
function run(evs: WatchEvent[], kubelet: string): Decision[] {
  const out: Decision[] = [];
  const informers = new Map<string, FakeInformer<KubernetesObject>>();
  for (const e of evs) {
    const kind = e.object.kind as WatchedKind;
    let inf = informers.get(kind);
    if (inf === undefined) {
      inf = new FakeInformer<KubernetesObject>();
      attach(inf, kind, (d) => out.push(d), { kubelet });
      informers.set(kind, inf);
    }
    inf.emitEvent({ type: e.type, object: bare(e.object) });
  }
  return out;
}

describe("typed informer example", () => {
  for (const kubelet of ["1.30", "1.37"]) {
    test(`recorded events at kubelet ${kubelet}: every decision is the verdict op's`, () => {
      const out = run(events, kubelet);
      // the previous object per kind/namespace/name at each MODIFIED, computed here independently
      const last = new Map<string, KubernetesObject>();
      const expected: { kind: string; name: string; verdict: string; restart: string[] }[] = [];
      for (const e of events) {
        const key = `${e.object.kind}/${e.object.metadata?.namespace}/${e.object.metadata?.name}`;
        const old = last.get(key);
        if (e.type === "DELETED") last.delete(key);
        else last.set(key, e.object);
        if (e.type !== "MODIFIED" || old === undefined) continue;
        const kruise = String(e.object.apiVersion).startsWith("apps.kruise.io/");
        const v = evaluate({ op: "verdict", old, new: e.object, ...(kruise ? {} : { kubelet }) }) as any;
        assert.equal(v.ok, true, JSON.stringify(v));
        const restart = (v.result.containers as { name: string; action: string }[]).filter((c) => c.action !== "keep").map((c) => c.name);
        expected.push({ kind: e.object.kind!, name: e.object.metadata!.name!, verdict: v.result.verdict, restart });
      }
      assert.equal(out.length, 7);
      assert.deepEqual(
        out.map((d) => ({ kind: d.kind, name: d.name, verdict: d.decision, restart: d.restart })),
        expected,
      );
      // the facts the recording shows: a pod update that changes only its status and resourceVersion changes
      // nothing the server keeps (none); a pod update is applied in place; the kubelet restarts the containers whose
      // hash changed
      assert.deepEqual(out.map((d) => [d.kind, d.decision, d.restart]), [
        ["Pod", "none", []],
        ["Pod", "in-place", ["app"]],
        ["Pod", "in-place", []],
        ["Deployment", "none", []],
        ["Deployment", "recreate", ["api"]],
        ["Pod", "in-place", ["sidecar"]],
        ["CloneSet", "in-place", ["app"]],
      ]);
    });
  }

  test("a pod update the API server rejects is 'rejected', not a container-hash decision", () => {
    const pod = events.find((e) => e.object.kind === "Pod")!.object as any;
    const changed = structuredClone(pod);
    changed.spec.containers[0].ports = [{ containerPort: 8080, protocol: "TCP" }]; // ports are immutable on a pod
    changed.metadata.resourceVersion = "99";
    const out = run([{ type: "ADDED", object: pod }, { type: "MODIFIED", object: changed }], "1.37");
    const v = evaluate({ op: "verdict", old: pod, new: changed, kubelet: "1.37" }) as any;
    assert.equal(v.result.verdict, "rejected");
    assert.equal(out.length, 1);
    assert.equal(out[0]!.decision, "rejected");
    assert.ok(out[0]!.reasons.includes("/spec/containers/0/ports"), JSON.stringify(out[0]));
  });

  test("an object the engine cannot judge is an error decision and the loop goes on", () => {
    const dep = events.find((e) => e.object.kind === "Deployment")!.object as any;
    const broken = { ...dep, spec: { ...dep.spec, replicas: "three" } };
    const evs: WatchEvent[] = [{ type: "ADDED", object: dep }, { type: "MODIFIED", object: broken }, { type: "MODIFIED", object: dep }, { type: "MODIFIED", object: dep }];
    const out = run(evs, "1.37");
    assert.equal(out.length, 3);
    assert.deepEqual(out.map((d) => d.decision), ["error", "error", "none"]);
    assert.match(out[0]!.error!, /^E_[A-Z_]+: /);
  });

  test("timestamps as client-node serializes Dates (milliseconds) compare equal to the API server's", () => {
    const pod = events.find((e) => e.object.kind === "Pod")!.object as any;
    const listed = structuredClone(pod);
    listed.metadata.creationTimestamp = new Date("2026-11-21T05:00:00Z").toISOString(); // "...00.000Z"
    const watched = structuredClone(pod);
    watched.metadata.creationTimestamp = "2026-11-21T05:00:00Z";
    const out = run([{ type: "ADDED", object: listed }, { type: "MODIFIED", object: watched }], "1.37");
    assert.deepEqual(out.map((d) => [d.decision, d.reasons]), [["none", []]]);
  });
});
