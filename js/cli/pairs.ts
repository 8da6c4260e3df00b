// Pairs the objects of two input files for `check` and `diff` (the pairing itself: js/present/pairs.ts, shared
// with the web page): OLD is remembered as JSON text only, NEW is streamed and each pair is handed out as soon as
// NEW reaches it.

import { objectKey, objectLabel } from "../present/kinds.js";
import { pairDocuments, where } from "../present/pairs.js";
import type { CliIO } from "./command.js";
import { documents } from "./common.js";
import { displayName, InputError, rereadLocator, type SourceDoc } from "./documents.js";
import { inNamespace, namespacedJson, namespaceOf, type InputOptions } from "./inputs.js";
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
  /** Where a field is written: kept for JSON input only (it reads the bytes kept anyway; YAML's would keep its tree). */
  locate?: SourceDoc["locate"];
}

/** Options of pairObjects. */
export interface PairOptions {
  /** The kind an object is paired as, or undefined to skip it. */
  kindOf(value: { [key: string]: unknown }): string | undefined;
  /** What the inputs must hold at least one of (for the error when there is none). */
  what: string;
  /** How both inputs are read (limits, -R, -n). */
  inputs: InputOptions;
}

/** A document as it is paired: in the namespace kubectl would send it in, its JSON text with that namespace. */
type Namespaced = SourceDoc & { namespace: string; jsonInput: boolean };

/** Pairs OLD and NEW, calling `onPair` for each pair in NEW's order; returns notes on unpaired and skipped objects. */
export async function pairObjects(oldPath: string, newPath: string, io: CliIO, options: PairOptions, onPair: (old: Stored, doc: SourceDoc) => Promise<void>): Promise<string[]> {
  const { inputs } = options;
  // each input is opened when the pairing reaches it (NEW after all of OLD)
  async function* read(path: string): AsyncGenerator<Namespaced> {
    for await (const doc of documents(path, io, inputs.limits, inputs.recursive)) {
      const namespace = namespaceOf(doc, inputs);
      yield { ...doc, json: namespacedJson(doc, namespace), namespace, jsonInput: typeof doc.json !== "string" };
    }
  }
  const notes = await pairDocuments(read(oldPath), read(newPath), {
    kindOf: options.kindOf,
    keyOf: (doc) => objectKey(inNamespace(doc.value, (doc as Namespaced).namespace)),
    // a YAML document's syntax tree is not kept: its locator reads the file again when an error needs it
    remember: (doc, kind): Stored => ({ json: doc.json, file: doc.file, line: doc.line, column: doc.column, kind, label: objectLabel(doc.value), locate: doc.jsonInput ? doc.locate : rereadLocator(doc, inputs.limits) }),
    empty: (side) => {
      throw new InputError(displayName(side === "OLD" ? oldPath : newPath), 0, 0, `no ${options.what} found`);
    },
  }, onPair);
  return notes.map((n) => n.text);
}
