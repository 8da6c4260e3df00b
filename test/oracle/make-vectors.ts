// Writes the golden vectors test/vectors/json.jsonl and test/vectors/fnv.jsonl: requests generated from
// a fixed seed, answered by the Go oracle, so the plain test command can check the engine without Go.
// Each line is {"request": R, "answer": A}: R is the request line as a JSON string when it is valid
// UTF-8, else {"base64": "..."} holding its exact bytes; A is the oracle's answer line, verbatim.
//
// Usage: node --import tsx test/oracle/make-vectors.ts [FILE...]   (needs Go; see test/vectors/README.md;
// with FILE names, e.g. patch.jsonl, only those files are written)

import { mkdirSync, writeFileSync } from "node:fs";
import fc from "fast-check";
import { BAD_REQUESTS, bytes, fnvRequest, goField, jsonRequest, toBase64, valueRequest } from "./arbitraries.ts";
import { GO_CLASSES } from "./routes.ts";
import { PATCH_EDGE, pairRequests, randomPair, rawRequests, realisticPair } from "./patch-arbitraries.ts";
import { buildAll, runOracle, stopOracle } from "./run.ts";
import { askReusing } from "./vector-reuse.ts";
import { smpVectorLines } from "./smp-vectors.ts";

const SEED = 20_260_421;
const MAX_LINE = 1500;
const OUT = new URL("../vectors/", import.meta.url);

const fatal = new TextDecoder("utf-8", { fatal: true });

/** The stored form of a request line: its text, or its bytes in base64 when it is not valid UTF-8. */
function storedRequest(line: Uint8Array): string | { base64: string } {
  try {
    return fatal.decode(line);
  } catch {
    return { base64: toBase64(line) };
  }
}

/** Samples `n` request lines no longer than MAX_LINE bytes. */
function sample(arb: fc.Arbitrary<Uint8Array>, n: number, seed: number): Uint8Array[] {
  return fc.sample(arb.filter((l) => l.length <= MAX_LINE), { numRuns: n, seed });
}

/** The files to write: the ones named on the command line, or all. */
const only = process.argv.slice(2);
const wanted = (file: string) => only.length === 0 || only.includes(file);

/** Asks the oracle and writes one vector file. */
async function write(file: string, lines: Uint8Array[]): Promise<void> {
  if (!wanted(file)) return;
  const answers = await runOracle(lines);
  // The answer line is embedded verbatim (not re-serialized), so nothing JSON.stringify would change
  // (an id like 1e999) is lost.
  const text = lines.map((l, i) => `{"request":${JSON.stringify(storedRequest(l))},"answer":${answers[i]}}\n`).join("");
  writeFileSync(new URL(file, OUT), text);
  console.log(`${file}: ${lines.length} vectors, ${text.length} bytes`);
}

buildAll();
mkdirSync(OUT, { recursive: true });

const jsonLines: Uint8Array[] = [];
GO_CLASSES.forEach((c, k) => {
  const minors = Array.from({ length: c.to - c.from + 1 }, (_, i) => c.from + i);
  const newest = k === GO_CLASSES.length - 1;
  jsonLines.push(...sample(jsonRequest("json.go", goField(minors, { absent: newest, bad: newest })), 300, SEED + k));
  // Around the depth limit, in every class (the only inputs here longer than MAX_LINE).
  for (const depth of [10_000, 10_001]) {
    const doc = bytes("[".repeat(depth), "0", "]".repeat(depth));
    jsonLines.push(valueRequest("json.go", doc, { asValue: false, escapeAll: false, go: `,"go":"1.${c.to}"`, id: "" }));
  }
});
jsonLines.push(...sample(jsonRequest("json.jcs"), 700, SEED + 10));
jsonLines.push(...BAD_REQUESTS.map((s) => bytes(s)).map((l) => (l.at(-1) === 0x0d ? l.subarray(0, -1) : l)));
await write("json.jsonl", jsonLines);

const fnvLines = sample(fnvRequest, 500, SEED + 20);
await write("fnv.jsonl", fnvLines);

// The patch ops, every Go release class (see patch-arbitraries.ts and patch.test.ts).
const PATCH_GO = ["", ',"go":"1.14"', ',"go":"1.21"', ',"go":"1.26"', ',"go":"1.27"'];
const patchLines: Uint8Array[] = [];
const pairs = (arb: fc.Arbitrary<[unknown, unknown]>, n: number, seed: number) =>
  fc.sample(fc.tuple(arb, fc.nat(), fc.constantFrom(...PATCH_GO)), { numRuns: n, seed })
    .flatMap(([[from, to], s, go]) => pairRequests(from as never, to as never, s, go));
patchLines.push(...pairs(realisticPair, 25, SEED + 30), ...pairs(randomPair, 160, SEED + 31));
patchLines.push(...fc.sample(rawRequests, { numRuns: 60, seed: SEED + 32 }).flat());
for (const line of PATCH_EDGE) for (const go of ["", ',"go":"1.21"', ',"go":"1.27"']) patchLines.push(bytes(line.slice(0, -1), go, "}"));
await write("patch.jsonl", patchLines);

// Strategic merge patch at every Kubernetes minor (test/oracle/smp-vectors.ts), answered by the
// k8s oracle's api-only builds (strategicpatch needs only k8s.io/apimachinery).
if (wanted("smp.jsonl")) {
  process.env.KINPLACE_K8S_FLAVOR ??= "api";
  // the engine (build/kinplace.wasm) only helps to spot inputs Go answers in several ways (dropped)
  const { kinplace } = await import("../support/engine.ts");
  const engine = (l: string) => new TextDecoder().decode(kinplace.evaluateLine(new TextEncoder().encode(l)));
  // written with the answers the filter saw (asking again could pick another of Go's answers)
  // KINPLACE_VECTORS_REFRESH: only those minors are asked, the committed file answers the rest (vector-reuse.ts)
  const vectors = await smpVectorLines(SEED + 40, (l) => askReusing(new URL("smp.jsonl", OUT), l, runOracle), engine);
  const text = vectors.map(([l, a]) => `{"request":${JSON.stringify(l)},"answer":${a}}\n`).join("");
  writeFileSync(new URL("smp.jsonl", OUT), text);
  console.log(`smp.jsonl: ${vectors.length} vectors, ${text.length} bytes`);
}
stopOracle();
