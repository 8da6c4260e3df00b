// Buffered output for streaming commands: small writes are copied into one buffer that is handed to the
// stream when full or on flush(), honoring backpressure.

import { once } from "node:events";
import type { Writable } from "node:stream";

const DEFAULT_SIZE = 64 * 1024;

/** Collects bytes and writes them to a stream in large chunks. */
export class BufferedOutput {
  readonly #stream: Writable;
  readonly #size: number;
  #buf: Uint8Array;
  #len = 0;
  #full: Uint8Array[] = [];

  /** Buffers writes to `stream` in chunks of `size` bytes. */
  constructor(stream: Writable, size = DEFAULT_SIZE) {
    this.#stream = stream;
    this.#size = size;
    this.#buf = new Uint8Array(size);
  }

  /** Copies `bytes` and then `end` (if any) into the buffer. */
  write(bytes: Uint8Array, end?: number): void {
    const need = bytes.length + (end === undefined ? 0 : 1);
    if (this.#len + need > this.#size) this.#seal();
    if (need > this.#size) {
      const big = new Uint8Array(need);
      big.set(bytes);
      if (end !== undefined) big[bytes.length] = end;
      this.#full.push(big);
      return;
    }
    this.#buf.set(bytes, this.#len);
    this.#len += bytes.length;
    if (end !== undefined) this.#buf[this.#len++] = end;
  }

  /** Writes everything buffered to the stream and waits while the stream asks to. */
  async flush(): Promise<void> {
    this.#seal();
    const chunks = this.#full;
    this.#full = [];
    for (const c of chunks) {
      if (!this.#stream.write(c)) await once(this.#stream, "drain");
    }
  }

  /** Moves the current buffer to the list of chunks to write and starts a fresh one. */
  #seal(): void {
    if (this.#len === 0) return;
    this.#full.push(this.#buf.subarray(0, this.#len));
    this.#buf = new Uint8Array(this.#size);
    this.#len = 0;
  }
}
