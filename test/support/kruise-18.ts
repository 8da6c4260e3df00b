// Holds an engine answer of a kruise.* op against the OpenKruise oracle's (kruise "1.8" vectors and live
// suite): exact, except the engine-only members — `reasons` (kruise.inplaceSpec / kruise.strategy) must
// agree with `inPlace`, and `violations` (kruise.strategy) may name any offending operation, since
// Kruise names the first one in Go's random map order.

import assert from "node:assert/strict";

type Answer = { ok: boolean; result?: Record<string, unknown>; error?: Record<string, unknown> };

/** "" when engine answer `got` (parsed) matches oracle answer `exp` (ok/result or ok/error{code,message,path,offset}), else why not. */
export function kruise18View(got: Answer, exp: Answer): string {
  const g: Answer = got.ok ? { ok: true, result: { ...got.result } } : { ok: false, error: { code: got.error?.code, message: got.error?.message, path: got.error?.path, offset: got.error?.offset } };
  const e: Answer = exp.ok ? { ok: true, result: exp.result } : { ok: false, error: { code: exp.error?.code, message: exp.error?.message, path: exp.error?.path, offset: exp.error?.offset } };
  const reasons = g.result?.reasons as { inPlace: boolean }[] | undefined;
  if (reasons !== undefined) {
    delete g.result!.reasons;
    if (reasons.every((r) => r.inPlace) !== g.result!.inPlace) return "reasons disagree with inPlace";
  }
  const violations = g.result?.violations as string[] | undefined;
  if (violations !== undefined) {
    delete g.result!.violations;
    const said = e.result?.message as string | undefined;
    if (said !== undefined && violations.some((v) => said.includes(`found ${v}`) || said.includes(`strategy: ${v},`))) g.result!.message = said;
  }
  try {
    assert.deepStrictEqual(g, e);
    return "";
  } catch {
    return "answers differ";
  }
}
