// podTemplateHash's tape walk (assembly/fast/spew/spewtape.ts: decode, stored round trip and spew hash in one walk of
// the request's tape) must answer exactly as the tree path: with every shortcut on, with the spew shortcuts off
// (`exact: ["spew"]`: the Val tree, its stored form and the text spewer), and with none (`exact: true`, and the older
// `exactRoundTrip: true`), on edited templates of every minor from 1.23 (values and text) and on struct and map edge
// cases.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "../support/engine.ts";
import { sameAnswers, withMember, type Req } from "../support/same-answers.ts";
import { fullTemplate, podTemplate, textStyle, toText } from "../oracle/k8s-objects.ts";
import { MINORS } from "../oracle/k8s/versions.ts";
import { cases } from "../support/scale.ts";

const ALL = MINORS.map((m) => m.minor);
const options = { numRuns: cases(400), interruptAfterTimeLimit: 10_000, markInterruptAsFailure: false };

/** The answer of `req` with the tape walk and without it (spew shortcuts off, every shortcut off) must be the same JSON. */
function samePaths(req: Req): void {
  const fast = kinplace.evaluate(req as never);
  const exact = kinplace.evaluate({ ...req, exactRoundTrip: true } as never);
  assert.deepEqual(fast, exact, `fast and exact paths differ for ${JSON.stringify(req).slice(0, 2000)}`);
  sameAnswers(req, [{ exact: ["spew"] }, { exact: true }]);
}

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
    { ...options, numRuns: cases(400) },
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
      for (const member of [`"exact":["spew"]`, `"exact":true`]) assert.equal(a, new TextDecoder().decode(kinplace.evaluateLine(withMember(line(""), member))), `raw invalid UTF-8, ${minor}, ${member}`);
    }
  }
});
