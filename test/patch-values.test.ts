// Edge cases of the patch diffs on JS values (js/objects/): each answers as the full path (JSON.stringify of both
// values, the engine's diff of the texts, JSON.parse of its patch), result or error, and where it matters the
// answer itself is checked: -0, NaN, undefined, Dates, lone surrogates, number spellings, key order (integer-like
// keys, objects over 32 members, astral keys), makePath's escapes and empty keys, paths json.Marshal refuses,
// values JSON.stringify refuses or rewrites, type changes, the simple-array quirk, limits and options.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { kinplace } from "./support/engine.ts";
import { readFileSync } from "node:fs";
import { jsonPatchDiffFull, mergePatchDiffFull, DEFAULT_MAX_DEPTH, DEFAULT_MAX_BYTES, DEFAULT_MAX_EDIT_MATRIX, MAX_PATCH_BYTES } from "../js/objects/diffs.ts";
import { appscodeDiff, SMALL_OBJECT } from "../js/objects/appscode.ts";
import { mergeDiff } from "../js/objects/merge.ts";
import { pruneForMinimal } from "../js/objects/prune.ts";

const { jsonPatchDiff, mergePatchDiff, setLimits, KinplaceError } = kinplace;

const LIMITS = { cap: 999, maxBytes: 128 << 20, maxEditMatrix: 4194304, maxPatchBytes: 256 << 20 };

/** The outcome of a call as comparable text (result with member order, or the error's fields) and the value. */
function outcome(f: () => unknown): { text: string; value?: unknown } {
  try {
    const value = f();
    return { text: `ok ${JSON.stringify(value)}`, value };
  } catch (e) {
    const k = e as { code?: string; message: string; path?: string; offset?: number };
    return { text: `error ${k.code} ${k.message} path=${k.path} offset=${k.offset}` };
  }
}

/**
 * jsonPatchDiff (both flavors) and mergePatchDiff answer as their full paths (`deep`: the values compared with
 * deepStrictEqual too, beyond their JSON text); returns the appscode and merge outcomes.
 */
function same(from: unknown, to: unknown, options?: Parameters<typeof jsonPatchDiff>[2], deep = true): { json: string; merge: string; jsonValue?: unknown; mergeValue?: unknown } {
  const json = outcome(() => jsonPatchDiff(from, to, options));
  const full = outcome(() => jsonPatchDiffFull(from, to, options));
  assert.equal(json.text, full.text, `jsonPatchDiff ${JSON.stringify(options)}`);
  if (deep) assert.deepStrictEqual(json.value, full.value);
  const minimal = outcome(() => jsonPatchDiff(from, to, { ...options, flavor: "minimal" }));
  assert.equal(minimal.text, outcome(() => jsonPatchDiffFull(from, to, { ...options, flavor: "minimal" })).text, "minimal");
  const merge = outcome(() => mergePatchDiff(from, to, options?.go === undefined ? undefined : { go: options.go }));
  const mergeFull = outcome(() => mergePatchDiffFull(from, to, options?.go === undefined ? undefined : { go: options.go }));
  assert.equal(merge.text, mergeFull.text, "mergePatchDiff");
  if (deep) assert.deepStrictEqual(merge.value, mergeFull.value);
  return { json: json.text, merge: merge.text, jsonValue: json.value, mergeValue: merge.value };
}

/** True when the JS walks answer the pair themselves (no fallback to the engine). */
function walked(from: object, to: object): boolean {
  try {
    appscodeDiff(from, to, LIMITS);
    mergeDiff(from, to, LIMITS);
    return true;
  } catch {
    return false;
  }
}

test("numbers: -0 is 0, NaN and ±Infinity are null, spellings as Go re-marshals them", () => {
  const r = same({ a: 0, b: 1, c: null, d: 1 }, { a: -0, b: -0, c: NaN, d: Infinity, e: [-0, NaN, 1e21, 5e-324, 2 ** 53 + 2, 0.1] });
  assert.equal(r.json, 'ok [{"op":"replace","path":"/b","value":0},{"op":"replace","path":"/d","value":null},{"op":"add","path":"/e","value":[0,null,1e+21,5e-324,9007199254740994,0.1]}]');
  assert.ok(Object.is((r.jsonValue as { value: unknown }[])[0]!.value, 0), "-0 comes back as 0");
  assert.ok(walked({ a: 0 }, { a: -0, e: [NaN] }));
});

test("undefined, functions and symbols: dropped from objects, null in arrays", () => {
  const r = same({ a: 1, b: undefined, f: () => 1 }, { a: undefined, b: 2, s: Symbol("x"), l: [undefined, () => 0, Symbol("y")] });
  assert.equal(r.json, 'ok [{"op":"add","path":"/b","value":2},{"op":"add","path":"/l","value":[null,null,null]},{"op":"remove","path":"/a"}]');
  same({ l: [1, , 3] }, { l: [1, 2, , 4] });
});

