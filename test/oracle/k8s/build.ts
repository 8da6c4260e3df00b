/**
 * Builds the k8s oracle binary of one (Kubernetes minor, Go class): generates a Go module under
 * test/oracle/bin/k8s/<key>/ around the template harness (test/oracle/k8s/harness/), pins the real
 * upstream modules of that minor, and builds it with nice + the class's toolchain. Cached by a
 * stamp over everything that decides the build; builds of the same key are serialized by a lock
 * directory so parallel test processes do not build twice.
 *
 * CLI: node --import tsx test/oracle/k8s/build.ts [defaults|api|key ...]   (key e.g. 1.37-go126, 1.30-go126-api, kruise)
 *      ... build.ts --path KEY   (build one key, print its binary path)   ... build.ts --table   (routing facts, JSON)
 *      ... build.ts --times      (build times so far)   ... build.ts --check-newest   (exit 1 if k8s.io/api has a newer minor)
 */

import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, copyFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  GO_CLASSES,
  K8S_112_REQUIRES,
  KJSON_FOR_OLD_MINORS,
  KRUISE,
  KRUISE_RELEASES,
  MINORS,
  NEWEST,
  classOfGo,
  goMinorOf,
  minorInfo,
  type GoClass,
  type KruiseRelease,
  type MinorInfo,
} from "./versions.ts";

/** Bump to force every k8s oracle binary to rebuild. */
const GENERATOR_VERSION = "3";

/** test/oracle/k8s/ */
export const K8S_DIR = fileURLToPath(new URL(".", import.meta.url));
const HARNESS_DIR = join(K8S_DIR, "harness");
/** test/oracle/bin/k8s/ (gitignored) */
export const BIN_ROOT = join(K8S_DIR, "..", "bin", "k8s");
const MODULE_PATH = "kinplace.local/oracle/k8s";
const STAGING_112 = "1.12";

/**
 * Flavors: "kube" runs the real k8s.io/kubernetes functions (kubelet HashContainer, ComputeHash,
 * StatefulSet/DaemonSet revision code, API defaulters); "api" builds only k8s.io/api +
 * k8s.io/apimachinery and reproduces those functions (apionly.go) — fast to build, no
 * applyDefaults. 1.12 exists only as "api" (k8s.io/kubernetes 1.12 predates modules).
 */
export type Flavor = "kube" | "api";

/** One binary: a Kubernetes minor built by the toolchain of a Go class, or the OpenKruise build. */
export interface BuildKey {
  /** "1.N" (for Kruise: the pinned minor) */
  minor: string;
  goClass: GoClass;
  kruise: boolean;
  flavor: Flavor;
}

/** The OpenKruise release of a Kruise key: each release pins its own Kubernetes minor (v1.9.0 1.32, v1.8.3 1.30, v1.7.0 1.28, v1.6.0 1.26, v1.5.5 1.24). */
export function kruisePin(k: BuildKey): KruiseRelease {
  const r = KRUISE_RELEASES.find((x) => x.minor === k.minor);
  if (!r) throw new Error(`no OpenKruise release pins kubernetes ${k.minor}`);
  return r;
}

/** The Go class of a Kruise release's own build (its Dockerfile's Go). */
export function kruiseClass(r: KruiseRelease): GoClass {
  return classOfGo(goMinorOf(r.releaseGo));
}

/** Directory / file name of a key, e.g. "1.37-go126", "1.37-go126-api", "kruise-v1.9.0-go126", "kruise-v1.5.5-go121". */
export function keyName(k: BuildKey): string {
  return k.kruise ? `kruise-${kruisePin(k).version}-${k.goClass}` : `${k.minor}-${k.goClass}${k.flavor === "api" ? "-api" : ""}`;
}

