// Request lines of the typed Kubernetes ops (k8s.json, spew, quantity) for the differential suite
// (test/oracle/k8s.test.ts) and the golden vectors (test/oracle/make-k8s-vectors.ts): generated
// objects per minor as values and as hand-written text, wrong-typed values, Quantities in every
// spelling, protocol errors.

import fc from "fast-check";
import { MINORS } from "./k8s/versions.ts";
import * as G from "./k8s-objects.ts";

/** True for the minors whose API server decodes with json-iterator. */
export const jsoniter = (minor: string) => Number(minor.split(".")[1]) <= 22;
/** json-iterator before v1.1.7 (1.12, 1.15): skipped numbers go through ReadFloat32. */
const oldJsoniter = (minor: string) => Number(minor.split(".")[1]) <= 15;

/** How many of each kind of request one minor gets. */
export interface Counts {
  containers: number;
  /** containers also asked as spew (the first ones) */
  spewContainers: number;
  templates: number;
  spewTemplates: number;
  /** objects of each of the ten text types */
  objects: number;
  spewObjects: number;
  /** wrong-typed values (container tails, and leaves of objects) */
  wrong: number;
  /** only the small object types as text and for wrong leaves (Container, Volume, ObjectMeta): for the golden vectors */
  small?: boolean;
}

/**
 * The line that loads the oracle's time.Local for a minor: Go loads it lazily (only a timestamp with
 * an offset does), and go-spew prints it as it is, so every batch starts with one such timestamp; the
 * engine prints Local as a loaded UTC location.
 */
export const primer = (minor: string) => JSON.stringify({ op: "spew", kubernetes: minor, type: "ObjectMeta", value: { creationTimestamp: "2020-01-01T00:00:00+01:00" } });

/** A request whose value is given as hand-written text. */
export const textRequest = (op: string, minor: string, type: string, text: string, extra = "") =>
  `{"op":"${op}","kubernetes":"${minor}","type":"${type}"${extra},"valueText":${JSON.stringify(text)}}`;

/** A `go` field for a minor: absent (the release Go), or one release of the other side of Go 1.22
 * (`\b` `\f` escapes) — 1.26 for minors built before Go 1.22, 1.27 (json/v2 inside encoding/json) after. */
function goFieldFor(minor: string): fc.Arbitrary<string> {
  const info = MINORS.find((m) => m.minor === minor)!;
  const other = Number(info.releaseGo.split(".")[1]) < 22 ? "1.26" : "1.27";
  return fc.oneof(fc.constant(""), fc.constant(`,"go":"${other}"`));
}

/** k8s.json (and spew) of a value given inline. */
function valueRequests(minor: string, type: string, value: unknown, spew: boolean): string[] {
  const json = JSON.stringify({ op: "k8s.json", kubernetes: minor, type, value });
  return spew ? [json, JSON.stringify({ op: "spew", kubernetes: minor, type, value })] : [json];
}

