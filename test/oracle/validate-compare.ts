// Shared comparison of the live pod.validateUpdate suites (validate-volumes, validate-containers,
// validate-podlevel): the oracle answers the lines, the engine answers them too, and both are compared after
// the suite's normalization (upstream's randomized diff and memory addresses taken out).

import assert from "node:assert/strict";
import { after, before } from "node:test";
import { runOracle, buildAll, goAvailable, stopOracle } from "./run.ts";
import { kinplace } from "../support/engine.ts";
import { minorsFromEnv, scopedMinors } from "./scope.ts";

/** The kube minors a suite runs: env var `name` ("all", or a list of minors), else those of `otherwise` in this run's scope. */
export function suiteMinors(name: string, otherwise: string[]): string[] {
  return minorsFromEnv(name, scopedMinors(otherwise, "kube"));
}

/** Registers the suite's hooks: Go must be present, the oracle builds exist before the tests, the oracle stops after. */
export function useOracle(): void {
  before(() => {
    assert.ok(goAvailable(), "the differential suite needs Go on PATH");
    buildAll();
  });
  after(() => stopOracle());
}

/** Mismatch descriptions and how many oracle answers `counts` accepted (the suite's "refused" measure). */
export interface Comparison {
  bad: string[];
  counted: number;
}

/** Answers `lines` with the oracle and the engine and compares them through `normalize`; oracle failures assert. */
export async function compareWithOracle(lines: string[], normalize: (answer: string) => unknown, counts: (oracleAnswer: string) => boolean): Promise<Comparison> {
  const expected = await runOracle(lines);
  const enc = new TextEncoder(), dec = new TextDecoder();
  const bad: string[] = [];
  let counted = 0;
  for (let i = 0; i < lines.length; i++) {
    const exp = expected[i]!;
    assert.ok(!exp.includes('"E_INTERNAL"') && !exp.includes('"E_UNKNOWN_OP"'), `oracle failed on ${lines[i]!.slice(0, 300)}: ${exp.slice(0, 400)}`);
    if (counts(exp)) counted++;
    const actual = dec.decode(kinplace.evaluateLine(enc.encode(lines[i]!)));
    try {
      assert.deepStrictEqual(normalize(actual), normalize(exp));
    } catch {
      bad.push(`request:  ${lines[i]!.slice(0, 3000)}\nexpected: ${JSON.stringify(normalize(exp)).slice(0, 3000)}\nactual:   ${JSON.stringify(normalize(actual)).slice(0, 3000)}`);
    }
  }
  return { bad, counted };
}
