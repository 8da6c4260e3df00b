// The known answers of ../shared/spec/known-answers.md (and the upstream gold values quoted in
// kubernetes.md §7) must come out of the k8s oracle. Runs through the core oracle driver, so the
// router builds the needed minors on first use (kube flavor by default; KINPLACE_K8S_FLAVOR=api
// checks the api-only builds instead, except applyDefaults requests which always use kube).
//
// node --import tsx --test test/oracle/k8s/known-answers.test.ts

import { after, test } from "node:test";
import assert from "node:assert/strict";
import { runOracle, stopOracle } from "../run.ts";

after(() => stopOracle());

type Answer = { ok: boolean; result?: Record<string, unknown>; error?: { code: string; message: string } };

async function ask(req: Record<string, unknown>): Promise<Answer> {
  const [line] = await runOracle([JSON.stringify(req)]);
  return JSON.parse(line!) as Answer;
}

async function ok(req: Record<string, unknown>): Promise<Record<string, unknown>> {
  const a = await ask(req);
  assert.ok(a.ok, `${JSON.stringify(req).slice(0, 200)} -> ${JSON.stringify(a.error)}`);
  return a.result!;
}

const SAMPLE = {
  name: "test_container",
  image: "foo/image:v1",
  command: ["/bin/testcmd"],
  args: ["/bin/sh", "-c", "echo abc"],
  ports: [{ containerPort: 8001 }],
  env: [
    { name: "ENV_FOO", value: "bar" },
    { name: "ENV_BAR", valueFrom: { secretKeyRef: { name: "foo", key: "bar", optional: true } } },
  ],
  resources: { limits: { foo: "1G" }, requests: { foo: "500M" } },
};

/** Rows of known-answers.md: container, json era, without resources, name+image, struct 1.15, struct 1.12. */
const TABLE: [unknown, string, string, string, string, string][] = [
  [{ name: "app", image: "nginx" }, "65b95dba", "65b95dba", "807ef53b", "7df9917b", "7df9917b"],
  [SAMPLE, "311670a", "e8022015", "8e45cbd0", "f39e1ad", "f39e1ad"],
  [
    { name: "r1", image: "app", resources: { requests: { cpu: "0.5", memory: "1Gi" }, limits: { cpu: "1000m", memory: "1024Mi" } } },
    "12039fdf", "fbf799b4", "c49c3d33", "476fd34b", "476fd34b",
  ],
  [
    { name: "c1", image: "app", command: ["sh", "-c"], args: ["echo '<b>bold</b>' && test 1 > 0 & wait", "a<b>c&d", "&amp;&lt;&gt;"] },
    "cb6cb815", "cb6cb815", "91c6696f", "2bc2aa73", "2bc2aa73",
  ],
  [
    {
      name: "s1", image: "app",
      securityContext: {
        capabilities: { add: ["NET_ADMIN", "SYS_TIME"], drop: ["ALL"] }, privileged: false, runAsUser: 0, runAsGroup: 0,
        runAsNonRoot: false, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false,
      },
    },
    "e08174a8", "e08174a8", "f1330b0e", "d7240831", "5dbfa783",
  ],
];

test("container.hash: the known-answer table, every era", async () => {
  for (const [container, jsonEra, withoutRes, nameImage, struct115, struct112] of TABLE) {
    assert.deepEqual(await ok({ op: "container.hash", kubelet: "1.12", container }), { hash: struct112, era: "struct" });
    assert.deepEqual(await ok({ op: "container.hash", kubelet: "1.15", container }), { hash: struct115, era: "struct" });
    for (const kubelet of ["1.16", "1.22", "1.26"]) {
      assert.deepEqual(await ok({ op: "container.hash", kubelet, container }), { hash: jsonEra, era: "json" }, kubelet);
    }
    for (const kubelet of ["1.27", "1.30"]) {
      assert.deepEqual(await ok({ op: "container.hash", kubelet, container }), { hash: jsonEra, hashWithoutResources: withoutRes, era: "json" }, kubelet);
    }
    for (const kubelet of ["1.31", "1.37"]) {
      assert.deepEqual(await ok({ op: "container.hash", kubelet, container }), { hash: nameImage, era: "name-image" }, kubelet);
    }
  }
});

