// Generators of the pod.validateUpdate differential suite and vectors for the second security / volume
// batch (validate-security2.test.ts, make-validate-security2-vectors.ts): Windows HostProcess pods (pod and
// container hostProcess, hostNetwork, the WindowsHostProcessContainers gate 1.22-1.25, allowPrivileged),
// seLinuxChangePolicy (1.32+, the SELinuxMount gate, the old pod's policy), AppArmor localhostProfile
// length (1.30+), ephemeral volume claim templates (metadata fields, selector, dataSource / dataSourceRef,
// volumeAttributesClassName with its gate), projected clusterTrustBundle (1.29+) and podCertificate (1.34+)
// sources, and the `scheduler.alpha.kubernetes.io/tolerations` annotation — realistic stored pods
// (validate-arbitraries.ts) edited with valid and invalid values.
//
// The tolerations annotation covers encoding/json's case-insensitive member names and its type errors (not an
// `Exists` toleration with a value and tolerationSeconds before 1.32: its %#v value carries a pointer address,
// which decides upstream's deduplication of the aggregated message).
//
// Upstream ranges over Go maps for label selectors, annotations and userAnnotations (random order): every
// generated map has at most one entry that can fail.

import fc from "fast-check";
import { storedPod, type Obj } from "./validate-arbitraries.ts";

/** A change of the old pod (before the copy) and of the new one. */
interface Edit {
  old?: (p: Obj) => void;
  nu: (p: Obj) => void;
}

const minorOf = (m: string) => Number(m.slice(2));

// ---------------------------------------------------------------------------------------------
// 1. Windows HostProcess pods

const hostProcess: fc.Arbitrary<Edit> = fc.record({
  pod: fc.constantFrom<boolean | undefined>(true, false, undefined, true),
  containers: fc.array(fc.constantFrom<boolean | undefined>(true, false, undefined), { minLength: 1, maxLength: 4 }),
  init: fc.constantFrom<boolean | undefined>(true, false, undefined),
  hostNetwork: fc.boolean(),
  os: fc.constantFrom<string | undefined>("windows", undefined),
  oldSets: fc.boolean(),
  debug: fc.constantFrom<boolean | undefined | null>(null, null, null, true, false, undefined),
}).map((r) => ({
  old: (p: Obj) => {
    if (r.oldSets) { p.spec.securityContext = { ...p.spec.securityContext, windowsOptions: { hostProcess: true } }; p.spec.hostNetwork = true; }
    // an ephemeral debug container (present in both pods: updates may not change them)
    if (r.debug !== null) {
      p.spec.ephemeralContainers = [{ name: "debugger", image: "busybox:1.36", targetContainerName: p.spec.containers[0].name, terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent",
        ...(r.debug === undefined ? {} : { securityContext: { windowsOptions: { hostProcess: r.debug } } }) }];
    }
  },
  nu: (p: Obj) => {
    if (r.pod !== undefined) p.spec.securityContext = { ...p.spec.securityContext, windowsOptions: { hostProcess: r.pod, runAsUserName: "NT AUTHORITY\\SYSTEM" } };
    else if (p.spec.securityContext?.windowsOptions) delete p.spec.securityContext.windowsOptions;
    p.spec.containers.forEach((c: Obj, i: number) => {
      const hp = r.containers[i % r.containers.length];
      if (hp === undefined) delete c.securityContext;
      else c.securityContext = { windowsOptions: { hostProcess: hp } };
    });
    if (p.spec.initContainers && r.init !== undefined) p.spec.initContainers[0].securityContext = { windowsOptions: { hostProcess: r.init } };
    if (r.hostNetwork) p.spec.hostNetwork = true; else delete p.spec.hostNetwork;
    if (r.os) p.spec.os = { name: r.os };
  },
}));

// ---------------------------------------------------------------------------------------------
// 2. seLinuxChangePolicy and the AppArmor profile length

const seLinux: fc.Arbitrary<Edit> = fc.tuple(fc.constantFrom("Recursive", "MountOption", "MountOption", "Bogus", ""), fc.constantFrom<string | undefined>(undefined, undefined, "Recursive", "MountOption"))
  .map(([v, old]) => ({
    old: old ? (p: Obj) => { p.spec.securityContext = { ...p.spec.securityContext, seLinuxChangePolicy: old }; } : undefined,
    nu: (p: Obj) => { p.spec.securityContext = { ...p.spec.securityContext, seLinuxOptions: { level: "s0:c123,c456" }, seLinuxChangePolicy: v }; },
  }));

