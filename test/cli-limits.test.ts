// The CLI's input limits (js/cli/limits.ts, yaml-check.ts, yaml-read.ts, json-split.ts): nesting deeper than
// --max-depth, alias bombs and cycles, and too long YAML documents are typed errors at file:line:column with
// exit code 2 in every command, never a stack overflow; reading costs work linear in the input (counted as
// array elements scanned, no timing asserts); duplicate keys are reported as the `yaml` package reports them.
// Block maps need indentation growing with their depth (100,000 levels would be 5 GB), so they are tested
// 2,000 deep and 100,000 levels of YAML block nesting are block sequences (`- - - a`). Needs `npm run build`.

import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { LineCounter, parseAllDocuments } from "yaml";
import { JsonSplitter, SplitError } from "../js/cli/json-split.ts";
import { DEFAULT_LIMITS, type InputLimits } from "../js/cli/limits.ts";
import { InputError } from "../js/cli/source.ts";
import { yamlDocuments } from "../js/cli/yaml-read.ts";
import { deployment, kinplace, tempDir } from "./cli-helpers.ts";

const tmp = tempDir();
after(() => tmp.cleanup());
const LIMIT = DEFAULT_LIMITS.maxDepth;
const TOO_DEEP = `nested deeper than ${LIMIT} levels (--max-depth)`;

/** The objects of YAML `text` read as the CLI reads them. */
function read(text: string, limits: Partial<InputLimits> = {}): unknown[] {
  return [...yamlDocuments(text, "f.yaml", false, { ...DEFAULT_LIMITS, ...limits })].map((d) => JSON.parse(d.json as string) as unknown);
}

/** The InputError reading YAML `text` throws, as `line:column: message`. */
function readError(text: string, limits: Partial<InputLimits> = {}): string {
  try {
    read(text, limits);
  } catch (e) {
    if (e instanceof InputError) return `${e.line}:${e.column}: ${e.message}`;
    throw e;
  }
  assert.fail("no error");
}

/** Deeply nested inputs: the text of `depth` levels (the top-level object is level 1) and where level LIMIT + 1 starts. */
const nested: { [name: string]: (depth: number) => { text: string; line: number; column: number; ext: string } } = {
  "YAML flow": (d) => ({ text: `kind: Pod\nmetadata: {name: p}\nx: ${"[".repeat(d - 1)}${"]".repeat(d - 1)}\n`, line: 3, column: 4 + LIMIT - 1, ext: "yaml" }),
  "YAML flow maps": (d) => ({ text: `kind: Pod\nmetadata: {name: p}\nx: ${"{a: ".repeat(d - 1)}1${"}".repeat(d - 1)}\n`, line: 3, column: 4 + 4 * (LIMIT - 1), ext: "yaml" }),
  "YAML block": (d) => {
    const levels = Array.from({ length: d - 1 }, (_, i) => `${" ".repeat(i + 1)}a:\n`);
    return { text: `kind: Pod\nmetadata: {name: p}\nx:\n${levels.join("")}`, line: 3 + LIMIT, column: LIMIT + 1, ext: "yaml" };
  },
  "YAML block sequences": (d) => ({ text: `kind: Pod\nmetadata: {name: p}\nx:\n${"- ".repeat(d - 1)}a\n`, line: 4, column: 1 + 2 * (LIMIT - 1), ext: "yaml" }),
  JSON: (d) => {
    const head = '{"kind":"Pod","metadata":{"name":"p"},"x":';
    return { text: `${head}${"[".repeat(d - 1)}${"]".repeat(d - 1)}}`, line: 1, column: head.length + LIMIT, ext: "json" };
  },
};

