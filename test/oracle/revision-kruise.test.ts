// Differential suite for the `revision` op on the OpenKruise kinds: CloneSet, AdvancedStatefulSet and
// AdvancedDaemonSet ControllerRevisions (name, hash, data) answered by the engine and by the Kruise
// oracle build (kruise v1.9.0 from the Go module proxy: revision.NewRevisionControl().NewRevision,
// statefulset.newRevision and daemonset.getPatch + ComputeHash) must agree byte for byte, errors
// included. Needs Go on PATH. KINPLACE_KRUISE_REVISIONS sets the objects per kind (default 100).
// Releases (`kruise`): v1.9.0 and the ones CI builds (scope.ts CI_KRUISE_RELEASES) always, v1.6.0 - v1.8.3 in the
// full scope; KINPLACE_KRUISE_REVISION_RELEASES="1.7 1.9" picks them. The older releases read CloneSet and
// Advanced DaemonSet as v1alpha1, at the Kubernetes minor and Go of their own build (the engine: the schema tables'
// release slots, tools/schemagen). KINPLACE_KRUISE_REVISION_VECTORS=DIR writes every request with the oracle's answer to
// DIR/kruise-revision.jsonl.gz (test/vectors/, replayed by test/kruise-revision.test.ts).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { sameAnswers, withSeed } from "./k8s-drive.ts";
import { buildAll, goAvailable, stopOracle } from "./run.ts";
import { kruiseWorkload } from "./k8s/gen.ts";
import { fullTemplate, replaceLeaf, textStyle, toText, unknownFields, withUnknownFields, wrongValue } from "./k8s-objects.ts";
import { CI_KRUISE_RELEASES, SLOW_BUILDS } from "./scope.ts";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const VECTORS = process.env.KINPLACE_KRUISE_REVISION_VECTORS;
const written: string[] = [];

const KINDS = ["CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"] as const;
const PER_KIND = Number(process.env.KINPLACE_KRUISE_REVISIONS ?? 100);
const SEED = Number(process.env.KINPLACE_K8S_SEED ?? Date.now() % 1_000_000_007);
const TIME_LIMIT = 900_000;
/** Go releases each Kruise build answers without another build (v1.9.0's go.mod needs 1.23, v1.8.3's 1.22; the
 *  toolchain class of the build serves up to 1.26, that of v1.5 - v1.7 1.10 to 1.21). */
const KRUISE_GOS: Record<string, (string | undefined)[]> = {
  "1.9": [undefined, "1.23", "1.24", "1.26"], "1.8": [undefined, "1.22", "1.24"],
  "1.7": [undefined, "1.19", "1.21"], "1.6": [undefined, "1.16", "1.19"], "1.5": [undefined, "1.18", "1.21"],
};
/** The Kubernetes minor each release pins. */
const PINNED: Record<string, string> = { "1.9": "1.32", "1.8": "1.30", "1.7": "1.28", "1.6": "1.26", "1.5": "1.24" };
const ALL = ["1.9", "1.8", "1.7", "1.6", "1.5"];
const RELEASES = process.env.KINPLACE_KRUISE_REVISION_RELEASES?.split(/[\s,]+/).filter(Boolean) ?? ALL.filter((r) => r === "1.9" || SLOW_BUILDS || CI_KRUISE_RELEASES.includes(r));

before(() => {
  assert.ok(goAvailable(), "the differential suite needs Go on PATH");
  buildAll();
});
after(() => {
  stopOracle();
  if (VECTORS) writeFileSync(join(VECTORS, "kruise-revision.jsonl.gz"), gzipSync(written.join("\n") + "\n", { level: 9 }));
});

/** Request lines for one Kruise kind at release `k`: values or text, unknown fields, some wrong-typed leaves, with and without a collision count. */
function linesFor(kind: (typeof KINDS)[number], k: string): fc.Arbitrary<string[]> {
  const object = fc.oneof({ weight: 3, arbitrary: kruiseWorkload(kind, fullTemplate) }, { weight: 1, arbitrary: kruiseWorkload(kind) });
  const line = fc
    .tuple(
      object,
      fc.option(unknownFields, { nil: undefined }),
      fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.tuple(fc.nat(2000), wrongValue) }),
      fc.option(fc.integer({ min: -2147483648, max: 2147483647 }), { nil: undefined }),
      textStyle,
      fc.boolean(),
      fc.constantFrom(...KRUISE_GOS[k]!),
      fc.constantFrom(undefined, PINNED[k]!),
    )
    .map(([o, unknown, bad, cc, style, asText, go, kubernetes]) => {
      let obj: unknown = unknown === undefined ? o : withUnknownFields(o, unknown[0], unknown[1]);
      if (bad !== undefined) obj = replaceLeaf(obj, bad[0], bad[1]);
      return JSON.stringify({ op: "revision", kind, ...(k !== "1.9" ? { kruise: k } : {}), ...(asText ? { objectText: toText(obj, style) } : { object: obj }), kubernetes, go, collisionCount: cc });
    });
  return fc.array(line, { minLength: PER_KIND, maxLength: PER_KIND });
}

