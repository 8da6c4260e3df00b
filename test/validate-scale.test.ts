// pod.validateUpdate on inputs far larger than real pods — 100,000 labels, annotations, env vars,
// tolerations, scheduling gates and volumes, tens of thousands of containers, mounts and devices, quantities
// of a million digits — answers the same errors a small input with the same defect gets (every duplicate,
// lookup and sum is a hash or a linear pass, so these finish; no time is asserted). Also: Quantity.MilliValue
// with Go's int64 wrap-around (values from k8s.io/apimachinery v0.30.0), and the one explicit quantity limit
// (E_TOO_LARGE) a validation can meet. Lists and maps this long are past the default limits.maxItems (10,000),
// so every request here raises it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { kinplace } from "./support/engine.ts";

type Obj = Record<string, any>;
const ask = (req: object): any => kinplace.evaluate({ limits: { maxItems: 1_000_000 }, ...req } as never);

function pod(): Obj {
  return {
    apiVersion: "v1", kind: "Pod",
    metadata: { name: "p", namespace: "d", resourceVersion: "1", labels: {} as Obj, annotations: {} as Obj },
    spec: {
      restartPolicy: "Always", dnsPolicy: "ClusterFirst", terminationGracePeriodSeconds: 30, volumes: [] as Obj[],
      containers: [{ name: "app", image: "i", terminationMessagePolicy: "File", imagePullPolicy: "Always" }] as Obj[],
    },
  };
}

/** The errors (field, type, message) of validating the update of `oldPod` to `newPod` at `minor`. */
function errors(oldPod: Obj, newPod: Obj, minor = "1.30"): string[] {
  const a = ask({ op: "pod.validateUpdate", kubernetes: minor, old: oldPod, new: newPod });
  assert.equal(a.ok, true, JSON.stringify(a).slice(0, 500));
  return a.result.errors.map((e: any) => `${e.field} | ${e.type} | ${e.message}`);
}

const N = 100_000;

test("100,000 labels and annotations: one bad label key, then the annotations' size limit", () => {
  const p = pod();
  for (let i = 0; i < N; i++) p.metadata.labels["k" + i] = "v";
  p.metadata.labels["bad key"] = "v";
  assert.deepEqual(errors(p, p).filter((e) => !e.startsWith("metadata.labels | Invalid value | Invalid value: \"bad key\"")), []);
  assert.equal(errors(p, p).length, 2, "each ValidateObjectMeta pass reports the key once (metadata and update)");
  const q = pod();
  for (let i = 0; i < N; i++) q.metadata.annotations["example.com/k" + i] = "v".repeat(3); // over 256 KiB in all
  const e = errors(q, q);
  assert.ok(e.length >= 1 && e.every((x) => x.startsWith("metadata.annotations | Too long")), e.slice(0, 3).join("\n"));
});

test("100,000 annotations changed one by one: the AppArmor rules find the one that changed", () => {
  const a = pod(), b = pod();
  for (let i = 0; i < N; i++) { a.metadata.annotations["example.com/k" + i] = "v"; b.metadata.annotations["example.com/k" + i] = "v"; }
  a.metadata.annotations["container.apparmor.security.beta.kubernetes.io/app"] = "runtime/default";
  b.metadata.annotations["container.apparmor.security.beta.kubernetes.io/app"] = "unconfined";
  assert.deepEqual(errors(a, b, "1.29").filter((e) => e.includes("AppArmor")), [
    "metadata.annotations[container.apparmor.security.beta.kubernetes.io/app] | Forbidden | Forbidden: may not remove or update AppArmor annotations",
  ]);
});

