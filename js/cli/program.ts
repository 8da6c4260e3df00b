// How the CLI was invoked: as `kinplace`, or as the kubectl plugin `kubectl-kinplace` (`kubectl kinplace`).

import { basename } from "node:path";

/** "kubectl kinplace" when run through the kubectl-kinplace bin, else "kinplace". */
export function programName(argv1: string | undefined = process.argv[1]): string {
  const name = basename(argv1 ?? "").replace(/\.(mjs|js|cjs)$/, "");
  return name === "kubectl-kinplace" ? "kubectl kinplace" : "kinplace";
}

/** `text` with the leading "kinplace " of usage lines and messages spelled as this program's name. */
export function asInvoked(text: string, name: string = programName()): string {
  return name === "kinplace" ? text : text.replace(/(^|[\s`(])kinplace (?=[a-z<-])/gm, `$1${name} `);
}
