// Ways to turn a wasm source into an Engine. Each entry imports only the ones it may use, so the edge
// bundle never contains a call that compiles wasm from bytes.

import { Engine, Host } from "./core.js";

/** Raw wasm bytes. */
export type WasmBytes = ArrayBuffer | ArrayBufferView;

/** True for a compiled WebAssembly.Module (not a type guard: the Module interface is empty, so it would narrow everything away). */
export function isModule(x: unknown): boolean {
  return x instanceof WebAssembly.Module;
}

/** True for an ArrayBuffer or a typed-array/DataView over one. */
export function isBytes(x: unknown): x is WasmBytes {
  return x instanceof ArrayBuffer || ArrayBuffer.isView(x);
}

/** True for a fetch Response (duck-typed, so polyfilled and cross-realm Responses work). */
export function isResponse(x: unknown): x is Response {
  return typeof x === "object" && x !== null && typeof (x as Response).arrayBuffer === "function" && "headers" in x;
}

/** True for a promise or any other thenable. */
export function isThenable(x: unknown): x is PromiseLike<unknown> {
  return typeof x === "object" && x !== null && typeof (x as PromiseLike<unknown>).then === "function";
}

/** Instantiates the engine from a compiled module, synchronously (never compiles). */
export function engineFromModuleSync(module: WebAssembly.Module): Engine {
  const host = new Host();
  return new Engine(new WebAssembly.Instance(module, host.imports), host, module);
}

/** Instantiates the engine from a compiled module (never compiles). */
export async function engineFromModule(module: WebAssembly.Module): Promise<Engine> {
  const host = new Host();
  return new Engine(await WebAssembly.instantiate(module, host.imports), host, module);
}

/** Compiles and instantiates the engine from wasm bytes, synchronously. */
export function engineFromBytesSync(bytes: WasmBytes): Engine {
  return engineFromModuleSync(new WebAssembly.Module(bytes as BufferSource));
}

/** Compiles and instantiates the engine from wasm bytes. */
export async function engineFromBytes(bytes: WasmBytes): Promise<Engine> {
  const host = new Host();
  const { instance, module } = await WebAssembly.instantiate(bytes as BufferSource, host.imports);
  return new Engine(instance, host, module);
}

/** Compiles and instantiates the engine from a fetch Response: streaming when served as application/wasm. */
export async function engineFromResponse(response: Response | PromiseLike<Response>): Promise<Engine> {
  const r = await response;
  if (!r.ok) throw new Error(`kinplace: cannot load the engine from ${r.url || "response"}: HTTP ${r.status} ${r.statusText}`);
  const type = r.headers.get("content-type") ?? "";
  if (typeof WebAssembly.instantiateStreaming === "function" && /^application\/wasm\s*(;|$)/i.test(type)) {
    const host = new Host();
    const { instance, module } = await WebAssembly.instantiateStreaming(r, host.imports);
    return new Engine(instance, host, module);
  }
  // Wrong or missing MIME type: compileStreaming would reject it, so take the bytes instead.
  return engineFromBytes(await r.arrayBuffer());
}
