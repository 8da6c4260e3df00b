// OpenKruise's image pre-download for the CLI and the web page: the kruise.preDownload request for an edit OLD →
// NEW of a CloneSet, Advanced StatefulSet or Advanced DaemonSet (the two revisions its controller builds, the new
// object converted to the version the release's controller reads, the pods) and the sentence that says what is
// pre-pulled where. Engine calls go through the `ask` function the caller passes (the CLI's engine, the page's).

import { asObject, KRUISE_GATES, type WorkloadKind } from "./kinds.js";

type Obj = { [key: string]: unknown };

/** Asks the engine one op: the result object (throws the engine's error). */
export type Ask = (op: string, request: Obj) => Obj;

/** The pre-download gates: the CloneSet / Advanced StatefulSet one and the Advanced DaemonSet one (both off by default). */
export const PREDOWNLOAD_GATES = ["PreDownloadImageForInPlaceUpdate", "PreDownloadImageForDaemonSetUpdate"] as const;


/** True for a pre-download gate name. */
export function isPreDownloadGate(name: string): boolean {
  return (PREDOWNLOAD_GATES as readonly string[]).includes(name);
}

/** The gate a kind's controller reads. */
export function preDownloadGateOf(kind: WorkloadKind): string {
  return kind === "AdvancedDaemonSet" ? PREDOWNLOAD_GATES[1] : PREDOWNLOAD_GATES[0];
}

/** What kruise.preDownload answers. */
export interface PreDownload {
  created: boolean;
  reason: string;
  message: string;
  jobs: { metadata: { name: string }; spec: { image: string; parallelism?: number | string } }[];
  revisionPatch: unknown;
  deletesJobs: boolean;
  nodes: string[] | null;
  nodesError?: string;
}

const json = (v: unknown): Obj => JSON.parse(JSON.stringify(v ?? {})) as Obj;

/** The ImagePullJob settings a v1alpha1 CloneSet keeps in annotations and v1beta1 in rollingUpdate.inPlaceUpdateStrategy. */
const IMAGE_KEYS: [string, string][] = [
  ["apps.kruise.io/image-predownload-parallelism", "imagePreDownloadParallelism"],
  ["apps.kruise.io/image-predownload-timeout-seconds", "imagePreDownloadTimeoutSeconds"],
  ["apps.kruise.io/image-predownload-min-updated-ready-pods", "imagePreDownloadMinUpdatedReadyPods"],
];

/** A CloneSet as v1.9.0's controller reads it (v1beta1), converted from v1alpha1 as OpenKruise's ConvertTo does for the fields pre-download reads. */
function cloneSetV1beta1(o: Obj): Obj {
  const spec = asObject(o["spec"]) ?? {};
  const us = asObject(spec["updateStrategy"]) ?? {};
  const t = us["type"];
  const policy = t === "InPlaceIfPossible" || t === "InPlaceOnly" ? t : "ReCreate";
  const ann = asObject(asObject(o["metadata"])?.["annotations"]) ?? {};
  let ip = asObject(us["inPlaceUpdateStrategy"]);
  for (const [key, field] of IMAGE_KEYS) {
    const v = ann[key];
    if (typeof v !== "string" || v === "") continue;
    const n = /^[+-]?\d+$/.test(v) && Math.abs(Number(v)) < 2 ** 31 ? Number(v) : undefined;
    if (field === "imagePreDownloadParallelism") (ip ??= {})[field] = n ?? v;
    else if (n !== undefined) (ip ??= {})[field] = n;
  }
  const rolling: Obj = { ...us, podUpdatePolicy: policy };
  delete rolling["type"];
  if (ip !== undefined) rolling["inPlaceUpdateStrategy"] = ip;
  return { ...o, apiVersion: "apps.kruise.io/v1beta1", spec: { ...spec, updateStrategy: t === "OnDelete" ? { type: "OnDelete" } : { type: "RollingUpdate", rollingUpdate: rolling } } };
}

/** A CloneSet as the controllers before v1.9 read it (v1alpha1), converted from v1beta1 (the fields pre-download reads). */
function cloneSetV1alpha1(o: Obj): Obj {
  const spec = asObject(o["spec"]) ?? {};
  const us = asObject(spec["updateStrategy"]) ?? {};
  const ru = asObject(us["rollingUpdate"]) ?? {};
  const { podUpdatePolicy, inPlaceUpdateStrategy, ...rest } = ru;
  const ip = asObject(inPlaceUpdateStrategy);
  const meta = json(o["metadata"]);
  const ann = asObject(meta["annotations"]) ?? {};
  for (const [key, field] of IMAGE_KEYS) if (ip?.[field] !== undefined) ann[key] = String(ip[field]);
  if (Object.keys(ann).length > 0) meta["annotations"] = ann;
  const strategy: Obj = { ...rest, type: us["type"] === "OnDelete" ? "OnDelete" : podUpdatePolicy ?? "ReCreate" };
  if (ip?.["gracePeriodSeconds"] !== undefined) strategy["inPlaceUpdateStrategy"] = { gracePeriodSeconds: ip["gracePeriodSeconds"] };
  return { ...o, apiVersion: "apps.kruise.io/v1alpha1", metadata: meta, spec: { ...spec, updateStrategy: strategy } };
}

