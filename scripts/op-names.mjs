// The names of the engine's eval ops, read from where the engine registers them (assembly/eval/dispatch.ts's runOp,
// and the ops/*.ts a prefix is handed to, e.g. `op.startsWith("rollout.")` → ops/rollout.ts): the one source of the
// op list `kinplace eval --help` prints (scripts/build.mjs defines it into the CLI bundle).
// Usage: import { opNames } from "./op-names.mjs"; opNames(root) → ["fnv", "json.go", ...] in registration order.

import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The op names registered in the engine's sources under `root` (the repository), in the order runOp tries them. */
export function opNames(root) {
  const dispatch = readFileSync(join(root, "assembly/eval/dispatch.ts"), "utf8");
  const body = dispatch.slice(dispatch.indexOf("function runOp("), dispatch.indexOf("\n}\n", dispatch.indexOf("function runOp(")));
  // the module each op function is imported from
  const from = new Map();
  for (const m of dispatch.matchAll(/^import \{([^}]*)\} from "\.\/(ops\/[\w-]+)";$/gm)) for (const f of m[1].split(",")) from.set(f.trim(), m[2]);
  const names = [];
  for (const line of body.split("\n")) {
    const exact = /^\s*if \(op == "([^"]+)"\)/.exec(line);
    if (exact !== null) {
      names.push(exact[1]);
      continue;
    }
    const prefix = /^\s*if \(op\.startsWith\("([^"]+)"\)\) return (\w+)\(/.exec(line);
    if (prefix === null) continue;
    const module = from.get(prefix[2]);
    if (module === undefined) throw new Error(`op-names: no import for ${prefix[2]}`);
    const source = readFileSync(join(root, "assembly/eval", `${module}.ts`), "utf8");
    const sub = [...source.matchAll(/\bop == "([^"]+)"/g)].map((m) => m[1]).filter((n) => n.startsWith(prefix[1]));
    if (sub.length === 0) throw new Error(`op-names: no ${prefix[1]}* ops in ${module}.ts`);
    names.push(...new Set(sub));
  }
  if (names.length === 0) throw new Error("op-names: no ops found in assembly/eval/dispatch.ts");
  return names;
}
