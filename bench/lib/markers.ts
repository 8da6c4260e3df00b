// Rewrites the generated part of a Markdown page: the lines between `<!-- NAME:start -->` and `<!-- NAME:end -->`.

import { readFileSync, writeFileSync } from "node:fs";

/** Replaces what lies between the page's markers `name` with `lines`; throws when the page has no such markers. */
export function writeBetween(path: string, name: string, lines: string[]): void {
  const text = readFileSync(path, "utf8");
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`${path} has no ${start} … ${end} markers`);
  writeFileSync(path, text.slice(0, a + start.length) + "\n" + lines.join("\n").trim() + "\n" + text.slice(b));
}
