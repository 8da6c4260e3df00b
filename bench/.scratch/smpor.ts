import fc from "fast-check";
import * as S from "/work/main/test/oracle/smp-arbitraries.ts";
import { runOracle, stopOracle } from "/work/main/test/oracle/run.ts";
process.env.KINPLACE_K8S_FLAVOR ??= "api";
const [seeds] = fc.sample(fc.array(fc.nat(), { minLength: 100, maxLength: 100 }), { seed: 397749380, numRuns: 1 });
const lines = seeds!.map((seed, i) => { const r = S.rng(seed); const p = S.realisticPair(seed); const c = { type: p.type, kruise: p.kruise, ...S.pickVersion(r, p.kruise) }; return S.diffLine(S.rng(seed ^ 0x5bd1e995), c, p.a, p.b, i); });
try { const a = await runOracle(lines.map((l) => new TextEncoder().encode(l)) as never); console.log("ok", a.length); } catch (e) { console.log("ERR", (e as Error).message.slice(0, 2000)); }
stopOracle();
