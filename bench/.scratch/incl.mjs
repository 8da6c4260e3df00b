// inclusive-time summary of a .cpuprofile
import { readFileSync } from "node:fs";
const p = JSON.parse(readFileSync(process.argv[2], "utf8"));
const byId = new Map(); for (const n of p.nodes) byId.set(n.id, n);
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const dt = p.timeDeltas; const total = dt.reduce((a, b) => a + b, 0);
const incl = new Map();
for (let i = 0; i < p.samples.length; i++) {
  const seen = new Set(); let id = p.samples[i];
  while (id !== undefined) { const n = byId.get(id); const k = n.callFrame.functionName; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) || 0) + dt[i]); } id = parent.get(id); }
}
const rows = [...incl].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 50));
for (const [k, v] of rows) console.log((100 * v / total).toFixed(1).padStart(5), k);
