// Node entry (ESM and CJS bundles): the API plus init()/initSync() that read the package's kinplace.wasm
// (dist/kinplace.wasm, next to the bundle) by default. `init(source)` also takes a path, a file:
// or http(s): URL, a Response, bytes or a compiled module.

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Engine } from "./core.js";
import {
  engineFromBytes,
  engineFromBytesSync,
  engineFromModule,
  engineFromModuleSync,
  engineFromResponse,
  isBytes,
  isModule,
  isResponse,
  isThenable,
} from "./instantiate.js";
import type { InitInput, InitSyncInput, Loader } from "./loader.js";
import { initOnce, initSyncOnce } from "./state.js";

export * from "./api.js";
export type { InitInput, InitSyncInput, WasmModule } from "./loader.js";

/** The package's kinplace.wasm: dist/kinplace.wasm, next to this bundle. */
function defaultWasm(): URL {
  return new URL("./kinplace.wasm", import.meta.url);
}

/** Loads an engine from any InitInput; strings are file paths, URLs may be file: or http(s):. */
async function load(source: InitInput | undefined): Promise<Engine> {
  const s = source ?? defaultWasm();
  if (isModule(s)) return engineFromModule(s as WebAssembly.Module);
  if (isBytes(s)) return engineFromBytes(s);
  if (isResponse(s) || isThenable(s)) return engineFromResponse(s as Response | PromiseLike<Response>);
  const where = s as string | URL;
  if (where instanceof URL && where.protocol !== "file:") return engineFromResponse(fetch(where));
  return engineFromBytes(await readFile(where instanceof URL ? fileURLToPath(where) : where));
}

/** Loads and instantiates the engine once (default: the package's kinplace.wasm); later calls resolve at once. */
export function init(source?: InitInput): Promise<void> {
  return initOnce(() => load(source));
}

/** Synchronously instantiates the engine once from bytes, a module, or (default) the package's kinplace.wasm. */
export function initSync(source?: InitSyncInput): void {
  initSyncOnce(() => {
    if (source === undefined) return engineFromBytesSync(readFileSync(fileURLToPath(defaultWasm())));
    if (isModule(source)) return engineFromModuleSync(source as WebAssembly.Module);
    if (isBytes(source)) return engineFromBytesSync(source);
    throw new TypeError("kinplace: initSync() takes wasm bytes or a WebAssembly.Module");
  });
}

({ init, initSync }) satisfies Loader;
