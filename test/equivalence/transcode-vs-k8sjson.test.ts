// The transcoder (assembly/fast/transcode/: raw JSON bytes → the stored json.Marshal bytes, no tape, no
// value tree) must write exactly what the exact path writes: `k8s.transcode` against `k8s.json` for
// Container, PodSpec, PodTemplateSpec and Pod at every minor and several Go releases (realistic objects with
// every field, unknown fields, reordered keys, whitespace, duplicates, escapes, tricky strings, Quantities in
// every spelling), and `container.hash` (which takes the transcoder) against `exact: ["transcode"]`, `exact: true`
// and the older `exactRoundTrip: true` in every kubelet era. When the transcoder gives up (`json: null`) the exact path answers; the suite also requires
// that it does not give up on most realistic inputs, so the fast path is what is being tested.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "../support/engine.ts";
import { sameStored, transcodeCounts } from "../support/transcode-check.ts";
import { sameAnswers } from "../support/same-answers.ts";
import { rearranged, shuffle } from "../support/key-order.ts";
import { container, fullTemplate, pod, podTemplate, textStyle, toText, unknownFields, withUnknownFields, type TextStyle } from "../oracle/k8s-objects.ts";
import { quantityString, trickyString } from "../oracle/k8s/gen.ts";
import { MINORS } from "../oracle/k8s/versions.ts";
import { cases } from "../support/scale.ts";

const ALL = MINORS.map((m) => m.minor);
const JSON_ERA = ALL.filter((m) => Number(m.split(".")[1]) >= 16);
const GOS = [undefined, "1.10", "1.19", "1.21", "1.22", "1.24", "1.26", "1.27"];
const options = { numRuns: cases(300), interruptAfterTimeLimit: 6_000, markInterruptAsFailure: false };

type Obj = Record<string, unknown>;
type Answer = { ok: boolean; result?: Obj; error?: Obj };

/** A deterministic reordering of every object's keys (seeded). */
function reorder(v: unknown, seed: number): unknown {
  return rearranged(v, (seed >>> 0) || 7, (e, r) => { if (r() < 0.5) shuffle(e, r); });
}

/** Counts of inline values tried and transcoded (text forms are counted by transcodeCounts; they may carry duplicates, which the transcoder leaves to the exact path). */
const stats = { inline: 0, inlineTranscoded: 0 };

/** sameStored with the fixed-point check. */
const sameStoredFixed = (type: string, text: string, minor: string, go: string | undefined) => sameStored(type, text, minor, go, true);

/** The same value as inline JSON in the line, to use the transcoder on the line's own bytes. */
function sameStoredInline(type: string, value: unknown, minor: string, go: string | undefined): void {
  const base = { type, value, kubernetes: minor, ...(go ? { go } : {}) };
  const exact = kinplace.evaluate({ op: "k8s.json", ...base } as never) as unknown as Answer;
  const fast = kinplace.evaluate({ op: "k8s.transcode", ...base } as never) as unknown as Answer;
  if (!fast.ok) return;
  stats.inline++;
  if (fast.result!.json === null) return;
  stats.inlineTranscoded++;
  assert.ok(exact.ok, `transcoded inline ${type} where k8s.json fails (${JSON.stringify(exact.error)})`);
  assert.equal(fast.result!.json, exact.result!.json, `${type} inline ${minor} go ${go}: transcoder != k8s.json for ${JSON.stringify(value).slice(0, 1500)}`);
}

/** A value in text form with unknown fields, reordered keys and a text style. */
const variant = (v: fc.Arbitrary<unknown>) =>
  fc.tuple(v, unknownFields, fc.boolean(), fc.nat(), textStyle).map(([x, [picks, extra], unk, seed, style]) => {
    const y = reorder(unk ? withUnknownFields(x, picks, extra) : x, seed);
    return { value: y, text: toText(y, style), style };
  });

const TYPES: [string, fc.Arbitrary<unknown>][] = [
  ["Container", container],
  ["PodSpec", podTemplate.map((t) => (t as Obj).spec)],
  ["PodTemplateSpec", fc.oneof(podTemplate, fullTemplate)],
  ["Pod", pod],
];

