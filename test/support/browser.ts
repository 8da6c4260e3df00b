// The browser of the browser tests: the Chromium shipped inside the npm package @sparticuz/chromium (a devDependency,
// so `npm install` brings it and nothing is installed by hand), unpacked on first use together with the NSS/expat
// libraries the package carries, and started headless with no network of its own. KINPLACE_CHROMIUM names another
// Chromium instead (for example Debian's /usr/bin/chromium).

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { chromium, type BrowserContext, type LaunchOptions } from "playwright-core";

/** The flags every test browser starts with: headless, no sandbox (CI runs as root), no background traffic. */
export const BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** The unpacked libraries of the package's al2023.tar.br (NSS, NSPR, expat): a folder keyed by the package version. */
function packagedLibraries(): string {
  const require = createRequire(import.meta.url);
  // the package exports no ./package.json: its root is the nearest folder above the entry that has one
  let pkgDir = dirname(require.resolve("@sparticuz/chromium"));
  while (!existsSync(join(pkgDir, "package.json")) || !existsSync(join(pkgDir, "bin"))) {
    if (dirname(pkgDir) === pkgDir) throw new Error("@sparticuz/chromium has no bin/ folder: run npm install");
    pkgDir = dirname(pkgDir);
  }
  const version = (JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as { version: string }).version;
  const dir = join(tmpdir(), `kinplace-chromium-libs-${version}`);
  if (!existsSync(join(dir, "lib", "libnss3.so"))) {
    mkdirSync(dir, { recursive: true });
    const tar = join(dir, "al2023.tar");
    writeFileSync(tar, brotliDecompressSync(readFileSync(join(pkgDir, "bin", "al2023.tar.br"))));
    execFileSync("tar", ["-xf", tar, "-C", dir]);
  }
  return join(dir, "lib");
}

/** The Chromium executable and the environment it needs. */
export async function browserExecutable(): Promise<{ executablePath: string; env: Record<string, string> }> {
  const chosen = process.env["KINPLACE_CHROMIUM"];
  if (chosen !== undefined && chosen !== "") return { executablePath: chosen, env: {} };
  const { default: Chromium } = await import("@sparticuz/chromium");
  const executablePath = await Chromium.executablePath();
  const libs = packagedLibraries();
  const inherited = process.env["LD_LIBRARY_PATH"];
  return { executablePath, env: { LD_LIBRARY_PATH: inherited ? `${libs}:${inherited}` : libs } };
}

/** A persistent browser context on a fresh profile directory, with the test flags and `options` added. */
export async function launchContext(profile: string, options: Omit<LaunchOptions, "executablePath"> & { viewport?: { width: number; height: number } } = {}): Promise<BrowserContext> {
  const { executablePath, env } = await browserExecutable();
  return chromium.launchPersistentContext(profile, {
    headless: true,
    ...options,
    executablePath,
    args: [...BROWSER_ARGS, ...(options.args ?? [])],
    env: { ...process.env, ...env, ...(options.env ?? {}) } as Record<string, string>,
  });
}
