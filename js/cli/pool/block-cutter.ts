// Collects the bytes of a JSON input as they are read and hands out blocks: each starts where the one before ended,
// with the splitter's state there (exact for the first, assumed from the cut rule for the others), its read groups,
// and its exact position (lines are counted here). Bytes are copied once, into the block that holds them.

import type { SplitterState } from "../json-split.js";
import type { JsonChunk } from "./protocol.js";
import { advance, type CutRule } from "./json-blocks.js";

/** A block handed out and whether its start state is assumed. */
export interface Block {
  chunk: JsonChunk;
  speculative: boolean;
}

/** The bytes read since the last block, and where they start. */
export class BlockCutter {
  #parts: Uint8Array[] = [];
  #start: number;
  #size = 0;
  #state: SplitterState;
  #speculative = false;
  #group: number;
  /** Absolute offsets where groups after #group start. */
  #bounds: number[] = [];
  #pos: { line: number; lineStart: number };
  /** Matches of the cut rule before this absolute offset were looked for. */
  #searched: number;
  readonly #file: string;

  /** Starts at the splitter's exact `state` (its position is where the bytes start), in read group `group`. */
  constructor(file: string, state: SplitterState, group: number) {
    this.#file = file;
    this.#start = state.base;
    this.#state = state;
    this.#group = group;
    this.#pos = { line: state.line, lineStart: state.lineStart };
    this.#searched = state.base;
  }

  /** How many bytes are waiting. */
  get size(): number {
    return this.#size;
  }

  /** Adds read bytes; `boundary`: a new read group starts after them. */
  add(bytes: Uint8Array, boundary: boolean): void {
    if (bytes.length > 0) this.#parts.push(bytes);
    this.#size += bytes.length;
    if (boundary) this.#bounds.push(this.#start + this.#size);
  }

  /** The absolute offset of the first match of `pattern` starting at or after `from`, or -1 (matches across parts
   *  are found through a small window over each seam). */
  #find(pattern: Uint8Array, from: number): number {
    let base = this.#start;
    let prev: Uint8Array | undefined;
    for (const part of this.#parts) {
      const end = base + part.length;
      if (prev !== undefined && pattern.length > 1) {
        const tail = prev.subarray(Math.max(0, prev.length - pattern.length + 1));
        const seam = Buffer.concat([tail, part.subarray(0, pattern.length - 1)]);
        const i = seam.indexOf(pattern);
        const at = base - tail.length + i;
        if (i >= 0 && at >= from) return at;
      }
      if (end > from) {
        const i = Buffer.from(part.buffer, part.byteOffset, part.length).indexOf(pattern, Math.max(0, from - base));
        if (i >= 0) return base + i;
      }
      prev = part;
      base = end;
    }
    return -1;
  }

  /** The blocks of at least `target` bytes that can be cut by `rule` now. */
  *cut(rule: CutRule, target: number): Generator<Block> {
    while (this.#size >= target) {
      const m = this.#find(rule.pattern, Math.max(this.#searched, this.#start + Math.floor(target / 2)));
      if (m < 0) {
        this.#searched = Math.max(this.#searched, this.#start + this.#size - rule.pattern.length + 1);
        return;
      }
      const cut = m + rule.at;
      const block = this.#take(cut, false);
      this.#state = { ...rule.template, base: cut, line: this.#pos.line, lineStart: this.#pos.lineStart };
      this.#speculative = true;
      yield block;
    }
  }

  /** Hands out everything waiting as the last block (`end`: the input ends there). */
  rest(end: boolean): Block {
    return this.#take(this.#start + this.#size, end);
  }

  /** The block of bytes up to `cut` (copied out of the parts); the rest stays. */
  #take(cut: number, end: boolean): Block {
    const n = cut - this.#start;
    const bytes = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      const part = this.#parts[0]!;
      const take = Math.min(part.length, n - at);
      bytes.set(part.subarray(0, take), at);
      at += take;
      if (take === part.length) this.#parts.shift();
      else this.#parts[0] = part.subarray(take);
    }
    const inside = this.#bounds.filter((b) => b > this.#start && b <= cut);
    const chunk: JsonChunk = { type: "json", file: this.#file, bytes, state: this.#state, group: this.#group, groups: inside.map((b) => b - this.#start), end };
    const block: Block = { chunk, speculative: this.#speculative };
    this.#pos = advance(this.#pos, bytes, this.#start);
    this.#group += inside.length;
    this.#bounds = this.#bounds.filter((b) => b > cut);
    this.#size -= n;
    this.#start = cut;
    this.#searched = cut;
    return block;
  }
}
