// The README's eval examples are real: every one-line `$ echo '<request>' | npx kinplace eval` of a ```sh block
// (requests whose JSON is complete: multi-line and elided `...` ones are shapes, not runnable) is answered by the
// engine, and the line after it must be exactly the answer printed.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { kinplace } from "./support/engine.ts";

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** [request, shown answer] pairs of the README's runnable one-line eval examples. */
function examples(): [string, string][] {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const out: [string, string][] = [];
  for (const block of readme.split("```sh\n").slice(1).map((b) => b.slice(0, b.indexOf("```")))) {
    const lines = block.split("\n");
    lines.forEach((line, i) => {
      const m = /^\$ echo '(.*)' \| npx kinplace eval$/.exec(line);
      if (m === null || m[1]!.includes("...")) return;
      out.push([m[1]!, lines[i + 1] ?? ""]);
    });
  }
  return out;
}

test("README eval examples print what the README shows", () => {
  const list = examples();
  assert.ok(list.length >= 11, `${list.length} runnable eval examples found`);
  for (const [request, shown] of list) {
    const got = decoder.decode(kinplace.evaluateLine(encoder.encode(request)));
    assert.equal(got, shown, `README example ${request.slice(0, 120)}`);
  }
});
