// Every example of README.md and of every docs/*.md page is real: this test finds the pages itself (a new page is
// covered without editing it) and runs each example, comparing what it prints with what the page shows.
// Needs `npm run build` (dist/ for the CLI and the package, build/kinplace.wasm for the engine).
//
// The convention, by the fenced block's info string:
//
//   ```sh       a transcript. Every `$ ` line is run from the repository root and the lines up to the next `$ ` line
//               are its output: `$ kinplace ARGS` and `$ npx kinplace ARGS` (the built CLI; `| head -N` and a trailing
//               `# comment` allowed), `$ node FILE ARGS`, and `$ echo '<request>' | npx kinplace eval` (or
//               `| kinplace eval`; the one line after it is the answer). `$ echo $?` gives the exit code of the
//               command before. Any other `$ ` line fails the test. A block without any `$ ` line lists commands to
//               type (installing, starting a server): it shows no output, so there is nothing to compare.
//   ```js, ```ts, ```mjs
//               run as an ES module (ts through tsx) from a temporary directory where `kinplace` resolves to this
//               checkout (its package.json exports, so dist/); what it prints on stdout must be the ```text block
//               right after it, or nothing when no ```text block follows.
//   ```go       must follow a `<!-- go/FILE -->` line and be that file, byte for byte; `go test` (scripts/go-test.sh)
//               compiles and runs it.
//   ```sh shape, ```js shape, ```ts shape
//               deliberately not runnable (a shape with `...`, a cluster, a browser, an edge runtime): not run.
//   ```text, ```json, ```jsonl, ```yaml, ```diff, ```html, ```css and bare ```
//               data, output and diagrams: not run.
//
// Any other info string fails the test, so nothing is skipped without saying so. A `$ echo $?` after `| head` is refused
// (a shell would print head's exit code). Eval lines are answered by the engine in this process (build/kinplace.wasm,
// the bytes `kinplace eval` writes). Two more checks: docs/ops.md shows a runnable example of every op of the engine's
// dispatch table, and every relative link of the pages resolves to a file and a heading.

import assert from "node:assert/strict";
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, test } from "node:test";
import { kinplace, root } from "./cli-helpers.ts";
import { kinplace as engine } from "./support/engine.ts";
import { run } from "./support/run.ts";

/** One fenced block of a page: its info string, its text and the line it starts on. */
interface Block {
  info: string;
  text: string;
  line: number;
  /** The HTML comment line right before the fence, if any (`<!-- go/example_test.go -->`). */
  marker?: string;
  /** Only blank lines lie between the block before and this one. */
  follows: boolean;
}

/** The fenced blocks of a Markdown text, in order. */
export function blocks(markdown: string): Block[] {
  const lines = markdown.split("\n");
  const out: Block[] = [];
  let blank = false;
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(.*)$/.exec(lines[i]!);
    if (open === null) {
      if (lines[i]!.trim() !== "") blank = false;
      continue;
    }
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== "```"; i++) body.push(lines[i]!);
    const prev = start > 0 ? /^<!-- (.*) -->$/.exec(lines[start - 1]!) : null;
    out.push({ info: open[1]!.trim(), text: body.join("\n"), line: start + 1, marker: prev?.[1], follows: blank && out.length > 0 });
    blank = true;
  }
  return out;
}

/** One runnable line of a transcript with the output shown after it. */
interface Step {
  kind: "cli" | "node" | "eval";
  args: string[];
  request?: string;
  head?: number;
  output: string;
  status?: number;
  line: number;
}

