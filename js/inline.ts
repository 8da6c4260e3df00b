// Inline entry (ESM): kinplace.wasm is embedded in the bundle (base64), so init() and initSync() need
// no I/O at all. A source may still be passed to use another copy of the engine.

import wasmBytes from "../build/kinplace.wasm";
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

/** Loads an engine from any InitInput; without one, from the embedded bytes. */
function load(source: InitInput | undefined): Promise<Engine> {
  if (source === undefined) return engineFromBytes(wasmBytes);
  if (isModule(source)) return engineFromModule(source as WebAssembly.Module);
  if (isBytes(source)) return engineFromBytes(source);
  if (isResponse(source) || isThenable(source)) return engineFromResponse(source as Response | PromiseLike<Response>);
  return engineFromResponse(fetch(source as string | URL));
}

/** Instantiates the engine once from the embedded wasm (or `source`); later calls resolve at once. */
export function init(source?: InitInput): Promise<void> {
  return initOnce(() => load(source));
}

/** Synchronously instantiates the engine once from the embedded wasm (or `source`). */
export function initSync(source?: InitSyncInput): void {
  initSyncOnce(() => {
    if (source === undefined) return engineFromBytesSync(wasmBytes);
    if (isModule(source)) return engineFromModuleSync(source as WebAssembly.Module);
    if (isBytes(source)) return engineFromBytesSync(source);
    throw new TypeError("kinplace: initSync() takes wasm bytes or a WebAssembly.Module");
  });
}

({ init, initSync }) satisfies Loader;
