// The Go-JSON writer and RFC 8785 rows: kinplace goJSONText (string in, bytes in) against JSON.parse +
// safe-stable-stringify and Go's own encoding/json round trip (Unmarshal into interface{}, Marshal), and jcsText
// against JSON.parse + canonicalize, on every fixture. Answers are checked before timing: Go's bytes and
// canonicalize's text must be kinplace's.

import stringify from "safe-stable-stringify";
import canonicalize from "canonicalize";
import { fileURLToPath } from "node:url";
import { jsContender, type Contender } from "../lib/interleave.ts";
import { goContender, printGroups, startPeer, stopPeer, timeGroup, vsBaseline, type Ctx, type TimedGroup } from "../lib/section.ts";
import { speedup } from "../lib/stats.ts";
import { fixtureLabel, fixturesFor } from "./fixtures.ts";

/** Runs the section. */
export async function jsonSection(ctx: Ctx): Promise<void> {
  const { k } = ctx;
  const fixtures = fixturesFor(ctx);
  const peer = await startPeer(ctx, "json", fixtures.map((f) => ({ kind: "json.roundtrip", files: [fileURLToPath(new URL(`../fixtures/${f.file}`, import.meta.url))] })));
  const writer: TimedGroup[] = [];
  const jcs: TimedGroup[] = [];
  try {
    for (const [i, f] of fixtures.entries()) {
      const mine = k.goJSONText(f.text);
      const notes: string[] = [];
      if (k.goJSONText(f.bytes) !== mine) throw new Error(`${f.name}: goJSONText of bytes differs from goJSONText of the string`);
      if (stringify(JSON.parse(f.text)) !== mine) notes.push("safe-stable-stringify's output is not Go's bytes (Go escapes <, >, & and U+2028/2029, and writes numbers its own way); timed as the nearest JS equivalent");
      const contenders: Contender[] = [
        jsContender("kinplace", "kinplace goJSONText, string in", () => k.goJSONText(f.text)),
        jsContender("kinplace-bytes", "kinplace goJSONText, bytes in", () => k.goJSONText(f.bytes)),
        jsContender("sss", "JSON.parse + safe-stable-stringify", () => stringify(JSON.parse(f.text))),
      ];
      if (peer) {
        const c = await goContender(peer, i, "go", `Go encoding/json Unmarshal(interface{}) + Marshal, native`, mine);
        if (typeof c === "string") notes.push(c); else contenders.push(c);
      } else notes.push(`Go: ${ctx.goNote}`);
      writer.push(await timeGroup(ctx, { label: fixtureLabel(f), baseline: "kinplace", contenders, notes }));

      const jcsMine = k.jcsText(f.text);
      if (canonicalize(JSON.parse(f.text)) !== jcsMine) throw new Error(`${f.name}: jcsText differs from canonicalize`);
      jcs.push(await timeGroup(ctx, { label: fixtureLabel(f), baseline: "kinplace", contenders: [
        jsContender("kinplace", "kinplace jcsText, string in", () => k.jcsText(f.text)),
        jsContender("canonicalize", "JSON.parse + canonicalize", () => canonicalize(JSON.parse(f.text))),
      ] }));
    }
  } finally {
    await stopPeer(ctx, peer);
  }
  ctx.say("Go's JSON bytes: text in, Go's `encoding/json` bytes out (sorted keys, HTML-safe escapes, float64 numbers).");
  ctx.say();
  printGroups(ctx, writer);
  ctx.say("RFC 8785 canonical JSON (identical output checked):");
  ctx.say();
  printGroups(ctx, jcs);
  for (const g of writer) {
    if (!["deployment-4k", "configmap-400k"].includes(g.label.split(" ")[0]!)) continue;
    const go = g.timing.contenders.some((c) => c.id === "go") ? `; ${speedup(vsBaseline(g, "go"))} than Go's encoding/json` : "";
    ctx.headline({ what: "Go's JSON bytes, `goJSONText`", input: g.label, result: `${speedup(vsBaseline(g, "sss"))} than JSON.parse + safe-stable-stringify${go}` });
  }
}
