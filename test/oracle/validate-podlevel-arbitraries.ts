// Generators of the pod-level part of the pod.validateUpdate differential suite and vectors: realistic
// stored pods (validate-arbitraries.ts) carrying affinity, topology spread constraints, DNS config, host
// aliases, hostNetwork ports, deletion-cost / seccomp annotations, Lt/Gt tolerations and SCTP ports,
// valid and invalid, edited on the new pod only (an update that breaks them) or on both pods (an
// already-invalid pod updated: the options computed from the old pod decide).

import fc from "fast-check";
import { storedPod, type Obj } from "./validate-arbitraries.ts";

const labelKey = fc.constantFrom("app", "tier", "example.com/team", "bad key!", "pod-template-hash", "-lead");
const labelValue = fc.constantFrom("web", "api", "bad value!", "x".repeat(64), "", "v1.2");
/** matchLabels with at most one entry that may be invalid (upstream ranges over the map in random order). */
const matchLabels = fc.oneof(
  fc.tuple(labelKey, labelValue).map(([k, v]) => ({ [k]: v })),
  fc.constant({ app: "web", tier: "backend" }),
);
const selectorOp = fc.constantFrom("In", "NotIn", "Exists", "DoesNotExist", "Foo");
const selectorValues = fc.constantFrom<string[]>([], ["web"], ["web", "api"], ["bad value!"], ["y".repeat(64)]);
const selectorExpr = fc.record({ key: labelKey, operator: selectorOp, values: selectorValues });
const labelSelector: fc.Arbitrary<Obj | undefined> = fc.option(
  fc.record({ matchLabels: fc.option(matchLabels, { nil: undefined }), matchExpressions: fc.option(fc.array(selectorExpr, { maxLength: 2 }), { nil: undefined }) }, { requiredKeys: [] }),
  { nil: undefined, freq: 4 },
);
const topologyKey = fc.constantFrom("kubernetes.io/hostname", "topology.kubernetes.io/zone", "", "bad key!");
const labelKeys = fc.option(fc.constantFrom<string[]>(["pod-template-hash"], ["app"], ["bad key!"], ["pod-template-hash", "tier"]), { nil: undefined, freq: 2 });

const podAffinityTerm = fc.record({
  labelSelector,
  namespaceSelector: fc.option(fc.constantFrom<Obj>({}, { matchLabels: { "kubernetes.io/metadata.name": "prod" } }, { matchExpressions: [{ key: "env", operator: "In", values: [] }] }), { nil: undefined, freq: 3 }),
  namespaces: fc.option(fc.constantFrom<string[]>(["default"], ["Bad_NS"], ["prod", "staging"]), { nil: undefined, freq: 3 }),
  topologyKey,
  matchLabelKeys: labelKeys,
  mismatchLabelKeys: labelKeys,
}, { requiredKeys: ["topologyKey"] });
const weight = fc.constantFrom(1, 50, 100, 0, 101, -1);
const podAffinity = fc.record({
  requiredDuringSchedulingIgnoredDuringExecution: fc.array(podAffinityTerm, { maxLength: 2 }),
  preferredDuringSchedulingIgnoredDuringExecution: fc.array(fc.record({ weight, podAffinityTerm }), { maxLength: 2 }),
}, { requiredKeys: [] });

const nodeReq = fc.record({
  key: fc.constantFrom("kubernetes.io/arch", "zone", "example.com/pool", "bad key!", ""),
  operator: fc.constantFrom("In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt", "Foo"),
  values: fc.constantFrom<string[]>([], ["amd64"], ["a", "b"], ["3"], ["bad value!"], ["z".repeat(64)]),
});
const nodeFieldReq = fc.record({
  key: fc.constantFrom("metadata.name", "metadata.uid"),
  operator: fc.constantFrom("In", "NotIn", "Exists"),
  values: fc.constantFrom<string[]>(["node-1"], ["Node_1"], ["node-1", "node-2"], []),
});
const nodeTerm = fc.record({ matchExpressions: fc.array(nodeReq, { maxLength: 2 }), matchFields: fc.array(nodeFieldReq, { maxLength: 1 }) }, { requiredKeys: [] });
const nodeAffinity = fc.record({
  requiredDuringSchedulingIgnoredDuringExecution: fc.array(nodeTerm, { maxLength: 2 }).map((t) => ({ nodeSelectorTerms: t })),
  preferredDuringSchedulingIgnoredDuringExecution: fc.array(fc.record({ weight, preference: nodeTerm }), { maxLength: 2 }),
}, { requiredKeys: [] });