test("Dates: their ISO string (a Date equal to its string is no change), invalid ones null", () => {
  const d = new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6));
  assert.equal(same({ t: d, u: "x" }, { t: d.toISOString(), u: new Date(NaN) }).json, 'ok [{"op":"replace","path":"/u","value":null}]');
  same({ t: new Date(0) }, { t: new Date(1) });
  same({ l: ["2024-01-02T03:04:05.006Z", 1] }, { l: [d, 2] });
  assert.ok(walked({ t: d }, { t: new Date(1) }));
  // a Date whose toJSON is not the built-in: the full path
  const odd = new Date(0);
  (odd as unknown as { toJSON: () => string }).toJSON = () => "odd";
  assert.equal(same({ t: 1 }, { t: odd }).json, 'ok [{"op":"replace","path":"/t","value":"odd"}]');
});

test("lone surrogates: Go reads them as U+FFFD, in strings compared and returned that way; such keys go to the engine", () => {
  assert.equal(same({ a: "\ud800", b: "x\udc00" }, { a: "\udc00", b: "x\ufffd" }).json, "ok []");
  const r = same({ a: "x" }, { a: "\ud800y", l: ["a\udfff"] });
  assert.equal(r.json, 'ok [{"op":"replace","path":"/a","value":"\ufffdy"},{"op":"add","path":"/l","value":["a\ufffd"]}]');
  same({ l: ["\ud800", "a"] }, { l: ["\udc00", "b"] });
  // two JS keys that are one Go key (the last wins): left to the engine
  const keys = { "\ud800": 1, "\udc00": 2 };
  const swapped = { "\udc00": 2, "\ud800": 1 };
  same(keys, swapped);
  same({ o: keys }, { o: swapped });
  same({ x: 1 }, { x: 1, add: keys });
  assert.equal(walked({ o: keys }, { o: swapped }), false);
  same({ "\ud83d\ude00": 1, "\ufffd": 2 }, { "\ud83d\ude00": 2, "\ufffd": 2, "\uff61": 0 });
});

