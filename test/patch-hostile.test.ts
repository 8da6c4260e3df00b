// Hostile requests to the patch ops (jsonpatch.*, mergepatch.*, smp.*): every field of the wrong type,
// JSON pointers that point nowhere or spell indexes oddly, strategic-merge-patch directives of every wrong
// type in every place, values nested past the decoders' limits, arrays far past the engine's matrix limit.
// Every answer must be a typed answer: ok, or an error whose code is one of the documented ones (decided by
// code, never by message) — never E_INTERNAL (a trap, or "op failed without an error"). The engine's limits
// answer their own codes, and the engine keeps answering afterwards.

import { test } from "node:test";
import assert from "node:assert/strict";
import { answer, withExact } from "./support/exact.ts";

type J = null | boolean | number | string | J[] | { [k: string]: J };

const CODES = new Set(["E_JSON_SYNTAX", "E_JSON_DEPTH", "E_TOO_LARGE", "E_JSON_TYPE", "E_BAD_REQUEST", "E_UNSUPPORTED_VERSION", "E_PATCH_INVALID",
  "E_PATCH_OP", "E_PATCH_PATH", "E_PATCH_INDEX", "E_PATCH_TEST", "E_PATCH_PANIC", "E_PATCH_MARSHAL", "E_PATCH_LIMIT", "E_PATCH_STRATEGIC"]);

/** The answer's error code ("" when ok); fails on anything that is not a typed answer. */
function typed(line: string | Uint8Array): string {
  let text: string;
  try {
    text = answer(line);
  } catch (e) {
    assert.fail(`the engine failed: ${(e as Error).message}\n${String(line).slice(0, 300)}`);
  }
  const w = JSON.parse(text) as { ok: boolean; error?: { code: string } };
  if (w.ok) return "";
  assert.ok(CODES.has(w.error!.code), `${w.error!.code}: ${text.slice(0, 300)}\n${(typeof line === "string" ? line : new TextDecoder().decode(line)).slice(0, 300)}`);
  return w.error!.code;
}

const WRONG: J[] = [1, -1, 1.5, 1e300, "x", "", [], [1], {}, { a: 1 }, null, true];
const FIELDS: Record<string, string[]> = {
  "jsonpatch.diff": ["from", "fromText", "to", "toText", "flavor", "maxEditMatrix", "lockstep", "go", "exact"],
  "jsonpatch.apply": ["document", "documentText", "patch", "patchText", "go", "exact"],
  "mergepatch.diff": ["original", "originalText", "modified", "modifiedText", "go", "exact"],
  "mergepatch.apply": ["original", "originalText", "patch", "patchText", "go", "exact"],
  "smp.diff": ["original", "originalText", "modified", "modifiedText", "type", "kubernetes", "go", "exact"],
  "smp.apply": ["original", "originalText", "patch", "patchText", "type", "kubernetes", "go", "exact"],
};
const GOOD: Record<string, { [k: string]: J }> = {
  "jsonpatch.diff": { from: { a: [1, 2] }, to: { a: [2, 3], b: 1 } },
  "jsonpatch.apply": { document: { a: [1, 2] }, patch: [{ op: "add", path: "/a/0", value: 1 }] },
  "mergepatch.diff": { original: { a: 1 }, modified: { a: 2 } },
  "mergepatch.apply": { original: { a: 1 }, patch: { a: null, b: 2 } },
  "smp.diff": { type: "Pod", original: { spec: { containers: [{ name: "a", image: "x" }] } }, modified: { spec: { containers: [{ name: "a", image: "y" }] } } },
  "smp.apply": { type: "Pod", original: { spec: { containers: [{ name: "a", image: "x" }] } }, patch: { spec: { containers: [{ name: "a", image: "y" }] } } },
};

