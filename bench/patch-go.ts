// Native Go numbers for bench/patch.ts: builds test/oracle/cmd/benchpatch (its own Go module: appscode/jsonpatch,
// evanphx/json-patch.v4, k8s.io/apimachinery strategicpatch of the newest supported minor) and runs it on the
// benchmark pairs written to a temporary folder.
//
// As a command: node --import tsx bench/patch-go.ts   (prints the JSON report)

import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildTarget } from "../test/oracle/run.ts";
import type { GoBenchReport } from "../test/oracle/bench.ts";
import { patchPairs } from "./patch-pairs.ts";

const MODULE = fileURLToPath(new URL("../test/oracle/cmd/benchpatch/", import.meta.url));
/** The Go release that builds it (the class that answers k8s.io/apimachinery 1.37). */
const TOOLCHAIN = "go1.26.8";

/** Builds (when needed) and runs the Go patch benchmark; `benchtime` is Go's -test.benchtime. */
export function goPatchBench(benchtime = "1s"): GoBenchReport {
  const bin = buildTarget({ name: "benchpatch", toolchain: TOOLCHAIN, moduleDir: MODULE, pkg: ".", sources: ["go.mod", "go.sum", "main.go"], args: [] });
  const dir = mkdtempSync(join(tmpdir(), "kinplace-benchpatch-"));
  try {
    const pairs = patchPairs();
    for (const p of pairs) {
      writeFileSync(join(dir, `${p.name}-from.json`), p.fromText);
      writeFileSync(join(dir, `${p.name}-to.json`), p.toText);
    }
    writeFileSync(join(dir, "pairs.json"), JSON.stringify(pairs.map((p) => ({ name: p.name, ops: p.ops }))));
    const r = spawnSync("nice", [bin, "-pairs", dir, `-test.benchtime=${benchtime}`], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`go patch bench failed (${r.status ?? r.signal}): ${r.stderr}`);
    return JSON.parse(r.stdout) as GoBenchReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(goPatchBench(process.argv[2]), null, 2));
}
