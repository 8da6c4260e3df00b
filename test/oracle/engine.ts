// Runs request lines through the engine exactly as a user would: `node dist/cli/kinplace.mjs eval`
// as a subprocess, all lines on its stdin, one answer line per request line on its stdout.

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { requestBytes } from "./lines.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Path of the CLI that runEngine drives: the built one, or KINPLACE_ENGINE_CLI when set (another
 * build, or a stand-in when checking this suite itself). */
export const ENGINE_CLI = process.env.KINPLACE_ENGINE_CLI ?? fileURLToPath(new URL("../../dist/cli/kinplace.mjs", import.meta.url));

/** Answers request lines (strings or raw bytes; no newline inside, not blank) in order with `kinplace eval`. */
export function runEngine(lines: string[] | Uint8Array[]): Promise<string[]> {
  const input: Uint8Array[] = [];
  for (const l of lines) input.push(requestBytes(l), Uint8Array.of(0x0a));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ENGINE_CLI, "eval"], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => { err += c.toString(); });
    child.on("error", reject);
    child.stdin.on("error", reject);
    child.on("close", (code, signal) => {
      const text = Buffer.concat(out).toString("utf8");
      const answers = text.endsWith("\n") ? text.slice(0, -1).split("\n") : text === "" ? [] : text.split("\n");
      if (code !== 0) reject(new Error(`kinplace eval exited with ${code ?? signal}: ${err}`));
      else if (answers.length !== lines.length) reject(new Error(`kinplace eval gave ${answers.length} answers for ${lines.length} lines: ${err}`));
      else resolve(answers);
    });
    child.stdin.end(Buffer.concat(input));
  });
}