/** Lines for one minor: containers and templates (values), objects as text, wrong-typed values, go variants. */
export function linesFor(minor: string, n: Counts): fc.Arbitrary<string[]> {
  const plain = fc.tuple(
    fc.array(G.container, { minLength: n.containers, maxLength: n.containers }),
    fc.array(G.podTemplate, { minLength: n.templates, maxLength: n.templates }),
  );
  const all: [string, fc.Arbitrary<unknown>][] = [
    ["Pod", G.pod], ["PodTemplateSpec", G.fullTemplate], ["Deployment", G.workload("Deployment")], ["ReplicaSet", G.workload("ReplicaSet")],
    ["StatefulSet", G.workload("StatefulSet")], ["DaemonSet", G.workload("DaemonSet")], ["ControllerRevision", G.controllerRevision],
    ["ObjectMeta", G.objectMeta], ["Volume", G.volume], ["Container", G.container],
  ];
  const typed = n.small ? all.filter(([t]) => t === "ObjectMeta" || t === "Volume" || t === "Container") : all;
  const leafTypes: [string, fc.Arbitrary<unknown>][] = n.small
    ? [["Container", G.container], ["ObjectMeta", G.objectMeta]]
    : [["PodTemplateSpec", G.fullTemplate], ["Pod", G.pod], ["StatefulSet", G.workload("StatefulSet")]];
  const texts = fc.tuple(...typed.map(([type, arb]) =>
    fc.array(fc.tuple(arb, G.textStyle, G.unknownFields, goFieldFor(minor)), { minLength: n.objects, maxLength: n.objects })
      .map((items) => items.flatMap(([v, style, [picks, extra], go], i) => {
        const withExtra = G.withUnknownFields(v, picks, extra);
        const text = G.toText(oldJsoniter(minor) ? G.clampFloats(withExtra) : withExtra, style);
        const json = textRequest("k8s.json", minor, type, text, go);
        return i < n.spewObjects ? [json, textRequest("spew", minor, type, text)] : [json];
      }))));
  const tails = fc.array(fc.tuple(G.container, G.badContainerTail), { minLength: n.wrong, maxLength: n.wrong })
    .map((items) => items.map(([c, tail]) => textRequest("k8s.json", minor, "Container", JSON.stringify(c).slice(0, -1) + "," + tail + "}")));
  const wrong = fc.array(fc.tuple(fc.constantFrom(...leafTypes).chain(([t, a]) => a.map((v) => [t, v] as const)), fc.nat(), G.wrongValue), { minLength: n.wrong, maxLength: n.wrong })
      .map((items) => items.map(([[type, v], pick, bad]) => textRequest("k8s.json", minor, type, JSON.stringify(G.replaceLeaf(oldJsoniter(minor) ? G.clampFloats(v) : v, pick, bad)))));
  return fc.tuple(plain, texts, tails, wrong).map(([[containers, templates], textLines, tailLines, wrongLines]) => [
    primer(minor),
    ...containers.flatMap((c, i) => valueRequests(minor, "Container", c, i < n.spewContainers)),
    ...templates.flatMap((t, i) => valueRequests(minor, "PodTemplateSpec", t, i < n.spewTemplates)),
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
    // json-iterator before v1.1.7 skips signed or exponent numbers through ReadFloat32
    `{"op":"k8s.json","type":"Container","kubernetes":"1.15","value":{"name":"a","zz":-1e50}}`,
    `{"op":"k8s.json","type":"Container","kubernetes":"1.15","value":{"name":"a","zz":[1e38,-3.5e38,1e39]}}`,
    `{"op":"k8s.json","type":"Container","kubernetes":"1.15","value":{"name":"a","zz":{"a":340282356779733661637539395458142568447}}}`,
    `{"op":"k8s.json","type":"Container","kubernetes":"1.15","value":{"name":"a","resources":{"limits":{"cpu":-1e300}}}}`,
    `{"op":"k8s.json","type":"Container","kubernetes":"1.16","value":{"name":"a","zz":-1e50}}`,
    `{"op":"k8s.json","type":"ControllerRevision","kubernetes":"1.15","value":{"revision":1,"data":{"x":[1,-2e40]}}}`,
    `{"op":"k8s.json","type":"ControllerRevision","kubernetes":"1.12","value":{"revision":1,"data":{"x":[1,2e38]}}}`,
    // metav1.Fields (1.15's managedFields[].fields): a map tree through UnmarshalJSON and MarshalJSON
    `{"op":"k8s.json","type":"ObjectMeta","kubernetes":"1.15","value":{"name":"a","managedFields":[{"manager":"x","fields":{"f:b":{"f:c":null,"f:a":{}},"f:a":{},"f:a":{"x":{}}}}]}}`,
    `{"op":"spew","type":"ObjectMeta","kubernetes":"1.15","value":{"name":"a","managedFields":[{"manager":"x","fields":{"f:b":{"f:c":null,"f:\\u0061":{}},"f:a":{}}},{"fields":{}}]}}`,
    `{"op":"k8s.json","type":"ObjectMeta","kubernetes":"1.15","value":{"name":"a","managedFields":[{"manager":"x","fields":{"f:b":1}}]}}`,
    // OpenKruise kinds, at Kruise's pinned minor
    `{"op":"k8s.json","type":"AdvancedStatefulSet","value":{"metadata":{"name":"web"},"spec":{"replicas":3,"serviceName":"web","template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.20","resources":{"limits":{"cpu":"0.5"}}}]}},"updateStrategy":{"type":"RollingUpdate","rollingUpdate":{"podUpdatePolicy":"InPlaceIfPossible","maxUnavailable":"20%","partition":1,"inPlaceUpdateStrategy":{"gracePeriodSeconds":10}}},"reserveOrdinals":[1,"3-5"],"zz":1}}}`,
    `{"op":"k8s.json","type":"AdvancedDaemonSet","kubernetes":"1.32","go":"1.26","value":{"spec":{"template":{"spec":{"containers":[{"name":"a","image":"b"}]}},"updateStrategy":{"type":"RollingUpdate","rollingUpdate":{"rollingUpdateType":"InPlaceIfPossible","maxUnavailable":1,"maxSurge":0,"partition":2}},"lifecycle":{"preDelete":{"finalizersHandler":["x/y"]}}}}}`,
    `{"op":"k8s.json","type":"AdvancedDaemonSet","kubernetes":"1.30","value":{}}`,
  ];
  return lines;
}
