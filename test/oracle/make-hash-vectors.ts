// Writes the golden vectors of the hash ops, answered by the k8s oracle from a fixed seed:
//   test/vectors/hash.jsonl.gz   container.hash (every kubelet minor: struct, JSON and name+image eras,
//                                hashWithoutResources on 1.27–1.30, several Go releases) and podTemplateHash
//                                (with and without a collision count) over every supported minor
//   test/vectors/revision.jsonl.gz  revision for StatefulSet and DaemonSet over every minor, and for
//                                CloneSet, AdvancedStatefulSet and AdvancedDaemonSet (OpenKruise v1.9.0)
// plus the request errors of those ops. Same line format as make-vectors.ts: {"request": R, "answer": A};
// gzip-compressed (the generated containers and templates carry every field: ~9 MB and ~6 MB as text).
// KINPLACE_VECTORS=hash or =revision writes only that file; KINPLACE_VECTORS_REFRESH="1.34 1.35" asks only those
// minors and keeps the committed answers of the others (test/oracle/vector-reuse.ts).
//
// Usage: KINPLACE_K8S_FLAVOR=api node --import tsx test/oracle/make-hash-vectors.ts   (needs Go; the api
// flavor answers with the real k8s.io/api + apimachinery and is proven equal to the kube flavor by
// test/oracle/k8s/flavors.test.ts; the OpenKruise kinds always use the Kruise build)

import { mkdirSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { buildAll, runOracle, stopOracle } from "./run.ts";
import { askReusing } from "./vector-reuse.ts";
import { goChoices, warmUp } from "./k8s-drive.ts";
import { MINORS } from "./k8s/versions.ts";
import { kruiseWorkload } from "./k8s/gen.ts";
import { container, fullTemplate, podTemplate, textStyle, toText, unknownFields, withUnknownFields, workload } from "./k8s-objects.ts";

const SEED = 20_261_121;
const OUT = new URL("../vectors/", import.meta.url);
/** Per minor (24 minors): ~2,000 containers, ~500 templates and ~450 apps/v1 revisions in all; 90 Kruise revisions. */
const PER_MINOR = { containers: 84, templates: 21, revisions: 19 };
const KRUISE_PER_KIND = 30;
const KRUISE_GOS = [undefined, "1.23", "1.26"];
const KRUISE_WARM = JSON.stringify({ op: "k8s.json", type: "CloneSet", value: { metadata: { creationTimestamp: "2020-01-01T00:00:00+01:00" } } });

const collision = fc.option(fc.integer({ min: -2147483648, max: 2147483647 }), { nil: undefined });
/** Templates: mostly the compact generator (the vectors stay small), some with every PodSpec field. */
const template = fc.oneof({ weight: 3, arbitrary: podTemplate }, { weight: 1, arbitrary: fullTemplate });

/** container.hash and podTemplateHash request lines for one minor. */
function hashLines(minor: string): fc.Arbitrary<string[]> {
  const gos = goChoices(minor);
  const containerLine = fc.tuple(container, textStyle, fc.boolean(), fc.constantFrom(...gos)).map(([c, style, asText, go]) =>
    JSON.stringify({ op: "container.hash", ...(asText ? { containerText: toText(c, style) } : { container: c }), kubelet: minor, go }));
  const templateLine = fc.tuple(template, collision, textStyle, fc.boolean()).map(([t, cc, style, asText]) =>
    JSON.stringify({ op: "podTemplateHash", ...(asText ? { templateText: toText(t, style) } : { template: t }), kubernetes: minor, collisionCount: cc }));
  return fc.tuple(
    fc.array(containerLine, { minLength: PER_MINOR.containers, maxLength: PER_MINOR.containers }),
    fc.array(templateLine, { minLength: PER_MINOR.templates, maxLength: PER_MINOR.templates }),
  ).map(([a, b]) => [...a, ...b]);
}

/** revision request lines (StatefulSet, DaemonSet) for one minor; the objects carry compact templates. */
function revisionLines(minor: string): fc.Arbitrary<string[]> {
  const gos = goChoices(minor);
  const obj = fc.constantFrom("StatefulSet" as const, "DaemonSet" as const).chain((kind) =>
    fc.tuple(fc.constant(kind), fc.oneof({ weight: 3, arbitrary: compactAppsWorkload(kind) }, { weight: 1, arbitrary: workload(kind) })));
  const line = fc.tuple(obj, fc.option(unknownFields, { nil: undefined }), collision, textStyle, fc.boolean(), fc.constantFrom(...gos))
    .map(([[kind, o], unknown, cc, style, asText, go]) => {
      const object = unknown === undefined ? o : withUnknownFields(o, unknown[0], unknown[1]);
      return JSON.stringify({ op: "revision", kind, ...(asText ? { objectText: toText(object, style) } : { object }), kubernetes: minor, go, collisionCount: cc });
    });
  return fc.array(line, { minLength: PER_MINOR.revisions, maxLength: PER_MINOR.revisions });
}

/** A compact apps/v1 StatefulSet or DaemonSet (metadata, selector, a podTemplate, a collision count). */
function compactAppsWorkload(kind: "StatefulSet" | "DaemonSet"): fc.Arbitrary<Record<string, unknown>> {
  return fc.record({
    name: fc.stringMatching(/^[a-z]([-a-z0-9]{0,14}[a-z0-9])?$/),
    template: podTemplate,
    cc: fc.option(fc.nat(5), { nil: undefined }),
  }).map(({ name, template: t, cc }) => ({ apiVersion: "apps/v1", kind, metadata: { name }, spec: { selector: { matchLabels: { app: name } }, template: t }, ...(cc === undefined ? {} : { status: { collisionCount: cc } }) }));
}

/** revision request lines for the OpenKruise kinds (answered by the Kruise build). */
function kruiseLines(kind: "CloneSet" | "AdvancedStatefulSet" | "AdvancedDaemonSet"): fc.Arbitrary<string[]> {
  const line = fc.tuple(fc.oneof({ weight: 3, arbitrary: kruiseWorkload(kind) }, { weight: 1, arbitrary: kruiseWorkload(kind, fullTemplate) }), fc.option(unknownFields, { nil: undefined }), collision, textStyle, fc.boolean(), fc.constantFrom(...KRUISE_GOS))
    .map(([o, unknown, cc, style, asText, go]) => {
      const object = unknown === undefined ? o : withUnknownFields(o, unknown[0], unknown[1]);
      return JSON.stringify({ op: "revision", kind, ...(asText ? { objectText: toText(object, style) } : { object }), go, collisionCount: cc });
    });
  return fc.array(line, { minLength: KRUISE_PER_KIND, maxLength: KRUISE_PER_KIND });
}

/** Request errors of the three ops (versions, fields, wrong types, Kruise's pinned minor). */
function errorLines(): string[] {
  const set = { metadata: { name: "web" }, spec: { template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "c", image: "nginx" }] } } } };
  return [
    { op: "container.hash", container: { name: "a" }, kubelet: "1.13" },
    { op: "container.hash", container: { name: "a" }, kubelet: "1.30", go: "1.21" },
    { op: "container.hash", kubelet: "1.20" },
    { op: "container.hash", containerText: `{"name":1}`, kubelet: "1.20" },
    { op: "container.hash", containerText: `{"name":"a","resources":{"limits":{"cpu":"x"}}}`, kubelet: "1.28" },
    { op: "container.hash", container: { name: "a", image: "b" }, kubelet: "1.12" },
    { op: "container.hash", container: { name: "a", image: "b" }, kubelet: "1.31" },
    { op: "podTemplateHash", template: {}, collisionCount: "1" },
    { op: "podTemplateHash", template: {}, collisionCount: 2147483648 },
    { op: "podTemplateHash", template: {}, collisionCount: -2147483648 },
    { op: "podTemplateHash", template: {}, collisionCount: 1.5 },
    { op: "podTemplateHash", template: { spec: { containers: 1 } }, kubernetes: "1.25" },
    { op: "revision", kind: "Pod", object: {} },
    { op: "revision", kind: "Nope", object: {} },
    { op: "revision", object: {} },
    { op: "revision", kind: "StatefulSet" },
    { op: "revision", kind: "StatefulSet", object: {}, collisionCount: 2147483648 },
    { op: "revision", kind: "StatefulSet", object: {}, kubernetes: "1.13" },
    { op: "revision", kind: "DaemonSet", object: {}, kubernetes: "1.30", go: "1.21" },
    { op: "revision", kind: "StatefulSet", object: { spec: { replicas: "x" } }, kubernetes: "1.25" },
    { op: "revision", kind: "StatefulSet", object: { metadata: { name: "é".repeat(112) + "x" }, spec: set.spec }, kubernetes: "1.37" },
    { op: "revision", kind: "CloneSet", object: set, kubernetes: "1.31" },
    { op: "revision", kind: "AdvancedDaemonSet", object: set, go: "1.22" },
    { op: "revision", kind: "AdvancedStatefulSet", object: { spec: { updateStrategy: { rollingUpdate: { partition: true } } } } },
    { op: "revision", kind: "CloneSet", object: { metadata: { name: "x".repeat(300) }, spec: set.spec }, collisionCount: -1 },
  ].map((r) => JSON.stringify(r));
}

