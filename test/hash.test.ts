// The hash ops (`container.hash`, `podTemplateHash`) without Go: every known answer of the shared
// sheet (each kubelet era, 1.12 and 1.15 struct era, HashContainerWithoutResources), upstream's
// test values, and the pipeline recomputed independently here (FNV-32a over go-spew of the bytes,
// controller.ComputeHash's 8-byte collision suffix, rand.SafeEncodeString). Byte-exact agreement on
// generated objects is test/oracle/hash.test.ts.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "./support/engine.ts";
import { container, podTemplate } from "./oracle/k8s-objects.ts";
import { cases } from "./support/scale.ts";

const { containerHash, podTemplateHash } = kinplace;

type Answer = { ok: true; result: Record<string, string> } | { ok: false; error: { code: string; message: string; path?: string } };

function ask(req: Record<string, unknown>): Answer {
  return kinplace.evaluate(req as never) as Answer;
}

function ok(req: Record<string, unknown>): Record<string, string> {
  const a = ask(req);
  assert.ok(a.ok, `${JSON.stringify(req)} failed: ${JSON.stringify(a)}`);
  return a.result;
}

const JSON_MINORS = Array.from({ length: 15 }, (_, i) => `1.${16 + i}`);
const NAME_IMAGE_MINORS = Array.from({ length: 7 }, (_, i) => `1.${31 + i}`);

const SAMPLE = `{"name":"test_container","image":"foo/image:v1","command":["/bin/testcmd"],"args":["/bin/sh","-c","echo abc"],"ports":[{"containerPort":8001}],"env":[{"name":"ENV_FOO","value":"bar"},{"name":"ENV_BAR","valueFrom":{"secretKeyRef":{"name":"foo","key":"bar","optional":true}}}],"resources":{"limits":{"foo":"1G"},"requests":{"foo":"500M"}}}`;

// container, json era, without resources, name+image, struct 1.15, struct 1.12 (known-answers.md)
const KNOWN: [string, string, string, string, string, string][] = [
  [`{"name":"app","image":"nginx"}`, "65b95dba", "65b95dba", "807ef53b", "7df9917b", "7df9917b"],
  [SAMPLE, "311670a", "e8022015", "8e45cbd0", "f39e1ad", "f39e1ad"],
  [`{"name":"r1","image":"app","resources":{"requests":{"cpu":"0.5","memory":"1Gi"},"limits":{"cpu":"1000m","memory":"1024Mi"}}}`, "12039fdf", "fbf799b4", "c49c3d33", "476fd34b", "476fd34b"],
  [`{"name":"c1","image":"app","command":["sh","-c"],"args":["echo '<b>bold</b>' && test 1 > 0 & wait","a<b>c&d","&amp;&lt;&gt;"]}`, "cb6cb815", "cb6cb815", "91c6696f", "2bc2aa73", "2bc2aa73"],
  [`{"name":"s1","image":"app","securityContext":{"capabilities":{"add":["NET_ADMIN","SYS_TIME"],"drop":["ALL"]},"privileged":false,"runAsUser":0,"runAsGroup":0,"runAsNonRoot":false,"readOnlyRootFilesystem":true,"allowPrivilegeEscalation":false}}`, "e08174a8", "e08174a8", "f1330b0e", "d7240831", "5dbfa783"],
];

/** FNV-32a (Go's hash/fnv New32a) of bytes. */
function fnv32a(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h >>> 0;
}

/** FNV-32a over go-spew `%#v` of a []byte. */
function spewBytesHash(bytes: Uint8Array): number {
  return fnv32a(new TextEncoder().encode(`([]uint8)[${Array.from(bytes).join(" ")}]`));
}

/** rand.SafeEncodeString of ASCII text. */
function safeEncode(s: string): string {
  const alphanums = "bcdfghjklmnpqrstvwxz2456789";
  return Array.from(s, (c) => alphanums[c.charCodeAt(0) % alphanums.length]).join("");
}

