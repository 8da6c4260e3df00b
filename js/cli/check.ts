// `kinplace check OLD NEW`: the verdict for every workload in OLD and NEW (paired by kind, namespace and
// name; a single workload on each side is paired whatever its name), optionally checked against a policy.

import { KUBERNETES_MINORS } from "../present/versions.js";
import { asObject, identity, objectLabel, workloadKind } from "../present/kinds.js";
import { kindOptions } from "../present/options.js";
import { isPreDownloadGate, preDownloadFor, preDownloadLine, type PreDownload } from "../present/predownload.js";
import { isDisruptive } from "../present/verdict.js";
import { gatesOption, minorOption, parseArgs, UsageError } from "./args.js";
import { atDoc, cliEngine, documents } from "./common.js";
import { InputError, readSingle, type SourceDoc } from "./documents.js";
import { splitFieldPath } from "./locate.js";
import { EXIT_USAGE, type CliIO } from "./command.js";
import { INPUT_SPECS, inputOptions, inputsUsage, namespaceOf, type InputOptions } from "./inputs.js";
import type { InputLimits } from "./limits.js";
import { asInvoked } from "./program.js";
import { pairObjects, where, type Stored } from "./pairs.js";
import { call, callResult, goSyntaxError, type RawJson, type Result } from "./request.js";
import { PATCH_MODES, PLAIN_WIDTH, policyView, renderVerdict, type PatchMode } from "./render-verdict.js";
import { defineCommand, write } from "./run.js";
import { OUTPUT_FORMATS, structured, type OutputFormat } from "./structured.js";
import { styleFor, terminalWidth } from "./style.js";
import { renderMarkdown, type MarkdownEntry } from "./markdown.js";
import { withoutMember } from "../webhook/spans.js";

const usage = `Usage: kinplace check OLD NEW [options]

Predicts what rolling out NEW over OLD does to the pods: nothing, an in-place update (which containers
restart), or recreating them; with the reasons (JSON paths) and the patches that will be sent. OLD and
NEW are YAML or JSON files of Pods, Deployments, ReplicaSets, StatefulSets, DaemonSets, or OpenKruise
CloneSets, Advanced StatefulSets and Advanced DaemonSets ("-" reads one of them from stdin), or
directories of them (-R: with their subdirectories). Files may
hold many documents or Lists (a whole \`kubectl get -A -o json\` dump): workloads are paired by kind,
namespace and name; other kinds are skipped with a note on stderr.

Options:
  --kubernetes MINOR     API server minor, e.g. 1.30 (default: the newest supported); for the OpenKruise
                         kinds, the server their controller sends pod updates and resizes to
  --kubelet MINOR        kubelet minor (default: the Kubernetes minor)
  --kruise VERSION       OpenKruise version (default: the newest supported)
  --gate NAME=BOOL       a Kubernetes or Kruise feature gate (repeatable, or comma-separated);
                         PreDownloadImageForInPlaceUpdate=true (CloneSet, Advanced StatefulSet) or
                         PreDownloadImageForDaemonSetUpdate=true (Advanced DaemonSet) adds which images
                         OpenKruise pre-pulls before the in-place update (kruise.preDownload)
  --pods FILE            the workloads' Pods (\`kubectl get pods -o json\`): the pre-pull line counts
                         the nodes of those still at the old revision; with --node, the pods bound to
                         that node are the ones the kubelet weighs the resize against
  --node FILE            the Node a Pod runs on (\`kubectl get node NAME -o json\`): a resize the API
                         server accepts gets a line on whether its kubelet admits, defers or refuses it
                         (kubelet.resizeAdmission, kubelet 1.27+)
  --strategy NAME        override the update strategy (e.g. InPlaceIfPossible, InPlaceOnly, ReCreate)
  --policy FILE          judge the change with a policy file (YAML or JSON; see docs/policy.md):
                         a denial exits with 1
  --validate MODE        the API server's field validation of NEW, as kubectl sends it: strict (the
                         default, kubectl's: an unknown or duplicate field rejects the update), warn
                         (a warning each, on stderr with file:line:column) or ignore
  --patches MODE         how text and markdown show the patches of the pod template: none, short
                         (each cut to one line; text's default on a terminal, where a whole patch
                         can fill the screen) or full (the default when piped and for markdown)
  -o, --output FORMAT    text (default), json (one line per workload) or yaml: the verdict op's result;
                         markdown: a pull-request comment (a summary table, a <details> per workload)
${inputsUsage(25)}

Exit codes: 0 no change or in place, 1 a workload is recreated or rejected, or the policy denies,
2 bad usage or bad input (the message names file:line:column). A workload the engine cannot judge is
reported on stderr and the others are still checked; the exit code is then 2.
`;

