// `npm run go:wasm`: copies the release build (build/kinplace.wasm, from `npx asc --config asconfig.json --target
// release` or `npm run build`) into the Go module (go/kinplace.wasm, embedded with go:embed) and writes the npm
// package version into go/wasm.go's Version. test/go-wasm.test.ts fails while the two differ.

import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";

const root = new URL("..", import.meta.url);
const from = new URL("build/kinplace.wasm", root);
if (!existsSync(from)) {
  console.error("go:wasm: no build/kinplace.wasm; build it first: npx asc --config asconfig.json --target release");
  process.exit(1);
}
copyFileSync(from, new URL("go/kinplace.wasm", root));
const { version } = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
const goFile = new URL("go/wasm.go", root);
const go = readFileSync(goFile, "utf8");
const next = go.replace(/^const Version = ".*"$/m, `const Version = ${JSON.stringify(version)}`);
if (next === go && !go.includes(`const Version = ${JSON.stringify(version)}`)) {
  console.error("go:wasm: go/wasm.go has no `const Version = \"...\"` line");
  process.exit(1);
}
writeFileSync(goFile, next);
console.log(`go:wasm: go/kinplace.wasm is build/kinplace.wasm (${readFileSync(from).length} bytes), Version ${version}`);
