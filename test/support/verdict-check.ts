// Holds an engine `verdict` answer against what the oracle composed (test/oracle/verdict-oracle.ts):
// kind, verdict, strategy and containers exactly; with patches: `patches.json` as a set of operations
// (Go's appscode lists map members in random order), `patches.merge` / `patches.strategic` exactly,
// the reasons' template paths equal to the JSON patch's (a rejected update may also name unchanged invalid fields),
// and each reason's effect consistent with the
// verdict of a template-replacing controller (a rejected update: refused or not applied). Errors by code.

import assert from "node:assert/strict";

/** The oracle's expectation of one verdict (test/oracle/verdict-oracle.ts `Expect`). */
export interface VerdictExpect {
  ok: boolean;
  code?: string;
  core?: { kind: string; verdict: string; strategy?: string; containers: unknown[] };
  patches?: { json: unknown[]; merge: unknown; strategic: unknown };
}

function opSet(patch: unknown[]): string[] {
  return patch.map((o) => JSON.stringify(o)).sort();
}

/** Throws (assert) when engine answer `answer` (parsed) does not match `e`. */
export function checkVerdict(answer: any, e: VerdictExpect): void {
  if (!e.ok) {
    assert.equal(answer.ok, false, "the oracle refused this request");
    assert.equal(answer.error.code, e.code, "error code");
    return;
  }
  assert.ok(answer.ok, `engine failed: ${JSON.stringify(answer).slice(0, 300)}`);
  const r = answer.result;
  assert.deepStrictEqual({ kind: r.kind, verdict: r.verdict, ...(r.strategy ? { strategy: r.strategy } : {}), containers: r.containers }, e.core);
  const p = e.patches;
  if (p === undefined) return;
  assert.deepStrictEqual(opSet(r.patches.json), opSet(p.json), "patches.json");
  assert.equal(JSON.stringify(r.patches.merge), JSON.stringify(p.merge), "patches.merge");
  assert.equal(JSON.stringify(r.patches.strategic), JSON.stringify(p.strategic), "patches.strategic");
  const reasons = r.reasons as { path: string; effect: string }[];
  const patchPaths = (p.json as { path: string }[]).map((o) => "/spec/template" + o.path).sort();
  // every changed template path has its reason; a refused update may also name the invalid fields it did not change
  const paths = reasons.filter((x) => x.path.startsWith("/spec/template/") && !(r.verdict === "rejected" && x.effect === "rejected" && !patchPaths.includes(x.path)))
    .map((x) => x.path).sort();
  assert.deepStrictEqual(paths, patchPaths, "reason paths");
  for (const x of r.reasons as { path: string; effect: string }[]) {
    const inTemplate = x.path.startsWith("/spec/template/");
    if (!inTemplate) assert.ok(x.effect === "none" || (r.verdict === "rejected" && x.effect === "rejected"), `effect of ${x.path}`);
    // template-replacing controllers: every template path has the verdict's effect
    else if (r.verdict === "rejected" && (r.strategy === undefined || r.strategy === "ReCreate")) assert.ok(x.effect === "none" || x.effect === "rejected", `effect of ${x.path}`);
    else if (r.strategy === undefined || r.strategy === "ReCreate") assert.equal(x.effect, r.verdict === "recreate" ? "recreate" : "none", `effect of ${x.path}`);
    // in-place strategies: each path's own effect is never above the verdict's, and the verdict is explained by some path
    else assert.ok(["none", "in-place", "restart", "recreate", "rejected"].includes(x.effect));
  }
  if (r.verdict === "recreate" || r.verdict === "rejected") {
    assert.ok((r.reasons as { effect: string }[]).some((x) => x.effect === r.verdict), `a reason explains ${r.verdict}`);
  }
}
