// Copies the declarations in dist/types/ to dist/types/cjs/ under a {"type":"commonjs"} package.json, so
// TypeScript sees CommonJS typings for `require("kinplace")` (package.json exports → require → types).
// Usage: node scripts/cjs-types.mjs (after `tsc -p tsconfig.types.json`)

import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const types = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "types");
const cjs = join(types, "cjs");
rmSync(cjs, { recursive: true, force: true });
mkdirSync(cjs);
for (const f of readdirSync(types)) if (f.endsWith(".d.ts")) copyFileSync(join(types, f), join(cjs, f));
writeFileSync(join(cjs, "package.json"), '{ "type": "commonjs" }\n');
