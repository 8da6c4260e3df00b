/**
 * fast-check generators of realistic Kubernetes objects for the typed-JSON differential suite
 * (k8s.json, spew, quantity): the container / template / workload generators of ./k8s/gen.ts, plus
 * full object metadata (timestamps in every RFC 3339 spelling, owner references, managed fields),
 * pods with status, many volume sources, affinity, topology spread, Deployments with IntOrString
 * rolling updates, StatefulSets with claim templates, ControllerRevisions with raw data — and
 * text-level variations only a hand-written request can carry: duplicate keys, keys that differ
 * in case or are spelled with escapes, unknown fields at any depth, whitespace, Quantities as JSON
 * numbers, and wrong-typed values placed where every decoder reports them the same way.
 */

import fc from "fast-check";
import { container, dnsLabel, podTemplate, quantityString, trickyString } from "./k8s/gen.ts";

export { container, podTemplate, quantityString, trickyString, dnsLabel };

type Obj = Record<string, unknown>;

const twoDigits = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));

/** RFC 3339 timestamps as people and clusters write them: Z or offsets, fractions, leap days, far years. */
export const rfc3339: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(fc.integer({ min: 1970, max: 2038 }), fc.constantFrom(1, 1000, 1999, 2000, 2400, 9999)),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
    twoDigits(23),
    twoDigits(59),
    twoDigits(59),
    fc.oneof(fc.constant(""), fc.stringMatching(/^[.][0-9]{1,12}$/)),
    fc.oneof(fc.constant("Z"), fc.tuple(fc.constantFrom("+", "-"), twoDigits(14), fc.constantFrom("00", "30", "45")).map(([s, h, m]) => `${s}${h}:${m}`)),
  )
  .map(([y, mo, d, h, mi, s, f, z]) => `${String(y).padStart(4, "0")}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}T${h}:${mi}:${s}${f}${z}`);

const labels = fc.dictionary(fc.oneof(dnsLabel, fc.constantFrom("app.kubernetes.io/name", "pod-template-hash", "example.com/x")), fc.oneof(dnsLabel, fc.constant("")), { maxKeys: 4 });
const uid = fc.uuid();

