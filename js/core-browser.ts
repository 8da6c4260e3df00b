// Core browser entry (`kinplace/core` under the "browser" condition, dist/core-browser.mjs): canonical JSON, FNV,
// JSON Patch and JSON merge patch on the core engine; init() fetches kinplace-core.wasm next to this module by
// default (the same URL form as browser.ts, which Vite and webpack 5 emit as an asset).

import { browserLoader } from "./browser-loader.js";
import type { InitInput, InitSyncInput, Loader } from "./loader.js";

export * from "./core-api.js";
export type { InitInput, InitSyncInput, WasmModule } from "./loader.js";

const loader = browserLoader(() => new URL("./kinplace-core.wasm", import.meta.url));

/** Loads and instantiates the core engine once (default: fetch kinplace-core.wasm next to this module); later calls resolve at once. */
export function init(source?: InitInput): Promise<void> {
  return loader.init(source);
}

/** Synchronously instantiates the core engine once from wasm bytes or a compiled module. */
export function initSync(source?: InitSyncInput): void {
  loader.initSync(source);
}

({ init, initSync }) satisfies Loader;
