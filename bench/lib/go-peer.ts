// Native Go peers in lockstep: a Go program (test/oracle/cmd/benchpeer, or the Go host's bench/go-host) runs as a
// child process at normal priority and waits on stdin; the benchmark tells it "run case I for N calls", it replies
// with the nanoseconds it measured. The benchmark alternates these rounds with its own, so Go and JS see the same
// machine state. Binaries are built once per source: cached in the temporary directory under a hash of the
// module's files and the Go version.

import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

/** A Go program to build: its module directory (files hashed: go.mod, go.sum, *.go, *.s, recursively). */
export interface GoProgram {
  name: string;
  moduleDir: string;
  /** Other directories whose files the build reads (a replaced module). */
  extraDirs?: string[];
}

/** The files of a directory tree that a Go build reads. */
function goFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "testdata" && !e.name.startsWith(".")) goFiles(p, out);
    } else if (/\.(go|s|mod|sum|wasm)$/.test(e.name) && !e.name.endsWith("_test.go")) out.push(p);
  }
  return out;
}

/** Builds the program (or finds it built) and returns the binary's path; throws with Go's message when it cannot. */
export function buildGo(p: GoProgram, goVersion: string): string {
  const h = createHash("sha256").update(goVersion);
  for (const dir of [p.moduleDir, ...(p.extraDirs ?? [])]) {
    for (const f of goFiles(dir)) h.update(f.slice(dir.length)).update("\0").update(readFileSync(f));
  }
  const dir = join(tmpdir(), "kinplace-bench-go");
  mkdirSync(dir, { recursive: true });
  const bin = join(dir, `${p.name}-${h.digest("hex").slice(0, 16)}`);
  if (existsSync(bin) && statSync(bin).size > 0) return bin;
  const tmp = `${bin}.${process.pid}.tmp`;
  // building is not timed: it runs at low priority so that it does not disturb anything else on the machine
  const r = spawnSync("nice", ["go", "build", "-o", tmp, "."], {
    cwd: p.moduleDir, encoding: "utf8", env: { ...process.env, GOTOOLCHAIN: "local", GOFLAGS: "-mod=mod -buildvcs=false" },
  });
  if (r.status !== 0) throw new Error(`go build of ${p.name} failed: ${(r.stderr || String(r.error)).trim().split("\n").slice(-3).join(" ")}`);
  renameSync(tmp, bin);
  // builds of older sources are not used again
  for (const f of readdirSync(dir)) if (f.startsWith(`${p.name}-`) && join(dir, f) !== bin && !f.endsWith(".tmp")) rmSync(join(dir, f), { force: true });
  return bin;
}

/** What the peer said about itself. */
export interface PeerInfo {
  go: string;
  goos: string;
  goarch: string;
  cpus: number;
}

/** A running Go peer. */
export class GoPeer {
  private readonly waiting: ((line: string) => void)[] = [];
  private readonly exited: Promise<void>;

  private constructor(private readonly child: ChildProcessWithoutNullStreams, readonly info: PeerInfo) {
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
  }

  /** Starts `bin` with the cases (kind and input files each; the program's own spec format) written to `specPath`. */
  static async start(bin: string, specPath: string, spec: unknown, args: string[] = []): Promise<GoPeer> {
    writeFileSync(specPath, JSON.stringify(spec));
    const child = spawn(bin, [...args, specPath], { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => { stderr += d.toString(); });
    const lines = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve, reject) => {
      lines.once("line", resolve);
      child.once("exit", (code) => reject(new Error(`${bin} exited (${code}): ${stderr.trim().slice(0, 400)}`)));
      child.once("error", reject);
    });
    const peer = new GoPeer(child, JSON.parse(first) as PeerInfo);
    lines.on("line", (l) => peer.waiting.shift()?.(l));
    child.once("exit", () => { for (const w of peer.waiting.splice(0)) w(`error the peer exited: ${stderr.trim().slice(0, 400)}`); });
    return peer;
  }

  /** The pid (for CPU accounting). */
  get pid(): number {
    return this.child.pid ?? 0;
  }

  private ask(cmd: string): Promise<string> {
    return new Promise((resolve, reject) => {
      this.waiting.push((l) => (l.startsWith("error ") ? reject(new Error(`go peer: ${l.slice(6)} (${cmd})`)) : resolve(l)));
      this.child.stdin.write(cmd + "\n");
    });
  }

  /** Runs case `i` for `n` calls; resolves to the wall-clock and CPU nanoseconds the peer measured. */
  async run(i: number, n: number): Promise<{ wall: number; cpu: number }> {
    const [wall, cpu] = (await this.ask(`run ${i} ${n}`)).split(" ").map(Number);
    return { wall: wall!, cpu: cpu! };
  }

  /** Collects the peer's garbage (runtime.GC), not timed. */
  async gc(): Promise<void> {
    await this.ask("gc 0");
  }

  /** The answer of case `i` (what the benchmark compares with the engine's). */
  async answer(i: number): Promise<string> {
    return JSON.parse(await this.ask(`answer ${i}`)) as string;
  }

  /** Stops the peer and waits for it to exit. */
  async close(): Promise<void> {
    this.child.stdin.end("quit\n");
    await this.exited;
  }
}
