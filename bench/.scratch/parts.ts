import { readFileSync } from "node:fs";
import { engineFromBytesSync } from "/work/main/js/instantiate.ts";
import { measure, fmt } from "/work/main/bench/harness.ts";
import { patchPairs } from "/work/main/bench/patch-pairs.ts";
const B = engineFromBytesSync(readFileSync(process.argv[2]!));
const p = patchPairs()[0];
const enc = new TextEncoder();
const same = enc.encode(`{"op":"jsonpatch.diff","from":${p.fromText},"to":${p.fromText}}`);
const diff = enc.encode(`{"op":"jsonpatch.diff","from":${p.fromText},"to":${p.toText}}`);
const arr = enc.encode(`[${p.fromText},${p.toText}]`);
const m = measure([
  { name: "fnv 8.4KB (copy in)", fn: () => B.fnv32(arr, 1) },
  { name: "canonical [from,to]", fn: () => B.canonical(arr, 0, 0) },
  { name: "diff same", fn: () => B.evaluateView(same) },
  { name: "diff", fn: () => B.evaluateView(diff) },
], 5, 100);
for (const [n, v] of m) console.log(n.padEnd(24), (1e6 / v).toFixed(1), "µs");
