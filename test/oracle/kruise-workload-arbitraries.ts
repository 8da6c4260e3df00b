// Generators of workload.validateUpdate for the OpenKruise kinds (what OpenKruise's mutating and validating
// webhooks answer to an UPDATE; k8s/harness/kruise_workload.go): realistic stored CloneSets, Advanced
// StatefulSets and Advanced DaemonSets at every API version a Kruise release serves, shaped like OpenKruise's
// documentation samples (the nginx CloneSet with InPlaceIfPossible, partition and maxUnavailable; the
// Advanced StatefulSet with podManagementPolicy Parallel, maxUnavailable 2 and reserveOrdinals; the Advanced
// DaemonSet with a Standard / Surging / InPlaceIfPossible rolling update, partition and a node selector) as a
// client reads them back (server metadata, status), and 0-3 edits of them: some upstream accepts (images,
// env, resources, replicas, labels, annotations, partitions, lifecycle hooks, reserve ordinals, claim
// template sizes), many it refuses (selectors, template labels that stop matching, negative numbers, bad
// intstr values, maxUnavailable / maxSurge combinations, InPlaceOnly template edits, podsToDelete duplicates
// and lookups, the immutable serviceName / podManagementPolicy / burstReplicas, strategy types and their
// leftovers, restartPolicy / activeDeadlineSeconds in the template, metadata rules). Roughly half refused.
//
// Upstream ranges over Go maps when it validates labels, annotations and node selectors, and the InPlaceOnly
// checks name the first of a randomly ordered JSON patch: each map keeps at most one entry upstream complains
// about, and the harness answers E_INTERNAL "nondeterministic upstream answer" for the rest (an InPlaceOnly
// edit touching two template fields, a %#v value holding a pointer), which the suites drop and count.

import fc from "fast-check";

/** A JSON object. */
export type Obj = Record<string, any>;

export type KruiseKind = "CloneSet" | "AdvancedStatefulSet" | "AdvancedDaemonSet";
export const KRUISE_KINDS: KruiseKind[] = ["CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"];

/** The `kruise` values (the OpenKruise builds: v1.9.0 and v1.8.3). */
export type KruiseRelease = "1.9" | "1.8" | "1.7" | "1.6" | "1.5";

/** The OpenKruise minor of a release ("1.7" -> 7). */
export const kruiseMinor = (r: KruiseRelease): number => Number(r.split(".")[1]);

/** The versions each release's CRDs (config/crd/bases) serve for each kind. */
export function servedVersions(release: KruiseRelease, kind: KruiseKind): string[] {
  if (release !== "1.9" && kind !== "AdvancedStatefulSet") return ["v1alpha1"];
  return ["v1alpha1", "v1beta1"];
}

/** The version served when neither object names one. */
export const DEFAULT_VERSION: Record<KruiseKind, string> = { CloneSet: "v1alpha1", AdvancedStatefulSet: "v1beta1", AdvancedDaemonSet: "v1alpha1" };

/** The kind the objects carry. */
export const DATA_KIND: Record<KruiseKind, string> = { CloneSet: "CloneSet", AdvancedStatefulSet: "StatefulSet", AdvancedDaemonSet: "DaemonSet" };

const UID = "7c1e2d4a-5b6f-4e8a-9c0d-1e2f3a4b5c6d";
const CREATED = "2024-05-01T10:00:00Z";

// ---------------------------------------------------------------------------------------------
// realistic stored workloads

interface Variation {
  namespace: string;
  replicas: number;
  image: string;
  resources?: Obj;
  /** update policy: 0 ReCreate / Recreate, 1 InPlaceIfPossible, 2 InPlaceOnly */
  policy: number;
  partition?: number | string;
  maxUnavailable: number | string;
  readinessGate: boolean;
  claims: boolean;
  lifecycle: boolean;
  extras: boolean;
  /** template fields the API server's defaulting left there when it was created */
  defaulted: boolean;
  parallel: boolean;
  /** Advanced DaemonSet rolling update type: 0 Standard, 1 Surging (v1alpha1), 2 InPlaceIfPossible */
  dsType: number;
  podsToDelete: boolean;
  generation: number;
  resourceVersion: string;
}

const variation: fc.Arbitrary<Variation> = fc.record({
  namespace: fc.constantFrom("default", "default", "prod", "web-team"),
  replicas: fc.constantFrom(1, 3, 5, 5, 10),
  image: fc.constantFrom("nginx:alpine", "nginx:1.25.3", "ghcr.io/acme/web:v2.4.1", "registry.example.com/team/api:1.0.1"),
  resources: fc.option(fc.constantFrom<Obj>({ requests: { cpu: "100m", memory: "128Mi" } }, { limits: { cpu: "500m", memory: "256Mi" }, requests: { cpu: "250m", memory: "128Mi" } }), { nil: undefined }),
  policy: fc.constantFrom(0, 1, 1, 1, 2),
  partition: fc.option(fc.constantFrom<number | string>(0, 1, 2, "20%", "50%"), { nil: undefined }),
  maxUnavailable: fc.constantFrom<number | string>("20%", 1, 2, "50%"),
  readinessGate: fc.boolean(),
  claims: fc.boolean(),
  lifecycle: fc.boolean(),
  extras: fc.boolean(),
  defaulted: fc.boolean(),
  parallel: fc.constantFrom(true, true, false),
  dsType: fc.constantFrom(0, 0, 1, 2),
  podsToDelete: fc.constantFrom(false, false, false, true),
  generation: fc.constantFrom(1, 2, 7),
  resourceVersion: fc.constantFrom("48213", "1", "982734"),
});

/** The pod template of a sample: its label, one container, readiness gate and server defaults as chosen. */
function template(app: string, container: string, v: Variation, gate: boolean): Obj {
  const c: Obj = { name: container, image: v.image, ports: [{ containerPort: 80, name: "http" }] };
  if (v.resources) c.resources = structuredClone(v.resources);
  const spec: Obj = { containers: [c] };
  if (gate) spec.readinessGates = [{ conditionType: "InPlaceUpdateReady" }];
  if (v.defaulted) {
    Object.assign(c, { imagePullPolicy: v.image.endsWith(":latest") ? "Always" : "IfNotPresent", terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File" });
    c.ports[0].protocol = "TCP";
    c.resources ??= {};
    Object.assign(spec, { restartPolicy: "Always", terminationGracePeriodSeconds: 30, dnsPolicy: "ClusterFirst", securityContext: {}, schedulerName: "default-scheduler" });
  }
  return { metadata: { labels: { app } }, spec };
}

const claimTemplates = (): Obj[] => [{ metadata: { name: "data-vol" }, spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "20Gi" } } } }];

