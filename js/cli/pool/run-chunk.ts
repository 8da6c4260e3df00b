// Reads one chunk of raw input into documents and hands each to a job, in a worker or (to run a chunk again) on the
// main thread: JSON through the splitter from the state it was in before the chunk, each read group's documents
// parsed before any of them is processed (as the single-threaded reader parses a read chunk's documents before it
// yields them); YAML through the same reader as the single-threaded run, from the line the chunk starts at.

import { parseJson, type SourceDoc, type SyntaxErrorFinder } from "../documents.js";
import { JsonSplitter, SplitError, type StreamPosition } from "../json-split.js";
import type { InputLimits } from "../limits.js";
import { expand, InputError } from "../source.js";
import { yamlDocuments } from "../yaml-read.js";
import { type ChunkInput, type ChunkResult, type Entry, type JsonChunk, type ReadInfo, type YamlChunk } from "./protocol.js";
import { toWire } from "./wire-error.js";

/** What a job does with the documents of a chunk. */
export interface DocJob<O> {
  /** The outcome of one document (its index in the chunk given); throws what stops the command. */
  process(doc: SourceDoc, index: number): O;
  /** Turns the chunk's entries into their final form once all are read (check asks the main thread for the OLD
   *  objects its NEW documents pair with, telling it how reading went); absent: they are final. */
  finish?(entries: Entry<O>[], read: ReadInfo): Promise<Entry<O>[]>;
}

/** What reading needs besides the chunk. */
export interface ChunkEnv {
  limits: InputLimits;
  syntaxError: SyntaxErrorFinder;
}

/** Hands the documents of `docs` to `job` (List documents expanded into their items) until one fails. */
function processAll<O>(docs: SourceDoc[], g: number, job: DocJob<O>, entries: Entry<O>[], next: { index: number }): boolean {
  try {
    for (const doc of docs) for (const d of expand(doc)) entries.push({ g, o: job.process(d, next.index++) });
    return true;
  } catch (e) {
    entries.push({ g, e: toWire(e), read: false });
    return false;
  }
}

/** The entries of a JSON block: each read group split and parsed, then processed; reading stops at the first error. */
function runJson<O>(chunk: JsonChunk, job: DocJob<O>, env: ChunkEnv): ChunkResult<O> {
  const entries: Entry<O>[] = [];
  let raw: { bytes: Uint8Array; at: StreamPosition }[] = [];
  const splitter = JsonSplitter.restore(chunk.state, (bytes, at) => raw.push({ bytes, at }), env.limits.maxDepth);
  const bounds = [0, ...chunk.groups, chunk.bytes.length];
  const next = { index: 0 };
  let processing = true;
  /** The documents split so far, parsed in order (the first that does not parse stops the block). */
  const parseRaw = (g: number): SourceDoc[] | undefined => {
    const docs: SourceDoc[] = [];
    try {
      for (const r of raw) docs.push(parseJson(r.bytes, r.at, chunk.file, env.syntaxError));
    } catch (e) {
      entries.push({ g, e: toWire(e), read: true });
      return undefined;
    }
    raw = [];
    return docs;
  };
  for (let k = 0; k + 1 < bounds.length; k++) {
    const g = chunk.group + k;
    try {
      splitter.push(chunk.bytes.subarray(bounds[k], bounds[k + 1]));
    } catch (e) {
      if (!(e instanceof SplitError)) throw e;
      // the documents before the error were parsed as they were split: one of them may fail first
      if (parseRaw(g) !== undefined) entries.push({ g, e: toWire(new InputError(chunk.file, e.at.line, e.at.column, e.message)), read: true });
      return { entries, aliasNodes: 0 };
    }
    const docs = parseRaw(g);
    if (docs === undefined) return { entries, aliasNodes: 0 };
    if (processing) processing = processAll(docs, g, job, entries, next);
  }
  if (chunk.end) {
    try {
      splitter.end();
    } catch (e) {
      if (!(e instanceof SplitError)) throw e;
      // the last group's documents are handed out after end(), which may drop them
      entries.push({ g: chunk.group + chunk.groups.length, e: toWire(new InputError(chunk.file, e.at.line, e.at.column, e.message)), read: true });
      return { entries, aliasNodes: 0 };
    }
  }
  return { entries, end: splitter.snapshot(), aliasNodes: 0 };
}

/** The entries of a YAML chunk: each document processed as the reader hands it out; any error ends the chunk. */
function runYaml<O>(chunk: YamlChunk, job: DocJob<O>, env: ChunkEnv): ChunkResult<O> {
  const entries: Entry<O>[] = [];
  const aliases = { nodes: 0 };
  // a List's items are read as the items of a document, so they nest as deep as in the List
  const text = chunk.items ? `items:\n${chunk.text}` : chunk.text;
  const firstLine = chunk.items ? chunk.firstLine - 1 : chunk.firstLine;
  const docs = yamlDocuments(text, chunk.file, false, env.limits, { firstLine, aliases });
  let index = 0;
  for (;;) {
    let doc: SourceDoc;
    try {
      const r = docs.next();
      if (r.done === true) break;
      doc = r.value;
    } catch (e) {
      entries.push({ g: 0, e: toWire(e), read: true });
      break;
    }
    try {
      entries.push({ g: 0, o: job.process(doc, index++) });
    } catch (e) {
      entries.push({ g: 0, e: toWire(e), read: false });
      break;
    }
  }
  return { entries, aliasNodes: aliases.nodes };
}

/** How reading a chunk went. */
export function readInfo(result: ChunkResult<unknown>): ReadInfo {
  return { end: result.end, aliasNodes: result.aliasNodes, readError: result.entries.some((e) => "e" in e && e.read) };
}

/** The result of a chunk: its entries in input order, finished by the job. */
export async function runChunk<O>(chunk: ChunkInput, job: DocJob<O>, env: ChunkEnv): Promise<ChunkResult<O>> {
  const result = chunk.type === "json" ? runJson(chunk, job, env) : runYaml(chunk, job, env);
  if (job.finish !== undefined) result.entries = await job.finish(result.entries, readInfo(result));
  return result;
}
