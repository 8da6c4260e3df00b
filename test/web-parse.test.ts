// The web page's pure parts without a browser: manifest parsing (errors at line and column), JSON pointers
// mapped to text ranges (the highlighted reason paths), and the URL state codec.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import fc from "fast-check";
import { stringify } from "yaml";
import { goJSONText, initSync, KinplaceError } from "../js/node.ts";
import { charOffset, lineColumn, parseManifest, pointerRange, pointerSegments, type JsonSyntaxCheck } from "../web/src/parse.ts";
import { decodeState, emptyState, encodeState, type PageState } from "../web/src/state.ts";

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

const RUN = { numRuns: 300, interruptAfterTimeLimit: 20000 };

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
    const p = parseManifest(text, jsonCheck);
    assert.equal(p.kind, "value", text);
    if (p.kind !== "value") return;
    assert.deepEqual(p.value, plain(value));
    for (const [ptr, leaf] of leaves(value)) {
      const r = pointerRange(p.doc, ptr);
      assert.ok(r !== undefined && r.exact, `${ptr} in ${text}`);
      const slice = text.slice(r.start, r.end);
      const segs = pointerSegments(ptr);
      const last = segs[segs.length - 1];
      // a mapping member's range holds its key and value; an array item's its value
      if (last !== undefined && !/^[0-9]+$/.test(last)) assert.ok(slice.includes(last), `${ptr}: ${JSON.stringify(slice)}`);
      if (typeof leaf === "number" || typeof leaf === "boolean") assert.ok(slice.includes(String(leaf)), `${ptr}: ${JSON.stringify(slice)}`);
    }
    // a path that does not exist: nothing at the top, else its deepest existing ancestor marked inexact
    assert.equal(pointerRange(p.doc, "/no-such-member-here"), undefined);
    const first = Object.keys(value)[0]!;
    const inexact = pointerRange(p.doc, `/${first.replace(/~/g, "~0").replace(/\//g, "~1")}/no-such-member-here`);
    assert.ok(inexact !== undefined && !inexact.exact && text.slice(inexact.start, inexact.end).includes(first));
  }), RUN);
});

test("syntax errors carry a 1-based line and column inside the text", () => {
  const cases: [string, number, number?][] = [
    ['{\n  "a": 1,\n  "b": ,\n}\n', 3, 8],
    ['{\n  "é": x\n}', 2, 8],
    ['{"a": 1', 1, 8],
    ['{"a": 1}}', 1, 9],
    ["apiVersion: v1\nkind: Pod\nmetadata:\n\tname: x\n", 4, 1],
    ["kind: Pod\nmetadata:\n  name: x\n   labels: {}\n", 3, 9],
    ["a: 1\na: 2\n", 2],
    ["kind: Pod\n---\nkind: Pod\n", 2],
    ["- 1\n- 2\n", 1],
  ];
  for (const [text, line, column] of cases) {
    const p = parseManifest(text, jsonCheck);
    assert.equal(p.kind, "error", text);
    if (p.kind !== "error") continue;
    assert.equal(p.error.line, line, `${JSON.stringify(text)}: ${p.error.message}`);
    assert.deepEqual(lineColumn(text, p.error.offset), { line: p.error.line, column: p.error.column });
    assert.ok(p.error.column >= 1 && p.error.column <= text.split("\n")[line - 1]!.length + 1);
    if (column !== undefined) assert.equal(p.error.column, column, `${JSON.stringify(text)}: ${p.error.message}`);
  }
  assert.equal(parseManifest("  \n# only a comment\n").kind, "empty");
  // JSON is held to JSON's syntax with Go's message; YAML alone would read the same text as a null member
  const p = parseManifest('{"a": 1, "b": }', jsonCheck);
  assert.equal(p.kind === "error" && p.error.message, "invalid character '}' looking for beginning of value (JSON)");
  assert.equal(parseManifest('{"a": 1, "b": }').kind, "value");
  assert.equal(charOffset("aé€😀b", 10), 5);
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
  }), async (s: PageState) => {
    const hash = await encodeState(s);
    assert.match(hash, /^#s=[A-Za-z0-9_-]*$/);
    assert.deepEqual(await decodeState(hash), plain(s));
  }), { numRuns: 100, interruptAfterTimeLimit: 20000 });
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
