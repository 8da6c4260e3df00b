// Generators of the in-place update differential suite: realistic CloneSet pod templates
// (post-defaulting shapes: imagePullPolicy Always, terminationMessage*, readiness gate), realistic edits
// of them, both wrapped into ControllerRevisions as the CloneSet controller builds them (the `revision`
// op: `{"spec":{"template":{…,"$patch":"replace"}}}`, name `<cs>-<hash>`, the CloneSet's annotations plus
// the volumeClaimTemplates hash annotation), pods created from the old template, and the follow-up
// `kruise.patchPod` / `kruise.completed` requests.

import fc from "fast-check";
import { podTemplate as wildTemplate } from "./k8s/gen.ts";

type Obj = Record<string, unknown>;
type Container = Obj & { name: string; image: string; env?: Obj[]; resources?: { limits?: Obj; requests?: Obj } };
type Template = { metadata: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec: Obj & { containers: Container[]; initContainers?: Container[] } };

const APPS = ["web", "api", "worker", "gateway", "cart"];
const SIDECARS = ["istio-proxy", "log-agent", "metrics", "config-reloader"];
const REGISTRIES = ["registry.example.com/team/", "docker.io/library/", "ghcr.io/acme/", ""];
const TAGS = ["1.0.0", "1.0.1", "1.1.0", "2.3.4", "latest", "v20240101", "stable-alpine"];
const CPU = ["50m", "100m", "250m", "500m", "1", "1500m", "2", "4"];
const MEM = ["64Mi", "128Mi", "256Mi", "512Mi", "1Gi", "2Gi", "4Gi"];
const LABEL_KEYS = ["app", "version", "tier", "app.kubernetes.io/version", "release", "team"];
const ANNOTATION_KEYS = ["prometheus.io/scrape", "config/hash", "sidecar.istio.io/inject", "owner", "kubectl.kubernetes.io/restartedAt"];
const VALUES = ["a", "b", "v1", "v2", "true", "false", "blue", "green", "2024-01-01T00:00:00Z"];

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);

