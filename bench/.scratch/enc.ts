import { measure, fmt } from "/work/main/bench/harness.ts";
import { readFileSync } from "node:fs";
import * as k from "/work/main/js/node.ts";
import { patchPairs } from "/work/main/bench/patch-pairs.ts";
k.initSync(readFileSync("/tmp/kpb/new2.wasm"));
const p = patchPairs()[0];
const e = new TextEncoder(); const buf = new Uint8Array(30000);
const fb = e.encode(p.fromText), tb = e.encode(p.toText);
const m = measure([
  { name: "encodeInto x2", fn: () => { e.encodeInto(p.fromText, buf); e.encodeInto(p.toText, buf.subarray(15000)); } },
  { name: "encode x2", fn: () => { e.encode(p.fromText); e.encode(p.toText); } },
  { name: "text", fn: () => k.jsonPatchDiffText(p.fromText, p.toText) },
  { name: "bytes", fn: () => k.jsonPatchDiffText(fb, tb) },
], 5, 100);
for (const [n, v] of m) console.log(n, fmt(v), (1e6 / v).toFixed(1) + "µs");
