// The `verdict` of a Pod whose resources change, per minor with the pods/resize subresource (1.32-1.37): the
// stored pods and edits of the resize generators (resize-arbitraries.ts; resources alone, or with edits outside
// resources that a pod update answers), as verdict requests (kubelet = kubernetes, as the verdict oracle
// answers), with the oracle's expectation: verdict, kind and containers, and, for a change sent to the
// subresource, `subresource` and the refusal's text (1.32's go-cmp diff after the first newline cut, as
// normalizeResize does).

import fc from "fast-check";
import { resizeRequest, RESIZE_MINORS } from "./resize-arbitraries.ts";

export { RESIZE_MINORS };

/** What the engine's verdict must hold for one request. */
export interface ResizeVerdictExpect {
  ok: boolean;
  code?: string;
  core?: { verdict: string; kind: string; containers: unknown[]; subresource?: string; rejection?: string };
}

/** `count` verdict request lines for `minor` (fixed `seed`): resize requests turned into verdicts. */
export function resizeVerdictLines(minor: string, count: number, seed: number): string[] {
  const [lines] = fc.sample(fc.array(resizeRequest(minor), { minLength: count, maxLength: count }), { numRuns: 1, seed });
  return lines!.map((l) => {
    const r = JSON.parse(l);
    const old = r.old ?? JSON.parse(r.oldText);
    return JSON.stringify({ op: "verdict", kind: "Pod", old, new: r.new, kubernetes: minor, kubelet: minor, applyDefaults: true, ...(r.gates ? { gates: r.gates } : {}) });
  });
}

/** The comparable core of a verdict answer (engine or oracle). */
export function resizeVerdictCore(answer: string): ResizeVerdictExpect {
  const a = JSON.parse(answer);
  if (!a.ok) return { ok: false, code: a.error.code };
  const r = a.result;
  const core: ResizeVerdictExpect["core"] = { verdict: r.verdict, kind: r.kind, containers: r.containers };
  if (r.subresource) core.subresource = r.subresource;
  if (r.rejection) core.rejection = String(r.rejection).split("\n")[0];
  return { ok: true, core };
}