test("key order: integer-like keys, objects over 32 members (Go's byte order), astral keys, __proto__", () => {
  same({ a: 1 }, { a: 1, v: { b: 1, "10": 2, "9": 3, a: 4, "01": 5 } });
  const wide = (n: number, f: (i: number) => unknown) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${(i * 7919) % 100}`, f(i)]));
  same({ w: wide(40, (i) => i) }, { w: { ...wide(40, (i) => (i % 3 === 0 ? -i : i)), "\ud83d\ude00": 1, "\uff61": 2, "\ue000": 3, z: 0 } });
  same(wide(33, (i) => i), wide(35, (i) => i + 1));
  same(wide(32, (i) => i), { ...wide(32, (i) => i), k99: 1 });
  same({ ...wide(32, (i) => i), k99: undefined }, wide(32, (i) => -i));
  const proto = JSON.parse('{"__proto__":{"x":1},"a":1}');
  same({ a: 1 }, proto);
  same(proto, JSON.parse('{"__proto__":{"x":2},"a":1}'));
  const r = same({}, { v: JSON.parse('{"__proto__":1}') });
  assert.ok(Object.hasOwn((r.jsonValue as { value: object }[])[0]!.value, "__proto__"));
});

test("paths: makePath's escapes and empty keys; a path json.Marshal refuses is the engine's E_PATCH_MARSHAL", () => {
  assert.equal(same({ "a/b": { "": { "m~n": 1 } }, "": 1 }, { "a/b": { "": { "m~n": 2 } }, "": 2 }).json,
    'ok [{"op":"replace","path":"/a~1b/m~0n","value":2},{"op":"replace","path":"/","value":2}]');
  same({ "<&>": { "\u2028": 1 } }, { "<&>": { "\u2028": 2 } });
  for (const bad of ['a"b', "back\\slash", "tab\t", "nl\n"]) {
    const r = same({ [bad]: 1, ok: 1 }, { [bad]: 2, ok: 2 });
    assert.match(r.json, /^error E_PATCH_MARSHAL /);
  }
  // a refused key whose member is equal writes no path: no error
  assert.equal(same({ 'a"b': 1, x: 1 }, { 'a"b': 1, x: 2 }).json, 'ok [{"op":"replace","path":"/x","value":2}]');
});

test("types: null to a value is add, a type change is replace with the whole value, arrays index-wise and by edit distance", () => {
  assert.equal(same({ a: null, b: 1, c: { x: 1 } }, { a: 1, b: "1", c: [1] }).json,
    'ok [{"op":"add","path":"/a","value":1},{"op":"replace","path":"/b","value":"1"},{"op":"replace","path":"/c","value":[1]}]');
  same({ l: [1, 2, 3, 4] }, { l: [4, 1, 3, 5] });
  same({ l: [{ n: "a", v: 1 }, { n: "b", v: 2 }] }, { l: [{ n: "b", v: 2 }, { n: "a", v: 3 }, { n: "c" }] });
  // the quirk: the first map has only scalars, so the array is "simple" whatever follows
  same({ l: ["x", { k: 1 }, { deep: { a: [1] } }] }, { l: ["x", { k: 1 }, { deep: { a: [2] } }, 3] });
  // not simple: index-wise, the surplus removed from the end
  same({ l: [{ a: { b: 1 } }, { a: { b: 2 } }, 3] }, { l: [{ a: { b: 9 } }] });
  same({ l: [[1], [2]] }, { l: [[2], [1], [3]] });
  same({ l: [null, 1] }, { l: [1, null] });
});

test("values JSON.stringify refuses or rewrites: the full path's answer (BigInt, cycles, toJSON, boxed primitives, Maps)", () => {
  assert.match(same({ a: 1 }, { a: 10n }).json, /^error E_BAD_REQUEST /);
  const cyclic: { [k: string]: unknown } = { a: 1 };
  cyclic.self = cyclic;
  assert.match(same({ c: cyclic }, { c: cyclic }).json, /^error E_BAD_REQUEST /);
  assert.match(same({ c: cyclic }, { c: 1 }).json, /^error E_BAD_REQUEST /);
  same({ a: 1 }, { a: { toJSON: () => [1, 2] } });
  same({ a: 1 }, { a: new Number(2), b: new String("s"), c: new Boolean(true) });
  same({ a: 1 }, { a: new Map([[1, 2]]), b: new Uint8Array([1, 2]) });
  const getter = { get x() { throw new Error("no"); } };
  assert.match(same({ a: 1 }, { a: getter }).json, /^error E_BAD_REQUEST /);
  class Spec { replicas = 3; image = "x"; }
  same({ spec: new Spec() }, { spec: Object.assign(new Spec(), { replicas: 4 }) });
  assert.ok(walked({ spec: new Spec() }, { spec: new Spec() }));
  const bare = Object.assign(Object.create(null), { a: 1 });
  same({ o: bare }, { o: { a: 2 } });
});

test("the same object on both sides, and a result that shares nothing with its inputs", () => {
  const shared = { big: "x".repeat(1000), l: [1, { a: 2 }] };
  assert.equal(same({ s: shared }, { s: shared }).json, "ok []");
  const to = { s: shared, n: { deep: [1, { k: "v" }] } };
  const r = same({ s: shared }, to);
  const ops = r.jsonValue as { value: { deep: unknown[] } }[];
  ops[0]!.value.deep.push(2);
  assert.equal(to.n.deep.length, 2, "the input is untouched");
  assert.equal(same(to, to).json, "ok []");
});

test("top levels that are not objects: the full path's errors", () => {
  for (const [a, b] of [[[1], [2]], [null, { a: 1 }], [{ a: 1 }, "x"], [1, 2], [undefined, { a: 1 }], [{ a: 1 }, undefined]] as [unknown, unknown][]) same(a, b);
});

test("options: checked by the engine first; limits of the edit matrix and the patch", () => {
  const from = { l: [1, 2, 3, 4, 5, 6], s: "x".repeat(200) };
  const to = { l: [6, 5, 4, 3, 2, 1], s: "y".repeat(200) };
  assert.match(same(from, to, { maxEditMatrix: 20 }).json, /^error E_PATCH_LIMIT /);
  assert.match(same(from, to, { maxPatchBytes: 100 }).json, /^error E_PATCH_LIMIT /);
  same(from, to, { maxEditMatrix: 49 });
  same(from, to, { maxPatchBytes: 1e6 });
  assert.match(same(from, to, { go: "2.0" as never }).json, /^error E_UNSUPPORTED_VERSION /);
  assert.match(same(from, to, { go: "1.99" as never }).json, /^error /);
  same(from, to, { go: "1.14" });
  for (const bad of [0, -1, 1.5, "7" as never, NaN, 2 ** 60]) {
    same(from, to, { maxEditMatrix: bad });
    same(from, to, { maxPatchBytes: bad });
  }
  assert.match(same(from, to, { flavor: "other" as never }).json, /^error E_BAD_REQUEST /);
  // an equal pair needs no matrix, however small the limit
  assert.equal(same({ l: [1, 2, 3] }, { l: [1, 2, 3] }, { maxEditMatrix: 1 }).json, "ok []");
});

test("nesting: deeper than the walks go, and under a process-wide maxDepth / maxBytes, the full path's answer", () => {
  const deep = (n: number, leaf: unknown): unknown => { let v = leaf; for (let i = 0; i < n; i++) v = { d: v }; return v; };
  // (a merge patch that deep is compared as text only)
  same({ a: deep(1500, 1) }, { a: deep(1500, 2) }, undefined, false);
  same({ a: deep(20, 1), b: 1 }, { a: deep(20, 1), b: 2 });
  try {
    setLimits({ maxDepth: 6 });
    assert.match(same({ a: deep(10, 1), b: 1 }, { a: deep(10, 1), b: 2 }).json, /^error E_JSON_DEPTH /);
    same({ a: deep(4, 1), b: 1 }, { a: deep(4, 1), b: 2 });
    same({ a: deep(5, 1), b: 1 }, { a: deep(5, 1), b: 2 });
    setLimits({ maxDepth: 1000000, maxBytes: 300 });
    const big = "z".repeat(400);
    assert.match(same({ big, b: 1 }, { big, b: 2 }).json, /^error E_TOO_LARGE /);
    // a sparse array too long for the limit: the walks stop at its length
    const sparse: unknown[] = [];
    sparse.length = 1e6;
    assert.match(same({ s: sparse, b: 1 }, { s: sparse, b: 2 }).json, /^error E_TOO_LARGE /);
    assert.match(same({ b: 1 }, { s: sparse, b: 2 }).json, /^error E_TOO_LARGE /);
    same({ b: 1 }, { b: 2 });
  } finally {
    setLimits({ maxDepth: 1000000, maxBytes: 128 << 20 });
  }
});

test("the minimal flavor: equal members are pruned on both sides, arrays whole, placeholders of the same kind", () => {
  const from = { spec: { image: "a".repeat(100), list: [{ name: "x" }, { name: "y" }], n: 1, sub: { keep: "k".repeat(50) } }, gone: { a: [1] } };
  const to = { spec: { image: "a".repeat(100), list: [{ name: "y" }, { name: "x" }], n: 2, sub: { keep: "k".repeat(50) } }, added: { a: [1] } };
  const p = pruneForMinimal(from, to, 999, 1 << 27);
  assert.deepEqual(p.from, { spec: { image: "", list: [{ name: "x" }, { name: "y" }], n: 1, sub: {} }, gone: { a: [1] } });
  assert.deepEqual(p.to, { spec: { image: "", list: [{ name: "y" }, { name: "x" }], n: 2, sub: {} }, added: { a: [1] } });
  same(from, to);
});

test("before init(): the full path's error", () => {
  const script = `import * as k from "./js/node.ts";
    try { k.jsonPatchDiff({ a: 1 }, { a: 2 }); console.log("no error"); } catch (e) { console.log(e.code); }
    try { k.mergePatchDiff({ a: 1 }, { a: 2 }); console.log("no error"); } catch (e) { console.log(e.code); }`;
  const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: new URL("..", import.meta.url), encoding: "utf8" });
  assert.equal(r.stdout.trim(), "E_NOT_INITIALIZED\nE_NOT_INITIALIZED", r.stderr);
  assert.ok(new KinplaceError("E_NOT_INITIALIZED", "x") instanceof Error);
});

test("the engine's constants the walks mirror (default limits, SMALL_OBJECT) are the engine's", () => {
  const src = (f: string) => readFileSync(new URL(`../assembly/${f}`, import.meta.url), "utf8");
  const num = (text: string, re: RegExp) => {
    const m = re.exec(text);
    assert.ok(m, `${re} not found`);
    return m[2] === undefined ? Number(m[1]) : Number(m[1]) * 2 ** Number(m[2]);
  };
  const limits = src("base/limits.ts");
  assert.equal(num(limits, /static maxDepth: i32 = (\d+)(?: << (\d+))?;/), DEFAULT_MAX_DEPTH);
  assert.equal(num(limits, /static maxBytes: i32 = (\d+)(?: << (\d+))?;/), DEFAULT_MAX_BYTES);
  const appscode = src("upstream/jsonpatch/appscode.ts");
  assert.equal(num(appscode, /export const DEFAULT_MAX_EDIT_MATRIX: i64 = (\d+)(?: << (\d+))?;/), DEFAULT_MAX_EDIT_MATRIX);
  assert.equal(num(appscode, /export const MAX_PATCH_BYTES: i64 = (\d+)(?: << (\d+))?;/), MAX_PATCH_BYTES);
  assert.equal(num(src("json/docmembers.ts"), /export const SMALL_OBJECT: i32 = (\d+)(?: << (\d+))?;/), SMALL_OBJECT);
});
