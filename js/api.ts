// The public API, usable after an entry's `await init()` or `initSync()`. Each function is one wasm call:
// the input is copied once into wasm memory and the result copied once out. (jsonPatchDiff and mergePatchDiff
// compute most diffs of JS values on the values themselves, with the engine's result: js/objects/.)
//
// JS values (goJSON, jcs, evaluate with an object) are serialized with JSON.stringify before they enter
// the engine, so JSON.stringify's rules apply first: `toJSON()` is honored, `undefined`, functions and
// symbols are dropped from objects (and become null in arrays), NaN and ±Infinity become null, and
// BigInt or cyclic values are rejected (E_BAD_REQUEST). To hand the engine exact bytes (numbers beyond
// 2^53, duplicate keys, invalid UTF-8), use the `...Text` functions with a string or a Uint8Array.

import type { Input } from "./core.js";
import { KinplaceError, type KinplaceErrorCode } from "./errors.js";
import { engine } from "./state.js";
import { DIFF_LINE, docText, parseResult, patchTextOp, stringify } from "./patch-call.js";
import { jsonPatchDiffValues, mergePatchDiffValues, noteLimits } from "./objects/diffs.js";
import { containerHashByDoor, podTemplateHashByDoor } from "./hashes.js";

export { KinplaceError } from "./errors.js";
export type { KinplaceErrorCode, KinplaceErrorDetails } from "./errors.js";

/** A Go release as "1.N", for example "1.21" or "1.22". */
export type GoVersion = `1.${number}`;

/** Options of the Go writer. */
export interface GoOptions {
  /** Go release whose encoding/json to reproduce (Go 1.22 changed `\b` and `\f`); default: the engine's newest. */
  go?: GoVersion;
}

/** FNV variants: FNV-1 and FNV-1a, 32 and 64 bit (Go's hash/fnv New32, New32a, New64, New64a). */
export type FnvVariant = "fnv32" | "fnv32a" | "fnv64" | "fnv64a";

/** An FNV hash: lowercase hex without padding, plus the numeric value for 32-bit variants. */
export interface FnvResult {
  hex: string;
  value?: number;
}

/** Process-wide default limits; 0 or absent keeps the current value. */
export interface Limits {
  /** Deepest JSON nesting accepted (the engine's own cap; Go's decoder separately stops at 10000). */
  maxDepth?: number;
  /** Largest input accepted, in bytes. */
  maxBytes?: number;
  /** Most elements of one array or members of one object in a request of an op on Kubernetes objects. */
  maxItems?: number;
}

/** An eval-protocol request: `{op, id?, ...fields}`. */
export interface EvalRequest {
  op: string;
  id?: unknown;
  [field: string]: unknown;
}

/** The error object of a failed eval answer. */
export interface EvalError {
  code: KinplaceErrorCode;
  message: string;
  path?: string;
  offset?: number;
}

/** An eval-protocol answer: `{id?, ok: true, result}` or `{id?, ok: false, error}`. */
export type EvalAnswer =
  | { id?: unknown; ok: true; result: { [key: string]: unknown } }
  | { id?: unknown; ok: false; error: EvalError };

const FNV_VARIANTS: { readonly [K in FnvVariant]: number } = { fnv32: 0, fnv32a: 1, fnv64: 2, fnv64a: 3 };
const GO_VERSION = /^1\.([1-9][0-9]{0,2})$/;
const I32_MAX = 0x7fffffff;

/** The ABI's Go minor number for "1.N" (0 = the engine's newest); other strings are E_UNSUPPORTED_VERSION (the engine checks N). */
function goMinor(go: string | undefined): number {
  if (go === undefined) return 0;
  const m = typeof go === "string" ? GO_VERSION.exec(go) : null;
  if (m === null) {
    throw new KinplaceError("E_UNSUPPORTED_VERSION", `unsupported Go release ${JSON.stringify(go) ?? String(go)} (expected "1.N")`, { path: "go" });
  }
  return Number(m[1]);
}