test("container.hash: upstream gold and the computed values of kubernetes.md §7", async () => {
  // TestHashContainerWithoutResources (post-1.31): spew of {"image":"bar","name":"foo"}
  assert.equal((await ok({ op: "container.hash", kubelet: "1.33", container: { name: "foo", image: "bar", resources: { limits: { cpu: "1" } } } })).hash, "11a6d6d6");
  const nginx = { name: "nginx", image: "nginx:1.20" };
  assert.equal((await ok({ op: "container.hash", kubelet: "1.32", container: nginx })).hash, "ae56ee81");
  assert.equal((await ok({ op: "container.hash", kubelet: "1.20", container: nginx })).hash, "d7958a38");
  assert.equal((await ok({ op: "container.hash", kubelet: "1.15", container: nginx })).hash, "117a90c1");
  assert.equal((await ok({ op: "container.hash", kubelet: "1.12", container: nginx })).hash, "117a90c1");
  assert.equal((await ok({ op: "container.hash", kubelet: "1.20", container: { name: "c", image: "busybox", command: ["sh", "-c", "true && sleep 1"] } })).hash, "8f4016b2");
  // API-server defaults (imagePullPolicy IfNotPresent for a tagged image, termination message path/policy, port protocol)
  assert.equal((await ok({ op: "container.hash", kubelet: "1.20", applyDefaults: true, container: nginx })).hash, "5f05e236");
  assert.equal((await ok({ op: "container.hash", kubelet: "1.20", applyDefaults: true, container: { ...nginx, ports: [{ containerPort: 80 }] } })).hash, "714144fb");
  assert.equal((await ok({ op: "container.hash", kubelet: "1.15", applyDefaults: true, container: nginx })).hash, "18fbfe1e");
  assert.equal((await ok({ op: "container.hash", kubelet: "1.15", applyDefaults: true, container: { ...nginx, ports: [{ containerPort: 80 }] } })).hash, "58ec9e6f");
  const foo = { name: "foo", image: "bar", resources: { limits: { cpu: "1" }, requests: { cpu: "1" } } };
  const rp = (a: string, b: string) => [{ resourceName: "cpu", restartPolicy: a }, { resourceName: "memory", restartPolicy: b }];
  assert.equal((await ok({ op: "container.hash", kubelet: "1.29", container: { ...foo, resizePolicy: rp("RestartContainer", "NotRequired") } })).hashWithoutResources, "5f62cb4c");
  assert.equal((await ok({ op: "container.hash", kubelet: "1.29", container: { ...foo, resizePolicy: rp("NotRequired", "RestartContainer") } })).hashWithoutResources, "cdab9e00");
});

test("k8s.json: field order, sorted maps, canonical quantities, resources always present", async () => {
  const r = await ok({ op: "k8s.json", kubernetes: "1.26", type: "Container", value: TABLE[2]![0] });
  assert.equal(r.json, '{"name":"r1","image":"app","resources":{"limits":{"cpu":"1","memory":"1Gi"},"requests":{"cpu":"500m","memory":"1Gi"}}}');
  assert.deepEqual(r.warnings, []);
  const html = await ok({ op: "k8s.json", kubernetes: "1.26", type: "Container", value: TABLE[3]![0] });
  assert.match(html.json as string, /echo '\\u003cb\\u003ebold\\u003c\/b\\u003e' \\u0026\\u0026 test 1 \\u003e 0 \\u0026 wait/);
});

test("k8s.json: 1.26 types drop later fields (and the API server warns)", async () => {
  const c = {
    name: "x", image: "y",
    resizePolicy: [{ resourceName: "cpu", restartPolicy: "NotRequired" }],
    restartPolicy: "Always",
    lifecycle: { postStart: { sleep: { seconds: 1 } } },
    securityContext: { appArmorProfile: { type: "RuntimeDefault" } },
  };
  const r = await ok({ op: "k8s.json", kubernetes: "1.26", type: "Container", value: c });
  assert.equal(r.json, '{"name":"x","image":"y","resources":{},"lifecycle":{"postStart":{}},"securityContext":{}}');
  assert.deepEqual(r.warnings, [
    'unknown field "resizePolicy"',
    'unknown field "restartPolicy"',
    'unknown field "lifecycle.postStart.sleep"',
    'unknown field "securityContext.appArmorProfile"',
  ]);
  const r30 = await ok({ op: "k8s.json", kubernetes: "1.30", type: "Container", value: c });
  assert.deepEqual(r30.warnings, []);
});

