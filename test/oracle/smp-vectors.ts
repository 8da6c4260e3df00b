// The request lines of test/vectors/smp.jsonl (strategic merge patch), for make-vectors.ts: the
// hand-picked cases of smp.test.ts at several minors, realistic and random pairs spread over every minor
// (smp.diff), and smp.apply of Go's own patches (plain and laced with directives). Only lines Go answers
// the same way every time are kept (several errors in one input can come out in any order in Go): each
// line is asked ASKS times; where the engine (if given) answers otherwise, MORE times, and the line is
// dropped if Go ever gives the engine's answer too. The recorded answers are always Go's.

import { SMP_EDGE, olderRuntimeText, applyLine, diffLine, maxLenFor, mutatePatch, pickVersion, randomPair, realisticPair, rng, type J, type SmpCase } from "./smp-arbitraries.ts";

/** How often each candidate line is asked; a line is kept only when every answer is the same. */
const ASKS = 8;
/** How often a line the engine answers otherwise is asked again. */
const MORE = 64;

type Oracle = (lines: string[]) => Promise<string[]>;
type Engine = (line: string) => string;

/** The parts of an answer that count (parsed, as test/vectors.test.ts compares them). */
function canon(answer: string): string {
  const a = JSON.parse(answer) as { ok: boolean; result?: unknown; error?: { code: string; message: string } };
  return JSON.stringify(a.ok ? { result: a.result } : { code: a.error!.code, message: a.error!.message });
}

/** Keeps the lines Go answers one way only; returns them with that answer. */
async function deterministic(lines: string[], oracle: Oracle, engine?: Engine): Promise<[string, string][]> {
  const answers = await oracle(lines.flatMap((l) => Array.from({ length: ASKS }, () => l)));
  let kept = lines.filter((_, i) => new Set(answers.slice(i * ASKS, (i + 1) * ASKS).map(canon)).size === 1);
  const first = new Map(lines.map((l, i) => [l, answers[i * ASKS]!]));
  const withAnswers = () => kept.map((l): [string, string] => [l, first.get(l)!]);
  if (!engine) return withAnswers();
  // Go 1.22-1.24 requests answered by the Go 1.26 build with Go 1.25+'s panic text are left out
  kept = kept.filter((l) => !olderRuntimeText(l, first.get(l)!, engine(l)));
  const suspect = kept.filter((l) => canon(engine(l)) !== canon(first.get(l)!));
  if (suspect.length === 0) return withAnswers();
  const again = await oracle(suspect.flatMap((l) => Array.from({ length: MORE }, () => l)));
  const drop = new Set(suspect.filter((l, i) => again.slice(i * MORE, (i + 1) * MORE).some((a) => canon(a) === canon(engine(l)))));
  kept = kept.filter((l) => !drop.has(l));
  return withAnswers();
}

/** Request lines for smp.jsonl, from a fixed seed, each with the answer Go gives to it. */
export async function smpVectorLines(seed: number, oracle: Oracle, engine?: Engine): Promise<[string, string][]> {
  const lines: string[] = [];
  for (const line of SMP_EDGE) {
    const named = /"kubernetes"|"go"/.test(line);
    for (const v of named ? [""] : ["", ',"kubernetes":"1.12"', ',"kubernetes":"1.22"', ',"kubernetes":"1.24","go":"1.22"', ',"kubernetes":"1.27"', ',"kubernetes":"1.33","go":"1.27"']) {
      lines.push(line.slice(0, -1) + v + "}");
    }
  }
  const r = rng(seed);
  const pairs: { c: SmpCase; a: J; b: J; s: number }[] = [];
  for (let i = 0; i < 60; i++) {
    const s = Math.floor(r() * 2 ** 31);
    const p = realisticPair(s);
    pairs.push({ c: { type: p.type, kruise: p.kruise, ...pickVersion(rng(s), p.kruise) }, a: p.a, b: p.b, s });
  }
  for (let i = 0; i < 100; i++) {
    const s = Math.floor(r() * 2 ** 31);
    const c0: SmpCase = { type: "Pod", kruise: false, ...pickVersion(rng(s ^ 0x9e3779b9), false) };
    const p = randomPair(s, Math.min(maxLenFor(c0), 8));
    pairs.push({ c: { ...c0, type: p.type }, a: p.a, b: p.b, s });
  }
  const diffs = pairs.map((p, i) => diffLine(rng(p.s ^ 0x5bd1e995), p.c, p.a, p.b, i));
  const diffAnswers = await oracle(diffs);
  const applies: string[] = [];
  pairs.forEach((p, i) => {
    const ar = rng(p.s ^ 0x27d4eb2f);
    const ans = JSON.parse(diffAnswers[i]!) as { ok: boolean; result?: { patch: string } };
    const patch = ans.ok ? ans.result!.patch : JSON.stringify(p.b);
    applies.push(applyLine(ar, p.c, p.a, patch, 1000 + i));
    applies.push(applyLine(ar, p.c, p.a, JSON.stringify(mutatePatch(ar, JSON.parse(patch) as J)), 2000 + i));
  });
  return deterministic([...lines, ...diffs, ...applies], oracle, engine);
}
