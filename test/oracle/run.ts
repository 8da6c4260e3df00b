// Builds and drives the Go oracle: compiles every target of routes.ts into test/oracle/bin/ (only when
// its sources or toolchain changed), keeps one process per target running, and answers request lines
// in order, each by the target its route picks.
//
// As a command: node --import tsx test/oracle/run.ts [FILE]   (JSON Lines from FILE or stdin)

import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isBlank, requestBytes } from "./lines.ts";
import { TARGETS, routeOf, type RouteRequest, type Target } from "./routes.ts";

/** Where built binaries, fetched old toolchains and build copies live (gitignored). */
export const BIN_DIR = fileURLToPath(new URL("./bin/", import.meta.url));

let goChecked: boolean | undefined;

/** True when a `go` command is on PATH. */
export function goAvailable(): boolean {
  if (goChecked === undefined) goChecked = spawnSync("go", ["version"], { stdio: "ignore" }).status === 0;
  return goChecked;
}

/** Runs a command synchronously; throws with its output when it fails. */
function sh(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string {
  const r = spawnSync(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status ?? r.signal}):\n${r.stdout}${r.stderr}${r.error ?? ""}`);
  return r.stdout;
}

/** Hash of the target's build inputs: toolchain, package, arguments-independent source contents. */
function sourceHash(t: Target): string {
  const h = createHash("sha256").update(`${t.toolchain}\0${t.pkg}\0`);
  const walk = (rel: string) => {
    const abs = join(t.moduleDir, rel);
    if (!existsSync(abs)) return;
    if (statSync(abs).isDirectory()) {
      for (const e of readdirSync(abs).sort()) walk(join(rel, e));
    } else {
      h.update(rel).update("\0").update(readFileSync(abs)).update("\0");
    }
  };
  for (const s of t.sources) walk(s);
  return h.digest("hex");
}

/** "go1.21.13" → [1, 21, 13]. */
function releaseOf(toolchain: string): number[] {
  const m = /^go(\d+)\.(\d+)(?:\.(\d+))?$/.exec(toolchain);
  if (!m) throw new Error(`bad toolchain name ${toolchain}`);
  return [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
}

/** A Go root for a release older than 1.21 (which GOTOOLCHAIN cannot switch to): the module
 * golang.org/toolchain from the module proxy, copied to bin/toolchains/ and made executable. */
function oldToolchainRoot(toolchain: string): string {
  const root = join(BIN_DIR, "toolchains", toolchain);
  if (existsSync(join(root, "bin", "go"))) return root;
  const [goos, goarch] = sh("go", ["env", "GOOS", "GOARCH"]).trim().split("\n");
  const info = JSON.parse(sh("go", ["mod", "download", "-json", `golang.org/toolchain@v0.0.1-${toolchain}.${goos}-${goarch}`], { cwd: BIN_DIR }));
  if (!info.Dir) throw new Error(`cannot fetch ${toolchain}: ${info.Error ?? "no Dir"}`);
  rmSync(root, { recursive: true, force: true });
  cpSync(info.Dir, root, { recursive: true });
  const makeWritable = (p: string) => {
    chmodSync(p, statSync(p).isDirectory() ? 0o755 : 0o644);
    if (statSync(p).isDirectory()) for (const e of readdirSync(p)) makeWritable(join(p, e));
  };
  makeWritable(root);
  for (const dir of [join(root, "bin"), join(root, "pkg", "tool", `${goos}_${goarch}`)]) {
    for (const e of readdirSync(dir)) chmodSync(join(dir, e), 0o755);
  }
  return root;
}

/** Builds one target unless its binary is up to date; returns the binary's path. */
export function buildTarget(t: Target): string {
  mkdirSync(BIN_DIR, { recursive: true });
  const out = join(BIN_DIR, t.name);
  const stamp = `${out}.stamp`;
  const hash = sourceHash(t);
  if (existsSync(out) && existsSync(stamp) && readFileSync(stamp, "utf8") === hash) return out;
  const [major, minor] = releaseOf(t.toolchain);
  if (major === 1 && minor! >= 21) {
    sh("nice", ["go", "build", "-trimpath", "-o", out, t.pkg], { cwd: t.moduleDir, env: { ...process.env, GOTOOLCHAIN: t.toolchain } });
  } else {
    // Old go commands ignore GOTOOLCHAIN, know no -buildvcs (set in this machine's go env file) and
    // want go.sum lines for the whole module graph: build a copy with the environment file off.
    const root = oldToolchainRoot(t.toolchain);
    const src = join(BIN_DIR, "src", t.name);
    rmSync(src, { recursive: true, force: true });
    for (const s of t.sources) if (existsSync(join(t.moduleDir, s))) cpSync(join(t.moduleDir, s), join(src, s), { recursive: true });
    const env = {
      ...process.env, GOENV: "off", GOROOT: root, GOTOOLCHAIN: "local", GOFLAGS: minor! >= 14 ? "-mod=mod" : "", GO111MODULE: "on",
      GOPATH: sh("go", ["env", "GOPATH"]).trim(), GOPROXY: sh("go", ["env", "GOPROXY"]).trim(),
      GOCACHE: sh("go", ["env", "GOCACHE"]).trim(), GOMODCACHE: sh("go", ["env", "GOMODCACHE"]).trim(),
    };
    sh("nice", [join(root, "bin", "go"), "build", "-trimpath", "-o", out, t.pkg], { cwd: src, env });
  }
  writeFileSync(stamp, hash);
  return out;
}

/** Builds every target (see routes.ts) that is out of date. */
export function buildAll(): void {
  for (const t of TARGETS) buildTarget(t);
}

/** A running oracle process answering lines in order. */
class Worker {
  private child: ChildProcessWithoutNullStreams;
  private pending: { resolve: (answer: string) => void; reject: (e: Error) => void }[] = [];
  private partial: Buffer[] = [];
  private stderr = "";
  private failed: Error | null = null;

  constructor(readonly target: Target, bin: string) {
    this.child = spawn(bin, target.args, { stdio: ["pipe", "pipe", "pipe"] });
    this.child.stdout.on("data", (chunk: Buffer) => this.onData(chunk));
    this.child.stderr.on("data", (chunk: Buffer) => { this.stderr += chunk.toString(); });
    this.child.on("exit", (code, signal) => this.fail(new Error(`oracle ${target.name} exited (${code ?? signal}): ${this.stderr}`)));
    this.child.on("error", (e) => this.fail(e));
    this.child.stdin.on("error", (e) => this.fail(e));
  }

  private fail(e: Error) {
    this.failed ??= e;
    for (const p of this.pending) p.reject(e);
    this.pending = [];
  }

  private onData(chunk: Buffer) {
    let start = 0;
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, start)) {
      this.partial.push(chunk.subarray(start, i));
      const line = Buffer.concat(this.partial).toString("utf8");
      this.partial = [];
      start = i + 1;
      this.pending.shift()?.resolve(line);
    }
    if (start < chunk.length) this.partial.push(chunk.subarray(start));
  }

  /** Sends one request line; resolves with its answer line. */
  ask(line: Uint8Array): Promise<string> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise<string>((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.child.stdin.write(line);
      this.child.stdin.write("\n");
    });
  }

  /** Ends the process. */
  stop() {
    this.failed ??= new Error("oracle stopped");
    this.child.stdin.end();
    this.child.kill();
  }
}

const workers = new Map<string, Worker>();

function worker(name: string): Worker {
  let w = workers.get(name);
  if (!w) {
    const t = TARGETS.find((x) => x.name === name);
    if (!t) throw new Error(`no oracle target ${name}`);
    w = new Worker(t, buildTarget(t));
    workers.set(name, w);
  }
  return w;
}

const decoder = new TextDecoder();

/** The routing view of a request line: its top-level fields, or null when it is not a JSON object. */
export function routeRequest(line: Uint8Array): RouteRequest {
  try {
    const v = JSON.parse(decoder.decode(line));
    return v !== null && typeof v === "object" && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/** Answers request lines (strings or raw bytes; no newline inside, not blank) in order, each by its
 * route's oracle build. */
export async function runOracle(lines: string[] | Uint8Array[]): Promise<string[]> {
  const answers: Promise<string>[] = [];
  for (const l of lines) {
    const line = requestBytes(l);
    answers.push(worker(routeOf(routeRequest(line))).ask(line));
  }
  return Promise.all(answers);
}

/** Stops every running oracle process. */
export function stopOracle(): void {
  for (const w of workers.values()) w.stop();
  workers.clear();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const input = readFileSync(process.argv[2] ?? 0);
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = input.indexOf(10); i >= 0; i = input.indexOf(10, start)) {
    lines.push(input.subarray(start, i));
    start = i + 1;
  }
  if (start < input.length) lines.push(input.subarray(start));
  buildAll();
  const answers = await runOracle(lines.map((l) => (l.at(-1) === 0x0d ? l.subarray(0, -1) : l)).filter((l) => !isBlank(l)));
  process.stdout.write(answers.map((a) => a + "\n").join(""));
  stopOracle();
}
