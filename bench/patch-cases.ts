// The timed cases of the patch benchmark, per pair and op: kinplace (text in → text out through
// the evaluateDocs export, and JS values in → JS values out) against fast-json-patch, rfc6902 and (in
// bench/patch.ts) the Go libraries run natively. Every case is checked before it is timed.

import assert from "node:assert/strict";
import fastJsonPatch from "fast-json-patch";
import * as rfc6902 from "rfc6902";
import type * as Kinplace from "../js/node.ts";
import type { Case } from "./harness.ts";
import type { PatchPair } from "./patch-pairs.ts";

const fjp = fastJsonPatch as unknown as {
  compare(a: unknown, b: unknown): unknown[];
  applyPatch(doc: unknown, patch: unknown[], validate?: boolean, mutate?: boolean): { newDocument: unknown };
};

/** One op's cases on one pair; `main` names the kinplace text case the ratios are taken against. */
export interface OpCases {
  op: string;
  main: string;
  /** The kinplace case for JS values (ratios against JS peers that take parsed values). */
  mainValues: string;
  cases: (Case & { input: "text" | "values" })[];
  /** The Go case name in the native report. */
  go: string;
}

/** The cases of every op the pair is used for. */
export function patchCases(k: typeof Kinplace, p: PatchPair): OpCases[] {
  const out: OpCases[] = [];
  const enc = new TextEncoder();
  const fromBytes = enc.encode(p.fromText);
  const toBytes = enc.encode(p.toText);
  if (p.ops !== "smp") {
    // the patches are computed (and checked) once
    const patchText = k.jsonPatchDiffText(p.fromText, p.toText);
    const patch = JSON.parse(patchText) as unknown[];
    assert.deepEqual(fjp.applyPatch(structuredClone(p.from), structuredClone(patch) as never[], false, true).newDocument, p.to, "appscode patch applied by fast-json-patch");
    const minimal = k.jsonPatchDiffText(p.fromText, p.toText, { flavor: "minimal" });
    assert.deepEqual(JSON.parse(k.jsonPatchApplyText(p.fromText, minimal)), p.to, "minimal patch applied by kinplace");
    assert.deepEqual(k.jsonPatchDiff(p.from, p.to), patch);
    const fjpPatch = fjp.compare(p.from, p.to);
    assert.deepEqual(JSON.parse(k.jsonPatchApplyText(p.fromText, JSON.stringify(fjpPatch))), p.to, "fast-json-patch's patch applied by kinplace");
    const rfcPatch = rfc6902.createPatch(p.from, p.to);
    const rfcDoc = structuredClone(p.from);
    rfc6902.applyPatch(rfcDoc, patch as never);
    assert.deepEqual(rfcDoc, p.to, "appscode patch applied by rfc6902");
    void rfcPatch;
    out.push({
      op: "JSON Patch diff", main: "kinplace appscode: text in, patch text out", mainValues: "kinplace appscode: JS values in, operations out", go: `jsonpatch.diff.${p.name}`,
      cases: [
        { name: "kinplace appscode: text in, patch text out", input: "text", fn: () => k.jsonPatchDiffText(p.fromText, p.toText) },
        { name: "kinplace appscode: bytes in, patch text out", input: "text", fn: () => k.jsonPatchDiffText(fromBytes, toBytes) },
        { name: "kinplace appscode: JS values in, operations out", input: "values", fn: () => k.jsonPatchDiff(p.from, p.to) },
        { name: "kinplace minimal: text in, patch text out", input: "text", fn: () => k.jsonPatchDiffText(p.fromText, p.toText, { flavor: "minimal" }) },
        { name: "fast-json-patch compare: JSON.parse ×2 + compare", input: "text", fn: () => fjp.compare(JSON.parse(p.fromText), JSON.parse(p.toText)) },
        { name: "fast-json-patch compare: parsed values in", input: "values", fn: () => fjp.compare(p.from, p.to) },
        { name: "rfc6902 createPatch: parsed values in", input: "values", fn: () => rfc6902.createPatch(p.from, p.to) },
      ],
    });
    out.push({
      op: "JSON Patch apply", main: "kinplace: text in, document text out", mainValues: "kinplace: JS values in, document out", go: `jsonpatch.apply.${p.name}`,
      cases: [
        { name: "kinplace: text in, document text out", input: "text", fn: () => k.jsonPatchApplyText(p.fromText, patchText) },
        { name: "kinplace: JS values in, document out", input: "values", fn: () => k.jsonPatchApply(p.from, patch) },
        { name: "fast-json-patch applyPatch: JSON.parse ×2 + apply", input: "text", fn: () => fjp.applyPatch(JSON.parse(p.fromText), JSON.parse(patchText), false, true) },
        { name: "fast-json-patch applyPatch: parsed values in (copying)", input: "values", fn: () => fjp.applyPatch(p.from, patch as never[], false, false) },
        { name: "rfc6902 applyPatch: parsed values in (structuredClone first)", input: "values", fn: () => rfc6902.applyPatch(structuredClone(p.from), patch as never) },
      ],
    });
    const merge = k.mergePatchDiffText(p.fromText, p.toText);
    assert.deepEqual(JSON.parse(k.mergePatchApplyText(p.fromText, merge)), p.to, "merge patch round trip");
    out.push({
      op: "JSON Merge Patch diff", main: "kinplace: text in, patch text out", mainValues: "kinplace: JS values in, patch out", go: `mergepatch.diff.${p.name}`,
      cases: [
        { name: "kinplace: text in, patch text out", input: "text", fn: () => k.mergePatchDiffText(p.fromText, p.toText) },
        { name: "kinplace: JS values in, patch out", input: "values", fn: () => k.mergePatchDiff(p.from, p.to) },
      ],
    });
    out.push({
      op: "JSON Merge Patch apply", main: "kinplace: text in, document text out", mainValues: "kinplace: JS values in, document out", go: `mergepatch.apply.${p.name}`,
      cases: [
        { name: "kinplace: text in, document text out", input: "text", fn: () => k.mergePatchApplyText(p.fromText, merge) },
        { name: "kinplace: JS values in, document out", input: "values", fn: () => k.mergePatchApply(p.from, JSON.parse(merge)) },
      ],
    });
  }
  if (p.ops !== "json") {
    const type = { type: p.type as Kinplace.StrategicMergePatchType };
    const smp = k.strategicMergePatchDiffText(p.fromText, p.toText, type);
    assert.deepEqual(JSON.parse(k.strategicMergePatchApplyText(p.fromText, smp, type)), p.to, "strategic merge patch round trip");
    assert.equal(k.strategicMergePatchDiff(p.from, p.to, type), smp);
    out.push({
      op: "Strategic merge patch diff", main: "kinplace: text in, patch text out", mainValues: "kinplace: JS values in, patch text out", go: `smp.diff.${p.name}`,
      cases: [
        { name: "kinplace: text in, patch text out", input: "text", fn: () => k.strategicMergePatchDiffText(p.fromText, p.toText, type) },
        { name: "kinplace: JS values in, patch text out", input: "values", fn: () => k.strategicMergePatchDiff(p.from, p.to, type) },
      ],
    });
    out.push({
      op: "Strategic merge patch apply", main: "kinplace: text in, document text out", mainValues: "kinplace: JS values in, document text out", go: `smp.apply.${p.name}`,
      cases: [
        { name: "kinplace: text in, document text out", input: "text", fn: () => k.strategicMergePatchApplyText(p.fromText, smp, type) },
        { name: "kinplace: JS values in, document text out", input: "values", fn: () => k.strategicMergePatchApply(p.from, JSON.parse(smp), type) },
      ],
    });
  }
  return out;
}