/** The runnable steps of a ```sh transcript; throws on a `$ ` line the test cannot run. */
export function steps(block: Block): Step[] {
  const out: Step[] = [];
  if (!block.text.split("\n").some((line) => line.startsWith("$ "))) return out; // commands to type, no output shown
  let current: Step | undefined;
  let expectStatus = false;
  block.text.split("\n").forEach((line, i) => {
    const at = block.line + 1 + i;
    if (line.startsWith("$ ")) {
      const command = line.slice(2);
      expectStatus = command === "echo $?";
      if (expectStatus) {
        if (current === undefined) throw new Error(`line ${at}: \`$ echo $?\` without a command before it`);
        if (current.head !== undefined) throw new Error(`line ${at}: after \`| head\`, \`$ echo $?\` is head's exit code, not kinplace's`);
        return;
      }
      const ev = /^echo '(.*)' \| (?:npx )?kinplace eval$/.exec(command);
      const cli = /^(?:npx )?kinplace ([^|#]*?)(?:\s*\|\s*head -(\d+))?(?:\s+#.*)?$/.exec(command);
      const node = /^node ([^|#<>;&]*?)(?:\s+#.*)?$/.exec(command);
      if (ev !== null) current = { kind: "eval", args: [], request: ev[1]!, output: "", line: at };
      else if (cli !== null) current = { kind: "cli", args: cli[1]!.split(/\s+/), head: cli[2] === undefined ? undefined : Number(cli[2]), output: "", line: at };
      else if (node !== null) current = { kind: "node", args: node[1]!.split(/\s+/), output: "", line: at };
      else throw new Error(`line ${at}: \`${command.slice(0, 80)}\` is not a runnable example (mark the block \`sh shape\` if it is a shape)`);
      out.push(current);
    } else if (expectStatus) {
      if (line !== "") current!.status = Number(line);
      expectStatus = false;
    } else if (current !== undefined) current.output += `${line}\n`;
    else if (line.trim() !== "") throw new Error(`line ${at}: output before any \`$ \` line`);
  });
  return out;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const trimEnd = (s: string): string => s.replace(/\s+$/, "");
const DATA = new Set(["", "text", "json", "jsonl", "yaml", "diff", "html", "css"]);
const SHAPES = new Set(["sh shape", "js shape", "ts shape"]);

/** A temporary directory whose node_modules/kinplace is this checkout, for the ```js / ```ts blocks. */
let scratch: string | undefined;
function scratchDir(): string {
  if (scratch === undefined) {
    scratch = mkdtempSync(join(tmpdir(), "kinplace-docs-"));
    mkdirSync(join(scratch, "node_modules"));
    symlinkSync(root, join(scratch, "node_modules", "kinplace"), "dir");
  }
  return scratch;
}
after(() => {
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
});

/** Runs one transcript step and checks its output and exit code. */
async function check(page: string, step: Step): Promise<void> {
  const where = `${page}:${step.line}`;
  if (step.kind === "eval") {
    const got = decoder.decode(engine.evaluateLine(encoder.encode(step.request!)));
    const shown = step.output.split("\n")[0]!;
    assert.equal(got, shown, `${where}: eval ${step.request!.slice(0, 100)}`);
    assert.equal(trimEnd(step.output.split("\n").slice(1).join("\n")), "", `${where}: one answer line per request`);
    return;
  }
  const r = step.kind === "cli" ? await kinplace(step.args, { cwd: root }) : await run(step.args, { cwd: root });
  let printed = r.stdout.toString();
  if (step.head !== undefined) printed = printed.split("\n").slice(0, step.head).join("\n");
  assert.equal(trimEnd(printed), trimEnd(step.output), `${where}: ${step.kind === "cli" ? "kinplace" : "node"} ${step.args.join(" ")}`);
  if (step.status !== undefined) assert.equal(r.status, step.status, `${where}: exit code`);
}

/** Runs a ```js / ```ts block as a module and checks what it prints. */
async function runCode(page: string, block: Block, shown: string): Promise<void> {
  const dir = scratchDir();
  const file = join(dir, `block-${page.replace(/\W/g, "_")}-${block.line}.${block.info === "ts" ? "mts" : "mjs"}`);
  writeFileSync(file, block.text);
  const args = block.info === "ts" ? ["--import", "tsx", file] : [file];
  const r = await run(args, { cwd: root });
  assert.equal(r.status, 0, `${page}:${block.line}: the block failed:\n${r.stderr.toString()}`);
  assert.equal(trimEnd(r.stdout.toString()), trimEnd(shown), `${page}:${block.line}: what the block prints`);
}

/** README.md and every docs/*.md page. */
const pages = ["README.md", ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/${f}`)];

for (const page of pages) {
  test(`${page}: every example prints what the page shows`, async () => {
    const list = blocks(readFileSync(join(root, page), "utf8"));
    for (let i = 0; i < list.length; i++) {
      const block = list[i]!;
      const where = `${page}:${block.line}`;
      if (block.info === "sh") {
        for (const step of steps(block)) await check(page, step);
      } else if (block.info === "js" || block.info === "ts" || block.info === "mjs") {
        const next = list[i + 1];
        const output = next !== undefined && next.info === "text" && next.follows;
        if (output) i++;
        const shown = output ? next.text : "";
        await runCode(page, block, shown);
      } else if (block.info === "go") {
        assert.ok(block.marker?.startsWith("go/"), `${where}: a \`\`\`go block must follow a <!-- go/FILE --> line`);
        assert.equal(`${block.text}\n`, readFileSync(join(root, block.marker!), "utf8"), `${where}: not ${block.marker}`);
      } else {
        assert.ok(DATA.has(block.info) || SHAPES.has(block.info), `${where}: unknown block kind \`\`\`${block.info} (see the convention at the top of test/docs-examples.test.ts)`);
      }
    }
  });
}

