// The Kubernetes typed-JSON ops (k8s.json, spew, quantity) without Go: known answers of the shared
// sheet (the JSON-era container hash is FNV-32a over spew of the k8s.json bytes), and properties
// that must hold whatever the minor — re-encoding converges after one pass, unknown and case-changed keys
// are dropped with a warning naming their path, spew lists every field, bad input never crashes.
// Byte-exact agreement with the real Go code is the job of test/oracle/k8s.test.ts and the vectors.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "./support/engine.ts";
import { container, fullTemplate, objectMeta, pod, workload } from "./oracle/k8s-objects.ts";
import { MINORS } from "./oracle/k8s/versions.ts";
import { cases } from "./support/scale.ts";

const RUN = { numRuns: cases(300), interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true } as const;
const ALL_MINORS = MINORS.map((m) => m.minor);

type Answer = { ok: true; result: Record<string, unknown> } | { ok: false; error: { code: string; message: string; path?: string } };

function ask(req: Record<string, unknown>): Answer {
  return kinplace.evaluate(req as never) as Answer;
}

function ok(req: Record<string, unknown>): Record<string, unknown> {
  const a = ask(req);
  assert.ok(a.ok, `${JSON.stringify(req).slice(0, 300)} -> ${JSON.stringify(a)}`);
  return a.result;
}

/** FNV-32a of go-spew's `([]uint8)[…]` text of `bytes`, as the kubelet's JSON-era HashContainer. */
function jsonEraHash(json: string): string {
  const bytes = new TextEncoder().encode(json);
  const text = "([]uint8)[" + Array.from(bytes).join(" ") + "]";
  let h = 0x811c9dc5;
  for (const c of new TextEncoder().encode(text)) h = Math.imul(h ^ c, 0x01000193) >>> 0;
  return h.toString(16);
}

const SAMPLE = {
  name: "test_container", image: "foo/image:v1", command: ["/bin/testcmd"], args: ["/bin/sh", "-c", "echo abc"], ports: [{ containerPort: 8001 }],
  env: [{ name: "ENV_FOO", value: "bar" }, { name: "ENV_BAR", valueFrom: { secretKeyRef: { name: "foo", key: "bar", optional: true } } }],
  resources: { limits: { foo: "1G" }, requests: { foo: "500M" } },
};

test("k8s.json reproduces the JSON-era container hashes of the known-answer sheet", () => {
  const rows: [unknown, string][] = [
    [{ name: "app", image: "nginx" }, "65b95dba"],
    [SAMPLE, "311670a"],
    [{ name: "r1", image: "app", resources: { requests: { cpu: "0.5", memory: "1Gi" }, limits: { cpu: "1000m", memory: "1024Mi" } } }, "12039fdf"],
    [{ name: "c1", image: "app", command: ["sh", "-c"], args: ["echo '<b>bold</b>' && test 1 > 0 & wait", "a<b>c&d", "&amp;&lt;&gt;"] }, "cb6cb815"],
    [{ name: "s1", image: "app", securityContext: { capabilities: { add: ["NET_ADMIN", "SYS_TIME"], drop: ["ALL"] }, privileged: false, runAsUser: 0, runAsGroup: 0, runAsNonRoot: false, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false } }, "e08174a8"],
  ];
  for (const [c, hash] of rows) {
    for (const minor of ["1.16", "1.22", "1.26", "1.30"]) {
      const r = ok({ op: "k8s.json", type: "Container", kubernetes: minor, value: c });
      assert.equal(jsonEraHash(r.json as string), hash, `${minor} ${JSON.stringify(c)}`);
    }
  }
  // the sheet's json.Marshal of the third container (1.26 types)
  assert.equal(ok({ op: "k8s.json", type: "Container", kubernetes: "1.26", value: rows[2]![0] }).json,
    `{"name":"r1","image":"app","resources":{"limits":{"cpu":"1","memory":"1Gi"},"requests":{"cpu":"500m","memory":"1Gi"}}}`);
  // \b and \f: short from Go 1.22 (1.30's default), \u0008 before (1.29 builds with Go 1.21)
  assert.equal(ok({ op: "k8s.json", type: "EnvVar", kubernetes: "1.30", value: { name: "a", value: "\b\f" } }).json, `{"name":"a","value":"\\b\\f"}`);
  assert.equal(ok({ op: "k8s.json", type: "EnvVar", kubernetes: "1.29", value: { name: "a", value: "\b\f" } }).json, `{"name":"a","value":"\\u0008\\u000c"}`);
  assert.equal(ok({ op: "k8s.json", type: "EnvVar", kubernetes: "1.29", go: "1.23", value: { name: "a", value: "\b" } }).json, `{"name":"a","value":"\\b"}`);
});

