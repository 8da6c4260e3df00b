// Node entry (ESM and CJS bundles): the API plus init()/initSync() that read the package's kinplace.wasm
// (dist/kinplace.wasm, next to the bundle) by default. `init(source)` also takes a path, a file:
// or http(s): URL, a Response, bytes or a compiled module.

import type { InitInput, InitSyncInput, Loader } from "./loader.js";
import { nodeLoader } from "./node-loader.js";

export * from "./api.js";
export type { InitInput, InitSyncInput, WasmModule } from "./loader.js";

const loader = nodeLoader(() => new URL("./kinplace.wasm", import.meta.url));

/** Loads and instantiates the engine once (default: the package's kinplace.wasm); later calls resolve at once. */
export function init(source?: InitInput): Promise<void> {
  return loader.init(source);
}

/** Synchronously instantiates the engine once from bytes, a module, or (default) the package's kinplace.wasm. */
export function initSync(source?: InitSyncInput): void {
  loader.initSync(source);
}

({ init, initSync }) satisfies Loader;
