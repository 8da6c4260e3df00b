import { readFileSync } from "node:fs";
import * as k from "/work/main/js/node.ts";
import { measure, fmt } from "/work/main/bench/harness.ts";
import { patchPairs } from "/work/main/bench/patch-pairs.ts";
import fjpDefault from "fast-json-patch"; const fjp: any = fjpDefault;
k.initSync(readFileSync(process.argv[2] ?? "/tmp/kpb/new.wasm"));
for (const p of patchPairs().slice(0, 2)) {
  const m = measure([
    { name: "kp text", fn: () => k.jsonPatchDiffText(p.fromText, p.toText) },
    { name: "kp values", fn: () => k.jsonPatchDiff(p.from, p.to) },
    { name: "fjp text-in", fn: () => fjp.compare(JSON.parse(p.fromText), JSON.parse(p.toText)) },
    { name: "fjp values", fn: () => fjp.compare(p.from, p.to) },
  ], 5, 100);
  const kt = m.get("kp text")!, kv = m.get("kp values")!;
  console.log(p.name, [...m].map(([n, v]) => `${n} ${fmt(v)}`).join(" | "), ` text ratio ${(kt / m.get("fjp text-in")!).toFixed(2)} values ratio ${(kv / m.get("fjp values")!).toFixed(2)}`);
}
