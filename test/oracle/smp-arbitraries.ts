// Generators for the strategic-merge-patch suites: realistic Kubernetes objects of every type
// the smp ops accept (pods, pod templates, workloads, ControllerRevisions, OpenKruise kinds) with the
// edits people make, random documents shaped along the schema that walk every list path (merge lists by
// name / containerPort / mountPath / uid / ip / topologyKey, primitive merge lists, replace lists,
// retainKeys, duplicates, missing merge keys, mixed types, nulls, unknown fields), and patches to apply
// (diffs, mutated diffs full of directives, random documents). Plain data in, request lines out;
// randomness comes from a seed so fast-check can replay a failing batch.

import { MINORS, KRUISE, goMinorOf } from "./k8s/versions.ts";

export type J = null | boolean | number | string | J[] | { [k: string]: J };
type O = { [k: string]: J };

/** mulberry32 */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type R = () => number;
const pick = <T>(r: R, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: R, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));
const shuffle = <T>(r: R, xs: T[]): T[] => {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
};

// ---------------------------------------------------------------------------------------------------
// Versions

/** Every supported minor, "1.N". */
export const SMP_MINORS: string[] = MINORS.map((m) => m.minor);

/** Oldest Go minor a minor can be built with (its go.mod from 1.21 on). */
function minGoOf(minor: string): number {
  const g = goMinorOf(MINORS.find((m) => m.minor === minor)!.goModGo);
  return g >= 21 ? g : 10;
}

/** The effective Go minor of a request (its go field, or the minor's release Go). */
export function effectiveGo(minor: string, go: string | undefined, kruise: boolean): number {
  if (go) return goMinorOf(go);
  return goMinorOf(kruise ? KRUISE.releaseGo : MINORS.find((m) => m.minor === minor)!.releaseGo);
}

/** A (kubernetes, go) pair for a request: every minor, the default Go or one of each Go class it allows. */
export function pickVersion(r: R, kruise: boolean, minors: string[] = SMP_MINORS): { kubernetes?: string; go?: string } {
  const minor = kruise ? KRUISE.minor : pick(r, minors);
  const lo = kruise ? 23 : minGoOf(minor);
  const gos = ["1.15", "1.18", "1.21", "1.22", "1.26", "1.27"].filter((g) => goMinorOf(g) >= lo);
  const out: { kubernetes?: string; go?: string } = {};
  if (kruise ? r() < 0.5 : r() < 0.9) out.kubernetes = minor; // absent: the newest (or Kruise's pin)
  if (r() < 0.5) out.go = pick(r, gos);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Realistic objects

const IMAGES = ["nginx", "busybox", "registry.k8s.io/pause", "ghcr.io/acme/api", "redis", "envoyproxy/envoy", "quay.io/prometheus/node-exporter"];
const TAGS = ["1.25", "1.25.3", "1.26.0", "latest", "v2.4.1", "v2.5.0", "3.9", "stable-alpine", "sha256:" + "ab".repeat(32)];
const NAMES = ["app", "sidecar", "proxy", "web", "worker", "metrics", "log-shipper", "istio-proxy", "cache"];
const INIT_NAMES = ["init-db", "migrate", "wait-for-deps", "copy-config"];
const LABEL_KEYS = ["app", "tier", "version", "app.kubernetes.io/name", "app.kubernetes.io/version", "team", "env", "pod-template-hash"];
const ANN_KEYS = ["prometheus.io/scrape", "prometheus.io/port", "kubectl.kubernetes.io/restartedAt", "sidecar.istio.io/inject",
  "apps.kruise.io/inplace-update-grace", "note<&>", "checksum/config"];
const ENV_NAMES = ["LOG_LEVEL", "PORT", "POD_NAME", "POD_IP", "FEATURE_X", "JAVA_OPTS", "CFG_VERSION", "GOMAXPROCS", "TZ", "REGION"];
const QTY = ["100m", "250m", "500m", "1", "2", "1500m", "64Mi", "128Mi", "256Mi", "1Gi", "2G", "10Ki"];
const FINALIZERS = ["kubernetes.io/pvc-protection", "foregroundDeletion", "example.com/cleanup", "orphan", "apps.kruise.io/x"];
const TAINT_KEYS = ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable", "dedicated", "gpu", "spot"];

function labels(r: R, n = int(r, 1, 4)): O {
  const o: O = {};
  for (const k of shuffle(r, LABEL_KEYS).slice(0, n)) o[k] = pick(r, ["web", "v1", "v2", "backend", "prod", "staging", "7d9f8c6b5", "team-a"]);
  return o;
}

function env(r: R): J[] {
  return shuffle(r, ENV_NAMES).slice(0, int(r, 1, 5)).map((name): J =>
    r() < 0.8 ? { name, value: pick(r, ["info", "debug", "8080", "true", "-Xmx512m", "UTC", "eu-west-1", ""]) }
      : { name, valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: pick(r, ["metadata.name", "status.podIP", "metadata.labels['app']"]) } } });
}

function resources(r: R): O {
  const o: O = {};
  if (r() < 0.8) o.requests = { cpu: pick(r, QTY.slice(0, 6)), memory: pick(r, QTY.slice(6)) };
  if (r() < 0.6) o.limits = { cpu: pick(r, QTY.slice(0, 6)), memory: pick(r, QTY.slice(6)) };
  return o;
}

function probe(r: R): O {
  const h = pick(r, ["http", "tcp", "exec"]);
  const p: O = h === "http" ? { httpGet: { path: pick(r, ["/healthz", "/ready", "/"]), port: pick<J>(r, [8080, "http"]), scheme: "HTTP" } }
    : h === "tcp" ? { tcpSocket: { port: 8080 } } : { exec: { command: ["cat", "/tmp/healthy"] } };
  p.initialDelaySeconds = int(r, 0, 30);
  p.periodSeconds = pick(r, [5, 10, 15]);
  if (r() < 0.5) p.failureThreshold = 3;
  return p;
}

