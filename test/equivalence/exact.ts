// Request lines with the engine-only field `exact` (base/exact.ts: the shortcuts a request turns off), for the
// equivalence suites: each compares the answers of the same request through the eval door with and without
// the bits of a shortcut, so a shortcut that answers differently from its port fails here.

import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { kinplace } from "../support/engine.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** The request line `line` (bytes or text of a JSON object) with member "exact": `exact` added last. */
export function withExact(line: Uint8Array | string, exact: string[] | boolean): Uint8Array {
  const b = typeof line === "string" ? enc.encode(line) : line;
  let end = b.length;
  while (end > 0 && b[end - 1] !== 0x7d) end--;
  const tail = enc.encode(`,"exact":${JSON.stringify(exact)}}`);
  const out = new Uint8Array(end - 1 + tail.length);
  out.set(b.subarray(0, end - 1));
  out.set(tail, end - 1);
  return out;
}

/** The engine's answer line to request line `line` (bytes or text). */
export function ask(line: Uint8Array | string): string {
  return dec.decode(kinplace.evaluateLine(typeof line === "string" ? enc.encode(line) : line));
}

/** Every subset of `names` (the empty one first). */
export function subsets(names: string[]): string[][] {
  const out: string[][] = [];
  for (let m = 0; m < 1 << names.length; m++) out.push(names.filter((_n, i) => (m >> i) & 1));
  return out;
}

/** The request lines of golden vector files `files` (test/vectors/*.jsonl.gz) whose op is one of `ops`. */
export function goldenRequests(files: string[], ops: string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const text = gunzipSync(readFileSync(new URL(`../vectors/${file}`, import.meta.url))).toString("utf8");
    for (const l of text.split("\n")) {
      if (l === "") continue;
      const req = (JSON.parse(l) as { request: string }).request;
      if (ops.includes((JSON.parse(req) as { op: string }).op)) out.push(req);
    }
  }
  return out;
}
