// Generators of the pod.validateUpdate differential suite and vectors: realistic
// stored pods (defaulted as the API server stores them, scheduled or gated), realistic edits of them,
// and the comparison modulo the diff upstream appends to the `spec` Forbidden message.

import fc from "fast-check";

/** A JSON object. */
export type Obj = Record<string, any>;

// ---------------------------------------------------------------------------------------------
// realistic stored pods

const images = ["nginx:1.25.3", "registry.k8s.io/pause:3.9", "ghcr.io/acme/api:v2.4.1", "redis:7.2", "busybox:1.36", "quay.io/prometheus/node-exporter:v1.7.0"];
const cpu = fc.constantFrom("50m", "100m", "250m", "500m", "1", "2");
const mem = fc.constantFrom("64Mi", "128Mi", "256Mi", "512Mi", "1Gi");

/** Requests and limits that pass validation (requests never above limits). */
const resources = fc.oneof(
  fc.constant({}),
  fc.tuple(cpu, mem).map(([c, m]) => ({ requests: { cpu: c, memory: m } })),
  fc.tuple(cpu, mem).map(([c, m]) => ({ limits: { cpu: c, memory: m }, requests: { cpu: c, memory: m } })),
  fc.tuple(cpu, mem).map(([c, m]) => ({ limits: { cpu: "2", memory: "1Gi" }, requests: { cpu: c, memory: m } })),
  fc.tuple(cpu, mem).map(([c, m]) => ({ limits: { cpu: "2", memory: "1Gi", "ephemeral-storage": "1Gi" }, requests: { cpu: c, memory: m } })),
);

const container = (name: string): fc.Arbitrary<Obj> =>
  fc.record({
    image: fc.constantFrom(...images),
    resources,
    ports: fc.option(fc.constantFrom(80, 443, 8080, 9090).map((p) => [{ containerPort: p, protocol: "TCP" }]), { nil: undefined }),
    env: fc.option(fc.constantFrom([{ name: "LOG_LEVEL", value: "info" }], [{ name: "A", value: "1" }, { name: "B", value: "2" }]), { nil: undefined }),
  }).map((c) => ({
    name,
    ...c,
    terminationMessagePath: "/dev/termination-log",
    terminationMessagePolicy: "File",
    imagePullPolicy: "IfNotPresent",
  }));

const defaultTolerations = [
  { key: "node.kubernetes.io/not-ready", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 },
  { key: "node.kubernetes.io/unreachable", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 },
];
const extraToleration = fc.constantFrom<Obj>(
  { key: "dedicated", operator: "Equal", value: "gpu", effect: "NoSchedule" },
  { key: "team", operator: "Exists", effect: "PreferNoSchedule" },
  { operator: "Exists" },
  { key: "example.com/spot", operator: "Equal", value: "true", effect: "NoExecute", tolerationSeconds: 60 },
);
const requirement = fc.record({ key: fc.constantFrom("zone", "kubernetes.io/arch", "disktype", "example.com/pool"), operator: fc.constantFrom("In", "NotIn"), values: fc.constantFrom(["a"], ["a", "b"], ["amd64"], ["ssd"]) });
const nodeAffinity = fc.array(fc.array(requirement, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 })
  .map((terms) => ({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms.map((t) => ({ matchExpressions: t })) } } }));

