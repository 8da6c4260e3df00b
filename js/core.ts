// The engine: a thin hand-written wrapper around one kinplace.wasm instance (no generated glue).
// Inputs are encoded straight into wasm memory at `input(len)`; outputs are read from `output()` with a
// cached TextDecoder. One copy in, one copy out. Any trap becomes KinplaceError{code:"E_INTERNAL"} and drops
// the instance: the next call runs on a fresh instance of the same compiled module (the process-wide limits
// set through `setLimits` are set again), so nothing a trapped call left behind can change a later answer.

import { KinplaceError, errorFromJSON, type EngineErrorJSON } from "./errors.js";

/** The raw exports of kinplace.wasm, as documented in docs/architecture.md ("ABI"). */
export interface Exports {
  /** The engine's linear memory (may grow during any call). */
  readonly memory: WebAssembly.Memory;
  /** Starts a call: resets the heap, returns a pointer to `len` writable input bytes. */
  input(len: number): number;
  /** Evaluates the eval-protocol request line held in the input; returns the answer length. */
  evaluate(len: number): number;
  /** Evaluates a patch request line followed in the input by its two documents (lenA, lenB bytes; negative: absent); returns the answer length. */
  evaluateDocs(len: number, lenA: number, lenB: number): number;
  /** Canonical JSON of the input: mode 0 = Go json.Marshal, 1 = RFC 8785; returns the output length. */
  canonical(len: number, mode: number, goMinor: number): number;
  /** FNV-1 (variant 0) or FNV-1a (variant 1), 32 bit, over the input (returned as a signed i32). */
  fnv32(len: number, variant: number): number;
  /** FNV-1 (variant 2) or FNV-1a (variant 3), 64 bit, over the input (returned as a signed i64). */
  fnv64(len: number, variant: number): bigint;
  /** Pointer to the output bytes of the last call. */
  output(): number;
  /** 0 = ok, 1 = the output holds an error object. */
  status(): number;
  /** Sets the process-wide default limits (0 keeps the current value). */
  setLimits(maxDepth: number, maxBytes: number, maxItems: number): void;
  /** container.hash of the input (a v1.Container's JSON text): 1 with the hashes at the output, 0 when the door declines (absent in older builds). */
  hashContainer?(len: number, minor: number, go: number, flags: number): number;
  /** podTemplateHash of the input (a PodTemplateSpec's JSON text): the hash text's length at the output, 0 when the door declines (absent in older builds). */
  hashTemplate?(len: number, minor: number, flags: number, collision: number): number;
}

/** What the hashContainer door answers: the hashes and the era code (0 struct, 1 json, 2 name-image). */
export interface ContainerDoorAnswer {
  hash: number;
  hashWithoutResources: number | undefined;
  era: number;
}

/** Input accepted by engine calls: a JS string (encoded as UTF-8) or raw bytes (passed as they are). */
export type Input = string | Uint8Array;

