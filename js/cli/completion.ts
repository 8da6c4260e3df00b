// `kinplace completion bash|zsh|fish`: a shell completion script generated from the command table: the commands,
// each command's options (from the specs it parses), the values of closed options (-t types, -o formats, ...), the
// Kubernetes minors of --kubernetes and --kubelet, and files for inputs and file options.

import type { OptionSpec } from "./args.js";
import { UsageError, parseArgs } from "./args.js";
import type { Command } from "./command.js";
import { defineCommand, write } from "./run.js";

const usage = `Usage: kinplace completion SHELL

Prints a completion script for SHELL (bash, zsh or fish): the commands, their options, the values of options
with a closed set (-t/--type, -o/--output, --patches, ...), Kubernetes minors, and files. Load it with:

  bash   source <(kinplace completion bash)        (or save it in ~/.local/share/bash-completion/completions/kinplace)
  zsh    kinplace completion zsh > "\${fpath[1]}/_kinplace"   (then restart zsh; needs compinit)
  fish   kinplace completion fish > ~/.config/fish/completions/kinplace.fish

It completes \`kinplace\` and \`kubectl-kinplace\` (kubectl's own completion does not reach plugins' options).

Exit codes: 0 printed, 2 bad usage.
`;

/** The shells a script is written for. */
export const SHELLS = ["bash", "zsh", "fish"] as const;

/** The program names completed. */
const PROGRAMS = ["kinplace", "kubectl-kinplace"];

/** One option of a command as completion sees it. */
interface Opt {
  name: string;
  short?: string;
  spec: OptionSpec;
  description: string;
}

/** The first line describing `--name` in a command's usage text (its Options section), or "". */
function describe(usageText: string, name: string): string {
  const esc = name.replace(/[-.]/g, "\\$&");
  const m = new RegExp(`^ {2}(?:-[A-Za-z], )?--${esc}(?:[ =][A-Z][A-Z_|.]*)?(?: [A-Z][A-Z_|.]*)? {2,}(.*)$`, "m").exec(usageText);
  return m?.[1]?.trim() ?? "";
}

/** The options of a command. */
function optionsOf(c: Command): Opt[] {
  return Object.entries(c.options ?? {}).map(([name, spec]) => ({ name, short: spec.short, spec, description: describe(c.usage, name) }));
}

/** The words completed for an option's value, "file" for files, or undefined (a free value). */
function valuesOf(spec: OptionSpec): readonly string[] | "file" | undefined {
  return spec.choices ?? spec.complete;
}

/** A bash word list ('a b c'), single-quoted. */
function bashWords(words: readonly string[]): string {
  return `'${words.join(" ").replace(/'/g, "")}'`;
}

/** The bash script. */
function bash(commands: readonly Command[]): string {
  const names = commands.map((c) => c.name);
  const cases = commands.map((c) => {
    const opts = optionsOf(c);
    const flags = opts.flatMap((o) => [`--${o.name}`, ...(o.short ? [`-${o.short}`] : [])]).concat(["--help"]);
    const valueCases = opts.filter((o) => o.spec.type !== "flag").map((o) => {
      const pattern = [`--${o.name}`, ...(o.short ? [`-${o.short}`] : [])].join("|");
      const values = valuesOf(o.spec);
      const action = values === "file" ? "COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null"
        : values === undefined ? "COMPREPLY=()" : `COMPREPLY=($(compgen -W ${bashWords(values)} -- "$cur"))`;
      return `        ${pattern}) ${action}; return ;;`;
    });
    return [
      `    ${c.name})`,
      ...(valueCases.length > 0 ? ["      case \"$prev\" in", ...valueCases, "      esac"] : []),
      `      if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W ${bashWords(flags)} -- "$cur")); return; fi`,
      c.name === "completion" ? `      COMPREPLY=($(compgen -W ${bashWords(SHELLS)} -- "$cur")) ;;` : `      COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null ;;`,
    ].join("\n");
  });
  return `# bash completion for kinplace: source <(kinplace completion bash)
_kinplace() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" cmd="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in -*) ;; *) cmd="\${COMP_WORDS[i]}"; break ;; esac
  done
  if [[ -z "$cmd" ]]; then
    COMPREPLY=($(compgen -W ${bashWords([...names, "--help", "--version"])} -- "$cur"))
    return
  fi
  case "$cmd" in
${cases.join("\n")}
  esac
}
complete -F _kinplace ${PROGRAMS.join(" ")}
`;
}

