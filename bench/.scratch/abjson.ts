import { readFileSync } from "node:fs";
import { engineFromBytesSync } from "/work/main/js/instantiate.ts";
import { measure, fmt } from "/work/main/bench/harness.ts";
const A = engineFromBytesSync(readFileSync(process.argv[2]!));
const B = engineFromBytesSync(readFileSync(process.argv[3]!));
for (const f of ["manifest-4k", "manifest-400k"]) {
  const t = readFileSync(`/work/main/bench/fixtures/${f}.json`);
  if (A.canonical(t, 0, 0) !== B.canonical(t, 0, 0)) throw new Error("differ");
  const m = measure([{ name: "base", fn: () => A.canonical(t, 0, 0) }, { name: "new", fn: () => B.canonical(t, 0, 0) }], 7, 100);
  console.log(f, [...m].map(([n, v]) => `${n} ${fmt(v)}`).join(" | "), (m.get("new")! / m.get("base")!).toFixed(2));
}
