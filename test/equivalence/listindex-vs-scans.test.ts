// The indexed lists (assembly/upstream/strategicpatch/listindex.ts: hashed merge-key searches, the batched
// `$patch: delete`, the n log n deduplicateScalars; assembly/upstream/jsonpatch/edits.ts: big containers held
// in a treap or a hash table while a JSON Patch edits them) against upstream's scans and copies
// (lookups.ts, the plain json/dom arrays): every request is answered with the shortcut on and with
// `exact: ["listindex"]`, through the eval door, byte for byte (errors and Go panics included). Lists are
// long enough to be indexed and hostile: repeated, null, map-, list- and missing merge keys, patch items that
// change their own merge key while merged, primitive lists full of duplicates. At large sizes, where the
// scans would take too long, the answers are checked against what the documents say.

import { test } from "node:test";
import assert from "node:assert/strict";
import { randomPair, mutatePatch, rng } from "../oracle/smp-arbitraries.ts";
import { answer, sameAnswers, shown } from "../support/exact.ts";

type J = null | boolean | number | string | J[] | { [k: string]: J };

const EXACTS: unknown[] = [["listindex"]];

function same(line: string): string {
  const r = sameAnswers(line, EXACTS);
  assert.equal(r.differs, null, `${shown(line)}\n${r.differs}`);
  return r.plain;
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** A merge-key value, often repeated, sometimes not comparable at all. */
function keyValue(r: () => number): J {
  const k = r();
  if (k < 0.6) return `c${Math.floor(r() * 12)}`;
  if (k < 0.7) return Math.floor(r() * 4);
  if (k < 0.75) return null;
  if (k < 0.78) return { x: 1 };
  if (k < 0.8) return [1];
  if (k < 0.83) return 1.5;
  return true;
}

/** A list of containers keyed by `name` (some without one, a few not maps), `n` long. */
function containers(r: () => number, n: number, hostile: boolean): J[] {
  return Array.from({ length: n }, (_, i) => {
    if (hostile && r() < 0.02) return pick<J>(r, [1, "x", null, [1]]);
    const c: { [k: string]: J } = {};
    if (!hostile || r() < 0.93) c.name = hostile ? keyValue(r) : `c${i}`;
    if (r() < 0.6) c.image = pick(r, ["a:1", "a:2", "b"]);
    if (r() < 0.3) c.args = Array.from({ length: Math.floor(r() * 4) }, () => pick(r, ["-x", "-y", "-z"]));
    return c;
  });
}

/** A patch item for a list of containers: a change, a directive, or one that rewrites its own merge key. */
function patchItem(r: () => number, hostile: boolean): J {
  const c: { [k: string]: J } = { name: hostile ? keyValue(r) : `c${Math.floor(r() * 40)}` };
  const k = r();
  if (k < 0.4) c.image = pick(r, ["new:1", "new:2"]);
  else if (k < 0.55) c.$patch = hostile ? pick<J>(r, ["delete", "delete", "replace", "merge", 1]) : "delete";
  else if (k < 0.62 && hostile) c["$deleteFromPrimitiveList/name"] = pick<J>(r, [null, "c1", ["c2"], 7]);
  else if (k < 0.68 && hostile) c.$retainKeys = pick<J>(r, [["image"], ["name"], [], ["name", "image"]]);
  else if (k < 0.72 && hostile) c.name = null;
  else if (k < 0.8) c["$deleteFromPrimitiveList/args"] = pick<J>(r, [["-x"], ["-x", "-y", "-x"], [], ["q"]]);
  else c.args = Array.from({ length: Math.floor(r() * 3) }, () => pick(r, ["-x", "-w"]));
  return c;
}

const MINORS = ["1.20", "1.23", "1.24", "1.28", "1.37"];

test("strategic merge patch on long, hostile merge lists: the same answers as the scans", () => {
  const r = rng(21);
  const deadline = Date.now() + 40_000;
  let checked = 0;
  let failed = 0;
  for (let trial = 0; trial < 1500 && Date.now() < deadline; trial++) {
    const hostile = r() < 0.6;
    const n = 9 + Math.floor(r() * 50);
    const original = { metadata: { finalizers: Array.from({ length: n }, () => `f${Math.floor(r() * 15)}`) }, spec: { containers: containers(r, n, hostile) } };
    const items = Array.from({ length: 1 + Math.floor(r() * 40) }, () => patchItem(r, hostile));
    const spec: { [k: string]: J } = { containers: items };
    if (r() < 0.4) spec["$setElementOrder/containers"] = items.filter(() => r() < 0.9).map((x) => ({ name: (x as { name?: J }).name ?? null }));
    const metadata: { [k: string]: J } = {};
    const prim = r();
    if (prim < 0.3) metadata.finalizers = Array.from({ length: Math.floor(r() * 40) }, () => `f${Math.floor(r() * 20)}`);
    else if (prim < 0.5) metadata["$deleteFromPrimitiveList/finalizers"] = Array.from({ length: Math.floor(r() * 20) }, () => `f${Math.floor(r() * 20)}`);
    if (r() < 0.3) metadata["$setElementOrder/finalizers"] = Array.from({ length: Math.floor(r() * 30) }, () => `f${Math.floor(r() * 20)}`);
    const patch = { metadata, spec };
    const k = pick(r, MINORS);
    const line = `{"op":"smp.apply","type":"Pod","kubernetes":"${k}","original":${JSON.stringify(original)},"patch":${JSON.stringify(patch)}}`;
    const a = same(line);
    if (a.includes('"ok":false')) failed++;
    const modified = { metadata: { finalizers: Array.from({ length: n }, () => `f${Math.floor(r() * 15)}`) }, spec: { containers: containers(r, n, hostile) } };
    same(`{"op":"smp.diff","type":"Pod","kubernetes":"${k}","original":${JSON.stringify(original)},"modified":${JSON.stringify(modified)}}`);
    checked++;
  }
  assert.ok(checked > 100, `only ${checked} pairs checked`);
  assert.ok(failed > 0 && failed < checked, `${failed} of ${checked} applies failed: both outcomes must be covered`);
});

test("random pods and their patches (with directives): the same answers as the scans", () => {
  const r = rng(22);
  const deadline = Date.now() + 30_000;
  let checked = 0;
  for (let seed = 1; seed < 3000 && Date.now() < deadline; seed++) {
    const { type, a, b } = randomPair(seed, 30);
    const k = pick(r, MINORS);
    const diff = same(`{"op":"smp.diff","type":"${type}","kubernetes":"${k}","original":${JSON.stringify(a)},"modified":${JSON.stringify(b)}}`);
    const w = JSON.parse(diff) as { ok: boolean; result?: { patch: string } };
    const patch = w.ok ? (JSON.parse(w.result!.patch) as J) : (b as J);
    same(`{"op":"smp.apply","type":"${type}","kubernetes":"${k}","original":${JSON.stringify(a)},"patch":${JSON.stringify(mutatePatch(r, patch))}}`);
    checked++;
  }
  assert.ok(checked > 100, `only ${checked} pairs checked`);
});

/** Go's deduplicateScalars, step for step. */
function goDedupe<T>(s: T[]): T[] {
  let length = s.length - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      if (s[i] === s[j]) {
        s[j] = s[length]!;
        s = s.slice(0, length);
        length--;
        j--;
      }
    }
  }
  return s;
}