/** Whether the release's CloneSet and Advanced DaemonSet controllers read v1alpha1 (v1.5.5 .. v1.8.3; v1.9.0 reads v1beta1). */
function readsV1alpha1(release: string): boolean {
  return ["1.5", "1.6", "1.7", "1.8"].includes(release);
}

/** An Advanced DaemonSet's status in the release's version (v1alpha1 daemonSetHash, v1beta1 updateRevision). */
function daemonSetFor(o: Obj, release: string): Obj {
  const status = json(o["status"]);
  const alpha = readsV1alpha1(release);
  if (alpha && status["updateRevision"] !== undefined) status["daemonSetHash"] = status["updateRevision"];
  if (!alpha && status["daemonSetHash"] !== undefined) status["updateRevision"] = status["daemonSetHash"];
  return { ...o, status };
}

/** The workload as the release's controller reads it (its CRD version). */
export function asControllerReads(kind: WorkloadKind, o: Obj, release: string): Obj {
  const v = String(o["apiVersion"] ?? "");
  if (kind === "CloneSet" && !readsV1alpha1(release) && v.endsWith("/v1alpha1")) return cloneSetV1beta1(o);
  if (kind === "CloneSet" && readsV1alpha1(release) && v.endsWith("/v1beta1")) return cloneSetV1alpha1(o);
  if (kind === "AdvancedDaemonSet") return daemonSetFor(o, release);
  return o;
}

/** The ControllerRevision the kind's controller builds for object `o` (name, hash labels, data). */
function revisionOf(ask: Ask, kind: WorkloadKind, o: Obj, n: number): Obj {
  const status = asObject(o["status"]) ?? {};
  const cc = typeof status["collisionCount"] === "number" ? status["collisionCount"] : undefined;
  const r = ask("revision", { kind, object: o, collisionCount: cc });
  const tmpl = asObject(asObject(asObject(o["spec"])?.["template"])?.["metadata"]);
  const labels: Obj = { ...(asObject(tmpl?.["labels"]) ?? {}), "controller.kubernetes.io/hash": r["hash"] };
  if (kind === "AdvancedDaemonSet") labels["controller-revision-hash"] = r["hash"];
  return { metadata: { name: r["name"], namespace: asObject(o["metadata"])?.["namespace"], labels }, data: JSON.parse(String(r["data"])), revision: n };
}

/** Options of a pre-download question. */
export interface PreDownloadOptions {
  kruise?: string;
  gates?: { [gate: string]: boolean };
  pods?: unknown[];
}

/**
 * What the controller pre-pulls for OLD → NEW of a Kruise kind, or undefined when the kind's gate is not on (the
 * controllers then create no ImagePullJob) or the kind is not an OpenKruise one.
 */
export function preDownloadFor(ask: Ask, kind: WorkloadKind | undefined, oldObj: Obj, newObj: Obj, options: PreDownloadOptions): PreDownload | undefined {
  if (kind !== "CloneSet" && kind !== "AdvancedStatefulSet" && kind !== "AdvancedDaemonSet") return undefined;
  const gates: { [gate: string]: boolean } = {};
  for (const [g, on] of Object.entries(options.gates ?? {})) if (isPreDownloadGate(g) || KRUISE_GATES.includes(g)) gates[g] = on;
  if (gates[preDownloadGateOf(kind)] !== true) return undefined;
  const release = options.kruise ?? "1.9";
  const request: Obj = { kind, kruise: options.kruise, gates, workload: asControllerReads(kind, newObj, release), updateRevision: revisionOf(ask, kind, newObj, 2) };
  const current = revisionOf(ask, kind, oldObj, 1);
  if (kind === "AdvancedDaemonSet") request["oldRevisions"] = [current];
  else request["currentRevision"] = current;
  if (options.pods !== undefined) request["pods"] = options.pods;
  return ask("kruise.preDownload", request) as unknown as PreDownload;
}

/** "a", "a and b", "a, b and c". */
function listWords(items: string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** The sentence for a pre-download answer, or undefined when there is nothing to say (same revision). */
export function preDownloadLine(p: PreDownload): string | undefined {
  if (p.reason === "same-revision" || p.reason === "gate-off") return undefined;
  if (!p.created) return `Image pre-download: none (${p.reason}: ${p.message}).`;
  const images = [...new Set(p.jobs.map((j) => j.spec.image))];
  const verb = images.length === 1 ? "is" : "are";
  const where = p.nodes === null
    ? "on the nodes of the pods still at the old revision"
    : p.nodes.length === 0 ? "on no node yet (no scheduled pod is still at the old revision)" : `on the ${p.nodes.length} node${p.nodes.length === 1 ? "" : "s"} of the pods still at the old revision`;
  const jobs = p.jobs.map((j) => j.metadata.name);
  return `Image pre-download: ${listWords(images)} ${verb} pre-pulled ${where} before they update (ImagePullJob${jobs.length === 1 ? "" : "s"} ${jobs.join(", ")}).`;
}
