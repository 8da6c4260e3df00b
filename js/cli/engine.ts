// Loads the engine for the CLI: the kinplace.wasm of the package (dist/), or build/ when run from source.

import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Engine } from "../core.js";
import { engineFromModuleSync } from "../instantiate.js";

const CANDIDATES = ["../kinplace.wasm", "../../build/kinplace.wasm"];

/** Compiles kinplace.wasm synchronously; KINPLACE_WASM overrides its location. */
export function loadModule(): WebAssembly.Module {
  const override = process.env["KINPLACE_WASM"];
  const paths = override ? [override] : CANDIDATES.map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const path = paths.find((p) => existsSync(p));
  if (path === undefined) throw new Error(`kinplace.wasm not found (looked at ${paths.join(", ")})`);
  return new WebAssembly.Module(readFileSync(path));
}

/** Instantiates kinplace.wasm synchronously (from `module` when given); KINPLACE_WASM overrides its location. */
export function loadEngine(module: WebAssembly.Module = loadModule()): Engine {
  return engineFromModuleSync(module);
}
