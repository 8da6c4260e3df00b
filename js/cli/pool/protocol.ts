// What the CLI's main thread and its pool workers send each other: chunks of raw input (JSON bytes with the splitter's
// state before them, or YAML text with the line it starts at), the outcomes of the documents in them, errors as plain
// data, and the jobs (a command's options) every worker starts with.

import type { CheckJob } from "../check-pair.js";
import type { HashJob } from "../hash-doc.js";
import type { InputOptions } from "../inputs.js";
import type { SplitterState } from "../json-split.js";

/** A block of a JSON input: its bytes, the splitter's state before them, and where its read groups start. */
export interface JsonChunk {
  type: "json";
  /** The input's display name. */
  file: string;
  bytes: Uint8Array;
  /** The splitter's state before bytes[0] (its position included). */
  state: SplitterState;
  /** The id of the read group bytes[0] is in. */
  group: number;
  /** Offsets in `bytes` where the next read groups start (ids group+1, group+2, ...): the documents a group ends are
   *  handed out together once it is read, as the single-threaded reader hands out what each read chunk ends (the
   *  last group's after end()); an error in a group drops its documents. */
  groups: number[];
  /** The input ends with this block: the splitter's end() is called after it. */
  end: boolean;
}

/** A piece of a YAML input: whole documents, or some items of a List (read as the `items` of a document). */
export interface YamlChunk {
  type: "yaml";
  file: string;
  text: string;
  /** The line text[0] is on in its file. */
  firstLine: number;
  /** `text` is lines of a List's items. */
  items: boolean;
}

/** A chunk of raw input. */
export type ChunkInput = JsonChunk | YamlChunk;

/** An error as plain data: a usage error, bad input at a position, an engine error, or anything else. */
export type WireError =
  | { kind: "usage"; message: string }
  | { kind: "input"; message: string; file: string; line: number; column: number }
  | { kind: "engine"; message: string; code: string; path?: string; offset?: number }
  | { kind: "other"; message: string; name: string; stack?: string };

/** One entry of a chunk's result, in input order: a document's outcome, or an error (`read`: reading the input
 *  failed; else processing a document did), each in read group `g` (JSON; 0 for YAML). */
export type Entry<O> = { g: number; o: O } | { g: number; e: WireError; read: boolean };

/** What a chunk gave. */
export interface ChunkResult<O> {
  entries: Entry<O>[];
  /** JSON: the splitter's state after the block (absent when it stopped at an error). */
  end?: SplitterState;
  /** YAML: the nodes aliases added. */
  aliasNodes: number;
}

/** How reading a chunk went (what the main thread checks before it answers the chunk's requests). */
export interface ReadInfo {
  end?: SplitterState;
  aliasNodes: number;
  /** Reading the chunk failed somewhere. */
  readError: boolean;
}

/** A NEW chunk of `check` asking for the OLD objects of its workloads' keys. */
export interface LookupRequest {
  keys: string[];
  read: ReadInfo;
}

/** `plan`'s job: how inputs are read. */
export interface PlanJob {
  inputs: InputOptions;
}

/** What every worker is started with: the command and its options. */
export type JobSpec = { command: "hash"; hash: HashJob } | { command: "check"; check: CheckJob } | { command: "plan"; plan: PlanJob };

/** A chunk's side of `check` (its documents are paired differently), or the one input of `hash` and `plan`. */
export type Side = "old" | "new" | "input";

/** Messages from the main thread to a worker. */
export type ToWorker =
  | { type: "chunk"; id: number; seq: number; side: Side; chunk: ChunkInput; keep: boolean }
  | { type: "answer"; id: number; answer: unknown }
  | { type: "ask"; id: number; question: unknown };

/** Messages from a worker to the main thread. */
export type FromWorker =
  | { type: "result"; id: number; result: ChunkResult<unknown> }
  | { type: "request"; id: number; request: unknown }
  | { type: "reply"; id: number; reply: unknown }
  | { type: "failed"; id: number; error: WireError };
