// Builds the JavaScript bundles of kinplace with esbuild (the wasm is built by `npm run asbuild`):
//   dist/node.mjs, dist/node.cjs   Node ESM + CJS; read new URL("./kinplace.wasm", import.meta.url)
//   dist/browser.mjs               browsers; fetch new URL("./kinplace.wasm", import.meta.url), the form Vite
//                                  and webpack 5 turn into an emitted asset
//   dist/inline.mjs                wasm embedded as base64; no I/O
//   dist/edge.mjs                  precompiled WebAssembly.Module only (workerd, Vercel Edge)
//   dist/cli/kinplace.mjs          the `kinplace` command (reads ../kinplace.wasm)
//   dist/core.mjs, dist/core.cjs,  `kinplace/core`: JSON, FNV and patches on the core engine (Node ESM + CJS,
//   dist/core-browser.mjs,         browsers, edge), loading kinplace-core.wasm as the full entries load
//   dist/core-edge.mjs             kinplace.wasm
//   dist/cli/pool-worker.mjs       the entry of the command's worker threads (js/cli/pool/worker.ts; the engine
//                                  module comes from the command)
//   dist/kinplace.wasm             the one copy of the engine, next to the entries that load it (also exported
//                                  as kinplace/kinplace.wasm)
//   dist/kinplace-core.wasm        the core engine (also exported as kinplace/kinplace-core.wasm)
// dist/types/ is left alone (written by `npm run build:types`).
// Then checks that the non-Node bundles hold no Node APIs and the edge bundle never compiles wasm.
// Quiet unless it fails; KINPLACE_BUILD_VERBOSE=1 prints the size of every output.
// Usage: node scripts/build.mjs

