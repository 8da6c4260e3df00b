// Help a shell user gets: `kinplace completion bash|zsh|fish` (generated from the command table) and `kinplace eval
// --help`'s op list (read from the engine's sources when the CLI is built: scripts/op-names.mjs).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { opNames } from "../scripts/op-names.mjs";
import { cli, jsonLines, kinplace, root } from "./cli-helpers.ts";
import { run } from "./support/run.ts";

/** Runs `script` in bash with the completion script loaded; stdout. */
async function inBash(script: string): Promise<string> {
  const r = await run(["-c", `source <(${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} completion bash) || exit 9\n${script}`], { command: "bash", cwd: root });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.toString();
}

/** What bash completes for the words `words` (the last one being completed). */
async function completes(...words: string[]): Promise<string[]> {
  const array = words.map((w) => `'${w}'`).join(" ");
  const out = await inBash(`COMP_WORDS=(${array}); COMP_CWORD=${words.length - 1}; _kinplace; printf '%s\\n' "\${COMPREPLY[@]}"`);
  return out.split("\n").filter(Boolean);
}

const COMMANDS = ["check", "diff", "hash", "plan", "eval", "webhook", "kubectl-diff", "completion"];

describe("kinplace completion", () => {
  test("bash: the script is valid bash, loads, registers kinplace and kubectl-kinplace", async () => {
    const script = (await kinplace(["completion", "bash"])).stdout.toString();
    const syntax = await run(["-n", "-c", script], { command: "bash" });
    assert.equal(syntax.status, 0, syntax.stderr);
    assert.equal(await inBash("complete -p kinplace kubectl-kinplace"), "complete -F _kinplace kinplace\ncomplete -F _kinplace kubectl-kinplace\n");
  });

  test("bash: commands, a command's options, closed option values, minors and files", async () => {
    assert.deepEqual(await completes("kinplace", ""), [...COMMANDS, "--help", "--version"]);
    assert.deepEqual(await completes("kinplace", "c"), ["check", "completion"]);
    assert.deepEqual(await completes("kinplace", "diff", "-t", ""), ["json", "merge", "strategic"]);
    assert.deepEqual(await completes("kinplace", "check", "-o", ""), ["text", "json", "yaml", "markdown"]);
    assert.deepEqual(await completes("kinplace", "check", "--patches", ""), ["none", "short", "full"]);
    assert.deepEqual(await completes("kinplace", "hash", "--kubernetes", "1.3"), ["1.30", "1.31", "1.32", "1.33", "1.34", "1.35", "1.36", "1.37"]);
    assert.deepEqual(await completes("kinplace", "completion", ""), ["bash", "zsh", "fish"]);
    const flags = await completes("kinplace", "check", "--p");
    assert.deepEqual(flags, ["--pods", "--policy", "--patches"]);
    assert.ok((await completes("kinplace", "plan", "-")).includes("--recursive"));
    for (const command of ["check", "hash", "plan"]) assert.deepEqual(await completes("kinplace", command, "--jo"), ["--jobs", "--jobs-threshold"]);
    assert.deepEqual(await completes("kinplace", "diff", "--jo"), []);
    assert.deepEqual(await completes("kinplace", "check", "examples/cli/argocd/install-o"), ["examples/cli/argocd/install-old.yaml"]);
    assert.deepEqual(await completes("kinplace", "check", "a.yaml", "--policy", "examples/cli/pol"), ["examples/cli/policy.yaml"]);
  });

  test("zsh and fish: every command, its options and the closed values", async () => {
    const zsh = (await kinplace(["completion", "zsh"])).stdout.toString();
    assert.match(zsh, /^#compdef kinplace kubectl-kinplace\n/);
    for (const c of COMMANDS) assert.match(zsh, new RegExp(`^ {4}'${c}:`, "m"));
    assert.match(zsh, /'\(-t --type\)'\{-t\+,--type=\}'\[[^\]]*\]:type:\(json merge strategic\)'/);
    assert.match(zsh, /'\(-R --recursive\)'\{-R,--recursive\}'\[read the directories given as inputs and their subdirectories\]'/);
    assert.equal((zsh.match(/'/g)?.length ?? 0) % 2, 0, "balanced single quotes");
    const fish = (await kinplace(["completion", "fish"])).stdout.toString();
    for (const c of COMMANDS) assert.match(fish, new RegExp(`-n __fish_use_subcommand -a ${c} -d '`));
    assert.match(fish, /-n '__fish_seen_subcommand_from check' -s o -l output -x -a 'text json yaml markdown'/);
    assert.match(fish, /-n '__fish_seen_subcommand_from check' -l pods -r -F/);
  });

  test("bad usage: no shell, an unknown shell", async () => {
    const none = await kinplace(["completion"]);
    assert.equal(none.status, 2);
    assert.equal(none.stderr, "kinplace completion: completion needs a shell: bash, zsh, fish\nsee 'kinplace completion --help'\n");
    const bad = await kinplace(["completion", "powershell"]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^kinplace completion: "powershell" is not one of bash, zsh, fish$/m);
  });
});

describe("kinplace eval --help", () => {
  test("lists every op the engine registers, each one the engine knows", async () => {
    const help = (await kinplace(["eval", "--help"])).stdout.toString();
    const section = help.slice(help.indexOf("\nOps ("));
    const listed = section.slice(section.indexOf("\n", 1)).split(/[\s,]+/).filter(Boolean);
    const registered = opNames(root);
    assert.ok(registered.length >= 25, `${registered.length} ops`);
    assert.deepEqual(listed, registered);
    assert.match(section, new RegExp(`^\\nOps \\(${registered.length}\\), as the engine registers them`));
    // each is an op the engine answers (an error about its fields, never an unknown op); a made-up one is unknown
    const lines = [...listed, "no.such.op"].map((op) => JSON.stringify({ op })).join("\n");
    const answers = jsonLines((await kinplace(["eval"], { input: `${lines}\n` })).stdout);
    assert.equal(answers.length, listed.length + 1);
    answers.slice(0, -1).forEach((a, i) => assert.notEqual((a["error"] as { code?: string } | undefined)?.code, "E_UNKNOWN_OP", listed[i]));
    assert.equal((answers.at(-1)!["error"] as { code: string }).code, "E_UNKNOWN_OP");
  });
});

test("docs/cli.md's command table has one row per command of kinplace --help", async () => {
  const help = (await kinplace(["--help"])).stdout.toString();
  const listed = [...help.slice(help.indexOf("Commands:\n"), help.indexOf("\nOptions:")).matchAll(/^ {2}([a-z-]+) {2,}/gm)].map((m) => m[1]!);
  assert.deepEqual(listed, COMMANDS);
  const page = readFileSync(join(root, "docs/cli.md"), "utf8");
  const rows = [...page.matchAll(/^\| `kinplace ([a-z-]+)[^`]*` \|/gm)].map((m) => m[1]!);
  assert.deepEqual(rows, COMMANDS);
});
