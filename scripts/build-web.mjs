// Builds the manifest checker page (web/) with esbuild into web/dist/: index.html, style.css and app.js
// (one classic script, the wasm embedded through the inline entry, so the folder also works from file://,
// where module scripts and fetch are refused); plus embed.html, the browser entry as a library user loads
// it (lib/browser/index.mjs fetching lib/browser/kinplace.wasm, the file next to it). Needs build/kinplace.wasm (`npm run asbuild`).
// Quiet unless it fails; KINPLACE_BUILD_VERBOSE=1 prints the size of app.js.
// Usage: node scripts/build-web.mjs

import { build } from "esbuild";
import { copyFileSync, existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const at = (p) => join(root, p);

/** Builds web/dist; returns the output folder. */
export async function buildWeb() {
  if (!existsSync(at("build/kinplace.wasm"))) throw new Error("scripts/build-web.mjs: build/kinplace.wasm is missing; run `npm run asbuild` first");
  mkdirSync(at("web/dist"), { recursive: true });
  await build({
    entryPoints: ["web/src/main.ts"],
    outfile: "web/dist/app.js",
    absWorkingDir: root,
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    charset: "utf8",
    logLevel: "warning",
    loader: { ".wasm": "binary" },
  });
  // embed.html: the browser entry as a library user loads it (fetches the kinplace.wasm next to the bundle)
  await build({
    entryPoints: ["js/browser.ts"],
    outfile: "web/dist/lib/browser/index.mjs",
    absWorkingDir: root,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    legalComments: "none",
    charset: "utf8",
    logLevel: "warning",
  });
  copyFileSync(at("build/kinplace.wasm"), at("web/dist/lib/browser/kinplace.wasm"));
  for (const f of ["index.html", "style.css", "embed.html"]) copyFileSync(at(`web/${f}`), at(`web/dist/${f}`));
  return at("web/dist");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = await buildWeb();
  if (process.env.KINPLACE_BUILD_VERBOSE === "1") console.log(`${out}/app.js ${statSync(join(out, "app.js")).size} B`);
}
