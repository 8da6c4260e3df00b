import { readFileSync } from "node:fs";
import fc from "fast-check";
import { engineFromBytesSync } from "/work/main/js/instantiate.ts";
import * as S from "/work/main/test/oracle/smp-arbitraries.ts";
const A = engineFromBytesSync(readFileSync(process.argv[2]!));
const B = engineFromBytesSync(readFileSync(process.argv[3]!));
const dec = new TextDecoder();
const batches = fc.sample(fc.array(fc.nat(), { minLength: 100, maxLength: 100 }), { seed: 1592187706, numRuns: 6 });
let n = 0, diff = 0;
const cmp = (l: string) => { n++; const a = dec.decode(A.evaluateView(l)); const b = dec.decode(B.evaluateView(l)); if (a !== b) { if (diff < 3) console.log("DIFF", l.slice(0, 300), "\n", a.slice(0, 300), "\n", b.slice(0, 300)); diff++; } return a; };
for (const seeds of batches) {
  for (const seed of seeds) {
    const r = S.rng(seed); const p = S.realisticPair(seed);
    const c = { type: p.type, kruise: p.kruise, ...S.pickVersion(r, p.kruise) };
    const ans = JSON.parse(cmp(S.diffLine(S.rng(seed ^ 0x5bd1e995), c, p.a, p.b, 0)));
    const r2 = S.rng(seed ^ 0x27d4eb2f);
    const patch = ans.ok ? ans.result.patch : JSON.stringify(p.b);
    cmp(S.applyLine(r2, c, p.a, patch, 1));
    cmp(S.applyLine(r2, c, p.a, JSON.stringify(S.mutatePatch(r2, JSON.parse(patch))), 2));
    if (r2() < 0.5) cmp(S.applyLine(r2, c, p.b, patch, 3)); else cmp(S.applyLine(r2, c, p.a, JSON.stringify(S.randomPod(r2, r2() < 0.5, 4)), 3));
  }
}
console.log(`${n} lines, ${diff} differ`);
