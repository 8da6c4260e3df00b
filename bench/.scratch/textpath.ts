import { readFileSync } from "node:fs";
import { engineFromBytesSync } from "/work/main/js/instantiate.ts";
import { measure } from "/work/main/bench/harness.ts";
import { patchPairs } from "/work/main/bench/patch-pairs.ts";
const B = engineFromBytesSync(readFileSync(process.argv[2]!));
const p = patchPairs()[0];
const dec = new TextDecoder();
const m = measure([
  { name: "direct embed string", fn: () => dec.decode(B.evaluateView(`{"op":"jsonpatch.diff","from":${p.fromText},"to":${p.toText}}`)) },
  { name: "xText JSON.stringify", fn: () => dec.decode(B.evaluateView(`{"op":"jsonpatch.diff","fromText":${JSON.stringify(p.fromText)},"toText":${JSON.stringify(p.toText)}}`)) },
  { name: "objects stringify req", fn: () => JSON.parse(dec.decode(B.evaluateView(JSON.stringify({ op: "jsonpatch.diff", from: p.from, to: p.to })))) },
], 5, 100);
for (const [n, v] of m) console.log(n.padEnd(24), (1e6 / v).toFixed(1), "µs");