/** The docs' CloneSet (v1alpha1 updateStrategy.type; v1beta1 updateStrategy.rollingUpdate.podUpdatePolicy). */
function cloneSet(version: string, v: Variation): Obj {
  const policy = ["ReCreate", "InPlaceIfPossible", "InPlaceOnly"][v.policy]!;
  const rolling: Obj = { maxUnavailable: v.maxUnavailable };
  if (v.partition !== undefined) rolling.partition = v.partition;
  if (v.policy > 0) rolling.inPlaceUpdateStrategy = { gracePeriodSeconds: 10 };
  if (v.policy < 2 && v.extras) rolling.maxSurge = "20%";
  const spec: Obj = {
    replicas: v.replicas,
    selector: { matchLabels: { app: "sample" } },
    template: template("sample", "nginx", v, v.readinessGate || v.policy > 0),
    updateStrategy: version === "v1alpha1" ? { type: policy, ...rolling } : { type: "RollingUpdate", rollingUpdate: { podUpdatePolicy: policy, ...rolling } },
  };
  if (v.claims) spec.volumeClaimTemplates = claimTemplates();
  if (v.lifecycle) spec.lifecycle = { preDelete: { finalizersHandler: ["example.com/unready-blocker"] }, inPlaceUpdate: { labelsHandler: { "example.com/unready-blocker": "true" } } };
  if (v.extras) Object.assign(spec, { minReadySeconds: 5, revisionHistoryLimit: 10, scaleStrategy: { maxUnavailable: 1 } });
  if (v.podsToDelete) (spec.scaleStrategy ??= {}).podsToDelete = ["sample-9z4vk"];
  return {
    apiVersion: `apps.kruise.io/${version}`, kind: "CloneSet",
    metadata: { name: "sample", namespace: v.namespace, labels: { app: "sample" } },
    spec,
    status: { observedGeneration: v.generation, replicas: v.replicas, readyReplicas: v.replicas, availableReplicas: v.replicas, updatedReplicas: v.replicas, updatedReadyReplicas: v.replicas, updateRevision: "sample-d4d4fb5bd", currentRevision: "sample-d4d4fb5bd", labelSelector: "app=sample" },
  };
}

/** The docs' Advanced StatefulSet (v1beta1 adds reserveOrdinals, lifecycle, the PVC retention policy). */
function advancedStatefulSet(version: string, v: Variation): Obj {
  const policy = ["ReCreate", "InPlaceIfPossible", "InPlaceOnly"][v.policy]!;
  const rolling: Obj = { podUpdatePolicy: policy, maxUnavailable: v.parallel ? (v.maxUnavailable === "20%" ? 2 : v.maxUnavailable) : 1 };
  if (typeof v.partition === "number") rolling.partition = v.partition;
  if (v.extras && version === "v1beta1") rolling.minReadySeconds = 10;
  const spec: Obj = {
    replicas: v.replicas,
    serviceName: "fake-service",
    selector: { matchLabels: { app: "sample" } },
    template: template("sample", "main", v, true),
    podManagementPolicy: v.parallel ? "Parallel" : "OrderedReady",
    updateStrategy: { type: "RollingUpdate", rollingUpdate: rolling },
  };
  if (v.claims) spec.volumeClaimTemplates = claimTemplates();
  if (version === "v1beta1") {
    if (v.extras) Object.assign(spec, { reserveOrdinals: [1, "5-7"], revisionHistoryLimit: 10, persistentVolumeClaimRetentionPolicy: { whenDeleted: "Retain", whenScaled: "Delete" } });
    if (v.lifecycle) spec.lifecycle = { preDelete: { finalizersHandler: ["example.com/unready-blocker"] } };
    if (v.claims && v.podsToDelete) spec.volumeClaimUpdateStrategy = { type: "OnRollingUpdate" };
    if (v.extras && v.parallel) spec.scaleStrategy = { maxUnavailable: 2 };
  }
  return {
    apiVersion: `apps.kruise.io/${version}`, kind: "StatefulSet",
    metadata: { name: "sample", namespace: v.namespace },
    spec,
    status: { observedGeneration: v.generation, replicas: v.replicas, readyReplicas: v.replicas, availableReplicas: v.replicas, currentReplicas: v.replicas, updatedReplicas: v.replicas, currentRevision: "sample-6b8b4f7c9d", updateRevision: "sample-6b8b4f7c9d", collisionCount: 0, labelSelector: "app=sample" },
  };
}

/** The docs' Advanced DaemonSet: a log agent rolled out by partition (Surging exists at v1alpha1 only; v1.8.3's
 *  partition is an int32, v1.9.0's an int or a percentage). */
function advancedDaemonSet(release: KruiseRelease, version: string, v: Variation): Obj {
  const type = ["Standard", version === "v1alpha1" ? "Surging" : "Standard", "InPlaceIfPossible"][v.dsType]!;
  const rolling: Obj = { rollingUpdateType: type };
  if (type === "Surging") rolling.maxSurge = typeof v.maxUnavailable === "number" ? v.maxUnavailable : "10%";
  else rolling.maxUnavailable = v.maxUnavailable;
  if (v.partition !== undefined) rolling.partition = typeof v.partition === "number" ? v.partition * 5 : release !== "1.9" ? 4 : v.partition;
  if (v.extras) rolling.selector = { matchLabels: { nodeType: "canary" } };
  const spec: Obj = {
    selector: { matchLabels: { app: "log-agent" } },
    template: template("log-agent", "agent", v, v.readinessGate || v.dsType === 2),
    updateStrategy: { type: "RollingUpdate", rollingUpdate: rolling },
  };
  spec.template.spec.tolerations = [{ key: "node-role.kubernetes.io/control-plane", operator: "Exists", effect: "NoSchedule" }];
  if (v.extras) Object.assign(spec, { burstReplicas: 250, minReadySeconds: 5, revisionHistoryLimit: 10 });
  if (v.lifecycle) spec.lifecycle = { preDelete: { labelsHandler: { "example.com/drain": "true" } } };
  return {
    apiVersion: `apps.kruise.io/${version}`, kind: "DaemonSet",
    metadata: { name: "log-agent", namespace: v.namespace === "default" ? "kube-system" : v.namespace, labels: { app: "log-agent" } },
    spec,
    status: { currentNumberScheduled: 3, numberMisscheduled: 0, desiredNumberScheduled: 3, numberReady: 3, observedGeneration: v.generation, updatedNumberScheduled: 3, numberAvailable: 3, daemonSetHash: "5d6f7c8b9" },
  };
}

