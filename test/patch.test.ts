// Property and example tests of the patch ops through the public API, without Go: every diff applies
// back to its target (both JSON Patch flavors and merge patches), the minimal flavor stays small on
// the usual Kubernetes edits, failures are atomic typed errors naming the operation, and hostile
// pointers are plain keys that never reach Object.prototype.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "./support/engine.ts";
import { podTemplate, randomPair, realisticPair, rng } from "./oracle/patch-arbitraries.ts";
import { cases } from "./support/scale.ts";

const { jsonPatchDiff, jsonPatchApply, mergePatchDiff, mergePatchApply, goJSON, KinplaceError } = kinplace;

type J = null | boolean | number | string | J[] | { [k: string]: J };
const isObj = (v: unknown): v is { [k: string]: J } => v !== null && typeof v === "object" && !Array.isArray(v);
const RUN = { numRuns: cases(1500), interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true } as const;

/** Go's view of a value (json.Marshal of the decoded interface{}): equal texts mean equal values. */
const same = (a: unknown, b: unknown) => assert.equal(goJSON(a), goJSON(b));

/** Every key and array element of a value, depth first. */
function* walk(v: J): Generator<{ key?: string; parentIsArray: boolean; value: J }> {
  const stack: { key?: string; parentIsArray: boolean; value: J }[] = [{ parentIsArray: false, value: v }];
  while (stack.length) {
    const x = stack.pop()!;
    yield x;
    if (Array.isArray(x.value)) for (const e of x.value) stack.push({ parentIsArray: true, value: e });
    else if (isObj(x.value)) for (const [k, e] of Object.entries(x.value)) stack.push({ key: k, parentIsArray: false, value: e });
  }
}

/** Arbitrary JSON pairs: independent values, and values with one part changed. */
const jsonPair: fc.Arbitrary<[J, J]> = fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 4 }), fc.nat()).map(([x, y, s]) => {
  const a = { k: x as J, same: [1, 2, { n: "v" }] } as J;
  return s % 2 === 0 ? [a, { k: y as J, same: [1, 2, { n: "v" }] }] : [a, { k: x as J, extra: y as J, same: [2, { n: "w" }] }];
});

test("minimal diffs apply back to their target (realistic, random and arbitrary pairs)", () => {
  fc.assert(fc.property(fc.oneof(realisticPair, randomPair, jsonPair), ([a, b]) => {
    const patch = jsonPatchDiff(a, b, { flavor: "minimal" });
    if (!isObj(b) && !Array.isArray(b)) {
      // a root that is not a container can only be replaced, which the Go applier refuses;
      // values enter through JSON.stringify, which writes -0 as 0
      assert.deepEqual(patch, [{ op: "replace", path: "", value: JSON.parse(JSON.stringify(b)) }]);
      return;
    }
    same(jsonPatchApply(a, patch), b);
  }), RUN);
});

/** Pairs outside the inputs where appscode's patches do not round-trip (documented quirks): empty
 * keys (makePath drops a slash), nulls inside arrays (an `add` where a `replace` is due), keys that
 * break its unescaped paths (json.Marshal fails), and tops that are not objects (refused). */
const appscodeSafe = ([a, b]: [J, J]) => {
  if (!isObj(a) || !isObj(b)) return false;
  for (const doc of [a, b]) {
    for (const n of walk(doc)) {
      if (n.key !== undefined && (n.key === "" || /["\\\u0000-\u001f]/.test(n.key))) return false;
      if (n.parentIsArray && n.value === null) return false;
    }
  }
  return true;
};

test("appscode diffs apply back to their target where the library is right", () => {
  let checked = 0;
  fc.assert(fc.property(fc.oneof(realisticPair, randomPair, jsonPair), (pair) => {
    if (!appscodeSafe(pair)) return;
    checked++;
    const [a, b] = pair;
    same(jsonPatchApply(a, jsonPatchDiff(a, b, { flavor: "appscode" })), b);
  }), RUN);
  assert.ok(checked > RUN.numRuns / 2, `only ${checked} pairs were checked`);
});

/** A copy without nulls (RFC 7396 cannot set a member to null: null deletes it). */
function noNulls(v: J): J {
  if (Array.isArray(v)) return v.map((e) => (e === null ? 0 : noNulls(e)));
  if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, e === null ? 0 : noNulls(e)]));
  return v;
}

