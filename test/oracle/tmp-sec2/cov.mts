import fc from "fast-check";
import { requestS } from "/work/main/test/oracle/validate-security2-arbitraries.ts";
import { runOracle, stopOracle } from "/work/main/test/oracle/run.ts";
import { MINORS } from "/work/main/test/oracle/k8s/versions.ts";
const lines: string[] = [];
MINORS.map((m) => m.minor).filter((m) => m !== "1.12").forEach((minor, i) => {
  lines.push(...fc.sample(fc.array(requestS(minor), { minLength: 60, maxLength: 60 }), { numRuns: 1, seed: 7 + i })[0]!);
});
const ans = await runOracle(lines);
const counts = new Map<string, number>();
const ex = new Map<string, string>();
for (let i = 0; i < ans.length; i++) {
  const a = JSON.parse(ans[i]!);
  if (!a.ok) { const k = "ERR " + a.error.code + " " + a.error.message.slice(0, 80); counts.set(k, (counts.get(k) ?? 0) + 1); continue; }
  for (const e of a.result.errors) {
    const k = e.field.replace(/\[\d+\]/g, "[]") + " " + e.message.slice(0, 70).replace(/\n.*/s, "");
    counts.set(k, (counts.get(k) ?? 0) + 1);
    if (!ex.has(k)) ex.set(k, JSON.parse(lines[i]!).kubernetes);
  }
}
for (const [k, v] of [...counts].sort()) console.log(v, ex.get(k) ?? "", k);
stopOracle();