const appArmorLength: fc.Arbitrary<Edit> = fc.tuple(fc.constantFrom(4095, 4096, 5000, 12), fc.constantFrom("pod", "container", "both", "annotation"), fc.constantFrom("", " "))
  .map(([n, where, pad]) => ({
    // the beta annotation has no length limit (in both pods: AppArmor annotations may not change)
    old: where === "annotation" ? (p: Obj) => { p.metadata.annotations = { ...(p.metadata.annotations ?? {}), [`container.apparmor.security.beta.kubernetes.io/${p.spec.containers[0].name}`]: "localhost/" + "k8s-".padEnd(n, "y") }; } : undefined,
    nu: (p: Obj) => {
      if (where === "annotation") return;
      const prof = { type: "Localhost", localhostProfile: pad + "k8s-apparmor-".padEnd(n - pad.length, "x") };
      if (where !== "container") p.spec.securityContext = { ...p.spec.securityContext, appArmorProfile: prof };
      if (where !== "pod") p.spec.containers[0].securityContext = { appArmorProfile: prof };
    },
  }));

// ---------------------------------------------------------------------------------------------
// 3. ephemeral volume claim templates

const templateMeta = fc.constantFrom<Obj>(
  { labels: { app: "web" } },
  { labels: { app: "web" }, annotations: { "example.com/owner": "team-a" } },
  { name: "scratch" },
  { namespace: "default", labels: { app: "web" } },
  { generateName: "scratch-" },
  { uid: "0b2e4e2c-5d6a-4b8e-9c0d-1f2e3a4b5c6d" },
  { finalizers: [] },
  { finalizers: ["kubernetes.io/pvc-protection"] },
  { ownerReferences: [{ apiVersion: "v1", kind: "Pod", name: "web-0", uid: "6f1c9a2e-2b7d-4c1e-9a51-3f0d8e2b4c7a" }] },
  { creationTimestamp: "2024-05-01T10:00:00Z" },
  { creationTimestamp: null, labels: { tier: "cache" } },
  { generation: 2, resourceVersion: "12" },
  { annotations: { "example.com/big": "x".repeat(262140) } },
  { selfLink: "/api/v1/x", deletionGracePeriodSeconds: 30 },
  { clusterName: "east" },
  { managedFields: [] },
);

const selector = fc.constantFrom<Obj | undefined>(
  undefined, undefined,
  { matchLabels: { tier: "fast" } },
  { matchLabels: { tier: "bad value!" } },
  { matchExpressions: [{ key: "zone", operator: "In", values: ["a", "b"] }] },
  { matchExpressions: [{ key: "zone", operator: "In", values: ["not valid!"] }] },
  { matchExpressions: [{ key: "zone", operator: "Exists", values: ["a"] }] },
  { matchExpressions: [{ key: "bad key!", operator: "Near" }] },
  {},
);

const dataSource = fc.constantFrom<Obj | undefined>(
  undefined, undefined,
  { kind: "PersistentVolumeClaim", name: "golden-data" },
  { apiGroup: "snapshot.storage.k8s.io", kind: "VolumeSnapshot", name: "nightly" },
  { kind: "VolumeSnapshot", name: "nightly" },
  { apiGroup: "", kind: "VolumeSnapshot", name: "nightly" },
  { apiGroup: "Snapshot.Storage", kind: "VolumeSnapshot", name: "nightly" },
  { kind: "", name: "" },
);

const dataSourceRef = fc.constantFrom<Obj | undefined | "same">(
  undefined, undefined, "same", "same",
  { kind: "PersistentVolumeClaim", name: "other-data" },
  { apiGroup: "snapshot.storage.k8s.io", kind: "VolumeSnapshot", name: "nightly" },
  { apiGroup: "example.com", kind: "Backup", name: "b1", namespace: "backups" },
  { apiGroup: "example.com", kind: "Backup", name: "b1", namespace: "Bad_NS" },
  { kind: "Populator", name: "" },
);

