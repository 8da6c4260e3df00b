// docs/install.md is run as written, against the `npm pack`ed package. The page also follows the convention of
// test/docs-examples.test.ts (which runs its ```js Node example and skips its ```sh shape / ```js shape blocks:
// bundlers, browsers, workerd, kubectl); this test runs all of them. Its own convention on top:
// - Each `##` section is one project folder, fresh, with the packed package in node_modules/kinplace (standing
//   in for `npm install kinplace`), this repository's bundlers linked next to it and the package's bins in
//   node_modules/.bin.
// - A block after a `<!-- file: NAME -->` line is the file NAME of the project, written when it is reached.
//   Every ```js / ```js shape block of the page must be such a file.
// - In a ```sh or ```sh shape block each `$ COMMAND` line is run in the folder (`sh -c`, npm offline) and must
//   print exactly the lines under it (trailing blank lines aside). Blocks without `$` lines are install steps
//   to type, not run. Without kubectl on the PATH, `kubectl kinplace ...` runs through a stand-in that execs
//   kubectl-kinplace, which is what kubectl's plugin lookup does.
// - A ```text block is what a file prints: the file a `<!-- output: NAME -->` line before it names, else the
//   file of the block before it. A .mjs/.cjs/.js file runs under node, or, when it default-exports a fetch
//   handler, in workerd (module names as wrangler gives them: "kinplace" by the package's "workerd" condition,
//   and "kinplace/kinplace.wasm" as a compiled module) where the text is the body of GET /. An .html file is
//   opened in the test browser from a loopback server rooted at its folder, and the text is its console.log
//   lines. Needs `npm run build`.

import assert from "node:assert/strict";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, extname, join, normalize } from "node:path";
import { after, before, test } from "node:test";
import type { BrowserContext } from "playwright-core";
import { launchContext } from "./support/browser.ts";
import { consumerFolder, repoRoot } from "./support/packed.ts";
import { freePort } from "./support/ports.ts";
import { run } from "./support/run.ts";

const PAGE = "docs/install.md";

/** A fenced block: its info string, its text, and the file its marker line names (written, or whose output it is). */
interface Block {
  info: string;
  text: string;
  file?: string;
  output?: string;
}

/** The `##` sections of the page with their fenced blocks, in order. */
function sections(markdown: string): { heading: string; blocks: Block[] }[] {
  const out: { heading: string; blocks: Block[] }[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith("## ")) out.push({ heading: line.slice(3), blocks: [] });
    const fence = /^```(.*)$/.exec(line);
    if (fence === null) continue;
    const marker = i > 0 ? /^<!-- (file|output): (\S+) -->$/.exec(lines[i - 1]!) : null;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== "```"; i++) body.push(lines[i]!);
    const block: Block = { info: fence[1]!.trim(), text: body.join("\n") + "\n" };
    if (marker?.[1] === "file") block.file = marker[2];
    if (marker?.[1] === "output") block.output = marker[2];
    out.at(-1)?.blocks.push(block);
  }
  return out.filter((s) => s.blocks.length > 0);
}

/** `$` commands of an sh block with the output shown under each. */
function commands(text: string): { command: string; output: string }[] {
  const out: { command: string; output: string }[] = [];
  for (const line of text.replace(/\n$/, "").split("\n")) {
    if (line.startsWith("$ ")) out.push({ command: line.slice(2), output: "" });
    else if (out.length > 0) out.at(-1)!.output += `${line}\n`;
  }
  return out;
}

const MIME: { [ext: string]: string } = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm", ".css": "text/css" };
const TOOLS = ["esbuild", "vite", "webpack", "webpack-cli"];

let packed = "";
let profile = "";
let ctx: BrowserContext | undefined;
let server: Server;
let serverRoot = "";
let base = "";

