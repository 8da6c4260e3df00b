// Differential suite of OpenKruise's json.Unmarshal of its annotation structs (kruise-annotations-gen.ts):
// the in-place update state, the grace UpdateSpec and the runtime containers meta holding JSON of every wrong
// type at every field, bad times, quantities and base64, several wrong fields at once, odd keys — read by
// kruise.completed, kruise.refresh and kruise.patchPod, answered by the engine and by the real OpenKruise
// (v1.9.0 and v1.5.5 builds; v1.6.0, v1.7.0, v1.8.3 in the full scope, or with KINPLACE_KRUISE_ANN_RELEASES) — every answer byte for
// byte: the error texts Go's encoding/json writes (`json: cannot unmarshal number into Go struct field
// RuntimeContainerMetaSet.containers of type []pub.RuntimeContainerMeta`, `parsing time "yesterday" as ...`)
// and the values it fills.
// The slots below an embedded struct are compared apart: the oracle's Go 1.26 names the embedded struct in
// the field path (`livenessProbe.ProbeHandler.httpGet.port`), Kruise's own Go 1.23 / 1.22 build (the engine's
// KRUISE_GO) does not; those answers must agree once the oracle's embedded names are dropped.
// KINPLACE_KRUISE_ANN_VECTORS=FILE writes every compared request with the oracle's answer (the golden vectors
// test/vectors/kruise-annotations.jsonl.gz, replayed by test/kruise-annotations.test.ts).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { engineAnswers } from "./k8s-drive.ts";
import { answerView } from "./compare.ts";
import { buildAll, goAvailable, runOracle, stopOracle } from "./run.ts";
import { annotationRequests, embeddedRequests } from "./kruise-annotations-gen.ts";
import { CI_KRUISE_RELEASES, SLOW_BUILDS } from "./scope.ts";

const VECTORS = process.env.KINPLACE_KRUISE_ANN_VECTORS;
const WITH_18 = SLOW_BUILDS || process.env.KINPLACE_KRUISE_ANN_18 === "1";
const TIME_LIMIT = 900_000;

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

const written: string[] = [];

type Answer = { ok: boolean; result?: Record<string, unknown>; error?: Record<string, unknown> };

/** Answers `reqs` by both sides; returns the mismatches and the oracle's parsed answers. */
async function compare(lines: string[], normalize: (exp: Answer) => Answer, write: boolean): Promise<{ failures: string[]; answers: Answer[] }> {
  const expected = await runOracle(lines);
  const actual = engineAnswers(lines);
  const failures: string[] = [];
  const answers: Answer[] = [];
  for (let i = 0; i < lines.length; i++) {
    const exp = normalize(answerView(expected[i]!) as Answer);
    answers.push(exp);
    if (exp.error?.code === "E_INTERNAL") {
      // kruise.patchPod: the harness answers PatchSpecToPod's error as E_INTERNAL; the engine names the patch
      // library's own code (upstream/kruise/inplaceupdate/patchpod.ts): the texts must agree
      const act = answerView(actual[i]!) as Answer;
      if (typeof exp.error.message === "string" && exp.error.message.startsWith("PatchSpecToPod: ") && act.error?.message === exp.error.message) continue;
      failures.push(`oracle failed: ${lines[i]!.slice(0, 400)}\n${expected[i]!.slice(0, 400)}\nengine: ${actual[i]!.slice(0, 400)}`);
      continue;
    }
    if (write && VECTORS) written.push(JSON.stringify({ request: lines[i], answer: JSON.parse(expected[i]!) }));
    try {
      assert.deepStrictEqual(answerView(actual[i]!), exp);
    } catch {
      failures.push(`request:  ${lines[i]!.slice(0, 1200)}\nexpected: ${expected[i]!.slice(-700)}\nactual:   ${actual[i]!.slice(-700)}`);
    }
  }
  return { failures, answers };
}

