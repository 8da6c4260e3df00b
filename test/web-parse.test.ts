// The web page's pure parts without a browser: manifest parsing (any number of objects, errors at line and
// column), JSON pointers mapped to text ranges (the highlighted reason paths), the line diff of the side-by-side
// view, and the URL state codec.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import fc from "fast-check";
import { stringify } from "yaml";
import { goJSONText, initSync, KinplaceError } from "../js/node.ts";
import { charOffset, lineColumn, MAX_OBJECTS, parseManifests, pointerRange, pointerSegments, type JsonSyntaxCheck, type Parsed } from "../web/src/parse.ts";
import { lineDiff, type DiffRow } from "../web/src/diff.ts";
import { decodeState, emptyState, encodeState, type PageState } from "../web/src/state.ts";
import { cases } from "./support/scale.ts";

initSync(readFileSync(fileURLToPath(new URL("../dist/kinplace.wasm", import.meta.url))));

/** The page's JSON check: the engine's Go reader. */
const jsonCheck: JsonSyntaxCheck = (text) => {
  try {
    goJSONText(text);
    return undefined;
  } catch (e) {
    return e instanceof KinplaceError && e.offset !== undefined ? { message: e.message, byteOffset: e.offset } : undefined;
  }
};

/** A plain-prototype deep copy (fast-check builds null-prototype objects). */
const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

const RUN = { numRuns: cases(300), interruptAfterTimeLimit: 20000 };

/** Every leaf of a JSON value as [pointer, value]. */
function leaves(v: unknown, at = ""): [string, unknown][] {
  if (Array.isArray(v)) return v.flatMap((x, i) => leaves(x, `${at}/${i}`));
  if (typeof v === "object" && v !== null) return Object.entries(v).flatMap(([k, x]) => leaves(x, `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`));
  return [[at, v]];
}

const key = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9._/~-]{0,12}$/);
const scalar = fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.boolean(), fc.stringMatching(/^[a-z0-9 :._-]{1,20}$/));
const manifest = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalar, tie("obj"), fc.array(tie("node"), { minLength: 1, maxLength: 4 })),
  obj: fc.dictionary(key, tie("node"), { minKeys: 1, maxKeys: 5 }),
})).obj as fc.Arbitrary<{ [k: string]: unknown }>;

test("YAML and JSON manifests parse to the same value; every leaf's pointer maps to the text of its member", () => {
  fc.assert(fc.property(manifest, fc.boolean(), (value, asJson) => {
    const text = asJson ? JSON.stringify(value, null, 2) : stringify(value);
    const p = parseManifests(text, jsonCheck);
    assert.equal(p.kind, "docs", text);
    if (p.kind !== "docs") return;
    assert.equal(p.docs.length, 1);
    const doc = p.docs[0]!;
    assert.deepEqual(doc.value, plain(value));
    for (const [ptr, leaf] of leaves(value)) {
      const r = pointerRange(doc.node, ptr);
      assert.ok(r !== undefined && r.exact, `${ptr} in ${text}`);
      const slice = text.slice(r.start, r.end);
      const segs = pointerSegments(ptr);
      const last = segs[segs.length - 1];
      // a mapping member's range holds its key and value; an array item's its value
      if (last !== undefined && !/^[0-9]+$/.test(last)) assert.ok(slice.includes(last), `${ptr}: ${JSON.stringify(slice)}`);
      if (typeof leaf === "number" || typeof leaf === "boolean") assert.ok(slice.includes(String(leaf)), `${ptr}: ${JSON.stringify(slice)}`);
    }
    // a path that does not exist: nothing at the top, else its deepest existing ancestor marked inexact
    assert.equal(pointerRange(doc.node, "/no-such-member-here"), undefined);
    const first = Object.keys(value)[0]!;
    const inexact = pointerRange(doc.node, `/${first.replace(/~/g, "~0").replace(/\//g, "~1")}/no-such-member-here`);
    assert.ok(inexact !== undefined && !inexact.exact && text.slice(inexact.start, inexact.end).includes(first));
  }), RUN);
});

