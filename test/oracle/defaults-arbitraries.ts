// fast-check generators of bare manifests for the applyDefaults differential suite: objects with most
// optional fields left out (so the API server's defaulters fire), image references that exercise the
// imagePullPolicy tag rule (tags, digests, registries with ports, IPv6 hosts, upper case, bad
// references), every volume source that has a default, probes with no timings, host networking,
// limits without requests, the Pod-only rules (negative grace period 1.37, podIP/podIPs sync 1.37), and
// pod-level resources (spec.resources with sidecars, hugepages and Quantities in every spelling).

import fc from "fast-check";
import { container, dnsLabel, quantityString, volume } from "./k8s-objects.ts";
import { workload, fullTemplate, pod } from "./k8s-objects.ts";

type Obj = Record<string, unknown>;

const hex = (n: number, upper = false) => fc.array(fc.constantFrom(..."0123456789abcdef"), { minLength: n, maxLength: n }).map((a) => (upper ? a.join("").toUpperCase() : a.join("")));

/** Image references: plain, tagged, latest, digests (valid and not), registries, ports, IPv6, upper case, junk. */
export const imageRef: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "nginx", "nginx:latest", "nginx:1.27", "nginx:Latest", "library/nginx:latest", "docker.io/nginx", "index.docker.io/library/nginx:latest",
    "registry.k8s.io/pause:3.9", "registry.k8s.io/pause", "localhost:5000/app", "localhost/app:latest", "localhost:5000/app:latest",
    "[::1]:5000/app", "[::1]:5000/app:latest", "[fe80::1]/x:1", "Registry.Example.com/app", "Foo/bar", "Foo/bar:latest", "foo/Bar", "UPPER",
    "", " nginx", "nginx:", "nginx:-x", "nginx::1", "a/b/c/d:latest", "a__b", "a___b", "a--b:latest", "a.-b", "my-reg.io:443/team/app:v1.2.3",
    "my-reg.io:x/app", "-reg.io/app", "reg-.io/app", "app@sha256:", "app:latest@sha256:" + "c".repeat(64), "a".repeat(64), "b".repeat(63),
    "x".repeat(256), "é/app", "app:" + "t".repeat(128), "app:" + "t".repeat(129), "app@md5:" + "d".repeat(32), "app@sha512:" + "e".repeat(128),
    "app@sha384:" + "f".repeat(96), "app@sha256:" + "a".repeat(63),
  ),
  hex(64).map((h) => `app@sha256:${h}`),
  hex(64, true).map((h) => `app@sha256:${h}`),
  fc.tuple(fc.constantFrom("", "registry.example.com/", "quay.io:8443/", "ghcr.io/org/"), dnsLabel, fc.constantFrom("", ":latest", ":1.0", ":LATEST", ":v1_2")).map(([r, n, t]) => r + n + t),
  fc.string({ maxLength: 12 }),
);

const bareProbe = fc.oneof(
  fc.record({ httpGet: fc.record({ port: fc.constantFrom(80, "http"), path: fc.constantFrom("/healthz", ""), scheme: fc.constantFrom("HTTPS", "") }, { requiredKeys: ["port"] }) }),
  fc.record({ tcpSocket: fc.record({ port: fc.constant(80) }) }),
  fc.record({ grpc: fc.record({ port: fc.constant(9090), service: fc.constantFrom("", "svc") }, { requiredKeys: ["port"] }) }),
  fc.record({ exec: fc.record({ command: fc.constant(["true"]) }), timeoutSeconds: fc.nat(3), periodSeconds: fc.nat(3), successThreshold: fc.nat(2), failureThreshold: fc.nat(2) }, { requiredKeys: ["exec"] }),
);

const resources = fc.dictionary(fc.constantFrom("cpu", "memory", "ephemeral-storage", "nvidia.com/gpu", "hugepages-2Mi"), quantityString, { maxKeys: 3 });

