// The engine's layout keeps its data and imports flowing one way (docs/architecture.md, "Layers"):
// every folder of assembly/ has a rank in the list there, a file may import only from its own folder or
// from a folder ranked below its own, and neither the folders nor the files import one another in a cycle.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname, relative, normalize } from "node:path";

const ROOT = new URL("../assembly/", import.meta.url).pathname;

/** Every engine source file (tests excluded), as paths relative to assembly/. */
function sources(dir = ROOT): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== "__tests__") out.push(...sources(p));
    } else if (name.endsWith(".ts")) out.push(relative(ROOT, p));
  }
  return out.sort();
}

/** The relative imports of one file, resolved to paths relative to assembly/. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^;]*?from\s+["'](\.[^"']*)["']/gs)) {
    const target = normalize(join(dirname(file), m[1]));
    out.push(target.endsWith(".ts") ? target : `${target}.ts`);
  }
  return out;
}

/** The folder of a file ("." for the entry files at the top). */
function folderOf(file: string): string {
  const d = dirname(file);
  return d === "" ? "." : d;
}

/** The ranked folder list of docs/architecture.md, lowest first: the lines of its "Layers" code block. */
function layers(): string[] {
  const doc = readFileSync(new URL("../docs/architecture.md", import.meta.url), "utf8");
  const section = doc.split(/^## Layers$/m)[1];
  assert.ok(section !== undefined, 'docs/architecture.md has no "## Layers" section');
  const block = section.split("```")[1];
  assert.ok(block !== undefined, "the Layers section has no code block");
  return block.split("\n").map((l) => l.replace(/#.*/, "").trim()).filter((l) => l !== "").map((l) => l.split(/\s+/)[0]);
}

/** The cycles (strongly connected components of more than one node, or a node importing itself) of a graph. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || graph.get(v)?.has(v)) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

const files = sources();
const edges = new Map(files.map((f) => [f, new Set(importsOf(f))]));

test("every engine folder has a rank in docs/architecture.md, and every rank names a folder that exists", () => {
  const ranked = layers();
  assert.equal(new Set(ranked).size, ranked.length, "a folder is listed twice");
  const folders = new Set(files.map(folderOf));
  const missing = [...folders].filter((f) => !ranked.includes(f));
  assert.deepEqual(missing, [], `folders without a rank: ${missing.join(", ")}`);
  const stale = ranked.filter((f) => !folders.has(f));
  assert.deepEqual(stale, [], `ranks naming no folder: ${stale.join(", ")}`);
});

test("imports go one way: from a folder only into the same folder or one ranked below it", () => {
  const rank = new Map(layers().map((f, i) => [f, i]));
  const wrong: string[] = [];
  for (const [file, targets] of edges) {
    for (const t of targets) {
      assert.ok(edges.has(t), `${file} imports ${t}, which is not an engine source file`);
      const a = folderOf(file);
      const b = folderOf(t);
      if (a !== b && (rank.get(b) ?? -1) > (rank.get(a) ?? -1)) wrong.push(`${file} → ${t} (${a} is ranked below ${b})`);
    }
  }
  assert.deepEqual(wrong, [], `imports into a higher folder:\n${wrong.join("\n")}`);
});

test("no cycle between folders", () => {
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of edges) {
    const a = folderOf(file);
    if (!graph.has(a)) graph.set(a, new Set());
    for (const t of targets) if (folderOf(t) !== a) graph.get(a)!.add(folderOf(t));
  }
  assert.deepEqual(cycles(graph), []);
});

test("no cycle between files", () => {
  assert.deepEqual(cycles(edges), []);
});

test("the cycle finder sees a cycle (the check could fail)", () => {
  const g = new Map([["a", new Set(["b"])], ["b", new Set(["c"])], ["c", new Set(["a"])], ["d", new Set(["a"])]]);
  assert.deepEqual(cycles(g), [["a", "b", "c"]]);
});
