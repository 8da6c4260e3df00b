// Differential suite for the `revision` op on the OpenKruise kinds: CloneSet, AdvancedStatefulSet and
// AdvancedDaemonSet ControllerRevisions (name, hash, data) answered by the engine and by the Kruise
// oracle build (kruise v1.9.0 from the Go module proxy: revision.NewRevisionControl().NewRevision,
// statefulset.newRevision and daemonset.getPatch + ComputeHash) must agree byte for byte, errors
// included. Needs Go on PATH. KINPLACE_KRUISE_REVISIONS sets the objects per kind (default 100).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { sameAnswers, withSeed } from "./k8s-drive.ts";
import { buildAll, goAvailable, stopOracle } from "./run.ts";
import { kruiseWorkload } from "./k8s/gen.ts";
import { fullTemplate, replaceLeaf, textStyle, toText, unknownFields, withUnknownFields, wrongValue } from "./k8s-objects.ts";

const KINDS = ["CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"] as const;
const PER_KIND = Number(process.env.KINPLACE_KRUISE_REVISIONS ?? 100);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const TIME_LIMIT = 900_000;
/** Go releases the Kruise build answers (go.mod needs 1.23; the build's toolchain class serves up to 1.26). */
const KRUISE_GOS = [undefined, "1.23", "1.24", "1.26"];

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => stopOracle());

/** Request lines for one Kruise kind: values or text, unknown fields, some wrong-typed leaves, with and without a collision count. */
function linesFor(kind: (typeof KINDS)[number]): fc.Arbitrary<string[]> {
  const object = fc.oneof({ weight: 3, arbitrary: kruiseWorkload(kind, fullTemplate) }, { weight: 1, arbitrary: kruiseWorkload(kind) });
  const line = fc
    .tuple(
      object,
      fc.option(unknownFields, { nil: undefined }),
      fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.tuple(fc.nat(2000), wrongValue) }),
      fc.option(fc.integer({ min: -2147483648, max: 2147483647 }), { nil: undefined }),
      textStyle,
      fc.boolean(),
      fc.constantFrom(...KRUISE_GOS),
      fc.constantFrom(undefined, "1.32"),
    )
    .map(([o, unknown, bad, cc, style, asText, go, kubernetes]) => {
      let obj: unknown = unknown === undefined ? o : withUnknownFields(o, unknown[0], unknown[1]);
      if (bad !== undefined) obj = replaceLeaf(obj, bad[0], bad[1]);
      return JSON.stringify({ op: "revision", kind, ...(asText ? { objectText: toText(obj, style) } : { object: obj }), kubernetes, go, collisionCount: cc });
    });
  return fc.array(line, { minLength: PER_KIND, maxLength: PER_KIND });
}

/** warmUp (k8s-drive.ts) for the Kruise build: a Kruise kind's timestamp with a numeric offset loads time.Local. */
const WARM = [JSON.stringify({ op: "k8s.json", type: "CloneSet", value: { metadata: { creationTimestamp: "2020-01-01T00:00:00+01:00" } } })];

KINDS.forEach((kind, i) => {
  test(`revision agrees with OpenKruise v1.9.0 on ${PER_KIND} generated ${kind}s`, { timeout: TIME_LIMIT }, async () => {
    const [lines] = fc.sample(linesFor(kind), { numRuns: 1, seed: SEED + i });
    await withSeed(SEED, () => sameAnswers([...WARM, ...lines!]));
  });
});

test("revision (OpenKruise): known shapes, long names, collision counts and request errors agree", { timeout: TIME_LIMIT }, async () => {
  const template = { metadata: { labels: { app: "foo" } }, spec: { containers: [{ image: "nginx:1.25", name: "main", resources: { limits: { cpu: "1000m", memory: "1Gi" } } }] } };
  const set = { apiVersion: "apps.kruise.io/v1beta1", metadata: { name: "web", annotations: { a: "<&>" } }, spec: { template } };
  const lines: object[] = [];
  for (const kind of KINDS) {
    lines.push(
      { op: "revision", kind, object: set },
      { op: "revision", kind, object: set, kubernetes: "1.32", go: "1.23" },
      { op: "revision", kind, object: { ...set, status: { collisionCount: 7 } } },
      { op: "revision", kind, object: { ...set, status: { collisionCount: 7 } }, collisionCount: -3 },
      { op: "revision", kind, object: { ...set, status: { collisionCount: -2147483648 } } },
      { op: "revision", kind, object: { metadata: { name: "x".repeat(300) }, spec: { template: { metadata: { name: "<&>\u2028\b\f" } } } } },
      { op: "revision", kind, object: { metadata: { name: "é".repeat(112) + "x" }, spec: { template } } },
      { op: "revision", kind, object: { spec: { template: { metadata: { generation: 9007199254740993 } } } } },
      { op: "revision", kind, object: { spec: { template: { spec: { activeDeadlineSeconds: 1e21, terminationGracePeriodSeconds: 123456789012345680000 } } } } },
      { op: "revision", kind, object: {} },
      { op: "revision", kind, object: set, kubernetes: "1.31" },
      { op: "revision", kind, object: set, kubernetes: "1.13" },
      { op: "revision", kind, object: set, go: "1.22" },
      { op: "revision", kind, object: set, collisionCount: 2147483648 },
      { op: "revision", kind, object: { spec: { replicas: "x" } } },
      { op: "revision", kind, object: { spec: { updateStrategy: { rollingUpdate: { partition: true } } } } },
      { op: "revision", kind, object: { spec: { lifecycle: { preDelete: { labelsHandler: { a: 1 } } } } } },
      { op: "revision", kind, objectText: `{"spec":{"template":{"spec":{"containers":1}}}}` },
      { op: "revision", kind, objectText: `{"metadata":{"name":"a","name":"b"},"spec":{"template":{"metadata":{"Labels":{"x":"y"}}}}}` },
      { op: "revision", kind, objectText: `{"spec":{"template":{"spec":{"containers":[{"name":"a","resources":{"limits":{"cpu":0.5}}}]}}}}` },
    );
  }
  await sameAnswers([...WARM, ...lines.map((r) => JSON.stringify(r))]);
});