test("large lists: every container changed, $patch: delete, $deleteFromPrimitiveList and a merged primitive list", () => {
  const n = 20_000; // past the default limits.maxItems (10,000): each request raises it
  const names = Array.from({ length: n }, (_, i) => `c${i}`);
  const original = { spec: { containers: names.map((name) => ({ name, image: "a" })) } };
  const reversed = [...names].reverse();
  const patch = { spec: { "$setElementOrder/containers": reversed.map((name) => ({ name })), containers: reversed.map((name) => ({ name, image: "b" })) } };
  const doc = JSON.parse((JSON.parse(answer(`{"op":"smp.apply","type":"Pod","limits":{"maxItems":100000},"original":${JSON.stringify(original)},"patch":${JSON.stringify(patch)}}`)) as { result: { document: string } }).result.document) as { spec: { containers: { name: string; image: string }[] } };
  assert.deepEqual(doc.spec.containers, reversed.map((name) => ({ image: "b", name })));

  const deletes = { spec: { containers: names.filter((_, i) => i % 3 === 0).map((name) => ({ name, $patch: "delete" })) } };
  const kept = JSON.parse((JSON.parse(answer(`{"op":"smp.apply","type":"Pod","limits":{"maxItems":100000},"original":${JSON.stringify(original)},"patch":${JSON.stringify(deletes)}}`)) as { result: { document: string } }).result.document) as { spec: { containers: { name: string }[] } };
  assert.deepEqual(kept.spec.containers.map((c) => c.name), names.filter((_, i) => i % 3 !== 0));

  const finalizers = Array.from({ length: n }, (_, i) => `f${i % 7000}`);
  const del = { metadata: { "$deleteFromPrimitiveList/finalizers": Array.from({ length: 3000 }, (_, i) => `f${2 * i}`) } };
  const left = JSON.parse((JSON.parse(answer(`{"op":"smp.apply","type":"Pod","limits":{"maxItems":100000},"original":{"metadata":{"finalizers":${JSON.stringify(finalizers)}}},"patch":${JSON.stringify(del)}}`)) as { result: { document: string } }).result.document) as { metadata: { finalizers: string[] } };
  const gone = new Set(del.metadata["$deleteFromPrimitiveList/finalizers"]);
  assert.deepEqual(left.metadata.finalizers, finalizers.filter((f) => !gone.has(f)));

  // a merged primitive list is deduplicated by Go's own moves (then sorted by the patch's order)
  const m = 3000;
  const a = Array.from({ length: m }, (_, i) => `f${(i * 7) % 1000}`);
  const b = Array.from({ length: m }, (_, i) => `f${(i * 11) % 1500}`);
  const merged = JSON.parse((JSON.parse(answer(`{"op":"smp.apply","type":"Pod","limits":{"maxItems":100000},"original":{"metadata":{"finalizers":${JSON.stringify(a)}}},"patch":{"metadata":{"finalizers":${JSON.stringify(b)}}}}`)) as { result: { document: string } }).result.document) as { metadata: { finalizers: string[] } };
  const deduped = goDedupe([...a, ...b]);
  assert.equal(merged.metadata.finalizers.length, deduped.length);
  assert.deepEqual([...merged.metadata.finalizers].sort(), [...deduped].sort());
});

