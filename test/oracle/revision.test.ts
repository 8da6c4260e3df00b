// Differential suite for the `revision` op: StatefulSet and DaemonSet ControllerRevisions (name, hash,
// data) answered by the engine and by the Go oracle (the controllers' getPatch / newRevision /
// HashControllerRevision / ComputeHash of each minor) must agree byte for byte. Needs Go on PATH.
// KINPLACE_K8S_FLAVOR=api uses the fast oracle builds; KINPLACE_K8S_MINORS narrows the minors
// (default: a spread of eras); KINPLACE_REVISIONS sets the objects per minor.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { goChoices, sameAnswers, warmUp, withSeed } from "./k8s-drive.ts";
import { buildAll, goAvailable, stopOracle } from "./run.ts";
import { MINORS } from "./k8s/versions.ts";
import { scopedMinors } from "./scope.ts";
import { textStyle, toText, workload, unknownFields, withUnknownFields } from "./k8s-objects.ts";

const ALL = MINORS.map((m) => m.minor);
const SPREAD = ["1.12", "1.15", "1.16", "1.22", "1.28", "1.30", "1.33", "1.34"].filter((m) => ALL.includes(m));
const NEWEST = ALL[ALL.length - 1]!;
const SELECTED = (process.env.KINPLACE_K8S_MINORS ?? "").split(/\s+/).filter(Boolean);
const TARGET_MINORS = SELECTED.length > 0 ? SELECTED : scopedMinors([...new Set([...SPREAD, NEWEST])], "api");
const PER_MINOR = Number(process.env.KINPLACE_REVISIONS ?? 60);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const TIME_LIMIT = 900_000;

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

/** Request lines for one minor: StatefulSets and DaemonSets, as values or text, with unknown fields, with and without a collision count. */
function linesFor(minor: string): fc.Arbitrary<string[]> {
  const gos = goChoices(minor);
  const obj = fc.constantFrom("StatefulSet" as const, "DaemonSet" as const).chain((kind) => fc.tuple(fc.constant(kind), workload(kind)));
  const line = fc.tuple(obj, fc.option(unknownFields, { nil: undefined }), fc.option(fc.integer({ min: -2147483648, max: 2147483647 }), { nil: undefined }), textStyle, fc.boolean(), fc.constantFrom(...gos))
    .map(([[kind, o], unknown, cc, style, asText, go]) => {
      const object = unknown === undefined ? o : withUnknownFields(o, unknown[0], unknown[1]);
      return JSON.stringify({ op: "revision", kind, ...(asText ? { objectText: toText(object, style) } : { object }), kubernetes: minor, go, collisionCount: cc });
    });
  return fc.array(line, { minLength: PER_MINOR, maxLength: PER_MINOR });
}

TARGET_MINORS.forEach((minor, i) => {
  test(`revision agrees with Kubernetes ${minor} (${PER_MINOR} StatefulSets and DaemonSets)`, { timeout: TIME_LIMIT }, async () => {
    const [lines] = fc.sample(linesFor(minor), { numRuns: 1, seed: SEED + i });
    await withSeed(SEED, () => sameAnswers([...goChoices(minor).map((g) => warmUp(minor, g)), ...lines!]));
  });
});

test("revision: known answers and request errors agree", { timeout: TIME_LIMIT }, async () => {
  const set = {
    metadata: { name: "test" },
    spec: { template: { metadata: { labels: { app: "foo" }, annotations: { test: "value" } }, spec: { containers: [{ image: "test", name: "test" }] } } },
  };
  const lines = [
    { op: "revision", kind: "StatefulSet", kubernetes: "1.33", object: set },
    { op: "revision", kind: "StatefulSet", kubernetes: "1.34", object: set },
    { op: "revision", kind: "DaemonSet", kubernetes: "1.34", object: { ...set, status: { collisionCount: 7 } } },
    { op: "revision", kind: "StatefulSet", object: { metadata: { name: "x".repeat(300) }, spec: { template: { metadata: { name: "<&>\u2028" } } } } },
    { op: "revision", kind: "StatefulSet", object: { spec: { template: { metadata: { generation: 9007199254740993 } } } } },
    { op: "revision", kind: "StatefulSet", object: { metadata: { name: "é".repeat(112) + "x" }, spec: { template: {} } } },
    { op: "revision", kind: "StatefulSet", object: { metadata: { name: "x".repeat(221) + "😀" }, spec: { template: {} } } },
    { op: "revision", kind: "DaemonSet", object: { metadata: { name: "é".repeat(200) }, spec: { template: {} } } },
    { op: "revision", kind: "Pod", object: {} },
    { op: "revision", kind: "Nope", object: {} },
    { op: "revision", object: {} },
    { op: "revision", kind: "StatefulSet" },
    { op: "revision", kind: "StatefulSet", object: {}, collisionCount: 1.5 },
    { op: "revision", kind: "StatefulSet", object: {}, collisionCount: 2147483648 },
    { op: "revision", kind: "StatefulSet", object: {}, kubernetes: "1.13" },
    { op: "revision", kind: "DaemonSet", object: {}, kubernetes: "1.30", go: "1.21" },
    { op: "revision", kind: "StatefulSet", object: { spec: { replicas: "x" } }, kubernetes: "1.25" },
    { op: "revision", kind: "DaemonSet", objectText: `{"spec":{"template":{"spec":{"containers":1}}}}`, kubernetes: "1.20" },
  ].map((r) => JSON.stringify(r));
  await sameAnswers([...goChoices(NEWEST).map((g) => warmUp(NEWEST, g)), warmUp("1.33"), warmUp("1.34"), warmUp("1.30", "1.21"), ...lines]);
});