function container(r: R, name: string, init: boolean): O {
  const c: O = { name, image: `${pick(r, IMAGES)}:${pick(r, TAGS)}` };
  if (r() < 0.3) c.command = ["/bin/sh", "-c", pick(r, ["run", "sleep 3600", "exec app --port=8080"])];
  if (r() < 0.4) c.args = Array.from({ length: int(r, 1, 4) }, () => pick(r, ["--v=2", "--port=8080", "--debug", "serve", "--metrics"]));
  if (!init && r() < 0.6) {
    c.ports = [{ name: "http", containerPort: 8080, protocol: "TCP" }];
    if (r() < 0.3) (c.ports as J[]).push({ name: "metrics", containerPort: 9090, protocol: "TCP" });
  }
  if (r() < 0.7) c.env = env(r);
  c.resources = resources(r);
  if (r() < 0.5) c.volumeMounts = [{ name: "data", mountPath: "/data" }, ...(r() < 0.4 ? [{ name: "cfg", mountPath: "/etc/cfg", readOnly: true }] : [])];
  if (!init && r() < 0.5) c.livenessProbe = probe(r);
  if (!init && r() < 0.4) c.readinessProbe = probe(r);
  if (r() < 0.3) c.securityContext = { runAsNonRoot: true, runAsUser: 1000, readOnlyRootFilesystem: r() < 0.5 };
  c.imagePullPolicy = pick(r, ["Always", "IfNotPresent"]);
  if (r() < 0.5) { c.terminationMessagePath = "/dev/termination-log"; c.terminationMessagePolicy = "File"; }
  return c;
}

function volume(r: R, name: string): O {
  switch (int(r, 0, 4)) {
    case 0: return { name, emptyDir: r() < 0.5 ? {} : { medium: "Memory", sizeLimit: "64Mi" } };
    case 1: return { name, configMap: { name: `${name}-cm`, defaultMode: 420 } };
    case 2: return { name, secret: { secretName: `${name}-secret` } };
    case 3: return { name, hostPath: { path: `/var/lib/${name}`, type: "DirectoryOrCreate" } };
    default: return { name, persistentVolumeClaim: { claimName: `${name}-pvc` } };
  }
}

function toleration(r: R): O {
  const t: O = { key: pick(r, TAINT_KEYS), operator: pick(r, ["Exists", "Equal"]), effect: pick(r, ["NoSchedule", "NoExecute"]) };
  if (t.operator === "Equal") t.value = "true";
  if (t.effect === "NoExecute" && r() < 0.5) t.tolerationSeconds = 300;
  return t;
}

function podSpec(r: R): O {
  const spec: O = { containers: shuffle(r, NAMES).slice(0, int(r, 1, 3)).map((n) => container(r, n, false)) };
  if (r() < 0.3) spec.initContainers = shuffle(r, INIT_NAMES).slice(0, int(r, 1, 2)).map((n) => container(r, n, true));
  if (r() < 0.6) spec.volumes = shuffle(r, ["data", "cfg", "cache", "tmp"]).slice(0, int(r, 1, 3)).map((n) => volume(r, n));
  if (r() < 0.4) spec.tolerations = Array.from({ length: int(r, 1, 3) }, () => toleration(r));
  if (r() < 0.3) spec.nodeSelector = { "kubernetes.io/os": "linux", ...(r() < 0.5 ? { disktype: "ssd" } : {}) };
  if (r() < 0.3) spec.imagePullSecrets = [{ name: "regcred" }, ...(r() < 0.3 ? [{ name: "other" }] : [])];
  if (r() < 0.2) spec.hostAliases = [{ ip: "10.0.0.1", hostnames: ["db.local", "cache.local"] }];
  if (r() < 0.2) {
    spec.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: "topology.kubernetes.io/zone", whenUnsatisfiable: "ScheduleAnyway",
      labelSelector: { matchLabels: { app: "web" } } }];
  }
  if (r() < 0.3) {
    spec.affinity = { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100,
      podAffinityTerm: { topologyKey: "kubernetes.io/hostname", labelSelector: { matchLabels: { app: "web" } } } }] } };
  }
  spec.restartPolicy = "Always";
  if (r() < 0.5) spec.terminationGracePeriodSeconds = pick(r, [30, 60, 5]);
  if (r() < 0.4) spec.serviceAccountName = pick(r, ["default", "app-sa"]);
  if (r() < 0.3) spec.securityContext = { fsGroup: 2000, runAsUser: 1000 };
  if (r() < 0.3) spec.dnsPolicy = "ClusterFirst";
  return spec;
}

function meta(r: R, template: boolean): O {
  const m: O = {};
  if (!template) {
    m.name = pick(r, ["web", "api-7d9f8c6b5-x2x9z", "worker-0", "db"]);
    m.namespace = pick(r, ["default", "prod"]);
  }
  m.labels = labels(r);
  if (r() < 0.5) {
    const a: O = {};
    for (const k of shuffle(r, ANN_KEYS).slice(0, int(r, 1, 3))) a[k] = pick(r, ["true", "9090", "2024-05-01T10:00:00Z", "x", "{\"a\":1}"]);
    m.annotations = a;
  }
  if (!template && r() < 0.3) m.finalizers = shuffle(r, FINALIZERS).slice(0, int(r, 1, 3));
  if (!template && r() < 0.2) {
    m.ownerReferences = [{ apiVersion: "apps/v1", kind: "ReplicaSet", name: "web-7d9f8c6b5", uid: "6f1c-1", controller: true, blockOwnerDeletion: true }];
  }
  return m;
}

function template(r: R): O {
  return { metadata: meta(r, true), spec: podSpec(r) };
}

function selectorOf(t: O): O {
  const l = ((t.metadata as O).labels as O) ?? {};
  const k = Object.keys(l)[0];
  return { matchLabels: k ? { [k]: l[k]! } : { app: "web" } };
}