test("k8s.transcode = k8s.json (Container, PodSpec, PodTemplateSpec, Pod; every minor; Go releases)", (t) => {
  for (const [type, arb] of TYPES) {
    fc.assert(
      fc.property(variant(arb), fc.constantFrom(...ALL), fc.constantFrom(...GOS), (v, minor, go) => {
        sameStoredFixed(type, v.text, minor, go);
        sameStoredInline(type, v.value, minor, go);
      }),
      { ...options, numRuns: type === "Container" ? 400 : 150 },
    );
  }
  t.diagnostic(`transcoded ${stats.inlineTranscoded}/${stats.inline} inline values, ${transcodeCounts.transcoded}/${transcodeCounts.tried} texts`);
  // realistic inputs mostly take the transcoder (duplicates, case-variant unknown keys and non-null managedFields do not)
  assert.ok(stats.inlineTranscoded * 2 > stats.inline, `transcoded only ${stats.inlineTranscoded} of ${stats.inline} inline values`);
  assert.ok(transcodeCounts.transcoded * 5 > transcodeCounts.tried, `transcoded only ${transcodeCounts.transcoded} of ${transcodeCounts.tried} texts`);
});

const enc = new TextEncoder();
const dec = new TextDecoder();

/** container.hash on the default path (transcoder when it proves its bytes) = the exact round trip, byte for byte (also without the transcoder alone, and with no shortcut). */
function sameHash(req: Obj): void {
  const fast = dec.decode(kinplace.evaluateLine(enc.encode(JSON.stringify(req))));
  const exact = dec.decode(kinplace.evaluateLine(enc.encode(JSON.stringify({ ...req, exactRoundTrip: true }))));
  assert.equal(fast, exact, `container.hash differs for ${JSON.stringify(req).slice(0, 1500)}`);
  sameAnswers(req, [{ exact: ["transcode"] }, { exact: true }], "container.hash");
}

test("container.hash through the transcoder = exact round trip (JSON and name+image eras, without resources, Go releases)", () => {
  fc.assert(
    fc.property(variant(container), fc.constantFrom(...JSON_ERA), fc.constantFrom(...GOS), fc.boolean(), (v, minor, go, asText) => {
      sameHash({ op: "container.hash", ...(asText ? { containerText: v.text } : { container: v.value }), kubelet: minor, ...(go ? { go } : {}) });
    }),
    { ...options, numRuns: cases(500) },
  );
});

const EDGE_CONTAINERS = [
  `{"name":"a","image":"x"}`,
  `{}`,
  `null`,
  `[]`,
  `{"name":"a","name":"b"}`,
  `{"Name":"a","image":"x"}`,
  `{"NAME":"a","imagE":"x"}`,
  `{"n\\u0061me":"a"}`,
  `{"name":"a\\u00e9\\n\\"<&>\\u2028","image":"é日本😀","args":["\\b\\f","\\ud800","\\udc00x","\\ud83d\\ude00"]}`,
  `{"name":"a","image":"\u2028\u2029<>&","workingDir":"\u007f"}`,
  `{"name":"a","ports":[{"containerPort":-0},{"containerPort":2147483647},{"containerPort":0,"hostPort":1}]}`,
  `{"name":"a","ports":[{"containerPort":2147483648}]}`,
  `{"name":"a","ports":[{"containerPort":1.0}]}`,
  `{"name":"a","ports":[{"containerPort":1e2}]}`,
  `{"name":"a","ports":[null,{}]}`,
  `{"name":"a","securityContext":{"runAsUser":9223372036854775807,"runAsGroup":-9223372036854775808}}`,
  `{"name":"a","securityContext":{"runAsUser":9223372036854775808}}`,
  `{"name":"a","securityContext":null,"resources":null,"env":null,"command":[],"args":null,"stdin":null,"tty":false}`,
  `{"name":"a","livenessProbe":{"httpGet":{"port":"http"},"exec":null},"readinessProbe":{"tcpSocket":{"port":-2147483648}},"startupProbe":{"httpGet":{"port":null}}}`,
  `{"name":"a","livenessProbe":{"httpGet":{"port":2147483648}}}`,
  `{"name":"a","livenessProbe":{"httpGet":{"port":"\\u0068ttp"}}}`,
  `{"name":"a","livenessProbe":{"httpGet":{"port":true}}}`,
  `{"resources":{"limits":{"memory":"1Gi","cpu":"500m","a":"0.5","b":"1e3","c":" 12 ","d":"1000E","e":"01","f":"1.","g":1.5,"h":12,"i":null},"requests":{"z":"1","y":"2","x":"3"}},"name":"q"}`,
  `{"name":"q","resources":{"limits":{"a":"1","a":"2"}}}`,
  `{"name":"q","resources":{"limits":{"b":"1","a":"2","b":"3"}}}`,
  `{"name":"q","resources":{"limits":{"a":"9223372036854775807k","b":"1e1000","c":"-1","d":"${"9".repeat(100)}"}}}`,
  `{"name":"q","resources":{"limits":{"<&>":"1","\u2028":"2","é":"3"},"claims":[{"name":"c"}]},"resizePolicy":[{"resourceName":"cpu","restartPolicy":"NotRequired"}]}`,
  ` \n\t{ "name" : "ws" , "image" : "i" , "env" : [ { "name" : "A" , "value" : "" } ] } \r\n`,
  `{"name":"a"} x`,
  `{"name":"a",}`,
  `{"name":"a","zz":{"deep":[1,2,{"x":[true,false,null,"s",-1.5e3]}]},"zy":"\\u0000","zx":1e400}`,
  `{"name":"a","zz":${"[".repeat(600)}${"]".repeat(600)}}`,
  `{"name":"a","image":"b\\/c"}`,
  `{"nam":"x","names":"y","name":"z","imagePullPolicyX":1,"imagePullPolic":2,"imagePullPolicy":"Always"}`,
  `{"name\\"":"x","name":"y","terminationMessagePath\\u0000":"p"}`,
  `{"livenessProbe":{"httpGet":{"port":1},"initialDelaySecondsX":1,"initialDelaySeconds":2},"name":"n"}`,
  `{"name":"a","image"`,
  `{"name":"a","imag`,
  `{"name":"a","env":[{"name":"x","valueFrom":{"resourceFieldRef":{"resource":"limits.cpu","divisor":"1m"}}}]}`,
  `{"name":"a","volumeMounts":[{"name":"v","mountPath":"/x","mountPropagation":"None","readOnly":true,"recursiveReadOnly":"Enabled"}]}`,
  `{"name":"a","lifecycle":{"preStop":{"sleep":{"seconds":5}},"postStart":{"exec":{"command":["a"]}}},"restartPolicy":"Always"}`,
];

