// pod.validateUpdate's Windows HostProcess, seLinuxChangePolicy, AppArmor profile length, ephemeral claim
// template, projected certificate source and tolerations annotation rules without Go: the golden vectors
// test/vectors/validate-security2.jsonl.gz (the Go oracle's answers for every minor 1.15-1.37, made by
// test/oracle/make-validate-security2-vectors.ts) replayed through the engine, equal up to the diff after the
// newline of the `spec` Forbidden message and Go pointer addresses in %#v values (normalizeC); plus
// hand-made cases of the per-minor rules.

import { test } from "node:test";
import assert from "node:assert/strict";
import { kinplace } from "./support/engine.ts";
import { replayValidateVectors, assertEveryMinor, assertNoMismatch } from "./support/validate-golden.ts";
import { normalizeC } from "./oracle/validate-containers-arbitraries.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** The engine's answer for a request object. */
function ask(req: unknown): any {
  return JSON.parse(dec.decode(kinplace.evaluateLine(enc.encode(JSON.stringify(req)))));
}

test("golden vectors validate-security2.jsonl.gz: the engine answers as the API server of each minor did", () => {
  const r = replayValidateVectors("validate-security2", 2000, normalizeC);
  const kinds = new Set<string>();
  for (const e of r.errors) {
    kinds.add(String(e.field).replace(/\[[^\]]*\]/g, "").split(".").slice(-1)[0]!);
    if (String(e.field).includes("tolerations[")) kinds.add("tolerations annotation");
  }
  assertEveryMinor(r);
  for (const k of ["hostProcess", "hostNetwork", "seLinuxChangePolicy", "localhostProfile", "uID", "creationTimestamp", "finalizers", "matchLabels",
    "dataSource", "dataSourceRef", "apiGroup", "namespace", "volumeAttributesClassName", "clusterTrustBundle", "clusterTrustBundlePEM", "signerName",
    "labelSelector", "podCertificate", "keyType", "maxExpirationSeconds", "userAnnotations", "annotations"]) {
    assert.ok(kinds.has(k), `no vector reports an error on ${k}`);
  }
  assert.ok(kinds.has("tolerations annotation"), "no vector reports an error in the tolerations annotation");
  assertNoMismatch(r);
});

