// Generators of pod.validateResize requests (what kube-apiserver answers to a PATCH / PUT of a Pod's `resize`
// subresource, 1.32+; contract: test/oracle/k8s/harness/resize.go): realistic stored pods of every QoS class
// (Guaranteed, Burstable, BestEffort; app containers, a non-restartable init container, sidecars, resizePolicy
// variants, kubelet-reported container resources, now and then a static pod, a Windows pod, pod-level
// resources or a memory-backed emptyDir) and the edits a resize request makes to them (cpu / memory up and down
// on requests and limits, QoS-changing edits, removed requests or limits, other resources, resizePolicy
// changes, init container and sidecar resources, pod-level resources, edits outside resources), about half of
// them refused; plus request errors and the comparison modulo the go-cmp diff 1.32 appends.

import fc from "fast-check";

/** A JSON object. */
export type Obj = Record<string, any>;

/** The minors with the resize subresource (pods/resize was registered from 1.32). */
export const RESIZE_MINORS = ["1.32", "1.33", "1.34", "1.35", "1.36", "1.37"];

const minorOf = (minor: string) => Number(minor.slice(2));

// ---------------------------------------------------------------------------------------------
// realistic stored pods

const images = ["nginx:1.25.3", "ghcr.io/acme/api:v2.4.1", "redis:7.2", "quay.io/prometheus/node-exporter:v1.7.0"];
const cpus = ["100m", "250m", "500m", "1", "2"];
const mems = ["128Mi", "256Mi", "512Mi", "1Gi", "2Gi"];
const cpu = fc.constantFrom(...cpus);
const mem = fc.constantFrom(...mems);

type Qos = "Guaranteed" | "Burstable" | "BestEffort";

/** Resources of one container of a pod of class qos (Burstable: any mix, at least one container has some). */
function resourcesFor(qos: Qos): fc.Arbitrary<Obj> {
  if (qos === "BestEffort") return fc.constant({});
  if (qos === "Guaranteed") return fc.tuple(cpu, mem).map(([c, m]) => ({ limits: { cpu: c, memory: m }, requests: { cpu: c, memory: m } }));
  return fc.oneof(
    fc.tuple(cpu, mem).map(([c, m]) => ({ requests: { cpu: c, memory: m } })),
    fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 })).map(([c, m]) => ({ limits: { cpu: cpus[c + 2]!, memory: mems[m + 2]! }, requests: { cpu: cpus[c]!, memory: mems[m]! } })),
    cpu.map((c) => ({ requests: { cpu: c } })),
    mem.map((m) => ({ limits: { memory: m }, requests: { memory: m } })),
    fc.constant({}),
  );
}

const resizePolicy = fc.constantFrom<Obj[] | undefined>(
  undefined, undefined,
  [{ resourceName: "cpu", restartPolicy: "NotRequired" }, { resourceName: "memory", restartPolicy: "NotRequired" }],
  [{ resourceName: "cpu", restartPolicy: "NotRequired" }, { resourceName: "memory", restartPolicy: "RestartContainer" }],
  [{ resourceName: "memory", restartPolicy: "RestartContainer" }],
  [{ resourceName: "cpu", restartPolicy: "RestartContainer" }],
);