const resources = fc.record(
  {
    requests: fc.record({ cpu: pick(CPU), memory: pick(MEM) }, { requiredKeys: [] }),
    limits: fc.record({ cpu: pick(CPU), memory: pick(MEM) }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);

const probe = fc.record({
  httpGet: fc.record({ path: pick(["/healthz", "/ready"]), port: fc.constantFrom(8080, 9090), scheme: fc.constant("HTTP") }),
  initialDelaySeconds: fc.nat(30),
  periodSeconds: fc.constantFrom(5, 10),
  timeoutSeconds: fc.constant(1),
  successThreshold: fc.constant(1),
  failureThreshold: fc.constant(3),
});

/** An env var: a plain value, or a downward-API reference to a label/annotation. */
const envVar = fc.oneof(
  fc.record({ name: pick(["LOG_LEVEL", "MODE", "PORT", "FEATURE_X"]), value: pick(VALUES) }),
  fc.record({ name: pick(["POD_VERSION", "POD_TIER", "CFG_HASH", "OWNER"]), valueFrom: fc.oneof(
    pick(LABEL_KEYS).map((k) => ({ fieldRef: { apiVersion: "v1", fieldPath: `metadata.labels['${k}']` } })),
    pick(ANNOTATION_KEYS).map((k) => ({ fieldRef: { apiVersion: "v1", fieldPath: `metadata.annotations['${k}']` } })),
    fc.constant({ fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" } }),
  ) }),
);

const image = (name: string) => fc.tuple(pick(REGISTRIES), pick(TAGS), fc.boolean()).map(([r, t, bare]) => (bare && r === "" ? name : `${r}${name}:${t}`));

/** A container as the CloneSet webhook leaves it. */
const containerNamed = (name: string): fc.Arbitrary<Container> =>
  fc.record(
    {
      image: image(name),
      env: fc.uniqueArray(envVar, { maxLength: 4, selector: (e) => e.name }),
      resources,
      ports: fc.array(fc.record({ name: pick(["http", "metrics", "grpc"]), containerPort: fc.constantFrom(8080, 9090, 50051), protocol: fc.constant("TCP") }), { maxLength: 2 }),
      readinessProbe: probe,
      livenessProbe: probe,
      volumeMounts: fc.array(fc.record({ name: pick(["data", "config"]), mountPath: pick(["/data", "/etc/config"]) }), { maxLength: 1 }),
      resizePolicy: fc.array(fc.record({ resourceName: pick(["cpu", "memory"]), restartPolicy: pick(["NotRequired", "RestartContainer"]) }), { maxLength: 1 }),
    },
    { requiredKeys: ["image", "resources"] },
  ).map((c) => ({ name, ...c, terminationMessagePath: "/dev/termination-log", terminationMessagePolicy: "File", imagePullPolicy: "Always" }) as Container);

/** A realistic CloneSet pod template. */
export const cloneSetTemplate: fc.Arbitrary<Template> = fc
  .tuple(
    pick(APPS),
    fc.subarray(SIDECARS, { maxLength: 2 }),
    fc.dictionary(pick(LABEL_KEYS.slice(1)), pick(VALUES), { maxKeys: 3 }),
    fc.option(fc.dictionary(pick(ANNOTATION_KEYS), pick(VALUES), { maxKeys: 3 }), { nil: undefined }),
    fc.boolean(),
    fc.option(fc.array(fc.record({ key: pick(["dedicated", "node.kubernetes.io/not-ready"]), operator: pick(["Equal", "Exists"]), effect: pick(["NoSchedule", "NoExecute"]) }), { minLength: 1, maxLength: 2 }), { nil: undefined }),
  )
  .chain(([app, sidecars, labels, annotations, withInit, tolerations]) =>
    fc.tuple(fc.tuple(...[app, ...sidecars].map(containerNamed)), withInit ? containerNamed("init-db").map((c) => [c]) : fc.constant(undefined)).map(([cs, init]) => {
      const spec: Template["spec"] = {
        containers: cs,
        restartPolicy: "Always",
        terminationGracePeriodSeconds: 30,
        dnsPolicy: "ClusterFirst",
        schedulerName: "default-scheduler",
        securityContext: {},
        readinessGates: [{ conditionType: "InPlaceUpdateReady" }],
        volumes: [{ name: "data", emptyDir: {} }, { name: "config", configMap: { name: `${app}-config`, defaultMode: 420 } }],
      };
      if (init) spec.initContainers = init.map((c) => ({ ...c, imagePullPolicy: "IfNotPresent" }));
      if (tolerations) spec.tolerations = tolerations;
      const metadata: Template["metadata"] = { labels: { app, ...labels } };
      if (annotations) metadata.annotations = annotations;
      return { metadata, spec } as Template;
    }),
  );

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** One edit of a template (applied to a copy). */
type Edit = (t: Template) => void;

const containerIndex = (t: Template, i: number) => i % t.spec.containers.length;

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(fc.nat(), pick(TAGS)).map(([i, tag]) => (t: Template) => { const c = t.spec.containers[containerIndex(t, i)]!; c.image = c.image.replace(/(:[^:/]*)?$/, `:${tag}`); }) },
  { weight: 3, arbitrary: pick(TAGS).map((tag) => (t: Template) => { for (const c of t.spec.containers) c.image = c.image.replace(/(:[^:/]*)?$/, `:${tag}`); }) },
  { weight: 2, arbitrary: pick(TAGS).map((tag) => (t: Template) => { const c = t.spec.initContainers?.[0]; if (c) c.image = c.image.replace(/(:[^:/]*)?$/, `:${tag}`); }) },
  { weight: 4, arbitrary: fc.tuple(pick(LABEL_KEYS.slice(1)), pick(VALUES)).map(([k, v]) => (t: Template) => { t.metadata.labels = { ...t.metadata.labels, [k]: v }; }) },
  { weight: 2, arbitrary: pick(LABEL_KEYS.slice(1)).map((k) => (t: Template) => { if (t.metadata.labels) delete t.metadata.labels[k]; }) },
  { weight: 4, arbitrary: fc.tuple(pick(ANNOTATION_KEYS), pick(VALUES)).map(([k, v]) => (t: Template) => { t.metadata.annotations = { ...t.metadata.annotations, [k]: v }; }) },
  { weight: 2, arbitrary: pick(ANNOTATION_KEYS).map((k) => (t: Template) => { if (t.metadata.annotations) { delete t.metadata.annotations[k]; if (Object.keys(t.metadata.annotations).length === 0 && k.length % 2 === 0) delete t.metadata.annotations; } }) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(), pick(VALUES)).map(([i, v]) => (t: Template) => { const env = t.spec.containers[containerIndex(t, i)]!.env; const e = env?.find((x) => "value" in x); if (e) e.value = v; }) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(), envVar).map(([i, e]) => (t: Template) => { const c = t.spec.containers[containerIndex(t, i)]!; if (!c.env?.some((x) => x.name === e.name)) c.env = [...(c.env ?? []), e]; }) },
  { weight: 1, arbitrary: fc.nat().map((i) => (t: Template) => { const c = t.spec.containers[containerIndex(t, i)]!; if (c.env && c.env.length > 1) c.env.reverse(); }) },
  { weight: 4, arbitrary: fc.tuple(fc.nat(), pick(["requests", "limits"] as const), pick(["cpu", "memory"] as const), fc.nat()).map(([i, kind, r, j]) => (t: Template) => {
    const c = t.spec.containers[containerIndex(t, i)]!;
    const list = (c.resources ??= {})[kind];
    if (list && r in list) list[r] = (r === "cpu" ? CPU : MEM)[j % (r === "cpu" ? CPU.length : MEM.length)];
  }) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(), pick(["requests", "limits"] as const), pick(["cpu", "memory"] as const)).map(([i, kind, r]) => (t: Template) => {
    const c = t.spec.containers[containerIndex(t, i)]!;
    const res = (c.resources ??= {});
    const list = (res[kind] ??= {});
    if (r in list) delete list[r]; else list[r] = r === "cpu" ? "300m" : "300Mi";
    if (Object.keys(list).length === 0) delete res[kind];
  }) },
  { weight: 1, arbitrary: fc.constant((t: Template) => { for (const c of t.spec.containers) { const r = c.resources?.requests; const l = c.resources?.limits; if (r && l) { r.cpu = l.cpu ?? "1"; r.memory = l.memory ?? "1Gi"; l.cpu = r.cpu; l.memory = r.memory; } } }) },
  { weight: 1, arbitrary: containerNamed("debug").map((c) => (t: Template) => { t.spec.containers.push(c); }) },
  { weight: 1, arbitrary: fc.constant((t: Template) => { if (t.spec.containers.length > 1) t.spec.containers.pop(); }) },
  { weight: 1, arbitrary: fc.constant((t: Template) => { t.spec.containers.reverse(); }) },
  { weight: 1, arbitrary: fc.nat().map((i) => (t: Template) => { const c = t.spec.containers[containerIndex(t, i)]!; c.readinessProbe = { ...(c.readinessProbe as Obj ?? {}), periodSeconds: 15 }; }) },
  { weight: 1, arbitrary: fc.constant((t: Template) => { (t.spec.volumes as Obj[]).push({ name: "cache", emptyDir: { medium: "Memory" } }); }) },
  { weight: 1, arbitrary: fc.constant((t: Template) => { t.spec.tolerations = [...((t.spec.tolerations as Obj[]) ?? []), { key: "spot", operator: "Exists", effect: "NoSchedule" }]; }) },
  { weight: 1, arbitrary: fc.nat().map((i) => (t: Template) => { t.spec.containers[containerIndex(t, i)]!.imagePullPolicy = "IfNotPresent"; }) },
  { weight: 1, arbitrary: fc.constant((_t: Template) => {}) },
);