const WORKLOADS = "workload (Pod, Deployment, ReplicaSet, StatefulSet, DaemonSet, CloneSet, Advanced StatefulSet or DaemonSet)";

const SPECS = {
  kubernetes: { type: "value", complete: KUBERNETES_MINORS },
  kubelet: { type: "value", complete: KUBERNETES_MINORS },
  kruise: { type: "value" },
  gate: { type: "list" },
  pods: { type: "value", complete: "file" },
  node: { type: "value", complete: "file" },
  strategy: { type: "value" },
  policy: { type: "value", complete: "file" },
  validate: { type: "value", choices: ["strict", "warn", "ignore", "true", "false"] },
  patches: { type: "value", choices: PATCH_MODES },
  output: { type: "value", short: "o", choices: [...OUTPUT_FORMATS, "markdown"] },
  ...INPUT_SPECS,
} as const;

/** Options passed to the verdict and policy ops. */
interface VerdictOptions {
  kubernetes?: string;
  kubelet?: string;
  kruise?: string;
  gates?: { [gate: string]: boolean };
  strategy?: string;
  fieldValidation?: string;
}

/** kubectl's --validate values as the API server's fieldValidation (true is strict, false ignore). */
const FIELD_VALIDATION: { readonly [mode: string]: string } = { strict: "Strict", true: "Strict", warn: "Warn", ignore: "Ignore", false: "Ignore" };

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

/** The node of --node and the pods bound to it (those of --pods whose spec.nodeName is its name). */
interface NodeContext {
  node: RawJson;
  pods: unknown[];
}

const encoder = new TextEncoder();

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
function judge(oldDoc: Stored, newDoc: SourceDoc, options: VerdictOptions, policy: RawJson | undefined, node?: NodeContext): { result: Result; text: string } {
  const raw: { [key: string]: RawJson } = { old: withoutManagedFields(oldDoc.json), new: withoutManagedFields(newDoc.json) };
  if (policy !== undefined) raw["policy"] = policy;
  const { kubernetes, kubelet, kruise, gates, ...rest } = options;
  const onNode = node !== undefined && workloadKind(newDoc.value) === "Pod";
  if (onNode) raw["node"] = node.node;
  const fields = { ...rest, ...kindOptions(workloadKind(newDoc.value), { kubernetes, kubelet, kruise, gates }) };
  return atDoc(newDoc, () => callResult(cliEngine(), "verdict", onNode ? { ...fields, pods: node.pods } : fields, raw), oldDoc);
}

/** The --node file and the pods of --pods bound to it; undefined without --node. */
async function readNode(path: string | undefined, pods: unknown[] | undefined, io: CliIO, limits: InputLimits): Promise<NodeContext | undefined> {
  if (path === undefined) return undefined;
  const doc = await readSingle(path, { stdin: io.stdin, syntaxError: (b) => goSyntaxError(cliEngine(), b), limits });
  if (doc.value["kind"] !== undefined && doc.value["kind"] !== "Node") throw new UsageError(`--node ${path}: a ${String(doc.value["kind"])}, not a Node`);
  const name = asObject(doc.value["metadata"])?.["name"];
  const bound = (pods ?? []).filter((p) => typeof name !== "string" || asObject(asObject(p)?.["spec"])?.["nodeName"] === name);
  return { node: doc.json, pods: bound };
}