/** Parses a key name back ("1.N-goXY[-api]", "kruise[-v1.9.0][-goXY]", "kruise-v1.N[.P][-goXY]"; no class: the release's own). */
export function parseKey(name: string): BuildKey {
  const kr = /^kruise(?:-v(1\.\d+)(?:\.\d+)?)?(?:-(go\d+))?$/.exec(name);
  if (kr) {
    const r = kr[1] ? KRUISE_RELEASES.find((x) => x.kruise === kr[1]) : KRUISE;
    if (!r || (kr[2] && !(kr[2] in GO_CLASSES))) throw new Error(`bad k8s oracle key ${name}`);
    return { minor: r.minor, goClass: (kr[2] as GoClass) ?? kruiseClass(r), kruise: true, flavor: "kube" };
  }
  const m = /^(1\.\d+)-(go\d+)(-api)?$/.exec(name);
  if (!m || !minorInfo(m[1]!) || !(m[2]! in GO_CLASSES)) throw new Error(`bad k8s oracle key ${name}`);
  return { minor: m[1]!, goClass: m[2] as GoClass, kruise: false, flavor: m[3] || m[1] === STAGING_112 ? "api" : "kube" };
}

/** Whether a minor has a kube flavor (k8s.io/kubernetes requirable as a module: 1.15+). */
export function hasKube(minor: string): boolean {
  return minor !== STAGING_112;
}

/** The Go class of a minor's documented default Go release. */
export function defaultClass(minor: string): GoClass {
  return classOfGo(goMinorOf(minorInfo(minor)!.releaseGo));
}

/** Build tags that select the harness files for a minor. */
export function tagsFor(k: BuildKey): string[] {
  const n = goMinorOf(k.minor);
  const tags: string[] = [];
  if (k.flavor === "kube") tags.push("kube");
  if (n >= 23) tags.push("kjson");
  if (n >= 20 && n <= 22) tags.push("jsonitercaps");
  if (n >= 16) tags.push("ephemeral");
  if (n >= 27 && n <= 30) tags.push("hwr");
  if (k.kruise) tags.push("kruise");
  // the OpenKruise release: "kruisegeN" for every 5 <= N <= its minor (harness/kruise_*.go split by release as
  // `kruise && kruisege7 && !kruisege9`), and "kruise18" for every release before v1.9 (the v1alpha1 CloneSet era)
  if (k.kruise) {
    const rn = goMinorOf(kruisePin(k).kruise);
    for (let m = 5; m <= rn; m++) tags.push(`kruisege${m}`);
    if (rn < 9) tags.push("kruise18");
  }
  // kubelet.* ops, harness/kubelet_*.go: "minorgeN" for every N <= minor, so a file can say
  // `kube && minorge28 && !minorge34` (the constraint syntax here has no ||)
  if (k.flavor === "kube") for (let m = 16; m <= n; m++) tags.push(`minorge${m}`);
  return tags;
}

/** Evaluates a //go:build line made of tags, `!` and `&&` (all the harness uses). */
function constraintHolds(expr: string, tags: Set<string>): boolean {
  return expr.split("&&").every((t) => {
    t = t.trim();
    return t.startsWith("!") ? !tags.has(t.slice(1)) : tags.has(t);
  });
}

/** Harness files (name, content) compiled for these tags. */
function harnessFiles(tags: string[]): [string, string][] {
  const set = new Set(tags);
  const out: [string, string][] = [];
  for (const f of readdirSync(HARNESS_DIR).sort()) {
    if (!f.endsWith(".go") && !f.endsWith(".s")) continue;
    const text = readFileSync(join(HARNESS_DIR, f), "utf8");
    const m = /^\/\/go:build (.+)$/m.exec(text);
    if (m && !constraintHolds(m[1]!, set)) continue;
    out.push([f, text]);
  }
  return out;
}

/** Runs a command; resolves with stdout, rejects with stderr on failure. */
export function sh(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", reject);
    child.on("close", (status) => {
      if (status === 0) resolve(Buffer.concat(out).toString());
      else reject(new Error(`${cmd} ${args.join(" ")} (in ${opts.cwd ?? "."}) exited ${status}:\n${Buffer.concat(err).toString().slice(-6000)}`));
    });
  });
}

