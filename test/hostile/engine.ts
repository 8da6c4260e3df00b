// Running one request line on an engine and sorting what came back: an ok answer, a typed error, an
// engine-reported E_INTERNAL, a trap (the wasm call threw: a trap, an `abort`, a stack overflow), a host
// crash (anything else thrown), an answer that is not a protocol answer, or a hang (over 2 s wall).
//
// The engine is driven through its raw ABI (input / evaluate / output, docs/architecture.md) with an
// `env.abort` of our own, not through js/: the JS wrapper replaces a trapped instance with a fresh one, which
// would hide what a trap leaves behind in the engine itself (and these suites test the engine). Memory running
// out is sorted as the host answers it (E_TOO_LARGE, "memory exhausted"); the instance is kept, so the probes
// after it show whether it left anything behind.

import { readFileSync } from "node:fs";

/** Wall time over which an answer counts as a hang (KINPLACE_HANG_MS, default 2 s). */
export const HANG_MS = Number(process.env.KINPLACE_HANG_MS ?? 2000);

/** The compiled engine module (build/kinplace.wasm, or the file KINPLACE_WASM names). */
export function loadModule(): WebAssembly.Module {
  return new WebAssembly.Module(readFileSync(process.env.KINPLACE_WASM ?? new URL("../../build/kinplace.wasm", import.meta.url)));
}

/** Thrown by our `env.abort` import with AssemblyScript's message and place. */
class EngineAbort extends Error {}

/** One instance of the engine, driven through the raw exports; it is never replaced, whatever a call did. */
export class RawEngine {
  readonly exports: { memory: WebAssembly.Memory; input(n: number): number; evaluate(n: number): number; output(): number };

  /** Instantiates `module` with an abort import that reports AssemblyScript's message. */
  constructor(module: WebAssembly.Module) {
    let memory: WebAssembly.Memory | null = null;
    const text = (ptr: number): string => {
      ptr >>>= 0;
      if (memory === null || ptr < 4 || ptr > memory.buffer.byteLength) return "";
      const size = Math.min(new DataView(memory.buffer).getUint32(ptr - 4, true), 2048, memory.buffer.byteLength - ptr);
      return Buffer.from(memory.buffer, ptr, size & ~1).toString("utf16le");
    };
    const abort = (msg: number, file: number, line: number, col: number): never => {
      throw new EngineAbort(`${text(msg) || "abort"} (${text(file)}:${line >>> 0}:${col >>> 0})`);
    };
    const instance = new WebAssembly.Instance(module, { env: { abort } });
    this.exports = instance.exports as unknown as RawEngine["exports"];
    memory = this.exports.memory;
  }

  /** Evaluates one request line; returns a view of the answer bytes (valid until the next call). Throws what the wasm call threw. */
  evaluateView(line: Uint8Array): Uint8Array {
    const x = this.exports;
    const ptr = x.input(line.length) >>> 0;
    new Uint8Array(x.memory.buffer, ptr, line.length).set(line);
    const n = x.evaluate(line.length) >>> 0;
    return new Uint8Array(x.memory.buffer, x.output() >>> 0, n);
  }
}

/** A fresh engine instance of `module` (its own linear memory and globals). */
export function freshEngine(module: WebAssembly.Module): RawEngine {
  return new RawEngine(module);
}

/** The engine type the suites run on. */
export type Engine = RawEngine;

/** What a request did: `kind` as classified, `code` of a typed error, `detail` (message), `text` (the whole answer, or the throw). */
export interface Outcome {
  kind: "ok" | "typed" | "internal" | "trap" | "crash" | "malformed" | "hang";
  code?: string;
  detail?: string;
  /** The answer line, or "THROW <code> <message>" / "CRASH <message>"; compared byte for byte across engines. */
  text: string;
  ms: number;
}

const decoder = new TextDecoder();

/** Answers longer than this are held as their length, a hash and their head (JS strings stop at 512 MiB). */
const BIG = 32 << 20;

/** FNV-1a 32 of bytes. */
function fnv32a(b: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i]!, 16777619);
  return h >>> 0;
}

/** The answer text of `line` on `engine`, or the thrown error spelled as text (for byte comparisons). */
export function answerText(engine: Engine, line: Uint8Array): string {
  return timedAnswer(engine, line).text;
}

