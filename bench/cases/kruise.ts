// The OpenKruise rows: the in-place update spec of a 3-container CloneSet revision pair and 1,000 pods' pod patches,
// kinplace (request bytes in, answer bytes out) against the JS port of Kruise's rules over fast-json-patch
// (bench/js-kruise/, objects in and text in), and the whole verdict of the CloneSet pair. OpenKruise's own Go is not
// a peer here: it needs the Kruise module graph of the k8s oracle build (test/oracle/k8s).

import { jsContender } from "../lib/interleave.ts";
import { printGroups, timeGroup, vsBaseline, type Ctx, type TimedGroup } from "../lib/section.ts";
import { size, speedup } from "../lib/stats.ts";
import { calculateInPlaceUpdateSpec, updateSpecJSON } from "../js-kruise/calculate.ts";
import { newState, patchUpdateSpecToPod } from "../js-kruise/patch-pod.ts";
import { verdictInputs } from "./kruise-inputs.ts";

/** Runs the section. */
export async function kruiseSection(ctx: Ctx): Promise<void> {
  const { k } = ctx;
  const inp = verdictInputs(k);
  const { fx } = inp;
  const oldText = JSON.stringify(fx.oldRevision);
  const newText = JSON.stringify(fx.newRevision);
  const podTexts = fx.pods.map((p) => JSON.stringify(p));
  const verdictReq = JSON.parse(new TextDecoder().decode(inp.verdictLine)) as { old: unknown; new: unknown };
  const groups: TimedGroup[] = [];
  groups.push(await timeGroup(ctx, { label: `in-place update spec of the revision pair (${size(inp.specLine.length)} request)`, baseline: "kinplace", contenders: [
    jsContender("kinplace", "kinplace kruise.inplaceSpec (request bytes in, answer bytes out)", () => k.evaluateLine(inp.specLine)),
    jsContender("js", "JS: fast-json-patch compare + Kruise's rules (objects in)", () => updateSpecJSON(calculateInPlaceUpdateSpec(fx.oldRevision, fx.newRevision)!)),
    jsContender("js-text", "JS: JSON.parse ×2 + the same (text in)", () => updateSpecJSON(calculateInPlaceUpdateSpec(JSON.parse(oldText) as never, JSON.parse(newText) as never)!)),
  ] }));
  groups.push(await timeGroup(ctx, { label: `1,000 pods' pod patches (${size(inp.batchLine.length)} request)`, baseline: "kinplace", contenders: [
    jsContender("kinplace", "kinplace kruise.patchPods, one request (bytes in, bytes out)", () => k.evaluateLine(inp.batchLine)),
    jsContender("kinplace-each", "kinplace kruise.patchPod × 1,000 requests", () => { for (const l of inp.podLines) k.evaluateLine(l); }),
    jsContender("js", "JS: Kruise's rules × 1,000 (objects in, objects out)", () => { for (const p of fx.pods) patchUpdateSpecToPod(p, inp.jsSpec, newState(inp.jsSpec, fx.now), fx.now); }),
    jsContender("js-text", "JS: JSON.parse + rules + JSON.stringify × 1,000 (text in, text out)", () => {
      for (const t of podTexts) JSON.stringify(patchUpdateSpecToPod(JSON.parse(t) as never, inp.jsSpec, newState(inp.jsSpec, fx.now), fx.now));
    }),
  ] }));
  groups.push(await timeGroup(ctx, { label: "verdict of the CloneSet pair (webhooks, diff, reasons, three patches, pod patch)", baseline: "kinplace", contenders: [
    jsContender("kinplace", "kinplace verdict (request bytes in, answer bytes out)", () => k.evaluateLine(inp.verdictLine)),
    jsContender("kinplace-obj", "kinplace verdict(old, new) (objects in, Verdict out)", () => k.verdict(verdictReq.old, verdictReq.new, { kubernetes: "1.32", strategy: "InPlaceIfPossible" } as never)),
  ] }));
  ctx.say("Inputs: `bench/verdict-fixture.ts` (a 3-container CloneSet release: two image bumps, a label read through the downward API, one annotation; pods of about " +
    `${size(inp.podLines[0]!.length)} each). The JS port gives the same UpdateSpec bytes and the same 1,000 patched pods (checked). No JS peer computes the verdict.`);
  ctx.say();
  printGroups(ctx, groups, "case");
  ctx.headline({ what: "OpenKruise in-place update spec", input: "3-container CloneSet revision pair", result: `${speedup(vsBaseline(groups[0]!, "js-text"))} than JSON.parse + fast-json-patch + Kruise's rules in JS` });
  ctx.headline({ what: "OpenKruise pod patches, one request", input: "1,000 pods", result: `${speedup(vsBaseline(groups[1]!, "js-text"))} than JSON.parse + Kruise's rules + JSON.stringify in JS` });
}