/** Environment of every go command: shared module and build caches, the class's toolchain. */
export function goEnv(k: BuildKey): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GOTOOLCHAIN: GO_CLASSES[k.goClass].toolchain, GOFLAGS: "-mod=mod -buildvcs=false" };
  // the checksum database does not answer for github.com/openkruise/kruise v1.9.0 here (404)
  if (k.kruise) env.GONOSUMDB = "github.com/openkruise/kruise";
  return env;
}

interface ModFile {
  Go?: string;
  Godebug?: { Key: string; Value: string }[];
  Require?: { Path: string; Version: string }[];
  Replace?: { Old: { Path: string; Version?: string }; New: { Path: string; Version?: string } }[];
}

/** Reads an upstream go.mod (fetched through the module proxy) as `go mod edit -json` sees it. */
async function upstreamModFile(mod: string, version: string, k: BuildKey): Promise<ModFile> {
  const info = JSON.parse(await sh("go", ["list", "-m", "-json", `${mod}@${version}`], { env: { ...goEnv(k), GOTOOLCHAIN: "local", GOFLAGS: "" } }));
  if (info.Error) throw new Error(`go list -m ${mod}@${version}: ${info.Error.Err ?? info.Error}`);
  return JSON.parse(await sh("go", ["mod", "edit", "-json", info.GoMod], { env: { ...process.env, GOTOOLCHAIN: "local" } }));
}

/** Compares two semver-ish versions (pseudo-versions compare by their base). */
function semverLess(a: string, b: string): boolean {
  const pa = a.replace(/^v/, "").split(/[.-]/).map(Number);
  const pb = b.replace(/^v/, "").split(/[.-]/).map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) < (pb[i] ?? 0);
  return false;
}

/** The larger of two "1.N[.P]" go lines. */
function maxGoLine(a: string, b: string): string {
  return goMinorOf(a) >= goMinorOf(b) ? a : b;
}

/** Dead vanity import paths the module proxy cannot serve, and the mirror of the same code. */
const MIRRORS: Record<string, string> = { "vbom.ml/util": "github.com/fvbommel/util" };

/** Pins applied on top of the upstream replace set (why: see versions.ts / README). */
function adjustReplace(path: string, version: string): string {
  // reflect2 < 1.0.2 crashes at run time on Go >= 1.18 (map iteration); 1.0.2 is the API-compatible fix
  if (path === "github.com/modern-go/reflect2" && semverLess(version, "v1.0.2")) return "v1.0.2";
  return version;
}

/** The go.mod text of a key (before `go mod tidy`). */
export async function goModText(k: BuildKey, overrides: Record<string, string> = {}): Promise<string> {
  const n = goMinorOf(k.minor);
  const lines: string[] = [`// Generated by test/oracle/k8s/build.ts (key ${keyName(k)}); do not edit.`, `module ${MODULE_PATH}`, ""];
  if (!k.kruise && k.minor === STAGING_112) {
    if (k.flavor !== "api") throw new Error("kubernetes 1.12 has only the api flavor");
    lines.push("go 1.21", "", "require (");
    for (const [p, v] of Object.entries(K8S_112_REQUIRES)) lines.push(`\t${p} ${v}`);
    lines.push(`\tsigs.k8s.io/json ${KJSON_FOR_OLD_MINORS}`, ")", "");
    return lines.join("\n");
  }
  const info = minorInfo(k.minor)!;
  const top = k.kruise ? await upstreamModFile("github.com/openkruise/kruise", kruisePin(k).version, k) : await upstreamModFile("k8s.io/kubernetes", `v${info.patch}`, k);
  const stagingVersion = `v0.${n}.${(k.kruise ? kruisePin(k).patch : info.patch).split(".")[2]}`;
  const goLine = maxGoLine(top.Go ?? "1.12", "1.21");
  lines.push(`go ${goLine}`, "");
  if (goMinorOf(goLine) >= 23) for (const d of top.Godebug ?? []) lines.push(`godebug ${d.Key}=${d.Value}`);
  lines.push("", "require (");
  if (k.kruise) lines.push(`\tgithub.com/openkruise/kruise ${kruisePin(k).version}`);
  else if (k.flavor === "kube") lines.push(`\tk8s.io/kubernetes v${info.patch}`);
  else lines.push(`\tk8s.io/api ${stagingVersion}`, `\tk8s.io/apimachinery ${stagingVersion}`);
  if (n < 23) lines.push(`\tsigs.k8s.io/json ${KJSON_FOR_OLD_MINORS}`);
  lines.push(")", "", "replace (");
  const seen = new Set<string>();
  for (const r of top.Replace ?? []) {
    if (r.Old.Version) continue; // version-specific replaces never matter here
    seen.add(r.Old.Path);
    if (r.New.Path.startsWith("./staging/")) {
      const v = overrides[r.Old.Path];
      lines.push(`\t${r.Old.Path} => ${r.Old.Path} ${v ?? stagingVersion}${v ? " // " + stagingVersion + " not served by the module proxy" : ""}`);
    }
    else if (r.New.Version && k.kruise && overrides[r.Old.Path]) {
      // Kruise's go.mod pins the k8s.io modules by versioned replaces: the same fallback applies
      lines.push(`\t${r.Old.Path} => ${r.New.Path} ${overrides[r.Old.Path]} // ${r.New.Version} not served by the module proxy`);
    } else if (r.New.Version) lines.push(`\t${r.Old.Path} => ${MIRRORS[r.New.Path] ?? r.New.Path} ${adjustReplace(r.Old.Path, r.New.Version)}`);
    else throw new Error(`unexpected local replace ${r.Old.Path} => ${r.New.Path}`);
  }
  if (!seen.has("github.com/modern-go/reflect2") && n < 23) lines.push("\tgithub.com/modern-go/reflect2 => github.com/modern-go/reflect2 v1.0.2");
  lines.push(")", "");
  return lines.join("\n");
}

