// Request lines of the typed Kubernetes ops (k8s.json, spew, quantity) for the differential suite
// (test/oracle/k8s.test.ts) and the golden vectors (test/oracle/make-k8s-vectors.ts): generated
// objects per minor as values and as hand-written text, wrong-typed values, Quantities in every
// spelling, protocol errors.

import fc from "fast-check";
import { MINORS } from "./k8s/versions.ts";
import * as G from "./k8s-objects.ts";

/** True for the minors whose API server decodes with json-iterator. */
export const jsoniter = (minor: string) => Number(minor.split(".")[1]) <= 22;

/** How many of each kind of request one minor gets. */
export interface Counts {
  containers: number;
  /** containers also asked as spew (the first ones) */
  spewContainers: number;
  templates: number;
  spewTemplates: number;
  /** objects of each of the ten text types */
  objects: number;
  /** wrong-typed values (container tails; leaves for sigs.k8s.io/json minors) */
  wrong: number;
}

/** The line that loads the oracle's time.Local for a minor (see the file comment). */
export const primer = (minor: string) => JSON.stringify({ op: "spew", kubernetes: minor, type: "ObjectMeta", value: { creationTimestamp: "2020-01-01T00:00:00+01:00" } });

export const textRequest = (op: string, minor: string, type: string, text: string, extra = "") =>
  `{"op":"${op}","kubernetes":"${minor}","type":"${type}"${extra},"valueText":${JSON.stringify(text)}}`;

/** A `go` field for a minor: absent (the release Go), or one release of the other side of Go 1.22
 * (`\b` `\f` escapes) — 1.26 for minors built before Go 1.22, 1.27 (json/v2 inside encoding/json) after. */
function goFieldFor(minor: string): fc.Arbitrary<string> {
  const info = MINORS.find((m) => m.minor === minor)!;
  const other = Number(info.releaseGo.split(".")[1]) < 22 ? "1.26" : "1.27";
  return fc.oneof(fc.constant(""), fc.constant(`,"go":"${other}"`));
}

/** Lines for one minor: containers and templates (values), objects as text, wrong-typed values, go variants. */
export function linesFor(minor: string, n: Counts): fc.Arbitrary<string[]> {
  const plain = fc.tuple(
    fc.array(G.container, { minLength: n.containers, maxLength: n.containers }),
    fc.array(G.podTemplate, { minLength: n.templates, maxLength: n.templates }),
  );
  const typed: [string, fc.Arbitrary<unknown>][] = [
    ["Pod", G.pod], ["PodTemplateSpec", G.fullTemplate], ["Deployment", G.workload("Deployment")], ["ReplicaSet", G.workload("ReplicaSet")],
    ["StatefulSet", G.workload("StatefulSet")], ["DaemonSet", G.workload("DaemonSet")], ["ControllerRevision", G.controllerRevision],
    ["ObjectMeta", G.objectMeta], ["Volume", G.volume], ["Container", G.container],
  ];
  const texts = fc.tuple(...typed.map(([type, arb]) =>
    fc.array(fc.tuple(arb, G.textStyle, G.unknownFields, goFieldFor(minor)), { minLength: n.objects, maxLength: n.objects })
      .map((items) => items.flatMap(([v, style, [picks, extra], go]) => {
        const text = G.toText(G.withUnknownFields(v, picks, extra), style);
        return [textRequest("k8s.json", minor, type, text, go), textRequest("spew", minor, type, text)];
      }))));
  const tails = fc.array(fc.tuple(G.container, G.badContainerTail), { minLength: n.wrong, maxLength: n.wrong })
    .map((items) => items.map(([c, tail]) => textRequest("k8s.json", minor, "Container", JSON.stringify(c).slice(0, -1) + "," + tail + "}")));
  const wrong = jsoniter(minor)
    ? fc.constant([] as string[])
    : fc.array(fc.tuple(fc.constantFrom<[string, fc.Arbitrary<unknown>]>(["PodTemplateSpec", G.fullTemplate], ["Pod", G.pod], ["StatefulSet", G.workload("StatefulSet")]).chain(([t, a]) => a.map((v) => [t, v] as const)), fc.nat(), G.wrongValue), { minLength: n.wrong, maxLength: n.wrong })
      .map((items) => items.map(([[type, v], pick, bad]) => textRequest("k8s.json", minor, type, JSON.stringify(G.replaceLeaf(v, pick, bad)))));
  return fc.tuple(plain, texts, tails, wrong).map(([[containers, templates], textLines, tailLines, wrongLines]) => [
    primer(minor),
    ...containers.flatMap((c) => [JSON.stringify({ op: "k8s.json", kubernetes: minor, type: "Container", value: c }), JSON.stringify({ op: "spew", kubernetes: minor, type: "Container", value: c })]),
    ...templates.flatMap((t) => [JSON.stringify({ op: "k8s.json", kubernetes: minor, type: "PodTemplateSpec", value: t }), JSON.stringify({ op: "spew", kubernetes: minor, type: "PodTemplateSpec", value: t })]),
    ...textLines.flat(),
    ...tailLines,
    ...wrongLines,
  ]);
}