/** metav1.ObjectMeta with every field a stored object carries. */
export const objectMeta: fc.Arbitrary<Obj> = fc.record(
  {
    name: dnsLabel,
    generateName: dnsLabel.map((s) => s + "-"),
    namespace: dnsLabel,
    selfLink: fc.constant("/api/v1/namespaces/default/pods/x"),
    uid,
    resourceVersion: fc.nat().map(String),
    generation: fc.nat(),
    creationTimestamp: fc.oneof(rfc3339, fc.constant(null)),
    deletionTimestamp: rfc3339,
    deletionGracePeriodSeconds: fc.nat(600),
    labels,
    annotations: fc.dictionary(fc.constantFrom("a", "kubectl.kubernetes.io/last-applied-configuration", "deployment.kubernetes.io/revision"), trickyString(), { maxKeys: 2 }),
    ownerReferences: fc.array(fc.record({ apiVersion: fc.constant("apps/v1"), kind: fc.constantFrom("ReplicaSet", "StatefulSet"), name: dnsLabel, uid, controller: fc.boolean(), blockOwnerDeletion: fc.boolean() }, { requiredKeys: ["apiVersion", "kind", "name", "uid"] }), { maxLength: 2 }),
    finalizers: fc.array(fc.constantFrom("kubernetes.io/pvc-protection", "foregroundDeletion", "x/y"), { maxLength: 2 }),
    managedFields: fc.array(
      fc.record({
        manager: fc.constantFrom("kubectl-client-side-apply", "kube-controller-manager"),
        operation: fc.constantFrom("Update", "Apply"),
        apiVersion: fc.constant("v1"),
        time: rfc3339,
        fieldsType: fc.constant("FieldsV1"),
        fieldsV1: fc.constantFrom({ "f:metadata": { "f:labels": { ".": {}, "f:app": {} } } }, { "f:spec": { "f:containers": { 'k:{"name":"a"}': {} } } }),
        subresource: fc.constantFrom("", "status"),
      }, { requiredKeys: ["manager"] }),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: [] },
);

const labelSelector = fc.record(
  {
    matchLabels: labels,
    matchExpressions: fc.array(fc.record({ key: dnsLabel, operator: fc.constantFrom("In", "NotIn", "Exists", "DoesNotExist"), values: fc.array(dnsLabel, { maxLength: 2 }) }, { requiredKeys: ["key", "operator"] }), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);

const keyToPath = fc.array(fc.record({ key: dnsLabel, path: dnsLabel, mode: fc.integer({ min: 0, max: 511 }) }, { requiredKeys: ["key", "path"] }), { maxLength: 2 });

/** Volume sources of many kinds (names a minor does not know are warned and dropped). */
export const volume: fc.Arbitrary<Obj> = fc.tuple(
  dnsLabel,
  fc.oneof(
    fc.record({ emptyDir: fc.record({ medium: fc.constantFrom("", "Memory"), sizeLimit: quantityString }, { requiredKeys: [] }) }),
    fc.record({ configMap: fc.record({ name: dnsLabel, items: keyToPath, defaultMode: fc.integer({ min: 0, max: 511 }), optional: fc.boolean() }, { requiredKeys: [] }) }),
    fc.record({ secret: fc.record({ secretName: dnsLabel, items: keyToPath, defaultMode: fc.integer({ min: 0, max: 511 }), optional: fc.boolean() }, { requiredKeys: [] }) }),
    fc.record({ hostPath: fc.record({ path: fc.constantFrom("/var/log", "/etc"), type: fc.constantFrom("", "Directory", "FileOrCreate") }, { requiredKeys: ["path"] }) }),
    fc.record({ persistentVolumeClaim: fc.record({ claimName: dnsLabel, readOnly: fc.boolean() }, { requiredKeys: ["claimName"] }) }),
    fc.record({ downwardAPI: fc.record({ items: fc.array(fc.record({ path: dnsLabel, fieldRef: fc.record({ fieldPath: fc.constant("metadata.labels") }), resourceFieldRef: fc.record({ containerName: dnsLabel, resource: fc.constant("limits.memory"), divisor: quantityString }, { requiredKeys: ["resource"] }) }, { requiredKeys: ["path"] }), { maxLength: 2 }) }, { requiredKeys: [] }) }),
    fc.record({ projected: fc.record({ sources: fc.array(fc.oneof(fc.record({ serviceAccountToken: fc.record({ audience: dnsLabel, expirationSeconds: fc.integer({ min: 600, max: 86400 }), path: dnsLabel }, { requiredKeys: ["path"] }) }), fc.record({ configMap: fc.record({ name: dnsLabel, items: keyToPath }, { requiredKeys: [] }) })), { maxLength: 2 }), defaultMode: fc.nat(511) }, { requiredKeys: [] }) }),
    fc.record({ csi: fc.record({ driver: fc.constant("csi.example.com"), readOnly: fc.boolean(), volumeAttributes: fc.dictionary(dnsLabel, dnsLabel, { maxKeys: 2 }) }, { requiredKeys: ["driver"] }) }),
    fc.record({ nfs: fc.record({ server: fc.constant("10.0.0.1"), path: fc.constant("/export"), readOnly: fc.boolean() }, { requiredKeys: ["server", "path"] }) }),
    fc.record({ image: fc.record({ reference: fc.constant("registry.k8s.io/pause:3.9"), pullPolicy: fc.constantFrom("Always", "IfNotPresent") }, { requiredKeys: [] }) }),
  ),
).map(([name, src]) => ({ name, ...src }));

const nodeSelectorTerm = fc.record({ matchExpressions: fc.array(fc.record({ key: dnsLabel, operator: fc.constantFrom("In", "Exists", "Gt"), values: fc.array(fc.nat(99).map(String), { maxLength: 2 }) }, { requiredKeys: ["key", "operator"] }), { maxLength: 2 }) }, { requiredKeys: [] });
const podAffinityTerm = fc.record({ labelSelector, topologyKey: fc.constantFrom("kubernetes.io/hostname", "topology.kubernetes.io/zone"), namespaces: fc.array(dnsLabel, { maxLength: 1 }), matchLabelKeys: fc.array(fc.constant("pod-template-hash"), { maxLength: 1 }) }, { requiredKeys: ["topologyKey"] });

const affinity = fc.record(
  {
    nodeAffinity: fc.record({ requiredDuringSchedulingIgnoredDuringExecution: fc.record({ nodeSelectorTerms: fc.array(nodeSelectorTerm, { minLength: 1, maxLength: 2 }) }), preferredDuringSchedulingIgnoredDuringExecution: fc.array(fc.record({ weight: fc.integer({ min: 1, max: 100 }), preference: nodeSelectorTerm }), { maxLength: 1 }) }, { requiredKeys: [] }),
    podAntiAffinity: fc.record({ preferredDuringSchedulingIgnoredDuringExecution: fc.array(fc.record({ weight: fc.integer({ min: 1, max: 100 }), podAffinityTerm }), { maxLength: 2 }) }, { requiredKeys: [] }),
    podAffinity: fc.record({ requiredDuringSchedulingIgnoredDuringExecution: fc.array(podAffinityTerm, { maxLength: 1 }) }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);

const resourceList = fc.dictionary(fc.constantFrom("cpu", "memory", "ephemeral-storage", "nvidia.com/gpu", "hugepages-2Mi"), quantityString, { maxKeys: 3 });

/** A PodSpec with the fields podTemplate leaves out. */
export const podSpecExtras: fc.Arbitrary<Obj> = fc.record(
  {
    volumes: fc.array(volume, { maxLength: 3 }),
    ephemeralContainers: fc.array(container.map((c) => ({ ...c, targetContainerName: "app" })), { maxLength: 1 }),
    activeDeadlineSeconds: fc.nat(3600),
    automountServiceAccountToken: fc.boolean(),
    nodeName: dnsLabel,
    hostPID: fc.boolean(),
    hostIPC: fc.boolean(),
    imagePullSecrets: fc.array(fc.record({ name: dnsLabel }), { maxLength: 2 }),
    hostname: dnsLabel,
    subdomain: dnsLabel,
    affinity,
    schedulerName: fc.constantFrom("default-scheduler", "custom"),
    hostAliases: fc.array(fc.record({ ip: fc.constantFrom("127.0.0.1", "10.1.2.3"), hostnames: fc.array(dnsLabel, { maxLength: 2 }) }, { requiredKeys: ["ip"] }), { maxLength: 2 }),
    priorityClassName: dnsLabel,
    dnsConfig: fc.record({ nameservers: fc.array(fc.constant("1.1.1.1"), { maxLength: 1 }), searches: fc.array(dnsLabel, { maxLength: 2 }), options: fc.array(fc.record({ name: fc.constantFrom("ndots", "edns0"), value: fc.constantFrom("2", "5") }, { requiredKeys: ["name"] }), { maxLength: 2 }) }, { requiredKeys: [] }),
    readinessGates: fc.array(fc.record({ conditionType: fc.constant("example.com/ready") }), { maxLength: 1 }),
    runtimeClassName: fc.constantFrom("runc", "gvisor"),
    preemptionPolicy: fc.constantFrom("PreemptLowerPriority", "Never"),
    overhead: resourceList,
    topologySpreadConstraints: fc.array(fc.record({ maxSkew: fc.integer({ min: 1, max: 3 }), topologyKey: fc.constant("topology.kubernetes.io/zone"), whenUnsatisfiable: fc.constantFrom("DoNotSchedule", "ScheduleAnyway"), labelSelector, minDomains: fc.integer({ min: 1, max: 3 }), nodeAffinityPolicy: fc.constantFrom("Honor", "Ignore"), matchLabelKeys: fc.array(fc.constant("pod-template-hash"), { maxLength: 1 }) }, { requiredKeys: ["maxSkew", "topologyKey", "whenUnsatisfiable"] }), { maxLength: 2 }),
    setHostnameAsFQDN: fc.boolean(),
    os: fc.record({ name: fc.constantFrom("linux", "windows") }),
    hostUsers: fc.boolean(),
    schedulingGates: fc.array(fc.record({ name: fc.constant("example.com/gate") }), { maxLength: 1 }),
    resourceClaims: fc.array(fc.record({ name: dnsLabel, resourceClaimName: dnsLabel }, { requiredKeys: ["name"] }), { maxLength: 1 }),
    resources: fc.record({ limits: resourceList, requests: resourceList }, { requiredKeys: [] }),
    securityContext: fc.record({ runAsUser: fc.nat(70000), runAsGroup: fc.nat(70000), runAsNonRoot: fc.boolean(), supplementalGroups: fc.array(fc.nat(70000), { maxLength: 3 }), fsGroup: fc.nat(70000), fsGroupChangePolicy: fc.constantFrom("Always", "OnRootMismatch"), seccompProfile: fc.record({ type: fc.constant("RuntimeDefault") }), sysctls: fc.array(fc.record({ name: fc.constant("net.ipv4.ip_local_port_range"), value: fc.constant("1024 65535") }), { maxLength: 1 }) }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);

/** A pod template with full metadata and a spec using (almost) every PodSpec field. */
export const fullTemplate: fc.Arbitrary<Obj> = fc.tuple(podTemplate, objectMeta, podSpecExtras).map(([t, meta, extra]) => ({
  metadata: { ...(t.metadata as Obj), ...meta },
  spec: { ...(t.spec as Obj), ...extra },
}));

const state = fc.oneof(
  fc.record({ running: fc.record({ startedAt: rfc3339 }) }),
  fc.record({ waiting: fc.record({ reason: fc.constantFrom("CrashLoopBackOff", "ContainerCreating"), message: trickyString() }, { requiredKeys: [] }) }),
  fc.record({ terminated: fc.record({ exitCode: fc.integer({ min: -1, max: 255 }), signal: fc.nat(15), reason: fc.constant("Completed"), startedAt: rfc3339, finishedAt: rfc3339, containerID: fc.constant("containerd://abc") }, { requiredKeys: ["exitCode"] }) }),
);

const containerStatus = fc.record(
  { name: dnsLabel, state, lastState: state, ready: fc.boolean(), restartCount: fc.nat(50), image: fc.constant("nginx:1.20"), imageID: fc.constant("docker.io/library/nginx@sha256:" + "b".repeat(64)), containerID: fc.constant("containerd://0123"), started: fc.boolean(), allocatedResources: resourceList },
  { requiredKeys: ["name", "ready", "restartCount", "image", "imageID"] },
);

/** A Pod as the API server stores it: metadata, spec and status. */
export const pod: fc.Arbitrary<Obj> = fc.tuple(fullTemplate, fc.record(
  {
    phase: fc.constantFrom("Pending", "Running", "Succeeded"),
    conditions: fc.array(fc.record({ type: fc.constantFrom("Ready", "PodScheduled"), status: fc.constantFrom("True", "False"), lastProbeTime: fc.oneof(rfc3339, fc.constant(null)), lastTransitionTime: rfc3339, reason: dnsLabel, message: trickyString() }, { requiredKeys: ["type", "status"] }), { maxLength: 2 }),
    hostIP: fc.constant("10.0.0.5"),
    podIP: fc.constant("10.244.1.7"),
    podIPs: fc.array(fc.record({ ip: fc.constantFrom("10.244.1.7", "fd00::7") }), { maxLength: 2 }),
    startTime: rfc3339,
    containerStatuses: fc.array(containerStatus, { maxLength: 2 }),
    qosClass: fc.constantFrom("Guaranteed", "Burstable", "BestEffort"),
  },
  { requiredKeys: [] },
)).map(([t, status]) => ({ apiVersion: "v1", kind: "Pod", ...t, status }));

const intOrPercent = fc.oneof(fc.nat(5), fc.constantFrom("25%", "1", "0%", "100%"));

/** apps/v1 workloads with their own spec fields (strategies with IntOrString, claim templates, ...). */
export const workload = (kind: "Deployment" | "ReplicaSet" | "StatefulSet" | "DaemonSet"): fc.Arbitrary<Obj> =>
  fc.tuple(objectMeta, fullTemplate, labelSelector, fc.record(
    {
      replicas: fc.nat(10),
      minReadySeconds: fc.nat(30),
      revisionHistoryLimit: fc.nat(10),
      paused: fc.boolean(),
      progressDeadlineSeconds: fc.nat(600),
      strategy: fc.oneof(fc.record({ type: fc.constant("Recreate") }), fc.record({ type: fc.constant("RollingUpdate"), rollingUpdate: fc.record({ maxUnavailable: intOrPercent, maxSurge: intOrPercent }, { requiredKeys: [] }) })),
      updateStrategy: fc.oneof(fc.record({ type: fc.constant("OnDelete") }), fc.record({ type: fc.constant("RollingUpdate"), rollingUpdate: fc.record({ partition: fc.nat(3), maxUnavailable: intOrPercent, maxSurge: intOrPercent }, { requiredKeys: [] }) })),
      serviceName: dnsLabel,
      podManagementPolicy: fc.constantFrom("OrderedReady", "Parallel"),
      volumeClaimTemplates: fc.array(fc.record({ metadata: fc.record({ name: dnsLabel, labels }, { requiredKeys: ["name"] }), spec: fc.record({ accessModes: fc.array(fc.constantFrom("ReadWriteOnce", "ReadOnlyMany"), { maxLength: 1 }), storageClassName: dnsLabel, resources: fc.record({ requests: fc.record({ storage: quantityString }) }), volumeMode: fc.constantFrom("Filesystem", "Block") }, { requiredKeys: [] }) }, { requiredKeys: ["metadata"] }), { maxLength: 1 }),
      persistentVolumeClaimRetentionPolicy: fc.record({ whenDeleted: fc.constantFrom("Retain", "Delete"), whenScaled: fc.constantFrom("Retain", "Delete") }, { requiredKeys: [] }),
      ordinals: fc.record({ start: fc.nat(5) }),
    },
    { requiredKeys: [] },
  ), fc.record({ observedGeneration: fc.nat(), replicas: fc.nat(10), readyReplicas: fc.nat(10), collisionCount: fc.nat(5), currentRevision: dnsLabel, conditions: fc.array(fc.record({ type: fc.constant("Available"), status: fc.constant("True"), lastUpdateTime: rfc3339, lastTransitionTime: rfc3339, reason: dnsLabel }), { maxLength: 1 }) }, { requiredKeys: [] }))
    .map(([meta, template, selector, spec, status]) => ({ apiVersion: "apps/v1", kind, metadata: meta, spec: { ...spec, selector, template }, status }));

/** JSON values a ControllerRevision's raw `data` may hold (kept byte for byte, then compacted). */
export const rawData: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ spec: fc.record({ template: fullTemplate.map((t) => ({ ...t, $patch: "replace" })) }) }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A ControllerRevision. */
export const controllerRevision: fc.Arbitrary<Obj> = fc.tuple(objectMeta, rawData, fc.nat(20)).map(([metadata, data, revision]) => ({ apiVersion: "apps/v1", kind: "ControllerRevision", metadata, data, revision }));

// -------------------------------------------------------------------------------------------------
// text-level variations

/** Keys no supported minor knows. */
const unknownKey = fc.oneof(fc.constantFrom("foo", "Name", "IMAGE", "x-extra", "é", "name ", "\u2028", "Spec"), dnsLabel.map((s) => "zz" + s));

/** Object fields that are Go maps (any key is known there) or raw JSON: no unknown fields go in. */
const MAP_FIELDS = new Set(["labels", "annotations", "nodeSelector", "limits", "requests", "overhead", "matchLabels", "volumeAttributes", "allocatedResources", "capacity", "data", "fieldsV1"]);

/** Adds unknown field `extra[i]` to the `picks[i]`-th struct-like object node of `v` (modulo their count). */
export function withUnknownFields(v: unknown, picks: number[], extra: [string, unknown][]): unknown {
  const count = (x: unknown, key: string): number =>
    Array.isArray(x) ? x.reduce((s: number, e) => s + count(e, ""), 0)
      : x !== null && typeof x === "object" && !MAP_FIELDS.has(key) ? 1 + Object.entries(x as Obj).reduce((s: number, [k, e]) => s + count(e, k), 0) : 0;
  const total = count(v, "");
  if (total === 0) return v;
  const targets = picks.map((p) => p % total);
  let n = 0;
  const walk = (x: unknown, key: string): unknown => {
    if (Array.isArray(x)) return x.map((e) => walk(e, ""));
    if (x === null || typeof x !== "object" || MAP_FIELDS.has(key)) return x;
    const here = n++;
    const o: Obj = {};
    for (const [k, val] of Object.entries(x as Obj)) o[k] = walk(val, k);
    targets.forEach((t, i) => {
      if (t === here && extra[i]) o[extra[i]![0]] = extra[i]![1];
    });
    return o;
  };
  return walk(v, "");
}

/**
 * Numbers beyond float32's range clamped to ±1e30: json-iterator before v1.1.7 (Kubernetes 1.12,
 * 1.15) refuses them wherever it skips a value with a sign or an exponent, and then names every
 * field it reads afterwards in its message; the suite asks for that quirk where the text is exact.
 */
export function clampFloats(v: unknown): unknown {
  if (typeof v === "number") return Math.abs(v) > 1e30 ? Math.sign(v) * 1e30 : v;
  if (Array.isArray(v)) return v.map(clampFloats);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v as Obj).map(([k, x]) => [k, clampFloats(x)]));
  return v;
}

/** Unknown fields to add: (picks, key/value pairs). */
export const unknownFields = fc.tuple(fc.array(fc.nat(1000), { minLength: 1, maxLength: 3 }), fc.array(fc.tuple(unknownKey, fc.jsonValue({ maxDepth: 1 })), { minLength: 3, maxLength: 3 }));

/** Text options for one serialization. */
export interface TextStyle {
  /** Per object: repeat the first key with a second value (decoded into the first one's value). */
  duplicates: boolean;
  /** Spell some keys with \u escapes. */
  escapes: boolean;
  /** Spaces and newlines between tokens. */
  spaces: boolean;
  /** Quantity strings under limits/requests/overhead written as JSON numbers when they are numbers. */
  numericQuantities: boolean;
  seed: number;
}

export const textStyle: fc.Arbitrary<TextStyle> = fc.record({ duplicates: fc.boolean(), escapes: fc.boolean(), spaces: fc.boolean(), numericQuantities: fc.boolean(), seed: fc.nat() });

/** A tiny deterministic generator for text decisions. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s / 0x100000000;
  };
}

const QUANTITY_MAPS = new Set(["limits", "requests", "overhead", "allocatedResources", "capacity"]);

/** Serializes `v` as JSON text with the variations of `style` (still valid JSON). */
export function toText(v: unknown, style: TextStyle): string {
  const r = rng(style.seed);
  const ws = () => (style.spaces && r() < 0.3 ? [" ", "\n", "\t ", "  "][Math.floor(r() * 4)]! : "");
  const key = (k: string) => {
    if (!style.escapes || r() > 0.2 || k.length === 0) return JSON.stringify(k);
    const i = Math.floor(r() * k.length);
    const c = k.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return JSON.stringify(k);
    return JSON.stringify(k.slice(0, i)).slice(0, -1) + "\\u" + c.toString(16).padStart(4, "0") + JSON.stringify(k.slice(i + 1)).slice(1);
  };
  const walk = (x: unknown, parentKey: string): string => {
    if (Array.isArray(x)) return "[" + ws() + x.map((e) => (e === undefined ? "null" : walk(e, ""))).join(ws() + "," + ws()) + ws() + "]";
    if (x === null || typeof x !== "object") {
      if (style.numericQuantities && typeof x === "string" && QUANTITY_MAPS.has(parentKey) && /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/.test(x)) return x;
      return JSON.stringify(x);
    }
    const entries = Object.entries(x as Obj).filter(([, val]) => val !== undefined);
    const parts: string[] = [];
    entries.forEach(([k, val], i) => {
      if (style.duplicates && i === 0 && r() < 0.3) parts.push(key(k) + ws() + ":" + ws() + walk(val, k));
      parts.push(key(k) + ws() + ":" + ws() + walk(val, QUANTITY_MAPS.has(parentKey) ? parentKey : k));
    });
    return "{" + ws() + parts.join(ws() + "," + ws()) + ws() + "}";
  };
  return walk(v, "");
}

// -------------------------------------------------------------------------------------------------
// wrong-typed values

/** Container fields with wrong-typed values, appended as the container's last key. */
export const badContainerTail: fc.Arbitrary<string> = fc.constantFrom(
  `"stdin":"yes"`,
  `"name":5`,
  `"image":true`,
  `"terminationMessagePath":["x"]`,
  `"livenessProbe":{"periodSeconds":"10"}`,
  `"livenessProbe":{"periodSeconds":1.5}`,
  `"livenessProbe":{"httpGet":{"port":[1]}}`,
  `"livenessProbe":{"httpGet":{"port":1.5}}`,
  `"livenessProbe":{"tcpSocket":{"port":true}}`,
  `"resources":{"limits":{"cpu":"1x"}}`,
  `"resources":{"requests":{"memory":"Mi1"}}`,
  `"resources":{"limits":{"cpu":"+-1"}}`,
  `"ports":[{"containerPort":"80"}]`,
  `"ports":[{"containerPort":1.5}]`,
  `"ports":[{"containerPort":5000000000}]`,
  `"ports":[{"containerPort":4294967296}]`,
  `"ports":[{"containerPort":99999999999999999999}]`,
  `"ports":[{"containerPort":-1}]`,
  `"ports":[{"containerPort":2147483648}]`,
  `"ports":[{"containerPort":1e3}]`,
  `"ports":"x"`,
  `"command":"x"`,
  `"env":[{"name":"a","valueFrom":{"resourceFieldRef":{"resource":"limits.cpu","divisor":"bogus"}}}]`,
  `"securityContext":{"runAsUser":"0"}`,
  `"securityContext":{"runAsUser":9223372036854775808}`,
  `"securityContext":{"privileged":1}`,
  `"securityContext":{"capabilities":{"add":"ALL"}}`,
  `"volumeMounts":[{"name":"a","mountPath":"/x","readOnly":"true"}]`,
);

/** Wrong-typed values for any scalar position (json-iterator reads on after them, sigs.k8s.io/json reports the first). */
export const wrongValue: fc.Arbitrary<unknown> = fc.constantFrom<unknown>("x", 1, 1.5, -1, true, [], {}, [1], { a: 1 }, 1e30, "80");

/** Replaces the value at the `pick`-th scalar leaf of `v` with `bad` (JSON values only). */
export function replaceLeaf(v: unknown, pick: number, bad: unknown): unknown {
  let n = 0;
  const leaves = (x: unknown): number => (Array.isArray(x) ? x.reduce((s: number, e) => s + leaves(e), 0) : x !== null && typeof x === "object" ? Object.values(x as Obj).reduce((s: number, e) => s + leaves(e), 0) : 1);
  const total = leaves(v);
  if (total === 0) return v;
  const target = pick % total;
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x !== null && typeof x === "object") {
      const o: Obj = {};
      for (const [k, val] of Object.entries(x as Obj)) o[k] = walk(val);
      return o;
    }
    return n++ === target ? bad : x;
  };
  return walk(v);
}