test("spew prints the struct-era texts of the sheet (1.12 and 1.15 types)", () => {
  const t = ok({ op: "spew", type: "Container", kubernetes: "1.15", value: { name: "nginx", image: "nginx:1.20", ports: [{ containerPort: 80, protocol: "TCP" }], terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent" } }).text as string;
  assert.ok(t.startsWith("(v1.Container){Name:(string)nginx Image:(string)nginx:1.20 Command:([]string)<nil> Args:([]string)<nil> WorkingDir:(string) Ports:([]v1.ContainerPort)[{Name:(string) HostPort:(int32)0 ContainerPort:(int32)80 Protocol:(v1.Protocol)TCP HostIP:(string)}]"), t);
  assert.ok(t.endsWith("TerminationMessagePath:(string)/dev/termination-log TerminationMessagePolicy:(v1.TerminationMessagePolicy)File ImagePullPolicy:(v1.PullPolicy)IfNotPresent SecurityContext:(*v1.SecurityContext)<nil> Stdin:(bool)false StdinOnce:(bool)false TTY:(bool)false}"), t);
  const meta = ok({ op: "spew", type: "PodTemplateSpec", kubernetes: "1.25", value: { metadata: { labels: { app: "nginx" } }, spec: { containers: [] } } }).text as string;
  assert.ok(meta.startsWith("(v1.PodTemplateSpec){ObjectMeta:(v1.ObjectMeta){Name:(string) GenerateName:(string) Namespace:(string) SelfLink:(string) UID:(types.UID) ResourceVersion:(string) Generation:(int64)0 CreationTimestamp:(v1.Time){Time:(time.Time){wall:(uint64)0 ext:(int64)0 loc:(*time.Location)<nil>}} DeletionTimestamp:(*v1.Time)<nil> DeletionGracePeriodSeconds:(*int64)<nil> Labels:(map[string]string)map[app:nginx] Annotations:(map[string]string)<nil> OwnerReferences:([]v1.OwnerReference)<nil> Finalizers:([]string)<nil> ManagedFields:([]v1.ManagedFieldsEntry)<nil>} Spec:(v1.PodSpec){"), meta);
});

test("quantity: the parser's quirks from the sheet", () => {
  const q = (value: unknown, mode = "json") => ok({ op: "quantity", mode, value });
  assert.deepEqual(q("1000E"), { string: "1", json: "\"1\"", format: "DecimalSI" });
  assert.deepEqual(q("1024Ei"), { string: "9223372036854775807", json: "\"9223372036854775807\"", format: "BinarySI" });
  assert.deepEqual(q("01"), { string: "01", json: "\"01\"", format: "DecimalSI" });
  assert.deepEqual(q(" 1Gi "), { string: "1Gi", json: "\"1Gi\"", format: "BinarySI" });
  assert.deepEqual(q(1.5), { string: "1500m", json: "\"1500m\"", format: "DecimalSI" });
  assert.deepEqual(q(null), { string: "0", json: "\"0\"", format: "" });
  const a = ask({ op: "quantity", mode: "json", valueText: "\"\\u0031\"" });
  assert.ok(!a.ok && a.error.code === "E_QUANTITY", JSON.stringify(a));
  assert.deepEqual(ok({ op: "quantity", mode: "parse", valueText: "\"\\u0031\"" }), { string: "1", json: "\"1\"", format: "DecimalSI" });
});

// Not idempotent after one pass: a Quantity like "2156.25Ki" is written as upstream's cached canonical
// "2208000" on the first encode, which the next decode reads as 2208000 and writes as "2208k" — so the
// property is that the second pass is a fixed point.
test("k8s.json converges: re-encoding its second output changes nothing and warns about nothing", () => {
  fc.assert(
    fc.property(fc.constantFrom(...ALL_MINORS), fc.oneof(
      fc.tuple(fc.constant("Container"), container),
      fc.tuple(fc.constant("PodTemplateSpec"), fullTemplate),
      fc.tuple(fc.constant("Pod"), pod),
      fc.tuple(fc.constant("Deployment"), workload("Deployment")),
      fc.tuple(fc.constant("StatefulSet"), workload("StatefulSet")),
    ), (minor, [type, value]) => {
      const first = ask({ op: "k8s.json", type, kubernetes: minor, value });
      if (!first.ok) return; // e.g. a field of a newer minor with a type the older one reads differently
      JSON.parse(first.result.json as string);
      const second = ok({ op: "k8s.json", type, kubernetes: minor, valueText: first.result.json as string });
      const json = second.json as string;
      const again = ok({ op: "k8s.json", type, kubernetes: minor, valueText: json });
      assert.equal(again.json, json);
      assert.deepEqual(again.warnings, []);
    }),
    RUN,
  );
});

test("unknown and case-changed keys are dropped with a warning naming their path", () => {
  fc.assert(
    fc.property(fc.constantFrom(...ALL_MINORS.filter((m) => m !== "1.23")), container, fc.constantFrom("Name", "IMAGE", "foo", "zz", "é"), (minor, c, extra) => {
      const base = ask({ op: "k8s.json", type: "Pod", kubernetes: minor, value: { spec: { containers: [c] } } });
      if (!base.ok) return;
      const withExtra = { ...c, [extra]: "x" };
      const r = ok({ op: "k8s.json", type: "Pod", kubernetes: minor, value: { spec: { containers: [withExtra] } } });
      assert.equal(r.json, base.result.json);
      const warnings = r.warnings as string[];
      assert.ok(warnings.includes(`unknown field ${JSON.stringify(`spec.containers[0].${extra}`)}`), JSON.stringify(warnings));
    }),
    RUN,
  );
  // 1.23's sigs.k8s.io/json names the key only
  const r = ok({ op: "k8s.json", type: "Pod", kubernetes: "1.23", value: { spec: { containers: [{ name: "a", Name: "b" }] } } });
  assert.deepEqual(r.warnings, ['unknown field "Name"']);
});

test("spew lists the ObjectMeta fields for any metadata", () => {
  fc.assert(
    fc.property(fc.constantFrom(...ALL_MINORS), objectMeta, (minor, meta) => {
      const a = ask({ op: "spew", type: "ObjectMeta", kubernetes: minor, value: meta });
      if (!a.ok) return;
      const t = a.result.text as string;
      assert.ok(t.startsWith("(v1.ObjectMeta){Name:(string)"));
      for (const f of ["GenerateName:", "Namespace:", "UID:(types.UID)", "Generation:(int64)", "Labels:", "Annotations:", "Finalizers:"]) {
        assert.ok(t.includes(f), `${f} missing in ${t.slice(0, 200)}`);
      }
    }),
    RUN,
  );
});

test("versions: defaults, refusals and messages", () => {
  const err = (req: Record<string, unknown>) => {
    const a = ask(req);
    assert.ok(!a.ok, JSON.stringify(a));
    return a.error;
  };
  assert.deepEqual(err({ op: "k8s.json", type: "Container", kubernetes: "1.13", value: {} }), { code: "E_UNSUPPORTED_VERSION", message: "unsupported kubernetes version \"1.13\"", path: "kubernetes" });
  assert.deepEqual(err({ op: "k8s.json", type: "Container", kubernetes: "1.37", go: "1.21", value: {} }), { code: "E_UNSUPPORTED_VERSION", message: "go \"1.21\" cannot build kubernetes 1.37 (its go.mod requires go 1.26)", path: "go" });
  assert.deepEqual(err({ op: "k8s.json", type: "Container", go: "1.28", value: {} }), { code: "E_UNSUPPORTED_VERSION", message: "unsupported go version \"1.28\"", path: "go" });
  assert.deepEqual(err({ op: "k8s.json", type: "Nope", value: {} }), { code: "E_BAD_REQUEST", message: "unknown type \"Nope\"", path: "type" });
  assert.deepEqual(err({ op: "spew", value: {} }), { code: "E_BAD_REQUEST", message: "missing \"type\"", path: "type" });
  assert.deepEqual(err({ op: "k8s.json", type: "Container", value: {}, valueText: "{}" }), { code: "E_BAD_REQUEST", message: "\"value\" and \"valueText\" are exclusive", path: "valueText" });
  assert.deepEqual(err({ op: "quantity", value: "1" }), { code: "E_BAD_REQUEST", message: "missing \"mode\"", path: "mode" });
  assert.deepEqual(err({ op: "quantity", mode: "parse", value: 1 }), { code: "E_BAD_REQUEST", message: "\"value\" must be a string in mode \"parse\"", path: "value" });
  assert.deepEqual(err({ op: "k8s.json", type: "EphemeralContainer", kubernetes: "1.15", value: {} }), { code: "E_BAD_REQUEST", message: "unknown type \"EphemeralContainer\"", path: "type" });
  // no kubernetes: the newest minor; no go: that minor's release Go
  assert.equal(ok({ op: "k8s.json", type: "ObjectMeta", value: {} }).json, "{}");
});

test("bad input never crashes: deep nesting, huge numbers, invalid bytes", () => {
  const deep = "[".repeat(200_000) + "]".repeat(200_000);
  const a = ask({ op: "k8s.json", type: "Container", valueText: `{"name":"a","x":${deep}}` });
  assert.ok(!a.ok && a.error.code === "E_JSON_SYNTAX" && a.error.message.endsWith("exceeded max depth"), JSON.stringify(a).slice(0, 300));
  const ok1 = ok({ op: "k8s.json", type: "Container", valueText: `{"name":"a","x":${"[".repeat(9000)}${"]".repeat(9000)}}` });
  assert.deepEqual(ok1.warnings, ['unknown field "x"']);
  const big = ask({ op: "k8s.json", type: "Container", kubernetes: "1.37", value: { name: "a", ports: [{ containerPort: 1e300 }] } });
  assert.ok(!big.ok && big.error.code === "E_JSON_TYPE", JSON.stringify(big));
  const enc = new TextEncoder();
  const line = (minor: string) => new Uint8Array([...enc.encode(`{"op":"k8s.json","type":"Container","kubernetes":"${minor}","value":{"name":"a`), 0xff, ...enc.encode('"}}')]);
  const answer = JSON.parse(new TextDecoder().decode(kinplace.evaluateLine(line("1.37"))));
  assert.equal(answer.ok, true);
  assert.equal(answer.result.json, '{"name":"a\ufffd","resources":{}}');
  const old = JSON.parse(new TextDecoder().decode(kinplace.evaluateLine(line("1.20"))));
  assert.equal(old.result.json, '{"name":"a\\ufffd","resources":{}}', "json-iterator keeps the invalid byte; json.Marshal escapes it");
});
