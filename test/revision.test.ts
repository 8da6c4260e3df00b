// The `revision` op without Go: upstream's StatefulSet compatibility known answers (1.33 and 1.34),
// and on generated StatefulSets / DaemonSets the pipeline recomputed independently here (FNV-1 over
// the patch then the decimal collision count, rand.SafeEncodeString, the getPatch shape with sorted
// keys, DaemonSet names from controller.ComputeHash), and the OpenKruise kinds (CloneSet and Advanced
// StatefulSet name like a StatefulSet, Advanced DaemonSet like a DaemonSet, at Kruise's pinned 1.32).
// Byte-exact agreement with the real controllers' code is test/oracle/revision.test.ts and
// test/oracle/revision-kruise.test.ts.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { kinplace } from "./support/engine.ts";
import { workload } from "./oracle/k8s-objects.ts";
import { kruiseWorkload } from "./oracle/k8s/gen.ts";
import { cases } from "./support/scale.ts";

type Answer = { ok: true; result: Record<string, string> } | { ok: false; error: { code: string; message: string; path?: string } };

function ask(req: Record<string, unknown>): Answer {
  return kinplace.evaluate(req as never) as Answer;
}

function ok(req: Record<string, unknown>): Record<string, string> {
  const a = ask(req);
  assert.ok(a.ok, `${JSON.stringify(req).slice(0, 300)} failed: ${JSON.stringify(a)}`);
  return a.result;
}

/** FNV-1 32 (Go's hash/fnv New32, multiply then xor) of bytes. */
function fnv1(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (const b of bytes) h = (Math.imul(h, 0x01000193) ^ b) >>> 0;
  return h >>> 0;
}

/** rand.SafeEncodeString of ASCII text. */
function safeEncode(s: string): string {
  const alphanums = "bcdfghjklmnpqrstvwxz2456789";
  return Array.from(s, (c) => alphanums[c.charCodeAt(0) % alphanums.length]).join("");
}

/** Asserts every object in `v` has its keys in bytewise order (Go map marshal order). */
function assertSortedKeys(v: unknown): void {
  if (Array.isArray(v)) return v.forEach(assertSortedKeys);
  if (v === null || typeof v !== "object") return;
  const keys = Object.keys(v);
  const sorted = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  assert.deepEqual(keys, sorted);
  for (const k of keys) assertSortedKeys((v as Record<string, unknown>)[k]);
}

