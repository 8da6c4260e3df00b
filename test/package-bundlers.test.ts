// The browser entry as an application bundles it: a tiny page importing "kinplace" (the `npm pack`ed package
// in a temporary node_modules) built with esbuild, Vite (build and dev server) and webpack 5, served on
// loopback and opened in the test browser (test/support/browser.ts); the page prints the engine's answer
// into <body data-answer>.
// The same steps are given to users in docs/install.md. Needs `npm run build`.

import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { after, before, describe, test } from "node:test";
import type { BrowserContext } from "playwright-core";
import { build as esbuild } from "esbuild";
import { launchContext } from "./support/browser.ts";
import { consumerFolder } from "./support/packed.ts";

const EXPECTED = '{"a":[1500],"b":"\\u003c\\u0026\\u003e"} 4f9f2cab';

/** The page's script: the default init() (or init(source) given as code), then two answers. */
const main = (initCall: string, header = ""): string => `${header}
import { init, goJSON, fnv } from "kinplace";
try {
  await ${initCall};
  document.body.dataset.answer = goJSON({ b: "<&>", a: [1.5e3] }) + " " + fnv("fnv32a", "hello").hex;
} catch (e) {
  document.body.dataset.error = String(e.message);
}
`;

const MIME: { [ext: string]: string } = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm" };

let dir = "";
let profile = "";
let ctx: BrowserContext;
let server: Server;
let base = "";
let served = "";
const hits: string[] = [];

/** Serves `folder` at the server root from now on; forgets earlier hits. */
function serve(folder: string): void {
  served = folder;
  hits.length = 0;
}

/** Opens index.html of the served folder and resolves with the page's answer or error. */
async function pageAnswer(): Promise<{ answer?: string; error?: string }> {
  const page = await ctx.newPage();
  try {
    await page.goto(`${base}/index.html`);
    await page.waitForSelector("body[data-answer], body[data-error]", { state: "attached", timeout: 30000 });
    const answer = await page.getAttribute("body", "data-answer");
    const error = await page.getAttribute("body", "data-error");
    return answer !== null ? { answer } : { error: error ?? "" };
  } finally {
    await page.close();
  }
}

/** Writes a consumer app folder (main.js, and index.html with the script `tag`) and returns it. */
function app(name: string, source: string, tag = '<script type="module" src="./main.js"></script>'): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "main.js"), source);
  writeFileSync(join(folder, "index.html"), `<!doctype html><html><body>${tag}</body></html>\n`);
  return folder;
}

before(async () => {
  dir = consumerFolder("kinplace-bundlers-");
  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    hits.push(path);
    readFile(join(served, path)).then(
      (body) => res.writeHead(200, { "content-type": MIME[extname(path)] ?? "application/octet-stream" }).end(body),
      () => res.writeHead(404).end("not found"),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  profile = mkdtempSync(join(tmpdir(), "kinplace-chromium-"));
  ctx = await launchContext(profile);
});

after(async () => {
  await ctx?.close();
  server?.close();
  for (const d of [dir, profile]) if (d !== "") rmSync(d, { recursive: true, force: true });
});

describe("esbuild", () => {
  /** Bundles `folder`/main.js into `folder`/out/main.js (browser platform, so the "browser" condition applies). */
  async function bundle(folder: string, loader: { [ext: string]: "file" } = {}): Promise<string> {
    const out = join(folder, "out");
    await esbuild({ entryPoints: [join(folder, "main.js")], bundle: true, format: "esm", platform: "browser", outdir: out, absWorkingDir: folder, logLevel: "error", loader });
    copyFileSync(join(folder, "index.html"), join(out, "index.html"));
    return out;
  }

  test("default init(): the wasm copied next to the bundle is fetched from there", async () => {
    const out = await bundle(app("esbuild-default", main("init()")));
    serve(out);
    assert.match((await pageAnswer()).error ?? "", /HTTP 404/, "without the copy step the default URL is missing");
    assert.ok(hits.includes("/kinplace.wasm"), hits.join(" "));
    copyFileSync(join(dir, "node_modules/kinplace/dist/kinplace.wasm"), join(out, "kinplace.wasm"));
    assert.deepEqual(await pageAnswer(), { answer: EXPECTED });
  });

  test('init(url) with the file loader: import wasmUrl from "kinplace/kinplace.wasm"', async () => {
    const source = main("init(new URL(wasmUrl, import.meta.url))", 'import wasmUrl from "kinplace/kinplace.wasm";');
    const out = await bundle(app("esbuild-file", source), { ".wasm": "file" });
    const emitted = readdirSync(out).filter((f) => f.endsWith(".wasm"));
    assert.equal(emitted.length, 1);
    assert.match(emitted[0]!, /^kinplace-[A-Z0-9]+\.wasm$/);
    serve(out);
    assert.deepEqual(await pageAnswer(), { answer: EXPECTED });
    assert.ok(hits.includes(`/${emitted[0]}`), hits.join(" "));
  });
});

test("Vite build: the default init() fetches the wasm Vite emitted as an asset", async () => {
  const { build } = await import("vite");
  const folder = app("vite", main("init()"));
  await build({ root: folder, logLevel: "error", configFile: false, build: { outDir: "out", target: "es2022" } });
  const assets = readdirSync(join(folder, "out/assets"));
  const wasm = assets.filter((f) => f.endsWith(".wasm"));
  assert.equal(wasm.length, 1, assets.join(" "));
  serve(join(folder, "out"));
  assert.deepEqual(await pageAnswer(), { answer: EXPECTED });
  assert.ok(hits.includes(`/assets/${wasm[0]}`), hits.join(" "));
});

test("Vite dev server: the default init() works with no configuration", async () => {
  const { createServer } = await import("vite");
  const folder = app("", main("init()")); // the project root holds node_modules, which the dev server may serve
  const vite = await createServer({ root: folder, configFile: false, logLevel: "error", server: { host: "127.0.0.1", port: 0, hmr: false } });
  await vite.listen();
  try {
    const page = await ctx.newPage();
    try {
      await page.goto(vite.resolvedUrls!.local[0]!);
      await page.waitForSelector("body[data-answer], body[data-error]", { state: "attached", timeout: 30000 });
      assert.equal(await page.getAttribute("body", "data-answer"), EXPECTED, (await page.getAttribute("body", "data-error")) ?? "");
    } finally {
      await page.close();
    }
  } finally {
    await vite.close();
  }
});

test("webpack 5: the default init() fetches the wasm webpack emitted as an asset", async () => {
  const { default: webpack } = await import("webpack");
  const folder = app("webpack", main("init()"), '<script src="./out/main.js"></script>');
  const stats = await new Promise<import("webpack").Stats>((resolve, reject) =>
    webpack({ mode: "production", context: folder, entry: "./main.js", output: { path: join(folder, "out"), filename: "main.js" }, target: "web" }, (err, s) =>
      err || !s ? reject(err ?? new Error("webpack gave no stats")) : resolve(s),
    ),
  );
  assert.equal(stats.hasErrors(), false, stats.toString("errors-only"));
  const wasm = readdirSync(join(folder, "out")).filter((f) => f.endsWith(".wasm"));
  assert.equal(wasm.length, 1);
  serve(folder);
  assert.deepEqual(await pageAnswer(), { answer: EXPECTED });
  assert.ok(hits.includes(`/out/${wasm[0]}`), hits.join(" "));
});