const claimTemplate: fc.Arbitrary<Edit> = fc.record({
  meta: templateMeta,
  selector,
  ds: dataSource,
  ref: dataSourceRef,
  vac: fc.constantFrom<string | undefined>(undefined, "gold", "Not_Valid", ""),
  modes: fc.constantFrom(["ReadWriteOnce"], ["ReadWriteOncePod"], ["ReadWriteOnce", "ReadOnlyMany"], ["Sometimes"]),
  storage: fc.constantFrom("1Gi", "10Gi", "0"),
  cls: fc.constantFrom<string | undefined>(undefined, "fast-ssd", "Bad_Class"),
  mode: fc.constantFrom<string | undefined>(undefined, "Filesystem", "Block"),
}).map((r) => ({
  nu: (p: Obj) => {
    const spec: Obj = { accessModes: r.modes, resources: { requests: { storage: r.storage } } };
    if (r.selector) spec.selector = r.selector;
    if (r.ds) spec.dataSource = r.ds;
    if (r.ref === "same") { if (r.ds) spec.dataSourceRef = { ...r.ds }; }
    else if (r.ref) spec.dataSourceRef = r.ref;
    if (r.vac !== undefined) spec.volumeAttributesClassName = r.vac;
    if (r.cls) spec.storageClassName = r.cls;
    if (r.mode) spec.volumeMode = r.mode;
    p.spec.volumes = [...(p.spec.volumes ?? []), { name: "scratch", ephemeral: { volumeClaimTemplate: { metadata: r.meta, spec } } }];
  },
}));

// ---------------------------------------------------------------------------------------------
// 4. projected clusterTrustBundle and podCertificate sources

const trustBundle = fc.constantFrom<Obj>(
  { signerName: "example.com/my-signer", labelSelector: { matchLabels: { env: "prod" } }, path: "ca.pem" },
  { signerName: "example.com/my-signer", path: "ca.pem" },
  { name: "example.com:my-signer:bundle-1", path: "ca.pem" },
  { name: "root-ca-bundle", path: "trust/ca.pem", optional: true },
  { name: "Root_CA", path: "ca.pem" },
  { name: "example.com:my-signer:Bad_Name", path: "ca.pem" },
  { name: "a/b:c", path: "ca.pem" },
  { name: "", path: "ca.pem" },
  { name: "root-ca", labelSelector: { matchLabels: { env: "prod" } }, path: "ca.pem" },
  { name: "root-ca", labelSelector: { matchExpressions: [{ key: "env", operator: "In", values: ["prod", "staging"] }, { key: "tier", operator: "Exists", values: [] }] }, path: "ca.pem" },
  { name: "root-ca", signerName: "example.com/s", labelSelector: { matchLabels: {}, matchExpressions: [{ key: "env", operator: "NotIn", values: ["dev"] }] }, path: "ca.pem" },
  { name: "root-ca", labelSelector: {}, path: "ca.pem" },
  { name: "root-ca", signerName: "example.com/s", path: "ca.pem" },
  { name: "root-ca", signerName: "example.com/s", labelSelector: { matchLabels: { a: "b" } }, optional: false, path: "ca.pem" },
  { signerName: "", path: "ca.pem" },
  { signerName: "nodomain", path: "ca.pem" },
  { signerName: "localhost/signer", path: "ca.pem" },
  { signerName: "Example.com/signer", path: "ca.pem" },
  { signerName: "example.com/Bad_Path", path: "ca.pem" },
  { signerName: "a/b/c", path: "ca.pem" },
  { signerName: "example.com/" + "s".repeat(600), path: "ca.pem" },
  { signerName: "example.com/s", labelSelector: { matchExpressions: [{ key: "env", operator: "In" }] }, path: "ca.pem" },
  { path: "ca.pem" },
  { signerName: "example.com/s", path: "" },
  { signerName: "example.com/s", path: "../ca.pem" },
  { signerName: "example.com/s", path: "/etc/ca.pem" },
  { signerName: "example.com/s", path: "..ca" },
  { signerName: "example.com/s", path: "token" },
  { signerName: "example.com/s", path: "ca.pem", user: 1000 },
  { signerName: "example.com/s", path: "ca.pem", user: -1 },
);

