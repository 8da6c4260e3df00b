// Core Node entry (`kinplace/core`, ESM and CJS bundles): canonical JSON, FNV, JSON Patch and JSON merge patch on
// the core engine, dist/kinplace-core.wasm (a sixth of kinplace.wasm, so it compiles and starts in a fraction of
// the time), read by default from next to the bundle. init()/initSync() take the same sources as the main entry.

import type { InitInput, InitSyncInput, Loader } from "./loader.js";
import { nodeLoader } from "./node-loader.js";

export * from "./core-api.js";
export type { InitInput, InitSyncInput, WasmModule } from "./loader.js";

const loader = nodeLoader(() => new URL("./kinplace-core.wasm", import.meta.url));

/** Loads and instantiates the core engine once (default: the package's kinplace-core.wasm); later calls resolve at once. */
export function init(source?: InitInput): Promise<void> {
  return loader.init(source);
}

/** Synchronously instantiates the core engine once from bytes, a module, or (default) the package's kinplace-core.wasm. */
export function initSync(source?: InitSyncInput): void {
  loader.initSync(source);
}

({ init, initSync }) satisfies Loader;
