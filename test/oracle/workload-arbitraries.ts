// Generators of the workload.validateUpdate differential suite and vectors: realistic stored
// workloads (the Kubernetes docs' nginx Deployment, fluentd-elasticsearch DaemonSet, web StatefulSet
// with volumeClaimTemplates and guestbook frontend ReplicaSet, with small variations, as a client
// reads them back: metadata the server set, status) and 0-3 realistic edits of them, some that
// upstream refuses (immutable selector / serviceName / podManagementPolicy / volumeClaimTemplates,
// template labels that stop matching, negative numbers, strategy leftovers, bad intstr values,
// metadata rules, pod template rules), some that it accepts, and some that it warns about (the pod template
// warnings of each minor, the StatefulSet's own). Roughly half the pairs are refused.
//
// Upstream ranges over Go maps in a few places (label and annotation validation, the deprecated
// nodeSelector label warnings), so each map keeps at most one entry that produces a message there.

import fc from "fast-check";

/** A JSON object. */
export type Obj = Record<string, any>;

/** The kinds of the op. */
export type WorkloadKind = "Deployment" | "StatefulSet" | "DaemonSet" | "ReplicaSet";
export const WORKLOAD_KINDS: WorkloadKind[] = ["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet"];

const minorOf = (minor: string) => Number(minor.slice(2));

// ---------------------------------------------------------------------------------------------
// realistic stored workloads

const UID = "2f6c1e4a-9b3d-4c8e-a1f7-5d0b9e3c6a21";
const CREATED = "2024-05-01T10:00:00Z";

/** The docs' nginx Deployment. */
function deployment(v: Variation): Obj {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "nginx-deployment", namespace: v.namespace, labels: { app: "nginx" }, annotations: { "deployment.kubernetes.io/revision": "1" } },
    spec: {
      replicas: v.replicas,
      selector: { matchLabels: { app: "nginx" } },
      template: {
        metadata: { labels: { app: "nginx" } },
        spec: { containers: [{ name: "nginx", image: v.image ?? "nginx:1.14.2", ports: [{ containerPort: 80 }], ...(v.resources ? { resources: v.resources } : {}) }] },
      },
      ...(v.strategy === 1 ? { strategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: "25%", maxSurge: "25%" } } } : {}),
      ...(v.strategy === 2 ? { strategy: { type: "Recreate" } } : {}),
      ...(v.progress ? { progressDeadlineSeconds: 600, revisionHistoryLimit: 10 } : {}),
    },
    status: { observedGeneration: 1, replicas: v.replicas, updatedReplicas: v.replicas, readyReplicas: v.replicas, availableReplicas: v.replicas },
  };
}

/** The docs' fluentd-elasticsearch DaemonSet. */
function daemonSet(v: Variation): Obj {
  return {
    apiVersion: "apps/v1",
    kind: "DaemonSet",
    metadata: { name: "fluentd-elasticsearch", namespace: v.namespace === "default" ? "kube-system" : v.namespace, labels: { "k8s-app": "fluentd-logging" }, annotations: { "deprecated.daemonset.template.generation": "1" } },
    spec: {
      selector: { matchLabels: { name: "fluentd-elasticsearch" } },
      template: {
        metadata: { labels: { name: "fluentd-elasticsearch" } },
        spec: {
          tolerations: [
            { key: "node-role.kubernetes.io/control-plane", operator: "Exists", effect: "NoSchedule" },
            { key: "node-role.kubernetes.io/master", operator: "Exists", effect: "NoSchedule" },
          ],
          containers: [{
            name: "fluentd-elasticsearch",
            image: v.image ?? "quay.io/fluentd_elasticsearch/fluentd:v2.5.2",
            resources: v.resources ?? { limits: { memory: "200Mi" }, requests: { cpu: "100m", memory: "200Mi" } },
            volumeMounts: [{ name: "varlog", mountPath: "/var/log" }],
          }],
          terminationGracePeriodSeconds: 30,
          volumes: [{ name: "varlog", hostPath: { path: "/var/log" } }],
        },
      },
      ...(v.strategy === 1 ? { updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 1 } } } : {}),
      ...(v.strategy === 2 ? { updateStrategy: { type: "OnDelete" } } : {}),
    },
    status: { currentNumberScheduled: 3, numberMisscheduled: 0, desiredNumberScheduled: 3, numberReady: 3, observedGeneration: 1, updatedNumberScheduled: 3, numberAvailable: 3 },
  };
}