test("known answers: every era, every minor (json 1.16-1.30, without resources 1.27-1.30, name+image 1.31+, struct 1.12 and 1.15)", () => {
  for (const [text, json, withoutRes, nameImage, s115, s112] of KNOWN) {
    for (const k of JSON_MINORS) {
      const r = ok({ op: "container.hash", containerText: text, kubelet: k });
      assert.equal(r.hash, json, `${k} ${text}`);
      assert.equal(r.era, "json");
      const n = Number(k.slice(2));
      if (n >= 27) assert.equal(r.hashWithoutResources, withoutRes, `${k} without resources ${text}`);
      else assert.equal(r.hashWithoutResources, undefined);
    }
    for (const k of NAME_IMAGE_MINORS) {
      assert.deepEqual(ok({ op: "container.hash", containerText: text, kubelet: k }), { hash: nameImage, era: "name-image" }, `${k} ${text}`);
    }
    assert.deepEqual(ok({ op: "container.hash", containerText: text, kubelet: "1.15" }), { hash: s115, era: "struct" });
    assert.deepEqual(ok({ op: "container.hash", containerText: text, kubelet: "1.12" }), { hash: s112, era: "struct" });
    // the default kubelet is the newest minor
    assert.equal(ok({ op: "container.hash", container: JSON.parse(text) }).hash, nameImage);
  }
});

test("upstream container_hash_test.go values", () => {
  assert.equal(parseInt(containerHash(JSON.parse(SAMPLE), { kubelet: "1.16", applyDefaults: false }).hash, 16), 0x311670a);
  assert.equal(parseInt(containerHash(JSON.parse(SAMPLE), { kubelet: "1.30", applyDefaults: false }).hash, 16), 0x311670a);
  assert.equal(parseInt(containerHash(JSON.parse(SAMPLE), { kubelet: "1.31", applyDefaults: false }).hash, 16), 0x8e45cbd0);
  // TestHashContainerWithoutResources (post-1.31): resources and resizePolicy do not matter
  for (const c of [
    { name: "foo", image: "bar" },
    { name: "foo", image: "bar", resources: { limits: { cpu: "100m", memory: "100Mi" }, requests: { cpu: "200m" } } },
    { name: "foo", image: "bar", resizePolicy: [{ resourceName: "cpu", restartPolicy: "RestartContainer" }] },
  ]) {
    assert.equal(parseInt(containerHash(c, { kubelet: "1.33", applyDefaults: false }).hash, 16), 0x11a6d6d6);
  }
});

test("JSON era: FNV-32a over spew of the k8s.json bytes, Go release decides \\b and \\f", () => {
  const c = { name: "a\bb\fc", image: "x<y>&z", command: ["\u2028", "é"] };
  for (const [kubelet, go] of [["1.29", "1.21"], ["1.29", undefined], ["1.30", undefined], ["1.30", "1.26"], ["1.16", "1.12"]] as const) {
    const j = ok({ op: "k8s.json", type: "Container", value: c, kubernetes: kubelet, go }).json!;
    const r = ok({ op: "container.hash", container: c, kubelet, go });
    assert.equal(r.hash, spewBytesHash(new TextEncoder().encode(j)).toString(16), `${kubelet} go ${go}`);
  }
  const old = ok({ op: "container.hash", container: c, kubelet: "1.29", go: "1.21" }).hash;
  const neu = ok({ op: "container.hash", container: c, kubelet: "1.29", go: "1.22" }).hash;
  assert.notEqual(old, neu);
  // name+image: a Go map, keys sorted, HTML-escaped
  const expect = spewBytesHash(new TextEncoder().encode(`{"image":"x\\u003cy\\u003e\\u0026z","name":"a\\bb\\fc"}`)).toString(16);
  assert.equal(ok({ op: "container.hash", container: c, kubelet: "1.32" }).hash, expect);
  const expectOld = spewBytesHash(new TextEncoder().encode(`{"image":"x\\u003cy\\u003e\\u0026z","name":"a\\u0008b\\u000cc"}`)).toString(16);
  assert.equal(ok({ op: "container.hash", container: c, kubelet: "1.32", go: "1.23" }).hash, expect);
  assert.notEqual(expect, expectOld);
});

test("generated containers: JSON era is spew-of-bytes of k8s.json; struct era is FNV of spew; without resources zeroes resources", () => {
  fc.assert(
    fc.property(container, fc.constantFrom("1.12", "1.15", "1.20", "1.27", "1.30"), (c, kubelet) => {
      const r = ok({ op: "container.hash", container: c, kubelet });
      const j = ok({ op: "k8s.json", type: "Container", value: c, kubernetes: kubelet }).json!;
      if (Number(kubelet.slice(2)) <= 15) {
        // the stored JSON read back is what the kubelet hashes
        const text = ok({ op: "spew", type: "Container", valueText: j, kubernetes: kubelet }).text!;
        assert.equal(r.hash, fnv32a(new TextEncoder().encode(text)).toString(16));
        assert.equal(r.era, "struct");
      } else {
        assert.equal(r.hash, spewBytesHash(new TextEncoder().encode(j)).toString(16));
        if (Number(kubelet.slice(2)) >= 27) {
          const bare = { ...(JSON.parse(j) as Record<string, unknown>) };
          delete bare.resources;
          const jw = ok({ op: "k8s.json", type: "Container", value: bare, kubernetes: kubelet }).json!;
          assert.equal(r.hashWithoutResources, spewBytesHash(new TextEncoder().encode(jw)).toString(16));
        }
      }
    }),
    { numRuns: cases(200), interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true },
  );
});