// upstream pkg/controller/statefulset/stateful_set_compatibility_test.go
const COMPAT_SET = {
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

test("known answers: upstream's StatefulSet compatibility revisions (1.33 c77f6d978, 1.34 776999688b)", () => {
  const r33 = ok({ op: "revision", kind: "StatefulSet", kubernetes: "1.33", object: COMPAT_SET });
  assert.equal(r33.name, "test-c77f6d978");
  assert.equal(r33.hash, "c77f6d978");
  assert.equal(
    r33.data,
    '{"spec":{"template":{"$patch":"replace","metadata":{"annotations":{"test":"value"},"creationTimestamp":null,"labels":{"app":"foo"}},"spec":{"containers":[{"image":"test","imagePullPolicy":"Always","name":"test","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"}],"dnsPolicy":"ClusterFirst","restartPolicy":"Always","schedulerName":"default-scheduler","securityContext":{},"terminationGracePeriodSeconds":30}}}}',
  );
  const r34 = ok({ op: "revision", kind: "StatefulSet", kubernetes: "1.34", object: COMPAT_SET });
  assert.equal(r34.name, "test-776999688b");
  assert.equal(r34.hash, "776999688b");
  assert.equal(r34.data, r33.data.replace('"creationTimestamp":null,', ""));
  // the as-text spelling gives the same revision
  assert.deepEqual(ok({ op: "revision", kind: "StatefulSet", kubernetes: "1.33", objectText: JSON.stringify(COMPAT_SET) }), r33);
  // the JS wrapper
  assert.deepEqual(kinplace.revision("StatefulSet", COMPAT_SET, { kubernetes: "1.34", applyDefaults: false }), r34);
});

test("StatefulSet: hash = SafeEncodeString(FNV-1(data + decimal collision count)), status.collisionCount or 0, overridable", () => {
  const minors = fc.constantFrom("1.16", "1.21", "1.27", "1.30", "1.33", "1.34", "1.35");
  fc.assert(
    fc.property(workload("StatefulSet"), minors, fc.option(fc.integer({ min: -2147483648, max: 2147483647 }), { nil: undefined }), (set, minor, cc) => {
      const r = ok({ op: "revision", kind: "StatefulSet", kubernetes: minor, object: set, collisionCount: cc });
      const status = (set as { status?: { collisionCount?: number } }).status;
      const count = cc ?? status?.collisionCount ?? 0;
      const bytes = Buffer.concat([Buffer.from(r.data), Buffer.from(String(count))]);
      assert.equal(r.hash, safeEncode(String(fnv1(bytes))));
      assert.equal(r.name, `${(set as { metadata: { name?: string } }).metadata.name ?? ""}-${r.hash}`);
      const patch = JSON.parse(r.data) as { spec: { template: Record<string, unknown> } };
      assert.deepEqual(Object.keys(patch), ["spec"]);
      assert.deepEqual(Object.keys(patch.spec), ["template"]);
      assert.equal(patch.spec.template.$patch, "replace");
      assertSortedKeys(patch);
    }),
    { numRuns: cases(150), interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true },
  );
});

test("DaemonSet: hash = controller.ComputeHash of the template with status.collisionCount, same patch shape", () => {
  const minors = fc.constantFrom("1.12", "1.15", "1.20", "1.28", "1.33", "1.34");
  fc.assert(
    fc.property(workload("DaemonSet"), minors, fc.option(fc.integer({ min: -2147483648, max: 2147483647 }), { nil: undefined }), (ds, minor, cc) => {
      const r = ok({ op: "revision", kind: "DaemonSet", kubernetes: minor, object: ds, collisionCount: cc });
      const d = ds as { metadata: { name?: string }; spec: { template: unknown }; status?: { collisionCount?: number } };
      const count = cc ?? d.status?.collisionCount;
      assert.equal(r.hash, kinplace.podTemplateHash(d.spec.template, { kubernetes: minor, collisionCount: count, applyDefaults: false }));
      assert.equal(r.name, `${d.metadata.name ?? ""}-${r.hash}`);
      const patch = JSON.parse(r.data) as { spec: { template: Record<string, unknown> } };
      assert.equal(patch.spec.template.$patch, "replace");
      assertSortedKeys(patch);
      // the StatefulSet controller would hash the same bytes differently (FNV-1 over the patch)
      assert.match(r.hash, /^[456789bcdf]{1,10}$/);
    }),
    { numRuns: cases(150), interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true },
  );
});

test("CloneSet and AdvancedStatefulSet: StatefulSet naming (FNV-1 over the patch + collision count) at Kruise's 1.32", () => {
  const kinds = fc.constantFrom("CloneSet" as const, "AdvancedStatefulSet" as const);
  fc.assert(
    fc.property(kinds.chain((k) => fc.tuple(fc.constant(k), kruiseWorkload(k))), fc.option(fc.integer({ min: -2147483648, max: 2147483647 }), { nil: undefined }), ([kind, set], cc) => {
      const r = ok({ op: "revision", kind, object: set, collisionCount: cc });
      const s = set as { metadata: { name: string }; spec: { template: unknown }; status?: { collisionCount?: number } };
      const count = cc ?? s.status?.collisionCount ?? 0;
      assert.equal(r.hash, safeEncode(String(fnv1(Buffer.concat([Buffer.from(r.data), Buffer.from(String(count))])))));
      // history.ControllerRevisionName: the prefix is cut to 223 bytes
      assert.equal(r.name, `${Buffer.from(s.metadata.name).subarray(0, 223).toString()}-${r.hash}`);
      // the same template as an apps/v1 StatefulSet at 1.32 gives the same patch (only spec.template is kept)
      const sts = ok({ op: "revision", kind: "StatefulSet", kubernetes: "1.32", go: "1.23", object: { metadata: s.metadata, spec: { template: s.spec.template } }, collisionCount: count });
      assert.equal(r.data, sts.data);
      assert.equal(r.hash, sts.hash);
      assertSortedKeys(JSON.parse(r.data));
      // the JS wrapper
      assert.deepEqual(kinplace.revision(kind, set, { collisionCount: cc, kubernetes: "1.32", go: "1.23" }), r);
    }),
    { numRuns: cases(120), interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true },
  );
});

test("AdvancedDaemonSet: controller.ComputeHash of the template at 1.32, name ds.Name + \"-\" + hash", () => {
  fc.assert(
    fc.property(kruiseWorkload("AdvancedDaemonSet"), fc.option(fc.integer({ min: -2147483648, max: 2147483647 }), { nil: undefined }), (ds, cc) => {
      const r = ok({ op: "revision", kind: "AdvancedDaemonSet", object: ds, collisionCount: cc, kubernetes: "1.32" });
      const d = ds as { metadata: { name: string }; spec: { template: unknown }; status?: { collisionCount?: number } };
      assert.equal(r.hash, kinplace.podTemplateHash(d.spec.template, { kubernetes: "1.32", collisionCount: cc ?? d.status?.collisionCount, applyDefaults: false }));
      // the DaemonSet controller does not cut long names
      assert.equal(r.name, `${d.metadata.name}-${r.hash}`);
      assert.equal(r.data, ok({ op: "revision", kind: "DaemonSet", kubernetes: "1.32", go: "1.23", object: { spec: { template: d.spec.template } } }).data);
    }),
    { numRuns: cases(80), interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true },
  );
});

test("a long name is cut at 223 bytes, even inside a multi-byte character (Go's prefix[:223])", () => {
  const name = "é".repeat(112) + "x"; // 225 bytes: the cut splits the 112th é
  for (const kind of ["StatefulSet", "CloneSet", "AdvancedStatefulSet"]) {
    const r = ok({ op: "revision", kind, object: { metadata: { name }, spec: { template: {} } } });
    assert.equal(r.name, "é".repeat(111) + "\ufffd-" + r.hash, kind);
  }
  const short = "é".repeat(111) + "x"; // 223 bytes: kept whole
  assert.equal(ok({ op: "revision", kind: "CloneSet", object: { metadata: { name: short }, spec: { template: {} } } }).name.startsWith(short + "-"), true);
});

test("request errors: kinds without revisions, bad fields, Kruise's pinned minor and Go", () => {
  const err = (req: Record<string, unknown>) => {
    const a = ask(req);
    assert.equal(a.ok, false, JSON.stringify(req));
    return (a as { error: { code: string; message: string } }).error;
  };
  assert.deepEqual(err({ op: "revision", kind: "CloneSet", object: COMPAT_SET, kubernetes: "1.33" }), {
    code: "E_UNSUPPORTED_VERSION", path: "kubernetes",
    message: 'OpenKruise kinds are answered at kubernetes "1.32" only (openkruise/kruise v1.9.0 pins k8s.io/kubernetes v1.32.10)',
  });
  assert.equal(err({ op: "revision", kind: "AdvancedDaemonSet", object: COMPAT_SET, go: "1.22" }).code, "E_UNSUPPORTED_VERSION");
  assert.match(err({ op: "revision", kind: "AdvancedStatefulSet", object: { spec: { updateStrategy: { rollingUpdate: { partition: true } } } } }).message, /cannot unmarshal bool/);
  assert.deepEqual(err({ op: "revision", kind: "Pod", object: {} }), { code: "E_BAD_REQUEST", message: 'kind "Pod" has no ControllerRevision', path: "kind" });
  assert.deepEqual(err({ op: "revision", kind: "Nope", object: {} }), { code: "E_BAD_REQUEST", message: 'unknown kind "Nope"', path: "kind" });
  assert.equal(err({ op: "revision", object: {} }).message, 'missing "kind"');
  assert.equal(err({ op: "revision", kind: "StatefulSet", object: {}, collisionCount: 1.5 }).code, "E_BAD_REQUEST");
  assert.equal(err({ op: "revision", kind: "StatefulSet", object: {}, kubernetes: "1.13" }).code, "E_UNSUPPORTED_VERSION");
  assert.match(err({ op: "revision", kind: "StatefulSet", object: { spec: { replicas: "x" } } }).message, /cannot unmarshal string/);
});
