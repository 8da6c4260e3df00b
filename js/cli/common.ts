// Pieces several commands share: the engine, reading inputs with progress, and errors tied to a document.

import type { Engine } from "../core.js";
import { KinplaceError } from "../errors.js";
import type { CliIO } from "./command.js";
import { InputError, readDocuments, type SourceDoc } from "./documents.js";
import { inputFiles } from "./inputs.js";
import type { InputLimits } from "./limits.js";
import { loadEngine } from "./engine.js";
import { progressFor } from "./progress.js";
import { goSyntaxError } from "./request.js";

let engine: Engine | undefined;

/** The CLI's engine, loaded on first use. */
export function cliEngine(): Engine {
  engine ??= loadEngine();
  return engine;
}

/** Streams the documents of `path` ("-" = stdin; a directory: its manifests, see inputFiles) with a progress bar on a
 *  terminal's stderr. */
export async function* documents(path: string, io: CliIO, limits: InputLimits, recursive = false): AsyncGenerator<SourceDoc> {
  const e = cliEngine();
  const progress = progressFor(io.stderr);
  for (const file of inputFiles(path, recursive)) yield* readDocuments(file, { stdin: io.stdin, syntaxError: (b) => goSyntaxError(e, b), progress, limits });
}

/** Runs `fn` for a document; an engine error becomes an InputError at the document's position. */
export function atDoc<T>(doc: SourceDoc, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof KinplaceError) {
      const where = e.path !== undefined && e.path !== "" ? ` (at ${e.path})` : "";
      throw new InputError(doc.file, doc.line, doc.column, `${e.code}: ${e.message}${where}`);
    }
    throw e;
  }
}
