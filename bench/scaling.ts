// The scaling table: how the time of one request grows with its input, op by op, along the dimensions an
// attacker or an unlucky user can grow (bench/scaling-cases.ts). Each case runs in its own worker thread
// with a watchdog, sizes 1x, 2x, 4x … 64x; a row reports the time at 1x and 64x, the mean growth per
// doubling ((t64/t1)^(1/6): 2.0 is linear, ~2.1 n log n, 4.0 quadratic) and the worst single doubling.
// Rows that grow faster than n log n are marked. Numbers are reported, never asserted.
//
// Usage: node --import tsx bench/scaling.ts [filter] [--max-ms N]   (filter: substring of "op dimension")

import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";

const MULTIPLIERS = [1, 2, 4, 8, 16, 32, 64];

interface Point { m: number; ms: number; bytes: number; outcome: string }

if (!isMainThread) {
  const { index } = workerData as { index: number };
  const { scalingCases } = await import("./scaling-cases.ts");
  const { engineFromBytesSync } = await import("../js/instantiate.ts");
  const engine = engineFromBytesSync(readFileSync(process.env.KINPLACE_WASM ?? new URL("../build/kinplace.wasm", import.meta.url)));
  const c = scalingCases()[index]!;
  const enc = new TextEncoder();
  for (const m of MULTIPLIERS) {
    const line = enc.encode(c.make(c.base * m));
    const t0 = performance.now();
    const first = engine.evaluateText(line);
    const firstMs = performance.now() - t0;
    const answer = JSON.parse(first) as { ok: boolean; error?: { code: string } };
    const times = [firstMs];
    let spent = firstMs;
    while (spent < 300 && times.length < 25) {
      const s = performance.now();
      engine.evaluateView(line);
      const d = performance.now() - s;
      times.push(d);
      spent += d;
    }
    if (times.length > 1) times.shift(); // the first call warms up
    times.sort((a, b) => a - b);
    const point: Point = { m, ms: times[times.length >> 1]!, bytes: line.length, outcome: answer.ok ? "ok" : answer.error!.code };
    parentPort!.postMessage(point);
  }
  parentPort!.postMessage("done");
} else {
  const args = process.argv.slice(2);
  const maxAt = args.indexOf("--max-ms");
  const maxMs = maxAt >= 0 ? Number(args[maxAt + 1]) : 20000;
  const filter = args.find((a, i) => !a.startsWith("--") && (maxAt < 0 || i !== maxAt + 1)) ?? "";
  const { scalingCases } = await import("./scaling-cases.ts");
  const cases = scalingCases();
  const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(0)} µs`);
  console.log(`Machine: ${process.platform}/${process.arch}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), Node ${process.version}, load average ${loadavg().map((x) => x.toFixed(2)).join(" ")} at start.`);
  console.log(`Each point: the median of up to 25 calls (at least 300 ms or 25 calls) after one warm-up; a size is abandoned after ${maxMs / 1000} s.`);
  console.log();
  console.log("| op | grows along | 1x | time 1x | time 64x | per doubling | worst doubling | answer at 64x |");
  console.log("|---|---|---:|---:|---:|---:|---:|---|");
  for (let index = 0; index < cases.length; index++) {
    const c = cases[index]!;
    if (!`${c.op} ${c.dimension}`.includes(filter)) continue;
    const points: Point[] = [];
    let timedOut = false;
    await new Promise<void>((resolve) => {
      // the worker registers tsx itself (a worker does not inherit the main thread's --import hooks)
      const boot = `import("tsx/esm/api").then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
      const w = new Worker(boot, { eval: true, workerData: { index } });
      let timer = setTimeout(() => { timedOut = true; void w.terminate(); }, maxMs * 4);
      w.on("message", (msg: Point | "done") => {
        clearTimeout(timer);
        if (msg === "done") { void w.terminate(); return; }
        points.push(msg);
        timer = setTimeout(() => { timedOut = true; void w.terminate(); }, maxMs);
      });
      w.on("error", (e) => { points.push({ m: -1, ms: 0, bytes: 0, outcome: `crash: ${e.message.slice(0, 60)}` }); });
      w.on("exit", () => { clearTimeout(timer); resolve(); });
    });
    const good = points.filter((p) => p.m > 0);
    const first = good[0];
    const last = good[good.length - 1];
    let worst = 0;
    for (let i = 1; i < good.length; i++) worst = Math.max(worst, good[i]!.ms / Math.max(good[i - 1]!.ms, 1e-6));
    const steps = first && last ? Math.log2(last.m / first.m) : 0;
    const per = steps > 0 ? Math.pow(last!.ms / Math.max(first!.ms, 1e-6), 1 / steps) : NaN;
    const mark = per > 2.3 || timedOut ? " ⚠" : "";
    const at64 = timedOut ? `> ${maxMs / 1000} s at ${(last?.m ?? 0) * 2}x` : last && last.m === 64 ? fmt(last.ms) : "—";
    const outcome = points.find((p) => p.m < 0)?.outcome ?? (last?.outcome ?? "—");
    console.log(`| ${c.op} | ${c.dimension} | ${c.base} (${((first?.bytes ?? 0) / 1024).toFixed(1)} KB) | ${first ? fmt(first.ms) : "—"} | ${at64} | ${Number.isNaN(per) ? "—" : per.toFixed(2) + "×"}${mark} | ${worst ? worst.toFixed(2) + "×" : "—"} | ${outcome} |`);
  }
  console.log();
  console.log(`Load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(" ")}. ⚠: grows faster than n log n (over 2.3× per doubling) or timed out.`);
}
