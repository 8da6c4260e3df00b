// Writes the golden vectors test/vectors/json.jsonl and test/vectors/fnv.jsonl: requests generated from
// a fixed seed, answered by the Go oracle, so the plain test command can check the engine without Go.
// Each line is {"request": R, "answer": A}: R is the request line as a JSON string when it is valid
// UTF-8, else {"base64": "..."} holding its exact bytes; A is the oracle's answer line, verbatim.
//
// Usage: node --import tsx test/oracle/make-vectors.ts   (needs Go; see test/vectors/README.md)

import { mkdirSync, writeFileSync } from "node:fs";
import fc from "fast-check";
import { BAD_REQUESTS, bytes, fnvRequest, goField, jsonRequest, toBase64, valueRequest } from "./arbitraries.ts";
import { GO_CLASSES } from "./routes.ts";
import { buildAll, runOracle, stopOracle } from "./run.ts";

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

/** Asks the oracle and writes one vector file. */
async function write(file: string, lines: Uint8Array[]): Promise<void> {
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
stopOracle();