test("30,000 containers with a repeated name, 100,000 env vars with a bad name: one error each", () => {
  const p = pod();
  const c0 = p.spec.containers[0];
  p.spec.containers = Array.from({ length: 30_000 }, (_, i) => ({ ...c0, name: "c" + i }));
  p.spec.containers.push({ ...c0, name: "c17" });
  assert.deepEqual(errors(p, p), ["spec.containers[30000].name | Duplicate value | Duplicate value: \"c17\""]);
  const q = pod();
  q.spec.containers[0].env = Array.from({ length: N }, (_, i) => ({ name: "E" + i, value: "x" }));
  q.spec.containers[0].env[54321].name = "1BAD";
  const e = errors(q, q, "1.29");
  assert.equal(e.length, 1, e.join("\n"));
  assert.ok(e[0].startsWith("spec.containers[0].env[54321].name | Invalid value | Invalid value: \"1BAD\""), e[0]);
});

test("100,000 volumes with a repeated name; 20,000 mounts and devices with one path in both lists", () => {
  const p = pod();
  p.spec.volumes = Array.from({ length: N }, (_, i) => ({ name: "v" + i, emptyDir: {} }));
  p.spec.volumes.push({ name: "v99999", emptyDir: {} });
  assert.deepEqual(errors(p, p), ["spec.volumes[100000].name | Duplicate value | Duplicate value: \"v99999\""]);
  const q = pod();
  const n = 20_000;
  for (let i = 0; i < n; i++) {
    q.spec.volumes.push({ name: "w" + i, emptyDir: {} }, { name: "b" + i, persistentVolumeClaim: { claimName: "c" + i } });
  }
  q.spec.containers[0].volumeMounts = Array.from({ length: n }, (_, i) => ({ name: "w" + i, mountPath: "/m" + i }));
  q.spec.containers[0].volumeDevices = Array.from({ length: n }, (_, i) => ({ name: "b" + i, devicePath: i === n - 1 ? "/m7" : "/d" + i }));
  const e = errors(q, q);
  assert.deepEqual(e, [
    `spec.containers[0].volumeMounts[7].mountPath | Invalid value | Invalid value: "/m7": must not already exist as a path in volumeDevices`,
    `spec.containers[0].volumeDevices[${n - 1}].devicePath | Invalid value | Invalid value: "/m7": must not already exist as a path in volumeMounts`,
  ]);
});

test("100,000 tolerations: every old one found among the new ones in another order; a changed one is Forbidden", () => {
  const a = pod(), b = pod();
  a.spec.tolerations = Array.from({ length: N }, (_, i) => ({ key: "k" + i, operator: "Equal", value: "v" + (i % 7), effect: "NoSchedule" }));
  b.spec.tolerations = [...a.spec.tolerations].reverse();
  b.spec.tolerations.push({ key: "added", operator: "Exists" });
  assert.deepEqual(errors(a, b), []);
  const c = pod();
  c.spec.tolerations = b.spec.tolerations.map((t: Obj, i: number) => (i === 500 ? { ...t, value: "changed" } : t));
  assert.deepEqual(errors(a, c), ["spec.tolerations | Forbidden | Forbidden: existing toleration can not be modified except its tolerationSeconds"]);
});

test("100,000 scheduling gates and 20,000 spread constraints: the added gate and the repeated tuple are found", () => {
  const a = pod(), b = pod();
  a.spec.schedulingGates = Array.from({ length: N }, (_, i) => ({ name: "example.com/g" + i }));
  b.spec.schedulingGates = [...a.spec.schedulingGates, { name: "example.com/new" }];
  const e = errors(a, b);
  assert.deepEqual(e.filter((x) => x.includes("schedulingGates")), [
    `spec.schedulingGates[${N}].name | Forbidden | Forbidden: only deletion is allowed, but found new scheduling gate 'example.com/new'`,
  ]);
  const p = pod();
  p.spec.topologySpreadConstraints = Array.from({ length: 20_000 }, (_, i) => ({ maxSkew: 1, topologyKey: "k" + i, whenUnsatisfiable: "DoNotSchedule" }));
  p.spec.topologySpreadConstraints.push({ maxSkew: 1, topologyKey: "k123", whenUnsatisfiable: "DoNotSchedule" });
  assert.deepEqual(errors(p, p), [
    "spec.topologySpreadConstraints[123].{topologyKey, whenUnsatisfiable} | Duplicate value | Duplicate value: \"{k123, DoNotSchedule}\"",
  ]);
});

