// Realistic workload revision pairs for the verdict suites: a realistic pod template (1-3 containers
// with images, env, resources, probes, volume mounts; init containers, volumes, tolerations) around
// one of the eight kinds, and a new version made of 1-3 realistic edits: image bumps, env edits and
// reorders, labels, annotations, resources (also the same quantity spelled differently), containers
// added / removed / reordered, init containers, probes, volumes, tolerations, and edits outside the
// template (replicas, workload annotations), or no edit at all.

import fc from "fast-check";

export type Obj = Record<string, any>;

/** The verdict's kinds, with the apiVersion/kind the objects carry. */
export const KINDS: Record<string, { apiVersion: string; kind: string }> = {
  Pod: { apiVersion: "v1", kind: "Pod" },
  Deployment: { apiVersion: "apps/v1", kind: "Deployment" },
  StatefulSet: { apiVersion: "apps/v1", kind: "StatefulSet" },
  DaemonSet: { apiVersion: "apps/v1", kind: "DaemonSet" },
  ReplicaSet: { apiVersion: "apps/v1", kind: "ReplicaSet" },
  CloneSet: { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet" },
  AdvancedStatefulSet: { apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet" },
  AdvancedDaemonSet: { apiVersion: "apps.kruise.io/v1alpha1", kind: "DaemonSet" },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const pick = (a: any[], i: number): any => a[i % a.length];

const names = ["app", "web", "sidecar", "envoy", "metrics", "worker", "log-agent"];
const images = ["nginx", "registry.k8s.io/pause", "ghcr.io/acme/api", "envoyproxy/envoy", "busybox", "docker.io/library/redis"];
const tags = ["1.20", "1.21", "1.21.6", "latest", "v2.3.1", "stable-alpine", "sha256:" + "b".repeat(64)];
const cpu = ["100m", "250m", "500m", "1", "1000m", "2", "0.5"];
const mem = ["64Mi", "128Mi", "256Mi", "1Gi", "1024Mi", "512M", "1Ki", "1024"];

const image = fc.tuple(fc.constantFrom(...images), fc.constantFrom(...tags)).map(([i, t]) => (t.startsWith("sha256:") ? `${i}@${t}` : `${i}:${t}`));
const envVar = fc.oneof(
  { weight: 4, arbitrary: fc.record({ name: fc.constantFrom("LOG_LEVEL", "PORT", "MODE", "FEATURE_X", "REGION"), value: fc.constantFrom("info", "debug", "8080", "prod", "eu-west-1", "") }) },
  { weight: 1, arbitrary: fc.record({ name: fc.constantFrom("POD_NAME", "APP_VERSION", "TEAM"), valueFrom: fc.record({ fieldRef: fc.record({ fieldPath: fc.constantFrom("metadata.name", "metadata.labels['app']", "metadata.annotations['version']", "metadata.labels['team']") }) }) }) },
);
// ordered values (several spellings of some), so a request never exceeds its limit (valid pods)
const cpuOrdered = [["100m"], ["250m"], ["500m", "0.5"], ["1", "1000m"], ["2"]];
const memOrdered = [["64Mi"], ["128Mi"], ["256Mi"], ["512M"], ["1Gi", "1024Mi"]];
const requestLimit = (ordered: string[][]): fc.Arbitrary<[string | undefined, string | undefined]> =>
  fc.tuple(fc.nat(ordered.length - 1), fc.nat(ordered.length - 1), fc.nat(1), fc.nat(1), fc.nat(3)).map(([a, b, x, y, mode]) => {
    const lo = Math.min(a, b), hi = Math.max(a, b);
    const req = pick(ordered[lo]!, x), lim = pick(ordered[hi]!, y);
    return mode === 0 ? [undefined, undefined] : mode === 1 ? [req, undefined] : mode === 2 ? [undefined, lim] : [req, lim];
  });
const resources = fc.tuple(requestLimit(cpuOrdered), requestLimit(memOrdered)).map(([[cr, cl], [mr, ml]]) => {
  const out: Obj = {};
  const requests: Obj = {}, limits: Obj = {};
  if (cr) requests.cpu = cr;
  if (mr) requests.memory = mr;
  if (cl) limits.cpu = cl;
  if (ml) limits.memory = ml;
  if (Object.keys(requests).length) out.requests = requests;
  if (Object.keys(limits).length) out.limits = limits;
  return out;
});
const probe = fc.record({
  httpGet: fc.record({ path: fc.constantFrom("/healthz", "/ready"), port: fc.constantFrom(8080, "http") }),
  periodSeconds: fc.constantFrom(5, 10, 30),
});

const containerAt = (name: string): fc.Arbitrary<Obj> =>
  fc.record(
    {
      name: fc.constant(name),
      image,
      env: fc.uniqueArray(envVar, { maxLength: 4, selector: (e) => e.name }),
      resources,
      ports: fc.constantFrom([{ name: "http", containerPort: 8080 }], [{ containerPort: 80, protocol: "TCP" }]),
      readinessProbe: probe,
      livenessProbe: probe,
      volumeMounts: fc.constantFrom([{ name: "data", mountPath: "/data" }], [{ name: "config", mountPath: "/etc/config", readOnly: true }]),
      imagePullPolicy: fc.constantFrom("IfNotPresent", "Always"),
    },
    { requiredKeys: ["name", "image"] },
  );

const containers = fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 3 }).chain((ns) => fc.tuple(...ns.map(containerAt)));

/** A realistic pod template. */
export const template: fc.Arbitrary<Obj> = fc.record(
  {
    metadata: fc.record(
      { labels: fc.record({ app: fc.constantFrom("web", "api"), team: fc.constantFrom("a", "b") }, { requiredKeys: ["app"] }), annotations: fc.record({ version: fc.constantFrom("1", "2"), "prometheus.io/scrape": fc.constant("true") }, { requiredKeys: [] }) },
      { requiredKeys: ["labels"] },
    ),
    spec: fc.record(
      {
        containers,
        initContainers: fc.constantFrom([], [{ name: "init-db", image: "busybox:1.36", command: ["sh", "-c", "true"] }]),
        volumes: fc.constantFrom([{ name: "config", configMap: { name: "cfg" } }, { name: "data", emptyDir: {} }], [{ name: "data", emptyDir: { sizeLimit: "1Gi" } }, { name: "config", configMap: { name: "cfg", defaultMode: 420 } }]),
        tolerations: fc.constantFrom([], [{ key: "dedicated", operator: "Equal", value: "web", effect: "NoSchedule" }], [{ key: "node.kubernetes.io/not-ready", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 }]),
        terminationGracePeriodSeconds: fc.constantFrom(30, 60),
        readinessGates: fc.constantFrom([], [{ conditionType: "InPlaceUpdateReady" }]),
        nodeSelector: fc.constantFrom({}, { "kubernetes.io/os": "linux" }),
      },
      { requiredKeys: ["containers", "volumes"] },
    ),
  },
  { requiredKeys: ["metadata", "spec"] },
);

/** An edit of a workload (mutates the clone it is given). */
type Edit = (w: Obj, tmpl: Obj) => void;


/** One realistic edit. */
export const edit: fc.Arbitrary<{ name: string; apply: Edit }> = fc.tuple(fc.nat(1000), fc.nat(1000), image).chain(([i, j, img]) =>
  fc.constantFrom<{ name: string; apply: Edit }>(
    { name: "image bump", apply: (_w, t) => { pick(t.spec.containers, i).image = img; } },
    { name: "image same", apply: (_w, t) => { const c = pick(t.spec.containers, i); c.image = String(c.image); } },
    { name: "env value", apply: (_w, t) => { const c = pick(t.spec.containers, i); c.env = [...(c.env ?? []), { name: "LOG_LEVEL", value: j % 2 ? "warn" : "info" }].filter((e: Obj, k: number, a: Obj[]) => a.findIndex((x) => x.name === e.name) === k); } },
    { name: "env reorder", apply: (_w, t) => { const c = pick(t.spec.containers, i); if (c.env) c.env = [...c.env].reverse(); } },
    { name: "env remove", apply: (_w, t) => { const c = pick(t.spec.containers, i); if (c.env?.length) c.env = c.env.slice(1); } },
    { name: "label change", apply: (_w, t) => { t.metadata.labels = { ...t.metadata.labels, team: j % 2 ? "c" : "a" }; } },
    { name: "label add", apply: (_w, t) => { t.metadata.labels = { ...t.metadata.labels, "app.kubernetes.io/version": `v${j % 5}` }; } },
    { name: "label remove", apply: (_w, t) => { const { team: _t, ...rest } = t.metadata.labels; t.metadata.labels = rest; } },
    { name: "annotation change", apply: (_w, t) => { t.metadata.annotations = { ...(t.metadata.annotations ?? {}), version: String(j % 4) }; } },
    { name: "annotation restartedAt", apply: (_w, t) => { t.metadata.annotations = { ...(t.metadata.annotations ?? {}), "kubectl.kubernetes.io/restartedAt": `2026-11-2${j % 10}T10:00:00Z` }; } },
    { name: "annotations drop", apply: (_w, t) => { delete t.metadata.annotations; } },
    { name: "cpu change", apply: (_w, t) => { const c = pick(t.spec.containers, i); c.resources = { ...(c.resources ?? {}), requests: { ...(c.resources?.requests ?? {}), cpu: pick(cpu, j) } }; } },
    { name: "quantity respelled", apply: (_w, t) => { const c = pick(t.spec.containers, i); const l = c.resources?.limits, r = c.resources?.requests; if (l?.memory === "1Gi") l.memory = j % 2 ? "1073741824" : "1024Mi"; else if (l?.memory === "128Mi") l.memory = "134217728"; else if (l?.memory === "512M") l.memory = "512000k"; else if (r?.cpu === "1") r.cpu = "1000m"; else if (l?.cpu === "0.5") l.cpu = "500m"; else if (r?.memory === "64Mi") r.memory = "65536Ki"; } },
    { name: "resources drop", apply: (_w, t) => { delete pick(t.spec.containers, i).resources; } },
    { name: "container add", apply: (_w, t) => { if (!t.spec.containers.some((c: Obj) => c.name === "extra")) t.spec.containers.push({ name: "extra", image: img }); } },
    { name: "container remove", apply: (_w, t) => { if (t.spec.containers.length > 1) t.spec.containers.splice(i % t.spec.containers.length, 1); } },
    { name: "container reorder", apply: (_w, t) => { t.spec.containers.reverse(); } },
    { name: "init image", apply: (_w, t) => { if (t.spec.initContainers?.length) t.spec.initContainers[0].image = j % 2 ? "busybox:1.37" : "busybox:1.36"; } },
    { name: "init add", apply: (_w, t) => { t.spec.initContainers = [...(t.spec.initContainers ?? []), { name: `init-${j % 3}`, image: "busybox:1.36" }].filter((c: Obj, k: number, a: Obj[]) => a.findIndex((x) => x.name === c.name) === k); } },
    { name: "probe change", apply: (_w, t) => { pick(t.spec.containers, i).readinessProbe = { httpGet: { path: "/ready", port: 8080 }, periodSeconds: 5 + (j % 3) }; } },
    { name: "volume add", apply: (_w, t) => { t.spec.volumes = [...(t.spec.volumes ?? []), { name: `cache-${j % 3}`, emptyDir: { medium: "Memory" } }].filter((v: Obj, k: number, a: Obj[]) => a.findIndex((x) => x.name === v.name) === k); } },
    { name: "toleration add", apply: (_w, t) => { t.spec.tolerations = [...(t.spec.tolerations ?? []), { key: `k${j % 3}`, operator: "Exists", effect: "NoSchedule" }]; } },
    { name: "toleration seconds", apply: (_w, t) => { for (const x of t.spec.tolerations ?? []) if (x.effect === "NoExecute") x.tolerationSeconds = 60 + (j % 5); } },
    { name: "toleration remove", apply: (_w, t) => { if (t.spec.tolerations?.length) t.spec.tolerations = t.spec.tolerations.slice(1); } },
    { name: "grace period", apply: (_w, t) => { t.spec.terminationGracePeriodSeconds = 10 + (j % 50); } },
    { name: "replicas", apply: (w) => { if (w.kind !== "Pod") w.spec.replicas = j % 7; } },
    { name: "workload annotation", apply: (w) => { w.metadata.annotations = { ...(w.metadata.annotations ?? {}), "deployment.kubernetes.io/revision": String(j % 9) }; } },
    { name: "pod-template-hash label", apply: (_w, t) => { t.metadata.labels = { ...t.metadata.labels, "pod-template-hash": "abc" + (j % 3) }; } },
    { name: "no change", apply: () => {} },
  ),
);

/** A workload of `kind` around template `t` (a Pod carries it as its own metadata/spec). */
export function wrap(kind: string, t: Obj, replicas: number, strategy?: string): Obj {
  const { apiVersion, kind: k } = KINDS[kind]!;
  // a Pod manifest sometimes names no namespace (kubectl sends it to the current one)
  if (kind === "Pod") return { apiVersion, kind: k, metadata: { name: "web-0", ...(replicas % 2 ? { namespace: "prod" } : {}), ...structuredClone(t.metadata) }, spec: structuredClone(t.spec) };
  const spec: Obj = { replicas, selector: { matchLabels: { app: t.metadata.labels.app } }, template: structuredClone(t) };
  if (kind === "DaemonSet" || kind === "AdvancedDaemonSet") delete spec.replicas;
  if (kind === "StatefulSet" || kind === "AdvancedStatefulSet") spec.serviceName = "web";
  if (strategy !== undefined) {
    if (kind === "CloneSet") spec.updateStrategy = { type: strategy };
    if (kind === "AdvancedStatefulSet") spec.updateStrategy = { type: "RollingUpdate", rollingUpdate: { podUpdatePolicy: strategy } };
    if (kind === "AdvancedDaemonSet") spec.updateStrategy = { type: "RollingUpdate", rollingUpdate: { rollingUpdateType: strategy === "ReCreate" ? "Standard" : strategy } };
  }
  if (kind === "StatefulSet" || kind === "DaemonSet") spec.updateStrategy = { type: strategy ?? "RollingUpdate" };
  return { apiVersion, kind: k, metadata: { name: "web", namespace: "default" }, spec };
}

/** The template of a workload made by `wrap`. */
function templateOf(w: Obj): Obj {
  return w.kind === "Pod" ? w : w.spec.template;
}

/** An (old, new) pair of `kind` made of 1-3 edits; `strategies` are the Kruise strategies to draw from. */
export function pair(kind: string, strategies: string[] = ["ReCreate"]): fc.Arbitrary<{ old: Obj; new: Obj; edits: string[] }> {
  const nativeStrategies = kind === "StatefulSet" || kind === "DaemonSet" ? ["RollingUpdate", "OnDelete"] : [undefined];
  const strategy = kind === "CloneSet" || kind.startsWith("Advanced") ? fc.constantFrom<string | undefined>(...strategies) : fc.constantFrom<string | undefined>(...nativeStrategies);
  return fc.tuple(template, fc.nat(9), strategy, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([t, replicas, s, edits]) => {
    const old = wrap(kind, t, replicas, s);
    const next = structuredClone(old);
    for (const e of edits) e.apply(next, templateOf(next));
    return { old, new: next, edits: edits.map((e) => e.name) };
  });
}
