// The examples of the reference pages in docs/ are real: every `$ kinplace ...` line of a ```sh block is run
// from the repository root and must print what the page shows (a following `$ echo $?` gives the exit code),
// and an options block copied from a command's --help must still be its --help. Needs `npm run build`.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { kinplace, root } from "./cli-helpers.ts";

/** One example: the arguments after `kinplace`, the shown output, the shown exit code. */
interface Example {
  args: string[];
  output: string;
  status?: number;
}

/** The `$ kinplace` examples of the ```sh blocks of a page. */
function examples(page: string): Example[] {
  const text = readFileSync(join(root, page), "utf8");
  const out: Example[] = [];
  for (const block of text.split("```sh\n").slice(1).map((b) => b.slice(0, b.indexOf("```")))) {
    let current: Example | undefined;
    let expectStatus = false;
    for (const line of block.split("\n")) {
      if (line.startsWith("$ ")) {
        expectStatus = line === "$ echo $?";
        if (expectStatus) continue;
        current = line.startsWith("$ kinplace ") ? { args: line.slice(2).split(/\s+/).slice(1), output: "" } : undefined;
        if (current !== undefined) out.push(current);
      } else if (expectStatus) {
        if (current !== undefined && line !== "") current.status = Number(line);
        expectStatus = false;
      } else if (current !== undefined) current.output += `${line}\n`;
    }
  }
  return out;
}

for (const [page, least] of [["docs/kubectl-diff.md", 2], ["docs/webhook.md", 3]] as const) {
  test(`${page}: every example prints what the page shows`, async () => {
    const list = examples(page);
    assert.ok(list.length >= least, `found ${list.length} examples`);
    for (const ex of list) {
      const r = await kinplace(ex.args, { cwd: root });
      assert.equal(r.stdout.toString().replace(/\n+$/, ""), ex.output.replace(/\n+$/, ""), `kinplace ${ex.args.join(" ")}`);
      if (ex.status !== undefined) assert.equal(r.status, ex.status, `kinplace ${ex.args.join(" ")}: exit code`);
    }
  });
}

test("docs/webhook.md: its options block is `kinplace webhook --help`'s", async () => {
  const help = (await kinplace(["webhook", "--help"])).stdout.toString();
  const options = help.slice(help.indexOf("Options:\n") + "Options:\n".length, help.indexOf("\nExit codes")).replace(/\n+$/, "");
  const page = readFileSync(join(root, "docs/webhook.md"), "utf8");
  const section = page.slice(page.indexOf("## Options"));
  const block = section.slice(section.indexOf("```text\n") + 8, section.indexOf("```", section.indexOf("```text\n") + 8)).replace(/\n+$/, "");
  assert.equal(block, options);
});