test("every field of every patch op, of every wrong type, alone and with another: typed answers", () => {
  let errors = 0;
  for (const [op, fields] of Object.entries(FIELDS)) {
    for (const f of fields) {
      for (const w of WRONG) {
        if (typed(JSON.stringify({ op, ...GOOD[op], [f]: w }))) errors++;
        typed(JSON.stringify({ op, [f]: w }));
        for (const g of fields) typed(JSON.stringify({ op, ...GOOD[op], [f]: w, [g]: WRONG[(f.length + g.length) % WRONG.length]! }));
      }
      for (const t of ["", "{", "[", "null", "1", '"x"', "[]", "{}", '{"a":', "\u0000", '{"a":1}x', " "]) {
        if (f.endsWith("Text")) typed(JSON.stringify({ op, ...GOOD[op], [f.slice(0, -4)]: undefined, [f]: t }));
      }
    }
    for (const e of [true, ["sametext"], ["listindex", "fieldmemo", "quoted", "lockstep"], ["nope"], [1], "all", {}]) typed(JSON.stringify({ op, ...GOOD[op], exact: e }));
  }
  assert.ok(errors > 100);
});

const POINTERS = ["", "/", "//", "~2", "/~", "/~2", "/~01", "/-", "/-/b", "/a/-/b", "/a/b/-", "/a/b/01", "/a/b/00", "/a/b/-1", "/a/b/-4", "/a/b/-99999999999999999999",
  "/a/b/99999999999999999999", "/a/b/9223372036854775807", "/a/b/9223372036854775808", "/a/b/1e3", "/a/b/ 1", "/a/b/+1", "/a/b/0x1", "/a/b/2/c", "/a/b/2/c/d",
  "/n/x", "/n", "/0", "/1/0", "/1/-", "/1/5", "a", "/a/b/", "/~1", "/~0", "/\u00e9"];

test("JSON pointers that point nowhere or spell indexes oddly: typed answers, by code", () => {
  const docs: J[] = [{ a: { b: [1, 2, { c: 3 }] }, "": { "": 1 }, "~": 1, "/": 2, n: null }, [1, [2, 3], { a: 1 }], null, {}, []];
  const codes = new Set<string>();
  for (const document of docs) {
    for (const path of POINTERS) {
      for (const op of ["add", "remove", "replace", "test", "move", "copy"]) {
        const o: { [k: string]: J } = { op, path, value: { z: 1 } };
        const froms = op === "move" || op === "copy" ? ["/a", path, "/a/b/0", "/-"] : [null];
        for (const from of froms) {
          if (from !== null) o.from = from;
          codes.add(typed(JSON.stringify({ op: "jsonpatch.apply", document, patch: [o] })));
          codes.add(typed(withExact(JSON.stringify({ op: "jsonpatch.apply", document, patch: [o, { op: "add", path: "/a/b/0", value: 0 }] }), ["listindex"])));
        }
        codes.add(typed(JSON.stringify({ op: "jsonpatch.apply", document, patch: [{ op, path }] })));
      }
    }
  }
  for (const c of ["", "E_PATCH_PATH", "E_PATCH_INDEX", "E_PATCH_OP", "E_PATCH_PANIC", "E_PATCH_TEST"]) assert.ok(codes.has(c), `no ${c || "success"} among ${[...codes]}`);
  // an index past any i64, or past the array, is E_PATCH_INDEX where the library reports the index (add,
  // remove) and E_PATCH_PATH where it reports a missing key (replace); a path through "-" points nowhere
  assert.equal(typed('{"op":"jsonpatch.apply","document":{"a":[1]},"patch":[{"op":"add","path":"/a/99999999999999999999","value":1}]}'), "E_PATCH_INDEX");
  assert.equal(typed('{"op":"jsonpatch.apply","document":{"a":[1]},"patch":[{"op":"remove","path":"/a/2"}]}'), "E_PATCH_INDEX");
  assert.equal(typed('{"op":"jsonpatch.apply","document":{"a":[1]},"patch":[{"op":"replace","path":"/a/2","value":1}]}'), "E_PATCH_PATH");
  assert.equal(typed('{"op":"jsonpatch.apply","document":{"a":[{"b":1}]},"patch":[{"op":"add","path":"/a/-/b","value":1}]}'), "E_PATCH_PATH");
});