/** Go's json.Marshal of a JS value decoded into interface{} (the value goes through JSON.stringify first). */
export function goJSON(value: unknown, options?: GoOptions): string {
  const minor = goMinor(options?.go);
  return engine().canonical(stringify(value), 0, minor);
}

/** Go's json.Marshal(interface{}) of JSON text (a string, or bytes passed to the engine untouched). */
export function goJSONText(text: string | Uint8Array, options?: GoOptions): string {
  return engine().canonical(text, 0, goMinor(options?.go));
}

/** RFC 8785 (JCS) canonical JSON of a JS value (the value goes through JSON.stringify first). */
export function jcs(value: unknown): string {
  return engine().canonical(stringify(value), 1, 0);
}

/** RFC 8785 (JCS) canonical JSON of JSON text (a string, or bytes passed to the engine untouched). */
export function jcsText(text: string | Uint8Array): string {
  return engine().canonical(text, 1, 0);
}

/** FNV hash of a string (as UTF-8) or bytes: `{hex}` plus `{value}` for 32-bit variants. */
export function fnv(variant: FnvVariant, data: string | Uint8Array): FnvResult {
  const v = Object.hasOwn(FNV_VARIANTS, variant) ? FNV_VARIANTS[variant] : undefined;
  if (v === undefined) {
    throw new KinplaceError("E_BAD_REQUEST", `unknown FNV variant ${JSON.stringify(variant) ?? String(variant)}`, { path: "variant" });
  }
  if (v < 2) {
    const value = engine().fnv32(data, v);
    return { hex: value.toString(16), value };
  }
  return { hex: engine().fnv64(data, v).toString(16) };
}

/** FNV-1a 32-bit of a string (as UTF-8) or bytes, as an unsigned number. */
export function fnv32a(data: string | Uint8Array): number {
  return engine().fnv32(data, 1);
}

/** Evaluates one eval-protocol request (an object, JSON text, or raw bytes) and returns the answer (parsed with JSON.parse; evaluateLine gives the exact bytes). */
export function evaluate(request: EvalRequest | string | Uint8Array): EvalAnswer {
  const line: Input = typeof request === "string" || request instanceof Uint8Array ? request : stringify(request);
  return JSON.parse(engine().evaluateText(line)) as EvalAnswer;
}

/** Evaluates one raw request line (no newline) and returns a copy of the raw answer bytes (no newline). */
export function evaluateLine(line: Uint8Array): Uint8Array {
  return engine().evaluateView(line).slice();
}

/** Sets the process-wide default limits (a request may still override them per call). */
export function setLimits(limits: Limits): void {
  const depth = limitValue(limits.maxDepth, "maxDepth");
  const bytes = limitValue(limits.maxBytes, "maxBytes");
  const items = limitValue(limits.maxItems, "maxItems");
  engine().setLimits(depth, bytes, items);
  noteLimits(depth, bytes);
}

/** A limit as the ABI's i32 (0 = keep); anything but an integer in 0..2^31-1 is E_BAD_REQUEST. */
function limitValue(v: number | undefined, name: string): number {
  if (v === undefined) return 0;
  if (!Number.isInteger(v) || v < 0 || v > I32_MAX) {
    throw new KinplaceError("E_BAD_REQUEST", `${name} must be an integer between 0 and ${I32_MAX}`, { path: name });
  }
  return v;
}

// ---------------------------------------------------------------------------------------------------
// Patches: thin wrappers over `evaluate`. Values go in through JSON.stringify and results come
// back through JSON.parse (numbers beyond 2^53 lose precision there); for byte-exact input and output use
// `evaluate` with the `...Text` fields and read the raw answer with `evaluateLine`. jsonPatchDiff and
// mergePatchDiff give that same result without the round trip when the walks of js/objects/ can
// (js/objects/diffs.ts), and take it otherwise.

/** Diff flavors: "appscode" is CreatePatch of github.com/appscode/jsonpatch v1.0.1 (OpenKruise's); "minimal" is kinplace's own. */
export type JsonPatchFlavor = "appscode" | "minimal";