const REQUIRED_FUNCTIONS = ["input", "evaluate", "canonical", "fnv32", "fnv64", "output", "status", "setLimits"] as const;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Thrown by the `env.abort` import; `file` is the source file of the abort (AssemblyScript's). */
class EngineAbort extends Error {
  /** Creates the error for an abort at `file`. */
  constructor(message: string, readonly file: string) {
    super(message);
  }
}

/** The source file of AssemblyScript's allocator: an abort there is a block over its 1 GiB size limit. */
const ALLOCATOR_FILE = "~lib/rt/stub.ts";
/**
 * Linear memory the engine may use (asconfig.json `maximumMemory`, 2 GiB). A block is at most 1 GiB, so a
 * trap with more than this minus 1 GiB in use is memory running out, not a bug.
 */
const MEMORY_MAX = 2 ** 31;

/** Host side of the module's imports; `env.abort` throws an EngineAbort carrying AssemblyScript's message. */
export class Host {
  /** The instance's memory, set once the instance exists (abort messages are read from it). */
  memory: WebAssembly.Memory | null = null;
  /** The import object to instantiate kinplace.wasm with. */
  readonly imports: WebAssembly.Imports;

  /** Creates the import object. */
  constructor() {
    const abort = (message: number, file: number, line: number, column: number): never => {
      const text = this.#string(message) || "abort";
      const where = this.#string(file);
      throw new EngineAbort(where ? `${text} (${where}:${line >>> 0}:${column >>> 0})` : text, where);
    };
    this.imports = { env: { abort } };
  }

  /** Reads an AssemblyScript string (UTF-16, byte length stored 4 bytes before it); "" when unreadable. */
  #string(ptr: number): string {
    const memory = this.memory;
    ptr >>>= 0;
    if (memory === null || ptr < 4) return "";
    const bytes = new Uint8Array(memory.buffer);
    if (ptr > bytes.length) return "";
    const size = new DataView(memory.buffer).getUint32(ptr - 4, true);
    const units = Math.floor((Math.min(bytes.length, ptr + Math.min(size, 4096)) - ptr) / 2);
    let s = "";
    for (let i = 0; i < units; i++) s += String.fromCharCode(bytes[ptr + 2 * i] | (bytes[ptr + 2 * i + 1] << 8));
    return s;
  }
}

/** The exports of a kinplace.wasm instance, checked for the functions the wrapper calls. */
function checkedExports(instance: WebAssembly.Instance): Exports {
  const x = instance.exports as unknown as Exports;
  if (!(x.memory instanceof WebAssembly.Memory)) throw new TypeError("not a kinplace engine: missing export 'memory'");
  for (const name of REQUIRED_FUNCTIONS) {
    if (typeof x[name] !== "function") throw new TypeError(`not a kinplace engine: missing export '${name}'`);
  }
  return x;
}

/**
 * Converts anything thrown during a wasm call into a KinplaceError: memory running out (the allocator's abort, or
 * a trap with linear memory near its maximum: `memoryBytes`) is E_TOO_LARGE; any other trap is E_INTERNAL (a bug).
 */
function asKinplaceError(e: unknown, memoryBytes: number): KinplaceError {
  if (e instanceof KinplaceError) return e;
  const outOfMemory = (e instanceof EngineAbort && e.file === ALLOCATOR_FILE) ||
    (e instanceof WebAssembly.RuntimeError && memoryBytes > MEMORY_MAX - 2 ** 30);
  if (outOfMemory) {
    return new KinplaceError("E_TOO_LARGE", `kinplace: the request needs more than the engine's ${MEMORY_MAX / 2 ** 30} GiB of memory`, { cause: e });
  }
  const what = e instanceof EngineAbort ? "abort" : "trap";
  const detail = e instanceof Error ? e.message : String(e);
  return new KinplaceError("E_INTERNAL", `kinplace engine ${what}: ${detail}`, { cause: e });
}

/** One instantiated engine; every method is one wasm call with one copy in and one copy out. */
export class Engine {
  /** The raw wasm exports (for tests and tools; the public API never exposes them). */
  exports: Exports;
  #bytes: Uint8Array;
  /** The compiled module, to replace a trapped instance (null: the instance cannot be replaced). */
  readonly #module: WebAssembly.Module | null;
  /** The limits last set through setLimits, set again on a fresh instance. */
  #limits: [number, number, number] | null = null;
  /** How many times a trap replaced the instance (for tests and diagnostics). */
  restarts = 0;

  /** Wraps an instance of kinplace.wasm created with `host.imports` from `module` (when given, a trap replaces the instance). */
  constructor(instance: WebAssembly.Instance, host: Host, module?: WebAssembly.Module) {
    this.exports = checkedExports(instance);
    host.memory = this.exports.memory;
    this.#bytes = new Uint8Array(this.exports.memory.buffer);
    this.#module = module ?? null;
  }

