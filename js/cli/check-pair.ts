// What `kinplace check` prints for one pair of OLD and NEW objects: the verdict (with the policy's judgement) rendered
// as text, a JSON line, a YAML document or a markdown part, the field-validation lines for stderr, or the line of a
// workload the engine cannot judge. The command's loop and the worker pool (js/cli/pool/) both call it, so one pair
// comes out the same bytes either way.

import type { Engine } from "../core.js";
import { identity, objectLabel, workloadKind } from "../present/kinds.js";
import { kindOptions } from "../present/options.js";
import { preDownloadFor, preDownloadLine, type PreDownload } from "../present/predownload.js";
import { where } from "../present/pairs.js";
import { atDoc } from "./common.js";
import { InputError, type SourceDoc } from "./documents.js";
import { namespaceOf, type InputOptions } from "./inputs.js";
import { splitFieldPath } from "./locate.js";
import { markdownPart, type MarkdownPart } from "./markdown.js";
import type { Stored } from "./pairs.js";
import { asInvoked } from "./program.js";
import { PLAIN_WIDTH, policyView, renderVerdict, type PatchMode } from "./render-verdict.js";
import { call, callResult, type RawJson, type Result } from "./request.js";
import { structured, type OutputFormat } from "./structured.js";
import { styleOf } from "./style.js";
import { withoutMember } from "../webhook/spans.js";

/** Options passed to the verdict and policy ops. */
export interface VerdictOptions {
  kubernetes?: string;
  kubelet?: string;
  kruise?: string;
  gates?: { [gate: string]: boolean };
  strategy?: string;
  fieldValidation?: string;
}

/** The node of --node and the pods bound to it (those of --pods whose spec.nodeName is its name). */
export interface NodeContext {
  node: RawJson;
  pods: unknown[];
}

/** How `check` judges and prints pairs (plain data: it is sent to the pool's workers as is). */
export interface CheckJob {
  options: VerdictOptions;
  /** Every --gate (the pre-download gates included). */
  allGates: { [gate: string]: boolean } | undefined;
  policy: RawJson | undefined;
  node: NodeContext | undefined;
  /** The Pods of --pods, each with its namespace. */
  pods: { pod: unknown; namespace: string }[] | undefined;
  format: OutputFormat | "markdown";
  /** How the text output shows patches. */
  patchMode: PatchMode;
  /** How the markdown output shows patches. */
  markdownPatches: PatchMode;
  /** The terminal's width (undefined when stdout is not one). */
  width: number | undefined;
  color: boolean;
  inputs: InputOptions;
}

/** One pair's part of the output: the line of a workload that cannot be judged, or its verdict with the stderr lines
 *  before it and its stdout text (structured YAML without the `---` before it) or markdown part. */
export type PairOutcome =
  | { t: "cannot"; line: string }
  | { t: "verdict"; stderr: string[]; verdict: string; denied: boolean; text?: string; markdown?: MarkdownPart };

/** The field a strict-decoding warning names (`unknown field "spec.x[0].y"`), as a path into the object. */
function warningField(text: string): (string | number)[] | undefined {
  const a = text.indexOf('"');
  const b = text.lastIndexOf('"');
  return a >= 0 && b > a ? splitFieldPath(text.slice(a + 1, b)) : undefined;
}

/** `file:line:column: warning: text` for each field-validation warning of a result, and `...: error: text` for each field
 *  a strict field validation refused (at the field when the reader knows where it is written, else at the object). */
function fieldLines(doc: SourceDoc, result: Result): string[] {
  const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((w): w is string => typeof w === "string") : []);
  const at = (w: string): string => {
    const path = warningField(w);
    const p = (path === undefined ? undefined : doc.locate?.(path)) ?? { line: doc.line, column: doc.column };
    return `${doc.file}:${p.line}:${p.column}`;
  };
  const out = texts(result["warnings"]).map((w) => `${at(w)}: warning: ${w}`);
  const rejection = result["rejection"];
  if (typeof rejection === "string" && rejection.includes(": strict decoding error: ")) {
    const reasons = Array.isArray(result["reasons"]) ? (result["reasons"] as { message?: unknown }[]) : [];
    for (const r of reasons) if (typeof r.message === "string") out.push(`${at(r.message)}: error: ${r.message}`);
  }
  return out;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** An object's JSON text without metadata.managedFields: the API server rewrites them on every write, so they never
 *  decide a rollout (kubectl diff hides them too), and their `k:{"name":...}` keys are no paths a patch can hold. */
function withoutManagedFields(json: RawJson): RawJson {
  let bytes = typeof json === "string" ? encoder.encode(json) : json;
  let k = 0;
  while (bytes[k] === 0x20 || bytes[k] === 0x0a || bytes[k] === 0x0d || bytes[k] === 0x09) k++;
  if (bytes[k] !== 0x7b) return json;
  bytes = bytes.subarray(k);
  const out = withoutMember(bytes, ["metadata", "managedFields"]);
  return out === bytes ? json : out;
}

/** The verdict of one pair (with the policy's judgement as its `policy` member): the parsed result and its exact text.
 *  A Pod is judged on `node` when given (the kubelet's admission of its resize). */