/** The docs' web StatefulSet with its volumeClaimTemplates. */
function statefulSet(v: Variation): Obj {
  return {
    apiVersion: "apps/v1",
    kind: "StatefulSet",
    metadata: { name: "web", namespace: v.namespace },
    spec: {
      selector: { matchLabels: { app: "nginx" } },
      serviceName: "nginx",
      replicas: v.replicas,
      minReadySeconds: 10,
      template: {
        metadata: { labels: { app: "nginx" } },
        spec: {
          terminationGracePeriodSeconds: 10,
          containers: [{ name: "nginx", image: v.image ?? "registry.k8s.io/nginx-slim:0.24", ports: [{ containerPort: 80, name: "web" }], volumeMounts: [{ name: "www", mountPath: "/usr/share/nginx/html" }], ...(v.resources ? { resources: v.resources } : {}) }],
        },
      },
      volumeClaimTemplates: [{ metadata: { name: "www" }, spec: { accessModes: ["ReadWriteOnce"], storageClassName: "my-storage-class", resources: { requests: { storage: v.claimStorage } } } }],
      ...(v.strategy === 1 ? { updateStrategy: { type: "RollingUpdate", rollingUpdate: { partition: 0 } } } : {}),
      ...(v.strategy === 2 ? { updateStrategy: { type: "OnDelete" } } : {}),
      ...(v.progress ? { podManagementPolicy: "Parallel" } : {}),
    },
    status: { observedGeneration: 1, replicas: v.replicas, readyReplicas: v.replicas, currentReplicas: v.replicas, updatedReplicas: v.replicas, availableReplicas: v.replicas, currentRevision: "web-6b8b4f7c9d", updateRevision: "web-6b8b4f7c9d", collisionCount: 0 },
  };
}

/** The docs' guestbook frontend ReplicaSet. */
function replicaSet(v: Variation): Obj {
  return {
    apiVersion: "apps/v1",
    kind: "ReplicaSet",
    metadata: { name: "frontend", namespace: v.namespace, labels: { app: "guestbook", tier: "frontend" } },
    spec: {
      replicas: v.replicas,
      selector: { matchLabels: { tier: "frontend" } },
      template: {
        metadata: { labels: { tier: "frontend" } },
        spec: { containers: [{ name: "php-redis", image: v.image ?? "us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5", ...(v.resources ? { resources: v.resources } : {}) }] },
      },
    },
    status: { replicas: v.replicas, fullyLabeledReplicas: v.replicas, readyReplicas: v.replicas, availableReplicas: v.replicas, observedGeneration: 1 },
  };
}

interface Variation {
  namespace: string;
  replicas: number;
  image?: string;
  resources?: Obj;
  strategy: number;
  progress: boolean;
  generation: number;
  resourceVersion: string;
  /** The StatefulSet's claim size (a fractional byte count warns from 1.26 on every update). */
  claimStorage: string;
}

const variation: fc.Arbitrary<Variation> = fc.record({
  namespace: fc.constantFrom("default", "default", "prod", "web-team"),
  replicas: fc.constantFrom(1, 2, 3, 3, 5),
  image: fc.option(fc.constantFrom("nginx:1.25.3", "ghcr.io/acme/web:v2.4.1", "registry.k8s.io/nginx-slim:0.26"), { nil: undefined }),
  resources: fc.option(fc.constantFrom<Obj>({ requests: { cpu: "100m", memory: "128Mi" } }, { limits: { cpu: "500m", memory: "256Mi" }, requests: { cpu: "250m", memory: "128Mi" } }), { nil: undefined }),
  strategy: fc.constantFrom(0, 1, 2),
  progress: fc.boolean(),
  generation: fc.constantFrom(1, 2, 7),
  resourceVersion: fc.constantFrom("48213", "1", "982734"),
  claimStorage: fc.constantFrom("1Gi", "1Gi", "1Gi", "1Gi", "2.5"),
});

/** A workload of `kind` as a client reads it back from the API server (server-set metadata and status). */
export function storedWorkload(kind: WorkloadKind): fc.Arbitrary<Obj> {
  return variation.map((v) => {
    const o = kind === "Deployment" ? deployment(v) : kind === "DaemonSet" ? daemonSet(v) : kind === "StatefulSet" ? statefulSet(v) : replicaSet(v);
    Object.assign(o.metadata, { uid: UID, resourceVersion: v.resourceVersion, generation: v.generation, creationTimestamp: CREATED });
    o.status.observedGeneration = v.generation;
    return o;
  });
}

// ---------------------------------------------------------------------------------------------
// edits

type Edit = (o: Obj, kind: WorkloadKind, minor: number) => void;

const tmplLabels = (o: Obj): Obj => (o.spec.template.metadata ??= {}).labels ??= {};
const selLabels = (o: Obj): Obj => (o.spec.selector ??= {}).matchLabels ??= {};
const podSpec = (o: Obj): Obj => o.spec.template.spec;
const strategyKey = (kind: WorkloadKind) => (kind === "Deployment" ? "strategy" : "updateStrategy");

