// Builds the release engines (`npm run asbuild`), each at most once per source tree: build/kinplace.wasm (the full
// engine, asconfig.json) and build/kinplace-core.wasm (the core engine of the `kinplace/core` entry: JSON, FNV and
// patches, asconfig.core.json). An engine's source stamp is the sha256 of the exact bytes of everything asc reads
// for it: assembly/** (the as-pect specs in assembly/__tests__ are not part of the engine), its asconfig, and the
// assemblyscript and binaryen versions. For each engine, in order:
//   1. build/NAME.wasm.stamp names this stamp and the wasm's sha256: nothing to do.
//   2. go/NAME.wasm.stamp names this stamp (`npm run go:wasm` writes it with the committed copy; the Go module
//      embeds go/kinplace.wasm): go/NAME.wasm is copied (a fresh clone runs `npm run example` without compiling).
//      test/go-wasm.test.ts proves each copy is the bytes of a fresh release build.
//   3. asc --config ASCONFIG --target release.
// --from-source (npm test) skips step 2 and accepts step 1 only for a wasm asc built, so the tests always run, and
// compare the committed copies with, a build from source.
// Quiet unless KINPLACE_BUILD_VERBOSE=1: asc's output is printed when it fails; warnings are counted.
// Usage: node scripts/build-wasm.mjs [--from-source]; node scripts/build-wasm.mjs --stamp [core] prints a source stamp.

import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const at = (p) => join(root, p);
const verbose = process.env.KINPLACE_BUILD_VERBOSE === "1";
/** The engines: the build output, its committed copy, and the asc config. */
export const ENGINES = {
  full: { out: "build/kinplace.wasm", committed: "go/kinplace.wasm", config: "asconfig.json" },
  core: { out: "build/kinplace-core.wasm", committed: "go/kinplace-core.wasm", config: "asconfig.core.json" },
};

const sha = (bytes) => createHash("sha256").update(bytes).digest("hex");

/** Every file under dir (absolute paths), sorted, skipping excluded folders. */
function files(dir, exclude) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (!exclude.includes(relative(root, p))) out.push(...files(p, exclude));
    } else out.push(p);
  }
  return out.sort();
}

/** The source stamp of a release engine (default: the full one): sha256 over the names and bytes of its inputs. */
export function sourceStamp(engine = ENGINES.full) {
  const h = createHash("sha256");
  const put = (name, bytes) => h.update(`${name}\0${bytes.length}\0`).update(bytes);
  for (const f of files(at("assembly"), ["assembly/__tests__"])) put(relative(root, f).split("\\").join("/"), readFileSync(f));
  put(engine.config, readFileSync(at(engine.config)));
  for (const pkg of ["assemblyscript", "binaryen"]) put(pkg, Buffer.from(JSON.parse(readFileSync(at(`node_modules/${pkg}/package.json`), "utf8")).version));
  put("target", Buffer.from("release"));
  return h.digest("hex");
}

/** The stamp recorded next to a wasm file, or null. */
function readStamp(wasmPath) {
  try {
    return JSON.parse(readFileSync(at(`${wasmPath}.stamp`), "utf8"));
  } catch {
    return null;
  }
}

/** True when wasmPath exists, its stamp names `sources`, and the file is the bytes the stamp names. */
function current(wasmPath, sources, from) {
  const stamp = readStamp(wasmPath);
  if (stamp === null || stamp.sources !== sources || (from !== undefined && stamp.from !== from) || !existsSync(at(wasmPath))) return false;
  return sha(readFileSync(at(wasmPath))) === stamp.wasm;
}

/** Records the stamp of a wasm file. */
export function writeStamp(wasmPath, sources, from) {
  const stamp = { sources, wasm: sha(readFileSync(at(wasmPath))), ...(from === undefined ? {} : { from }) };
  writeFileSync(at(`${wasmPath}.stamp`), JSON.stringify(stamp, null, 2) + "\n");
}

/** Compiles an engine with asc; prints asc's output when it fails (always) or when verbose. */
async function compile(engine) {
  const { default: asc } = await import("assemblyscript/asc");
  const chunks = [];
  const sink = { write: (s) => (chunks.push(typeof s === "string" ? s : Buffer.from(s).toString("utf8")), true) };
  const started = Date.now();
  const cwd = process.cwd();
  process.chdir(root);
  const { error } = await asc.main(["--config", engine.config, "--target", "release"], { stdout: sink, stderr: sink });
  process.chdir(cwd);
  const text = chunks.join("");
  if (error || verbose) process.stderr.write(text);
  if (error) {
    console.error(`build-wasm: asc failed: ${error.message}`);
    process.exit(1);
  }
  const notes = (text.match(/^(WARNING|INFO) AS\d+/gm) ?? []).length;
  if (notes > 0 && !verbose) console.error(`build-wasm: asc reported ${notes} warning(s) or note(s); KINPLACE_BUILD_VERBOSE=1 npm run asbuild shows them`);
  if (verbose) console.error(`build-wasm: asc built ${engine.out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Brings one engine's build output up to date (see the header); returns its source stamp. */
async function buildEngine(engine, fromSource) {
  const { out, committed } = engine;
  const sources = sourceStamp(engine);
  if (current(out, sources, fromSource ? "asc" : undefined)) {
    if (verbose) console.error(`build-wasm: ${out} is up to date (sources ${sources.slice(0, 12)})`);
  } else if (!fromSource && current(committed, sources)) {
    copyFileSync(at(committed), at(out));
    writeStamp(out, sources, committed);
    if (verbose) console.error(`build-wasm: ${out} is ${committed} (same sources ${sources.slice(0, 12)})`);
  } else {
    rmSync(at(`${out}.stamp`), { force: true }); // a failed or interrupted build leaves no stamp
    await compile(engine);
    writeStamp(out, sources, "asc");
  }
  return sources;
}

/** Brings build/kinplace.wasm and build/kinplace-core.wasm up to date (see the header); returns their source stamps. */
export async function buildWasm({ fromSource = false } = {}) {
  mkdirSync(at("build"), { recursive: true });
  return { full: await buildEngine(ENGINES.full, fromSource), core: await buildEngine(ENGINES.core, fromSource) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--stamp")) console.log(sourceStamp(process.argv.includes("core") ? ENGINES.core : ENGINES.full));
  else await buildWasm({ fromSource: process.argv.includes("--from-source") });
}