/** Quantity requests in both modes at two minors. */
export function quantityLines(minors: string[], sample: string[]): string[] {
  const odd = ["", " 1Gi ", "\\u0031", "1e3", "1E3", "1.5e-3", "0.1", "-0", "+5m", "1e1000", "1e-1000", "9223372036854775808", "123456789012345678901234567890Ki", "1.0000000001", "5n", "0.0000000005", "1Ei", "8Ei", "1024Ei", "1000E", ".5", "5.", "1.2.3", "1x", "Ki", "e3", "1e", "1e+3", "12e6", "1 2", "\\t1\\n"];
  const spellings = [...odd, ...sample];
  const lines: string[] = [];
  for (const m of minors) {
    for (const s of spellings) {
      lines.push(`{"op":"quantity","kubernetes":"${m}","mode":"parse","value":"${s}"}`, `{"op":"quantity","kubernetes":"${m}","mode":"json","value":"${s}"}`);
    }
    for (const n of ["5", "1.5", "1e3", "-3", "null", "true", "[1]", "{}", "123456789012345678901234567890", "1e400"]) {
      lines.push(`{"op":"quantity","kubernetes":"${m}","mode":"json","value":${n}}`, `{"op":"quantity","kubernetes":"${m}","mode":"parse","value":${n}}`,
        `{"op":"quantity","kubernetes":"${m}","mode":"json","valueText":${JSON.stringify(n)}}`);
    }
    lines.push(`{"op":"quantity","kubernetes":"${m}","mode":"json","valueText":"[1"}`, `{"op":"quantity","kubernetes":"${m}","mode":"parse","valueText":"\\"1"}`,
      `{"op":"quantity","kubernetes":"${m}","mode":"bad","value":"1"}`, `{"op":"quantity","kubernetes":"${m}","value":"1"}`);
  }
  return lines;
}

/** Protocol errors, version fields and hand-picked values. */
export function protocolLines(): string[] {
  const lines = [
    `{"op":"k8s.json","type":"Container","kubernetes":"1.13","value":{}}`,
    `{"op":"k8s.json","type":"Container","kubernetes":"1.37","go":"1.21","value":{}}`,
    `{"op":"k8s.json","type":"Container","kubernetes":"1.29","go":"1.20","value":{}}`,
    `{"op":"k8s.json","type":"Container","kubernetes":"1.20","go":"1.27","value":{"name":"a","image":"\\b"}}`,
    `{"op":"k8s.json","type":"Container","go":"1.9","value":{}}`,
    `{"op":"k8s.json","type":"Container","go":"1.28","value":{}}`,
    `{"op":"k8s.json","type":"Container","go":"1.027","value":{}}`,
    `{"op":"k8s.json","type":"Nope","value":{}}`,
    `{"op":"k8s.json","type":"EphemeralContainer","kubernetes":"1.15","value":{}}`,
    `{"op":"k8s.json","type":"EphemeralContainer","kubernetes":"1.16","value":{"name":"a","targetContainerName":"b"}}`,
    `{"op":"spew","value":{}}`,
    `{"op":"spew","type":5,"value":{}}`,
    `{"op":"spew","type":"Container","kubernetes":1.2,"value":{}}`,
    `{"op":"k8s.json","type":"Container","value":{},"valueText":"{}"}`,
    `{"op":"k8s.json","type":"Container"}`,
    `{"op":"k8s.json","type":"Container","valueText":5}`,
    `{"op":"k8s.json","type":"Container","valueText":"{\\"name\\":"}`,
    `{"op":"k8s.json","type":"Container","valueText":"[1,2"}`,
    `{"op":"k8s.json","type":"Container","value":null}`,
    `{"op":"k8s.json","type":"Quantity","value":"1.5Gi"}`,
    `{"op":"spew","type":"Quantity","value":"1.5Gi"}`,
    `{"op":"spew","type":"Quantity","value":"123456789012345678901234567890.5"}`,
    `{"op":"k8s.json","type":"ObjectMeta","value":{"creationTimestamp":"0000-01-01T00:30:00+01:00"}}`,
    `{"op":"k8s.json","type":"ObjectMeta","value":{"creationTimestamp":"2023-02-29T00:00:00Z"}}`,
    `{"op":"k8s.json","type":"ObjectMeta","value":{"creationTimestamp":"2023-01-01T00:00:00+25:00"}}`,
    `{"op":"k8s.json","type":"ObjectMeta","kubernetes":"1.20","value":{"creationTimestamp":"2023-01-01T00:00:00+25:00"}}`,
    `{"op":"k8s.json","type":"ObjectMeta","value":{"creationTimestamp":"2023-01-01T3:04:05,5Z"}}`,
    `{"op":"k8s.json","type":"ObjectMeta","value":{"creationTimestamp":"2023-01-01 00:00:00Z"}}`,
  ];
  return lines;
}