test("strategic merge patch directives of every wrong type, in every place: typed answers", () => {
  const values: J[] = [1, "x", "delete", "replace", "merge", {}, [], [1], [{}], [null], [[1]], [{ name: {} }], [{ name: [] }], [{ name: null }], [{ name: "a" }], null, true];
  const places: ((v: J) => J)[] = [
    (v) => ({ $patch: v }), (v) => ({ spec: { $patch: v } }), (v) => ({ spec: { $retainKeys: v, containers: [{ name: "a" }] } }),
    (v) => ({ metadata: { "$deleteFromPrimitiveList/finalizers": v } }), (v) => ({ metadata: { "$deleteFromPrimitiveList/labels": v } }), (v) => ({ "$deleteFromPrimitiveList/": v }),
    (v) => ({ spec: { "$setElementOrder/containers": v } }), (v) => ({ spec: { "$setElementOrder/containers": v, containers: v } }), (v) => ({ metadata: { "$setElementOrder/finalizers": v, finalizers: v } }),
    (v) => ({ "$setElementOrder": v }), (v) => ({ spec: { containers: v } }), (v) => ({ spec: { containers: [{ name: "a", $patch: v }] } }), (v) => ({ spec: { containers: [{ $patch: v }] } }),
    (v) => ({ spec: { containers: [{ name: v, $patch: "delete" }] } }), (v) => ({ spec: { containers: [{ name: v }] } }), (v) => ({ metadata: { finalizers: v } }), (v) => ({ spec: v }),
    (v) => ({ spec: { containers: [{ name: "a", "$setElementOrder/env": v, env: [{ name: "x" }] }] } }), (v) => ({ spec: { containers: [{ name: "a", "$deleteFromPrimitiveList/name": v }] } }),
  ];
  const originals: J[] = [
    { spec: { containers: [{ name: "a", image: "x", env: [{ name: "x", value: "1" }] }, { name: "b" }] }, metadata: { finalizers: ["f", "g"], labels: { a: "1" } } },
    { spec: { containers: [1, { name: "a" }] }, metadata: { finalizers: [{}, "g"], labels: [] } },
    { spec: { containers: [{ name: {} }, { name: [] }, { name: null }, {}] }, metadata: { finalizers: [[1]] } },
    { spec: null, metadata: null }, {},
  ];
  const codes = new Set<string>();
  for (const k of ["1.20", "1.24", "1.28", "1.37"]) {
    for (const original of originals) {
      for (const place of places) {
        for (const v of values) {
          const patch = place(v);
          codes.add(typed(JSON.stringify({ op: "smp.apply", type: "Pod", kubernetes: k, original, patch })));
          codes.add(typed(withExact(JSON.stringify({ op: "smp.apply", type: "Pod", kubernetes: k, original, patch }), true)));
          codes.add(typed(JSON.stringify({ op: "smp.diff", type: "Pod", kubernetes: k, original, modified: patch })));
        }
      }
    }
  }
  for (const c of ["", "E_PATCH_STRATEGIC", "E_PATCH_PANIC"]) assert.ok(codes.has(c), `no ${c || "success"} among ${[...codes]}`);
});