/** One RFC 6902 operation. */
export interface JsonPatchOperation {
  op: "add" | "remove" | "replace" | "move" | "copy" | "test";
  path: string;
  from?: string;
  value?: unknown;
}

/** Options of jsonPatchDiff. */
export interface JsonPatchDiffOptions extends GoOptions {
  /** Default "appscode". */
  flavor?: JsonPatchFlavor;
  /** Most Levenshtein cells ((m+1)*(n+1)) one array pair may need (default 4194304); more is E_PATCH_LIMIT. */
  maxEditMatrix?: number;
  /** Longest patch in bytes (default and most 268435456); a longer one is E_PATCH_LIMIT. */
  maxPatchBytes?: number;
}

/** Options of jsonPatchApply. */
export interface JsonPatchApplyOptions extends GoOptions {
  /** Most bytes `copy` operations may add (evanphx's AccumulatedCopySizeLimit; 0 or absent: the engine's 32 MiB); more is E_PATCH_LIMIT. */
  maxCopyBytes?: number;
}

/** JSON text for the `...Text` patch functions: a string (encoded as UTF-8) or bytes, handed to the Go library as they
 *  are (null: no document at all, as when Go is handed nil). */
export type JsonText = string | Uint8Array;

/** RFC 6902 patch turning `from` into `to` (appscode: both must be objects, as the library requires). */
export function jsonPatchDiff(from: unknown, to: unknown, options?: JsonPatchDiffOptions): JsonPatchOperation[] {
  return jsonPatchDiffValues(from, to, options);
}

/** jsonPatchDiff on JSON text (the bytes the Go library would receive); returns the patch text exactly as json.Marshal writes it. */
export function jsonPatchDiffText(from: JsonText | null, to: JsonText | null, options?: JsonPatchDiffOptions): string {
  // the usual call (no options): a constant request line, no request object to build and look through
  if (options === undefined) return patchTextOp(DIFF_LINE, from, to, "patch");
  return patchTextOp({ op: "jsonpatch.diff", flavor: options?.flavor, maxEditMatrix: options?.maxEditMatrix, maxPatchBytes: options?.maxPatchBytes, go: options?.go }, from, to, "patch");
}

/** Applies an RFC 6902 patch as the Kubernetes API server does (gopkg.in/evanphx/json-patch.v4); atomic: throws on the first failing operation (its index is the error's path). */
export function jsonPatchApply(document: unknown, patch: unknown, options?: JsonPatchApplyOptions): unknown {
  return parseResult(patchTextOp({ op: "jsonpatch.apply", go: options?.go, maxCopyBytes: options?.maxCopyBytes }, docText(document), docText(patch), "document"));
}

/** jsonPatchApply on JSON text; returns the document text exactly as the library writes it ("" for an empty document). */
export function jsonPatchApplyText(document: JsonText | null, patch: JsonText | null, options?: JsonPatchApplyOptions): string {
  return patchTextOp({ op: "jsonpatch.apply", go: options?.go, maxCopyBytes: options?.maxCopyBytes }, document, patch, "document");
}

/** RFC 7396 merge patch turning `original` into `modified` (CreateMergePatch of evanphx/json-patch v4). */
export function mergePatchDiff(original: unknown, modified: unknown, options?: GoOptions): unknown {
  return mergePatchDiffValues(original, modified, options);
}

/** mergePatchDiff on JSON text; returns the merge patch text exactly as the library writes it. */
export function mergePatchDiffText(original: JsonText | null, modified: JsonText | null, options?: GoOptions): string {
  return patchTextOp({ op: "mergepatch.diff", go: options?.go }, original, modified, "patch");
}

/** Applies an RFC 7396 merge patch (MergePatch of evanphx/json-patch v4, as the API server for application/merge-patch+json). */
export function mergePatchApply(original: unknown, patch: unknown, options?: GoOptions): unknown {
  return parseResult(patchTextOp({ op: "mergepatch.apply", go: options?.go }, docText(original), docText(patch), "document"));
}