test("edge inputs: transcoder answers = exact answers (k8s.transcode vs k8s.json, container.hash vs exactRoundTrip)", () => {
  for (const minor of ALL) {
    for (const go of [undefined, "1.21", "1.24"]) {
      for (const t of EDGE_CONTAINERS) {
        sameStoredFixed("Container", t, minor, go);
        if (JSON_ERA.includes(minor)) sameHash({ op: "container.hash", containerText: t, kubelet: minor, ...(go ? { go } : {}) });
        sameStoredFixed("PodTemplateSpec", `{"metadata":{"creationTimestamp":null,"labels":{"b":"1","a":"2"}},"spec":{"containers":[${t.trim() || "{}"}]}}`, minor, go);
      }
      for (const ts of ["2024-02-29T12:00:00.5+01:00", "2026-11-20T08:00:00.120000Z", "2026-11-20T08:00:00+00:00", "0001-01-01T00:00:00Z", "0001-01-01T00:00:00.5Z", "9999-12-31T23:59:59-01:00", "2020-01-01T00:00:00z", "bad", "2020-01-01T00:00:00\\u005a"]) {
        sameStoredFixed("Pod", `{"metadata":{"name":"p","creationTimestamp":"${ts}","deletionTimestamp":null},"status":{"startTime":"${ts}"},"spec":{"containers":[]}}`, minor, go);
        sameStoredFixed("Pod", `{"metadata":{"name":"p","deletionTimestamp":"${ts}"},"status":{"conditions":[{"type":"Ready","lastProbeTime":"${ts}"}]}}`, minor, go);
      }
      sameStoredFixed("Pod", `{"metadata":{"managedFields":[{"manager":"m","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{}}}]}}`, minor, go);
      sameStoredFixed("Pod", `{"metadata":{"managedFields":[{"manager":"m","fieldsV1":null}]},"spec":{"overhead":{},"nodeSelector":{}}}`, minor, go);
    }
  }
});

test("container.hash: inline containers with tricky strings and Quantities in every spelling", () => {
  const tricky = fc.record({
    name: trickyString(),
    image: trickyString(),
    args: fc.array(trickyString(), { maxLength: 4 }),
    resources: fc.record({ limits: fc.dictionary(trickyString(8), quantityString, { maxKeys: 4 }), requests: fc.dictionary(fc.constantFrom("cpu", "memory"), quantityString, { maxKeys: 2 }) }, { requiredKeys: [] }),
  }, { requiredKeys: ["name"] });
  fc.assert(
    fc.property(tricky, fc.constantFrom(...JSON_ERA), fc.constantFrom(...GOS), textStyle, fc.boolean(), (c, minor, go, style: TextStyle, asText) => {
      sameHash({ op: "container.hash", ...(asText ? { containerText: toText(c, style) } : { container: c }), kubelet: minor, ...(go ? { go } : {}) });
      sameStoredFixed("Container", toText(c, style), minor, go);
    }),
    { ...options, numRuns: cases(400) },
  );
});