/** The smp types and how to make a realistic object of each. */
export const REALISTIC: { type: string; kruise: boolean; make: (r: R) => O }[] = [
  { type: "Pod", kruise: false, make: (r) => ({ apiVersion: "v1", kind: "Pod", metadata: meta(r, false), spec: podSpec(r) }) },
  { type: "PodTemplateSpec", kruise: false, make: (r) => template(r) },
  { type: "Container", kruise: false, make: (r) => container(r, pick(r, NAMES), false) },
  { type: "PodSpec", kruise: false, make: (r) => podSpec(r) },
  {
    type: "Deployment", kruise: false, make: (r) => {
      const t = template(r);
      const spec: O = { replicas: int(r, 1, 5), selector: selectorOf(t), template: t };
      spec.strategy = r() < 0.7 ? { type: "RollingUpdate", rollingUpdate: { maxSurge: pick<J>(r, ["25%", 1]), maxUnavailable: pick<J>(r, ["25%", 0]) } } : { type: "Recreate" };
      if (r() < 0.4) spec.revisionHistoryLimit = 10;
      if (r() < 0.3) spec.minReadySeconds = 5;
      const o: O = { apiVersion: "apps/v1", kind: "Deployment", metadata: meta(r, false), spec };
      if (r() < 0.3) o.status = { replicas: 2, conditions: [{ type: "Available", status: "True", reason: "MinimumReplicasAvailable" }] };
      return o;
    },
  },
  {
    type: "StatefulSet", kruise: false, make: (r) => {
      const t = template(r);
      const spec: O = { replicas: int(r, 1, 5), serviceName: "db", selector: selectorOf(t), template: t,
        updateStrategy: { type: "RollingUpdate", rollingUpdate: { partition: int(r, 0, 2) } } };
      if (r() < 0.5) spec.volumeClaimTemplates = [{ metadata: { name: "data" }, spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } } }];
      if (r() < 0.3) spec.podManagementPolicy = "Parallel";
      return { apiVersion: "apps/v1", kind: "StatefulSet", metadata: meta(r, false), spec };
    },
  },
  {
    type: "DaemonSet", kruise: false, make: (r) => {
      const t = template(r);
      return { apiVersion: "apps/v1", kind: "DaemonSet", metadata: meta(r, false),
        spec: { selector: selectorOf(t), template: t, updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 1 } } } };
    },
  },
  {
    type: "ReplicaSet", kruise: false, make: (r) => {
      const t = template(r);
      return { apiVersion: "apps/v1", kind: "ReplicaSet", metadata: meta(r, false), spec: { replicas: int(r, 1, 3), selector: selectorOf(t), template: t } };
    },
  },
  {
    type: "ControllerRevision", kruise: false, make: (r) => ({ apiVersion: "apps/v1", kind: "ControllerRevision", metadata: meta(r, false),
      data: { spec: { template: { $patch: "replace", ...template(r) } } }, revision: int(r, 1, 9) }),
  },
  {
    type: "CloneSet", kruise: true, make: (r) => {
      const t = template(r);
      const spec: O = { replicas: int(r, 1, 5), selector: selectorOf(t), template: t,
        updateStrategy: { type: pick(r, ["ReCreate", "InPlaceIfPossible", "InPlaceOnly"]), partition: int(r, 0, 2), maxUnavailable: "20%",
          inPlaceUpdateStrategy: { gracePeriodSeconds: 10 } } };
      if (r() < 0.4) spec.volumeClaimTemplates = [{ metadata: { name: "data" }, spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } } }];
      if (r() < 0.3) spec.scaleStrategy = { podsToDelete: ["web-abc"] };
      return { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", metadata: meta(r, false), spec };
    },
  },
  {
    type: "AdvancedStatefulSet", kruise: true, make: (r) => {
      const t = template(r);
      return { apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet", metadata: meta(r, false), spec: { replicas: int(r, 1, 5), serviceName: "db",
        selector: selectorOf(t), template: t, updateStrategy: { type: "RollingUpdate",
          rollingUpdate: { partition: int(r, 0, 2), maxUnavailable: 1, podUpdatePolicy: "InPlaceIfPossible" } } } };
    },
  },
  {
    type: "AdvancedDaemonSet", kruise: true, make: (r) => {
      const t = template(r);
      return { apiVersion: "apps.kruise.io/v1beta1", kind: "DaemonSet", metadata: meta(r, false), spec: { selector: selectorOf(t), template: t,
        updateStrategy: { type: "RollingUpdate", rollingUpdate: { type: "Standard", maxUnavailable: 1, partition: 0 } } } };
    },
  },
];

/** The pod spec and template metadata inside an object, wherever the type keeps them (or null). */
function podParts(o: O, type: string): { spec: O | null; meta: O | null; obj: O } {
  if (type === "Container") return { spec: null, meta: null, obj: o };
  if (type === "PodSpec") return { spec: o, meta: null, obj: o };
  if (type === "Pod") return { spec: o.spec as O, meta: o.metadata as O, obj: o };
  if (type === "PodTemplateSpec") return { spec: o.spec as O, meta: o.metadata as O, obj: o };
  if (type === "ControllerRevision") {
    const t = ((o.data as O).spec as O).template as O;
    return { spec: t.spec as O, meta: t.metadata as O, obj: o };
  }
  const t = (o.spec as O).template as O;
  return { spec: t.spec as O, meta: t.metadata as O, obj: o };
}