/** Text safe inside a zsh _arguments description ([...]) in single quotes. */
function zshText(s: string): string {
  return s.replace(/[[\]]/g, "").replace(/:/g, " -").replace(/'/g, "").replace(/\\/g, "");
}

/** The zsh script. */
function zsh(commands: readonly Command[]): string {
  const list = commands.map((c) => `    '${c.name}:${zshText(c.summary)}'`).join("\n");
  const cases = commands.map((c) => {
    const specs = optionsOf(c).map((o) => {
      const values = valuesOf(o.spec);
      const action = o.spec.type === "flag" ? "" : values === "file" ? ":file:_files" : values === undefined ? `:${o.name}: ` : `:${o.name}:(${values.join(" ")})`;
      const many = o.spec.type === "list" ? "*" : "";
      const desc = `[${zshText(o.description || o.name)}]`;
      if (o.short === undefined) return `'${many}--${o.name}${o.spec.type === "flag" ? "" : "="}${desc}${action}'`;
      const forms = o.spec.type === "flag" ? `{-${o.short},--${o.name}}` : `{-${o.short}+,--${o.name}=}`;
      return `'${many}(-${o.short} --${o.name})'${forms}'${desc}${action}'`;
    });
    const rest = c.name === "completion" ? `'1:shell:(${SHELLS.join(" ")})'` : "'*:file:_files'";
    return `    ${c.name})\n      _arguments -s ${[...specs, "'(- *)--help[show the usage]'", rest].join(" \\\n        ")} ;;`;
  });
  return `#compdef ${PROGRAMS.join(" ")}
# zsh completion for kinplace: kinplace completion zsh > "\${fpath[1]}/_kinplace"
_kinplace() {
  local -a commands
  commands=(
${list}
  )
  if (( CURRENT == 2 )); then
    _describe -t commands 'kinplace command' commands
    return
  fi
  local cmd="\${words[2]}"
  shift words
  (( CURRENT-- ))
  case "$cmd" in
${cases.join("\n")}
  esac
}
_kinplace "$@"
`;
}

/** Text in fish single quotes. */
function fishText(s: string): string {
  return `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/** The fish script. */
function fish(commands: readonly Command[]): string {
  const lines = [
    "# fish completion for kinplace: kinplace completion fish > ~/.config/fish/completions/kinplace.fish",
    `for prog in ${PROGRAMS.join(" ")}`,
    "  complete -c $prog -f",
    `  complete -c $prog -n __fish_use_subcommand -s h -l help -d ${fishText("show the help")}`,
    `  complete -c $prog -n __fish_use_subcommand -s V -l version -d ${fishText("print the version")}`,
  ];
  for (const c of commands) {
    lines.push(`  complete -c $prog -n __fish_use_subcommand -a ${c.name} -d ${fishText(c.summary)}`);
    const when = `-n ${fishText(`__fish_seen_subcommand_from ${c.name}`)}`;
    for (const o of optionsOf(c)) {
      const values = valuesOf(o.spec);
      const value = o.spec.type === "flag" ? "" : values === "file" ? " -r -F" : values === undefined ? " -x" : ` -x -a ${fishText(values.join(" "))}`;
      lines.push(`  complete -c $prog ${when}${o.short ? ` -s ${o.short}` : ""} -l ${o.name}${value}${o.description ? ` -d ${fishText(o.description)}` : ""}`);
    }
    lines.push(c.name === "completion" ? `  complete -c $prog ${when} -a ${fishText(SHELLS.join(" "))}` : `  complete -c $prog ${when} -F`);
  }
  lines.push("end", "");
  return lines.join("\n");
}

/** The `completion` command for the command table `table` (called when it runs: the table lists this command too). */
export function completionCommand(table: () => readonly Command[]): Command {
  return defineCommand("completion", "print a shell completion script: bash, zsh or fish", usage, async (args, io) => {
    const a = parseArgs(args, {});
    const shell = a.positionals[0];
    if (shell === undefined) throw new UsageError(`completion needs a shell: ${SHELLS.join(", ")}`);
    if (a.positionals.length > 1) throw new UsageError(`unexpected argument ${JSON.stringify(a.positionals[1])}`);
    if (!(SHELLS as readonly string[]).includes(shell)) throw new UsageError(`${JSON.stringify(shell)} is not one of ${SHELLS.join(", ")}`);
    const commands = table();
    await write(io.stdout, shell === "bash" ? bash(commands) : shell === "zsh" ? zsh(commands) : fish(commands));
    return 0;
  }, {});
}
