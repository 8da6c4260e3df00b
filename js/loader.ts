// The shape every loading entry (node, browser, inline) exports next to the API, so that one
// declaration file describes them all. The edge entry has its own, module-only shape.

/** A compiled WebAssembly.Module, named through globalThis so the declarations also compile without lib.dom (for example a Node project with only @types/node), where it is any object. */
export type WasmModule = typeof globalThis extends { WebAssembly: { Module: { prototype: infer M } } } ? M : object;

/** What `init()` accepts: a URL or path to kinplace.wasm, a fetch Response (or a promise of one), wasm bytes, or a compiled module. */
export type InitInput = string | URL | Response | PromiseLike<Response> | ArrayBuffer | ArrayBufferView | WasmModule;

/** What `initSync()` accepts: wasm bytes or a compiled module. */
export type InitSyncInput = ArrayBuffer | ArrayBufferView | WasmModule;

/** The loading half of an entry. */
export interface Loader {
  /** Loads and instantiates the engine once; later calls resolve at once. */
  init(source?: InitInput): Promise<void>;
  /** Loads and instantiates the engine synchronously once; later calls return at once. */
  initSync(source?: InitSyncInput): void;
}