/** A pod as the API server stores it (defaulted), scheduled or gated. */
export const storedPod: fc.Arbitrary<Obj> = fc.record({
  name: fc.constantFrom("web-7d9f8c6b5-x2k4p", "api-0", "worker-abc12", "db-1"),
  containers: fc.integer({ min: 1, max: 3 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => container(["app", "sidecar", "proxy"][i]!)))),
  init: fc.option(container("init-db"), { nil: undefined }),
  labels: fc.option(fc.constantFrom<Obj>({ app: "web" }, { app: "web", "pod-template-hash": "7d9f8c6b5" }, { "app.kubernetes.io/name": "api", tier: "backend" }), { nil: undefined }),
  annotations: fc.option(fc.constantFrom<Obj>({ "prometheus.io/scrape": "true" }, { "kubernetes.io/config.mirror": "abc" }, { "container.apparmor.security.beta.kubernetes.io/app": "runtime/default" }), { nil: undefined }),
  tolerations: fc.option(fc.array(extraToleration, { maxLength: 2 }), { nil: undefined }),
  gated: fc.boolean(),
  gates: fc.constantFrom(["example.com/quota"], ["example.com/quota", "example.com/review"]),
  nodeSelector: fc.option(fc.constantFrom<Obj>({ disktype: "ssd" }, { "kubernetes.io/os": "linux", zone: "a" }), { nil: undefined }),
  affinity: fc.option(nodeAffinity, { nil: undefined }),
  ads: fc.option(fc.constantFrom(30, 600, 3600), { nil: undefined }),
  tgps: fc.constantFrom(30, 0, 5, -1),
  generation: fc.option(fc.constantFrom(1, 3), { nil: undefined }),
  qos: fc.boolean(),
  volumes: fc.boolean(),
}).map((r) => {
  const spec: Obj = {
    containers: r.containers,
    restartPolicy: "Always",
    terminationGracePeriodSeconds: r.tgps,
    dnsPolicy: "ClusterFirst",
    serviceAccountName: "default",
    serviceAccount: "default",
    securityContext: {},
    schedulerName: "default-scheduler",
    tolerations: [...defaultTolerations, ...(r.tolerations ?? [])],
    priority: 0,
    enableServiceLinks: true,
  };
  if (r.init) spec.initContainers = [r.init];
  if (r.volumes) {
    spec.volumes = [{ name: "data", emptyDir: {} }, { name: "config", configMap: { name: "app-config", defaultMode: 420 } }, { name: "creds", secret: { secretName: "db-creds", defaultMode: 420 } }];
    spec.containers[0] = { ...spec.containers[0], volumeMounts: [{ name: "data", mountPath: "/data" }, { name: "config", mountPath: "/etc/app", readOnly: true }] };
  }
  if (r.nodeSelector) spec.nodeSelector = r.nodeSelector;
  if (r.affinity) spec.affinity = r.affinity;
  if (r.ads !== undefined) spec.activeDeadlineSeconds = r.ads;
  if (r.gated) spec.schedulingGates = r.gates.map((name) => ({ name }));
  else spec.nodeName = "node-1";
  const metadata: Obj = { name: r.name, namespace: "default", uid: "6f1c9a2e-2b7d-4c1e-9a51-3f0d8e2b4c7a", resourceVersion: "48213", creationTimestamp: "2024-05-01T10:00:00Z" };
  if (r.labels) metadata.labels = r.labels;
  // a mirror pod is bound to its node: gated (unscheduled) pods do not carry the annotation
  if (r.annotations) metadata.annotations = r.gated && r.annotations["kubernetes.io/config.mirror"] ? { "prometheus.io/scrape": "true" } : r.annotations;
  if (r.generation !== undefined) metadata.generation = r.generation;
  const status: Obj = { phase: r.gated ? "Pending" : "Running" };
  if (r.qos) status.qosClass = qosOf(spec);
  return { apiVersion: "v1", kind: "Pod", metadata, spec, status };
});

/** Kubernetes' QoS class of a spec (for a realistic status.qosClass). */
function qosOf(spec: Obj): string {
  const all = [...spec.containers, ...(spec.initContainers ?? [])];
  const any = all.some((c) => c.resources.requests || c.resources.limits);
  if (!any) return "BestEffort";
  const guaranteed = all.every((c) => c.resources.limits?.cpu && c.resources.limits?.memory &&
    c.resources.requests?.cpu === c.resources.limits.cpu && c.resources.requests?.memory === c.resources.limits.memory);
  return guaranteed ? "Guaranteed" : "Burstable";
}

// ---------------------------------------------------------------------------------------------
// realistic edits

type Edit = (p: Obj) => void;
const edit = (f: Edit) => f;

