// Reads Kubernetes manifests from a file or stdin: JSON (any number of top-level values, Lists and
// arrays expanded into their items, streamed) or YAML (multi-document, through the `yaml` package, see
// yaml-read.ts). Every document comes with where it starts; bad input, including input past the limits
// of limits.ts (nesting, aliases, YAML size), is an InputError naming file:line:column (docs/cli.md).

import { constants } from "node:buffer";
import { createReadStream, readFileSync, statSync } from "node:fs";
import type { Readable } from "node:stream";
import { asObject } from "../present/kinds.js";
import { DepthError, JsonSplitter, SplitError, tooDeepOffset, type StreamPosition } from "./json-split.js";
import { DEFAULT_LIMITS, tooDeepMessage, type InputLimits } from "./limits.js";
import type { Progress } from "./progress.js";
import { expand, InputError, type SourceDoc } from "./source.js";
import { yamlDocuments } from "./yaml-read.js";
import { jsonFieldOffset } from "./locate.js";

export { InputError, type SourceDoc };

/** Go's error for JSON text that JSON.parse refused: message and byte offset (Go's SyntaxError.Offset). */
export type SyntaxErrorFinder = (bytes: Uint8Array) => { message: string; offset: number } | undefined;

/** Options of readDocuments. */
export interface ReadOptions {
  stdin: Readable;
  /** Finds the exact syntax error of a JSON document (the engine's Go reader). */
  syntaxError: SyntaxErrorFinder;
  progress?: Progress;
  /** Nesting, alias and YAML size limits (default DEFAULT_LIMITS). */
  limits?: InputLimits;
}

const decoder = new TextDecoder();
const CHUNK = 1 << 20;
/** JSON input up to this size may be read again as YAML. */
export const RETRY_LIMIT = 64 << 20;

/** The display name of an input path. */
export function displayName(path: string): string {
  return path === "-" ? "<stdin>" : path;
}

/** Line and column (1-based, column in characters) of byte `offset` of `bytes`, counted from `start`. */
function positionIn(bytes: Uint8Array, offset: number, start: Pick<StreamPosition, "line" | "column">): { line: number; column: number } {
  let line = start.line;
  let column = start.column;
  const end = Math.min(offset, bytes.length);
  for (let i = 0; i < end; i++) {
    const b = bytes[i]!;
    if (b === 0x0a) {
      line++;
      column = 1;
    } else if ((b & 0xc0) !== 0x80) column++;
  }
  return { line, column };
}

/** Parses one JSON document; a syntax error is located with the engine's Go reader. */
export function parseJson(bytes: Uint8Array, at: StreamPosition, file: string, syntaxError: SyntaxErrorFinder, start?: { line: number; column: number }): SourceDoc {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch (e) {
    const go = syntaxError(bytes);
    const offset = go === undefined ? 0 : Math.max(0, go.offset - 1);
    const p = positionIn(bytes, offset, at);
    throw new InputError(file, p.line, p.column, go?.message ?? (e as Error).message);
  }
  const object = asObject(value);
  if (object === undefined) throw new InputError(file, at.line, at.column, "expected a JSON object");
  return { value: object, json: bytes, file, line: start?.line ?? at.line, column: start?.column ?? at.column, locate: jsonLocator(bytes, at) };
}

/** Where a field of the JSON document `bytes` (starting at `at`) is written. */
export function jsonLocator(bytes: Uint8Array, at: Pick<StreamPosition, "line" | "column">): NonNullable<SourceDoc["locate"]> {
  return (path) => {
    const off = jsonFieldOffset(bytes, path);
    return off < 0 ? undefined : positionIn(bytes, off, at);
  };
}

/** The text of YAML input (read whole); one too large for a JS string is an InputError. */
export function yamlText(parts: Uint8Array[], file: string): string {
  let n = 0;
  for (const p of parts) n += p.length;
  if (n > constants.MAX_STRING_LENGTH) {
    throw new InputError(file, 0, 0, `YAML input of ${n} bytes is larger than a JavaScript string can hold (${constants.MAX_STRING_LENGTH}); JSON input is streamed`);
  }
  return decoder.decode(Buffer.concat(parts));
}

/**
 * A locator for a YAML document that was read without keeping its syntax tree: on the first call it reads `doc`'s file
 * again (not stdin) and finds the document that starts at the same line and column; undefined when that fails (the
 * file changed or is gone). Only an error path calls it, so a large OLD input keeps no trees in memory.
 */
export function rereadLocator(doc: Pick<SourceDoc, "file" | "line" | "column">, limits: InputLimits): SourceDoc["locate"] {
  if (doc.file === "<stdin>") return undefined;
  let found: SourceDoc["locate"] | null = null;
  return (path) => {
    if (found === null) {
      found = undefined;
      try {
        for (const d of yamlDocuments(yamlText([readFileSync(doc.file)], doc.file), doc.file, false, limits)) {
          if (d.line === doc.line && d.column === doc.column) { found = d.locate; break; }
        }
      } catch {
        found = undefined;
      }
    }
    return found?.(path);
  };
}