/** The gates of a request (sometimes absent). */
export const gates = fc.option(
  fc.record({ InPlaceUpdateEnvFromMetadata: fc.boolean(), InPlaceWorkloadVerticalScaling: fc.boolean(), RecreatePodWhenChangeVCTInCloneSetGate: fc.boolean(), KruiseDaemon: fc.boolean() }, { requiredKeys: [] }),
  { nil: undefined },
);

/** An old template and an edited copy (1–3 edits), or (sometimes) a wild template pair. */
export const templatePair: fc.Arbitrary<[Obj, Obj]> = fc.oneof(
  { weight: 9, arbitrary: fc.tuple(cloneSetTemplate, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([t, edits]) => {
    const n = clone(t);
    for (const e of edits) e(n);
    return [t as unknown as Obj, n as unknown as Obj] as [Obj, Obj];
  }) },
  { weight: 1, arbitrary: fc.tuple(wildTemplate, wildTemplate, fc.boolean()).map(([a, b, same]) => [a, same ? a : b] as [Obj, Obj]) },
);

/** A CloneSet around a template (the revision's annotations come from the CloneSet's). */
export function cloneSet(template: Obj, annotations: Record<string, string> | undefined): Obj {
  return { apiVersion: "apps.kruise.io/v1beta1", kind: "CloneSet", metadata: { name: "sample", namespace: "default", ...(annotations ? { annotations } : {}) },
    spec: { replicas: 3, selector: { matchLabels: { app: "sample" } }, template, updateStrategy: { type: "InPlaceIfPossible" } } };
}