buildAll();
mkdirSync(OUT, { recursive: true });
const hash: string[] = [];
const revision: string[] = [];
MINORS.forEach((m, i) => {
  const warm = goChoices(m.minor).map((g) => warmUp(m.minor, g));
  hash.push(...warm, ...fc.sample(hashLines(m.minor), { numRuns: 1, seed: SEED + i })[0]!);
  revision.push(...warm, ...fc.sample(revisionLines(m.minor), { numRuns: 1, seed: SEED + 100 + i })[0]!);
});
revision.push(KRUISE_WARM);
(["CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"] as const).forEach((kind, i) => revision.push(...fc.sample(kruiseLines(kind), { numRuns: 1, seed: SEED + 200 + i })[0]!));
const errors = errorLines();
hash.push(...errors.filter((l) => !l.includes('"op":"revision"')));
revision.push(...errors.filter((l) => l.includes('"op":"revision"')));

const ONLY = process.env.KINPLACE_VECTORS;
for (const [name, lines] of [["hash.jsonl.gz", hash], ["revision.jsonl.gz", revision]] as const) {
  if (ONLY && !name.startsWith(ONLY + ".")) continue;
  // KINPLACE_VECTORS_REFRESH: only those minors are asked, the committed file answers the rest (vector-reuse.ts)
  const answers = await askReusing(new URL(name, OUT), lines, runOracle);
  const bad = answers.findIndex((a) => a.includes('"code":"E_INTERNAL"'));
  if (bad >= 0) throw new Error(`the oracle failed on ${lines[bad]!.slice(0, 300)}: ${answers[bad]!.slice(0, 400)}`);
  const text = lines.map((l, i) => `{"request":${JSON.stringify(l)},"answer":${answers[i]}}\n`).join("");
  const gz = gzipSync(text, { level: 9 });
  writeFileSync(new URL(name, OUT), gz);
  const ok = answers.filter((a) => a.startsWith('{"ok":true')).length;
  console.log(`${name}: ${lines.length} vectors (${ok} ok), ${text.length} bytes, ${gz.length} gzipped`);
}
stopOracle();
