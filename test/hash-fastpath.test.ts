// The hash ops' fast path (assembly/fast/storedform/roundtrip.ts: the stored round trip's second decode replaced by
// encoding/json's normalizations) must answer exactly as the full decode → encode → decode path
// (`exactRoundTrip: true`) on generated containers, templates and workloads of every minor, with and
// without defaulting, as values and as text (duplicate keys, escapes, numeric quantities).

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "./support/engine.ts";
import { container, fullTemplate, podTemplate, textStyle, toText, workload } from "./oracle/k8s-objects.ts";
import { MINORS } from "./oracle/k8s/versions.ts";

const ALL = MINORS.map((m) => m.minor);
const GOS = [undefined, "1.21", "1.22", "1.24", "1.26"];

type Req = Record<string, unknown>;

/** The answer of `req` on the fast path and on the exact path must be the same JSON. */
function samePaths(req: Req): void {
  const fast = kinplace.evaluate(req as never);
  const exact = kinplace.evaluate({ ...req, exactRoundTrip: true } as never);
  assert.deepEqual(fast, exact, `fast and exact paths differ for ${JSON.stringify(req).slice(0, 2000)}`);
}

/** `name` as a value or as text in one of the generator's text styles. */
const placed = (name: string, v: fc.Arbitrary<unknown>) =>
  fc.tuple(v, textStyle, fc.boolean()).map(([x, style, asText]): Req => (asText ? { [name + "Text"]: toText(x, style) } : { [name]: x }));

const options = { numRuns: 400, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false };

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
    { ...options, numRuns: 250 },
  );
});

test("revision: fast path = exact path (StatefulSet, DaemonSet)", () => {
  const kinds = ["StatefulSet", "DaemonSet"] as const;
  fc.assert(
    fc.property(fc.constantFrom(...kinds).chain((k) => fc.tuple(fc.constant(k), placed("object", workload(k)))), fc.constantFrom(...ALL), fc.constantFrom(...GOS), fc.boolean(), ([kind, o], minor, go, defaults) => {
      samePaths({ op: "revision", kind, ...o, kubernetes: minor, ...(go ? { go } : {}), ...(defaults ? { applyDefaults: true } : {}) });
    }),
    { ...options, numRuns: 150 },
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
  }
});

/** rand.SafeEncodeString of a decimal string. */
const safeEncode = (s: string) => [...s].map((c) => "bcdfghjklmnpqrstvwxz2456789"[c.charCodeAt(0) % 27]).join("");

test("streamed spew hash (constant-string tables, pool filled across minors) = FNV of the spew text", () => {
  const enc = new TextEncoder();
  fc.assert(
    fc.property(fc.oneof(podTemplate, fullTemplate), fc.constantFrom(...ALL), (t, kubernetes) => {
      const j = kinplace.evaluate({ op: "k8s.json", type: "PodTemplateSpec", value: t, kubernetes } as never) as { ok: boolean; result?: { json: string } };
      if (!j.ok) return;
      const s = kinplace.evaluate({ op: "spew", type: "PodTemplateSpec", valueText: j.result!.json, kubernetes } as never) as { ok: boolean; result?: { text: string } };
      assert.ok(s.ok);
      const want = safeEncode(String(kinplace.fnv32a(enc.encode(s.result!.text))));
      for (const exact of [false, true]) {
        const a = kinplace.evaluate({ op: "podTemplateHash", template: t, kubernetes, ...(exact ? { exactRoundTrip: true } : {}) } as never) as { ok: boolean; result?: { hash: string } };
        assert.equal(a.result?.hash, want, `${kubernetes} ${JSON.stringify(t).slice(0, 500)}`);
      }
    }),
    { ...options, numRuns: 300 },
  );
});

// podTemplateHash of Kubernetes 1.23+ without defaults reads the template straight from its JSON tape
// (assembly/fast/spew/spewtape.ts) and gives up to the tree path on anything it cannot prove. Edited templates:
// values replaced by nulls, empties, wrong types, out-of-range integers, escaped or invalid strings, big and
// duplicate-key maps, duplicate and escaped struct keys, unknown fields.
const TAPE_MINORS = ALL.filter((m) => Number(m.split(".")[1]) >= 23);
const oddValues: unknown[] = [null, null, "", "", 0, 0, -1, 1, 2147483648, -9223372036854775809, 1.5, 1e400, true, false, false, [], [], [], {}, {}, {}, [null], [{}], { "": null }, "x", "é\u2028<&>", "\ud800", "10Gi", "0.5", 80];

/** The empty value of `x`'s JSON type (or null): type-correct edits that keep both paths answering. */
const emptyOf = (x: unknown, coin: number): unknown =>
  coin < 0.25 ? null : Array.isArray(x) ? [] : x === null ? null : typeof x === "object" ? {} : typeof x === "string" ? "" : typeof x === "number" ? 0 : false;

/** `t` with about one value in `1 / rate` replaced by an odd value, or by an empty value when `empties` (deterministic in `seed`). */
function edited(t: unknown, seed: number, rate: number, empties = false): unknown {
  let s = seed >>> 0 || 1;
  const r = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 0x100000000; };
  const walk = (x: unknown): unknown => {
    if (r() < 1 / rate) return empties ? emptyOf(x, r()) : oddValues[Math.floor(r() * oddValues.length)];
    if (Array.isArray(x)) return x.map(walk);
    if (x !== null && typeof x === "object") return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v)]));
    return x;
  };
  return walk(t);
}