/** warmUp (k8s-drive.ts) for the Kruise builds: a Kruise kind's timestamp with a numeric offset loads time.Local (the
 *  older releases' builds through a revision request, the only Kruise-kind op that names them). */
const WARM = [
  JSON.stringify({ op: "k8s.json", type: "CloneSet", value: { metadata: { creationTimestamp: "2020-01-01T00:00:00+01:00" } } }),
  ...ALL.filter((k) => k !== "1.9").map((k) => JSON.stringify({ op: "revision", kind: "AdvancedDaemonSet", kruise: k, object: { metadata: { creationTimestamp: "2020-01-01T00:00:00+01:00" } } })),
];
const VERSION: Record<string, string> = { "1.9": "v1.9.0", "1.8": "v1.8.3", "1.7": "v1.7.0", "1.6": "v1.6.0", "1.5": "v1.5.5" };

for (const k of RELEASES) {
  KINDS.forEach((kind, i) => {
    test(`revision agrees with OpenKruise ${VERSION[k]} on ${PER_KIND} generated ${kind}s`, { timeout: TIME_LIMIT }, async () => {
      const [lines] = fc.sample(linesFor(kind, k), { numRuns: 1, seed: SEED + i + 10 * Number(k.split(".")[1]) });
      await withSeed(SEED, () => sameAnswers([...WARM.filter((w) => RELEASES.includes(JSON.parse(w).kruise ?? "1.9")), ...lines!], VECTORS ? written : undefined));
    });
  });
}

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
  // every release: its own minor, a neighbour's refused, `kruise` refused on Kubernetes kinds, unknown releases
  for (const k of RELEASES.filter((r) => r !== "1.9")) {
    for (const kind of KINDS) {
      lines.push(
        { op: "revision", kind, kruise: k, object: set },
        { op: "revision", kind, kruise: k, object: set, kubernetes: PINNED[k] },
        { op: "revision", kind, kruise: k, object: set, kubernetes: "1.32" },
        { op: "revision", kind, kruise: k, object: { metadata: { name: "x" }, spec: { template: { metadata: { name: "<&>\u2028\b\f" } } } } },
        { op: "revision", kind, kruise: k, object: { spec: { updateStrategy: { rollingUpdate: { partition: "50%" } } } } },
        // members only newer types have (refused there when wrong-typed, ignored here), and their case-insensitive spellings
        { op: "revision", kind, kruise: k, object: { spec: { updateStrategy: { rollingUpdate: 5, partition: "x", maxSurge: true }, scaleStrategy: { excludePreparingDelete: 1, partitionedScaling: "y" }, ordinals: { start: "0" }, volumeClaimUpdateStrategy: 1, template } } },
        { op: "revision", kind, kruise: k, objectText: `{"spec":{"UpdateStrategy":{"RollingUpdate":{"Partition":"10%"}},"Template":{"Spec":{"Containers":[{"Name":"a","Image":"b"}]}}}}` },
        { op: "revision", kind, kruise: k, object: { status: { updateRevision: 1, daemonSetHash: 2, currentRevision: 3 }, spec: { template } } },
        // Pod fields newer than the pinned minor are dropped from the revision (1.32: pod-level resources; 1.28: sidecar restartPolicy; 1.26: schedulingGates)
        { op: "revision", kind, kruise: k, object: { metadata: { name: "new-fields" }, spec: { template: { spec: { resources: { limits: { cpu: "1" } }, schedulingGates: [{ name: "g" }], initContainers: [{ name: "s", image: "b", restartPolicy: "Always", resizePolicy: [{ resourceName: "cpu", restartPolicy: "NotRequired" }] }], containers: [{ name: "a", image: "b" }] } } } } },
      );
    }
  }
  lines.push({ op: "revision", kind: "StatefulSet", kruise: "1.7", object: set }, { op: "revision", kind: "CloneSet", kruise: "1.4", object: set }, { op: "revision", kind: "CloneSet", kruise: 7, object: set });
  await sameAnswers([...WARM.filter((w) => RELEASES.includes(JSON.parse(w).kruise ?? "1.9")), ...lines.map((r) => JSON.stringify(r))], VECTORS ? written : undefined);
});
