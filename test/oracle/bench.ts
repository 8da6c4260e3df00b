// Go's own numbers for bench/: builds test/oracle/cmd/bench with a pinned toolchain (the newest Go
// class of routes.ts unless told otherwise) and runs it on bench/fixtures. Native, not wasm.
//
// As a command: node --import tsx test/oracle/bench.ts [go1.X.Y]   (prints the JSON report)

import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { GO_CLASSES, ORACLE_DIR } from "./routes.ts";
import { buildTarget } from "./run.ts";

/** One timed case of the Go benchmark. */
export interface GoBenchResult {
  name: string;
  bytes: number;
  opsPerSec: number;
  nsPerOp: number;
  mbPerSec: number;
  allocsPerOp: number;
  allocBytesPerOp: number;
}

/** The Go benchmark's report. */
export interface GoBenchReport {
  go: string;
  goos: string;
  goarch: string;
  cpus: number;
  results: GoBenchResult[];
}

const FIXTURES = fileURLToPath(new URL("../../bench/fixtures/", import.meta.url));

/** Builds (when needed) and runs the native Go benchmark; `benchtime` is Go's -test.benchtime. */
export function goBench(toolchain = GO_CLASSES[GO_CLASSES.length - 1]!.toolchain, benchtime = "1s"): GoBenchReport {
  const bin = buildTarget({ name: `bench-${toolchain}`, toolchain, moduleDir: ORACLE_DIR, pkg: "./cmd/bench",
    sources: ["go.mod", "go.sum", "cmd/bench"], args: [] });
  const r = spawnSync("nice", [bin, "-fixtures", FIXTURES, `-test.benchtime=${benchtime}`], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`go bench failed (${r.status ?? r.signal}): ${r.stderr}`);
  return JSON.parse(r.stdout) as GoBenchReport;
}

/** Native Go ops/s by case name (json.roundtrip.manifest-4k, json.roundtrip.manifest-400k,
 * fnv1a32.1536, fnv1a32.1048576, fnv1a64.1048576), for bench/run.ts. */
export async function runNativeBench(toolchain?: string): Promise<Record<string, number>> {
  const report = goBench(toolchain);
  return Object.fromEntries(report.results.map((r) => [r.name, r.opsPerSec]));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(goBench(process.argv[2]), null, 2));
}
