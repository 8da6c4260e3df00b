// The JSON Patch diff rows: on each fixture and its modified copy, kinplace jsonPatchDiffText (texts in, patch text
// out) against fast-json-patch compare after JSON.parse of both texts and against appscode/jsonpatch's CreatePatch
// in Go (OpenKruise's diff, the one kinplace reproduces; its bytes must be kinplace's); and jsonPatchDiff on
// parsed values against fast-json-patch compare and rfc6902 createPatch on the same values. Every peer's patch is
// checked to turn the first document into the second.

import { isDeepStrictEqual } from "node:util";
import { writeFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import jp from "fast-json-patch";
import * as rfc6902 from "rfc6902";
import { jsContender, type Contender } from "../lib/interleave.ts";
import { goContender, printGroups, startPeer, stopPeer, timeGroup, vsBaseline, type Ctx, type TimedGroup } from "../lib/section.ts";
import { speedup } from "../lib/stats.ts";
import { splitArray } from "../../test/oracle/patch-compare.ts";
import { fixtureLabel, fixturesFor } from "./fixtures.ts";

/** Whether two appscode patches are the same operations: the same multiset of operation texts (Go lists them in map
 *  iteration order, which varies from run to run). */
function sameOps(a: string, b: string): boolean {
  return isDeepStrictEqual(splitArray(a).sort(), splitArray(b).sort());
}

/** Milliseconds of one rfc6902 createPatch of the texts in a worker thread, or null when it runs past `limitMs`. */
function probeRfc6902(fromText: string, toText: string, limitMs: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL("./rfc6902-probe.mjs", import.meta.url), { workerData: { fromText, toText } });
    const timer = setTimeout(() => { void w.terminate(); resolve(null); }, limitMs);
    w.once("message", (ms: number) => { clearTimeout(timer); void w.terminate(); resolve(ms); });
    w.once("error", (e) => { clearTimeout(timer); reject(e); });
  });
}

/** Runs the section. */
export async function patchSection(ctx: Ctx): Promise<void> {
  const { k } = ctx;
  const fixtures = fixturesFor(ctx);
  const files = fixtures.map((f) => {
    const to = `${ctx.tmp}/${f.name}.modified.json`;
    writeFileSync(to, f.modifiedText);
    return { kind: "jsonpatch.diff", files: [fileURLToPath(new URL(`../fixtures/${f.file}`, import.meta.url)), to] };
  });
  const peer = await startPeer(ctx, "patch", files);
  const text: TimedGroup[] = [];
  const values: TimedGroup[] = [];
  try {
    for (const [i, f] of fixtures.entries()) {
      const mine = k.jsonPatchDiffText(f.text, f.modifiedText);
      if (k.jsonPatchDiffText(f.bytes, f.modifiedBytes) !== mine) throw new Error(`${f.name}: jsonPatchDiffText of bytes differs from that of strings`);
      if (!isDeepStrictEqual(k.jsonPatchDiff(f.value, f.modified), JSON.parse(mine))) throw new Error(`${f.name}: jsonPatchDiff differs from jsonPatchDiffText`);
      const applies = (patch: unknown[]) => isDeepStrictEqual(jp.applyPatch(structuredClone(f.value), structuredClone(patch) as never, false, true).newDocument, f.modified);
      if (!applies(JSON.parse(mine))) throw new Error(`${f.name}: kinplace's patch does not give the modified copy`);
      if (!applies(jp.compare(f.value as object, f.modified as object))) throw new Error(`${f.name}: fast-json-patch's patch does not give the modified copy`);
      const notes: string[] = [`kinplace's patch: ${mine.length.toLocaleString("en-US")} bytes, ${JSON.parse(mine).length} operations`];
      const contenders: Contender[] = [
        jsContender("kinplace", "kinplace jsonPatchDiffText, strings in", () => k.jsonPatchDiffText(f.text, f.modifiedText)),
        jsContender("kinplace-bytes", "kinplace jsonPatchDiffText, bytes in", () => k.jsonPatchDiffText(f.bytes, f.modifiedBytes)),
        jsContender("fjp", "JSON.parse ×2 + fast-json-patch compare", () => jp.compare(JSON.parse(f.text), JSON.parse(f.modifiedText))),
      ];
      if (peer) {
        const c = await goContender(peer, i, "go", "Go appscode/jsonpatch CreatePatch + json.Marshal, native", mine, sameOps);
        if (typeof c === "string") notes.push(c); else contenders.push(c);
      } else notes.push(`Go: ${ctx.goNote}`);
      text.push(await timeGroup(ctx, { label: fixtureLabel(f), baseline: "kinplace", contenders, notes }));

      const valueContenders: Contender[] = [
        jsContender("kinplace", "kinplace jsonPatchDiff, parsed values in, operations out", () => k.jsonPatchDiff(f.value, f.modified)),
        jsContender("fjp", "fast-json-patch compare, parsed values in", () => jp.compare(f.value as object, f.modified as object)),
      ];
      const valueNotes: string[] = [];
      const limit = ctx.quick ? 3000 : 10000;
      const probe = await probeRfc6902(f.text, f.modifiedText, limit);
      if (probe === null) valueNotes.push(`rfc6902 createPatch: one call ran past ${limit / 1000} s (its array diff is quadratic in the array lengths) and was stopped; not timed`);
      else {
        const rfc = rfc6902.createPatch(f.value, f.modified);
        const doc = structuredClone(f.value);
        rfc6902.applyPatch(doc, rfc);
        if (!isDeepStrictEqual(doc, f.modified)) throw new Error(`${f.name}: rfc6902's patch does not give the modified copy`);
        valueContenders.push(jsContender("rfc6902", "rfc6902 createPatch, parsed values in", () => rfc6902.createPatch(f.value, f.modified)));
      }
      values.push(await timeGroup(ctx, { label: fixtureLabel(f), baseline: "kinplace", contenders: valueContenders, notes: valueNotes }));
    }
  } finally {
    await stopPeer(ctx, peer);
  }
  ctx.say("Texts in (each fixture and its modified copy as JSON text), patch out:");
  ctx.say();
  printGroups(ctx, text, "pair");
  ctx.say("Parsed JS values in (already `JSON.parse`d, not counted), operations out:");
  ctx.say();
  printGroups(ctx, values, "pair");
  for (const g of text) {
    if (!["deployment-4k", "configmap-400k"].includes(g.label.split(" ")[0]!)) continue;
    const go = g.timing.contenders.some((c) => c.id === "go") ? `; ${speedup(vsBaseline(g, "go"))} than Go's appscode/jsonpatch` : "";
    ctx.headline({ what: "JSON Patch diff, texts in (`jsonPatchDiffText`)", input: g.label, result: `${speedup(vsBaseline(g, "fjp"))} than JSON.parse + fast-json-patch${go}` });
  }
  const v = values.find((g) => g.label.startsWith("deployment-4k"));
  if (v) ctx.headline({ what: "JSON Patch diff, parsed values in (`jsonPatchDiff`)", input: v.label, result: `${speedup(vsBaseline(v, "fjp"))} than fast-json-patch compare` });
}