  /** Drops the current instance after a trap and installs a fresh one of the same module. */
  #restart(): void {
    if (this.#module === null) return;
    const host = new Host();
    const x = checkedExports(new WebAssembly.Instance(this.#module, host.imports));
    host.memory = x.memory;
    this.exports = x;
    this.#bytes = new Uint8Array(x.memory.buffer);
    this.restarts++;
    if (this.#limits !== null) x.setLimits(this.#limits[0], this.#limits[1], this.#limits[2]);
  }

  /** The KinplaceError for anything thrown during a wasm call; a trap also replaces the instance. */
  #fail(e: unknown): KinplaceError {
    if (e instanceof KinplaceError) return e;
    const err = asKinplaceError(e, this.exports.memory.buffer.byteLength);
    try {
      this.#restart();
    } catch (cause) {
      return new KinplaceError("E_INTERNAL", `${err.message}; the engine could not be restarted: ${String(cause)}`, { cause: e });
    }
    return err;
  }

  /** The current view of linear memory, re-acquired when a grow detached the old buffer. */
  #view(): Uint8Array {
    let v = this.#bytes;
    if (v.byteLength === 0) v = this.#bytes = new Uint8Array(this.exports.memory.buffer);
    return v;
  }

  /** Starts a call and writes `data` as its input; returns the input length in bytes. */
  #put(data: Input): number {
    if (typeof data === "string") {
      const cap = data.length * 3; // UTF-8 never needs more than 3 bytes per UTF-16 code unit
      const ptr = this.exports.input(cap) >>> 0;
      return encoder.encodeInto(data, this.#view().subarray(ptr, ptr + cap)).written;
    }
    const len = data.length;
    const ptr = this.exports.input(len) >>> 0;
    this.#view().set(data, ptr);
    return len;
  }

  /** The `len` output bytes of the last call, as a view valid until the next call. */
  #output(len: number): Uint8Array {
    const ptr = this.exports.output() >>> 0;
    return this.#view().subarray(ptr, ptr + (len >>> 0));
  }