/**
 * Oldest Go minor a request may name for a minor: the go.mod `go` line when it is 1.21 or newer
 * (toolchains enforce those), otherwise none (older lines are advisory; the release builds of e.g.
 * 1.23.0 used Go 1.17 although 1.23.17's go.mod says 1.19).
 */
export function minGoOf(goModGo: string): number {
  const n = goMinorOf(goModGo);
  return n >= 21 ? n : GO_CLASSES.go121.serves[0];
}

/** -ldflags -X values stamped into the binary. */
function buildFacts(k: BuildKey): Record<string, string> {
  const info = minorInfo(k.minor)!;
  const goModGo = k.kruise ? kruisePin(k).goModGo : info.goModGo;
  const [lo, hi] = GO_CLASSES[k.goClass].serves;
  return {
    "main.buildMinor": k.minor,
    "main.buildPatch": k.kruise ? kruisePin(k).patch : info.patch,
    "main.newestMinor": NEWEST,
    "main.supportedMinors": MINORS.map((m) => m.minor).join(","),
    "main.defaultGo": `1.${goMinorOf(k.kruise ? kruisePin(k).releaseGo : info.releaseGo)}`,
    "main.minGo": String(minGoOf(goModGo)),
    "main.servesGo": `${lo}-${hi}`,
    "main.kruiseVersion": k.kruise ? kruisePin(k).version : "",
  };
}

/**
 * `go mod tidy`; when the module proxy does not serve a staging module at the minor's patch (zip 403
 * or no checksum-database entry), pins that one module to the newest other patch of the same minor
 * that it serves and retries. Staging modules other than k8s.io/api and k8s.io/apimachinery are only
 * transitive dependencies of the functions used; their patch does not change any answer.
 */
