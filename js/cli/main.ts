// The `kinplace` command line: `kinplace <command> [args]`, `--help`, `--version`. Commands live in
// their own files (see commands.ts).

import type { CliIO } from "./command.js";
import { EXIT_USAGE } from "./command.js";
import { commands } from "./commands.js";
import { asInvoked } from "./program.js";
import { usageHint } from "./run.js";
import { version } from "./version.js";

const KUBECTL_DIFF = "kubectl-diff";
const kubectlDiff = commands.find((c) => c.name === KUBECTL_DIFF)!;

/** The top-level help text. */
function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  const list = commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`).join("\n");
  return asInvoked(`kinplace ${version}: byte-exact Kubernetes update engine

Usage: kinplace <command> [arguments]

Commands:
${list}

Options:
  -h, --help     show this help (kinplace <command> --help for a command)
  -V, --version  print the version

`);
}

/** Runs the CLI with `args` (argv without node and the script); resolves to the exit code. */
export async function main(args: string[], io: CliIO): Promise<number> {
  const [first, ...rest] = args;
  if (first === undefined) {
    io.stderr.write(help());
    return EXIT_USAGE;
  }
  if (first === "-h" || first === "--help" || first === "help") {
    io.stdout.write(help());
    return 0;
  }
  if (first === "-V" || first === "--version") {
    io.stdout.write(`${version}\n`);
    return 0;
  }
  // kubectl diff runs `$KUBECTL_EXTERNAL_DIFF` with the directories FIRST and the variable's other words after them:
  // KUBECTL_EXTERNAL_DIFF="kinplace kubectl-diff" runs `kinplace LIVE MERGED kubectl-diff`
  const late = commands.some((c) => c.name === first) ? -1 : rest.indexOf(KUBECTL_DIFF);
  if (late >= 0) return kubectlDiff.run([first, ...rest.slice(0, late), ...rest.slice(late + 1)], io);
  const command = commands.find((c) => c.name === first);
  if (command === undefined) {
    io.stderr.write(`${asInvoked("kinplace")}: unknown command ${JSON.stringify(first)}\n${usageHint()}\n`);
    return EXIT_USAGE;
  }
  return command.run(rest, io);
}

process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});

main(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`kinplace: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
