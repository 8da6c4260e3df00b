// The Go module (go/) embeds a committed copy of the release engine (go/kinplace.wasm, go:embed), since Go modules
// are fetched from version control; it must be the bytes of a fresh release build (asc's release output is
// byte-reproducible), name the npm package's version, and record the source stamp it was built from
// (go/kinplace.wasm.stamp: `npm run asbuild` reuses the copy instead of compiling when the stamp is the tree's).
// `npm run go:wasm` brings all three up to date, and the committed core engine (go/kinplace-core.wasm, which the npm
// package's `kinplace/core` entry ships; kept here so a fresh clone builds dist/ without compiling) with them.
// `npm test` builds build/kinplace.wasm and build/kinplace-core.wasm from source first.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = new URL("..", import.meta.url);
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
/** The source stamp of the tree for the full engine, or the core one (scripts/build-wasm.mjs --stamp [core]). */
const treeStamp = (engine: "full" | "core" = "full") =>
  execFileSync(process.execPath, [fileURLToPath(new URL("scripts/build-wasm.mjs", root)), "--stamp", ...(engine === "core" ? ["core"] : [])], { encoding: "utf8" }).trim();
/** A stamp file written by scripts/build-wasm.mjs. */
const stampOf = (path: string) => JSON.parse(readFileSync(new URL(path, root), "utf8")) as { sources: string; wasm: string; from?: string };

test("go/kinplace.wasm is the fresh release build (run `npm run go:wasm` after changing the engine)", () => {
  const built = new URL("build/kinplace.wasm", root);
  assert.ok(existsSync(built), "no build/kinplace.wasm: build it from source first (node scripts/build-wasm.mjs --from-source; npm test does)");
  const fresh = readFileSync(built);
  const stamp = stampOf("build/kinplace.wasm.stamp");
  assert.deepEqual({ from: stamp.from, sources: stamp.sources }, { from: "asc", sources: treeStamp() },
    "build/kinplace.wasm is not asc's build of this tree: node scripts/build-wasm.mjs --from-source (npm test does)");
  const committed = readFileSync(new URL("go/kinplace.wasm", root));
  assert.equal(sha(committed), sha(fresh), `go/kinplace.wasm (${committed.length} bytes) differs from build/kinplace.wasm (${fresh.length} bytes): npm run go:wasm`);
});

test("the Go module's Version is the npm package version", () => {
  const { version } = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { version: string };
  const go = readFileSync(new URL("go/wasm.go", root), "utf8");
  assert.match(go, new RegExp(`^const Version = "${version.replace(/\./g, "\\.")}"$`, "m"), "go/wasm.go Version: npm run go:wasm");
});

test("go/kinplace.wasm.stamp names this tree's sources and the committed bytes (npm run asbuild reuses the copy)", () => {
  const stamp = stampOf("go/kinplace.wasm.stamp");
  assert.equal(stamp.sources, treeStamp(), "go/kinplace.wasm.stamp is stale: npm run go:wasm");
  assert.equal(stamp.wasm, sha(readFileSync(new URL("go/kinplace.wasm", root))), "go/kinplace.wasm.stamp names other bytes: npm run go:wasm");
});

test("go/kinplace-core.wasm (the core engine of kinplace/core) is the fresh release build of asconfig.core.json, and its stamp names it", () => {
  const built = new URL("build/kinplace-core.wasm", root);
  assert.ok(existsSync(built), "no build/kinplace-core.wasm: node scripts/build-wasm.mjs --from-source (npm test does)");
  const stamp = stampOf("build/kinplace-core.wasm.stamp");
  assert.deepEqual({ from: stamp.from, sources: stamp.sources }, { from: "asc", sources: treeStamp("core") },
    "build/kinplace-core.wasm is not asc's build of this tree: node scripts/build-wasm.mjs --from-source (npm test does)");
  const committed = readFileSync(new URL("go/kinplace-core.wasm", root));
  assert.equal(sha(committed), sha(readFileSync(built)), "go/kinplace-core.wasm differs from build/kinplace-core.wasm: npm run go:wasm");
  const copy = stampOf("go/kinplace-core.wasm.stamp");
  assert.equal(copy.sources, treeStamp("core"), "go/kinplace-core.wasm.stamp is stale: npm run go:wasm");
  assert.equal(copy.wasm, sha(committed), "go/kinplace-core.wasm.stamp names other bytes: npm run go:wasm");
});