/** The Pods of a `kubectl get pods -o json` dump (Lists and multi-document files), each with its namespace, or
 *  undefined without --pods. */
async function readPods(path: string | undefined, io: CliIO, inputs: InputOptions): Promise<{ pod: unknown; namespace: string }[] | undefined> {
  if (path === undefined) return undefined;
  const pods: { pod: unknown; namespace: string }[] = [];
  for await (const doc of documents(path, io, inputs.limits, inputs.recursive)) {
    if (doc.value["kind"] === "Pod") pods.push({ pod: doc.value, namespace: namespaceOf(doc, inputs) });
  }
  return pods;
}

/** What OpenKruise pre-pulls for the pair (its gate on, a Kruise kind updated in place), else undefined. */
function preDownloadOf(oldDoc: Stored, newDoc: SourceDoc, verdict: string, options: VerdictOptions, gates: { [gate: string]: boolean } | undefined, pods: { pod: unknown; namespace: string }[] | undefined, inputs: InputOptions): PreDownload | undefined {
  if (verdict !== "in-place") return undefined;
  const ns = namespaceOf(newDoc, inputs);
  const own = pods?.filter((p) => p.namespace === ns).map((p) => p.pod);
  const ask = (op: string, request: { [key: string]: unknown }) => call(cliEngine(), op, request);
  const old = JSON.parse(typeof oldDoc.json === "string" ? oldDoc.json : new TextDecoder().decode(oldDoc.json)) as { [key: string]: unknown };
  return atDoc(newDoc, () => preDownloadFor(ask, workloadKind(newDoc.value), old, newDoc.value, { kruise: options.kruise, gates, pods: own }), oldDoc);
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

/** The `check` command. */
export const checkCommand = defineCommand("check", "predict restarts: none, in place (which containers) or recreate", usage, async (args, io) => {
  const a = parseArgs(args, SPECS);
  if (a.positionals.length !== 2) {
    throw new UsageError(a.positionals.length < 2 ? "check needs OLD and NEW" : `unexpected argument ${JSON.stringify(a.positionals[2])}`);
  }
  const [oldPath, newPath] = a.positionals as [string, string];
  if ([oldPath, newPath, a.values.get("policy")].filter((p) => p === "-").length > 1) throw new UsageError("only one of OLD, NEW and --policy can be stdin");
  // the pre-download gates are read by kruise.preDownload only: the verdict does not take them
  const allGates = gatesOption(a.lists.get("gate"));
  const verdictGates = allGates === undefined ? undefined : Object.fromEntries(Object.entries(allGates).filter(([g]) => !isPreDownloadGate(g)));
  const options: VerdictOptions = {
    kubernetes: minorOption("kubernetes", a.values.get("kubernetes")),
    kubelet: minorOption("kubelet", a.values.get("kubelet")),
    kruise: a.values.get("kruise"),
    gates: verdictGates !== undefined && Object.keys(verdictGates).length > 0 ? verdictGates : undefined,
    strategy: a.values.get("strategy"),
    fieldValidation: FIELD_VALIDATION[a.values.get("validate") ?? "strict"],
  };
  const format = (a.values.get("output") ?? "text") as OutputFormat | "markdown";
  const markdown: MarkdownEntry[] = [];
  const inputs = inputOptions(a);
  const limits = inputs.limits;
  const style = styleFor(io.stdout);
  const width = terminalWidth(io.stdout);
  const patchMode = (a.values.get("patches") ?? (width === undefined ? "full" : "short")) as PatchMode;
  const engine = cliEngine();
  let policy: RawJson | undefined;
  const policyPath = a.values.get("policy");
  if (policyPath !== undefined) {
    policy = (await readSingle(policyPath, { stdin: io.stdin, syntaxError: (b) => goSyntaxError(engine, b), limits })).json;
  }
  const pods = await readPods(a.values.get("pods"), io, inputs);
  if ([oldPath, newPath, policyPath, a.values.get("node")].filter((p) => p === "-").length > 1) throw new UsageError("only one of OLD, NEW, --policy and --node can be stdin");
  const node = await readNode(a.values.get("node"), pods?.map((p) => p.pod), io, limits);

  let worst = 0;
  let errors = 0;
  let first = true;
  let pairs = 0;
  const counts = { none: 0, "in-place": 0, recreate: 0, rejected: 0, denied: 0 } as { [k: string]: number };
  const report = async (oldDoc: Stored, newDoc: SourceDoc): Promise<void> => {
    pairs++;
    let judged: { result: Result; text: string };
    try {
      judged = judge(oldDoc, newDoc, options, policy, node);
    } catch (e) {
      // one workload the engine cannot judge (or bad input in it) does not stop a whole dump: report it, go on, exit 2
      if (!(e instanceof InputError) || policy !== undefined && /E_POLICY/.test(e.message)) throw e;
      errors++;
      counts["cannot judge"] = (counts["cannot judge"] ?? 0) + 1;
      io.stderr.write(`${asInvoked("kinplace check")}: ${e.where()}\n`);
      return;
    }
    const { result, text } = judged;
    for (const w of fieldLines(newDoc, result)) io.stderr.write(`${w}\n`);
    const verdict = String(result["verdict"]);
    const denied = policyView(result["policy"])?.denied === true;
    counts[verdict] = (counts[verdict] ?? 0) + 1;
    if (denied) counts["denied"]!++;
    if (isDisruptive(verdict) || denied) worst = 1;
    const pre = preDownloadOf(oldDoc, newDoc, verdict, options, allGates, pods, inputs);
    if (format === "markdown") {
      const oldObject = JSON.parse(typeof oldDoc.json === "string" ? oldDoc.json : new TextDecoder().decode(oldDoc.json)) as unknown;
      const line = pre === undefined ? undefined : preDownloadLine(pre);
      markdown.push({ label: objectLabel(newDoc.value), sources: `${where(oldDoc)} → ${where(newDoc)}`, result, oldObject, newObject: newDoc.value, ...(line === undefined ? {} : { preDownload: line }) });
      return;
    }
    if (format === "text") {
      const line = pre === undefined ? undefined : preDownloadLine(pre);
      await write(io.stdout, renderVerdict(objectLabel(newDoc.value), `${where(oldDoc)} → ${where(newDoc)}`, result, style, patchMode, width ?? PLAIN_WIDTH) + (line === undefined ? "" : `  ${line}\n\n`));
      return;
    }
    const extra = { object: identity(newDoc.value), sources: { old: where(oldDoc), new: where(newDoc) }, ...(pre !== undefined ? { preDownload: pre } : {}) };
    if (format === "json") {
      const body = verdictFirst(text, result);
      await write(io.stdout, `${body.slice(0, -1)},"object":${JSON.stringify(extra.object)},"sources":${JSON.stringify(extra.sources)}${pre !== undefined ? `,"preDownload":${JSON.stringify(pre)}` : ""}}\n`);
    } else {
      const { verdict: v, ...rest } = result;
      await write(io.stdout, structured(format, { verdict: v, ...rest, ...extra }, first));
    }
    first = false;
  };

  const notes = await pairObjects(oldPath, newPath, io, { kindOf: workloadKind, what: WORKLOADS, inputs }, report);
  if (notes.length > 0) io.stderr.write(`${notes.join("\n")}\n`);
  if (format === "markdown") await write(io.stdout, renderMarkdown(markdown, errors, (a.values.get("patches") ?? "full") as PatchMode));
  if (format === "text" && pairs > 1) {
    const parts = Object.entries(counts).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`);
    await write(io.stdout, `${pairs} workloads: ${parts.join(", ")}\n`);
  }
  return errors > 0 ? EXIT_USAGE : worst;
}, SPECS);