/** mergePatchApply on JSON text; returns the document text exactly as the library writes it. */
export function mergePatchApplyText(original: JsonText | null, patch: JsonText | null, options?: GoOptions): string {
  return patchTextOp({ op: "mergepatch.apply", go: options?.go }, original, patch, "document");
}

/** The Go types strategic merge patch can be computed for (their patchStrategy / patchMergeKey struct tags decide
 *  how lists merge); "Unstructured" is what client code passes for a custom resource (no tags: lists replace, and
 *  nested maps fail as they do upstream); the OpenKruise kinds exist at kubernetes "1.32" only. */
export type StrategicMergePatchType =
  | "Pod" | "PodSpec" | "PodTemplateSpec" | "PodTemplate" | "Container" | "EphemeralContainer" | "ResourceRequirements"
  | "SecurityContext" | "Probe" | "EnvVar" | "Volume" | "ObjectMeta" | "Quantity" | "Deployment" | "ReplicaSet"
  | "StatefulSet" | "DaemonSet" | "ControllerRevision" | "Unstructured" | "CloneSet" | "AdvancedStatefulSet" | "AdvancedDaemonSet";

/** Options of the strategic merge patch functions. */
export interface StrategicMergePatchOptions extends GoOptions {
  /** The Go type of the documents. */
  type: StrategicMergePatchType;
  /** Kubernetes minor whose k8s.io/apimachinery to reproduce, "1.N" (default: the newest supported). */
  kubernetes?: `1.${number}`;
}

/** Strategic merge patch turning `original` into `modified`: CreateTwoWayMergePatch of
 *  k8s.io/apimachinery/pkg/util/strategicpatch; returns the patch JSON text exactly as Go prints it. */
export function strategicMergePatchDiff(original: unknown, modified: unknown, options: StrategicMergePatchOptions): string {
  return strategicMergePatchDiffText(docText(original), docText(modified), options);
}

/** strategicMergePatchDiff on JSON text (the bytes the library would receive). */
export function strategicMergePatchDiffText(original: JsonText | null, modified: JsonText | null, options: StrategicMergePatchOptions): string {
  return JSON.parse(patchTextOp({ op: "smp.diff", type: options.type, kubernetes: options.kubernetes, go: options.go }, original, modified, "patch")) as string;
}

/** Applies a strategic merge patch (StrategicMergePatch of strategicpatch, what the API server runs for
 *  application/strategic-merge-patch+json); returns the document JSON text exactly as Go prints it. */
export function strategicMergePatchApply(original: unknown, patch: unknown, options: StrategicMergePatchOptions): string {
  return strategicMergePatchApplyText(docText(original), docText(patch), options);
}

/** strategicMergePatchApply on JSON text (the bytes the library would receive). */
export function strategicMergePatchApplyText(original: JsonText | null, patch: JsonText | null, options: StrategicMergePatchOptions): string {
  return JSON.parse(patchTextOp({ op: "smp.apply", type: options.type, kubernetes: options.kubernetes, go: options.go }, original, patch, "document")) as string;
}

// ---------------------------------------------------------------------------------------------------
// The rollout planner (docs/rollout.md describes every field).

/** A Kubernetes IntOrString: an int32, a string ("20%"), or null for a nil pointer. */
export type IntOrString = number | string | null;

/** Which upstream helper scales an IntOrString (see docs/rollout.md). */
export type ScaleVariant = "kubernetes" | "kubernetes-deprecated" | "kruise";

/** Evaluates one rollout request and returns its result, or throws its error as a KinplaceError. */
function rolloutOp(request: EvalRequest): { [key: string]: unknown } {
  const answer = evaluate(request);
  if (!answer.ok) throw new KinplaceError(answer.error.code, answer.error.message, { path: answer.error.path, offset: answer.error.offset });
  return answer.result;
}

