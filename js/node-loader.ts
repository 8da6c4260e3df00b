// The loading half of the Node entries (node.ts: the full engine; core-node.ts: the core engine): init()/initSync()
// that read the entry's wasm file by default, or take a path, a file: or http(s): URL, a Response, bytes or a
// compiled module. Each entry names its own wasm file with `new URL("./NAME.wasm", import.meta.url)`.

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
import { fs } from "./node-fs.js";
import { initOnce, initSyncOnce } from "./state.js";

/** Loads an engine from any InitInput (default: `defaultWasm`); strings are file paths, URLs may be file: or http(s):. */
async function load(source: InitInput | undefined, defaultWasm: () => URL): Promise<Engine> {
  const s = source ?? defaultWasm();
  if (isModule(s)) return engineFromModule(s as WebAssembly.Module);
  if (isBytes(s)) return engineFromBytes(s);
  if (isResponse(s) || isThenable(s)) return engineFromResponse(s as Response | PromiseLike<Response>);
  const where = s as string | URL;
  if (where instanceof URL && where.protocol !== "file:") return engineFromResponse(fetch(where));
  return engineFromBytes(await fs.promises.readFile(where));
}

/** The init()/initSync() of a Node entry whose wasm file is `defaultWasm()`. */
export function nodeLoader(defaultWasm: () => URL): Loader {
  return {
    init: (source) => initOnce(() => load(source, defaultWasm)),
    initSync: (source) =>
      initSyncOnce(() => {
        if (source === undefined) return engineFromBytesSync(fs.readFileSync(defaultWasm()));
        if (isModule(source)) return engineFromModuleSync(source as WebAssembly.Module);
        if (isBytes(source)) return engineFromBytesSync(source);
        throw new TypeError("kinplace: initSync() takes wasm bytes or a WebAssembly.Module");
      }),
  };
}