test("merge patches apply back to their target", () => {
  fc.assert(fc.property(fc.oneof(realisticPair, randomPair, jsonPair), ([x, y]) => {
    if (!isObj(x) || !isObj(y)) return;
    const a = noNulls(x);
    const b = noNulls(y);
    same(mergePatchApply(a, mergePatchDiff(a, b)), b);
  }), RUN);
});

test("minimal patches stay small on the usual edits", () => {
  const t = podTemplate(rng(7)) as { spec: { containers: { name: string; image: string; env?: unknown[] }[] }; metadata: { labels: Record<string, string> } };
  const sidecar = { name: "sidecar-x", image: "envoy:1", resources: {} };
  const three = [0, 1, 2].map((i) => ({ name: `c${i}`, image: `img:${i}`, resources: {} }));
  const base = { ...t, spec: { ...t.spec, containers: three } };
  const withContainers = (cs: unknown[]) => ({ ...base, spec: { ...base.spec, containers: cs } });
  // a sidecar put in front: one add, not a cascade of replaces
  assert.deepEqual(jsonPatchDiff(base, withContainers([sidecar, ...three]), { flavor: "minimal" }), [{ op: "add", path: "/spec/containers/0", value: sidecar }]);
  // a container moved: one move
  assert.deepEqual(jsonPatchDiff(base, withContainers([three[2], three[0], three[1]]), { flavor: "minimal" }),
    [{ op: "move", from: "/spec/containers/2", path: "/spec/containers/0" }]);
  assert.deepEqual(jsonPatchDiff(base, withContainers([three[1], three[2], three[0]]), { flavor: "minimal" }),
    [{ op: "move", from: "/spec/containers/0", path: "/spec/containers/-" }]);
  // an image bump: one replace, addressed by the container's index
  assert.deepEqual(jsonPatchDiff(base, withContainers([three[0], { ...three[1], image: "img:9" }, three[2]]), { flavor: "minimal" }),
    [{ op: "replace", path: "/spec/containers/1/image", value: "img:9" }]);
  // a removed container and a renamed object member
  assert.deepEqual(jsonPatchDiff(base, withContainers([three[0], three[2]]), { flavor: "minimal" }), [{ op: "remove", path: "/spec/containers/1" }]);
  assert.deepEqual(jsonPatchDiff({ a: { x: [1] } }, { b: { x: [1] } }, { flavor: "minimal" }), [{ op: "move", from: "/a", path: "/b" }]);
  // scalar arrays: aligned on what they share
  assert.deepEqual(jsonPatchDiff({ args: ["a", "b", "c", "d"] }, { args: ["a", "x", "c", "d", "e"] }, { flavor: "minimal" }),
    [{ op: "replace", path: "/args/1", value: "x" }, { op: "add", path: "/args/4", value: "e" }]);
  // the appscode flavor on the same sidecar: what Kruise sees (every field of every shifted container)
  assert.ok(jsonPatchDiff(base, withContainers([sidecar, ...three])).length > 3);
});