/** `value` scaled against `total`: intstr.GetScaledValueFromIntOrPercent ("kubernetes"), GetValueFromIntOrPercent ("kubernetes-deprecated") or OpenKruise's float-capable helper ("kruise"); upstream's errors are E_INT_OR_STRING. */
export function scaledValue(value: IntOrString, total: number, roundUp: boolean, variant: ScaleVariant): number {
  return rolloutOp({ op: "scaled", value, total, roundUp, variant }).value as number;
}

/** Options of `kruisePatchPods`: the state to start from (default: the one Update starts with), versions and gates. */
export interface KruisePatchPodsOptions {
  state?: unknown;
  gates?: { [name: string]: boolean };
  serverVersion?: string;
  kruise?: string;
}

/** One pod patched by OpenKruise's PatchSpecToPod: the pod and state annotation as json.Marshal writes them, and the resize subresource patch or null. */
export interface KruisePatchedPod {
  pod: string;
  state: string;
  resizePatch: string | null;
}

/** OpenKruise v1.9.0 PatchSpecToPod of `updateSpec` (an UpdateSpec object or Kruise's JSON text) on every pod at time `now` (RFC 3339): the `kruise.patchPods` op, one call for all pods. */
export function kruisePatchPods(pods: unknown[], updateSpec: unknown, now: string, options?: KruisePatchPodsOptions): KruisePatchedPod[] {
  const spec = typeof updateSpec === "string" ? { updateSpecText: updateSpec } : { updateSpec };
  return rolloutOp({ op: "kruise.patchPods", pods, ...spec, now, ...options }).results as KruisePatchedPod[];
}

/** OpenKruise CalculatePartitionReplicas(partition, replicas): the pods kept at the old revision (`replicas` undefined or null is the nil pointer). */
export function kruisePartition(partition: IntOrString, replicas?: number | null): number {
  return rolloutOp({ op: "kruise.partition", partition, replicas }).value as number;
}

/** The explicit limits of the planners and simulations (docs/rollout.md, "Limits"); beyond them a call fails with E_LIMIT. */
export interface RolloutLimits {
  /** StatefulSet ordinal slots, and the pods a simulation may hold (default 100,000). */
  maxPods?: number;
  /** Weight-priority and scatter terms of one workload (default 64). */
  maxTerms?: number;
  /** Working memory of one simulation, in bytes (default 1 GiB). */
  maxSimMemory?: number;
}

/** Common inputs of the planners: the time availability is judged at (RFC 3339; absent = far future), the in-place verdicts and the limits. */
export interface RolloutCommon {
  now?: string;
  /** true/false for every pod, or per pod name (see `inPlaceDefault`). Default true. */
  inPlace?: boolean | { [pod: string]: boolean };
  inPlaceDefault?: boolean;
  limits?: RolloutLimits;
}

/** rollout.cloneset request fields. */
export interface CloneSetPlanRequest extends RolloutCommon {
  cloneSet: unknown;
  pods: unknown[];
  currentRevision: string;
  updateRevision: string;
  gates?: { CloneSetPartitionRollback?: boolean; PreparingUpdateAsUpdate?: boolean };
  scalingExcludePreparingDelete?: boolean;
  diffsFor?: "update" | "scale";
  waitUpdate?: number[];
  sortCandidates?: boolean;
}

/** One CloneSet update round: the expectation diffs and which pods update, in order, and how. */
export interface CloneSetPlan {
  replicas: number;
  partition: number;
  maxSurge: number;
  maxUnavailable: number;
  diffs: {
    scaleUpNum: number; scaleUpNumOldRevision: number; scaleDownNum: number; scaleDownNumOldRevision: number;
    scaleUpLimit: number; deleteReadyLimit: number; useSurge: number; useSurgeOldRevision: number;
    updateNum: number; updateMaxUnavailable: number;
  };
  reason?: "onDelete" | "paused" | "noUpdateNeeded";
  targetRevision?: string;
  candidates: string[];
  update: { name: string; action: "in-place" | "recreate" | "prepare-update" | "wait-hook" | "error"; error?: string }[];
}

