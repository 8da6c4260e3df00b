// Generators of kruise.preDownload requests (OpenKruise's image pre-download before an in-place update;
// k8s/harness/kruise_predownload.go): realistic CloneSets, Advanced StatefulSets and Advanced DaemonSets in the
// version each release's controller reads, shaped like OpenKruise's samples (an nginx app with a log sidecar,
// InPlaceIfPossible, partitions, maxUnavailable, the pre-download annotations and v1.9.0 spec fields), their
// current and update ControllerRevisions as the controllers build them (name, hash labels and data from the
// `revision` op), a status at some point of the rollout and the pods on their nodes. Edits between the two
// templates: images (the pre-download case), env and resources, command (not in place), labels; gates on or
// off; the revision labels the controller leaves behind; a few odd values (bad intstr texts, unknown selector
// operators, pods being deleted, pods of other namespaces).

import { kinplace } from "../support/engine.ts";

/** A JSON object. */
export type Obj = Record<string, any>;
export type Kind = "CloneSet" | "AdvancedStatefulSet" | "AdvancedDaemonSet";
export type Release = "1.5" | "1.6" | "1.7" | "1.8" | "1.9";
/** Every release the op answers for, oldest first. */
export const RELEASES: Release[] = ["1.5", "1.6", "1.7", "1.8", "1.9"];
/** The OpenKruise version each release value is answered with. */
export const VERSION: Record<Release, string> = { "1.5": "v1.5.5", "1.6": "v1.6.0", "1.7": "v1.7.0", "1.8": "v1.8.3", "1.9": "v1.9.0" };
export const KINDS: Kind[] = ["CloneSet", "AdvancedStatefulSet", "AdvancedDaemonSet"];

/** mulberry32: a small seeded generator. */
export class Rand {
  private s: number;
  constructor(seed: number) { this.s = seed >>> 0; }
  /** A float in [0, 1). */
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number { return lo + Math.floor(this.next() * (hi - lo + 1)); }
  /** True with probability p. */
  chance(p: number): boolean { return this.next() < p; }
  /** One of the items. */
  pick<T>(items: readonly T[]): T { return items[Math.floor(this.next() * items.length)]!; }
}

const IMAGES = ["nginx:1.25", "nginx:1.26", "nginx:1.27-alpine", "registry.example.com/web/app:v2.3.1", "busybox:1.36", "fluent/fluent-bit:3.0", "ghcr.io/acme/api@sha256:0f3e9b"];

/** A container of the app. */
function container(name: string, image: string, r: Rand, extra: Obj = {}): Obj {
  const c: Obj = { name, image, ports: name === "main" ? [{ containerPort: 80, protocol: "TCP" }] : undefined, ...extra };
  if (r.chance(0.5)) c.resources = { requests: { cpu: r.pick(["100m", "250m", "1"]), memory: r.pick(["64Mi", "128Mi"]) } };
  return c;
}

/** The pod template of revision `v` (0: the old one) and the edit between the two. */
function templates(r: Rand, app: string): [Obj, Obj, string] {
  const names = r.chance(0.35) ? ["main", "log"] : r.chance(0.15) ? ["main", "log", "proxy"] : ["main"];
  const oldImages = names.map(() => r.pick(IMAGES));
  const labels: Obj = { app };
  if (r.chance(0.3)) labels.tier = r.pick(["web", "backend"]);
  if (r.chance(0.1)) labels["\ue000x"] = "y";
  if (r.chance(0.1)) labels["\ud83d\ude00"] = "z";
  const annotations: Obj | undefined = r.chance(0.4) ? { "prometheus.io/scrape": "true", ...(r.chance(0.3) ? { note: "a<b>&c\b\f", "z\u00e9": "caf\u00e9", "\ud83d\ude00k": "2", "\ue000k": "\u2028" } : {}) } : undefined;
  const secrets = r.chance(0.3) ? [{ name: "regcred" }, ...(r.chance(0.3) ? [{ name: "mirror" }] : [])] : undefined;
  const build = (images: string[], extra: Obj[], tl: Obj, more: Obj[] = []): Obj => ({
    metadata: { labels: tl, ...(annotations ? { annotations } : {}) },
    spec: {
      ...(secrets ? { imagePullSecrets: secrets } : {}),
      readinessGates: [{ conditionType: "InPlaceUpdateReady" }],
      containers: [...names.map((n, i) => container(n, images[i]!, new Rand(i + 7), extra[i] ?? {})), ...more],
    },
  });
  const edit = r.pick(["image", "image", "image", "images", "image+env", "env", "command", "none", "label", "add-container"]);
  const newImages = [...oldImages];
  const extraOld: Obj[] = [], extraNew: Obj[] = [];
  const newLabels = { ...labels };
  const more: Obj[] = [];
  if (edit.startsWith("image")) newImages[r.int(0, names.length - 1)] = r.pick(IMAGES.filter((i) => !oldImages.includes(i)));
  if (edit === "images") newImages.forEach((_, i) => (newImages[i] = r.pick(IMAGES)));
  if (edit.endsWith("env")) extraNew[0] = { env: [{ name: "MODE", value: "fast" }] };
  if (edit === "command") extraNew[0] = { command: ["/bin/sh", "-c", "exec nginx"] };
  if (edit === "label") newLabels.version = "v2";
  if (edit === "add-container") more.push({ name: "metrics", image: r.pick(IMAGES) });
  return [build(oldImages, extraOld, labels), build(newImages, extraNew, newLabels, more), edit];
}

