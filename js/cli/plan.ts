// `kinplace plan WORKLOAD [STATE...]`: the rollout of a workload (its new template in place) played round
// by round from the cluster's state (`kubectl get pods,rs,nodes -o json`), by the `rollout.simulate` op.

import { KUBERNETES_MINORS } from "../present/versions.js";
import { identity, isKruiseKind, objectLabel, workloadKind, type WorkloadKind } from "../present/kinds.js";
import { kindOptions } from "../present/options.js";
import { planStart, type PlanState, type RawAsk } from "../present/plan-start.js";
import { planRole } from "./plan-role.js";
import { podNames, timelineRows, timelineSummary } from "../present/timeline.js";
import { preDownloadFor, preDownloadLine, type PreDownload } from "../present/predownload.js";
import { gatesOption, minorOption, parseArgs, UsageError, type ParsedArgs } from "./args.js";
import type { CliIO } from "./command.js";
import { atDoc, cliEngine, documents } from "./common.js";
import { InputError, type SourceDoc } from "./documents.js";
import { INPUT_SPECS, inputOptions, inputsUsage, namespacedJson, namespaceOf, type InputOptions } from "./inputs.js";
import { Skipped } from "../present/pairs.js";
import { call, type Result } from "./request.js";
import { defineCommand, write } from "./run.js";
import { planPool } from "./pool/decide.js";
import { POOL_SPECS, poolOptions, poolUsage } from "./pool/options.js";
import { planOnPool, type PlanInputs } from "./pool/plan-pool.js";
import { OUTPUT_FORMATS, structured, type OutputFormat } from "./structured.js";
import { styleFor, terminalWidth, type Style } from "./style.js";
import { renderTable } from "./table.js";

const usage = `Usage: kinplace plan WORKLOAD [STATE...] [options]

Plays the rollout of WORKLOAD (a CloneSet, Advanced StatefulSet or DaemonSet, Deployment, StatefulSet
or DaemonSet with its new template in place) round by round, one controller sync per round, and prints
the timeline: which pods are updated in place, recreated, surged, created or deleted, and how many stay
available. STATE files (or more documents in WORKLOAD) give the cluster's state, e.g.
\`kubectl get pods,replicasets,nodes -n NS -o json\`: the workload's Pods (matched by owner or selector),
a Deployment's ReplicaSets, a DaemonSet's Nodes. YAML or JSON, multi-document, "-" for stdin, or
directories. Other kinds are skipped with a note on stderr.

Options:
  --old FILE               the workload before the change: the \`verdict\` op decides in place or not
  --in-place yes|no        whether pods can be updated in place (default yes; --old decides instead)
  --current-revision NAME  the revision pods are at (default: status.currentRevision, else the pods' label)
  --update-revision NAME   the revision they move to (default: computed from the workload, as its controller does)
  --ready-seconds N        a created pod becomes Ready N seconds after creation (default 10)
  --in-place-seconds N     an in-place update keeps a pod not Ready N seconds (default 5)
  --fail-updated LIST      the n-th updated pods (1-based, comma-separated) never become Ready
  --max-rounds N           stop after N rounds (default 10000)
  --now TIME               RFC 3339 time availability is judged at (default: pods are long available)
  --kubernetes MINOR       Kubernetes minor for computed hashes and revisions (default: the newest)
  --kruise VERSION         OpenKruise version whose controller plans, names revisions and decides in place
                           (and pre-pulls images) for an OpenKruise kind (default: the newest supported)
  --gate NAME=BOOL         with --old, PreDownloadImageForInPlaceUpdate=true (CloneSet, Advanced StatefulSet)
                           or PreDownloadImageForDaemonSetUpdate=true (Advanced DaemonSet) adds which images
                           OpenKruise pre-pulls on which nodes before the in-place update (repeatable)
  -o, --output FORMAT      text (default), json or yaml: the rollout.simulate result
${inputsUsage(27)}
${poolUsage(27)}

Exit codes: 0 the rollout completes, 1 it stalls (or hits --max-rounds), 2 bad usage or bad input.
`;

const SPECS = {
  old: { type: "value", complete: "file" },
  "in-place": { type: "value", choices: ["yes", "no", "true", "false"] },
  "current-revision": { type: "value" },
  "update-revision": { type: "value" },
  "ready-seconds": { type: "value" },
  "in-place-seconds": { type: "value" },
  "fail-updated": { type: "value" },
  "max-rounds": { type: "value" },
  now: { type: "value" },
  kubernetes: { type: "value", complete: KUBERNETES_MINORS },
  kruise: { type: "value" },
  gate: { type: "list" },
  output: { type: "value", short: "o", choices: OUTPUT_FORMATS },
  ...INPUT_SPECS,
  ...POOL_SPECS,
} as const;

