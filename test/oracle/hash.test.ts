// Differential suite for the hash ops: `container.hash` (every kubelet era, HashContainerWithoutResources,
// the Go release) and `podTemplateHash` (with and without a collision count) answered by the engine
// and by the Go oracle (the real HashContainer / controller.ComputeHash of each minor) must agree.
// Needs Go on PATH. KINPLACE_K8S_FLAVOR=api uses the fast oracle builds; KINPLACE_K8S_MINORS narrows
// the minors; KINPLACE_HASH_CONTAINERS / KINPLACE_HASH_TEMPLATES set the counts per minor.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { goChoices, sameAnswers, warmUp, withSeed } from "./k8s-drive.ts";
import { buildAll, goAvailable, stopOracle } from "./run.ts";
import { MINORS } from "./k8s/versions.ts";
import { scopedMinors } from "./scope.ts";
import { container, fullTemplate, podTemplate, textStyle, toText } from "./k8s-objects.ts";

const ALL = MINORS.map((m) => m.minor);
const SELECTED = (process.env.KINPLACE_K8S_MINORS ?? "").split(/\s+/).filter(Boolean);
const TARGET_MINORS = SELECTED.length > 0 ? SELECTED : scopedMinors(ALL, "api");
const CONTAINERS = Number(process.env.KINPLACE_HASH_CONTAINERS ?? 220);
const TEMPLATES = Number(process.env.KINPLACE_HASH_TEMPLATES ?? 45);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const TIME_LIMIT = 900_000;

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

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
    await withSeed(SEED, () => sameAnswers([warmUp(minor), ...lines!]));
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