import { build } from "esbuild";
import { chmodSync, copyFileSync, existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { opNames } from "./op-names.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const at = (p) => join(root, p);
const wasm = at("build/kinplace.wasm");
const coreWasm = at("build/kinplace-core.wasm");
const pkg = JSON.parse(readFileSync(at("package.json"), "utf8"));

if (!existsSync(wasm) || !existsSync(coreWasm)) {
  console.error("scripts/build.mjs: build/kinplace.wasm or build/kinplace-core.wasm is missing; run `npm run asbuild` first");
  process.exit(1);
}

// Outputs are overwritten in place (no clean step), so a test run reading dist/ meanwhile never sees it empty.

const common = {
  bundle: true,
  logLevel: "warning",
  legalComments: "none",
  charset: "utf8",
  absWorkingDir: root,
};
/** The CommonJS bundle takes js/node-fs-cjs.ts for js/node-fs.ts (that one awaits an import on old Node 20 releases). */
const cjsNodeFs = {
  name: "cjs-node-fs",
  setup(b) {
    b.onResolve({ filter: /^\.\/node-fs\.js$/ }, () => ({ path: at("js/node-fs-cjs.ts") }));
  },
};
const importMetaShim = '"use strict";\nconst __kinplace_import_meta_url = require("node:url").pathToFileURL(__filename).href;';

/** The Node ESM and CJS bundles of a Node entry. */
const nodeBundles = (entry, name) => [
  build({ ...common, entryPoints: [entry], outfile: `dist/${name}.mjs`, platform: "node", format: "esm", target: "node20" }),
  build({
    ...common,
    entryPoints: [entry],
    outfile: `dist/${name}.cjs`,
    platform: "node",
    format: "cjs",
    target: "node20",
    define: { "import.meta.url": "__kinplace_import_meta_url" },
    banner: { js: importMetaShim },
    plugins: [cjsNodeFs],
  }),
];

await Promise.all([
  ...nodeBundles("js/node.ts", "node"),
  ...nodeBundles("js/core-node.ts", "core"),
  build({ ...common, entryPoints: ["js/browser.ts"], outfile: "dist/browser.mjs", platform: "browser", format: "esm", target: "es2022" }),
  build({ ...common, entryPoints: ["js/core-browser.ts"], outfile: "dist/core-browser.mjs", platform: "browser", format: "esm", target: "es2022" }),
  build({ ...common, entryPoints: ["js/core-edge.ts"], outfile: "dist/core-edge.mjs", platform: "neutral", format: "esm", target: "es2022" }),
  build({
    ...common,
    entryPoints: ["js/inline.ts"],
    outfile: "dist/inline.mjs",
    platform: "neutral",
    format: "esm",
    target: "es2022",
    loader: { ".wasm": "binary" },
  }),
  build({ ...common, entryPoints: ["js/edge.ts"], outfile: "dist/edge.mjs", platform: "neutral", format: "esm", target: "es2022" }),
  build({
    ...common,
    entryPoints: ["js/cli/main.ts"],
    outfile: "dist/cli/kinplace.mjs",
    platform: "node",
    format: "esm",
    target: "node20",
    // createRequire: the bundled `yaml` package is CommonJS and requires Node built-ins
    banner: { js: '#!/usr/bin/env node\nimport { createRequire as __kinplaceRequire } from "node:module";\nconst require = __kinplaceRequire(import.meta.url);' },
    define: { __KINPLACE_VERSION__: JSON.stringify(pkg.version), __KINPLACE_OPS__: JSON.stringify(opNames(root)), __KINPLACE_POOL_WORKER__: JSON.stringify("./pool-worker.mjs") },
  }),
  build({
    ...common,
    entryPoints: ["js/cli/pool/worker.ts"],
    outfile: "dist/cli/pool-worker.mjs",
    platform: "node",
    format: "esm",
    target: "node20",
    banner: { js: 'import { createRequire as __kinplaceRequire } from "node:module";\nconst require = __kinplaceRequire(import.meta.url);' },
    define: { __KINPLACE_VERSION__: JSON.stringify(pkg.version), __KINPLACE_OPS__: JSON.stringify(opNames(root)), __KINPLACE_POOL_WORKER__: JSON.stringify("./pool-worker.mjs") },
  }),
]);

chmodSync(at("dist/cli/kinplace.mjs"), 0o755);
copyFileSync(wasm, at("dist/kinplace.wasm"));
copyFileSync(coreWasm, at("dist/kinplace-core.wasm"));

// Portability checks: these bundles must run where there is no Node and (edge) no wasm compiler.
const browserForbidden = [/\brequire\(/, /["']node:/, /\bprocess\./, /\bBuffer\b/];
const edgeForbidden = [/\brequire\(/, /["']node:/, /\bprocess\./, /\bimport\.meta\b/, /\bcompile\w*\(/, /new WebAssembly\.Module\b/, /instantiateStreaming/, /\bfetch\(/];
const forbidden = {
  "dist/browser.mjs": browserForbidden,
  "dist/core-browser.mjs": browserForbidden,
  "dist/core-edge.mjs": edgeForbidden,
  "dist/inline.mjs": [/\brequire\(/, /["']node:/, /\bprocess\./, /\bimport\.meta\b/, /\bfetch\(\s*new URL/],
  "dist/edge.mjs": edgeForbidden,
};
let bad = 0;
for (const [file, patterns] of Object.entries(forbidden)) {
  const text = readFileSync(at(file), "utf8");
  for (const p of patterns) {
    if (p.test(text)) {
      console.error(`scripts/build.mjs: ${file} must not match ${p}`);
      bad++;
    }
  }
}
if (bad > 0) process.exit(1);

if (process.env.KINPLACE_BUILD_VERBOSE === "1") {
  const sizes = ["dist/node.mjs", "dist/node.cjs", "dist/browser.mjs", "dist/inline.mjs", "dist/edge.mjs", "dist/core.mjs", "dist/core.cjs", "dist/core-browser.mjs", "dist/core-edge.mjs", "dist/cli/kinplace.mjs", "dist/cli/pool-worker.mjs", "dist/kinplace.wasm", "dist/kinplace-core.wasm"]
    .map((f) => `${f} ${statSync(at(f)).size} B`);
  console.log(sizes.join("\n"));
}