const edits: fc.Arbitrary<Edit> = fc.oneof(
  // images
  fc.tuple(fc.nat(2), fc.constantFrom("nginx:1.26.0", "ghcr.io/acme/api:v2.5.0", "", " nginx:1.26.0", "redis:7.4 ")).map(([i, img]) => edit((p) => { const c = p.spec.containers; c[i % c.length].image = img; })),
  fc.constantFrom("busybox:1.37", "").map((img) => edit((p) => { if (p.spec.initContainers) p.spec.initContainers[0].image = img; })),
  // resources
  fc.tuple(fc.nat(2), cpu, mem, fc.boolean()).map(([i, c, m, lim]) => edit((p) => {
    const ct = p.spec.containers[i % p.spec.containers.length];
    ct.resources = lim ? { requests: { cpu: c, memory: m }, limits: { cpu: c, memory: m } } : { ...ct.resources, requests: { cpu: c, memory: m } };
    if (!lim && ct.resources.limits) ct.resources.limits = { cpu: "2", memory: "1Gi", ...(ct.resources.limits["ephemeral-storage"] ? { "ephemeral-storage": "2Gi" } : {}) };
  })),
  fc.nat(2).map((i) => edit((p) => { const ct = p.spec.containers[i % p.spec.containers.length]; delete ct.resources.limits; })),
  fc.tuple(fc.nat(2), fc.constantFrom("4", "2500m")).map(([i, c]) => edit((p) => { const ct = p.spec.containers[i % p.spec.containers.length]; if (ct.resources.limits) ct.resources.requests = { ...(ct.resources.requests ?? {}), cpu: c }; })),
  fc.nat(2).map((i) => edit((p) => { const ct = p.spec.containers[i % p.spec.containers.length]; ct.resources = { ...ct.resources, limits: { ...(ct.resources.limits ?? { cpu: "2", memory: "1Gi" }), "ephemeral-storage": "3Gi" } }; })),
  // tolerations
  extraToleration.map((t) => edit((p) => { p.spec.tolerations = [...(p.spec.tolerations ?? []), t]; })),
  fc.nat(4).map((i) => edit((p) => { const t = p.spec.tolerations; if (t?.length) t.splice(i % t.length, 1); })),
  fc.constantFrom(0, 60, 3600).map((s) => edit((p) => { if (p.spec.tolerations?.[0]) p.spec.tolerations[0].tolerationSeconds = s; })),
  fc.constantFrom("node.kubernetes.io/network-unavailable", "bad key!").map((k) => edit((p) => { if (p.spec.tolerations?.[1]) p.spec.tolerations[1].key = k; })),
  fc.constantFrom<Obj>({ key: "x", operator: "Foo", value: "v" }, { key: "x", operator: "Equal", value: "y", effect: "NoSchedule", tolerationSeconds: 10 }, { key: "x", value: "y", effect: "Sometimes" }, { operator: "Equal", value: "z" }, { key: "x", operator: "Equal", value: "not valid!" }, { key: "x", operator: "Exists", value: "v", effect: "NoSchedule" })
    .map((t) => edit((p) => { p.spec.tolerations = [...(p.spec.tolerations ?? []), t]; })),
  fc.constant(edit((p) => { p.spec.tolerations?.reverse(); })),
  // activeDeadlineSeconds
  fc.constantFrom<number | undefined>(undefined, 10, 300, 7200, 0, -5, 3000000000).map((v) => edit((p) => { if (v === undefined) delete p.spec.activeDeadlineSeconds; else p.spec.activeDeadlineSeconds = v; })),
  // grace period
  fc.constantFrom<number | undefined>(1, 60, 0, -1, undefined).map((v) => edit((p) => { if (v === undefined) delete p.spec.terminationGracePeriodSeconds; else p.spec.terminationGracePeriodSeconds = v; })),
  // scheduling gates
  fc.nat(1).map((i) => edit((p) => { const g = p.spec.schedulingGates; if (g?.length) { g.splice(i % g.length, 1); if (!g.length) delete p.spec.schedulingGates; } })),
  fc.constantFrom("example.com/new", "example.com/quota", "bad gate!").map((n) => edit((p) => { p.spec.schedulingGates = [...(p.spec.schedulingGates ?? []), { name: n }]; })),
  fc.constant(edit((p) => { delete p.spec.schedulingGates; })),
  // nodeSelector (gated pods may add)
  fc.constantFrom<[string, string | undefined]>(["gpu", "true"], ["disktype", "hdd"], ["disktype", undefined], ["zone", undefined], ["bad key!", "x"], ["region", "bad value!"])
    .map(([k, v]) => edit((p) => { const ns = { ...(p.spec.nodeSelector ?? {}) }; if (v === undefined) delete ns[k]; else ns[k] = v; p.spec.nodeSelector = ns; })),
  fc.constant(edit((p) => { delete p.spec.nodeSelector; })),
  // node affinity
  nodeAffinity.map((a) => edit((p) => { p.spec.affinity = a; })),
  requirement.map((r) => edit((p) => { const t = p.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms; if (t) t[0].matchExpressions.push(r); })),
  requirement.map((r) => edit((p) => { const t = p.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms; if (t) t[0].matchExpressions[0] = r; })),
  requirement.map((r) => edit((p) => { const t = p.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms; if (t) t.push({ matchExpressions: [r] }); })),
  fc.constant(edit((p) => { delete p.spec.affinity; })),
  fc.constant(edit((p) => { p.spec.affinity = { ...(p.spec.affinity ?? {}), podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 10, podAffinityTerm: { topologyKey: "kubernetes.io/hostname", labelSelector: { matchLabels: { app: "web" } } } }] } }; })),
  // labels and annotations
  fc.constantFrom<[string, string | undefined]>(["version", "v2"], ["app", "web2"], ["app", undefined], ["bad key!", "x"], ["tier", "bad value!"], ["example.com/team", "payments"])
    .map(([k, v]) => edit((p) => { const l = { ...(p.metadata.labels ?? {}) }; if (v === undefined) delete l[k]; else l[k] = v; p.metadata.labels = l; })),
  fc.constantFrom<[string, string | undefined]>(["kubectl.kubernetes.io/restartedAt", "2024-06-01T00:00:00Z"], ["prometheus.io/scrape", undefined], ["kubernetes.io/config.mirror", "def"], ["kubernetes.io/config.mirror", undefined], ["container.apparmor.security.beta.kubernetes.io/app", "unconfined"], ["container.apparmor.security.beta.kubernetes.io/app", undefined], ["container.apparmor.security.beta.kubernetes.io/app", "enforce"], ["container.apparmor.security.beta.kubernetes.io/app", "localhost/k8s-nginx"], ["bad key!", "x"], ["Example.COM/Owner", "team-a"], ["-lead", "y"])
    .map(([k, v]) => edit((p) => { const a = { ...(p.metadata.annotations ?? {}) }; if (v === undefined) delete a[k]; else a[k] = v; p.metadata.annotations = a; })),
  // container names (DNS-1123 label, required, unique across containers and init containers)
  fc.tuple(fc.nat(2), fc.constantFrom("", "App", "bad_name", "-web", "a".repeat(64), "app", "sidecar", "init-db", "web.1"))
    .map(([i, n]) => edit((p) => { const c = p.spec.containers; c[i % c.length].name = n; })),
  fc.constantFrom("", "app", "Init", "init-db", "proxy").map((n) => edit((p) => { if (p.spec.initContainers) p.spec.initContainers[0].name = n; })),
  container("init-db").map((c) => edit((p) => { p.spec.initContainers = [...(p.spec.initContainers ?? []), c]; })),
  // ports (name syntax and uniqueness, containerPort / hostPort range, protocol, hostPort conflicts)
  fc.tuple(fc.nat(2), fc.constantFrom<Obj[]>(
    [{ containerPort: 0, protocol: "TCP" }], [{ containerPort: 70000, protocol: "TCP" }], [{ containerPort: 8080, protocol: "tcp" }],
    [{ containerPort: 8080 }], [{ name: "http", containerPort: 8080, protocol: "TCP" }, { name: "http", containerPort: 8443, protocol: "TCP" }],
    [{ name: "HTTP", containerPort: 8080, protocol: "TCP" }], [{ name: "123", containerPort: 8080, protocol: "TCP" }], [{ name: "metrics--port-exporter", containerPort: 9100, protocol: "UDP" }],
    [{ name: "-web", containerPort: 80, protocol: "UDP" }], [{ containerPort: 8080, hostPort: 8080, protocol: "TCP" }, { containerPort: 8081, hostPort: 8080, protocol: "TCP" }],
    [{ containerPort: 53, hostPort: 53, protocol: "UDP" }, { containerPort: 53, hostPort: 53, protocol: "TCP" }], [{ containerPort: 80, hostPort: 70000, protocol: "TCP" }],
    [{ containerPort: 80, hostPort: 80, protocol: "TCP", hostIP: "10.0.0.1" }],
  )).map(([i, ports]) => edit((p) => { const c = p.spec.containers; c[i % c.length].ports = ports; })),
  fc.constantFrom<Obj[]>([{ containerPort: 80, hostPort: 80, protocol: "TCP" }], [{ containerPort: 80, hostPort: 80, protocol: "TCP" }, { containerPort: 81, hostPort: 80, protocol: "TCP" }], [{ containerPort: -1, protocol: "TCP" }])
    .map((ports) => edit((p) => { if (p.spec.initContainers) p.spec.initContainers[0].ports = ports; })),
  // env (name syntax per minor, valueFrom with exactly one source)
  fc.tuple(fc.nat(2), fc.constantFrom<Obj[]>(
    [{ name: "", value: "x" }], [{ name: "1ST", value: "x" }], [{ name: "my-var.name", value: "x" }], [{ name: "HAS SPACE", value: "x" }], [{ name: "A=B", value: "x" }],
    [{ name: "..", value: "x" }], [{ name: "..cfg", value: "x" }], [{ name: "ÄPFEL", value: "x" }],
    [{ name: "POD_NAME", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" } } }],
    [{ name: "POD_NAME", valueFrom: {} }],
    [{ name: "POD_NAME", value: "x", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" } } }],
    [{ name: "DB_PASS", valueFrom: { secretKeyRef: { name: "db", key: "password" }, configMapKeyRef: { name: "cfg", key: "k" } } }],
    [{ name: "CPU_LIMIT", valueFrom: { resourceFieldRef: { resource: "limits.cpu", divisor: "1m" } } }, { name: "1BAD", valueFrom: {} }],
  )).map(([i, env]) => edit((p) => { const c = p.spec.containers; c[i % c.length].env = env; })),
  // volumes (a source given, names) and volume mounts (known volume, mountPath required and unique)
  fc.constantFrom<Obj>({ name: "Data_1", emptyDir: {} }, { name: "data", emptyDir: {} }, { name: "nosource" }, { name: "", secret: { secretName: "x", defaultMode: 420 } }, { name: "cache", emptyDir: {} })
    .map((v) => edit((p) => { p.spec.volumes = [...(p.spec.volumes ?? []), v]; })),
  fc.tuple(fc.nat(2), fc.constantFrom<Obj>({ name: "missing", mountPath: "/m" }, { name: "data", mountPath: "" }, { name: "data", mountPath: "/data" }, { name: "", mountPath: "/x" }, { name: "cache", mountPath: "/cache" }, { name: "nosource", mountPath: "/n" }))
    .map(([i, m]) => edit((p) => { const c = p.spec.containers[i % p.spec.containers.length]; c.volumeMounts = [...(c.volumeMounts ?? []), m]; })),
  fc.constant(edit((p) => { delete p.spec.volumes; })),
  // probes of regular containers (exactly one handler, non-negative numbers, successThreshold 1 for liveness / startup)
  fc.tuple(fc.nat(2), fc.constantFrom("livenessProbe", "readinessProbe", "startupProbe"), fc.constantFrom<Obj>(
    { httpGet: { path: "/healthz", port: 8080, scheme: "HTTP" }, periodSeconds: 10, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 },
    { tcpSocket: { port: 8080 }, periodSeconds: 10, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 },
    { exec: { command: ["cat", "/tmp/ready"] }, periodSeconds: 5, timeoutSeconds: 1, successThreshold: 2, failureThreshold: 3 },
    { periodSeconds: 10, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 },
    { exec: { command: ["true"] }, tcpSocket: { port: 8080 }, periodSeconds: 10, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 },
    { tcpSocket: { port: 8080 }, initialDelaySeconds: -5, periodSeconds: -1, timeoutSeconds: 1, successThreshold: 1, failureThreshold: -3 },
    { tcpSocket: { port: 8080 }, periodSeconds: 10, timeoutSeconds: 1, successThreshold: 0, failureThreshold: 3 },
  )).map(([i, k, pr]) => edit((p) => { const c = p.spec.containers[i % p.spec.containers.length]; c[k] = pr; })),
  // container policies and pod policies
  fc.tuple(fc.nat(2), fc.constantFrom("terminationMessagePolicy", "imagePullPolicy"), fc.constantFrom(undefined, "", "Sometimes", "Always", "Never", "FallbackToLogsOnError"))
    .map(([i, k, v]) => edit((p) => { const c = p.spec.containers[i % p.spec.containers.length]; if (v === undefined) delete c[k]; else c[k] = v; })),
  fc.constantFrom<[string, string | undefined]>(["restartPolicy", "Sometimes"], ["restartPolicy", undefined], ["restartPolicy", "Never"], ["dnsPolicy", "ClusterFirstWithHostNet"], ["dnsPolicy", "Cluster"], ["dnsPolicy", undefined], ["dnsPolicy", "None"])
    .map(([k, v]) => edit((p) => { if (v === undefined) delete p.spec[k]; else p.spec[k] = v; })),
  // containers added or removed
  fc.constantFrom("extra", "logger").chain((n) => container(n)).map((c) => edit((p) => { if (!p.spec.containers.some((x: Obj) => x.name === c.name)) p.spec.containers.push(c); })),
  fc.constant(edit((p) => { if (p.spec.containers.length > 1) p.spec.containers.pop(); })),
  container("init-extra").map((c) => edit((p) => { if (!p.spec.initContainers?.some((x: Obj) => x.name === c.name)) p.spec.initContainers = [...(p.spec.initContainers ?? []), c]; })),
  fc.constant(edit((p) => { delete p.spec.initContainers; })),
  // ephemeral containers
  fc.constantFrom("busybox:1.36", "registry.k8s.io/e2e-test-images/agnhost:2.45").map((img) => edit((p) => {
    p.spec.ephemeralContainers = [{ name: "debugger", image: img, terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent", stdin: true, tty: true }];
  })),
  // fields no update may change
  fc.constantFrom<Edit>(
    (p) => { p.spec.containers[0].env = [{ name: "LOG_LEVEL", value: "debug" }]; },
    (p) => { p.spec.containers[0].ports = [{ containerPort: 9999, protocol: "TCP" }]; },
    (p) => { p.spec.hostname = "web-0"; },
    (p) => { p.spec.serviceAccountName = "builder"; },
    (p) => { p.spec.serviceAccount = "builder"; },
    (p) => { delete p.spec.serviceAccount; },
    (p) => { p.spec.hostIPC = true; },
    (p) => { p.spec.securityContext = { runAsUser: 1000 }; },
    (p) => { delete p.spec.securityContext; },
    (p) => { p.spec.dnsPolicy = "Default"; },
    (p) => { p.spec.priorityClassName = "high"; },
    (p) => { p.spec.nodeName = "node-2"; },
    (p) => { p.spec.restartPolicy = "OnFailure"; },
    (p) => { p.spec.containers[0].terminationMessagePath = "/tmp/log"; },
    (p) => { const r = p.spec.containers[0].resources; r.requests = { ...(r.requests ?? {}), cpu: r.limits?.cpu ?? "100m" }; },
  ),
  // metadata
  fc.constantFrom<Edit>(
    (p) => { delete p.metadata.resourceVersion; },
    (p) => { p.metadata.resourceVersion = "48300"; },
    (p) => { p.metadata.generation = 0; },
    (p) => { p.metadata.generation = 7; },
    (p) => { p.metadata.name = "renamed"; },
    (p) => { p.metadata.namespace = "other"; },
    (p) => { p.metadata.uid = "00000000-0000-0000-0000-000000000001"; },
  ),
);

/** One request: a stored pod, an edited copy, a minor and gates. */
export const request = (minor: string): fc.Arbitrary<string> =>
  fc.tuple(storedPod, fc.array(edits, { minLength: 0, maxLength: 3 }), gatesFor(minor), fc.boolean()).map(([old, es, gates, text]) => {
    const nu = structuredClone(old);
    for (const e of es) e(nu);
    oneSpecialAnnotationChange(old, nu);
    oneInvalidEntry(nu.metadata.labels);
    oneInvalidAnnotationKey(nu.metadata.annotations);
    oneInvalidEntry(nu.spec.nodeSelector);
    const req: Obj = { op: "pod.validateUpdate", kubernetes: minor };
    if (gates) req.gates = gates;
    if (text) { req.oldText = JSON.stringify(old); req.new = nu; } else { req.old = old; req.new = nu; }
    return JSON.stringify(req);
  });

/**
 * Upstream ranges over the annotation maps when it refuses AppArmor / mirror-pod annotation changes,
 * so two such changes come out in Go's random map order: keep at most one per request.
 */
function oneSpecialAnnotationChange(old: Obj, nu: Obj): void {
  const special = (k: string) => k === "kubernetes.io/config.mirror" || k.startsWith("container.apparmor.security.beta.kubernetes.io/");
  const oa: Obj = old.metadata.annotations ?? {}, na: Obj = nu.metadata.annotations ?? {};
  const changed = [...new Set([...Object.keys(oa), ...Object.keys(na)])].filter((k) => special(k) && oa[k] !== na[k]).sort();
  for (const k of changed.slice(1)) {
    if (k in oa) na[k] = oa[k]; else delete na[k];
  }
  if (changed.length > 1) nu.metadata.annotations = na;
}

/** Upstream ranges over label maps (random order): keep at most one invalid label per map. */
function oneInvalidEntry(m: Obj | undefined): void {
  if (!m) return;
  const ok = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
  const bad = Object.keys(m).filter((k) => !ok.test(k.slice(k.indexOf("/") + 1)) || !ok.test(m[k])).sort();
  for (const k of bad.slice(1)) delete m[k];
}

/** Upstream ranges over the annotations (random order): keep at most one invalid annotation key. */
function oneInvalidAnnotationKey(m: Obj | undefined): void {
  if (!m) return;
  const ok = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$/;
  const bad = Object.keys(m).filter((k) => !ok.test(k.slice(k.indexOf("/") + 1))).sort();
  for (const k of bad.slice(1)) delete m[k];
}

/** Gate settings a request may carry at a minor (only the gates that exist there and are not locked). */
function gatesFor(minor: string): fc.Arbitrary<Obj | undefined> {
  const n = Number(minor.slice(2));
  const opts: (Obj | undefined)[] = [undefined];
  if (n >= 27 && n <= 34) opts.push({ InPlacePodVerticalScaling: true }, { InPlacePodVerticalScaling: false });
  if (n >= 26 && n <= 29) opts.push({ PodSchedulingReadiness: n === 26 }, { PodSchedulingReadiness: false, InPlacePodVerticalScaling: n >= 27 });
  return fc.constantFrom(...opts.filter((o) => o === undefined || Object.keys(o).every((k) => k !== "InPlacePodVerticalScaling" || n >= 27)));
}

// ---------------------------------------------------------------------------------------------
// comparison modulo upstream's diff

const FORBIDDEN_HEAD = "Forbidden: pod updates may not change fields other than ";

/** The answer with the text after the newline of the `spec` Forbidden error cut (in errors and in message). */
export function normalize(answer: string): unknown {
  const a = JSON.parse(answer) as Obj;
  if (!a.ok || !Array.isArray(a.result?.errors)) return a;
  let message: string = a.result.message;
  const errors = a.result.errors.map((e: Obj) => {
    if (e.field === "spec" && e.type === "Forbidden" && typeof e.message === "string" && e.message.startsWith(FORBIDDEN_HEAD)) {
      const cut = e.message.slice(0, e.message.indexOf("\n") + 1) + "<diff>";
      message = message.split(`spec: ${e.message}`).join(`spec: ${cut}`);
      return { ...e, message: cut };
    }
    return e;
  });
  return { ...a, result: { ...a.result, errors, message } };
}


/** Request lines the op must refuse or answer on odd input (gates, versions, missing or broken pods). */
export function requestErrors(minor: string, pod: Obj): string[] {
  return [
    { op: "pod.validateUpdate", kubernetes: minor, old: pod, new: pod },
    { op: "pod.validateUpdate", kubernetes: minor, old: pod, new: pod, gates: { InPlacePodVerticalScaling: "yes" } },
    { op: "pod.validateUpdate", kubernetes: minor, old: pod, new: pod, gates: [] },
    { op: "pod.validateUpdate", kubernetes: minor, old: pod, new: pod, gates: { PodSchedulingReadiness: false } },
    { op: "pod.validateUpdate", kubernetes: minor, old: pod, new: pod, gates: { InPlacePodVerticalScaling: false, PodSchedulingReadiness: true } },
    { op: "pod.validateUpdate", kubernetes: "1.99", old: pod, new: pod },
    { op: "pod.validateUpdate", kubernetes: minor, old: pod },
    { op: "pod.validateUpdate", kubernetes: minor, new: pod },
    { op: "pod.validateUpdate", kubernetes: minor, old: pod, new: { spec: { containers: 5 } } },
    { op: "pod.validateUpdate", kubernetes: minor, old: { metadata: { name: 1 } }, new: pod },
    // (1.15-1.22 decode with json-iterator, whose texts for broken JSON the engine does not reproduce)
    ...(Number(minor.slice(2)) >= 23 ? [{ op: "pod.validateUpdate", kubernetes: minor, old: pod, newText: "{\"spec\":" }] : []),
    { op: "pod.validateUpdate", kubernetes: minor, old: pod, new: pod, newText: "{}" },
    { op: "pod.validateUpdate", kubernetes: minor, old: {}, new: {} },
    { op: "pod.validateUpdate", kubernetes: minor, old: pod, new: pod, gates: { NoSuchGate: true } },
  ].map((r) => JSON.stringify(r));
}
