// The published declarations as consumers see them: tiny projects importing the `npm pack`ed package
// (temporary node_modules) compiled with this repository's tsc under moduleResolution node10, node16 (ESM
// and CommonJS consumers), nodenext and bundler, with `skipLibCheck` off. Each must compile without errors,
// load the declaration files expected for that mode (`--listFiles`), and get the right types for typed
// calls (type-level equality checks and @ts-expect-error lines, which fail if a type degrades to any).
// Needs `npm run build`.

import assert from "node:assert/strict";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { consumerFolder, repoRoot } from "./support/packed.ts";
import { run } from "./support/run.ts";

/** Type-level checks over bindings named init, initSync, goJSON, fnv, inline, edge (and the imported types).
 *  Arguments are not checked against WebAssembly.Module: lib.dom declares it as an empty interface, so any
 *  object or string is assignable to it. */
const CHECKS = `
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
export const checks: [
  Equal<typeof init, (source?: InitInput) => Promise<void>>,
  Equal<typeof initSync, (source?: InitSyncInput) => void>,
  Equal<ReturnType<typeof goJSON>, string>,
  Equal<ReturnType<typeof fnv>, FnvResult>,
  Equal<Parameters<typeof edge.init>, [module: WebAssembly.Module]>,
  Equal<typeof inline.init, typeof init>,
  Equal<typeof edge.goJSON, typeof goJSON>,
] = [true, true, true, true, true, true, true];
// @ts-expect-error the edge entry needs its module
void edge.init();
// @ts-expect-error unknown FNV variant
fnv("md5", "x");
// @ts-expect-error not a Go release
goJSON(1, { go: "2.0" });
const code: KinplaceError["code"] = "E_NOT_INITIALIZED";
void code;
`;

const ESM_IMPORTS = `import { init, initSync, goJSON, fnv, type KinplaceError, type FnvResult, type InitInput, type InitSyncInput } from "kinplace";
import * as inline from "kinplace/inline";
import * as edge from "kinplace/edge";`;

/** A CommonJS consumer: require() for the main entry, import() for the ESM-only inline and edge entries. */
const CJS_SOURCE = `import kinplace = require("kinplace");
import type { KinplaceError, FnvResult, InitInput, InitSyncInput } from "kinplace";
const { init, initSync, goJSON, fnv } = kinplace;
export async function main(): Promise<void> {
  const inline = await import("kinplace/inline");
  const edge = await import("kinplace/edge");
  ${CHECKS.replaceAll("\n", "\n  ").replace("export const checks", "const checks")}
  void checks;
}`;

interface Case {
  name: string;
  compilerOptions: { [option: string]: unknown };
  /** Packages of this repository's node_modules linked into the consumer's (for @types/node). */
  link?: string[];
  packageType?: "module" | "commonjs";
  file: string;
  source: string;
  /** The package's declaration files the program must load (paths below node_modules/kinplace/). */
  loads: string[];
}

const BASE = { target: "ES2022", lib: ["ES2022", "DOM"], types: [], strict: true, noEmit: true, skipLibCheck: false };
const ESM_TYPES = ["dist/types/index.d.ts", "dist/types/edge.d.ts", "dist/types/api.d.ts"];

const CASES: Case[] = [
  { name: "node10 (CommonJS, exports ignored: types + typesVersions)", compilerOptions: { module: "commonjs", moduleResolution: "node10" }, file: "main.ts", source: `${ESM_IMPORTS}\n${CHECKS}`, loads: ESM_TYPES },
  { name: "node16, ESM consumer", compilerOptions: { module: "node16", moduleResolution: "node16" }, packageType: "module", file: "main.ts", source: `${ESM_IMPORTS}\n${CHECKS}`, loads: ESM_TYPES },
  {
    name: "node16, CommonJS consumer",
    compilerOptions: { module: "node16", moduleResolution: "node16" },
    packageType: "commonjs",
    file: "main.cts",
    source: CJS_SOURCE,
    loads: ["dist/types/cjs/index.d.ts", "dist/types/cjs/api.d.ts", "dist/types/index.d.ts", "dist/types/edge.d.ts"],
  },
  {
    name: "node16, ESM consumer with @types/node and no lib.dom",
    compilerOptions: { module: "node16", moduleResolution: "node16", lib: ["ES2022"], types: ["node"] },
    link: ["@types/node", "undici-types"],
    packageType: "module",
    file: "main.ts",
    source: `${ESM_IMPORTS}\n${CHECKS.replace("Equal<Parameters<typeof edge.init>, [module: WebAssembly.Module]>", "Equal<Parameters<typeof edge.init>, [module: object]>")}`,
    loads: ESM_TYPES,
  },
  { name: "nodenext, ESM consumer", compilerOptions: { module: "nodenext", moduleResolution: "nodenext" }, packageType: "module", file: "main.mts", source: `${ESM_IMPORTS}\n${CHECKS}`, loads: ESM_TYPES },
  { name: "bundler", compilerOptions: { module: "esnext", moduleResolution: "bundler" }, file: "main.ts", source: `${ESM_IMPORTS}\n${CHECKS}`, loads: ESM_TYPES },
];

let packed = "";
before(() => {
  packed = consumerFolder("kinplace-types-");
});
after(() => {
  if (packed !== "") rmSync(packed, { recursive: true, force: true });
});

for (const c of CASES) {
  test(`types resolve under ${c.name}`, async () => {
    const dir = join(packed, c.name.replace(/[^a-z0-9]+/gi, "-"));
    mkdirSync(join(dir, "node_modules"), { recursive: true });
    symlinkSync(join(packed, "node_modules", "kinplace"), join(dir, "node_modules", "kinplace"), "dir");
    for (const name of c.link ?? []) {
      mkdirSync(dirname(join(dir, "node_modules", name)), { recursive: true });
      symlinkSync(join(repoRoot, "node_modules", name), join(dir, "node_modules", name), "dir");
    }
    if (c.packageType !== undefined) writeFileSync(join(dir, "package.json"), JSON.stringify({ type: c.packageType }));
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { ...BASE, ...c.compilerOptions }, files: [c.file] }));
    writeFileSync(join(dir, c.file), c.source);
    const r = await run([join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", dir, "--listFiles"], { cwd: dir });
    const out = r.stdout.toString();
    assert.equal(r.status, 0, out + r.stderr);
    const prefix = join(packed, "node_modules", "kinplace") + "/"; // tsc lists real paths: the symlink's target
    const loaded = out.split("\n").filter((l) => l.startsWith(prefix)).map((l) => l.slice(prefix.length));
    for (const f of c.loads) assert.ok(loaded.includes(f), `${f} not loaded; loaded: ${loaded.join(" ")}`);
  });
}

test("a wrong type in a consumer is reported (the checks above could fail)", async () => {
  const dir = join(packed, "wrong");
  mkdirSync(join(dir, "node_modules"), { recursive: true });
  symlinkSync(join(packed, "node_modules", "kinplace"), join(dir, "node_modules", "kinplace"), "dir");
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { ...BASE, module: "esnext", moduleResolution: "bundler" }, files: ["main.ts"] }));
  writeFileSync(join(dir, "main.ts"), `import { goJSON } from "kinplace";\nconst n: number = goJSON(1);\nvoid n;\n`);
  const r = await run([join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", dir], { cwd: dir });
  assert.notEqual(r.status, 0);
  assert.match(r.stdout.toString(), /main\.ts\(2,7\): error TS2322: Type 'string' is not assignable to type 'number'/);
});
