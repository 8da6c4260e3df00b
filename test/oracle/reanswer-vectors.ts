// Asks the oracle again, for a committed golden vector file, the request lines of the minors in
// KINPLACE_VECTORS_REFRESH (and lines naming no minor: the newest answers them), keeping the request lines and
// every other answer (vector-reuse.ts). For files whose writer's request lines do not depend on what changed
// (a minor's pinned patch moved, its go.mod `go` line did not), this writes what a full run of the writer would;
// a writer whose requests depend on versions.ts facts that changed must be rerun instead (e.g. make-hash-vectors.ts
// with KINPLACE_VECTORS_REFRESH: goChoices reads the go.mod `go` line). Needs the refreshed minors' builds only.
//   KINPLACE_VECTORS_REFRESH="1.35 1.36" node --import tsx test/oracle/reanswer-vectors.ts test/vectors/FILE.jsonl.gz ...
// Format of the files: {"request": R, "answer": A} lines, R a JSON string (no base64 lines), A verbatim.

import { readFileSync, writeFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { buildAll, runOracle, stopOracle } from "./run.ts";
import { OldAnswers, REFRESH, refreshes } from "./vector-reuse.ts";

if (REFRESH === null) throw new Error("set KINPLACE_VECTORS_REFRESH to the minors to ask again");
buildAll();
try {
  for (const file of process.argv.slice(2)) {
    const gz = file.endsWith(".gz");
    const raw = readFileSync(file);
    const requests = (gz ? gunzipSync(raw) : raw).toString("utf8").split("\n").filter((l) => l !== "").map((l) => JSON.parse(l).request as unknown);
    if (requests.some((r) => typeof r !== "string")) throw new Error(`${file}: a request is not a JSON string`);
    const lines = requests as string[];
    const old = new OldAnswers(file);
    const asked = lines.flatMap((l, i) => (refreshes(l) ? [i] : []));
    const fresh = await runOracle(asked.map((i) => lines[i]!));
    const answers = lines.map((l) => old.take(l)!);
    // files written with JSON.stringify({request, answer: JSON.parse(answer)}) (kubelet.jsonl.gz) keep that form
    const restringified = answers.every((a) => JSON.stringify(JSON.parse(a)) === a);
    let changed = 0;
    asked.forEach((i, k) => {
      if (fresh[k]!.includes('"code":"E_INTERNAL"')) throw new Error(`${file}: the oracle failed on ${lines[i]!.slice(0, 300)}: ${fresh[k]!.slice(0, 400)}`);
      const answer = restringified ? JSON.stringify(JSON.parse(fresh[k]!)) : fresh[k]!;
      if (answers[i] !== answer) changed++;
      answers[i] = answer;
    });
    const text = lines.map((l, i) => `{"request":${JSON.stringify(l)},"answer":${answers[i]}}\n`).join("");
    // an unchanged file is left as it is (its gzip bytes may come from another zlib)
    if (text !== (gz ? gunzipSync(raw) : raw).toString("utf8")) writeFileSync(file, gz ? gzipSync(text, { level: 9 }) : text);
    console.log(`${file}: ${lines.length} lines, ${asked.length} asked again, ${changed} answers changed`);
  }
} finally {
  stopOracle();
}
