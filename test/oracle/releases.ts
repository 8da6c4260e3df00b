// Finds the Go releases whose encoding/json answers differ, which is how routes.ts's GO_CLASSES were
// chosen: builds the oracle with one toolchain per Go minor (the newest patch the module proxy has),
// feeds every build the same generated requests, and prints the groups of releases that answer every
// line identically, with example lines where neighbouring groups differ.
//
// Usage: node --import tsx test/oracle/releases.ts [--runs N] [--seed S] [go1.X.Y ...]

import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { BAD_REQUESTS, bytes, fnvRequest, jsonRequest } from "./arbitraries.ts";
import { ORACLE_DIR } from "./routes.ts";
import { buildTarget } from "./run.ts";

/** Newest patch of each Go minor available as golang.org/toolchain on the module proxy. */
export const RELEASES = ["go1.13.1", "go1.14.15", "go1.15.15", "go1.16.15", "go1.17.13", "go1.18.8", "go1.19.4", "go1.20.14",
  "go1.21.13", "go1.22.12", "go1.23.12", "go1.24.13", "go1.25.14", "go1.26.8", "go1.27.4"];

const args = process.argv.slice(2);
const opt = (name: string, dflt: number) => {
  const i = args.indexOf(name);
  if (i < 0) return dflt;
  const v = Number(args[i + 1]);
  args.splice(i, 2);
  return v;
};
const runs = opt("--runs", 6000);
const seed = opt("--seed", 20260101);
const releases = args.length ? args : RELEASES;

const lines: Uint8Array[] = [
  ...fc.sample(jsonRequest("json.go"), { numRuns: runs, seed }),
  ...fc.sample(jsonRequest("json.jcs"), { numRuns: Math.ceil(runs / 3), seed: seed + 1 }),
  ...fc.sample(fnvRequest, { numRuns: Math.ceil(runs / 10), seed: seed + 2 }),
  ...BAD_REQUESTS.map((b) => bytes(b)),
];
const input = bytes(...lines.flatMap((l) => [l, "\n"]));
console.error(`${lines.length} request lines, ${input.length} bytes, seed ${seed}`);

const outputs = new Map<string, string[]>();
for (const toolchain of releases) {
  console.error(`building and running ${toolchain}`);
  const bin = buildTarget({ name: `release-${toolchain}`, toolchain, moduleDir: ORACLE_DIR, pkg: "./cmd/oracle",
    sources: ["go.mod", "go.sum", "cmd/oracle", "eval", "ops"], args: [] });
  const r = spawnSync(bin, ["-accept=13-27", "-serves=13-27"], { input, maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`${toolchain} failed: ${r.stderr}`);
  outputs.set(toolchain, r.stdout.toString("utf8").split("\n"));
}

const groups: string[][] = [];
for (const t of releases) {
  const g = groups.find((g) => outputs.get(g[0]!)!.every((l, i) => l === outputs.get(t)![i]));
  if (g) g.push(t);
  else groups.push([t]);
}
console.log(`identical answers within each group (${lines.length} lines):`);
for (const g of groups) console.log("  " + g.join(" "));
for (let k = 1; k < groups.length; k++) {
  const a = outputs.get(groups[k - 1]![0]!)!;
  const b = outputs.get(groups[k]![0]!)!;
  const diff = a.map((_, i) => i).filter((i) => a[i] !== b[i]);
  console.log(`\n${groups[k - 1]![0]} vs ${groups[k]![0]}: ${diff.length} lines differ, e.g.`);
  for (const i of diff.slice(0, 3)) {
    console.log(`  request: ${Buffer.from(lines[i]!).toString("utf8").slice(0, 160)}`);
    console.log(`    ${a[i]!.slice(0, 200)}\n    ${b[i]!.slice(0, 200)}`);
  }
}