/** A container with most fields absent: image, ports without protocol, env fieldRefs, limits without requests, bare probes. */
export const bareContainer: fc.Arbitrary<Obj> = fc.record(
  {
    name: dnsLabel,
    image: imageRef,
    imagePullPolicy: fc.constantFrom("", "Never"),
    ports: fc.array(fc.record({ containerPort: fc.integer({ min: 1, max: 65535 }), hostPort: fc.constantFrom(0, 8080), protocol: fc.constantFrom("", "UDP") }, { requiredKeys: ["containerPort"] }), { maxLength: 2 }),
    env: fc.array(fc.oneof(
      fc.record({ name: dnsLabel, valueFrom: fc.record({ fieldRef: fc.record({ fieldPath: fc.constant("metadata.name"), apiVersion: fc.constantFrom("", "v1") }, { requiredKeys: ["fieldPath"] }) }) }),
      fc.record({ name: dnsLabel, valueFrom: fc.record({ fileKeyRef: fc.record({ volumeName: dnsLabel, path: fc.constant("f"), key: dnsLabel, optional: fc.boolean() }, { requiredKeys: ["volumeName", "path", "key"] }) }) }),
      fc.record({ name: dnsLabel, value: fc.constant("x") }),
    ), { maxLength: 2 }),
    resources: fc.record({ limits: resources, requests: resources }, { requiredKeys: [] }),
    livenessProbe: bareProbe,
    readinessProbe: bareProbe,
    startupProbe: bareProbe,
    lifecycle: fc.record({ postStart: fc.record({ httpGet: fc.record({ port: fc.constant(80) }) }), preStop: fc.record({ httpGet: fc.record({ port: fc.constant(80), path: fc.constant("/stop") }) }) }, { requiredKeys: [] }),
    terminationMessagePath: fc.constantFrom("", "/tmp/log"),
    terminationMessagePolicy: fc.constantFrom("", "FallbackToLogsOnError"),
  },
  { requiredKeys: ["name", "image"] },
);

/** Volume sources with defaults (and an empty source, which becomes emptyDir). */
export const bareVolume: fc.Arbitrary<Obj> = fc.tuple(dnsLabel, fc.oneof(
  fc.constant({}),
  fc.record({ secret: fc.record({ secretName: dnsLabel, items: fc.constant([{ key: "k", path: "p" }]) }, { requiredKeys: [] }) }),
  fc.record({ configMap: fc.record({ name: dnsLabel }, { requiredKeys: [] }) }),
  fc.record({ downwardAPI: fc.record({ items: fc.array(fc.record({ path: dnsLabel, fieldRef: fc.record({ fieldPath: fc.constant("metadata.labels") }) }), { maxLength: 2 }) }, { requiredKeys: [] }) }),
  fc.record({ projected: fc.record({ sources: fc.array(fc.oneof(
    fc.record({ serviceAccountToken: fc.record({ path: dnsLabel, audience: dnsLabel }, { requiredKeys: ["path"] }) }),
    fc.record({ downwardAPI: fc.record({ items: fc.array(fc.record({ path: dnsLabel, fieldRef: fc.record({ fieldPath: fc.constant("metadata.name") }) }), { maxLength: 1 }) }) }),
  ), { maxLength: 2 }) }, { requiredKeys: [] }) }),
  fc.record({ hostPath: fc.record({ path: fc.constant("/var/log") }) }),
  fc.record({ iscsi: fc.record({ targetPortal: fc.constant("10.0.0.1:3260"), iqn: fc.constant("iqn.x"), lun: fc.nat(3) }) }),
  fc.record({ rbd: fc.record({ monitors: fc.constant(["10.0.0.1"]), image: dnsLabel, pool: fc.constantFrom("", "p") }, { requiredKeys: ["monitors", "image"] }) }),
  fc.record({ azureDisk: fc.record({ diskName: dnsLabel, diskURI: fc.constant("https://x/y"), readOnly: fc.boolean() }, { requiredKeys: ["diskName", "diskURI"] }) }),
  fc.record({ scaleIO: fc.record({ gateway: fc.constant("gw"), system: fc.constant("sys"), secretRef: fc.record({ name: dnsLabel }) }) }),
  fc.record({ ephemeral: fc.record({ volumeClaimTemplate: fc.record({ spec: fc.record({ accessModes: fc.constant(["ReadWriteOnce"]), resources: fc.record({ requests: fc.record({ storage: quantityString }) }) }) }) }) }),
  fc.record({ image: fc.record({ reference: imageRef }) }),
)).map(([name, src]) => ({ name, ...src }));

