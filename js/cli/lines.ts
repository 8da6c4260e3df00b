// Splits a byte stream into lines without decoding it: lines end at "\n", a trailing "\r" is dropped,
// and lines that are empty or hold only JSON whitespace (space, tab, CR) are skipped. Lines that lie
// inside one chunk are handed out as views of it (no copy); only a line spanning chunks is joined.

/** Receives one line; the view is only valid during the call. */
export type LineHandler = (line: Uint8Array) => void;

const LF = 0x0a;
const CR = 0x0d;

/** True when the line has no byte other than space, tab or CR. */
function isBlank(line: Uint8Array): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c !== 0x20 && c !== 0x09 && c !== CR) return false;
  }
  return true;
}

/** Incremental byte-line splitter. */
export class LineSplitter {
  #parts: Uint8Array[] = [];
  #partsLength = 0;

  /** Feeds one chunk; calls `onLine` for every line it completes, in order. */
  push(chunk: Uint8Array, onLine: LineHandler): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(LF, start);
      if (nl < 0) break;
      let line = chunk.subarray(start, nl);
      if (this.#partsLength > 0) line = this.#join(line);
      emit(line, onLine);
      start = nl + 1;
    }
    if (start < chunk.length) {
      // Copy: the caller may reuse the chunk's memory after push returns.
      this.#parts.push(chunk.slice(start));
      this.#partsLength += chunk.length - start;
    }
  }

  /** Ends the stream: a last line without "\n" is still a line. */
  end(onLine: LineHandler): void {
    if (this.#partsLength > 0) emit(this.#join(new Uint8Array(0)), onLine);
  }

  /** The pending parts followed by `tail`, as one buffer; clears the parts. */
  #join(tail: Uint8Array): Uint8Array {
    const out = new Uint8Array(this.#partsLength + tail.length);
    let at = 0;
    for (const p of this.#parts) {
      out.set(p, at);
      at += p.length;
    }
    out.set(tail, at);
    this.#parts = [];
    this.#partsLength = 0;
    return out;
  }
}

/** Drops a trailing CR and skips blank lines. */
function emit(line: Uint8Array, onLine: LineHandler): void {
  const l = line.length > 0 && line[line.length - 1] === CR ? line.subarray(0, line.length - 1) : line;
  if (!isBlank(l)) onLine(l);
}
