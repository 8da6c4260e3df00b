// The Kruise ops and the verdict as calls: a panic of upstream's code is the documented E_PATCH_PANIC (Kruise
// v1.8.3 and v1.9.0 below a 1.32 server write resized quantities into a nil map), a huge pods array is a typed
// limit error (maxPods) and leaves nothing behind for the next call, options read as values (`exact` and its
// older aliases, `kind: null`), and every malformed request gets a typed answer (never E_INTERNAL).

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "./support/engine.ts";
import { cases } from "./support/scale.ts";

type Obj = Record<string, unknown>;
type Answer = { ok: boolean; result?: Record<string, any>; error?: { code: string; message: string; path?: string } };

const enc = new TextEncoder();
const dec = new TextDecoder();
const ask = (req: Obj | string): Answer => JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(typeof req === "string" ? req : JSON.stringify(req))))) as Answer;

const NOW = "2026-01-01T00:00:00Z";
const resized = { revision: "r", containerResources: { a: { limits: { cpu: "2" } } } };
/** A pod whose container has no resources.limits map (nil in Go). */
const bare = { metadata: { name: "p" }, spec: { containers: [{ name: "a", image: "b" }] } };

test("PatchSpecToPod writing a resized quantity into a nil limits map is Go's panic (v1.8.3; v1.9.0 without the resize subresource)", () => {
  const gates = { InPlaceWorkloadVerticalScaling: true };
  for (const extra of [{ kruise: "1.8" }, { kruise: "1.8", serverVersion: "1.33" }, { kruise: "1.9", serverVersion: "1.31" }]) {
    for (const exact of [false, true]) {
      const a = ask({ op: "kruise.patchPod", pod: bare, updateSpec: resized, now: NOW, gates, ...extra, ...(exact ? { exactPath: true } : {}) });
      assert.deepStrictEqual(a, { ok: false, error: { code: "E_PATCH_PANIC", message: "assignment to entry in nil map" } }, JSON.stringify(extra));
    }
  }
  // with the resize subresource (v1.9.0, server 1.32+) nothing is written into the map: a resize patch instead
  const v19 = ask({ op: "kruise.patchPod", pod: bare, updateSpec: resized, now: NOW, gates });
  assert.ok(v19.ok, JSON.stringify(v19));
  assert.equal(v19.result!.resizePatch, `{"spec":{"containers":[{"name":"a","resources":{"limits":{"cpu":"2"}}}]}}`);
  // the same panic through Update (v1.8: CalculateSpec accepts the cpu change, PatchSpecToPod panics)
  const rev = (cpu: string | null, name: string) => ({ metadata: { name }, data: { spec: { template: { spec: { containers: [{ name: "a", image: "b", resources: { requests: { cpu: "1" }, ...(cpu ? { limits: { cpu } } : {}) } }] } } } } });
  const pod = { metadata: { name: "p", labels: { "controller-revision-hash": "r1" } }, spec: { containers: [{ name: "a", image: "b", resources: { requests: { cpu: "1" } } }] } };
  const up = ask({ op: "kruise.update", kruise: "1.8", pod, oldRevision: rev("2", "r1"), newRevision: rev("3", "r2"), now: NOW, gates });
  assert.deepStrictEqual(up, { ok: false, error: { code: "E_PATCH_PANIC", message: "assignment to entry in nil map" } });
});

test("kruise.patchPods: more pods than maxPods is E_TOO_LARGE, and the next calls answer as before", () => {
  const spec = { revision: "r", containerImages: { a: "c" } };
  const single = { op: "kruise.patchPod", pod: bare, updateSpec: spec, now: NOW };
  const before = ask(single);
  assert.ok(before.ok);
  const many = (n: number, extra = "") => `{"op":"kruise.patchPods","pods":[${Array(n).fill("{}").join(",")}],"updateSpec":{"revision":"r"},"now":"${NOW}"${extra}}`;
  const big = ask(many(100001));
  assert.equal(big.ok, false);
  assert.equal(big.error!.code, "E_TOO_LARGE");
  assert.equal(big.error!.path, "pods");
  assert.match(big.error!.message, /100001 pods, more than maxPods \(100000\)/);
  const own = ask(many(3, `,"maxPods":2`));
  assert.equal(own.error?.code, "E_TOO_LARGE");
  assert.equal((ask(many(3, `,"maxPods":3`)).result!.results as unknown[]).length, 3);
  assert.equal(ask(many(3, `,"maxPods":"x"`)).error?.code, "E_BAD_REQUEST");
  // nothing of the refused calls is left behind
  assert.deepStrictEqual(ask(single), before);
  assert.deepStrictEqual(ask({ ...single, exactPath: true }), before);
});

test("exact: the engine-only switches are checked, and the older names are its aliases", () => {
  const req = { op: "kruise.patchPod", pod: bare, updateSpec: { revision: "r", containerImages: { a: "c" } }, now: NOW };
  const a = ask(req);
  for (const exact of [true, ["podsplice"], ["memo", "transcode"], false, []]) assert.deepStrictEqual(ask({ ...req, exact }), a, JSON.stringify(exact));
  assert.deepStrictEqual(ask({ ...req, exactPath: true }), a);
  const bad = ask({ ...req, exact: ["nope"] });
  assert.equal(bad.error?.code, "E_BAD_REQUEST");
  assert.equal(bad.error?.path, "exact/0");
  assert.equal(ask({ ...req, exact: 1 }).error?.path, "exact");
  assert.equal(ask({ ...req, requireFastPath: true, exact: ["podsplice"] }).error?.path, "requireFastPath");
  assert.equal(ask({ op: "verdict", old: {}, new: {}, exactDecode: "yes" }).error?.path, "exactDecode");
});

