// `npm run go:wasm`: builds the release engine from source (scripts/build-wasm.mjs --from-source: asc, unless
// build/kinplace.wasm already is asc's build of these exact sources), copies it into the Go module (go/kinplace.wasm,
// embedded with go:embed), records its source stamp in go/kinplace.wasm.stamp (so `npm run asbuild` on a clone of
// the same sources reuses it instead of compiling) and writes the npm package version into go/wasm.go's Version.
// test/go-wasm.test.ts fails while any of the three is stale.

import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { buildWasm, writeStamp } from "./build-wasm.mjs";

const root = new URL("..", import.meta.url);
const sources = await buildWasm({ fromSource: true });
const from = new URL("build/kinplace.wasm", root);
copyFileSync(from, new URL("go/kinplace.wasm", root));
writeStamp("go/kinplace.wasm", sources);
const { version } = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
const goFile = new URL("go/wasm.go", root);
const go = readFileSync(goFile, "utf8");
const next = go.replace(/^const Version = ".*"$/m, `const Version = ${JSON.stringify(version)}`);
if (next === go && !go.includes(`const Version = ${JSON.stringify(version)}`)) {
  console.error("go:wasm: go/wasm.go has no `const Version = \"...\"` line");
  process.exit(1);
}
writeFileSync(goFile, next);
console.log(`go:wasm: go/kinplace.wasm is build/kinplace.wasm (${readFileSync(from).length} bytes, sources ${sources.slice(0, 12)}), Version ${version}`);