test("podTemplateHash: ComputeHash over spew, 8-byte collision suffix, SafeEncodeString", () => {
  assert.equal(safeEncode(String(4294967295)), "86f8fbc6f9");
  fc.assert(
    fc.property(podTemplate, fc.option(fc.integer({ min: -2147483648, max: 2147483647 }), { nil: undefined }), fc.constantFrom("1.12", "1.15", "1.22", "1.30", "1.37"), (t, cc, kubernetes) => {
      const j = ok({ op: "k8s.json", type: "PodTemplateSpec", value: t, kubernetes }).json!;
      const text = ok({ op: "spew", type: "PodTemplateSpec", valueText: j, kubernetes }).text!;
      const spew = new TextEncoder().encode(text);
      const bytes = new Uint8Array(spew.length + (cc === undefined ? 0 : 8));
      bytes.set(spew);
      if (cc !== undefined) new DataView(bytes.buffer).setUint32(spew.length, cc >>> 0, true);
      const expect = safeEncode(String(fnv32a(bytes)));
      assert.equal(ok({ op: "podTemplateHash", template: t, kubernetes, collisionCount: cc }).hash, expect);
      assert.equal(podTemplateHash(t, { kubernetes, collisionCount: cc, applyDefaults: false }), expect);
    }),
    { numRuns: cases(150), interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true },
  );
});

test("podTemplateHash: collision count changes the hash, the template text form agrees", () => {
  const t = { metadata: { labels: { app: "nginx" } }, spec: { containers: [{ name: "nginx", image: "nginx:1.25" }] } };
  const none = ok({ op: "podTemplateHash", template: t }).hash!;
  const zero = ok({ op: "podTemplateHash", template: t, collisionCount: 0 }).hash!;
  const one = ok({ op: "podTemplateHash", template: t, collisionCount: 1 }).hash!;
  assert.equal(new Set([none, zero, one]).size, 3);
  assert.match(none, /^[456789bcdf]{1,10}$/);
  assert.equal(ok({ op: "podTemplateHash", templateText: JSON.stringify(t), collisionCount: 1 }).hash, one);
});

test("bad requests are typed errors", () => {
  const c = { name: "a", image: "b" };
  const cases: [Record<string, unknown>, string, string][] = [
    [{ op: "container.hash", container: c, kubelet: "1.12", applyDefaults: true }, "E_UNSUPPORTED_VERSION", "applyDefaults needs k8s.io/kubernetes (pkg/apis/core/v1 defaulters): not in this build (api flavor; kubernetes 1.12 has only this flavor)"],
    [{ op: "container.hash", container: c, applyDefaults: "yes" }, "E_BAD_REQUEST", "\"applyDefaults\" must be a boolean"],
    [{ op: "container.hash", container: c, kubelet: "1.13" }, "E_UNSUPPORTED_VERSION", "unsupported kubelet version \"1.13\""],
    [{ op: "container.hash", kubelet: "1.20" }, "E_BAD_REQUEST", "missing \"container\" or \"containerText\""],
    [{ op: "podTemplateHash", template: {}, collisionCount: "1" }, "E_BAD_REQUEST", "\"collisionCount\" must be an int32 integer"],
    [{ op: "podTemplateHash", template: {}, collisionCount: 2147483648 }, "E_BAD_REQUEST", "\"collisionCount\" must be an int32 integer"],
    [{ op: "podTemplateHash", template: {}, collisionCount: 1.5 }, "E_BAD_REQUEST", "\"collisionCount\" must be an int32 integer"],
  ];
  for (const [req, code, message] of cases) {
    const a = ask(req);
    assert.ok(!a.ok, JSON.stringify(req));
    assert.equal(a.error.code, code);
    assert.equal(a.error.message, message);
  }
  assert.equal(ok({ op: "container.hash", container: c, applyDefaults: false }).hash, ok({ op: "container.hash", container: c }).hash);
  const bad = ask({ op: "container.hash", containerText: `{"name":1}`, kubelet: "1.20" });
  assert.ok(!bad.ok);
});