/** The sample of `kind` at `version` of a release for variation `v`, with server-set metadata and status. */
function workloadOf(release: KruiseRelease, kind: KruiseKind, version: string, v: Variation): Obj {
  const o = kind === "CloneSet" ? cloneSet(version, v) : kind === "AdvancedStatefulSet" ? advancedStatefulSet(version, v) : advancedDaemonSet(release, version, v);
  Object.assign(o.metadata, { uid: UID, resourceVersion: v.resourceVersion, generation: v.generation, creationTimestamp: CREATED });
  const s = o.spec as Obj;
  if (kruiseMinor(release) < 8 && Array.isArray(s.reserveOrdinals)) s.reserveOrdinals = intOrdinals(s.reserveOrdinals);
  return o;
}

/** A workload of `kind` at `version` of a release as a client reads it back (server-set metadata and status). */
export function storedKruiseWorkload(release: KruiseRelease, kind: KruiseKind, version: string): fc.Arbitrary<Obj> {
  return variation.map((v) => workloadOf(release, kind, version, v));
}

/**
 * A workload as the API server holds it once OpenKruise's mutating webhook has defaulted it: the sample with its
 * template's server defaults and every default of the release's SetDefaults* written out, so that the webhook's
 * defaults change nothing and it answers without a patch (reflect.DeepEqual of the object before and after them;
 * an Advanced StatefulSet's still differs while it has a status, which the handler clears, and a v1alpha1 one
 * while the StatefulSetAutoDeletePVC gate adds the v1beta1 retention policy).
 */
export function settledKruiseWorkload(release: KruiseRelease, kind: KruiseKind, version: string): fc.Arbitrary<Obj> {
  return variation.map((v) => {
    const o = workloadOf(release, kind, version, { ...v, defaulted: true });
    const s = o.spec as Obj;
    s.revisionHistoryLimit ??= 10;
    for (const c of s.template.spec.containers as Obj[]) c.imagePullPolicy = "IfNotPresent";
    for (const t of (s.volumeClaimTemplates ?? []) as Obj[]) t.status = { phase: "Pending" };
    const us = s.updateStrategy as Obj;
    if (kind === "AdvancedDaemonSet") {
      s.burstReplicas ??= 250;
      const r = us.rollingUpdate as Obj;
      if (r.rollingUpdateType === "Surging") { r.maxUnavailable ??= 0; r.rollingUpdateType = "Standard"; }
    } else if (kind === "AdvancedStatefulSet") {
      Object.assign(us.rollingUpdate, { partition: us.rollingUpdate.partition ?? 0, minReadySeconds: us.rollingUpdate.minReadySeconds ?? 0 });
      if (version === "v1beta1") s.persistentVolumeClaimRetentionPolicy = { whenDeleted: "Retain", whenScaled: "Retain", ...(s.persistentVolumeClaimRetentionPolicy ?? {}) };
    } else {
      const r = version === "v1alpha1" ? us : (us.rollingUpdate as Obj);
      Object.assign(r, { partition: r.partition ?? 0, maxSurge: r.maxSurge ?? 0 });
    }
    return o;
  });
}

// ---------------------------------------------------------------------------------------------
// pods the CloneSet webhook looks up (scaleStrategy.podsToDelete, v1alpha1)

/** A pod of the stored CloneSet `cs` named `name`: owned by it, by another controller, or terminating. */
function pod(cs: Obj, name: string, how: "owned" | "foreign" | "terminating"): Obj {
  const owner = { apiVersion: cs.apiVersion, kind: "CloneSet", name: cs.metadata.name, uid: how === "foreign" ? "0b9e8d7c-6f5a-4b3c-2d1e-0f9a8b7c6d5e" : cs.metadata.uid, controller: true, blockOwnerDeletion: true };
  const p: Obj = {
    apiVersion: "v1", kind: "Pod",
    metadata: { name, namespace: cs.metadata.namespace, labels: { app: "sample" }, ownerReferences: [owner], resourceVersion: "5121", uid: "3f4e5d6c-7b8a-4c9d-8e0f-1a2b3c4d5e6f" },
    spec: { containers: [{ name: "nginx", image: "nginx:alpine" }] },
    status: { phase: "Running" },
  };
  if (how === "terminating") Object.assign(p.metadata, { deletionTimestamp: "2024-06-01T12:00:00Z", deletionGracePeriodSeconds: 30, finalizers: ["example.com/unready-blocker"] });
  return p;
}

// ---------------------------------------------------------------------------------------------
// edits

/** An edit of the new object; `pods` collects the pods the request hands the webhook's client (by name). */
type Edit = (o: Obj, kind: KruiseKind, version: string, pods: Map<string, Obj>, release: KruiseRelease) => void;

const spec = (o: Obj): Obj => (o.spec ??= {});
const tmplLabels = (o: Obj): Obj => ((spec(o).template ??= {}).metadata ??= {}).labels ??= {};
const selLabels = (o: Obj): Obj => (spec(o).selector ??= {}).matchLabels ??= {};
const podSpec = (o: Obj): Obj => (spec(o).template ??= {}).spec ??= {};
const c0 = (o: Obj): Obj => ((podSpec(o).containers ??= [{ name: "main", image: "nginx" }])[0] ??= { name: "main", image: "nginx" });
/** The rolling update settings of a kind at a version (created when absent). */
function rolling(o: Obj, kind: KruiseKind, version: string): Obj {
  const us = (spec(o).updateStrategy ??= {});
  if (kind === "CloneSet" && version === "v1alpha1") return us;
  return (us.rollingUpdate ??= {});
}
/** Sets a CloneSet's / Advanced StatefulSet's update policy (v1alpha1 CloneSet: the type). */
function setPolicy(o: Obj, kind: KruiseKind, version: string, p: "InPlaceOnly" | "InPlaceIfPossible" | "ReCreate"): void {
  if (kind === "CloneSet" && version === "v1alpha1") spec(o).updateStrategy = { ...(spec(o).updateStrategy ?? {}), type: p };
  else rolling(o, kind, version).podUpdatePolicy = p;
  // (the Advanced StatefulSet requires the readiness gate for in-place updates; its stored samples have it)
  if (p !== "ReCreate" && kind === "AdvancedStatefulSet" && !podSpec(o).readinessGates) podSpec(o).readinessGates = [{ conditionType: "InPlaceUpdateReady" }];
}