/** Edits upstream accepts (on a valid stored object; combined with others they may still be refused). */
const accepted: fc.Arbitrary<Edit> = fc.oneof(
  fc.constantFrom("nginx:1.26.0", "nginx:1.16.1", "ghcr.io/acme/web:v2.5.0", "quay.io/fluentd_elasticsearch/fluentd:v4.7.2").map((img): Edit => (o) => { podSpec(o).containers[0].image = img; }),
  fc.constantFrom(0, 1, 4, 10).map((n): Edit => (o, kind) => { if (kind !== "DaemonSet") o.spec.replicas = n; }),
  fc.constantFrom<[string, string]>(["version", "v2"], ["team", "payments"], ["example.com/owner", "alice"]).map(([k, v]): Edit => (o) => { o.metadata.labels = { ...(o.metadata.labels ?? {}), [k]: v }; }),
  fc.constantFrom<[string, string]>(["kubernetes.io/change-cause", "kubectl set image"], ["example.com/note", "rolled by CI"]).map(([k, v]): Edit => (o) => { o.metadata.annotations = { ...(o.metadata.annotations ?? {}), [k]: v }; }),
  fc.constant<Edit>((o) => { (o.spec.template.metadata ??= {}).annotations = { "kubectl.kubernetes.io/restartedAt": "2024-06-01T12:00:00Z" }; }),
  fc.constantFrom<Obj>({ requests: { cpu: "200m", memory: "256Mi" } }, { limits: { cpu: "1", memory: "512Mi" }, requests: { cpu: "1", memory: "512Mi" } }).map((r): Edit => (o) => { podSpec(o).containers[0].resources = r; }),
  fc.constant<Edit>((o) => { podSpec(o).containers[0].env = [{ name: "LOG_LEVEL", value: "debug" }]; }),
  fc.constantFrom(0, 5, 30).map((n): Edit => (o, kind) => { o.spec.minReadySeconds = n; if (kind === "Deployment" && o.spec.progressDeadlineSeconds !== undefined && o.spec.progressDeadlineSeconds <= n) o.spec.progressDeadlineSeconds = 600; }),
  fc.constantFrom(0, 3).map((n): Edit => (o, kind) => { if (kind !== "ReplicaSet") o.spec.revisionHistoryLimit = n; }),
  fc.constantFrom("canary", "stable").map((t): Edit => (o) => { tmplLabels(o).track = t; }),
  fc.constant<Edit>((o) => { podSpec(o).tolerations = [...(podSpec(o).tolerations ?? []), { key: "dedicated", operator: "Equal", value: "web", effect: "NoSchedule" }]; }),
  fc.constant<Edit>((o) => { podSpec(o).nodeSelector = { ...(podSpec(o).nodeSelector ?? {}), "beta.kubernetes.io/arch": "amd64" }; }),
  fc.constant<Edit>((o) => { podSpec(o).nodeSelector = { ...(podSpec(o).nodeSelector ?? {}), "kubernetes.io/os": "linux" }; }),
  fc.constantFrom(1, 2).map((n): Edit => (o, kind) => { if (kind === "StatefulSet") o.spec.updateStrategy = { type: "RollingUpdate", rollingUpdate: { partition: n } }; }),
  // accepted with a warning in the minors that have them
  fc.constant<Edit>((o) => { (o.spec.template.metadata ??= {}).annotations = { ...(o.spec.template.metadata.annotations ?? {}), "seccomp.security.alpha.kubernetes.io/pod": "runtime/default" }; }),
  fc.constant<Edit>((o) => { podSpec(o).terminationGracePeriodSeconds = -1; }),
  fc.constant<Edit>((o) => { podSpec(o).containers[0].ports = [{ containerPort: 80, protocol: "TCP" }, { containerPort: 80, protocol: "TCP" }]; }),
  fc.constant<Edit>((o) => { o.metadata.clusterName = "east-1"; }), // cleared (1.24: with a warning); unknown from 1.25
  fc.constant<Edit>((o) => { o.metadata.generation = 42; }),
  fc.constant<Edit>((o) => { delete o.metadata.uid; }),
  fc.constant<Edit>((o) => { delete o.status; }),
  fc.constant<Edit>((o) => { o.metadata.finalizers = ["example.com/protect"]; }),
  fc.constant<Edit>((o) => { o.metadata.resourceVersion = "982999"; }),
);