test("podTemplateHash tape walk = exact path on edited templates (1.23+, values and text)", () => {
  fc.assert(
    fc.property(fc.oneof(podTemplate, fullTemplate), fc.nat(), fc.constantFrom(8, 30, 1000), fc.boolean(), fc.constantFrom(...TAPE_MINORS), textStyle, fc.boolean(), fc.option(fc.integer({ min: -2147483648, max: 2147483647 }), { nil: undefined }), (t, seed, rate, empties, minor, style, asText, cc) => {
      const e = edited(t, seed, rate, empties);
      const placedT = asText ? { templateText: toText(e, style) } : { template: e };
      samePaths({ op: "podTemplateHash", ...placedT, kubernetes: minor, ...(cc === undefined ? {} : { collisionCount: cc }) });
    }),
    { ...options, numRuns: 400 },
  );
});

test("podTemplateHash tape walk: struct and map edge cases", () => {
  const labels = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${(i * 7919) % 1000}`, `v${i}`]));
  const c = `{"name":"a","image":"i","ports":[{"containerPort":80,"protocol":"TCP"}],"resources":{"limits":{"cpu":"1"}}}`;
  const texts = [
    `{"metadata":{"labels":${JSON.stringify(labels(64))}},"spec":{"containers":[${c}]}}`,
    `{"metadata":{"labels":${JSON.stringify(labels(65))},"annotations":${JSON.stringify(labels(300))}},"spec":{"containers":[${c}]}}`,
    `{"metadata":{"labels":{"a":"1","b":"2","a":"3"}},"spec":{"containers":[${c}]}}`,
    `{"metadata":{"labels":{"a":"1","b":2}},"spec":{"containers":[${c}]}}`,
    `{"metadata":{"labels":{"\\u0061":"1","b\\n":"2","\u00e9":"3"}},"spec":{"containers":[${c}]}}`,
    `{"spec":{"containers":[${c}],"containers":[{"name":"b"}]}}`,
    `{"spec":{"containers":[${c}],"contain\\u0065rs":[{"name":"b"}]}}`,
    `{"spec":{"containers":[${c}],"Containers":[{"name":"b"}],"unknown":{"x":[1,2,{"y":null}]}}}`,
    `{"spec":{"containers":[{"name":"a","image":"i\\"x\\u00e9\\ud83d\\ude00"}],"volumes":[{"name":"v","emptyDir":{}},{"name":"w","hostPath":{"path":"/x","type":""}},{"name":"z","configMap":{"name":"c","defaultMode":420,"items":[]}}]}}`,
    `{"spec":{"containers":[{"name":"a","livenessProbe":{"exec":{"command":[]},"httpGet":{"port":8080},"initialDelaySeconds":0,"timeoutSeconds":2147483647}}]}}`,
    `{"spec":{"containers":[{"name":"a","livenessProbe":{"timeoutSeconds":2147483648}}]}}`,
    `{"spec":{"containers":[{"name":"a","securityContext":{"runAsUser":-9223372036854775808,"privileged":false,"capabilities":{"add":[],"drop":null}}}]}}`,
    `{"spec":{"containers":[{"name":"a","securityContext":{"runAsUser":9223372036854775808}}]}}`,
    `{"spec":{"containers":null,"initContainers":[],"nodeSelector":{},"tolerations":[{}],"affinity":null,"priority":0,"enableServiceLinks":false}}`,
    `{"spec":{"containers":[{"name":"a"}],"securityContext":{},"dnsConfig":{"options":[{"name":"n","value":null}]}},"metadata":null}`,
    `{"spec":{"containers":"x"}}`,
    `{"spec":{"containers":[{"name":5}]}}`,
    `{"spec":{"containers":[{"name":"a","stdin":1}]}}`,
    `{"spec":{"containers":[{"name":"a","ports":[{"containerPort":1.0}]}]}}`,
    `{"spec":{"containers":[{"name":"a","resources":{"limits":{"cpu":"1x"}}}]}}`,
    `{"spec":{"containers":[],"initContainers":[],"volumes":[{"name":"v","configMap":{"items":[]}}]}}`,
    `{"spec":{"containers":[{"name":"a","env":[{"name":"e","value":""}]}],"affinity":{"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[]}}}}}`,
    `{"spec":{"containers":[{"name":"a","env":[{"name":"e","value":""}]}],"affinity":{"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{},{"matchExpressions":[{"key":"k","operator":"In","values":[]}]}]}}}}}`,
    `[]`,
    `null`,
    `{}`,
  ];
  for (const minor of TAPE_MINORS) {
    for (const t of texts) samePaths({ op: "podTemplateHash", templateText: t, kubernetes: minor });
    // raw invalid UTF-8 in a string value and in a map key
    for (const [pre, post] of [[`{"spec":{"containers":[{"name":"`, `"}]}}`], [`{"metadata":{"labels":{"`, `":"x"}},"spec":{}}`]]) {
      const enc = new TextEncoder();
      const line = (extra: string) => new Uint8Array([...enc.encode(`{"op":"podTemplateHash","kubernetes":"${minor}"${extra},"template":${pre}`), 0xff, 0x61, ...enc.encode(`${post}}`)]);
      const a = new TextDecoder().decode(kinplace.evaluateLine(line("")));
      assert.equal(a, new TextDecoder().decode(kinplace.evaluateLine(line(`,"exactRoundTrip":true`))), `raw invalid UTF-8, ${minor}`);
    }
  }
});