/** An affinity with node, pod and pod anti-affinity parts (valid and invalid pieces). */
export const affinity: fc.Arbitrary<Obj> = fc.record({ nodeAffinity, podAffinity, podAntiAffinity: podAffinity }, { requiredKeys: [] });

const spreadConstraint = fc.record({
  maxSkew: fc.constantFrom(1, 1, 2, 0, -1),
  topologyKey: fc.constantFrom("topology.kubernetes.io/zone", "kubernetes.io/hostname", ""),
  whenUnsatisfiable: fc.constantFrom("DoNotSchedule", "ScheduleAnyway", "", "Sometimes"),
  labelSelector,
  minDomains: fc.option(fc.constantFrom(1, 3, 0, -2), { nil: undefined, freq: 2 }),
  nodeAffinityPolicy: fc.option(fc.constantFrom("Honor", "Ignore", "Maybe"), { nil: undefined, freq: 2 }),
  nodeTaintsPolicy: fc.option(fc.constantFrom("Honor", "Ignore", "Always"), { nil: undefined, freq: 2 }),
  matchLabelKeys: labelKeys,
}, { requiredKeys: ["maxSkew", "topologyKey", "whenUnsatisfiable"] });
/** 1-3 topology spread constraints (repeats of {topologyKey, whenUnsatisfiable} happen). */
export const topologySpread = fc.array(spreadConstraint, { minLength: 1, maxLength: 3 });

const ips = ["10.96.0.10", "8.8.8.8", "2001:db8::1", "010.1.1.1", "::ffff:1.2.3.4", "not-an-ip", "1.2.3", "256.1.1.1", "", "fe80::1%eth0", "::1", "1::2::3"];
const searches = ["svc.cluster.local", "cluster.local.", "my_domain.example.com", ".", "Bad.Domain", "a".repeat(64) + ".com", "-x.com", "_srv.example.com", "ns1.svc.cluster.local"];
/** A dnsConfig (nameserver count and IPs, search count, length and syntax, options). */
export const dnsConfig: fc.Arbitrary<Obj> = fc.record({
  nameservers: fc.option(fc.array(fc.constantFrom(...ips), { maxLength: 5 }), { nil: undefined, freq: 4 }),
  searches: fc.option(fc.oneof(
    { weight: 6, arbitrary: fc.array(fc.constantFrom(...searches), { maxLength: 8 }) },
    { weight: 1, arbitrary: fc.integer({ min: 7, max: 34 }).map((n) => Array.from({ length: n }, (_, i) => `s${i}.${"d".repeat(i % 5 === 0 ? 60 : 8)}.example.com`)) },
  ), { nil: undefined, freq: 4 }),
  options: fc.option(fc.array(fc.constantFrom<Obj>({ name: "ndots", value: "2" }, { name: "" }, { name: "edns0" }), { maxLength: 2 }), { nil: undefined }),
}, { requiredKeys: [] });

/** hostAliases entries (IPs and hostnames, valid and invalid). */
export const hostAliases = fc.array(fc.record({
  ip: fc.constantFrom("127.0.0.1", "10.0.0.7", "010.0.0.1", "bogus", "::1", "::ffff:10.0.0.1", "2001:db8::42"),
  hostnames: fc.array(fc.constantFrom("foo.local", "bar", "Bad_Host", "x.example.com."), { maxLength: 2 }),
}, { requiredKeys: ["ip"] }), { minLength: 1, maxLength: 2 });

const ownerRef = fc.constantFrom<Obj>(
  { apiVersion: "apps/v1", kind: "ReplicaSet", name: "web-7d9f8c6b5", uid: "0b7f3c1e-8a2d-4f57-9c1b-2e6d4a9f0c11", controller: true, blockOwnerDeletion: true },
  { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name: "web", uid: "5e2a7c90-1d3b-4e8f-a6c2-7b9d0e1f2a34", controller: true, blockOwnerDeletion: true },
  { apiVersion: "v1", kind: "Node", name: "node-1", uid: "c3d4e5f6-0000-4000-8000-000000000001" },
  { apiVersion: "", kind: "ReplicaSet", name: "web", uid: "u-1" },
  { apiVersion: "apps/", kind: "", name: "", uid: "" },
  { apiVersion: "a/b/c", kind: "Job", name: "j", uid: "u-2", controller: false },
  { apiVersion: "v1", kind: "Event", name: "ev", uid: "u-3" },
);
const finalizerList = fc.constantFrom<string[]>(["example.com/cleanup"], ["bad finalizer!"], ["orphan", "foregroundDeletion"], ["kubernetes.io/pv-protection", "-x"]);

