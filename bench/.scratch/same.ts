// old engine vs new engine: same answer bytes on many patch requests
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { engineFromBytesSync } from "/work/main/js/instantiate.ts";
import { PATCH_EDGE, pairRequests, randomPair, rawRequests, realisticPair } from "/work/main/test/oracle/patch-arbitraries.ts";
import * as smp from "/work/main/test/oracle/smp-arbitraries.ts";
import { patchPairs } from "/work/main/bench/patch-pairs.ts";
const A = engineFromBytesSync(readFileSync(process.argv[2]!));
const B = engineFromBytesSync(readFileSync(process.argv[3]!));
const N = Number(process.argv[4] ?? 3000);
const enc = new TextEncoder();
const lines: Uint8Array[] = PATCH_EDGE.map((l) => enc.encode(l));
const GO = ["", ',"go":"1.14"', ',"go":"1.21"', ',"go":"1.27"'];
for (const [[f, t], seed] of fc.sample(fc.tuple(realisticPair, fc.nat()), { numRuns: N, seed: 1 })) lines.push(...pairRequests(f as never, t as never, seed, GO[seed % 4]!));
for (const [[f, t], seed] of fc.sample(fc.tuple(randomPair, fc.nat()), { numRuns: N, seed: 2 })) lines.push(...pairRequests(f as never, t as never, seed, GO[seed % 4]!));
for (const ls of fc.sample(rawRequests, { numRuns: N / 3, seed: 3 })) lines.push(...ls);
for (const p of patchPairs()) lines.push(...pairRequests(p.from as never, p.to as never, 7, ""));
// smp
let smpN = 0;
for (let i = 0; i < N; i++) {
  for (const mk of [() => smp.realisticPair(i), () => smp.randomPair(i, 40)]) {
    try {
      const c = mk() as any; const r = smp.rng(i);
      lines.push(enc.encode(smp.diffLine(r, c, c.a, c.b, i)));
      smpN++;
    } catch (e) { if (i === 0) console.log("smp gen failed", (e as Error).message); }
  }
}
let diff = 0; const dec = new TextDecoder();
for (const l of lines) {
  const a = dec.decode(A.evaluateView(l)); const b = dec.decode(B.evaluateView(l));
  if (a !== b) { if (diff < 3) console.log("DIFF\n", dec.decode(l).slice(0, 500), "\n", a.slice(0, 400), "\n", b.slice(0, 400)); diff++; }
}
console.log(`${lines.length} lines (${smpN} smp), ${diff} differ`);