test("appscode flavor: the documented answers of kruise.md §2.3", () => {
  const rev = (t: unknown) => ({ spec: { template: t } });
  const tpl = { metadata: { labels: { app: "a" } }, spec: { containers: [{ name: "app", image: "nginx:1", env: [{ name: "A", value: "1" }, { name: "B", value: "2" }], resources: {} }] } };
  const edit = (f: (t: typeof tpl) => void) => { const t = structuredClone(tpl); f(t); return jsonPatchDiff(rev(tpl), rev(t)); };
  assert.deepEqual(edit((t) => { t.spec.containers[0]!.image = "nginx:2"; }), [{ op: "replace", path: "/spec/template/spec/containers/0/image", value: "nginx:2" }]);
  assert.deepEqual(edit((t) => { t.spec.containers[0]!.env[1]!.value = "3"; }), [{ op: "replace", path: "/spec/template/spec/containers/0/env/1/value", value: "3" }]);
  assert.deepEqual(edit((t) => { t.spec.containers[0]!.env.push({ name: "C", value: "x" }); }), [{ op: "add", path: "/spec/template/spec/containers/0/env/2", value: { name: "C", value: "x" } }]);
  assert.deepEqual(edit((t) => { (t.metadata.labels as Record<string, string>)["app.kubernetes.io/ver"] = "1"; }),
    [{ op: "add", path: "/spec/template/metadata/labels/app.kubernetes.io~1ver", value: "1" }]);
  assert.deepEqual(edit((t) => { (t.metadata as Record<string, unknown>).annotations = { cfg: "v2" }; }), [{ op: "add", path: "/spec/template/metadata/annotations", value: { cfg: "v2" } }]);
  assert.deepEqual(edit((t) => { (t.spec.containers[0]!.resources as Record<string, unknown>).limits = { cpu: "1" }; }),
    [{ op: "add", path: "/spec/template/spec/containers/0/resources/limits", value: { cpu: "1" } }]);
});

test("a failing patch is atomic and names the failing operation", () => {
  const doc = { a: [1, 2], b: { c: "d" } };
  const cases: [unknown[], string, string, string][] = [
    [[{ op: "add", path: "/x", value: 1 }, { op: "remove", path: "/nope" }], "E_PATCH_PATH", "/1", "error in remove for path: '/nope': Unable to remove nonexistent key: nope: missing value"],
    [[{ op: "replace", path: "/a/5", value: 1 }], "E_PATCH_PATH", "/0", "replace operation does not apply: doc is missing key: /a/5: missing value"],
    [[{ op: "add", path: "/a/9", value: 1 }], "E_PATCH_INDEX", "/0", "error in add for path: '/a/9': Unable to access invalid index: 9: invalid index referenced"],
    [[{ op: "remove", path: "/a/x" }], "E_PATCH_INDEX", "/0", "error in remove for path: '/a/x': strconv.Atoi: parsing \"x\": invalid syntax"],
    [[{ op: "test", path: "/b/c", value: "e" }], "E_PATCH_TEST", "/0", "testing value /b/c failed: test failed"],
    [[{ op: "add", path: "/q/r", value: 1 }], "E_PATCH_PATH", "/0", "add operation does not apply: doc is missing path: \"/q/r\": missing value"],
    [[{ op: "bogus", path: "/a" }], "E_PATCH_OP", "/0", "Unexpected kind: bogus"],
    [[{ op: "move", path: "/z" }], "E_PATCH_OP", "/0", "move operation failed to decode from: operation, missing from field: missing value"],
  ];
  const before = JSON.stringify(doc);
  for (const [patch, code, path, message] of cases) {
    assert.throws(() => jsonPatchApply(doc, patch), (e: unknown) => {
      assert.ok(e instanceof KinplaceError);
      assert.deepEqual([e.code, e.path, e.message], [code, path, message]);
      return true;
    });
  }
  assert.equal(JSON.stringify(doc), before);
  assert.throws(() => jsonPatchDiff([1], { a: 1 }), (e: unknown) => e instanceof KinplaceError && e.code === "E_PATCH_INVALID" && e.path === "from");
  assert.throws(() => mergePatchApply({ a: 1 }, null), (e: unknown) => e instanceof KinplaceError && e.message === "Invalid JSON Patch");
});