test("syntax errors and shape problems carry a 1-based line and column inside the text; only syntax errors say syntax", () => {
  const cases: [string, boolean, number, number?][] = [
    ['{\n  "a": 1,\n  "b": ,\n}\n', true, 3, 8],
    ['{\n  "é": x\n}', true, 2, 8],
    ['{"a": 1', true, 1, 8],
    ['{"a": 1}}', true, 1, 9],
    ["apiVersion: v1\nkind: Pod\nmetadata:\n\tname: x\n", true, 4, 1],
    ["kind: Pod\nmetadata:\n  name: x\n   labels: {}\n", true, 3, 9],
    ["a: 1\na: 2\n", true, 2],
    ["kind: Pod\n---\nkind: Pod\n---\n- 1\n", false, 5, 3],
    ["- 1\n- 2\n", false, 1, 3],
    ["just text\n", false, 1, 1],
    ["kind: PodList\nitems:\n  - kind: Pod\n  - 7\n", false, 4, 5],
  ];
  for (const [text, syntax, line, column] of cases) {
    const p = parseManifests(text, jsonCheck);
    assert.equal(p.kind, "error", text);
    if (p.kind !== "error") continue;
    assert.equal(p.error.syntax, syntax, `${JSON.stringify(text)}: ${p.error.message}`);
    assert.equal(p.error.line, line, `${JSON.stringify(text)}: ${p.error.message}`);
    assert.deepEqual(lineColumn(text, p.error.offset), { line: p.error.line, column: p.error.column });
    assert.ok(p.error.column >= 1 && p.error.column <= text.split("\n")[line - 1]!.length + 1);
    if (column !== undefined) assert.equal(p.error.column, column, `${JSON.stringify(text)}: ${p.error.message}`);
  }
  assert.equal(parseManifests("  \n# only a comment\n").kind, "empty");
  // JSON is held to JSON's syntax with Go's message; YAML alone would read the same text as a null member
  const p = parseManifests('{"a": 1, "b": }', jsonCheck);
  assert.equal(p.kind === "error" && p.error.message, "invalid character '}' looking for beginning of value (JSON)");
  assert.equal(parseManifests('{"a": 1, "b": }').kind, "docs");
  assert.equal(charOffset("aé€😀b", 10), 5);
});

/** The objects of an editor as [kind, name, line, column]. */
function objects(p: Parsed): [unknown, unknown, number, number][] {
  assert.equal(p.kind, "docs");
  return p.kind === "docs" ? p.docs.map((d) => [d.value["kind"], (d.value["metadata"] as { name?: string } | undefined)?.name, d.line, d.column]) : [];
}

test("many objects per editor: YAML documents, a JSON array and a List's items, each with where it starts", () => {
  assert.deepEqual(objects(parseManifests("kind: Service\nmetadata:\n  name: a\n---\nkind: CloneSet\nmetadata:\n  name: b\n", jsonCheck, "new")), [["Service", "a", 1, 1], ["CloneSet", "b", 5, 1]]);
  assert.deepEqual(objects(parseManifests('[{"kind": "Service"},\n {"kind": "Pod"}]', jsonCheck)), [["Service", undefined, 1, 2], ["Pod", undefined, 2, 2]]);
  const list = parseManifests("apiVersion: v1\nkind: List\nitems:\n  - kind: Pod\n    metadata:\n      name: p\n  - kind: Service\n", jsonCheck);
  assert.deepEqual(objects(list), [["Pod", "p", 4, 5], ["Service", undefined, 7, 5]]);
  // a path inside a List item maps into that item's text
  if (list.kind === "docs") {
    const text = "apiVersion: v1\nkind: List\nitems:\n  - kind: Pod\n    metadata:\n      name: p\n  - kind: Service\n";
    const r = pointerRange(list.docs[0]!.node, "/metadata/name")!;
    assert.equal(text.slice(r.start, r.end), "name: p");
  }
  // the page's limit on objects per editor is a shape problem at the first object past it
  const many = Array.from({ length: MAX_OBJECTS + 1 }, (_, i) => `kind: Pod\nmetadata:\n  name: p${i}\n`).join("---\n");
  const over = parseManifests(many, jsonCheck);
  assert.ok(over.kind === "error" && !over.error.syntax && /more than 200 objects/.test(over.error.message) && over.error.line === MAX_OBJECTS * 4 + 1);
});