/** Edits that upstream refuses or answers by minor (some are accepted in some minors). */
const refused: fc.Arbitrary<Edit> = fc.oneof(
  // selectors (immutable in apps/v1; must match the template)
  fc.constantFrom<[string, string]>(["env", "prod"], ["app", "web2"], ["tier", "backend"]).map(([k, v]): Edit => (o) => { selLabels(o)[k] = v; tmplLabels(o)[k] = v; }),
  fc.constantFrom("web2", "nginx-v2").map((v): Edit => (o) => { const s = selLabels(o); const k = Object.keys(s)[0]!; s[k] = v; }),
  fc.constantFrom<Obj>(
    { key: "env", operator: "In", values: ["prod"] },
    { key: "env", operator: "NotIn", values: ["dev"] },
    { key: "env", operator: "Exists" },
    { key: "env", operator: "Exists", values: ["x"] },
    { key: "env", operator: "In", values: [] },
    { key: "env", operator: "Bogus", values: ["x"] },
    { key: "bad key!", operator: "Exists" },
  ).map((e): Edit => (o) => { (o.spec.selector ??= {}).matchExpressions = [e]; if (e.operator === "In") tmplLabels(o).env = "prod"; }),
  fc.constant<Edit>((o) => { o.spec.selector = {}; }),
  fc.constant<Edit>((o) => { delete o.spec.selector; }),
  // template labels that stop matching the selector
  fc.constantFrom("other", "nginx-canary").map((v): Edit => (o) => { const t = tmplLabels(o); const k = Object.keys(selLabels(o))[0] ?? "app"; t[k] = v; }),
  fc.constant<Edit>((o) => { delete o.spec.template.metadata.labels; }),
  // StatefulSet-only immutables
  fc.constantFrom("nginx-headless", "", "web").map((s): Edit => (o, kind) => { if (kind === "StatefulSet") o.spec.serviceName = s; }),
  fc.constantFrom("Parallel", "OrderedReady", "Random").map((p): Edit => (o, kind) => { if (kind === "StatefulSet") o.spec.podManagementPolicy = p; }),
  fc.constantFrom<Edit>(
    (o, kind) => { const t = o.spec.volumeClaimTemplates?.[0]; if (kind === "StatefulSet" && t) t.spec.resources.requests.storage = "2Gi"; },
    (o, kind) => { if (kind === "StatefulSet") (o.spec.volumeClaimTemplates ??= []).push({ metadata: { name: "logs" }, spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "500Mi" } } } }); },
    (o, kind) => { if (kind === "StatefulSet") delete o.spec.volumeClaimTemplates; },
    (o, kind) => { const t = o.spec.volumeClaimTemplates?.[0]; if (kind === "StatefulSet" && t) t.spec.storageClassName = "fast-ssd"; },
    (o, kind) => { const t = o.spec.volumeClaimTemplates?.[0]; if (kind === "StatefulSet" && t) t.metadata.labels = { app: "nginx" }; },
  ),
  // numbers
  fc.constantFrom(-1, -10).map((n): Edit => (o, kind) => { if (kind !== "DaemonSet") o.spec.replicas = n; }),
  fc.constantFrom(-1, -30).map((n): Edit => (o) => { o.spec.minReadySeconds = n; }),
  fc.constantFrom(-1).map((n): Edit => (o, kind) => { if (kind !== "ReplicaSet") o.spec.revisionHistoryLimit = n; }),
  fc.constantFrom<[number, number | undefined]>([5, 10], [0, 0], [-1, undefined], [600, 700], [600, 600], [30, 0]).map(([pds, mrs]): Edit => (o, kind) => {
    if (kind !== "Deployment") return;
    o.spec.progressDeadlineSeconds = pds;
    if (mrs !== undefined) o.spec.minReadySeconds = mrs;
  }),
  // strategies with leftover fields, unknown types
  fc.constantFrom<Obj>(
    { type: "Recreate", rollingUpdate: { maxSurge: 1 } },
    { type: "Recreate" },
    { type: "OnDelete", rollingUpdate: { maxUnavailable: 1 } },
    { type: "OnDelete", rollingUpdate: { partition: 0 } },
    { type: "OnDelete" },
    { type: "RollingUpdate" },
    { type: "BlueGreen" },
  ).map((s): Edit => (o, kind) => { o.spec[strategyKey(kind)] = structuredClone(s); }),
  // maxUnavailable / maxSurge (Deployment, DaemonSet; StatefulSet maxUnavailable)
  fc.constantFrom<[unknown, unknown]>([0, 0], ["0%", "0%"], ["25%", "25%"], [1, "150%"], ["abc", 1], ["5", 1], [-1, 1], ["100%", 0], ["101%", 1], [0, "50%"], [2, 3], [1, "1"]).map(([mu, ms]): Edit => (o, kind) => {
    if (kind === "ReplicaSet") return;
    if (kind === "StatefulSet") { o.spec.updateStrategy = { type: "RollingUpdate", rollingUpdate: { maxUnavailable: mu, partition: 0 } }; return; }
    o.spec[strategyKey(kind)] = { type: "RollingUpdate", rollingUpdate: { maxUnavailable: mu, maxSurge: ms } };
  }),
  fc.constantFrom(-1, 5, 0).map((n): Edit => (o, kind) => { if (kind === "StatefulSet") o.spec.updateStrategy = { type: "RollingUpdate", rollingUpdate: { partition: n } }; }),
  fc.constantFrom<Obj>({ whenDeleted: "Delete", whenScaled: "Retain" }, { whenDeleted: "Retain", whenScaled: "Delete" }, { whenDeleted: "Keep" }, {}).map((p): Edit => (o, kind) => { if (kind === "StatefulSet") o.spec.persistentVolumeClaimRetentionPolicy = p; }),
  fc.constantFrom(0, 5, -1).map((n): Edit => (o, kind) => { if (kind === "StatefulSet") o.spec.ordinals = { start: n }; }),
  // metadata
  fc.constantFrom<Edit>(
    (o) => { o.metadata.name = o.metadata.name + "-2"; },
    (o) => { o.metadata.namespace = "other"; },
    (o) => { delete o.metadata.namespace; },
    (o) => { o.metadata.uid = "00000000-0000-0000-0000-000000000001"; },
    (o) => { delete o.metadata.resourceVersion; },
    (o) => { o.metadata.labels = { ...(o.metadata.labels ?? {}), "bad key!": "x" }; },
    (o) => { o.metadata.labels = { ...(o.metadata.labels ?? {}), tier: "bad value!" }; },
    (o) => { o.metadata.annotations = { ...(o.metadata.annotations ?? {}), "-lead": "y" }; },
    (o) => { o.metadata.finalizers = ["foo"]; },
    (o) => { o.metadata.finalizers = ["kubernetes.io/foo", "example.com/a"]; },
    (o) => { o.metadata.creationTimestamp = "2025-01-01T00:00:00Z"; },
  ),
  // pod template
  fc.constantFrom("", " nginx:1.26.0").map((img): Edit => (o) => { podSpec(o).containers[0].image = img; }),
  fc.constantFrom("Always", "OnFailure").map((p): Edit => (o) => { podSpec(o).containers[0].restartPolicy = p; }),
  fc.constant<Edit>((o) => { podSpec(o).initContainers = [{ name: "sidecar", image: "busybox:1.36", restartPolicy: "Always" }]; }),
  fc.constantFrom(10, 600).map((n): Edit => (o) => { podSpec(o).activeDeadlineSeconds = n; }),
  fc.constantFrom("Never", "OnFailure").map((p): Edit => (o) => { podSpec(o).restartPolicy = p; }),
  fc.constantFrom("App", "bad_name").map((n): Edit => (o) => { podSpec(o).containers[0].name = n; }),
  fc.constant<Edit>((o) => { podSpec(o).containers[0].resources = { limits: { cpu: "100m" }, requests: { cpu: "500m" } }; }),
  // DaemonSet: the template generation annotation the conversion reads
  fc.constantFrom("2", "0").map((g): Edit => (o, kind) => { if (kind === "DaemonSet") o.metadata.annotations = { ...(o.metadata.annotations ?? {}), "deprecated.daemonset.template.generation": g }; }),
);

