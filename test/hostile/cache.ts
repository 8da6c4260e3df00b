// The seeds and probes of a long run written once by the parent and read by every (re)started worker, so
// a worker killed by the watchdog is back in well under a second and generates the same cases.

import { readFileSync, writeFileSync } from "node:fs";
import type { Seed } from "./corpus.ts";
import type { Probe } from "./probes.ts";

/** Writes seeds and probes to `file`. */
export function saveCorpus(file: string, seeds: Seed[], probes: Probe[]): void {
  const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64");
  writeFileSync(file, JSON.stringify({
    seeds: seeds.map((s) => ({ op: s.op, source: s.source, line: b64(s.line), goAnswer: s.goAnswer })),
    probes: probes.map((p) => ({ op: p.op, source: p.source, line: b64(p.line), expected: p.expected })),
  }));
}

/** Reads the seeds and probes saveCorpus wrote (seed values parsed again from their lines). */
export function loadCorpus(file: string): { seeds: Seed[]; probes: Probe[] } {
  const c = JSON.parse(readFileSync(file, "utf8")) as {
    seeds: { op: string; source: string; line: string; goAnswer?: string }[];
    probes: { op: string; source: string; line: string; expected: string }[];
  };
  const bytes = (s: string) => new Uint8Array(Buffer.from(s, "base64"));
  const fatal = new TextDecoder("utf-8", { fatal: true });
  const parse = (b: Uint8Array): Record<string, unknown> | undefined => {
    try {
      const v = JSON.parse(fatal.decode(b));
      return v !== null && typeof v === "object" && !Array.isArray(v) ? v : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    seeds: c.seeds.map((s) => { const line = bytes(s.line); return { op: s.op, source: s.source, line, value: parse(line), goAnswer: s.goAnswer }; }),
    probes: c.probes.map((p) => ({ op: p.op, source: p.source, line: bytes(p.line), expected: p.expected })),
  };
}
