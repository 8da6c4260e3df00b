// Reads an input path for the pool and cuts it into pieces, deciding everything the single-threaded reader decides
// (documents.ts) the same way: JSON or YAML by the name and first byte, JSON read again as YAML when it fails before
// any document, an input that cannot be read. The start of JSON input is split here as that reader splits it (until
// its first documents are out and no YAML retry is possible), the rest is cut into blocks (block-cutter.ts); YAML is
// read whole, as that reader reads it, and cut by yaml-pieces.ts.

import type { Readable } from "node:stream";
import { displayName, InputError, isSpace, openInput, parseJson, RETRY_LIMIT, yamlText, type SyntaxErrorFinder } from "../documents.js";
import { inputFiles } from "../inputs.js";
import { DepthError, JsonSplitter, SplitError, type SplitterState, type StreamPosition } from "../json-split.js";
import type { InputLimits } from "../limits.js";
import type { Progress } from "../progress.js";
import { BlockCutter, type Block } from "./block-cutter.js";
import { concat, cutRule, type CutRule } from "./json-blocks.js";
import type { Piece } from "./pieces.js";
import type { Side } from "./protocol.js";
import { yamlPieces } from "./yaml-pieces.js";

/** How inputs are cut. */
export interface PieceOptions {
  stdin: Readable;
  limits: InputLimits;
  recursive: boolean;
  /** About how many bytes a chunk holds. */
  target: number;
  syntaxError: SyntaxErrorFinder;
  progress?: Progress;
  /** Numbers the JSON inputs and the YAML Lists read in parts. */
  ids: { next: number };
}

/** The pieces of input `path` ("-" is stdin; a directory: its manifests), on input side `side`. */
export async function* inputPieces(path: string, side: Side, o: PieceOptions): AsyncGenerator<Piece> {
  let files: string[];
  try {
    files = inputFiles(path, o.recursive);
  } catch (e) {
    yield { type: "error", side, error: e as Error };
    return;
  }
  for (const f of files) if (yield* filePieces(f, side, o)) return;
}

/** The pieces of one file; returns true when it ended with an error piece (nothing after it counts). */
async function* filePieces(path: string, side: Side, o: PieceOptions): AsyncGenerator<Piece, boolean> {
  const file = displayName(path);
  let opened: ReturnType<typeof openInput>;
  try {
    opened = openInput(path, o.stdin);
  } catch (e) {
    yield { type: "error", side, error: new InputError(file, 0, 0, `cannot read: ${(e as Error).message}`) };
    return true;
  }
  o.progress?.start(file, opened.size);
  try {
    return yield* readPieces(path, file, opened.stream, side, o);
  } finally {
    o.progress?.done();
  }
}

/** The cut rule learned from the last documents split (the latest one whose line start was read, else the latest),
 *  reading the pushes before it again from the state before them. */
function learn(history: readonly { state: SplitterState; bytes: Uint8Array }[], docs: readonly StreamPosition[], maxDepth: number): CutRule | undefined {
  let best: CutRule | undefined;
  for (let d = docs.length - 1; d >= 0; d--) {
    const doc = docs[d]!;
    let k = history.length - 1;
    while (k >= 0 && history[k]!.state.base > doc.offset - 2) k--;
    if (k < 0) continue;
    const rule = cutRule(history[k]!.state, concat(history.slice(k).map((h) => h.bytes)), doc, maxDepth);
    if (rule !== undefined && (best === undefined || (rule.lined && !best.lined))) best = rule;
    if (best?.lined === true) break;
  }
  return best;
}

/** A document the lead splitter split, not yet parsed. */
interface Raw {
  bytes: Uint8Array;
  at: StreamPosition;
}