/** A bare pod template: metadata labels and a spec with containers, init containers, volumes, host networking. */
export const barePodTemplate: fc.Arbitrary<Obj> = fc.record(
  {
    metadata: fc.record({ labels: fc.dictionary(dnsLabel, dnsLabel, { maxKeys: 2 }) }, { requiredKeys: [] }),
    spec: fc.record(
      {
        containers: fc.array(bareContainer, { minLength: 1, maxLength: 3 }),
        initContainers: fc.array(bareContainer, { maxLength: 1 }),
        ephemeralContainers: fc.array(bareContainer.map((c) => ({ ...c, targetContainerName: "app" })), { maxLength: 1 }),
        volumes: fc.array(fc.oneof(bareVolume, volume), { maxLength: 3 }),
        hostNetwork: fc.boolean(),
        restartPolicy: fc.constantFrom("", "OnFailure"),
        dnsPolicy: fc.constantFrom("", "Default"),
        schedulerName: fc.constantFrom("", "custom"),
        serviceAccountName: fc.constantFrom("", "sa"),
        serviceAccount: fc.constantFrom("", "old", "sa"),
        terminationGracePeriodSeconds: fc.integer({ min: -5, max: 60 }),
        overhead: resources,
        securityContext: fc.record({ runAsUser: fc.nat(1000) }, { requiredKeys: [] }),
      },
      { requiredKeys: ["containers"] },
    ),
  },
  { requiredKeys: ["spec"] },
);

/** A bare Pod (with a status for the podIP/podIPs and resource-list defaults). */
export const barePod: fc.Arbitrary<Obj> = fc.tuple(barePodTemplate, fc.record(
  {
    podIP: fc.constantFrom("", "10.0.0.1"),
    podIPs: fc.array(fc.record({ ip: fc.constantFrom("10.0.0.1", "fd00::1", "") }), { maxLength: 2 }),
    containerStatuses: fc.array(fc.record({ name: dnsLabel, allocatedResources: resources }), { maxLength: 1 }),
  },
  { requiredKeys: [] },
)).map(([t, status]) => ({ apiVersion: "v1", kind: "Pod", ...t, status }));

/** A bare apps/v1 workload: strategies partly given, a bare template, claim templates. */
export const bareWorkload = (kind: "Deployment" | "ReplicaSet" | "StatefulSet" | "DaemonSet"): fc.Arbitrary<Obj> =>
  fc.tuple(dnsLabel, barePodTemplate, fc.record(
    {
      replicas: fc.nat(5),
      strategy: fc.oneof(fc.constant({}), fc.record({ type: fc.constant("Recreate") }), fc.record({ type: fc.constant("RollingUpdate"), rollingUpdate: fc.record({ maxSurge: fc.constantFrom(1, "50%") }, { requiredKeys: [] }) })),
      updateStrategy: fc.oneof(fc.constant({}), fc.record({ type: fc.constant("OnDelete") }), fc.record({ type: fc.constant("RollingUpdate"), rollingUpdate: fc.record({ partition: fc.nat(3), maxUnavailable: fc.constantFrom(2, "10%") }, { requiredKeys: [] }) }, { requiredKeys: ["type"] })),
      podManagementPolicy: fc.constantFrom("", "Parallel"),
      volumeClaimTemplates: fc.array(fc.record({ metadata: fc.record({ name: dnsLabel }), spec: fc.record({ resources: fc.record({ requests: fc.record({ storage: quantityString }) }) }, { requiredKeys: [] }) }, { requiredKeys: ["metadata"] }), { maxLength: 1 }),
      persistentVolumeClaimRetentionPolicy: fc.record({ whenDeleted: fc.constant("Delete") }, { requiredKeys: [] }),
    },
    { requiredKeys: [] },
  )).map(([name, template, spec]) => ({ apiVersion: "apps/v1", kind, metadata: { name }, spec: { ...spec, selector: { matchLabels: { app: "x" } }, template } }));

/** Generators of the hash suite reused with applyDefaults (fields present, so defaults mostly keep them). */
export const fullObjects = { container, fullTemplate, pod, workload };