test("values nested past the decoders' limits, and arrays past the matrix limit: their own codes", () => {
  const deep = (n: number, open: string, close: string) => open.repeat(n) + "1" + close.repeat(n);
  for (const n of [10000, 10001, 100000]) {
    const a = deep(n, "[", "]");
    const o = deep(n, '{"a":', "}");
    typed(JSON.stringify({ op: "jsonpatch.diff", fromText: `{"x":${a}}`, toText: `{"x":${o}}` }));
    typed(JSON.stringify({ op: "mergepatch.apply", originalText: o, patchText: o }));
    typed(JSON.stringify({ op: "jsonpatch.apply", documentText: o, patchText: `[{"op":"add","path":"/a","value":${a}}]` }));
    for (const k of ["1.20", "1.37"]) typed(JSON.stringify({ op: "smp.apply", type: "Pod", kubernetes: k, originalText: `{"spec":{"x":${a}}}`, patchText: `{"spec":{"containers":[{"name":"a","args":${a}}]}}` }));
  }
  assert.equal(typed(JSON.stringify({ op: "smp.diff", type: "Unstructured", originalText: deep(100000, '{"a":', "}"), modifiedText: "{}" })), "E_PATCH_INVALID");
  // the Levenshtein matrix: past maxEditMatrix, and past what the engine holds whatever maxEditMatrix says
  const xs = (n: number, d: number) => JSON.stringify({ xs: Array.from({ length: n }, (_, i) => i + d) });
  for (const maxEditMatrix of [undefined, 1e9, 1e15]) {
    const line = JSON.stringify({ op: "jsonpatch.diff", fromText: xs(20000, 0), toText: xs(20000, 1), maxEditMatrix });
    assert.equal(typed(line), "E_PATCH_LIMIT");
    assert.equal(typed(withExact(line, true)), "E_PATCH_LIMIT");
    // the minimal flavor aligns positionally instead
    assert.equal(typed(JSON.stringify({ op: "jsonpatch.diff", flavor: "minimal", fromText: xs(20000, 0), toText: xs(20000, 1), maxEditMatrix })), "");
  }
  assert.equal(typed(JSON.stringify({ op: "jsonpatch.diff", fromText: xs(3000, 0), toText: xs(3000, 1), maxEditMatrix: 1e15 })), "");
  assert.equal(typed('{"op":"jsonpatch.diff","from":{"a":[1]},"to":{"a":[2]},"maxEditMatrix":0}'), "E_BAD_REQUEST");
  // patches far longer than their documents (many operations deep down, each with its whole path): maxPatchBytes
  const members = (v: number) => JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, v])));
  const nest = (s: string) => '{"a":'.repeat(500) + s + "}".repeat(500);
  for (const extra of ["", ',"lockstep":false', ',"flavor":"minimal"']) {
    const line = `{"op":"jsonpatch.diff"${extra},"maxPatchBytes":2000000,"fromText":${JSON.stringify(nest(members(1)))},"toText":${JSON.stringify(nest(members(2)))}}`;
    assert.equal(typed(line), "E_PATCH_LIMIT");
    assert.equal(typed(line.replace('"maxPatchBytes":2000000', '"maxPatchBytes":8000000')), "");
  }
  assert.equal(typed('{"op":"jsonpatch.diff","from":{},"to":{},"maxPatchBytes":0}'), "E_BAD_REQUEST");
  // copies that double the document: the library's AccumulatedCopySizeLimit (maxCopyBytes), at most 32 MiB
  const doubling = Array.from({ length: 40 }, (_, i) => ({ op: "copy", from: "/a", path: `/a/x${i}` }));
  assert.equal(typed(JSON.stringify({ op: "jsonpatch.apply", document: { a: { v: "0123456789" } }, patch: doubling })), "E_PATCH_LIMIT");
  const copies = JSON.stringify([{ op: "copy", path: "/foo/-", from: "/foo/1" }, { op: "copy", path: "/foo/-", from: "/foo/1" }]);
  const doc = JSON.stringify({ foo: ["A", "a".repeat(49)] });
  assert.equal(answer(`{"op":"jsonpatch.apply","maxCopyBytes":101,"document":${doc},"patch":${copies}}`),
    '{"ok":false,"error":{"code":"E_PATCH_LIMIT","message":"Unable to complete the copy, the accumulated size increase of copy is 102, exceeding the limit 101","path":"/1"}}');
  assert.equal(typed(`{"op":"jsonpatch.apply","maxCopyBytes":102,"document":${doc},"patch":${copies}}`), "");
  // a copy is not decoded again: no Go nesting limit on it (Go 1.14 has none on the document either)
  const deepDoc = JSON.stringify(`{"a":${deep(12000, "[", "]")}}`);
  assert.equal(typed(`{"op":"jsonpatch.apply","go":"1.14","documentText":${deepDoc},"patch":[{"op":"copy","from":"/a","path":"/b"}]}`), "");
  // the engine still answers
  assert.equal(answer('{"op":"mergepatch.diff","original":{"a":1},"modified":{"a":2}}'), '{"ok":true,"result":{"patch":{"a":2}}}');
});