test("Levenshtein matrices beyond maxEditMatrix are a typed error, not a stall", () => {
  const a = { xs: Array.from({ length: 10_000 }, (_, i) => i) };
  const b = { xs: Array.from({ length: 10_000 }, (_, i) => i + 1) };
  const t0 = performance.now();
  assert.throws(() => jsonPatchDiff(a, b), (e: unknown) => e instanceof KinplaceError && e.code === "E_PATCH_LIMIT" && e.path === "/xs" &&
    /10000 and 10000 elements needs 100020001 cells, more than maxEditMatrix \(4194304\)/.test(e.message));
  assert.ok(performance.now() - t0 < 2000);
  // within the limit the script is computed; the minimal flavor never needs the limit
  assert.equal(jsonPatchDiff({ xs: a.xs.slice(0, 1500) }, { xs: b.xs.slice(0, 1500) }).length, 2);
  same(jsonPatchApply(a, jsonPatchDiff(a, b, { flavor: "minimal" })), b);
});

test("hostile pointers are plain keys and never touch Object.prototype", () => {
  const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  const doc = JSON.parse('{"__proto__":{"polluted":"no"},"constructor":{"prototype":{}}}');
  const out = jsonPatchApply(doc, [
    { op: "add", path: "/__proto__/x", value: "yes" },
    { op: "add", path: "/constructor/prototype/y", value: "yes" },
    { op: "copy", from: "/__proto__", path: "/prototype" },
  ]) as Record<string, unknown>;
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), protoKeys);
  assert.equal(({} as Record<string, unknown>).x, undefined);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.ok(Object.hasOwn(out, "__proto__"));
  assert.deepEqual(Object.getOwnPropertyDescriptor(out, "__proto__")?.value, { polluted: "no", x: "yes" });
  assert.deepEqual((Object.getOwnPropertyDescriptor(out, "constructor")?.value as Record<string, unknown>).prototype, { y: "yes" });
  // a pointer into a missing member is a typed error, not an implicit object
  assert.throws(() => jsonPatchApply({}, [{ op: "add", path: "/__proto__/z", value: 1 }]), (e: unknown) => e instanceof KinplaceError && e.code === "E_PATCH_PATH");
  // diffs name them like any key
  const a = JSON.parse('{"__proto__":{"a":1}}');
  const b = JSON.parse('{"__proto__":{"a":2},"constructor":{"prototype":{"z":1}}}');
  assert.deepEqual(jsonPatchDiff(a, b).map((o) => o.path).sort(), ["/__proto__/a", "/constructor"]);
  const merged = mergePatchApply(a, JSON.parse('{"__proto__":{"b":1}}')) as Record<string, unknown>;
  assert.deepEqual(Object.getOwnPropertyDescriptor(merged, "__proto__")?.value, { a: 1, b: 1 });
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), protoKeys);
});

test("the oracle comparison allows Go's map order below an empty key and still holds array order", async () => {
  const { assertSamePatchAnswer } = await import("./oracle/patch-compare.ts");
  // makePath lets "/0/v" mean from[""][0].v (members: any order) as well as from["0"].v (an array: fixed order)
  const req = JSON.stringify({ op: "jsonpatch.diff", from: { "": [{ a: 1 }], "0": [1, 2] }, to: { "": [{ v: 1, w: 2 }] } });
  const answer = (ops: string[]) => `{"ok":true,"result":{"patch":[${ops.join(",")}]}}`;
  const v = '{"op":"add","path":"/0/v","value":1}';
  const w = '{"op":"add","path":"/0/w","value":2}';
  assertSamePatchAnswer(req, answer([v, w]), answer([w, v]));
  const plain = JSON.stringify({ op: "jsonpatch.diff", from: { x: [{ a: 1 }, { a: 2 }] }, to: { x: [] } });
  const r0 = '{"op":"remove","path":"/x/0"}';
  const r1 = '{"op":"remove","path":"/x/1"}';
  assert.throws(() => assertSamePatchAnswer(plain, answer([r1, r0]), answer([r0, r1])), /come in another order/);
});