/** Applies one realistic edit to a clone of `o`. */
function realisticEdit(r: R, o: O, type: string): void {
  const { spec, meta: tmeta } = podParts(o, type);
  const containers = spec ? (spec.containers as O[]) : [o];
  const c = pick(r, containers);
  const kind = int(r, 0, 21);
  switch (kind) {
    case 0: c.image = `${pick(r, IMAGES)}:${pick(r, TAGS)}`; break;
    case 1: { const e = (c.env as J[]) ?? []; e.push({ name: `NEW_${int(r, 0, 99)}`, value: "1" }); c.env = e; break; }
    case 2: if (c.env) { const e = c.env as J[]; e.splice(int(r, 0, e.length - 1), 1); if (!e.length && r() < 0.5) delete c.env; } break;
    case 3: if (c.env) c.env = shuffle(r, c.env as J[]); break;
    case 4: if (c.env && (c.env as O[]).length) { const e = pick(r, c.env as O[]); e.value = pick(r, ["warn", "9090", "false", "x"]); delete e.valueFrom; } break;
    case 5: c.resources = resources(r); break;
    case 6: if (spec) { const n = pick(r, ["extra", "debug", "sidecar2"]); if (!containers.some((x) => x.name === n)) spec.containers = [...containers, container(r, n, false)]; } break;
    case 7: if (spec && containers.length > 1) containers.splice(int(r, 0, containers.length - 1), 1); break;
    case 8: if (spec) spec.containers = shuffle(r, containers); break;
    case 9: if (spec) { const ic = (spec.initContainers as O[]) ?? []; const n = pick(r, INIT_NAMES); if (ic.length && r() < 0.5) ic.pop(); else if (!ic.some((x) => x.name === n)) ic.push(container(r, n, true)); if (ic.length) spec.initContainers = ic; else delete spec.initContainers; } break;
    case 10: if (r() < 0.5) c.livenessProbe = probe(r); else delete c.readinessProbe; break;
    case 11: if (spec) { const v = (spec.volumes as O[]) ?? []; if (v.length && r() < 0.4) v[int(r, 0, v.length - 1)] = volume(r, (v[0]!.name as string)); else if (v.length && r() < 0.5) v.pop(); else v.push(volume(r, pick(r, ["extra", "scratch", "certs"]))); spec.volumes = v; } break;
    case 12: if (spec) { const t = (spec.tolerations as J[]) ?? []; if (t.length && r() < 0.5) t.pop(); else t.push(toleration(r)); spec.tolerations = t; } break;
    case 13: if (tmeta) { tmeta.labels = { ...((tmeta.labels as O) ?? {}), [pick(r, LABEL_KEYS)]: pick(r, ["v3", "canary", "x"]) }; } break;
    case 14: if (tmeta && tmeta.labels) { const l = tmeta.labels as O; const k = Object.keys(l); if (k.length) delete l[pick(r, k)]; } break;
    case 15: { const m = (o.metadata as O) ?? tmeta; if (m) m.annotations = { ...((m.annotations as O) ?? {}), [pick(r, ANN_KEYS)]: pick(r, ["false", "2025-01-01T00:00:00Z", "y"]) }; break; }
    case 16: { const m = o.metadata as O; if (m && type !== "PodTemplateSpec") { const f = (m.finalizers as J[]) ?? []; if (f.length && r() < 0.4) f.splice(int(r, 0, f.length - 1), 1); else if (r() < 0.5) { const n = pick(r, FINALIZERS); if (!f.includes(n)) f.push(n); } else m.finalizers = shuffle(r, f); if (Array.isArray(m.finalizers) && f.length) m.finalizers = m.finalizers.length ? m.finalizers : f; } break; }
    case 17: c.ports = [{ name: "http", containerPort: pick(r, [8080, 8443, 80]), protocol: "TCP" }]; break;
    case 18: if (c.volumeMounts) { const vm = c.volumeMounts as J[]; if (r() < 0.5) vm.pop(); else vm.push({ name: "certs", mountPath: "/certs", readOnly: true }); } else c.volumeMounts = [{ name: "data", mountPath: "/data" }]; break;
    case 19: if (o.spec && (o.spec as O).replicas !== undefined) (o.spec as O).replicas = int(r, 0, 10); else c.args = ["--v=4"]; break;
    case 20: if (o.spec && (o.spec as O).strategy) (o.spec as O).strategy = r() < 0.5 ? { type: "Recreate" } : { type: "RollingUpdate", rollingUpdate: { maxSurge: 2 } }; else if (spec) spec.nodeSelector = { "kubernetes.io/os": "linux", zone: pick(r, ["a", "b"]) }; break;
    default: if (spec) { if (r() < 0.5) delete spec.terminationGracePeriodSeconds; else spec.hostAliases = [{ ip: "10.0.0.2", hostnames: ["x.local"] }]; } else delete c.resources;
  }
}

/** A realistic pair of one type, 1-4 edits apart. */
export function realisticPair(seed: number): { type: string; kruise: boolean; a: O; b: O } {
  const r = rng(seed);
  const t = pick(r, REALISTIC);
  const a = t.make(r);
  const b = clone(a);
  const edits = int(r, 1, 4);
  for (let i = 0; i < edits; i++) realisticEdit(r, b, t.type);
  return { type: t.type, kruise: t.kruise, a, b };
}

// ---------------------------------------------------------------------------------------------------
// Random documents along the schema

const WEIRD_STRINGS = ["", "a", "b", "A", "é", "\u2028", "<x>&", "$patch", "1", "80", "null", "x y", "\u{1f600}", "k\u212a", "ſ"];

function scalar(r: R): J {
  switch (int(r, 0, 7)) {
    case 0: return pick(r, WEIRD_STRINGS);
    case 1: return int(r, -3, 100);
    case 2: return pick(r, [1.5, 0.1, 1e21, 1e-7, -0, 2.0, 123456789012, 9007199254740993]);
    case 3: return r() < 0.5;
    case 4: return null;
    default: return pick(r, ["a", "b", "c", "d", "e", "f"]);
  }
}

/** A list element for a merge list keyed by `key` (sometimes broken). */
function keyedElem(r: R, key: string, fields: string[], broken: boolean): J {
  const e: O = {};
  const kv: J = key === "containerPort" ? pick<J>(r, broken ? [80, 443, 8080, 9090, "80", 80.5] : [80, 443, 8080, 9090, 80.5])
    : pick(r, ["a", "b", "c", "d", "e"]);
  if (!broken || r() < 0.8) e[key] = kv;
  for (const f of fields) if (r() < 0.5) e[f] = broken ? scalar(r) : scalar(r) ?? "v";
  if (broken && r() < 0.1) return pick<J>(r, ["str", 1, null, ["x"]]);
  if (broken && r() < 0.1) e.$patch = pick<J>(r, ["delete", "replace", "merge", "bogus", 1]);
  return e;
}

