// Shared driver of the Kubernetes hash and revision differential suites: engine answers in process,
// oracle answers through run.ts, the time.Local warm-up, and the Go releases a request may name.

import assert from "node:assert/strict";
import { kinplace } from "../support/engine.ts";
import { answerView, assertSameAnswer } from "./compare.ts";
import { runOracle } from "./run.ts";
import { MINORS, goMinorOf } from "./k8s/versions.ts";

/** The freshly built engine's answer lines for request lines. */
export function engineAnswers(lines: string[]): string[] {
  const dec = new TextDecoder();
  const enc = new TextEncoder();
  return lines.map((l) => dec.decode(kinplace.evaluateLine(enc.encode(l))));
}

/**
 * A request that makes an oracle process load time.Local (time.Parse of a numeric offset looks the
 * zone up), as every real kubelet / controller has by the time it hashes (its logging formats local
 * times). Before that, go-spew would print Go's not-yet-loaded Local location; the engine prints the
 * loaded one (docs in assembly/upstream/gospew/spew.ts). Each Go release is a separate process: warm each one used.
 */
export function warmUp(minor: string, go?: string): string {
  return JSON.stringify({ op: "k8s.json", type: "ObjectMeta", value: { creationTimestamp: "2020-01-01T00:00:00+01:00" }, kubernetes: minor, go });
}

/**
 * warmUp for the process that answers applyDefaults requests: the router sends them to the minor's
 * k8s.io/kubernetes build, a process of its own, which the api-build warm-up does not reach.
 */
export function warmUpDefaults(minor: string): string {
  return JSON.stringify({ op: "k8s.json", type: "Pod", value: { metadata: { creationTimestamp: "2020-01-01T00:00:00+01:00" } }, kubernetes: minor, applyDefaults: true });
}

/** Runs a seeded suite's check and names the seed in the failure (message and stack, which the test runner prints). */
export async function withSeed(seed: number, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (e) {
    const err = e as Error;
    const label = `KINPLACE_K8S_SEED=${seed}: `;
    if (err.stack?.includes(err.message)) err.stack = err.stack.replace(err.message, label + err.message);
    err.message = label + err.message;
    throw err;
  }
}

/** Asserts that the engine answers every line as the oracle does (and that the oracle itself did not fail). */
export async function sameAnswers(lines: string[], record?: string[]): Promise<void> {
  const expected = await runOracle(lines);
  const actual = engineAnswers(lines);
  if (record) lines.forEach((l, i) => record.push(JSON.stringify({ request: l, answer: JSON.parse(expected[i]!) })));
  const failures: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const view = answerView(expected[i]!) as { error?: { code?: string } };
    assert.notEqual(view.error?.code, "E_INTERNAL", `oracle failed on ${lines[i]!.slice(0, 300)}: ${expected[i]!.slice(0, 500)}`);
    try {
      assertSameAnswer(lines[i]!, expected[i]!, actual[i]!);
    } catch (e) {
      failures.push((e as Error).message);
    }
  }
  assert.equal(failures.length, 0, `${failures.length} of ${lines.length} answers differ; the first ones:\n\n${failures.slice(0, 3).join("\n\n")}`);
}

/** Go releases a request may name for a minor: the default (absent), the oldest it accepts, and the newest. */
export function goChoices(minor: string): (string | undefined)[] {
  const info = MINORS.find((m) => m.minor === minor)!;
  const oldest = Math.max(goMinorOf(info.goModGo), 21);
  return [undefined, `1.${oldest}`, "1.22", "1.26"].filter((g) => g === undefined || Number(g.slice(2)) >= goMinorOf(info.goModGo));
}