  /** Canonical JSON text of `data` (mode 0 = Go json.Marshal, 1 = RFC 8785); throws the engine's error. */
  canonical(data: Input, mode: number, goMinor: number): string {
    try {
      const x = this.exports;
      const len = x.canonical(this.#put(data), mode, goMinor);
      const text = decoder.decode(this.#output(len));
      if (x.status() !== 0) throw errorFromJSON(JSON.parse(text) as EngineErrorJSON);
      return text;
    } catch (e) {
      throw this.#fail(e);
    }
  }

  /** FNV-1/FNV-1a 32-bit (variant 0/1) of `data` as an unsigned number. */
  fnv32(data: Input, variant: number): number {
    try {
      return this.exports.fnv32(this.#put(data), variant) >>> 0;
    } catch (e) {
      throw this.#fail(e);
    }
  }

  /** FNV-1/FNV-1a 64-bit (variant 2/3) of `data` as an unsigned bigint. */
  fnv64(data: Input, variant: number): bigint {
    try {
      return BigInt.asUintN(64, this.exports.fnv64(this.#put(data), variant));
    } catch (e) {
      throw this.#fail(e);
    }
  }

  /** Evaluates one eval-protocol request line; returns the answer bytes as a view valid until the next call. */
  evaluateView(line: Input): Uint8Array {
    try {
      return this.#output(this.exports.evaluate(this.#put(line)));
    } catch (e) {
      throw this.#fail(e);
    }
  }

  /** Evaluates a patch request line whose two documents are passed as raw text or bytes (null: absent);
   *  returns the answer bytes as a view valid until the next call. */
  evaluateDocsView(line: string, a: Input | null, b: Input | null): Uint8Array {
    try {
      const capL = line.length * 3;
      const capA = a === null ? 0 : typeof a === "string" ? a.length * 3 : a.length;
      const capB = b === null ? 0 : typeof b === "string" ? b.length * 3 : b.length;
      const ptr = this.exports.input(capL + capA + capB) >>> 0;
      const nl = this.#write(line, ptr, capL);
      const na = a === null ? -1 : this.#write(a, ptr + nl, capA);
      const nb = b === null ? -1 : this.#write(b, ptr + nl + Math.max(na, 0), capB);
      return this.#output(this.exports.evaluateDocs(nl, na, nb));
    } catch (e) {
      throw this.#fail(e);
    }
  }

  /** Writes `data` at `ptr` (room for `cap` bytes); returns the bytes written. */
  #write(data: Input, ptr: number, cap: number): number {
    const view = this.#view();
    if (typeof data === "string") return encoder.encodeInto(data, view.subarray(ptr, ptr + cap)).written;
    view.set(data, ptr);
    return data.length;
  }

  /**
   * Starts a call whose input `fill` writes straight into wasm memory: fill(bytes, start, limit) returns the end of what it
   * wrote, or a negative code (passed on). Returns the input length.
   */
  fillInput(cap: number, fill: (bytes: Uint8Array, start: number, limit: number) => number): number {
    try {
      const ptr = this.exports.input(cap) >>> 0;
      const end = fill(this.#view(), ptr, ptr + cap);
      return end < 0 ? end : end - ptr;
    } catch (e) {
      throw this.#fail(e);
    }
  }

  /** The hashContainer door on the current input (`len` bytes); null when it declines or the build lacks it. */
  containerDoor(len: number, minor: number, go: number, flags: number): ContainerDoorAnswer | null {
    try {
      const x = this.exports;
      if (x.hashContainer === undefined || x.hashContainer(len, minor, go, flags) !== 1) return null;
      const o = x.output() >>> 0;
      const v = this.#view();
      const u32 = (at: number) => (v[at]! | (v[at + 1]! << 8) | (v[at + 2]! << 16) | (v[at + 3]! << 24)) >>> 0;
      return { hash: u32(o), hashWithoutResources: v[o + 8] === 1 ? u32(o + 4) : undefined, era: v[o + 9]! };
    } catch (e) {
      throw this.#fail(e);
    }
  }

  /** The hashTemplate door on the current input (`len` bytes): the pod-template-hash, or null when it declines or the build lacks it. */
  templateDoor(len: number, minor: number, flags: number, collision: number): string | null {
    try {
      const x = this.exports;
      const n = x.hashTemplate === undefined ? 0 : x.hashTemplate(len, minor, flags, collision);
      if (n <= 0) return null;
      const o = x.output() >>> 0;
      return String.fromCharCode(...this.#view().subarray(o, o + n));
    } catch (e) {
      throw this.#fail(e);
    }
  }

  /** Evaluates one eval-protocol request line; returns the answer JSON text. */
  evaluateText(line: Input): string {
    const view = this.evaluateView(line);
    try {
      return decoder.decode(view);
    } catch (e) {
      // the call itself succeeded: the answer (bytes) is longer than a JS string may be
      throw new KinplaceError("E_TOO_LARGE", `kinplace: the answer (${view.length} bytes) is too long for a JavaScript string; read it as bytes (evaluateLine)`, { cause: e });
    }
  }

  /** Sets the process-wide default limits (0 keeps the current value). */
  setLimits(maxDepth: number, maxBytes: number, maxItems = 0): void {
    try {
      this.exports.setLimits(maxDepth, maxBytes, maxItems);
      const [d, b, n] = this.#limits ?? [0, 0, 0];
      this.#limits = [maxDepth > 0 ? maxDepth : d, maxBytes > 0 ? maxBytes : b, maxItems > 0 ? maxItems : n];
    } catch (e) {
      throw this.#fail(e);
    }
  }

  /** Runs `fn` on the raw exports with the same trap handling as every other call. */
  guard<T>(fn: (exports: Exports) => T): T {
    try {
      return fn(this.exports);
    } catch (e) {
      throw this.#fail(e);
    }
  }
}