test("verdict: \"kind\": null reads as absent (the objects' own kind)", () => {
  const d = (image: string) => ({ apiVersion: "apps/v1", kind: "Deployment", spec: { template: { spec: { containers: [{ name: "a", image }] } } } });
  const plain = ask({ op: "verdict", old: d("x"), new: d("y") });
  assert.ok(plain.ok);
  assert.deepStrictEqual(ask({ op: "verdict", kind: null, old: d("x"), new: d("y") }), plain);
  assert.deepStrictEqual(ask({ op: "policy.check", kind: null, old: d("x"), new: d("y"), policy: { rules: [] } }).ok, true);
  const none = ask({ op: "verdict", kind: null, old: { spec: {} }, new: { spec: {} } });
  assert.equal(none.error?.code, "E_BAD_REQUEST");
  assert.equal(none.error?.path, "old.kind");
});

/** Valid requests of every op of the Kruise part, to damage. */
function validRequests(): Obj[] {
  const rev = (image: string, name: string) => ({ metadata: { name, annotations: { "kruise.io/cloneset-volumeclaimtemplate-hash": name } }, data: { spec: { template: { metadata: { labels: { v: image } }, spec: { containers: [{ name: "a", image, env: [{ name: "E", valueFrom: { fieldRef: { fieldPath: "metadata.labels['v']" } } }] }] } } } } });
  const pod = { metadata: { name: "p", labels: { "controller-revision-hash": "r1", v: "x" } }, spec: { containers: [{ name: "a", image: "x" }], readinessGates: [{ conditionType: "InPlaceUpdateReady" }] }, status: { containerStatuses: [{ name: "a", imageID: "i" }] } };
  const cs = (image: string) => ({ apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: { name: "c" }, spec: { updateStrategy: { type: "InPlaceIfPossible" }, template: { metadata: { labels: { v: image } }, spec: { containers: [{ name: "a", image }] } } } });
  const gates = { InPlaceWorkloadVerticalScaling: true, RecreatePodWhenChangeVCTInCloneSetGate: true };
  return [
    { op: "kruise.inplaceSpec", oldRevision: rev("x", "r1"), newRevision: rev("y", "r2"), gates },
    { op: "kruise.patchPod", pod, updateSpec: { revision: "r2", containerImages: { a: "y" }, metaDataPatch: "e30=" }, now: NOW },
    { op: "kruise.patchPods", pods: [pod, pod], updateSpec: { revision: "r2", containerImages: { a: "y" } }, now: NOW },
    { op: "kruise.completed", pod },
    { op: "kruise.update", pod, oldRevision: rev("x", "r1"), newRevision: rev("y", "r2"), now: NOW, gracePeriodSeconds: 5 },
    { op: "kruise.refresh", pod, now: NOW },
    { op: "kruise.strategy", kind: "AdvancedStatefulSet", policy: "InPlaceOnly", oldTemplate: cs("x").spec.template, newTemplate: cs("y").spec.template },
    { op: "verdict", old: cs("x"), new: cs("y"), now: NOW, gates },
    { op: "policy.check", old: cs("x"), new: cs("y"), policy: { rules: [{ match: "/**", verdict: "in-place" }] } },
  ];
}

const junk = fc.constantFrom<unknown>(null, 0, -1, 1e400, "", "x", "1.8", "1.9", true, [], {}, [null], { a: null }, "2026-13-01T00:00:00Z", "e30=", "!!", 2147483648);

test("every malformed request of the Kruise ops, the verdict and policy.check gets a typed answer (never E_INTERNAL)", () => {
  const reqs = validRequests();
  for (const r of reqs) assert.ok(ask(r).ok, JSON.stringify([r.op, ask(r).error]));
  const seen = new Map<string, number>();
  fc.assert(
    fc.property(fc.nat(reqs.length - 1), fc.array(fc.tuple(fc.nat(40), junk), { minLength: 1, maxLength: 3 }), (i, edits) => {
      const req = structuredClone(reqs[i]!) as Obj;
      for (const [at, value] of edits) {
        // replace the value at a pseudo-random path (walking objects and arrays by the digits of `at`)
        let cur: any = req;
        let n = at;
        for (;;) {
          const keys = Array.isArray(cur) ? cur.map((_x: unknown, k: number) => k) : Object.keys(cur).filter((k) => k !== "op");
          if (keys.length === 0) break;
          const k = keys[n % keys.length];
          n = Math.floor(n / keys.length);
          if (n === 0 || cur[k] === null || typeof cur[k] !== "object") { cur[k] = structuredClone(value); break; }
          cur = cur[k];
        }
      }
      const a = ask(req);
      const code = a.ok ? "ok" : a.error!.code;
      seen.set(`${req.op}:${code}`, (seen.get(`${req.op}:${code}`) ?? 0) + 1);
      assert.notEqual(code, "E_INTERNAL", `${JSON.stringify(req).slice(0, 1500)} → ${JSON.stringify(a.error)}`);
    }),
    { numRuns: cases(1500), interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false },
  );
  assert.ok([...seen.keys()].some((k) => !k.endsWith(":ok")), JSON.stringify([...seen]));
});