test("k8s.json and container.hash: Go 1.22 writes \\b and \\f short", async () => {
  const c = { name: "x", image: "y", args: ["a\bb\fc"] };
  const old = await ok({ op: "k8s.json", kubernetes: "1.29", go: "1.21", type: "Container", value: c });
  const neu = await ok({ op: "k8s.json", kubernetes: "1.29", go: "1.22", type: "Container", value: c });
  assert.equal(old.json, '{"name":"x","image":"y","args":["a\\u0008b\\u000cc"],"resources":{}}');
  assert.equal(neu.json, '{"name":"x","image":"y","args":["a\\bb\\fc"],"resources":{}}');
  const h21 = await ok({ op: "container.hash", kubelet: "1.29", go: "1.21", container: c });
  const h22 = await ok({ op: "container.hash", kubelet: "1.29", go: "1.22", container: c });
  assert.notEqual(h21.hash, h22.hash);
  // the default Go of 1.29 is its release's (1.21.5), of 1.30 its release's (1.22.2)
  assert.equal((await ok({ op: "container.hash", kubelet: "1.29", container: c })).hash, h21.hash);
});

test("quantity: the parser's quirks", async () => {
  const q = (value: unknown, mode = "parse") => ok({ op: "quantity", mode, value });
  assert.deepEqual(await q("1000E"), { string: "1", json: '"1"', format: "DecimalSI" });
  assert.deepEqual(await q("1024Ei"), { string: "9223372036854775807", json: '"9223372036854775807"', format: "BinarySI" });
  assert.equal((await q("01")).string, "01");
  assert.equal((await q("1.")).string, "1.");
  assert.equal((await q("Gi")).string, "0");
  assert.equal((await q("m")).string, "0");
  assert.deepEqual(await q(" 1Gi ", "json"), { string: "1Gi", json: '"1Gi"', format: "BinarySI" });
  assert.deepEqual(await q(1.5, "json"), { string: "1500m", json: '"1500m"', format: "DecimalSI" });
  const escaped = await ask({ op: "quantity", mode: "json", valueText: '"\\u0031"' });
  assert.deepEqual(escaped.error, {
    code: "E_QUANTITY",
    message: "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
  });
});

test("revision: StatefulSet ControllerRevision names of upstream's compatibility test data", async () => {
  const set = {
    metadata: { name: "test" },
    spec: {
      template: {
        metadata: { labels: { app: "foo" }, annotations: { test: "value" } },
        spec: {
          containers: [{ image: "test", imagePullPolicy: "Always", name: "test", terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File" }],
          dnsPolicy: "ClusterFirst", restartPolicy: "Always", schedulerName: "default-scheduler", securityContext: {}, terminationGracePeriodSeconds: 30,
        },
      },
    },
  };
  const r33 = await ok({ op: "revision", kind: "StatefulSet", kubernetes: "1.33", object: set });
  assert.equal(r33.name, "test-c77f6d978");
  assert.equal(r33.hash, "c77f6d978");
  assert.equal(
    r33.data,
    '{"spec":{"template":{"$patch":"replace","metadata":{"annotations":{"test":"value"},"creationTimestamp":null,"labels":{"app":"foo"}},"spec":{"containers":[{"image":"test","imagePullPolicy":"Always","name":"test","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"}],"dnsPolicy":"ClusterFirst","restartPolicy":"Always","schedulerName":"default-scheduler","securityContext":{},"terminationGracePeriodSeconds":30}}}}',
  );
  const r34 = await ok({ op: "revision", kind: "StatefulSet", kubernetes: "1.34", object: set });
  assert.equal(r34.name, "test-776999688b");
  assert.equal((r34.data as string).includes("creationTimestamp"), false);
});

test("revision: OpenKruise v1.9.0 kinds build the same revisions as upstream 1.32 for the same template", async () => {
  const template = { metadata: { labels: { app: "foo" }, annotations: { test: "value" } }, spec: { containers: [{ image: "test", name: "test" }] } };
  const obj = (kind: string) => ({ metadata: { name: "test" }, spec: { template }, status: { collisionCount: 3 }, kind });
  const sts = await ok({ op: "revision", kind: "StatefulSet", kubernetes: "1.32", object: obj("StatefulSet") });
  assert.deepEqual(await ok({ op: "revision", kind: "CloneSet", object: obj("CloneSet") }), sts);
  assert.deepEqual(await ok({ op: "revision", kind: "AdvancedStatefulSet", kubernetes: "1.32", object: obj("StatefulSet") }), sts);
  const ds = await ok({ op: "revision", kind: "DaemonSet", kubernetes: "1.32", object: obj("DaemonSet") });
  assert.deepEqual(await ok({ op: "revision", kind: "AdvancedDaemonSet", object: obj("DaemonSet") }), ds);
  const other = await ask({ op: "revision", kind: "CloneSet", kubernetes: "1.30", object: obj("CloneSet") });
  assert.equal(other.error?.code, "E_UNSUPPORTED_VERSION");
});