test("a million-digit cpu request validates like its short spelling; a verdict on Pods answers too", () => {
  const big = "1" + "0".repeat(1_000_000);
  const a = pod(), b = pod();
  a.spec.containers[0].resources = { requests: { cpu: "100m" } };
  b.spec.containers[0].resources = { requests: { cpu: big } };
  const e = errors(a, b, "1.37");
  assert.ok(e.some((x) => x.startsWith("spec | Forbidden |")), e.join("\n"));
  const v = ask({ op: "verdict", kubernetes: "1.30", old: a, new: b });
  assert.equal(v.ok, true, JSON.stringify(v).slice(0, 300));
});

test("MilliValue%1000 of an integer resource, with Go's int64 wrap-around (apimachinery v0.30.0 values)", () => {
  // value → Quantity.MilliValue() as Go computes it; "must be an integer" exactly when it is not a multiple of 1000
  const golden: [string, string][] = [
    ["-0.9999999990000000000", "-998"], // the inf.Dec path's scaledValue: truncating division, then +1
    ["-0.999999999", "-1000"], // the int64 path rounds away from zero
    ["18446744073709551.616", "0"], // big.Int.Int64 keeps the low 64 bits of 2^64
    ["99999999999999999.9", "7766279631452241820"], // int64MultiplyScale100's wrapped product
    ["100000000000000000000.5", "200376420520690164"],
    ["1e20", "0"], // positiveScaleInt64's loop: 0 on overflow
    ["2.5e-3", "3"],
    ["0.5", "500"],
    ["1", "1000"],
  ];
  for (const [q, milli] of golden) {
    const p = pod();
    p.spec.containers[0].resources = { requests: { "example.com/x": q }, limits: { "example.com/x": q } };
    const integer = BigInt(milli) % 1000n === 0n;
    const e = errors(p, p).filter((x) => x.includes("must be an integer"));
    assert.equal(e.length, integer ? 0 : 2, `${q}: MilliValue ${milli}\n${e.join("\n")}`);
  }
});

test("a QoS sum beyond the exact-digit limit is E_TOO_LARGE, not a wrong answer (1.27-1.31 with resize)", () => {
  const a = pod(), b = pod();
  const two = (cpu: string) => [
    { name: "a", image: "i", terminationMessagePolicy: "File", imagePullPolicy: "Always", resources: { requests: { cpu: "1e2000000" } } },
    { name: "b", image: "i", terminationMessagePolicy: "File", imagePullPolicy: "Always", resources: { requests: { cpu } } },
  ];
  a.spec.containers = two("1m");
  b.spec.containers = two("2m");
  const r = ask({ op: "pod.validateUpdate", kubernetes: "1.28", gates: { InPlacePodVerticalScaling: true }, old: a, new: b });
  assert.equal(r.ok, false, JSON.stringify(r).slice(0, 300));
  assert.equal(r.error.code, "E_TOO_LARGE");
  // within the limit the same update answers
  a.spec.containers = two("1m").map((c) => ({ ...c, resources: { requests: { cpu: "1e900000" } } }));
  b.spec.containers = two("2m").map((c, i) => ({ ...c, resources: { requests: { cpu: i === 0 ? "1e900000" : "2e900000" } } }));
  assert.equal(ask({ op: "pod.validateUpdate", kubernetes: "1.28", gates: { InPlacePodVerticalScaling: true }, old: a, new: b }).ok, true);
});