describe("nesting deeper than --max-depth", () => {
  for (const [name, make] of Object.entries(nested)) {
    const depths = name === "YAML block" ? [2_000] : [2_000, 100_000];
    test(`${name}, ${depths.map((d) => d.toLocaleString("en")).join(" and ")} levels: file:line:column of the first level too deep, exit 2`, async () => {
      for (const depth of depths) {
        const { text, line, column, ext } = make(depth);
        const file = tmp.file(`deep-${depth}.${ext}`, text);
        const r = await kinplace(["hash", file]);
        assert.equal(r.status, 2, r.stderr);
        assert.equal(r.stderr, `kinplace hash: ${file}:${line}:${column}: ${TOO_DEEP}\n`);
        const s = await kinplace(["hash", "-"], { input: text });
        assert.equal(s.stderr, `kinplace hash: <stdin>:${line}:${column}: ${TOO_DEEP}\n`, `${name} on stdin`);
      }
    });
  }

  test("exactly --max-depth levels are read (and written back as YAML); one more is refused", async () => {
    for (const [name, make] of Object.entries(nested)) {
      const { text, ext } = make(LIMIT);
      const file = tmp.file(`limit.${ext}`, text);
      const r = await kinplace(["diff", file, file, "-o", "yaml"]);
      assert.equal(r.status, 0, `${name}: ${r.stderr}`);
      assert.equal((await kinplace(["diff", file, tmp.file(`over.${ext}`, make(LIMIT + 1).text)])).status, 2, name);
    }
  });

  test("every command, the --policy file and JSON List items; --max-depth lowers the limit", async () => {
    const deep = tmp.file("deep.yaml", nested["YAML flow"]!(2_000).text);
    const ok = tmp.file("ok.yaml", JSON.stringify(deployment("web", ["nginx:1"])));
    const expected = `${deep}:3:${3 + LIMIT}: ${TOO_DEEP}`;
    for (const args of [["check", ok, deep], ["check", deep, ok], ["diff", ok, deep], ["plan", deep], ["plan", ok, deep], ["check", ok, ok, "--policy", deep]]) {
      const r = await kinplace(args);
      assert.equal(r.status, 2, args.join(" "));
      assert.equal(r.stderr, `kinplace ${args[0]}: ${expected}\n`, args.join(" "));
    }
    const policy = tmp.file("deep-policy.json", `{"rules":${"[".repeat(600)}${"]".repeat(600)}}`);
    const p = await kinplace(["check", ok, ok, "--policy", policy]);
    assert.equal(p.stderr, `kinplace check: ${policy}:1:${9 + LIMIT}: ${TOO_DEEP}\n`);
    const list = tmp.file("list.json", `{"kind":"List","items":[\n{"kind":"Pod"},\n{"kind":"Pod","x":${"[".repeat(600)}${"]".repeat(600)}}]}`);
    const l = await kinplace(["hash", list]);
    assert.match(l.stderr, new RegExp(`list\\.json:3:${18 + LIMIT - 2}: nested deeper`), "a List counts as a level, and so does its item");
    const lowered = await kinplace(["diff", ok, ok, "--max-depth", "3"]);
    assert.match(lowered.stderr, /ok\.yaml:1:\d+: nested deeper than 3 levels \(--max-depth\)/);
    assert.equal((await kinplace(["diff", ok, ok, "--max-depth", "6"])).status, 0, "a Deployment's containers are 6 levels deep");
    for (const bad of ["0", "501", "x", "-1", "1e3"]) {
      const u = await kinplace(["hash", ok, `--max-depth=${bad}`]);
      assert.equal(u.status, 2, bad);
      assert.match(u.stderr, /option --max-depth: .* is not a whole number from 1 to 500/);
    }
  });

  test("the JSON splitter stops at the limit, in any chunking", () => {
    const text = new TextEncoder().encode(`{"a":${"[".repeat(50)}${"]".repeat(50)}}`);
    for (const size of [1, 7, text.length]) {
      const s = new JsonSplitter(() => {}, 10);
      assert.throws(() => {
        for (let at = 0; at < text.length; at += size) s.push(text.slice(at, at + size));
      }, (e: unknown) => e instanceof SplitError && e.message === "nested deeper than 10 levels (--max-depth)" && e.at.column === 15);
    }
  });
});

