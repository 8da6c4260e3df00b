// self-time summary of a .cpuprofile
import { readFileSync } from "node:fs";
const p = JSON.parse(readFileSync(process.argv[2], "utf8"));
const self = new Map(); const byId = new Map();
for (const n of p.nodes) byId.set(n.id, n);
const dt = p.timeDeltas; const total = dt.reduce((a, b) => a + b, 0);
const cnt = new Map();
for (let i = 0; i < p.samples.length; i++) { const n = byId.get(p.samples[i]); const k = n.callFrame.functionName + " " + (n.callFrame.url.split("/").pop()||""); cnt.set(k, (cnt.get(k) || 0) + dt[i]); }
const rows = [...cnt].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 40));
for (const [k, v] of rows) console.log((100 * v / total).toFixed(1).padStart(5), k);