/** The intstr values the strategies take (some of them bad). */
function intstr(r: Rand, replicas: number, bad: number): number | string | undefined {
  const x = r.next();
  if (x < 0.3) return undefined;
  if (x < 0.6) return r.int(0, replicas + 1);
  if (x < 1 - bad) return r.pick(["0%", "10%", "20%", "25%", "50%", "100%", "33.5%"]);
  return r.pick(["abc", "20", "%", "-10%", "1e3%"]);
}

/** The pre-download annotations (v1alpha1 style), some odd. */
function annotations(r: Rand, replicas: number): Obj | undefined {
  const a: Obj = {};
  if (r.chance(0.3)) a["apps.kruise.io/image-predownload-parallelism"] = r.pick(["1", "2", "5", "50%", "x", "99999999999", "-3"]);
  if (r.chance(0.3)) a["apps.kruise.io/image-predownload-timeout-seconds"] = r.pick(["60", "600", "abc", "4294967296"]);
  if (r.chance(0.35)) a["apps.kruise.io/image-predownload-min-updated-ready-pods"] = r.pick(["0", "1", "2", String(replicas), "50%", "100%", "x", "3000000000", "4294967302"]);
  return Object.keys(a).length ? a : undefined;
}

/** The in-place update strategy (grace period, v1.9.0 pre-download fields). */
function inPlaceStrategy(r: Rand, v19: boolean, replicas: number): Obj | undefined {
  if (!r.chance(0.6)) return undefined;
  const s: Obj = {};
  if (r.chance(0.4)) s.gracePeriodSeconds = r.pick([0, 5, 10]);
  if (v19 && r.chance(0.4)) s.imagePreDownloadParallelism = r.pick([1, 3, "50%", "2"]);
  if (v19 && r.chance(0.4)) s.imagePreDownloadTimeoutSeconds = r.pick([30, 300, 900]);
  if (v19 && r.chance(0.4)) s.imagePreDownloadMinUpdatedReadyPods = r.pick([0, 1, 2, replicas]);
  return s;
}

/** The selector of the workload (sometimes with expressions; rarely an operator the selector code refuses). */
function selector(r: Rand, app: string): Obj {
  const s: Obj = { matchLabels: { app } };
  if (r.chance(0.2)) s.matchExpressions = [{ key: "tier", operator: r.pick(["In", "NotIn", "Exists", "DoesNotExist", "in"]), ...(r.chance(0.8) ? { values: ["web", "backend"] } : {}) }];
  return s;
}