/** Plans one CloneSet update round (OpenKruise v1.9.0 calculateDiffsWithExpectation + Update). */
export function planCloneSet(request: CloneSetPlanRequest): CloneSetPlan {
  return rolloutOp({ op: "rollout.cloneset", ...request }) as unknown as CloneSetPlan;
}

/** rollout.advancedDaemonSet / rollout.daemonSet request fields. */
export interface DaemonSetPlanRequest extends RolloutCommon {
  daemonSet: unknown;
  /** Node objects, names, or {name, labels?, shouldRun?, shouldContinueRunning?}. */
  nodes: unknown[];
  pods: unknown[];
  /** The controller-revision-hash of the DaemonSet's current template. */
  hash: string;
  expectations?: "watch" | "immediate";
  /** Testing hook: node names the rolling update walks first, in this order (upstream walks a Go map). */
  walkOrder?: string[];
}

/** Plans one sync of an OpenKruise Advanced DaemonSet (result fields: docs/rollout.md). */
export function planAdvancedDaemonSet(request: DaemonSetPlanRequest): { [key: string]: unknown } {
  return rolloutOp({ op: "rollout.advancedDaemonSet", ...request });
}

/** Plans one sync of a Kubernetes DaemonSet (result fields: docs/rollout.md). */
export function planDaemonSet(request: DaemonSetPlanRequest): { [key: string]: unknown } {
  return rolloutOp({ op: "rollout.daemonSet", ...request });
}

/** rollout.advancedStatefulSet / rollout.statefulSet request fields. */
export interface StatefulSetPlanRequest extends RolloutCommon {
  statefulSet: unknown;
  pods: unknown[];
  currentRevision: string;
  updateRevision: string;
  gates?: { MaxUnavailableStatefulSet?: boolean; PreparingUpdateAsUpdate?: boolean };
}

/** Plans one sync of an OpenKruise Advanced StatefulSet (result fields: docs/rollout.md). */
export function planAdvancedStatefulSet(request: StatefulSetPlanRequest): { [key: string]: unknown } {
  return rolloutOp({ op: "rollout.advancedStatefulSet", ...request });
}

/** Plans one sync of a Kubernetes StatefulSet (result fields: docs/rollout.md). */
export function planStatefulSet(request: StatefulSetPlanRequest): { [key: string]: unknown } {
  return rolloutOp({ op: "rollout.statefulSet", ...request });
}

/** Plans one sync of a Kubernetes Deployment over its ReplicaSets (result fields: docs/rollout.md). */
export function planDeployment(request: { deployment: unknown; replicaSets: unknown[]; newReplicaSet?: string; forceScale?: boolean; limits?: RolloutLimits }): { [key: string]: unknown } {
  return rolloutOp({ op: "rollout.deployment", ...request });
}

/** The assumption model of a simulation. */
export interface RolloutModel {
  readySeconds?: number;
  inPlaceSeconds?: number;
  /** The n-th pods (1-based) reaching the update revision never become Ready. */
  failUpdated?: number[];
  failAllUpdated?: boolean;
  maxRounds?: number;
}

/** One round of a simulated rollout. */
export interface RolloutRound {
  round: number;
  time: number;
  inPlace?: string[];
  recreated?: string[];
  surged?: string[];
  created?: string[];
  deleted?: string[];
  other?: string[];
  available: number;
  availableAfter: number;
  floor: number;
  total: number;
  updated: number;
}

/** A simulated rollout. */
export interface RolloutTimeline {
  kind: string;
  outcome: "complete" | "stalled" | "maxRounds" | "error";
  error?: string;
  rounds: number;
  seconds: number;
  start: string;
  end: string;
  model: { readySeconds: number; inPlaceSeconds: number };
  final: { total: number; updated: number; available: number };
  timeline: RolloutRound[];
}

