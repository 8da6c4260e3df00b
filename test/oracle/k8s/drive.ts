/** Runs one k8s oracle binary (by build key) over a batch of request lines; builds it first if needed. */

import { spawn } from "node:child_process";
import { ensureBinary, parseKey } from "./build.ts";

/** Answers `lines` (no newlines inside) with the binary of build key `key` (e.g. "1.29-go121-api"). */
export async function askKey(key: string, lines: string[]): Promise<string[]> {
  const bin = await ensureBinary(parseKey(key), (s) => console.error(s));
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [], { stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => (err += b.toString()));
    child.on("error", reject);
    child.on("close", (status) => {
      const answers = Buffer.concat(out).toString("utf8").split("\n");
      answers.pop();
      if (status !== 0 || answers.length !== lines.length) reject(new Error(`${key} exited ${status} after ${answers.length}/${lines.length} answers: ${err}`));
      else resolve(answers);
    });
    child.stdin.end(lines.map((l) => l + "\n").join(""));
  });
}
