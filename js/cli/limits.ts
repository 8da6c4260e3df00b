// The input limits every reading command takes (`--max-depth`, `--max-alias-nodes`, `--max-yaml-size`):
// bad input is refused with file:line:column before it can exhaust the stack or the heap, or make the work
// grow faster than the input.
//
// The nesting ceiling is the YAML reader's: the `yaml` package composes documents recursively (about 1.3 KB
// of stack per level), so Node's default stack runs out near 780 levels; 500 keeps a wide margin, and the
// other recursive steps (JSON.stringify, YAML output) go deeper than that.

import { UsageError, type ParsedArgs } from "./args.js";

/** How much an input may hold. */
export interface InputLimits {
  /** Levels of nesting (a top-level object is level 1; YAML aliases count as expanded). */
  maxDepth: number;
  /** Nodes that YAML aliases may add to one document when expanded. */
  maxAliasNodes: number;
  /** Characters of one YAML document (read whole: its syntax tree takes about 70 bytes of memory per character). */
  maxYamlSize: number;
}

/** The highest --max-depth accepted. */
export const MAX_DEPTH_CEILING = 500;

/** The limits when no option is given. */
export const DEFAULT_LIMITS: InputLimits = { maxDepth: MAX_DEPTH_CEILING, maxAliasNodes: 1_000_000, maxYamlSize: 16 << 20 };

/** The option specs of the limits, for parseArgs. */
export const LIMIT_SPECS = {
  "max-depth": { type: "value" },
  "max-alias-nodes": { type: "value" },
  "max-yaml-size": { type: "value" },
} as const;

/** The usage lines of the limit options, their descriptions at `column` like the command's other options. */
export function limitsUsage(column: number): string {
  const line = (name: string, text: string): string => `  ${name.padEnd(column - 2)}${text}`;
  return [
    line("--max-depth N", `refuse input nested deeper than N levels (1 to ${MAX_DEPTH_CEILING}, default ${DEFAULT_LIMITS.maxDepth})`),
    line("--max-alias-nodes N", "refuse a YAML document whose aliases add more than N nodes"),
    line("", `when expanded (default ${DEFAULT_LIMITS.maxAliasNodes})`),
    line("--max-yaml-size N", `refuse a YAML document longer than N characters (default ${DEFAULT_LIMITS.maxYamlSize});`),
    line("", "JSON input is streamed and has no such limit"),
  ].join("\n");
}

/** A whole-number option between min and max (`fallback` when absent); throws UsageError. */
export function wholeOption(name: string, value: string | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = /^[0-9]{1,10}$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`option --${name}: ${JSON.stringify(value)} is not a whole number from ${min} to ${max}`);
  return n;
}

/** The limits given by --max-depth, --max-alias-nodes and --max-yaml-size; throws UsageError on a bad value. */
export function limitsOption(a: ParsedArgs): InputLimits {
  return {
    maxDepth: wholeOption("max-depth", a.values.get("max-depth"), 1, MAX_DEPTH_CEILING, DEFAULT_LIMITS.maxDepth),
    maxAliasNodes: wholeOption("max-alias-nodes", a.values.get("max-alias-nodes"), 0, 1_000_000_000, DEFAULT_LIMITS.maxAliasNodes),
    maxYamlSize: wholeOption("max-yaml-size", a.values.get("max-yaml-size"), 1, 2 ** 29, DEFAULT_LIMITS.maxYamlSize),
  };
}

/** The message for input nested deeper than the limit. */
export function tooDeepMessage(maxDepth: number): string {
  return `nested deeper than ${maxDepth} levels (--max-depth)`;
}