/** Plays a rollout round by round under a stated model (kind: CloneSet, AdvancedDaemonSet, DaemonSet, AdvancedStatefulSet, StatefulSet, Deployment). */
export function simulateRollout(request: { kind: string; workload: unknown; model?: RolloutModel; limits?: RolloutLimits; [field: string]: unknown }): RolloutTimeline {
  return rolloutOp({ op: "rollout.simulate", ...request }) as unknown as RolloutTimeline;
}

// ---------------------------------------------------------------------------------------------------
// Kubernetes hashes: thin wrappers over `evaluate` (`container.hash`, `podTemplateHash`).

/** A kubelet container hash as the CRI annotation `io.kubernetes.container.hash` stores it (lowercase hex). */
export interface ContainerHash {
  hash: string;
  /** HashContainerWithoutResources (kubelet 1.27–1.30 only). */
  hashWithoutResources?: string;
  era: "struct" | "json" | "name-image";
}

/** Whether an object is first defaulted as the API server stores it: `asked` when given, else yes except at
 *  Kubernetes 1.12 (no defaulters there) and for OpenKruise objects (custom resources). */
function storedView(asked: boolean | undefined, minor: string | undefined, kruise = false): boolean {
  return asked ?? (minor !== "1.12" && !kruise);
}

/** The kubelet's HashContainer of `container` for kubelet minor `kubelet` ("1.N"): by default of the container as the API
 *  server stores it (defaulted; `applyDefaults: false` for the container as written); `go` is the kubelet's Go release (default per minor). */
export function containerHash(container: unknown, options: { kubelet: string; go?: string; applyDefaults?: boolean }): ContainerHash {
  const applyDefaults = storedView(options.applyDefaults, options.kubelet);
  return containerHashByDoor(container, options.kubelet, options.go, applyDefaults) ??
    rolloutOp({ op: "container.hash", container, kubelet: options.kubelet, go: options.go, applyDefaults }) as unknown as ContainerHash;
}

/** controller.ComputeHash (pod-template-hash) of a PodTemplateSpec at Kubernetes `kubernetes` (default the newest), with an optional
 *  collision count: by default of the template as the API server stores it (`applyDefaults: false` for it as written). */
export function podTemplateHash(template: unknown, options?: { kubernetes?: string; collisionCount?: number; applyDefaults?: boolean }): string {
  const applyDefaults = storedView(options?.applyDefaults, options?.kubernetes);
  return podTemplateHashByDoor(template, options?.kubernetes, options?.collisionCount, applyDefaults) ??
    rolloutOp({ op: "podTemplateHash", template, kubernetes: options?.kubernetes, collisionCount: options?.collisionCount, applyDefaults }).hash as string;
}

/** A ControllerRevision as the StatefulSet / DaemonSet / OpenKruise controller creates it: name, hash label and Data.Raw text. */
export interface Revision {
  name: string;
  hash: string;
  data: string;
}

/** The ControllerRevision the controller of `kind` ("StatefulSet" | "DaemonSet" | "CloneSet" | "AdvancedStatefulSet" | "AdvancedDaemonSet") creates for `object` at Kubernetes `kubernetes` (default the newest; OpenKruise kinds: "1.32" only) and Go `go`; `collisionCount` overrides status.collisionCount.
 *  A StatefulSet or DaemonSet is by default defaulted as the API server stores it (`applyDefaults: false` for it as written). */
export function revision(kind: string, object: unknown, options?: { kubernetes?: string; go?: string; collisionCount?: number; applyDefaults?: boolean; kruise?: string }): Revision {
  const kruise = kind !== "StatefulSet" && kind !== "DaemonSet";
  return rolloutOp({ op: "revision", kind, object, kubernetes: options?.kubernetes, go: options?.go, collisionCount: options?.collisionCount, applyDefaults: storedView(options?.applyDefaults, options?.kubernetes, kruise), kruise: options?.kruise }) as unknown as Revision;
}

// ---------------------------------------------------------------------------------------------------
// Update verdict and user policies: thin wrappers over `evaluate` (`verdict`, `policy.check`).