/** OLD and NEW rebuilt from diff rows (checks that every line appears once, in order). */
function sides(rows: DiffRow[], a: string[], b: string[]): [string[], string[]] {
  return [rows.flatMap((r) => (r.old === undefined ? [] : [a[r.old]!])), rows.flatMap((r) => (r.new === undefined ? [] : [b[r.new]!]))];
}

test("the line diff keeps every line once and in order, pairs only equal lines as same, and finds a longest common subsequence", () => {
  const line = fc.constantFrom("a", "b", "c", "d", "  image: x", "  image: y");
  fc.assert(fc.property(fc.array(line, { maxLength: 40 }), fc.array(line, { maxLength: 40 }), (a, b) => {
    const rows = lineDiff(a, b);
    assert.deepEqual(sides(rows, a, b), [a, b]);
    for (const r of rows) if (r.kind === "same") assert.equal(a[r.old!], b[r.new!]);
    // the same rows are a longest common subsequence (checked against a plain LCS length)
    const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
    for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    assert.equal(rows.filter((r) => r.kind === "same").length, lcs[0]![0]);
  }), RUN);
  // past the cell limit the middle is one replaced block, the common head and tail still the same
  const rows = lineDiff(["h", "x", "y", "t"], ["h", "y", "x", "t"], 3);
  assert.deepEqual(rows.map((r) => r.kind), ["same", "changed", "changed", "same"]);
});

test("lineColumn counts lines and UTF-16 columns", () => {
  fc.assert(fc.property(fc.array(fc.string({ maxLength: 30 }).map((s) => s.replace(/\n/g, "")), { minLength: 1, maxLength: 20 }), fc.nat(), (lines, pick) => {
    const text = lines.join("\n");
    const line = pick % lines.length;
    const col = lines[line]!.length === 0 ? 0 : pick % (lines[line]!.length + 1);
    const offset = lines.slice(0, line).reduce((n, l) => n + l.length + 1, 0) + col;
    assert.deepEqual(lineColumn(text, offset), { line: line + 1, column: col + 1 });
  }), RUN);
});

test("the URL state round-trips through the compressed hash fragment; damaged links are errors", async () => {
  await fc.assert(fc.asyncProperty(fc.record({
    old: fc.string({ maxLength: 3000, unit: "grapheme" }),
    new: fc.string({ maxLength: 3000, unit: "grapheme" }),
    kubernetes: fc.constantFrom("", "1.32", "1.37"),
    kubelet: fc.constantFrom("", "1.15", "1.30"),
    kruise: fc.constantFrom("1.8", "1.9"),
    gates: fc.dictionary(fc.constantFrom("InPlaceWorkloadVerticalScaling", "InPlaceUpdateEnvFromMetadata", "InPlacePodVerticalScaling"), fc.boolean(), { noNullPrototype: true }),
    strategy: fc.constantFrom("", "ReCreate", "InPlaceIfPossible", "InPlaceOnly"),
    replicas: fc.constantFrom("", "5", "120"),
    partition: fc.constantFrom("", "2", "40%"),
    maxUnavailable: fc.constantFrom("", "1", "20%"),
    tab: fc.constantFrom("json", "merge", "strategic", "pod"),
    workload: fc.constantFrom("", "apps/Deployment/shop/api"),
  }), async (s: PageState) => {
    const hash = await encodeState(s);
    assert.match(hash, /^#s=[A-Za-z0-9_-]*$/);
    assert.deepEqual(await decodeState(hash), plain(s));
  }), { numRuns: cases(100), interruptAfterTimeLimit: 20000 });
  // a big manifest compresses well below its size
  const big = { ...emptyState(), old: "spec:\n  containers:\n" + "    - name: c\n      image: nginx:1.27\n".repeat(200) };
  assert.ok((await encodeState(big)).length < big.old.length / 5);
  assert.equal(await decodeState(""), undefined);
  assert.equal(await decodeState("#other"), undefined);
  await assert.rejects(decodeState("#s=AAAA"));
  await assert.rejects(decodeState("#s=not*base64"), /base64url/);
  // members of the wrong type fall back to the defaults
  const odd = await encodeState({ ...emptyState(), old: "x" });
  const decoded = await decodeState(odd);
  assert.equal(decoded?.kruise, "1.9");
});
