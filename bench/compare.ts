// Compares two outputs of `npm run bench` (Markdown, as printed): for every row present in both, the relative
// difference of the median time per call and of the median per-round ratio, and the largest of them. This is how
// reproducibility is checked: run the bench twice on an idle machine, compare.
//
// Usage: node --import tsx bench/compare.ts A.md B.md [--all]

import { readFileSync } from "node:fs";

/** A duration cell ("14.3 µs ±4%") in nanoseconds, or null. */
function ns(cell: string): number | null {
  const m = /^\**([\d.]+) (ns|µs|ms|s)\b/.exec(cell.trim());
  if (!m) return null;
  return Number(m[1]) * { ns: 1, µs: 1e3, ms: 1e6, s: 1e9 }[m[2] as "ns"];
}

/** A ratio cell ("3.41× (3.20–3.60×)") as its median, or null. */
function ratio(cell: string): number | null {
  const m = /^([\d.]+)×/.exec(cell.trim());
  return m ? Number(m[1]) : null;
}

/** The rows of an output: "section / group / implementation" → [time ns, ratio, CPU-time ratio]. */
function rows(path: string): Map<string, [number | null, number | null, number | null]> {
  const out = new Map<string, [number | null, number | null, number | null]>();
  let section = "";
  let group = "";
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.startsWith("### ")) { section = line.slice(4); group = ""; continue; }
    if (!line.startsWith("| ") || line.startsWith("|---")) continue;
    const cells = line.split(" | ").map((c) => c.replace(/^\| ?| ?\|$/g, "").trim());
    if (cells.length < 3) continue;
    if (cells[0]) group = cells[0].replace(/ \(\d+ rounds\)$/, "");
    const key = `${section} / ${group} / ${cells[1]}`;
    const t = cells.map(ns).find((x) => x !== null) ?? null;
    const r = cells.length >= 4 ? ratio(cells[3]!) : null;
    const rc = cells.length >= 5 ? ratio(cells[4]!) : null;
    if (t !== null || r !== null) out.set(key, [t, r, rc]);
  }
  return out;
}

const [a, b] = [process.argv[2]!, process.argv[3]!];
const all = process.argv.includes("--all");
const ra = rows(a);
const rb = rows(b);
let maxT: [number, string] = [0, ""];
let maxR: [number, string] = [0, ""];
let maxC: [number, string] = [0, ""];
const devs: number[] = [];
const rdevs: number[] = [];
const cdevs: number[] = [];
const rel = (a: number | null, b: number | null) => (a && b ? Math.abs(b - a) / a : null);
for (const [key, [ta, xa, ca]] of ra) {
  const got = rb.get(key);
  if (!got) continue;
  const [tb, xb, cb] = got;
  const dt = rel(ta, tb);
  const dr = rel(xa, xb);
  const dc = rel(ca, cb);
  if (dt !== null) { devs.push(dt); if (dt > maxT[0]) maxT = [dt, key]; }
  if (dr !== null) { rdevs.push(dr); if (dr > maxR[0]) maxR = [dr, key]; }
  if (dc !== null) { cdevs.push(dc); if (dc > maxC[0]) maxC = [dc, key]; }
  const pct = (d: number | null) => (d === null ? "—" : `${(d * 100).toFixed(0)}%`);
  if (all) console.log(`${key}: time ${pct(dt)}, ratio ${pct(dr)}, CPU ratio ${pct(dc)}`);
}
/** "N rows, median deviation X%, M within ±20%, largest Y% (row)". */
const line = (what: string, d: number[], max: [number, string]) => {
  const s = [...d].sort((x, y) => x - y);
  return `${what}: ${s.length} rows, median deviation ${((s[s.length >> 1] ?? 0) * 100).toFixed(1)}%, ${s.filter((x) => x <= 0.2).length} within ±20%, ` +
    `largest ${(max[0] * 100).toFixed(1)}% (${max[1]})`;
};
console.log(line("median time per call", devs, maxT));
console.log(line("median ratio to kinplace (wall clock)", rdevs, maxR));
console.log(line("median ratio to kinplace (CPU time)", cdevs, maxC));
