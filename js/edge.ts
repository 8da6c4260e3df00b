// Edge entry (workerd, Vercel Edge, any runtime that forbids compiling wasm from bytes): the API plus
// init()/initSync() that take a precompiled WebAssembly.Module only and never compile anything.
//   Cloudflare (wrangler):  import wasm from "kinplace/kinplace.wasm";          await init(wasm);
//   Vercel Edge / Next.js:  import wasm from "kinplace/kinplace.wasm?module";   await init(wasm);

import { engineFromModule, engineFromModuleSync, isModule } from "./instantiate.js";
import type { WasmModule } from "./loader.js";
import { initOnce, initSyncOnce } from "./state.js";

export * from "./api.js";
export type { WasmModule } from "./loader.js";

/** Rejects anything but a compiled module, before any wasm API is touched. */
function requireModule(module: unknown): WebAssembly.Module {
  if (!isModule(module)) {
    throw new TypeError(
      "kinplace/edge: init() takes a precompiled WebAssembly.Module (import kinplace/kinplace.wasm as a module); it never compiles bytes",
    );
  }
  return module as WebAssembly.Module;
}

/** Instantiates the engine once from a precompiled WebAssembly.Module; later calls resolve at once. */
export function init(module: WasmModule): Promise<void> {
  try {
    const m = requireModule(module);
    return initOnce(() => engineFromModule(m));
  } catch (e) {
    return Promise.reject(e);
  }
}

/** Synchronously instantiates the engine once from a precompiled WebAssembly.Module. */
export function initSync(module: WasmModule): void {
  const m = requireModule(module);
  initSyncOnce(() => engineFromModuleSync(m));
}
