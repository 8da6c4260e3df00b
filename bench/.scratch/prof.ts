import { readFileSync } from "node:fs";
import * as k from "/work/main/js/node.ts";
import { patchPairs } from "/work/main/bench/patch-pairs.ts";
k.initSync(readFileSync(process.argv[2] ?? "/tmp/kpb/prof.wasm"));
const which = process.argv[3] ?? "4k";
const op = process.argv[4] ?? "jsonpatch.diff";
const p = patchPairs().find((x) => x.name === which)!;
const enc = new TextEncoder();
const line = enc.encode(op === "jsonpatch.diff" ? `{"op":"jsonpatch.diff","from":${p.fromText},"to":${p.toText}}` : op);
const t0 = performance.now(); let n = 0;
while (performance.now() - t0 < 4000) { k.evaluateLine(line); n++; }
console.log(n / 4, "ops/s");
