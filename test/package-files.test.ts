// What `npm pack` ships: exactly the entries, the one kinplace.wasm (and the core engine of `kinplace/core`,
// kinplace-core.wasm), the declarations (ESM and CJS twins, no more than the typed entries reach), README.md, LICENSE and package.json; every path package.json
// names is shipped; the shipped code imports nothing but Node built-ins (so the package has no runtime
// dependencies); and the tarball stays under a size bound. Needs `npm run build`.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, posix } from "node:path";
import { test } from "node:test";
import { npmPack, repoRoot, type PackReport } from "./support/packed.ts";

/** The tarball may grow to this many bytes (gzip); today the wasm is about a third of it. */
const MAX_PACKED_BYTES = 1_300_000;
/** The unpacked files may take this many bytes (the full and core engines, their entries, the command and its worker entry). */
const MAX_UNPACKED_BYTES = 4_100_000;

const ENTRIES = ["dist/browser.mjs", "dist/cli/kinplace.mjs", "dist/cli/pool-worker.mjs", "dist/core-browser.mjs", "dist/core-edge.mjs", "dist/core.cjs", "dist/core.mjs", "dist/edge.mjs", "dist/inline.mjs", "dist/node.cjs", "dist/node.mjs"];
const OTHER = ["LICENSE", "README.md", "dist/kinplace-core.wasm", "dist/kinplace.wasm", "dist/types/cjs/package.json", "package.json"];
const TYPED_ENTRIES = ["dist/types/index.d.ts", "dist/types/edge.d.ts", "dist/types/core-node.d.ts", "dist/types/core-edge.d.ts"];

const report: PackReport = npmPack(["--dry-run"]);
const shipped = new Map(report.files.map((f) => [f.path, f]));
const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
  [field: string]: unknown;
  bin: { [name: string]: string };
};

/** The declaration files reachable from `start` through relative imports and re-exports. */
function declarationClosure(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(repoRoot, file), "utf8");
    for (const m of text.matchAll(/\bfrom\s+"(\.[^"]+)\.js"/g)) queue.push(posix.join(posix.dirname(file), `${m[1]}.d.ts`));
  }
  return seen;
}

/** Every string path in a package.json value (exports targets, bin, typesVersions lists). */
function pathsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(pathsIn);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(pathsIn);
  return [];
}

test("the package holds exactly the entries, the wasm, the declarations, README, LICENSE and package.json", () => {
  const declarations = new Set(TYPED_ENTRIES.flatMap((d) => [...declarationClosure(d)]));
  assert.ok(declarations.has("dist/types/api.d.ts") && declarations.has("dist/types/loader.d.ts"), [...declarations].join(" "));
  const cjsTwins = [...declarations].map((d) => d.replace("dist/types/", "dist/types/cjs/"));
  const expected = [...ENTRIES, ...OTHER, ...declarations, ...cjsTwins].sort();
  assert.deepEqual([...shipped.keys()].sort(), expected);
  assert.deepEqual(report.files.filter((f) => f.path.endsWith(".wasm")).map((f) => f.path).sort(), ["dist/kinplace-core.wasm", "dist/kinplace.wasm"], "each engine ships once");
});

test("every path package.json names is shipped; the bin is executable", () => {
  const named = pathsIn([pkg["main"], pkg["module"], pkg["types"], pkg["bin"], pkg["exports"], pkg["typesVersions"]]).map((p) => posix.normalize(p));
  assert.ok(named.length > 15, String(named.length));
  for (const p of named) assert.ok(shipped.has(p), `${p} is named in package.json but not shipped`);
  for (const bin of Object.values(pkg.bin)) assert.equal((shipped.get(posix.normalize(bin)) as { mode?: number } | undefined)?.mode! & 0o111, 0o111, bin);
  assert.equal(readFileSync(join(repoRoot, "LICENSE"), "utf8").includes("Apache License\n                           Version 2.0, January 2004"), true);
  assert.equal(pkg["license"], "Apache-2.0");
});

test("no runtime dependencies: shipped code imports only Node built-ins", () => {
  assert.equal(pkg["dependencies"], undefined);
  const builtins = new Set(builtinModules);
  const imports = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["']([^"'\s]+)["']/g;
  for (const file of ENTRIES) {
    const text = readFileSync(join(repoRoot, file), "utf8");
    const specifiers = [...text.matchAll(imports)].map((m) => m[1]!);
    for (const s of specifiers) assert.ok(s.startsWith("node:") || builtins.has(s), `${file} imports ${s}`);
  }
});

test(`the tarball is under ${MAX_PACKED_BYTES} bytes (${MAX_UNPACKED_BYTES} unpacked)`, () => {
  assert.ok(report.size > 300_000, `${report.size}: the wasm alone packs to more, so the count is wrong`);
  assert.ok(report.size <= MAX_PACKED_BYTES, `packed ${report.size} bytes`);
  assert.ok(report.unpackedSize <= MAX_UNPACKED_BYTES, `unpacked ${report.unpackedSize} bytes`);
});
