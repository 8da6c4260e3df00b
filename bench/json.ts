// Benchmark: canonical JSON text in → text out, kinplace against the JS peers a user would
// otherwise reach for, and against Go's own encoding/json (run natively by the oracle harness).

import { readFileSync } from "node:fs";
import stringify from "safe-stable-stringify";
import canonicalize from "canonicalize";
import { measure, type Case } from "./harness.ts";
import type * as Kinplace from "../js/node.ts";

/** The fixtures: a ~4 KB manifest and a ~400 KB list of manifests. */
export function fixtures(): { name: string; text: string; bytes: Uint8Array }[] {
  return ["manifest-4k.json", "manifest-400k.json"].map((f) => {
    const text = readFileSync(new URL(`./fixtures/${f}`, import.meta.url), "utf8");
    return { name: f.replace(".json", ""), text, bytes: new TextEncoder().encode(text) };
  });
}

/** Rows: [fixture, case, ops/s]. */
export function benchJSON(k: typeof Kinplace, runs: number, ms: number): [string, string, number][] {
  const rows: [string, string, number][] = [];
  for (const fx of fixtures()) {
    // the cases must agree on the value before they are timed
    if (k.jcsText(fx.text) !== canonicalize(JSON.parse(fx.text))) throw new Error("jcs disagrees with canonicalize on " + fx.name);
    const cases: Case[] = [
      { name: "kinplace goJSONText (string in, string out)", fn: () => k.goJSONText(fx.text) },
      { name: "kinplace goJSONText (bytes in)", fn: () => k.goJSONText(fx.bytes) },
      { name: "kinplace jcsText (RFC 8785)", fn: () => k.jcsText(fx.text) },
      { name: "JSON.parse + safe-stable-stringify", fn: () => stringify(JSON.parse(fx.text)) },
      { name: "JSON.parse + canonicalize (RFC 8785)", fn: () => canonicalize(JSON.parse(fx.text)) },
    ];
    for (const [name, ops] of measure(cases, runs, ms)) rows.push([fx.name, name, ops]);
  }
  return rows;
}
