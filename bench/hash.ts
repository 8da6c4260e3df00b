// The hash benchmark: the kubelet's container hash (JSON era, kubelet 1.26: one HashContainer, as 1.16–1.26; 1.27–1.30 also answer hashWithoutResources) of a typical 1.5 KB
// container and the pod-template-hash of a 3-container template, from a JS object and from raw JSON
// bytes, against the straightforward TypeScript implementation in bench/ts-hash/, native Go
// (test/oracle/cmd/benchhash), and the FNV dependency-chain limit (FNV-1a over the spew text alone, in
// wasm). Every implementation's answer is checked against the engine's before timing.
//
// As a command: node --import tsx bench/hash.ts [runs] [ms-per-run]

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { measure, fmt } from "./harness.ts";
import { containerHashTS, containerHashTSBytes, podTemplateHashTS, podTemplateHashTSBytes, containerSpewText, templateSpewText } from "./ts-hash/hash.ts";
import { goHashBench, type HashBenchReport } from "./hash-native.ts";

type Engine = typeof import("../js/node.ts");

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const enc = new TextEncoder();
const dec = new TextDecoder();

/** A request line with the object's raw JSON bytes spliced in as the value of `field`. */
function rawLine(head: string, field: string, raw: Uint8Array): Uint8Array {
  const a = enc.encode(`${head.slice(0, -1)},"${field}":`);
  const out = new Uint8Array(a.length + raw.length + 1);
  out.set(a);
  out.set(raw, a.length);
  out[out.length - 1] = 0x7d;
  return out;
}

/** The hash field of an answer line. */
function hashOf(answer: Uint8Array): string {
  const s = dec.decode(answer);
  const m = /"hash":"([^"]*)"/.exec(s);
  if (!m) throw new Error(`no hash in ${s.slice(0, 300)}`);
  return m[1]!;
}

/** Runs the benchmark; returns Markdown lines (table and ratios). */
export function benchHash(k: Engine, runs = 7, ms = 200, native?: HashBenchReport | null): string[] {
  const cBytes = fixture("hash-container.json");
  const tBytes = fixture("hash-template.json");
  const c = JSON.parse(dec.decode(cBytes)) as unknown;
  const t = JSON.parse(dec.decode(tBytes)) as unknown;
  const cLine = rawLine(JSON.stringify({ op: "container.hash", kubelet: "1.26" }), "container", cBytes);
  const tLine = rawLine(JSON.stringify({ op: "podTemplateHash", kubernetes: "1.30" }), "template", tBytes);
  const cSpew = containerSpewText(c);
  const tSpew = templateSpewText(t);
  const want = { c: k.containerHash(c, { kubelet: "1.26" }).hash, t: k.podTemplateHash(t, { kubernetes: "1.30" }) };
  const check = (what: string, got: string, exp: string) => { if (got !== exp) throw new Error(`${what}: ${got} != engine ${exp}`); };
  check("engine bytes container", hashOf(k.evaluateLine(cLine)), want.c);
  check("engine bytes template", hashOf(k.evaluateLine(tLine)), want.t);
  check("TS container", containerHashTS(c), want.c);
  check("TS template", podTemplateHashTS(t), want.t);
  check("FNV of the container spew text", k.fnv32a(cSpew).toString(16), want.c);
  if (native) { check("Go container", native.containerHash, want.c); check("Go template", native.templateHash, want.t); }

  const m = measure([
    { name: "c.engine.object", fn: () => k.containerHash(c, { kubelet: "1.26" }) },
    { name: "c.engine.bytes", fn: () => hashOf(k.evaluateLine(cLine)) },
    { name: "c.ts.object", fn: () => containerHashTS(c) },
    { name: "c.ts.bytes", fn: () => containerHashTSBytes(cBytes) },
    { name: "c.fnv", fn: () => k.fnv32a(cSpew) },
    { name: "t.engine.object", fn: () => k.podTemplateHash(t, { kubernetes: "1.30" }) },
    { name: "t.engine.bytes", fn: () => hashOf(k.evaluateLine(tLine)) },
    { name: "t.ts.object", fn: () => podTemplateHashTS(t) },
    { name: "t.ts.bytes", fn: () => podTemplateHashTSBytes(tBytes) },
    { name: "t.fnv", fn: () => k.fnv32a(tSpew) },
  ], runs, ms);
  const go = (name: string) => native?.results.find((r) => r.name === name)?.opsPerSec;
  const out: string[] = [];
  const us = (ops: number) => (1e6 / ops).toFixed(1);
  out.push("| case | input | kinplace µs | TypeScript µs | native Go µs | FNV limit µs | vs TS | vs Go | ÷ FNV limit |");
  out.push("|---|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const [p, label, spewLen] of [["c", `container hash, kubelet 1.26 (${(cBytes.length / 1024).toFixed(1)} KB file, ${JSON.stringify(c).length} B JSON; spew ${cSpew.length} B)`, cSpew.length], ["t", `pod-template-hash, 3 containers (${JSON.stringify(t).length} B JSON; spew ${tSpew.length} B)`, tSpew.length]] as const) {
    void spewLen;
    for (const input of ["object", "bytes"] as const) {
      const mine = m.get(`${p}.engine.${input}`)!;
      const ts = m.get(`${p}.ts.${input}`)!;
      const fnv = m.get(`${p}.fnv`)!;
      const g = go(`${p === "c" ? "container.hash" : "podTemplateHash"}.${input}`);
      out.push(`| ${label} | ${input === "object" ? "JS object" : "raw JSON bytes"} | ${us(mine)} | ${us(ts)} | ${g ? us(g) : "—"} | ${us(fnv)} | ${(mine / ts).toFixed(2)}× | ${g ? (mine / g).toFixed(2) + "×" : "—"} | ${(fnv / mine).toFixed(2)} |`);
    }
  }
  out.push("");
  out.push(`vs TS / vs Go = kinplace speed ÷ that implementation's (above 1: kinplace is faster); ÷ FNV limit = kinplace time ÷ the time of FNV-1a over the spew text alone (wasm), the floor any implementation of these hashes has. TypeScript: bench/ts-hash/ (JSON.stringify in Go field order + FNV; a JS go-spew for ComputeHash). Native Go: test/oracle/cmd/benchhash${native ? ` (${native.go}, ${native.cpus} CPUs)` : ""}: HashContainer / ComputeHash on a decoded struct (object) and json.Unmarshal + the same (bytes). kinplace decodes and re-encodes the object as the API server does and reads it back as the kubelet / controller do (the second decode replaced by its proven normalizations, docs/architecture.md "Fast path").`);
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const k = await import("../js/node.ts");
  k.initSync(readFileSync(new URL("../build/kinplace.wasm", import.meta.url)));
  let native: HashBenchReport | null = null;
  try { native = goHashBench(); } catch (e) { console.log(`(native Go unavailable: ${(e as Error).message.split("\n")[0]})`); }
  for (const l of benchHash(k, Number(process.argv[2] ?? 7), Number(process.argv[3] ?? 200), native)) console.log(l);
  void fmt;
}
