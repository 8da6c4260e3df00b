// The inputs of the scaling table (bench/scaling.ts): for each op, requests that grow along one dimension
// (list length, map size, string length, digits, nesting, pods) while the rest stays a realistic manifest.
// `make(n)` builds the request line at size n; `base` is the size of the 1x column.

import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

/** One growing input: an op, the dimension that grows, the 1x size and the request at size n. */
export interface ScalingCase {
  op: string;
  dimension: string;
  base: number;
  make(n: number): string;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A realistic container with `env` variables and resource requests whose cpu has `digits` digits. */
function container(name: string, env = 3, digits = 3, image = "nginx:1.27") {
  return {
    name,
    image,
    ports: [{ containerPort: 8080, name: "http" }],
    env: range(env).map((i) => ({ name: `VAR_${i}`, value: `value-${i}` })),
    resources: { requests: { cpu: "1".padEnd(digits, "0") + "m", memory: "128Mi" }, limits: { memory: "256Mi" } },
    readinessProbe: { httpGet: { path: "/healthz", port: 8080 }, periodSeconds: 5 },
  };
}

/** Pod metadata with `labels` labels and `annotations` annotations. */
function meta(name: string, labels = 2, annotations = 1) {
  const l: Record<string, string> = { app: "web" };
  for (let i = 1; i < labels; i++) l[`label-${i}.example.com/key`] = `v${i}`;
  const a: Record<string, string> = {};
  for (let i = 0; i < annotations; i++) a[`note-${i}.example.com/key`] = `v${i}`;
  return { name, namespace: "default", labels: l, annotations: a };
}

/** A running v1 Pod: `containers` containers of `env` variables, `labels` labels, cpu of `digits` digits. */
function pod(o: { containers?: number; env?: number; labels?: number; annotations?: number; digits?: number; volumes?: number; image?: string } = {}) {
  const containers = range(o.containers ?? 2).map((i) => container(`c${i}`, o.env ?? 3, o.digits ?? 3, o.image));
  const volumes = range(o.volumes ?? 1).map((i) => ({ name: `v${i}`, emptyDir: {} }));
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { ...meta("web-0", o.labels, o.annotations), uid: "6f1c9a2e-2b7d-4c1e-9a51-3f0d8e2b4c7a", resourceVersion: "1", creationTimestamp: "2025-01-01T00:00:00Z" },
    spec: { containers, volumes, nodeName: "node-1", restartPolicy: "Always", dnsPolicy: "ClusterFirst", schedulerName: "default-scheduler", terminationGracePeriodSeconds: 30 },
  };
}

/** A Deployment (or any native workload kind) around a pod template. */
function workload(kind: string, apiVersion: string, o: Parameters<typeof pod>[0] = {}) {
  const p = pod(o);
  return {
    apiVersion,
    kind,
    metadata: { name: "web", namespace: "default" },
    spec: { replicas: 3, selector: { matchLabels: { app: "web" } }, template: { metadata: { labels: p.metadata.labels, annotations: p.metadata.annotations }, spec: p.spec } },
  };
}

/** The same object with every container's image bumped. */
function bumped<T>(o: T): T {
  return JSON.parse(JSON.stringify(o).replaceAll("nginx:1.27", "nginx:1.28"));
}

const T0 = Date.UTC(2025, 0, 1) / 1000;
const iso = (s: number) => new Date(s * 1000).toISOString().replace(".000Z", "Z");

/** A ready pod of a rollout at revision `rev` with `labels` extra labels. */
function rolloutPod(i: number, rev: string, labels = 0) {
  const l: Record<string, string> = { app: "web", "controller-revision-hash": rev, zone: `z${i % 3}` };
  for (let k = 0; k < labels; k++) l[`extra-${k}`] = `v${k}`;
  return {
    metadata: { name: `web-${i}`, labels: l, creationTimestamp: iso(T0 - (i % 600) * 7) },
    spec: { nodeName: `node-${i % 97}`, readinessGates: [{ conditionType: "InPlaceUpdateReady" }] },
    status: { phase: "Running", conditions: [{ type: "Ready", status: "True", lastTransitionTime: iso(T0 - (i % 300) * 11) }], containerStatuses: [{ name: "app", restartCount: i % 4 }] },
  };
}

