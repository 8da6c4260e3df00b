// Rules about the sources themselves: no project-history labels, shortcuts named for what they must equal
// and each checked by an equivalence suite, strings.Join written once, every op known to the hostile-input suite.

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";

const ROOT = new URL("..", import.meta.url).pathname;
/** Tracked files (git ls-files) under the given paths. */
const tracked = (...paths: string[]) =>
  execFileSync("git", ["ls-files", "-z", ...paths], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);

test("no project-history labels (\"issue 4\", \"issue-3 ops\", \"#5\") in code, tests or docs", () => {
  const label = /\bissue[- ]?#?\d+\b|\bOps by issue\b|(?<![\w/])#\d+: /i;
  // references to upstream threads name their repository (kubernetes/kubernetes#122760, openkruise/kruise#1819)
  const bad: string[] = [];
  for (const f of tracked("*.ts", "*.md", "*.go", "*.mjs", "*.cjs", "*.html", "*.json")) {
    // (this file names the labels it looks for)
    if (f.startsWith("test/vectors/") || f.endsWith("package-lock.json") || f === "test/source-rules.test.ts") continue;
    readFileSync(ROOT + f, "utf8").split("\n").forEach((line, i) => {
      const m = label.exec(line);
      if (m && !/[\w.-]+\/[\w.-]+#\d+|issues\/\d+|pull\/\d+/.test(line.slice(Math.max(0, m.index - 60), m.index + m[0].length + 1))) bad.push(`${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  assert.deepEqual(bad, []);
});

test("strings.Join is written once (assembly/golang/join.ts); the engine does not call Array#join", () => {
  const bad = tracked("assembly").filter((f) => f.endsWith(".ts") && !f.includes("__tests__") && f !== "assembly/golang/join.ts")
    .filter((f) => /\.join\(/.test(readFileSync(ROOT + f, "utf8").replace(/\/\/.*$|\/\*\*?[\s\S]*?\*\//gm, "")));
  assert.deepEqual(bad, []);
});

test("every shortcut folder and file has an equivalence suite that names it, and the suites it names exist", () => {
  const suites = readdirSync(ROOT + "test/equivalence").filter((f) => f.endsWith(".test.ts"));
  const folders = readdirSync(ROOT + "assembly/fast", { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const missing = folders.filter((d) => !suites.some((s) => s.startsWith(d) || readFileSync(ROOT + "test/equivalence/" + s, "utf8").includes(`assembly/fast/${d}/`)));
  const rolloutShortcuts = tracked("assembly/rollout").filter((f) => /\/fast[a-z]+\.ts$/.test(f));
  for (const f of rolloutShortcuts) {
    const m = /Equivalence: (test\/equivalence\/[\w.-]+\.test\.ts)/.exec(readFileSync(ROOT + f, "utf8"));
    if (!m) missing.push(`${f}: no "Equivalence:" line`);
  }
  const named = tracked("assembly").filter((f) => f.endsWith(".ts"))
    .flatMap((f) => [...readFileSync(ROOT + f, "utf8").matchAll(/test\/equivalence\/[\w.-]+\.test\.ts/g)].map((m) => `${f} -> ${m[0]}`))
    .filter((ref) => !existsSync(ROOT + ref.split(" -> ")[1]!));
  assert.deepEqual([...missing, ...named], []);
});

test("the hostile-input suite knows every op of the dispatch table", async () => {
  const { ALL_OPS } = await import("./hostile/corpus.ts");
  const dispatch = readFileSync(new URL("../assembly/eval/dispatch.ts", import.meta.url), "utf8");
  const ops = [...dispatch.matchAll(/op == "([^"]+)"/g)].map((m) => m[1]!);
  assert.ok(ops.length > 30, `${ops.length} ops read from the dispatch table`);
  const known = new Set<string>(ALL_OPS);
  assert.deepEqual(ops.filter((o) => !known.has(o)), [], "ops the hostile suite never sends");
});