const containerName = (o: Obj): string => podSpec(o).containers[0].name;
const tmplAnnotations = (o: Obj): Obj => (o.spec.template.metadata ??= {}).annotations ??= {};
const addVolume = (o: Obj, v: Obj): void => { (podSpec(o).volumes ??= []).push(v); };

/** Edits that the API server warns about from some minor (GetWarningsForPodTemplate and the strategies'
 *  WarningsOnUpdate); each minor's validation may still refuse some of them. */
const warned: fc.Arbitrary<Edit> = fc.oneof(
  // deprecated node labels in node affinity and topology spread constraints; label values of preferred terms (1.33+)
  fc.constantFrom("failure-domain.beta.kubernetes.io/zone", "beta.kubernetes.io/os", "node-role.kubernetes.io/master").map((key): Edit => (o) => {
    podSpec(o).affinity = { ...(podSpec(o).affinity ?? {}), nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key, operator: "In", values: ["us-east-1a"] }] }] } } };
  }),
  fc.constantFrom<string[]>(["m5.large"], ["m5.large", "bad value!"], ["-lead"]).map((values): Edit => (o) => {
    podSpec(o).affinity = { ...(podSpec(o).affinity ?? {}), nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 10, preference: { matchExpressions: [{ key: "beta.kubernetes.io/instance-type", operator: "In", values }, { key: "disktype", operator: "In", values: ["ssd"] }] } }] } };
  }),
  fc.boolean().map((withSelector): Edit => (o) => {
    podSpec(o).topologySpreadConstraints = [{ maxSkew: 1, topologyKey: "failure-domain.beta.kubernetes.io/zone", whenUnsatisfiable: "ScheduleAnyway", ...(withSelector ? { labelSelector: { matchLabels: { app: "web" } } } : {}) }];
  }),
  fc.constantFrom("node-role.kubernetes.io/master", "failure-domain.beta.kubernetes.io/region").map((k): Edit => (o) => { podSpec(o).nodeSelector = { ...(podSpec(o).nodeSelector ?? {}), [k]: "" }; }),
  // pod (anti-)affinity terms without a label selector (1.28+)
  fc.constantFrom("podAffinity", "podAntiAffinity").map((kind): Edit => (o) => {
    podSpec(o).affinity = { ...(podSpec(o).affinity ?? {}), [kind]: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: { topologyKey: "kubernetes.io/hostname" } }], requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: "kubernetes.io/hostname", labelSelector: { matchLabels: { app: "db" } } }, { topologyKey: "topology.kubernetes.io/zone" }] } };
  }),
  // annotations: deprecated ones, a container's seccomp and AppArmor profiles (with and without the fields)
  fc.constantFrom<[string, string]>(["scheduler.alpha.kubernetes.io/critical-pod", ""], ["security.alpha.kubernetes.io/sysctls", "kernel.shm_rmid_forced=1"]).map(([k, v]): Edit => (o) => { tmplAnnotations(o)[k] = v; }),
  fc.boolean().map((field): Edit => (o) => {
    tmplAnnotations(o)["container.seccomp.security.alpha.kubernetes.io/" + containerName(o)] = "runtime/default";
    if (field) podSpec(o).containers[0].securityContext = { seccompProfile: { type: "RuntimeDefault" } };
  }),
  fc.constantFrom<[string, Obj | undefined]>(["runtime/default", undefined], ["runtime/default", { type: "RuntimeDefault" }], ["localhost/k8s-nginx", { type: "Localhost", localhostProfile: "k8s-nginx" }], ["unconfined", { type: "RuntimeDefault" }], ["localhost/", undefined]).map(([v, pod]): Edit => (o) => {
    tmplAnnotations(o)["container.apparmor.security.beta.kubernetes.io/" + containerName(o)] = v;
    if (pod) podSpec(o).securityContext = { ...(podSpec(o).securityContext ?? {}), appArmorProfile: pod };
  }),
  // environment variables defined twice (hiding the first, or extending it)
  fc.constantFrom<Obj[]>([{ name: "MODE", value: "a" }, { name: "MODE", value: "b" }], [{ name: "PATH", value: "/bin" }, { name: "PATH", value: "$(PATH):/opt/bin" }], [{ name: "X", value: "1" }, { name: "X", value: "$(X)" }], [{ name: "K", value: "1" }, { name: "K", valueFrom: { fieldRef: { fieldPath: "metadata.name" } } }]).map((env): Edit => (o) => { podSpec(o).containers[0].env = structuredClone(env); }),
  // ports: hostIP without hostPort, overlapping and ambiguous host ports, a port name used by two containers (1.33+)
  fc.constantFrom<Obj[]>([{ containerPort: 80, hostIP: "10.0.0.1" }], [{ containerPort: 80 }, { containerPort: 80, hostPort: 8080 }], [{ containerPort: 80, hostPort: 8080 }, { containerPort: 80, hostPort: 8080, hostIP: "10.0.0.1" }], [{ containerPort: 80, protocol: "UDP" }, { containerPort: 80 }]).map((ports): Edit => (o) => { podSpec(o).containers[0].ports = structuredClone(ports); }),
  fc.constantFrom("http", "metrics").map((name): Edit => (o) => {
    podSpec(o).containers[0].ports = [{ containerPort: 80, name: "http" }];
    podSpec(o).containers.push({ name: "exporter", image: "prom/statsd-exporter:v0.26.0", ports: [{ containerPort: 9102, name }, { containerPort: 80 }] });
  }),
  // fractional memory and ephemeral-storage (containers, overhead)
  fc.constantFrom<Obj>({ requests: { memory: "1.5" } }, { limits: { memory: "100.5" }, requests: { memory: "100.5" } }, { requests: { "ephemeral-storage": "2500m" } }, { requests: { memory: "0.5Ki" } }).map((r): Edit => (o) => { podSpec(o).containers[0].resources = structuredClone(r); }),
  fc.constant<Edit>((o) => { podSpec(o).overhead = { memory: "120.5", cpu: "250m" }; }),
  // volumes: deprecated plugins, overlapping paths, an ephemeral claim with a fractional size
  fc.constantFrom<Obj>(
    { name: "repo", gitRepo: { repository: "https://github.com/kubernetes/examples.git" } },
    { name: "gluster", glusterfs: { endpoints: "glusterfs-cluster", path: "kube_vol" } },
    { name: "ceph", cephfs: { monitors: ["10.16.154.78:6789"] } },
    { name: "rbd", rbd: { monitors: ["10.16.154.78:6789"], image: "foo" } },
    { name: "flocker", flocker: { datasetName: "my-flocker-vol" } },
    // (1.19-1.20 drop an ephemeral volume with the GenericEphemeralVolume gate off, which the engine does not model)
    { name: "scratch", ephemeral: { volumeClaimTemplate: { spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1.5" } } } } } },
  ).map((v): Edit => (o, _kind, minor) => { if (!v.ephemeral || minor >= 21) addVolume(o, structuredClone(v)); }),
  fc.constantFrom<Obj>(
    { name: "cfg", configMap: { name: "app-config", items: [{ key: "a", path: "conf" }, { key: "b", path: "conf/b" }, { key: "c", path: "conf/" }] } },
    { name: "sec", secret: { secretName: "app-secret", items: [{ key: "a", path: "x/y" }, { key: "b", path: "x" }] } },
    { name: "info", downwardAPI: { items: [{ path: "labels", fieldRef: { fieldPath: "metadata.labels" } }, { path: "labels/x", fieldRef: { fieldPath: "metadata.name" } }] } },
    { name: "all", projected: { sources: [{ configMap: { name: "app-config", items: [{ key: "a", path: "conf" }] } }, { secret: { name: "app-secret", items: [{ key: "b", path: "conf/b" }] } }, { serviceAccountToken: { path: "conf/token" } }] } },
    { name: "all", projected: { sources: [{ configMap: { name: "app-config", items: [{ key: "a", path: "conf" }] } }, { secret: { name: "app-secret" } }] } },
    { name: "all", projected: { sources: [{ downwardAPI: { items: [{ path: "labels", fieldRef: { fieldPath: "metadata.labels" } }] } }, {}] } },
  ).map((v): Edit => (o) => addVolume(o, structuredClone(v))),
  // image pull secrets, host aliases, DNS nameservers
  fc.constantFrom<Obj[]>([{ name: "regcred" }, { name: "regcred" }], [{ name: "" }], [{ name: "regcred" }, { name: "other" }]).map((l): Edit => (o) => { podSpec(o).imagePullSecrets = structuredClone(l); }),
  fc.constantFrom<string[]>(["10.0.0.1", "10.0.0.1"], ["2001:DB8::1"], ["010.0.0.1"], ["::ffff:10.0.0.1"], ["2001:db8:0:0:0:0:0:1"]).map((ips): Edit => (o) => { podSpec(o).hostAliases = ips.map((ip, i) => ({ ip, hostnames: [`host-${i}.local`] })); }),
  fc.constantFrom<string[]>(["2001:0db8::1"], ["8.8.8.8", "fe80:0:0:0::1"], ["::ffff:8.8.4.4"]).map((nameservers): Edit => (o) => { podSpec(o).dnsConfig = { nameservers }; }),
);

const edit: fc.Arbitrary<Edit> = fc.oneof({ weight: 2, arbitrary: accepted }, { weight: 4, arbitrary: refused }, { weight: 1, arbitrary: warned });

/** Gate settings a request may carry at a minor (gates that exist there and are not locked). */
function gatesFor(minor: number): fc.Arbitrary<Obj | undefined> {
  const opts: (Obj | undefined)[] = [undefined, undefined, undefined];
  if (minor >= 21 && minor <= 24) opts.push({ DaemonSetUpdateSurge: minor < 22 }, { DaemonSetUpdateSurge: false });
  if (minor >= 22 && minor <= 24) opts.push({ StatefulSetMinReadySeconds: false });
  if (minor >= 23 && minor <= 31) opts.push({ StatefulSetAutoDeletePVC: true }, { StatefulSetAutoDeletePVC: false });
  if (minor >= 24) opts.push({ MaxUnavailableStatefulSet: true }, { MaxUnavailableStatefulSet: false });
  if (minor >= 26 && minor <= 30) opts.push({ StatefulSetStartOrdinal: true }, { StatefulSetStartOrdinal: false });
  if (minor >= 37) opts.push({ DeclarativeValidationBeta: false });
  if (minor >= 33 && minor <= 35) opts.push({ GitRepoVolumeDriver: true });
  return fc.constantFrom(...opts);
}

/** Keeps at most one entry of map `m` that upstream complains about (label key or value syntax). */
function oneInvalidEntry(m: Obj | undefined, valuesToo: boolean): void {
  if (!m || typeof m !== "object") return;
  const ok = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$/;
  const bad = Object.keys(m).filter((k) => !ok.test(k.slice(k.indexOf("/") + 1)) || (valuesToo && m[k] !== "" && !ok.test(String(m[k])))).sort();
  for (const k of bad.slice(1)) delete m[k];
}

/** The node labels some minor calls deprecated (pkg/api/node). */
const DEPRECATED_NODE_LABELS = ["beta.kubernetes.io/arch", "beta.kubernetes.io/os", "failure-domain.beta.kubernetes.io/region", "failure-domain.beta.kubernetes.io/zone",
  "beta.kubernetes.io/instance-type", "app.kubernetes.io/created-by", "scheduler.alpha.kubernetes.io/preferAvoidPods", "node-role.kubernetes.io/master"];

/** Keeps at most one deprecated node label in a nodeSelector (upstream warns over the map). */
function oneDeprecatedNodeLabel(m: Obj | undefined): void {
  if (!m) return;
  const dep = Object.keys(m).filter((k) => DEPRECATED_NODE_LABELS.includes(k)).sort();
  for (const k of dep.slice(1)) delete m[k];
}

/** The update strategy types each kind knows. */
const KNOWN_STRATEGIES: Record<WorkloadKind, string[]> = { Deployment: ["Recreate", "RollingUpdate"], DaemonSet: ["RollingUpdate", "OnDelete"], StatefulSet: ["RollingUpdate", "OnDelete"], ReplicaSet: [] };

/**
 * Before 1.34 field.Error prints a bad value with %#v, so a strategy printed whole shows the address of its
 * rollingUpdate pointer (`RollingUpdate:(*apps.RollingUpdateDeployment)(0xc000a1b2c0)`), and a StatefulSet's
 * rollingUpdate printed whole the address of its maxUnavailable: nothing can reproduce those. Keep such
 * strategies without the pointer there (from 1.34 the value is printed as JSON).
 */
function noPrintedPointers(o: Obj, kind: WorkloadKind, minor: number): void {
  if (minor >= 34 || kind === "ReplicaSet") return;
  const s = o.spec?.[strategyKey(kind)];
  if (!s || typeof s !== "object") return;
  if (s.rollingUpdate && !KNOWN_STRATEGIES[kind].includes(s.type)) delete s.rollingUpdate;
  if (kind === "StatefulSet" && s.type === "OnDelete" && s.rollingUpdate) delete s.rollingUpdate.maxUnavailable;
}

/** Keeps the maps of an object within the rules above. */
function tame(o: Obj): void {
  oneInvalidEntry(o.metadata?.labels, true);
  oneInvalidEntry(o.metadata?.annotations, false);
  oneInvalidEntry(o.spec?.selector?.matchLabels, true);
  oneInvalidEntry(o.spec?.template?.metadata?.labels, true);
  oneDeprecatedNodeLabel(o.spec?.template?.spec?.nodeSelector);
}

/** One request line: a stored workload of `kind` at `minor`, an edited copy, gates, sometimes text fields. */
export function workloadRequest(minor: string, kind?: WorkloadKind): fc.Arbitrary<string> {
  const n = minorOf(minor);
  const kinds = kind ? fc.constant(kind) : fc.constantFrom(...WORKLOAD_KINDS);
  return kinds.chain((k) =>
    fc.tuple(
      storedWorkload(k),
      fc.array(edit, { minLength: 0, maxLength: 3 }),
      gatesFor(n),
      fc.constantFrom<"obj" | "oldText" | "newText">("obj", "obj", "obj", "oldText", "newText"),
      fc.constantFrom<boolean | undefined>(...Array<undefined>(17).fill(undefined), true, true, false),
      fc.constantFrom<"keep" | "noTypeMeta">("keep", "keep", "keep", "noTypeMeta"),
    ).map(([old, es, gates, text, applyDefaults, typeMeta]) => {
      const nu = structuredClone(old);
      for (const e of es) e(nu, k, n);
      tame(nu);
      noPrintedPointers(nu, k, n);
      if (typeMeta === "noTypeMeta") { delete nu.apiVersion; delete nu.kind; }
      const req: Obj = { op: "workload.validateUpdate", kind: k, kubernetes: minor };
      if (gates) req.gates = gates;
      if (applyDefaults !== undefined) req.applyDefaults = applyDefaults;
      if (text === "oldText") req.oldText = JSON.stringify(old); else req.old = old;
      if (text === "newText") req.newText = JSON.stringify(nu); else req.new = nu;
      return JSON.stringify(req);
    }),
  );
}

/** Request lines the op must refuse or answer on odd input (fields, kinds, versions, gates, broken objects). */
export function workloadRequestErrors(minor: string, stored: Obj): string[] {
  const kind = stored.kind as WorkloadKind;
  const base = { op: "workload.validateUpdate", kind, kubernetes: minor };
  const n = minorOf(minor);
  return [
    { ...base, old: stored, new: stored },
    { op: "workload.validateUpdate", kubernetes: minor, old: stored, new: stored },
    { ...base, kind: "Pod", old: stored, new: stored },
    { ...base, kind: 5, old: stored, new: stored },
    { ...base, kubernetes: "1.99", old: stored, new: stored },
    { ...base, kubernetes: 1.3, old: stored, new: stored },
    { ...base, applyDefaults: "yes", old: stored, new: stored },
    { ...base, gates: [], old: stored, new: stored },
    { ...base, gates: { MaxUnavailableStatefulSet: "on" }, old: stored, new: stored },
    { ...base, gates: { NoSuchGate: true }, old: stored, new: stored },
    { ...base, new: stored },
    { ...base, old: stored },
    { ...base, old: stored, oldText: JSON.stringify(stored), new: stored },
    { ...base, old: stored, new: { ...stored, apiVersion: "apps/v1beta2" } },
    { ...base, old: stored, new: { ...stored, apiVersion: "extensions/v1beta1" } },
    { ...base, old: stored, new: { ...stored, kind: kind === "Deployment" ? "StatefulSet" : "Deployment" } },
    { ...base, old: { ...stored, kind: "ReplicationController" }, new: stored },
    { ...base, old: stored, new: { metadata: { name: 1 } } },
    { ...base, old: stored, new: { ...stored, spec: { ...stored.spec, replicas: "3" } } },
    { ...base, old: stored, new: { ...stored, spec: { ...stored.spec, replicas: 3.5 } } },
    // (1.15-1.22 decode with json-iterator, whose texts for broken JSON the engine does not reproduce)
    ...(n >= 23 ? [{ ...base, old: stored, newText: "{\"spec\":" }] : []),
    { ...base, old: {}, new: {} },
    { ...base, old: stored, new: { ...stored, metadata: { ...stored.metadata, annotations: { "deprecated.daemonset.template.generation": "abc" } } } },
    { ...base, old: stored, new: stored, applyDefaults: false },
    { ...base, old: { ...stored, metadata: { ...stored.metadata, namespace: "" } }, new: { ...stored, metadata: { ...stored.metadata, namespace: "" } } },
  ].map((r) => JSON.stringify(r));
}
