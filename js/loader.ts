// The shape every loading entry (node, browser, inline) exports next to the API, so that one
// declaration file describes them all. The edge entry has its own, module-only shape.

/** What `init()` accepts: a URL or path to kinplace.wasm, a fetch Response (or a promise of one), wasm bytes, or a compiled module. */
export type InitInput = string | URL | Response | PromiseLike<Response> | ArrayBuffer | ArrayBufferView | WebAssembly.Module;

/** What `initSync()` accepts: wasm bytes or a compiled module. */
export type InitSyncInput = ArrayBuffer | ArrayBufferView | WebAssembly.Module;

/** The loading half of an entry. */
export interface Loader {
  /** Loads and instantiates the engine once; later calls resolve at once. */
  init(source?: InitInput): Promise<void>;
  /** Loads and instantiates the engine synchronously once; later calls return at once. */
  initSync(source?: InitSyncInput): void;
}