/** Edits upstream accepts on a valid stored object (combined with others they may still be refused). */
const accepted: fc.Arbitrary<Edit> = fc.oneof(
  fc.constantFrom("nginx:1.27.0", "nginx:mainline", "ghcr.io/acme/web:v2.5.0", "registry.example.com/team/api:1.1.0").map((img): Edit => (o) => { c0(o).image = img; }),
  fc.constantFrom("nginx:1.27.0", "ghcr.io/acme/web:v2.5.0").map((img): Edit => (o, kind, version) => { setPolicy(o, kind, version, "InPlaceOnly"); c0(o).image = img; if (kind === "CloneSet") delete rolling(o, kind, version).maxSurge; }),
  fc.constantFrom(0, 1, 4, 10).map((n): Edit => (o, kind) => { if (kind !== "AdvancedDaemonSet") spec(o).replicas = n; }),
  fc.constantFrom<[string, string]>(["version", "v2"], ["team", "payments"], ["example.com/owner", "alice"]).map(([k, v]): Edit => (o) => { o.metadata.labels = { ...(o.metadata.labels ?? {}), [k]: v }; }),
  fc.constantFrom<[string, string]>(["kubernetes.io/change-cause", "kubectl apply"], ["example.com/note", "rolled by CI"]).map(([k, v]): Edit => (o) => { o.metadata.annotations = { ...(o.metadata.annotations ?? {}), [k]: v }; }),
  fc.constant<Edit>((o) => { (spec(o).template.metadata ??= {}).annotations = { "kubectl.kubernetes.io/restartedAt": "2024-06-01T12:00:00Z" }; }),
  fc.constantFrom<Obj>({ requests: { cpu: "200m", memory: "256Mi" } }, { limits: { cpu: "1", memory: "512Mi" }, requests: { cpu: "1", memory: "512Mi" } }).map((r): Edit => (o) => { c0(o).resources = r; }),
  fc.constant<Edit>((o) => { c0(o).env = [{ name: "LOG_LEVEL", value: "debug" }]; }),
  fc.constantFrom(0, 5, 30).map((n): Edit => (o, kind, version) => { if (kind === "AdvancedStatefulSet") { if (version === "v1beta1") rolling(o, kind, version).minReadySeconds = n; } else spec(o).minReadySeconds = n; }),
  fc.constantFrom(0, 3).map((n): Edit => (o) => { spec(o).revisionHistoryLimit = n; }),
  fc.constantFrom("canary", "stable").map((t): Edit => (o) => { tmplLabels(o).track = t; }),
  fc.constant<Edit>((o) => { podSpec(o).tolerations = [...(podSpec(o).tolerations ?? []), { key: "dedicated", operator: "Equal", value: "web", effect: "NoSchedule" }]; }),
  fc.constant<Edit>((o) => { podSpec(o).nodeSelector = { "kubernetes.io/os": "linux" }; }),
  fc.constantFrom<number | string>(0, 1, 3, "30%", "100%").map((p): Edit => (o, kind, version, _pods, release) => {
    const r = rolling(o, kind, version);
    // (integers only where the field is an int32: Advanced StatefulSets, v1.8.3's Advanced DaemonSet)
    r.partition = kind === "AdvancedStatefulSet" || (kind === "AdvancedDaemonSet" && release !== "1.9") ? (typeof p === "number" ? p : 2) : p;
  }),
  fc.constantFrom<number | string>(1, "25%").map((m): Edit => (o, kind, version) => { const r = rolling(o, kind, version); r.maxUnavailable = kind === "AdvancedStatefulSet" && spec(o).podManagementPolicy !== "Parallel" ? 1 : m; }),
  fc.constant<Edit>((o, _kind, version) => { spec(o).lifecycle = { preDelete: { finalizersHandler: ["example.com/protect"], markPodNotReady: true } }; void version; }),
  fc.constant<Edit>((o, kind) => { if (kind !== "AdvancedDaemonSet") spec(o).lifecycle = { inPlaceUpdate: { labelsHandler: { "example.com/in-place": "true" } } }; }),
  fc.constant<Edit>((o, kind, version) => { const r = rolling(o, kind, version); r.paused = true; }),
  fc.constant<Edit>((o) => { const t = spec(o).volumeClaimTemplates?.[0]; if (t) t.spec.resources.requests.storage = "40Gi"; }),
  // Advanced StatefulSet: ordinals and the PVC retention policy are updatable
  // (ranges arrived in v1.8: before it reserveOrdinals is a list of ints, so a range there is a decode error, generated rarely)
  fc.constantFrom<unknown[]>([1], [1, 3], ["5-7"], [0, "10-12"]).map((r): Edit => (o, kind, _version, _pods, release) => { if (kind === "AdvancedStatefulSet") spec(o).reserveOrdinals = kruiseMinor(release) < 8 ? intOrdinals(r) : r; }),
  fc.constantFrom<unknown[]>([2, 2], [-1], [4, "8-9"]).map((r): Edit => (o, kind) => { if (kind === "AdvancedStatefulSet") spec(o).reserveOrdinals = r; }),
  fc.constantFrom<Obj>({ whenDeleted: "Delete", whenScaled: "Retain" }, { whenDeleted: "Retain", whenScaled: "Retain" }).map((p): Edit => (o, kind) => { if (kind === "AdvancedStatefulSet") spec(o).persistentVolumeClaimRetentionPolicy = p; }),
  fc.constantFrom(0, 3).map((n): Edit => (o, kind) => { if (kind === "AdvancedStatefulSet") spec(o).ordinals = { start: n }; }),
  // CloneSet: podsToDelete naming a pod the CloneSet owns (looked up by the v1alpha1 webhook)
  fc.constant<Edit>((o, kind, _version, pods) => {
    if (kind !== "CloneSet") return;
    const s = (spec(o).scaleStrategy ??= {});
    s.podsToDelete = [...(s.podsToDelete ?? []), "sample-x7k2p"];
    pods.set("sample-x7k2p", pod(o, "sample-x7k2p", "owned"));
  }),
  // Advanced DaemonSet: its rolling update's node selector
  fc.constant<Edit>((o, kind, version) => { if (kind === "AdvancedDaemonSet") rolling(o, kind, version).selector = { matchLabels: { "topology.kubernetes.io/zone": "zone-a" } }; }),
  fc.constant<Edit>((o) => { o.metadata.finalizers = ["example.com/protect"]; }),
  fc.constant<Edit>((o) => { delete o.status; }),
  fc.constant<Edit>((o) => { o.metadata.generation = 42; }),
);

