// Browser entry (ESM, dist/browser.mjs): the API plus init() that fetches the package's kinplace.wasm by
// default: new URL("./kinplace.wasm", import.meta.url), the file next to this module. Vite and webpack 5
// see that form and emit the wasm as an asset; a bundler that does not (esbuild) leaves the URL relative to
// the bundle, so the wasm is copied next to it, or its URL is passed: init(url | Response | bytes | Module).
// Streaming compile when served as application/wasm. initSync() needs the bytes or a compiled module.

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

/** Loads an engine from any InitInput; strings and URLs are fetched. */
function load(source: InitInput | undefined): Promise<Engine> {
  const s = source ?? new URL("./kinplace.wasm", import.meta.url);
  if (isModule(s)) return engineFromModule(s as WebAssembly.Module);
  if (isBytes(s)) return engineFromBytes(s);
  if (isResponse(s) || isThenable(s)) return engineFromResponse(s as Response | PromiseLike<Response>);
  return engineFromResponse(fetch(s as string | URL));
}

/** Loads and instantiates the engine once (default: fetch kinplace.wasm next to this module); later calls resolve at once. */
export function init(source?: InitInput): Promise<void> {
  return initOnce(() => load(source));
}

/** Synchronously instantiates the engine once from wasm bytes or a compiled module (browsers cannot read files synchronously). */
export function initSync(source?: InitSyncInput): void {
  initSyncOnce(() => {
    if (source !== undefined && isModule(source)) return engineFromModuleSync(source as WebAssembly.Module);
    if (source !== undefined && isBytes(source)) return engineFromBytesSync(source);
    throw new TypeError("kinplace: initSync() in the browser entry needs the wasm bytes or a WebAssembly.Module; use `await init()` to fetch it");
  });
}

({ init, initSync }) satisfies Loader;