const managedEntry = fc.constantFrom<Obj>(
  { manager: "kube-controller-manager", operation: "Update", apiVersion: "v1", time: "2024-05-01T10:00:00Z", fieldsType: "FieldsV1", fieldsV1: { "f:metadata": { "f:labels": { "f:app": {} } } } },
  { manager: "kubelet", operation: "Update", apiVersion: "v1", time: "2024-05-01T10:00:05Z", fieldsType: "FieldsV1", fieldsV1: { "f:status": {} }, subresource: "status" },
  { manager: "kubectl", operation: "Apply", apiVersion: "v1", fieldsType: "FieldsV1", fieldsV1: {} },
  { manager: "kubectl", operation: "Patch", apiVersion: "v1", fieldsType: "FieldsV2" },
  { manager: "", operation: "", apiVersion: "v1" },
  { manager: "bell\u0007ringer", operation: "Update", apiVersion: "v1" },
  { manager: "m".repeat(129), operation: "Update", apiVersion: "v1", subresource: "s".repeat(257) },
);

const costs = ["10", "-5", "0", "+3", "007", "abc", "2147483648", "-2147483648", "-0", ""];
const seccomps = ["runtime/default", "docker/default", "unconfined", "localhost/profiles/audit.json", "localhost//etc/abs.json", "localhost/../escape.json", "bogus"];

type Edit = (p: Obj) => void;

/** Edits of the pod-level fields, each applied to one pod (valid or invalid results). */
export const podLevelEdits: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: affinity.map((a) => (p: Obj) => { p.spec.affinity = a; }) },
  { weight: 3, arbitrary: topologySpread.map((t) => (p: Obj) => { p.spec.topologySpreadConstraints = t; }) },
  { weight: 1, arbitrary: fc.constant((p: Obj) => { delete p.spec.topologySpreadConstraints; delete p.spec.affinity; }) },
  { weight: 3, arbitrary: fc.tuple(fc.boolean(), fc.option(dnsConfig, { nil: undefined, freq: 5 })).map(([none, dc]) => (p: Obj) => {
    if (none) p.spec.dnsPolicy = "None";
    if (dc === undefined) delete p.spec.dnsConfig; else p.spec.dnsConfig = dc;
  }) },
  { weight: 2, arbitrary: hostAliases.map((h) => (p: Obj) => { p.spec.hostAliases = h; }) },
  { weight: 2, arbitrary: fc.tuple(fc.boolean(), fc.constantFrom<Obj[]>(
    [{ containerPort: 8080, hostPort: 8080, protocol: "TCP" }], [{ containerPort: 8080, protocol: "TCP" }],
    [{ containerPort: 8080, hostPort: 9090, protocol: "TCP" }], [{ name: "metrics", containerPort: 9100, hostPort: 9100, protocol: "TCP" }, { containerPort: 53, protocol: "UDP" }],
  )).map(([hn, ports]) => (p: Obj) => { p.spec.hostNetwork = hn; p.spec.containers[0].ports = ports; }) },
  { weight: 2, arbitrary: fc.array(ownerRef, { minLength: 1, maxLength: 3 }).map((refs) => (p: Obj) => { p.metadata.ownerReferences = refs; }) },
  { weight: 2, arbitrary: fc.array(managedEntry, { minLength: 1, maxLength: 3 }).map((m) => (p: Obj) => { p.metadata.managedFields = m; }) },
  { weight: 3, arbitrary: fc.record({
    readinessGates: fc.constantFrom<Obj[]>([{ conditionType: "example.com/ready" }], [{ conditionType: "bad gate!" }], [{ conditionType: "" }]),
    hostname: fc.constantFrom("web-0", "Web_0", "a".repeat(64)),
    subdomain: fc.constantFrom("svc", "bad.sub"),
    serviceAccountName: fc.constantFrom("builder", "Bad_SA"),
    nodeName: fc.constantFrom("node-2", "Node_2"),
    priorityClassName: fc.constantFrom("high", "High_Priority"),
    runtimeClassName: fc.constantFrom("gvisor", "", "Bad_RC"),
    preemptionPolicy: fc.constantFrom("Never", "PreemptLowerPriority", "", "Sometimes"),
    hostnameOverride: fc.constantFrom("my-host", "Bad_Host", "h".repeat(65)),
    setHostnameAsFQDN: fc.boolean(),
  }, { requiredKeys: [] }).map((f) => (p: Obj) => {
    Object.assign(p.spec, f);
    if (f.serviceAccountName !== undefined) p.spec.serviceAccount = f.serviceAccountName;
  }) },
  { weight: 1, arbitrary: finalizerList.map((f) => (p: Obj) => { p.metadata.finalizers = f; }) },
  { weight: 2, arbitrary: fc.constantFrom(...costs).map((c) => (p: Obj) => { p.metadata.annotations = { ...(p.metadata.annotations ?? {}), "controller.kubernetes.io/pod-deletion-cost": c }; }) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom("seccomp.security.alpha.kubernetes.io/pod", "container.seccomp.security.alpha.kubernetes.io/app"), fc.constantFrom(...seccomps))
    .map(([k, v]) => (p: Obj) => { p.metadata.annotations = { ...(p.metadata.annotations ?? {}), [k]: v }; }) },
  { weight: 1, arbitrary: fc.constantFrom(262144 - 40, 262144).map((n) => (p: Obj) => { p.metadata.annotations = { ...(p.metadata.annotations ?? {}), "example.com/blob": "b".repeat(n) }; }) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom("Lt", "Gt"), fc.constantFrom("4", "-3", "0", "007", "abc", "", "99999999999999999999", "-"))
    .map(([op, v]) => (p: Obj) => { p.spec.tolerations = [...(p.spec.tolerations ?? []), { key: "example.com/gpu-count", operator: op, value: v, effect: "NoSchedule" }]; }) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(2), fc.boolean()).map(([i, init]) => (p: Obj) => {
    const port = { name: "sctp", containerPort: 9899, protocol: "SCTP" };
    if (init && p.spec.initContainers) p.spec.initContainers[0].ports = [port];
    else { const c = p.spec.containers[i % p.spec.containers.length]; c.ports = [...(c.ports ?? []), port]; }
  }) },
);

