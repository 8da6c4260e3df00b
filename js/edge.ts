// Edge entry (workerd, Vercel Edge, any runtime that forbids compiling wasm from bytes): the API plus
// init()/initSync() that take a precompiled WebAssembly.Module only and never compile anything.
//   Cloudflare (wrangler):  import wasm from "kinplace/kinplace.wasm";          await init(wasm);
//   Vercel Edge / Next.js:  import wasm from "kinplace/kinplace.wasm?module";   await init(wasm);

import { edgeInit, edgeInitSync } from "./edge-loader.js";
import type { WasmModule } from "./loader.js";

export * from "./api.js";
export type { WasmModule } from "./loader.js";

/** Instantiates the engine once from a precompiled WebAssembly.Module; later calls resolve at once. */
export function init(module: WasmModule): Promise<void> {
  return edgeInit(module, "kinplace.wasm");
}

/** Synchronously instantiates the engine once from a precompiled WebAssembly.Module. */
export function initSync(module: WasmModule): void {
  edgeInitSync(module, "kinplace.wasm");
}
