// A/B: base vs new engine, interleaved in one process, on the bench pairs (jsonpatch.diff lines)
import { readFileSync } from "node:fs";
import { engineFromBytesSync } from "/work/main/js/instantiate.ts";
import { measure, fmt } from "/work/main/bench/harness.ts";
import { patchPairs } from "/work/main/bench/patch-pairs.ts";
import fjpDefault from "fast-json-patch"; const fjp: any = fjpDefault;
const A = engineFromBytesSync(readFileSync(process.argv[2]!));
const B = engineFromBytesSync(readFileSync(process.argv[3]!));
const ops = (process.argv[4] ?? "jsonpatch.diff").split(",");
for (const p of patchPairs()) {
  const cases = [];
  for (const op of ops) {
    const l = new TextEncoder().encode(op === "jsonpatch.diff" ? `{"op":"jsonpatch.diff","from":${p.fromText},"to":${p.toText}}` : op === "minimal" ? `{"op":"jsonpatch.diff","flavor":"minimal","from":${p.fromText},"to":${p.toText}}` : op === "mergepatch.diff" ? `{"op":"mergepatch.diff","original":${p.fromText},"modified":${p.toText}}` : `{"op":"smp.diff","type":"${p.type}","original":${p.fromText},"modified":${p.toText}}`);
    cases.push({ name: `${op} base`, fn: () => A.evaluateView(l) }, { name: `${op} new`, fn: () => B.evaluateView(l) });
  }
  cases.push({ name: "fjp text-in", fn: () => fjp.compare(JSON.parse(p.fromText), JSON.parse(p.toText)) });
  const m = measure(cases, 5, 100);
  for (const [n, v] of m) console.log(p.name, n.padEnd(28), fmt(v).padStart(10));
}
