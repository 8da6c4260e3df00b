// What reading an input yields (a document and where it starts) and the error for bad input.

import { asObject } from "../present/kinds.js";

/** One manifest read from an input. */
export interface SourceDoc {
  /** The parsed object (JSON.parse / YAML); used to look fields up. */
  value: { [key: string]: unknown };
  /** Its JSON text: the input's own bytes for JSON input (handed to the engine untouched), JSON.stringify for YAML. */
  json: Uint8Array | string;
  /** The input's display name ("-" is "<stdin>"). */
  file: string;
  line: number;
  column: number;
  /** Where a field of this object is written (its key, or an array element), when the reader can tell. */
  locate?: (path: readonly (string | number)[]) => { line: number; column: number } | undefined;
}

/** Bad input at a position: printed as `file:line:column: message`, exit code 2. */
export class InputError extends Error {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** Creates the error for `file` at line and column (0 when unknown). */
  constructor(file: string, line: number, column: number, message: string) {
    super(message);
    this.name = "InputError";
    this.file = file;
    this.line = line;
    this.column = column;
  }

  /** `file:line:column: message` (the position left out when unknown). */
  where(): string {
    return this.line > 0 ? `${this.file}:${this.line}:${this.column}: ${this.message}` : `${this.file}: ${this.message}`;
  }
}

/** The items of a List document, or the document itself. */
export function* expand(doc: SourceDoc): Generator<SourceDoc> {
  const items = doc.value["items"];
  const kind = doc.value["kind"];
  if (Array.isArray(items) && (typeof kind !== "string" || kind === "List" || kind.endsWith("List"))) {
    for (const [i, item] of items.entries()) {
      const object = asObject(item);
      if (object === undefined) throw new InputError(doc.file, doc.line, doc.column, `items[${i}] is not an object`);
      const locate = doc.locate;
      yield { ...doc, value: object, json: JSON.stringify(object), locate: locate === undefined ? undefined : (p) => locate(["items", i, ...p]) };
    }
    return;
  }
  yield doc;
}
