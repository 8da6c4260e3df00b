// The Go module (go/) embeds a committed copy of the release engine (go/kinplace.wasm, go:embed), since Go modules
// are fetched from version control; it must be the bytes of a fresh release build (asc's release output is
// byte-reproducible) and name the npm package's version. `npm run go:wasm` brings both up to date.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";

const root = new URL("..", import.meta.url);
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

test("go/kinplace.wasm is the fresh release build (run `npm run go:wasm` after changing the engine)", () => {
  const built = new URL("build/kinplace.wasm", root);
  assert.ok(existsSync(built), "no build/kinplace.wasm: build first (npx asc --config asconfig.json --target release)");
  const fresh = readFileSync(built);
  const committed = readFileSync(new URL("go/kinplace.wasm", root));
  assert.equal(sha(committed), sha(fresh), `go/kinplace.wasm (${committed.length} bytes) differs from build/kinplace.wasm (${fresh.length} bytes): npm run go:wasm`);
});

test("the Go module's Version is the npm package version", () => {
  const { version } = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { version: string };
  const go = readFileSync(new URL("go/wasm.go", root), "utf8");
  assert.match(go, new RegExp(`^const Version = "${version.replace(/\./g, "\\.")}"$`, "m"), "go/wasm.go Version: npm run go:wasm");
});