type Obj = { [key: string]: unknown };

/** A non-negative integer option. */
function intOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,9}$/.test(value)) throw new UsageError(`option --${name}: ${JSON.stringify(value)} is not a non-negative integer`);
  return Number(value);
}

/** The simulate kind of a workload kind, or a usage error for the kinds that do not roll out. */
function simulateKind(kind: WorkloadKind | undefined, doc: SourceDoc): string {
  if (kind === undefined || kind === "Pod" || kind === "ReplicaSet") {
    throw new InputError(doc.file, doc.line, doc.column, `${objectLabel(doc.value)} does not roll out; plan takes a CloneSet, Advanced StatefulSet or DaemonSet, Deployment, StatefulSet or DaemonSet`);
  }
  return kind;
}

/** The text rendering of a simulated rollout: long lists of pods summarised (podNames), and on a terminal (`width`) the
 *  name cells wrapped to fit it. */
function renderTimeline(label: string, t: Result, style: Style, width: number | undefined): string {
  const sum = timelineSummary(t);
  const lines = [
    `${style.bold(label)}: ${style.tone(sum.tone, sum.outcome)} after ${sum.seconds} s in ${sum.rounds} round(s)${sum.error !== undefined ? ` (${sum.error})` : ""}`,
    style.dim(`  model: pods Ready ${sum.readySeconds} s after creation, in-place updates take ${sum.inPlaceSeconds} s`),
  ];
  const rounds = timelineRows(t);
  if (rounds.length > 0) {
    const head = ["round", "time", "in place", "recreated", "surged", "created", "deleted", "other", "available", "floor", "updated"];
    const rows = rounds.map((r) => [
      String(r.round), `${r.time} s`, podNames(r.inPlace), podNames(r.recreated), podNames(r.surged), podNames(r.created),
      podNames(r.deleted), podNames(r.other), `${r.available} → ${r.availableAfter}`, String(r.floor), `${r.updated}/${r.total}`,
    ]);
    // name columns only when some round has names in them
    const keep = head.map((_, i) => i < 2 || i >= 8 || rows.some((r) => r[i] !== ""));
    const kept = <T,>(cells: readonly T[]): T[] => cells.filter((_, i) => keep[i]);
    const names = kept(head.map((_, i) => i)).flatMap((i, k) => (i >= 2 && i < 8 ? [k] : []));
    lines.push(...renderTable(kept(head), rows.map(kept), { width, wrap: names, bold: style.bold }));
  }
  lines.push(`  final: ${sum.final.updated} of ${sum.final.total} pods updated, ${sum.final.available} available`);
  return `${lines.join("\n")}\n`;
}

/** The `plan` command. */
export const planCommand = defineCommand("plan", "the rollout timeline of a workload over its current pods", usage, async (args, io) => {
  const a = parseArgs(args, SPECS);
  if (a.positionals.length === 0) throw new UsageError("plan needs a WORKLOAD file");
  if (a.positionals.filter((p) => p === "-").length > 1) throw new UsageError("only one input can be stdin");
  const kubernetes = minorOption("kubernetes", a.values.get("kubernetes"));
  const kruise = a.values.get("kruise");
  const format = (a.values.get("output") ?? "text") as OutputFormat;
  const inputs = inputOptions(a);
  const pool = poolOptions(a);
  const plan = await planPool(a.positionals, inputs.recursive, pool, io.stdin);
  const input = { ...io, stdin: plan.stdin };
  const source = plan.workers > 0 ? await planOnPool(a.positionals, inputs, input, plan) : await readHere(a.positionals, inputs, input);
  try {
    return await planFrom(source, a, input, { kubernetes, kruise, format, inputs });
  } finally {
    await source.close();
  }
}, SPECS);

/** Reads `paths` on this thread. */
async function readHere(paths: readonly string[], inputs: InputOptions, io: CliIO): Promise<PlanInputs> {
  const skipped = new Skipped("input");
  let workload: SourceDoc | undefined;
  const state: PlanState = { pods: [], replicaSets: [], nodes: [] };
  for (const path of paths) {
    for await (const doc of documents(path, io, inputs.limits, inputs.recursive)) {
      const role = planRole(doc.value);
      if (role === "skip") skipped.add(doc);
      else if (role === "workload") workload ??= doc;
      else state[role].push(doc.value);
    }
  }
  return { workload, skipped, state: () => Promise.resolve(state), close: () => Promise.resolve() };
}