/** The first request of op `op` in golden vector file `file` whose answer is ok. */
function vectorRequest(file: string, op: string, accept: (r: Record<string, unknown>) => boolean = () => true): Record<string, unknown> {
  const text = gunzipSync(readFileSync(new URL(`../test/vectors/${file}`, import.meta.url))).toString("utf8");
  for (const l of text.split("\n")) {
    if (l === "") continue;
    const v = JSON.parse(l) as { request: unknown; answer: { ok?: boolean } };
    if (typeof v.request !== "string" || !v.answer.ok) continue;
    const r = JSON.parse(v.request) as Record<string, unknown>;
    if (r.op === op && accept(r)) return r;
  }
  throw new Error(`no ${op} vector in ${file}`);
}

const J = JSON.stringify;

/** Every scaling case. */
export function scalingCases(): ScalingCase[] {
  const cases: ScalingCase[] = [
    { op: "json.go", dimension: "array elements", base: 2000, make: (n) => J({ op: "json.go", value: range(n).map((i) => i * 1.5) }) },
    { op: "json.go", dimension: "object keys", base: 2000, make: (n) => J({ op: "json.go", value: Object.fromEntries(range(n).map((i) => [`k${(i * 7919) % n}-${i}`, i])) }) },
    { op: "json.go", dimension: "string bytes", base: 20000, make: (n) => J({ op: "json.go", value: "<a&b>é".repeat(n / 8) }) },
    { op: "json.go", dimension: "nesting depth", base: 100, make: (n) => `{"op":"json.go","valueText":"${"[".repeat(n)}${"]".repeat(n)}"}` },
    { op: "json.jcs", dimension: "object keys", base: 2000, make: (n) => J({ op: "json.jcs", value: Object.fromEntries(range(n).map((i) => [`k${(i * 7919) % n}-${i}`, i / 3])) }) },
    { op: "fnv", dimension: "text bytes", base: 20000, make: (n) => J({ op: "fnv", variant: "fnv32a", text: "x".repeat(n) }) },
    { op: "jsonpatch.diff", dimension: "array elements (all changed)", base: 50, make: (n) => J({ op: "jsonpatch.diff", from: { a: range(n) }, to: { a: range(n).map((i) => i + 1) } }) },
    { op: "jsonpatch.diff", dimension: "object keys (half changed)", base: 1000, make: (n) => J({ op: "jsonpatch.diff", from: Object.fromEntries(range(n).map((i) => [`k${i}`, i])), to: Object.fromEntries(range(n).map((i) => [`k${i}`, i % 2 ? i : -i])) }) },
    { op: "jsonpatch.apply", dimension: "operations", base: 200, make: (n) => J({ op: "jsonpatch.apply", document: { a: range(n) }, patch: range(n).map((i) => ({ op: "replace", path: `/a/${i}`, value: -i })) }) },
    { op: "jsonpatch.apply", dimension: "adds at the front", base: 200, make: (n) => J({ op: "jsonpatch.apply", document: { a: [] }, patch: range(n).map((i) => ({ op: "add", path: "/a/0", value: i })) }) },
    { op: "mergepatch.diff", dimension: "object keys", base: 1000, make: (n) => J({ op: "mergepatch.diff", original: Object.fromEntries(range(n).map((i) => [`k${i}`, { v: i }])), modified: Object.fromEntries(range(n).map((i) => [`k${i}`, { v: i % 3 ? i : null }])) }) },
    { op: "mergepatch.apply", dimension: "object keys", base: 1000, make: (n) => J({ op: "mergepatch.apply", original: Object.fromEntries(range(n).map((i) => [`k${i}`, i])), patch: Object.fromEntries(range(n).map((i) => [`k${i}`, i % 2 ? null : -i])) }) },
    { op: "smp.diff", dimension: "env entries (all changed)", base: 100, make: (n) => J({ op: "smp.diff", type: "Pod", original: pod({ env: n }), modified: JSON.parse(J(pod({ env: n })).replaceAll("value-", "other-")) }) },
    { op: "smp.apply", dimension: "changed containers", base: 20, make: (n) => J({ op: "smp.apply", type: "Pod", original: pod({ containers: n }), patch: { spec: { containers: range(n).map((i) => ({ name: `c${i}`, image: "nginx:1.28" })) } } }) },
    { op: "smp.apply", dimension: "$deleteFromPrimitiveList items", base: 100, make: (n) => J({ op: "smp.apply", type: "Pod", original: { metadata: { finalizers: range(n).map((i) => `f${i}`) } }, patch: { metadata: { "$deleteFromPrimitiveList/finalizers": range(n).filter((i) => i % 2).map((i) => `f${i}`) } } }) },
    { op: "smp.apply", dimension: "$setElementOrder entries", base: 20, make: (n) => J({ op: "smp.apply", type: "Pod", original: pod({ containers: n }), patch: { spec: { "$setElementOrder/containers": range(n).reverse().map((i) => ({ name: `c${i}` })) } } }) },
    { op: "k8s.json", dimension: "containers", base: 10, make: (n) => J({ op: "k8s.json", type: "Pod", value: pod({ containers: n }) }) },
    { op: "k8s.json", dimension: "labels", base: 150, make: (n) => J({ op: "k8s.json", type: "Pod", value: pod({ labels: n }) }) },
    { op: "quantity", dimension: "digits", base: 200, make: (n) => J({ op: "quantity", value: "1".repeat(n) + ".5m" }) },
    { op: "container.hash", dimension: "env entries", base: 50, make: (n) => J({ op: "container.hash", kubelet: "1.30", container: container("app", n) }) },
    { op: "podTemplateHash", dimension: "labels", base: 150, make: (n) => J({ op: "podTemplateHash", template: workload("Deployment", "apps/v1", { labels: n }).spec.template }) },
    { op: "podTemplateHash", dimension: "containers", base: 5, make: (n) => J({ op: "podTemplateHash", template: workload("Deployment", "apps/v1", { containers: n }).spec.template }) },
    { op: "pod.validateUpdate", dimension: "containers", base: 5, make: (n) => J({ op: "pod.validateUpdate", old: pod({ containers: n }), new: bumped(pod({ containers: n })) }) },
    { op: "pod.validateUpdate", dimension: "env entries", base: 50, make: (n) => J({ op: "pod.validateUpdate", old: pod({ env: n }), new: bumped(pod({ env: n })) }) },
    { op: "pod.validateUpdate", dimension: "labels", base: 100, make: (n) => J({ op: "pod.validateUpdate", old: pod({ labels: n }), new: bumped(pod({ labels: n })) }) },
    { op: "pod.validateUpdate", dimension: "annotations", base: 100, make: (n) => J({ op: "pod.validateUpdate", old: pod({ annotations: n }), new: bumped(pod({ annotations: n })) }) },
    { op: "pod.validateUpdate", dimension: "cpu digits", base: 100, make: (n) => J({ op: "pod.validateUpdate", old: pod({ digits: n }), new: bumped(pod({ digits: n })) }) },
    { op: "pod.validateUpdate", dimension: "volumes", base: 20, make: (n) => J({ op: "pod.validateUpdate", old: pod({ volumes: n }), new: bumped(pod({ volumes: n })) }) },
    { op: "verdict", dimension: "Deployment containers", base: 5, make: (n) => J({ op: "verdict", old: workload("Deployment", "apps/v1", { containers: n }), new: bumped(workload("Deployment", "apps/v1", { containers: n })) }) },
    { op: "verdict", dimension: "Pod containers", base: 5, make: (n) => J({ op: "verdict", old: pod({ containers: n }), new: bumped(pod({ containers: n })) }) },
    { op: "verdict", dimension: "CloneSet containers", base: 5, make: (n) => {
      const ws = (o: object) => ({ ...o, apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", spec: { ...(o as { spec: object }).spec, updateStrategy: { type: "InPlaceIfPossible" } } });
      return J({ op: "verdict", old: ws(workload("CloneSet", "apps.kruise.io/v1alpha1", { containers: n })), new: ws(bumped(workload("CloneSet", "apps.kruise.io/v1alpha1", { containers: n }))) });
    } },
    { op: "verdict", dimension: "Pod tolerations (each refused)", base: 150, make: (n) => J({ op: "verdict", old: pod(), new: { ...pod(), spec: { ...pod().spec, tolerations: range(n).map((i) => ({ key: `k${i}`, operator: "Exists", effect: "NoSchedule" })) } } }) },
    { op: "verdict", dimension: "CloneSet env entries (all changed)", base: 50, make: (n) => {
      const ws = (w: ReturnType<typeof workload>) => ({ ...w, spec: { ...w.spec, updateStrategy: { type: "InPlaceIfPossible" } } });
      const a = ws(workload("CloneSet", "apps.kruise.io/v1alpha1", { env: n }));
      return J({ op: "verdict", old: a, new: JSON.parse(J(a).replaceAll("value-", "other-")) });
    } },
    { op: "verdict", dimension: "CloneSet template labels (the pod patch sets them)", base: 150, make: (n) => {
      const ws = (w: ReturnType<typeof workload>) => ({ ...w, spec: { ...w.spec, updateStrategy: { type: "InPlaceIfPossible" } } });
      const a = ws(workload("CloneSet", "apps.kruise.io/v1alpha1", { labels: n }));
      return J({ op: "verdict", old: a, new: JSON.parse(J(a).replaceAll("\"v1", "\"w1").replace("nginx:1.27", "nginx:1.28")) });
    } },
    { op: "kruise.refresh", dimension: "gates (unknown names)", base: 150, make: (n) => J({ op: "kruise.refresh", pod: { metadata: { name: "p" } }, gates: Object.fromEntries(range(n).map((i) => [`G${(i * 7919) % n}`, true])) }) },
    { op: "jsonpatch.diff", dimension: "added keys (a non-integer number in the document)", base: 1000, make: (n) => J({ op: "jsonpatch.diff", from: { x: 1e-7, m: {} }, to: { x: 1e-7, m: Object.fromEntries(range(n).map((i) => [`k${i}`, []])) } }) },
    { op: "verdict", dimension: "Pod labels", base: 100, make: (n) => J({ op: "verdict", old: pod({ labels: n }), new: bumped(pod({ labels: n })) }) },
    { op: "kubelet.podActions", dimension: "containers", base: 5, make: (n) => {
      const p = pod({ containers: n });
      return J({ op: "kubelet.podActions", kubelet: "1.30", pod: p, podStatus: { sandboxes: [{ id: "s1", attempt: 0, ready: true }], containers: p.spec.containers.map((c, i) => ({ id: `id${i}`, name: c.name, state: "running", restartCount: 0 })) } });
    } },
    { op: "rollout.cloneset", dimension: "pods", base: 100, make: (n) => J({ op: "rollout.cloneset", cloneSet: { metadata: { name: "web" }, spec: { replicas: n, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%", priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { zone: "z2" } } }] }, scatterStrategy: [{ key: "zone", value: "z1" }] } } }, pods: range(n).map((i) => rolloutPod(i, "web-r1")), currentRevision: "web-r1", updateRevision: "web-r2", now: iso(T0 + 3600) }) },
    { op: "rollout.cloneset", dimension: "labels per pod", base: 20, make: (n) => J({ op: "rollout.cloneset", cloneSet: { metadata: { name: "web" }, spec: { replicas: 50, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%", priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { zone: "z2" } } }] } } } }, pods: range(50).map((i) => rolloutPod(i, "web-r1", n)), currentRevision: "web-r1", updateRevision: "web-r2", now: iso(T0 + 3600) }) },
    { op: "rollout.simulate", dimension: "CloneSet pods", base: 20, make: (n) => J({ op: "rollout.simulate", kind: "CloneSet", workload: { metadata: { name: "web" }, spec: { replicas: n, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%" } } }, pods: range(n).map((i) => rolloutPod(i, "web-r1")), currentRevision: "web-r1", updateRevision: "web-r2" }) },
    { op: "rollout.simulate", dimension: "CloneSet workload labels", base: 100, make: (n) => J({ op: "rollout.simulate", kind: "CloneSet", workload: { metadata: { name: "web", labels: Object.fromEntries(range(n).map((i) => [`l${i}`, "v"])) }, spec: { replicas: 10, updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%" } } }, pods: range(10).map((i) => rolloutPod(i, "web-r1")), currentRevision: "web-r1", updateRevision: "web-r2" }) },
    { op: "rollout.simulate", dimension: "StatefulSet pods", base: 10, make: (n) => J({ op: "rollout.simulate", kind: "StatefulSet", workload: { metadata: { name: "web" }, spec: { replicas: n, podManagementPolicy: "OrderedReady", updateStrategy: { type: "RollingUpdate" } } }, pods: range(n).map((i) => rolloutPod(i, "web-r1")), currentRevision: "web-r1", updateRevision: "web-r2" }) },
    { op: "rollout.simulate", dimension: "Deployment replicas", base: 20, make: (n) => J({ op: "rollout.simulate", kind: "Deployment", workload: { spec: { replicas: n, strategy: { type: "RollingUpdate", rollingUpdate: { maxSurge: "25%", maxUnavailable: "25%" } } } }, replicaSets: [{ metadata: { name: "old", creationTimestamp: iso(T0), annotations: { "deployment.kubernetes.io/revision": "1" } }, spec: { replicas: n }, status: { availableReplicas: n, replicas: n } }] }) },
    { op: "rollout.simulate", dimension: "DaemonSet nodes", base: 20, make: (n) => J({ op: "rollout.simulate", kind: "DaemonSet", workload: { metadata: { name: "ds" }, spec: { updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 1 } } } }, nodes: range(n).map((i) => `node-${i}`), pods: range(n).map((i) => ({ ...rolloutPod(i, "web-r1"), spec: { nodeName: `node-${i}` } })), hash: "web-r2" }) },
  ];
  try {
    const spec = vectorRequest("kruise-inplace.jsonl.gz", "kruise.patchPod", (r) => r.pod !== undefined && typeof r.updateSpecText === "string");
    const { op: _op, pod: one, ...rest } = spec;
    cases.push({ op: "kruise.patchPods", dimension: "pods", base: 20, make: (n) => J({ op: "kruise.patchPods", ...rest, pods: range(n).map((i) => ({ ...(one as object), metadata: { ...(one as { metadata: object }).metadata, name: `p-${i}` } })) }) });
  } catch {
    // the vectors are part of the repository; a missing one only drops this row
  }
  for (const op of ["kruise.refresh", "kruise.completed"]) {
    try {
      const r = vectorRequest("kruise-inplace.jsonl.gz", op, (x) => typeof x.pod === "object" && x.pod !== null);
      const p = r.pod as { metadata?: Record<string, unknown> };
      cases.push({ op, dimension: "pod labels and annotations", base: 150, make: (n) => J({ ...r, pod: { ...p, metadata: { ...(p.metadata ?? {}), labels: Object.fromEntries(range(n).map((i) => [`l${i}.example.com/k`, `v${i}`])), annotations: { ...((p.metadata?.annotations as object) ?? {}), ...Object.fromEntries(range(n).map((i) => [`a${i}.example.com/k`, `v${i}`])) } } } }) });
    } catch {
      // as above
    }
  }
  return cases;
}
