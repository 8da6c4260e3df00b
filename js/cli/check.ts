// `kinplace check OLD NEW`: the verdict for every workload in OLD and NEW (paired by kind, namespace and
// name; a single workload on each side is paired whatever its name), optionally checked against a policy.

import { KUBERNETES_MINORS } from "../present/versions.js";
import { workloadKind } from "../present/kinds.js";
import { isPreDownloadGate } from "../present/predownload.js";
import { isDisruptive } from "../present/verdict.js";
import { gatesOption, minorOption, parseArgs, UsageError } from "./args.js";
import { judgePair, type CheckJob, type NodeContext, type PairOutcome, type VerdictOptions } from "./check-pair.js";
import { cliEngine, documents } from "./common.js";
import { readSingle, type SourceDoc } from "./documents.js";
import { EXIT_USAGE, type CliIO } from "./command.js";
import { INPUT_SPECS, inputOptions, inputsUsage, namespaceOf, type InputOptions } from "./inputs.js";
import type { InputLimits } from "./limits.js";
import { renderMarkdownParts, type MarkdownPart } from "./markdown.js";
import { pairObjects, type Stored } from "./pairs.js";
import { goSyntaxError, type RawJson } from "./request.js";
import { PATCH_MODES, type PatchMode } from "./render-verdict.js";
import { defineCommand, write } from "./run.js";
import { checkOnPool } from "./pool/check-pool.js";
import { planPool } from "./pool/decide.js";
import { POOL_SPECS, poolOptions, poolUsage } from "./pool/options.js";
import { followingText, OUTPUT_FORMATS, type OutputFormat } from "./structured.js";
import { styleFor, terminalWidth } from "./style.js";
import { asObject } from "../present/kinds.js";

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
${poolUsage(25)}

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
  ...POOL_SPECS,
} as const;

/** kubectl's --validate values as the API server's fieldValidation (true is strict, false ignore). */
const FIELD_VALIDATION: { readonly [mode: string]: string } = { strict: "Strict", true: "Strict", warn: "Warn", ignore: "Ignore", false: "Ignore" };

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
  const inputs = inputOptions(a);
  const pool = poolOptions(a);
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

  const job: CheckJob = {
    options, allGates, policy, node, pods, format, patchMode, markdownPatches: (a.values.get("patches") ?? "full") as PatchMode, width, color: style.color, inputs,
  };
  let worst = 0;
  let errors = 0;
  let first = true;
  let pairs = 0;
  const markdownParts: MarkdownPart[] = [];
  const counts = { none: 0, "in-place": 0, recreate: 0, rejected: 0, denied: 0 } as { [k: string]: number };
  const apply = async (o: PairOutcome): Promise<void> => {
    pairs++;
    if (o.t === "cannot") {
      errors++;
      counts["cannot judge"] = (counts["cannot judge"] ?? 0) + 1;
      io.stderr.write(`${o.line}\n`);
      return;
    }
    for (const w of o.stderr) io.stderr.write(`${w}\n`);
    counts[o.verdict] = (counts[o.verdict] ?? 0) + 1;
    if (o.denied) counts["denied"]!++;
    if (isDisruptive(o.verdict) || o.denied) worst = 1;
    if (o.markdown !== undefined) markdownParts.push(o.markdown);
    if (o.text === undefined) return;
    await write(io.stdout, followingText(format, o.text, first));
    if (format !== "text") first = false;
  };
  const report = (oldDoc: Stored, newDoc: SourceDoc): Promise<void> => apply(judgePair(engine, job, oldDoc, newDoc));

  const plan = await planPool([oldPath, newPath], inputs.recursive, pool, io.stdin);
  const input = { ...io, stdin: plan.stdin };
  const notes = plan.workers > 0
    ? await checkOnPool(oldPath, newPath, WORKLOADS, job, input, plan, apply)
    : await pairObjects(oldPath, newPath, input, { kindOf: workloadKind, what: WORKLOADS, inputs }, report);
  if (notes.length > 0) io.stderr.write(`${notes.join("\n")}\n`);
  if (format === "markdown") await write(io.stdout, renderMarkdownParts(markdownParts, errors));
  if (format === "text" && pairs > 1) {
    const parts = Object.entries(counts).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`);
    await write(io.stdout, `${pairs} workloads: ${parts.join(", ")}\n`);
  }
  return errors > 0 ? EXIT_USAGE : worst;
}, SPECS);
