// Core edge entry (`kinplace/core` under the "workerd" and "edge-light" conditions, dist/core-edge.mjs): canonical
// JSON, FNV, JSON Patch and JSON merge patch on the core engine, from a precompiled WebAssembly.Module only.
//   Cloudflare (wrangler):  import wasm from "kinplace/kinplace-core.wasm";          await init(wasm);
//   Vercel Edge / Next.js:  import wasm from "kinplace/kinplace-core.wasm?module";   await init(wasm);

import { edgeInit, edgeInitSync } from "./edge-loader.js";
import type { WasmModule } from "./loader.js";

export * from "./core-api.js";
export type { WasmModule } from "./loader.js";

/** Instantiates the core engine once from a precompiled WebAssembly.Module; later calls resolve at once. */
export function init(module: WasmModule): Promise<void> {
  return edgeInit(module, "kinplace-core.wasm");
}

/** Synchronously instantiates the core engine once from a precompiled WebAssembly.Module. */
export function initSync(module: WasmModule): void {
  edgeInitSync(module, "kinplace-core.wasm");
}