/** The options the command read before its inputs. */
interface PlanOptions {
  kubernetes: string | undefined;
  kruise: string | undefined;
  format: OutputFormat;
  inputs: InputOptions;
}

/** Plans the workload `source` read (the rest of the command). */
async function planFrom(source: PlanInputs, a: ParsedArgs, io: CliIO, read: PlanOptions): Promise<number> {
  const { workload, skipped } = source;
  const { kubernetes, kruise, format, inputs } = read;
  const { limits, recursive } = inputs;
  if (workload === undefined) throw new InputError(a.positionals[0] === "-" ? "<stdin>" : a.positionals[0]!, 0, 0, "no workload to plan found");
  const w = workload.value;
  const kind = simulateKind(workloadKind(w), workload);
  // the workload as kubectl sends it (in -n's namespace when it names none), with the objects of that namespace
  const namespace = namespaceOf(workload, inputs);
  const { pods, replicaSets, nodes } = await source.state(namespace);
  const ask: RawAsk = (op, r, raw) => call(cliEngine(), op, r, raw);
  const options = { kubernetes, kruise, namespace, currentRevision: a.values.get("current-revision"), updateRevision: a.values.get("update-revision") };
  const start = atDoc(workload, () => planStart(ask, kind, { value: w, json: namespacedJson(workload!, namespace) }, { pods, replicaSets, nodes }, options));
  const { request, raw, own } = start;
  const oldPath = a.values.get("old");
  const inPlaceOpt = a.values.get("in-place");
  if (oldPath !== undefined && inPlaceOpt !== undefined) throw new UsageError("--old and --in-place exclude each other");
  if (inPlaceOpt !== undefined) request["inPlace"] = inPlaceOpt === "yes" || inPlaceOpt === "true";
  const gates = gatesOption(a.lists.get("gate"));
  let pre: PreDownload | undefined;
  if (oldPath !== undefined) {
    let old: SourceDoc | undefined;
    for await (const doc of documents(oldPath, io, limits, recursive)) if (old === undefined && workloadKind(doc.value) !== undefined) old = doc;
    if (old === undefined) throw new InputError(oldPath === "-" ? "<stdin>" : oldPath, 0, 0, "no workload found");
    const v = atDoc(workload, () => call(cliEngine(), "verdict", { ...kindOptions(workloadKind(w), { kubernetes, kruise, gates }) }, { old: namespacedJson(old, namespaceOf(old, inputs)), new: raw["workload"]! }), old);
    request["inPlace"] = v["verdict"] === "in-place" || v["verdict"] === "none";
    if (v["verdict"] === "in-place") {
      const ask = (op: string, r: Obj) => call(cliEngine(), op, r);
      pre = atDoc(workload, () => preDownloadFor(ask, workloadKind(w), old.value, w, { kruise, gates, pods: own }));
    }
  }
  const model: Obj = {};
  const ready = intOption("ready-seconds", a.values.get("ready-seconds"));
  const inPlaceSeconds = intOption("in-place-seconds", a.values.get("in-place-seconds"));
  const maxRounds = intOption("max-rounds", a.values.get("max-rounds"));
  if (ready !== undefined) model["readySeconds"] = ready;
  if (inPlaceSeconds !== undefined) model["inPlaceSeconds"] = inPlaceSeconds;
  if (maxRounds !== undefined) model["maxRounds"] = maxRounds;
  const fail = a.values.get("fail-updated");
  if (fail !== undefined) model["failUpdated"] = fail.split(",").map((x) => intOption("fail-updated", x.trim())!);
  if (Object.keys(model).length > 0) request["model"] = model;
  const now = a.values.get("now");
  if (now !== undefined) request["now"] = now;

  // an OpenKruise kind is planned by its release's controller
  if (kruise !== undefined && isKruiseKind(workloadKind(w))) request["kruise"] = kruise;
  const result = atDoc(workload, () => call(cliEngine(), "rollout.simulate", request, raw));
  const label = `${objectLabel(w)} (${own.length} pods${kind === "Deployment" ? `, ${start.replicaSets.length} ReplicaSets` : ""})`;
  const line = pre === undefined ? undefined : preDownloadLine(pre);
  const out = format === "text"
    ? renderTimeline(label, result, styleFor(io.stdout), terminalWidth(io.stdout)) + (line === undefined ? "" : `  ${line}\n`)
    : structured(format, { ...result, object: identity(w), ...(pre !== undefined ? { preDownload: pre } : {}) }, true);
  const notes = skipped.list().map((n) => n.text);
  if (notes.length > 0) io.stderr.write(`${notes.join("\n")}\n`);
  await write(io.stdout, out);
  return result["outcome"] === "complete" ? 0 : 1;
}
