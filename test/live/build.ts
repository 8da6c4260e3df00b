/**
 * Builds a real kube-apiserver and etcd for the live suites, outside the work tree: one Go module in
 * $XDG_CACHE_HOME/kinplace/apiserver-<patch>-<toolchain>/ (default ~/.cache) that requires k8s.io/kubernetes
 * at the pinned patch of a minor with the staging replaces and third-party replace set of the oracle's kube
 * builds (test/oracle/k8s/build.ts `goModText`), and builds `k8s.io/kubernetes/cmd/kube-apiserver` and etcd's
 * server (`go.etcd.io/etcd/server/v3`, the release k8s.io/kubernetes's go.mod names) in that one module graph,
 * so both share compiled dependencies. Rebuilt only when the go.mod, the tools file, the toolchain or the
 * version stamps change (a stamp file); builds of one directory are serialized by a lock directory.
 *
 * CLI: node --import tsx test/live/build.ts [1.N]   (builds, prints the two binary paths and the timings)
 */

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { goEnv, goModText, sh, tidyWithFallbacks, withLock, defaultClass, type BuildKey } from "../oracle/k8s/build.ts";
import { GO_CLASSES, NEWEST, minorInfo } from "../oracle/k8s/versions.ts";

/** Bump to force a rebuild of every live server build. */
const LIVE_BUILD_VERSION = "1";

/** The etcd server's main package (server/main.go) at the version the k8s.io/kubernetes go.mod requires. */
const ETCD_MAIN = "go.etcd.io/etcd/server/v3";
const APISERVER_MAIN = "k8s.io/kubernetes/cmd/kube-apiserver";

/** The two binaries of one build and where they came from. */
export interface ServerBinaries {
  /** the k8s.io/kubernetes release built, e.g. "1.37.2" */
  kubernetes: string;
  /** the etcd server release its go.mod names, e.g. "v3.7.0" */
  etcd: string;
  /** the Go toolchain that built both */
  toolchain: string;
  apiserver: string;
  etcdBinary: string;
  dir: string;
}

/** Build timing of the last real build of a directory. */
export interface LiveBuildRecord {
  seconds: { modules: number; apiserver: number; etcd: number; total: number };
  goCache: string;
  builtAt: string;
}

/** The cache root of the live server builds ($XDG_CACHE_HOME/kinplace, else ~/.cache/kinplace; KINPLACE_LIVE_CACHE overrides). */
export function liveCacheRoot(): string {
  return process.env.KINPLACE_LIVE_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "kinplace");
}

/** The oracle key whose go.mod a minor's server build uses (the kube flavor at the minor's default Go class). */
function keyOf(minor: string): BuildKey {
  return { minor, goClass: defaultClass(minor), kruise: false, flavor: "kube" };
}

/** -ldflags of the kube-apiserver build: the version stamps hack/lib/version.sh writes, symbol tables dropped. */
function apiserverLdflags(patch: string): string {
  const [major, minor] = patch.split(".");
  const vars: Record<string, string> = { gitVersion: `v${patch}`, gitMajor: major!, gitMinor: minor!, gitTreeState: "clean" };
  const x: string[] = [];
  for (const pkg of ["k8s.io/component-base/version", "k8s.io/client-go/pkg/version"]) for (const [n, v] of Object.entries(vars)) x.push(`-X ${pkg}.${n}=${v}`);
  return `-s -w ${x.join(" ")}`;
}

/** The version of a module in the go.mod of a directory (after tidy). */
function requiredVersion(dir: string, mod: string): string {
  const m = new RegExp(`^\\s*${mod.replace(/\./g, "\\.")} (v\\S+)`, "m").exec(readFileSync(join(dir, "go.mod"), "utf8"));
  if (!m) throw new Error(`${mod} is not in ${dir}/go.mod`);
  return m[1]!;
}

/**
 * Ensures kube-apiserver and etcd of a minor (default the newest) are built in the cache; returns their
 * paths. Logs build progress through `log`.
 */