test("errors that print the whole input: the list stops at maxErrorBytes with E_LIMIT (owner references)", () => {
  const withOwners = (n: number) => {
    const p = pod();
    p.metadata.ownerReferences = Array.from({ length: n }, (_, i) => ({ apiVersion: "apps/v1", kind: "ReplicaSet", name: "rs" + i, uid: "u" + i, controller: true }));
    return p;
  };
  // every controller reference after the first is an error that prints all of them: n references, ~n² characters
  const few = ask({ op: "pod.validateUpdate", kubernetes: "1.30", old: withOwners(40), new: withOwners(40) });
  assert.equal(few.ok, true);
  assert.equal(few.result.errors.filter((e: any) => e.message.includes("Only one reference can have Controller set to true")).length, 2 * 39);
  const many = ask({ op: "pod.validateUpdate", kubernetes: "1.30", old: withOwners(3000), new: withOwners(3000) });
  assert.equal(many.ok, false);
  assert.equal(many.error.code, "E_LIMIT");
  assert.equal(many.error.path, "maxErrorBytes");
  // a lower limit refuses the small case too; a higher one lets it through unchanged
  const low = ask({ op: "pod.validateUpdate", kubernetes: "1.30", old: withOwners(40), new: withOwners(40), maxErrorBytes: 10000 });
  assert.equal(low.error.code, "E_LIMIT");
  assert.deepEqual(ask({ op: "pod.validateUpdate", kubernetes: "1.30", old: withOwners(40), new: withOwners(40), maxErrorBytes: 1e9 }), few);
  for (const bad of [0, -1, "1", 1.5, true]) {
    const a = ask({ op: "pod.validateUpdate", kubernetes: "1.30", old: pod(), new: pod(), maxErrorBytes: bad });
    assert.equal(a.error.code, "E_BAD_REQUEST", JSON.stringify(bad));
    assert.equal(a.error.path, "maxErrorBytes");
  }
});

test("20,000 errors at once (ports without a protocol): every one reported, the aggregate message joined once", () => {
  const p = pod();
  const n = 20_000;
  p.spec.containers[0].ports = Array.from({ length: n }, (_, i) => ({ containerPort: 1 + (i % 65535) }));
  const a = ask({ op: "pod.validateUpdate", kubernetes: "1.30", old: p, new: p });
  assert.equal(a.ok, true, JSON.stringify(a).slice(0, 300));
  assert.equal(a.result.errors.length, n);
  assert.equal(a.result.errors[n - 1].field, `spec.containers[0].ports[${n - 1}].protocol`);
  assert.ok(a.result.message.startsWith("[spec.containers[0].ports[0].protocol: Required value, "), a.result.message.slice(0, 100));
  assert.ok(a.result.message.endsWith(`spec.containers[0].ports[${n - 1}].protocol: Required value]`));
});

test("kubelet.readyCondition with 20,000 unready containers lists them all", () => {
  const n = 20_000;
  const containers = Array.from({ length: n }, (_, i) => ({ name: "c" + i, image: "i" }));
  const containerStatuses = containers.map((c) => ({ name: c.name, ready: false }));
  const a = ask({ op: "kubelet.readyCondition", kubelet: "1.30", pod: { metadata: { name: "p" }, spec: { containers }, status: { phase: "Running", containerStatuses } } });
  assert.equal(a.ok, true, JSON.stringify(a).slice(0, 300));
  assert.equal(a.result.reason, "ContainersNotReady");
  assert.equal(a.result.message, "containers with unready status: [" + containers.map((c) => c.name).join(" ") + "]");
});

test("kubelet.podActions with 16,000 containers whose hashes changed: every one killed, IDs in byte order", () => {
  const n = 16_000;
  const containers = Array.from({ length: n }, (_, i) => ({ name: "c" + i, image: "i" }));
  const podStatus = { sandboxes: [{ id: "sb", ready: true, ip: "10.0.0.1" }], containers: containers.map((c, i) => ({ id: "id" + (n - i), name: c.name, state: "running", hash: "1" })) };
  const a = ask({ op: "kubelet.podActions", kubelet: "1.30", pod: { metadata: { name: "p", uid: "u" }, spec: { containers } }, podStatus });
  assert.equal(a.ok, true, JSON.stringify(a).slice(0, 300));
  const ids = a.result.containersToKill.map((k: any) => k.id);
  assert.equal(ids.length, n);
  assert.deepEqual(ids, [...ids].sort()); // ASCII IDs: JS order is byte order
  assert.equal(a.result.containersToStart.length, n);
});
