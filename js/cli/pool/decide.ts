// Whether a command's inputs are read with workers: with --jobs above 1, when they hold at least --jobs-threshold
// bytes. Files are measured; stdin is read ahead up to what is missing, and the command then reads a stream that
// gives back the same chunks first (so both ways read exactly the same chunks).

import { statSync } from "node:fs";
import { Readable } from "node:stream";
import { inputFiles } from "../inputs.js";
import type { PoolOptions } from "./options.js";

/** How a command reads its inputs: the stdin to read from, and the workers and chunk size when on the pool. */
export interface PoolPlan {
  stdin: Readable;
  /** Workers to start (0: none). */
  workers: number;
  /** About how many bytes a chunk holds. */
  target: number;
}

const MIN_CHUNK = 256 << 10;
const MAX_CHUNK = 4 << 20;

/** The bytes of the files `path` names (0 when it cannot be read: reading it reports why). */
function sizeOf(path: string, recursive: boolean): number {
  try {
    return inputFiles(path, recursive).reduce((n, f) => n + statSync(f).size, 0);
  } catch {
    return 0;
  }
}

/** `stdin` read ahead until `limit` bytes or its end: the chunks read, and a stream giving them back then the rest. */
async function readAhead(stdin: Readable, limit: number): Promise<{ bytes: number; stream: Readable }> {
  const it = stdin[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let ended = false;
  while (bytes < limit) {
    const r = await it.next();
    if (r.done === true) {
      ended = true;
      break;
    }
    chunks.push(r.value);
    bytes += r.value.length;
  }
  async function* again(): AsyncGenerator<Uint8Array> {
    yield* chunks;
    if (ended) return;
    for (;;) {
      const r = await it.next();
      if (r.done === true) return;
      yield r.value;
    }
  }
  return { bytes, stream: Readable.from(again()) };
}

/** How inputs `paths` ("-": stdin) are read under `options`. */
export async function planPool(paths: readonly string[], recursive: boolean, options: PoolOptions, stdin: Readable): Promise<PoolPlan> {
  const none: PoolPlan = { stdin, workers: 0, target: MAX_CHUNK };
  if (options.jobs <= 1) return none;
  let total = 0;
  for (const p of paths) if (p !== "-") total += sizeOf(p, recursive);
  const target = (t: number): number => Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, Math.floor(t / (options.jobs * 8))));
  if (total >= options.threshold) return { stdin, workers: options.jobs, target: target(total) };
  if (!paths.includes("-")) return none;
  const ahead = await readAhead(stdin, options.threshold - total);
  const big = total + ahead.bytes >= options.threshold;
  // the size of stdin is not known: chunks of 1 MiB
  return { stdin: ahead.stream, workers: big ? options.jobs : 0, target: 1 << 20 };
}