const container = (name: string, qos: Qos, extra: Obj = {}): fc.Arbitrary<Obj> =>
  fc.record({ image: fc.constantFrom(...images), resources: resourcesFor(qos), resizePolicy, port: fc.option(fc.constantFrom(80, 8080, 9090), { nil: undefined }) })
    .map((r) => {
      const c: Obj = { name, image: r.image };
      if (r.port !== undefined) c.ports = [{ containerPort: r.port, protocol: "TCP" }];
      c.resources = r.resources;
      if (r.resizePolicy) c.resizePolicy = r.resizePolicy;
      Object.assign(c, extra, { terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent" });
      return c;
    });

const defaultTolerations = [
  { key: "node.kubernetes.io/not-ready", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 },
  { key: "node.kubernetes.io/unreachable", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 },
];

/** Kubernetes' QoS class of a spec (containers, init containers; pod-level resources when set). */
export function qosOf(spec: Obj): Qos {
  const all: Obj[] = [...spec.containers, ...(spec.initContainers ?? [])];
  const lists = spec.resources ? [spec.resources] : all.map((c) => c.resources ?? {});
  const any = lists.some((r) => Object.keys(r.requests ?? {}).some((k) => k === "cpu" || k === "memory") || Object.keys(r.limits ?? {}).some((k) => k === "cpu" || k === "memory"));
  if (!any) return "BestEffort";
  const guaranteed = lists.every((r) => r.limits?.cpu && r.limits?.memory && (r.requests?.cpu ?? r.limits.cpu) === r.limits.cpu && (r.requests?.memory ?? r.limits.memory) === r.limits.memory);
  return guaranteed ? "Guaranteed" : "Burstable";
}

/** A running pod as the API server stores it (defaulted), with the kubelet's container statuses. */
export const storedPod: fc.Arbitrary<Obj> = fc.constantFrom<Qos>("Guaranteed", "Burstable", "BestEffort").chain((qos) => fc.record({
  qos: fc.constant(qos),
  name: fc.constantFrom("web-7d9f8c6b5-x2k4p", "api-0", "worker-abc12", "db-1"),
  containers: fc.integer({ min: 1, max: 3 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => container(["app", "metrics", "proxy"][i]!, qos)))),
  init: fc.option(container("init-db", qos, { command: ["sh", "-c", "until nc -z db 5432; do sleep 1; done"] }), { nil: undefined, freq: 3 }),
  sidecar: fc.option(container("log-shipper", qos, { restartPolicy: "Always" }), { nil: undefined, freq: 3 }),
  // kubelet-reported resources: "full" (a resize-capable node), "none" (no resources: a node without resize
  // support), "absent" (no container statuses yet)
  statuses: fc.oneof({ arbitrary: fc.constant("full"), weight: 8 }, { arbitrary: fc.constant("none"), weight: 1 }, { arbitrary: fc.constant("absent"), weight: 1 }),
  // now and then: a static pod (mirror annotation), a Windows pod, an explicit Linux one, restartPolicy Never,
  // node-allocatable resources from a DRA claim in the status (1.36+); pod-level resources; emptyDir volumes
  // (one memory-backed)
  special: fc.oneof(
    { arbitrary: fc.constant<string | undefined>(undefined), weight: 22 },
    { arbitrary: fc.constantFrom<string | undefined>("mirror", "windows", "linux", "never", "draStatus"), weight: 5 },
  ),
  podLevel: fc.oneof({ arbitrary: fc.constant(false), weight: 7 }, { arbitrary: fc.constant(true), weight: 1 }),
  volumes: fc.oneof({ arbitrary: fc.constant(false), weight: 5 }, { arbitrary: fc.constant(true), weight: 1 }),
  labels: fc.option(fc.constantFrom<Obj>({ app: "web" }, { app: "web", "pod-template-hash": "7d9f8c6b5" }, { "app.kubernetes.io/name": "api", tier: "backend" }), { nil: undefined }),
  generation: fc.option(fc.constantFrom(1, 2), { nil: undefined }),
})).map((r) => {
  const spec: Obj = {
    containers: r.containers,
    restartPolicy: r.special === "never" ? "Never" : "Always",
    terminationGracePeriodSeconds: 30,
    dnsPolicy: "ClusterFirst",
    serviceAccountName: "default",
    serviceAccount: "default",
    nodeName: "node-1",
    securityContext: {},
    schedulerName: "default-scheduler",
    tolerations: defaultTolerations,
    priority: 0,
    enableServiceLinks: true,
    preemptionPolicy: "PreemptLowerPriority",
  };
  const init: Obj[] = [];
  if (r.init) init.push(stripResizePolicy(r.init));
  if (r.sidecar) init.push(r.sidecar);
  if (init.length) spec.initContainers = init;
  // a Burstable pod whose draws came out all empty or all equal gets one container with a cpu request only
  if (r.qos === "Burstable" && qosOf(spec) !== "Burstable") spec.containers[0].resources = { requests: { cpu: "100m" } };
  if (r.special === "never") for (const c of spec.containers) if (c.resizePolicy) c.resizePolicy = c.resizePolicy.map((p: Obj) => ({ ...p, restartPolicy: "NotRequired" }));
  if (r.special === "windows") spec.os = { name: "windows" };
  if (r.special === "linux") spec.os = { name: "linux" };
  if (r.podLevel) spec.resources = podLevel();
  if (r.volumes) {
    spec.volumes = [{ name: "cache", emptyDir: { medium: "Memory", sizeLimit: "64Mi" } }, { name: "scratch", emptyDir: { sizeLimit: "1Gi" } }];
    spec.containers[0].volumeMounts = [{ name: "cache", mountPath: "/cache" }, { name: "scratch", mountPath: "/scratch" }];
  }
  const metadata: Obj = { name: r.name, namespace: "default", uid: "6f1c9a2e-2b7d-4c1e-9a51-3f0d8e2b4c7a", resourceVersion: "48213", creationTimestamp: "2024-05-01T10:00:00Z" };
  if (r.labels) metadata.labels = r.labels;
  if (r.generation !== undefined) metadata.generation = r.generation;
  if (r.special === "mirror") metadata.annotations = { "kubernetes.io/config.mirror": "3f1d0c9e8b7a", "kubernetes.io/config.source": "file" };
  const status: Obj = { phase: "Running", hostIP: "10.0.0.12", podIP: "10.244.1.17", startTime: "2024-05-01T10:00:02Z" };
  status.qosClass = qosOf(spec);
  if (r.special === "draStatus") status.nodeAllocatableResourceClaimStatuses = [{ resourceClaimName: "web-0-hugepages-claim", containers: [spec.containers[0].name], resources: { "hugepages-2Mi": "512Mi" } }];
  if (r.statuses !== "absent") {
    status.containerStatuses = spec.containers.map((c: Obj, i: number) => {
      const s: Obj = {
        name: c.name, ready: true, restartCount: 0, image: c.image, imageID: `docker.io/library/${c.image}@sha256:${"0123456789abcdef".repeat(4)}`,
        containerID: `containerd://${(i + 1).toString().repeat(64)}`, started: true, state: { running: { startedAt: "2024-05-01T10:00:05Z" } },
      };
      if (r.statuses === "full") {
        s.allocatedResources = c.resources.requests ?? {};
        s.resources = c.resources;
      }
      return s;
    });
  }
  return { apiVersion: "v1", kind: "Pod", metadata, spec, status };
});

function stripResizePolicy(c: Obj): Obj {
  const { resizePolicy: _, ...rest } = c;
  return rest;
}

/** Pod-level resources above the most the containers can ask for together (5 containers of at most 2 cpu / 2Gi). */
function podLevel(): Obj {
  return { requests: { cpu: "12", memory: "12Gi" }, limits: { cpu: "16", memory: "16Gi" } };
}

// ---------------------------------------------------------------------------------------------
// resize edits

type Edit = (p: Obj) => void;

/** The containers a resize may touch: app containers, and the init containers (sidecars first-class from 1.33). */
const pick = (p: Obj, i: number, init: boolean): Obj | undefined => {
  const list: Obj[] | undefined = init ? p.spec.initContainers : p.spec.containers;
  return list?.length ? list[i % list.length] : undefined;
};

/** The quantities an edit steps through (cpu: cores and millicores; memory: Mi / Gi), smallest first. */
const CPU_STEPS = ["50m", ...cpus, "4"];
const MEM_STEPS = ["64Mi", ...mems, "4Gi"];

/** q one step up or down (unchanged at either end or outside the steps). */
const scale = (q: string, up: boolean): string => {
  const steps = q.endsWith("i") ? MEM_STEPS : CPU_STEPS;
  const i = steps.indexOf(q);
  const j = i + (up ? 1 : -1);
  return i < 0 || j < 0 || j >= steps.length ? q : steps[j]!;
};

/** Memory limit down (refused at 1.33 under a NotRequired / absent memory resizePolicy, allowed from 1.34). */
const memoryLimitDown: fc.Arbitrary<Edit> = fc.tuple(fc.nat(2), fc.nat(3)).map(([i, which]): Edit => (p) => {
  const c = pick(p, i, which === 0);
  if (!c) return;
  const r = c.resources;
  if (r.limits?.memory) {
    const v = scale(r.limits.memory, false);
    r.limits.memory = v;
    if (r.requests?.memory && compareQ(r.requests.memory, v) > 0) r.requests.memory = v;
  }
});

const resourceEdits: fc.Arbitrary<Edit> = fc.oneof(
  // cpu / memory up or down, keeping the class: both sides when requests == limits
  fc.tuple(fc.nat(2), fc.boolean(), fc.constantFrom("cpu", "memory"), fc.boolean()).map(([i, init, res, up]): Edit => (p) => {
    const c = pick(p, i, init);
    if (!c) return;
    const r = c.resources;
    const rq = r.requests?.[res], lm = r.limits?.[res];
    if (rq !== undefined && lm !== undefined && rq === lm) { const v = scale(rq, up); r.requests[res] = v; r.limits[res] = v; }
    else if (rq !== undefined) r.requests[res] = scale(rq, up);
    else if (lm !== undefined) r.limits[res] = scale(lm, up);
  }),
  // one side only: requests or limits of cpu / memory (may change the class, or push requests over limits)
  fc.tuple(fc.nat(2), fc.constantFrom("requests", "limits"), fc.constantFrom("cpu", "memory"), fc.boolean()).map(([i, side, res, up]): Edit => (p) => {
    const c = pick(p, i, false)!;
    const l = c.resources[side];
    if (l?.[res] !== undefined) l[res] = scale(l[res], up);
  }),
  // memory limit added where there was none
  fc.tuple(fc.nat(2), mem).map(([i, m]): Edit => (p) => {
    const c = pick(p, i, false)!;
    if (!c.resources.limits?.memory) c.resources.limits = { ...(c.resources.limits ?? {}), memory: m === "128Mi" ? "2Gi" : m };
  }),
  // requests added to a container without any (BestEffort -> Burstable)
  fc.tuple(fc.nat(2), cpu, mem).map(([i, c0, m]): Edit => (p) => {
    const c = pick(p, i, false)!;
    c.resources = { ...c.resources, requests: { cpu: c0, memory: m, ...(c.resources.requests ?? {}) } };
  }),
  // Guaranteed <-> Burstable: requests made lower than limits, or every container's requests = limits
  fc.nat(2).map((i): Edit => (p) => {
    const c = pick(p, i, false)!;
    if (c.resources.limits?.cpu) c.resources.requests = { ...(c.resources.requests ?? {}), cpu: "50m" };
  }),
  fc.constant<Edit>((p) => {
    for (const c of [...p.spec.containers, ...(p.spec.initContainers ?? [])]) c.resources = { limits: { cpu: "1", memory: "1Gi" }, requests: { cpu: "1", memory: "1Gi" } };
  }),
  // requests / limits removed, or one resource of them
  fc.tuple(fc.nat(2), fc.boolean(), fc.constantFrom("requests", "limits")).map(([i, init, side]): Edit => (p) => {
    const c = pick(p, i, init);
    if (c) delete c.resources[side];
  }),
  fc.tuple(fc.nat(2), fc.constantFrom("requests", "limits"), fc.constantFrom("cpu", "memory")).map(([i, side, res]): Edit => (p) => {
    const c = pick(p, i, false)!;
    if (c.resources[side]) { delete c.resources[side][res]; if (!Object.keys(c.resources[side]).length) delete c.resources[side]; }
  }),
  // resources other than cpu and memory
  fc.tuple(fc.nat(2), fc.boolean(), fc.constantFrom("1Gi", "2Gi")).map(([i, init, v]): Edit => (p) => {
    const c = pick(p, i, init);
    if (c) c.resources = { ...c.resources, limits: { ...(c.resources.limits ?? {}), "ephemeral-storage": v }, requests: { ...(c.resources.requests ?? {}), "ephemeral-storage": v } };
  }),
  // invalid values: request over its limit (one resource), a negative request
  fc.nat(2).map((i): Edit => (p) => {
    const c = pick(p, i, false)!;
    if (c.resources.limits?.cpu) c.resources.requests = { ...(c.resources.requests ?? {}), cpu: "8" };
  }),
  fc.nat(2).map((i): Edit => (p) => {
    const c = pick(p, i, false)!;
    c.resources.requests = { ...(c.resources.requests ?? {}), memory: "-1Gi" };
  }),
  // init containers (non-restartable first when present) and sidecars: cpu / memory up
  fc.tuple(fc.constantFrom("cpu", "memory"), fc.boolean()).map(([res, up]): Edit => (p) => {
    for (const c of p.spec.initContainers ?? []) {
      const r = c.resources;
      if (r.requests?.[res]) r.requests[res] = scale(r.requests[res], up);
      if (r.limits?.[res]) r.limits[res] = scale(r.limits[res], up);
      if (r.requests?.[res] && r.limits?.[res] && compareQ(r.requests[res], r.limits[res]) > 0) r.requests[res] = r.limits[res];
    }
  }),
);

const policyEdits: fc.Arbitrary<Edit> = fc.oneof(
  fc.tuple(fc.nat(2), fc.constantFrom<Obj[] | undefined>(
    undefined,
    [{ resourceName: "cpu", restartPolicy: "NotRequired" }, { resourceName: "memory", restartPolicy: "RestartContainer" }],
    [{ resourceName: "memory", restartPolicy: "NotRequired" }],
    [{ resourceName: "memory", restartPolicy: "Sometimes" }],
    [{ resourceName: "storage", restartPolicy: "NotRequired" }],
    [{ resourceName: "cpu", restartPolicy: "NotRequired" }, { resourceName: "cpu", restartPolicy: "RestartContainer" }],
  ), fc.nat(3)).map(([i, pol, which]): Edit => (p) => {
    const c = pick(p, i, which === 0);
    if (!c) return;
    if (pol === undefined) delete c.resizePolicy; else c.resizePolicy = pol;
  }),
);

/** Edits outside resources and resizePolicy: most are dropped by the strategy, some refused. */
const otherEdits: fc.Arbitrary<Edit> = fc.constantFrom<Edit>(
  (p) => { p.spec.containers[0].image = "nginx:1.27.0"; },
  (p) => { p.spec.containers[0].env = [{ name: "LOG_LEVEL", value: "debug" }]; },
  (p) => { p.metadata.labels = { ...(p.metadata.labels ?? {}), version: "v2" }; },
  (p) => { p.metadata.annotations = { ...(p.metadata.annotations ?? {}), "example.com/resized-by": "vpa" }; },
  (p) => { p.spec.activeDeadlineSeconds = 600; },
  (p) => { p.spec.tolerations = [...p.spec.tolerations, { key: "dedicated", operator: "Equal", value: "gpu", effect: "NoSchedule" }]; },
  (p) => { p.status.qosClass = "BestEffort"; },
  (p) => { p.metadata.uid = "00000000-0000-0000-0000-000000000001"; },
  (p) => { p.spec.containers.push({ name: "debug", image: "busybox:1.36", resources: {}, terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File", imagePullPolicy: "IfNotPresent" }); },
  (p) => { if (p.spec.containers.length > 1) p.spec.containers.pop(); else p.spec.containers[0].name = "main"; },
  (p) => { p.spec.containers[0].name = "main"; },
  (p) => { p.spec.containers.reverse(); },
  (p) => { delete p.spec.initContainers; },
  (p) => { p.metadata.namespace = "other"; },
);

/** Pod-level resources (1.35+ with InPlacePodLevelResourcesVerticalScaling) and memory-backed volumes (1.37). */
const podEdits: fc.Arbitrary<Edit> = fc.constantFrom<Edit>(
  (p) => { if (p.spec.resources) (p.spec.resources.requests ??= {}).cpu = "14"; },
  (p) => { if (p.spec.resources) (p.spec.resources.limits ??= {}).memory = "20Gi"; },
  (p) => { if (p.spec.resources) delete p.spec.resources.limits; },
  (p) => { if (p.spec.resources) delete p.spec.resources; },
  (p) => { if (p.spec.resources) (p.spec.resources.limits ??= {})["ephemeral-storage"] = "1Gi"; },
  (p) => { if (!p.spec.resources) p.spec.resources = podLevel(); },
  (p) => { const v = p.spec.volumes?.[0]; if (v) v.emptyDir.sizeLimit = "128Mi"; },
  (p) => { const v = p.spec.volumes?.[1]; if (v) v.emptyDir.sizeLimit = "2Gi"; },
  (p) => { const v = p.spec.volumes?.[0]; if (v) delete v.emptyDir.sizeLimit; },
  (p) => { if (p.spec.volumes) p.spec.volumes.push({ name: "tmp", emptyDir: {} }); },
);

const edits: fc.Arbitrary<Edit> = fc.oneof(
  { arbitrary: resourceEdits, weight: 10 },
  { arbitrary: memoryLimitDown, weight: 2 },
  { arbitrary: policyEdits, weight: 2 },
  { arbitrary: otherEdits, weight: 3 },
  { arbitrary: podEdits, weight: 1 },
);

/** Gate settings a request may carry at a minor (gates of that minor that are not locked), mostly none. */
export function gatesFor(minor: string): fc.Arbitrary<Obj | undefined> {
  const n = minorOf(minor);
  const opts: Obj[] = [];
  // 1.32: alpha, off by default (no subresource): most requests turn it on
  if (n === 32) opts.push({ InPlacePodVerticalScaling: true, PodLevelResources: true }, { InPlacePodVerticalScaling: true, SidecarContainers: false });
  if (n === 33 || n === 34) opts.push({ InPlacePodVerticalScaling: false });
  if (n === 33) opts.push({ PodLevelResources: true });
  // 1.35: pod-level resize is alpha and needs NodeDeclaredFeatures (alpha) on first
  if (n === 35) opts.push({ NodeDeclaredFeatures: true, InPlacePodLevelResourcesVerticalScaling: true });
  if (n === 36) opts.push({ InPlacePodVerticalScalingInitContainers: false }, { InPlacePodLevelResourcesVerticalScaling: false });
  if (n >= 37) opts.push({ InPlacePodVerticalScalingMemoryBackedVolumes: true }, { InPlacePodVerticalScalingMemoryBackedVolumes: true }, { InPlacePodVerticalScalingMemoryBackedVolumes: true });
  const usual = n === 32 ? fc.constant<Obj | undefined>({ InPlacePodVerticalScaling: true }) : fc.constant<Obj | undefined>(undefined);
  return fc.oneof({ arbitrary: usual, weight: 10 }, { arbitrary: fc.constantFrom<Obj | undefined>(undefined, ...opts), weight: 2 + opts.length });
}

/** The edits of a request on `old`: pods with pod-level resources or volumes get their own edits more often. */
const editsOf = (old: Obj): fc.Arbitrary<Edit[]> =>
  old.spec.resources || old.spec.volumes
    ? fc.array(fc.oneof({ arbitrary: edits, weight: 1 }, { arbitrary: podEdits, weight: 1 }), { minLength: 1, maxLength: 3 })
    : fc.array(edits, { minLength: 0, maxLength: 3 });

/** One request: a stored pod, an edited copy (1-3 edits, now and then none), a minor and gates. */
export const resizeRequest = (minor: string): fc.Arbitrary<string> =>
  fc.tuple(storedPod, gatesFor(minor), fc.boolean()).chain(([old, gates, text]) => editsOf(old).map((es) => {
    const nu = structuredClone(old);
    for (const e of es) e(nu);
    oneInvalidResourcePerList(nu);
    const req: Obj = { op: "pod.validateResize", kubernetes: minor };
    if (gates) req.gates = gates;
    if (text) { req.oldText = JSON.stringify(old); req.new = nu; } else { req.old = old; req.new = nu; }
    return JSON.stringify(req);
  }));

/**
 * Upstream validates a container's requests and limits by ranging over the maps, so two invalid entries of one
 * container come out in Go's random map order: keep at most one (a request over its limit, a negative value).
 */
function oneInvalidResourcePerList(p: Obj): void {
  for (const c of [...(p.spec.containers ?? []), ...(p.spec.initContainers ?? [])]) {
    const r = c.resources ?? {};
    const bad = ["cpu", "memory"].filter((res) => {
      const rq = r.requests?.[res], lm = r.limits?.[res];
      return (rq !== undefined && (rq.startsWith("-") || (lm !== undefined && compareQ(rq, lm) > 0))) || (lm !== undefined && lm.startsWith("-"));
    });
    for (const res of bad.slice(1)) {
      const lm = r.limits?.[res];
      if (lm !== undefined && !lm.startsWith("-")) r.requests[res] = lm;
      else { if (r.requests) delete r.requests[res]; if (r.limits) delete r.limits[res]; }
    }
  }
}

/** Compares two quantities of the generators' vocabulary (cpu: cores / millicores; memory: Mi / Gi). */
function compareQ(a: string, b: string): number {
  const v = (q: string) => {
    const m = /^(-?[\d.]+)(m|Mi|Gi)?$/.exec(q);
    if (!m) return NaN;
    const x = Number(m[1]);
    return m[2] === "m" ? x / 1000 : m[2] === "Mi" ? x : m[2] === "Gi" ? x * 1024 : x;
  };
  return Math.sign(v(a) - v(b));
}

// ---------------------------------------------------------------------------------------------
// request errors

/** Request lines the op must refuse or answer on odd input (versions, gates, missing or broken pods). */
export function resizeRequestErrors(minor: string, pod: Obj): string[] {
  const n = minorOf(minor);
  const on: Obj | undefined = n === 32 ? { InPlacePodVerticalScaling: true } : undefined;
  const base = (extra: Obj) => JSON.stringify({ op: "pod.validateResize", kubernetes: minor, ...(on ? { gates: on } : {}), ...extra });
  const lines = [
    base({ old: pod, new: pod }),
    JSON.stringify({ op: "pod.validateResize", kubernetes: minor, old: pod, new: pod }),
    base({ old: pod, new: pod, gates: { InPlacePodVerticalScaling: false } }),
    base({ old: pod, new: pod, gates: { InPlacePodVerticalScaling: "yes" } }),
    base({ old: pod, new: pod, gates: [] }),
    base({ old: pod, new: pod, gates: { NoSuchGate: true } }),
    JSON.stringify({ op: "pod.validateResize", kubernetes: "1.99", old: pod, new: pod }),
    base({ old: pod }),
    base({ new: pod }),
    base({ old: pod, new: { spec: { containers: 5 } } }),
    base({ old: { metadata: { name: 1 } }, new: pod }),
    base({ old: pod, newText: "{\"spec\":" }),
    base({ old: pod, new: pod, newText: "{}" }),
    base({ old: pod, new: { ...pod, apiVersion: "apps/v1" } }),
    base({ old: pod, new: { ...pod, kind: "Deployment" } }),
    base({ old: pod, new: pod, applyDefaults: "no" }),
    base({ old: pod, new: pod, applyDefaults: false }),
    base({ old: pod, new: pod, maxErrorBytes: 1000 }),
    base({ old: pod, new: pod, allowPrivileged: true }),
    base({ old: {}, new: {} }),
  ];
  return lines;
}

/** Lines for a minor without the subresource (answered E_NOT_FOUND whatever else they say). */
export function noSubresourceLines(minor: string, pod: Obj): string[] {
  return [
    { op: "pod.validateResize", kubernetes: minor, old: pod, new: pod },
    { op: "pod.validateResize", kubernetes: minor, old: pod, new: pod, gates: { InPlacePodVerticalScaling: true } },
    { op: "pod.validateResize", kubernetes: minor },
  ].map((r) => JSON.stringify(r));
}

// ---------------------------------------------------------------------------------------------
// comparison modulo upstream's diff

const MUTABLE_HEAD = "Forbidden: only cpu and memory resources are mutable\n";

/**
 * The answer with the go-cmp diff 1.32 appends to "only cpu and memory resources are mutable" cut after its
 * newline (go-cmp randomizes its spacing), in errors and in message.
 */
export function normalizeResize(answer: string): unknown {
  const a = JSON.parse(answer) as Obj;
  if (!a.ok || !Array.isArray(a.result?.errors)) return a;
  let message: string = a.result.message;
  const errors = a.result.errors.map((e: Obj) => {
    if (e.type === "Forbidden" && typeof e.message === "string" && e.message.startsWith(MUTABLE_HEAD)) {
      const cut = MUTABLE_HEAD + "<diff>";
      message = message.split(`${e.field}: ${e.message}`).join(`${e.field}: ${cut}`);
      return { ...e, message: cut };
    }
    return e;
  });
  return { ...a, result: { ...a.result, errors, message } };
}
