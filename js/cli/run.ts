// The common frame of the CLI's commands: --help, argument errors (exit 2, one line and a hint), bad input
// (exit 2 with file:line:column), engine errors (exit 2 with code and message), a closed stdout.

import { KinplaceError } from "../errors.js";
import { UsageError, type OptionSpec } from "./args.js";
import { EXIT_USAGE, type CliIO, type Command } from "./command.js";
import { InputError } from "./documents.js";
import { asInvoked } from "./program.js";

/** Defines a command whose body may throw UsageError, InputError or KinplaceError; `options`: the specs it parses. */
export function defineCommand(name: string, summary: string, plainUsage: string, body: (args: string[], io: CliIO) => Promise<number>, options?: { readonly [name: string]: OptionSpec }): Command {
  const usage = asInvoked(plainUsage);
  return {
    name,
    summary,
    usage,
    options,
    async run(args, io) {
      if (args.includes("-h") || args.includes("--help")) {
        io.stdout.write(usage);
        return 0;
      }
      try {
        return await body(args, io);
      } catch (e) {
        if (e instanceof UsageError) {
          io.stderr.write(`${asInvoked(`kinplace ${name}`)}: ${e.message}\n${usageHint(name)}\n`);
          return EXIT_USAGE;
        }
        if (e instanceof InputError) {
          io.stderr.write(`${asInvoked(`kinplace ${name}`)}: ${e.where()}\n`);
          return EXIT_USAGE;
        }
        if (e instanceof KinplaceError) {
          const where = e.path !== undefined ? ` (at ${e.path})` : "";
          io.stderr.write(`${asInvoked(`kinplace ${name}`)}: ${e.code}: ${e.message}${where}\n`);
          return EXIT_USAGE;
        }
        if ((e as NodeJS.ErrnoException).code === "EPIPE") return 0;
        throw e;
      }
    },
  };
}

/** The hint after a usage error: where the command's usage is (`see 'kinplace check --help'`). */
export function usageHint(name?: string): string {
  return `see '${asInvoked(name === undefined ? "kinplace --help" : `kinplace ${name} --help`)}'`;
}

/** Writes text to a stream, waiting when the stream asks to (for large outputs). */
export async function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (!stream.write(text)) await new Promise<void>((resolve) => stream.once("drain", () => resolve()));
}
