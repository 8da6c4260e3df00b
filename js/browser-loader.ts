// The loading half of the browser entries (browser.ts: the full engine; core-browser.ts: the core engine): init()
// that fetches the entry's wasm by default (streaming compile when served as application/wasm), or takes a URL,
// a Response, bytes or a compiled module; initSync() that needs the bytes or a compiled module.

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
import type { InitInput, Loader } from "./loader.js";
import { initOnce, initSyncOnce } from "./state.js";

/** Loads an engine from any InitInput (default: `defaultWasm`); strings and URLs are fetched. */
function load(source: InitInput | undefined, defaultWasm: () => URL): Promise<Engine> {
  const s = source ?? defaultWasm();
  if (isModule(s)) return engineFromModule(s as WebAssembly.Module);
  if (isBytes(s)) return engineFromBytes(s);
  if (isResponse(s) || isThenable(s)) return engineFromResponse(s as Response | PromiseLike<Response>);
  return engineFromResponse(fetch(s as string | URL));
}

/** The init()/initSync() of a browser entry whose wasm is fetched from `defaultWasm()`. */
export function browserLoader(defaultWasm: () => URL): Loader {
  return {
    init: (source) => initOnce(() => load(source, defaultWasm)),
    initSync: (source) =>
      initSyncOnce(() => {
        if (source !== undefined && isModule(source)) return engineFromModuleSync(source as WebAssembly.Module);
        if (source !== undefined && isBytes(source)) return engineFromBytesSync(source);
        throw new TypeError("kinplace: initSync() in the browser entry needs the wasm bytes or a WebAssembly.Module; use `await init()` to fetch it");
      }),
  };
}