/** The workload of `kind` in the version the release's controller reads. */
function workload(r: Rand, kind: Kind, release: Release, tmpl: Obj, app: string, replicas: number): Obj {
  const v19 = release === "1.9";
  const meta: Obj = { name: app, namespace: r.chance(0.9) ? "default" : r.pick(["", "prod"]), uid: `uid-${r.int(1000, 9999)}` };
  const ann = annotations(r, replicas);
  if (ann) meta.annotations = ann;
  const policy = r.pick(["InPlaceIfPossible", "InPlaceIfPossible", "InPlaceIfPossible", "InPlaceOnly", "ReCreate"]);
  const sel = selector(r, app);
  if (kind === "CloneSet") {
    const rolling: Obj = {};
    const p = intstr(r, replicas, 0.08);
    if (p !== undefined) rolling.partition = p;
    const mu = intstr(r, replicas, 0.05);
    if (mu !== undefined) rolling.maxUnavailable = mu;
    const ip = inPlaceStrategy(r, v19, replicas);
    if (ip) rolling.inPlaceUpdateStrategy = ip;
    const us = v19 ? (r.chance(0.05) ? { type: "RollingUpdate" } : { type: "RollingUpdate", rollingUpdate: { podUpdatePolicy: policy, ...rolling } }) : { type: policy, ...rolling };
    return { apiVersion: `apps.kruise.io/${v19 ? "v1beta1" : "v1alpha1"}`, kind: "CloneSet", metadata: meta, spec: { replicas, selector: sel, template: tmpl, updateStrategy: us } };
  }
  if (kind === "AdvancedStatefulSet") {
    const rolling: Obj = { podUpdatePolicy: policy };
    if (r.chance(0.5)) rolling.partition = r.int(0, replicas);
    const mu = intstr(r, replicas, 0.05);
    if (mu !== undefined) rolling.maxUnavailable = mu;
    const ip = inPlaceStrategy(r, false, replicas);
    if (ip) rolling.inPlaceUpdateStrategy = ip;
    const us = r.chance(0.08) ? { type: "OnDelete" } : r.chance(0.05) ? { type: "RollingUpdate" } : { type: "RollingUpdate", rollingUpdate: rolling };
    return { apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet", metadata: meta, spec: { replicas, serviceName: app, selector: sel, template: tmpl, updateStrategy: us } };
  }
  const rolling: Obj = { rollingUpdateType: r.pick(["Standard", "InPlaceIfPossible"]) };
  if (r.chance(0.5)) rolling.partition = v19 && r.chance(0.4) ? r.pick(["10%", "50%", "x%", "7"]) : r.int(0, replicas);
  const mu = intstr(r, replicas, 0.05);
  if (mu !== undefined) rolling.maxUnavailable = mu;
  return { apiVersion: `apps.kruise.io/${v19 ? "v1beta1" : "v1alpha1"}`, kind: "DaemonSet", metadata: meta, spec: { selector: sel, template: tmpl, updateStrategy: { type: "RollingUpdate", rollingUpdate: rolling } } };
}

/** The ControllerRevision the controller builds for a workload (the `revision` op gives name, hash, data). */
function revisionOf(kind: Kind, w: Obj, n: number, marks: Obj | undefined): Obj {
  const a = kinplace.evaluate({ op: "revision", kind, object: { ...w, apiVersion: undefined } } as never) as { ok: boolean; result: { name: string; hash: string; data: string } };
  if (!a.ok) throw new Error(`revision failed: ${JSON.stringify(a)}`);
  const labels: Obj = { ...w.spec.template.metadata.labels, "controller.kubernetes.io/hash": a.result.hash, ...(marks ?? {}) };
  if (kind === "AdvancedDaemonSet") labels["controller-revision-hash"] = a.result.hash;
  return { metadata: { name: a.result.name, namespace: w.metadata.namespace, labels }, data: JSON.parse(a.result.data), revision: n };
}

/** The pods of the workload: some at the old revision, some at the new one, on nodes. */
function pods(r: Rand, w: Obj, oldRev: Obj, newRev: Obj, count: number): Obj[] {
  const out: Obj[] = [];
  for (let i = 0; i < count; i++) {
    const updated = r.chance(0.35);
    const rev = updated ? newRev : oldRev;
    const labels: Obj = { ...w.spec.template.metadata.labels, "controller-revision-hash": r.chance(0.1) ? rev.metadata.labels["controller.kubernetes.io/hash"] : rev.metadata.name };
    if (r.chance(0.05)) delete labels["controller-revision-hash"];
    const p: Obj = { metadata: { name: `${w.metadata.name}-${i}`, namespace: r.chance(0.95) ? w.metadata.namespace : "other", labels }, spec: { nodeName: r.chance(0.92) ? `node-${r.int(1, 12)}` : "", containers: [{ name: "main", image: "x" }] }, status: { phase: r.pick(["Running", "Running", "Running", "Pending", "Succeeded", "Failed"]) } };
    if (r.chance(0.05)) p.metadata.deletionTimestamp = "2025-01-01T00:00:00Z";
    out.push(p);
  }
  return out;
}

/** The gates of a request at `release` (mostly the kind's pre-download gate on). */
function gates(r: Rand, kind: Kind, release: Release): Obj | undefined {
  const g: Obj = {};
  const own = kind === "AdvancedDaemonSet" ? "PreDownloadImageForDaemonSetUpdate" : "PreDownloadImageForInPlaceUpdate";
  if (r.chance(0.93)) g[own] = true;
  if (r.chance(0.05)) g.KruiseDaemon = false;
  // (InPlaceWorkloadVerticalScaling is a gate from v1.8 on; the older releases get one they have)
  if (r.chance(0.1)) g[release === "1.8" || release === "1.9" ? "InPlaceWorkloadVerticalScaling" : "InPlaceUpdateEnvFromMetadata"] = true;
  if (r.chance(0.05)) g[kind === "AdvancedDaemonSet" ? "PreDownloadImageForInPlaceUpdate" : "PreDownloadImageForDaemonSetUpdate"] = true;
  return Object.keys(g).length ? g : undefined;
}

/** One generated request of `kind` at `release`. */
export function preDownloadRequest(r: Rand, kind: Kind, release: Release): Obj {
  const app = r.pick(["web", "api", "shop-frontend", "log-agent"]);
  const replicas = r.pick([1, 3, 4, 5, 6, 8, 8, 10, 12, 20]);
  const [oldT, newT] = templates(r, app);
  const oldW = workload(r, kind, release, oldT, app, replicas);
  const newW = JSON.parse(JSON.stringify(oldW));
  newW.spec.template = newT;
  newW.spec.selector = oldW.spec.selector;
  const marks = r.chance(0.08) ? { [r.pick(["apps.kruise.io/pre-predownload-created", "apps.kruise.io/image-predownload-ignored"])]: "true" } : undefined;
  const cur = revisionOf(kind, oldW, 1, undefined);
  const upd = revisionOf(kind, newW, 2, marks);
  // the status: somewhere in the rollout
  const updatedReady = r.int(0, replicas);
  const status: Obj = kind === "AdvancedDaemonSet"
    ? { desiredNumberScheduled: replicas, updatedNumberScheduled: r.chance(0.2) ? replicas : r.int(0, replicas), numberReady: replicas, [release === "1.9" ? "updateRevision" : "daemonSetHash"]: r.chance(0.8) ? upd.metadata.labels["controller-revision-hash"] : cur.metadata.labels["controller-revision-hash"] }
    : { replicas, readyReplicas: replicas, updatedReplicas: updatedReady, updatedReadyReplicas: updatedReady, updateRevision: r.chance(0.8) ? upd.metadata.name : cur.metadata.name, currentRevision: cur.metadata.name };
  newW.status = status;
  const req: Obj = { op: "kruise.preDownload", kind, workload: newW };
  if (release !== "1.9") req.kruise = release;
  else if (r.chance(0.3)) req.kruise = "1.9";
  const g = gates(r, kind, release);
  if (g) req.gates = g;
  if (kind === "AdvancedDaemonSet") {
    const olds = r.chance(0.85) ? [cur] : r.chance(0.5) ? [] : [cur, revisionOf(kind, { ...oldW, spec: { ...oldW.spec, template: { ...oldT, spec: { ...oldT.spec, containers: oldT.spec.containers.map((c: Obj) => ({ ...c, image: r.pick(IMAGES) })) } } } }, 0, undefined)];
    req.oldRevisions = olds;
  } else req.currentRevision = r.chance(0.04) ? upd : cur;
  req.updateRevision = upd;
  if (r.chance(0.8)) req.pods = pods(r, newW, cur, upd, r.int(0, replicas + 2));
  return req;
}

/** `count` request lines per kind at `release`, from `seed`. */
export function preDownloadLines(release: Release, count: number, seed: number): string[] {
  const r = new Rand(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(JSON.stringify(preDownloadRequest(r, KINDS[i % 3]!, release)));
  return out;
}

/** Malformed requests: every field of the op wrong once, and the versions. */
export function preDownloadErrorLines(release: Release): string[] {
  const r = new Rand(7);
  const good = preDownloadRequest(r, "CloneSet", release);
  const ds = preDownloadRequest(r, "AdvancedDaemonSet", release);
  const sts = preDownloadRequest(r, "AdvancedStatefulSet", release);
  const stsSpec = (more: Obj): Obj => ({ ...sts, workload: { ...sts.workload, spec: { ...sts.workload.spec, ...more } } });
  const k = release !== "1.9" ? { kruise: release } : {};
  const variants: Obj[] = [
    { ...good, extra: 1 },
    { ...good, kind: undefined },
    { ...good, kind: 3 },
    { ...good, kind: "Deployment" },
    { ...good, workload: undefined },
    { ...good, workload: [] },
    { ...good, workload: { spec: { replicas: "3" } } },
    { ...good, workload: { ...good.workload, spec: { ...good.workload.spec, selector: undefined } } },
    { ...good, workload: { ...good.workload, spec: { ...good.workload.spec, replicas: undefined } } },
    { ...good, workloadText: "{}" },
    { ...good, workload: undefined, workloadText: "{\"spec\":" },
    { ...good, workload: undefined, workloadText: 5 },
    { ...good, currentRevision: undefined },
    { ...good, currentRevision: "x" },
    { ...good, currentRevision: { metadata: { name: 5 } } },
    { ...good, oldRevisions: [] },
    { ...good, updateRevision: undefined },
    { ...good, updateRevision: { data: 7 } },
    { ...good, pods: {} },
    { ...good, pods: [1] },
    { ...good, pods: [{ spec: { nodeName: 1 } }] },
    { ...good, gates: { PreDownloadImageForInPlaceUpdate: "yes" } },
    { ...good, gates: { Nope: true } },
    { ...good, gates: [] },
    { ...good, kruise: "1.4" },
    { ...good, kruise: 9 },
    { ...ds, oldRevisions: undefined },
    { ...ds, oldRevisions: {} },
    { ...ds, oldRevisions: [5] },
    { ...ds, currentRevision: ds.updateRevision },
    { ...ds, workload: { ...ds.workload, spec: { ...ds.workload.spec, updateStrategy: {} } } },
    { ...ds, workload: { ...ds.workload, spec: { ...ds.workload.spec, updateStrategy: { rollingUpdate: { partition: "50%" } } } } },
    // the older releases' types: reserveOrdinals ranges (v1.8 on), fields a release does not have (ignored there)
    stsSpec({ reserveOrdinals: [1, "2-4"] }),
    stsSpec({ reserveOrdinals: [true] }),
    stsSpec({ ordinals: { start: "x" } }),
    stsSpec({ volumeClaimUpdateStrategy: { type: 5 } }),
    { ...good, workload: { ...good.workload, spec: { ...good.workload.spec, progressDeadlineSeconds: "x" } } },
    { ...good, workload: { ...good.workload, status: { ...good.workload.status, conditions: [{ type: "Ready", status: "True", lastUpdateTime: 5 }] } } },
    { ...good, workload: { ...good.workload, spec: { ...good.workload.spec, updateStrategy: { ...good.workload.spec.updateStrategy, inPlaceUpdateStrategy: { imagePreDownloadParallelism: true } } } } },
    stsSpec({ updateStrategy: { type: "RollingUpdate", rollingUpdate: { inPlaceUpdateStrategy: { imagePreDownloadTimeoutSeconds: "60" } } } }),
    { ...sts, workload: { ...sts.workload, status: { ...sts.workload.status, volumeClaims: [{ volumeClaimName: 7 }] } } },
    { ...sts, workload: undefined, workloadText: JSON.stringify(stsSpec({ ordinals: { start: "x" } }).workload).replace('"ordinals"', '"ord\\u0069nals"') },
  ];
  return variants.map((v) => JSON.stringify({ ...k, ...v }));
}