export async function tidyWithFallbacks(k: BuildKey, dir: string, env: NodeJS.ProcessEnv, overrides: Record<string, string>, file: string, log: (s: string) => void) {
  for (let attempt = 0; ; attempt++) {
    const mod = await goModText(k, overrides);
    if (readFileSync(join(dir, "go.mod"), "utf8") !== mod) writeFileSync(join(dir, "go.mod"), mod);
    try {
      await sh("nice", ["-n", "19", "go", "mod", "tidy"], { cwd: dir, env });
      return;
    } catch (e) {
      const msg = (e as Error).message;
      const n = goMinorOf(k.minor);
      const missing = new Set<string>();
      for (const m of msg.matchAll(/(k8s\.io\/[\w.-]+)@v0\.(\d+)\.(\d+)[^\n]*(?:403 Forbidden|404 Not Found|not available)/g)) {
        if (Number(m[2]) === n && m[1] !== "k8s.io/api" && m[1] !== "k8s.io/apimachinery" && m[1] !== "k8s.io/kubernetes") missing.add(m[1]!);
      }
      if (attempt >= 8 || missing.size === 0) throw e;
      const patch = Number((k.kruise ? kruisePin(k).patch : minorInfo(k.minor)!.patch).split(".")[2]);
      for (const mod of missing) {
        const from = overrides[mod] ? Number(overrides[mod]!.split(".")[2]) - 1 : patch - 1;
        let found = "";
        for (let p = from; p >= 0 && !found; p--) {
          try {
            const info = JSON.parse(await sh("go", ["mod", "download", "-json", `${mod}@v0.${n}.${p}`], { env: { ...env, GOTOOLCHAIN: "local", GOFLAGS: "" } }));
            if (!info.Error) found = `v0.${n}.${p}`;
          } catch {
            /* not served: try the previous patch */
          }
        }
        if (!found) throw new Error(`no patch of ${mod} v0.${n}.x is served by the module proxy\n${msg}`);
        log(`k8s oracle: ${keyName(k)}: ${mod} v0.${n}.${patch} not served, using ${found}`);
        overrides[mod] = found;
      }
      writeFileSync(file, JSON.stringify(overrides, null, 2) + "\n");
    }
  }
}

/** The CustomResourceDefinitions whose schemas a Kruise build embeds (harness/kruise_workload.go: served versions, structural defaults). */
const KRUISE_CRDS = ["apps.kruise.io_clonesets.yaml", "apps.kruise.io_statefulsets.yaml", "apps.kruise.io_daemonsets.yaml"];

/** The CRD files (name, content) of a Kruise key's release, read from its module in the module cache (config/crd/bases). */
async function kruiseCRDFiles(k: BuildKey): Promise<[string, string][]> {
  if (!k.kruise) return [];
  const info = JSON.parse(await sh("go", ["mod", "download", "-json", `github.com/openkruise/kruise@${kruisePin(k).version}`], { env: { ...goEnv(k), GOTOOLCHAIN: "local", GOFLAGS: "" } }));
  if (info.Error || !info.Dir) throw new Error(`go mod download github.com/openkruise/kruise@${kruisePin(k).version}: ${info.Error ?? "no Dir"}`);
  return KRUISE_CRDS.map((f) => [f, readFileSync(join(info.Dir, "config", "crd", "bases", f), "utf8")]);
}

/** Path of the binary of a key (whether built or not). */
export function binaryPath(k: BuildKey): string {
  return join(BIN_ROOT, keyName(k), "k8s-oracle");
}

