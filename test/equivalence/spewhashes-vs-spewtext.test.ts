// The spew hashes' shortcuts (assembly/fast/spew/spewfnv.ts: FNV-32a of go-spew's text without writing it;
// spewtape.ts: decode, stored round trip and spew hash in one walk of the tape) against the port
// (assembly/upstream/gospew: the text written out, then hashed), through the eval door: the same request
// with and without `exact: ["spew"]` must answer the same bytes — container.hash of the struct era
// (kubelet ≤ 1.15), podTemplateHash, DaemonSet revisions and the kubelet's struct-era container hashes — on
// generated realistic objects of every minor and on adversarial texts (invalid UTF-8, huge and odd quantities,
// times, duplicate keys, escapes). `exact: true` (every shortcut off) must agree too.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "../support/engine.ts";
import { container, fullTemplate, podTemplate, textStyle, toText, workload } from "../oracle/k8s-objects.ts";
import { MINORS } from "../oracle/k8s/versions.ts";
import { cases } from "../support/scale.ts";

const ALL = MINORS.map((m) => m.minor);
const STRUCT_ERA = ALL.filter((m) => Number(m.split(".")[1]) <= 15);
type Req = Record<string, unknown>;

/** The answers of `req` with the spew shortcuts on, off, and with every shortcut off: one JSON text. */
function sameAnswers(req: Req): string {
  const fast = JSON.stringify(kinplace.evaluate(req as never));
  const text = JSON.stringify(kinplace.evaluate({ ...req, exact: ["spew"] } as never));
  const none = JSON.stringify(kinplace.evaluate({ ...req, exact: true } as never));
  assert.equal(text, fast, `spew text and spewfnv differ for ${JSON.stringify(req).slice(0, 1500)}`);
  assert.equal(none, fast, `exact: true and the shortcuts differ for ${JSON.stringify(req).slice(0, 1500)}`);
  return fast;
}

const placed = (name: string, v: fc.Arbitrary<unknown>) =>
  fc.tuple(v, textStyle, fc.boolean()).map(([x, style, asText]): Req => (asText ? { [name + "Text"]: toText(x, style) } : { [name]: x }));
const TEMPLATES = cases(200, 100);
const options = { numRuns: TEMPLATES, interruptAfterTimeLimit: 45_000, markInterruptAsFailure: false };

test("container.hash, struct era: the spew text and spewfnv hash the same container", () => {
  assert.ok(STRUCT_ERA.length > 0, "no struct-era minor in the table");
  fc.assert(fc.property(placed("container", container), fc.constantFrom(...STRUCT_ERA), fc.boolean(), (c, minor, defaults) => {
    const a = JSON.parse(sameAnswers({ op: "container.hash", ...c, kubelet: minor, ...(defaults ? { applyDefaults: true } : {}) }));
    if (a.ok) assert.equal(a.result.era, "struct");
  }), options);
});

test("podTemplateHash: the spew text and spewtape / spewfnv hash the same template (every minor)", () => {
  let answered = 0;
  fc.assert(fc.property(placed("template", fc.oneof(podTemplate, fullTemplate)), fc.constantFrom(...ALL), fc.boolean(), (t, minor, defaults) => {
    const a = JSON.parse(sameAnswers({ op: "podTemplateHash", ...t, kubernetes: minor, ...(defaults ? { applyDefaults: true } : {}) }));
    if (a.ok) answered++;
  }), options);
  assert.ok(answered > TEMPLATES / 10, `only ${answered} of ${TEMPLATES} generated templates were hashed`);
});

test("revision of a DaemonSet (controller.ComputeHash): the same hash with and without the spew shortcuts", () => {
  fc.assert(fc.property(placed("object", workload("DaemonSet")), fc.constantFrom(...ALL), (o, minor) => {
    sameAnswers({ op: "revision", kind: "DaemonSet", ...o, kubernetes: minor });
  }), { ...options, numRuns: cases(80) });
});

test("adversarial texts: invalid UTF-8, huge quantities, times, duplicate keys, escapes", () => {
  const containers = [
    `{"name":"a\\ud800b","image":"x"}`,
    `{"name":"a","image":"\u00e9\u2028<&>","args":["","\\u0000"],"env":[],"ports":[],"command":null}`,
    `{"name":"q","resources":{"limits":{"cpu":"0.5","memory":"1e3Mi","x":1.5e-10,"y":"  12  ","z":"9223372036854775807k"},"requests":{}}}`,
    `{"name":"b","resources":{"limits":{"a":"123456789012345678901234567890","b":"1e18","c":"0.000000000000000000001","d":"1e999","e":"12e3Ki","f":"-0"}}}`,
    `{"name":"h","resources":{"limits":{"a":"1e1000000"},"requests":{"b":"${"9".repeat(5000)}"}}}`,
    `{"name":"d","name":"e","image":"i","image":"j","ports":[{"containerPort":1},{"containerPort":2,"containerPort":3}]}`,
    `{"name":"p","livenessProbe":{"httpGet":{"port":"http","path":"/"}},"readinessProbe":{"tcpSocket":{"port":8080}}}`,
  ];
  for (const minor of ALL) {
    for (const c of containers) {
      if (STRUCT_ERA.includes(minor)) sameAnswers({ op: "container.hash", containerText: c, kubelet: minor });
      sameAnswers({ op: "podTemplateHash", templateText: `{"metadata":{"creationTimestamp":"2024-02-29T12:00:00.5+01:00","labels":{"a":"b"}},"spec":{"containers":[${c}]}}`, kubernetes: minor });
    }
  }
});

test("kubelet.podActions, struct era: the container hashes the model compares agree with and without spewfnv", () => {
  const containers = [{ name: "a", image: "i", resources: { limits: { cpu: "1" } } }, { name: "b", image: "\u00e9" }];
  const pod = { metadata: { name: "p", uid: "u" }, spec: { containers } };
  for (const minor of STRUCT_ERA.filter((m) => m !== "1.12")) { // the kubelet ops model 1.15 and newer
    const hash = (c: object, exact?: unknown) => (kinplace.evaluate({ op: "container.hash", kubelet: minor, container: c, exact } as never) as any).result.hash;
    const running = containers.map((c, i) => ({ id: `c${i}`, name: c.name, state: "running", hash: hash(c, ["spew"]) }));
    assert.deepEqual(running.map((r) => r.hash), containers.map((c) => hash(c)));
    const podStatus = { sandboxes: [{ id: "s1", ready: true, ip: "10.0.0.1" }], containers: running };
    const r = JSON.parse(sameAnswers({ op: "kubelet.podActions", pod, kubelet: minor, podStatus }));
    assert.deepEqual(r.result.containersToKill, [], JSON.stringify(r)); // the spew text's hashes are the model's own
    const stale = { ...podStatus, containers: running.map((c, i) => (i === 1 ? { ...c, hash: "5" } : c)) };
    assert.equal(JSON.parse(sameAnswers({ op: "kubelet.podActions", pod, kubelet: minor, podStatus: stale })).result.containersToKill.length, 1);
  }
});

test("`exact` is checked: a name that is no shortcut, or a value of the wrong type, is E_BAD_REQUEST at `exact`", () => {
  for (const exact of [["nosuch"], "spew", 1, { spew: true }, [1]]) {
    const a = kinplace.evaluate({ op: "podTemplateHash", template: { spec: { containers: [{ name: "a" }] } }, exact } as never) as any;
    assert.equal(a.ok, false);
    assert.equal(a.error.code, "E_BAD_REQUEST");
    assert.match(a.error.path, /^exact/);
  }
});
