// `npm run go:wasm`: builds the release engines from source (scripts/build-wasm.mjs --from-source: asc, unless
// build/NAME.wasm already is asc's build of these exact sources), copies them into go/ (go/kinplace.wasm, embedded
// by the Go module with go:embed, and go/kinplace-core.wasm, the core engine of the npm package's `kinplace/core`
// entry), records their source stamps in go/NAME.wasm.stamp (so `npm run asbuild` on a clone of the same sources
// reuses them instead of compiling) and writes the npm package version into go/wasm.go's Version.
// test/go-wasm.test.ts fails while any of them is stale.

import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { buildWasm, ENGINES, writeStamp } from "./build-wasm.mjs";

const root = new URL("..", import.meta.url);
const stamps = await buildWasm({ fromSource: true });
for (const [name, engine] of Object.entries(ENGINES)) {
  copyFileSync(new URL(engine.out, root), new URL(engine.committed, root));
  writeStamp(engine.committed, stamps[name]);
}
const sources = stamps.full;
const from = new URL("build/kinplace.wasm", root);
const { version } = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
const goFile = new URL("go/wasm.go", root);
const go = readFileSync(goFile, "utf8");
const next = go.replace(/^const Version = ".*"$/m, `const Version = ${JSON.stringify(version)}`);
if (next === go && !go.includes(`const Version = ${JSON.stringify(version)}`)) {
  console.error("go:wasm: go/wasm.go has no `const Version = \"...\"` line");
  process.exit(1);
}
writeFileSync(goFile, next);
console.log(`go:wasm: go/kinplace.wasm is build/kinplace.wasm (${readFileSync(from).length} bytes, sources ${sources.slice(0, 12)}), go/kinplace-core.wasm is build/kinplace-core.wasm (${readFileSync(new URL(ENGINES.core.out, root)).length} bytes), Version ${version}`);
