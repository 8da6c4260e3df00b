// Pairs the objects of two input files for `check` and `diff` (the pairing itself: js/present/pairs.ts, shared
// with the web page): OLD is remembered as JSON text only, NEW is streamed and each pair is handed out as soon as
// NEW reaches it.

import { objectLabel } from "../present/kinds.js";
import { pairDocuments, where } from "../present/pairs.js";
import type { CliIO } from "./command.js";
import { documents } from "./common.js";
import { displayName, InputError, type SourceDoc } from "./documents.js";
import type { InputLimits } from "./limits.js";
import type { RawJson } from "./request.js";

export { where };

/** An object remembered from OLD. */
export interface Stored {
  json: RawJson;
  file: string;
  line: number;
  column: number;
  kind: string;
  label: string;
}

/** Options of pairObjects. */
export interface PairOptions {
  /** The kind an object is paired as, or undefined to skip it. */
  kindOf(value: { [key: string]: unknown }): string | undefined;
  /** What the inputs must hold at least one of (for the error when there is none). */
  what: string;
  /** The input limits of both inputs. */
  limits: InputLimits;
}

/** Pairs OLD and NEW, calling `onPair` for each pair in NEW's order; returns notes on unpaired and skipped objects. */
export async function pairObjects(oldPath: string, newPath: string, io: CliIO, options: PairOptions, onPair: (old: Stored, doc: SourceDoc) => Promise<void>): Promise<string[]> {
  // each input is opened when the pairing reaches it (NEW after all of OLD)
  const read = (path: string): AsyncIterable<SourceDoc> => ({ [Symbol.asyncIterator]: () => documents(path, io, options.limits) });
  const notes = await pairDocuments(read(oldPath), read(newPath), {
    kindOf: options.kindOf,
    remember: (doc, kind): Stored => ({ json: doc.json, file: doc.file, line: doc.line, column: doc.column, kind, label: objectLabel(doc.value) }),
    empty: (side) => {
      throw new InputError(displayName(side === "OLD" ? oldPath : newPath), 0, 0, `no ${options.what} found`);
    },
  }, onPair);
  return notes.map((n) => n.text);
}