/** The annotations of a revision: none, the VCT hash (same or different), or other ones. */
export const revisionAnnotations = fc.tuple(
  fc.option(fc.constantFrom("", "1234567", "7654321"), { nil: undefined }),
  fc.option(fc.constantFrom("", "1234567", "7654321"), { nil: undefined }),
  fc.boolean(),
).map(([a, b, extra]) => {
  const mk = (h: string | undefined) => {
    const m: Record<string, string> = {};
    if (h !== undefined) m["kruise.io/cloneset-volumeclaimtemplate-hash"] = h;
    if (extra) m["owner"] = "team-a";
    return Object.keys(m).length ? m : undefined;
  };
  return [mk(a), mk(b)] as const;
});

/** A ControllerRevision built from the `revision` op's answer. */
export function controllerRevision(name: string, hash: string, data: string, annotations: Record<string, string> | undefined, n: number): Obj {
  return { apiVersion: "apps/v1", kind: "ControllerRevision", metadata: { name, namespace: "default", labels: { "controller.kubernetes.io/hash": hash }, ...(annotations ? { annotations } : {}) }, data: JSON.parse(data), revision: n };
}

/** Launch priorities injected by the pod webhook: none, Ordered, or per-container KRUISE_CONTAINER_PRIORITY values. */
export const launchPriorities = fc.oneof(fc.constant(undefined), fc.constant("ordered" as const), fc.array(fc.integer({ min: -2, max: 3 }), { minLength: 4, maxLength: 4 }));

/** A pod created from `template` with revision `rev`, with statuses and launch barriers as the webhook injects them. */
export function podFrom(template: Obj, rev: string, prio: undefined | "ordered" | number[], imageIDs: boolean[], ready: boolean[]): Obj {
  const t = clone(template) as unknown as Template;
  t.metadata ??= {};
  const name = "sample-x7k2p";
  const cs = t.spec.containers;
  if (prio !== undefined && cs.length > 1) {
    const ps = prio === "ordered" ? cs.map((_c, i) => -i) : cs.map((_c, i) => prio[i % prio.length]!);
    const distinct = new Set(ps).size > 1;
    if (prio === "ordered" || distinct) {
      cs.forEach((c, i) => { c.env = [...(c.env ?? []), { name: "KRUISE_CONTAINER_BARRIER", valueFrom: { configMapKeyRef: { name: `${name}-barrier`, key: `p_${ps[i]}` } } }]; });
    }
  }
  const statuses = cs.map((c, i) => ({
    name: c.name, image: c.image.includes(":") ? c.image : `${c.image}:latest`, imageID: imageIDs[i % imageIDs.length] ? `docker-pullable://${c.image}@sha256:${(i + 1).toString().repeat(8)}` : "",
    containerID: `containerd://${i}abc`, ready: ready[i % ready.length], restartCount: 0, started: true, state: { running: { startedAt: "2026-01-01T00:00:00Z" } },
  }));
  return {
    metadata: { name, namespace: "default", labels: { ...(t.metadata.labels ?? {}), "controller-revision-hash": rev }, annotations: { ...(t.metadata.annotations ?? {}) },
      ownerReferences: [{ apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name: "sample", uid: "1f8e", controller: true, blockOwnerDeletion: true }] },
    spec: { ...t.spec, nodeName: "node-1" },
    status: { phase: "Running", conditions: [{ type: "Ready", status: "True" }, { type: "InPlaceUpdateReady", status: "True" }], containerStatuses: statuses },
  };
}

