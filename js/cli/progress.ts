// A progress bar on stderr while a large input is read, only when stderr is a terminal; redrawn at most
// ten times a second and erased when done.

import type { Writable } from "node:stream";

/** Receives reading progress. */
export interface Progress {
  /** A new input starts; `size` in bytes when known. */
  start(name: string, size: number | undefined): void;
  /** `read` bytes of it are read so far. */
  update(read: number): void;
  /** Counts processed objects (shown next to the bar). */
  count(objects: number): void;
  /** The input is finished: the bar is erased. */
  done(): void;
}

const WIDTH = 30;
const MIN_BYTES = 4 << 20; // smaller inputs are read too fast for a bar to help

/** "12.3 MB" style size. */
function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** A progress bar drawing on `stream` (which must be a terminal), or undefined when it is not one. */
export function progressFor(stream: Writable, env: NodeJS.ProcessEnv = process.env): Progress | undefined {
  const tty = (stream as Writable & { isTTY?: boolean }).isTTY === true;
  if (!tty || env["KINPLACE_NO_PROGRESS"] !== undefined) return undefined;
  let name = "";
  let size: number | undefined;
  let read = 0;
  let objects = 0;
  let last = 0;
  let shown = false;
  const draw = (force: boolean): void => {
    const now = Date.now();
    if (!force && now - last < 100) return;
    if (!shown && (size ?? read) < MIN_BYTES && read < MIN_BYTES) return;
    last = now;
    shown = true;
    let bar: string;
    if (size !== undefined && size > 0) {
      const f = Math.min(1, read / size);
      const full = Math.round(f * WIDTH);
      bar = `[${"#".repeat(full)}${"-".repeat(WIDTH - full)}] ${(f * 100).toFixed(0).padStart(3)}% ${mb(read)}/${mb(size)}`;
    } else bar = `${mb(read)}`;
    stream.write(`\r\x1b[2K${name} ${bar} ${objects} objects`);
  };
  return {
    start(n, s) {
      name = n;
      size = s;
      read = 0;
    },
    update(r) {
      read = r;
      draw(false);
    },
    count(n) {
      objects = n;
      draw(false);
    },
    done() {
      if (shown) stream.write("\r\x1b[2K");
      shown = false;
    },
  };
}
