// Finishes the declarations tsc wrote to dist/types/: deletes the ones that index.d.ts, edge.d.ts, core-node.d.ts
// and core-edge.d.ts (the package's typed entries) never reach (tsc emits one per source file of the build, internal
// ones too, and the folders of internal sources such as js/objects/), then copies the rest to dist/types/cjs/ under a
// {"type":"commonjs"} package.json, so TypeScript sees CommonJS typings for `require("kinplace")` (package.json
// exports → require → types).
// Usage: node scripts/cjs-types.mjs (after `tsc -p tsconfig.types.json`)

import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const types = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "types");
const cjs = join(types, "cjs");

const reached = new Set();
const queue = ["index.d.ts", "edge.d.ts", "core-node.d.ts", "core-edge.d.ts"];
for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
  if (reached.has(file)) continue;
  reached.add(file);
  for (const m of readFileSync(join(types, file), "utf8").matchAll(/\bfrom\s+"\.\/([^"/]+)\.js"/g)) queue.push(`${m[1]}.d.ts`);
}

rmSync(cjs, { recursive: true, force: true });
mkdirSync(cjs);
for (const f of readdirSync(types)) {
  // (a folder of internal sources, js/objects/: the entries reach only files next to them)
  if (!f.endsWith(".d.ts")) {
    if (f !== "cjs") rmSync(join(types, f), { recursive: true, force: true });
    continue;
  }
  if (reached.has(f)) copyFileSync(join(types, f), join(cjs, f));
  else rmSync(join(types, f));
}
writeFileSync(join(cjs, "package.json"), '{ "type": "commonjs" }\n');