/** Edits that upstream refuses or answers by release. */
const refused: fc.Arbitrary<Edit> = fc.oneof(
  // selectors (everything but the listed spec fields is immutable; the template must match)
  fc.constantFrom<[string, string]>(["env", "prod"], ["app", "sample2"], ["tier", "backend"]).map(([k, v]): Edit => (o) => { selLabels(o)[k] = v; tmplLabels(o)[k] = v; }),
  fc.constantFrom<Obj>(
    { key: "env", operator: "In", values: ["prod"] },
    { key: "env", operator: "Exists", values: ["x"] },
    { key: "env", operator: "In", values: [] },
    { key: "env", operator: "Bogus", values: ["x"] },
  ).map((e): Edit => (o) => { (spec(o).selector ??= {}).matchExpressions = [e]; if (e.operator === "In") tmplLabels(o).env = "prod"; }),
  fc.constant<Edit>((o) => { spec(o).selector = {}; }),
  fc.constant<Edit>((o) => { delete spec(o).selector; }),
  // template labels that stop matching the selector
  fc.constantFrom("other", "sample-canary").map((v): Edit => (o) => { const k = Object.keys(selLabels(o))[0] ?? "app"; tmplLabels(o)[k] = v; }),
  fc.constant<Edit>((o) => { delete spec(o).template.metadata.labels; }),
  // numbers
  fc.constantFrom(-1, -5).map((n): Edit => (o, kind) => { if (kind !== "AdvancedDaemonSet") spec(o).replicas = n; }),
  fc.constantFrom(-1, -30).map((n): Edit => (o, kind, version) => { if (kind === "AdvancedStatefulSet") rolling(o, kind, version).minReadySeconds = n === -1 ? 301 : n; else spec(o).minReadySeconds = n; }),
  fc.constant<Edit>((o) => { spec(o).revisionHistoryLimit = -1; }),
  fc.constantFrom<[number, number]>([5, 10], [0, 0], [-1, 0], [600, 30]).map(([pds, mrs]): Edit => (o, kind) => { if (kind === "CloneSet") { spec(o).progressDeadlineSeconds = pds; spec(o).minReadySeconds = mrs; } }),
  // partitions
  fc.constantFrom<number | string>(-1, -10, "abc", "50", "120%", "-10%", "x%").map((p): Edit => (o, kind, version, _pods, release) => {
    rolling(o, kind, version).partition = kind === "AdvancedStatefulSet" || (kind === "AdvancedDaemonSet" && release !== "1.9") ? (typeof p === "number" ? p : -3) : p;
  }),
  // maxUnavailable / maxSurge
  fc.constantFrom<[unknown, unknown]>([0, 0], ["0%", 0], [0, "0%"], ["25%", "25%"], [1, 1], ["abc", 1], [-1, 0], [0, "50%"], ["150%", 0], [0, 2], [2, undefined], ["0", 0]).map(([mu, ms]): Edit => (o, kind, version) => {
    const r = rolling(o, kind, version);
    r.maxUnavailable = mu;
    if (ms === undefined) delete r.maxSurge;
    else if (kind !== "AdvancedStatefulSet") r.maxSurge = ms;
  }),
  fc.constant<Edit>((o, kind, version) => { if (kind === "CloneSet") { setPolicy(o, kind, version, "InPlaceOnly"); rolling(o, kind, version).maxSurge = 1; } }),
  fc.constantFrom<unknown>(0, "0%", 3, "abc").map((m): Edit => (o, kind) => { if (kind !== "AdvancedDaemonSet") (spec(o).scaleStrategy ??= {}).maxUnavailable = m; }),
  // InPlaceOnly: a change of the template other than an image
  fc.constantFrom<Edit>(
    (o) => { c0(o).env = [{ name: "MODE", value: "blue" }]; },
    (o) => { c0(o).args = ["--verbose"]; },
    (o) => { podSpec(o).containers.push({ name: "sidecar", image: "busybox:1.36", command: ["sleep", "3600"] }); },
    (o) => { podSpec(o).nodeSelector = { "kubernetes.io/arch": "amd64" }; },
    (o) => { c0(o).ports = [{ containerPort: 8080, name: "http" }]; },
  ).map((e): Edit => (o, kind, version, pods, release) => {
    if (kind === "AdvancedDaemonSet") return e(o, kind, version, pods, release);
    setPolicy(o, kind, version, "InPlaceOnly");
    if (kind === "CloneSet") delete rolling(o, kind, version).maxSurge;
    e(o, kind, version, pods, release);
  }),
  // CloneSet: podsToDelete duplicates and lookups (absent, another owner, terminating)
  fc.constant<Edit>((o, kind) => { if (kind === "CloneSet") (spec(o).scaleStrategy ??= {}).podsToDelete = ["sample-abcde", "sample-fghij", "sample-abcde"]; }),
  fc.constantFrom<"missing" | "foreign" | "terminating">("missing", "foreign", "terminating").map((how): Edit => (o, kind, _version, pods) => {
    if (kind !== "CloneSet") return;
    (spec(o).scaleStrategy ??= {}).podsToDelete = ["sample-q8w3e"];
    if (how !== "missing") pods.set("sample-q8w3e", pod(o, "sample-q8w3e", how));
    else pods.delete("sample-q8w3e");
  }),
  // CloneSet: priority and scatter strategies
  fc.constantFrom<Obj>(
    { weightPriority: [{ weight: 150, matchSelector: { matchLabels: { zone: "a" } } }] },
    { weightPriority: [{ weight: 50, matchSelector: {} }] },
    { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { zone: "a" } } }], orderPriority: [{ orderedKey: "rank" }] },
    { orderPriority: [{ orderedKey: "" }] },
    { orderPriority: [{ orderedKey: "example.com/rank" }] },
  ).map((p): Edit => (o, kind, version) => { if (kind === "CloneSet") rolling(o, kind, version).priorityStrategy = p; }),
  fc.constantFrom<Obj[]>([{ key: "zone", value: "a" }, { key: "zone", value: "a" }], [{ key: "", value: "b" }], [{ key: "zone", value: "a" }]).map((s): Edit => (o, kind, version) => { if (kind === "CloneSet") rolling(o, kind, version).scatterStrategy = s; }),
  // CloneSet v1beta1: image pre-download settings
  fc.constantFrom<Obj>({ imagePreDownloadParallelism: "50%" }, { imagePreDownloadParallelism: -1 }, { imagePreDownloadParallelism: "abc" }, { imagePreDownloadParallelism: "-3" }, { imagePreDownloadTimeoutSeconds: -1 }, { imagePreDownloadMinUpdatedReadyPods: -2 }, { imagePreDownloadParallelism: 5, gracePeriodSeconds: 5 }).map((s): Edit => (o, kind, version) => {
    if (kind !== "CloneSet" || version !== "v1beta1") return;
    const r = rolling(o, kind, version);
    r.inPlaceUpdateStrategy = { ...(r.inPlaceUpdateStrategy ?? {}), ...s };
  }),
  // strategy types and their leftovers
  fc.constantFrom("RollingUpdate", "OnDelete", "ReCreate", "BlueGreen").map((t): Edit => (o, kind, version) => {
    const us = spec(o).updateStrategy ?? {};
    if (kind === "CloneSet" && version === "v1alpha1") spec(o).updateStrategy = { ...us, type: t };
    else if (t === "OnDelete") spec(o).updateStrategy = { type: t, ...(kind === "AdvancedDaemonSet" ? {} : { rollingUpdate: { podUpdatePolicy: "InPlaceIfPossible" } }) };
    else if (t === "RollingUpdate") spec(o).updateStrategy = { type: t };
    else spec(o).updateStrategy = { type: t }; // (no rollingUpdate: a %#v strategy would print its pointer)
  }),
  fc.constantFrom("Rolling", "Recreate", "ReCreate", "InPlaceOnly").map((p): Edit => (o, kind, version) => { if (kind === "CloneSet" && version === "v1alpha1") return; if (kind !== "AdvancedDaemonSet") rolling(o, kind, version).podUpdatePolicy = p; }),
  // Advanced StatefulSet: immutables, pod management, ordinals, claim templates, retention policy
  fc.constantFrom("other-service", "").map((s): Edit => (o, kind) => { if (kind === "AdvancedStatefulSet") spec(o).serviceName = s; }),
  fc.constantFrom("Parallel", "OrderedReady", "Random", "").map((p): Edit => (o, kind) => { if (kind === "AdvancedStatefulSet") spec(o).podManagementPolicy = p; }),
  fc.constantFrom<unknown[]>([-1], ["5-x"], ["7-5"], ["abc"], [1, "3-4-5"]).map((r): Edit => (o, kind) => { if (kind === "AdvancedStatefulSet") spec(o).reserveOrdinals = r; }),
  fc.constant<Edit>((o, kind, version) => { if (kind === "AdvancedStatefulSet") rolling(o, kind, version).unorderedUpdate = { priorityStrategy: { orderPriority: [{ orderedKey: "rank" }] } }; }),
  fc.constant<Edit>((o, kind) => { if (kind !== "AdvancedDaemonSet") delete podSpec(o).readinessGates; }),
  fc.constantFrom<Edit>(
    (o) => { (spec(o).volumeClaimTemplates ??= []).push({ metadata: { name: "logs" }, spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } } }); },
    (o) => { delete spec(o).volumeClaimTemplates; },
    (o) => { const t = spec(o).volumeClaimTemplates?.[0]; if (t) t.metadata.name = "data"; },
    (o) => { const t = spec(o).volumeClaimTemplates?.[0]; if (t) t.spec.storageClassName = "fast-ssd"; },
  ).map((e): Edit => (o, kind, version, pods, release) => { if (kind !== "AdvancedDaemonSet") e(o, kind, version, pods, release); }),
  fc.constantFrom<Obj>({ whenDeleted: "Keep" }, { whenDeleted: "Delete", whenScaled: "Sometimes" }, {}).map((p): Edit => (o, kind) => { if (kind === "AdvancedStatefulSet") spec(o).persistentVolumeClaimRetentionPolicy = p; }),
  // Advanced DaemonSet: rolling update type, surge, partition, burst replicas, hooks
  fc.constantFrom("Standard", "Surging", "InPlaceIfPossible", "Blue").map((t): Edit => (o, kind, version) => { if (kind === "AdvancedDaemonSet") rolling(o, kind, version).rollingUpdateType = t; }),
  fc.constantFrom<[unknown, unknown]>([1, 1], [0, 0], ["10%", "0%"], [0, "10%"], [0, 1]).map(([mu, ms]): Edit => (o, kind, version) => {
    if (kind !== "AdvancedDaemonSet") return;
    const r = rolling(o, kind, version);
    r.maxUnavailable = mu;
    r.maxSurge = ms;
  }),
  fc.constantFrom<number | string>(-1, "150%", "-5%", "abc").map((p): Edit => (o, kind, version, _pods, release) => { if (kind === "AdvancedDaemonSet") rolling(o, kind, version).partition = release !== "1.9" && typeof p === "string" ? -2 : p; }),
  fc.constantFrom<number | string>(100, "10%").map((b): Edit => (o, kind) => { if (kind === "AdvancedDaemonSet") spec(o).burstReplicas = b; }),
  fc.constant<Edit>((o, kind) => { if (kind === "AdvancedDaemonSet") spec(o).lifecycle = { inPlaceUpdate: { labelsHandler: { "example.com/in-place": "true" } } }; }),
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
    (o) => { o.metadata.creationTimestamp = "2025-01-01T00:00:00Z"; },
  ),
  // pod template
  fc.constantFrom("", " nginx:1.26.0").map((img): Edit => (o) => { c0(o).image = img; }),
  fc.constantFrom("Never", "OnFailure").map((p): Edit => (o) => { podSpec(o).restartPolicy = p; }),
  fc.constantFrom(10, 600).map((n): Edit => (o) => { podSpec(o).activeDeadlineSeconds = n; }),
  fc.constantFrom("App", "bad_name").map((n): Edit => (o) => { c0(o).name = n; }),
  fc.constant<Edit>((o) => { c0(o).resources = { limits: { cpu: "100m" }, requests: { cpu: "500m" } }; }),
  fc.constant<Edit>((o) => { podSpec(o).hostNetwork = true; c0(o).ports = [{ containerPort: 8080 }]; }),
);

