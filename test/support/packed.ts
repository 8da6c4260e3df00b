// The package as a consumer installs it: `npm pack` of this repository (after `npm run build`) unpacked into
// node_modules/kinplace of a fresh temporary folder, so tests resolve "kinplace" through the shipped
// package.json and see only the files the package ships.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** One file of `npm pack --json` output. */
export interface PackedFile {
  path: string;
  size: number;
}

/** What `npm pack --json` reports for the package. */
export interface PackReport {
  filename: string;
  size: number;
  unpackedSize: number;
  files: PackedFile[];
}

/** Runs `npm pack --json` with `args` in the repository and returns its report. */
export function npmPack(args: string[]): PackReport {
  // under `npm run`, node_modules/.bin comes first on the PATH, where a dependency may have put another npm: the npm
  // that runs the scripts (npm_execpath) is the one to ask
  const execPath = process.env["npm_execpath"];
  const [cmd, pre] = execPath !== undefined && /npm-cli\.js$/.test(execPath) ? [process.execPath, [execPath]] : ["npm", []];
  const out = execFileSync(cmd, [...pre, "pack", "--json", "--ignore-scripts", ...args], { cwd: repoRoot, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const reports = JSON.parse(out) as PackReport[];
  if (reports.length !== 1 || reports[0] === undefined) throw new Error(`npm pack reported ${reports.length} packages`);
  return reports[0];
}

/** A new temporary folder (name starting with `prefix`) holding node_modules/kinplace unpacked from `npm pack`. */
export function consumerFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const report = npmPack(["--pack-destination", dir]);
  const pkg = join(dir, "node_modules", "kinplace");
  mkdirSync(pkg, { recursive: true });
  execFileSync("tar", ["-xzf", join(dir, report.filename), "-C", pkg, "--strip-components=1"]);
  return dir;
}
