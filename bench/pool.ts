// The worker pool of `kinplace check`, `hash` and `plan` on a cluster dump of 20,000 objects (test/support/
// cluster-dump.ts, as `kubectl get -A -o json` prints it): wall time of the built CLI in fresh processes with
// `--jobs 1` and `--jobs 2`, interleaved (1, 2, 1, 2, ...), the median and the spread of each, and the speed-up.
// Both runs of a round must print the same bytes. Needs `npm run build:js`.
// Usage: node --import tsx bench/pool.ts [ROUNDS] [OBJECTS]   (prints a Markdown table)

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { clusterObjects, dumpJson } from "../test/support/cluster-dump.ts";

const CLI = fileURLToPath(new URL("../dist/cli/kinplace.mjs", import.meta.url));

/** One command's timings. */
export interface PoolRow {
  command: string;
  /** Median wall time with --jobs 1 and --jobs 2, in ms. */
  jobs1Ms: number;
  jobs2Ms: number;
  /** The fastest and slowest run of each. */
  jobs1Spread: [number, number];
  jobs2Spread: [number, number];
  speedup: number;
}

/** What benchPool measured, with the load average before and after. */
export interface PoolBench {
  objects: number;
  rounds: number;
  rows: PoolRow[];
  load: { before: number[]; after: number[] };
}

/** The median of numbers. */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/** Runs the CLI once; its wall time in ms and a digest of what it printed. */
function timed(args: string[]): { ms: number; digest: string } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [CLI, ...args], { maxBuffer: 1 << 30, env: { ...process.env, KINPLACE_NO_PROGRESS: "1" } });
  const ms = performance.now() - t0;
  if (r.error !== undefined) throw r.error;
  if (r.status !== 0 && r.status !== 1) throw new Error(`kinplace ${args.join(" ")}: exit ${r.status}: ${r.stderr.toString().slice(0, 500)}`);
  return { ms, digest: createHash("sha256").update(r.stdout).update("\0").update(r.stderr).update(`\0${r.status}`).digest("hex") };
}

/** Times check, hash and plan on a generated dump of `objects` objects, `rounds` runs of each --jobs value. */
export async function benchPool(rounds = 5, objects = 20_000): Promise<PoolBench> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build:js`);
  const dir = mkdtempSync(join(tmpdir(), "kinplace-pool-"));
  try {
    const oldFile = join(dir, "old.json");
    const newFile = join(dir, "new.json");
    writeFileSync(oldFile, dumpJson(clusterObjects({ objects })));
    writeFileSync(newFile, dumpJson(clusterObjects({ objects, release: "new" })));
    const commands: [string, string[]][] = [
      ["check", ["check", oldFile, newFile]],
      ["hash", ["hash", newFile]],
      ["plan", ["plan", newFile]],
    ];
    const before = loadavg();
    const rows: PoolRow[] = [];
    for (const [command, args] of commands) {
      const one: number[] = [];
      const two: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const a = timed([...args, "--jobs", "1"]);
        const b = timed([...args, "--jobs", "2"]);
        if (a.digest !== b.digest) throw new Error(`${command}: --jobs 1 and --jobs 2 printed different output`);
        one.push(a.ms);
        two.push(b.ms);
      }
      const jobs1Ms = median(one);
      const jobs2Ms = median(two);
      rows.push({ command, jobs1Ms, jobs2Ms, jobs1Spread: [Math.min(...one), Math.max(...one)], jobs2Spread: [Math.min(...two), Math.max(...two)], speedup: jobs1Ms / jobs2Ms });
    }
    return { objects, rounds, rows, load: { before, after: loadavg() } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The Markdown table of a run. */
export function poolTable(b: PoolBench): string {
  const s = (ms: number): string => (ms / 1000).toFixed(2);
  const load = (l: number[]): string => l.map((x) => x.toFixed(2)).join(" ");
  const lines = [
    `${b.objects} objects, ${b.rounds} runs each (interleaved); load average ${load(b.load.before)} before, ${load(b.load.after)} after`,
    "",
    "| command | --jobs 1 median s (min–max) | --jobs 2 median s (min–max) | speed-up |",
    "|---|---|---|---|",
    ...b.rows.map((r) => `| ${r.command} | ${s(r.jobs1Ms)} (${s(r.jobs1Spread[0])}–${s(r.jobs1Spread[1])}) | ${s(r.jobs2Ms)} (${s(r.jobs2Spread[0])}–${s(r.jobs2Spread[1])}) | ${r.speedup.toFixed(2)}x |`),
  ];
  return lines.join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(poolTable(await benchPool(Number(process.argv[2] ?? 5), Number(process.argv[3] ?? 20_000))));
}
