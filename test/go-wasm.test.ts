// The Go module (go/) embeds a committed copy of the release engine (go/kinplace.wasm, go:embed), since Go modules
// are fetched from version control; it must be the bytes of a fresh release build (asc's release output is
// byte-reproducible), name the npm package's version, and record the source stamp it was built from
// (go/kinplace.wasm.stamp: `npm run asbuild` reuses the copy instead of compiling when the stamp is the tree's).
// `npm run go:wasm` brings all three up to date. `npm test` builds build/kinplace.wasm from source first.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = new URL("..", import.meta.url);
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
/** The source stamp of the tree (scripts/build-wasm.mjs --stamp). */
const treeStamp = () => execFileSync(process.execPath, [fileURLToPath(new URL("scripts/build-wasm.mjs", root)), "--stamp"], { encoding: "utf8" }).trim();
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
