// What a CLI command is. Each command lives in its own file in js/cli/ and is listed in commands.ts.

import type { OptionSpec } from "./args.js";
import type { Readable, Writable } from "node:stream";

/** The streams a command reads and writes (process.stdin/stdout/stderr in the real CLI). */
export interface CliIO {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/** One `kinplace <name> ...` subcommand. */
export interface Command {
  /** The word after `kinplace`. */
  name: string;
  /** One line for `kinplace --help`. */
  summary: string;
  /** Full usage text for `kinplace <name> --help`. */
  usage: string;
  /** Its options (for shell completion; absent: none). */
  options?: { readonly [name: string]: OptionSpec };
  /** Runs the command with the arguments after its name; resolves to the process exit code. */
  run(args: string[], io: CliIO): Promise<number>;
}

/** Exit code for bad usage (unknown command or option, missing file). */
export const EXIT_USAGE = 2;
