// `kinplace hash FILE`: per workload, the kubelet container hashes per kubelet minor, the Deployment's
// pod-template-hash and the StatefulSet / DaemonSet ControllerRevision name; `--upgrade FROM TO` lists
// the containers a kubelet upgrade from FROM to TO would restart (their hash changes).

import { compareMinor, KUBERNETES_MINORS } from "../present/versions.js";
import { minorOption, parseArgs, UsageError } from "./args.js";
import { cliEngine, documents } from "./common.js";
import { HashDocs, type HashJob, type HashOutcome } from "./hash-doc.js";
import { INPUT_SPECS, inputOptions, inputsUsage } from "./inputs.js";
import { Skipped } from "../present/pairs.js";
import { defineCommand, write } from "./run.js";
import { planPool } from "./pool/decide.js";
import { hashOnPool } from "./pool/hash-pool.js";
import { POOL_SPECS, poolOptions, poolUsage } from "./pool/options.js";
import { followingText, OUTPUT_FORMATS, type OutputFormat } from "./structured.js";
import { styleFor } from "./style.js";

const usage = `Usage: kinplace hash FILE [options]

For every workload in FILE (YAML or JSON, multi-document, Lists expanded, "-" for stdin; a whole
\`kubectl get -A -o json\` dump works): the kubelet's container hash of each container per kubelet
minor (the value of the io.kubernetes.container.hash annotation), the pod-template-hash of a
Deployment and the ControllerRevision name of a StatefulSet, DaemonSet, CloneSet, Advanced StatefulSet
or Advanced DaemonSet. Other kinds are skipped with a note on stderr. FILE may be a directory.

Options:
  --kubelet LIST         kubelet minors to hash for, comma-separated (default: all, 1.12 and 1.15–1.37)
  --kubernetes MINOR     Kubernetes minor of the controllers (pod-template-hash, revision; default newest)
  --upgrade FROM TO      list only the containers a kubelet upgrade from FROM to TO restarts
                         (their hash differs); exit code 1 when there is any
  --as-written           hash the objects as written; by default they are first defaulted as the API
                         server stores them (what the kubelet and the controllers hash; pods of every
                         kind are defaulted), except at 1.12 (no defaulters there) and the OpenKruise
                         objects' own revisions, which are taken as written
  -o, --output FORMAT    text (default), json (one JSON line per object) or yaml
${inputsUsage(25)}
${poolUsage(25)}

Exit codes: 0 done (with --upgrade: nothing restarts), 1 with --upgrade: some container restarts,
2 bad usage or bad input.
`;

const SPECS = {
  kubelet: { type: "value" },
  kubernetes: { type: "value", complete: KUBERNETES_MINORS },
  upgrade: { type: "value" },
  "as-written": { type: "flag" },
  output: { type: "value", short: "o", choices: OUTPUT_FORMATS },
  ...INPUT_SPECS,
  ...POOL_SPECS,
} as const;

/** The kubelet minors of --kubelet ("all" or a comma list). */
function kubeletMinors(value: string | undefined): string[] {
  if (value === undefined || value === "all") return [...KUBERNETES_MINORS];
  const minors = value.split(",").map((v) => minorOption("kubelet", v.trim())!);
  return [...new Set(minors)].sort(compareMinor);
}

/** The `hash` command. */
export const hashCommand = defineCommand("hash", "container hashes per kubelet minor, pod-template-hash, revision names", usage, async (args, io) => {
  const a = parseArgs(args, SPECS);
  if (a.positionals.length !== 1 && !(a.values.has("upgrade") && a.positionals.length === 2)) {
    throw new UsageError(a.positionals.length === 0 ? "missing FILE" : `unexpected argument ${JSON.stringify(a.positionals[1])}`);
  }
  let upgrade: [string, string] | undefined;
  let file = a.positionals[0]!;
  if (a.values.has("upgrade")) {
    // `--upgrade FROM TO` takes two values: TO is the positional that reads as a version, FILE the other
    const from = minorOption("upgrade", a.values.get("upgrade"))!;
    if (a.positionals.length !== 2) throw new UsageError("--upgrade takes two versions: kinplace hash FILE --upgrade FROM TO");
    const looksLikeVersion = (s: string): boolean => /^v?1\.[0-9]+(\.[0-9]+)?$/.test(s);
    const toIndex = looksLikeVersion(a.positionals[1]!) ? 1 : 0;
    const to = minorOption("upgrade", a.positionals[toIndex])!;
    file = a.positionals[1 - toIndex]!;
    upgrade = [from, to];
  }
  const format = (a.values.get("output") ?? "text") as OutputFormat;
  const minors = upgrade ?? kubeletMinors(a.values.get("kubelet"));
  const kubernetes = minorOption("kubernetes", a.values.get("kubernetes"));
  const inputs = inputOptions(a);
  const pool = poolOptions(a);
  const job: HashJob = { format, minors, kubernetes, stored: !a.flags.has("as-written"), upgrade, color: styleFor(io.stdout).color, inputs };
  const skipped = new Skipped("input");
  const style = styleFor(io.stdout);
  let first = true;
  let objects = 0;
  let restarts = 0;
  const apply = async (o: HashOutcome): Promise<void> => {
    if (o.t === "skip") {
      skipped.addNote(o.label, o.at);
      return;
    }
    objects++;
    restarts += o.restarts;
    if (o.text === undefined) return;
    await write(io.stdout, followingText(format, o.text, first));
    first = false;
  };
  const plan = await planPool([file], inputs.recursive, pool, io.stdin);
  const input = { ...io, stdin: plan.stdin };
  if (plan.workers > 0) await hashOnPool(file, job, input, plan, apply);
  else {
    const docs = new HashDocs(cliEngine(), job);
    for await (const doc of documents(file, input, inputs.limits, inputs.recursive)) await apply(docs.process(doc));
  }
  const notes = skipped.list().map((n) => n.text);
  if (notes.length > 0) io.stderr.write(`${notes.join("\n")}\n`);
  if (upgrade !== undefined) {
    if (format === "text") {
      const summary = restarts === 0
        ? `kubelet ${upgrade[0]} → ${upgrade[1]}: no container restarts (${objects} workloads)\n`
        : `kubelet ${upgrade[0]} → ${upgrade[1]}: ${restarts} container(s) restart (${objects} workloads)\n`;
      await write(io.stdout, style.tone(restarts === 0 ? "good" : "bad", summary));
    }
    return restarts === 0 ? 0 : 1;
  }
  if (objects === 0 && format === "text") io.stderr.write(`kinplace hash: no workloads in ${file === "-" ? "<stdin>" : file}\n`);
  return 0;
}, SPECS);
