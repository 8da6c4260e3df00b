// Browser entry (ESM, dist/browser.mjs): the API plus init() that fetches the package's kinplace.wasm by
// default: new URL("./kinplace.wasm", import.meta.url), the file next to this module. Vite and webpack 5
// see that form and emit the wasm as an asset; a bundler that does not (esbuild) leaves the URL relative to
// the bundle, so the wasm is copied next to it, or its URL is passed: init(url | Response | bytes | Module).
// Streaming compile when served as application/wasm. initSync() needs the bytes or a compiled module.

import { browserLoader } from "./browser-loader.js";
import type { InitInput, InitSyncInput, Loader } from "./loader.js";

export * from "./api.js";
export type { InitInput, InitSyncInput, WasmModule } from "./loader.js";

const loader = browserLoader(() => new URL("./kinplace.wasm", import.meta.url));

/** Loads and instantiates the engine once (default: fetch kinplace.wasm next to this module); later calls resolve at once. */
export function init(source?: InitInput): Promise<void> {
  return loader.init(source);
}

/** Synchronously instantiates the engine once from wasm bytes or a compiled module (browsers cannot read files synchronously). */
export function initSync(source?: InitSyncInput): void {
  loader.initSync(source);
}

({ init, initSync }) satisfies Loader;