const pod = {
  apiVersion: "v1", kind: "Pod",
  metadata: { name: "win-0", namespace: "default", resourceVersion: "7" },
  spec: {
    containers: [{ name: "app", image: "mcr.microsoft.com/windows/nanoserver:ltsc2022", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent" }],
    restartPolicy: "Always", dnsPolicy: "ClusterFirst", terminationGracePeriodSeconds: 30, serviceAccountName: "default", serviceAccount: "default",
  },
};

/** "field message" of every error the engine reports for an update of `old` to `nu` at `minor` (but the spec-change one). */
function errors(minor: string, nu: unknown, extra: object = {}, old: unknown = pod): string[] {
  const a = ask({ op: "pod.validateUpdate", kubernetes: minor, old, new: nu, ...extra });
  assert.equal(a.ok, true, JSON.stringify(a));
  return a.result.errors.map((e: any) => `${e.field} ${e.message.split("\n")[0]}`).filter((e: string) => !e.startsWith("spec Forbidden: pod updates may not change"));
}

test("pod.validateUpdate: Windows HostProcess pods need hostNetwork, all-or-nothing containers and the gate before 1.26", () => {
  const nu = structuredClone(pod) as any;
  nu.spec.securityContext = { windowsOptions: { hostProcess: true } };
  nu.spec.containers.push({ ...nu.spec.containers[0], name: "sidecar", securityContext: { windowsOptions: { hostProcess: false } } });
  const e = errors("1.30", nu, { allowPrivileged: false });
  assert.ok(e.includes("spec.containers[1].securityContext.windowsOptions.hostProcess Invalid value: false: pod hostProcess value must be identical if both are specified, was true"), e.join("\n"));
  assert.ok(e.includes("spec Invalid value: \"\": If pod contains any hostProcess containers then all containers must be HostProcess containers"));
  assert.ok(e.includes("spec.hostNetwork Invalid value: false: hostNetwork must be true if pod contains any hostProcess containers"));
  assert.ok(e.includes("spec Forbidden: hostProcess containers are disallowed by cluster policy"));
  assert.ok(!errors("1.21", nu).some((x) => x.includes("hostProcess")), "1.21 has no hostProcess field");
  // 1.22: the gate is alpha (off): the field itself is refused
  assert.ok(errors("1.22", nu).includes("spec.securityContext.windowsOptions.hostProcess Forbidden: not allowed when feature gate 'WindowsHostProcessContainers' is not enabled"));
  assert.ok(!errors("1.22", nu, {}, nu).some((x) => x.includes("feature gate")), "the old pod already set hostProcess");
  assert.ok(errors("1.24", nu, { gates: { WindowsHostProcessContainers: false } }).some((x) => x.includes("feature gate 'WindowsHostProcessContainers'")));
  assert.equal(ask({ op: "pod.validateUpdate", kubernetes: "1.26", old: pod, new: nu, gates: { WindowsHostProcessContainers: false } }).error.message,
    "cannot set feature gate WindowsHostProcessContainers to false, feature is locked to true");
});

test("pod.validateUpdate: seLinuxChangePolicy allows MountOption only with SELinuxMount (on from 1.37) or when the old pod had a policy", () => {
  const nu = structuredClone(pod) as any;
  nu.spec.securityContext = { seLinuxChangePolicy: "MountOption" };
  assert.ok(errors("1.33", nu).includes("spec.securityContext.seLinuxChangePolicy Unsupported value: \"MountOption\": supported values: \"Recursive\""));
  assert.deepEqual(errors("1.33", nu, { gates: { SELinuxMount: true } }), []);
  assert.deepEqual(errors("1.37", nu), []);
  const old = structuredClone(pod) as any;
  old.spec.securityContext = { seLinuxChangePolicy: "Recursive" };
  assert.deepEqual(errors("1.33", nu, {}, old), []);
  nu.spec.securityContext.seLinuxChangePolicy = "Relabel";
  assert.ok(errors("1.37", nu).includes("spec.securityContext.seLinuxChangePolicy Unsupported value: \"Relabel\": supported values: \"MountOption\", \"Recursive\""));
  assert.deepEqual(errors("1.31", nu), [], "1.31 has no seLinuxChangePolicy field");
});

test("pod.validateUpdate: an ephemeral claim template's metadata, data sources and attributes class per minor", () => {
  const nu = structuredClone(pod) as any;
  nu.spec.volumes = [{ name: "scratch", ephemeral: { volumeClaimTemplate: {
    metadata: { name: "x", uid: "1" },
    spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } }, volumeAttributesClassName: "Gold",
      dataSource: { kind: "PersistentVolumeClaim", name: "a" }, dataSourceRef: { kind: "PersistentVolumeClaim", name: "b" } } } } }];
  const t = "spec.volumes[0].ephemeral.volumeClaimTemplate";
  const e25 = errors("1.25", nu);
  assert.ok(e25.includes(`${t}.metadata.name Forbidden: cannot be set for an ephemeral volume`) && e25.includes(`${t}.metadata.uID Forbidden: cannot be set for an ephemeral volume`));
  assert.ok(e25.includes(`${t}.spec Invalid value: field.Path{name:"dataSource", index:"", parent:(*field.Path)(0x?)}: must match dataSourceRef`), e25.join("\n"));
  const e34 = errors("1.34", nu);
  assert.ok(e34.includes(`${t}.metadata.uID Forbidden: cannot be set`) && e34.includes(`${t}.spec Invalid value: {}: must match dataSourceRef`));
  assert.ok(e34.some((x) => x.startsWith(`${t}.spec.volumeAttributesClassName Invalid value: "Gold"`)));
  assert.ok(!errors("1.33", nu).some((x) => x.includes("volumeAttributesClassName")), "VolumeAttributesClass is off before 1.34");
  assert.ok(errors("1.33", nu, { gates: { VolumeAttributesClass: true } }).some((x) => x.includes("volumeAttributesClassName")));
});

test("pod.validateUpdate: projected clusterTrustBundle / podCertificate sources and the tolerations annotation", () => {
  const nu = structuredClone(pod) as any;
  nu.spec.volumes = [{ name: "certs", projected: { sources: [
    { clusterTrustBundle: { signerName: "example.com/signer", path: "ca.pem" } },
    { podCertificate: { signerName: "kubernetes.io/kube-apiserver-client-pod", keyType: "ED25519", keyPath: "ca.pem", maxExpirationSeconds: 100000 } },
  ] } }];
  const e = errors("1.34", nu);
  assert.ok(e.includes("spec.volumes[0].projected Invalid value: \"ca.pem\": conflicting duplicate paths"), e.join("\n"));
  assert.ok(e.includes("spec.volumes[0].projected.sources[1].podCertificate.maxExpirationSeconds Invalid value: 100000: if provided, maxExpirationSeconds must be <= 86400"));
  nu.spec.volumes[0].projected.sources = [{ clusterTrustBundle: { name: "x" } }];
  assert.ok(errors("1.30", nu).includes("spec.volumes[0].projected.sources[0].clusterTrustBundlePEM.path Required value"));
  assert.ok(errors("1.31", nu).includes("spec.volumes[0].projected.sources[0].clusterTrustBundle.path Required value"));
  const ta = structuredClone(pod) as any;
  ta.metadata.annotations = { "scheduler.alpha.kubernetes.io/tolerations": "[{\"key\":\"x\",\"operator\":\"Foo\"}]" };
  for (const m of ["1.15", "1.29", "1.37"]) {
    assert.ok(errors(m, ta).includes("metadata.annotations.scheduler.alpha.kubernetes.io/tolerations[0].operator Unsupported value: \"Foo\": supported values: \"Equal\", \"Exists\""));
  }
  ta.metadata.annotations["scheduler.alpha.kubernetes.io/tolerations"] = "[{";
  assert.ok(errors("1.30", ta).includes("metadata.annotations Invalid value: \"scheduler.alpha.kubernetes.io/tolerations\": unexpected end of JSON input"));
});