/**
 * Pod shapes where a re-read of the pod would show (upstream re-reads only on a MetaDataPatch):
 * "quantity" non-canonical quantity spellings (2156.25Ki, 0.5, 100.5m, 1e3), "bigint" 64-bit integers
 * beyond 2^53 (written exactly by `exactInts`), "managed" managedFields with FieldsV1 keys out of
 * order, "order" members, labels and annotations out of order.
 */
export const podQuirks = fc.oneof(
  { weight: 2, arbitrary: fc.constant([] as string[]) },
  { weight: 3, arbitrary: fc.subarray(["quantity", "bigint", "managed", "order"], { minLength: 1 }) },
);

const ODD_CPU: Record<string, string> = { "50m": "0.05", "100m": "0.1", "250m": "250000u", "500m": "0.5", "1": "1000m", "1500m": "1.5", "2": "2.0", "4": "4e0" };
const ODD_MEM: Record<string, string> = { "64Mi": "65536Ki", "128Mi": "0.125Gi", "256Mi": "268435456", "512Mi": "2156.25Ki", "1Gi": "1.0Gi", "2Gi": "2147483648e0", "4Gi": "4096Mi" };

/** JSON text of `x` with the sentinel integers beyond 2^53 written exactly (JS numbers cannot hold them). */
export function exactInts(text: string): string {
  return text.replaceAll("9007199254740992", "9007199254740993").replaceAll("9223372036854776000", "9223372036854775807");
}

/** Reverses the member order of an object (recursively for `deep`). */
function reversed(o: Obj, deep: boolean): Obj {
  const out: Obj = {};
  for (const k of Object.keys(o).reverse()) {
    const v = o[k];
    out[k] = deep && v !== null && typeof v === "object" && !Array.isArray(v) ? reversed(v as Obj, deep) : v;
  }
  return out;
}

/** `pod` (from podFrom) with the quirks applied; a new object. */
export function withQuirks(pod: Obj, quirks: string[]): Obj {
  let p = clone(pod) as Obj & { metadata: Obj & { labels?: Record<string, string>; annotations?: Record<string, string> }; spec: Obj & { containers: Container[] }; status: Obj };
  if (quirks.includes("quantity")) {
    p.spec.containers.forEach((c, i) => {
      for (const kind of ["limits", "requests"] as const) {
        const r = c.resources?.[kind] as Record<string, string> | undefined;
        if (!r) continue;
        if (r.cpu !== undefined) r.cpu = ODD_CPU[r.cpu] ?? r.cpu;
        if (r.memory !== undefined) r.memory = ODD_MEM[r.memory] ?? r.memory;
      }
      if (i === 0) ((c.resources ??= {}).requests ??= {})["ephemeral-storage"] = "2156.25Ki";
    });
    p.spec.overhead = { cpu: "100.5m", memory: "1e3" };
  }
  if (quirks.includes("bigint")) {
    p.spec.activeDeadlineSeconds = 9007199254740992; // written 9007199254740993 by exactInts
    p.spec.securityContext = { runAsUser: 9223372036854775807, fsGroup: 9007199254740993 };
    p.metadata.generation = 9007199254740992;
  }
  if (quirks.includes("managed")) {
    p.metadata.managedFields = [
      { manager: "kruise-manager", operation: "Update", apiVersion: "v1", time: "2026-01-01T00:00:00Z", fieldsType: "FieldsV1",
        fieldsV1: { "f:spec": { "f:containers": { "k:{\"name\":\"main\"}": { "f:image": {}, ".": {} } } }, "f:metadata": { "f:labels": { "f:controller-revision-hash": {}, "f:app": {} }, "f:annotations": {} } } },
      { manager: "kubelet", operation: "Update", apiVersion: "v1", subresource: "status", fieldsType: "FieldsV1", fieldsV1: { "f:status": { "f:phase": {}, "f:conditions": {} } } },
    ];
  }
  if (quirks.includes("order")) {
    const labels = p.metadata.labels ?? {};
    p.metadata.labels = { zeta: "1", ...reversed(labels, false) as Record<string, string>, alpha: "0" };
    p.metadata.annotations = { "z.example.com/last": "z", ...reversed(p.metadata.annotations ?? {}, false) as Record<string, string>, "a.example.com/first": "a" };
    p.spec.containers = p.spec.containers.map((c) => reversed(c, true) as Container);
    p = reversed(p, false) as typeof p;
  }
  return p;
}

