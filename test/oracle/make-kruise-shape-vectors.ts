// Writes test/vectors/kruise-shape.jsonl.gz: kruise.inplaceSpec on revision data of odd shapes (case-variant
// keys, ignored fields of any type, repeated spec / template members — GetTemplateFromRevision reads the data
// with plain encoding/json), each answered by the OpenKruise v1.9.0 oracle. Replayed by test/kruise.test.ts.
//
//   node --import tsx test/oracle/make-kruise-shape-vectors.ts

import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { runOracle, stopOracle } from "./run.ts";
import { shapeCases, shapeLines } from "./kruise-inplace-gen.ts";

const lines = [...shapeCases().map((r) => JSON.stringify(r)), ...shapeLines()];
const answers = await runOracle(lines);
stopOracle();
const out = lines.map((l, i) => JSON.stringify({ request: l, answer: JSON.parse(answers[i]!) })).join("\n") + "\n";
writeFileSync(new URL("../vectors/kruise-shape.jsonl.gz", import.meta.url), gzipSync(out, { level: 9 }));
console.log(`wrote ${lines.length} vectors`);
