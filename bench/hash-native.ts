// Native Go numbers for the hash benchmark: builds test/oracle/cmd/benchhash (its own module: k8s.io/api
// and k8s.io/apimachinery v0.30.14) with the Go on PATH into test/oracle/bin/benchhash and runs it on the
// hash fixtures. Throws when Go is not available.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const DIR = fileURLToPath(new URL("../test/oracle/cmd/benchhash/", import.meta.url));
const BIN = fileURLToPath(new URL("../test/oracle/bin/benchhash", import.meta.url));
const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));

/** The Go benchmark's report. */
export interface HashBenchReport {
  go: string;
  cpus: number;
  containerHash: string;
  templateHash: string;
  containerSpewBytes: number;
  templateSpewBytes: number;
  results: { name: string; opsPerSec: number; nsPerOp: number; allocsPerOp: number }[];
}

/** Builds (when older than its source) and runs the native hash benchmark. */
export function goHashBench(benchtime = "1s"): HashBenchReport {
  const src = statSync(`${DIR}main.go`).mtimeMs;
  if (!existsSync(BIN) || statSync(BIN).mtimeMs < src) {
    mkdirSync(fileURLToPath(new URL("../test/oracle/bin/", import.meta.url)), { recursive: true });
    const b = spawnSync("nice", ["go", "build", "-o", BIN, "."], { cwd: DIR, encoding: "utf8", env: { ...process.env, GOTOOLCHAIN: process.env.GOTOOLCHAIN ?? "local" } });
    if (b.status !== 0) throw new Error(`go build of benchhash failed: ${b.stderr || b.error}`);
  }
  const r = spawnSync(BIN, ["-container", `${FIXTURES}hash-container.json`, "-template", `${FIXTURES}hash-template.json`, `-test.benchtime=${benchtime}`], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`benchhash failed: ${r.stderr || r.error}`);
  return JSON.parse(r.stdout) as HashBenchReport;
}
