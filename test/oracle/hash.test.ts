// Differential suite for the hash ops: `container.hash` (every kubelet era, HashContainerWithoutResources,
// the Go release) and `podTemplateHash` (with and without a collision count) answered by the engine
// and by the Go oracle (the real HashContainer / controller.ComputeHash of each minor) must agree.
// Needs Go on PATH. KINPLACE_K8S_FLAVOR=api uses the fast oracle builds; KINPLACE_K8S_MINORS narrows
// the minors; KINPLACE_HASH_CONTAINERS / KINPLACE_HASH_TEMPLATES set the counts per minor.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "../support/engine.ts";
import { answerView, assertSameAnswer } from "./compare.ts";
import { buildAll, goAvailable, runOracle, stopOracle } from "./run.ts";
import { MINORS, goMinorOf } from "./k8s/versions.ts";
import { container, fullTemplate, podTemplate, textStyle, toText } from "./k8s-objects.ts";

const ALL = MINORS.map((m) => m.minor);
const SELECTED = (process.env.KINPLACE_K8S_MINORS ?? "").split(/\s+/).filter(Boolean);
const TARGET_MINORS = SELECTED.length > 0 ? SELECTED : ALL;
const CONTAINERS = Number(process.env.KINPLACE_HASH_CONTAINERS ?? 220);
const TEMPLATES = Number(process.env.KINPLACE_HASH_TEMPLATES ?? 45);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const TIME_LIMIT = 900_000;

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

/** The engine's answer lines, in process. */
function engineAnswers(lines: string[]): string[] {
  const dec = new TextDecoder();
  const enc = new TextEncoder();
  return lines.map((l) => dec.decode(kinplace.evaluateLine(enc.encode(l))));
}

/**
 * A request that makes the oracle process load time.Local (time.Parse of a numeric offset looks the
 * zone up), as every real kubelet / controller has by the time it hashes (its logging formats local
 * times). Before that, go-spew would print Go's not-yet-loaded Local location; the engine prints the
 * loaded one (docs in assembly/spew/spew.ts).
 */
function warmUp(minor: string): string {
  return JSON.stringify({ op: "k8s.json", type: "ObjectMeta", value: { creationTimestamp: "2020-01-01T00:00:00+01:00" }, kubernetes: minor });
}

async function sameAnswers(lines: string[]): Promise<void> {
  const expected = await runOracle(lines);
  const actual = engineAnswers(lines);
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
function goChoices(minor: string): (string | undefined)[] {
  const info = MINORS.find((m) => m.minor === minor)!;
  const oldest = Math.max(goMinorOf(info.goModGo), 21);
  return [undefined, `1.${oldest}`, "1.22", "1.26"].filter((g) => g === undefined || Number(g.slice(2)) >= goMinorOf(info.goModGo));
}

/** Request lines for one minor: containers (as values and as text) and templates (with and without a collision count). */
function linesFor(minor: string): fc.Arbitrary<string[]> {
  const gos = goChoices(minor);
  const containerLine = fc.tuple(container, textStyle, fc.boolean(), fc.constantFrom(...gos)).map(([c, style, asText, go]) =>
    JSON.stringify({ op: "container.hash", ...(asText ? { containerText: toText(c, style) } : { container: c }), kubelet: minor, go }));
  const templateLine = fc.tuple(fc.oneof(podTemplate, fullTemplate), fc.option(fc.integer({ min: -2147483648, max: 2147483647 }), { nil: undefined }), textStyle, fc.boolean())
    .map(([t, cc, style, asText]) => JSON.stringify({ op: "podTemplateHash", ...(asText ? { templateText: toText(t, style) } : { template: t }), kubernetes: minor, collisionCount: cc }));
  return fc.tuple(
    fc.array(containerLine, { minLength: CONTAINERS, maxLength: CONTAINERS }),
    fc.array(templateLine, { minLength: TEMPLATES, maxLength: TEMPLATES }),
  ).map(([a, b]) => [...a, ...b]);
}

TARGET_MINORS.forEach((minor, i) => {
  test(`container.hash and podTemplateHash agree with Kubernetes ${minor} (${CONTAINERS} containers, ${TEMPLATES} templates)`, { timeout: TIME_LIMIT }, async () => {
    const [lines] = fc.sample(linesFor(minor), { numRuns: 1, seed: SEED + i });
    try {
      await sameAnswers([warmUp(minor), ...lines!]);
    } catch (e) {
      (e as Error).message = `KINPLACE_K8S_SEED=${SEED}: ${(e as Error).message}`;
      throw e;
    }
  });
});

test("hash-op request errors agree", { timeout: TIME_LIMIT }, async () => {
  const lines = [
    { op: "container.hash", container: { name: "a" }, kubelet: "1.13" },
    { op: "container.hash", container: { name: "a" }, applyDefaults: "yes" },
    { op: "container.hash", container: { name: "a" }, kubelet: "1.30", go: "1.21" },
    { op: "container.hash", kubelet: "1.20" },
    { op: "container.hash", containerText: `{"name":1}`, kubelet: "1.20" },
    { op: "container.hash", containerText: `{"name":"a","resources":{"limits":{"cpu":"x"}}}`, kubelet: "1.28" },
    { op: "podTemplateHash", template: {}, collisionCount: "1" },
    { op: "podTemplateHash", template: {}, collisionCount: 2147483648 },
    { op: "podTemplateHash", template: {}, collisionCount: -2147483648 },
    { op: "podTemplateHash", template: {}, collisionCount: 1.5 },
    { op: "podTemplateHash", template: {}, collisionCount: null },
    { op: "podTemplateHash", template: { spec: { containers: 1 } }, kubernetes: "1.25" },
  ].map((r) => JSON.stringify(r));
  await sameAnswers(lines);
});
