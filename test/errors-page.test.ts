// docs/errors.md lists exactly the error codes that exist: the engine's (every `export const E_X = "E_X"` under
// assembly/), the JavaScript API's (the KinplaceErrorCode union of js/errors.ts) and the Go host's (the Code constants of
// go/errors.go). A new code without a row, or a row for a code that no longer exists, fails here.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const read = (path: string): string => readFileSync(join(root, path), "utf8");

/** Every .ts file under a folder of the repository. */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts")).map((f) => join(dir, f));
}

/** The codes of the engine, the JS API and the Go host, each with where it was found. */
function existing(): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of sources("assembly")) {
    for (const m of read(file).matchAll(/export const (E_[A-Z_]+)\s*(?::\s*string\s*)?=\s*"(E_[A-Z_]+)"/g)) {
      assert.equal(m[1], m[2], `${file}: ${m[1]} holds ${m[2]}`);
      out.set(m[2]!, file);
    }
  }
  const js = read("js/errors.ts");
  const union = js.slice(js.indexOf("export type KinplaceErrorCode"), js.indexOf(";", js.indexOf("export type KinplaceErrorCode")));
  for (const m of union.matchAll(/\| "(E_[A-Z_]+)"/g)) out.set(m[1]!, "js/errors.ts");
  for (const m of read("go/errors.go").matchAll(/^\s*Code\w+\s*=\s*"(E_[A-Z_]+)"/gm)) if (!out.has(m[1]!)) out.set(m[1]!, "go/errors.go");
  return out;
}

/** The codes of the first column of docs/errors.md's table. */
function listed(): string[] {
  return [...read("docs/errors.md").matchAll(/^\| `(E_[A-Z_]+)` \|/gm)].map((m) => m[1]!);
}

test("docs/errors.md lists every error code that exists, once, and no other", () => {
  const codes = existing();
  const page = listed();
  assert.ok(codes.size >= 25, `found only ${codes.size} codes: the patterns no longer match the sources`);
  assert.deepEqual(page.filter((c, i) => page.indexOf(c) !== i), [], "listed twice");
  const missing = [...codes.keys()].filter((c) => !page.includes(c)).map((c) => `${c} (${codes.get(c)})`);
  assert.deepEqual(missing, [], "codes missing from docs/errors.md");
  assert.deepEqual(page.filter((c) => !codes.has(c)), [], "listed in docs/errors.md but defined nowhere");
});

test("js/errors.ts's KinplaceErrorCode names every code the engine reports", () => {
  const js = read("js/errors.ts");
  const union = js.slice(js.indexOf("export type KinplaceErrorCode"), js.indexOf(";", js.indexOf("export type KinplaceErrorCode")));
  const named = new Set([...union.matchAll(/\| "(E_[A-Z_]+)"/g)].map((m) => m[1]!));
  const missing = [...existing()].filter(([code, file]) => file.startsWith("assembly") && !named.has(code)).map(([code]) => code);
  assert.deepEqual(missing, []);
});
