// The engine as users get it: the built package (dist/node.mjs with dist/kinplace.wasm), loaded once.

import { existsSync } from "node:fs";

/** The package's API. */
export type Kinplace = typeof import("../../js/node.ts");

/** Imports dist/node.mjs and instantiates its kinplace.wasm (`npm run build:js` writes them). */
export async function loadKinplace(): Promise<Kinplace> {
  const url = new URL("../../dist/node.mjs", import.meta.url);
  if (!existsSync(url)) throw new Error("dist/node.mjs is missing: run npm run asbuild && npm run build:js");
  const k = (await import(url.href)) as Kinplace;
  k.initSync();
  return k;
}
