// The options that put the reading commands (check, hash, plan) on worker threads: `--jobs N` (default: the machine's
// available parallelism; 1: none) and `--jobs-threshold BYTES`, the input size below which no worker is started
// (starting one costs more than a small input takes).

import { availableParallelism } from "node:os";
import type { ParsedArgs } from "../args.js";
import { wholeOption } from "../limits.js";

/** How many workers, from what input size. */
export interface PoolOptions {
  jobs: number;
  threshold: number;
}

/** Inputs smaller than this (in bytes, all files of a command together) are read without workers. */
export const DEFAULT_THRESHOLD = 4 << 20;

/** The option specs, for parseArgs. */
export const POOL_SPECS = {
  jobs: { type: "value" },
  "jobs-threshold": { type: "value" },
} as const;

/** The usage lines of the options, their descriptions at `column` like the command's other options. */
export function poolUsage(column: number): string {
  const line = (name: string, text: string): string => `  ${name.padEnd(column - 2)}${text}`;
  return [
    line("--jobs N", "worker threads (each with its own engine) for a big input (default: the"),
    line("", "available parallelism; 1: none); the output is the same either way"),
    line("--jobs-threshold SIZE", `start them only for inputs of SIZE bytes or more (default ${DEFAULT_THRESHOLD})`),
  ].join("\n");
}

/** The options given by --jobs and --jobs-threshold; throws UsageError on a bad value. */
export function poolOptions(a: ParsedArgs): PoolOptions {
  return {
    jobs: wholeOption("jobs", a.values.get("jobs"), 1, 1024, availableParallelism()),
    threshold: wholeOption("jobs-threshold", a.values.get("jobs-threshold"), 0, 2 ** 40, DEFAULT_THRESHOLD),
  };
}
