// The fixtures a section times (all of them, or the quick pass's), loaded once, and their label in the tables.

import { FIXTURES, loadFixture, type LoadedFixture } from "../fixtures/catalog.ts";
import { size } from "../lib/stats.ts";

let loaded: LoadedFixture[] | null = null;

/** The fixtures of this run. */
export function fixturesFor(ctx: { quick: boolean }): LoadedFixture[] {
  loaded ??= FIXTURES.map(loadFixture);
  return loaded.filter((f) => !ctx.quick || f.quick);
}

/** "configmap-400k (393 KB)". */
export function fixtureLabel(f: LoadedFixture): string {
  return `${f.name} (${size(f.bytes.length)})`;
}

/** The Markdown table describing the fixtures. */
export function fixtureTable(ctx: { quick: boolean }): string[] {
  const out = ["| fixture | what | size | bytes inside strings | modified copy (diff rows) |", "|---|---|---:|---:|---:|"];
  for (const f of fixturesFor(ctx)) out.push(`| ${f.name} | ${f.what} | ${size(f.bytes.length)} | ${f.stringPct.toFixed(0)}% | ${size(f.modifiedBytes.length)} |`);
  return out;
}
