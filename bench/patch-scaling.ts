// How the patch ops grow with the dimension that makes each of them work hardest: the time of one call at
// 1x, 2x, ... 64x of a base size, for the strategic merge patch list paths (changed merge-list items,
// `$deleteFromPrimitiveList`, primitive list merges, `$patch: delete` items, map members deleted and added),
// JSON merge patch and JSON Patch apply on big objects and arrays, and the diffs on long arrays. Numbers
// are reported, never asserted; a case stops growing once one call takes longer than `STOP_MS`.
//
// Usage: node --import tsx bench/patch-scaling.ts [base] [maxScale]   (KINPLACE_WASM=path picks another build)

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { engineFromBytesSync } from "../js/instantiate.ts";

/** A case: its name, the dimension it grows, and the request (line + documents) at size n. */
interface ScaleCase {
  name: string;
  dimension: string;
  request(n: number): [line: string, a: string, b: string];
}

/** A call slower than this stops its case from growing further. */
const STOP_MS = 20_000;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const pod = (spec: object, metadata: object = { name: "p" }) => JSON.stringify({ apiVersion: "v1", kind: "Pod", metadata, spec });
const containers = (n: number, image: string) => range(n).map((i) => ({ name: `c${i}`, image: `${image}:${i}` }));

/** The cases, each at its worst dimension. */
export const scaleCases: ScaleCase[] = [
  {
    name: "smp.apply, every container changed",
    dimension: "containers",
    request: (n) => [
      '{"op":"smp.apply","type":"Pod"}',
      pod({ containers: containers(n, "a") }),
      JSON.stringify({ spec: { "$setElementOrder/containers": range(n).map((i) => ({ name: `c${i}` })), containers: containers(n, "b") } }),
    ],
  },
  {
    name: "smp.apply, $patch: delete of every other container",
    dimension: "containers",
    request: (n) => [
      '{"op":"smp.apply","type":"Pod"}',
      pod({ containers: containers(n, "a") }),
      JSON.stringify({ spec: { containers: range(n).filter((i) => i % 2 === 0).map((i) => ({ name: `c${i}`, $patch: "delete" })) } }),
    ],
  },
  {
    name: "smp.apply, $deleteFromPrimitiveList",
    dimension: "finalizers",
    request: (n) => [
      '{"op":"smp.apply","type":"Pod"}',
      pod({}, { name: "p", finalizers: range(2 * n).map((i) => `f${i}`) }),
      JSON.stringify({ metadata: { "$deleteFromPrimitiveList/finalizers": range(n).map((i) => `f${2 * i}`) } }),
    ],
  },
  {
    name: "smp.apply, primitive list merge",
    dimension: "finalizers",
    request: (n) => [
      '{"op":"smp.apply","type":"Pod"}',
      pod({}, { name: "p", finalizers: range(n).map((i) => `f${i}`) }),
      JSON.stringify({ metadata: { finalizers: range(n).map((i) => `g${i}`) } }),
    ],
  },
  {
    name: "smp.apply, map members deleted and added",
    dimension: "labels",
    request: (n) => [
      '{"op":"smp.apply","type":"Pod"}',
      pod({}, { name: "p", labels: Object.fromEntries(range(n).map((i) => [`a${i}`, "x"])) }),
      JSON.stringify({ metadata: { labels: Object.fromEntries([...range(n).map((i) => [`a${i}`, null]), ...range(n).map((i) => [`b${i}`, "y"])]) } }),
    ],
  },
  {
    name: "smp.diff, every container changed",
    dimension: "containers",
    request: (n) => ['{"op":"smp.diff","type":"Pod"}', pod({ containers: containers(n, "a") }), pod({ containers: containers(n, "b").reverse() })],
  },
  {
    name: "smp.diff, primitive list replaced",
    dimension: "finalizers",
    request: (n) => [
      '{"op":"smp.diff","type":"Pod"}',
      pod({}, { name: "p", finalizers: range(n).map((i) => `f${i}`) }),
      pod({}, { name: "p", finalizers: range(n).map((i) => `g${i}`) }),
    ],
  },
  {
    name: "mergepatch.apply, members added",
    dimension: "members",
    request: (n) => [
      '{"op":"mergepatch.apply"}',
      JSON.stringify(Object.fromEntries(range(n).map((i) => [`k${2 * i}`, i]))),
      JSON.stringify(Object.fromEntries(range(n).map((i) => [`k${2 * i + 1}`, i]))),
    ],
  },
  {
    name: "jsonpatch.apply, inserts at the front",
    dimension: "ops = elements",
    request: (n) => [
      '{"op":"jsonpatch.apply"}',
      JSON.stringify({ xs: range(n) }),
      JSON.stringify(range(n).map((i) => ({ op: "add", path: "/xs/0", value: i }))),
    ],
  },
  {
    name: "jsonpatch.apply, members added",
    dimension: "ops = members",
    request: (n) => [
      '{"op":"jsonpatch.apply"}',
      JSON.stringify({ o: Object.fromEntries(range(n).map((i) => [`k${2 * i}`, i])) }),
      JSON.stringify(range(n).map((i) => ({ op: "add", path: `/o/k${2 * (n - i) - 1}`, value: i }))),
    ],
  },
  {
    name: "jsonpatch.diff appscode, arrays with 2 edits",
    dimension: "elements",
    request: (n) => ['{"op":"jsonpatch.diff"}', JSON.stringify({ xs: range(n) }), JSON.stringify({ xs: [...range(n).slice(1), -1] })],
  },
  {
    name: "jsonpatch.diff minimal, arrays with 2 edits",
    dimension: "elements",
    request: (n) => ['{"op":"jsonpatch.diff","flavor":"minimal"}', JSON.stringify({ xs: range(n) }), JSON.stringify({ xs: [...range(n).slice(1), -1] })],
  },
  {
    name: "jsonpatch.diff minimal, every member renamed",
    dimension: "members",
    request: (n) => [
      '{"op":"jsonpatch.diff","flavor":"minimal"}',
      JSON.stringify(Object.fromEntries(range(n).map((i) => [`a${i}`, { v: i }]))),
      JSON.stringify(Object.fromEntries(range(n).map((i) => [`b${i}`, { v: i }]))),
    ],
  },
  {
    name: "jsonpatch.diff minimal, named elements reversed",
    dimension: "elements",
    request: (n) => [
      '{"op":"jsonpatch.diff","flavor":"minimal"}',
      JSON.stringify({ xs: range(n).map((i) => ({ name: `n${i}`, x: i })) }),
      JSON.stringify({ xs: range(n).map((i) => ({ name: `n${n - 1 - i}`, x: n - 1 - i })) }),
    ],
  },
  {
    name: "mergepatch.diff, every member changed",
    dimension: "members",
    request: (n) => [
      '{"op":"mergepatch.diff"}',
      JSON.stringify(Object.fromEntries(range(n).map((i) => [`k${i}`, i]))),
      JSON.stringify(Object.fromEntries(range(n).map((i) => [`k${i}`, -i]))),
    ],
  },
];