const podCert = fc.constantFrom<Obj>(
  { signerName: "example.com/issuer", keyType: "ECDSAP256", credentialBundlePath: "credentialbundle.pem" },
  { signerName: "example.com/issuer", keyType: "RSA3072", keyPath: "tls.key", certificateChainPath: "tls.crt", maxExpirationSeconds: 86400 },
  { signerName: "kubernetes.io/kube-apiserver-client-pod", keyType: "ED25519", credentialBundlePath: "bundle.pem", maxExpirationSeconds: 172800 },
  { signerName: "example.com/issuer", keyType: "ED25519", credentialBundlePath: "bundle.pem", maxExpirationSeconds: 600 },
  { signerName: "example.com/issuer", keyType: "ED25519", credentialBundlePath: "bundle.pem", maxExpirationSeconds: 9000000 },
  { signerName: "example.com/issuer", keyType: "DSA", credentialBundlePath: "bundle.pem" },
  { signerName: "example.com/issuer", keyType: "", keyPath: "../key" },
  { signerName: "", keyType: "RSA4096" },
  { signerName: "issuer", keyType: "ECDSAP384", credentialBundlePath: "/abs.pem" },
  { signerName: "example.com/issuer", keyType: "ECDSAP521", keyPath: "k.pem", certificateChainPath: "k.pem" },
  { signerName: "example.com/issuer", keyType: "ECDSAP256", credentialBundlePath: "token" },
  { signerName: "example.com/issuer", keyType: "ECDSAP256", credentialBundlePath: "b.pem", userAnnotations: { "example.com/team": "payments" } },
  { signerName: "example.com/issuer", keyType: "ECDSAP256", credentialBundlePath: "b.pem", userAnnotations: { team: "payments" } },
  { signerName: "example.com/issuer", keyType: "ECDSAP256", credentialBundlePath: "b.pem", userAnnotations: { "Bad Key!": "x" } },
  { signerName: "example.com/issuer", keyType: "ECDSAP256", credentialBundlePath: "b.pem", userAnnotations: { "": "x" } },
  { signerName: "example.com/issuer", keyType: "ECDSAP256", credentialBundlePath: "b.pem", user: 2147483648 },
);

const projected: fc.Arbitrary<Edit> = fc.tuple(
  fc.array(fc.oneof(trustBundle.map((c) => ({ clusterTrustBundle: c })), podCert.map((c) => ({ podCertificate: c })),
    fc.constant<Obj>({ serviceAccountToken: { path: "token", expirationSeconds: 3600 } }),
    fc.constant<Obj>({ configMap: { name: "ca", items: [{ key: "ca.crt", path: "ca.pem" }] } }),
    trustBundle.map((c) => ({ clusterTrustBundle: c, configMap: { name: "x" } }))), { minLength: 1, maxLength: 3 }),
  fc.boolean(),
).map(([sources, mount]) => ({
  nu: (p: Obj) => {
    p.spec.volumes = [...(p.spec.volumes ?? []), { name: "certs", projected: { defaultMode: 420, sources } }];
    if (mount) p.spec.containers[0].volumeMounts = [...(p.spec.containers[0].volumeMounts ?? []), { name: "certs", mountPath: "/var/run/certs", readOnly: true }];
  },
}));

// ---------------------------------------------------------------------------------------------
// 5. the tolerations annotation

