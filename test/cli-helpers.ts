// Shared helpers of the CLI test files (test/cli-*.test.ts): run the built CLI (dist/cli/kinplace.mjs)
// with a clean color environment, under a pseudo-terminal (`script`), and write temporary inputs.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run, type RunResult } from "./support/run.ts";

/** The repository root. */
export const root = fileURLToPath(new URL("..", import.meta.url));
/** The built CLI. */
export const cli = join(root, "dist/cli/kinplace.mjs");

/** The environment without color or progress switches, plus `extra`. */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of ["NO_COLOR", "FORCE_COLOR", "KINPLACE_NO_PROGRESS", "KINPLACE_WASM"]) delete env[k];
  return { ...env, ...extra };
}

/** Runs `kinplace ARGS` with optional stdin and extra environment. */
export function kinplace(args: string[], options: { input?: string | Uint8Array; env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<RunResult> {
  return run([cli, ...args], { input: options.input, env: cleanEnv(options.env), cwd: options.cwd });
}

/** Runs `kinplace ARGS` under a pseudo-terminal (util-linux `script`): stdout and stderr are a TTY and come back merged. */
export function kinplaceTTY(args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  const quote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;
  const command = [process.execPath, cli, ...args].map(quote).join(" ");
  return run(["-q", "-e", "-c", command, "/dev/null"], { command: "script", env: cleanEnv({ TERM: "xterm", ...env }) });
}

/** A temporary directory removed by the returned cleanup; `file(name, text)` writes into it. */
export function tempDir(): { dir: string; file(name: string, text: string | Uint8Array): string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), "kinplace-cli-"));
  return {
    dir,
    file(name, text) {
      const p = join(dir, name);
      writeFileSync(p, text);
      return p;
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Parses JSON Lines. */
export function jsonLines(text: string | Buffer): { [key: string]: unknown }[] {
  return text.toString().split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as { [key: string]: unknown });
}

/** The shape deployment() returns. */
export interface DeploymentManifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; uid?: string };
  spec: {
    replicas: number;
    selector: { matchLabels: { [key: string]: string } };
    template: { metadata: { labels: { [key: string]: string } }; spec: { containers: { name: string; image: string }[] } };
  };
}

/** A Deployment manifest with one container per image. */
export function deployment(name: string, images: string[], extra: { replicas?: number; namespace?: string } = {}): DeploymentManifest {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name, ...(extra.namespace ? { namespace: extra.namespace } : {}) },
    spec: {
      replicas: extra.replicas ?? 3,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: images.map((image, i) => ({ name: `c${i}`, image })) } },
    },
  };
}