const edit: fc.Arbitrary<Edit> = fc.oneof({ weight: 1, arbitrary: accepted }, { weight: 3, arbitrary: refused });

/** Keeps at most one entry of map `m` that upstream complains about (label key or value syntax). */
function oneInvalidEntry(m: Obj | undefined, valuesToo: boolean): void {
  if (!m || typeof m !== "object") return;
  const ok = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$/;
  const bad = Object.keys(m).filter((k) => !ok.test(k.slice(k.indexOf("/") + 1)) || (valuesToo && m[k] !== "" && !ok.test(String(m[k])))).sort();
  for (const k of bad.slice(1)) delete m[k];
}

/** Keeps the maps of an object within the rule above. */
function tame(o: Obj): void {
  oneInvalidEntry(o.metadata?.labels, true);
  oneInvalidEntry(o.metadata?.annotations, false);
  oneInvalidEntry(o.spec?.selector?.matchLabels, true);
  oneInvalidEntry(o.spec?.template?.metadata?.labels, true);
}

/** Whether the new object asks for InPlaceOnly (the checks that diff the template specs). */
function inPlaceOnly(o: Obj, kind: KruiseKind, version: string): boolean {
  const us = o.spec?.updateStrategy;
  if (kind === "CloneSet" && version === "v1alpha1") return us?.type === "InPlaceOnly";
  return us?.rollingUpdate?.podUpdatePolicy === "InPlaceOnly";
}

