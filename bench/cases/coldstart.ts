// The cold-start rows, measured in fresh processes (a new `node` for every sample, so nothing is cached in the
// process: not the module graph, not the compiled wasm): the import of the built package, `initSync()` /
// `await init()`, and the first answer of the core ops and of a verdict (bench/cases/coldstart-child.mjs times them
// inside the child), and whole CLI processes against an empty `node -e 0`, timed from spawn to exit. The kinds of
// process alternate in every repetition. Then the sizes of the engine.

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { summarize, duration, spreadPct, size, type Summary } from "../lib/stats.ts";
import type { Ctx } from "../lib/section.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CHILD = fileURLToPath(new URL("./coldstart-child.mjs", import.meta.url));

/** Steps the child reports, in order. */
const STEPS = ["boot", "import", "init", "goJSONText", "fnv32a", "jsonPatchDiffText", "verdict"] as const;

/** One kind of process: its command line. */
interface Kind {
  id: string;
  label: string;
  args: string[];
  /** Exit code expected. */
  code: number;
}

/** Milliseconds as "12.3 ms ±4%". */
function ms(s: Summary): string {
  return `${duration(s.median * 1e6)} ${spreadPct(s)}`;
}

/** Runs the section. */
export async function coldStartSection(ctx: Ctx): Promise<void> {
  const reps = ctx.quick ? 9 : 25;
  const kinds: Kind[] = [
    { id: "empty", label: "`node -e 0` (Node alone)", args: ["-e", "0"], code: 0 },
    { id: "sync", label: "import + `initSync()` + first answers (coldstart-child.mjs)", args: [CHILD, "sync"], code: 0 },
    { id: "async", label: "import + `await init()` + first answers", args: [CHILD, "async"], code: 0 },
    { id: "cli", label: "`kinplace check examples/cli/cloneset-old.yaml examples/cli/cloneset-image.yaml`", args: ["dist/cli/kinplace.mjs", "check", "examples/cli/cloneset-old.yaml", "examples/cli/cloneset-image.yaml"], code: 0 },
  ];
  const wall: Record<string, number[]> = Object.fromEntries(kinds.map((k) => [k.id, []]));
  const steps: Record<string, Record<string, number[]>> = { sync: {}, async: {} };
  for (let r = 0; r < reps + 1; r++) {
    const order = r % 2 ? [...kinds].reverse() : kinds;
    for (const kind of order) {
      const t0 = process.hrtime.bigint();
      const p = spawnSync(process.execPath, kind.args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } });
      const dt = Number(process.hrtime.bigint() - t0) / 1e6;
      if (p.status !== kind.code) throw new Error(`${kind.label} exited ${p.status}: ${p.stderr.slice(0, 300)}`);
      if (r === 0) continue; // the first repetition warms the file system cache
      wall[kind.id]!.push(dt);
      if (kind.id === "sync" || kind.id === "async") {
        const o = JSON.parse(p.stdout) as Record<string, number>;
        for (const s of STEPS) (steps[kind.id]![s] ??= []).push(o[s]!);
      }
    }
  }
  ctx.say(`${reps} fresh processes of each kind, the kinds alternating (and their order reversed every repetition); medians ±½IQR.`);
  ctx.say();
  ctx.say("| step (inside the process) | with `initSync()` | with `await init()` |");
  ctx.say("|---|---:|---:|");
  const label: Record<string, string> = {
    boot: "Node start until the script's first line", import: "`import(\"kinplace\")` (dist/node.mjs)", init: "load the engine: read, compile and instantiate kinplace.wasm",
    goJSONText: "first `goJSONText`", fnv32a: "first `fnv32a`", jsonPatchDiffText: "first `jsonPatchDiffText`", verdict: "first `verdict` (Deployment image bump)",
  };
  for (const s of STEPS) ctx.say(`| ${label[s]} | ${ms(summarize(steps.sync![s]!))} | ${ms(summarize(steps.async![s]!))} |`);
  const sum = (id: "sync" | "async") => summarize(steps[id]!.import!.map((_, i) => STEPS.slice(1).reduce((a, s) => a + steps[id]![s]![i]!, 0)));
  ctx.say(`| **import to first verdict, total** | **${ms(sum("sync"))}** | **${ms(sum("async"))}** |`);
  ctx.say();
  ctx.say("| whole process, spawn to exit | time | minus `node -e 0` (per repetition) |");
  ctx.say("|---|---:|---:|");
  for (const kind of kinds) {
    const extra = kind.id === "empty" ? "" : ms(summarize(wall[kind.id]!.map((t, i) => t - wall.empty![i]!)));
    ctx.say(`| ${kind.label} | ${ms(summarize(wall[kind.id]!))} | ${extra} |`);
  }
  ctx.say();
  const files: [string, string][] = [["build/kinplace.wasm", "the engine"], ["build/kinplace-core.wasm", "the JSON + FNV core alone (`npm run asbuild:core`)"],
    ["dist/node.mjs", "the Node entry (ESM)"], ["dist/inline.mjs", "the browser entry with the engine inlined"], ["dist/cli/kinplace.mjs", "the CLI"]];
  ctx.say("| file | what | raw | gzip -9 |");
  ctx.say("|---|---|---:|---:|");
  for (const [f, what] of files) {
    const p = `${ROOT}${f}`;
    if (!existsSync(p)) { ctx.say(`| ${f} | ${what} | not built | |`); continue; }
    const b = readFileSync(p);
    ctx.say(`| ${f} | ${what} | ${size(b.length)} | ${size(gzipSync(b, { level: 9 }).length)} |`);
  }
  ctx.say();
  ctx.headline({ what: "cold start: `import` + `initSync()` + first answers and a verdict", input: "a fresh Node process", result: ms(sum("sync")) });
}