function judge(engine: Engine, oldDoc: Stored, newDoc: SourceDoc, job: CheckJob): { result: Result; text: string } {
  const { policy, node } = job;
  const raw: { [key: string]: RawJson } = { old: withoutManagedFields(oldDoc.json), new: withoutManagedFields(newDoc.json) };
  if (policy !== undefined) raw["policy"] = policy;
  const { kubernetes, kubelet, kruise, gates, ...rest } = job.options;
  const onNode = node !== undefined && workloadKind(newDoc.value) === "Pod";
  if (onNode) raw["node"] = node.node;
  const fields = { ...rest, ...kindOptions(workloadKind(newDoc.value), { kubernetes, kubelet, kruise, gates }) };
  return atDoc(newDoc, () => callResult(engine, "verdict", onNode ? { ...fields, pods: node.pods } : fields, raw), oldDoc);
}

/** The parsed JSON text of a document. */
function parsed(json: RawJson): { [key: string]: unknown } {
  return JSON.parse(typeof json === "string" ? json : decoder.decode(json)) as { [key: string]: unknown };
}

/** What OpenKruise pre-pulls for the pair (its gate on, a Kruise kind updated in place), else undefined. */
function preDownloadOf(engine: Engine, oldDoc: Stored, newDoc: SourceDoc, verdict: string, job: CheckJob): PreDownload | undefined {
  if (verdict !== "in-place") return undefined;
  const ns = namespaceOf(newDoc, job.inputs);
  const own = job.pods?.filter((p) => p.namespace === ns).map((p) => p.pod);
  const ask = (op: string, request: { [key: string]: unknown }) => call(engine, op, request);
  const old = parsed(oldDoc.json);
  return atDoc(newDoc, () => preDownloadFor(ask, workloadKind(newDoc.value), old, newDoc.value, { kruise: job.options.kruise, gates: job.allGates, pods: own }), oldDoc);
}

/** The result text with `verdict` moved to the top (the engine writes `kind` first), other bytes untouched. */
function verdictFirst(text: string, result: Result): string {
  if (text.startsWith('{"verdict":')) return text;
  const m = /^\{"kind":("(?:[^"\\]|\\.)*"),"verdict":("[a-z-]+")/.exec(text);
  if (m === null) {
    const { verdict, ...rest } = result;
    return JSON.stringify({ verdict, ...rest });
  }
  return `{"verdict":${m[2]},"kind":${m[1]}${text.slice(m[0].length)}`;
}

/** The outcome of one pair; throws what stops the command (an error of the policy or of an option, a pre-download
 *  error), while bad input in one workload is its `cannot` line. */
export function judgePair(engine: Engine, job: CheckJob, oldDoc: Stored, newDoc: SourceDoc): PairOutcome {
  let judged: { result: Result; text: string };
  try {
    judged = judge(engine, oldDoc, newDoc, job);
  } catch (e) {
    // one workload the engine cannot judge (or bad input in it) does not stop a whole dump: report it, go on, exit 2
    if (!(e instanceof InputError) || job.policy !== undefined && /E_POLICY/.test(e.message)) throw e;
    return { t: "cannot", line: `${asInvoked("kinplace check")}: ${e.where()}` };
  }
  const { result, text } = judged;
  const stderr = fieldLines(newDoc, result);
  const verdict = String(result["verdict"]);
  const denied = policyView(result["policy"])?.denied === true;
  const pre = preDownloadOf(engine, oldDoc, newDoc, verdict, job);
  const { format } = job;
  const sources = `${where(oldDoc)} → ${where(newDoc)}`;
  const line = pre === undefined ? undefined : preDownloadLine(pre);
  if (format === "markdown") {
    const entry = { label: objectLabel(newDoc.value), sources, result, oldObject: parsed(oldDoc.json), newObject: newDoc.value, ...(line === undefined ? {} : { preDownload: line }) };
    return { t: "verdict", stderr, verdict, denied, markdown: markdownPart(entry, job.markdownPatches) };
  }
  if (format === "text") {
    const rendered = renderVerdict(objectLabel(newDoc.value), sources, result, styleOf(job.color), job.patchMode, job.width ?? PLAIN_WIDTH);
    return { t: "verdict", stderr, verdict, denied, text: rendered + (line === undefined ? "" : `  ${line}\n\n`) };
  }
  const extra = { object: identity(newDoc.value), sources: { old: where(oldDoc), new: where(newDoc) }, ...(pre !== undefined ? { preDownload: pre } : {}) };
  if (format === "json") {
    const body = verdictFirst(text, result);
    return { t: "verdict", stderr, verdict, denied, text: `${body.slice(0, -1)},"object":${JSON.stringify(extra.object)},"sources":${JSON.stringify(extra.sources)}${pre !== undefined ? `,"preDownload":${JSON.stringify(pre)}` : ""}}\n` };
  }
  const { verdict: v, ...rest } = result;
  return { t: "verdict", stderr, verdict, denied, text: structured(format, { verdict: v, ...rest, ...extra }, true) };
}