/** Options of a verdict: versions, feature gates, the Kruise strategy override, the kind override, a policy. */
export interface VerdictOptions {
  kind?: string;
  kubernetes?: string;
  kubelet?: string;
  kruise?: string;
  gates?: { [gate: string]: boolean };
  strategy?: "ReCreate" | "InPlaceIfPossible" | "InPlaceOnly";
  /** API-server defaulting first (default true for Kubernetes kinds from 1.15). */
  applyDefaults?: boolean;
  /** The cluster's kube-apiserver --allow-privileged for privileged containers (default true). */
  allowPrivileged?: boolean;
  policy?: unknown;
  /** OpenKruise kinds: the API server minor the controller sends pod updates and resizes to (default: the newest). */
  serverVersion?: string;
  /** OpenKruise kinds: that API server's feature gates (e.g. InPlacePodVerticalScaling on 1.32). */
  serverGates?: { [gate: string]: boolean };
  /** Pods: the v1 Node the pod runs on; a resize the API server accepts gets the kubelet's admission (`resizeAdmission`). */
  node?: unknown;
  /** Pods, with `node`: the other pods bound to that node. */
  pods?: unknown[];
}

/** A changed path, what it does to running pods, and why. */
export interface VerdictReason {
  path: string;
  effect: "none" | "in-place" | "restart" | "recreate" | "rejected";
  message: string;
}

/** One violation of a user policy. */
export interface PolicyViolation {
  path: string;
  rule: string;
  verdict: "allow" | "in-place" | "restart-container" | "recreate" | "deny";
  effect: VerdictReason["effect"];
  message: string;
}

/** A policy's judgement: "deny" when any changed path breaks its rule. */
export interface PolicyJudgement {
  decision: "allow" | "deny";
  violations: PolicyViolation[];
}

/** What an update does to a workload's pods (docs/ops.md, "Update verdict and user policies"). */
export interface Verdict {
  verdict: "none" | "in-place" | "recreate" | "rejected";
  kind: string;
  strategy?: string;
  containers: { name: string; action: "keep" | "restart" | "recreate"; init?: boolean }[];
  /** "resize": a Pod's change goes to its pods/resize subresource (resources alone, Kubernetes 1.32+), or OpenKruise
   *  resizes each pod through it (v1.9 on servers from 1.32, InPlaceWorkloadVerticalScaling). */
  subresource?: "resize";
  /** With `node`: the kubelet's admission of the resize on that node (the kubelet.resizeAdmission answer; `resize` is
   *  status.resize up to kubelet 1.32, `reason` / `message` the PodResizePending condition from 1.33). */
  resizeAdmission?: { status: "Admitted" | "Deferred" | "Infeasible"; resize?: string; reason: string; message: string };
  /** The API server's or the webhook's refusal (its StatusError text) of a rejected update. */
  rejection?: string;
  /** The API server's field-validation warnings on the new object. */
  warnings?: string[];
  reasons: VerdictReason[];
  /** `resize`: the strategic merge patch OpenKruise sends to each pod's resize subresource, when it resizes. */
  patches: { json: unknown[]; merge: unknown; strategic: unknown; pod: unknown; resize?: unknown };
  policy?: PolicyJudgement;
}

/** The verdict of updating workload `old` to `new` (Pod, Deployment, StatefulSet, DaemonSet, ReplicaSet, CloneSet, Advanced StatefulSet/DaemonSet). */
export function verdict(old: unknown, next: unknown, options?: VerdictOptions): Verdict {
  return rolloutOp({ op: "verdict", old, new: next, ...(options ?? {}) }) as unknown as Verdict;
}

/** A user policy's judgement of updating `old` to `new` (the policy as a JSON value; YAML must be parsed first). */
export function policyCheck(old: unknown, next: unknown, policy: unknown, options?: Omit<VerdictOptions, "policy">): PolicyJudgement & { kind: string; verdict: Verdict["verdict"] } {
  return rolloutOp({ op: "policy.check", old, new: next, policy, ...(options ?? {}) }) as unknown as PolicyJudgement & { kind: string; verdict: Verdict["verdict"] };
}