const tolerationsAnnotation: fc.Arbitrary<Edit> = fc.constantFrom(
  "[{\"key\":\"dedicated\",\"operator\":\"Equal\",\"value\":\"gpu\",\"effect\":\"NoSchedule\"}]",
  "[{\"operator\":\"Exists\"}]",
  "[{\"key\":\"bad key!\",\"operator\":\"Equal\",\"value\":\"x\"}]",
  "[{\"key\":\"x\",\"operator\":\"Foo\"}]",
  "[{\"key\":\"x\",\"value\":\"y\",\"effect\":\"NoSchedule\",\"tolerationSeconds\":30}]",
  "[{\"operator\":\"Equal\",\"value\":\"z\"}]",
  "[{\"key\":\"x\",\"operator\":\"Exists\",\"value\":\"v\"}]",
  "[{\"key\":\"x\",\"operator\":\"Equal\",\"value\":\"y\",\"effect\":\"Sometimes\"}]",
  "[]",
  "null",
  "",
  "{\"key\":\"dedicated\"}",
  "\"dedicated\"",
  "[{\"key\":\"dedicated\",",
  "dedicated=gpu:NoSchedule",
  "[{\"key\":\"a\",\"operator\":\"Exists\"}] x",
  "[{\"key\":5}]",
  "  ",
  "[1,]",
  "\ufeff[]",
  "[{\"tolerationseconds\":7,\"EFFECT\":\"NoExecute\",\"operator\":\"Exists\"}]",
  "[{\"key\":\"a\",\"operator\":\"Exists\"},\"x\",{\"key\":5}]",
  "[{\"tolerationSeconds\":\"30\",\"effect\":\"NoExecute\"}]",
  "[{\"tolerationSeconds\":1.5}]",
  "[\"dedicated\"]",
  "[{\"effect\":true}]",
  "[{\"KEY\":\"bad key!\",\"Operator\":\"Equal\"}]",
  "[{\"Key\":\"a\",\"key\":\"b c\",\"operator\":\"Equal\"}]",
  "[{\"\u212aey\":\"x y\",\"operator\":\"Exists\"}]",
  "[{\"key\":\"x\",\"operator\":\"Exists\",\"tolerationSeconds\":60,\"effect\":\"NoExecute\"}]",
).map((v) => ({ nu: (p: Obj) => { p.metadata.annotations = { ...(p.metadata.annotations ?? {}), "scheduler.alpha.kubernetes.io/tolerations": v }; } }));

/** Gate settings a request may carry at a minor (gates that exist there and are not locked). */
function gatesFor(minor: string): fc.Arbitrary<Obj | undefined> {
  const n = minorOf(minor);
  const opts: (Obj | undefined)[] = [undefined, undefined];
  if (n >= 22 && n <= 25) opts.push({ WindowsHostProcessContainers: true }, { WindowsHostProcessContainers: false });
  if (n >= 30) opts.push({ SELinuxMount: true }, { SELinuxMount: false });
  if (n >= 29 && n <= 35) opts.push({ VolumeAttributesClass: true }, ...(n <= 33 ? [] : [{ VolumeAttributesClass: false }]));
  return fc.constantFrom(...opts);
}

const podCertOnly: fc.Arbitrary<Edit> = fc.array(podCert, { minLength: 1, maxLength: 2 }).map((certs) => ({
  nu: (p: Obj) => { p.spec.volumes = [...(p.spec.volumes ?? []), { name: "pod-certs", projected: { sources: certs.map((c) => ({ podCertificate: c })) } }]; },
}));

/** The edits of a minor, weighted towards the rules that exist there (older minors drop the newer fields when decoding). */
function editsFor(minor: string): fc.Arbitrary<Edit> {
  const n = minorOf(minor);
  const w = (from: number, hi: number) => (n >= from ? hi : 1);
  return fc.oneof(
    { arbitrary: hostProcess, weight: w(22, 3) },
    { arbitrary: seLinux, weight: w(32, 2) },
    { arbitrary: appArmorLength, weight: w(30, 2) },
    { arbitrary: claimTemplate, weight: w(19, 4) },
    { arbitrary: projected, weight: w(29, 3) },
    { arbitrary: podCertOnly, weight: w(34, 2) },
    { arbitrary: tolerationsAnnotation, weight: 2 },
  );
}

/** One request: a stored pod, an edited copy (1 to 2 edits), a minor, gates and allowPrivileged (absent = true). */
export const requestS = (minor: string): fc.Arbitrary<string> =>
  fc.tuple(storedPod, fc.array(editsFor(minor), { minLength: 1, maxLength: 2 }), gatesFor(minor), fc.constantFrom<boolean | undefined>(undefined, undefined, true, false))
    .map(([pod, es, gates, ap]) => {
      const old = structuredClone(pod);
      for (const e of es) e.old?.(old);
      const nu = structuredClone(old);
      for (const e of es) e.nu(nu);
      const req: Obj = { op: "pod.validateUpdate", kubernetes: minor, old, new: nu };
      if (gates) req.gates = gates;
      if (ap !== undefined) req.allowPrivileged = ap;
      return JSON.stringify(req);
    });