export async function ensureServerBinaries(minor: string = NEWEST, log: (s: string) => void = () => {}): Promise<ServerBinaries> {
  const info = minorInfo(minor);
  if (!info) throw new Error(`unsupported kubernetes minor ${minor}`);
  const k = keyOf(minor);
  const toolchain = GO_CLASSES[k.goClass].toolchain;
  const dir = join(liveCacheRoot(), `apiserver-${info.patch}-${toolchain}`);
  const apiserver = join(dir, "bin", "kube-apiserver");
  const etcdBinary = join(dir, "bin", "etcd");
  return withLock(dir, async () => {
    const mod = (await goModText(k)).replace("(key ", "(live servers, key ");
    // tidy keeps what these imports need; importing a main package is allowed in a build-tagged tools file
    const tools = `//go:build tools\n\npackage tools\n\nimport (\n\t_ "${APISERVER_MAIN}"\n\t_ "${ETCD_MAIN}"\n)\n`;
    const ldflags = apiserverLdflags(info.patch);
    const stamp = createHash("sha256").update(JSON.stringify({ LIVE_BUILD_VERSION, mod, tools, ldflags, toolchain })).digest("hex");
    const stampFile = join(dir, "stamp");
    const done = (): ServerBinaries => ({ kubernetes: info.patch, etcd: requiredVersion(dir, ETCD_MAIN), toolchain, apiserver, etcdBinary, dir });
    if (existsSync(apiserver) && existsSync(etcdBinary) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return done();
    const env = goEnv(k);
    const t0 = Date.now();
    log(`live servers: building kube-apiserver ${info.patch} and etcd with ${toolchain} in ${dir}`);
    const modIn = join(dir, "go.mod.in");
    if (!existsSync(modIn) || readFileSync(modIn, "utf8") !== mod || !existsSync(join(dir, "go.sum"))) {
      writeFileSync(join(dir, "go.mod"), mod);
      writeFileSync(modIn, mod);
      rmSync(join(dir, "go.sum"), { force: true });
    }
    writeFileSync(join(dir, "tools.go"), tools);
    mkdirSync(join(dir, "bin"), { recursive: true });
    const overridesFile = join(dir, "overrides.json");
    const overrides: Record<string, string> = existsSync(overridesFile) ? JSON.parse(readFileSync(overridesFile, "utf8")) : {};
    await tidyWithFallbacks(k, dir, env, overrides, overridesFile, log);
    const t1 = Date.now();
    await sh("nice", ["-n", "19", "go", "build", "-ldflags", ldflags, "-o", apiserver, APISERVER_MAIN], { cwd: dir, env });
    const t2 = Date.now();
    await sh("nice", ["-n", "19", "go", "build", "-ldflags", "-s -w", "-o", etcdBinary, ETCD_MAIN], { cwd: dir, env });
    const t3 = Date.now();
    const record: LiveBuildRecord = {
      seconds: { modules: (t1 - t0) / 1000, apiserver: (t2 - t1) / 1000, etcd: (t3 - t2) / 1000, total: (t3 - t0) / 1000 },
      goCache: (await sh("go", ["env", "GOCACHE"], { env })).trim(),
      builtAt: new Date().toISOString(),
    };
    writeFileSync(join(dir, "build.json"), JSON.stringify(record, null, 2) + "\n");
    writeFileSync(stampFile, stamp);
    log(`live servers: built in ${record.seconds.total.toFixed(0)}s (modules ${record.seconds.modules.toFixed(0)}s, kube-apiserver ${record.seconds.apiserver.toFixed(0)}s, etcd ${record.seconds.etcd.toFixed(0)}s)`);
    return done();
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const b = await ensureServerBinaries(process.argv[2] ?? NEWEST, (s) => console.error(s));
  console.log(JSON.stringify(b, null, 2));
  const rec = join(b.dir, "build.json");
  if (existsSync(rec)) console.log(readFileSync(rec, "utf8"));
}