describe("aliases", () => {
  const laughs = ["kind: Pod", "l0: &l0 [x, x, x, x, x, x, x, x, x, x]", ...Array.from({ length: 9 }, (_, i) => `l${i + 1}: &l${i + 1} [${Array(10).fill(`*l${i}`).join(", ")}]`)].join("\n");

  test("a billion laughs is refused at the alias where the expansion passes --max-alias-nodes", async () => {
    const r = await kinplace(["hash", tmp.file("laughs.yaml", laughs)]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /laughs\.yaml:7:45: aliases add more than 1000000 nodes to this document \(--max-alias-nodes\)\n$/);
    assert.equal(readError(laughs, { maxAliasNodes: 50 }), "3:35: aliases add more than 50 nodes to this document (--max-alias-nodes)");
    const u = await kinplace(["hash", "-", "--max-alias-nodes", "lots"], { input: laughs });
    assert.match(u.stderr, /option --max-alias-nodes: "lots" is not a whole number/);
  });

  test("a cycle, an unknown anchor and an alias expanding past --max-depth are errors at the alias", () => {
    assert.equal(readError("kind: Pod\na: &a [1, *a]\n"), "2:11: alias *a is inside the node it names");
    assert.equal(readError("kind: Pod\na: *nope\n"), "2:4: Unresolved alias (the anchor must be set before the alias): nope");
    assert.equal(readError("kind: Pod\na: &a [[[1]]]\nb: [[*a]]\n", { maxDepth: 5 }), "3:6: alias *a: nested deeper than 5 levels (--max-depth)");
    assert.deepEqual(read("kind: Pod\na: &a [[[1]]]\nb: [*a]\n", { maxDepth: 5 }), [{ kind: "Pod", a: [[[1]]], b: [[[[1]]]] }]);
  });

  test("aliases and merge keys give what the yaml package gives", () => {
    const texts = [
      "kind: Pod\nbase: &b {x: 1, y: [1, 2]}\nc: {<<: *b, y: 3}\nd: [*b, *b]\ne: &s str\nf: *s\n",
      "kind: Pod\na: &a 1\na2: &a 2\nb: *a\nl: &l [&i {k: v}, *i]\nm: {<<: [*i, {z: 1}]}\nn: *l\n",
    ];
    for (const text of texts) assert.deepEqual(read(text), [parseAllDocuments(text, { version: "1.1" })[0]!.toJS()]);
  });
});

describe("duplicate keys", () => {
  test("the same message and position as the yaml package's own check", () => {
    const texts = [
      "kind: Pod\nkind: Pod\n",
      "kind: Pod\nspec:\n  a: 1\n  b: {c: 1, c: 2}\n  a: 3\n",
      "kind: Pod\nx: {a: 1, b: 2, a: 3}\n",
      "kind: Pod\nyes: 1\ntrue: 2\n",
      "kind: Pod\n'1': a\n1: b\n\"1\": c\n",
      "---\nkind: Pod\n---\nkind: Pod\nx: [{a: 1, a: 2}]\n",
      "kind: Pod\n.nan: 1\n.NaN: 2\n",
    ];
    for (const text of texts) {
      const lines = new LineCounter();
      const err = parseAllDocuments(text, { version: "1.1", lineCounter: lines, prettyErrors: false }).flatMap((d) => d.errors)[0];
      const expected = err === undefined ? undefined : `${lines.linePos(err.pos[0]).line}:${lines.linePos(err.pos[0]).col}: ${err.message}`;
      if (expected === undefined) assert.doesNotThrow(() => read(text), text);
      else assert.equal(readError(text), expected, text);
    }
    assert.equal(readError("kind: Pod\nx: !!omap [a: 1, b: 2, a: 3]\n"), "2:4: Ordered maps must not include duplicate keys: a");
  });

  test("the CLI reports file:line:column, exit 2", async () => {
    const keys = Array.from({ length: 100_000 }, (_, i) => `  k${i}: v\n`).join("");
    const r = await kinplace(["hash", tmp.file("dup.yaml", `kind: Pod\nlabels:\n${keys}  k7: again\n`)]);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, `kinplace hash: ${tmp.dir}/dup.yaml:100003:3: Map keys must be unique\n`);
  });
});

