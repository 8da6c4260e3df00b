// Cold start of kinplace, each sample in a fresh process: how long from `import` to the first answer, and where the
// time goes, for the full entries (kinplace.wasm) and the core entries (`kinplace/core`, kinplace-core.wasm: JSON,
// FNV, patches). Node: import of the entry, init(), the first answer of each op, and the parts of init (reading the
// wasm, compiling it, instantiating it); whole CLI processes next to an empty `node`. Chromium (the browser tests'
// one): a fresh browser context per sample loading the browser entry over loopback HTTP, then a reload (warm HTTP
// and code caches). workerd: a fresh process per sample, spawn to first answer, next to the same worker without
// kinplace (workerd's clocks stand still while code runs, so only the outside view exists). Needs `npm run build`
// (dist/). Numbers are reported, never asserted.
// Usage: node --import tsx bench/coldstart.ts [samples=21] [runtimes=node,chromium,workerd] [package root=this checkout]

import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, extname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse as parseYAML } from "yaml";

/** One measurement over `n` fresh processes (or browser contexts), in milliseconds. */
export interface ColdRow {
  runtime: "node" | "chromium" | "workerd";
  measure: string;
  n: number;
  median: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
}

/** What to measure. */
export interface ColdStartOptions {
  /** Samples per measurement (fresh processes); default 21. */
  samples?: number;
  /** Runtimes to measure; default all three (a runtime that cannot start here is skipped with a note on stderr). */
  runtimes?: ColdRow["runtime"][];
  /** The package root whose dist/ is measured; default this repository. */
  root?: string;
  /** Extra flags for every measured `node` process (for example ["--wasm-lazy-validation"]). */
  nodeFlags?: string[];
}

const here = dirname(fileURLToPath(import.meta.url));

/** The request data of the measured ops, as JSON-serializable values (the verdict pair is the CLI example). */
function opInputs(root: string): Record<string, unknown> {
  const yaml = (f: string): unknown => parseYAML(readFileSync(join(root, "examples/cli", f), "utf8"));
  const doc = { kind: "Pod", metadata: { name: "web-0", labels: { app: "web", tier: "a" } }, spec: { containers: [{ name: "app", image: "nginx:1.25", ports: [{ containerPort: 80 }] }] } };
  const next = { ...doc, spec: { containers: [{ name: "app", image: "nginx:1.26", ports: [{ containerPort: 8080 }] }] } };
  return { text: JSON.stringify(doc), next: JSON.stringify(next), old: yaml("cloneset-old.yaml"), new: yaml("cloneset-image.yaml") };
}

/** Each measured op as a JS expression over the entry `k` and the inputs `I`. */
export const OPS: Record<string, string> = {
  goJSONText: "k.goJSONText(I.text)",
  jcsText: "k.jcsText(I.text)",
  fnv32a: "k.fnv32a(I.text)",
  jsonPatchDiffText: "k.jsonPatchDiffText(I.text, I.next)",
  verdict: "k.verdict(I.old, I.new).verdict",
};

/** Median, 10th and 90th percentile, min and max of `xs`. */
function stats(xs: number[]): Pick<ColdRow, "n" | "median" | "p10" | "p90" | "min" | "max"> {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.max(0, Math.round(q * (s.length - 1))))]!;
  return { n: s.length, median: at(0.5), p10: at(0.1), p90: at(0.9), min: s[0]!, max: s[s.length - 1]! };
}