/** The byte stream of an input path ("-" is stdin), with its size when known. */
export function openInput(path: string, stdin: Readable): { stream: AsyncIterable<Uint8Array>; size: number | undefined } {
  if (path === "-") return { stream: stdin, size: undefined };
  const size = statSync(path).size;
  return { stream: createReadStream(path, { highWaterMark: CHUNK }), size };
}

/** True for the bytes JSON allows between values. */
export function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

/** Reads every document of `path` ("-" for stdin), streaming JSON input; throws InputError on bad input. */
export async function* readDocuments(path: string, options: ReadOptions): AsyncGenerator<SourceDoc> {
  const file = displayName(path);
  let opened: ReturnType<typeof openInput>;
  try {
    opened = openInput(path, options.stdin);
  } catch (e) {
    throw new InputError(file, 0, 0, `cannot read: ${(e as Error).message}`);
  }
  options.progress?.start(file, opened.size);
  // .yaml/.yml is YAML and .json is JSON; otherwise the first byte decides ("{" or "[": JSON), and JSON
  // that fails at the top level before any document was handed out is read again as YAML (flow style)
  let mode: "json" | "yaml" | undefined = /\.ya?ml$/i.test(path) ? "yaml" : undefined;
  const sniffed = !/\.(json|ya?ml)$/i.test(path);
  const pending: SourceDoc[] = [];
  const limits = options.limits ?? DEFAULT_LIMITS;
  const splitter = new JsonSplitter((bytes, at) => pending.push(parseJson(bytes, at, file, options.syntaxError)), limits.maxDepth);
  const kept: Uint8Array[] = []; // every chunk, while a YAML retry is still possible
  let keeping = true;
  let read = 0;
  let count = 0;
  const counted = (d: SourceDoc): SourceDoc => {
    options.progress?.count(++count);
    return d;
  };
  try {
    try {
      for await (const chunk of opened.stream) {
        read += chunk.length;
        options.progress?.update(read);
        if (mode === undefined) {
          kept.push(chunk);
          const first = chunk.findIndex((b) => !isSpace(b));
          if (first < 0) continue;
          mode = chunk[first] === 0x7b || chunk[first] === 0x5b ? "json" : "yaml";
          if (mode === "json") for (const p of kept) splitter.push(p);
          continue;
        }
        if (mode === "yaml" || keeping) kept.push(chunk);
        if (mode === "yaml") continue;
        keeping &&= read <= RETRY_LIMIT;
        splitter.push(chunk);
        if (pending.length > 0 || !keeping) {
          keeping = false;
          kept.length = 0;
        }
        for (const doc of pending.splice(0)) for (const d of expand(doc)) yield counted(d);
      }
      if (mode === "json") {
        splitter.end();
        for (const doc of pending.splice(0)) for (const d of expand(doc)) yield counted(d);
      }
    } catch (e) {
      if (!(e instanceof SplitError) || e instanceof DepthError || !sniffed || !keeping || count > 0) throw e;
      mode = "yaml"; // not a stream of JSON values: maybe YAML in flow style
      try {
        for (const d of yamlDocuments(yamlText(kept, file), file, false, limits)) yield counted(d);
      } catch {
        throw e; // neither: report the JSON error
      }
      return;
    }
    if (mode !== "json") {
      for (const d of yamlDocuments(yamlText(kept, file), file, false, limits)) yield counted(d);
    }
  } catch (e) {
    if (e instanceof SplitError) throw new InputError(file, e.at.line, e.at.column, e.message);
    if (e instanceof InputError) throw e;
    const err = e as NodeJS.ErrnoException;
    if (typeof err.code === "string" && err.syscall !== undefined) throw new InputError(file, 0, 0, `cannot read: ${err.message}`);
    throw e;
  } finally {
    options.progress?.done();
  }
}

/** Reads a file ("-" for stdin) holding exactly one object, JSON or YAML, as is (a List stays a List). */
export async function readSingle(path: string, options: ReadOptions): Promise<SourceDoc> {
  const file = displayName(path);
  const limits = options.limits ?? DEFAULT_LIMITS;
  const parts: Uint8Array[] = [];
  try {
    for await (const chunk of openInput(path, options.stdin).stream) parts.push(chunk);
  } catch (e) {
    throw new InputError(file, 0, 0, `cannot read: ${(e as Error).message}`);
  }
  const bytes = Buffer.concat(parts);
  const first = bytes.findIndex((b) => !isSpace(b));
  if (first >= 0 && (bytes[first] === 0x7b || bytes[first] === 0x5b)) {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < first; i++) if (bytes[i] === 0x0a) (line++, (lineStart = i + 1));
    const deep = tooDeepOffset(bytes, limits.maxDepth);
    if (deep >= 0) {
      const p = positionIn(bytes, deep, { line: 1, column: 1 });
      throw new InputError(file, p.line, p.column, tooDeepMessage(limits.maxDepth));
    }
    return parseJson(bytes, { offset: 0, line: 1, column: 1 }, file, options.syntaxError, { line, column: first - lineStart + 1 });
  }
  const docs = [...yamlDocuments(yamlText([bytes], file), file, true, limits)];
  if (docs.length !== 1) throw new InputError(file, docs[1]?.line ?? 0, docs[1]?.column ?? 0, `expected one document, found ${docs.length}`);
  return docs[0]!;
}
