import { readFileSync } from "node:fs";
import * as k from "/work/main/js/node.ts";
import { patchPairs } from "/work/main/bench/patch-pairs.ts";
k.initSync(readFileSync("/tmp/kpb/prof.wasm"));
const p = patchPairs()[0];
const patch = k.jsonPatchDiffText(p.fromText, p.toText);
const t0 = performance.now(); let n = 0;
while (performance.now() - t0 < 5000) { k.jsonPatchApplyText(p.fromText, patch); n++; }
console.log(n / 5, "ops/s");