test("the transcript reader refuses what it cannot run and reads what it can", () => {
  const block = (text: string): Block => ({ info: "sh", text, line: 1, follows: false });
  assert.throws(() => steps(block("$ kubectl get pods")), /not a runnable example/);
  assert.throws(() => steps(block("$ kinplace check a b | jq .")), /not a runnable example/);
  assert.throws(() => steps(block("orphan output\n$ kinplace hash x")), /output before any/);
  assert.throws(() => steps(block("$ kinplace check a b | head -1\nx\n$ echo $?\n1")), /head's exit code/);
  const [s] = steps(block("$ kinplace check a b | head -2   # note\nx\ny"));
  assert.deepEqual({ ...s, line: 0 }, { kind: "cli", args: ["check", "a", "b"], head: 2, output: "x\ny\n", line: 0 });
  const [t] = steps(block("$ kinplace check a b\nx\n$ echo $?\n1"));
  assert.equal(t!.status, 1);
  assert.equal(steps(block(`$ echo '{"op":"fnv"}' | npx kinplace eval\n{"ok":true}`))[0]!.request, '{"op":"fnv"}');
});

test("docs/ops.md: every op of the engine has a runnable example there", () => {
  const sources = ["assembly/eval/dispatch.ts", "assembly/eval/ops/rollout.ts"].map((f) => readFileSync(join(root, f), "utf8")).join("\n");
  const ops = new Set([...sources.matchAll(/op == "([a-zA-Z.]+)"/g)].map((m) => m[1]!));
  assert.ok(ops.size >= 35, `found only ${ops.size} ops in the dispatch table`);
  const shown = new Set<string>();
  for (const block of blocks(readFileSync(join(root, "docs/ops.md"), "utf8"))) {
    if (block.info !== "sh") continue;
    for (const step of steps(block)) if (step.kind === "eval") shown.add((JSON.parse(step.request!) as { op: string }).op);
  }
  assert.deepEqual([...ops].filter((op) => !shown.has(op)).sort(), [], "ops without a runnable example in docs/ops.md");
});

/** GitHub's anchor of a heading. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}_\- ]/gu, "").replace(/ /g, "-");
}

test("every relative link of README.md and docs/*.md points at a file, and at a heading of it", () => {
  const strip = (text: string): string => text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "");
  const headings = (file: string): Set<string> => new Set([...strip(readFileSync(file, "utf8")).matchAll(/^#+ (.*)$/gm)].map((m) => slug(m[1]!)));
  const broken: string[] = [];
  for (const page of pages) {
    for (const m of strip(readFileSync(join(root, page), "utf8")).matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = m[1]!;
      if (/^[a-z]+:/.test(link)) continue; // https:, mailto:
      const [path, anchor] = link.split("#") as [string, string | undefined];
      const target = path === "" ? join(root, page) : resolve(dirname(join(root, page)), path);
      if (!existsSync(target)) broken.push(`${page}: ${link} (no such file)`);
      else if (anchor !== undefined && target.endsWith(".md") && !headings(target).has(anchor)) broken.push(`${page}: ${link} (no such heading)`);
    }
  }
  assert.deepEqual(broken, []);
});

test("docs/webhook.md: its options block is `kinplace webhook --help`'s", async () => {
  const help = (await kinplace(["webhook", "--help"])).stdout.toString();
  const options = help.slice(help.indexOf("Options:\n") + "Options:\n".length, help.indexOf("\nExit codes")).replace(/\n+$/, "");
  const page = readFileSync(join(root, "docs/webhook.md"), "utf8");
  const section = page.slice(page.indexOf("## Options"));
  const block = section.slice(section.indexOf("```text\n") + 8, section.indexOf("```", section.indexOf("```text\n") + 8)).replace(/\n+$/, "");
  assert.equal(block, options);
});