describe("work linear in the input", () => {
  const scans = ["some", "every", "find", "findIndex", "findLast", "findLastIndex", "includes", "indexOf", "lastIndexOf", Symbol.iterator] as const;

  /** Array elements the scans of `fn` may visit (each call counts its array's length): quadratic work shows as a quadratic count. */
  function scanned(fn: () => void): number {
    const proto = Array.prototype as unknown as { [k: string | symbol]: (this: unknown[], ...a: unknown[]) => unknown };
    const saved = scans.map((m) => proto[m]!);
    let count = 0;
    scans.forEach((m, i) => {
      proto[m] = function (...a) {
        count += this.length;
        return saved[i]!.apply(this, a);
      };
    });
    try {
      fn();
    } finally {
      scans.forEach((m, i) => (proto[m] = saved[i]!));
    }
    return count;
  }

  const shapes: { [name: string]: (n: number) => string } = {
    "block map keys": (n) => `kind: Pod\nx:\n${Array.from({ length: n }, (_, i) => `  k${i}: v${i}\n`).join("")}`,
    "flow map keys": (n) => `kind: Pod\nx: {${Array.from({ length: n }, (_, i) => `k${i}: v${i}`).join(", ")}}\n`,
    "sequence items": (n) => `kind: Pod\nx:\n${Array.from({ length: n }, (_, i) => `- v${i}\n`).join("")}`,
    "anchors and aliases": (n) => `kind: Pod\nx:\n${Array.from({ length: n / 2 }, (_, i) => `  k${i}: &a${i} [v${i}]\n`).join("")}y:\n${Array.from({ length: n / 2 }, (_, i) => `  r${i}: *a${i}\n`).join("")}`,
    "ordered map (!!omap)": (n) => `kind: Pod\nx: !!omap\n${Array.from({ length: n }, (_, i) => `- k${i}: v${i}\n`).join("")}`,
    documents: (n) => Array.from({ length: n / 10 }, (_, i) => `---\nkind: Pod\nmetadata: {name: p${i}}\n`).join(""),
  };
  for (const [name, make] of Object.entries(shapes)) {
    test(`${name}: twice the input, about twice the elements scanned`, () => {
      const [small, large] = [4_000, 8_000].map((n) => scanned(() => read(make(n))));
      assert.ok(large <= 2.2 * small!, `${small} → ${large}`);
    });
  }

  test("a map of 200,000 keys and 20,000 documents are read whole", { timeout: 300_000 }, () => {
    const [doc] = read(shapes["block map keys"]!(200_000)) as { x: { [k: string]: string } }[];
    const keys = Object.keys(doc!.x);
    assert.equal(keys.length, 200_000);
    assert.equal(keys[199_999], "k199999");
    assert.equal(doc!.x["k123456"], "v123456");
    assert.equal(read(shapes["documents"]!(200_000)).length, 20_000);
  });

  test("a YAML document longer than --max-yaml-size is refused at its start; shorter documents stream", async () => {
    const text = `${shapes["documents"]!(100)}---\nkind: Pod\nx: ${"y".repeat(5_000)}\n`;
    assert.equal(read(text, { maxYamlSize: 6_000 }).length, 11);
    assert.throws(() => read(text, { maxYamlSize: 100 }), (e: unknown) => e instanceof InputError && /longer than 100 characters/.test(e.message));
    const r = await kinplace(["hash", tmp.file("long.yaml", text), "--max-yaml-size", "4000"]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /long\.yaml:31:1: YAML document longer than 4000 characters \(--max-yaml-size\); JSON input is streamed\n$/);
  });
});
