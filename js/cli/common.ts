// Pieces several commands share: the engine, reading inputs with progress, and errors tied to a document.

import type { Engine } from "../core.js";
import { KinplaceError } from "../errors.js";
import type { CliIO } from "./command.js";
import { UsageError } from "./args.js";
import { InputError, readDocuments, type SourceDoc } from "./documents.js";
import { goFieldPath } from "./locate.js";
import { inputFiles } from "./inputs.js";
import type { InputLimits } from "./limits.js";
import { loadEngine, loadModule } from "./engine.js";
import { progressFor } from "./progress.js";
import { goSyntaxError } from "./request.js";

let module: WebAssembly.Module | undefined;
let engine: Engine | undefined;

/** The CLI's compiled engine module, compiled on first use (the pool's workers instantiate it too). */
export function cliModule(): WebAssembly.Module {
  module ??= loadModule();
  return module;
}

/** The CLI's engine, loaded on first use. */
export function cliEngine(): Engine {
  engine ??= loadEngine(cliModule());
  return engine;
}

/** Streams the documents of `path` ("-" = stdin; a directory: its manifests, see inputFiles) with a progress bar on a
 *  terminal's stderr. */
export async function* documents(path: string, io: CliIO, limits: InputLimits, recursive = false): AsyncGenerator<SourceDoc> {
  const e = cliEngine();
  const progress = progressFor(io.stderr);
  for (const file of inputFiles(path, recursive)) yield* readDocuments(file, { stdin: io.stdin, syntaxError: (b) => goSyntaxError(e, b), progress, limits });
}

/** The command-line option that sets each request field the commands fill from options (an engine error at one of
 *  them is the option's: a bad value, not bad input). */
const OPTION_OF: { readonly [field: string]: string } = {
  kubernetes: "--kubernetes",
  serverVersion: "--kubernetes",
  kubelet: "--kubelet",
  kruise: "--kruise",
  gates: "--gate",
  serverGates: "--gate",
  strategy: "--strategy",
  fieldValidation: "--validate",
  flavor: "--flavor",
  now: "--now",
  currentRevision: "--current-revision",
  updateRevision: "--update-revision",
};

/** Where a document is, and where its fields are when the reader can tell. */
export type Located = Pick<SourceDoc, "file" | "line" | "column" | "locate" | "json"> & { value?: unknown };

/**
 * Runs `fn` for a document; an engine error becomes a UsageError naming the option when it is at a request field an
 * option sets, else an InputError at the document's position (`old`'s when the error is in the request's `old`
 * member), or at the field a Go decoding error names when the reader knows where it is written.
 */
export function atDoc<T>(doc: SourceDoc, fn: () => T, old?: Located): T {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof KinplaceError)) throw e;
    const head = e.path === undefined ? "" : /^[^.[]*/.exec(e.path)![0];
    const option = Object.hasOwn(OPTION_OF, head) ? OPTION_OF[head] : undefined;
    if (option !== undefined) throw new UsageError(`option ${option}: ${e.message}`);
    const at: Located = head === "old" && old !== undefined ? old : doc;
    const value = at.value ?? (at.locate === undefined ? undefined : JSON.parse(typeof at.json === "string" ? at.json : new TextDecoder().decode(at.json)));
    const field = value === undefined ? undefined : goFieldPath(e.message, value);
    const p = (field === undefined ? undefined : at.locate?.(field)) ?? { line: at.line, column: at.column };
    const where = e.path !== undefined && e.path !== "" ? ` (at ${e.path})` : "";
    throw new InputError(at.file, p.line, p.column, `${e.code}: ${e.message}${where}`);
  }
}