/** kruise.inplaceSpec on revision data of odd shapes: case-variant keys, ignored fields of any type, repeated members. */
export function shapeCases(): Record<string, unknown>[] {
  const rev = (name: string, data: unknown) => ({ metadata: { name, namespace: "default" }, data });
  const tpl = (image: string, extra: object = {}, meta: object = { labels: { app: "web" } }) => ({ metadata: meta, spec: { containers: [{ name: "web", image, ...extra }] } });
  const env = { env: [{ name: "A", valueFrom: { fieldRef: { fieldPath: "metadata.labels['x']" } } }] };
  const pairs: [unknown, unknown][] = [
    [{ spec: { replicas: "x", template: tpl("a:1") } }, { spec: { replicas: "x", template: tpl("a:2") } }],
    [{ Spec: { Template: tpl("a:1") } }, { Spec: { Template: tpl("a:2") } }],
    [{ spec: { template: tpl("a:1"), selector: 5 } }, { spec: { template: tpl("a:2"), selector: 5 } }],
    [{ metadata: 5, status: "x", spec: { template: tpl("a:1") } }, { metadata: 5, status: "x", spec: { template: tpl("a:2") } }],
    [{ spec: { template: tpl("a:1", { Image: "z" }) } }, { spec: { template: tpl("a:2") } }],
    [{ spec: { template: tpl("a:1", { NAME: "other" }) } }, { spec: { template: tpl("a:2", { NAME: "other" }) } }],
    [{ spec: { template: tpl("a:1", { PORTS: "bad" }) } }, { spec: { template: tpl("a:2", { PORTS: "bad" }) } }],
    [{ spec: { template: tpl("a:1", { ports: "bad" }) } }, { spec: { template: tpl("a:2", { ports: "bad" }) } }],
    [{ spec: { template: tpl("a:1", {}, { labels: { app: "web" }, Labels: { x: "y" } }) } }, { spec: { template: tpl("a:2", {}, { labels: { app: "web" }, Labels: { x: "y" } }) } }],
    [{ spec: { template: tpl("a:1", env, { labels: { app: "web" }, LABELS: { x: "1" } }) } }, { spec: { template: tpl("a:1", env, { labels: { app: "web" }, LABELS: { x: "2" } }) } }],
    [{ spec: null }, { spec: { template: tpl("a:2") } }],
    [{ spec: 3 }, { spec: { template: tpl("a:2") } }],
    [{ "ſpec": { template: tpl("a:1") } }, { "ſpec": { template: tpl("a:2") } }],
    [{ spec: { template: tpl("a:1", { "ımage": "q" }) } }, { spec: { template: tpl("a:2", { "ımage": "q" }) } }],
    // the Kelvin sign folds to k and ſ to s, ı (dotless i) does not fold to i: a wrongly typed value under a
    // folded name fails the decode (not in place), under a name that does not fold it is ignored
    [{ spec: { template: tpl("a:1", { "wor\u212aingDir": 5 }) } }, { spec: { template: tpl("a:2", { "wor\u212aingDir": 5 }) } }],
    [{ spec: { template: tpl("a:1", { "\u017fecurityContext": 5 }) } }, { spec: { template: tpl("a:2", { "\u017fecurityContext": 5 }) } }],
    [{ spec: { template: tpl("a:1", { "\u0131magePullPolicy": 5 }) } }, { spec: { template: tpl("a:2", { "\u0131magePullPolicy": 5 }) } }],
    [{ spec: { template: tpl("a:1", { "WORKINGDIR": 5 }) } }, { spec: { template: tpl("a:2", { "WORKINGDIR": 5 }) } }],
  ];
  return pairs.map(([a, b]) => ({ op: "kruise.inplaceSpec", oldRevision: rev("s-1", a), newRevision: rev("s-2", b) }));
}