/** Times one call (the median of a few when fast); milliseconds, and the answer's first bytes. */
function timeCall(engine: ReturnType<typeof engineFromBytesSync>, line: string, a: string, b: string): [number, string] {
  const enc = new TextEncoder();
  const ab = enc.encode(a);
  const bb = enc.encode(b);
  const times: number[] = [];
  let answer = "";
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    const out = engine.evaluateDocsView(line, ab, bb);
    const dt = performance.now() - t0;
    if (r === 0) answer = new TextDecoder().decode(out.subarray(0, 80));
    times.push(dt);
    if (dt > 200) break;
  }
  times.sort((x, y) => x - y);
  return [times[Math.floor(times.length / 2)]!, answer];
}

/** Runs every case at base × 1, 2, 4, ... maxScale and prints a Markdown table. */
export function benchScaling(wasm: Uint8Array, base: number, maxScale: number, say: (s?: string) => void): void {
  const scales: number[] = [];
  for (let s = 1; s <= maxScale; s *= 2) scales.push(s);
  say(`| op (dimension, base ${base}) | ${scales.map((s) => `${s}x`).join(" | ")} |`);
  say(`|---|${scales.map(() => "---:").join("|")}|`);
  for (const c of scaleCases) {
    const cells: string[] = [];
    let stopped = false;
    for (const s of scales) {
      if (stopped) { cells.push("—"); continue; }
      const engine = engineFromBytesSync(wasm);
      const [line, a, b] = c.request(base * s);
      const [ms, answer] = timeCall(engine, line, a, b);
      const ok = answer.startsWith('{"ok":true');
      const code = ok ? "" : ` (${/"code":"(\w+)"/.exec(answer)?.[1] ?? "?"})`;
      cells.push(`${ms < 10 ? ms.toFixed(2) : ms.toFixed(0)}${code}`);
      if (ms > STOP_MS) stopped = true;
    }
    say(`| ${c.name} (${c.dimension}) | ${cells.join(" | ")} |`);
  }
  say();
  say("Milliseconds per call (median of up to 5 on a fresh instance); (E_...) = the call answered that error; — = not run (the previous size took over 20 s).");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const wasm = readFileSync(process.env.KINPLACE_WASM ?? new URL("../build/kinplace.wasm", import.meta.url));
  const base = Number(process.argv[2] ?? 250);
  const maxScale = Number(process.argv[3] ?? 64);
  benchScaling(wasm, base, maxScale, (s = "") => console.log(s));
}
