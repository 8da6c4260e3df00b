// Runs a child process (node by default) and collects its output, without blocking the event loop, so
// the test process can serve HTTP to the child meanwhile.

import { spawn } from "node:child_process";

/** What a finished child produced. */
export interface RunResult {
  status: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Options of run(). */
export interface RunOptions {
  input?: Uint8Array | string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  command?: string;
}

/** Spawns `command` (default: this node) with `args`, feeds `input` to stdin, resolves when it exits. */
export function run(args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.command ?? process.execPath, args, { cwd: options.cwd, env: options.env ?? process.env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString() }));
    child.stdin.on("error", () => {}); // the child may exit before reading everything
    child.stdin.end(options.input ?? "");
  });
}

/** The node flag that turns on the permission model (`--permission` from Node 22.13/23.5 on). */
export const permissionFlag = process.allowedNodeEnvironmentFlags.has("--permission") ? "--permission" : "--experimental-permission";