/** Quantities of pod-level resource tests: every spelling of the hash suite's generator, JSON null (the zero
 * Quantity) now and then, and huge values that overflow the int64 fast path when summed. */
const podQuantity: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 8, arbitrary: quantityString },
  { weight: 1, arbitrary: fc.constantFrom(null, "9223372036854775807", "9e18", "8Ei", "1000E", "0.000000001", "1n", "-1", "0") },
);
const podLevelList = fc.dictionary(fc.constantFrom("cpu", "memory", "hugepages-2Mi", "hugepages-1Gi", "ephemeral-storage", "nvidia.com/gpu"), podQuantity, { maxKeys: 4 });
const podLevelContainer = (init: boolean) => fc.record(
  {
    name: dnsLabel,
    image: fc.constantFrom("nginx", "app:1"),
    resources: fc.record({ limits: podLevelList, requests: podLevelList }, { requiredKeys: [] }),
    ...(init ? { restartPolicy: fc.constantFrom("Always", "Always", "OnFailure") } : {}),
  },
  { requiredKeys: init ? ["name", "image", "resources"] : ["name", "image"] },
);

/** A bare Pod with pod-level resources (spec.resources, 1.32+; defaulted from the containers at 1.34–1.36):
 * regular, init and sidecar (restartPolicy Always) containers with limits and requests in every spelling. */
export const podLevelPod: fc.Arbitrary<Obj> = fc.record(
  {
    containers: fc.array(podLevelContainer(false), { minLength: 1, maxLength: 3 }),
    initContainers: fc.array(podLevelContainer(true), { maxLength: 3 }),
    resources: fc.oneof(
      fc.record({ limits: podLevelList, requests: podLevelList }, { requiredKeys: [] }),
      fc.record({ limits: podLevelList }),
      fc.constant({ limits: {} }),
      fc.constant({}),
    ),
  },
  { requiredKeys: ["containers", "resources"] },
).map((spec) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: "p" }, spec }));

const workloadKind = fc.constantFrom("Deployment", "ReplicaSet", "StatefulSet", "DaemonSet") as fc.Arbitrary<"Deployment" | "ReplicaSet" | "StatefulSet" | "DaemonSet">;

/** Request lines for one minor: every op that takes applyDefaults, bare and full objects. */
export function defaultsLines(minor: string, cases: number): fc.Arbitrary<string[]> {
  const line = fc.oneof(
    { weight: 3, arbitrary: fc.oneof(bareContainer, fullObjects.container).map((c) => ({ op: "container.hash", container: c, kubelet: minor, applyDefaults: true })) },
    { weight: 2, arbitrary: fc.oneof(bareContainer, fullObjects.container).map((c) => ({ op: "k8s.json", type: "Container", value: c, kubernetes: minor, applyDefaults: true })) },
    { weight: 3, arbitrary: fc.oneof(barePod, fullObjects.pod).map((p) => ({ op: "k8s.json", type: "Pod", value: p, kubernetes: minor, applyDefaults: true })) },
    { weight: 2, arbitrary: podLevelPod.map((p) => ({ op: "k8s.json", type: "Pod", value: p, kubernetes: minor, applyDefaults: true })) },
    { weight: 2, arbitrary: fc.oneof(barePodTemplate, fullObjects.fullTemplate).map((t) => ({ op: "k8s.json", type: "PodTemplateSpec", value: t, kubernetes: minor, applyDefaults: true })) },
    { weight: 2, arbitrary: fc.oneof(barePodTemplate, fullObjects.fullTemplate).map((t) => ({ op: "podTemplateHash", template: t, kubernetes: minor, applyDefaults: true })) },
    { weight: 2, arbitrary: workloadKind.chain((k) => fc.oneof(bareWorkload(k), fullObjects.workload(k)).map((w) => ({ op: "k8s.json", type: k, value: w, kubernetes: minor, applyDefaults: true }))) },
    { weight: 2, arbitrary: fc.constantFrom("StatefulSet", "DaemonSet").chain((k) => bareWorkload(k as "StatefulSet").map((w) => ({ op: "revision", kind: k, object: w, kubernetes: minor, applyDefaults: true }))) },
  ).map((r) => JSON.stringify(r));
  return fc.array(line, { minLength: cases, maxLength: cases });
}