/** Collects samples per measure name, keeping first-seen order. */
class Samples {
  readonly #m = new Map<string, number[]>();
  /** Adds one sample of `measure`. */
  add(measure: string, ms: number): void {
    const list = this.#m.get(measure) ?? [];
    list.push(ms);
    this.#m.set(measure, list);
  }
  /** The rows of every measure. */
  rows(runtime: ColdRow["runtime"]): ColdRow[] {
    return [...this.#m].map(([measure, xs]) => ({ runtime, measure, ...stats(xs) }));
  }
}

/** Runs a node child script file with the flags; returns its stdout parsed as JSON. */
function runNodeJSON(args: string[]): Record<string, number> {
  const r = spawnSync(process.execPath, args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`node ${args.join(" ")} failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").at(-1)!) as Record<string, number>;
}

/** Wall time of one process, spawn to exit, in ms; throws when it fails. */
function wallTime(cmd: string, args: string[], cwd: string): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
  const dt = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status}): ${r.stderr}`);
  return dt;
}

/** The ops the core entries (kinplace/core) answer. */
export const CORE_OPS = ["goJSONText", "jcsText", "fnv32a", "jsonPatchDiffText"];

/** The child script of one Node sample: import `entry`, init it (`sync`: initSync), answer `op` twice; prints timings. */
function nodeChild(entry: string, sync: boolean, op: string, inputsFile: string): string {
  return `const t0 = performance.now();
const I = JSON.parse(await (await import("node:fs/promises")).readFile(${JSON.stringify(inputsFile)}, "utf8"));
const t1 = performance.now();
const k = await import(${JSON.stringify(entry)});
const t2 = performance.now();
${sync ? "k.initSync();" : "await k.init();"}
const t3 = performance.now();
const a = ${OPS[op]};
const t4 = performance.now();
const b = ${OPS[op]};
const t5 = performance.now();
if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error("answers differ");
console.log(JSON.stringify({ boot: t0, import: t2 - t1, init: t3 - t2, first: t4 - t3, second: t5 - t4, total: t4 - t1 }));
`;
}

/** The child script that times the parts of init with the raw WebAssembly API: read, compile, instantiate. */
function wasmChild(wasmFile: string): string {
  return `import { readFileSync } from "node:fs";
const t0 = performance.now();
const bytes = readFileSync(${JSON.stringify(wasmFile)});
const t1 = performance.now();
const module = new WebAssembly.Module(bytes);
const t2 = performance.now();
new WebAssembly.Instance(module, { env: { abort() { throw new Error("abort"); } } });
const t3 = performance.now();
console.log(JSON.stringify({ read: t1 - t0, compile: t2 - t1, instantiate: t3 - t2 }));
`;
}

/** Node: import, init, first answer per op (fresh process each), the parts of init, and whole CLI processes. */
export function coldStartNode(root: string, samples: number, nodeFlags: string[] = []): ColdRow[] {
  const dir = mkdtempSync(join(tmpdir(), "kinplace-cold-"));
  try {
    const inputs = join(dir, "inputs.json");
    writeFileSync(inputs, JSON.stringify(opInputs(root)));
    // [label, entry file, initSync?, ops]
    const plans: [string, string, boolean, string[]][] = [
      ["kinplace init()", "dist/node.mjs", false, Object.keys(OPS)],
      ["kinplace initSync()", "dist/node.mjs", true, ["goJSONText", "verdict"]],
      ["kinplace/core init()", "dist/core.mjs", false, CORE_OPS],
      ["kinplace/core initSync()", "dist/core.mjs", true, ["goJSONText"]],
    ];
    const scripts: [string, string, string][] = [];
    for (const [label, entry, sync, ops] of plans) {
      if (!existsSync(join(root, entry))) continue; // (a package without that entry: an older build)
      for (const op of ops) {
        const file = join(dir, `${scripts.length}.mjs`);
        writeFileSync(file, nodeChild(pathToFileURL(join(root, entry)).href, sync, op, inputs));
        scripts.push([label, op, file]);
      }
    }
    const wasm: [string, string][] = [];
    for (const name of ["kinplace.wasm", "kinplace-core.wasm"]) {
      if (!existsSync(join(root, "dist", name))) continue;
      const file = join(dir, `raw-${name}.mjs`);
      writeFileSync(file, wasmChild(join(root, "dist", name)));
      wasm.push([name, file]);
    }
    const empty = join(dir, "empty.mjs");
    writeFileSync(empty, "");
    const cli = join(root, "dist/cli/kinplace.mjs");
    const s = new Samples();
    for (let i = 0; i < samples; i++) {
      // interleaved, so drift in the machine's load spreads over every measure alike
      for (const [label, op, file] of scripts) {
        const t = runNodeJSON([...nodeFlags, file]);
        if (op === "goJSONText") {
          if (label === "kinplace init()") s.add("node start (process start to user code)", t["boot"]!);
          s.add(`${label}: import`, t["import"]!);
          s.add(`${label}: init`, t["init"]!);
        }
        s.add(`${label}: first answer, ${op}`, t["first"]!);
        s.add(`${label}: import → first answer, ${op}`, t["total"]!);
        if (op === "verdict" || op === "goJSONText") s.add(`${label}: second answer, ${op}`, t["second"]!);
      }
      for (const [name, file] of wasm) {
        const w = runNodeJSON([...nodeFlags, file]);
        s.add(`raw ${name}: read`, w["read"]!);
        s.add(`raw ${name}: new WebAssembly.Module`, w["compile"]!);
        s.add(`raw ${name}: new WebAssembly.Instance`, w["instantiate"]!);
      }
      s.add("process: node empty.mjs", wallTime(process.execPath, [...nodeFlags, empty], root));
      s.add("process: kinplace --version", wallTime(process.execPath, [...nodeFlags, cli, "--version"], root));
      s.add("process: kinplace check cloneset", wallTime(process.execPath, [...nodeFlags, cli, "check", "examples/cli/cloneset-old.yaml", "examples/cli/cloneset-image.yaml"], root));
    }
    return s.rows("node");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const MIME: Record<string, string> = { ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm", ".html": "text/html", ".json": "application/json" };

/** A loopback HTTP server for dist/ plus one page per entry and op (/ENTRY/NAME.html: ENTRY browser or core-browser) and the inputs (/inputs.json). */
async function pageServer(root: string, inputs: string): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    let body: Buffer | string;
    let type: string;
    const page = /^\/(browser|core-browser)\/(\w+)\.html$/.exec(url.pathname);
    if (page !== null && OPS[page[2]!] !== undefined) {
      body = `<!doctype html><script type="module">
const t0 = performance.now();
const I = await (await fetch("/inputs.json")).json();
const t1 = performance.now();
const k = await import("/dist/${page[1]}.mjs");
const t2 = performance.now();
await k.init();
const t3 = performance.now();
const a = ${OPS[page[2]!]};
const t4 = performance.now();
const b = ${OPS[page[2]!]};
const t5 = performance.now();
window.__cold = { boot: t0, import: t2 - t1, init: t3 - t2, first: t4 - t3, second: t5 - t4, total: t4 - t1, same: JSON.stringify(a) === JSON.stringify(b) };
</script>`;
      type = "text/html";
    } else if (url.pathname === "/inputs.json") {
      body = inputs;
      type = "application/json";
    } else if (/^\/dist\/[\w.-]+$/.test(url.pathname)) {
      try {
        body = readFileSync(join(root, url.pathname));
      } catch {
        res.writeHead(404).end();
        return;
      }
      type = MIME[extname(url.pathname)] ?? "application/octet-stream";
    } else {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": type, "cache-control": "max-age=3600" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

/** Chromium: a fresh browser context per sample (empty HTTP and code caches), and a reload in it (warm caches). */
export async function coldStartChromium(root: string, samples: number): Promise<ColdRow[]> {
  const { browserExecutable, BROWSER_ARGS } = await import("../test/support/browser.ts");
  const { chromium } = await import("playwright-core");
  const { executablePath, env } = await browserExecutable();
  const browser = await chromium.launch({ headless: true, executablePath, args: BROWSER_ARGS, env: { ...process.env, ...env } as Record<string, string> });
  const server = await pageServer(root, JSON.stringify(opInputs(root)));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const s = new Samples();
  const plans: [string, string, string[]][] = [["kinplace", "browser", Object.keys(OPS)], ["kinplace/core", "core-browser", CORE_OPS]];
  try {
    for (let i = 0; i < samples; i++) {
      for (const [label, entry, ops] of plans) {
        if (!existsSync(join(root, "dist", `${entry}.mjs`))) continue;
        for (const op of ops) {
          const context = await browser.newContext();
          const page = await context.newPage();
          for (const visit of ["cold", "reload"] as const) {
            await page.goto(`${base}/${entry}/${op}.html`);
            const t = (await page.waitForFunction(() => (window as unknown as { __cold?: unknown }).__cold).then((h) => h.jsonValue())) as Record<string, number | boolean>;
            if (t["same"] !== true) throw new Error(`chromium: ${op} answered differently twice`);
            if (op === "goJSONText") {
              s.add(`${label} ${visit}: import`, t["import"] as number);
              s.add(`${label} ${visit}: init() (fetch + instantiateStreaming)`, t["init"] as number);
            }
            s.add(`${label} ${visit}: first answer, ${op}`, t["first"] as number);
            s.add(`${label} ${visit}: import → first answer, ${op}`, t["total"] as number);
          }
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  return s.rows("chromium");
}

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const srv = createNetServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const port = (srv.address() as AddressInfo).port;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/** A workerd config serving one worker: kinplace's edge entry (`entry`, with its precompiled `wasm`), or none. */
function workerdConfig(engine: { entry: string; wasm: string } | null): string {
  const modules = engine !== null
    ? `(name = "worker.mjs", esModule = embed "worker.mjs"), (name = "kinplace.mjs", esModule = embed "${engine.entry}"), (name = "kinplace.wasm", wasm = embed "${engine.wasm}"), (name = "inputs.json", json = embed "inputs.json")`
    : `(name = "worker.mjs", esModule = embed "empty-worker.mjs")`;
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .w) ],
  sockets = [ (name = "http", address = "127.0.0.1:8787", http = (), service = "main") ],
);
const w :Workerd.Worker = ( modules = [ ${modules} ], compatibilityDate = "2025-01-01" );
`;
}

/** The worker measured in workerd: init(module) at top level, then /OP answers that op. */
function workerScript(): string {
  return `import wasm from "./kinplace.wasm";
import * as k from "./kinplace.mjs";
import I from "./inputs.json";
const ready = k.init(wasm);
const OPS = { ${Object.entries(OPS).map(([name, expr]) => `${name}: () => ${expr}`).join(", ")} };
// (an op the entry does not export is never requested)
export default {
  async fetch(request) {
    await ready;
    const op = OPS[new URL(request.url).pathname.slice(1)];
    return new Response(op === undefined ? "ready" : JSON.stringify(op()));
  },
};
`;
}

/** Spawns workerd on `config` and returns the ms from spawn to the first 200 answer of `path`. */
async function workerdFirstAnswer(bin: string, config: string, path: string): Promise<number> {
  const port = await freePort();
  const t0 = process.hrtime.bigint();
  const child = spawn(bin, ["serve", config, "--socket-addr", `http=127.0.0.1:${port}`], { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr!.on("data", (b: Buffer) => (log += b.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`workerd exited with ${child.exitCode}: ${log}`);
      try {
        const r = await fetch(`http://127.0.0.1:${port}${path}`);
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error(`workerd answered ${r.status}: ${log}`);
        return Number(process.hrtime.bigint() - t0) / 1e6;
      } catch (e) {
        if (e instanceof Error && e.message.startsWith("workerd answered")) throw e;
        if (Number(process.hrtime.bigint() - t0) > 60e9) throw new Error(`workerd did not start within 60 s: ${log}`);
        await new Promise((r) => setTimeout(r, 1));
      }
    }
  } finally {
    child.kill();
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
  }
}

/** workerd: spawn → first answer per op (fresh process each), next to the same worker without kinplace. */
export async function coldStartWorkerd(root: string, samples: number): Promise<ColdRow[]> {
  const bin = (createRequire(import.meta.url)("workerd") as { default: string }).default;
  const dir = mkdtempSync(join(tmpdir(), "kinplace-cold-workerd-"));
  try {
    const core = existsSync(join(root, "dist/core-edge.mjs"));
    for (const f of ["edge.mjs", "kinplace.wasm", ...(core ? ["core-edge.mjs", "kinplace-core.wasm"] : [])]) cpSync(join(root, "dist", f), join(dir, f));
    writeFileSync(join(dir, "inputs.json"), JSON.stringify(opInputs(root)));
    writeFileSync(join(dir, "worker.mjs"), workerScript());
    writeFileSync(join(dir, "empty-worker.mjs"), `export default { fetch() { return new Response("ready"); } };\n`);
    writeFileSync(join(dir, "engine.capnp"), workerdConfig({ entry: "edge.mjs", wasm: "kinplace.wasm" }));
    writeFileSync(join(dir, "core.capnp"), workerdConfig({ entry: "core-edge.mjs", wasm: "kinplace-core.wasm" }));
    writeFileSync(join(dir, "empty.capnp"), workerdConfig(null));
    const s = new Samples();
    for (let i = 0; i < samples; i++) {
      s.add("spawn → first answer, worker without kinplace", await workerdFirstAnswer(bin, join(dir, "empty.capnp"), "/"));
      for (const op of Object.keys(OPS)) s.add(`kinplace: spawn → first answer, ${op}`, await workerdFirstAnswer(bin, join(dir, "engine.capnp"), `/${op}`));
      if (core) for (const op of CORE_OPS) s.add(`kinplace/core: spawn → first answer, ${op}`, await workerdFirstAnswer(bin, join(dir, "core.capnp"), `/${op}`));
    }
    return s.rows("workerd");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every cold-start row of the chosen runtimes. */
export async function coldStart(options: ColdStartOptions = {}): Promise<ColdRow[]> {
  const root = options.root ?? join(here, "..");
  const samples = options.samples ?? 21;
  const rows: ColdRow[] = [];
  for (const runtime of options.runtimes ?? ["node", "chromium", "workerd"]) {
    try {
      if (runtime === "node") rows.push(...coldStartNode(root, samples, options.nodeFlags));
      if (runtime === "chromium") rows.push(...(await coldStartChromium(root, samples)));
      if (runtime === "workerd") rows.push(...(await coldStartWorkerd(root, samples)));
    } catch (e) {
      process.stderr.write(`coldstart: ${runtime} skipped: ${(e as Error).message.split("\n")[0]}\n`);
    }
  }
  return rows;
}

/** The rows as a Markdown table (ms: median, p10–p90, min–max). */
export function coldStartMarkdown(rows: ColdRow[]): string {
  const f = (x: number): string => x.toFixed(x < 10 ? 2 : 1);
  const lines = ["| runtime | measure | median ms | p10–p90 | min–max | n |", "|---|---|---:|---:|---:|---:|"];
  for (const r of rows) lines.push(`| ${r.runtime} | ${r.measure} | ${f(r.median)} | ${f(r.p10)}–${f(r.p90)} | ${f(r.min)}–${f(r.max)} | ${r.n} |`);
  return lines.join("\n");
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const samples = Number(process.argv[2] ?? 21);
  const runtimes = (process.argv[3]?.split(",") ?? undefined) as ColdRow["runtime"][] | undefined;
  const root = process.argv[4] ?? join(here, "..");
  const size = (f: string): string => (existsSync(join(root, "dist", f)) ? `${readFileSync(join(root, "dist", f)).length} B` : "absent");
  console.log(`Cold start, ${samples} fresh processes per row; Node ${process.version}; dist/kinplace.wasm ${size("kinplace.wasm")}, dist/kinplace-core.wasm ${size("kinplace-core.wasm")}.`);
  console.log();
  console.log(coldStartMarkdown(await coldStart({ samples, root, ...(runtimes === undefined ? {} : { runtimes }) })));
}