/** reserveOrdinals as the releases before v1.8 hold them (ints: a range becomes its first ordinal). */
function intOrdinals(r: unknown[]): unknown[] {
  return r.map((x) => (typeof x === "string" ? Number(x.split("-")[0]) : x));
}

/** Kruise gate settings a request may carry (gates on the webhook path that exist in the release). */
function gatesFor(release: KruiseRelease): fc.Arbitrary<Obj | undefined> {
  const since8 = kruiseMinor(release) >= 8;
  const opts: (Obj | undefined)[] = [undefined, undefined, undefined, undefined, undefined, undefined,
    { TemplateNoDefaults: true }, { StatefulSetAutoDeletePVC: false }, since8 ? { StatefulSetAutoResizePVCGate: true } : { KruiseDaemon: true }, since8 ? { StatefulSetAutoResizePVCGate: true, StatefulSetAutoDeletePVC: true } : { StatefulSetAutoDeletePVC: true },
    // (the in-place update ops' gates are accepted too; this path does not read them)
    since8 ? { InPlaceWorkloadVerticalScaling: true, KruiseDaemon: false } : { InPlaceUpdateEnvFromMetadata: false, KruiseDaemon: false }];
  if (release === "1.9") opts.push({ DefaultHostNetworkHostPortsInPodTemplates: true });
  return fc.constantFrom(...opts);
}

/** The request line of an update of `old` to the edited `nu` (the generators' constraints applied). */
function requestLine(release: KruiseRelease, kind: KruiseKind, version: string, old: Obj, nu: Obj, pods: Map<string, Obj>, gates: Obj | undefined,
  text: "obj" | "oldText" | "newText", applyDefaults: boolean | undefined, typeMeta: "keep" | "newNoTypeMeta" | "noTypeMeta", kruise: "absent" | "named"): string {
  tame(nu);
  // the Advanced StatefulSet webhook dereferences the rolling update's defaulted pointers (partition,
  // minReadySeconds): without the mutating webhook it panics (recovered into a denial by v1.9.0's
  // controller-runtime, a failed call with v1.8.3's). It also defaults the new template before its
  // InPlaceOnly diff, so an undefaulted stored template would differ in every defaulted field.
  if (kind === "AdvancedStatefulSet" && applyDefaults === false) applyDefaults = undefined;
  if (kind === "AdvancedStatefulSet" && inPlaceOnly(nu, kind, version) && gates?.TemplateNoDefaults) gates = undefined;
  if (typeMeta !== "keep") { delete nu.apiVersion; delete nu.kind; }
  if (typeMeta === "noTypeMeta" && version === DEFAULT_VERSION[kind]) { delete old.apiVersion; delete old.kind; }
  const req: Obj = { op: "workload.validateUpdate", kind };
  if (release !== "1.9" || kruise === "named") req.kruise = release;
  if (gates) req.gates = gates;
  if (applyDefaults !== undefined) req.applyDefaults = applyDefaults;
  if (text === "oldText") req.oldText = JSON.stringify(old); else req.old = old;
  if (text === "newText") req.newText = JSON.stringify(nu); else req.new = nu;
  if (pods.size > 0) req.pods = [...pods.values()];
  return JSON.stringify(req);
}

/** One request line: a stored workload of `kind` at `version`, an edited copy, gates, pods, sometimes text fields. */
export function kruiseWorkloadRequest(release: KruiseRelease, kind: KruiseKind, version: string): fc.Arbitrary<string> {
  return fc.tuple(
    storedKruiseWorkload(release, kind, version),
    fc.array(edit, { minLength: 0, maxLength: 4 }),
    gatesFor(release),
    fc.constantFrom<"obj" | "oldText" | "newText">("obj", "obj", "obj", "oldText", "newText"),
    fc.constantFrom<boolean | undefined>(...Array<undefined>(14).fill(undefined), true, true, false, false),
    fc.constantFrom<"keep" | "newNoTypeMeta" | "noTypeMeta">("keep", "keep", "keep", "keep", "newNoTypeMeta", "noTypeMeta"),
    fc.constantFrom<"absent" | "named">("absent", "named"),
  ).map(([old, es, gates, text, applyDefaults, typeMeta, kruise]) => {
    const nu = structuredClone(old);
    const pods = new Map<string, Obj>();
    for (const e of es) e(nu, kind, version, pods, release);
    return requestLine(release, kind, version, old, nu, pods, gates, text, applyDefaults, typeMeta, kruise);
  });
}

// ---------------------------------------------------------------------------------------------
// updates the mutating webhook may answer without a patch

/** The stored form of a container's resource quantities hangs on the patch: the webhook's RoundUp(-3) changes a
 *  quantity's internals (int64Amount scale below milli, any non-zero inf.Dec) without changing what it prints, a
 *  template equal to the stored one is not defaulted again (an inf.Dec left unrounded), an inf.Dec zero at milli
 *  scale is left as it is. */
const QUANTITIES = ["1m", "250m", "1000u", "100000u", "0.5", "12345678901234567890", "0.000Ki", "0.0000000000", "-0.000Ki"];

/** Edits whose answer shows whether the mutating webhook patched the new object (no patch: the object is stored
 *  as sent, an emptied map or list stays non-nil and prints as `{}`; a patch: the json.Marshal round trip makes it
 *  nil), mixed with the other edits. */
const patchEdit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Edit>((o) => { (spec(o).selector ??= {}).matchLabels = {}; }) },
  { weight: 2, arbitrary: fc.constantFrom<Obj>({ key: "env", operator: "In", values: [] }, { key: "env", operator: "In" }, { key: "env", operator: "NotIn", values: [] }).map((e): Edit => (o) => { (spec(o).selector ??= {}).matchExpressions = [e]; }) },
  { weight: 2, arbitrary: fc.constantFrom<Obj | undefined>(undefined, {}, { conditions: [] }, { replicas: 0 }).map((st): Edit => (o) => { if (st === undefined) delete o.status; else o.status = st; }) },
  { weight: 2, arbitrary: fc.constantFrom(...QUANTITIES).map((q): Edit => (o) => { c0(o).resources = { requests: { cpu: q } }; }) },
  { weight: 1, arbitrary: fc.constantFrom("0.5Gi", "536870912", "512Mi").map((q): Edit => (o) => { c0(o).resources = { limits: { memory: q }, requests: { memory: q } }; }) },
  // (a default of the webhook's to write again: a patch whatever else is edited)
  { weight: 1, arbitrary: fc.constant<Edit>((o) => { delete spec(o).revisionHistoryLimit; }) },
  { weight: 3, arbitrary: edit },
);

