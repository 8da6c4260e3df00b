// The hash ops' stored round trip (assembly/fast/storedform/roundtrip.ts: the second decode replaced by
// encoding/json's normalizations) must answer exactly as the full decode → encode → decode path on generated
// containers, templates and workloads of every minor, with and without defaulting, as values and as text
// (duplicate keys, escapes, numeric quantities): through the eval door with storedform the only shortcut on
// (`exact: ["transcode", "spew"]`), with every shortcut on, and with every one off (`exact: true` and the older
// `exactRoundTrip: true`).

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "../support/engine.ts";
import { sameAnswers, withMember, type Req } from "../support/same-answers.ts";
import { container, fullTemplate, podTemplate, textStyle, toText, workload } from "../oracle/k8s-objects.ts";
import { MINORS } from "../oracle/k8s/versions.ts";
import { cases } from "../support/scale.ts";

const ALL = MINORS.map((m) => m.minor);
const GOS = [undefined, "1.21", "1.22", "1.24", "1.26"];

/** The answer of `req` on the fast path and on the exact path must be the same JSON (storedform alone, all shortcuts, none). */
function samePaths(req: Req): void {
  const fast = kinplace.evaluate(req as never);
  const exact = kinplace.evaluate({ ...req, exactRoundTrip: true } as never);
  assert.deepEqual(fast, exact, `fast and exact paths differ for ${JSON.stringify(req).slice(0, 2000)}`);
  sameAnswers(req, [{ exact: ["transcode", "spew"] }, { exact: true }]);
}

/** `name` as a value or as text in one of the generator's text styles. */
const placed = (name: string, v: fc.Arbitrary<unknown>) =>
  fc.tuple(v, textStyle, fc.boolean()).map(([x, style, asText]): Req => (asText ? { [name + "Text"]: toText(x, style) } : { [name]: x }));

const options = { numRuns: cases(400), interruptAfterTimeLimit: 8_000, markInterruptAsFailure: false };

test("container.hash: fast path = exact path (every minor, Go release, defaults, text styles)", () => {
  fc.assert(
    fc.property(placed("container", container), fc.constantFrom(...ALL), fc.constantFrom(...GOS), fc.boolean(), (c, minor, go, defaults) => {
      samePaths({ op: "container.hash", ...c, kubelet: minor, ...(go ? { go } : {}), ...(defaults ? { applyDefaults: true } : {}) });
    }),
    options,
  );
});

test("podTemplateHash: fast path = exact path (templates with metadata, timestamps, managed fields)", () => {
  fc.assert(
    fc.property(placed("template", fc.oneof(podTemplate, fullTemplate)), fc.constantFrom(...ALL), fc.boolean(), fc.option(fc.integer({ min: -2147483648, max: 2147483647 }), { nil: undefined }), (t, minor, defaults, cc) => {
      samePaths({ op: "podTemplateHash", ...t, kubernetes: minor, ...(defaults ? { applyDefaults: true } : {}), ...(cc === undefined ? {} : { collisionCount: cc }) });
    }),
    { ...options, numRuns: cases(250) },
  );
});

test("revision: fast path = exact path (StatefulSet, DaemonSet)", () => {
  const kinds = ["StatefulSet", "DaemonSet"] as const;
  fc.assert(
    fc.property(fc.constantFrom(...kinds).chain((k) => fc.tuple(fc.constant(k), placed("object", workload(k)))), fc.constantFrom(...ALL), fc.constantFrom(...GOS), fc.boolean(), ([kind, o], minor, go, defaults) => {
      samePaths({ op: "revision", kind, ...o, kubernetes: minor, ...(go ? { go } : {}), ...(defaults ? { applyDefaults: true } : {}) });
    }),
    { ...options, numRuns: cases(150) },
  );
});

test("fast path edge values: invalid UTF-8, quantities, times, raw JSON, omitempty empties", () => {
  const texts = [
    `{"name":"a\\ud800b","image":"x"}`,
    `{"name":"a","image":"\u00e9\u2028<&>","args":["","\\u0000"],"env":[],"ports":[],"command":null}`,
    `{"name":"q","resources":{"limits":{"cpu":"0.5","memory":"1e3Mi","x":1.5e-10,"y":"  12  ","z":"9223372036854775807k"},"requests":{}}}`,
    `{"name":"p","livenessProbe":{"httpGet":{"port":"http","path":"/"}},"readinessProbe":{"tcpSocket":{"port":8080}}}`,
    `{"name":"s","securityContext":{},"lifecycle":{"preStop":{}},"volumeMounts":[{}]}`,
    `{"name":"b","resources":{"limits":{"a":"123456789012345678901234567890","b":"1e18","c":"0.000000000000000000001","d":"1e999","e":"12e3Ki","f":"-0"}}}`,
    `{"name":"h","resources":{"limits":{"a":"1e1000000"},"requests":{"b":"${"9".repeat(2000)}"}}}`,
  ];
  for (const minor of ALL) {
    for (const t of texts) {
      samePaths({ op: "container.hash", containerText: t, kubelet: minor });
      samePaths({ op: "podTemplateHash", templateText: `{"metadata":{"creationTimestamp":null,"labels":{}},"spec":{"containers":[${t}]}}`, kubernetes: minor });
    }
    samePaths({ op: "podTemplateHash", templateText: `{"metadata":{"creationTimestamp":"2024-02-29T12:00:00.5+01:00","annotations":{"a":"b"},"managedFields":[{"manager":"m","fieldsType":"FieldsV1","fieldsV1":{"f:spec": {}},"time":"2020-01-01T00:00:00Z"}]},"spec":{"containers":[{"name":"a"}]}}`, kubernetes: minor });
    // a pointer to a zero time is written as null and read back as a nil pointer (not a pointer to the zero time)
    for (const ts of [`"0001-01-01T00:00:00Z"`, `null`, `"2020-01-01T00:00:00Z"`]) {
      const tpl = `{"metadata":{"deletionTimestamp":${ts}},"spec":{"containers":[{"name":"a","image":"b"}]}}`;
      samePaths({ op: "podTemplateHash", templateText: tpl, kubernetes: minor });
      samePaths({ op: "revision", kind: "StatefulSet", objectText: `{"metadata":{"name":"s"},"spec":{"template":${tpl}}}`, kubernetes: minor });
    }
    // invalid UTF-8 as raw bytes inside the text (json-iterator minors keep it through the first decode)
    const raw = new Uint8Array([...new TextEncoder().encode(`{"op":"container.hash","kubelet":"${minor}","container":{"name":"`), 0xff, 0xc3, ...new TextEncoder().encode(`","image":"i"}}`)]);
    const fast = new TextDecoder().decode(kinplace.evaluateLine(raw));
    const exactLine = new Uint8Array([...raw.slice(0, -1), ...new TextEncoder().encode(`,"exactRoundTrip":true}`)]);
    assert.equal(fast, new TextDecoder().decode(kinplace.evaluateLine(exactLine)), `raw invalid UTF-8, ${minor}`);
    for (const member of [`"exact":["transcode","spew"]`, `"exact":true`]) {
      assert.equal(fast, new TextDecoder().decode(kinplace.evaluateLine(withMember(raw, member))), `raw invalid UTF-8, ${minor}, ${member}`);
    }
  }
});

