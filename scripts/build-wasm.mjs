// Builds the release engine, build/kinplace.wasm (`npm run asbuild`), at most once per source tree.
// The source stamp is the sha256 of the exact bytes of everything asc reads for it: assembly/** (the as-pect specs
// in assembly/__tests__ are not part of the engine), asconfig.json, and the assemblyscript and binaryen versions.
// In order:
//   1. build/kinplace.wasm.stamp names this stamp and the wasm's sha256: nothing to do.
//   2. go/kinplace.wasm.stamp names this stamp (`npm run go:wasm` writes it with the committed copy the Go module
//      embeds): go/kinplace.wasm is copied (a fresh clone runs `npm run example` without compiling).
//      test/go-wasm.test.ts proves that copy is the bytes of a fresh release build.
//   3. asc --config asconfig.json --target release.
// --from-source (npm test) skips step 2 and accepts step 1 only for a wasm asc built, so the tests always run, and
// compare the Go module's copy with, a build from source.
// Quiet unless KINPLACE_BUILD_VERBOSE=1: asc's output is printed when it fails; warnings are counted.
// Usage: node scripts/build-wasm.mjs [--from-source]; node scripts/build-wasm.mjs --stamp prints the source stamp.

import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const at = (p) => join(root, p);
const verbose = process.env.KINPLACE_BUILD_VERBOSE === "1";
const OUT = "build/kinplace.wasm";
const GO = "go/kinplace.wasm";

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

/** The source stamp of the release engine: sha256 over the names and bytes of its inputs. */
export function sourceStamp() {
  const h = createHash("sha256");
  const put = (name, bytes) => h.update(`${name}\0${bytes.length}\0`).update(bytes);
  for (const f of files(at("assembly"), ["assembly/__tests__"])) put(relative(root, f).split("\\").join("/"), readFileSync(f));
  put("asconfig.json", readFileSync(at("asconfig.json")));
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

/** Compiles build/kinplace.wasm with asc; prints asc's output when it fails (always) or when verbose. */
async function compile() {
  const { default: asc } = await import("assemblyscript/asc");
  const chunks = [];
  const sink = { write: (s) => (chunks.push(typeof s === "string" ? s : Buffer.from(s).toString("utf8")), true) };
  const started = Date.now();
  const cwd = process.cwd();
  process.chdir(root);
  const { error } = await asc.main(["--config", "asconfig.json", "--target", "release"], { stdout: sink, stderr: sink });
  process.chdir(cwd);
  const text = chunks.join("");
  if (error || verbose) process.stderr.write(text);
  if (error) {
    console.error(`build-wasm: asc failed: ${error.message}`);
    process.exit(1);
  }
  const notes = (text.match(/^(WARNING|INFO) AS\d+/gm) ?? []).length;
  if (notes > 0 && !verbose) console.error(`build-wasm: asc reported ${notes} warning(s) or note(s); KINPLACE_BUILD_VERBOSE=1 npm run asbuild shows them`);
  if (verbose) console.error(`build-wasm: asc built ${OUT} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Brings build/kinplace.wasm up to date (see the header); returns the source stamp. */
export async function buildWasm({ fromSource = false } = {}) {
  mkdirSync(at("build"), { recursive: true });
  const sources = sourceStamp();
  if (current(OUT, sources, fromSource ? "asc" : undefined)) {
    if (verbose) console.error(`build-wasm: ${OUT} is up to date (sources ${sources.slice(0, 12)})`);
  } else if (!fromSource && current(GO, sources)) {
    copyFileSync(at(GO), at(OUT));
    writeStamp(OUT, sources, GO);
    if (verbose) console.error(`build-wasm: ${OUT} is ${GO} (same sources ${sources.slice(0, 12)})`);
  } else {
    rmSync(at(`${OUT}.stamp`), { force: true }); // a failed or interrupted build leaves no stamp
    await compile();
    writeStamp(OUT, sources, "asc");
  }
  return sources;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--stamp")) console.log(sourceStamp());
  else await buildWasm({ fromSource: process.argv.includes("--from-source") });
}