/** Request lines (raw: repeated keys) of kruise.inplaceSpec on revision data whose spec / template members repeat. */
export function shapeLines(): string[] {
  const tpl = (image: string) => ({ metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "web", image }] } });
  const out: string[] = [];
  const t1 = JSON.stringify(tpl("a:1")), t2 = JSON.stringify(tpl("a:2"));
  for (const [a, b] of [
    [`{"spec":{"template":${t1}},"spec":{"replicas":1}}`, `{"spec":{"template":${t2}},"spec":{"replicas":1}}`],
    [`{"spec":{"template":${t1},"Template":{"metadata":{"labels":{"b":"1"}}}}}`, `{"spec":{"template":${t2},"Template":{"metadata":{"labels":{"b":"1"}}}}}`],
    [`{"spec":{"template":${t1}},"SPEC":{"template":{"spec":{"containers":[{"name":"web","image":"a:1"}]}}}}`, `{"spec":{"template":${t2}},"SPEC":{"template":{"spec":{"containers":[{"name":"web","image":"a:1"}]}}}}`],
  ]) out.push(`{"op":"kruise.inplaceSpec","oldRevision":{"metadata":{"name":"s-1"},"data":${a}},"newRevision":{"metadata":{"name":"s-2"},"data":${b}}}`);
  // UpdateSpec and the state / grace annotations are read with encoding/json too: folded keys (REVISION, ſ, the
  // Kelvin sign) select fields, ı does not
  const pod = `"pod":{"metadata":{"name":"p"},"spec":{"containers":[{"name":"a","image":"b"}]},"status":{"containerStatuses":[{"name":"a","imageID":"id-a"}]}}`;
  out.push(
    `{"op":"kruise.patchPod",${pod},"updateSpec":{"REVISION":"r","containerımages":{"a":"c"}},"now":"2026-01-01T00:00:00Z"}`,
    `{"op":"kruise.patchPod",${pod},"updateSpec":{"revision":"r","containerImageſ":{"a":"c"}},"now":"2026-01-01T00:00:00Z"}`,
    `{"op":"kruise.completed","pod":{"metadata":{"annotations":{"apps.kruise.io/inplace-update-state":"{\\"Revision\\":\\"r\\",\\"NEXTCONTAINERIMAGES\\":{\\"a\\":\\"b\\"}}"}}}}`,
    `{"op":"kruise.completed","pod":{"metadata":{"annotations":{"apps.kruise.io/inplace-update-state":"{\\"revision\\":\\"r\\",\\"lastContainerStatuses\\":{\\"a\\":{\\"ImageID\\":\\"x\\"}}}"}},"spec":{"containers":[{"name":"a","image":"i"}]},"status":{"containerStatuses":[{"name":"a","imageID":"x"}]}}}`,
    `{"op":"kruise.refresh","pod":{"metadata":{"labels":{"controller-revision-hash":"r"},"annotations":{"apps.kruise.io/inplace-update-grace":"{\\"Revision\\":\\"r\\",\\"ContainerImages\\":{\\"a\\":\\"c\\"},\\"GraceSeconds\\":5}","apps.kruise.io/inplace-update-state":"{\\"revision\\":\\"r\\",\\"UpdateTimestamp\\":\\"2026-01-01T00:00:00Z\\"}"}},"spec":{"containers":[{"name":"a","image":"b"}]},"status":{"containerStatuses":[{"name":"a","imageID":"id-a"}]}},"now":"2026-01-01T00:01:00Z"}`,
  );
  return out;
}