/** Serializes builds of one key across processes with a lock directory. */
export async function withLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const lock = join(dir, ".lock");
  mkdirSync(dir, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "pid"), String(process.pid));
      break;
    } catch {
      let stale = false;
      try {
        const pid = Number(readFileSync(join(lock, "pid"), "utf8"));
        process.kill(pid, 0);
      } catch (e) {
        stale = (e as NodeJS.ErrnoException).code === "ESRCH" || (e as NodeJS.ErrnoException).code === "ENOENT";
        if ((e as NodeJS.ErrnoException).code === "ENOENT" && Date.now() - statSync(lock).mtimeMs < 5000) stale = false;
      }
      if (stale) rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Build timing of the last real build of a key. */
export interface BuildRecord {
  key: string;
  seconds: { modules: number; compile: number; total: number };
  toolchain: string;
  tags: string[];
  builtAt: string;
  /** the first (cold) build of this key in this directory */
  first?: { seconds: BuildRecord["seconds"]; builtAt: string };
}

/**
 * Ensures the binary of a key exists and is current; returns its path. Rebuilds only when the
 * harness sources, the generated go.mod, the toolchain, tags or stamped facts change.
 */
export async function ensureBinary(k: BuildKey, log: (s: string) => void = () => {}): Promise<string> {
  if (k.kruise ? !KRUISE_RELEASES.some((r) => r.minor === k.minor) : !minorInfo(k.minor)) throw new Error(`unsupported key ${keyName(k)}`);
  const dir = join(BIN_ROOT, keyName(k));
  const bin = binaryPath(k);
  const tags = tagsFor(k);
  const files = harnessFiles(tags);
  const facts = buildFacts(k);
  // pull //go:linkname of non-std symbols links without -checklinkname=0 (that flag is only needed for std internals)
  const ldflags = Object.entries(facts).map(([n, v]) => `-X ${n}=${v}`).join(" ");
  return withLock(dir, async () => {
    const mod = await goModText(k);
    const overridesFile = join(dir, "overrides.json");
    const overrides: Record<string, string> = existsSync(overridesFile) ? JSON.parse(readFileSync(overridesFile, "utf8")) : {};
    const crds = await kruiseCRDFiles(k);
    const stamp = createHash("sha256")
      .update(JSON.stringify({ GENERATOR_VERSION, mod, files, crds, tags, ldflags, toolchain: GO_CLASSES[k.goClass].toolchain }))
      .digest("hex");
    const stampFile = join(dir, "stamp");
    if (existsSync(bin) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return bin;
    const t0 = Date.now();
    log(`k8s oracle: building ${keyName(k)} (tags ${tags.join(",") || "-"}, ${GO_CLASSES[k.goClass].toolchain})`);
    for (const f of readdirSync(dir)) if (f.endsWith(".go") || f.endsWith(".s")) rmSync(join(dir, f));
    for (const [f] of files) copyFileSync(join(HARNESS_DIR, f), join(dir, f));
    // the Kruise builds embed their release's CRDs (//go:embed crd/*.yaml in harness/kruise_workload.go)
    rmSync(join(dir, "crd"), { recursive: true, force: true });
    if (crds.length > 0) mkdirSync(join(dir, "crd"));
    for (const [f, text] of crds) writeFileSync(join(dir, "crd", f), text);
    const modPath = join(dir, "go.mod");
    const modIn = join(dir, "go.mod.in");
    const previous = existsSync(modPath) && existsSync(modIn) ? readFileSync(modIn, "utf8") : "";
    if (previous !== mod || !existsSync(join(dir, "go.sum"))) {
      writeFileSync(modPath, mod);
      writeFileSync(modIn, mod);
      rmSync(join(dir, "go.sum"), { force: true });
    }
    const env = goEnv(k);
    await tidyWithFallbacks(k, dir, env, overrides, overridesFile, log);
    const t1 = Date.now();
    await sh("nice", ["-n", "19", "go", "build", "-tags", tags.join(","), "-ldflags", ldflags, "-o", bin, "."], { cwd: dir, env });
    const t2 = Date.now();
    const toolchain = (await sh("go", ["version"], { cwd: dir, env })).trim();
    const record: BuildRecord = {
      key: keyName(k),
      seconds: { modules: (t1 - t0) / 1000, compile: (t2 - t1) / 1000, total: (t2 - t0) / 1000 },
      toolchain,
      tags,
      builtAt: new Date().toISOString(),
    };
    const recordFile = join(dir, "build.json");
    const first = existsSync(recordFile) ? (JSON.parse(readFileSync(recordFile, "utf8")) as BuildRecord).first : undefined;
    record.first = first ?? { seconds: record.seconds, builtAt: record.builtAt };
    writeFileSync(recordFile, JSON.stringify(record, null, 2) + "\n");
    writeFileSync(stampFile, stamp);
    log(`k8s oracle: built ${keyName(k)} in ${record.seconds.total.toFixed(1)}s`);
    return bin;
  });
}

/** Every key a full build covers: each minor at its default class, plus the Kruise builds (v1.5.5 .. v1.9.0), each at its own class. */
export function defaultKeys(flavor: Flavor = "kube"): BuildKey[] {
  return [
    ...MINORS.map((m: MinorInfo) => ({ minor: m.minor, goClass: defaultClass(m.minor), kruise: false, flavor: hasKube(m.minor) ? flavor : ("api" as Flavor) })),
    ...KRUISE_RELEASES.map((r) => ({ minor: r.minor, goClass: kruiseClass(r), kruise: true, flavor: "kube" as Flavor })),
  ];
}

/** The routing facts the Go router (test/oracle/k8s/router) reads once at start. */
export function routingTable() {
  return {
    newest: NEWEST,
    minors: MINORS.map((m) => ({ minor: m.minor, releaseGo: goMinorOf(m.releaseGo), minGo: minGoOf(m.goModGo), hasKube: hasKube(m.minor) })),
    classes: Object.entries(GO_CLASSES).map(([name, c]) => ({ name, from: c.serves[0], to: c.serves[1] })),
    kruise: { minor: KRUISE.minor, releaseGo: goMinorOf(KRUISE.releaseGo), minGo: minGoOf(KRUISE.goModGo) },
    kruiseKinds: ["CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"],
    // `kruise` values answered by another Kruise build than the default (router: key "kruise-<version>-<class>")
    kruiseReleases: KRUISE_RELEASES.filter((r) => r !== KRUISE).map((r) => ({ kruise: r.kruise, version: r.version, releaseGo: goMinorOf(r.releaseGo), minGo: minGoOf(r.goModGo) })),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  if (args[0] === "--table") {
    process.stdout.write(JSON.stringify(routingTable()) + "\n");
    process.exit(0);
  }
  if (args[0] === "--check-newest") {
    // `go list -m -versions k8s.io/api`: is there a minor newer than the table's newest?
    const out = await sh("go", ["list", "-m", "-versions", "k8s.io/api"], { env: { ...process.env, GOFLAGS: "" } });
    const minors = out.trim().split(/\s+/).slice(1).filter((v) => /^v0\.\d+\.\d+$/.test(v)).map((v) => Number(v.split(".")[1]));
    const newest = Math.max(...minors);
    const ours = goMinorOf(NEWEST);
    console.log(`k8s.io/api newest listed minor: 1.${newest}; table newest: ${NEWEST}`);
    process.exit(newest > ours ? 1 : 0);
  }
  if (args[0] === "--times") {
    // build times of the binaries built so far (their last real build)
    let total = 0;
    for (const d of existsSync(BIN_ROOT) ? readdirSync(BIN_ROOT).sort() : []) {
      const f = join(BIN_ROOT, d, "build.json");
      if (!existsSync(f)) continue;
      const r = JSON.parse(readFileSync(f, "utf8")) as BuildRecord;
      total += (r.first?.seconds ?? r.seconds).total;
      const f0 = r.first?.seconds ?? r.seconds;
      console.log(`${r.key.padEnd(22)} first build ${f0.total.toFixed(0).padStart(4)}s (modules ${f0.modules.toFixed(0)}s)  last ${r.seconds.total.toFixed(0).padStart(4)}s  ${r.toolchain.replace("go version ", "")}`);
    }
    console.log(`total ${(total / 60).toFixed(1)} min`);
    process.exit(0);
  }
  if (args[0] === "--path") {
    // used by the router: build one key (logs on stderr), print the binary's path
    try {
      process.stdout.write((await ensureBinary(parseKey(args[1]!), (s) => console.error(s))) + "\n");
      process.exit(0);
    } catch (e) {
      console.error(`k8s oracle: ${args[1]} FAILED: ${(e as Error).message}`);
      process.exit(1);
    }
  }
  const keys =
    args.length === 0 || args[0] === "defaults" ? defaultKeys() : args[0] === "api" ? defaultKeys("api").filter((k) => !k.kruise) : args.map(parseKey);
  let failed = 0;
  for (const k of keys) {
    try {
      await ensureBinary(k, (s) => console.error(s));
    } catch (e) {
      failed++;
      console.error(`k8s oracle: ${keyName(k)} FAILED: ${(e as Error).message}`);
    }
  }
  process.exit(failed ? 1 : 0);
}
