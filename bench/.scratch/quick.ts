import { readFileSync } from "node:fs";
import * as k from "/work/main/js/node.ts";
import { measure, fmt } from "/work/main/bench/harness.ts";
import { patchPairs } from "/work/main/bench/patch-pairs.ts";
import fjpDefault from "fast-json-patch"; const fjp: any = fjpDefault;
import * as r6902 from "rfc6902";
k.initSync(readFileSync(process.argv[2] ?? "/tmp/kpb/base.wasm"));
const pairs = patchPairs();
for (const p of pairs) {
  const enc = new TextEncoder();
  const line = enc.encode(`{"op":"jsonpatch.diff","from":${p.fromText},"to":${p.toText}}`);
  const ans = JSON.parse(new TextDecoder().decode(k.evaluateLine(line)));
  console.log(p.name, ans.ok, ans.ok ? ans.result.patch.length : JSON.stringify(ans.error));
  console.log("fjp ops", fjp.compare(p.from as any, p.to as any).length);
  const m = measure([
    { name: "kp api objects", fn: () => k.jsonPatchDiff(p.from, p.to) },
    { name: "kp line bytes", fn: () => k.evaluateLine(line) },
    { name: "fjp compare", fn: () => fjp.compare(p.from as any, p.to as any) },
    { name: "rfc6902 createPatch", fn: () => r6902.createPatch(p.from, p.to) },
    { name: "JSON.stringify both", fn: () => JSON.stringify(p.from) + JSON.stringify(p.to) },
  ], 3, 150);
  for (const [n, v] of m) console.log(p.name, n, fmt(v));
}
