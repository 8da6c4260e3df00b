// The README's command-line examples are real: every `$ kinplace ...` line of the "60-second tour" and
// "Command line" sections (without a shell pipe, or piped into `head -N`) is run on the shipped examples and must print
// exactly what the README shows (trailing blank lines aside); a following `$ echo $?` line gives its
// exit code. Needs `npm run build`.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { kinplace, root } from "./cli-helpers.ts";

/** The commands of the README's "Command line" shell blocks with their shown output and exit code. */
function examples(): { args: string[]; output: string; status?: number; head?: number }[] {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("\n## 60-second tour\n"), readme.indexOf("\n## What is here\n")) +
    readme.slice(readme.indexOf("\n## Command line\n"), readme.indexOf("\n### kubectl plugin\n"));
  const out: { args: string[]; output: string; status?: number; head?: number }[] = [];
  for (const block of section.split("```sh\n").slice(1).map((b) => b.slice(0, b.indexOf("```")))) {
    let current: { args: string[]; output: string; status?: number; head?: number } | undefined;
    let expectStatus = false;
    for (const line of block.split("\n")) {
      if (line.startsWith("$ ")) {
        expectStatus = line === "$ echo $?";
        if (expectStatus) continue;
        current = undefined;
        const m = /^(kinplace [^|#]*?)(?:\s*\|\s*head -(\d+))?(?:\s+#.*)?$/.exec(line.slice(2));
        if (m === null) continue;
        current = { args: m[1]!.split(/\s+/).slice(1), output: "", head: m[2] === undefined ? undefined : Number(m[2]) };
        out.push(current);
      } else if (expectStatus) {
        if (current !== undefined && line !== "") current.status = Number(line);
        expectStatus = false;
      } else if (current !== undefined) current.output += `${line}\n`;
    }
  }
  return out;
}

test("README command-line examples print what the README shows", async () => {
  const list = examples();
  assert.ok(list.length >= 5, `found ${list.length} examples`);
  for (const ex of list) {
    const r = await kinplace(ex.args, { cwd: root });
    let printed = r.stdout.toString();
    if (ex.head !== undefined) printed = printed.split("\n").slice(0, ex.head).join("\n");
    assert.equal(printed.replace(/\n+$/, ""), ex.output.replace(/\n+$/, ""), `kinplace ${ex.args.join(" ")}`);
    if (ex.status !== undefined) assert.equal(r.status, ex.status, `kinplace ${ex.args.join(" ")}: exit code`);
  }
});
