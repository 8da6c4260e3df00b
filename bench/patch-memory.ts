// JS heap allocated by one fast-json-patch call on the 400 KB pairs (text in: JSON.parse of the documents
// included), for bench/patch.ts. Run with --expose-gc and a large young generation so that no garbage
// collection happens during the call; prints {"<op>|<pair>": bytes}.

import fastJsonPatch from "fast-json-patch";
import { patchPairs } from "./patch-pairs.ts";

const fjp = fastJsonPatch as unknown as {
  compare(a: unknown, b: unknown): unknown[];
  applyPatch(doc: unknown, patch: unknown[], validate?: boolean, mutate?: boolean): { newDocument: unknown };
};
const gc = (globalThis as { gc?: () => void }).gc!;

/** Heap growth during fn() (the result is kept alive until measured). */
function allocated(fn: () => unknown): number {
  fn();
  gc();
  const before = process.memoryUsage().heapUsed;
  const keep = fn();
  const after = process.memoryUsage().heapUsed;
  void keep;
  return Math.max(0, after - before);
}

const out: Record<string, number> = {};
for (const p of patchPairs()) {
  if (p.name === "4k" || p.ops === "smp") continue;
  const patch = JSON.stringify(fjp.compare(p.from, p.to));
  out[`JSON Patch diff|${p.name}`] = allocated(() => fjp.compare(JSON.parse(p.fromText), JSON.parse(p.toText)));
  out[`JSON Patch apply|${p.name}`] = allocated(() => fjp.applyPatch(JSON.parse(p.fromText), JSON.parse(patch), false, true));
}
console.log(JSON.stringify(out));
