// The worker-pool row. When bench/pool.ts exists it is the row: it exports
//   benchPool(): Promise<{ rows: { [column: string]: string }[]; notes?: string[] }>
// and its rows are printed as a table (columns from the first row's keys). Otherwise, when the CLI takes --jobs,
// `kinplace hash` of the 400 KB List with --jobs 1 and --jobs 2 is timed in fresh processes, alternating; else the
// row says why it is skipped.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Ctx } from "../lib/section.ts";
import { duration, ratioCell, spreadPct, summarize } from "../lib/stats.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CLI = "dist/cli/kinplace.mjs";

/** Runs the section. */
export async function poolSection(ctx: Ctx): Promise<void> {
  const hook = new URL("../pool.ts", import.meta.url);
  if (existsSync(hook)) {
    const m = (await import(hook.href)) as { benchPool(): Promise<{ rows: Record<string, string>[]; notes?: string[] }> };
    const r = await m.benchPool();
    const cols = Object.keys(r.rows[0] ?? {});
    ctx.say(`| ${cols.join(" | ")} |`);
    ctx.say(`|${cols.map(() => "---").join("|")}|`);
    for (const row of r.rows) ctx.say(`| ${cols.map((c) => row[c] ?? "").join(" | ")} |`);
    ctx.say();
    for (const n of r.notes ?? []) ctx.say(`- ${n}`);
    if (r.notes?.length) ctx.say();
    return;
  }
  const help = spawnSync(process.execPath, [CLI, "hash", "--help"], { cwd: ROOT, encoding: "utf8" });
  if (!/--jobs\b/.test(help.stdout)) {
    ctx.say("Skipped: `kinplace hash` has no `--jobs` option in this build, and bench/pool.ts (the pool's own row) does not exist.");
    ctx.say();
    return;
  }
  const dump = "bench/fixtures/manifest-400k.json";
  const reps = ctx.quick ? 5 : 15;
  const times: Record<string, number[]> = { "1": [], "2": [] };
  for (let r = 0; r <= reps; r++) {
    for (const jobs of r % 2 ? ["2", "1"] : ["1", "2"]) {
      const t0 = process.hrtime.bigint();
      const p = spawnSync(process.execPath, [CLI, "hash", dump, "--jobs", jobs, "-o", "json"], { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 28 });
      const dt = Number(process.hrtime.bigint() - t0);
      if (p.status !== 0) throw new Error(`kinplace hash --jobs ${jobs} exited ${p.status}: ${p.stderr.slice(0, 300)}`);
      if (r > 0) times[jobs]!.push(dt);
    }
  }
  const s1 = summarize(times["1"]!);
  const s2 = summarize(times["2"]!);
  ctx.say(`\`kinplace hash ${dump} -o json\` (100 workloads, every kubelet minor), ${reps} fresh processes each, alternating.`);
  ctx.say();
  ctx.say("| jobs | whole process | time ÷ --jobs 1's (per repetition) |");
  ctx.say("|---|---:|---:|");
  ctx.say(`| --jobs 1 | ${duration(s1.median)} ${spreadPct(s1)} | 1 |`);
  ctx.say(`| --jobs 2 | ${duration(s2.median)} ${spreadPct(s2)} | ${ratioCell(summarize(times["2"]!.map((t, i) => t / times["1"]![i]!)))} |`);
  ctx.say();
}
