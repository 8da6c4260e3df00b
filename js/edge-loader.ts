// The loading half of the edge entries (edge.ts: the full engine; core-edge.ts: the core engine): init()/initSync()
// that take a precompiled WebAssembly.Module only and never compile anything.

import { engineFromModule, engineFromModuleSync, isModule } from "./instantiate.js";
import { initOnce, initSyncOnce } from "./state.js";

/** Rejects anything but a compiled module, before any wasm API is touched; `file` names the wasm to import. */
function requireModule(module: unknown, file: string): WebAssembly.Module {
  if (!isModule(module)) {
    throw new TypeError(`kinplace/edge: init() takes a precompiled WebAssembly.Module (import kinplace/${file} as a module); it never compiles bytes`);
  }
  return module as WebAssembly.Module;
}

/** Instantiates the engine once from a precompiled module (`file`: the wasm named in the error); later calls resolve at once. */
export function edgeInit(module: unknown, file: string): Promise<void> {
  try {
    const m = requireModule(module, file);
    return initOnce(() => engineFromModule(m));
  } catch (e) {
    return Promise.reject(e);
  }
}

/** Synchronously instantiates the engine once from a precompiled module (`file`: the wasm named in the error). */
export function edgeInitSync(module: unknown, file: string): void {
  const m = requireModule(module, file);
  initSyncOnce(() => engineFromModuleSync(m));
}