/** Harmless edits of the new pod (so an already-invalid old pod gets updated). */
const benign: fc.Arbitrary<Edit> = fc.constantFrom<Edit>(
  (p) => { p.metadata.labels = { ...(p.metadata.labels ?? {}), version: "v2" }; },
  (p) => { p.spec.containers[0].image = "nginx:1.26.0"; },
  (p) => { p.metadata.annotations = { ...(p.metadata.annotations ?? {}), "kubectl.kubernetes.io/restartedAt": "2024-06-01T00:00:00Z" }; },
);

/** Gate settings for the pod-level suite (SCTPSupport where it exists; locked from 1.20, so refused there). */
function gatesFor(minor: string): fc.Arbitrary<Obj | undefined> {
  const n = Number(minor.slice(2));
  const opts: (Obj | undefined)[] = [undefined, undefined];
  if (n <= 19) opts.push({ SCTPSupport: true }, { SCTPSupport: false });
  if (n === 20 || n === 21) opts.push({ SCTPSupport: true });
  return fc.constantFrom(...opts);
}

/** Keeps at most one container seccomp annotation (upstream ranges over the annotations in random order). */
function oneContainerSeccomp(p: Obj): void {
  const a = p.metadata.annotations;
  if (!a) return;
  const keys = Object.keys(a).filter((k) => k.startsWith("container.seccomp.security.alpha.kubernetes.io/")).sort();
  for (const k of keys.slice(1)) delete a[k];
}

/**
 * Before 1.34 ErrorBody prints a whole OwnerReference with %#v, whose set pointers come out as memory
 * addresses: keep one controller and no pointers on Event owners there.
 */
function printableOwnerRefs(p: Obj, minor: string): void {
  const refs: Obj[] | undefined = p.metadata.ownerReferences;
  if (!refs || Number(minor.slice(2)) >= 34) return;
  let seen = false;
  p.metadata.ownerReferences = refs.map((r) => {
    const c = { ...r };
    if (c.kind === "Event") { delete c.controller; delete c.blockOwnerDeletion; }
    if (c.controller) { if (seen) c.controller = false; seen = true; }
    return c;
  });
}

/** One request: a stored pod, pod-level edits on the new pod (and sometimes on both), a minor and gates. */
export const podLevelRequest = (minor: string): fc.Arbitrary<string> =>
  fc.tuple(storedPod, fc.array(podLevelEdits, { minLength: 1, maxLength: 3 }), fc.array(podLevelEdits, { maxLength: 2 }), fc.option(benign, { nil: undefined }), gatesFor(minor))
    .map(([base, mine, both, b, gates]) => {
      const old = structuredClone(base);
      for (const e of both) e(old);
      oneContainerSeccomp(old);
      printableOwnerRefs(old, minor);
      const nu = structuredClone(old);
      if (both.length > 0 && b) b(nu); else for (const e of mine) e(nu);
      oneContainerSeccomp(nu);
      printableOwnerRefs(nu, minor);
      const req: Obj = { op: "pod.validateUpdate", kubernetes: minor, old, new: nu };
      if (gates) req.gates = gates;
      return JSON.stringify(req);
    });