/** answerText, with the wall time of the engine call alone. */
export function timedAnswer(engine: Engine, line: Uint8Array): { text: string; ms: number } {
  const t = performance.now();
  let view: Uint8Array;
  try {
    view = engine.evaluateView(line);
  } catch (e) {
    const ms = performance.now() - t;
    // memory running out is answered E_TOO_LARGE by the host (js/core.ts asKinplaceError, the same rule): the
    // allocator's abort, or a trap with linear memory within 1 GiB of its 2 GiB maximum
    const memory = engine.exports.memory.buffer.byteLength;
    if ((e instanceof EngineAbort && e.message.includes("(~lib/rt/stub.ts:")) || (e instanceof WebAssembly.RuntimeError && memory > 2 ** 31 - 2 ** 30)) {
      return { text: `{"ok":false,"error":{"code":"E_TOO_LARGE","message":"memory exhausted: the request needs more than the engine's 2 GiB (answered by the host)"}}`, ms };
    }
    const what = e instanceof EngineAbort ? "abort" : "trap";
    return { text: `THROW E_INTERNAL kinplace engine ${what}: ${e instanceof Error ? `${e.name === "Error" ? "" : `${e.name}: `}${e.message}` : String(e)}`, ms };
  }
  const ms = performance.now() - t;
  try {
    if (view.length <= BIG) return { text: decoder.decode(view), ms };
    return { text: `BIG ${view.length} ${fnv32a(view).toString(16)} ${decoder.decode(view.subarray(0, 1 << 16))}`, ms };
  } catch (e) {
    return { text: `CRASH ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`, ms };
  }
}

/** Sorts an answer text (from answerText) taking `ms` into an Outcome. */
export function classify(text: string, ms: number): Outcome {
  if (text.startsWith("THROW ")) {
    const code = text.slice(6, text.indexOf(" ", 6));
    const detail = text.slice(7 + code.length);
    const trap = code === "E_INTERNAL" && /trap|abort/i.test(detail);
    return { kind: trap ? "trap" : "crash", code, detail, text, ms };
  }
  if (text.startsWith("CRASH ")) return { kind: "crash", detail: text.slice(6), text, ms };
  const slow = ms > HANG_MS;
  let a: { ok?: unknown; error?: { code?: unknown; message?: unknown } };
  try {
    a = JSON.parse(text.startsWith("BIG ") ? headOf(text.slice(text.indexOf(" ", text.indexOf(" ", 4) + 1) + 1)) : text);
  } catch {
    return { kind: "malformed", detail: `answer is not JSON: ${text.slice(0, 200)}`, text, ms };
  }
  if (a === null || typeof a !== "object" || (a.ok !== true && a.ok !== false)) return { kind: "malformed", detail: `not an answer: ${text.slice(0, 200)}`, text, ms };
  if (a.ok === true) return { kind: slow ? "hang" : "ok", text, ms };
  const code = String(a.error?.code);
  const detail = String(a.error?.message);
  if (slow) return { kind: "hang", code, detail, text, ms };
  return { kind: code === "E_INTERNAL" ? "internal" : "typed", code, detail, text, ms };
}

/** A parseable stand-in for the head of a huge answer: its ok flag and error, when it is one. */
function headOf(text: string): string {
  const m = /^\{(?:"id":(?:[^,]*),)?"ok":(true|false)/.exec(text);
  if (!m) return text.slice(0, 1000);
  if (m[1] === "true") return '{"ok":true}';
  const e = /"error":(\{"code":"[A-Z_]+","message":"(?:[^"\\]|\\.)*")/.exec(text.slice(0, 1 << 20));
  if (e) return `{"ok":false,"error":${e[1]}}}`;
  // a message longer than the head (Go's texts quote the offending value, sometimes twice): the code alone
  const c = /"error":\{"code":"([A-Z_]+)","message":"/.exec(text.slice(0, 1 << 10));
  return c ? `{"ok":false,"error":{"code":"${c[1]}","message":"(longer than the head)"}}` : text.slice(0, 1000);
}

/** Runs `line` on `engine` and classifies what it did. */
export function run(engine: Engine, line: Uint8Array): Outcome {
  const { text, ms } = timedAnswer(engine, line);
  return classify(text, ms);
}

/** The label a tally uses for an outcome (typed errors by code). */
export function label(o: Outcome): string {
  return o.kind === "typed" ? `typed ${o.code}` : o.kind;
}

/** True for the outcomes the requirement forbids (everything but an ok answer or a typed error). */
export function isBad(o: Outcome): boolean {
  return o.kind !== "ok" && o.kind !== "typed";
}
