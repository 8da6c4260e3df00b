// What the main thread cuts an input into for the pool: chunks of raw input, an error met while reading (in input
// order), and the end of an input side (OLD before NEW for `check`).

import type { ChunkInput, Side, YamlChunk } from "./protocol.js";

/** Items of one YAML List read in parts: its id, the whole document (read again whole when the parts do not
 *  read as the whole would), and which part this is. */
export interface ListPart {
  id: number;
  whole: YamlChunk;
  index: number;
  count: number;
}

/** A piece of the input, in input order. */
export type Piece =
  | {
      type: "chunk";
      side: Side;
      chunk: ChunkInput;
      /** JSON: the blocks of one input in a row (the state before each is the state after the one before). */
      chain?: number;
      /** JSON: the splitter's state before the block is assumed (a likely document start), not known. */
      speculative?: boolean;
      list?: ListPart;
      /** Read on the main thread, every reading error reported as `readErrorAs` (JSON read again as YAML). */
      local?: boolean;
      readErrorAs?: Error;
    }
  | { type: "error"; side: Side; error: Error }
  | { type: "end"; side: Side };