before(async () => {
  packed = consumerFolder("kinplace-install-doc-");
  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    readFile(join(serverRoot, path)).then(
      (body) => res.writeHead(200, { "content-type": MIME[extname(path)] ?? "application/octet-stream" }).end(body),
      () => res.writeHead(404).end("not found"),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  await ctx?.close();
  server?.close();
  for (const d of [packed, profile]) if (d !== "") rmSync(d, { recursive: true, force: true });
});

/** A fresh project folder: the packed kinplace, this repository's bundlers, and the bins npm would link. */
function project(name: string): string {
  const dir = join(packed, name.replace(/[^a-z0-9]+/gi, "-"));
  const modules = join(dir, "node_modules");
  const bin = join(modules, ".bin");
  mkdirSync(bin, { recursive: true });
  symlinkSync(join(packed, "node_modules", "kinplace"), join(modules, "kinplace"), "dir");
  for (const tool of TOOLS) symlinkSync(join(repoRoot, "node_modules", tool), join(modules, tool), "dir");
  for (const tool of ["esbuild", "vite", "webpack"]) symlinkSync(join(repoRoot, "node_modules", ".bin", tool), join(bin, tool));
  const pkg = JSON.parse(readFileSync(join(modules, "kinplace", "package.json"), "utf8")) as { bin: { [name: string]: string } };
  for (const [b, target] of Object.entries(pkg.bin)) symlinkSync(join("..", "kinplace", target), join(bin, b));
  if (!hasKubectl()) {
    writeFileSync(join(bin, "kubectl"), '#!/bin/sh\nplugin="kubectl-$1"; shift; exec "$plugin" "$@"\n');
    chmodSync(join(bin, "kubectl"), 0o755);
  }
  return dir;
}

/** True when a kubectl that runs is on the PATH. */
function hasKubectl(): boolean {
  try {
    execFileSync("kubectl", ["version", "--client"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Runs one `$` line in `dir`; resolves with its stdout. */
async function shell(dir: string, command: string): Promise<string> {
  const env = { ...process.env, PATH: `${join(dir, "node_modules", ".bin")}:${process.env["PATH"] ?? ""}`, npm_config_offline: "true", npm_config_update_notifier: "false", NO_COLOR: "1" };
  const r = await run(["-c", command], { command: "sh", cwd: dir, env });
  assert.equal(r.status, 0, `$ ${command}\n${r.stdout.toString()}${r.stderr}`);
  return r.stdout.toString();
}

/** The console.log lines of an .html file of `dir`, served from its folder: waits for `count` lines. */
async function browserOutput(dir: string, file: string, count: number): Promise<string> {
  if (ctx === undefined) {
    profile = mkdtempSync(join(tmpdir(), "kinplace-chromium-"));
    ctx = await launchContext(profile);
  }
  serverRoot = join(dir, dirname(file));
  const page = await ctx.newPage();
  const lines: string[] = [];
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "log") lines.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  try {
    await page.goto(`${base}/${basename(file)}`);
    const deadline = Date.now() + 30_000;
    while (lines.length < count && errors.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(errors, [], `${file}: page errors`);
    return lines.map((l) => `${l}\n`).join("");
  } finally {
    await page.close();
  }
}

/** Serves a worker module of `dir` in workerd (as wrangler would bundle it) and returns the body of GET /. */
async function workerOutput(dir: string, file: string): Promise<string> {
  const pkg = JSON.parse(readFileSync(join(dir, "node_modules/kinplace/package.json"), "utf8")) as { exports: { ".": { workerd: { default: string } }; "./kinplace.wasm": string } };
  const config = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .w) ],
  sockets = [ (name = "http", address = "127.0.0.1:8787", http = (), service = "main") ],
);
const w :Workerd.Worker = (
  modules = [
    (name = ${JSON.stringify(file)}, esModule = embed ${JSON.stringify(file)}),
    (name = "kinplace", esModule = embed ${JSON.stringify(join("node_modules/kinplace", pkg.exports["."].workerd.default))}),
    (name = "kinplace/kinplace.wasm", wasm = embed ${JSON.stringify(join("node_modules/kinplace", pkg.exports["./kinplace.wasm"]))}),
  ],
  compatibilityDate = "2025-01-01",
);
`;
  writeFileSync(join(dir, "workerd.capnp"), config);
  // the native executable (the package's default export), not its bin: that may be a Node shim (see test/edge.test.ts)
  const workerd = (createRequire(import.meta.url)("workerd") as { default: string }).default;
  const port = await freePort();
  let log = "";
  const child: ChildProcess = spawn(workerd, ["serve", join(dir, "workerd.capnp"), "--socket-addr", `http=127.0.0.1:${port}`], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (b: Buffer) => (log += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (log += b.toString()));
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`workerd exited with ${child.exitCode}: ${log}`);
      try {
        const r = await fetch(`http://127.0.0.1:${port}/`);
        const body = await r.text();
        assert.equal(r.status, 200, `${body}\n${log}`);
        return body;
      } catch (e) {
        if (e instanceof assert.AssertionError) throw e;
        if (Date.now() > deadline) throw new Error(`workerd did not answer within 60 s: ${log}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    child.kill();
  }
}

/** What running `file` of `dir` prints (see the header for how each kind of file runs). */
async function output(dir: string, file: string, expectedLines: number): Promise<string> {
  if (file.endsWith(".html")) return browserOutput(dir, file, expectedLines);
  const source = readFileSync(join(dir, file), "utf8");
  if (/export default\s*\{[\s\S]*\bfetch\b/.test(source)) return workerOutput(dir, file);
  const r = await run([file], { cwd: dir });
  assert.equal(r.status, 0, `node ${file}\n${r.stderr}`);
  return r.stdout.toString();
}

const page = sections(readFileSync(join(repoRoot, PAGE), "utf8"));

test(`${PAGE} has the sections it should`, () => {
  const headings = page.map((s) => s.heading);
  for (const h of ["Node", "Browser: esbuild", "Browser: Vite", "Browser: webpack 5", "Edge: Cloudflare Workers (workerd)", "kubectl plugin"]) {
    assert.ok(headings.includes(h), `no "## ${h}" in ${headings.join(" | ")}`);
  }
});

for (const section of page) {
  test(`${PAGE}: ${section.heading}`, async () => {
    const dir = project(section.heading);
    let last: string | undefined;
    let checked = 0;
    for (const block of section.blocks) {
      if (block.info === "sh" || block.info === "sh shape") {
        for (const { command, output: shown } of commands(block.text)) {
          assert.equal((await shell(dir, command)).replace(/\n+$/, ""), shown.replace(/\n+$/, ""), `$ ${command}`);
          checked++;
        }
      } else if (block.info === "text") {
        const file = block.output ?? last;
        assert.ok(file !== undefined, `a text block in "${section.heading}" follows no file`);
        assert.equal(await output(dir, file, block.text.split("\n").length - 1), block.text, `what ${file} prints`);
        checked++;
      } else if (block.file !== undefined) {
        mkdirSync(dirname(join(dir, block.file)), { recursive: true });
        writeFileSync(join(dir, block.file), block.text);
        last = block.file;
      } else {
        assert.ok(!/^(js|ts|mjs)\b/.test(block.info), `a \`\`\`${block.info} block in "${section.heading}" names no file, so nothing runs it`);
      }
    }
    assert.ok(checked > 0 || !section.blocks.some((b) => b.file !== undefined), `"${section.heading}" writes files but checks nothing`);
  });
}
