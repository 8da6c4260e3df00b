// The Go host rows: the same engine embedded in the Go module (go/: kinplace.wasm on wazero, no cgo; the peer
// program bench/go-host/main.go, one instance) against Node's evaluateLine on the same request lines, and the Go
// host built Interruptible (wazero's WithCloseOnContextDone). Each Go host runs as a peer in lockstep with Node's
// rounds; its answers must be Node's bytes.

import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildGo, GoPeer } from "../lib/go-peer.ts";
import { jsContender, type Contender } from "../lib/interleave.ts";
import { printGroups, timeGroup, vsBaseline, type Ctx, type TimedGroup } from "../lib/section.ts";
import { size, speedup, type Summary } from "../lib/stats.ts";

/** The reciprocal of a ratio summary (quartiles swap). */
function invert(s: Summary): Summary {
  return { median: 1 / s.median, p25: 1 / s.p75, p75: 1 / s.p25, n: s.n };
}
import { verdictInputs } from "./kruise-inputs.ts";
import { fixturesFor } from "./fixtures.ts";

const dec = new TextDecoder();

/** Runs the section. */
export async function goHostSection(ctx: Ctx, goVersion: string | null): Promise<void> {
  if (!goVersion) { ctx.say(`Skipped: ${ctx.goNote}.`); ctx.say(); return; }
  let bin: string;
  try {
    bin = buildGo({ name: "go-host", moduleDir: fileURLToPath(new URL("../go-host/", import.meta.url)), extraDirs: [fileURLToPath(new URL("../../go/", import.meta.url))] }, goVersion);
  } catch (e) {
    ctx.say(`Skipped: ${(e as Error).message}.`);
    ctx.say();
    return;
  }
  const { k } = ctx;
  const inp = verdictInputs(k);
  const deployment = fixturesFor({ quick: true }).find((f) => f.name === "deployment-4k")!;
  const cases: [string, Uint8Array][] = [
    ["kruise.inplaceSpec of the revision pair", inp.specLine],
    ["verdict of the CloneSet pair", inp.verdictLine],
    ["kruise.patchPods, 1,000 pods in one request", inp.batchLine],
    ["json.go of deployment-4k", new TextEncoder().encode(JSON.stringify({ op: "json.go", valueText: deployment.text }))],
  ];
  const spec = { cases: cases.map(([, line], i) => { const f = `${ctx.tmp}/go-host-${i}.line`; writeFileSync(f, line); return { kind: "eval", files: [f] }; }) };
  const plain = await GoPeer.start(bin, `${ctx.tmp}/go-host.spec.json`, spec);
  const interruptible = await GoPeer.start(bin, `${ctx.tmp}/go-host-int.spec.json`, spec, ["-interruptible"]);
  for (const p of [plain, interruptible]) ctx.pids.add(p.pid);
  const groups: TimedGroup[] = [];
  try {
    for (const [i, [name, line]] of cases.entries()) {
      const mine = dec.decode(k.evaluateLine(line));
      for (const p of [plain, interruptible]) if ((await p.answer(i)) !== mine) throw new Error(`${name}: the Go host's answer differs from Node's`);
      const contenders: Contender[] = [
        jsContender("kinplace", "Node evaluateLine", () => k.evaluateLine(line)),
        { id: "go-host", label: "Go host Eval (wazero)", run: (n) => plain.run(i, n), settle: () => plain.gc() },
        { id: "go-host-int", label: "Go host Eval, Interruptible", run: (n) => interruptible.run(i, n), settle: () => interruptible.gc() },
      ];
      groups.push(await timeGroup(ctx, { label: `${name} (${size(line.length)})`, baseline: "kinplace", contenders }));
    }
  } finally {
    for (const p of [plain, interruptible]) { await p.close(); ctx.pids.delete(p.pid); }
  }
  ctx.say(`Go host: ${plain.info.go} ${plain.info.goos}/${plain.info.goarch}, github.com/tetratelabs/wazero (compiler), PoolSize 1; compile + first instance ${((plain.info as unknown as { compileMs: number }).compileMs).toFixed(0)} ms (once per process). Answers checked to be Node's bytes. Here the ratio column is the Go host's time ÷ Node's.`);
  ctx.say();
  printGroups(ctx, groups, "request");
  ctx.headline({ what: "the Go module (wazero) against Node", input: "verdict of a CloneSet pair", result: `the Go module is ${speedup({ ...invert(vsBaseline(groups[1]!, "go-host")) })} than Node` });
}
