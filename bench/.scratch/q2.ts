import { measure, fmt } from "/work/main/bench/harness.ts";
import { patchPairs } from "/work/main/bench/patch-pairs.ts";
import fjpDefault from "fast-json-patch"; const fjp: any = fjpDefault;
const p = patchPairs()[0];
const m = measure([
  { name: "JSON.parse both", fn: () => [JSON.parse(p.fromText), JSON.parse(p.toText)] },
  { name: "fjp text-in", fn: () => fjp.compare(JSON.parse(p.fromText), JSON.parse(p.toText)) },
  { name: "fjp text-in text-out", fn: () => JSON.stringify(fjp.compare(JSON.parse(p.fromText), JSON.parse(p.toText))) },
  { name: "fjp compare", fn: () => fjp.compare(p.from, p.to) },
  { name: "structuredClone both", fn: () => [structuredClone(p.from), structuredClone(p.to)] },
], 3, 150);
for (const [n, v] of m) console.log(n, fmt(v));