/** The pieces of one opened input (see the file's comment). */
async function* readPieces(path: string, file: string, stream: AsyncIterable<Uint8Array>, side: Side, o: PieceOptions): AsyncGenerator<Piece, boolean> {
  const { limits } = o;
  let mode: "json" | "yaml" | undefined = /\.ya?ml$/i.test(path) ? "yaml" : undefined;
  const sniffed = !/\.(json|ya?ml)$/i.test(path);
  const chain = o.ids.next++;
  const kept: Uint8Array[] = [];
  let keeping = true;
  let read = 0;
  let group = 0;
  // the lead splitter splits the start; `waiting` holds what was read since the last block, `raw` the documents split
  // since the last point the single-threaded reader hands documents out
  let raw: Raw[] = [];
  // the last pushes (the state before each) and the last documents split: where the cut rule is learned from
  const history: { state: SplitterState; bytes: Uint8Array }[] = [];
  const docs: StreamPosition[] = [];
  const lead = new JsonSplitter((bytes, at) => {
    raw.push({ bytes, at });
    docs.push(at);
    if (docs.length > 8) docs.shift();
  }, limits.maxDepth);
  let waiting = new BlockCutter(file, lead.snapshot(), 0);
  let rule: CutRule | undefined;
  let ending = false;
  const chunkPiece = (b: Block): Piece => ({ type: "chunk", side, chunk: b.chunk, chain, speculative: b.speculative });
  /** Pushes bytes through the lead; `boundary`: the documents split so far are handed out after them. */
  const leadPush = (bytes: Uint8Array, boundary: boolean): void => {
    waiting.add(bytes, boundary);
    if (boundary) group++;
    history.push({ state: lead.snapshot(), bytes });
    if (history.length > 4) history.shift();
    lead.push(bytes);
  };
  try {
    for await (const chunk of stream) {
      read += chunk.length;
      o.progress?.update(read);
      if (mode === undefined) {
        kept.push(chunk);
        const first = chunk.findIndex((b) => !isSpace(b));
        if (first < 0) continue;
        mode = chunk[first] === 0x7b || chunk[first] === 0x5b ? "json" : "yaml";
        if (mode === "json") for (const p of kept) leadPush(p, false);
        continue;
      }
      if (mode === "yaml" || keeping) kept.push(chunk);
      if (mode === "yaml") continue;
      keeping &&= read <= RETRY_LIMIT;
      if (rule !== undefined) {
        waiting.add(chunk, true);
        for (const b of waiting.cut(rule, o.target)) yield chunkPiece(b);
        continue;
      }
      leadPush(chunk, true);
      if (raw.length > 0 || !keeping) {
        keeping = false;
        kept.length = 0;
      }
      raw = [];
      if (keeping) continue;
      // no YAML retry is possible any more: learn where documents start, then cut without splitting
      rule = learn(history, docs, limits.maxDepth);
      if (rule !== undefined || waiting.size >= o.target) {
        yield chunkPiece(waiting.rest(false));
        waiting = new BlockCutter(file, lead.snapshot(), group);
      }
    }
    if (mode === "json") {
      ending = true;
      if (rule === undefined) lead.end();
      yield chunkPiece(waiting.rest(true));
      return false;
    }
  } catch (e) {
    if (e instanceof SplitError) {
      // the documents split before the error were parsed as they were split: one of them may fail first
      const failed = raw.some((r) => {
        try {
          parseJson(r.bytes, r.at, file, o.syntaxError);
          return false;
        } catch {
          return true;
        }
      });
      if (failed || e instanceof DepthError || !sniffed || !keeping) {
        // a worker reads these bytes again and meets the same error at the same place
        yield chunkPiece(waiting.rest(ending));
        return true;
      }
      // not a stream of JSON values: maybe YAML in flow style (read on this thread; any error is the JSON one)
      const error = new InputError(file, e.at.line, e.at.column, e.message);
      let text: string;
      try {
        text = yamlText(kept, file);
      } catch {
        yield { type: "error", side, error };
        return true;
      }
      yield { type: "chunk", side, chunk: { type: "yaml", file, text, firstLine: 1, items: false }, local: true, readErrorAs: error };
      return false;
    }
    const err = e as NodeJS.ErrnoException;
    if (typeof err.code === "string" && err.syscall !== undefined) {
      if (mode === "json") yield chunkPiece(waiting.rest(false));
      yield { type: "error", side, error: new InputError(file, 0, 0, `cannot read: ${err.message}`) };
      return true;
    }
    throw e;
  }
  let text: string;
  try {
    text = yamlText(kept, file);
  } catch (e) {
    yield { type: "error", side, error: e as Error };
    return true;
  }
  for (const p of yamlPieces(text, file, limits, o.target, () => o.ids.next++)) yield { type: "chunk", side, chunk: p.chunk, list: p.list };
  return false;
}