/** One request line: a settled workload (settledKruiseWorkload), sometimes with a quantity in its template, and an
 *  update of it with 1-3 edits that mostly leave the webhook's defaults nothing to do, often sent without its
 *  status (as a manifest is applied; the Advanced StatefulSet handler's cleared status then changes nothing) and
 *  often with the retention policy's gate off (so that a v1alpha1 Advanced StatefulSet can be left alone too). */
export function kruiseSettledRequest(release: KruiseRelease, kind: KruiseKind, version: string): fc.Arbitrary<string> {
  return fc.tuple(
    settledKruiseWorkload(release, kind, version),
    fc.option(fc.constantFrom(...QUANTITIES), { nil: undefined }),
    fc.constantFrom(true, true, false),
    fc.array(patchEdit, { minLength: 1, maxLength: 3 }),
    fc.oneof({ weight: 3, arbitrary: gatesFor(release) }, { weight: 1, arbitrary: fc.constant<Obj | undefined>({ StatefulSetAutoDeletePVC: false }) }),
    fc.constantFrom<"obj" | "oldText" | "newText">("obj", "obj", "obj", "oldText", "newText"),
    fc.constantFrom<"keep" | "newNoTypeMeta">("keep", "keep", "keep", "newNoTypeMeta"),
  ).map(([old, cpu, noStatus, es, gates, text, typeMeta]) => {
    if (cpu !== undefined) c0(old).resources = { requests: { cpu } };
    const nu = structuredClone(old);
    if (noStatus) delete nu.status;
    const pods = new Map<string, Obj>();
    for (const e of es) e(nu, kind, version, pods, release);
    return requestLine(release, kind, version, old, nu, pods, gates, text, undefined, typeMeta, "absent");
  });
}

/** Request lines of a release for every kind and served version, `perVersion` each. */
export function kruiseWorkloadLines(release: KruiseRelease, perVersion: number, seed: number): string[] {
  return linesOf(kruiseWorkloadRequest, release, perVersion, seed);
}

/** Request lines of settled workloads (kruiseSettledRequest) of a release for every kind and served version, `perVersion` each. */
export function kruiseSettledLines(release: KruiseRelease, perVersion: number, seed: number): string[] {
  return linesOf(kruiseSettledRequest, release, perVersion, seed);
}

function linesOf(request: (r: KruiseRelease, k: KruiseKind, v: string) => fc.Arbitrary<string>, release: KruiseRelease, perVersion: number, seed: number): string[] {
  const out: string[] = [];
  let i = 0;
  for (const kind of KRUISE_KINDS) {
    for (const version of servedVersions(release, kind)) {
      const [lines] = fc.sample(fc.array(request(release, kind, version), { minLength: perVersion, maxLength: perVersion }), { numRuns: 1, seed: seed + i++ });
      out.push(...lines!);
    }
  }
  return out;
}

/** Request lines the op must refuse or answer on odd input (fields, versions, gates, broken objects, pods). */
export function kruiseWorkloadRequestErrors(release: KruiseRelease, kind: KruiseKind, stored: Obj): string[] {
  const base: Obj = { op: "workload.validateUpdate", kind, ...(release !== "1.9" ? { kruise: release } : {}) };
  const other = kind === "CloneSet" ? "StatefulSet" : "CloneSet";
  const notServed = servedVersions(release, kind).includes("v1beta1") ? "apps.kruise.io/v1" : "apps.kruise.io/v1beta1";
  const otherVersion = stored.apiVersion === "apps.kruise.io/v1alpha1" ? "apps.kruise.io/v1beta1" : "apps.kruise.io/v1alpha1";
  return [
    { ...base, old: stored, new: stored },
    { ...base, kubernetes: "1.32", old: stored, new: stored },
    { ...base, kubernetes: null, old: stored, new: stored },
    { ...base, kruise: "1.7", old: stored, new: stored },
    { ...base, kruise: 1.9, old: stored, new: stored },
    { ...base, applyDefaults: "yes", old: stored, new: stored },
    { ...base, gates: [], old: stored, new: stored },
    { ...base, gates: { Nope: true }, old: stored, new: stored },
    { ...base, gates: { TemplateNoDefaults: "on" }, old: stored, new: stored },
    { ...base, gates: { DefaultHostNetworkHostPortsInPodTemplates: true }, old: stored, new: stored },
    { ...base, gates: { InPlaceWorkloadVerticalScaling: true }, old: stored, new: stored },
    { ...base, gates: { PreDownloadImageForInPlaceUpdate: true }, old: stored, new: stored },
    { ...base, new: stored },
    { ...base, old: stored },
    { ...base, old: stored, oldText: JSON.stringify(stored), new: stored },
    { ...base, old: stored, new: { ...stored, apiVersion: "apps/v1" } },
    { ...base, old: stored, new: { ...stored, apiVersion: notServed } },
    { ...base, old: { ...stored, apiVersion: otherVersion }, new: stored },
    { ...base, old: stored, new: { ...stored, kind: other } },
    { ...base, old: { ...stored, kind: "Deployment" }, new: stored },
    { ...base, old: stored, new: { ...stored, apiVersion: 5 } },
    { ...base, old: stored, new: { metadata: { name: 1 } } },
    { ...base, old: stored, new: { ...stored, spec: { ...stored.spec, replicas: "3" } } },
    { ...base, old: stored, new: { ...stored, spec: { ...stored.spec, minReadySeconds: 3.5 } } },
    { ...base, old: stored, new: { ...stored, spec: { ...stored.spec, template: { ...stored.spec.template, spec: { ...stored.spec.template.spec, containers: [{ name: "a", image: "b", resources: { limits: { cpu: "1x" } } }] } } } } },
    { ...base, old: stored, newText: "{\"spec\":" },
    { ...base, old: stored, new: [] },
    { ...base, old: {}, new: {} },
    ...(kind !== "AdvancedStatefulSet" || release === "1.9" ? [{ ...base, old: stored, new: stored, applyDefaults: false }] : []),
    { ...base, old: stored, new: stored, pods: 5 },
    { ...base, old: stored, new: stored, pods: [5] },
    { ...base, old: stored, new: stored, pods: [{ metadata: { name: 1 } }] },
    { ...base, old: stored, new: stored, pods: [{ metadata: { name: "a", namespace: "default" } }, { metadata: { name: "a", namespace: "default" } }] },
    { ...base, old: stored, new: stored, pods: [] },
    { ...base, old: stored, new: stored, foo: 1 },
    { ...base, kind: "Deployment", kruise: "1.9", old: stored, new: stored },
    { op: "workload.validateUpdate", kind: "Deployment", pods: [], old: stored, new: stored },
  ].map((r) => JSON.stringify(r));
}