/** A random sequence of JSON Patch operations on a big array and a big object (some failing). */
function editOps(r: () => number, n: number): J[] {
  const ops: J[] = [];
  let len = n;
  const idx = () => (r() < 0.05 ? "-" : r() < 0.03 ? String(-1 - Math.floor(r() * 3)) : String(Math.floor(r() * Math.max(1, len))));
  const key = () => `k${Math.floor(r() * 2 * n)}`;
  for (let q = 0; q < 10 + Math.floor(r() * 150); q++) {
    const t = r();
    if (t < 0.25) { ops.push({ op: "add", path: `/xs/${idx()}`, value: Math.floor(r() * 1000) }); len++; }
    else if (t < 0.4) { ops.push({ op: "remove", path: `/xs/${idx()}` }); len = Math.max(0, len - 1); }
    else if (t < 0.5) ops.push({ op: "replace", path: `/xs/${idx()}`, value: { a: 1 } });
    else if (t < 0.6) ops.push({ op: "add", path: `/o/${key()}`, value: 1 });
    else if (t < 0.68) ops.push({ op: "remove", path: `/o/k${Math.floor(r() * n)}` });
    else if (t < 0.74) ops.push({ op: "move", from: `/xs/${idx()}`, path: `/xs/${idx()}` });
    else if (t < 0.78) ops.push({ op: "move", from: `/o/${key()}`, path: `/xs/${idx()}` });
    else if (t < 0.82) ops.push({ op: "copy", from: `/xs/${idx()}`, path: `/o/${key()}` });
    else if (t < 0.85) ops.push({ op: "copy", from: "/o", path: `/o/${key()}` });
    else if (t < 0.88) ops.push({ op: "test", path: `/xs/${idx()}`, value: Math.floor(r() * 1000) });
    else if (t < 0.9) ops.push({ op: "test", path: "/o", value: {} });
    else ops.push({ op: "replace", path: `/o/${key()}`, value: [1] });
  }
  return ops;
}

test("JSON Patch apply on big containers: the same documents and errors as the plain arrays", () => {
  const r = rng(23);
  const deadline = Date.now() + 30_000;
  let ok = 0;
  let failed = 0;
  for (let trial = 0; trial < 800 && Date.now() < deadline; trial++) {
    const n = 20 + Math.floor(r() * 150);
    const doc = { xs: Array.from({ length: n }, (_, i) => i), o: Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])) };
    const a = same(`{"op":"jsonpatch.apply","document":${JSON.stringify(doc)},"patch":${JSON.stringify(editOps(r, n))}}`);
    if (a.startsWith('{"ok":true')) ok++; else failed++;
  }
  assert.ok(ok > 50 && failed > 50, `${ok} applied, ${failed} failed: both outcomes must be covered`);
});

test("JSON Patch apply at a large size: inserts and removals everywhere, as an array would do them", () => {
  const r = rng(24);
  const n = 30_000;
  const xs = Array.from({ length: n }, (_, i) => i);
  const ops: J[] = [];
  const model = [...xs];
  for (let q = 0; q < 30_000; q++) {
    const i = Math.floor(r() * (model.length + 1));
    if (r() < 0.6 || model.length === 0) { ops.push({ op: "add", path: `/xs/${i}`, value: -q }); model.splice(i, 0, -q); }
    else { const j = Math.min(i, model.length - 1); ops.push({ op: "remove", path: `/xs/${j}` }); model.splice(j, 1); }
  }
  const w = JSON.parse(answer(`{"op":"jsonpatch.apply","document":{"xs":${JSON.stringify(xs)}},"patch":${JSON.stringify(ops)}}`)) as { result: { document: { xs: number[] } } };
  assert.deepEqual(w.result.document.xs, model);
});
