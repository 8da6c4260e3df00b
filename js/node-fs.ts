// node:fs for the Node ESM entry, without an ESM import of "node:fs": Node builds that import's namespace by reading
// every export, which loads fs's stream classes (about 3 ms of a cold start). process.getBuiltinModule (Node 20.16+,
// 22.3+) returns the module as require() does; an older Node imports it. The CommonJS bundle takes node-fs-cjs.ts.

import type * as Fs from "node:fs";

/** process.getBuiltinModule where this Node has it. */
const builtin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;

/** The node:fs module. */
export const fs: typeof Fs = typeof builtin === "function" ? (builtin("node:fs") as typeof Fs) : await import("node:fs");