/** Without `broken`, list items are unique by key (and carry no nulls), as in valid objects. */
function uniqueBy(list: J[], key: (e: J) => string): J[] {
  const seen = new Set<string>();
  return list.filter((e) => {
    const k = key(e);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function keyedList(r: R, key: string, fields: string[], broken: boolean, maxLen: number): J[] {
  const list = Array.from({ length: int(r, 0, maxLen) }, () => keyedElem(r, key, fields, broken));
  return broken ? list : uniqueBy(list, (e) => String((e as O)[key]));
}

function primList(r: R, broken: boolean, maxLen: number): J[] {
  const base = broken && r() < 0.2 ? () => scalar(r) : r() < 0.3 ? () => int(r, 0, 5) : () => pick(r, ["a", "b", "c", "d", "e", "f"]);
  const list = Array.from({ length: int(r, 0, maxLen) }, base);
  return broken ? list : uniqueBy(list, (e) => JSON.stringify(e));
}

function randomContainer(r: R, broken: boolean, maxLen: number): O {
  const c: O = { name: pick(r, ["a", "b", "c", "d", "e"]) };
  if (broken && r() < 0.08) delete c.name;
  if (r() < 0.5) c.image = pick(r, ["x:1", "x:2", "y"]);
  if (r() < 0.4) c.env = keyedList(r, "name", ["value"], broken, maxLen);
  if (r() < 0.4) c.ports = keyedList(r, "containerPort", ["name", "protocol"], broken, maxLen);
  if (r() < 0.3) c.volumeMounts = keyedList(r, "mountPath", ["name", "readOnly"], broken, maxLen);
  if (r() < 0.3) c.args = primList(r, broken, maxLen);
  if (r() < 0.2) c.resources = { limits: { cpu: pick(r, ["1", "2"]) }, ...(r() < 0.5 ? { requests: { memory: "1Gi" } } : {}) };
  if (broken && r() < 0.05) c.unknownField = { a: 1 };
  if (broken && r() < 0.05) c.env = { notAList: true };
  return c;
}

/** A random Pod-shaped document exercising the list paths of the schema. */
export function randomPod(r: R, broken: boolean, maxLen: number): O {
  const spec: O = {};
  const byName = (l: J[]) => (broken ? l : uniqueBy(l, (e) => String((e as O).name)));
  if (r() < 0.8) spec.containers = byName(Array.from({ length: int(r, 0, maxLen) }, () => randomContainer(r, broken, Math.min(maxLen, 5))));
  if (r() < 0.3) spec.initContainers = byName(Array.from({ length: int(r, 0, 3) }, () => randomContainer(r, broken, 3)));
  if (r() < 0.4) {
    spec.volumes = byName(Array.from({ length: int(r, 0, maxLen) }, () => {
      const v = keyedElem(r, "name", [], broken);
      if (v && typeof v === "object" && !Array.isArray(v)) {
        const src = pick(r, ["emptyDir", "configMap", "secret", "hostPath"]);
        v[src] = src === "emptyDir" ? {} : src === "hostPath" ? { path: pick(r, ["/a", "/b"]) } : { name: pick(r, ["x", "y"]) };
        if (r() < 0.2) v[pick(r, ["emptyDir", "secret"])] = {};
      }
      return v;
    }));
  }
  if (r() < 0.3) spec.tolerations = keyedList(r, "key", ["operator", "effect"], broken, 3);
  if (r() < 0.2) spec.imagePullSecrets = keyedList(r, "name", [], broken, 3);
  if (r() < 0.2) {
    const ha = Array.from({ length: int(r, 0, 3) }, () => ({ ip: pick(r, ["1.1.1.1", "2.2.2.2"]), hostnames: primList(r, broken, 3) }) as J);
    spec.hostAliases = broken ? ha : uniqueBy(ha, (e) => String((e as O).ip));
  }
  if (r() < 0.2) spec.topologySpreadConstraints = keyedList(r, "topologyKey", ["maxSkew"], broken, 3);
  if (r() < 0.2) spec.nodeSelector = { a: pick<J>(r, ["x", "y"]), ...(broken && r() < 0.2 ? { b: { nested: 1 } } : {}) };
  if (broken && r() < 0.05) spec.notAField = [1, 2];
  if (r() < 0.2) spec.restartPolicy = pick<J>(r, broken ? ["Always", null, 1] : ["Always", "Never"]);
  const metadata: O = {};
  if (r() < 0.5) metadata.labels = { app: pick(r, ["a", "b"]), ...(r() < 0.5 ? { tier: pick(r, ["x", "y"]) } : {}) };
  if (r() < 0.4) metadata.finalizers = primList(r, broken, maxLen);
  if (r() < 0.2) metadata.ownerReferences = keyedList(r, "uid", ["name", "kind"], broken, 3);
  if (r() < 0.2) metadata.annotations = { x: pick(r, ["1", "2"]) };
  const doc: O = { metadata, spec };
  if (r() < 0.2) doc.status = { conditions: keyedList(r, "type", ["status"], broken, 3), podIPs: keyedList(r, "ip", [], broken, 2) };
  if (broken && r() < 0.05) doc.metadata = pick<J>(r, [[], "x", null]);
  return doc;
}

/** Mutates a random document into a neighbour: list shuffles, drops, adds, duplicates, value and type changes. */
function mutate(r: R, v: J, depth: number, broken: boolean): J {
  if (Array.isArray(v)) {
    let a = v.map((x) => (r() < 0.3 ? mutate(r, x, depth + 1, broken) : x));
    const op = int(r, 0, 6);
    if (op === 0) a = shuffle(r, a);
    else if (op === 1 && a.length) a.splice(int(r, 0, a.length - 1), 1);
    else if (op === 2 && a.length) a.push(clone(pick(r, a)));
    else if (op === 3 && a.length) a.splice(int(r, 0, a.length), 0, mutate(r, clone(pick(r, a)), depth + 1, broken));
    else if (op === 4 && broken && r() < 0.2) a.push(scalar(r));
    return a;
  }
  if (v !== null && typeof v === "object") {
    const o: O = {};
    for (const [k, x] of Object.entries(v)) {
      const p = r();
      if (p < 0.08) continue; // dropped
      if (p < 0.12 && broken) { o[k] = null; continue; }
      if (p < 0.14 && broken) { o[k] = scalar(r); continue; }
      o[k] = p < 0.5 ? mutate(r, x, depth + 1, broken) : x;
    }
    if (r() < 0.1) o[pick(r, ["name", "image", "value", "a"])] = scalar(r);
    return o;
  }
  if (r() < 0.5) return v;
  return typeof v === "number" ? (r() < 0.5 ? v + 1 : String(v)) : typeof v === "string" ? pick(r, ["a", "b", "x:3", ""]) : scalar(r);
}

/** A random pair (a, b = neighbour of a); `maxLen` caps list lengths. */
export function randomPair(seed: number, maxLen: number): { type: string; kruise: boolean; a: O; b: O } {
  const r = rng(seed);
  const broken = r() < 0.5;
  const a = randomPod(r, broken, maxLen);
  const b = r() < 0.15 ? randomPod(r, broken, maxLen) : (mutate(r, a, 0, broken) as O);
  const type = r() < 0.85 ? "Pod" : pick(r, ["Unstructured", "PodTemplateSpec", "Deployment"]);
  return { type, kruise: false, a, b };
}

// ---------------------------------------------------------------------------------------------------
// Patches to apply

/** Injects strategic-merge-patch directives (valid and broken) into a patch. */
export function mutatePatch(r: R, p: J, depth = 0): J {
  if (Array.isArray(p)) {
    const a = p.map((x) => (r() < 0.4 ? mutatePatch(r, x, depth + 1) : x));
    if (r() < 0.15) a.push({ $patch: pick<J>(r, ["delete", "replace", "merge", "bogus"]), name: pick(r, ["a", "b", "app", "sidecar", "web"]) });
    if (r() < 0.05) a.push({ $patch: "delete" });
    if (r() < 0.05) a.push(null);
    return a;
  }
  if (p !== null && typeof p === "object") {
    const o: O = {};
    const keys = Object.keys(p);
    for (const k of keys) o[k] = r() < 0.4 ? mutatePatch(r, p[k]!, depth + 1) : p[k]!;
    const q = r();
    if (q < 0.05) o.$patch = pick<J>(r, ["replace", "delete", "merge", "x", 1, null]);
    else if (q < 0.12) o.$retainKeys = r() < 0.85 ? shuffle(r, keys).slice(0, int(r, 0, keys.length)) : pick<J>(r, ["x", [["a"]], [{ a: 1 }], null]);
    else if (q < 0.22) {
      const lists = keys.filter((k) => Array.isArray(p[k]));
      const k = lists.length ? pick(r, lists) : pick(r, ["containers", "finalizers", "env", "args", "volumes", "ports", "x"]);
      const items = Array.isArray(p[k]) ? (p[k] as J[]) : [];
      const order: J[] = items.map((x) => (x && typeof x === "object" && !Array.isArray(x) && "name" in x ? { name: x.name! } : x));
      o[`$setElementOrder/${k}`] = r() < 0.8 ? shuffle(r, order).slice(0, int(r, 0, order.length + 1)) : pick<J>(r, ["x", [1, 2], [{ name: "zz" }], [[1]]]);
    } else if (q < 0.3) {
      const k = pick(r, ["finalizers", "args", "containers", "command", "hostnames", "x", ...keys]);
      o[`$deleteFromPrimitiveList/${k}`] = r() < 0.85 ? primList(r, false, 3) : pick<J>(r, [null, "x", [{ a: 1 }]]);
    } else if (q < 0.33) {
      o[pick(r, ["$setElementOrder", "$deleteFromPrimitiveList", "$setElementOrderX/containers", "$deleteFromPrimitiveListX/args"])] = [];
    } else if (q < 0.38 && keys.length) {
      o[pick(r, keys)] = null;
    }
    return o;
  }
  return p;
}

// ---------------------------------------------------------------------------------------------------
// Request lines

export interface SmpCase {
  type: string;
  kruise: boolean;
  kubernetes?: string;
  go?: string;
}

/** The members naming type and versions, as JSON text (starting with a comma). */
export function head(c: SmpCase): string {
  let s = `,"type":${JSON.stringify(c.type)}`;
  if (c.kubernetes) s += `,"kubernetes":${JSON.stringify(c.kubernetes)}`;
  if (c.go) s += `,"go":${JSON.stringify(c.go)}`;
  return s;
}

/** A document member: the JSON value, or (sometimes) the same text in the `Text` form. */
export function docMember(r: R, name: string, v: J, text = false): string {
  const json = JSON.stringify(v);
  if (text || r() < 0.2) return `,"${name}Text":${JSON.stringify(json)}`;
  return `,"${name}":${json}`;
}

/** smp.diff line. */
export function diffLine(r: R, c: SmpCase, a: J, b: J, id: number): string {
  return `{"op":"smp.diff","id":${id}${head(c)}${docMember(r, "original", a)}${docMember(r, "modified", b)}}`;
}

/** smp.apply line; `patchText` is the patch as text (verbatim bytes). */
export function applyLine(r: R, c: SmpCase, a: J, patchText: string, id: number): string {
  const p = r() < 0.5 ? `,"patchText":${JSON.stringify(patchText)}` : `,"patch":${patchText}`;
  return `{"op":"smp.apply","id":${id}${head(c)}${docMember(r, "original", a)}${p}}`;
}

/** The longest list a random request may hold for its effective Go release, where the oracle's build
 * for that release sorts differently from the real release (tied merge keys come out in another order):
 * before Go 1.19 sort.Sort was not pdqsort (a gap-6 pass, then insertion sort, from 7 elements), and Go
 * 1.22-1.23 break patterns with another xorshift than the Go 1.26 build serving them (from 13 elements;
 * mutations add one).
 * assembly/__tests__/smp-sort.spec.ts checks those sorts against Go 1.14, 1.18 and 1.23 instead. */
export function maxLenFor(c: SmpCase): number {
  const go = effectiveGo(c.kubernetes ?? (c.kruise ? KRUISE.minor : SMP_MINORS.at(-1)!), c.go, c.kruise);
  return go < 19 ? 5 : go === 22 || go === 23 ? 10 : 40;
}

type ErrView = { error?: { code?: string; message?: string } };
const view = (answer: string) => JSON.parse(answer) as ErrView;

/**
 * The one place where the oracle's build cannot answer for the Go release asked: Go 1.22-1.24 requests
 * are served by a Go 1.26 build, whose runtime words a failed lookup of a map or slice in an EMPTY
 * map[interface{}] as `hash of unhashable type: T` (Go 1.25+), where 1.22-1.24 panic with
 * `runtime error: hash of unhashable type T` like any other unhashable key. The engine answers as the
 * release asked; such a pair counts as agreeing (and is counted).
 */
export function olderRuntimeText(line: string, expected: string, actual: string): boolean {
  const req = JSON.parse(line) as { type?: string; kubernetes?: string; go?: string };
  const kruise = ["CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"].includes(req.type ?? "");
  if (!req.type || (req.kubernetes && !SMP_MINORS.includes(req.kubernetes))) return false;
  const go = effectiveGo(req.kubernetes ?? (kruise ? "1.32" : SMP_MINORS.at(-1)!), req.go, kruise);
  if (go < 22 || go > 24) return false;
  const e = view(expected) as { error?: { code?: string; message?: string } };
  const a = view(actual) as { error?: { code?: string; message?: string } };
  const m = /^hash of unhashable type: (.*)$/.exec(e.error?.message ?? "");
  return e.error?.code === "E_PATCH_PANIC" && a.error?.code === "E_PATCH_PANIC" && m !== null &&
    a.error?.message === `runtime error: hash of unhashable type ${m[1]}`;
}

/** Hand-picked edge cases (each one request line, version fields added by the caller). */
export const SMP_EDGE: string[] = [
  // absent, empty and non-JSON documents
  `{"op":"smp.diff","type":"Pod"}`,
  `{"op":"smp.apply","type":"Pod"}`,
  `{"op":"smp.diff","type":"Pod","originalText":"","modifiedText":""}`,
  `{"op":"smp.apply","type":"Pod","originalText":"","patch":{}}`,
  `{"op":"smp.apply","type":"Pod","original":{},"patchText":""}`,
  `{"op":"smp.apply","type":"Pod","originalText":" ","patch":{}}`,
  `{"op":"smp.diff","type":"Pod","originalText":"null","modifiedText":"null"}`,
  `{"op":"smp.apply","type":"Pod","original":null,"patch":null}`,
  `{"op":"smp.apply","type":"Pod","original":null,"patch":{"a":1}}`,
  `{"op":"smp.diff","type":"Pod","original":[],"modified":{}}`,
  `{"op":"smp.diff","type":"Pod","original":"x","modified":{}}`,
  `{"op":"smp.apply","type":"Pod","original":{"a":1},"patch":1}`,
  `{"op":"smp.apply","type":"Pod","originalText":"{\\"a\\":1} trailing","patch":{"b":2}}`,
  `{"op":"smp.apply","type":"Pod","originalText":"{\\"a\\":1}}","patch":{"b":2}}`,
  `{"op":"smp.apply","type":"Pod","originalText":"nullx","patch":{"b":2}}`,
  `{"op":"smp.apply","type":"Pod","originalText":"nul","patch":{"b":2}}`,
  `{"op":"smp.apply","type":"Pod","originalText":"{\\"a\\":","patch":{"b":2}}`,
  `{"op":"smp.diff","type":"Pod","originalText":"{} {","modified":{"a":1}}`,
  `{"op":"smp.apply","type":"Pod","original":{"a":1e400},"patch":{}}`,
  `{"op":"smp.apply","type":"Pod","original":{"a":1},"patch":{"a":1.0,"b":-0,"c":1e2,"d":12345678901234567890,"e":-0.0,"f":1E-7,"g":9223372036854775807,"h":9223372036854775808}}`,
  `{"op":"smp.diff","type":"Pod","original":{"a":1},"modified":{"a":1.0}}`,
  `{"op":"smp.diff","type":"Pod","original":{"a":1,"a":2},"modified":{"a":3,"b":"\\u003c\\u2028\\ud800"}}`,
  `{"op":"smp.apply","type":"Pod","originalText":"{\\"a\\":\\"\\u00ff\\"}","patch":{"b":"\\b\\f"}}`,
  // directives
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":"a","image":"x"}]}},"patch":{"spec":{"$patch":"replace","containers":[{"name":"b"}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":"a","image":"x"}]}},"patch":{"spec":{"$patch":"delete"}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":"a","image":"x"}]}},"patch":{"spec":{"$patch":"merge"}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":"a"},{"name":"b"}]}},"patch":{"spec":{"containers":[{"$patch":"replace"},{"name":"c"}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":"a"},{"name":"b"}]}},"patch":{"spec":{"containers":[{"$patch":"merge"}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":"a"},{"name":"b"}]}},"patch":{"spec":{"containers":[{"$patch":"delete"}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"metadata":{"finalizers":["a","b","c"]}},"patch":{"metadata":{"$deleteFromPrimitiveList/finalizers":["b"],"finalizers":["d"]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"metadata":{}},"patch":{"metadata":{"$deleteFromPrimitiveList/finalizers":["b"]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":"a","args":["x","y"]}]}},"patch":{"spec":{"containers":[{"name":"a","$deleteFromPrimitiveList/args":["x"]}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":"a"},{"name":"b"},{"name":"s"}]}},"patch":{"spec":{"$setElementOrder/containers":[{"name":"a"},{"name":"c"}],"containers":[{"name":"c"},{"$patch":"delete","name":"b"}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":"b"},{"name":"a"}]}},"patch":{"spec":{"$setElementOrder/containers":[{"name":"a"},{"name":"b"}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":"b"},{"name":"a"}]}},"patch":{"spec":{"$setElementOrder/containers":[{"name":"a"}],"containers":[{"name":"b","image":"x"}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":"a"}]}},"patch":{"spec":{"$setElementOrder/containers":[{"name":"a"}],"containers":[{"name":"x"},{"name":"y"}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":"a"}]}},"patch":{"spec":{"$setElementOrder/containers":"x"}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":"a"}]}},"patch":{"spec":{"$setElementOrderX/containers":[]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"metadata":{"finalizers":["a","b"]}},"patch":{"metadata":{"$setElementOrder/finalizers":["b","a",{"x":1}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"volumes":[{"name":"v","emptyDir":{}}]}},"patch":{"spec":{"volumes":[{"name":"v","$retainKeys":["name","hostPath"],"hostPath":{"path":"/x"}}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"volumes":[{"name":"v","emptyDir":{}}]}},"patch":{"spec":{"volumes":[{"name":"v","$retainKeys":["name"],"hostPath":{"path":"/x"}}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"volumes":[{"name":"v"}]}},"patch":{"spec":{"volumes":[{"name":"v","$retainKeys":[{"a":1}]}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{}},"patch":{"spec":{"containers":[{"name":"a","env":[{"name":"x","value":null},{"$patch":"delete","name":"y"}]}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[null]}},"patch":{"spec":{"containers":[{"name":"a"}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":{"a":1}}]}},"patch":{"spec":{"containers":[{"name":{"a":1}}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"metadata":{"finalizers":["a"]}},"patch":{"metadata":{"$deleteFromPrimitiveList/finalizers":[{"a":1}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"metadata":{"finalizers":[["a"]]}},"patch":{"metadata":{"finalizers":[["b"]]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":"a"}]}},"patch":{"spec":{"containers":["x"]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"image":"a"}]}},"patch":{"spec":{"containers":[{"name":"a"}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"tolerations":[{"key":"a"}]}},"patch":{"spec":{"tolerations":[{"key":"b"}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"tolerations":[{"key":"a"}]}},"patch":{"spec":{"$setElementOrder/tolerations":[{"key":"b"},{"key":"a"}]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"tolerations":[{"key":"a"}]}},"patch":{"spec":{"$setElementOrder/tolerations":[]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"tolerations":[{"key":"a"}]}},"patch":{"spec":{"$setElementOrder/tolerations":["x"]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"metadata":{"finalizers":["a"]}},"patch":{"metadata":{"$setElementOrder/finalizers":[["a"]]}}}`,
  `{"op":"smp.apply","type":"Pod","original":{"spec":{"containers":[{"name":"a"}]}},"patch":{"spec":{"$setElementOrder/containers":[{"name":"a"}],"containers":[{"name":"b"},{"$patch":"delete","name":"a"},{"name":"c"}]}}}`,
  `{"op":"smp.apply","type":"Unstructured","original":{"spec":{"a":1}},"patch":{"spec":{"a":2}}}`,
  `{"op":"smp.apply","type":"Unstructured","original":{"Object":{"a":1}},"patch":{"object":{"a":2}}}`,
  `{"op":"smp.diff","type":"Unstructured","original":{"spec":{"a":1}},"modified":{"spec":{"a":2}}}`,
  `{"op":"smp.diff","type":"Unstructured","original":{"spec":1},"modified":{"spec":2,"x":[1]}}`,
  `{"op":"smp.diff","type":"ControllerRevision","original":{"data":{"spec":{"a":1}}},"modified":{"data":{"spec":{"a":2}}}}`,
  `{"op":"smp.diff","type":"Pod","original":{"Spec":{"Containers":[{"name":"a","image":"x"}]}},"modified":{"Spec":{"Containers":[{"name":"a","image":"y"}]}}}`,
  `{"op":"smp.diff","type":"Pod","original":{"metadata":{"labels":{"a":{"x":1}}}},"modified":{"metadata":{"labels":{"a":{"x":2}}}}}`,
  `{"op":"smp.diff","type":"Pod","original":{"spec":{"containers":[{"name":"a","image":"x"}]}},"modified":{"spec":{"containers":[{"name":"a","image":"x"}],"unknown":{"x":1}}}}`,
  `{"op":"smp.diff","type":"Pod","original":{"$patch":"a"},"modified":{"$patch":1}}`,
  `{"op":"smp.diff","type":"Pod","original":{"spec":{"containers":[{"name":"a","ports":[{"containerPort":80},{"containerPort":"80"}]}]}},"modified":{"spec":{"containers":[{"name":"a","ports":[{"containerPort":"80"}]}]}}}`,
  `{"op":"smp.diff","type":"Pod","original":{"metadata":{"finalizers":["a","a","b"]}},"modified":{"metadata":{"finalizers":["a"]}}}`,
  `{"op":"smp.diff","type":"Pod","original":{"metadata":{"finalizers":[1,"1"]}},"modified":{"metadata":{"finalizers":[]}}}`,
  `{"op":"smp.diff","type":"Pod","original":{"metadata":{"finalizers":[null]}},"modified":{"metadata":{"finalizers":["a"]}}}`,
  `{"op":"smp.diff","type":"Pod","original":{"metadata":{"finalizers":["a",null]}},"modified":{"metadata":{"finalizers":["a"]}}}`,
  `{"op":"smp.diff","type":"Pod","original":{"spec":{"containers":[{"name":"a"},{"name":"a","image":"x"}]}},"modified":{"spec":{"containers":[{"name":"a","image":"y"}]}}}`,
  `{"op":"smp.diff","type":"Deployment","original":{"spec":{"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxSurge":1}}}},"modified":{"spec":{"strategy":{"type":"Recreate"}}}}`,
  `{"op":"smp.diff","type":"Pod","original":{"spec":{"volumes":[{"name":"v","emptyDir":{}}]}},"modified":{"spec":{"volumes":[{"name":"v","hostPath":{"path":"/x"},"extra":null}]}}}`,
  // request errors
  `{"op":"smp.diff"}`,
  `{"op":"smp.diff","type":1}`,
  `{"op":"smp.diff","type":"Nope"}`,
  `{"op":"smp.diff","type":"Pod","kubernetes":"1.13"}`,
  `{"op":"smp.diff","type":"Pod","kubernetes":1}`,
  `{"op":"smp.diff","type":"Pod","go":"1.9"}`,
  `{"op":"smp.diff","type":"Pod","go":"1.28"}`,
  `{"op":"smp.diff","type":"Pod","kubernetes":"1.30","go":"1.21"}`,
  `{"op":"smp.diff","type":"EphemeralContainer","kubernetes":"1.15"}`,
  `{"op":"smp.diff","type":"CloneSet","kubernetes":"1.30"}`,
  `{"op":"smp.diff","type":"CloneSet","kubernetes":"1.14"}`,
  `{"op":"smp.diff","type":"Pod","original":{},"originalText":"{}"}`,
  `{"op":"smp.diff","type":"Pod","originalText":1}`,
  `{"op":"smp.apply","type":"Pod","patchText":{"a":1}}`,
];