/** The Go error texts among the answers (kruise.completed's message, kruise.refresh's error), by kind. */
function tally(answers: Answer[]): string {
  const kinds = new Map<string, number>();
  for (const a of answers) {
    const m = (a.result?.message ?? a.result?.error ?? (a.error?.code === "E_BAD_REQUEST" ? "bad request" : undefined)) as string | undefined;
    if (m === undefined) continue;
    const k = m.startsWith("json: cannot unmarshal") ? (m.includes("Go struct field") ? "type error (field)" : "type error (top)")
      : m.startsWith("parsing time") ? "time.Parse" : m.startsWith("quantities must") || m.startsWith("unable to parse") ? "quantity"
      : m.startsWith("illegal base64") ? "base64" : m === "bad request" ? "bad request" : m.startsWith("invalid character") || m.startsWith("unexpected end") ? "syntax" : "other";
    kinds.set(k, (kinds.get(k) ?? 0) + 1);
  }
  return [...kinds].map(([k, n]) => `${k} ${n}`).join(", ");
}

const same = (a: Answer) => a;

for (const [release, kruise] of [["v1.9.0", undefined], ["v1.8.3", "1.8"], ["v1.7.0", "1.7"], ["v1.6.0", "1.6"], ["v1.5.5", "1.5"]] as const) {
  // v1.5.5 is built in CI too (scope.ts CI_KRUISE_RELEASES); the others in the full scope, v1.8.3 also with KINPLACE_KRUISE_ANN_18=1
  const runs = kruise === undefined || CI_KRUISE_RELEASES.includes(kruise) || SLOW_BUILDS || (kruise === "1.8" && WITH_18) || (process.env.KINPLACE_KRUISE_ANN_RELEASES ?? "").split(/[\s,]+/).includes(kruise);
  test(`kruise annotations: json.Unmarshal of state, UpdateSpec and runtime meta agrees with OpenKruise ${release}`, { timeout: TIME_LIMIT, skip: runs ? false : `the ${release} build runs in the full scope (KINPLACE_ORACLE_SCOPE=full) or with KINPLACE_KRUISE_ANN_RELEASES=${kruise}` }, async () => {
    const lines = annotationRequests().map((r) => JSON.stringify(kruise ? { ...r, kruise } : r));
    const { failures, answers } = await compare(lines, same, true);
    console.log(`kruise ${release} annotations: ${lines.length} requests; ${tally(answers)}`);
    assert.ok(lines.length > 3000, `only ${lines.length} requests`);
    assert.equal(failures.length, 0, `${failures.length} of ${lines.length} differ; the first ones:\n\n${failures.slice(0, 3).join("\n\n")}`);
  });
}

test("kruise annotations: below an embedded struct, the texts of Kruise's Go 1.23 build (the oracle's Go 1.26 names the embedded struct)", { timeout: TIME_LIMIT }, async () => {
  const lines = embeddedRequests().map((r) => JSON.stringify(r));
  // Go 1.24+ addErrorContext: the Go names of the embedded structs a promoted field is reached through
  const drop = (s: string) => s.replace(/\.(ProbeHandler|VolumeSource|EphemeralContainerCommon)(?=\.)/g, "");
  let renamed = 0;
  const { failures } = await compare(lines, (a) => {
    const r = a.result;
    for (const k of ["error", "message"]) if (r && typeof r[k] === "string" && drop(r[k] as string) !== r[k]) { r[k] = drop(r[k] as string); renamed++; }
    return a;
  }, false);
  console.log(`kruise embedded-field errors: ${lines.length} requests, ${renamed} texts name an embedded struct in Go 1.26`);
  assert.ok(renamed > 20, `only ${renamed} answers reach an embedded struct`);
  assert.equal(failures.length, 0, `${failures.length} of ${lines.length} differ; the first ones:\n\n${failures.slice(0, 3).join("\n\n")}`);
});

after(() => {
  if (VECTORS) writeFileSync(VECTORS, VECTORS.endsWith(".gz") ? gzipSync(written.join("\n") + "\n", { level: 9 }) : written.join("\n") + "\n");
});
